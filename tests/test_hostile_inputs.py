"""Hostile and careless input found by hand: each must end in one clear error line and exit status 2."""

from __future__ import annotations

import pytest

from tests.conftest import run_cli


@pytest.mark.parametrize("args", [
    ("minesweeper", "3", "3", "--mine-density", "nan"),
    ("minesweeper", "3", "3", "--reveal-density", "nan"),
    ("slitherlink", "3", "3", "--clues-ratio", "nan"),
])
def test_generator_shares_refuse_nan(args: tuple[str, ...]) -> None:
    result = run_cli("generate", *args)
    assert result.code == 2 and result.out == ""
    assert result.err.count("\n") == 1 and "nan" in result.err


def test_a_solver_that_fails_is_reported_on_one_line(tmp_path) -> None:
    broken = tmp_path / "broken-solver"
    broken.write_text("#!/bin/sh\necho 'first complaint' >&2\necho 'second complaint' >&2\nexit 1\n")
    broken.chmod(0o755)
    silent = tmp_path / "silent-solver"
    silent.write_text("#!/bin/sh\nexit 0\n")
    silent.chmod(0o755)
    board = tmp_path / "board.txt"
    board.write_text("1.1\n2.2\n")
    noisy = run_cli("numberlink", board, "-s", broken)  # an unknown outcome: its reason on the report's status line
    status = next(line for line in noisy.out.splitlines() if line.startswith("Solvable = "))
    assert noisy.code == 3 and not noisy.err
    assert status.startswith("Solvable = unknown (solver broken-solver gave no answer (exit code 1)")
    assert "first complaint" in status and "second complaint" in status
    quiet = run_cli("numberlink", board, "-s", silent)
    assert quiet.code == 3 and not quiet.err
    assert "Solvable = unknown (solver silent-solver gave no answer (exit code 0))\n" in quiet.out
    crashing = tmp_path / "crashing-solver"
    crashing.write_text("#!/bin/sh\nkill -SEGV $$\n")
    crashing.chmod(0o755)
    crashed = run_cli("numberlink", board, "-s", crashing)  # a signal is named, as for a batch worker
    assert crashed.code == 3 and "Solvable = unknown (solver crashing-solver gave no answer (killed by SIGSEGV))" in crashed.out


@pytest.mark.parametrize(("url", "expected"), [
    ("https://puzz.link/p?arukone/5/5/j1g2j3!!!", "1:39: unknown character '!' in URL body"),
    ("https://puzz.link/p?arukone/0/5/", "1:29: bad width '0' in URL"),
    ("https://puzz.link/p?mashu/3/3/zzzzz", "1:31: unknown character 'z' in URL body"),
    ("https://puzz.link/p?slither/2/2/!", "1:33: unknown character '!' in URL body"),
    ("https://puzz.link/p?slither/2/2/2~~", "1:34: unknown character '~' in URL body"),  # as arukone's
])
def test_solve_names_the_fault_of_a_url_of_a_known_type(url: str, expected: str) -> None:
    result = run_cli("solve", url)
    assert result.code == 2 and result.err.count("\n") == 1
    assert f"{url}:{expected}" in result.err and "minesweeper" not in result.err


@pytest.mark.parametrize(("url", "hint"), [("https://www.janko.at/Raetsel/Arukone/001.a.htm", True),
                                          ("https://www.nikoli.co.jp/en/puzzles/numberlink/", False)])
def test_solve_of_a_web_pages_address_says_it_holds_no_puzzle(url: str, hint: bool) -> None:
    # It listed each puzzle's refusal ('not a puzz.link URL' three times, the Loopy reader's, ...).
    result = run_cli("solve", url)
    assert result.code == 2 and result.err.count("\n") == 1
    assert f"{url}:1:1: a web page's address (www." in result.err and "this tool fetches nothing" in result.err
    assert ("'begin' to 'end'" in result.err) == hint


def test_solve_of_a_url_type_no_puzzle_reads_lists_the_url_puzzles_only() -> None:
    result = run_cli("solve", "https://puzz.link/p?nurikabe/5/5/abc")
    assert result.code == 2 and result.err.count("\n") == 1
    assert "'nurikabe'" in result.err and "numberlink" in result.err and "mines (minesweeper)" in result.err
    assert "ragged" not in result.err and "unknown character" not in result.err  # no grid reader's complaint


@pytest.mark.parametrize(("game_id", "expected"), [
    ("5x5t0:a2a1c1c", "1:14: Loopy description too short"),
    ("5x5t0:a9", "1:8: clue 9 is not 0-4"),
    ("5x5t9:a2", "1:4: Loopy grid type t9"),
])
def test_solve_names_the_fault_of_a_game_id(game_id: str, expected: str) -> None:
    result = run_cli("solve", game_id)
    assert result.code == 2 and result.err.count("\n") == 1
    assert f"{game_id}:{expected}" in result.err and "minesweeper" not in result.err


@pytest.mark.parametrize("flags", [
    ("-o", "{0}/same", "-r", "{0}/same"),
    ("--svg", "{0}/same", "-r", "{0}/./same"),
    ("--proof", "{0}/p.drat", "-o", "{0}/p.cnf"),
])
def test_two_outputs_naming_one_file_are_refused(tmp_path, flags: tuple[str, ...]) -> None:
    board = tmp_path / "board.txt"
    board.write_text("1.1\n2.2\n")
    result = run_cli("numberlink", board, *(flag.format(tmp_path) for flag in flags))
    assert result.code == 2 and result.out == "" and result.err.count("\n") == 1
    assert "same file" in result.err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["board.txt"]


def test_outputs_to_a_device_may_share_it(tmp_path) -> None:
    board = tmp_path / "board.txt"
    board.write_text("1.1\n2.2\n")
    assert run_cli("numberlink", board, "-o", "/dev/null", "-r", "/dev/null").code == 0


def test_solve_of_an_empty_file_says_so_once(tmp_path) -> None:
    empty = tmp_path / "empty.txt"
    empty.write_text("  \n\n")
    result = run_cli("solve", empty)
    assert result.code == 2 and result.err.count("\n") == 1
    assert result.err.count("empty input") == 1 and f"{empty}:1:1: empty input" in result.err
