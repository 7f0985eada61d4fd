"""The click command tree: the top-level group, a command per registered puzzle made on demand, and the
fixed commands (``batch``, ``generate``, ``play``, ``puzzles``, ``solve``).

Imported only when a command line needs click's parsing (app.py serves ``satpuzzles PUZZLE SOURCE``
and ``--version`` without it).
"""

from __future__ import annotations

from typing import Any

import click

from satpuzzles import __version__
from satpuzzles.cli import FIXED_COMMANDS
from satpuzzles.cli.options import format_option
from satpuzzles.cli.output import OutputClosed
from satpuzzles.core import registry
from satpuzzles.core.errors import UsageError
from satpuzzles.core.spec import PuzzleSpec


class SuggestingGroup(click.Group):
    """A group whose "No such command" error names the commands closest to the one typed (``numberlnk``)."""

    def resolve_command(self, ctx: click.Context, args: list[str]) -> tuple[str | None, click.Command | None, list[str]]:
        try:
            return super().resolve_command(ctx, args)
        except click.UsageError as error:
            name = args[0] if args else ""
            if not isinstance(name, str) or name.startswith("-") or self.get_command(ctx, name) is not None:
                raise
            if name.isidentifier() and registry.failure(name) is not None:
                raise click.UsageError(f"{error.message} The puzzle plugin registered as {name!r} failed to load "
                                       "(the warning above says why).", error.ctx) from None
            from difflib import get_close_matches

            close = get_close_matches(name, self.list_commands(ctx), n=3, cutoff=0.6)
            if not close:
                raise
            raise click.UsageError(f"{error.message} Did you mean {' or '.join(map(repr, close))}?", error.ctx) from None


class PuzzleGroup(SuggestingGroup):
    """The top-level group: fixed commands plus one command per registered puzzle, made on demand."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted([*registry.names(), *FIXED_COMMANDS])

    def invoke(self, ctx: click.Context) -> Any:
        """Run the subcommand; a broken pipe anywhere becomes OutputClosed (click would exit 1 for it), and Ctrl-C
        click's Abort (which it would precede with an empty line on stderr)."""
        try:
            return super().invoke(ctx)
        except BrokenPipeError:
            raise OutputClosed("standard output closed") from None
        except KeyboardInterrupt:
            raise click.exceptions.Abort() from None

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
        if cmd_name == "solvers":
            from satpuzzles.cli.solvers import solvers_command

            return solvers_command
        spec = registry.find(cmd_name)  # loads this puzzle only
        if spec is None:
            return None
        from satpuzzles.cli.puzzle_command import puzzle_command

        return puzzle_command(spec)


class FeatureGroup(SuggestingGroup):
    """A group with one command per registered puzzle that has a feature (``feature``, what it is called): a puzzle
    without it is refused saying so and naming the puzzles that have it, not as an unknown command."""

    feature = ""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return [name for name, spec in registry.puzzles().items() if self.offered(spec)]

    def offered(self, spec: PuzzleSpec[Any, Any]) -> bool:
        """Whether ``spec`` has the group's feature."""
        raise NotImplementedError

    def resolve_command(self, ctx: click.Context, args: list[str]) -> tuple[str | None, click.Command | None, list[str]]:
        name = args[0] if args else ""
        spec = registry.find(name) if isinstance(name, str) and name.isidentifier() else None
        if spec is not None and not self.offered(spec) and not ctx.resilient_parsing:
            having = self.list_commands(ctx)
            ctx.fail(f"{spec.heading} has no {self.feature}; "
                     + (f"the puzzles with one: {', '.join(having)}" if having else "no puzzle installed has one"))
        return super().resolve_command(ctx, args)


class GenerateGroup(FeatureGroup):
    """``satpuzzles generate NAME``: one command per puzzle that has a generator."""

    feature = "generator"

    def offered(self, spec: PuzzleSpec[Any, Any]) -> bool:
        return spec.generator is not None

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        spec = registry.find(cmd_name)
        if spec is None or spec.generator is None:
            return None
        from satpuzzles.cli.generate import generate_command

        return generate_command(spec)


class PlayGroup(FeatureGroup):
    """``satpuzzles play NAME``: one command per puzzle that has a game."""

    feature = "game to play in the terminal"

    def offered(self, spec: PuzzleSpec[Any, Any]) -> bool:
        return spec.game is not None

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        spec = registry.find(cmd_name)  # loads this puzzle only
        if spec is None or not self.offered(spec):
            return None
        from satpuzzles.cli.play import play_command

        return play_command(spec)


def _features(spec: PuzzleSpec[Any, Any]) -> list[str]:
    """What a puzzle offers beyond solving (commands and options), by name."""
    return [feature for feature, present in (
        ("generate", spec.generator is not None), ("play", spec.game is not None), ("svg", spec.view.svg is not None),
        ("explain", spec.rules.explainable), ("analyze", spec.rules.analyzable), ("json", spec.json is not None),
        *((f"to-{writer.name}", True) for writer in spec.writers),
    ) if present]


@click.command("puzzles", params=[format_option("one JSON object per puzzle, one per line: name, summary, rules, "
                                                  "sources, formats, methods and features.")])
@click.option("--markdown", is_flag=True, help="A markdown table of the puzzles, their rules and sources (the README's).")
def puzzles_command(markdown: bool, output_format: str) -> None:
    """List the registered puzzles, their formats and features."""
    if markdown and output_format == "json":  # the table would be printed, the JSON asked for dropped
        raise UsageError("--markdown writes a markdown table, --format json one JSON object per puzzle: give one")
    if markdown:
        click.echo("| puzzle | rules | where people play it |\n|---|---|---|")
        for name, spec in registry.puzzles().items():
            click.echo(f"| `{name}` | {spec.rules_text} | {', '.join(spec.sources)} |")
        return
    if output_format == "json":
        import json

        for name, spec in registry.puzzles().items():
            click.echo(json.dumps({"name": name, "summary": spec.summary, "rules": spec.rules_text,
                                   "sources": list(spec.sources), "formats": list(spec.input_formats[1:]),
                                   "methods": list(spec.methods), "features": _features(spec)}, ensure_ascii=False))
        return
    for name, spec in registry.puzzles().items():
        features = _features(spec)
        click.echo(f"{name}: {spec.summary}")
        click.echo(f"  formats: {', '.join(spec.input_formats[1:])}")
        click.echo(f"  methods: {', '.join(spec.methods)}; features: {', '.join(features) or 'none beyond solving'}")


@click.group(cls=PuzzleGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="satpuzzles")
def cli() -> None:
    """Solve logic puzzles by reduction to SAT."""
