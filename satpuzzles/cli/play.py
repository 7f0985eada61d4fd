"""``satpuzzles play NAME``: a puzzle's game in the terminal, with cursor keys or typed coordinates.

The screen is redrawn after every key (rich's Live display on standard output); keys are read
one by one with the terminal in cbreak mode, restored on the way out whatever happens.
"""

from __future__ import annotations

import contextlib
import os
import sys
import termios
import tty
from collections.abc import Iterator
from typing import Any

import click

from satpuzzles.cli.options import to_click
from satpuzzles.core.errors import UsageError
from satpuzzles.core.spec import GameState, PuzzleSpec

ARROWS = {"\x1b[A": (-1, 0), "\x1b[B": (1, 0), "\x1b[C": (0, 1), "\x1b[D": (0, -1),
          "k": (-1, 0), "j": (1, 0), "l": (0, 1), "h": (0, -1)}
ENTER = ("\r", "\n", " ")


@contextlib.contextmanager
def keys_one_by_one(fd: int) -> Iterator[None]:
    """The terminal in cbreak mode (keys arrive as typed, not echoed) for the duration."""
    saved = termios.tcgetattr(fd)
    try:
        tty.setcbreak(fd)
        yield
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)


def read_keys(fd: int) -> Iterator[str]:
    """Keys as they come: an escape sequence (an arrow) is one key."""
    pending = ""
    while True:
        data = os.read(fd, 64)
        if not data:
            return
        pending += data.decode(errors="replace")
        while pending:
            if pending.startswith("\x1b"):
                if len(pending) < 3:
                    break
                yield pending[:3]
                pending = pending[3:]
            else:
                yield pending[0]
                pending = pending[1:]


class Session:
    """A game, the cursor, a line being typed, and the last message."""

    def __init__(self, puzzle: PuzzleSpec[Any, Any], state: GameState) -> None:
        self.puzzle, self.state = puzzle, state
        self.cursor = (state.rows // 2, state.cols // 2)
        self.typed = ""
        self.message = "? shows a hint"
        self.actions = {key: name for key, name, _ in puzzle.game.actions} if puzzle.game else {}
        self.primary = puzzle.game.actions[0][1] if puzzle.game else ""

    def press(self, key: str) -> bool:
        """Handle one key; False when the player quits."""
        if key in ("q", "\x03"):
            return False
        if key in ARROWS:
            dr, dc = ARROWS[key]
            self.cursor = (min(max(self.cursor[0] + dr, 0), self.state.rows - 1),
                           min(max(self.cursor[1] + dc, 0), self.state.cols - 1))
        elif (key.isascii() and key.isdigit()) or (key in ", " and self.typed):  # not '²', which int() refuses
            if key == " " and not self.typed.strip():
                self.message = self.state.act(self.primary, self.cursor)
            else:
                self.typed += key
        elif key in ("\x7f", "\b"):
            self.typed = self.typed[:-1]
        elif key in ENTER:
            self._enter()
        elif key == "?":
            cell, self.message = self.state.hint()
            if cell is not None:
                self.cursor = cell
        elif key in self.actions:
            self.message = self.state.act(self.actions[key], self.cursor)
        return True

    def _enter(self) -> None:
        """Enter opens the cell under the cursor, or the one typed as 'ROW COL' (1-based)."""
        if self.typed.strip():
            parts = self.typed.replace(",", " ").split()
            self.typed = ""
            if len(parts) != 2:
                self.message = "type a row and a column, like 3 7, then Enter"
                return
            r, c = int(parts[0]) - 1, int(parts[1]) - 1
            if not (0 <= r < self.state.rows and 0 <= c < self.state.cols):
                self.message = f"row {r + 1}, column {c + 1} is off the board"
                return
            self.cursor = (r, c)
        self.message = self.state.act(self.primary, self.cursor)

    def screen(self) -> Any:
        """The whole screen as one rich renderable."""
        from rich.console import Group
        from rich.text import Text

        board = Text()
        for r, line in enumerate(self.state.cells()):
            board.append(f"{r + 1:>3} ", style="dim")
            for c, (piece, style) in enumerate(line):
                shown = f"{style} reverse" if (r, c) == self.cursor else style
                board.append(piece, style=shown or None)
                board.append(" ")
            board.append("\n")
        header = "    " + "".join(f"{c + 1:<2}" if (c + 1) % 5 == 0 or c == 0 else "  " for c in range(self.state.cols))
        keys = ", ".join(f"{key} {name}" for key, name, _ in self.puzzle.game.actions) if self.puzzle.game else ""
        status = {"won": "bold green4", "lost": "bold red3"}.get(self.state.status, "bold")
        return Group(
            Text(f"{self.puzzle.name.capitalize()}: {self.state.summary()}", style=status),
            Text(header, style="dim"), board,
            Text(self.message),
            Text(f"> {self.typed}" if self.typed else f"arrows move, Enter opens, {keys}, ? hint, q quit", style="dim"),
        )


def play(puzzle: PuzzleSpec[Any, Any], options: dict[str, Any]) -> int:
    """Play a new game until the player quits; 0 when won, 1 when lost, else 0 (quit)."""
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        raise UsageError("play needs a terminal for its input and output")
    assert puzzle.game is not None
    from rich.console import Console
    from rich.live import Live

    session = Session(puzzle, puzzle.game.new(options))
    fd = sys.stdin.fileno()
    console = Console()
    with keys_one_by_one(fd), Live(session.screen(), console=console, auto_refresh=False,
                                   screen=False, transient=False) as live:
        for key in read_keys(fd):
            if not session.press(key):
                break
            live.update(session.screen(), refresh=True)
    return 1 if session.state.status == "lost" else 0


def play_command(puzzle: PuzzleSpec[Any, Any]) -> click.Command:
    """``satpuzzles play NAME [options]``."""
    assert puzzle.game is not None

    def callback(**options: Any) -> None:
        sys.exit(play(puzzle, options))

    return click.Command(puzzle.name, callback=callback, params=[to_click(option) for option in puzzle.game.options],
                         help=f"Play {puzzle.name} in the terminal. {puzzle.game.help}")
