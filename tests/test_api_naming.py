"""Messages reached through the Python API name its keyword arguments (``rules='open'``, ``explain``,
``encoding='auto'``), not the command line's flags, which the CLI's messages keep (Settings.naming)."""

from __future__ import annotations

from pathlib import Path

import pytest

import satpuzzles
from satpuzzles.core.errors import InputError, UsageError
from tests.conftest import run_cli

LABELS = "0 . . 60\n. . . .\n0 . . 60\n"  # numbers an arukone file has no letter for
MANY = "".join(" ".join(str(row * 10 + col + 1) for col in range(10)) + "\n" for row in range(6)) * 2  # 60 labels
MINES = "3 3\n1?2\n???\n2?1\n"  # no placement meets every count, though none fails alone
UNSOLVABLE = "3 3\n1 . 2\n. . .\n2 . 1\n"


@pytest.mark.parametrize(("board", "said"), [(LABELS, "has none for '0' and '60'"), (MANY, "this board has 60")])
def test_an_arukone_file_s_label_refusal_names_the_keyword_in_the_api(board: str, said: str) -> None:
    puzzle = satpuzzles.load(board, puzzle="numberlink")
    with pytest.raises(UsageError) as caught:
        puzzle.write("pzprv3", rules="fill")
    assert said in str(caught.value) and "under rules='open' it is written as numlin" in str(caught.value)
    assert "--rules" not in str(caught.value)


def test_a_solved_result_s_pzprv3_file_names_the_keyword_in_the_api() -> None:
    result = satpuzzles.load("2 1\n60 60\n", puzzle="numberlink").solve(rules="fill")
    with pytest.raises(UsageError, match="has none for '60'") as caught:
        result.write("pzprv3")
    assert "under rules='open'" in str(caught.value) and "--rules" not in str(caught.value)


def test_the_cli_still_names_its_flags(tmp_path: Path) -> None:
    path = tmp_path / "board.txt"
    path.write_text(MANY)
    result = run_cli("numberlink", path, "--rules", "fill", "--to-pzprv3")
    assert result.code == 2 and "this board has 60 (under --rules open it is written as numlin" in result.err
    path.write_text(MINES)
    assert "no placement meets every count; --explain names" in run_cli("minesweeper", path).out
    path.write_text(UNSOLVABLE)
    assert "proves nothing (--encoding auto or complete" in run_cli("numberlink", path, "--encoding",
                                                                    "strengthened").out


@pytest.mark.parametrize("options", [{}, {"unique": True}, {"probabilities": True}, {"analyze": True}])
def test_an_unsolvable_minesweeper_message_names_the_keyword_in_the_api(options: dict[str, bool]) -> None:
    result = satpuzzles.load(MINES, puzzle="minesweeper").solve(**options)
    assert result.status == "unsolvable"
    assert result.message == "no placement meets every count; explain names a minimal conflicting set"


def test_a_stronger_encoding_s_unknown_names_the_keyword_in_the_api() -> None:
    result = satpuzzles.load(UNSOLVABLE, puzzle="numberlink").solve(encoding="strengthened")
    assert result.status == "unknown" and "proves nothing (encoding='auto' or complete" in str(result.message)


def test_a_text_no_puzzle_reads_names_the_keyword_in_the_api(tmp_path: Path) -> None:
    path = tmp_path / "prose.txt"
    path.write_text("2 2\nx y\nz w\n")
    for source in (path, path.read_text()):
        with pytest.raises(InputError) as caught:
            satpuzzles.load(source)
        assert str(caught.value).endswith("; name it with puzzle=") and "--puzzle" not in str(caught.value)
    assert run_cli("solve", path).err.endswith("; name it with --puzzle\n")
