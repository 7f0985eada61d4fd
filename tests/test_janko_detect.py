"""janko.at blocks whose section words are in brackets ([problem], [size], ...), as the pages now write them, are
detected when they start with neither 'begin' nor 'puzzle TYPE' (only --input-format janko read them); a grid whose
first word is one of a block's words, without a line '[problem]', is still a grid."""

from __future__ import annotations

import json

import pytest

from tests.conftest import run_cli

PROBLEM = "1 - - 0\n- - - -\n1 - 2 1\n- 2 3 -\n"
SOLUTION = "- x - -\n- x - -\n- x x -\n- - x -\n"
BLOCKS = {
    "[puzzle] first": f"[puzzle] slitherlink\n[size] 4\n[problem]\n{PROBLEM}[end]\n",
    "author first": f"author Oleg Andrushko\npuzzle slitherlink\n[size] 4\n[problem]\n{PROBLEM}[solution]\n{SOLUTION}"
                    "[end]\n",
    "[size] first": f"[size] 4\n[puzzle] slitherlink\n[Problem]\n{PROBLEM}",
    "rows first, a note above": f"# from janko.at\nrows 4\ncols 4\npuzzle slitherlink\n[problem]\n{PROBLEM}[end]\n",
}


@pytest.mark.parametrize("name", sorted(BLOCKS))
@pytest.mark.parametrize("command", ["solve", "slitherlink"])
def test_a_bracketed_block_is_detected(name: str, command: str) -> None:
    result = run_cli(command, "-", "--format", "json", stdin=BLOCKS[name])
    assert result.code == 0, result.err
    report = json.loads(result.out)
    assert report["puzzle"] == "slitherlink" and report["status"] == "solved"


def test_a_bracketed_block_of_a_type_no_puzzle_reads_is_the_janko_error() -> None:
    result = run_cli("solve", "-", stdin=BLOCKS["author first"].replace("slitherlink", "sudoku"))
    assert result.code == 2 and result.err.startswith(
        "satpuzzles: error: <stdin>:2:8: janko.at puzzle type 'sudoku' is not one this tool reads")


def test_a_grid_whose_first_word_is_a_block_s_word_is_still_a_grid() -> None:
    result = run_cli("solve", "-", "--format", "json", stdin="size . . size\nrows . . rows\n")
    assert result.code == 0 and json.loads(result.out)["puzzle"] == "numberlink", result.err
