"""Which revealed counts the trivial rules used: each deduced cell's reason, and the counts a set of cells rests on.

propagate(..., trace=True) records the round each cell was decided in. A cell decided in round k was made safe by
a count met before that round, or a mine by a count that needed all its undecided neighbours; that count, and
the reasons of its neighbours decided before round k, are all it rests on. The trivial rules with those counts
alone decide the cell again (they only add deductions as counts are added, and reach the same fixpoint in any
order), so a conflict stated through the deductions needs only these counts beside the open ones.
"""

from __future__ import annotations

import numpy as np

from satpuzzles.geometry import count8, dilate8
from satpuzzles.puzzles.minesweeper.engine import propagate as engine
from satpuzzles.puzzles.minesweeper.model import MINE, UNKNOWN

_AROUND = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc]


def reasons(cells: np.ndarray, deduction: engine.Deduction) -> tuple[np.ndarray, np.ndarray]:
    """For each cell a traced propagation decided, the row and column of a count that decided it (-1 elsewhere)."""
    decided = deduction.decided
    assert decided is not None, "propagate(..., trace=True) records the rounds"
    counts, given_mine = cells >= 0, cells == MINE
    unknown = cells == UNKNOWN
    reason_r = np.full(cells.shape, -1, dtype=np.int64)
    reason_c = np.full(cells.shape, -1, dtype=np.int64)
    rows, cols = cells.shape
    for k in range(1, int(decided.max(initial=0)) + 1):
        before = (decided > 0) & (decided < k)
        need = np.where(counts, cells - count8(given_mine | (deduction.mine & before)), 0)
        open_cells = count8(unknown & ~before)
        firing = {True: counts & (need == open_cells) & (open_cells > 0), False: counts & (need == 0) & (open_cells > 0)}
        for is_mine, fired in firing.items():
            left = (decided == k) & (deduction.mine == is_mine)
            for dr, dc in _AROUND:
                rr, cc = np.nonzero(left)
                r2, c2 = rr + dr, cc + dc
                inside = (r2 >= 0) & (r2 < rows) & (c2 >= 0) & (c2 < cols)
                rr, cc, r2, c2 = rr[inside], cc[inside], r2[inside], c2[inside]
                hit = fired[r2, c2]
                reason_r[rr[hit], cc[hit]], reason_c[rr[hit], cc[hit]] = r2[hit], c2[hit]
                left[rr[hit], cc[hit]] = False
            assert not left.any(), "every deduced cell has a count that decided it"
    return reason_r, reason_c


def resting_on(cells: np.ndarray, deduction: engine.Deduction, wanted: np.ndarray) -> np.ndarray:
    """The counts the deductions of the ``wanted`` cells rest on (a mask of counts): their reasons, and those of the
    cells each reason's count saw decided before it fired, and so on."""
    decided = deduction.decided
    assert decided is not None
    reason_r, reason_c = reasons(cells, deduction)
    needed = wanted & (decided > 0)
    used = np.zeros(cells.shape, dtype=bool)
    for k in range(int(decided.max(initial=0)), 0, -1):
        at = np.nonzero(needed & (decided == k))
        fired = np.zeros(cells.shape, dtype=bool)
        fired[reason_r[at], reason_c[at]] = True
        used |= fired
        needed |= dilate8(fired) & (decided > 0) & (decided < k)
    return used


def conflict_through_deductions(cells: np.ndarray, total: int) -> list[tuple[int, int]] | None:
    """Counts that with the ``total`` have no layout, as the engine's bounds show for the whole board: the counts
    left open by the trivial rules and those its deductions rest on (the counts that only repeat what others
    decided are left out), checked by the same bounds on a board of those counts alone; None when they do not
    refute it (then not a conflict this can name). Not minimal in general."""
    from satpuzzles.puzzles.minesweeper.engine.total import refuted_by_bounds

    deduction = engine.propagate(cells, trace=True)
    if deduction.broken is not None:
        return None
    counts = engine.open_counts(cells, deduction)
    opened = np.zeros(cells.shape, dtype=bool)
    opened[counts.where[:, 0], counts.where[:, 1]] = True
    beside = dilate8(opened)  # deduced cells the open counts see: their needs rest on them
    deduced = (cells == UNKNOWN) & (deduction.mine | deduction.safe)
    for wanted in (deduction.mine | beside, deduction.safe | beside, deduced):  # too few mines, too many, either
        chosen = resting_on(cells, deduction, deduced & wanted) | opened
        if refuted_by_bounds(cells, total, chosen):
            return [(int(r), int(c)) for r, c in np.argwhere(chosen)]
    return None
