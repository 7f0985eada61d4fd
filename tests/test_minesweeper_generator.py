"""generate minesweeper: random boards, no-guess games and unique puzzles, through the real CLI."""

from __future__ import annotations

import json

import numpy as np
import pytest

from satpuzzles.geometry import count8
from satpuzzles.puzzles.minesweeper import generator
from satpuzzles.puzzles.minesweeper.model import MINE, UNKNOWN
from tests.conftest import Driver, run_cli

PUZZLE = Driver("minesweeper")


def generated(*args: str) -> str:
    result = run_cli("generate", "minesweeper", *args)
    assert result.code == 0, result.err
    return result.out


def test_random_boards_are_solvable_and_reproducible() -> None:
    text = generated("12", "15", "--seed", "5")
    assert text == generated("12", "15", "--seed", "5")
    assert text != generated("12", "15", "--seed", "6")
    instance = PUZZLE.parse(text)[0]
    assert instance.cells.shape == (12, 15)
    assert PUZZLE.solve(instance, PUZZLE_SETTINGS()).status == "solved"


def PUZZLE_SETTINGS():  # noqa: N802 - a small factory for readability
    from satpuzzles.core.outcome import Settings

    return Settings()


def test_exact_mine_count() -> None:
    text = generated("6", "7", "--mines", "11", "--reveal-density", "0", "--seed", "1")
    assert PUZZLE.parse(text)[0].cells.tolist() == [[UNKNOWN] * 7] * 6
    assert run_cli("generate", "minesweeper", "3", "3", "--mines", "10").code == 2


@pytest.mark.parametrize("seed", range(6))
def test_no_guess_games_are_solved_by_deduction_from_the_first_click(seed: int) -> None:
    text = generated("16", "30", "--mines", "99", "--no-guess", "--reveal-layout", "--seed", str(seed))
    if seed == 0:  # the hidden game's board below is made again too: the same board shows a seed's game repeats
        assert text == generated("16", "30", "--mines", "99", "--no-guess", "--reveal-layout", "--seed", str(seed))
    hidden = generated("16", "30", "--mines", "99", "--no-guess", "--seed", str(seed))
    assert generator.LAYOUT_HEADING not in hidden and PUZZLE.parse(hidden)[0].cells.tolist() == \
        PUZZLE.parse(text)[0].cells.tolist(), "the same game, its layout kept secret"
    instance = PUZZLE.parse(text)[0]
    mines = generator.layout_from_text(text)
    assert instance.mines == 99 == int(mines.sum())
    first = (7, 14)
    assert not mines[6:9, 13:16].any(), "the first click's neighbourhood is mine-free"
    np.testing.assert_array_equal(instance.cells, generator.opening_board(mines, first))
    opened = instance.cells >= 0
    assert (instance.cells[opened] == count8(mines)[opened]).all()
    finished = generator.play(mines, instance.cells, generator.total_analysis)
    assert generator.solved(mines, finished)


def test_no_guess_is_refused_clearly_when_the_budget_runs_out() -> None:
    result = run_cli("generate", "minesweeper", "8", "8", "--mines", "40", "--no-guess", "--attempts", "1", "--seed", "1")
    assert result.code == 3
    assert "no no-guess board turned up in 1 attempt:" in result.err
    assert result.out == ""
    assert run_cli("generate", "minesweeper", "4", "4", "--no-guess", "--first-click", "9,9").code == 2
    assert run_cli("generate", "minesweeper", "4", "4", "--no-guess", "--first-click", "x").code == 2
    assert run_cli("generate", "minesweeper", "4", "4", "--no-guess", "--unique").code == 2
    for only_with_no_guess in (["--first-click", "2,2"], ["--reveal-layout"]):  # not ignored silently
        refused = run_cli("generate", "minesweeper", "4", "4", *only_with_no_guess)
        assert refused.code == 2 and "is for --no-guess games" in refused.err


@pytest.mark.parametrize(("args", "words"), [
    (["--mines", "3", "--mine-density", "0.5"], "both set the mines"),
    (["--unique", "--reveal-density", "0.5"], "--reveal-density is for random boards"),
    (["--no-guess", "--reveal-density", "0.9"], "--reveal-density is for random boards"),
    # the defaults typed out are options given too: they were taken for absent and dropped without a word
    (["--mines", "3", "--mine-density", "0.2"], "--mines 3 and --mine-density 0.2 both set the mines"),
    (["--unique", "--reveal-density", "0.3"], "--reveal-density is for random boards"),
    (["--no-guess", "--reveal-density", "0.3"], "--reveal-density is for random boards"),
], ids=["mines-and-density", "unique-reveal", "no-guess-reveal", "mines-and-default-density",
        "unique-default-reveal", "no-guess-default-reveal"])
