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
    noisy = run_cli("numberlink", board, "-s", broken)
    assert noisy.code == 3 and noisy.err.count("\n") == 1
    assert "first complaint" in noisy.err and "second complaint" in noisy.err
    quiet = run_cli("numberlink", board, "-s", silent)
    assert quiet.code == 3 and quiet.err.count("\n") == 1
    assert not quiet.err.rstrip().endswith(":")
