"""The options of ``generate minesweeper`` checked together: what cannot hold at once is refused, not ignored."""

from __future__ import annotations

from satpuzzles.core.errors import UsageError
from satpuzzles.core.words import counted

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

MINE_DENSITY = 0.2
"""Share of the cells holding a mine when neither --mine-density nor --mines says."""
REVEAL_DENSITY = 0.3
"""Share of the safe cells a random board reveals when --reveal-density does not say."""


def parse_cell(value: str) -> tuple[int, int]:
    """ROW,COL (1-based) as a 0-based cell; ValueError with a hint otherwise."""
    parts = value.replace(" ", "").split(",")
    if len(parts) != 2 or not all(part.isascii() and part.isdigit() and int(part) >= 1 for part in parts):
        raise ValueError("give ROW,COL with positive whole numbers, e.g. 8,15")
    return int(parts[0]) - 1, int(parts[1]) - 1


def check_options(rows: int, cols: int, options: dict[str, Any]) -> None:
    """Raise UsageError, in one line, for options that contradict each other or the board, or that the mode
    asked for would ignore (a --mine-density beside --mines, a --reveal-density beside --no-guess or --unique)."""
    count, no_guess = options.get("mine_count"), options.get("no_guess")
    if count is not None and count > rows * cols:
        raise UsageError(f"--mines {count}: a {rows}x{cols} board has {counted(rows * cols, 'cell')}")
    if no_guess and options.get("unique_board"):
        raise UsageError("--no-guess makes a game, --unique a puzzle: choose one")
    if count is not None and options.get("mine_density", MINE_DENSITY) != MINE_DENSITY:
        raise UsageError(f"--mines {count} and --mine-density {options['mine_density']:g} both set the mines: "
                         "choose one")
    if (no_guess or options.get("unique_board")) and options.get("reveal_density", REVEAL_DENSITY) != REVEAL_DENSITY:
        raise UsageError("--reveal-density is for random boards: --no-guess reveals the first click's opening, "
                         "--unique the counts it needs; leave it out")
    for name, flag in (("first_click", "--first-click"), ("reveal_layout", "--reveal-layout")):
        if options.get(name) and not no_guess:
            raise UsageError(f"{flag} is for --no-guess games: add --no-guess, or leave it out")
    first = options.get("first_click")
    if no_guess and first is not None and not (0 <= first[0] < rows and 0 <= first[1] < cols):
        raise UsageError(f"--first-click {first[0] + 1},{first[1] + 1} is outside the {rows}x{cols} board")
