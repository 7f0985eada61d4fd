"""--count N and --unique against brute force: the engine's enumeration by components (without a total, and with
one), and the whole-board formula (with -o), on boards with and without cells no count sees."""

from __future__ import annotations

import json

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from satpuzzles.core.outcome import Settings
from satpuzzles.puzzles.minesweeper.engine import components as minesweeper_components
from satpuzzles.puzzles.minesweeper.engine import total_enumeration
from satpuzzles.geometry import count8
from satpuzzles.puzzles.minesweeper.model import MINE, UNKNOWN, MinesweeperInstance
from tests.conftest import run_cli
from tests.test_minesweeper_analysis import PUZZLE, all_layouts, boards


def check_enumeration(instance: MinesweeperInstance, wanted: int, unique: bool, budget: int | None = None) -> None:
    """The solutions found are distinct layouts among brute force's, as many as asked or all there are, and the
    count or uniqueness claimed is brute force's; the engine answers, with a total or without."""
    layouts = all_layouts(instance.cells, instance.mines)
    asked = Settings(solver="glucose4", count=wanted, unique=unique,
                     extras={"probability_budget": budget} if budget else {})
    outcome = PUZZLE.solve(instance, asked)
    assert outcome.stats.method == "engine"
    assert outcome.status == ("solved" if len(layouts) else "unsolvable")
    found = {np.asarray(solution.mines, dtype=bool).tobytes() for solution in outcome.solutions}
    assert len(found) == len(outcome.solutions) == min(asked.wanted, len(layouts))  # distinct, as many as there are
    assert found <= {layout.tobytes() for layout in layouts}
    if len(layouts) and len(layouts) < asked.wanted:
        assert outcome.exhausted  # all there are, proved
    if len(layouts) > asked.wanted:
        assert not outcome.exhausted  # "all found" only when it is so
    if unique and len(layouts):
        assert outcome.uniqueness(asked) is (len(layouts) == 1)


@settings(max_examples=150, deadline=None)
@given(boards(), st.integers(1, 6), st.booleans())
@example(MinesweeperInstance(np.array([[1, UNKNOWN, UNKNOWN, UNKNOWN]], dtype=np.int8), None), 5, False)  # 2+free
@example(MinesweeperInstance(np.array([[UNKNOWN, 1, UNKNOWN]], dtype=np.int8), None), 3, False)  # 2 layouts only
@example(MinesweeperInstance(np.array([[1, UNKNOWN]], dtype=np.int8), None), 1, True)  # unique
def test_count_and_unique_agree_with_brute_force(instance: MinesweeperInstance, wanted: int, unique: bool) -> None:
    check_enumeration(instance, wanted, unique)


@settings(max_examples=40, deadline=None)
@given(boards(), st.integers(2, 6))
def test_enumeration_over_windowed_components_agrees_with_brute_force(instance: MinesweeperInstance,
                                                                      wanted: int) -> None:
    """Every component treated as big: the backbone that picks the components to enumerate comes from windows."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(minesweeper_components, "BIG_COMPONENT", 0)
        patch.setattr(minesweeper_components, "TILE", 2)
        patch.setattr(minesweeper_components, "MARGINS", (0, 1))
        check_enumeration(MinesweeperInstance(instance.cells, None), wanted, False)


@st.composite
def boards_with_totals(draw: st.DrawFn) -> MinesweeperInstance:
    """Up to 5x5, always a total (the layout's own, one off it, or any), some unknown cells no count sees (a
    hidden region), flagged mines; at most 14 unknown cells, for brute force."""
    rows, cols = draw(st.integers(1, 5)), draw(st.integers(1, 5))
    mines = np.array(draw(st.lists(st.booleans(), min_size=rows * cols, max_size=rows * cols))).reshape(rows, cols)
    cells = np.where(mines, UNKNOWN, count8(mines)).astype(np.int8)
    hide = np.array(draw(st.lists(st.booleans(), min_size=rows * cols, max_size=rows * cols))).reshape(rows, cols)
    cells[hide & ~mines] = UNKNOWN
    if draw(st.booleans()):  # a corner region hidden whole: its inner cells are seen by no count
        r, c = draw(st.integers(1, rows)), draw(st.integers(1, cols))
        cells[:r, :c][~mines[:r, :c]] = UNKNOWN
    for r, c in np.argwhere(cells == UNKNOWN)[:max(int((cells == UNKNOWN).sum()) - 14, 0)].tolist():
        cells[r, c] = MINE if mines[r, c] else count8(mines)[r, c]
    own = int(mines.sum())
    total = draw(st.one_of(st.just(own), st.sampled_from([own - 1, own + 1]), st.integers(0, rows * cols)))
    return MinesweeperInstance(cells, max(total, 0))


@settings(max_examples=150, deadline=None)
@given(boards_with_totals(), st.integers(1, 12), st.booleans())
@example(MinesweeperInstance(np.array([[UNKNOWN] * 3, [UNKNOWN, 1, UNKNOWN], [UNKNOWN] * 3], dtype=np.int8), 1),
         9, False)  # 8 layouts, all found
@example(MinesweeperInstance(np.array([[1, UNKNOWN, UNKNOWN, UNKNOWN, UNKNOWN]], dtype=np.int8), 3), 5, False)
@example(MinesweeperInstance(np.array([[1, UNKNOWN, UNKNOWN]], dtype=np.int8), 3), 2, True)  # no layout
@example(MinesweeperInstance(np.array([[1, UNKNOWN, 1, UNKNOWN, UNKNOWN]], dtype=np.int8), 1), 1, True)  # unique
def test_count_and_unique_with_a_total_agree_with_brute_force(instance: MinesweeperInstance, wanted: int,
                                                              unique: bool) -> None:
    check_enumeration(instance, wanted, unique)


@settings(max_examples=60, deadline=None)
@given(boards_with_totals(), st.integers(2, 12))
def test_the_total_enumeration_without_exact_counts_or_counting_agrees_with_brute_force(
        instance: MinesweeperInstance, wanted: int) -> None:
    """Every component's layouts with m mines run out by the solver's refutation (no count trusted); with the
    counting over its budget the whole board is enumerated with the total as one constraint; with only the sets
    of each component's totals counted, the walk runs on them."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(total_enumeration, "EXACT_FLOAT", 0)
        check_enumeration(instance, wanted, False)
    check_enumeration(instance, wanted, False, budget=1)
    counted_by_mines = total_enumeration.counting.forward

    def sets_only(shape, budget, mode="ways", every=False, most=None):  # type: ignore[no-untyped-def]
        if mode == total_enumeration.counting.WAYS_BY_MINES:  # as when the numbers by mines are over the budget
            return total_enumeration.counting._nothing(shape, mode)
        return counted_by_mines(shape, budget, mode, every, most)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(total_enumeration.counting, "forward", sets_only)
        check_enumeration(instance, wanted, False)


