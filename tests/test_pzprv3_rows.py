"""A puzz.link file whose number of rows is larger than its board's is refused at that number, saying where the
board's rows end and its answer begins (it was refused at the answer's first line as a board row of the wrong
length, or read the answer's cell shading as clues); one whose number is smaller, at that number too, saying how many
rows more of the board's width come before an answer (it was refused for a label once, or at the answer); a board row
of the wrong length is still refused at that row."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import INSTANCES, run_cli

NUMLIN = INSTANCES / "numberlink" / "pzprjs" / "numlin_test_5x5.pzprv3"
SLITHER = INSTANCES / "slitherlink" / "pzprjs" / "pzprjs_test_5x5.pzprv3"
SLITHER_1 = INSTANCES / "slitherlink" / "pzprjs" / "pzprjs_test_visit_all_2x3.pzprv3"


def _with_line(path: Path, number: int, text: str) -> str:
    lines = path.read_text().splitlines()
    lines[number - 1] = text
    return "\n".join(lines) + "\n"


def _error(command: str, text: str) -> str:
    result = run_cli(command, "-", stdin=text)
    assert result.code == 2 and result.out == ""
    assert len(result.err.splitlines()) == 1 and "Traceback" not in result.err, result.err
    return result.err


CASES = [
    (NUMLIN, "6", 5, 5, "10:1"), (NUMLIN, "50", 5, 5, "10:1"),  # 50: more rows than the file has lines
    (SLITHER, "6", 5, 5, "10:1"),
    (SLITHER_1, "3", 2, 3, "8:1"),  # its answer's cell shading was read as a third row of clues 0
]


@pytest.mark.parametrize(("path", "rows", "board", "cols", "answer", "command"), [
    (*case, command) for case in CASES for command in ("solve", case[0].parent.parent.name)])
def test_a_number_of_rows_larger_than_the_board_s_is_refused_at_that_number(
        path: Path, rows: str, board: int, cols: int, answer: str, command: str) -> None:
    err = _error(command, _with_line(path, 3, rows))
    assert err == (f"satpuzzles: error: <stdin>:3:1: number of rows {rows}, but the board has {board}: its {board} rows "
                   f"of {cols} cells are followed by the answer of a board of {board} rows (from {answer}), which "
                   "pzprjs would read as the board's last rows\n")


def test_in_a_file_on_one_line_the_answer_is_located_by_its_column() -> None:
    text = _with_line(NUMLIN, 3, "6").replace("\n", "/")
    assert _error("solve", text).startswith("satpuzzles: error: <stdin>:1:15: number of rows 6, but the board has 5: "
                                            "its 5 rows of 5 cells are followed by the answer of a board of 5 rows "
                                            "(from 1:74)")


def test_a_board_row_of_the_wrong_length_is_still_refused_at_that_row() -> None:
    text = _with_line(NUMLIN, 6, "2 . . 3")
    assert _error("solve", text).startswith("satpuzzles: error: <stdin>:6:8: row 2 of the board: 4 items where the "
                                            "file's size (5 rows of 5 columns) gives 5")


def test_rows_that_run_out_without_an_answer_are_refused_where_they_end() -> None:
    text = "".join(line + "\n" for line in _with_line(NUMLIN, 3, "6").splitlines()[:9])
    assert _error("solve", text).startswith("satpuzzles: error: <stdin>:9:10: the file ends after 5 of the 6 rows of "
                                            "the board")


ARUKONE = INSTANCES / "numberlink" / "pzprjs" / "arukone_test_4x4.pzprv3"
SMALLER = [
    (NUMLIN, "4", 5, 5, "9:1"), (NUMLIN, "1", 5, 5, "6:1"),  # 4 read '3' once on its last row, 1 the label '1'
    (SLITHER, "3", 5, 5, "8:1"),
    (SLITHER_1, "1", 2, 3, "7:1"),  # the second board row was read as the cells' shading
]


@pytest.mark.parametrize(("path", "rows", "board", "cols", "more", "command"), [
    (*case, command) for case in SMALLER for command in ("solve", case[0].parent.parent.name)])
def test_a_number_of_rows_smaller_than_the_board_s_is_refused_at_that_number(
        path: Path, rows: str, board: int, cols: int, more: str, command: str) -> None:
    err = _error(command, _with_line(path, 3, rows))
    extra = board - int(rows)
    assert err == (f"satpuzzles: error: <stdin>:3:1: number of rows {rows}, but the board has {board}: after {rows} "
                   f"row{'s' * (rows != '1')}, {extra} more row{'s' * (extra != 1)} of {cols} cells (from {more}) "
                   f"where the answer would come, then the answer of a board of {board} rows\n")


def test_a_smaller_number_of_rows_without_an_answer_and_on_one_line_is_refused_at_that_number() -> None:
    text = "".join(line + "\n" for line in _with_line(NUMLIN, 3, "3").splitlines()[:9])
    assert _error("numberlink", text) == ("satpuzzles: error: <stdin>:3:1: number of rows 3, but the board has 5: after "
                                          "3 rows, 2 more rows of 5 cells (from 8:1) where the answer would come, "
                                          "then no answer\n")
    one_line = ARUKONE.read_text().replace("/4/4/", "/3/4/")
    assert _error("solve", one_line).startswith("satpuzzles: error: <stdin>:1:16: number of rows 3, but the board "
                                                "has 4: after 3 rows, 1 more row of 4 cells (from 1:59) where")


def test_rows_of_another_width_after_the_board_are_still_refused_as_the_answer() -> None:
    text = _with_line(NUMLIN, 10, "1 -1 1 1 0")  # an answer row too long: no board row either (the board is 5 rows)
    assert _error("solve", text).startswith("satpuzzles: error: <stdin>:10:10: row 1 of the lines between cells "
                                            "side by side: 5 items where")


@pytest.mark.parametrize("command", ["solve", "numberlink"])
@pytest.mark.parametrize("empty", [2, 3, 4])
def test_an_empty_size_line_is_refused_at_that_line(command: str, empty: int) -> None:
    # The type (line 2), the number of rows (line 3) or of columns (line 4) left out: the next line was read in its
    # place and refused there ("bad number of columns '1 . . . .'" at 5:1, "a puzz.link '5' puzzle" at 3:1).
    err = _error(command, _with_line(NUMLIN, empty, ""))
    assert err.startswith(f"satpuzzles: error: <stdin>:{empty}:1: an empty line where a puzz.link file gives the "
                          "type, then the rows, then the columns"), err
