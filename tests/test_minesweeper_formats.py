"""Minesweeper input format: seed files, extensions, a large board and located errors."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from satpuzzles.core.errors import InputError
from satpuzzles.puzzles.minesweeper.formats import parse_minesweeper
from satpuzzles.puzzles.minesweeper.model import MINE, UNKNOWN, MinesweeperInstance
from tests.conftest import INSTANCES, run_cli

SEED_FILES = sorted((INSTANCES / "minesweeper" / "seed").glob("*.in"))
U, M = UNKNOWN, MINE


def parse_one(text: str) -> MinesweeperInstance:
    """The single instance ``text`` holds."""
    (instance,) = parse_minesweeper(text)
    return instance


def cells(text: str) -> list[list[int]]:
    """The board of ``text`` as nested lists."""
    return parse_one(text).cells.tolist()


def test_seed_files_are_bundled() -> None:
    assert [path.name for path in SEED_FILES] == [
        "extreme-sat.in",
        "hard-sat.in",
        "large-sat.in",
        "medium-sat.in",
        "small-sat.in",
        "small-unsat.in",
    ]


@pytest.mark.parametrize("path", SEED_FILES, ids=lambda p: p.name)
def test_seed_files(path: Path) -> None:
    text = path.read_text()
    header, body = text.split("\n", 1)
    instance = parse_one(text)
    assert instance.cells.dtype == np.int8
    assert instance.cells.shape == tuple(int(n) for n in header.split())
    assert instance.mines is None
    assert instance.line == 1
    assert np.count_nonzero(instance.cells == UNKNOWN) == body.count("?")
    for count in range(9):
        assert np.count_nonzero(instance.cells == count) == body.count(str(count))
    assert np.count_nonzero(instance.cells == MINE) == 0


def test_small_sat_cell_by_cell() -> None:
    text = (INSTANCES / "minesweeper" / "seed" / "small-sat.in").read_text()
    assert cells(text) == [[1, U, U], [U, U, U], [U, U, 1]]


def test_small_unsat_is_not_a_parse_error() -> None:
    text = (INSTANCES / "minesweeper" / "seed" / "small-unsat.in").read_text()
    assert cells(text) == [[0, 0, 0], [0, 8, 0], [0, 0, 0]]


def test_impossible_board_parses() -> None:
    assert cells("5 ?\n? ?\n") == [[5, U], [U, U]]


def test_known_mines() -> None:
    assert cells("2 3\nF ? *\n1 2 8\n") == [[M, U, M], [1, 2, 8]]


def test_rows_without_spaces() -> None:
    assert cells("1??2\n*F0?\n") == [[1, U, U, 2], [M, M, 0, U]]


def test_rows_without_spaces_after_a_header() -> None:
    assert cells("2 4\n1??2\n*F0?\n") == [[1, U, U, 2], [M, M, 0, U]]


def test_grid_without_header() -> None:
    instance = parse_one("1 ? ?\n? ? 1\n")
    assert instance.cells.shape == (2, 3)
    assert instance.cells.tolist() == [[1, U, U], [U, U, 1]]


def test_header_gives_rows_then_columns() -> None:
    assert parse_one("2 3\n? ? ?\n? ? ?\n").cells.shape == (2, 3)
    assert parse_one("3 2\n? ?\n? ?\n? ?\n").cells.shape == (3, 2)
    assert parse_one("12 1\n" + "?\n" * 12).cells.shape == (12, 1)


@pytest.mark.parametrize(
    ("text", "board"),
    [
        ("2 2\n1 1\n1 1\n", [[1, 1], [1, 1]]),
        ("1 2\n3 0\n", [[3, 0]]),
        ("1 2\n3 0\n? ?\n", [[1, 2], [3, 0], [U, U]]),
        ("0 1\n? ?\n", [[0, 1], [U, U]]),
    ],
)
def test_two_small_numbers_header_or_row(text: str, board: list[list[int]]) -> None:
    assert cells(text) == board


@pytest.mark.parametrize(
    "text",
    [
        "mines 2\n2 2\n? ?\n? ?\n",
        "2 2\nmines 2\n? ?\n? ?\n",
        "2 2\n? ?\n? ?\nmines 2\n",
        "? ?\n? ?\n  MINES   2  \n",
        "# total\nMines 2\n\n??\n??\n",
    ],
)
def test_mines_line(text: str) -> None:
    instance = parse_one(text)
    assert instance.mines == 2
    assert instance.cells.tolist() == [[U, U], [U, U]]


def test_mines_may_fill_the_board() -> None:
    assert parse_one("??\nmines 2\n").mines == 2
    assert parse_one("??\nmines 0\n").mines == 0


def test_comments_blank_lines_and_line_number() -> None:
    text = "# a board\n\n   \n2 3\n# between rows\n1 ? ?\n\n? ? 1\n# end\n"
    instance = parse_one(text)
    assert instance.cells.tolist() == [[1, U, U], [U, U, 1]]
    assert instance.line == 4


@pytest.mark.parametrize("separator", ["\r\n", "\r"])
def test_other_line_endings(separator: str) -> None:
    text = separator.join(["mines 1", "2 3", "1 ? ?", "? ? 1", ""])
    instance = parse_one(text)
    assert instance.cells.tolist() == [[1, U, U], [U, U, 1]]
    assert instance.mines == 1


def test_tabs_and_irregular_spaces() -> None:
    assert cells("  1\t?  ?\n?   ?\t\t1  \n") == [[1, U, U], [U, U, 1]]


def test_large_board() -> None:
    rng = np.random.default_rng(2)
    size = 2000
    symbols = np.array(list("?012345678F*"))
    board = rng.integers(0, len(symbols), size=(size, size))
    rows = symbols[board]
    text = f"{size} {size}\n" + "\n".join(" ".join(row) for row in rows) + "\nmines 12345\n"
    instance = parse_one(text)
    assert instance.cells.shape == (size, size)
    assert instance.cells.dtype == np.int8
    assert instance.mines == 12345
    expected = np.array([U, 0, 1, 2, 3, 4, 5, 6, 7, 8, M, M], dtype=np.int8)[board]
    assert np.array_equal(instance.cells, expected)


def test_error_in_a_large_board_is_located() -> None:
    row = "? " * 1499 + "?"
    text = "1500 1500\n" + "\n".join([row] * 1200 + ["? " * 700 + "x " + "? " * 798 + "?"] + [row] * 299) + "\n"
    with pytest.raises(InputError) as caught:
        parse_minesweeper(text)
    assert (caught.value.line, caught.value.column) == (1202, 1401)


@pytest.mark.parametrize(
    ("text", "line", "column", "words"),
    [
        ("", 1, 1, "empty input"),
        ("# only a comment\n\n", 1, 1, "empty input"),
        ("mines 3\n", 1, 1, "empty grid"),
        ("0 9\n", 1, 1, "empty grid"),  # 9 is no count: a header (a 0 with a count is a row, below)
        ("2 2\n1 9\n? ?\n", 2, 3, "9 is not a count 0-8"),
        ("1?9?\n", 1, 3, "9 is not a count 0-8"),
        ("? 10 ?\n", 1, 3, "10 is not a count 0-8"),
        ("? x ?\n", 1, 3, "unknown character 'x'"),
        ("?x?\n", 1, 2, "unknown character 'x'"),
        ("??.\n", 1, 3, "unknown character '.'"),
        ("?é?\n", 1, 2, "unknown character 'é'"),
        ("? ?? ?\n", 1, 3, "more than one character"),
        ("3 3\n? ? ?\n? ?\n? ? ?\n", 3, 4, "ragged row: 2 cells where the header says 3"),
        ("3 3\n? ? ?\n? ? ? ?\n? ? ?\n", 3, 7, "ragged row: 4 cells where the header says 3"),
        ("2 4\n????\n???\n", 3, 4, "where the header says 4"),
        ("? ? ?\n? ?\n", 2, 4, "ragged row: 2 cells where the grid has 3"),
        ("???\n????\n", 2, 4, "ragged row: 4 cells where the grid has 3"),
        ("3 3\n? ? ?\n? ? ?\n", 1, 1, "header says 3 rows but the grid has 2"),
        ("2 3\n? ? ?\n? ? ?\n? ? ?\n", 4, 1, "header says 2 rows but the grid has 3"),
        ("10 10\n", 1, 1, "header says 10 rows but the grid has 0"),
        ("4 4\n", 1, 1, "header says 4 rows but the grid has 0"),  # a file cut after its header was 'unsolvable'
        ("2 2\n\nmines 1\n", 1, 1, "header says 2 rows but the grid has 0"),
        ("mines\n??\n", 1, 6, "malformed 'mines' line"),
        ("mines x\n??\n", 1, 7, "'x' is not a number"),
        ("mines -1\n??\n", 1, 7, "malformed 'mines' line"),
        ("mines 1 2\n??\n", 1, 9, "unexpected '2'"),
        ("mines: 1\n??\n", 1, 1, "malformed 'mines' line"),
        ("  mines 1\n??\nmines 1\n", 3, 1, "second 'mines' line (the first is line 1)"),
        ("??\nmines 1\n??\n", 2, 1, "inside the grid"),
        ("2 2\n??\n??\nmines 1\nxyz\n", 5, 1, "unexpected line after the 'mines' line: the header says 2 rows"),
        # a mistake in the rows above the 'mines' line is the first one, and named first (line 3 was)
        ("begin\n1 ?\nmines 1\n? ?\n", 1, 1, "unknown character 'b'"),
        ("1 ?\n? x\nmines 1\n? ?\n", 2, 3, "unknown character 'x'"),
        ("2 2\n??\n?x\nmines 1\nxyz\n", 3, 2, "unknown character 'x'"),
        ("2 2\n??\n??\nmines 5\n", 4, 7, "5 mines but the board has only 4 cells"),
        ("1 1\n?\nmines 2\n", 3, 7, "2 mines but the board has only 1 cell"),
        ("1 ? x\n? ?\n", 1, 5, "unknown character 'x'"),
    ],
)
def test_bad_input_is_located(text: str, line: int, column: int, words: str) -> None:
    with pytest.raises(InputError) as caught:
        parse_minesweeper(text)
    assert (caught.value.line, caught.value.column) == (line, column)
    assert words in caught.value.message
    assert "\n" not in caught.value.message


@pytest.mark.parametrize(("text", "error"), [
    ("?" * 19_999_999 + "w\n", "1:20000000: unknown character 'w'"),
    ("?" * 12_000_000 + "\n" + "?" * 11_999_999 + "\n", "2:12000000: ragged row: 11999999 cells where the grid has"),
    ("? " * 9_999_999 + "x\n", "1:19999999: unknown character 'x'"),
], ids=["stray", "ragged", "spaced"])
def test_a_huge_row_with_a_mistake_is_refused_within_a_memory_limit(tmp_path: Path, text: str, error: str) -> None:
    # Its error used to be found by making a token per cell: 1.5 GB and 12 s for a 5 MB line, which every
    # `solve` paid (format detection tries each reader). 20 M cells would have needed about 6 GB.
    board = tmp_path / "board.txt"
    board.write_text(text)

    def three_gib() -> None:
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (3 * 2**30, 3 * 2**30))

    run = subprocess.run([sys.executable, "-m", "satpuzzles", "minesweeper", str(board)], capture_output=True,
                         text=True, preexec_fn=three_gib, timeout=300)
    assert run.returncode == 2 and run.stdout == "" and run.stderr.count("\n") == 1
    assert f"{board}:{error}" in run.stderr


@pytest.mark.parametrize(("text", "line"), [("##1\n#2#\n###\n", 1), ("\n# # 1\n# 2 #\n# # #\n", 2)])
def test_a_board_of_hash_marks_is_not_called_empty(tmp_path: Path, text: str, line: int) -> None:
    """A board pasted with '#' for its unknown cells (as many programs print them) was 'empty input: no puzzle
    found': each row starts with '#', a comment. The error now says so, at the first such line."""
    board = tmp_path / "board.txt"
    board.write_text(text)
    result = run_cli("minesweeper", str(board))
    assert result.code == 2 and result.err.count("\n") == 1
    assert result.err.startswith(f"satpuzzles: error: {board}:{line}:1: empty input: no puzzle found, only comment "
                                 "lines (a line that starts with '#' is a comment)"), result.err


@pytest.mark.parametrize(("text", "code", "says"), [
    ("0 0\nmines 0\n", 0, "Solvable = True"),  # was 'empty grid: the header gives no cells'
    ("0 0\n", 0, "Solvable = True"),
    ("0 1\n", 1, "the count 1 at row 1, column 2 cannot be met"),
    ("1 0\n", 1, "the count 1 at row 1, column 1 cannot be met"),  # read as a row already
])
def test_a_row_of_two_counts_with_a_zero_is_a_board_not_an_empty_header(text: str, code: int, says: str) -> None:
    """Two counts of which one is 0, alone, were an empty board's header ('0 0', '0 1': exit 2) but a board
    when the 0 came second ('1 0'); a header of no cells describes nothing, and Slitherlink reads '0 1' as a row."""
    result = run_cli("minesweeper", "-", stdin=text)
    assert result.code == code and says in result.out, result.err
    assert "width = 2\nheight = 1\n" in result.out
