"""--hint says why its cell is safe: the revealed counts (and the mine total) that leave it no room for a mine,
checked against brute force: together they rule a mine out there, and without any one of them they do not."""

from __future__ import annotations

import json
import re
from itertools import product

import numpy as np
from hypothesis import given, settings

from satpuzzles.core.outcome import Settings
from satpuzzles.puzzles.minesweeper.model import MINE, UNKNOWN, MinesweeperInstance
from tests.conftest import Driver, run_cli
from tests.test_minesweeper_analysis import all_layouts, boards, neighbour_mines

PUZZLE = Driver("minesweeper")


def fits(cells: np.ndarray, counts: list[tuple[int, int]], total: int | None, mine: tuple[int, int]) -> bool:
    """Whether some layout puts a mine on ``mine`` and meets these counts alone (and the total, if given); revealed
    cells never hold a mine."""
    unknown = np.argwhere(cells == UNKNOWN)
    picks = np.array(list(product((False, True), repeat=len(unknown))), dtype=bool).reshape(2 ** len(unknown), len(unknown))
    layouts = np.repeat((cells == MINE)[None], len(picks), axis=0)
    layouts[:, unknown[:, 0], unknown[:, 1]] = picks
    ok = layouts[:, mine[0], mine[1]].copy()
    around = neighbour_mines(layouts)
    for r, c in counts:
        ok &= around[:, r, c] == cells[r, c]
    if total is not None:
        ok &= layouts.sum(axis=(1, 2)) == total
    return bool(ok.any())


@settings(max_examples=150, deadline=None)
@given(boards())
def test_a_hints_reason_rules_a_mine_out_and_needs_every_count_it_names(instance: MinesweeperInstance) -> None:
    if not len(all_layouts(instance.cells, instance.mines)):
        return
    outcome = PUZZLE.solve(instance, Settings(extras={"hint": True}))
    advice = outcome.solutions[0].hint
    if not advice.safe:
        assert advice.reason is None
        return
    reason, cell = advice.reason, advice.safe[0]
    assert reason is not None and (reason.counts or reason.total)
    counts, total = list(reason.counts), instance.mines if reason.total else None
    assert all(instance.cells[r, c] == value for (r, c), value in zip(counts, reason.values))
    assert not fits(instance.cells, counts, total, cell)
    for dropped in range(len(counts)):
        assert fits(instance.cells, counts[:dropped] + counts[dropped + 1:], total, cell)
    if reason.total:
        assert fits(instance.cells, counts, None, cell)


def test_the_hint_names_the_counts_that_make_its_cell_safe() -> None:
    """Two 1s on a wall (the '1-1' pattern): the corner 1's mine is one of the two cells both see, so the second 1's
    third cell is safe. The hint said only 'it is safe in every placement'."""
    board = "2 3\n? ? ?\n1 1 ?\n"
    text = run_cli("minesweeper", "-", "--hint", stdin=board).out
    assert ("Hint = open row 1, column 3: the 1 at row 2, column 1 and the 1 at row 2, column 2 leave no room for "
            "a mine there (and 1 more safe cell, marked o)") in text
    record = json.loads(run_cli("minesweeper", "-", "--hint", "--format", "json", stdin=board).out)
    assert record["hint"]["safe"] == [[0, 2], [1, 2]]
    assert record["hint"]["reason"] == {"counts": [[1, 0], [1, 1]], "mine_total": False}


def test_a_hint_safe_only_by_the_total_says_so() -> None:
    """'1 ? ? ?' with one mine: the 1 takes it, so the cells beyond are safe, by the 1 and the total together."""
    text = run_cli("minesweeper", "-", "--hint", stdin="1 ? ? ?\nmines 1\n").out
    assert "Hint = open row 1, column 3: the 1 at row 1, column 1 and the mine total leave no room for a mine there" \
        in text
    record = json.loads(run_cli("minesweeper", "-", "--hint", "--format", "json", stdin="F ? ?\nmines 1\n").out)
    assert record["hint"]["reason"] == {"counts": [], "mine_total": True}
    assert "Hint = open row 1, column 2: the mine total leaves no room for a mine there" in \
        run_cli("minesweeper", "-", "--hint", stdin="F ? ?\nmines 1\n").out


def test_the_hint_names_the_cell_with_the_shortest_reason() -> None:
    """The first safe cell in reading order (row 1, column 2) needs two counts; the hint names one a single count
    shows, and lists it first among the safe cells."""
    board = "1 ? ? 0\n1 ? ? 0\n1 1 ? 0\n"
    record = json.loads(run_cli("minesweeper", "-", "--hint", "--format", "json", stdin=board).out)
    assert record["hint"]["safe"] == [[0, 2], [0, 1], [1, 2], [2, 2]]
    assert record["hint"]["reason"] == {"counts": [[0, 3]], "mine_total": False}


def test_a_guess_beside_a_certain_mine_does_not_say_no_cell_is_certain() -> None:
    """'1 ? ? ?': the 1's cell is a certain mine (drawn '*'), and the hint's guess said 'no cell is certain'."""
    text = run_cli("minesweeper", "-", "--hint", stdin="1 ? ? ?\n").out
    assert "Hint = no cell is certainly safe: row 1, column 3 has the lowest risk, 50.0%" in text
    assert text.rstrip().endswith("1 * ! ?") and "no cell is certain:" not in text


def test_a_count_that_cannot_be_met_says_why() -> None:
    """A player's wrong flags made 'the count 1 at row 1, column 1 cannot be met', which did not say that the flags
    were the trouble; and a count failing only through what other counts force was blamed as if alone."""
    says = {board: run_cli("minesweeper", "-", stdin=board).out for board in (
        "1 F ?\nF ? ?\n? ? 1\n", "4 ?\n? ?\n", "1 0\n", "1 ? ?\n? 0 ?\n? ? ?\n")}
    assert ("Solvable = False (the count 1 at row 1, column 1 cannot be met: 2 of its neighbours are flagged)\n"
            in says["1 F ?\nF ? ?\n? ? 1\n"])
    assert ("Solvable = False (the count 4 at row 1, column 1 cannot be met: only 3 of its neighbours can hold a "
            "mine)\n" in says["4 ?\n? ?\n"])
    assert "(the count 1 at row 1, column 1 cannot be met: none of its neighbours can hold a mine)\n" in says["1 0\n"]
    assert ("(the count 1 at row 1, column 1 cannot be met, given what the other counts force; --explain names a "
            "minimal conflicting set)\n" in says["1 ? ?\n? 0 ?\n? ? ?\n"])
    record = json.loads(run_cli("minesweeper", "-", "--unique", "--format", "json", stdin="0 F\n").out)
    assert record["message"] == "the count 0 at row 1, column 1 cannot be met: 1 of its neighbours is flagged"


def test_the_hints_picture_outlines_the_counts_that_show_its_cell_safe(tmp_path) -> None:
    picture = tmp_path / "hint.svg"
    assert run_cli("minesweeper", "-", "--hint", "--svg", picture, stdin="2 3\n? ? ?\n1 1 ?\n").code == 0
    drawn = picture.read_text()
    assert 'd="M10 20m-3.4 -3.4h6.8v6.8h-6.8zM20 20m-3.4 -3.4h6.8v6.8h-6.8z" class="reason"' in drawn  # row 2's 1s
    legend = " ".join(re.sub(r"<[^>]+>", " ", drawn).split())
    assert "dashed blue outline: the counts that show row 1, column 3 safe" in legend