def test_a_generated_board_is_enumerated_by_the_engine_unless_the_formula_is_kept(tmp_path) -> None:
    """The engine answers --unique and --count N on a 40x40 board (its cells no count sees vary); with -o the
    whole-board formula does; a total keeps the engine; every answer verified."""
    board = tmp_path / "board.in"
    board.write_text(PUZZLE.generate(40, 40, 7, {"mine_density": 0.2, "reveal_density": 0.3}))
    for flags, method in ((["--unique"], "engine"), (["--count", "4"], "engine"),
                          (["--unique", "-o", tmp_path / "board.cnf"], "cnf")):
        result = run_cli("minesweeper", board, *flags, "--format", "json")
        assert result.code == 0, result.err
        answer = json.loads(result.out)
        assert answer["stats"]["method"] == method
        assert answer["count"] == (4 if "4" in flags else 2) and answer["exhausted"] is False
        if "--unique" in flags:
            assert answer["unique"] is False
    assert (tmp_path / "board.cnf").read_text().startswith("c")
    with_total = tmp_path / "total.in"
    with_total.write_text("3 3\n1 ? ?\n? ? ?\n? ? 1\nmines 2\n")
    answer = json.loads(run_cli("minesweeper", with_total, "--count", "9", "--format", "json").out)
    assert answer["stats"]["method"] == "engine" and answer["count"] == len(all_layouts(
        np.array([[1, -1, -1], [-1, -1, -1], [-1, -1, 1]], dtype=np.int8), 2)) and answer["exhausted"] is True


def test_uniqueness_is_proved_by_the_engine(tmp_path) -> None:
    """A board whose every unknown cell a count decides: unique by the components, exhausted, exit 0."""
    board = tmp_path / "board.in"
    board.write_text("2 3\n1 ? 1\n1 1 1\n")
    result = run_cli("minesweeper", board, "--unique", "--format", "json")
    assert result.code == 0, result.err
    answer = json.loads(result.out)
    assert answer["stats"]["method"] == "engine" and answer["unique"] is True and answer["count"] == 1


def test_batch_by_the_engine_decides_uniqueness_under_a_total(tmp_path) -> None:
    """`batch --method engine --unique` on boards with a total: a row each, solved and decided (it was an error
    row, the engine refusing a total), the unique one unique and the other not."""
    (tmp_path / "many.in").write_text("3 3\n? ? ?\n? 1 ?\n? ? ?\nmines 1\n")
    (tmp_path / "one.in").write_text("1 5\n1 ? 1 ? ?\nmines 1\n")
    result = run_cli("batch", tmp_path, "--method", "engine", "--unique", "--format", "json")
    assert result.code == 0, result.err
    rows = {row["file"].rsplit("/", 1)[-1]: row for row in map(json.loads, result.out.splitlines())}
    assert {name: (row["status"], row["unique"], row["encoding"]) for name, row in rows.items()} == {
        "many.in": ("solved", False, "propagate+total+enumeration"),
        "one.in": ("solved", True, "propagate+total+enumeration")}
