"""Bounds on a too-wide component's mines from bands of its counts (band_bounds), and the refutation of a total
they give (total_bounds.within_reach), against brute force on small boards with bands a few rows tall."""

from __future__ import annotations

import numpy as np
import pytest

from satpuzzles.geometry import count8
from satpuzzles.puzzles.minesweeper.engine import band_bounds, structure
from satpuzzles.puzzles.minesweeper.engine import propagate as engine
from satpuzzles.puzzles.minesweeper.engine import total as minesweeper_total
from satpuzzles.puzzles.minesweeper.engine.total_bounds import mine_bounds, within_reach
from satpuzzles.puzzles.minesweeper.model import UNKNOWN
from tests.test_minesweeper_total import LEFT_OUT, check, largest_left_out

SMALL_BANDS = (3, 4, 6)
"""Band heights for boards of five or six rows: two rows of counts out of three or four dropped."""


def all_layouts(cells: np.ndarray) -> np.ndarray:
    """Every layout meeting the counts, as a (k, rows, cols) stack: every assignment of the unknown cells at once."""
    unknown = np.argwhere(cells == UNKNOWN)
    bits = ((np.arange(1 << len(unknown))[:, None] >> np.arange(len(unknown))) & 1).astype(bool)
    layouts = np.zeros((len(bits), *cells.shape), dtype=bool)
    layouts[:, unknown[:, 0], unknown[:, 1]] = bits
    padded = np.pad(layouts, ((0, 0), (1, 1), (1, 1))).astype(np.int8)
    around = sum(padded[:, 1 + dr:1 + dr + cells.shape[0], 1 + dc:1 + dc + cells.shape[1]]
                 for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc)
    shown = cells >= 0
    return layouts[(around[:, shown] == cells[shown]).all(axis=1)]


def random_boards(count: int, seed: int) -> list[np.ndarray]:
    """Boards of 5x6 or 6x5 with about half the safe cells revealed, at most 16 unknown cells."""
    out = []
    for index in range(count):
        rng = np.random.default_rng(seed + index)
        shape = (5, 6) if index % 2 else (6, 5)
        mines = rng.random(shape) < 0.3
        cells = np.where(mines | (rng.random(shape) < 0.45), UNKNOWN, count8(mines)).astype(np.int8)
        if (cells == UNKNOWN).sum() <= 16:
            out.append(cells)
    return out


def test_band_bounds_hold_every_layout(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each component's bounds contain the mines of every layout brute force finds on its cells, and the bands
    bound some component more tightly than its size allows (the test would pass on trivial bounds otherwise)."""
    monkeypatch.setattr(band_bounds, "HEIGHTS", SMALL_BANDS)
    tight = 0
    for cells in random_boards(40, 300):
        deduction = engine.propagate(cells)
        counts = engine.open_counts(cells, deduction)
        layouts = all_layouts(cells)
        if deduction.broken is not None or not len(layouts) or not len(counts.need):
            continue
        shape = structure.build(counts)
        for comp in range(shape.components):
            rows = np.flatnonzero(shape.count_comp == comp)
            mask = np.isin(counts.var, counts.lits[rows]) & (counts.var > 0)
            fewest, most = band_bounds.component_bounds(counts, rows, 10**6, lambda few, many: 1)
            held = (layouts & mask).sum(axis=(1, 2))
            assert fewest <= int(held.min()) and int(held.max()) <= most
            tight += fewest > 0 or most < int(mask.sum())
    assert tight > 0


def test_within_reach_refutes_only_totals_no_layout_has(monkeypatch: pytest.MonkeyPatch) -> None:
    """With the largest component left uncounted (as the budget leaves a percolating one), a total within_reach
    calls out of reach has no layout; some totals are refuted by it that the disjoint counts' bounds let through;
    the whole analysis agrees with brute force on those totals (``check``, on the path that leaves it out)."""
    monkeypatch.setattr(band_bounds, "HEIGHTS", SMALL_BANDS)
    refuted = 0
    for cells in random_boards(60, 500):
        deduction = engine.propagate(cells)
        if deduction.broken is not None:
            continue
        counts = engine.open_counts(cells, deduction)
        shape, bounds = largest_left_out(counts)
        free = int(engine.unseen_cells(cells, deduction, counts).sum())
        every = all_layouts(cells)
        totals = set(every.sum(axis=(1, 2)).tolist())
        fewest, most = mine_bounds(counts)
        for total in range(cells.size + 1):
            remaining = total - int(deduction.mine.sum())
            if within_reach(counts, shape.count_comp, bounds, remaining, free):
                continue
            assert total not in totals
            if fewest <= remaining <= most + free:
                refuted += 1
                assert check(cells, total, every, [LEFT_OUT])[0].endswith("+bounds")  # unsolvable on that path too
    assert refuted > 0


def test_a_total_past_the_uncounted_components_reach_is_refuted_by_its_bands() -> None:
    """A 12x12 lattice (one component too wide to count) given one mine fewer than its fewest layout holds:
    refuted by the bands, where the SAT call with the total would have to prove it."""
    rng = np.random.default_rng(3)
    shown = np.zeros((12, 12), dtype=bool)
    shown[::2, ::2] = True
    mines = (rng.random((12, 12)) < 0.35) & ~shown
    cells = np.where(shown, count8(mines), UNKNOWN).astype(np.int8)
    deduction = engine.propagate(cells)
    counts = engine.open_counts(cells, deduction)
    shape, (low, high, counted) = largest_left_out(counts)
    rows = np.flatnonzero(~np.isin(shape.count_comp, np.flatnonzero(counted)))
    fewest, _ = band_bounds.component_bounds(counts, rows, 10**6, lambda few, many: 1)
    total = int(deduction.mine.sum()) + int(low[counted].sum()) + fewest - 1
    assert mine_bounds(counts)[0] <= total - int(deduction.mine.sum())  # the disjoint counts let it through
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(minesweeper_total, "_extents", largest_left_out)
        layout, _, stats = minesweeper_total.with_total(cells, total, settle=False)
    assert layout is None and stats.encoding.endswith("+bounds")
