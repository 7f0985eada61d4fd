"""An arukone puzz.link file (Numberlink under the fill rule) writes labels 1 to 52 as letters: a label that is a
number outside them (0, 60) is refused in one line naming it, never given another letter; a URL keeps it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import run_cli

BOARD = "0 . . 60\n. . . .\n0 . . 60\n"


@pytest.fixture
def board(tmp_path: Path) -> Path:
    path = tmp_path / "board.txt"
    path.write_text(BOARD)
    return path


@pytest.mark.parametrize("command", ["numberlink", "solve"])
def test_to_pzprv3_under_fill_refuses_labels_without_a_letter(board: Path, command: str) -> None:
    result = run_cli(command, board, "--rules", "fill", "--to-pzprv3")
    assert result.code == 2 and result.out == ""
    assert result.err == ("satpuzzles: error: --to-pzprv3: an arukone file writes labels 1 to 52, as the letters A-Z "
                          "and a-z, and has none for '0' and '60': renumber them, or under --rules open it is written "
                          "as numlin, with numbers\n")


def test_a_pzprv3_result_file_under_fill_is_refused_before_solving(board: Path, tmp_path: Path) -> None:
    out = tmp_path / "out.pzprv3"
    result = run_cli("numberlink", board, "--rules", "fill", "-r", out, "--result-format", "pzprv3")
    assert result.code == 2 and result.out == "" and not out.exists()
    assert "has none for '0' and '60'" in result.err and result.err.count("\n") == 1


def test_labels_1_to_52_and_the_open_rule_s_numlin_file_keep_their_numbers(board: Path, tmp_path: Path) -> None:
    numlin = run_cli("numberlink", board, "--rules", "open", "--to-pzprv3")
    assert numlin.code == 0 and "0 . . 60 \n" in numlin.out
    letters = tmp_path / "letters.txt"
    letters.write_text(BOARD.replace("60", "52").replace("0 ", "1 "))
    arukone = run_cli("numberlink", letters, "--rules", "fill", "--to-pzprv3")
    assert arukone.code == 0 and "A . . z \n" in arukone.out


def test_an_arukone_url_keeps_such_labels_as_numbers(board: Path) -> None:
    url = run_cli("numberlink", board, "--rules", "fill", "--to-url")
    assert url.code == 0 and url.out == "https://puzz.link/p?arukone/4/3/0h-3cj0h-3c\n"
    read = json.loads(run_cli("numberlink", "-", "--format", "json", stdin=url.out).out)
    assert set(read["solution"]["routes"]) == {"0", "60"}
