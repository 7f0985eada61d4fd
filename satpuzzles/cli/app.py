"""The ``satpuzzles`` command: a subcommand per registered puzzle, ``generate``, ``batch`` and ``puzzles``.

Subcommands are built only when asked for (commands.py), so ``satpuzzles --version`` loads no puzzle
and no solver. The commonest command lines, ``satpuzzles PUZZLE SOURCE`` and ``satpuzzles solve SOURCE`` (no option)
and ``satpuzzles --version``, are served without click, whose import is a fifth of a one-puzzle run;
they mean exactly what click would make of them (tests/test_cli_plain.py compares the two).
"""

from __future__ import annotations

import _signal as signal  # the C module: the signal module's enums would load enum for nothing here
import os
import sys
import threading

from satpuzzles import __version__
from satpuzzles.cli import FIXED_COMMANDS
from satpuzzles.cli.output import OutputClosed, OutputFailed, flush_stdout, one_door, say, silence_stdout, stdout
from satpuzzles.core import registry
from satpuzzles.core.errors import ExitStatus, SatPuzzlesError, Terminated

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


def _warn_plugins() -> None:
    for warning in registry.warnings_seen():
        say(f"satpuzzles: warning: {warning}")


class _termination_unwinds:  # noqa: N801 - used as the function it was (a class: no contextlib to load)
    """SIGTERM and SIGHUP raise Terminated while the CLI runs, so cleanup (children, temporary files) happens.

    A signal the process started with ignored (``nohup``) stays ignored.
    """

    def __enter__(self) -> None:
        from satpuzzles.solve.interrupts import forget_stop_signals, raise_interrupt, raise_terminated

        forget_stop_signals()
        self.unraisable_hook, sys.unraisablehook = sys.unraisablehook, _unraisable
        self.previous: dict[int, Any] = {}
        if threading.current_thread() is threading.main_thread():
            for sig in (signal.SIGTERM, signal.SIGHUP):
                if signal.getsignal(sig) == signal.SIG_DFL:
                    self.previous[sig] = signal.signal(sig, raise_terminated)
            if signal.getsignal(signal.SIGINT) is signal.default_int_handler:  # remembered even when lost in __del__
                self.previous[signal.SIGINT] = signal.signal(signal.SIGINT, raise_interrupt)

    def __exit__(self, *exc: object) -> None:
        for sig, handler in self.previous.items():
            signal.signal(sig, handler)
        sys.unraisablehook = self.unraisable_hook


def _unraisable(unraisable: Any) -> None:
    """An exception Python cannot raise (inside a finaliser): a stop is remembered and acted on later,
    anything else is one warning line, never a traceback."""
    if isinstance(unraisable.exc_value, (KeyboardInterrupt, Terminated)):
        return
    say(f"satpuzzles: warning: ignored {unraisable.exc_type.__name__} in a finaliser: "
        f"{_one_line(str(unraisable.exc_value))}")


def _one_line(text: str, limit: int = 300) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 3] + "..."


VERSION_LINE = f"satpuzzles, version {__version__}"
"""What ``--version`` prints (click's version option's words)."""


def plain_command(argv: list[str]) -> tuple[str, str] | None:
    """(puzzle name, source) when the command line is ``PUZZLE SOURCE`` and nothing else, else None.

    Anything click could read differently (an option, ``-``, ``--``, a fixed command) is left to click.
    """
    if len(argv) != 2 or any(arg.startswith("-") or not arg for arg in argv) or argv[0] in FIXED_COMMANDS:
        return None
    return argv[0], argv[1]


def _plain(argv: list[str]) -> int | None:
    """Serve ``--version`` and ``PUZZLE SOURCE`` without click; None when the command line needs click."""
    if argv == ["--version"]:
        if sys.stdout is not None:
            stdout().write(VERSION_LINE + "\n")
        return ExitStatus.SOLVED
    plain = plain_command(argv)
    if plain is None:
        return _plain_solve(argv)
    spec = registry.find(plain[0])
    if spec is None:
        return None
    from satpuzzles.cli.puzzle_command import plain_options, run_puzzle

    try:
        return run_puzzle(spec, plain_options(spec, plain[1]))
    except BrokenPipeError:
        raise OutputClosed("standard output closed") from None


