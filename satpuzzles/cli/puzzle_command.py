"""``satpuzzles NAME``: one command per registered puzzle, offering what that puzzle provides."""

from __future__ import annotations

import json
import sys
from typing import Any

import click

from satpuzzles.cli.options import (
    check_seconds,
    count_options,
    method_option,
    settings_from,
    solver_option,
    timeout_option,
    to_click,
)
from satpuzzles.cli.output import stdout
from satpuzzles.core.errors import ExitStatus, InputError, UsageError
from satpuzzles.core.outcome import DEFAULT_SOLVER, Outcome, Settings
from satpuzzles.core.spec import PuzzleSpec
from satpuzzles.io.files import check_writable, numbered_path, read_input, write_atomic
from satpuzzles.io.reading import read_instances
from satpuzzles.present import svg
from satpuzzles.present.report import json_record, plain_report

EXIT_HELP = ("Exit status: 0 solved, 1 proved unsolvable, 2 bad usage or input, 3 unknown, 4 internal error; "
             "130 interrupted, 141 output closed, 143 terminated (docs/reliability.md).")


def board_size(puzzle: PuzzleSpec[Any, Any], instance: Any) -> tuple[int, int] | None:
    """(rows, cols) of an instance's board, when the puzzle says."""
    if puzzle.view.size is not None:
        return puzzle.view.size(instance)
    facts = puzzle.view.facts(instance)
    width, height = facts.get("width"), facts.get("height")
    return (height, width) if isinstance(width, int) and isinstance(height, int) else None


def write_outputs(puzzle: PuzzleSpec[Any, Any], instance: Any, outcome: Outcome[Any], options: dict[str, Any],
                  settings: Settings, index: int, total: int) -> None:
    """The -o DIMACS file, the -r result file and the --svg picture, each written atomically."""
    from satpuzzles.solve.pipeline import first_formula_dimacs

    if options["output"]:
        text = outcome.dimacs
        if text is None:
            text = first_formula_dimacs(puzzle.rules, instance, settings, puzzle.name)
        write_atomic(numbered_path(options["output"], index, total), [text])
    if options["result"] and outcome.solution is not None:
        view = puzzle.view
        result = (view.result_file(instance, outcome.solution) if view.result_file is not None
                  else view.text(instance, outcome.solution, Settings(), ()))
        write_atomic(numbered_path(options["result"], index, total), [result])
    if options.get("svg") and puzzle.view.svg is not None:
        write_atomic(numbered_path(options["svg"], index, total), [puzzle.view.svg(instance, outcome, settings)])


def _conversion(puzzle: PuzzleSpec[Any, Any], options: dict[str, Any]) -> Any:
    """The writer a ``--to-NAME`` flag asks for, or None to solve."""
    chosen = [writer for writer in puzzle.writers if options.get(f"to_{writer.name}")]
    if len(chosen) > 1:
        raise UsageError("give one --to-... conversion at a time")
    return chosen[0] if chosen else None


def input_path(options: dict[str, Any]) -> str:
    """The one input named by ``-i FILE`` or the FILE argument."""
    given = [value for value in (options.get("input_path"), options.get("source")) if value is not None]
    if len(given) != 1:
        raise click.UsageError("give the puzzle file once: as the FILE argument or with -i FILE ('-' for stdin)")
    return given[0]


