"""The ``satpuzzles`` command: a subcommand per registered puzzle, ``generate``, ``batch`` and ``puzzles``.

Subcommands are built only when asked for, so ``satpuzzles --version`` loads no puzzle
and no solver.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import click

from satpuzzles import __version__
from satpuzzles.cli.output import OutputClosed, OutputFailed, flush_stdout, one_door, say, silence_stdout
from satpuzzles.core import registry
from satpuzzles.core.errors import ExitStatus, SatPuzzlesError, Terminated

FIXED_COMMANDS = ("batch", "generate", "play", "puzzles", "solve")


class PuzzleGroup(click.Group):
    """The top-level group: fixed commands plus one command per registered puzzle, made on demand."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted([*registry.names(), *FIXED_COMMANDS])

    def invoke(self, ctx: click.Context) -> Any:
        """Run the subcommand; a broken pipe anywhere becomes OutputClosed (click would exit 1 for it)."""
        try:
            return super().invoke(ctx)
        except BrokenPipeError:
            raise OutputClosed("standard output closed") from None

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name == "batch":
            from satpuzzles.cli.batch import batch_command

            return batch_command()
        if cmd_name == "generate":
            return GenerateGroup("generate", help="Generate puzzles.")
        if cmd_name == "play":
            return PlayGroup("play", help="Play a puzzle in the terminal.")
        if cmd_name == "puzzles":
            return puzzles_command
        if cmd_name == "solve":
            from satpuzzles.cli.solve import solve_command

            return solve_command()
        spec = registry.find(cmd_name)  # loads this puzzle only
        if spec is None:
            return None
        from satpuzzles.cli.puzzle_command import puzzle_command

        return puzzle_command(spec)


class GenerateGroup(click.Group):
    """``satpuzzles generate NAME``: one command per puzzle that has a generator."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return [name for name, spec in registry.puzzles().items() if spec.generator is not None]

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        spec = registry.find(cmd_name)
        if spec is None or spec.generator is None:
            return None
        from satpuzzles.cli.generate import generate_command

        return generate_command(spec)


class PlayGroup(click.Group):
    """``satpuzzles play NAME``: one command per puzzle that has a game."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return [name for name, spec in registry.puzzles().items() if spec.game is not None]

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.list_commands(ctx):
            return None
        from satpuzzles.cli.play import play_command

        return play_command(registry.get(cmd_name))


@click.command("puzzles")
@click.option("--markdown", is_flag=True, help="A markdown table of the puzzles, their rules and sources (the README's).")
def puzzles_command(markdown: bool) -> None:
    """List the registered puzzles, their formats and features."""
    if markdown:
        click.echo("| puzzle | rules | where people play it |\n|---|---|---|")
        for name, spec in registry.puzzles().items():
            click.echo(f"| `{name}` | {spec.rules_text} | {', '.join(spec.sources)} |")
        return
    for name, spec in registry.puzzles().items():
        features = [feature for feature, present in (
            ("generate", spec.generator is not None), ("play", spec.game is not None), ("svg", spec.view.svg is not None),
            ("explain", spec.rules.explainable), ("json", spec.json is not None),
            *((f"to-{writer.name}", True) for writer in spec.writers),
        ) if present]
        click.echo(f"{name}: {spec.summary}")
        click.echo(f"  formats: {', '.join(spec.input_formats[1:])}")
        click.echo(f"  methods: {', '.join(spec.methods)}; features: {', '.join(features)}")


@click.group(cls=PuzzleGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="satpuzzles")
def cli() -> None:
    """Solve logic puzzles by reduction to SAT."""


def _warn_plugins() -> None:
    for warning in registry.warnings_seen():
        say(f"satpuzzles: warning: {warning}")


@contextmanager
def _termination_unwinds() -> Iterator[None]:
    """SIGTERM and SIGHUP raise Terminated while the CLI runs, so cleanup (children, temporary files) happens.

    A signal the process started with ignored (``nohup``) stays ignored.
    """
    from satpuzzles.solve.interrupts import forget_stop_signals, raise_interrupt, raise_terminated

    forget_stop_signals()
    unraisable_hook, sys.unraisablehook = sys.unraisablehook, _unraisable
    previous: dict[int, Any] = {}
    if threading.current_thread() is threading.main_thread():
        for sig in (signal.SIGTERM, signal.SIGHUP):
            if signal.getsignal(sig) == signal.SIG_DFL:
                previous[sig] = signal.signal(sig, raise_terminated)
        if signal.getsignal(signal.SIGINT) is signal.default_int_handler:  # remembered even when lost in __del__
            previous[signal.SIGINT] = signal.signal(signal.SIGINT, raise_interrupt)
    try:
        yield
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
        sys.unraisablehook = unraisable_hook


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


