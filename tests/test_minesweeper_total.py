"""A 'mines N' total against brute force: the components' fewest and most mines, the analysis on every path
(+bounds, +counting, the flip search), and the layout, with totals at and beyond the ends of what the board allows."""

from __future__ import annotations

import json
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from satpuzzles.core.outcome import Settings
from satpuzzles.geometry import count8
from satpuzzles.puzzles.minesweeper.engine import components, counting, structure
from satpuzzles.puzzles.minesweeper.engine import probability as minesweeper_probability
from satpuzzles.puzzles.minesweeper.engine import propagate as engine
from satpuzzles.puzzles.minesweeper.engine import total as minesweeper_total
from satpuzzles.puzzles.minesweeper.engine.total_bounds import total_conflict
from satpuzzles.puzzles.minesweeper.engine.total_windows import shifted_layout
from satpuzzles.puzzles.minesweeper.model import MINE, UNKNOWN, MinesweeperInstance
from tests.conftest import Driver, run_cli
from tests.test_minesweeper_analysis import all_layouts, boards

PUZZLE = Driver("minesweeper")


def lattice(rows: int, cols: int, seed: int) -> np.ndarray:
    """Counts on every other cell of every other row, as in the wide 64x64 board: one component as wide as the
    board (each count shares cells with up to eight others), small enough here for brute force."""
    shown = np.zeros((rows, cols), dtype=bool)
    shown[::2, ::2] = True
    mines = (np.random.default_rng(seed).random((rows, cols)) < 0.35) & ~shown
    counts = count8(mines)
    return np.where(shown & ~mines, counts, UNKNOWN).astype(np.int8)


def largest_left_out(counts: engine.OpenCounts) -> minesweeper_total.Extents:
    """The extents with the largest component left uncounted, as the counting's budget leaves a percolating one."""
    shape = structure.build(counts)
    low, high, counted = counting.extremes(shape, 10**6, partial=True)
    if shape.components:
        counted[int(np.argmax(shape.comp_cells))] = False
    return shape, (low, high, counted)


LEFT_OUT = {(minesweeper_total, "_extents"): largest_left_out, (minesweeper_probability, "DEFAULT_BUDGET"): 0}
PATCHES = [{}, {(minesweeper_total, "EXTREMES_FACTOR"): 0}, {(minesweeper_probability, "DEFAULT_BUDGET"): 0}, LEFT_OUT]


def check(cells: np.ndarray, total: int, every: np.ndarray | None = None,
          patches: list[dict[tuple[object, str], object]] = PATCHES) -> list[str]:
    """The analysis with ``total`` on its default path, on the counting of every total, on the flip search and on
    the largest component's flip search beside the counted others, against brute force (``every``: all layouts
    whatever their mines, when known); the layout holds exactly ``total`` mines. The encodings, path by path."""
    every = all_layouts(cells, None) if every is None else every
    layouts = every[every.sum(axis=(1, 2)) == total]
    unknown = cells == UNKNOWN
    encodings = []
    for patched in patches:
        with pytest.MonkeyPatch.context() as patch:
            for (module, name), value in patched.items():
                patch.setattr(module, name, value)
            outcome = PUZZLE.solve(MinesweeperInstance(cells, total), Settings(extras={"analyze": True}))
            plain = PUZZLE.solve(MinesweeperInstance(cells, total), Settings())
        assert outcome.status == plain.status == ("solved" if len(layouts) else "unsolvable"), patched
        encodings.append(outcome.stats.encoding)
        if not len(layouts):
            continue
        analysis = outcome.solutions[0].analysis
        assert analysis is not None
        np.testing.assert_array_equal(analysis.forced_mine, unknown & layouts.all(axis=0))
        np.testing.assert_array_equal(analysis.forced_safe, unknown & ~layouts.any(axis=0))
        for layout in (analysis.layout, plain.solutions[0].mines):
            assert int(layout.sum()) == total and engine.counts_hold(cells, layout)
    return encodings


