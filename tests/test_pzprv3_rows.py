"""A puzz.link file whose number of rows is larger than its board's is refused at that number, saying where the
board's rows end and its answer begins (it was refused at the answer's first line as a board row of the wrong
length, or read the answer's cell shading as clues); a board row of the wrong length is still refused at that row."""

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
