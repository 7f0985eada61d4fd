"""Minesweeper to play in the terminal: a no-guess game made on the spot, so its layout is never shown.

The board opens at its first click; the player opens cells and flags mines, and a hint
names a cell the revealed counts prove safe (by the same analysis as ``--hint``), which a
no-guess game always has until it is won.
"""

from __future__ import annotations

import numpy as np

from satpuzzles.core.errors import UsageError
from satpuzzles.core.spec import Game, Option, Progress
from satpuzzles.core.words import counted
from satpuzzles.geometry import count8, dilate8
from satpuzzles.io.textgrid import board_size as size_in_words
from satpuzzles.puzzles.minesweeper.engine import DEFAULT_SOLVER
from satpuzzles.puzzles.minesweeper.engine.probability import probabilities
from satpuzzles.puzzles.minesweeper.engine.total import with_total
from satpuzzles.puzzles.minesweeper.generator import no_guess_game, parse_cell, total_analysis
from satpuzzles.puzzles.minesweeper.hint import hint
from satpuzzles.puzzles.minesweeper.model import UNKNOWN
from satpuzzles.puzzles.minesweeper.view import COUNT_STYLES
from satpuzzles.puzzles.minesweeper.why import Reason, why_safe

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

LEVELS = {"beginner": (9, 9, 10), "intermediate": (16, 16, 40), "expert": (16, 30, 99)}
"""The classic sizes: rows, columns, mines."""
ATTEMPTS = 200


class MinesweeperGame:
    """A game in progress: the hidden layout, what is open, what is flagged."""

    def __init__(self, mines: np.ndarray, first: tuple[int, int]) -> None:
        self.mines = mines
        self.rows, self.cols = mines.shape
        self.counts = count8(mines)
        self.open = np.zeros(mines.shape, dtype=bool)
        self.flags = np.zeros(mines.shape, dtype=bool)
        self.exploded: tuple[int, int] | None = None
        self.status = "playing"
        self.start = first
        """The first click, where the cursor starts."""
        self.marked: tuple[tuple[int, int], ...] = ()
        """The counts the last hint's reason names, underlined until the next move."""
        self.act("open", first)

    def _reveal(self, cell: tuple[int, int]) -> None:
        """Open ``cell`` and, from a zero, the whole area of zeros with its border."""
        area = np.zeros(self.mines.shape, dtype=bool)
        area[cell] = True
        while True:
            grow = dilate8(area & (self.counts == 0)) & ~area & ~self.mines & ~self.flags
            if not grow.any():
                break
            area |= grow
        self.open |= area

    def act(self, action: str, cell: tuple[int, int]) -> str:
        """``open`` or ``flag`` a cell."""
        if self.status != "playing":
            return "the game is over: q quits"
        self.marked = ()
        r, c = cell
        if action == "flag":
            if self.open[cell]:
                return f"row {r + 1}, column {c + 1} is open: an open cell cannot be flagged"
            self.flags[cell] = not self.flags[cell]
            return f"{'flagged' if self.flags[cell] else 'unflagged'} row {r + 1}, column {c + 1}"
        if self.flags[cell]:
            return f"row {r + 1}, column {c + 1} is flagged: press f to unflag it first"
        if self.open[cell]:
            return f"row {r + 1}, column {c + 1} is already open"
        if self.mines[cell]:
            self.exploded, self.status = cell, "lost"
            return f"a mine at row {r + 1}, column {c + 1}: you lost (q quits)"
        self._reveal(cell)
        if (self.open | self.mines).all():
            self.status = "won"
            return "every safe cell is open: you won (q quits)"
        return f"opened row {r + 1}, column {c + 1}"

    def visible(self) -> np.ndarray:
        """The board a player sees, as an instance's cells: counts where open, unknown elsewhere (flags not trusted)."""
        return np.where(self.open, self.counts, UNKNOWN).astype(np.int8)

    def hint(self) -> tuple[tuple[int, int] | None, str]:
        """A cell the open counts prove safe, else the least risky one."""
        if self.status != "playing":
            return None, "the game is over"
        cells, total = self.visible(), int(self.mines.sum())
        analysis, deduction, _ = with_total(cells, total, settle=True, solver_name=DEFAULT_SOLVER)
        if analysis is None:  # cannot happen: the real layout agrees with every open count
            return None, "no placement fits the open counts"
        chances = None if (analysis.forced_safe & ~self.open).any() else probabilities(cells, deduction, total)
        advice = hint(cells, analysis, chances, total)
        if advice.safe:  # one the player has not flagged by mistake, as Enter refuses to open a flagged cell
            unflagged = [cell for cell in advice.safe if not self.flags[cell]]
            (r, c) = (unflagged or advice.safe)[0]
            reason = advice.reason if (r, c) == advice.safe[0] else why_safe(cells, total, (r, c))
            self.marked = () if reason is None else reason.counts
            by = _shown_by(reason)
            if unflagged:
                return (r, c), f"row {r + 1}, column {c + 1} is safe{by}: Enter opens it"
            return (r, c), f"row {r + 1}, column {c + 1} is safe{by}, but flagged: f unflags it, then Enter opens it"
        if advice.guess is not None:
            return advice.guess, advice.sentence(True)
        return None, advice.sentence(True)

    def cells(self) -> list[list[tuple[str, str]]]:
        """One (character, style) per cell."""
        board = []
        shown_mines = self.status == "lost"
        for r in range(self.rows):
            line = []
            for c in range(self.cols):
                if (r, c) == self.exploded:
                    line.append(("X", "bold white on red3"))
                elif self.flags[r, c]:
                    wrong = shown_mines and not self.mines[r, c]
                    line.append(("F", "bold red3 strike" if wrong else "bold red3"))
                elif shown_mines and self.mines[r, c]:
                    line.append(("*", "bold"))
                elif self.open[r, c]:
                    count = int(self.counts[r, c])
                    style = f"{COUNT_STYLES[count]} underline" if (r, c) in self.marked else COUNT_STYLES[count]
                    line.append((str(count) if count else "·", style))
                else:
                    line.append(("■", "grey50"))
            board.append(line)
        return board

    def summary(self) -> str:
        """Mines, flags and the cells still to open."""
        left = int((~self.open & ~self.mines).sum())
        return f"{counted(int(self.mines.sum()), 'mine')}, {int(self.flags.sum())} flagged, {counted(left, 'safe cell')} to open"


