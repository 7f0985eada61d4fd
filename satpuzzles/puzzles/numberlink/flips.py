"""Uniqueness under the open rule, by a reduction to solutions without one more pattern: a flippable corner.

A *corner* is a cell y where a path turns: it arrives from x and leaves to z, both in one
2x2 block with y; the block's fourth cell w is diagonal to y. When w is empty, the path may
go x -> w -> z instead (a *flip*): the same cells but w for y, the same endpoints, so another
open solution. Under --no-self-touch it stays one exactly when w's two neighbours outside the
block are not on that path (they are the only cells w could newly touch).

Order the cells by the weight ``2 * row + col`` (two diagonal cells never weigh the same) and
call a flip *downhill* when w weighs less than y. Theorem (used by unique.py): let S be an
open solution, under the rules in force, such that no flip of S (at any of its corners with
an empty diagonal cell) is another solution under those rules. Then S is unique exactly when
every solution other than S has a valid downhill flip, so the search may exclude that pattern
(within the reduction unique.py already makes). Proof: take a second solution T and, while it has a valid
downhill flip, apply one: each lowers the weight of the used cells and keeps their number, so
this ends, at T*. If T* is not S, it is a second solution without the pattern. If T* is S,
the last flip made S from a solution T_k other than S, and flipping S back at that corner gives
T_k: excluded by the hypothesis. With self-touch allowed, unique.py also shortcuts (fewer used
cells): the pair (used cells, their weight) decreases under both moves, and the argument is the same.
"""

from __future__ import annotations

from collections.abc import Collection

from satpuzzles.core.records import replace
from satpuzzles.geometry import Cell
from satpuzzles.puzzles.numberlink.encoding import NumberlinkEncoding
from satpuzzles.puzzles.numberlink.model import NumberlinkInstance, NumberlinkSolution, RuleSet, verify


def weight(cell: Cell) -> int:
    """The potential's weight of a cell: a downhill flip moves a corner to a lighter cell."""
    return 2 * cell[0] + cell[1]


def corner_flip(instance: NumberlinkInstance, solution: NumberlinkSolution,
                rules: RuleSet) -> NumberlinkSolution | None:
    """S with one corner flipped to its empty diagonal cell, when that is a solution under ``rules`` (None: nowhere)."""
    used = solution.cells()
    for label, route in solution.routes.items():
        own = set(route)
        for i in range(1, len(route) - 1):
            x, y, z = route[i - 1], route[i], route[i + 1]
            w = (x[0] + z[0] - y[0], x[1] + z[1] - y[1])
            if x[0] == z[0] or x[1] == z[1] or w in used or not instance.grid.contains(w):
                continue  # a straight step, or no empty diagonal cell
            if not rules.self_touch and {(2 * w[0] - y[0], w[1]), (w[0], 2 * w[1] - y[1])} & own:
                continue  # w would touch the path beside the block
            other = replace(solution, routes={**solution.routes, label: route[:i] + (w,) + route[i + 1:]}, rules=rules)
            if not verify(instance, other):
                return other
    return None


def exclude_downhill_flips(encoding: NumberlinkEncoding, instance: NumberlinkInstance, self_touch: bool,
                           into: Collection[Cell] = ()) -> None:
    """Forbid every downhill flip valid under the open rule (with ``self_touch`` or not): a corner whose lighter
    diagonal cell is empty, and under no self-touch, whose diagonal cell has no neighbour outside the block
    on the same path; all but the flips into a cell of ``into`` (for --analyze, witnesses.py)."""
    paths, clauses, pool = encoding.paths, encoding.formula.clauses, encoding.formula.pool
    touchless = not self_touch
    grid = instance.grid
    for r in range(grid.rows - 1):
        for c in range(grid.cols - 1):
            block = ((r, c), (r, c + 1), (r + 1, c + 1), (r + 1, c))
            for k, y in enumerate(block):
                w = block[(k + 2) % 4]
                if weight(w) > weight(y) or y in instance.givens or w in instance.givens or w in into:
                    continue  # uphill, or a corner that cannot be one (an endpoint), or w always used, or kept
                x, z = block[(k + 1) % 4], block[(k + 3) % 4]
                clause = [-paths.link_var[min(x, y), max(x, y)], -paths.link_var[min(y, z), max(y, z)],
                          paths.used[w]]
                if touchless:
                    for n in ((2 * w[0] - y[0], w[1]), (w[0], 2 * w[1] - y[1])):
                        if grid.contains(n):
                            clause.append(_same_path(encoding, n, y, pool.fresh()))
                clauses.append(clause)


def _same_path(encoding: NumberlinkEncoding, n: Cell, y: Cell, literal: int) -> int:
    """``literal``, constrained to be true only when ``n`` is used and has ``y``'s colour."""
    paths, clauses = encoding.paths, encoding.formula.clauses
    clauses.extend([-literal, lit] for lit in paths.used_lits(n))
    for bn, by in zip(paths.colour[n[0]][n[1]], paths.colour[y[0]][y[1]]):
        clauses.append([-literal, -bn, by])
        clauses.append([-literal, bn, -by])
    return literal
