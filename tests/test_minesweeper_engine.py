"""Finding a Minesweeper layout (propagation, components, band sweep, fallback) against brute force."""

from __future__ import annotations

from itertools import product

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from satpuzzles.geometry import count8
from satpuzzles.puzzles.minesweeper.engine import components as minesweeper_analysis
from satpuzzles.puzzles.minesweeper.engine import propagate as engine
from satpuzzles.puzzles.minesweeper.engine import sweep
from satpuzzles.puzzles.minesweeper.model import MINE, UNKNOWN


def consistent_layouts_exist(cells: np.ndarray) -> bool:
    """Brute force: does any mine placement on the unknown cells satisfy every count?"""
    unknown = np.argwhere(cells == UNKNOWN)
    for picks in product((False, True), repeat=len(unknown)):
        mines = cells == MINE
        for (r, c), pick in zip(unknown, picks):
            mines[r, c] = pick
        if engine.counts_hold(cells, mines):
            return True
    return False


@st.composite
def boards(draw: st.DrawFn) -> np.ndarray:
    rows, cols = draw(st.integers(1, 4)), draw(st.integers(1, 5))
    mines = np.array(draw(st.lists(st.booleans(), min_size=rows * cols, max_size=rows * cols))).reshape(rows, cols)
    cells = np.where(mines, UNKNOWN, count8(mines)).astype(np.int8)
    choice = np.array(draw(st.lists(st.integers(0, 9), min_size=rows * cols, max_size=rows * cols))).reshape(rows, cols)
    cells[(choice < 5) & ~mines] = UNKNOWN  # hide some safe cells
    cells[(choice == 9) & mines] = MINE  # reveal some mines as flags
    if draw(st.booleans()):  # sometimes break a count, making most boards impossible
        r, c = draw(st.integers(0, rows - 1)), draw(st.integers(0, cols - 1))
        if cells[r, c] >= 0:
            cells[r, c] = draw(st.integers(0, 8))
    return cells


@settings(max_examples=300, deadline=None)
@given(boards(), st.booleans())
def test_layouts_agree_with_brute_force(cells: np.ndarray, all_big: bool) -> None:
    with pytest.MonkeyPatch.context() as patch:
        if all_big:  # every component through the band sweep
            patch.setattr(minesweeper_analysis, "BIG_COMPONENT", 0)
            patch.setattr(sweep, "BAND_ROWS", 1)
            patch.setattr(sweep, "LOOK_AHEAD", 0)
            patch.setattr(sweep, "SPLIT_BANDS", 1)  # and cut into pieces mended at their seams
            patch.setattr(sweep, "TILE_COLS", 2)  # and bands tried tile by tile
            patch.setenv("SATPUZZLES_CORES", "2")
        mines, _, _ = minesweeper_analysis.find_layout(cells)
    assert (mines is not None) == consistent_layouts_exist(cells)
    if mines is not None:
        assert engine.counts_hold(cells, mines)
        assert not (mines & (cells >= 0)).any() and mines[cells == MINE].all()


def test_sweep_and_fallback_agree_on_a_generated_board() -> None:
    rng = np.random.default_rng(7)
    mines = rng.random((120, 90)) < 0.2
    cells = np.where(mines, UNKNOWN, count8(mines)).astype(np.int8)
    cells[(rng.random(cells.shape) < 0.7) & ~mines] = UNKNOWN
    deduction = engine.propagate(cells)
    counts = engine.open_counts(cells, deduction)
    for values in (sweep.sweep(counts, cells.shape[0])[0], sweep.solve_whole(counts)):
        assert values is not None
        assert engine.counts_hold(cells, deduction.mine | (values[counts.var] & (counts.var > 0)))


def test_propagation_finds_plain_contradictions() -> None:
    cells = np.array([[0, 0, 0], [0, 8, 0], [2, 0, 0]], dtype=np.int8)  # seed 002's small-unsat
    mines, deduction, _ = minesweeper_analysis.find_layout(cells)
    assert mines is None and deduction.broken is not None


@pytest.mark.parametrize("band_rows", [4, 16])
def test_pieces_swept_apart_are_mended_into_one_layout(band_rows: int, monkeypatch: pytest.MonkeyPatch) -> None:
    rng = np.random.default_rng(3)
    mines = rng.random((150, 60)) < 0.2
    cells = np.where(mines, UNKNOWN, count8(mines)).astype(np.int8)
    cells[(rng.random(cells.shape) < 0.7) & ~mines] = UNKNOWN
    deduction = engine.propagate(cells)
    counts = engine.open_counts(cells, deduction)
    monkeypatch.setattr(sweep, "BAND_ROWS", band_rows)
    monkeypatch.setattr(sweep, "SPLIT_BANDS", 1)
    monkeypatch.setattr(sweep, "TILE_COLS", 12)
    monkeypatch.setenv("SATPUZZLES_CORES", "3")
    values, calls = sweep.sweep(counts, cells.shape[0])
    assert values is not None and calls > 0
    assert engine.counts_hold(cells, deduction.mine | (values[counts.var] & (counts.var > 0)))
