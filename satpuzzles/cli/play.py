"""``satpuzzles play NAME``: a puzzle's game in the terminal, with cursor keys or typed coordinates.

The screen is redrawn after every key (rich's Live display on standard output); keys are read
one by one with the terminal in cbreak mode, restored on the way out whatever happens, and an
escape sequence (an arrow, Delete, a function key) arrives as one key.
"""

from __future__ import annotations

import codecs
import contextlib
import errno
import os
import select
import signal
import sys
import termios
import tty
from collections.abc import Iterator
from typing import Any

import click

from satpuzzles.cli.options import to_click
from satpuzzles.cli.output import OutputFailed
from satpuzzles.core.errors import Terminated, UsageError
from satpuzzles.core.spec import GameState, PuzzleSpec

ESC = "\x1b"
ARROWS = {f"{ESC}{intro}{final}": step for intro in "[O"  # ESC O A...: the arrows in a terminal's application mode
          for final, step in (("A", (-1, 0)), ("B", (1, 0)), ("C", (0, 1)), ("D", (0, -1)))}
ARROWS.update({"k": (-1, 0), "j": (1, 0), "l": (0, 1), "h": (0, -1)})
ENTER = ("\r", "\n", " ")
QUIT = ("q", "\x03", "\x04")
"""q, Ctrl-C (when it arrives as a key rather than SIGINT) and Ctrl-D (a key in cbreak mode, not the end of input)."""
EXIT_HELP = ("Exit status: 0 won or quit, 1 lost, 2 bad usage (or a board that has no such game), 3 the search "
             "for a game gave up; 129 the terminal closed, 130 interrupted (docs/reliability.md).")
OVER_KEYS = "arrows move, q quit"
"""The key line once a game is won or lost: the keys that still do something."""
ESCAPE_WAIT = 0.1
"""Seconds an Esc waits for the rest of an escape sequence before it counts as the Esc key pressed alone."""


@contextlib.contextmanager
def keys_one_by_one(fd: int) -> Iterator[None]:
    """The terminal in cbreak mode (keys arrive as typed, not echoed) for the duration; keys typed and not read
    by then are dropped at the end, so that they do not reach the shell as a command line."""
    saved = termios.tcgetattr(fd)
    try:
        tty.setcbreak(fd)
        yield
    finally:
        termios.tcsetattr(fd, termios.TCSAFLUSH, saved)


def split_keys(text: str) -> tuple[list[str], str]:
    """The keys in ``text``, and what is left: the start of an escape sequence whose end has not come yet.

    An escape sequence is one key, whole: CSI (ESC [, parameter and intermediate bytes, a final
    byte: the Delete key's ESC [ 3 ~, Ctrl-Up's ESC [ 1 ; 5 A) or SS3 (ESC O and one more).
    Esc followed by anything else is the Esc key, then that key; a CSI broken off by a byte
    that cannot be part of one is dropped up to that byte.
    """
    keys: list[str] = []
    at = 0
    while at < len(text):
        if text[at] != ESC:
            keys.append(text[at])
            at += 1
        elif at + 1 == len(text):
            break
        elif text[at + 1] == "O":
            if at + 2 == len(text):
                break
            keys.append(text[at : at + 3])
            at += 3
        elif text[at + 1] == "[":
            end = at + 2
            while end < len(text) and "\x20" <= text[end] <= "\x3f":
                end += 1
            if end == len(text):
                break
            if "\x40" <= text[end] <= "\x7e":
                end += 1
                keys.append(text[at:end])
            at = end
        else:
            keys.append(ESC)
            at += 1
    return keys, text[at:]


def _read(fd: int) -> bytes:
    """The next bytes typed; none at the end of input, or when the terminal has hung up (EIO)."""
    try:
        return os.read(fd, 64)
    except OSError as exc:
        if exc.errno == errno.EIO:
            return b""
        raise