def test_an_option_another_one_overrides_is_refused_not_ignored(args: list[str], words: str) -> None:
    # --mines won over --mine-density, and --unique and --no-guess revealed what they need whatever
    # --reveal-density said, without a word: refused in one line, as --first-click without --no-guess is.
    refused = run_cli("generate", "minesweeper", "5", "5", "--seed", "1", *args)
    assert (refused.code, refused.out) == (2, "") and words in refused.err
    assert generated("5", "5", "--seed", "1", "--mines", "3", "--reveal-density", "0.5").count("?") > 0


@pytest.mark.parametrize(("typed", "named"), [([], "the default --mine-density 0.2"),
                                               (["--mine-density", "0.3"], "--mine-density 0.3")])
def test_mines_that_do_not_fit_name_the_density_as_it_came(typed: list[str], named: str) -> None:
    # A 2x2 game's first click clears the board; the message named --mine-density 0.2, which nobody typed.
    refused = run_cli("generate", "minesweeper", "2", "2", "--no-guess", *typed)
    assert refused.code == 2 and refused.err == f"satpuzzles: error: {named}: 1 mine does not fit: the first click's area leaves 0 cells\n"


@pytest.mark.parametrize("size", [("4", "4", "5"), ("9", "9", "71"), ("5", "6", "4")], ids="x".join)
def test_a_board_with_few_layouts_has_each_tried_once(size: tuple[str, str, str]) -> None:
    rows, cols, mines = size
    text = generated(rows, cols, "--mines", mines, "--no-guess", "--reveal-layout", "--seed", "1")
    layout = generator.layout_from_text(text)
    assert int(layout.sum()) == int(mines)
    assert generator.solved(layout, generator.play(layout, PUZZLE.parse(text)[0].cells, generator.total_analysis))


def test_a_board_with_no_no_guess_game_is_refused_at_once() -> None:
    # 2 x 6 with 3 mines: none of its 20 layouts is a no-guess game, which is said at once (exit 2, not 3 after
    # minutes of random attempts), in words that name no option
    refused = run_cli("generate", "minesweeper", "2", "6", "--mines", "3", "--no-guess", "--attempts", "1000")
    assert refused.code == 2 and "each of its 20 layouts needs a guess" in refused.err and "--" not in refused.err


def test_first_click_is_honoured() -> None:
    text = generated("10", "10", "--mines", "10", "--no-guess", "--first-click", "1,1", "--seed", "3")
    assert "first click at row 1, column 1" in text
    assert PUZZLE.parse(text)[0].cells[0, 0] == 0


@pytest.mark.parametrize("seed", range(3))
def test_unique_puzzles_determine_every_mine(seed: int) -> None:
    text = generated("9", "9", "--mines", "12", "--unique", "--seed", str(seed))
    assert text == generated("9", "9", "--mines", "12", "--unique", "--seed", str(seed))
    record = json.loads(run_cli("minesweeper", "-i", "-", "--analyze", "--format", "json", stdin=text).out)
    assert record["status"] == "solved"
    assert record["analysis"]["undetermined"] == []
    unique = json.loads(run_cli("minesweeper", "-i", "-", "--unique", "--format", "json", stdin=text).out)
    assert unique["unique"] is True
    cells = PUZZLE.parse(text)[0].cells
    assert (cells != MINE).all() and (cells == UNKNOWN).sum() > 12, "some counts were hidden"


def test_unique_with_an_exact_mine_count_keeps_it() -> None:
    text = generated("10", "10", "--mines", "60", "--unique", "--seed", "3")
    record = json.loads(run_cli("minesweeper", "-i", "-", "--analyze", "--format", "json", stdin=text).out)
    assert len(record["analysis"]["mine"]) == 60 and record["analysis"]["undetermined"] == []
    assert run_cli("generate", "minesweeper", "3", "3", "--no-guess").code == 2  # no room around the click


