"""puzz.link's Minesweeper (``mines``): URLs and files read with pzprjs' meaning, --to-url, one-line refusals.

The URL and files are pzprjs' own test data (robx/pzprjs test/script/mines.js at commit 0401fc64): its URL, the
same board as a file with an answer pzprjs accepts and two it refuses (nmMinesNe), and an editor file holding a
number left unknown ('-').
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from satpuzzles.core.errors import InputError
from satpuzzles.io.detect import detect
from satpuzzles.puzzles.minesweeper.formats import parse_minesweeper
from satpuzzles.puzzles.minesweeper.model import MinesweeperSolution, verify
from satpuzzles.puzzles.minesweeper.puzzlink import read_pzprv3, to_url
from tests.conftest import run_cli

URL = "https://puzz.link/p?mines/5/5/g2m13l13g0j"
BOARD = "pzprv3/mines/5/5/. 2 . . . /. . . . 1 /3 . . . . /. . 1 3 . /0 . . . . /"
ACCEPTED = ". . + . . /# # + . . /. # + + # /+ + . . # /. + + + # /"
REFUSED = (". . . . # /# # . . . /. . . . . /# . . . # /. . . # # /",
           ". . . . . /# # . . . /. . # . # /. . . . . /. . . . # /")
CELLS = [[-1, 2, -1, -1, -1], [-1, -1, -1, -1, 1], [3, -1, -1, -1, -1], [-1, -1, 1, 3, -1], [0, -1, -1, -1, -1]]


def _one_line_error(*args: object, stdin: str | None = None) -> str:
    result = run_cli(*args, stdin=stdin)
    assert result.code == 2 and result.out == "", (result.code, result.out, result.err)
    assert len(result.err.splitlines()) == 1 and "Traceback" not in result.err, result.err
    return result.err


def _placement(answer: str) -> MinesweeperSolution:
    """A pzprjs answer's shaded cells ('#') as a placement."""
    return MinesweeperSolution(np.array([[item == "#" for item in row.split()] for row in answer.split("/")[:-1]]))


def test_pzprjs_url_file_and_pzprv3_url_read_to_one_board_with_no_total() -> None:
    from urllib.parse import quote

    for text in (URL, BOARD + ACCEPTED, "https://puzz.link/p?" + quote(BOARD + ACCEPTED, safe="/"),
                 "http://pzv.jp/p.html?mines_edit/5/5/g2m13l13g0j", "https://puzz.link/p?type=player&mines/5/5/g2m13l13g0j"):
        name, [instance] = detect(text)
        assert name == "minesweeper" and instance.mines is None, text
        assert instance.cells.tolist() == CELLS, text


def test_pzprjs_answers_are_judged_as_pzprjs_judges_them() -> None:
    instance = read_pzprv3(BOARD + ACCEPTED)
    assert verify(instance, _placement(ACCEPTED)) == []
    for answer in REFUSED:  # pzprjs: nmMinesNe, a number sees another count of mines
        assert any("the count at" in problem for problem in verify(instance, _placement(answer))), answer


def test_a_mines_url_is_solved_and_its_placement_is_one_pzprjs_accepts() -> None:
    import json

    result = run_cli("solve", URL, "--format", "json")
    assert result.code == 0, result.err
    mines = np.array(json.loads(result.out)["solution"]["mines"], dtype=bool)
    assert verify(read_pzprv3(BOARD), MinesweeperSolution(mines)) == []