def read_keys(fd: int, escape_wait: float = ESCAPE_WAIT) -> Iterator[str]:
    """Keys as they come (see :func:`split_keys`), until the input ends.

    The start of an escape sequence whose rest does not follow within ``escape_wait`` seconds
    is the Esc key when it is a lone Esc, else a fragment, dropped.
    """
    decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")  # a character may come in two reads
    pending = ""
    while True:
        if pending and not select.select([fd], [], [], escape_wait)[0]:
            if pending == ESC:
                yield ESC
            pending = ""
            continue
        data = _read(fd)
        if not data:
            if pending == ESC:
                yield ESC
            return
        keys, pending = split_keys(pending + decoder.decode(data))
        yield from keys

class Session:
    """A game, the cursor, a line being typed, and the last message."""

    def __init__(self, puzzle: PuzzleSpec[Any, Any], state: GameState) -> None:
        self.puzzle, self.state = puzzle, state
        self.cursor: tuple[int, int] = getattr(state, "start", None) or (state.rows // 2, state.cols // 2)
        """On the game's first click when it says where that was (an optional ``start``), else the centre."""
        self.typed = ""
        self.over_at_once = state.status != "playing"
        """Whether the game was over as soon as it was made: drawn once, without the keys, and ended."""
        self.message = {"won": "you won at once: the opening move finished the game",
                        "lost": "you lost at once: the opening move ended the game"}.get(state.status, "? shows a hint")
        self.actions = {key: name for key, name, _ in puzzle.game.actions} if puzzle.game else {}
        self.primary = puzzle.game.actions[0][1] if puzzle.game else ""

    @property
    def over(self) -> bool:
        """Whether the game has ended (won or lost): only the cursor moves and q quits then."""
        return self.state.status != "playing"

    def press(self, key: str) -> bool:
        """Handle one key; False when the player quits. Once the game is over, every key but the arrows and the
        quit keys is ignored (the last message, 'you won' or 'you lost', stays), as the key line then says."""
        if key in QUIT:
            return False
        if self.over and key not in ARROWS:
            return True
        if key in ARROWS:
            dr, dc = ARROWS[key]
            self.cursor = (min(max(self.cursor[0] + dr, 0), self.state.rows - 1),
                           min(max(self.cursor[1] + dc, 0), self.state.cols - 1))
        elif key == ESC:
            self.typed = ""  # Esc drops a half-typed row and column
        elif key.startswith(ESC):
            pass  # any other escape sequence (Delete, F1, Ctrl-Up ...) is ignored whole
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
            self.typed = ""  # the hint's "Enter opens it" is about the hinted cell, not a half-typed one
            cell, self.message = self.state.hint()
            if cell is not None:
                self.cursor = cell
        elif key in self.actions:
            self._act(self.actions[key])
        return True

    def _enter(self) -> None:
        """Enter opens the cell under the cursor, or the one typed as 'ROW COL' (1-based)."""
        self._act(self.primary)

    def _act(self, action: str) -> None:
        """``action`` on the cell typed as 'ROW COL' (1-based) if any, the cursor moving there, else the cursor's."""
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
        self.message = self.state.act(action, self.cursor)

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
        lines = [Text(f"{self.puzzle.heading}: {self.state.summary()}", style=status),
                 Text(header, style="dim"), board, Text(self.message)]
        if not self.over_at_once:
            offered = f"> {self.typed}" if self.typed else f"arrows move, Enter opens, {keys}, ? hint, q quit"
            lines.append(Text(OVER_KEYS if self.over else offered, style="dim"))
        return Group(*lines)


def board_width(cols: int) -> int:
    """Terminal columns a board of ``cols`` columns takes: the row numbers, then two per cell."""
    return 4 + 2 * cols


def board_height(rows: int) -> int:
    """Terminal lines the screen of a board of ``rows`` rows takes: title, column numbers, the rows, a blank line,
    the message and the keys."""
    return rows + 5


def _check_width(width: int, needed: int) -> None:
    if width < needed:  # rich would wrap every row into an unreadable board
        raise UsageError(f"the board needs {needed} terminal columns and this terminal has {width}: widen it, "
                         "or choose fewer columns (--cols, or a smaller --level)")


def _check_size(console: Any, size: tuple[int, int]) -> None:
    """Refuse a board the terminal cannot show whole: too wide, or too tall (rich's Live would cut its last rows,
    the message and the keys to '...')."""
    _check_width(console.width, board_width(size[1]))
    needed, height = board_height(size[0]), console.height
    if height < needed:
        raise UsageError(f"the board needs {needed} terminal lines and this terminal has {height}: enlarge it, "
                         "or choose fewer rows (--rows, or a smaller --level)")


def hung_up(fd: int) -> bool:
    """Whether the terminal on ``fd`` has hung up (its window closed, the other end of its pty gone)."""
    poller = select.poll()
    poller.register(fd, select.POLLIN)
    return any(events & select.POLLHUP for _, events in poller.poll(0))


def new_game(puzzle: PuzzleSpec[Any, Any], options: dict[str, Any]) -> GameState:
    """A new game, with a spinner, the maker's status and the time on the terminal while it is being made."""
    from satpuzzles.cli.generate import GenerationProgress

    assert puzzle.game is not None
    progress = GenerationProgress(None, f"making a {puzzle.name} game (Ctrl-C stops)")
    try:
        return puzzle.game.new(options, progress.report)
    finally:
        progress.close()


def play(puzzle: PuzzleSpec[Any, Any], options: dict[str, Any]) -> int:
    """Play a new game until the player quits (q or Ctrl-D); 0 when won, 1 when lost, else 0 (quit).

    A game that is over as soon as it is made (won by its opening move, as a board with no mines
    is) is drawn once, with its message, and ends at once: there is nothing left to play.
    A terminal that goes away (its input ends, or it cannot be drawn on or restored because it
    hung up) ends the game as SIGHUP would: Terminated, exit 129, whether or not the signal came.
    """
    assert puzzle.game is not None
    if puzzle.game.check is not None:  # options that do not go together are refused first, terminal or not
        puzzle.game.check(options)
    if not (sys.stdin is not None and sys.stdin.isatty() and sys.stdout.isatty()):  # None: a closed descriptor
        raise UsageError("play needs a terminal for its input and output")
    from rich.console import Console
    from rich.live import Live

    drawn = any(option.name == "seed" for option in puzzle.game.options) and options.get("seed") is None
    if drawn:  # drawn here, so that the game can be played again: said when it ends
        from satpuzzles.cli.generate import drawn_seed

        options = {**options, "seed": drawn_seed()}
    fd = sys.stdin.fileno()
    try:
        with keys_one_by_one(fd):  # from the start: keys typed while the game is made are not echoed over it
            console = Console()
            if puzzle.game.size is not None:  # before the game is made: a no-guess board can take seconds
                _check_size(console, puzzle.game.size(options))
            session = Session(puzzle, new_game(puzzle, options))
            _check_size(console, (session.state.rows, session.state.cols))
            with Live(session.screen(), console=console, auto_refresh=False, screen=False, transient=False,
                      redirect_stdout=False, redirect_stderr=False) as live:
                if not session.over_at_once:
                    for key in read_keys(fd):
                        if not session.press(key):
                            break
                        live.update(session.screen(), refresh=True)
                    else:
                        raise Terminated(signal.SIGHUP)  # the input ended: the terminal has gone
            if drawn:
                console.print(f"--seed {options['seed']} with the same options plays this game again", style="dim",
                              highlight=False)
    except (OSError, OutputFailed, termios.error):
        if not hung_up(fd):
            raise
        raise Terminated(signal.SIGHUP) from None
    return 1 if session.state.status == "lost" else 0


def play_command(puzzle: PuzzleSpec[Any, Any]) -> click.Command:
    """``satpuzzles play NAME [options]``."""
    assert puzzle.game is not None

    def callback(**options: Any) -> None:
        sys.exit(play(puzzle, options))

    return click.Command(puzzle.name, callback=callback, params=[to_click(option) for option in puzzle.game.options],
                         help=f"Play {puzzle.heading} in the terminal. {puzzle.game.help}", epilog=EXIT_HELP,
                         short_help=f"Play {puzzle.heading} in the terminal.")
