"""The ``satpuzzles`` command: one subcommand per registered puzzle."""

from __future__ import annotations

import json
import sys
from typing import Any

import click

from satpuzzles import __version__
from satpuzzles.cnf.dimacs import dimacs_text
from satpuzzles.errors import ExitStatus, InputError, SatPuzzlesError, UsageError
from satpuzzles.files import numbered_path, read_input, write_atomic
from satpuzzles.present import json_record, plain_report, rich_report
from satpuzzles.puzzle import Outcome, Puzzle, Settings
from satpuzzles.registry import PUZZLES
from satpuzzles.render import make_console, use_colour
from satpuzzles.solvers.backends import DEFAULT_SOLVER, check_solver_name
from satpuzzles.solvers.pipeline import solve_within_limit

STATUS_EXIT = {"solved": ExitStatus.SOLVED, "unsolvable": ExitStatus.UNSOLVABLE, "unknown": ExitStatus.UNKNOWN}


def common_options() -> list[click.Option]:
    """The options every puzzle command has."""
    return [
        click.Option(["-i", "--input", "input_path"], required=True, metavar="FILE", help="Puzzle file; '-' reads standard input."),
        click.Option(["-o", "--output"], metavar="FILE", help="Write the CNF formula (DIMACS, variables named in comments)."),
        click.Option(["-r", "--result"], metavar="FILE", help="Write the solution as a result file."),
        click.Option(["-s", "--solver"], default=DEFAULT_SOLVER, show_default=True, metavar="NAME",
                     help="PySAT solver name or alias (cadical195, glucose4, minisat22, ...), or a DIMACS solver executable."),
        click.Option(["-v", "--verbose"], is_flag=True, help="Report phases and solver output on stderr."),
        click.Option(["--format", "output_format"], type=click.Choice(["text", "json"]), default="text", show_default=True,
                     help="json: one JSON object per puzzle, one per line."),
        click.Option(["--timeout"], type=click.FloatRange(min=0, min_open=True), metavar="SECONDS",
                     help="Hard limit per puzzle; status 'unknown' (exit 3) when reached."),
        click.Option(["--count"], type=click.IntRange(min=1), default=1, show_default=True, metavar="N",
                     help="Find up to N solutions (by the full rules)."),
        click.Option(["--unique"], is_flag=True, help="Prove the solution unique, or show a second one."),
        click.Option(["--index"], type=click.IntRange(min=1), metavar="N", help="Solve only the N-th puzzle of a multi-puzzle file."),
    ]


def write_outputs(puzzle: Puzzle[Any, Any], instance: Any, outcome: Outcome[Any], options: dict[str, Any], settings: Settings, index: int, total: int) -> None:
    """The -o DIMACS file and the -r result file, each written atomically."""
    if options["output"]:
        text = outcome.dimacs
        if text is None:
            stage = puzzle.stages(instance, settings)[0]
            text = dimacs_text(stage.build().formula, header=[f"satpuzzles {puzzle.name}, encoding {stage.name}"])
        write_atomic(numbered_path(options["output"], index, total), [text])
    if options["result"] and outcome.solution is not None:
        write_atomic(numbered_path(options["result"], index, total), [puzzle.result_file(instance, outcome.solution)])


def run_puzzle(puzzle: Puzzle[Any, Any], options: dict[str, Any]) -> int:
    """Parse, solve, verify and print every selected puzzle; return the exit status."""
    settings = Settings(
        solver=check_solver_name(options["solver"]),
        count=options["count"],
        unique=options["unique"],
        explain=bool(options.get("explain")),
        timeout=options["timeout"],
        verbose=options["verbose"],
        want_dimacs=bool(options["output"]),
        extras={name: value for name, value in options.items() if name in {o.name for o in puzzle.options()}},
    )
    text, source = read_input(options["input_path"])
    try:
        instances = puzzle.parse(text)
    except InputError as exc:
        raise exc.located(source) from None
    selected = list(enumerate(instances, start=1))
    if options["index"] is not None:
        if options["index"] > len(instances):
            raise UsageError(f"--index {options['index']}: {source} holds {len(instances)} puzzle(s)")
        selected = [selected[options["index"] - 1]]
    console = make_console()
    statuses = []
    for position, (index, instance) in enumerate(selected):
        replacement = puzzle.replacement_output(instance, settings)
        if replacement is not None:
            sys.stdout.write(replacement + "\n")
            statuses.append("solved")
            continue
        outcome = solve_within_limit(puzzle, instance, settings)
        statuses.append(outcome.status)
        write_outputs(puzzle, instance, outcome, options, settings, index, len(selected))
        if options["output_format"] == "json":
            record = json_record(puzzle, instance, outcome, settings)
            if len(instances) > 1:
                record["index"] = index
            sys.stdout.write(json.dumps(record, ensure_ascii=False) + "\n")
            continue
        if len(selected) > 1 or len(instances) > 1:
            heading = f"== {source}: puzzle {index} of {len(instances)} =="
            console.print(("\n" if position else "") + heading, style="bold", markup=False)
        if use_colour(sys.stdout):
            console.print(rich_report(puzzle, instance, outcome, settings))
        else:
            sys.stdout.write(plain_report(puzzle, instance, outcome, settings) + "\n")
    sys.stdout.flush()
    if "unknown" in statuses:
        return ExitStatus.UNKNOWN
    return ExitStatus.UNSOLVABLE if "unsolvable" in statuses else ExitStatus.SOLVED


def puzzle_command(puzzle: Puzzle[Any, Any]) -> click.Command:
    """A click command for ``puzzle`` with the common and the puzzle's own options."""

    def callback(**options: Any) -> None:
        sys.exit(run_puzzle(puzzle, options))

    explain = [
        click.Option(["--explain"], is_flag=True,
                     help="On an unsolvable puzzle, name a minimal set of clues that cannot all hold.")
    ] if puzzle.explainable else []
    return click.Command(
        puzzle.name,
        callback=callback,
        params=[*common_options(), *explain, *puzzle.options()],
        help=puzzle.summary + "\n\nExit status: 0 solved, 1 proved unsolvable, 2 bad usage or input, 3 unknown.",
        short_help=puzzle.summary,
    )


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="satpuzzles")
def cli() -> None:
    """Solve logic puzzles by reduction to SAT."""


for _puzzle in PUZZLES.values():
    cli.add_command(puzzle_command(_puzzle))


def main(argv: list[str] | None = None) -> int:
    """Entry point: run the CLI, turning every error into one line and an exit status."""
    try:
        cli.main(args=argv, prog_name="satpuzzles", standalone_mode=False)
    except click.exceptions.Exit as exc:
        return exc.exit_code
    except click.UsageError as exc:
        hint = f" (see 'satpuzzles {exc.ctx.info_name} --help')" if exc.ctx and exc.ctx.parent else ""
        click.echo(f"satpuzzles: error: {exc.format_message()}{hint}", err=True)
        return ExitStatus.BAD_INPUT
    except click.exceptions.Abort:
        click.echo("satpuzzles: interrupted", err=True)
        return ExitStatus.INTERRUPTED
    except SatPuzzlesError as exc:
        click.echo(f"satpuzzles: error: {exc}", err=True)
        return exc.exit_status
    except KeyboardInterrupt:
        click.echo("satpuzzles: interrupted", err=True)
        return ExitStatus.INTERRUPTED
    except BrokenPipeError:
        return ExitStatus.SOLVED
    except SystemExit as exc:
        return exc.code if isinstance(exc.code, int) else ExitStatus.SOLVED
    return ExitStatus.SOLVED