def _plain_solve(argv: list[str]) -> int | None:
    """Serve ``solve SOURCE`` (nothing else given) without click; None for any other command line."""
    if len(argv) != 2 or argv[0] != "solve" or not argv[1] or argv[1].startswith("-"):
        return None
    from satpuzzles.cli.solve_run import plain_solve_options, run_solve

    try:
        return run_solve(plain_solve_options(argv[1]))
    except BrokenPipeError:
        raise OutputClosed("standard output closed") from None


def _invoke(argv: list[str] | None) -> int:
    """Run the command line; its exit status (commands end with sys.exit(status))."""
    try:
        try:
            status = _plain(sys.argv[1:] if argv is None else list(argv))
            if status is not None:
                return status
            from satpuzzles.cli.commands import cli

            cli.main(args=argv, prog_name="satpuzzles", standalone_mode=False)
        finally:
            if registry.loaded():
                _warn_plugins()
    except SystemExit as exc:
        return exc.code if isinstance(exc.code, int) else ExitStatus.SOLVED
    except Exception as exc:
        click = sys.modules.get("click")
        if click is not None and isinstance(exc, click.exceptions.Exit):
            return exc.exit_code
        raise
    return ExitStatus.SOLVED


def _click_error(exc: Exception) -> int | None:
    """Report a usage error or abort raised by click (loaded only when it parsed); None for anything else."""
    click = sys.modules.get("click")
    if click is None:
        return None
    if isinstance(exc, click.exceptions.NoArgsIsHelpError):
        say(exc.ctx.get_help() if exc.ctx else "satpuzzles --help")
        return ExitStatus.BAD_INPUT
    if isinstance(exc, click.UsageError):
        hint = f" (see '{exc.ctx.command_path} --help')" if exc.ctx and exc.ctx.parent else ""
        said = _negative_argument(exc, click) or _missing_argument(exc, click) or exc.format_message()
        say(f"satpuzzles: error: {said}{hint}")
        return ExitStatus.BAD_INPUT
    if isinstance(exc, click.exceptions.Abort):
        say("satpuzzles: interrupted")
        return ExitStatus.INTERRUPTED
    return None


MISSING_ARGUMENTS = {
    "sources": "no puzzle given: give one or more as SOURCE (a file, '-' for standard input, a puzz.link URL or a "
               "game id)",
    "paths": "no puzzle given: give one or more files or folders of puzzles as PATH",
}
"""What a command says when its argument of puzzles is missing, as a puzzle command does (click: "Missing
argument 'SOURCE...'.")."""


def _missing_argument(exc: Exception, click: Any) -> str | None:
    """For a missing argument of puzzles (solve's SOURCE, batch's PATH), what to give; else None."""
    param = getattr(exc, "param", None) if isinstance(exc, click.MissingParameter) else None
    return MISSING_ARGUMENTS.get(param.name) if isinstance(param, click.Argument) and param.name else None


def _negative_argument(exc: Exception, click: Any) -> str | None:
    """For a negative number where a command takes only whole numbers from 1 up (generate's sizes), which click
    reads as an unknown option ("No such option '-1'"), what those arguments are; else None."""
    name = getattr(exc, "option_name", "") if isinstance(exc, click.NoSuchOption) else ""
    ctx = getattr(exc, "ctx", None)
    arguments = [param for param in ctx.command.params if isinstance(param, click.Argument)] if ctx else []
    if not (name[1:].replace(".", "", 1).isdigit() and arguments and all(
            isinstance(param.type, click.IntRange) and param.type.min == 1 for param in arguments)):
        return None
    names = " and ".join(param.human_readable_name for param in arguments)
    return f"{name} is not an option: {names} are whole numbers from 1 up"


def _writable_stdout() -> None:
    """Standard output that can take every answer: in UTF-8 when its code page has no box drawing (Windows' cp1252
    when redirected to a file, a latin-1 locale: every board raised UnicodeEncodeError), with escapes instead on
    such a terminal; and a file name that is not UTF-8 (a lone surrogate in Python) printed as its bytes, as ls
    does: under a UTF-8 locale Python's stdout would raise instead (batch's table and report, the error lines)."""
    if not hasattr(sys.stdout, "reconfigure"):
        return
    try:
        "─│·".encode(sys.stdout.encoding or "utf-8")
    except (UnicodeEncodeError, LookupError):
        if sys.stdout.isatty():
            sys.stdout.reconfigure(errors="backslashreplace")
        else:
            sys.stdout.reconfigure(encoding="utf-8", errors="surrogateescape")
        return
    if sys.stdout.errors == "strict":
        sys.stdout.reconfigure(errors="surrogateescape")