def frontier_range(cells: np.ndarray) -> tuple[int, int] | None:
    """The fewest and most mines on cells next to an open count, over every layout, by brute force."""
    layouts = all_layouts(cells, None)
    if not len(layouts):
        return None
    deduction = engine.propagate(cells)
    frontier = engine.open_counts(cells, deduction).var > 0
    on_frontier = (layouts & frontier).sum(axis=(1, 2))
    return int(on_frontier.min()), int(on_frontier.max())


@settings(max_examples=120, deadline=None)
@given(boards())
def test_the_fewest_and_most_mines_agree_with_brute_force(instance: MinesweeperInstance) -> None:
    cells = instance.cells
    deduction = engine.propagate(cells)
    if deduction.broken is not None:
        return
    shape = structure.build(engine.open_counts(cells, deduction))
    low, high, counted = counting.extremes(shape, 10**6)
    assert counted.all()
    expected = frontier_range(cells)
    if expected is None:
        assert (low > high).any()
    else:
        assert (low <= high).all() and (int(low.sum()), int(high.sum())) == expected


@settings(max_examples=60, deadline=None)
@given(boards(), st.integers(-3, 3), st.booleans())
def test_totals_at_the_ends_agree_with_brute_force(instance: MinesweeperInstance, offset: int, top: bool) -> None:
    """Totals near the fewest and the most mines any layout has: where the total binds some cells and not others."""
    cells = instance.cells
    layouts = all_layouts(cells, None)
    if not len(layouts):
        return
    sums = layouts.sum(axis=(1, 2))
    total = int(sums.max() if top else sums.min()) + offset
    if 0 <= total <= cells.size:
        check(cells, total, layouts)


@pytest.mark.parametrize(("rows", "cols", "seed"), [(3, 7, 1), (3, 7, 2), (5, 5, 3), (5, 5, 4), (3, 8, 5)])
def test_a_lattice_component_with_every_total_agrees_with_brute_force(rows: int, cols: int, seed: int) -> None:
    """One component spanning the board, every total from below the fewest to above the most mines."""
    cells = lattice(rows, cols, seed)
    assert (cells == UNKNOWN).sum() <= 16
    every = all_layouts(cells, None)
    sums = every.sum(axis=(1, 2))
    for total in range(max(0, int(sums.min()) - 1), int(sums.max()) + 2):
        check(cells, total, every)


def test_the_largest_component_alone_decides_beside_counted_ones_on_some_boards() -> None:
    """The flip search over one uncounted component between the totals the rest leaves it (total_giant) is taken,
    not only tried: on random boards with cells no count sees, some totals are decided by it (each checked
    against brute force by ``check``)."""
    taken = 0
    for seed in range(16):
        rng = np.random.default_rng(100 + seed)
        mines = rng.random((4, 5)) < 0.3
        cells = np.where(mines | (rng.random((4, 5)) < 0.55), UNKNOWN, count8(mines)).astype(np.int8)
        if (cells == UNKNOWN).sum() > 16:
            continue
        every = all_layouts(cells, None)
        if not len(every):
            continue
        sums = every.sum(axis=(1, 2))
        for total in range(int(sums.min()), int(sums.max()) + 1):
            taken += check(cells, total, every, [LEFT_OUT])[0].endswith("+component")
    assert taken > 0


def test_unbound_needs_reached_totals_for_the_others() -> None:
    """Two components of 0..2 and 5..5 mines (reached: the ends only), 3 free cells."""
    low, high = np.array([0, 5]), np.array([2, 5])
    assert minesweeper_total.unbound(low, high, 7, 3)  # 5..7 mines on the components, 0..2 for the free cells
    assert minesweeper_total.unbound(low, high, 8, 3)  # 0 on the first: every free cell a mine, 2: one safe
    assert not minesweeper_total.unbound(low, high, 9, 3)  # 0 mines on the first leave 4 for 3 free cells
    assert not minesweeper_total.unbound(low, high, 4, 3)  # the second alone is over the total
    assert not minesweeper_total.unbound(low, high, 6, 0)  # no free cell


@settings(max_examples=150, deadline=None)
@given(boards())
def test_mine_bounds_hold_every_layout(instance: MinesweeperInstance) -> None:
    """The quick bounds on the open counts' mines (the refutation of a total far from the board's) contain the
    mines of every layout brute force finds there."""
    cells = instance.cells
    deduction = engine.propagate(cells)
    if deduction.broken is not None:
        return
    counts = engine.open_counts(cells, deduction)
    fewest, most = minesweeper_total.mine_bounds(counts)
    frontier = counts.var > 0
    for layout in all_layouts(cells, None):
        assert fewest <= int((layout & frontier).sum()) <= most


