"""What a person sees on a terminal: progress bars that leave the output alone, colour when and only when asked."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pyte

from tests.conftest import INSTANCES, ROOT, drain_terminal, run_cli


def screen_of(*args: str, columns: int = 100) -> list[str]:
    """The non-blank lines a terminal shows after running the CLI with stdout and stderr on it (a pty)."""
    screen = pyte.Screen(columns, 40)
    pyte.ByteStream(screen).feed(drawn_by(*args, columns=columns))
    return [line.rstrip() for line in screen.display if line.strip()]


def drawn_by(*args: str, columns: int = 100, **variables: str) -> bytes:
    """What the CLI writes to a terminal (a pty) on stdout and stderr, escapes and all (``variables`` added to
    its environment)."""
    import pty

    leader, follower = pty.openpty()
    env = {**os.environ, "COLUMNS": str(columns), "LINES": "40", "TERM": "xterm-256color", **variables}
    env.pop("NO_COLOR", None)
    with subprocess.Popen([sys.executable, "-m", "satpuzzles", *args], stdout=follower, stderr=follower,
                          cwd=ROOT, env=env) as process:
        os.close(follower)
        drawn = drain_terminal(leader)
    assert process.returncode == 0
    return drawn


def test_generate_clears_its_progress_bar_before_each_puzzle() -> None:
    lines = screen_of("generate", "slitherlink", "7", "6", "--url", "--count", "3", "--seed", "1")
    assert len(lines) == 3 and all(line.startswith("https://puzz.link/p?slither/7/6/") for line in lines)


def test_a_terminal_gets_colour_and_a_pipe_does_not() -> None:
    puzzle = str(INSTANCES / "numberlink" / "seed" / "instance_1.txt")
    piped = run_cli("numberlink", puzzle)
    assert "\x1b[" not in piped.out
    forced = run_cli("numberlink", puzzle, "--color", "always")
    assert "\x1b[" in forced.out and "Solvable" in forced.out
    assert "\x1b[" not in run_cli("numberlink", puzzle, "--color", "never").out
    assert screen_of("numberlink", puzzle)[0] == "Numberlink"


def test_force_color_and_no_color(monkeypatch) -> None:
    puzzle = str(INSTANCES / "numberlink" / "seed" / "instance_1.txt")
    monkeypatch.setenv("FORCE_COLOR", "1")
    assert "\x1b[" in run_cli("numberlink", puzzle).out
    assert "\x1b[" not in run_cli("numberlink", puzzle, "--color", "never").out
    monkeypatch.delenv("FORCE_COLOR")
    monkeypatch.setenv("NO_COLOR", "1")
    assert "\x1b[" in run_cli("numberlink", puzzle, "--colour", "always").out


def test_an_explicit_color_always_wins_over_term_dumb_as_over_no_color(monkeypatch) -> None:
    from satpuzzles.present.colour import use_colour

    class Terminal:
        def isatty(self) -> bool:
            return True

    puzzle = str(INSTANCES / "numberlink" / "seed" / "instance_1.txt")
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "dumb")
    assert "\x1b[" in run_cli("numberlink", puzzle, "--color", "always").out
    assert not use_colour(Terminal(), "auto") and use_colour(Terminal(), "always")
    monkeypatch.setenv("FORCE_COLOR", "1")
    assert "\x1b[" in run_cli("numberlink", puzzle).out
    monkeypatch.delenv("FORCE_COLOR")
    monkeypatch.setenv("TERM", "xterm")
    assert use_colour(Terminal(), "auto")


def test_board_colours_stay_readable_on_light_and_dark_terminals() -> None:
    """No foreground that vanishes on white (yellows, whites, pale tones) unless it has a background of its own,
    and no background that black text cannot be read on."""
    from rich.style import Style

    import satpuzzles
    from satpuzzles.core import registry
    from satpuzzles.present.styles import PALETTE
    from satpuzzles.present.terminal import STATUS_STYLE

    pale = ("yellow", "white", "bright_", "light_", "gold1", "khaki1", "pale", "grey8", "grey9")
    dark_backgrounds = {f"grey{n}" for n in range(0, 40)} | {"black"}
    styles = set(PALETTE) | set(STATUS_STYLE.values())
    for name in registry.names():
        spec = registry.get(name)
        if spec.view.styled is None:
            continue
        for example in spec.examples:
            puzzle = satpuzzles.load(example, puzzle=name)
            result = puzzle.solve()
            board = spec.view.styled(puzzle.instance, result.solution, result.settings, ())
            styles |= {style for line in board for _, style in line if style}
    for text in styles:
        style = Style.parse(text)
        if style.color is not None and style.bgcolor is None:
            assert not any(word in style.color.name for word in pale), text
        if style.bgcolor is not None:
            assert style.bgcolor.name not in dark_backgrounds, text


def test_undetermined_cells_stay_apart_from_forced_mines_in_16_colours(monkeypatch) -> None:
    """docs/formats.md: undetermined `?` is yellow on a 16-colour terminal (dark_orange became bright red there)."""
    monkeypatch.setenv("TERM", "xterm")
    monkeypatch.delenv("COLORTERM", raising=False)
    out = run_cli("minesweeper", "-", "--analyze", "--color", "always", stdin="1 4\n1 ? ? ?\n").out
    assert "\x1b[31m*\x1b[0m" in out and "\x1b[1;33m?\x1b[0m" in out


def test_sixteen_colour_boards_keep_palette_colours_apart_and_shading_readable(monkeypatch) -> None:
    """On 16 colours (TERM=xterm, screen) the palette keeps its distinct stand-ins, none white, black, grey or pale,
    and the inside of a loop is the theme's colours swapped, not light grey (under which white clues vanish)."""
    from rich.color import ColorSystem
    from rich.style import Style

    from satpuzzles.present.styles import PALETTE, PALETTE_16, SOFT_BACKGROUND, sixteen_colours

    unreadable = {0, 7, 8, 10, 11, 14, 15}  # black, white, greys, bright green, bright yellow, bright cyan
    numbers = [Style.parse(sixteen_colours(name)).color.downgrade(ColorSystem.STANDARD).number for name in PALETTE]
    assert len(set(numbers)) == len(PALETTE_16) and not set(numbers) & unreadable
    assert sixteen_colours(f"bold {SOFT_BACKGROUND}") == "bold reverse"
    from satpuzzles.puzzles.minesweeper.view import COUNT_STYLES

    counts = [Style.parse(sixteen_colours(COUNT_STYLES[n])).color.downgrade(ColorSystem.STANDARD).number
              for n in (1, 2, 3, 4, 6, 7, 8)]  # Minesweeper's counts (but 5, dark red) keep apart, none white
    assert len(set(counts)) == len(counts) and not set(counts) & {7, 15}
    monkeypatch.setenv("TERM", "xterm")
    monkeypatch.delenv("COLORTERM", raising=False)
    out = run_cli("slitherlink", "https://puzz.link/p?slither/5/5/cbcbcddad", "--color", "always").out
    assert "\x1b[1;7m 2 \x1b[0m" in out and "47m" not in out  # a clue inside the loop
    puzzle = str(INSTANCES / "numberlink" / "seed" / "instance_1.txt")
    assert "37m" not in run_cli("numberlink", puzzle, "--color", "always").out


