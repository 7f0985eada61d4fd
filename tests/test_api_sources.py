"""The Python API reads a source as the CLI reads a SOURCE: files, URLs and game ids as typed (io/sources)."""

from __future__ import annotations

import json

import pytest

import satpuzzles
from satpuzzles.core.errors import InputError
from tests.conftest import INSTANCES, run_cli

LOOPY_ID = "5x5t0:a2a1c1c22c3b3b2b"
PAGE = "https://www.chiark.greenend.org.uk/~sgtatham/puzzles/js/loopy.html#"


@pytest.mark.parametrize("typed", [f"#{LOOPY_ID}", PAGE + LOOPY_ID, PAGE + LOOPY_ID.replace(":", "%3A"),
                                   f"  #{LOOPY_ID}\n"])
def test_a_game_id_reads_however_it_was_copied(typed: str) -> None:
    """A '#' kept from the browser's address bar, or the whole page URL (escaped or not), as the CLI reads them."""
    assert satpuzzles.load(typed).instance == satpuzzles.load(LOOPY_ID).instance
    assert satpuzzles.load(typed, puzzle="slitherlink").instance == satpuzzles.load(LOOPY_ID).instance


@pytest.mark.parametrize("typed", ["10x10t0dh#12345", f"{PAGE}5x5t0:a2b3x", f"{PAGE}5x5t0%3Aa2b3x", "#5x5t0:a2b3x",
                                   f"{PAGE}5x5y0%3Aa2"])
@pytest.mark.parametrize("puzzle", [None, "slitherlink"])
def test_an_error_in_what_was_typed_is_the_clis(typed: str, puzzle: str | None) -> None:
    """Named by what was typed, the column pointing into it (a random seed is explained, not a missing file)."""
    with pytest.raises(InputError) as caught:
        satpuzzles.load(typed, puzzle=puzzle)
    cli = run_cli(*(["solve"] if puzzle is None else [puzzle]), typed)
    assert cli.code == 2 and cli.err == f"satpuzzles: error: {caught.value}\n"
    assert str(caught.value).startswith(f"{typed}:1:")


def test_a_game_id_a_named_puzzle_has_no_reader_for_is_refused_as_such() -> None:
    with pytest.raises(InputError, match="numberlink reads no such game id") as caught:
        satpuzzles.load(f"#{LOOPY_ID}", puzzle="numberlink")
    assert run_cli("numberlink", f"#{LOOPY_ID}").err == f"satpuzzles: error: {caught.value}\n"


def test_a_url_names_no_puzzle_by_its_path(tmp_path) -> None:
    """Only a file's path names its puzzle type: a URL's words are not folders."""
    assert satpuzzles.load("https://example.com/minesweeper/p?slither/5/5/cbcbcddad").name == "slitherlink"
    board = tmp_path / "minesweeper" / "board.txt"
    board.parent.mkdir()
    board.write_text((INSTANCES / "minesweeper" / "seed" / "small-sat.in").read_text())  # also a Slitherlink grid
    assert satpuzzles.load(board).name == satpuzzles.load(str(board)).name == "minesweeper"


MINES = (INSTANCES / "minesweeper" / "seed" / "small-sat.in").read_text()  # also a Slitherlink grid


def test_an_error_of_the_puzzle_a_path_chose_says_so_and_how_to_choose_another(tmp_path) -> None:
    board = tmp_path / "numberlink-project" / "data" / "board.txt"
    board.parent.mkdir(parents=True)
    board.write_text(MINES)
    with pytest.raises(InputError) as caught:
        satpuzzles.load(board)
    assert str(caught.value).endswith(
        "(read as numberlink, as the folder 'numberlink-project' in its path says; it reads as minesweeper or "
        "slitherlink: name the puzzle with --puzzle NAME, puzzle= in the Python API, or 'satpuzzles NAME FILE')")
    assert run_cli("solve", board).err == f"satpuzzles: error: {caught.value}\n"
    assert satpuzzles.load(board, puzzle="minesweeper").name == "minesweeper"
    named = tmp_path / "numberlink_7x7.txt"
    named.write_text("3 3\n1 ? ?\n")
    with pytest.raises(InputError, match=r"read as numberlink, as its file name 'numberlink_7x7.txt' says: name"):
        satpuzzles.load(named)


def test_a_text_that_names_its_puzzle_is_read_as_that_wherever_it_is_kept(tmp_path) -> None:
    board = tmp_path / "numberlink-project" / "mines.txt"
    board.parent.mkdir()
    board.write_text(satpuzzles.generate("minesweeper", 6, 6, seed=1))
    assert satpuzzles.load(board).name == "minesweeper"
    assert run_cli("solve", board).out.startswith("Minesweeper")
    assert json.loads(run_cli("batch", board.parent, "--format", "json").out.splitlines()[0])["puzzle"] == "minesweeper"
