"""``satpuzzles play minesweeper``, driven like a person would: keys into a terminal, the screen read back."""

from __future__ import annotations

import fcntl
import os
import queue
import select
import subprocess
import sys
import termios
import threading
import time
from collections.abc import Iterator

import pyte
import pytest

from tests.conftest import ROOT, run_cli

COLUMNS, LINES = 100, 40


def take_as_controlling_terminal() -> None:
    """In the child, a session leader: its standard input's terminal becomes its controlling terminal."""
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


class Terminal:
    """The CLI running on a pty, with a terminal emulator reading what it draws."""

    def __init__(self, *args: str, controlling: bool = False) -> None:
        """Start ``satpuzzles ARGS``; ``controlling``: the pty is its controlling terminal (a hangup sends SIGHUP)."""
        import pty

        self.leader, follower = pty.openpty()
        env = {**os.environ, "COLUMNS": str(COLUMNS), "LINES": str(LINES), "TERM": "xterm-256color"}
        self.process = subprocess.Popen([sys.executable, "-m", "satpuzzles", *args], stdin=follower,
                                        stdout=follower, stderr=follower, cwd=ROOT, env=env,
                                        start_new_session=controlling,
                                        preexec_fn=take_as_controlling_terminal if controlling else None)
        os.close(follower)
        self.screen = pyte.Screen(COLUMNS, LINES)
        self.stream = pyte.ByteStream(self.screen)
        self.drawn = b""
        """Every byte drawn so far (what the screen showed for a moment too)."""

    def read(self, until: str | tuple[str, ...], seconds: float = 60) -> str:
        """Read what is drawn until the screen shows ``until`` (or one of them), or the time runs out; the screen's
        text."""
        wanted = (until,) if isinstance(until, str) else until
        deadline = time.monotonic() + seconds
        while not any(text in self.text() for text in wanted) and time.monotonic() < deadline:
            ready, _, _ = select.select([self.leader], [], [], 0.2)
            if ready:
                try:
                    chunk = os.read(self.leader, 65536)
                except OSError:
                    break
                self.drawn += chunk
                self.stream.feed(chunk)
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
        assert b"making a minesweeper game" in terminal.drawn  # while the game is made: never a blank screen
        assert "making a" not in first  # and gone once it is there
        for _ in range(30):  # each hint moves the cursor to a safe cell, Enter opens it
            terminal.type("?")
            hinted = terminal.read(": Enter opens it", seconds=20)
            if "you won" in hinted:
                break
            terminal.type("\r")
            if "you won" in terminal.read(("opened row", "you won"), seconds=20):
                break
        assert "every safe cell is open: you won" in terminal.text()
        assert "0 safe cells to open" in terminal.text()
        assert terminal.text().rstrip().endswith("\narrows move, q quit")  # the keys that still do something
        terminal.type("q")
        assert terminal.close() == 0
    finally:
        terminal.process.kill()


def test_typed_coordinates_flags_and_a_mine() -> None:
    terminal = Terminal("play", "minesweeper", "--rows", "5", "--cols", "6", "--mines", "4", "--seed", "1",
                        "--first-click", "1,1")
    try:
        terminal.read("? shows a hint")
        terminal.type("jjlllf")  # from the first click, down 2 and right 3; flag that cell, then unflag it
        assert "flagged row 3, column 4" in terminal.read("flagged row")
        terminal.type("f")
        assert "unflagged row 3, column 4" in terminal.read("unflagged")
        terminal.type("1 1\r")
        assert "row 1, column 1 is already open" in terminal.read("already open")
        terminal.type("\u00b2 1\r")  # a superscript two is no digit here: ignored, not an internal error
        terminal.type("1 1\r")
        assert "already open" in terminal.read("already open")
        terminal.type("q")
        assert terminal.close() == 0
    finally:
        terminal.process.kill()


