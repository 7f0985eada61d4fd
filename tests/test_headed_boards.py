"""Several boards in one text, each with its 'rows cols' header, as `generate --count N` writes them."""

from __future__ import annotations

import json

import pytest

from satpuzzles.io.textgrid import content_lines, headed_boards
from tests.conftest import Driver, run_cli


@pytest.mark.parametrize(("puzzle", "first", "second"), [
    ("slitherlink", "5", "5"), ("minesweeper", "6", "6"),
    # two cells wide: the headers have two cells, like the rows (they were read as rows of one grid)
    ("slitherlink", "2", "2"), ("slitherlink", "2", "5"), ("minesweeper", "2", "2"), ("minesweeper", "3", "2")])
def test_generated_boards_on_standard_output_read_back_as_a_collection(puzzle: str, first: str, second: str) -> None:
    made = run_cli("generate", puzzle, first, second, "--count", "3", "--seed", "4")
    assert made.code == 0
    boards = headed_boards(content_lines(made.out), lambda line: line.text.startswith("mines"))
    assert len(boards) == 3
    solved = run_cli(puzzle, "-i", "-", "--format", "json", stdin=made.out)
    assert solved.code == 0
    reports = [json.loads(line) for line in solved.out.splitlines()]
    assert [report["status"] for report in reports] == ["solved"] * 3
    second = "\n".join(line.text for line in boards[1]) + "\n"
    alone = run_cli(puzzle, "-i", "-", "--format", "json", stdin=second)
    picked = run_cli(puzzle, "-i", "-", "--index", "2", "--format", "json", stdin=made.out)
    assert json.loads(picked.out)["input"] == json.loads(alone.out)["input"]


def test_each_minesweeper_board_keeps_its_own_total() -> None:
    text = "2 2\n? ?\n1 ?\nmines 1\n1 3\n? 1 ?\nmines 2\n"
    first, second = Driver("minesweeper").parse(text)
    assert (first.mines, first.cells.shape, second.mines, second.cells.shape) == (1, (2, 2), 2, (1, 3))


@pytest.mark.parametrize(
    "text",
    [
        "2 2\n1 1\n3 3\n1 2\n0 0\n1 1\n",  # every line two cells, not boards exactly: one grid two cells wide
        "2 2\n? ?\n? ?\n? ?\n",  # the same
        "2 3\n- - -\n1 2 3\n",  # one board
        "2 3\n- - -\n1 2 3\n1 1\n",  # a header after the rows, but no rows of its own: not a second board
        "2 3\n- - -\n1 2 3 4\n1 3\n- - -\n",  # a row of the wrong width: one (faulty) grid
    ],
)
def test_a_single_grid_is_never_split(text: str) -> None:
    lines = content_lines(text)
    assert headed_boards(lines) == [lines]


def test_lines_of_two_cells_that_split_exactly_into_boards_are_boards() -> None:
    lines = content_lines("2 2\n1 1\n3 3\n1 2\n0 0\n")
    assert headed_boards(lines) == [lines[:3], lines[3:]]


def test_a_faulty_collection_reports_where() -> None:
    run = run_cli("slitherlink", "-i", "-", stdin="2 3\n- - -\n1 2 3\n2 3\n1 1 1\n")  # the second board lacks a row
    assert run.code == 2
    assert run.err.startswith("satpuzzles: error: <stdin>:4:1: board 2: its header says 2 rows of 3 cells")
