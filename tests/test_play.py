"""``satpuzzles play minesweeper``, driven like a person would: keys into a terminal, the screen read back."""

from __future__ import annotations

import os
import select
import subprocess
import sys
import time

import pyte

from tests.conftest import ROOT, run_cli

COLUMNS, LINES = 100, 40


class Terminal:
    """The CLI running on a pty, with a terminal emulator reading what it draws."""

    def __init__(self, *args: str) -> None:
        import pty

        self.leader, follower = pty.openpty()
        env = {**os.environ, "COLUMNS": str(COLUMNS), "LINES": str(LINES), "TERM": "xterm-256color"}
        self.process = subprocess.Popen([sys.executable, "-m", "satpuzzles", *args], stdin=follower,
                                        stdout=follower, stderr=follower, cwd=ROOT, env=env)
        os.close(follower)
        self.screen = pyte.Screen(COLUMNS, LINES)
        self.stream = pyte.ByteStream(self.screen)

    def read(self, until: str, seconds: float = 60) -> str:
        """Read what is drawn until the screen shows ``until`` (or the time runs out); the screen's text."""
        deadline = time.monotonic() + seconds
        while until not in self.text() and time.monotonic() < deadline:
            ready, _, _ = select.select([self.leader], [], [], 0.2)
            if ready:
                try:
                    self.stream.feed(os.read(self.leader, 65536))
                except OSError:
                    break
        return self.text()

    def type(self, keys: str) -> None:
        """Send keys as typed."""
        os.write(self.leader, keys.encode())

    def text(self) -> str:
        """The screen as lines of text."""
        return "\n".join(line.rstrip() for line in self.screen.display)

    def close(self) -> int:
        """Wait for the program to end; its exit status."""
        self.read("\x00", seconds=0.5)
        code = self.process.wait(timeout=30)
        os.close(self.leader)
        return code


def test_a_game_is_won_by_following_the_hints() -> None:
    terminal = Terminal("play", "minesweeper", "--level", "beginner", "--seed", "3")
    try:
        first = terminal.read("? shows a hint")
        assert "Minesweeper: 10 mines, 0 flagged" in first and "■" in first
        for _ in range(30):  # each hint moves the cursor to a safe cell, Enter opens it
            terminal.type("?")
            hinted = terminal.read("is safe: Enter opens it", seconds=20)
            if "you won" in hinted:
                break
            terminal.type("\r")
            if "you won" in terminal.read("you won", seconds=2):
                break
        assert "every safe cell is open: you won" in terminal.text()
        assert "0 safe cells to open" in terminal.text()
        terminal.type("q")
        assert terminal.close() == 0
    finally:
        terminal.process.kill()


def test_typed_coordinates_flags_and_a_mine() -> None:
    terminal = Terminal("play", "minesweeper", "--rows", "5", "--cols", "6", "--mines", "4", "--seed", "1",
                        "--first-click", "1,1")
    try:
        terminal.read("? shows a hint")
        terminal.type("f")  # flag the cursor's cell (the centre), then unflag it
        assert "flagged row 3, column 4" in terminal.read("flagged row")
        terminal.type("f")
        assert "unflagged row 3, column 4" in terminal.read("unflagged")
        terminal.type("1 1\r")
        assert "already open" in terminal.read("already open")
        terminal.type("\u00b2 1\r")  # a superscript two is no digit here: ignored, not an internal error
        terminal.type("1 1\r")
        assert "already open" in terminal.read("already open")
        terminal.type("q")
        assert terminal.close() == 0
    finally:
        terminal.process.kill()


def test_play_needs_a_terminal_and_lists_its_games() -> None:
    refused = run_cli("play", "minesweeper")
    assert refused.code == 2 and "needs a terminal" in refused.err
    assert "minesweeper" in run_cli("play", "--help").out
    assert run_cli("play", "numberlink").code == 2