def run_puzzle(puzzle: PuzzleSpec[Any, Any], options: dict[str, Any]) -> int:
    """Parse, solve, verify and print every selected puzzle; return the exit status."""
    from satpuzzles.solve.backends import check_solver_name
    from satpuzzles.solve.pipeline import check_settings, solve_within_limit

    path = input_path(options)
    for name in ("output", "result", "svg"):
        if options.get(name) is not None:
            check_writable(options[name], input_path=path)
    check_seconds("--timeout", options["timeout"])
    settings = settings_from(puzzle, options)
    if settings.solver is not None:
        check_solver_name(settings.solver)
    check_settings(puzzle.rules, settings)
    writer = _conversion(puzzle, options)
    solving_only = [options["output"], options["result"], options.get("svg"), options["output_format"] == "json",
                    settings.wanted > 1, settings.explain]
    if writer is not None and any(solving_only):
        raise UsageError(f"--to-{writer.name} prints the puzzle only: "
                         "drop -o, -r, --svg, --format json, --count, --unique and --explain")
    text, source = read_input(path)
    try:
        instances = read_instances(puzzle, text, options.get("input_format") or "auto")
    except InputError as exc:
        raise exc.located(source) from None
    selected = list(enumerate(instances, start=1))
    if options["index"] is not None:
        if options["index"] > len(instances):
            raise UsageError(f"--index {options['index']}: {source} holds {len(instances)} puzzle(s)")
        selected = [selected[options["index"] - 1]]
    for _, instance in selected if options.get("svg") else ():
        size = board_size(puzzle, instance)
        if size is not None:
            svg.check_size(*size)
    out = stdout()
    console = None
    statuses = []
    for position, (index, instance) in enumerate(selected):
        if writer is not None:
            try:
                converted = writer.write(instance)
            except ValueError as exc:
                raise UsageError(f"--to-{writer.name}: {exc}") from None
            out.write(converted + "\n")
            statuses.append("solved")
            continue
        outcome = solve_within_limit(puzzle.rules, instance, settings, puzzle.name)
        statuses.append(outcome.status)
        write_outputs(puzzle, instance, outcome, options, settings, index, len(selected))
        if options["output_format"] == "json":
            record = json_record(puzzle, instance, outcome, settings)
            if len(instances) > 1:
                record["index"] = index
            out.write(json.dumps(record, ensure_ascii=False) + "\n")
            continue
        heading = None
        if len(selected) > 1 or len(instances) > 1:
            heading = ("\n" if position else "") + f"== {source}: puzzle {index} of {len(instances)} " \
                      f"(line {getattr(instance, 'line', 1)}) =="
        from satpuzzles.present.terminal import use_colour

        if use_colour(sys.stdout):
            from satpuzzles.present.terminal import make_console, rich_report

            console = console or make_console(out)
            if heading:
                console.print(heading, style="bold", markup=False)
            console.print(rich_report(puzzle, instance, outcome, settings))
        else:
            if heading:
                out.write(heading + "\n")
            out.write(plain_report(puzzle, instance, outcome, settings) + "\n")
    out.flush()
    if "unknown" in statuses:
        return ExitStatus.UNKNOWN
    return ExitStatus.UNSOLVABLE if "unsolvable" in statuses else ExitStatus.SOLVED


def puzzle_command(puzzle: PuzzleSpec[Any, Any]) -> click.Command:
    """A click command for ``puzzle``: the common options, then what the puzzle provides."""

    def callback(**options: Any) -> None:
        sys.exit(run_puzzle(puzzle, options))

    params: list[click.Parameter] = [
        click.Argument(["source"], required=False, metavar="[FILE]"),
        click.Option(["-i", "--input", "input_path"], metavar="FILE",
                     help="Puzzle file (or give it as the argument); '-' reads standard input."),
        click.Option(["--input-format"], type=click.Choice(puzzle.input_formats), default="auto", show_default=True,
                     metavar="NAME", help=f"Read the input in this format ({', '.join(puzzle.input_formats)}); "
                     "auto detects it."),
        click.Option(["-o", "--output"], metavar="FILE",
                     help="Write the CNF formula (DIMACS, variables named in comments)."),
        click.Option(["-r", "--result"], metavar="FILE", help="Write the solution as a result file."),
        solver_option(puzzle.rules.default_solver or DEFAULT_SOLVER),
        *method_option(puzzle),
        click.Option(["-v", "--verbose"], is_flag=True, help="Report phases and solver output on stderr."),
        click.Option(["--format", "output_format"], type=click.Choice(["text", "json"]), default="text",
                     show_default=True, help="json: one JSON object per puzzle, one per line."),
        timeout_option("status 'unknown' (exit 3)"),
        *count_options(),
        click.Option(["--index"], type=click.IntRange(min=1), metavar="N",
                     help="Solve only the N-th puzzle of a multi-puzzle file."),
    ]
    if puzzle.view.svg is not None:
        params.append(click.Option(["--svg"], metavar="FILE",
                                   help="Draw the solution (else the bare puzzle) as an SVG picture."))
    if puzzle.rules.explainable:
        params.append(click.Option(["--explain"], is_flag=True,
                                   help="On an unsolvable puzzle, name a minimal set of clues that cannot all hold."))
    params += [click.Option([f"--to-{writer.name}", f"to_{writer.name}"], is_flag=True, help=writer.help)
               for writer in puzzle.writers]
    params += [to_click(option) for option in puzzle.options]
    return click.Command(puzzle.name, callback=callback, params=params,
                         help=f"{puzzle.summary}\n\n{EXIT_HELP}", short_help=puzzle.summary)
