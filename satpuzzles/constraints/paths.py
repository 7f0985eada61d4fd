"""Vertex-disjoint paths between labelled terminal pairs on a grid, with detached cycles cut lazily.

A variable per link between orthogonally adjacent cells and a binary (log-encoded)
colour per cell: terminals have degree 1 and their label's colour, every other cell
degree 2 (under ``fill``) or 0 or 2 (open: cells may stay empty), and a used link
joins cells of equal colour, so each component of the used links is a path between
two terminals of one label, or a cycle without terminals. Such detached cycles are
the lazily enforced part: a model's cycles are found when it is decoded, and each is
cut by "some link leaves its cells" (under open: "or its cells are empty"), sound
because no path of a solution can stay inside cells that hold no terminal.

``self_touch=False`` adds the no-self-touch rule: two used neighbours that are not
linked have different colours, so no path runs beside itself.
"""

from __future__ import annotations

from collections import defaultdict
from itertools import chain, combinations, compress
from operator import mul

from satpuzzles.cnf.cardinality import atmost
from satpuzzles.constraints.path_layout import layout_of
from satpuzzles.core.records import Record

TYPE_CHECKING = False
if TYPE_CHECKING:
    import numpy as np

    from satpuzzles.cnf.formula import Clause, Formula
    from satpuzzles.cnf.model import Model
    from satpuzzles.geometry import Cell, Grid, Link


class DecodedPaths(Record, frozen=True):
    """Each label's route from its first terminal, and the cycles attached to no terminal."""

    routes: dict[str, tuple[Cell, ...]]
    loops: tuple[tuple[Cell, ...], ...]


