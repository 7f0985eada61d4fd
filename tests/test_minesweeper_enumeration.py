"""--count N and --unique against brute force: the engine's enumeration by components (no total) and the
whole-board formula (with a total, or with -o), on boards with and without cells no count sees."""

from __future__ import annotations

import json

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from satpuzzles.core.outcome import Settings
from satpuzzles.puzzles.minesweeper.engine import components as minesweeper_components
from satpuzzles.puzzles.minesweeper.model import UNKNOWN, MinesweeperInstance
from tests.conftest import run_cli
from tests.test_minesweeper_analysis import PUZZLE, all_layouts, boards


def check_enumeration(instance: MinesweeperInstance, wanted: int, unique: bool) -> None:
    """The solutions found are distinct layouts among brute force's, as many as asked or all there are, and the
    count or uniqueness claimed is brute force's; the engine answers exactly when there is no total."""
    layouts = all_layouts(instance.cells, instance.mines)
    asked = Settings(solver="glucose4", count=wanted, unique=unique)
    outcome = PUZZLE.solve(instance, asked)
    assert outcome.stats.method == ("engine" if instance.mines is None or asked.wanted == 1 else "cnf")
    assert outcome.status == ("solved" if len(layouts) else "unsolvable")
    found = {np.asarray(solution.mines, dtype=bool).tobytes() for solution in outcome.solutions}
    assert len(found) == len(outcome.solutions) == min(asked.wanted, len(layouts))  # distinct, as many as there are
    assert found <= {layout.tobytes() for layout in layouts}
    if len(layouts) and len(layouts) < asked.wanted:
        assert outcome.exhausted  # all there are, proved
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


def test_a_generated_board_is_enumerated_by_the_engine_unless_the_formula_is_kept(tmp_path) -> None:
    """The engine answers --unique and --count N on a 40x40 board (its cells no count sees vary); with -o the
    whole-board formula does, and with a total too; every answer verified."""
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
    assert answer["stats"]["method"] == "cnf" and answer["count"] == len(all_layouts(
        np.array([[1, -1, -1], [-1, -1, -1], [-1, -1, 1]], dtype=np.int8), 2)) and answer["exhausted"] is True


def test_uniqueness_is_proved_by_the_engine(tmp_path) -> None:
    """A board whose every unknown cell a count decides: unique by the components, exhausted, exit 0."""
    board = tmp_path / "board.in"
    board.write_text("2 3\n1 ? 1\n1 1 1\n")
    result = run_cli("minesweeper", board, "--unique", "--format", "json")
    assert result.code == 0, result.err
    answer = json.loads(result.out)
    assert answer["stats"]["method"] == "engine" and answer["unique"] is True and answer["count"] == 1
