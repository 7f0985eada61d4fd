"""Redundant clauses at the corners of clue cells: what a clue and a dot together imply, spelled out.

A clue constrains its cell's four sides; the dot at each corner of the cell has degree 0
or 2. Unit propagation over the two constraints separately misses deductions a solver of
the puzzle makes at once (Tatham's Loopy solver reasons this way: "at a corner of a 3
where the loop enters, ..."). The clauses below are all the prime implicates of
"clue k" and "the corner's dot has degree 0 or 2" that mix the cell's sides with the dot's
other edges (at the board's corners, where the dot has no other edge, all of them), so propagation now sees them. They are implied by the rules, never new rules
(tests/test_slitherlink.py derives them again by brute force).

Only the 1s and 3s get them: over the Tatham Hard boards and the public puzzles of bench/
they halved the SAT time for twice the encoding time; the 2s' clauses (28 per corner)
cost more to build and load than they saved (docs/performance.md).

Roles: ``a`` and ``b`` are the cell's two sides at the corner, ``c`` and ``d`` its other two
sides, ``f`` and ``g`` the dot's edges outside the cell (only ``f`` on the board's border, neither at its corners).
"""

from __future__ import annotations

import numpy as np

from satpuzzles.cnf import Formula

PATTERNS: dict[tuple[int, int], str] = {
    (1, 0): "-a -b c,d -c,-d",
    (3, 0): "a b c,d -c,-d",
    (1, 1): "-a,f -c,-f -d,-f -b,f a,b,-f c,d,f",
    (1, 2): "-a,f,g -a,-f,-g -c,f,-g -c,-f,g -d,f,-g -d,-f,g -b,f,g -b,-f,-g a,b,f,-g a,b,-f,g c,d,f,g c,d,-f,-g",
    (3, 1): "a,f c,-f d,-f b,f -a,-b,-f -c,-d,f",
    (3, 2): "c,-f c,-g d,-f d,-g -a,-b,-f -a,-b,-g a,f,g b,f,g -c,-d,f,g",
}
"""(clue, edges of the dot outside the cell) -> clauses over the roles."""

ROLES = "abcdfg"


def _parsed(text: str) -> list[tuple[list[int], list[int]]]:
    """Clauses of a pattern as (role positions, signs)."""
    out = []
    for clause in text.split():
        lits = clause.split(",")
        out.append(([ROLES.index(lit.lstrip("-")) for lit in lits], [-1 if lit.startswith("-") else 1 for lit in lits]))
    return out


_PARSED = {key: _parsed(text) for key, text in PATTERNS.items()}
CORNERS = ((0, 3), (0, 1), (2, 1), (2, 3))
"""The sides (0 top, 1 right, 2 bottom, 3 left) meeting at the top-left, top-right, bottom-right, bottom-left dot."""


def corner_clauses(formula: Formula, h: np.ndarray, v: np.ndarray, cells: np.ndarray, values: np.ndarray,
                   guards: np.ndarray | None = None) -> None:
    """Add the corner clauses of every clue (cells: (n, 2) rows and columns; with ``guards``, each clause
    holds only while its clue's guard does)."""
    if not len(cells):
        return
    r, c = cells[:, 0], cells[:, 1]
    hp, vp = np.pad(h, 1), np.pad(v, 1)  # index +1; 0 beyond the board
    sides = np.stack([hp[r + 1, c + 1], vp[r + 1, c + 2], hp[r + 2, c + 1], vp[r + 1, c + 1]], axis=1)
    outside = (  # per corner: the dot's vertical then horizontal edge outside the cell
        (vp[r, c + 1], hp[r + 1, c]), (vp[r, c + 2], hp[r + 1, c + 2]),
        (vp[r + 2, c + 2], hp[r + 2, c + 2]), (vp[r + 2, c + 1], hp[r + 2, c]),
    )
    for corner, (first, second) in enumerate(CORNERS):
        far = [side for side in range(4) if side not in (first, second)]
        outer = np.stack(outside[corner], axis=1)
        outer = np.take_along_axis(outer, np.argsort(outer == 0, axis=1, kind="stable"), axis=1)  # on board first
        present = (outer != 0).sum(axis=1)
        local = np.concatenate([sides[:, [first, second, *far]], outer], axis=1)
        for (value, count), clauses in _PARSED.items():
            rows = np.flatnonzero((values == value) & (present == count))
            if not rows.size:
                continue
            for roles, signs in clauses:
                block = local[np.ix_(rows, roles)] * np.array(signs)
                if guards is not None:
                    block = np.hstack([block, -guards[rows, None]])
                formula.clauses.extend(block.tolist())
