"""Redundant clauses at the corners of clue cells: what a clue and a dot together imply, spelled out.

A clue constrains its cell's four sides; the dot at each corner of the cell has degree 0
or 2. Unit propagation over the two constraints separately misses deductions a solver of
the puzzle makes at once (Tatham's Loopy solver reasons this way: "at a corner of a 3
where the loop enters, ..."). PRIME_IMPLICATES are all the prime implicates of
"clue k" and "the corner's dot has degree 0 or 2" that mix the cell's sides with the dot's
other edges (at the board's corners, where the dot has no other edge, all of them); PATTERNS,
the clauses added, are those of them that unit propagation does not already get from the rest, so
propagation sees every one of them. They are implied by the rules, never new rules
(tests/test_slitherlink.py derives them again by brute force and checks the dropped ones are absorbed).
With them at its four corners, a 3's "at least three sides" clauses are absorbed too, so without
selectors a 3 adds only its "not all four" clause (encoding.py; with them, --explain's many small
searches under assumptions were 20 % slower without those clauses).

Only the 1s and 3s get them, and only on boards of encoding.CORNER_MIN_CELLS cells or more: over
the Tatham Hard boards they halved the SAT time for twice the encoding time, while on smaller boards the
search is too small a part for them to pay. The 2s' clauses cost more to build and load than they saved
(28 per corner; 8 once the absorbed ones are left out: on the Tatham boards 36 % more clauses for
9 % fewer conflicts of the first searches and no fewer propagations; docs/performance.md).
Where the clues' clauses always hold (no selectors), a 1 or 3 also absorbs some of its corner dots'
degree clauses (DEGREE_ABSORBED), which the single-cycle block then leaves to this module.

Roles: ``a`` and ``b`` are the cell's two sides at the corner, ``c`` and ``d`` its other two
sides, ``f`` and ``g`` the dot's edges outside the cell (only ``f`` on the board's border, neither at its corners).
"""

from __future__ import annotations

from collections.abc import Sequence

from satpuzzles.cnf import Formula
from satpuzzles.cnf.cardinality import none_or_exactly_patterns
from satpuzzles.constraints.patterns import add_pattern_rows
from satpuzzles.geometry import Cell

PRIME_IMPLICATES: dict[tuple[int, int], str] = {
    (1, 0): "-a -b c,d -c,-d",
    (3, 0): "a b c,d -c,-d",
    (1, 1): "-a,f -c,-f -d,-f -b,f a,b,-f c,d,f",
    (1, 2): "-a,f,g -a,-f,-g -c,f,-g -c,-f,g -d,f,-g -d,-f,g -b,f,g -b,-f,-g a,b,f,-g a,b,-f,g c,d,f,g c,d,-f,-g",
    (3, 1): "a,f c,-f d,-f b,f -a,-b,-f -c,-d,f",
    (3, 2): "c,-f c,-g d,-f d,-g -a,-b,-f -a,-b,-g a,f,g b,f,g -c,-d,f,g",
}
"""(clue, edges of the dot outside the cell) -> every prime implicate over the roles (not all are added)."""

PATTERNS: dict[tuple[int, int], str] = {
    (1, 0): "-a -b",
    (3, 0): "a b",
    (1, 1): "-c,-f -d,-f -b,f c,d,f",
    (1, 2): "-c,f,-g -c,-f,g -d,f,-g -d,-f,g -b,f,g c,d,f,g c,d,-f,-g",
    (3, 1): "c,-f d,-f b,f -c,-d,f",
    (3, 2): "c,-f c,-g d,-f d,-g b,f,g -c,-d,f,g",
}
"""(clue, edges of the dot outside the cell) -> the clauses added: the prime implicates less those that unit
propagation already gets from the others, the clue and the dot's degree clauses (the dropped ones are
"absorbed": with all but one of their literals false, propagation sets the last one anyway, so the
solver propagates exactly as before; some were degree or clue clauses word for word). 40 % fewer corner
clauses: 7 instead of 12 at an inner corner of a 1, 6 instead of 9 at one of a 3."""

DEGREE_ABSORBED: dict[tuple[int, int], str] = {
    (1, 0): "-a,b a,-b",
    (3, 0): "-a,b a,-b",
    (1, 1): "a,-b,f -a,-b,-f",
    (1, 2): "a,-b,f,g -a,-b,-f -a,-b,-g",
    (3, 1): "-a,b,f",
    (3, 2): "-a,b,f,g",
}
"""(clue, edges of the dot outside the cell) -> the dot's own degree clauses (over a, b, f, g) that the clue's
clauses and its PATTERNS at the dot absorb: left out where the clue's clauses are sure to hold (no selectors)."""

ROLES = "abcdfg"