def test_a_game_over_offers_only_the_keys_that_still_work() -> None:
    """Once a game is lost (or won), the key line listed every key (Enter opens, o open, f flag, ? hint) though they
    only said "the game is over", over the message saying how it ended; now it lists what still works, and the
    other keys leave that message alone."""
    terminal = Terminal("play", "minesweeper", "--rows", "5", "--cols", "6", "--mines", "4", "--seed", "1",
                        "--first-click", "1,1")
    try:
        playing = terminal.read("? shows a hint")
        assert playing.rstrip().endswith("arrows move, Enter opens, o open, f flag, ? hint, q quit")
        for r, c in ((r, c) for r in range(1, 6) for c in range(1, 7)):  # open every cell in turn: a mine ends it
            terminal.type(f"{r} {c}\r")
            if "you lost" in terminal.read(f"row {r}, column {c}", seconds=20):  # opened, a mine, or already open
                break
        ended = terminal.text()
        message = next(line for line in ended.splitlines() if "you lost" in line)
        assert ended.rstrip().endswith("\narrows move, q quit")
        assert "Enter opens" not in ended and "? hint" not in ended and "f flag" not in ended
        terminal.type("o?f\r 3 7")  # keys that do nothing now: ignored, the message and the key line stay
        terminal.type("l")
        after = terminal.read("\x00", seconds=1)
        assert message in after and after.rstrip().endswith("\narrows move, q quit") and "game is over" not in after
        terminal.type("q")
        assert terminal.close() == 1
    finally:
        terminal.process.kill()


def test_play_needs_a_terminal_and_lists_its_games() -> None:
    refused = run_cli("play", "minesweeper")
    assert refused.code == 2 and "needs a terminal" in refused.err
    assert "minesweeper" in run_cli("play", "--help").out
    assert run_cli("play", "numberlink").code == 2


def test_a_first_click_off_the_board_is_refused_before_a_terminal_or_a_game_is_needed() -> None:
    """It was refused only once the game was being made, after the terminal was taken and the spinner shown."""
    refused = run_cli("play", "minesweeper", "--first-click", "99,99")
    assert refused.code == 2 and "needs a terminal" not in refused.err
    assert "--first-click 99,99 is outside the board of 9 rows x 9 columns" in refused.err


def next_within(keys: Iterator[str], seconds: float = 60) -> str:
    """The next key, read on a thread, so that a reader that blocks for good fails the test instead of hanging it."""
    found: queue.Queue[str] = queue.Queue()
    threading.Thread(target=lambda: found.put(next(keys)), daemon=True).start()
    return found.get(timeout=seconds)


def test_escape_sequences_are_read_whole() -> None:
    from satpuzzles.cli.play import read_keys

    read, write = os.pipe()
    try:
        keys = read_keys(read)
        os.write(write, b"\x1b")  # Esc alone, with nothing after it: the Esc key, once the wait is over
        assert next_within(keys) == "\x1b"
        os.write(write, "\x1b[3~\x1bOP\x1b[1;5A\x1bOA\x1bq\x1b\x1b[B7\u00e9".encode()[:-1])  # é cut in two
        os.write(write, "\u00e9".encode()[-1:] + b"\x1b")
        os.close(write)
        assert list(keys) == ["\x1b[3~", "\x1bOP", "\x1b[1;5A", "\x1bOA", "\x1b", "q", "\x1b", "\x1b[B", "7", "\u00e9",
                              "\x1b"]
    finally:
        os.close(read)


def test_esc_delete_and_function_keys_type_nothing_and_esc_then_q_quits() -> None:
    terminal = Terminal("play", "minesweeper", "--rows", "5", "--cols", "6", "--mines", "4", "--seed", "1",
                        "--first-click", "1,1")
    try:
        terminal.read("? shows a hint")
        terminal.type("12")
        assert "> 12" in terminal.read("> 12")
        terminal.type("\x1b")  # a lone Esc clears what was typed
        assert "> 12" not in terminal.read("q quit")
        # Delete, F5, Ctrl-Up, F1 (SS3): each one key, ignored whole (F5 and Ctrl-Up used to type a 5, Delete a ~)
        terminal.type("\x1b[3~\x1b[15~\x1b[1;5A\x1bOP7")
        screen = terminal.read("> 7")
        assert [line for line in screen.splitlines() if line.startswith(">")] == ["> 7"]
        terminal.type("\x1b")
        terminal.read("q quit")
        terminal.type("jjlllf")  # with nothing typed, f flags the cursor's cell (moved from the first click, 1,1)
        assert "flagged row 3, column 4" in terminal.read("flagged row")
        terminal.type("\x1bq")  # Esc, then q quits (the q was taken for the end of an escape sequence)
        assert terminal.close() == 0
    finally:
        terminal.process.kill()


