"""Masyu's size limit: every format refuses a board over it with one located line, before reading its cells."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from masyu_testing import run_cli
from satpuzzles_masyu import SPEC
from satpuzzles_masyu.url import LIMIT

from satpuzzles.core.errors import InputError
from satpuzzles.geometry import Grid
from satpuzzles.io.reading import read_instances

TOO_LARGE = "larger than Masyu accepts (at most 1,000 cells on a side and 250,000 in all"


@pytest.mark.parametrize(("text", "where", "board"), [
    ("1001 2\n", (1, 1), "1,001 rows x 2 columns"),
    ("500 501\n" + "." * 501 + "\n", (1, 1), "500 rows x 501 columns"),
    ("# QA's board\n3000 3000\n" + ("." * 3000 + "\n") * 3, (2, 1), "3,000 rows x 3,000 columns"),
    ("2 2\n..\n" + "." * 1001 + "\n", (3, 1), "2 rows x 1,001 columns"),  # every row is checked, whatever the header says
    ("..\n" + "w" * 1001 + "\n..\n", (2, 1), "3 rows x 1,001 columns"),
    ("w " * 1001 + "\n", (1, 1), "1 row x 1,001 columns"),
    (".\n" * 1001, (1, 1), "1,001 rows x 1 column"),
    ("https://puzz.link/p?mashu/1001/1/", (1, 33), "1 row x 1,001 columns"),
    ("https://puzz.link/p?mashu/f/999999/999999/zz", (1, 43), "999,999 rows x 999,999 columns"),
    ("https://puzz.link/p?mashu/6/6/1063000i3000\nhttps://puzz.link/p?pearl/500/501/0\n", (2, 35), "501 rows x 500 columns"),
    ('{"width": 1001, "height": 1, "grid": []}', (1, 1), "1 row x 1,001 columns"),
    ('{"puzzle": "masyu", "input": {"width": 501, "height": 500, "grid": []}}', (1, 1), "500 rows x 501 columns"),
])
def test_every_format_refuses_a_board_over_the_limit(text: str, where: tuple[int, int], board: str) -> None:
    with pytest.raises(InputError) as caught:
        read_instances(SPEC, text)
    assert (caught.value.line, caught.value.column) == where
    assert caught.value.message.startswith(f"a board of {board} is {TOO_LARGE}")


@pytest.mark.parametrize(("text", "grid"), [
    ("https://puzz.link/p?mashu/500/500/", Grid(500, 500)),
    ("https://puzz.link/p?mashu/f/1000/250/", Grid(250, 1000)),
    (json.dumps({"width": 1, "height": 1000, "grid": ["."] * 1000}), Grid(1000, 1)),
    ("1 1000\n" + "." * 1000 + "\n", Grid(1, 1000)),
    ("w " * 1000 + "\n", Grid(1, 1000)),
])
def test_a_board_at_the_limit_is_read(text: str, grid: Grid) -> None:
    (instance,) = read_instances(SPEC, text)
    assert instance.grid == grid and LIMIT.allows(grid.rows, grid.cols)


def test_a_huge_line_is_refused_at_its_first_column() -> None:
    result = run_cli("masyu", "-i", "-", stdin="." * 5_000_000 + "\n")
    assert result.code == 2 and result.out == ""
    assert result.err == f"satpuzzles: error: <stdin>:1:1: a board of 1 row x 5,000,000 columns is {TOO_LARGE}; " \
                         "see docs/reliability.md)\n"


@pytest.mark.parametrize(("text", "located"), [
    ("3000 3000\n", "<stdin>:1:1: a board of 3,000 rows x 3,000 columns is " + TOO_LARGE),
    ("99999999999999999999999999 3\n1 ? ?\n", "<stdin>:1:1: 'rows cols': 999999999999... (26 digits) is too large"),
    ("3 " + "9" * 5000 + "\n", "<stdin>:1:3: 'rows cols': 999999999999... (5000 digits) is too large"),
    ("https://puzz.link/p?mashu/5000/5000/" + "z" * 100 + "\n", "<stdin>:1:37: a board of 5,000 rows x 5,000 columns"),
    ('{"width": 3000, "height": 3000, "grid": []}', "<stdin>:1:1: a board of 3,000 rows x 3,000 columns"),
])
def test_an_oversized_header_is_one_located_line(text: str, located: str) -> None:
    result = run_cli("masyu", "-", stdin=text)
    assert result.code == 2 and result.out == "" and result.err.count("\n") == 1
    assert result.err.startswith(f"satpuzzles: error: {located}")


@pytest.mark.parametrize("cell", ["x", "w"])
def test_solve_does_not_read_a_huge_line_cell_by_cell_as_masyu(cell: str) -> None:
    # Every reader refuses this line ('x' is no cell of Masyu nor of Minesweeper; 'w' is a white circle, and
    # the line was read, then solved, as Masyu). Masyu's complaint is its size, not a character along the line;
    # a line of white circles would be Masyu but for its size, so that complaint is the only one.
    result = run_cli("solve", "-", stdin=cell * 300_001 + "\n")
    assert result.code == 2 and result.out == "" and result.err.count("\n") == 1
    if cell == "w":
        assert result.err.startswith(f"satpuzzles: error: <stdin>:1:1: a board of 1 row x 300,001 columns is {TOO_LARGE}")
    else:
        assert "not a puzzle this tool reads" in result.err
        assert f"masyu: 1:1: a board of 1 row x 300,001 columns is {TOO_LARGE}" in result.err


@pytest.mark.skipif(not Path("/proc/self/environ").exists(), reason="sets an address-space limit (Linux)")
@pytest.mark.parametrize(("text", "board_size"), [
    ("." * 30_000_000 + "\n", "1 row x 30,000,000 columns"),
    ("3000 3000\n" + ("." * 3000 + "\n") * 3000, "3,000 rows x 3,000 columns"),
])
def test_a_huge_board_is_refused_within_a_memory_limit(tmp_path: Path, text: str, board_size: str) -> None:
    # QA's empty 3000 x 3000 board grew to 24 GB; a line was split into a token per character before its refusal.
    board = tmp_path / "board.txt"
    board.write_text(text)

    def three_gib() -> None:
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (3 * 2**30, 3 * 2**30))

    run = subprocess.run([sys.executable, "-m", "satpuzzles", "masyu", str(board)], capture_output=True, text=True,
                         preexec_fn=three_gib, timeout=120)
    assert run.returncode == 2 and run.stdout == "" and run.stderr.count("\n") == 1
    assert f"{board}:1:1: a board of {board_size} is {TOO_LARGE}" in run.stderr