def _parsed(text: str, roles: str = ROLES) -> list[tuple[list[int], list[int]]]:
    """Clauses of a pattern as (positions in ``roles``, signs)."""
    out = []
    for clause in text.split():
        lits = clause.split(",")
        out.append(([roles.index(lit.lstrip("-")) for lit in lits], [-1 if lit.startswith("-") else 1 for lit in lits]))
    return out


_PARSED = {key: _parsed(text) for key, text in PATTERNS.items()}
_DEGREES = {key: [pattern for pattern in none_or_exactly_patterns(2 + key[1], 2)
                  if sorted(pattern) not in [sorted(zip(roles, signs)) for roles, signs in _parsed(text, "abfg")]]
            for key, text in DEGREE_ABSORBED.items()}
"""(clue, edges outside) -> the degree clauses still added at a dot whose degree a clue absorbs, over (a, b, f, g)."""
CORNERS = ((0, 3), (0, 1), (2, 1), (2, 3))
"""The sides (0 top, 1 right, 2 bottom, 3 left) meeting at the top-left, top-right, bottom-right, bottom-left dot."""


def absorbing_corners(cols: int, cells: Sequence[Cell], values: Sequence[int]) -> dict[int, tuple[int, int]]:
    """The dots (numbered ``r * (cols + 1) + c``) at a corner of a 1, or else of a 3, each with that clue (its
    index in ``cells``) and the corner (in CORNERS' order): the clue whose clauses stand in for some of the dot's
    degree clauses (DEGREE_ABSORBED)."""
    width = cols + 1
    chosen: dict[int, tuple[int, int]] = {}
    for wanted in (1, 3):  # a 1 absorbs three of an inner dot's eight degree clauses, a 3 one
        for index, ((r, c), value) in enumerate(zip(cells, values)):
            if value == wanted:
                dot = r * width + c
                for corner, at in enumerate((dot, dot + 1, dot + width + 1, dot + width)):
                    chosen.setdefault(at, (index, corner))
    return chosen


def corner_clauses(formula: Formula, h: Sequence[Sequence[int]], v: Sequence[Sequence[int]], cells: Sequence[Cell],
                   values: Sequence[int], guards: Sequence[int] | None = None,
                   absorbing: dict[int, tuple[int, int]] | None = None) -> None:
    """Add the corner clauses of every clue (``h``, ``v``: the edge variables as nested lists; with ``guards``,
    each clause holds only while its clue's guard does); and the degree clauses left at the dots of
    ``absorbing`` (absorbing_corners; only without guards), whose own degree clauses the caller left out."""
    cols = len(h[0]) if h else 0
    degrees: dict[tuple[int, int, int], list[list[int]]] = {}  # (corner, value, outside edges) -> a, b, f, g
    absorbed = {(index, corner) for index, corner in absorbing.values()} if absorbing else set()
    width = cols + 2
    hp = [[0] * width, *([0, *row, 0] for row in h), [0] * width]  # index + 1; 0 beyond the board
    vp = [[0] * (width + 1), *([0, *row, 0] for row in v), [0] * (width + 1)]
    chosen: dict[tuple[int, int, int], list[list[int]]] = {}  # (corner, value, outside edges) -> local literals
    for index, ((r, c), value) in enumerate(zip(cells, values)):
        if value not in (1, 3):
            continue
        above, here, up, down = hp[r + 1], hp[r + 2], vp[r], vp[r + 2]
        top, right, bottom, left = above[c + 1], vp[r + 1][c + 2], here[c + 1], vp[r + 1][c + 1]
        guard = [-guards[index]] if guards is not None else []
        # per corner (in CORNERS' order): the cell's two sides there, its other two, the dot's vertical and
        # horizontal edge outside the cell
        for corner, local in enumerate((
            [top, left, right, bottom, up[c + 1], above[c]],
            [top, right, bottom, left, up[c + 2], above[c + 2]],
            [bottom, right, top, left, down[c + 2], here[c + 2]],
            [bottom, left, top, right, down[c + 1], here[c]],
        )):
            present = (local[4] != 0) + (local[5] != 0)
            if present == 1 and not local[4]:  # the edges on the board first
                local[4], local[5] = local[5], 0
            chosen.setdefault((corner, value, present), []).append(local + guard)
            if (index, corner) in absorbed:
                degrees.setdefault((corner, value, present), []).append([local[0], local[1], local[4], local[5]])
    tail = [(6, 1)] if guards is not None else []  # the guard, already negated, ends each clause
    for corner in range(4):
        for (value, count), patterns in _PARSED.items():
            rows_here = chosen.get((corner, value, count), [])
            add_pattern_rows(formula, [[*zip(roles, signs), *tail] for roles, signs in patterns], rows_here)
    for (corner, value, count), rows in degrees.items():
        add_pattern_rows(formula, _DEGREES[value, count], rows)