@pytest.mark.parametrize("key", ["q", "\x04"], ids=["q", "ctrl-d"])
def test_ctrl_d_quits_like_q_and_the_terminal_is_restored(key: str) -> None:
    terminal = Terminal("play", "minesweeper", "--seed", "1")
    try:
        terminal.read("? shows a hint")
        assert not termios.tcgetattr(terminal.leader)[3] & (termios.ICANON | termios.ECHO)  # cbreak while playing
        terminal.type(key)  # Ctrl-D is a key in cbreak mode (byte 4), ignored before
        assert terminal.process.wait(timeout=30) == 0
        restored = termios.tcgetattr(terminal.leader)[3]
        assert restored & termios.ICANON and restored & termios.ECHO
        assert terminal.close() == 0
    finally:
        terminal.process.kill()


@pytest.mark.parametrize("board", [("--rows", "2", "--cols", "2", "--mines", "0"),
                                   ("--rows", "6", "--cols", "6", "--mines", "1", "--seed", "2")],
                         ids=["no-mines", "opening-clears-all"])
def test_a_game_won_by_its_opening_is_shown_won_and_ends_at_once(board: tuple[str, ...]) -> None:
    terminal = Terminal("play", "minesweeper", *board)
    try:
        assert terminal.process.wait(timeout=60) == 0  # no key typed: it used to wait for q
        screen = terminal.read("you won at once", seconds=5)
        assert "you won at once" in screen and "0 safe cells to open" in screen
        assert "? shows a hint" not in screen and "q quit" not in screen  # no keys offered for a game that is over
        restored = termios.tcgetattr(terminal.leader)[3]
        assert restored & termios.ICANON and restored & termios.ECHO
        assert terminal.close() == 0
    finally:
        terminal.process.kill()


def test_keys_left_unread_at_the_end_of_a_game_are_dropped() -> None:
    import pty

    from satpuzzles.cli.play import keys_one_by_one

    leader, follower = pty.openpty()
    try:
        with keys_one_by_one(follower):
            os.write(leader, b"qqq rm")  # typed after the game's last read: they used to reach the shell
            deadline = time.monotonic() + 10
            while _unread(follower) < 6 and time.monotonic() < deadline:
                time.sleep(0.01)
            assert _unread(follower) == 6
        assert _unread(follower) == 0
        assert termios.tcgetattr(follower)[3] & termios.ICANON  # and the terminal is restored
    finally:
        os.close(leader)
        os.close(follower)


def _unread(fd: int) -> int:
    """Bytes waiting in a terminal's input queue."""
    import struct

    return int(struct.unpack("i", fcntl.ioctl(fd, termios.FIONREAD, b"\0\0\0\0"))[0])


def test_input_from_a_pipe_that_closes_is_refused_at_once() -> None:
    import pty

    leader, follower = pty.openpty()  # output to a terminal, input from an empty pipe (echo -n | ...)
    try:
        done = subprocess.run([sys.executable, "-m", "satpuzzles", "play", "minesweeper"], input=b"",
                              stdout=follower, stderr=subprocess.PIPE, cwd=ROOT, timeout=60)
        assert done.returncode == 2
        assert done.stderr.decode().strip() == "satpuzzles: error: play needs a terminal for its input and output"
    finally:
        os.close(follower)
        os.close(leader)


@pytest.mark.parametrize("controlling", [False, True], ids=["input-ends", "sighup"])
def test_a_terminal_that_closes_ends_the_game_with_129(controlling: bool) -> None:
    terminal = Terminal("play", "minesweeper", "--seed", "1", controlling=controlling)
    try:
        terminal.read("? shows a hint")
        os.close(terminal.leader)  # the window closes: SIGHUP for a controlling terminal, the input ends (EIO) anyway
        assert terminal.process.wait(timeout=60) == 129  # 128 + SIGHUP, like SIGHUP anywhere else
    finally:
        terminal.process.kill()


def test_a_board_wider_than_the_terminal_is_refused_not_wrapped() -> None:
    """Before the game is made: this one (200 mines in 300 cells) would search long for a no-guess layout."""
    terminal = Terminal("play", "minesweeper", "--rows", "5", "--cols", "60", "--mines", "200", "--seed", "1")
    try:
        terminal.read("terminal columns", seconds=120)
        assert terminal.close() == 2
        assert b"the board needs 124 terminal columns and this terminal has 100" in terminal.drawn
        assert b"making a" not in terminal.drawn  # no game was made
    finally:
        terminal.process.kill()