def test_a_total_far_below_the_boards_is_refuted_without_the_total_search() -> None:
    """200 mines where the counts need far more: unsolvable, by the bounds (the SAT search with the total took 53 s
    on a 60x60 board given 100 mines)."""
    mines = np.random.default_rng(5).random((40, 40)) < 0.2
    cells = np.where(mines, UNKNOWN, count8(mines)).astype(np.int8)
    cells[np.random.default_rng(6).random((40, 40)) < 0.6] = UNKNOWN
    deduction = engine.propagate(cells)
    fewest, _ = minesweeper_total.mine_bounds(engine.open_counts(cells, deduction))
    assert fewest + int(deduction.mine.sum()) > 200
    layout, _, stats = minesweeper_total.with_total(cells, 200, settle=False)
    assert layout is None and stats.encoding.endswith("+bounds")


def _meets(mines: np.ndarray, cells: np.ndarray, clues: list[tuple[int, int]]) -> np.ndarray:
    """Which of the boards ``mines`` (one per row of the first axis) meet every count in ``clues``."""
    ok = np.ones(len(mines), dtype=bool)
    for r, c in clues:
        around = mines[:, max(r - 1, 0):r + 2, max(c - 1, 0):c + 2].sum(axis=(1, 2))
        ok &= around == cells[r, c]
    return ok


def test_a_total_out_of_the_counts_reach_is_explained_by_a_minimal_set_without_sat() -> None:
    """total_conflict's set against brute force: with the total no placement meets its counts; without any one
    of them, or without the total, one does. Boards with flagged mines, totals from 0 to every cell."""
    named = 0
    for seed in range(30):
        rng = np.random.default_rng(700 + seed)
        rows, cols = 4, 4 + seed % 2
        truth = rng.random((rows, cols)) < 0.35
        cells = np.where(truth, UNKNOWN, count8(truth)).astype(np.int8)
        cells[(rng.random((rows, cols)) < 0.4) & ~truth] = UNKNOWN
        cells[truth & (rng.random((rows, cols)) < 0.3)] = MINE
        unknown = np.argwhere(cells == UNKNOWN)
        if len(unknown) > 14:
            continue
        boards = np.zeros((1 << len(unknown), rows, cols), dtype=bool)
        bits = (np.arange(1 << len(unknown))[:, None] >> np.arange(len(unknown))) & 1
        boards[:, unknown[:, 0], unknown[:, 1]] = bits.astype(bool)
        boards |= cells == MINE
        totals = boards.sum(axis=(1, 2))
        for total in range(rows * cols + 1):
            conflict = total_conflict(cells, total)
            if conflict is None:
                continue
            named += 1
            assert not (_meets(boards, cells, conflict) & (totals == total)).any()
            assert _meets(boards, cells, conflict).any()  # the counts alone hold
            for dropped in range(len(conflict)):
                rest = conflict[:dropped] + conflict[dropped + 1:]
                assert (_meets(boards, cells, rest) & (totals == total)).any()
    assert named > 0


def test_explain_names_a_total_out_of_reach_at_once() -> None:
    """A 40x40 board given 200 mines where its counts need far more: the conflict is the total and counts with
    disjoint neighbours, named without SAT (the SAT minimisation ran past 120 s on such boards)."""
    mines = np.random.default_rng(5).random((40, 40)) < 0.2
    cells = np.where(mines, UNKNOWN, count8(mines)).astype(np.int8)
    cells[np.random.default_rng(6).random((40, 40)) < 0.6] = UNKNOWN
    text = "40 40\nmines 200\n" + "\n".join(" ".join("?" if v == UNKNOWN else str(v) for v in row) for row in cells)
    result = run_cli("minesweeper", "-", "--explain", "--format", "json", stdin=text + "\n")
    data = json.loads(result.out)
    assert result.code == 1 and data["status"] == "unsolvable"
    clues = data["explanation"]["clues"]
    assert data["explanation"]["mines"] == 200 and clues
    assert sum(int(cells[r, c]) for r, c, _ in clues) > 200  # disjoint counts needing more than the total


