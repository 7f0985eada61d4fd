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
