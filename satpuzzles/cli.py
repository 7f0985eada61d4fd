"""The ``satpuzzles`` command: one subcommand per registered puzzle."""

from __future__ import annotations

import contextlib
import json
import math
import os
import sys
from collections.abc import Callable
from typing import Any

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

from satpuzzles import __version__, svg
from satpuzzles.batch.command import batch_command
from satpuzzles.cnf.dimacs import dimacs_text
from satpuzzles.errors import ExitStatus, InputError, SatPuzzlesError, UsageError
from satpuzzles.files import check_writable, numbered_path, read_input, write_atomic
from satpuzzles.present import json_record, plain_report, rich_report
from satpuzzles.puzzle import Outcome, Puzzle, Settings
from satpuzzles.registry import PUZZLES
from satpuzzles.render import make_console, use_colour
from satpuzzles.solvers.backends import DEFAULT_SOLVER, check_solver_name
from satpuzzles.solvers.isolation import Timeout, run_with_deadline
from satpuzzles.solvers.pipeline import solve_within_limit

MAX_GENERATED_CELLS = 25_000_000
"""Largest board ``generate`` makes (5000x5000; a few hundred MB while it builds the text)."""

MAX_TIMEOUT = 1e6
"""Largest --timeout in seconds (about 11 days); larger values overflow the deadline arithmetic."""


def common_options() -> list[click.Option]:
    """The options every puzzle command has."""
    return [
        click.Option(["-i", "--input", "input_path"], required=True, metavar="FILE", help="Puzzle file; '-' reads standard input."),
        click.Option(["-o", "--output"], metavar="FILE", help="Write the CNF formula (DIMACS, variables named in comments)."),
        click.Option(["-r", "--result"], metavar="FILE", help="Write the solution as a result file."),
        click.Option(["--svg"], metavar="FILE", help="Draw the solution (else the bare puzzle) as an SVG picture."),
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
    """The -o DIMACS file, the -r result file and the --svg picture, each written atomically."""
    if options["output"]:
        text = outcome.dimacs
        if text is None:
            stage = puzzle.stages(instance, settings)[0]
            text = dimacs_text(stage.build().formula, header=[f"satpuzzles {puzzle.name}, encoding {stage.name}"])
        write_atomic(numbered_path(options["output"], index, total), [text])
    if options["result"] and outcome.solution is not None:
        write_atomic(numbered_path(options["result"], index, total), [puzzle.result_file(instance, outcome.solution)])
    if options.get("svg"):
        write_atomic(numbered_path(options["svg"], index, total), [puzzle.svg(instance, outcome, settings)])


def check_options(puzzle: Puzzle[Any, Any], options: dict[str, Any]) -> None:
    """Refuse option values that cannot work, before any solving."""
    for name in ("output", "result", "svg"):
        if options.get(name) is not None:
            check_writable(options[name])
    timeout = options["timeout"]
    if timeout is not None and not (math.isfinite(timeout) and timeout <= MAX_TIMEOUT):
        raise UsageError(f"--timeout {timeout:g}: give a number of seconds up to {MAX_TIMEOUT:g}")


def run_puzzle(puzzle: Puzzle[Any, Any], options: dict[str, Any]) -> int:
    """Parse, solve, verify and print every selected puzzle; return the exit status."""
    check_options(puzzle, options)
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
    puzzle.check_settings(settings)
    text, source = read_input(options["input_path"])
    try:
        instances = puzzle.read(text, options.get("input_format") or "auto")
    except InputError as exc:
        raise exc.located(source) from None
    selected = list(enumerate(instances, start=1))
    if options["index"] is not None:
        if options["index"] > len(instances):
            raise UsageError(f"--index {options['index']}: {source} holds {len(instances)} puzzle(s)")
        selected = [selected[options["index"] - 1]]
    for _, instance in selected if options.get("svg") else ():
        svg.check_size(puzzle.facts(instance))
    console = make_console()
    statuses = []
    converting = puzzle.replacement_output(selected[0][1], settings) is not None if selected else False
    solving_only = [options["output"], options["result"], options.get("svg"), options["output_format"] == "json",
                    settings.wanted > 1, settings.explain]
    if converting and any(solving_only):
        raise UsageError("a conversion such as --to-url prints the puzzle only: "
                         "drop -o, -r, --svg, --format json, --count, --unique and --explain")
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
            heading = f"== {source}: puzzle {index} of {len(instances)} (line {instance.line}) =="
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
        try:
            status = run_puzzle(puzzle, options)
        except BrokenPipeError:
            raise OutputClosed from None
        sys.exit(status)

    explain = [
        click.Option(["--explain"], is_flag=True,
                     help="On an unsolvable puzzle, name a minimal set of clues that cannot all hold.")
    ] if puzzle.explainable else []
    input_format = click.Option(["--input-format"], type=click.Choice(puzzle.input_format_names()), default="auto",
                                show_default=True, metavar="NAME",
                                help=f"Read the input in this format ({', '.join(puzzle.input_format_names())}); "
                                "auto detects it.")
    return click.Command(
        puzzle.name,
        callback=callback,
        params=[*common_options(), input_format, *explain, *puzzle.options()],
        help=puzzle.summary + "\n\nExit status: 0 solved, 1 proved unsolvable, 2 bad usage or input, 3 unknown.",
        short_help=puzzle.summary,
    )


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="satpuzzles")
def cli() -> None:
    """Solve logic puzzles by reduction to SAT."""