def test_a_board_that_has_no_no_guess_game_is_refused_at_once() -> None:
    # 2 rows, 6 columns, 3 mines: 20 layouts, none a no-guess game (200 attempts took minutes to give up, then
    # suggested --attempts, which play does not have)
    terminal = Terminal("play", "minesweeper", "--rows", "2", "--cols", "6", "--mines", "3", "--seed", "2")
    try:
        terminal.read("needs a guess", seconds=120)
        assert terminal.close() == 2
        assert b"each of its 20 layouts needs a guess" in terminal.drawn and b"--" not in terminal.drawn
    finally:
        terminal.process.kill()


def test_the_message_of_a_search_that_gives_up_names_options_play_has(monkeypatch: pytest.MonkeyPatch) -> None:
    import re

    from satpuzzles.puzzles.minesweeper import game
    from satpuzzles.puzzles.minesweeper.generator import GenerationFailed

    monkeypatch.setattr(game, "ATTEMPTS", 1)
    statuses: list[str] = []
    with pytest.raises(GenerationFailed) as failed:
        game.new_game({"rows": 8, "cols": 8, "mine_count": 40, "seed": 1}, statuses.append)
    named = set(re.findall(r"--[a-z-]+", str(failed.value)))
    assert named and named <= {flag for option in game.GAME.options for flag in option.flags}  # no --attempts
    assert statuses[0] == "no-guess: attempt 1 of 1, 0 mine moves so far"


def test_the_summary_counts_one_in_the_singular() -> None:
    import numpy as np

    from satpuzzles.puzzles.minesweeper.game import MinesweeperGame

    game = MinesweeperGame(np.array([[False, True, False]]), (0, 0))
    assert game.summary() == "1 mine, 0 flagged, 1 safe cell to open"


def test_a_hint_never_sends_enter_to_a_flagged_cell() -> None:
    """A cell the player flagged by mistake is safe, but Enter refuses to open it: the hint says so, or names another."""
    import numpy as np

    from satpuzzles.puzzles.minesweeper.game import MinesweeperGame

    game = MinesweeperGame(np.array([[False, True, False, False]]), (0, 0))  # the 1 and the total: 3 and 4 are safe
    game.act("flag", (0, 2))
    cell, message = game.hint()
    assert cell == (0, 3) and message == "row 1, column 4 is safe by the underlined 1 and the total: Enter opens it"
    game.act("flag", (0, 3))
    cell, message = game.hint()
    assert cell == (0, 2) and "flagged" in message and "f unflags it" in message
    assert game.act("open", cell) == "row 1, column 3 is flagged: press f to unflag it first"  # as the hint now says


def test_a_hint_underlines_the_counts_that_show_its_cell_safe() -> None:
    """The hint said 'row 1, column 3 is safe' and no more: now it underlines the counts that rule a mine out there
    (until the next move) and says so, and the mine total when they need it."""
    import numpy as np

    from satpuzzles.puzzles.minesweeper.game import MinesweeperGame

    game = MinesweeperGame(np.array([[False, True, False, False]]), (0, 0))  # the 1 and the total: 3 and 4 are safe
    cell, message = game.hint()
    assert cell == (0, 2) and message == "row 1, column 3 is safe by the underlined 1 and the total: Enter opens it"
    underlined = [(r, c) for r, line in enumerate(game.cells()) for c, (_, style) in enumerate(line)
                  if "underline" in style]
    assert underlined == [(0, 0)]
    game.act("open", cell)
    assert not any("underline" in style for line in game.cells() for _, style in line)


def test_o_and_f_after_a_typed_row_and_column_act_on_that_cell() -> None:
    """'3 7' then o opens row 3, column 7, as Enter would (o opened the cell under the cursor, maybe a mine, and
    left '3 7' typed); f flags it."""
    import numpy as np

    from satpuzzles.cli.play import Session
    from satpuzzles.core.registry import get
    from satpuzzles.puzzles.minesweeper.game import MinesweeperGame

    mines = np.zeros((5, 5), dtype=bool)
    mines[:, 2] = mines[0, 0] = mines[1, 0] = True  # the cursor starts on the centre: a mine
    session = Session(get("minesweeper"), MinesweeperGame(mines, (0, 4)))
    for key in "5 1o":
        session.press(key)
    assert session.state.status == "playing" and session.typed == ""
    assert session.message == "opened row 5, column 1" and session.cursor == (4, 0)
    for key in "1 1f":
        session.press(key)
    assert session.message == "flagged row 1, column 1" and session.state.flags[0, 0] and session.typed == ""
    for key in "9 9f":
        session.press(key)
    assert session.message == "row 9, column 9 is off the board" and session.state.flags.sum() == 1


