"""The ``satpuzzles`` command: a subcommand per registered puzzle, ``generate``, ``batch`` and ``puzzles``.

Subcommands are built only when asked for, so ``satpuzzles --version`` loads no puzzle
and no solver.
"""

from __future__ import annotations

import os
from typing import Any

import click

from satpuzzles import __version__
from satpuzzles.cli.output import OutputClosed, silence_stdout
from satpuzzles.core import registry
from satpuzzles.core.errors import ExitStatus, SatPuzzlesError

FIXED_COMMANDS = ("batch", "generate", "puzzles")


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
        if cmd_name == "puzzles":
            return puzzles_command
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


@click.command("puzzles")
def puzzles_command() -> None:
    """List the registered puzzles, their formats and features."""
    for name, spec in registry.puzzles().items():
        features = [feature for feature, present in (
            ("generate", spec.generator is not None), ("svg", spec.view.svg is not None),
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
        click.echo(f"satpuzzles: warning: {warning}", err=True)


def main(argv: list[str] | None = None) -> int:
    """Entry point: run the CLI, turning every error into one line and an exit status."""
    try:
        try:
            cli.main(args=argv, prog_name="satpuzzles", standalone_mode=False)
        finally:
            if registry.loaded():
                _warn_plugins()
    except click.exceptions.Exit as exc:
        return exc.exit_code
    except click.exceptions.NoArgsIsHelpError as exc:
        click.echo(exc.ctx.get_help() if exc.ctx else "satpuzzles --help", err=True)
        return ExitStatus.BAD_INPUT
    except click.UsageError as exc:
        hint = f" (see '{exc.ctx.command_path} --help')" if exc.ctx and exc.ctx.parent else ""
        click.echo(f"satpuzzles: error: {exc.format_message()}{hint}", err=True)
        return ExitStatus.BAD_INPUT
    except (click.exceptions.Abort, KeyboardInterrupt):
        click.echo("satpuzzles: interrupted", err=True)
        return ExitStatus.INTERRUPTED
    except (OutputClosed, BrokenPipeError):
        silence_stdout()
        return ExitStatus.OUTPUT_CLOSED
    except SatPuzzlesError as exc:
        click.echo(f"satpuzzles: error: {exc}", err=True)
        return exc.exit_status
    except SystemExit as exc:
        return exc.code if isinstance(exc.code, int) else ExitStatus.SOLVED
    except Exception as exc:  # noqa: BLE001 - a bug: one line for the user, the traceback on request
        if type(exc).__name__ == "error" and "interrupt" in str(exc).lower():
            # PySAT's solvers catch Ctrl-C themselves and raise their own error type.
            click.echo("satpuzzles: interrupted", err=True)
            return ExitStatus.INTERRUPTED
        if os.environ.get("SATPUZZLES_DEBUG"):
            raise
        click.echo(
            f"satpuzzles: internal error: {type(exc).__name__}: {exc} (SATPUZZLES_DEBUG=1 shows the traceback)",
            err=True,
        )
        return ExitStatus.UNKNOWN
    return ExitStatus.SOLVED