def _invoke(argv: list[str] | None) -> int:
    """Run the command line; its exit status (commands end with sys.exit(status))."""
    try:
        try:
            cli.main(args=argv, prog_name="satpuzzles", standalone_mode=False)
        finally:
            if registry.loaded():
                _warn_plugins()
    except click.exceptions.Exit as exc:
        return exc.exit_code
    except SystemExit as exc:
        return exc.code if isinstance(exc.code, int) else ExitStatus.SOLVED
    return ExitStatus.SOLVED


def _run(argv: list[str] | None) -> int:
    """Run the CLI, turning every error into one line on stderr and an exit status."""
    try:
        status = _invoke(argv)
        flush_stdout()  # here, not at interpreter exit, where a failure would be a warning and status 120
        return status
    except click.exceptions.NoArgsIsHelpError as exc:
        say(exc.ctx.get_help() if exc.ctx else "satpuzzles --help")
        return ExitStatus.BAD_INPUT
    except click.UsageError as exc:
        hint = f" (see '{exc.ctx.command_path} --help')" if exc.ctx and exc.ctx.parent else ""
        say(f"satpuzzles: error: {exc.format_message()}{hint}")
        return ExitStatus.BAD_INPUT
    except (click.exceptions.Abort, KeyboardInterrupt):
        say("satpuzzles: interrupted")
        return ExitStatus.INTERRUPTED
    except Terminated as exc:
        say("satpuzzles: terminated")
        return 128 + exc.signum
    except (OutputClosed, BrokenPipeError):  # BrokenPipeError: click printing its help into a closed pipe
        silence_stdout()
        return ExitStatus.OUTPUT_CLOSED
    except SatPuzzlesError as exc:
        if isinstance(exc, OutputFailed):
            silence_stdout()
        say(f"satpuzzles: error: {_one_line(str(exc), 2000)}")
        return exc.exit_status
    except MemoryError:
        say("satpuzzles: error: out of memory: the puzzle needs more memory than this process may use "
            "(status unknown; see docs/reliability.md for the sizes each puzzle accepts)")
        return ExitStatus.UNKNOWN
    except Exception as exc:  # noqa: BLE001 - a bug: one line for the user, the traceback on request
        if type(exc).__name__ == "error" and "interrupt" in str(exc).lower():
            # PySAT's solvers catch Ctrl-C themselves and raise their own error type.
            say("satpuzzles: interrupted")
            return ExitStatus.INTERRUPTED
        return _internal_error(exc)


def _internal_error(exc: BaseException) -> int:
    if os.environ.get("SATPUZZLES_DEBUG"):
        if getattr(exc, "details", ""):  # a crash in a child process: its own traceback
            say(exc.details)  # type: ignore[attr-defined]
        raise exc
    say(f"satpuzzles: internal error: {type(exc).__name__}: {_one_line(str(exc))} "
        "(a bug: please report it; SATPUZZLES_DEBUG=1 shows the traceback)")
    return ExitStatus.INTERNAL_ERROR


def main(argv: list[str] | None = None) -> int:
    """Entry point: run the CLI; every error becomes one line and an exit status (docs/reliability.md)."""
    from satpuzzles.solve.interrupts import stop_signal_received

    with _termination_unwinds(), one_door():
        try:
            status = _run(argv)
        except KeyboardInterrupt:  # a second Ctrl-C while the first was being reported
            return ExitStatus.INTERRUPTED
        except Terminated as exc:
            return 128 + exc.signum
        stopped = stop_signal_received()
        if stopped is not None and status != 128 + stopped:  # its exception was lost in a finaliser
            say("satpuzzles: interrupted" if stopped == signal.SIGINT else "satpuzzles: terminated")
            return 128 + stopped
        return status