class GridPaths:
    """Paths joining each label's two terminals on ``grid``: filling it, or leaving cells empty (``fill=False``)."""

    def __init__(self, formula: Formula, grid: Grid, terminals: dict[Cell, str], labels: tuple[str, ...],
                 fill: bool = True, self_touch: bool = True, optional: dict[str, int] | None = None) -> None:
        """``optional`` (open only): labels whose terminals are joined only while their literal holds (else each
        terminal has a link or none, so a label is joined or left alone, its terminals in place)."""
        if optional and fill:
            raise ValueError("optional labels are for the open rule, whose cells may stay empty")
        self.formula, self.grid, self.terminals, self.labels = formula, grid, terminals, labels
        self.fill, self.self_touch, self.optional = fill, self_touch, optional or {}
        self.ends: dict[str, tuple[Cell, Cell]] = _pairs(terminals, labels)
        if not labels and fill:
            formula.add([])  # no path can cover a cell
        self._links()
        self._degrees()
        self._colours()
        if not self_touch:
            self._no_self_touch()

    def _links(self) -> None:
        """One variable per link: ``right(r, c)`` joins (r, c)-(r, c+1), ``down(r, c)`` (r, c)-(r+1, c)."""
        pool, grid = self.formula.pool, self.grid
        rows, cols = grid.rows, grid.cols
        self.right: list[list[int]] = pool.block_lists("right", (rows, max(cols - 1, 0)))
        self.down: list[list[int]] = pool.block_lists("down", (max(rows - 1, 0), cols))
        self.layout = layout_of(rows, cols, self.right[0][0] if rows and cols > 1 else 0,
                              self.down[0][0] if cols and rows > 1 else 0)
        self.link_pairs, self.link_vars = self.layout.pairs, self.layout.variables
        self.link_var: dict[Link, int] = self.layout.link_var
        self.incident: dict[Cell, list[int]] = self.layout.incident

    def _degrees(self) -> None:
        """Terminals use exactly one of their links; every other cell two (or, under open, none or two)."""
        incident, clauses, terminals = self.incident, self.formula.clauses, self.terminals
        self.used: dict[Cell, int] = {}
        if not self.fill:
            used = self.formula.pool.block_lists("used", (self.grid.rows, self.grid.cols))
        exactly_one, exactly_two = self.layout.degrees()
        cols = self.grid.cols
        if self.fill:  # the runs of cells between terminals in one call each
            start = 0
            for index in sorted(r * cols + c for r, c in terminals):
                clauses.extend(chain.from_iterable(exactly_two[start:index]))
                clauses.extend(exactly_one[index])
                start = index + 1
            clauses.extend(chain.from_iterable(exactly_two[start:]))
            return
        for index, cell in enumerate(self.grid.cells()):
            links = incident[cell]
            if cell in terminals:
                guard = self.optional.get(terminals[cell])
                if guard is None:
                    clauses.extend(exactly_one[index])
                else:  # at most one link, and one while the guard holds
                    clauses.append([-guard, *links])
                    clauses.extend([-a, -b] for a, b in combinations(links, 2))
                continue
            atmost(self.formula, links, 2)
            here = used[cell[0]][cell[1]]
            self.used[cell] = here
            clauses.append([-here, *links])
            for link in links:
                clauses.append([-link, here])
                clauses.append([-link, *(other for other in links if other != link)])

    def used_lits(self, cell: Cell) -> list[int]:
        """Literals whose conjunction says ``cell`` is on a path ([] when it always is)."""
        here = self.used.get(cell)
        return [] if here is None else [here]

    def _colours(self) -> None:
        """Log-encoded colours (3x faster than one-hot on the janko set): a used link joins equal colours."""
        width = max(1, (len(self.labels) - 1).bit_length())
        self.colour: list[list[list[int]]] = self.formula.pool.block_lists(
            "colour", (self.grid.rows, self.grid.cols, width))
        self.code = {label: index for index, label in enumerate(self.labels)}
        self.signs = {label: [1 if index >> bit & 1 else -1 for bit in range(width)]
                      for label, index in self.code.items()}
        """Per label, the sign of each colour bit's literal in :meth:`is_colour`."""
        clauses, terminals = self.formula.clauses, self.terminals
        append, extend = clauses.append, clauses.extend
        for cell, label in terminals.items():
            clauses.extend([lit] for lit in self.is_colour(cell, label))
        equal = self.layout.equal_colours(self.colour[0][0][0], width)
        cell_links, cols = self.layout.cell_links, self.grid.cols
        start = 0  # the runs of links between those with a terminal end in one call each
        for index in sorted({index for r, c in terminals for index in cell_links[r * cols + c]}):
            extend(chain.from_iterable(equal[start:index]))
            start = index + 1
            (u, v), link = self.link_pairs[index], self.link_vars[index]
            label_u, label_v = terminals.get(u), terminals.get(v)
            if label_u is not None and label_v is not None:
                if label_u != label_v:
                    append([-link])
            else:
                label, free = labelled_end(u, v, label_u, label_v)
                extend([-link, lit] for lit in self.is_colour(free, label))
        extend(chain.from_iterable(equal[start:]))

    def _no_self_touch(self) -> None:
        """Used neighbours that are not linked differ in colour (adjacent terminals of one label are linked)."""
        clauses = self.formula.clauses
        for (u, v), link in self.link_var.items():
            label_u, label_v = self.terminals.get(u), self.terminals.get(v)
            if label_u is not None and label_v is not None:
                if label_u == label_v:
                    clauses.append([link])
            elif label_u is not None or label_v is not None:
                label, free = labelled_end(u, v, label_u, label_v)
                clauses.append([link, *(-lit for lit in self.used_lits(free)),
                                *(-lit for lit in self.is_colour(free, label))])
            else:
                differ = self.colours_differ(u, v)
                unused = [-lit for lit in self.used_lits(u) + self.used_lits(v)]
                clauses.append([link, *unused, *differ])

    def colours_differ(self, u: Cell, v: Cell) -> list[int]:
        """One fresh literal per colour bit, each true only if ``u`` and ``v`` differ in that bit: a clause
        holding them all can be satisfied only when the two cells' colours differ."""
        clauses, pool = self.formula.clauses, self.formula.pool
        differ: list[int] = []
        for bu, bv in zip(self.colour[u[0]][u[1]], self.colour[v[0]][v[1]]):
            bit = pool.fresh()
            differ.append(bit)
            clauses.append([-bit, bu, bv])
            clauses.append([-bit, -bu, -bv])
        return differ

    def is_colour(self, cell: Cell, label: str) -> list[int]:
        """The literals that give ``cell`` the colour of ``label`` (all true exactly when it has it)."""
        return list(map(mul, self.signs[label], self.colour[cell[0]][cell[1]]))

    def decode(self, model: Model) -> DecodedPaths:
        """Routes from each label's first terminal, plus any detached cycles."""
        layout = self.layout
        across = layout.rows * max(layout.cols - 1, 0)  # the links' variables are two runs, across then down
        values = (model.run_values(self.link_vars[0], across) if across else []) + \
            (model.run_values(self.link_vars[across], len(self.link_vars) - across) if len(self.link_vars) > across
             else [])  # read from a directly driven solver's model without a table of every variable's truth
        routes, loops = layout.walk([a for a, _ in self.ends.values()], list(compress(range(len(values)), values)))
        return DecodedPaths(dict(zip(self.ends, routes)), tuple(loops))

    def cycle_cuts(self, loops: tuple[tuple[Cell, ...], ...]) -> list[Clause]:
        """For each detached cycle: some link must leave its cells (they hold no terminal), unless, under
        open, they are all empty."""
        cuts = []
        for loop in loops:
            inside = set(loop)
            leaving = [var for (u, v), var in self.link_var.items() if (u in inside) != (v in inside)]
            if self.fill:
                cuts.append(leaving)
            else:
                cuts.extend([-self.used[cell], *leaving] for cell in loop)
        return cuts

    def block(self, links: set[Link]) -> Clause:
        """A clause excluding this set of used links: another valid solution drops one of them, since adding
        links to complete paths leaves only cycles."""
        return [-self.link_var[link] for link in links]