class BudgetExhausted(SatPuzzlesError):
    """generate ran out of its --budget before making every puzzle."""

    exit_status = ExitStatus.UNKNOWN


def _generation_progress(total: int, what: str) -> tuple[Callable[[str], None], Callable[[], None], Any]:
    """Status and advance callbacks for a rich progress bar on a terminal's stderr (no-ops otherwise)."""
    if not sys.stderr.isatty():
        return (lambda text: None), (lambda: None), contextlib.nullcontext()
    bar = Progress(SpinnerColumn(), TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                   TimeElapsedColumn(), console=Console(stderr=True), transient=True,
                   redirect_stdout=False, redirect_stderr=False)  # the puzzles go to the real stdout
    task = bar.add_task(what, total=total)
    return (lambda text: bar.update(task, description=text)), (lambda: bar.advance(task)), bar


def generate_command(puzzle: Puzzle[Any, Any], extra: list[click.Option]) -> click.Command:
    """``satpuzzles generate NAME ROWS COLS`` (or ``W H``) for a puzzle with a generator."""
    first, second = ("width", "height") if puzzle.generator_width_first else ("rows", "cols")

    def callback(seed: int | None, output: str | None, count: int, budget: float | None, **options: Any) -> None:
        size = {name: options.pop(name) for name in (first, second)}
        rows, cols = (size["height"], size["width"]) if puzzle.generator_width_first else (size["rows"], size["cols"])
        if rows * cols > MAX_GENERATED_CELLS:
            raise UsageError(f"{rows}x{cols} is {rows * cols:,} cells: generate at most {MAX_GENERATED_CELLS:,}")
        if budget is not None and not (math.isfinite(budget) and budget <= MAX_TIMEOUT):
            raise UsageError(f"--budget {budget:g}: give a number of seconds up to {MAX_TIMEOUT:g}")
        if output is not None:
            check_writable(output)
        seeds = [None if seed is None else seed + i for i in range(count)]
        made = 0
        status, advance, display = _generation_progress(count, f"{puzzle.name} {size[first]}x{size[second]}")

        def work(report: Callable[[object], None]) -> None:
            for index, puzzle_seed in enumerate(seeds):
                options["progress"] = lambda text: report(("status", text))
                report(("puzzle", puzzle.generate(rows, cols, puzzle_seed, dict(options)), index))

        def receive(payload: object) -> None:
            nonlocal made
            kind, content, *index = payload  # type: ignore[misc]
            if kind == "status":
                status(content)
                return
            if output is None:
                sys.stdout.write(content)
                sys.stdout.flush()
            else:
                write_atomic(numbered_path(output, index[0] + 1, count), [content])
            made += 1
            advance()

        try:
            with display:
                if budget is None:
                    work(receive)
                else:
                    run_with_deadline(work, budget, on_report=receive)
        except BrokenPipeError:
            raise OutputClosed from None
        except Timeout:
            raise BudgetExhausted(
                f"the --budget of {budget:g} s ran out after {made} of {count} puzzle(s)"
                + (" (those were written)" if made else "")
            ) from None

    size_help = "W x H (width, height)" if puzzle.generator_width_first else "ROWS x COLS"
    return click.Command(
        puzzle.name,
        callback=callback,
        params=[
            click.Argument([first], type=click.IntRange(min=1)),
            click.Argument([second], type=click.IntRange(min=1)),
            click.Option(["--seed"], type=int,
                         help="Seed of the random generator: the same seed gives the same puzzle "
                         "(with --count N, puzzle i uses SEED + i - 1)."),
            click.Option(["-o", "--output"], metavar="FILE",
                         help="Write the puzzle here (default: standard output); with --count N, NAME.1.EXT ... NAME.N.EXT."),
            click.Option(["--count"], type=click.IntRange(min=1), default=1, show_default=True, metavar="N",
                         help="Make N puzzles."),
            click.Option(["--budget"], type=click.FloatRange(min=0, min_open=True), metavar="SECONDS",
                         help="Give up (exit 3) when the puzzles are not all made within SECONDS."),
            *extra,
        ],
        help=f"Generate {puzzle.name} puzzles of {size_help} cells, in the puzzle's input format.",
    )


@cli.group()
def generate() -> None:
    """Generate puzzles."""


for _puzzle in PUZZLES.values():
    cli.add_command(puzzle_command(_puzzle))
    _options = _puzzle.generator_options()
    if _options is not None:
        generate.add_command(generate_command(_puzzle, _options))
cli.add_command(batch_command)


class OutputClosed(Exception):
    """Standard output was closed early (the reader, like ``head``, has gone)."""


def main(argv: list[str] | None = None) -> int:
    """Entry point: run the CLI, turning every error into one line and an exit status."""
    try:
        cli.main(args=argv, prog_name="satpuzzles", standalone_mode=False)
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
    except SatPuzzlesError as exc:
        click.echo(f"satpuzzles: error: {exc}", err=True)
        return exc.exit_status
    except OutputClosed:
        sys.stdout = open(os.devnull, "w")  # nothing more can be shown; keep the exit quiet
        return ExitStatus.OUTPUT_CLOSED
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
