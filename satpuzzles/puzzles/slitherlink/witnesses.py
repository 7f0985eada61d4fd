"""--analyze's cheap search for other Slitherlink solutions: moving one cell across the loop at a time.

A solution's loop splits the cells into inside and outside. Moving one cell to the other side
(toggling its four sides) gives another single loop exactly when the cell's sides on the loop
form one unbroken run of one to three sides and no dot on the other run is on the loop: the
run is replaced by the others, and the loop stays one simple loop. The move keeps every clue
when the counts of the cell and of its four neighbours still match. On a board with few clues
most edges can be moved this way, and each solution reached (verified, by ``found``) sets aside
the edges it flips, so the backbone's whole-board SAT questions are left with the few edges such
moves cannot reach (a 30x30 board with 15 % of its clues: 1838 undetermined edges, 287 left to
them, the analysis 2.8 -> 1.4 s; docs/performance.md). The walk is deterministic (fixed seed), and on
a board with one solution no move keeps every clue, so its analysis is as before, SAT call for SAT call.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable

from satpuzzles.core.outcome import Settings, SolveStats
from satpuzzles.puzzles.slitherlink.model import SlitherlinkInstance, SlitherlinkSolution, inside_cells

SWEEPS = 30
"""Passes over every cell (in a shuffled order); a pass that flips no new edge ends the walk early."""
SEED = 20261128
"""The walk's fixed seed: the same board always takes the same moves."""


def seek_witnesses(instance: SlitherlinkInstance, settings: Settings, first: SlitherlinkSolution,
                   left: set[Hashable], found: Callable[[SlitherlinkSolution], None], stats: SolveStats) -> set[Hashable]:
    """Hand ``found`` the solutions one-cell moves reach from ``first`` (Rules.witnesses); proves nothing forced."""
    if instance.visit_all or not first.edges:  # a move leaves or takes dots: the visit-every-dot rule forbids most
        return set()
    _Walk(instance, first, left, found).run()
    return set()


class _Walk:
    """The inside cells of the current solution, padded with an outside ring, and the moves made on them."""

    def __init__(self, instance: SlitherlinkInstance, first: SlitherlinkSolution, left: set[Hashable],
                 found: Callable[[SlitherlinkSolution], None]) -> None:
        grid = instance.grid
        self.rows, self.cols = grid.rows, grid.cols
        self.inside = [[False] * (self.cols + 2)] + [
            [False, *row, False] for row in inside_cells(grid, first.edges)] + [[False] * (self.cols + 2)]
        self.clues = {(r + 1, c + 1): clue for (r, c), clue in instance.clues.items()}
        self.first, self.left, self.found = first.edges, left, found
        self.pending: set[Hashable] = set()  # keys of ``left`` the current solution flips, not yet reported

    def run(self) -> None:
        """Sweep the cells in a shuffled order, moving each that can be moved, until a sweep flips nothing new."""
        order = [(r, c) for r in range(1, self.rows + 1) for c in range(1, self.cols + 1)]
        shuffle = random.Random(SEED).shuffle
        for _ in range(SWEEPS):
            shuffle(order)
            before = len(self.left)
            for r, c in order:
                if self._movable(r, c):
                    self._move(r, c)
            self._report()
            if len(self.left) == before:
                return

    def _sides(self, r: int, c: int) -> list[bool]:
        """Which of the cell's sides are on the loop: top, right, bottom, left (clockwise)."""
        inside, here = self.inside, self.inside[r][c]
        return [inside[r - 1][c] != here, inside[r][c + 1] != here, inside[r + 1][c] != here, inside[r][c - 1] != here]

    def _dot_used(self, r: int, c: int) -> bool:
        """Whether dot (r, c) of the padded board (the top left corner of padded cell (r, c)) is on the loop."""
        inside = self.inside
        return len({inside[r - 1][c - 1], inside[r - 1][c], inside[r][c - 1], inside[r][c]}) == 2

    def _movable(self, r: int, c: int) -> bool:
        """Whether moving cell (r, c) across the loop gives another single loop that keeps every clue."""
        on = self._sides(r, c)
        if sum(on) in (0, 4) or sum(on[i] and not on[i - 1] for i in range(4)) != 1:
            return False
        # corner i joins side i - 1 and side i: corners top left, top right, bottom right, bottom left
        corners = ((r, c), (r, c + 1), (r + 1, c + 1), (r + 1, c))
        if any(not on[i - 1] and not on[i] and self._dot_used(*corners[i]) for i in range(4)):
            return False
        self.inside[r][c] = not self.inside[r][c]
        keeps = all(sum(self._sides(*cell)) == self.clues[cell]
                    for cell in ((r, c), (r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1)) if cell in self.clues)
        self.inside[r][c] = not self.inside[r][c]
        return keeps

    def _move(self, r: int, c: int) -> None:
        """Move the cell; a reported solution is due first when the move would undo a flip not yet reported."""
        keys = (("h", r - 1, c - 1), ("v", r - 1, c), ("h", r, c - 1), ("v", r - 1, c - 1))
        if not self.pending.isdisjoint(keys):
            self._report()
        self.inside[r][c] = not self.inside[r][c]
        for key in keys:
            if key in self.left and ((key in self.first) != self._on(key)):
                self.pending.add(key)

    def _on(self, key: tuple[str, int, int]) -> bool:
        """Whether edge ``key`` (in board coordinates) is on the current loop."""
        kind, r, c = key
        if kind == "h":
            return self.inside[r][c + 1] != self.inside[r + 1][c + 1]
        return self.inside[r + 1][c] != self.inside[r + 1][c + 1]

    def _report(self) -> None:
        """Hand the current solution to ``found`` when it flips keys not yet reported."""
        if not self.pending:
            return
        edges = frozenset(("h", r, c) for r in range(self.rows + 1) for c in range(self.cols)
                          if self._on(("h", r, c))) | frozenset(
            ("v", r, c) for r in range(self.rows) for c in range(self.cols + 1) if self._on(("v", r, c)))
        self.pending.clear()
        self.found(SlitherlinkSolution(edges))
