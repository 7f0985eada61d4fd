"""The options of ``generate minesweeper`` checked together: what cannot hold at once is refused, not ignored."""

from __future__ import annotations

from satpuzzles.core.errors import UsageError
from satpuzzles.core.spec import naming_of
from satpuzzles.core.words import counted
from satpuzzles.io.textgrid import board_size

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

MINE_DENSITY = 0.2
"""Share of the cells holding a mine when neither --mine-density nor --mines says."""
REVEAL_DENSITY = 0.3
"""Share of the safe cells a random board reveals when --reveal-density does not say."""
ATTEMPTS = 100
"""Mine layouts --no-guess (and --unique --mines N) draws when --attempts does not say."""


def densities(options: dict[str, Any]) -> tuple[float, float]:
    """The share of cells holding a mine and of safe cells revealed: as given, else MINE_DENSITY and REVEAL_DENSITY
    (the options default to None, so that a value typed out, even the default's, counts as given)."""
    mines, revealed = options.get("mine_density"), options.get("reveal_density")
    return (MINE_DENSITY if mines is None else mines), (REVEAL_DENSITY if revealed is None else revealed)


def layout_attempts(options: dict[str, Any]) -> int:
    """The mine layouts to draw: --attempts, else ATTEMPTS (the option defaults to None, so that an --attempts typed
    where no layouts are drawn is refused, even with the default's value)."""
    given = options.get("attempts")
    return ATTEMPTS if given is None else given


def mines_named(options: dict[str, Any]) -> str:
    """The option that sets the mines, with its value, as the caller spelt it: ``--mines 17``, ``mine_density=0.3``,
    ``the default --mine-density 0.2`` when neither was given."""
    naming = naming_of(options)
    if options.get("mine_count") is not None:
        return naming.given("mine_count", options["mine_count"], "--mines")
    default = "the default " if options.get("mine_density") is None else ""  # not typed: say where it comes from
    return default + naming.given("mine_density", densities(options)[0])


def parse_cell(value: str) -> tuple[int, int]:
    """ROW,COL (1-based) as a 0-based cell; ValueError with a hint otherwise."""
    parts = value.replace(" ", "").split(",")
    if len(parts) != 2 or not all(part.isascii() and part.isdigit() and int(part) >= 1 for part in parts):
        raise ValueError("give ROW,COL with positive whole numbers, e.g. 8,15")
    return int(parts[0]) - 1, int(parts[1]) - 1


def check_options(rows: int, cols: int, options: dict[str, Any]) -> None:
    """Raise UsageError, in one line, for options that contradict each other or the board, or that the mode
    asked for would ignore (a --mine-density beside --mines, a --reveal-density beside --no-guess or --unique);
    the options named as ``options`` names them (naming_of)."""
    naming = naming_of(options)
    flag = naming.flag
    count, no_guess = options.get("mine_count"), options.get("no_guess")
    mines = naming.given("mine_count", count, "--mines")
    if count is not None and count > rows * cols:
        raise UsageError(f"{mines}: a board of {board_size(rows, cols)} has {counted(rows * cols, 'cell')}")
    if no_guess and options.get("unique_board"):
        raise UsageError(f"{flag('no_guess')} makes a game, {flag('unique_board', '--unique')} a puzzle: choose one")
    density = options.get("mine_density")  # None when not given: a value typed out, even the default's, was given
    if count is not None and density is not None:
        raise UsageError(f"{mines} and {naming.given('mine_density', density, typed=f'{density:g}')} both set the "
                         "mines: choose one")
    if (no_guess or options.get("unique_board")) and options.get("reveal_density") is not None:
        raise UsageError(f"{flag('reveal_density')} is for random boards: {flag('no_guess')} reveals the first "
                         f"click's opening, {flag('unique_board', '--unique')} the counts it needs; leave it out")
    tries = options.get("attempts")
    if tries is not None and not no_guess and not (options.get("unique_board") and count is not None):
        given = naming.given("attempts", tries, typed=str(tries))
        if options.get("unique_board"):
            raise UsageError(f"{given} is for {flag('unique_board', '--unique')} with {flag('mine_count', '--mines')} "
                             f"N (and {flag('no_guess')} games), which draw mine layouts until one fits; --unique by density "
                             f"draws one: add {flag('mine_count', '--mines')} N, or leave {flag('attempts')} out")
        raise UsageError(f"{given} is for {flag('no_guess')} games (and {flag('unique_board', '--unique')} with "
                         f"{flag('mine_count', '--mines')} N), which draw mine layouts until one fits; a random board "
                         f"draws one: add {flag('no_guess')}, or leave {flag('attempts')} out")
    for name in ("first_click", "reveal_layout"):
        if options.get(name) and not no_guess:
            raise UsageError(f"{flag(name)} is for {flag('no_guess')} games: add {flag('no_guess')}, or leave it out")
    first = options.get("first_click")
    if no_guess and first is not None and not (0 <= first[0] < rows and 0 <= first[1] < cols):
        typed = f"{first[0] + 1},{first[1] + 1}"
        raise UsageError(f"{naming.given('first_click', typed, typed=typed)} is outside the board of {board_size(rows, cols)}")
