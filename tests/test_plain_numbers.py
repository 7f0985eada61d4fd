"""Numeric options take numbers as users type them: Python's int() and float() also take '1_0' (10) and digits of
other scripts ('١', '２'), which the command line refuses in one line, exit 2, before any work."""

from __future__ import annotations

import pytest

from tests.conftest import INSTANCES, run_cli

BOARD = str(INSTANCES / "numberlink" / "seed" / "instance_1.txt")
MINES = "? 1\n? ?\n"


@pytest.mark.parametrize("value", ["1_0", "١", "２", "1_0.5", "0.000_1"])
@pytest.mark.parametrize("args", [["numberlink", BOARD, "--timeout"], ["batch", BOARD, "--timeout"],
                                  ["generate", "numberlink", "4", "4", "--seed", "1", "--budget"]])
def test_timeout_and_budget_refuse_numbers_not_in_plain_digits(args: list[str], value: str) -> None:
    result = run_cli(*args, value)
    flag = args[-1]
    assert result.code == 2 and result.out == ""
    assert result.err == f"satpuzzles: error: {flag} {value}: give a number of seconds in plain digits (0-9), as 10 or 0.5\n"


@pytest.mark.parametrize(("args", "flag"), [
    (["numberlink", BOARD, "--count"], "'--count'"),
    (["numberlink", BOARD, "--index"], "'--index'"),
    (["batch", BOARD, "--jobs"], "'-j' / '--jobs'"),
    (["generate", "numberlink", "4", "4", "--seed"], "'--seed'"),
    (["generate", "numberlink", "4", "4", "--seed", "1", "--count"], "'--count'"),
    (["generate", "numberlink", "4"], "'HEIGHT'"),
    (["minesweeper", "-", "--probability-budget"], "'--probability-budget'"),
    (["generate", "minesweeper", "5", "5", "--seed", "1", "--mines"], "'--mines'"),
    (["play", "minesweeper", "--rows"], "'--rows'"),
])
@pytest.mark.parametrize("value", ["1_0", "１０"])
def test_whole_number_options_refuse_numbers_not_in_plain_digits(args: list[str], flag: str, value: str) -> None:
    result = run_cli(*args, value, stdin=MINES)
    assert result.code == 2 and result.out == ""
    assert result.err.startswith(f"satpuzzles: error: Invalid value for {flag}: {value!r} is not a whole number in "
                                 "plain digits (0-9).")
    assert result.err.count("\n") == 1


def test_a_fraction_option_refuses_a_number_not_in_plain_digits() -> None:
    result = run_cli("generate", "minesweeper", "5", "5", "--seed", "1", "--mine-density", "0.1_5")
    assert result.code == 2 and result.err.startswith(
        "satpuzzles: error: Invalid value for '--mine-density': '0.1_5' is not a number in plain digits (0-9).")


@pytest.mark.parametrize("value", ["10", "0.5", ".5", "1e1", " 2 ", "+3"])
def test_plain_numbers_are_taken_as_before(value: str) -> None:
    result = run_cli("numberlink", BOARD, "--timeout", value, "--format", "json")
    assert result.code == 0, result.err


NOT_NUMBERS = [
    (["numberlink", BOARD, "--count"], "'--count'", "a whole number", "1e3"),
    (["batch", BOARD, "--jobs"], "'-j' / '--jobs'", "a whole number", "0x10"),
    (["generate", "numberlink", "4"], "'HEIGHT'", "a whole number", "4.5"),
    (["generate", "numberlink", "4", "4", "--seed", "1", "--count"], "'--count'", "a whole number", "two"),
    (["generate", "minesweeper", "5", "5", "--seed", "1", "--mine-density"], "'--mine-density'", "a number", "0x1"),
]


@pytest.mark.parametrize(("args", "flag", "what", "value"), NOT_NUMBERS)
def test_a_value_that_is_no_number_is_called_no_number(args: list[str], flag: str, what: str, value: str) -> None:
    # click's ranges said "'1e3' is not a valid integer range" (or "float range"): no range was asked for.
    result = run_cli(*args, value)
    assert result.code == 2 and result.out == ""
    assert result.err.startswith(f"satpuzzles: error: Invalid value for {flag}: {value!r} is not {what}. "), result.err
    assert result.err.count("\n") == 1


@pytest.mark.parametrize("value", ["5s", "1,5", "0x10"])
@pytest.mark.parametrize("args", [["numberlink", BOARD, "--timeout"], ["batch", BOARD, "--timeout"],
                                  ["generate", "numberlink", "4", "4", "--seed", "1", "--budget"]])
def test_seconds_that_are_no_number_are_refused_as_the_others(args: list[str], value: str) -> None:
    # As a number out of range is ("--timeout 0: give a number of seconds from ..."); it was click's
    # "Invalid value for '--timeout': '5s' is not a valid float."
    result = run_cli(*args, value)
    assert result.code == 2 and result.out == ""
    assert result.err == f"satpuzzles: error: {args[-1]} {value}: give a number of seconds, as 10 or 0.5\n"
