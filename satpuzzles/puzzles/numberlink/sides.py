"""Sides of a path that runs from border to border: implied clauses that make topological facts unit propagation.

A label L whose two endpoints lie on the board's border cuts the board in two. Clauses added here state it:
a *side* variable per lattice point (cell corner), sides differing exactly across L's links, and for every
other label M, that M's two endpoints lie on one side. They are implied by the rules, so a flip they refute
(with the encoding's own clauses) is refuted. (Tying every cell of M to one side as well, a clause pair per
label and cell, refuted 590 flips of a 36x36 board against 589, for 7x the time: 10.3 s against 1.5 s.)

Theorem. In any solution, let P be L's path and J the closed curve made of P (through the cells' centres)
and an arc outside the board from one endpoint to the other, leaving each endpoint's cell through one of its
border edges. No lattice point lies on J. Give each lattice point the parity of J's crossings on the way from
it to the lattice point (0, 0); by the Jordan curve theorem that parity does not depend on the way. A unit
segment between two lattice points is crossed by J exactly when it is crossed by a link of P (the segment
between two neighbours' centres crosses the one between them at its middle) or it is one of the two border
edges the arc leaves by; so the sides of two neighbouring lattice points differ exactly there (the XOR
clauses below), and the lattice points of the border ring have fixed sides. A cell off P has its four
corners on one side (a segment around it is crossed only by a link of P at that cell). Two linked cells of
another path M share two corners, so every cell of M, and both its endpoints, have one side (the clauses
tying the endpoints' top left corners; the cells between follow from the crossing clauses once known).
Every solution therefore extends to a model of these clauses: in the encoding's models of a solution, a
link is "of colour L" exactly when it is on P.

``inputs2.txt`` #2 under open: cell (6, 6) lies between the ends of two paths that lie on either side of the
path from (12, 0) to (14, 0); so it is used, which unit propagation now sees at once, while the complete
encoding had not refuted it after 300 s.
"""

from __future__ import annotations

from collections.abc import Hashable

from satpuzzles.cnf.formula import Clause
from satpuzzles.core.outcome import Settings
from satpuzzles.geometry import Cell
from satpuzzles.puzzles.numberlink.encoding import NumberlinkEncoding
from satpuzzles.puzzles.numberlink.model import NumberlinkInstance, rules_in_force
from satpuzzles.solve.backends import make_backend
from satpuzzles.solve.grading import GRADING_SOLVER

Vertex = tuple[int, int]


def crossing_labels(instance: NumberlinkInstance) -> list[str]:
    """The labels whose two endpoints lie on the board's border."""
    return [label for label, (a, b) in instance.endpoints.items()
            if _on_border(instance, a) and _on_border(instance, b)]


def add_sides(encoding: NumberlinkEncoding, instance: NumberlinkInstance, label: str,
              clauses: list[Clause] | None = None) -> None:
    """Add to ``clauses`` (default: ``encoding``'s formula) the side clauses of ``label``, whose endpoints lie on the
    border (see module); their variables come from the formula's pool."""
    paths, formula = encoding.paths, encoding.formula
    pool = formula.pool
    clauses = formula.clauses if clauses is None else clauses
    rows, cols = instance.grid.rows, instance.grid.cols
    side = {(i, j): pool.fresh() for i in range(rows + 1) for j in range(cols + 1)}
    exits = {frozenset(_border_edge(instance, end)) for end in instance.endpoints[label]}
    ring = ([(0, j) for j in range(cols)] + [(i, cols) for i in range(rows)]
            + [(rows, j) for j in range(cols, 0, -1)] + [(i, 0) for i in range(rows, 0, -1)])
    value = False
    for k, point in enumerate(ring):
        clauses.append([side[point] if value else -side[point]])
        value ^= frozenset((point, ring[(k + 1) % len(ring)])) in exits

    def crossed(p: Vertex, q: Vertex, u: Cell, v: Cell) -> None:
        """Sides of p and q differ exactly when the link u-v (crossing the segment p-q) is on L's path."""
        link, bits = paths.link_var[(u, v)], paths.is_colour(u, label)
        on = pool.fresh()  # the link is used and of colour L (a used link joins equal colours)
        clauses.append([-on, link])
        clauses.extend([-on, bit] for bit in bits)
        clauses.append([on, -link, *(-bit for bit in bits)])
        sp, sq = side[p], side[q]
        clauses.extend([[-sp, -sq, -on], [sp, sq, -on], [-sp, sq, on], [sp, -sq, on]])

    for i in range(1, rows):
        for j in range(cols):
            crossed((i, j), (i, j + 1), (i - 1, j), (i, j))
    for i in range(rows):
        for j in range(1, cols):
            crossed((i, j), (i + 1, j), (i, j - 1), (i, j))
    for other, (a, b) in instance.endpoints.items():
        if other != label:  # the corners of the two endpoints of another path lie on one side
            clauses.extend([[-side[a], side[b]], [side[a], -side[b]]])


def implied_sides(instance: NumberlinkInstance, settings: Settings, encoding: NumberlinkEncoding) -> list[Clause]:
    """``Rules.implied`` for --analyze: under the open rule with self-touch allowed, the side clauses of every label
    running from border to border. Measured (CPU seconds, ten janko puzzles with such a label, two runs each, the
    same analyses and grades): under open 34.9 -> 31.2 s in all (#47 0.71 -> 0.38, #30 2.5 -> 1.8, #16 18.5 ->
    17.0, none slower by more than 6 %); under open with no self-touch 10.4 -> 10.9 s, so not there."""
    rules = rules_in_force(instance, settings.extras)
    if rules.fill or not rules.self_touch:
        return []
    clauses: list[Clause] = []
    for label in crossing_labels(instance):
        add_sides(encoding, instance, label, clauses)
    return clauses


def refuted_by_sides(instance: NumberlinkInstance, encoding: NumberlinkEncoding,
                     flips: dict[Hashable, int]) -> set[Hashable]:
    """The keys whose flip (``flips``: key -> literal of ``encoding``) unit propagation refutes once the side
    clauses of every label running from border to border are added: forced (empty when there is none)."""
    labels = crossing_labels(instance)
    if not labels or not flips:
        return set()
    for label in labels:
        add_sides(encoding, instance, label)
    with make_backend(GRADING_SOLVER) as prober:
        prober.add_clauses(encoding.formula.clauses)
        return {key for key, lit in flips.items() if not prober.propagate([lit])[0]}


def _on_border(instance: NumberlinkInstance, cell: Cell) -> bool:
    r, c = cell
    return r in (0, instance.grid.rows - 1) or c in (0, instance.grid.cols - 1)


def _border_edge(instance: NumberlinkInstance, cell: Cell) -> tuple[Vertex, Vertex]:
    """A border edge of a cell on the border, as its two lattice points."""
    rows, cols = instance.grid.rows, instance.grid.cols
    r, c = cell
    if r == 0:
        return (0, c), (0, c + 1)
    if r == rows - 1:
        return (rows, c), (rows, c + 1)
    if c == 0:
        return (r, 0), (r + 1, 0)
    return (r, cols), (r + 1, cols)