def test_a_board_taller_than_the_terminal_is_refused_not_cut() -> None:
    """36 rows need 41 lines (title, column numbers, the rows, a blank line, the message, the keys): on 40 the
    last rows, the message and the keys were cut to '...', so a player could not see a hint or that the game ended."""
    terminal = Terminal("play", "minesweeper", "--rows", "36", "--cols", "10", "--mines", "10", "--seed", "1")
    try:
        terminal.read("terminal lines", seconds=60)
        assert terminal.close() == 2
        assert b"the board needs 41 terminal lines and this terminal has 40" in terminal.drawn
        assert b"making a" not in terminal.drawn  # refused before the game is made
    finally:
        terminal.process.kill()
    terminal = Terminal("play", "minesweeper", "--rows", "35", "--cols", "10", "--mines", "10", "--seed", "1")
    try:  # 35 rows fit in 40 lines
        assert "q quit" in terminal.read("q quit")
        terminal.type("q")
        assert terminal.close() == 0
    finally:
        terminal.process.kill()


def test_too_many_mines_are_refused_naming_where_they_came_from() -> None:
    """'10 mines do not fit' alone left the player of --rows 3 --cols 3 wondering where 10 mines came from."""
    from satpuzzles.core.errors import UsageError
    from satpuzzles.puzzles.minesweeper import game

    with pytest.raises(UsageError) as level:
        game.new_game({"rows": 3, "cols": 3, "seed": 1}, lambda status: None)
    assert str(level.value) == ("the beginner level's mines (--mines sets them): 10 mines do not fit: the first "
                                "click's area leaves 0 cells")
    with pytest.raises(UsageError) as given:
        game.new_game({"level": "expert", "mine_count": 9999, "seed": 1}, lambda status: None)
    assert str(given.value).startswith("--mines 9999: 9999 mines do not fit")


def test_a_hint_drops_a_half_typed_row_so_enter_opens_the_hinted_cell() -> None:
    """'3' then ? said 'Enter opens it', but Enter read the '3' and asked for a row and a column."""
    import numpy as np

    from satpuzzles.cli.play import Session
    from satpuzzles.core.registry import get
    from satpuzzles.puzzles.minesweeper.game import MinesweeperGame

    session = Session(get("minesweeper"), MinesweeperGame(np.array([[False, True, False, False]]), (0, 0)))
    for key in "3?":
        session.press(key)
    assert session.message.endswith(": Enter opens it") and session.typed == ""
    session.press("\r")
    assert session.message.startswith("opened row 1, column")


def test_the_cursor_starts_on_the_first_click() -> None:
    """With --first-click 1,1 the cursor started on the centre, a cell nothing shows safe: Enter there was a guess."""
    import numpy as np

    from satpuzzles.cli.play import Session
    from satpuzzles.core.registry import get
    from satpuzzles.puzzles.minesweeper.game import MinesweeperGame

    mines = np.zeros((5, 6), dtype=bool)
    mines[:, 3] = True
    assert Session(get("minesweeper"), MinesweeperGame(mines, (4, 0))).cursor == (4, 0)


def test_a_game_without_a_seed_ends_saying_the_seed_that_plays_it_again() -> None:
    """A random game could not be played again: the seed drawn is said when it ends, and gives the same game."""
    args = ("play", "minesweeper", "--rows", "5", "--cols", "6", "--mines", "4", "--first-click", "1,1")
    terminal = Terminal(*args)
    try:
        first = terminal.read("? shows a hint")
        terminal.type("q")
        assert terminal.close() == 0
        said = next(line for line in terminal.text().splitlines() if "plays this game again" in line)
        seed = said.split()[1]
        assert said == f"--seed {seed} with the same options plays this game again"
    finally:
        terminal.process.kill()
    again = Terminal(*args, "--seed", seed)
    try:
        assert again.read("? shows a hint") == first
        again.type("q")
        assert again.close() == 0 and "plays this game again" not in again.text()
    finally:
        again.process.kill()