def _run(argv: list[str] | None) -> int:
    """Run the CLI, turning every error into one line on stderr and an exit status."""
    if sys.stdout is None:  # started with descriptor 1 closed (``>&-``): the answer would be lost
        say("satpuzzles: error: standard output is closed: give the command somewhere to write (for example "
            ">/dev/null)")
        return ExitStatus.BAD_INPUT
    _writable_stdout()
    try:
        status = _invoke(argv)
        flush_stdout()  # here, not at interpreter exit, where a failure would be a warning and status 120
        return status
    except KeyboardInterrupt:
        say("satpuzzles: interrupted")
        return ExitStatus.INTERRUPTED
    except Terminated as exc:
        from satpuzzles.solve.interrupts import stopped_by

        say(f"satpuzzles: {stopped_by(exc.signum)}")
        return 128 + exc.signum
    except (OutputClosed, BrokenPipeError):  # BrokenPipeError: click printing its help into a closed pipe
        silence_stdout()
        return ExitStatus.OUTPUT_CLOSED
    except SatPuzzlesError as exc:
        if isinstance(exc, OutputFailed):
            silence_stdout()
        if exc.exit_status == ExitStatus.INTERNAL_ERROR and _debugging():
            _show_traceback(exc)  # a bug reported as one of ours (VerificationError): exit 4, its traceback first
        say(f"satpuzzles: error: {_one_line(str(exc), 2000)}")
        return exc.exit_status
    except MemoryError:
        say("satpuzzles: error: out of memory: the puzzle needs more memory than this process may use "
            "(status unknown; see docs/reliability.md for the sizes each puzzle accepts)")
        return ExitStatus.UNKNOWN
    except Exception as exc:  # noqa: BLE001 - a bug: one line for the user, the traceback on request
        clicked = _click_error(exc)
        if clicked is not None:
            return clicked
        if type(exc).__name__ == "error" and "interrupt" in str(exc).lower():
            # PySAT's solvers catch Ctrl-C themselves and raise their own error type.
            say("satpuzzles: interrupted")
            return ExitStatus.INTERRUPTED
        return _internal_error(exc)


def _debugging() -> bool:
    """Whether SATPUZZLES_DEBUG asks for tracebacks (set, and not empty, 0, no or false)."""
    return os.environ.get("SATPUZZLES_DEBUG", "").strip().lower() not in ("", "0", "no", "false")


def _show_traceback(exc: BaseException) -> None:
    """The traceback of ``exc`` on stderr, after that of the child process it came from (if it did)."""
    import traceback

    details = getattr(exc, "details", "")
    if details:
        say(details.rstrip("\n"))
    say("".join(traceback.format_exception(exc)).rstrip("\n"))


def _internal_error(exc: BaseException) -> int:
    registry = sys.modules.get("satpuzzles.core.registry")  # a plugin's code runs only after the registry loaded it
    plugin = registry.plugin_at_fault(exc) if registry is not None else None
    if _debugging():  # the traceback, and still exit 4: Python's own 1 means "unsolvable" here
        _show_traceback(exc)
        where = f" (in the puzzle plugin {plugin[0]!r}, package {plugin[1]})" if plugin else ""
        say(f"satpuzzles: internal error: {type(exc).__name__}: {_one_line(str(exc))}{where}")
        return ExitStatus.INTERNAL_ERROR
    whom = (f"a bug in the puzzle plugin {plugin[0]!r} (package {plugin[1]}): please report it to its authors"
            if plugin else "a bug: please report it")
    say(f"satpuzzles: internal error: {type(exc).__name__}: {_one_line(str(exc))} "
        f"({whom}; SATPUZZLES_DEBUG=1 shows the traceback)")
    return ExitStatus.INTERNAL_ERROR


def main(argv: list[str] | None = None) -> int:
    """Entry point: run the CLI; every error becomes one line and an exit status (docs/reliability.md)."""
    from satpuzzles.solve.interrupts import stop_signal_received, stopped_by

    with _termination_unwinds(), one_door():
        try:
            status = _run(argv)
        except KeyboardInterrupt:  # a second Ctrl-C while the first was being reported
            return ExitStatus.INTERRUPTED
        except Terminated as exc:
            return 128 + exc.signum
        stopped = stop_signal_received()
        if stopped is not None and status != 128 + stopped:  # its exception was lost in a finaliser
            say(f"satpuzzles: {stopped_by(stopped)}")
            return 128 + stopped
        return status
