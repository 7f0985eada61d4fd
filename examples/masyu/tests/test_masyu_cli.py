"""Masyu through the real command line, in-process: reports, JSON, --unique, --timeout, -o, --to-url, batch."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from masyu_testing import run_cli
from satpuzzles_masyu import SPEC

from satpuzzles.core import registry

GRID = "5 5\n.....\nw..b.\n.....\nw....\n..w..\n"
"""A unique puzzle, read as Masyu only (three white circles are no Numberlink pairs)."""
BOARD = """\
┌───┐   ·   ·   ·
│   │
○   └───────●   ·
│           │
│   ·   ·   │   ·
│           │
○   ·   ·   │   ·
│           │
└───────○───┘   ·"""
URL = "https://puzz.link/p?mashu/5/5/012009030"


@pytest.fixture
def grid_file(tmp_path: Path) -> Path:
    """The unique puzzle as a grid file."""
    path = tmp_path / "board.txt"
    path.write_text(GRID)
    return path


def test_the_plugin_is_registered() -> None:
    assert registry.get("masyu") is SPEC and registry.load_warnings() == []


def test_text_report(grid_file: Path) -> None:
    result = run_cli("masyu", "-i", grid_file)
    assert result.code == 0 and result.err == ""
    assert result.out.startswith("Masyu\n") and "Solvable = True" in result.out
    assert "number of circles = 4" in result.out and result.out.endswith(BOARD + "\n")


def test_json_record(grid_file: Path) -> None:
    result = run_cli("masyu", grid_file, "--format", "json", "--unique")
    record = json.loads(result.out)
    assert result.code == 0 and record["puzzle"] == "masyu" and record["unique"] is True
    edges = record["solution"]["edges"]
    assert edges == sorted(edges) and len(edges) == 14
    assert [[0, 0], [0, 1]] in edges and [[3, 3], [4, 3]] in edges
    assert record["input"] == {"width": 5, "height": 5, "grid": [".....", "w..b.", ".....", "w....", "..w.."],
                               "visit_all": False}
    again = run_cli("masyu", "-i", "-", "--format", "json", stdin=result.out)
    assert json.loads(again.out)["solution"] == record["solution"]


def test_unique_and_a_second_solution(tmp_path: Path) -> None:
    several = tmp_path / "several.txt"
    several.write_text("4 4\n.w..\n....\n....\n....\n")
    result = run_cli("masyu", several, "--unique")
    assert result.code == 0 and "Unique = False" in result.out and "Solution 2:" in result.out


def test_unsolvable_exits_1(tmp_path: Path) -> None:
    corner = tmp_path / "corner.txt"
    corner.write_text("w..\n...\n...\n")  # a white circle cannot sit in a corner
    result = run_cli("masyu", corner)
    assert result.code == 1 and "Solvable = False" in result.out


def test_timeout_and_dimacs(grid_file: Path, tmp_path: Path) -> None:
    assert "Solvable = True" in run_cli("masyu", grid_file, "--timeout", "5").out
    formula = tmp_path / "out.cnf"
    result = run_cli("masyu", grid_file, "-o", formula)
    assert result.code == 0 and "\np cnf 40 " in formula.read_text()


def test_to_url(grid_file: Path) -> None:
    result = run_cli("masyu", grid_file, "--to-url")
    assert (result.code, result.out) == (0, URL + "\n")
    assert run_cli("masyu", "-i", "-", "--to-url", stdin=URL).out == URL + "\n"
    refused = run_cli("masyu", grid_file, "--to-url", "--unique")
    assert refused.code == 2 and "--to-url prints the puzzle only" in refused.err


def test_svg(grid_file: Path, tmp_path: Path) -> None:
    picture = tmp_path / "board.svg"
    assert run_cli("masyu", grid_file, "--svg", picture).code == 0
    text = picture.read_text()
    assert text.startswith("<?xml") and text.count('class="loop"') == 14 and text.count('class="white"') == 3


def test_svg_puzzle_draws_the_circles_without_the_loop(grid_file: Path, tmp_path: Path) -> None:
    """The plugin gets --svg-puzzle from its svg alone (View's default puzzle_svg)."""
    blank, answer = tmp_path / "blank.svg", tmp_path / "answer.svg"
    result = run_cli("masyu", grid_file, "--svg-puzzle", blank, "--svg", answer)
    assert result.code == 0 and BOARD in result.out
    text = blank.read_text()
    assert text.startswith("<?xml") and "<title>Masyu 5x5</title>" in text and 'class="legend"' not in text
    assert text.count('class="loop"') == 0 and text.count('class="white"') == 3 and text.count('class="black"') == 1
    assert answer.read_text().count('class="loop"') == 14


@pytest.mark.parametrize(("stdin", "located"), [
    ("5 5\n.....\nw..x.\n", "<stdin>:3:4: unknown character 'x'"),
    ("https://puzz.link/p?mashu/5/5/01200903z\n", "<stdin>:1:39: unknown character 'z' in URL body"),
])
def test_bad_input_is_one_located_line(stdin: str, located: str) -> None:
    result = run_cli("masyu", "-i", "-", stdin=stdin)
    assert result.code == 2 and result.out == ""
    assert result.err.count("\n") == 1 and located in result.err


def test_batch_detects_the_puzzle_of_each_file(tmp_path: Path) -> None:
    (tmp_path / "p1.txt").write_text(GRID)
    (tmp_path / "p2.url").write_text(f"{URL}\nhttps://puzz.link/p?pearl/6/6/1063000i3000\n")
    report = tmp_path / "report.jsonl"
    result = run_cli("batch", tmp_path, "-j", "1", "--report", report)
    assert result.code == 0, result.out
    rows = [json.loads(line) for line in report.read_text().splitlines()]
    assert sorted((Path(row["file"]).name, row["puzzle"], row["status"]) for row in rows) == [
        ("p1.txt", "masyu", "solved"), ("p2.url", "masyu", "solved"), ("p2.url", "masyu", "solved")]


@pytest.mark.parametrize("typed", ["5x5dt:eWbBfWfWb", "#5x5dt:eWbBfWfWb",
                                   "https://www.chiark.greenend.org.uk/~sgtatham/puzzles/js/pearl.html#5x5dt:eWbBfWfWb"])
@pytest.mark.parametrize("command", ["masyu", "solve"])
def test_a_pearl_game_id_typed_is_solved_as_the_grid(command: str, typed: str) -> None:
    """Simon Tatham's Pearl writes GRID as 5x5dt:eWbBfWfWb; 'solve' tells it from a Loopy id by its letters."""
    result = run_cli(command, typed, "--unique")
    assert result.code == 0 and "Unique = True" in result.out and BOARD in result.out


@pytest.mark.parametrize("typed", ["#5x5dt:eWbBfWfWb",
                                   "https://www.chiark.greenend.org.uk/~sgtatham/puzzles/js/pearl.html#5x5dt:eWbBfWfWb",
                                   "https://www.chiark.greenend.org.uk/~sgtatham/puzzles/js/pearl.html#5x5dt%3AeWbBfWfWb"])
def test_the_python_api_reads_a_pearl_id_as_typed_too(typed: str) -> None:
    """satpuzzles.load reads a SOURCE as the CLI does: a '#' or a Pearl page's URL around the id."""
    import satpuzzles

    puzzle = satpuzzles.load(typed)
    assert puzzle.name == "masyu" and puzzle.instance == satpuzzles.load("5x5dt:eWbBfWfWb").instance
    assert puzzle.solve(unique=True).board() == BOARD