@pytest.mark.parametrize(("size", "mines", "says"), [
    (("3", "3"), "9", "--mines 9 fills the board of 3 rows x 3 columns: no safe cell is left to carry a count"),
    (("2", "2"), "4", "--mines 4 fills the board of 2 rows x 2 columns: no safe cell is left to carry a count"),
    (("4", "4"), "13", "--mines 13 leaves 3 safe cells on the board of 4 rows x 4 columns, and every mine needs a safe neighbour"),
])
def test_unique_with_too_many_mines_is_bad_usage_at_once(size: tuple[str, str], mines: str, says: str) -> None:
    result = run_cli("generate", "minesweeper", *size, "--unique", "--mines", mines, "--seed", "1")
    assert result.code == 2 and says in result.err and "--attempts" not in result.err


@pytest.mark.parametrize(("rows", "cols", "mines"), [(4, 4, 12), (6, 6, 32), (3, 3, 8), (10, 10, 84)])
def test_unique_with_the_most_mines_that_fit_is_made_even_where_random_draws_fail(rows: int, cols: int,
                                                                                   mines: int) -> None:
    assert rows * cols - mines == generator.fewest_safe_cells(rows, cols)
    text = generated(str(rows), str(cols), "--mines", str(mines), "--unique", "--seed", "1", "--attempts", "1")
    record = json.loads(run_cli("minesweeper", "-i", "-", "--analyze", "--format", "json", stdin=text).out)
    assert len(record["analysis"]["mine"]) == mines and record["analysis"]["undetermined"] == []


def test_every_mine_count_either_fits_or_is_refused() -> None:
    from satpuzzles.core.errors import UsageError

    rng = np.random.default_rng(0)
    for rows in range(1, 7):
        for cols in range(1, 7):
            for mines in range(rows * cols + 1):
                fits = mines == 0 or rows * cols - mines >= generator.fewest_safe_cells(rows, cols)
                try:
                    layout = generator.unique_layout(rows, cols, mines, 1, rng)
                except UsageError:
                    assert not fits
                    continue
                assert fits and int(layout.sum()) == mines and not generator.isolated_mines(layout).any()


@pytest.mark.parametrize(("flags", "said"), [(["--mines", "17"], "--mines 17: 17 mines do not fit"),
                                             (["--mine-density", "0.99"], "--mine-density 0.99: 25 mines do not fit")])
def test_a_no_guess_game_too_full_for_its_opening_names_the_option(flags: list[str], said: str) -> None:
    refused = run_cli("generate", "minesweeper", "5", "5", "--no-guess", *flags)
    assert refused.code == 2 and refused.out == ""
    assert refused.err == f"satpuzzles: error: {said}: the first click's area leaves 16 cells\n"


def test_unique_with_a_density_that_fills_the_board_is_bad_usage_as_with_mines() -> None:
    """--mine-density 1 --unique made a board of no mine at all (every mine dropped as one no count can see), where
    --mines N filling the board is refused."""
    result = run_cli("generate", "minesweeper", "4", "4", "--unique", "--mine-density", "1", "--seed", "1")
    assert result.code == 2 and result.out == ""
    assert "--mine-density 1.0 fills the board of 4 rows x 4 columns: no safe cell is left to carry a count" in result.err


def test_a_board_not_square_is_named_by_rows_and_columns_as_its_picture_cannot_contradict(tmp_path) -> None:
    """A 2-row, 5-column board's picture is titled 'Minesweeper 5x2' (width x height, as every puzzle's picture and
    Tatham's game ids), while the generator's and the game's messages called the same board '2x5': they now say
    rows and columns in words, which no reader takes the wrong way round."""
    refused = run_cli("generate", "minesweeper", "2", "5", "--mines", "11")
    assert refused.code == 2 and "a board of 2 rows x 5 columns has 10 cells" in refused.err
    outside = run_cli("generate", "minesweeper", "2", "5", "--no-guess", "--first-click", "3,1")
    assert outside.code == 2 and "is outside the board of 2 rows x 5 columns" in outside.err
    from satpuzzles.core.errors import UsageError
    from satpuzzles.puzzles.minesweeper import game

    with pytest.raises(UsageError, match="is outside the board of 2 rows x 5 columns"):  # play's, before its terminal
        game.new_game({"rows": 2, "cols": 5, "first_click": (0, 5), "seed": 1}, lambda status: None)
    picture = tmp_path / "board.svg"
    board = tmp_path / "board.in"
    board.write_text("2 5\n1 ? ? ? 1\n? ? ? ? ?\n")
    assert run_cli("minesweeper", board, "--svg", picture).code == 0
    assert "<title>Minesweeper 5x2</title>" in picture.read_text()
