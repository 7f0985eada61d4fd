"""--unique or --analyze on a puzzle proved unsolvable: no unique solution (False), for every puzzle; only a timeout
leaves it unknown."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.conftest import INSTANCES, run_cli

UNSOLVABLE = {
    "numberlink": "A . B\n. . .\nB . A\n",  # the two paths would have to cross
    "minesweeper": (INSTANCES / "minesweeper" / "seed" / "small-unsat.in").read_text(),
    "slitherlink": "3 0\n. .\n",  # a 3 beside a 0
    "masyu": "w..\n...\n...\n",  # a white circle cannot sit in a corner
}


@pytest.mark.parametrize("name", sorted(UNSOLVABLE))
def test_unique_on_an_unsolvable_puzzle_is_false(name: str, tmp_path: Path) -> None:
    board = tmp_path / "board.txt"
    board.write_text(UNSOLVABLE[name])
    text = run_cli("solve", board, "--puzzle", name, "--unique")
    assert text.code == 1 and re.search(r"^Solvable = False( \(.+\))?\nUnique = False\n", text.out, re.M), text.out
    record = json.loads(run_cli("solve", board, "--puzzle", name, "--unique", "--format", "json").out)
    assert record["status"] == "unsolvable" and record["unique"] is False
    picture = tmp_path / "board.svg"
    drawn = run_cli(name, board, "--unique", "--svg", picture)
    assert drawn.code == 1 and "no solution" in picture.read_text()


@pytest.mark.parametrize("name", sorted(UNSOLVABLE))
def test_analyze_on_an_unsolvable_puzzle_says_unique_false_as_unique_does(name: str, tmp_path: Path) -> None:
    import satpuzzles

    board = tmp_path / "board.txt"
    board.write_text(UNSOLVABLE[name])
    text = run_cli("solve", board, "--puzzle", name, "--analyze")
    lines = text.out.splitlines()
    assert text.code == 1 and lines[2].startswith("Solvable = False") and lines[3] == "Unique = False", text.out
    record = json.loads(run_cli(name, board, "--analyze", "--format", "json").out)
    assert record["status"] == "unsolvable" and record["unique"] is False and record.get("analysis") is None
    assert satpuzzles.load(board, puzzle=name).solve(analyze=True).unique is False
    batch = run_cli("batch", board, "--puzzle", name, "--analyze", "--report", tmp_path / "report.jsonl")
    assert batch.code == 0 and json.loads((tmp_path / "report.jsonl").read_text())["unique"] is False


def test_unique_is_not_asked_without_unique(tmp_path: Path) -> None:
    board = tmp_path / "board.txt"
    board.write_text(UNSOLVABLE["numberlink"])
    record = json.loads(run_cli("solve", board, "--puzzle", "numberlink", "--format", "json").out)
    assert record["status"] == "unsolvable" and record["unique"] is None
