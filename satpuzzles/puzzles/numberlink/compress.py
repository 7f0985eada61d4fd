"""Huge sparse boards: solve a compressed board, then widen its solution back (an incomplete stage).

Long runs of rows (and columns) holding no endpoint are shortened to 3 or 4 (keeping
their parity, so the chessboard count is unchanged), the small board is solved by the
ordinary encoding, and its solution is widened back run by run (lift.py): crossing paths
stretch, and under the fill rule the new cells are covered by zig-zags. A small solution
that cannot be widened is blocked and another one tried. The stage is incomplete: when it
finds nothing the complete encoding of the whole board decides. Every widened solution is
verified by the rules like any other.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass

import numpy as np

from satpuzzles.cnf import Clause
from satpuzzles.cnf.model import Model
from satpuzzles.constraints.paths import walk_links
from satpuzzles.geometry import Grid
from satpuzzles.puzzles.numberlink.encoding import NumberlinkEncoding
from satpuzzles.puzzles.numberlink.lift import Links, widen_cols, widen_rows
from satpuzzles.puzzles.numberlink.model import COMPRESS_FROM_CELLS, NumberlinkInstance, NumberlinkSolution, RuleSet

LONG_RUN = 5
"""Runs of at least this many endpoint-free rows (or columns) are shortened."""


@dataclass(frozen=True)
class Run:
    """A shortened run: its kept lines' indices on the small board, and how many lines it lost."""

    kept: tuple[int, ...]
    removed: int


def shorten(size: int, occupied: set[int]) -> tuple[list[int], list[Run]]:
    """Which of ``size`` lines to keep (those in ``occupied`` always), and the runs that were shortened."""
    kept: list[int] = []
    runs: list[Run] = []
    line = 0
    while line < size:
        if line in occupied:
            kept.append(line)
            line += 1
            continue
        end = line
        while end < size and end not in occupied:
            end += 1
        length = end - line
        if length >= LONG_RUN:
            keep = 3 if length % 2 else 4
            start = len(kept)
            kept += list(range(line, line + keep // 2)) + list(range(end - (keep - keep // 2), end))
            runs.append(Run(tuple(range(start, start + keep)), length - keep))
        else:
            kept += list(range(line, end))
        line = end
    return kept, runs


def compressible(instance: NumberlinkInstance, rules: RuleSet) -> bool:
    """Whether the compressed stage applies: a huge board with long empty runs, rules the widening keeps."""
    if instance.grid.size < COMPRESS_FROM_CELLS or (rules.fill and not rules.self_touch):
        return False
    rows = {r for r, _ in instance.givens}
    cols = {c for _, c in instance.givens}
    return bool(shorten(instance.grid.rows, rows)[1] or shorten(instance.grid.cols, cols)[1])


class CompressedEncoding:
    """The compressed board's encoding; decoding widens each clean small solution to the whole board."""

    name = "compressed"
    complete = False

    def __init__(self, instance: NumberlinkInstance, rules: RuleSet) -> None:
        self.instance, self.rules = instance, rules
        grid = instance.grid
        self.keep_rows, self.row_runs = shorten(grid.rows, {r for r, _ in instance.givens})
        self.keep_cols, self.col_runs = shorten(grid.cols, {c for _, c in instance.givens})
        row_at = {r: i for i, r in enumerate(self.keep_rows)}
        col_at = {c: i for i, c in enumerate(self.keep_cols)}
        givens = {(row_at[r], col_at[c]): label for (r, c), label in instance.givens.items()}
        self.small = NumberlinkInstance(Grid(len(self.keep_rows), len(self.keep_cols)), givens, instance.labels)
        self.inner = NumberlinkEncoding(self.small, strengthened=rules.self_touch, rules=rules)
        self.formula = self.inner.formula
        self.selectors: dict[Hashable, int] = {}
        self.pending: list[Clause] = []
        self.last: NumberlinkSolution | None = None

    @property
    def dimacs_note(self) -> str:
        """How a model of this formula reads (the -o header): it is the compressed board's, not the input's."""
        small = self.small.grid
        return (f"this stage's formula is a compressed board's ({small.cols} wide, {small.rows} high), not the input's: "
                "long runs of rows and columns holding no endpoint were shortened, and a variable's (row, column) is "
                f"the compressed board's, the input's row keep_rows[row] and column keep_cols[column] with keep_rows = "
                f"{self.keep_rows} and keep_cols = {self.keep_cols}; a model, once free of detached cycles (banned only "
                "as they appear, by the lazy-cut loop), is widened back into the input's solution when it can be (else "
                "blocked); unsatisfiable proves nothing (--encoding complete writes the input's own formula)")

    def decode(self, model: Model) -> NumberlinkSolution:
        """The widened solution (cuts pending when the small one has cycles or cannot be widened)."""
        small = self.inner.decode(model)
        self.last = small
        if small.loops:
            self.pending = self.inner.cuts(small)
            return small
        widened = self._widen(small)
        if widened is None:
            self.pending = [self.inner.block(small)]
            return small
        self.pending = []
        return widened

    def _widen(self, small: NumberlinkSolution) -> NumberlinkSolution | None:
        rows, cols = self.small.grid.rows, self.small.grid.cols
        right = np.zeros((rows, max(cols - 1, 0)), dtype=bool)
        down = np.zeros((max(rows - 1, 0), cols), dtype=bool)
        for (r1, c1), (r2, c2) in small.links():
            if r1 == r2:
                right[r1, min(c1, c2)] = True
            else:
                down[min(r1, r2), c1] = True
        links: Links = (right, down)
        for runs, widen in ((self.row_runs, widen_rows), (self.col_runs, widen_cols)):
            for run in reversed(runs):
                widened = _widen_run(links, run, widen, self.rules.fill)
                if widened is None:
                    return None
                links = widened
        decoded = walk_links(self.instance.endpoints, *links)
        return NumberlinkSolution(decoded.routes, decoded.loops, self.rules)

    def cuts(self, solution: NumberlinkSolution) -> list[Clause]:
        """The small board's cycle cuts, or a block of a small solution that could not be widened."""
        return self.pending

    def block(self, solution: NumberlinkSolution) -> Clause:
        """Blocks the last small solution."""
        return self.inner.block(self.last) if self.last is not None else []


Widen = Callable[[Links, int, int, bool], "Links | None"]


def _widen_run(links: Links, run: Run, widen: Widen, fill: bool) -> Links | None:
    """Insert the run's removed lines at the first of its gaps (middle first) where the solution widens."""
    gaps = sorted(run.kept[:-1], key=lambda gap: abs(gap - (run.kept[0] + run.kept[-1]) / 2))
    for gap in gaps:
        widened = widen(links, gap, run.removed, fill)
        if widened is not None:
            return widened
    return None