def _shown_by(reason: Reason | None) -> str:
    """What a hint's message says shows its cell safe: the counts it underlines, and the total."""
    if reason is None:
        return ""
    counts = "" if not reason.counts else f"the underlined {reason.values[0]}" if len(reason.counts) == 1 \
        else "the underlined counts"
    total = ("the mine total" if not counts else "the total") if reason.total else ""
    return f" by {' and '.join(part for part in (counts, total) if part)}"


def board_size(options: dict[str, Any]) -> tuple[int, int]:
    """The rows and columns the options ask for: the level's, or --rows and --cols."""
    rows, cols, _ = LEVELS[options.get("level") or "beginner"]
    return options.get("rows") or rows, options.get("cols") or cols


def check_options(options: dict[str, Any]) -> None:
    """A --level beside --rows, --cols and --mines, which leave it nothing to give, is refused (it defaults to None:
    typed out, even as beginner, it is given), as is a --first-click outside the board: before any game is made."""
    level = options.get("level")
    if level is not None and all(options.get(name) is not None for name in ("rows", "cols", "mine_count")):
        raise UsageError(f"--level {level} gives the rows, columns and mines that --rows, --cols and --mines give "
                         "here: leave --level out, or one of them")
    first_click(options)


def first_click(options: dict[str, Any]) -> tuple[int, int]:
    """The cell the game opens at (0-based; default the centre); UsageError when --first-click is off the board."""
    rows, cols = board_size(options)
    first = options.get("first_click") or ((rows - 1) // 2, (cols - 1) // 2)
    if not (0 <= first[0] < rows and 0 <= first[1] < cols):
        raise UsageError(f"--first-click {first[0] + 1},{first[1] + 1} is outside the board of {size_in_words(rows, cols)}")
    return first


def new_game(options: dict[str, Any], progress: Progress) -> MinesweeperGame:
    """A no-guess game from the options: a level, or rows, columns and mines; a seed; a first click."""
    level = options.get("level") or "beginner"
    rows, cols = board_size(options)
    if options.get("mine_count") is not None:
        mines, named = int(options["mine_count"]), f"--mines {options['mine_count']}"
    else:
        mines, named = LEVELS[level][2], f"the {level} level's mines (--mines sets them)"
    first = first_click(options)
    rng = np.random.default_rng(options.get("seed"))
    game = no_guess_game(rows, cols, mines, first, rng, ATTEMPTS, total_analysis, progress,
                         "fewer --mines or a larger board (--rows, --cols) make one likelier", named)
    return MinesweeperGame(game.mines, first)


GAME = Game(
    new=new_game,
    size=board_size,
    check=check_options,
    actions=(("o", "open", "open the cell (also Enter or space)"), ("f", "flag", "flag or unflag a mine")),
    options=(
        Option("level", ("--level",), "beginner 9x9 with 10 mines, intermediate 16x16/40, expert 16 rows x 30 columns/99 "
               "(default beginner).", kind="choice", choices=tuple(LEVELS)),
        Option("rows", ("--rows",), "Rows (instead of the level's).", kind="int", minimum=2, maximum=60),
        Option("cols", ("--cols",), "Columns (instead of the level's).", kind="int", minimum=2, maximum=60),
        Option("mine_count", ("--mines",), "Mines (instead of the level's).", kind="int", minimum=0, metavar="N"),
        Option("seed", ("--seed",), "The same seed gives the same game.", kind="int", minimum=0),
        Option("first_click", ("--first-click",), "Where the game opens, 1-based (default: the centre).",
               kind="text", metavar="ROW,COL", convert=parse_cell),
    ),
    help="A no-guess game: every safe cell can be found by deduction from the first click on. "
         "Keys: arrows (or h j k l) move, Enter/space/o opens, f flags, ? hints (a safe cell, the counts that show it "
         "safe underlined), q (or Ctrl-D) quits; "
         "or type a row and a column ('3 7') and Enter (or o) to open that cell, f to flag it (Esc clears what "
         "was typed). "
         "A board the first click wins at once (--mines 0) is shown won and the game ends.",
)