@pytest.mark.parametrize(("text", "column", "says"), [
    ("https://puzz.link/p?mines/3/1/1.1", 32, "'.' in the URL: a number left unknown"),
    ("https://puzz.link/p?mines/3/1/19", 32, "9 is not a count 0-8"),
    ("https://puzz.link/p?mines/3/1/-10", 31, "16 is not a count 0-8"),
    ("https://puzz.link/p?mines/3/1/1!", 32, "unknown character '!'"),
    ("https://puzz.link/p?mines/f/3/1/1", 27, "unknown URL flag 'f'"),
    ("https://puzz.link/p?slither/3/3/g0h", 21, "not a Minesweeper URL: puzzle type 'slither', expected 'mines'"),
    # pzprjs' editor test: '-' is its file's number left unknown
    ("https://puzz.link/p?pzprv3/mines/1/6/-%200%201%202%203%208%20/.%20.%20.%20.%20.%20.%20/", 38,
     "'-' in the file: a number left unknown"),
])
def test_what_a_board_here_cannot_hold_is_refused_at_its_column(text: str, column: int, says: str) -> None:
    err = _one_line_error("minesweeper", text)
    assert f"{text}:1:{column}: {says}" in err, err
    assert "slither" in text or _one_line_error("solve", text) == err


@pytest.mark.parametrize(("text", "line", "column", "says"), [
    ("pzprv3\nmines\n1\n3\n1 - . \n", 5, 3, "'-' in the file: a number left unknown"),
    ("pzprv3\nmines\n1\n3\n1 12 . \n", 5, 3, "12 is not a count 0-8"),
    ("pzprv3\nmines\n1\n3\n1 x . \n", 5, 3, "bad cell 'x'"),
    ("pzprv3\nmines\n2\n2\n1 . \n. . \n# . \n. * \n", 8, 3, "row 2 of the answer: unknown mark '*'"),
])
def test_a_bad_mines_file_is_one_located_line(tmp_path: Path, text: str, line: int, column: int, says: str) -> None:
    path = tmp_path / "board.pzprv3"
    path.write_text(text)
    err = _one_line_error("solve", path)
    assert f"{path}:{line}:{column}: {says}" in err, err
    with pytest.raises(InputError) as caught:
        read_pzprv3(text)
    assert (caught.value.line, caught.value.column) == (line, column)


def test_to_url_round_trips_and_writes_what_pzprjs_writes() -> None:
    assert run_cli("minesweeper", URL, "--to-url").out == URL + "\n"  # pzprjs' own URL, byte for byte
    text = "4 30\n" + "\n".join(" ".join("?0123456788?"[(r * 7 + c * 3) % 12] for c in range(30)) for r in range(4))
    [instance] = parse_minesweeper(text)
    written = to_url(instance)
    assert "z" in written  # a run of 20 blank cells
    name, [back] = detect(written)
    assert name == "minesweeper" and (back.cells == instance.cells).all() and back.mines is None


@pytest.mark.parametrize(("board", "says"), [
    ("2 2\n1 ?\n? F\n", "a known mine at row 2, column 2: puzz.link's mines has no flagged cell"),
    ("2 2\n1 ?\n? ?\nmines 1\n", "the board's total (1 mine): puzz.link's mines has no mine total"),
])
def test_to_url_refuses_what_mines_cannot_say(board: str, says: str) -> None:
    assert _one_line_error("minesweeper", "-", "--to-url", stdin=board) == f"satpuzzles: error: --to-url: {says}\n"


def test_to_pzprv3_and_the_solved_file_are_pzprjs_files(tmp_path: Path) -> None:
    file = "\n".join(BOARD.split("/")[:-1])
    blank = file + "\n" + "\n".join([". . . . . "] * 5)
    assert run_cli("minesweeper", URL, "--to-pzprv3").out == blank + "\n"
    out = tmp_path / "solved.txt"
    assert run_cli("minesweeper", URL, "-r", out, "--result-format", "pzprv3").code == 0
    # pzprjs' accepted answer, its '+' (cells the player marked safe) aside: the one placement of the puzzle
    assert out.read_text() == file + "\n" + "\n".join(ACCEPTED.replace("+", ".").split("/")[:-1]) + "\n"
    name, [back] = detect(out.read_text())
    assert name == "minesweeper" and back.cells.tolist() == CELLS
    assert run_cli("minesweeper", "-", "--to-pzprv3", stdin="2 2\n1 F\n? ?\n").err == (
        "satpuzzles: error: --to-pzprv3: a known mine at row 1, column 2: puzz.link's mines has no flagged cell\n")