def test_a_board_wider_than_the_terminal_gets_a_note_on_stderr() -> None:
    puzzle = str(INSTANCES / "slitherlink" / "puzzleloop" / "20x20_hard_110236.txt")  # 81 columns wide
    note = "satpuzzles: the board is 81 columns wide and the terminal 80, so its rows wrap; see it whole with --svg FILE"
    assert any(line.startswith(note[:79]) for line in screen_of("slitherlink", puzzle, columns=80))
    assert not any("rows wrap" in line for line in screen_of("slitherlink", puzzle, columns=81))
    piped = run_cli("slitherlink", puzzle)  # not a terminal: nothing to warn about
    assert "rows wrap" not in piped.err and piped.code == 0


def test_a_legend_or_heading_over_a_small_board_is_no_board_wider_than_the_terminal() -> None:
    """The note measures the board: not --analyze's legend line (43 columns) over a 3x3 Slitherlink board 13 wide,
    nor the heading over Minesweeper's probability board (107 columns, said as 'the board is 107 columns wide')."""
    loop = screen_of("slitherlink", "https://puzz.link/p?slither/3/3/7.g", "--analyze", columns=40)
    mines = screen_of("minesweeper", str(INSTANCES / "minesweeper" / "seed" / "medium-sat.in"), "--probabilities",
                      columns=40)
    assert any("forced on" in line for line in loop) and any("50%" in line for line in mines)
    assert not any("rows wrap" in line for line in loop + mines)
    wide = screen_of("slitherlink", "https://puzz.link/p?slither/12/3/", "--analyze", columns=40)  # 49 columns
    assert "the board is 49 columns wide and the terminal 40" in "".join(wide)  # the note, wrapped on screen