@pytest.mark.parametrize("seed", [1, 2])
def test_choices_in_chunks_count_as_at_once(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """The counting's choices worked out a few states at a time (as for the 3.5 M states of a 60x60 board's
    percolating component) give the same layouts, totals and extremes as all states at once."""
    cells = lattice(10, 12, seed)
    shape = structure.build(engine.open_counts(cells, engine.propagate(cells)))

    def counted() -> list[np.ndarray]:
        out = [np.asarray(part) for part in counting.extremes(shape, 10**6)]
        for mode in (counting.WAYS, counting.WAYS_BY_MINES, counting.TOTALS):
            out.append(counting.forward(shape, 10**6, mode).layouts)
        return out

    at_once = counted()
    monkeypatch.setattr(counting, "CHOICE_CHUNK", 5)
    for chunked, whole in zip(counted(), at_once):
        np.testing.assert_array_equal(chunked, whole)
    assert at_once[2].all()  # every component counted: the chunks were walked


@pytest.mark.parametrize("options", [{}, {"analyze": True}, {"unique": True}, {"count": 3}])
def test_the_sat_seconds_include_the_side_searches_that_made_the_sat_calls(options: dict[str, object]) -> None:
    """A solve with a total that made SAT calls reports the time they took: the layout found without the total
    (janko.at's 8x8 with 'mines 11') was counted as a SAT call but its seconds were left out ('0.000000 s')."""
    import satpuzzles.api as api

    for puzzle in api.read("instances/minesweeper/janko-data/minesweeper.txt"):
        stats = puzzle.solve(**options).stats
        assert isinstance(stats["sat_calls"], int) and isinstance(stats["solve_seconds"], float)
        if stats["sat_calls"]:
            assert stats["solve_seconds"] > 0, (puzzle, options, stats)


@settings(max_examples=200, deadline=None)
@given(boards(), st.integers(0, 100), st.integers(-1, 1), st.integers(0, 2))
def test_windows_covering_a_small_board_find_a_layout_in_range_exactly_when_one_exists(
        instance: MinesweeperInstance, pick: int, offset: int, width: int) -> None:
    """On a board no wider or taller than the smallest window, the first window is the whole board, so the window
    search decides: a layout whose mines next to open counts number between low and high (a range near one the
    board's layouts reach), found iff one exists."""
    cells = instance.cells
    deduction = engine.propagate(cells)
    if deduction.broken is not None:
        return
    counts = engine.open_counts(cells, deduction)
    start = components.find_layout(cells)[0]
    if start is None:
        return
    frontier = counts.var > 0
    on_frontier = (all_layouts(cells, None) & frontier).sum(axis=(1, 2))
    reached = np.unique(on_frontier)
    low = max(int(reached[pick % len(reached)]) + offset, 0)
    high = low + width
    values = np.zeros(int(counts.var.max(initial=0)) + 1, dtype=bool)
    values[counts.var[start & frontier]] = True
    shifted, _ = shifted_layout(counts, values, low, high)
    assert (shifted is not None) == bool(((low <= on_frontier) & (on_frontier <= high)).any())
    if shifted is not None:
        assert low <= int(shifted[1:].sum()) <= high and engine.counts_met(counts, shifted)


def test_a_total_the_layout_without_it_misses_is_reached_by_windows_and_agrees_with_brute_force() -> None:
    """Lattice boards whose first layout holds too many or too few mines for some totals: the windows move it
    (the plain solve's encoding says so), and every answer agrees with brute force on every path."""
    encodings = []
    for rows, cols, seed in [(3, 7, 1), (5, 5, 3), (5, 5, 4)]:
        cells = lattice(rows, cols, seed)
        every = all_layouts(cells, None)
        sums = every.sum(axis=(1, 2))
        for total in range(int(sums.min()), int(sums.max()) + 1):
            encodings.append(PUZZLE.solve(MinesweeperInstance(cells, total), Settings()).stats.encoding)
            check(cells, total, every, patches=[{}])
    assert "propagate+total+windows" in encodings