def labelled_end(u: Cell, v: Cell, label_u: str | None, label_v: str | None) -> tuple[str, Cell]:
    """The label of a link's one labelled end (u's if both are) and the link's other cell."""
    if label_u is not None:
        return label_u, v
    if label_v is None:
        raise ValueError(f"neither {u} nor {v} is labelled")
    return label_v, u


def trace(ends: dict[str, tuple[Cell, Cell]], used: object) -> DecodedPaths:
    """Walk the used links (pairs of cells): each label's route from its first terminal, then the cycles."""
    neighbours: dict[Cell, list[Cell]] = defaultdict(list)
    for u, v in used:  # type: ignore[attr-defined]
        neighbours[u].append(v)
        neighbours[v].append(u)
    seen: set[Cell] = set()

    def walk(start: Cell) -> tuple[Cell, ...]:
        route, previous, here = [start], None, start
        seen.add(start)
        while True:
            step = [n for n in neighbours[here] if n != previous and n not in seen]
            if not step:
                return tuple(route)
            previous, here = here, step[0]
            seen.add(here)
            route.append(here)

    routes = {label: walk(a) for label, (a, _) in ends.items()}
    loops = tuple(walk(cell) for cell in list(neighbours) if cell not in seen)
    return DecodedPaths(routes, loops)


def _pairs(terminals: dict[Cell, str], labels: tuple[str, ...]) -> dict[str, tuple[Cell, Cell]]:
    ends: dict[str, list[Cell]] = {label: [] for label in labels}
    for cell, label in sorted(terminals.items()):
        ends[label].append(cell)
    return {label: (a, b) for label, (a, b) in ends.items()}


def walk_links(ends: dict[str, tuple[Cell, Cell]], right: np.ndarray, down: np.ndarray) -> DecodedPaths:
    """Routes (and detached cycles) of the used links given as (right, down) arrays; linear time."""
    import numpy as np

    rows, cols = right.shape[0], down.shape[1]
    sides = np.zeros((rows, cols), dtype=np.uint8)  # bits: 1 up, 2 right, 4 down, 8 left
    sides[:, :-1] |= right.astype(np.uint8) * 2
    sides[:, 1:] |= right.astype(np.uint8) * 8
    sides[:-1, :] |= down.astype(np.uint8) * 4
    sides[1:, :] |= down.astype(np.uint8) * 1
    flat = sides.ravel().tolist()
    step = {1: -cols, 2: 1, 4: cols, 8: -1}
    back = {1: 4, 2: 8, 4: 1, 8: 2}
    seen = bytearray(rows * cols)

    def walk(start: int) -> tuple[Cell, ...]:
        route = [start]
        seen[start] = 1
        here, came = start, 0
        while True:
            mask = flat[here] & ~came
            if not mask:
                break
            bit = mask & -mask
            here, came = here + step[bit], back[bit]
            if seen[here]:
                break
            seen[here] = 1
            route.append(here)
        return tuple(divmod(i, cols) for i in route)

    routes = {label: walk(a[0] * cols + a[1]) for label, (a, _) in ends.items()}
    loops = tuple(walk(i) for i in np.flatnonzero(sides.ravel()).tolist() if not seen[i])
    return DecodedPaths(routes, loops)
