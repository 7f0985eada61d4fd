"""The windows of the 'open solution filled' stage (holes.py): the cells the bumps left empty, filled a group at a time
by the complete fill encoding in a window round them, every link outside the window fixed as drawn.

The empty cells come in pairs of a dark and a light cell of the chessboard colouring (an open solution's paths hold
as many more dark than light cells as a filling's, so the cells they leave empty are as many dark as light, and a
bump fills one of each; when they are not, no filling exists: the parity argument). A window holding both cells of a
pair may shift the paths between them by a cell each, while a window round a lone empty cell has no filling unless a
path crosses it twice or ends in it. So the cells are matched in pairs, nearest first, and a pair's window covers
the straight line between its two cells. Pairs whose windows overlap form a group, and each group is searched alone:
the other groups' cells stay empty meanwhile (their rule of two links is held by a guard literal that only the
group searched assumes, their links fixed unused). A group whose window has no filling, or whose search runs out of
its conflicts, gets a wider window, which takes in the groups it now overlaps. So one hard group does not
block the others, and a group is searched in the smallest window that fills it: windows a few cells wider are
refuted in a few hundred conflicts or filled in a few thousand, while a window of the whole board is the complete
encoding's worst case again.
"""

from __future__ import annotations

from itertools import combinations, permutations

from satpuzzles.core.outcome import SolveStats
from satpuzzles.puzzles.numberlink.encoding import NumberlinkEncoding
from satpuzzles.puzzles.numberlink.model import NumberlinkInstance, RuleSet
from satpuzzles.solve.limited import LimitedBackend, SearchLimit
from satpuzzles.solve.loop import lazy_solutions

TYPE_CHECKING = False
if TYPE_CHECKING:
    from satpuzzles.geometry import Cell

Routes = dict[str, list["Cell"]]
Pair = tuple["Cell", "Cell"]

RADII = (2, 3, 4, 5, 6, 8)
"""A group's windows, in turn: every cell within this many rows and columns of the line between a pair's cells."""
EXACT_PAIRS = 6
"""Up to this many pairs of empty cells, every way of matching them is tried (720 at 6)."""
WINDOW_CONFLICTS = 20_000
"""Conflicts one SAT call of a window's search may take."""
WINDOWS_CONFLICTS = 80_000
"""Conflicts the windows of all the open solutions tried may take in all."""
WINDOW_CALLS = 30
"""SAT calls (windows and cycle cuts) the windows of one open solution may make, besides one per radius for each
pair of its empty cells (refuted windows are many and cheap: the conflicts bound the search)."""
WINDOW_LIMITS = 1
"""Windows of one open solution whose search may run out of its conflicts before its filling is given up."""


class HoleWindows:
    """The fill encoding of ``instance`` with the rule of two links at each cell held by a guard literal, loaded in
    ``backend``."""

    def __init__(self, instance: NumberlinkInstance, backend: LimitedBackend) -> None:
        self.instance, self.backend = instance, backend
        self.encoding = NumberlinkEncoding(instance, strengthened=False, rules=RuleSet(fill=True, self_touch=True))
        paths, cols = self.encoding.paths, instance.grid.cols
        twos = paths.layout.degrees()[1]
        pool = self.encoding.formula.pool
        self.guard = {cell: pool.fresh() for cell in instance.grid.cells() if cell not in instance.givens}
        held = {id(clause): guard for cell, guard in self.guard.items() for clause in twos[cell[0] * cols + cell[1]]}
        backend.add_clauses([clause if id(clause) not in held else [-held[id(clause)], *clause]
                             for clause in self.encoding.formula.clauses])
        self.incident = paths.incident

    def fill(self, drawn: Routes, holes: set[Cell], stats: SolveStats) -> Routes | None:
        """``drawn`` (an open solution) with every cell of ``holes`` (the cells it leaves empty, as many dark as light)
        on a path, or None when the windows found no such filling; SAT calls and seconds go to ``stats``."""
        pairs = _pairs(holes)
        self.backend.calls_left = WINDOW_CALLS + len(RADII) * len(pairs)
        rows, cols = self.instance.grid.rows, self.instance.grid.cols
        groups = _merged([[pair] for pair in pairs], RADII[0], rows, cols)
        limits = 0
        while groups:
            group, radii = groups.pop(0), list(RADII)
            while radii:
                window = _window(group, radii[0], rows, cols)
                if len(window) == self.instance.grid.size:  # the whole board: every cell left empty searched at once
                    group, groups = group + [pair for other in groups for pair in other], []
                cells = {cell for pair in group for cell in pair}
                try:
                    found = self._search(drawn, holes - cells, window, stats)
                except SearchLimit:
                    limits += 1
                    if limits > WINDOW_LIMITS or self.exhausted() or not self.backend.calls_left:
                        return None
                    radii.pop(0)
                    continue
                if found is not None:
                    drawn, holes = found, holes - cells
                    break
                if len(window) == self.instance.grid.size:  # refuted on the whole board: no filling exists
                    return None
                near = [other for other in groups if _window(other, radii[0], rows, cols) & window]
                if near:  # refuted alone: searched again with the groups its window overlaps
                    groups = [other for other in groups if other not in near]
                    group = group + [pair for other in near for pair in other]
                else:
                    radii.pop(0)
            else:
                return None
        return drawn

    def exhausted(self) -> bool:
        """Whether the windows have used up their conflicts (WINDOWS_CONFLICTS, over all the open solutions)."""
        return self._spent() >= WINDOWS_CONFLICTS

    def _spent(self) -> int:
        """Conflicts the backend has taken so far."""
        return self.backend.statistics().get("conflicts", 0)

    def _search(self, drawn: Routes, empty: set[Cell], window: set[Cell], stats: SolveStats) -> Routes | None:
        """``drawn`` changed inside ``window`` only, every cell on a path but those of ``empty``, or None when no
        such paths exist; SearchLimit when the search ran out of its budget."""
        links = {(min(a, b), max(a, b)) for route in drawn.values() for a, b in zip(route, route[1:])}
        assumptions = [guard for cell, guard in self.guard.items() if cell not in empty]
        assumptions += [var if pair in links else -var for pair, var in self.encoding.link_var.items()
                        if pair[0] not in window and pair[1] not in window]
        assumptions += [-var for cell in empty for var in self.incident[cell]]
        self.backend.conflicts = max(min(WINDOW_CONFLICTS, WINDOWS_CONFLICTS - self._spent()), 1)
        found = next(lazy_solutions(self.encoding, self.backend, stats, assumptions=assumptions), None)
        return None if found is None else {label: list(route) for label, route in found.routes.items()}