def test_a_wide_probability_board_fits_an_80_column_terminal_in_coloured_bands(tmp_path) -> None:
    """The coloured board (rich) is cut into the same bands as the plain one: no row wraps on the screen."""
    board = tmp_path / "board.txt"
    assert run_cli("generate", "minesweeper", "6", "20", "--seed", "1", "-o", board).code == 0
    screen = pyte.Screen(80, 100)
    pyte.ByteStream(screen).feed(drawn_by("minesweeper", str(board), "--probabilities", columns=80))
    lines = [line.rstrip() for line in screen.display]
    first, second = lines.index("columns 1-16:"), lines.index("columns 17-20:")
    assert [len(line.split()) for line in lines[first + 1:second]] == [16] * 6 + [0]
    assert [len(line.split()) for line in lines[second + 1:second + 7]] == [4] * 6
    assert "rows wrap" not in "".join(lines)


def test_report_lines_end_with_their_value_and_sat_facts_need_a_formula() -> None:
    drawn = drawn_by("numberlink", str(INSTANCES / "numberlink" / "seed" / "instance_1.txt")).decode()
    assert "\x1b[2mwidth" in drawn and not any(line.endswith(" ") for line in drawn.replace("\x1b[0m", "").splitlines())
    propagated = run_cli("minesweeper", "-", stdin="1 2\n3 ?\n")  # propagation alone: no SAT call, no formula
    assert propagated.code == 1 and "sat real time" not in propagated.out and "number of variables" not in propagated.out
    assert "sat real time" in run_cli("minesweeper", INSTANCES / "minesweeper" / "seed" / "large-sat.in").out


def test_a_slow_solve_spins_on_stderr_and_wipes_the_spinner_before_its_report() -> None:
    # The spinner at once (a slow solve on a fast machine may take under the usual second); the 100x100 takes
    # some tenths of a second at least, long enough for frames.
    puzzle = str(INSTANCES / "slitherlink" / "tatham" / "hard_100x100.loopy")
    drawn = drawn_by("slitherlink", puzzle, "--color", "never", columns=410, SATPUZZLES_SPINNER_DELAY="0").decode()
    assert re.search(r"\r[|/\\-] solving slitherlink, \d+ s", drawn)
    screen = pyte.Screen(410, 300)
    pyte.ByteStream(screen).feed(drawn.encode())
    assert not any("solving slitherlink" in line for line in screen.display)  # wiped before the report
    assert "Solvable = True" in "\n".join(screen.display)
    quick = drawn_by("numberlink", str(INSTANCES / "numberlink" / "seed" / "instance_1.txt")).decode()
    assert "solving" not in quick  # under a second: no spinner
    assert "solving" not in run_cli("slitherlink", puzzle).err  # not a terminal