def balanced(holes: set[Cell]) -> bool:
    """Whether ``holes`` (the cells an open solution leaves empty) hold as many dark cells of the chessboard
    colouring as light ones, which a filling of the board needs (the parity argument)."""
    return 2 * sum((r + c) % 2 for r, c in holes) == len(holes)


def _pairs(holes: set[Cell]) -> list[Pair]:
    """``holes`` (as many dark as light) matched in pairs of a dark and a light cell, the sum of the pairs' distances
    least (every matching tried up to EXACT_PAIRS pairs; else nearest first, then pairs swapping partners while that
    shortens them)."""
    dark = sorted(cell for cell in holes if sum(cell) % 2 == 0)
    light = sorted(holes - set(dark))
    if len(dark) <= EXACT_PAIRS:
        best = min(permutations(light), key=lambda order: sum(map(_distance, dark, order)), default=())
        return list(zip(dark, best))
    pairs = []
    free_dark, free_light = set(dark), set(light)
    for _, a, b in sorted((_distance(a, b), a, b) for a in dark for b in light):
        if a in free_dark and b in free_light:
            pairs.append((a, b))
            free_dark.discard(a)
            free_light.discard(b)
    improved = True
    while improved:  # two pairs swap partners while that shortens them: the sum falls each time
        improved = False
        for i, j in combinations(range(len(pairs)), 2):
            (a, b), (c, d) = pairs[i], pairs[j]
            if _distance(a, d) + _distance(c, b) < _distance(a, b) + _distance(c, d):
                pairs[i], pairs[j] = (a, d), (c, b)
                improved = True
    return pairs


def _distance(a: Cell, b: Cell) -> int:
    """Steps between two cells."""
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def _merged(groups: list[list[Pair]], radius: int, rows: int, cols: int) -> list[list[Pair]]:
    """``groups`` with those whose windows of ``radius`` overlap merged, in reading order of their first cells."""
    done: list[list[Pair]] = []
    for group in groups:
        window = _window(group, radius, rows, cols)
        near = [other for other in done if _window(other, radius, rows, cols) & window]
        done = [other for other in done if other not in near] + [group + [pair for other in near for pair in other]]
    return sorted(done, key=min)


def _window(group: list[Pair], radius: int, rows: int, cols: int) -> set[Cell]:
    """The board's cells within ``radius`` rows and columns of the straight line between the two cells of a pair of
    ``group``."""
    line: set[Cell] = set()
    for (ar, ac), (br, bc) in group:
        steps = max(abs(ar - br), abs(ac - bc), 1)
        line.update((round(ar + (br - ar) * i / steps), round(ac + (bc - ac) * i / steps)) for i in range(steps + 1))
    return {(r, c) for hr, hc in line for r in range(max(hr - radius, 0), min(hr + radius + 1, rows))
            for c in range(max(hc - radius, 0), min(hc + radius + 1, cols))}
