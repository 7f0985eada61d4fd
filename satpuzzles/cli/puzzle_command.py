"""``satpuzzles NAME``: one command per registered puzzle, offering what that puzzle provides.

Running a puzzle needs no click: the plain ``satpuzzles NAME SOURCE`` (app.py) reaches run_puzzle with
plain_options, every other command line through the click command puzzle_command builds.
"""

from __future__ import annotations

import sys

from satpuzzles.cli.output import say
from satpuzzles.cli.printer import Printer
from satpuzzles.cli.results import check_result_format, check_result_writable, warn_unwritten
from satpuzzles.cli.spinner import Spinner
from satpuzzles.cnf.formula import collector_paused
from satpuzzles.core.errors import ExitStatus, InputError, SolverError, UsageError
from satpuzzles.core.outcome import DEFAULT_SOLVER, Outcome, Settings, SolveStats
from satpuzzles.core.spec import AnalysisView, PuzzleSpec, Writer
from satpuzzles.core.words import counted, listed
from satpuzzles.io.files import (
    check_distinct,
    check_not_input,
    check_writable,
    numbered_path,
    read_input,
    write_atomic,
)
from satpuzzles.io.reading import read_instances
from satpuzzles.io.sources import check_claimed, file_pointed, foreign_pointed, located, source_text
from satpuzzles.present.answers import ANSWER_FILES, answer_texts, check_drawable

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    import click

    Plan = tuple[list[tuple[int, Any]], list[str]]
    """What a source's run will do, every refusal already made: the (index, instance) pairs to solve and, with a
    --to-NAME writer, the text of each."""

FILE_OUTPUTS = ("output", *ANSWER_FILES, "proof")
"""The options that name a file to write, as run options name them."""
FILE_FLAGS = ("-o", "-r", "--svg", "--svg-puzzle", "--proof")
"""Their flags, in the same order."""
EXIT_HELP = ("Exit status: 0 solved, 1 proved unsolvable, 2 bad usage or input, 3 unknown, 4 internal error; "
             "130 interrupted, 141 output closed, 143 terminated, 129 hung up (docs/reliability.md).")


def write_outputs(puzzle: PuzzleSpec[Any, Any], instance: Any, outcome: Outcome[Any], options: dict[str, Any],
                  settings: Settings, index: int, total: int) -> None:
    """The -o DIMACS file, the -r result file and the --svg and --svg-puzzle pictures, each written atomically."""
    from satpuzzles.solve.pipeline import first_formula_dimacs

    if options.get("output"):
        text = outcome.dimacs
        write_atomic(numbered_path(options["output"], index, total),
                     [text] if text is not None else first_formula_dimacs(puzzle.rules, instance, settings, puzzle.name))
    wanted = [name for name in ANSWER_FILES if options.get(name)]
    written = set()
    for name, answer in answer_texts(puzzle, instance, outcome, settings, wanted, options.get("result_format")):
        write_atomic(numbered_path(options[name], index, total), [answer])
        written.add(name)
    if "result" in wanted and "result" not in written:
        _warn_if_stale("-r", numbered_path(options["result"], index, total), "no solution found")
    if options.get("proof") and outcome.certificate is not None:
        proof = numbered_path(options["proof"], index, total)
        write_atomic(cnf_beside(proof), [outcome.certificate.cnf])
        write_atomic(proof, [outcome.certificate.proof])
    elif options.get("proof"):
        _warn_if_stale("--proof", numbered_path(options["proof"], index, total), "no refutation to certify")


def _warn_if_stale(flag: str, path: str, why: str) -> None:
    """Warn that an output file this run did not write holds an earlier run's output, which could pass for its own."""
    import os

    if os.path.exists(path):
        say(f"satpuzzles: warning: {flag} {path}: not written ({why}); the file there is from before")


def source_kinds(puzzle: PuzzleSpec[Any, Any]) -> str:
    """What SOURCE may be for ``puzzle``: a file or '-', and what its readers take typed (Reader.typed)."""
    kinds = ["a file", "'-'", *dict.fromkeys(reader.typed for reader in puzzle.readers if reader.typed)]
    return ", ".join(kinds[:-1]) + " or " + kinds[-1]


def cnf_beside(proof: str) -> str:
    """Where the CNF a proof refutes is written: the proof's path with the suffix .cnf."""
    from pathlib import Path

    path = Path(proof)
    return str(path.with_suffix(".cnf") if path.suffix != ".cnf" else path.with_name(path.name + ".cnf"))


def conversion(puzzle: PuzzleSpec[Any, Any], options: dict[str, Any]) -> Writer[Any] | None:
    """The writer a ``--to-NAME`` flag asks for, or None to solve."""
    chosen = [writer for writer in puzzle.writers if options.get(f"to_{writer.name}")]
    if len(chosen) > 1:
        raise UsageError("give one --to-... conversion at a time")
    return chosen[0] if chosen else None


def check_output_files(options: dict[str, Any]) -> None:
    """Refuse output paths that cannot be written, or would write over an input, before any solving."""
    outputs = {flag: options[name] for flag, name in zip(FILE_FLAGS, FILE_OUTPUTS) if options.get(name) is not None}
    if options.get("proof") is not None:
        check_proof_file(options["proof"])
        outputs["--proof's CNF"] = cnf_beside(options["proof"])
    for path in outputs.values():
        for source in input_paths(options):
            check_writable(path, input_path=source)
    check_distinct(outputs)


def check_proof_file(proof: str) -> None:
    """Refuse a device or a pipe (/dev/stdout, /dev/fd/N) for --proof: its CNF goes beside it, FILE.cnf, which
    there is no place for (it was made in /dev, or failed as a missing file)."""
    import os

    where = os.path.dirname(os.path.abspath(proof))
    if (os.path.exists(proof) and not os.path.isfile(proof)) or where.split(os.sep)[1:2] in (["dev"], ["proc"]):
        raise UsageError(f"--proof {proof}: a proof goes in a file, with the CNF it refutes beside it "
                         f"({cnf_beside(proof)}): give a file's name")


def input_paths(options: dict[str, Any]) -> list[str | None]:
    """What a run reads: -i FILE, the SOURCE of a puzzle command or solve's SOURCEs (None when there is none)."""
    return [options.get("input_path"), options.get("source"), *options.get("sources", ())]


def prepared_settings(puzzle: PuzzleSpec[Any, Any], options: dict[str, Any]) -> tuple[Settings, Writer[Any] | None]:
    """The settings of a run and its --to-NAME writer, with every option combination checked."""
    from satpuzzles.cli.settings import check_seconds, settings_from
    from satpuzzles.solve.backends import check_solver_name
    from satpuzzles.solve.pipeline import check_settings

    check_seconds("--timeout", options.get("timeout"))
    settings = settings_from(puzzle, options)
    if settings.solver is not None:
        check_solver_name(settings.solver)
    check_settings(puzzle.rules, settings)
    writer = conversion(puzzle, options)
    if writer is not None:
        given = solving_options(options, settings) + [
            option.flags[0] if options.get(option.name) is not False else option.off for option in puzzle.options
            if option.given(options.get(option.name)) and writer.ignores(option)]
        if given:  # only those given, as --analyze's refusal names them
            raise UsageError(f"--to-{writer.name} prints the puzzle only: drop {listed(given)}")
    check_result_format(options)
    return settings, writer


def solving_options(options: dict[str, Any], settings: Settings) -> list[str]:
    """The options given that only a solve serves (outputs, JSON, enumeration, --explain, --analyze, how to solve
    and for how long), as typed."""
    given = [flag for flag, name in zip(FILE_FLAGS, FILE_OUTPUTS) if options.get(name) is not None]
    for flag, on in (("--result-format", options.get("result_format") is not None),
                     ("--format json", options.get("output_format") == "json"), ("--count", settings.count > 1),
                     ("--unique", settings.unique), ("--explain", settings.explain), ("--analyze", settings.analyze),
                     ("-s", options.get("solver") is not None), ("--method", settings.method != "auto"),
                     ("--timeout", options.get("timeout") is not None)):
        given += [flag] if on else []
    return given


def selected(instances: list[Any], index: int | None, source: str) -> list[tuple[int, Any]]:
    """The (1-based index, instance) pairs to solve: all, or the one --index names."""
    numbered = list(enumerate(instances, start=1))
    if index is None:
        return numbered
    if index > len(instances):
        raise UsageError(f"--index {index}: {source} holds {counted(len(instances), 'puzzle')}")
    return [numbered[index - 1]]


def planned(puzzle: PuzzleSpec[Any, Any], instances: list[Any], source: str, options: dict[str, Any],
            settings: Settings, writer: Writer[Any] | None) -> Plan:
    """The instances --index selects, checked for the pictures' size and the options they state (Rules.stated), and
    each one's --to-NAME text: whatever is refused is refused before anything is printed (a collection converts
    whole or not at all)."""
    from satpuzzles.solve.pipeline import check_stated, stated_by

    chosen = selected(instances, options.get("index"), source)
    if writer is not None and writer.whole_file and len(chosen) > 1:
        raise UsageError(f"--to-{writer.name} writes one puzzle as a whole file, and {source} holds "
                         f"{counted(len(chosen), 'puzzle')}: choose one with --index N")
    for index, instance in chosen if writer is None else ():
        try:  # options not given, as the board states them (a Numberlink board's convention)
            check_stated(puzzle.rules, settings, stated_by(puzzle.rules, instance))
        except UsageError as exc:
            raise UsageError(f"{source}{f' puzzle {index}' if len(instances) > 1 else ''}: {exc}") from None
    for path in numbered_outputs(options, [index for index, _ in chosen]):
        check_not_input(path, source)  # b.1.txt, the first answer's name, may be the collection itself
    for flag, name in (("--svg", "svg"), ("--svg-puzzle", "svg_puzzle")):
        for _, instance in chosen if options.get(name) else ():
            check_drawable(puzzle, instance, flag)
    check_result_writable(puzzle, chosen if writer is None else [], len(instances) > 1, source, options, settings)
    return chosen, [converted(writer, instance, settings) for _, instance in chosen] if writer is not None else []


def numbered_outputs(options: dict[str, Any], indices: list[int]) -> list[str]:
    """The files a run's outputs become for the puzzles ``indices`` of a collection (``out.3.cnf``; with one puzzle,
    the names as given), --proof's CNF beside each proof."""
    paths = []
    for name in FILE_OUTPUTS:
        for index in indices if options.get(name) is not None else ():
            paths.append(numbered_path(options[name], index, len(indices)))
            paths += [cnf_beside(paths[-1])] if name == "proof" else []
    return paths


def converted(writer: Writer[Any], instance: Any, settings: Settings) -> str:
    """``instance`` as the --to-NAME ``writer`` writes it; a UsageError for what its form cannot hold."""
    try:
        return writer.write_under(instance, settings) if writer.write_under is not None else writer.write(instance)
    except ValueError as exc:
        raise UsageError(f"--to-{writer.name}: {exc}") from None


def solve_and_print(puzzle: PuzzleSpec[Any, Any], instances: list[Any], source: str, options: dict[str, Any],
                    settings: Settings, writer: Writer[Any] | None, printer: Printer,
                    always_head: bool = False, plan: Plan | None = None) -> list[str]:
    """Solve (or convert) the selected instances of one source, print them; their statuses.

    Each report gets a heading naming its source when the source holds several puzzles
    (or, with ``always_head``, when several sources are solved in one run); ``plan`` is :func:`planned`'s, when
    the caller made it before solving anything.
    """
    from satpuzzles.solve.deadline import solve_within_limit

    chosen, texts = plan if plan is not None else planned(puzzle, instances, source, options, settings, writer)
    warn_unwritten(puzzle, writer, [instance for _, instance in chosen], options, settings)  # before solving
    if writer is not None:
        for text in texts:
            printer.line(text)
        return ["solved"] * len(texts)
    statuses = []
    for index, instance in chosen:
        try:
            # a solve's many small objects (clauses) hold no cycles; each is freed after it. -v logs instead of a spinner
            with collector_paused(), Spinner(f"solving {puzzle.name}", shown=not settings.verbose):
                outcome = solve_within_limit(puzzle.rules, instance, settings, puzzle.name,
                                             AnalysisView.shows_partial(puzzle.view.analysis))
        except SolverError as exc:  # the solver gave no answer: reported like a timeout (status unknown, exit 3)
            stats = exc.stats or SolveStats(solver=str(settings.solver or ""))
            outcome = Outcome(status="unknown", stats=stats, message=str(exc))
        statuses.append(outcome.status)
        write_outputs(puzzle, instance, outcome, options, settings, index, len(chosen))
        heading = None
        if len(chosen) > 1 or len(instances) > 1:
            heading = f"== {source}: puzzle {index} of {len(instances)} (line {getattr(instance, 'line', 1)}) =="
        elif always_head:
            heading = f"== {source} =="
        printer.outcome(puzzle, instance, outcome, settings, heading, index if len(instances) > 1 else None,
                        source if always_head else None)
    return statuses


def exit_status(statuses: list[str]) -> ExitStatus:
    """Unknown wins over unsolvable, which wins over solved."""
    if "unknown" in statuses:
        return ExitStatus.UNKNOWN
    return ExitStatus.UNSOLVABLE if "unsolvable" in statuses else ExitStatus.SOLVED


def input_text(options: dict[str, Any]) -> tuple[str, str]:
    """The puzzle text and its name, from ``-i FILE`` or the SOURCE argument (a file, '-', a URL or a game id)."""
    given = [value for value in (options.get("input_path"), options.get("source")) if value is not None]
    if len(given) != 1:
        import click

        how = "as the SOURCE argument or with -i FILE ('-' for stdin)"
        raise click.UsageError(f"no puzzle given: give it {how}" if not given else f"give the puzzle once: {how}")
    if options.get("source") is not None:
        return source_text(options["source"])
    return read_input(options["input_path"])


def check_written_out(puzzle: PuzzleSpec[Any, Any], options: dict[str, Any], text: str) -> None:
    """A URL or game id typed as SOURCE that none of the puzzle's readers claims is refused as such."""
    source = options.get("source")
    if source is not None and (options.get("input_format") or "auto") == "auto":
        check_claimed(puzzle, source, text)


def warn_if_stated_elsewhere(name: str, text: str, source: str) -> None:
    """A warning when a text that reads as ``name`` says it is another puzzle (a Minesweeper board of ``?`` and small
    counts is also a Slitherlink grid): the answer is then most likely to the wrong question."""
    if "# puzzle:" not in text[:4096]:  # no stated puzzle near the top: nothing to import or scan
        return
    from satpuzzles.io.detect import stated_other

    other = stated_other(name, text)
    if other is not None:
        say(f"satpuzzles: warning: {source}: {other[1]}, says it is a {other[0]} puzzle; read as {name}, as asked "
            f"('satpuzzles {other[0]}' or 'satpuzzles solve' reads it as {other[0]})")


def read_as_named(puzzle: PuzzleSpec[Any, Any], text: str, source: str, input_format: str = "auto") -> list[Any]:
    """``text`` read as ``puzzle``, the one the user named: a '# puzzle:' line naming another is said beside the
    read error, or in a warning when it reads."""
    try:
        instances = read_instances(puzzle, text, input_format, named=True)
    except InputError as exc:
        from satpuzzles.io.detect import stated_elsewhere  # a failed read only

        raise located(stated_elsewhere(foreign_pointed(file_pointed(exc, text), source, text), puzzle.name, text),
                      source) from None
    warn_if_stated_elsewhere(puzzle.name, text, source)
    return instances


def run_puzzle(puzzle: PuzzleSpec[Any, Any], options: dict[str, Any]) -> int:
    """Parse, solve, verify and print every selected puzzle; return the exit status."""
    check_output_files(options)
    settings, writer = prepared_settings(puzzle, options)
    text, source = input_text(options)
    check_written_out(puzzle, options, text)
    instances = read_as_named(puzzle, text, source, options.get("input_format") or "auto")
    printer = Printer(options.get("output_format", "text"), options.get("color", "auto"))
    statuses = solve_and_print(puzzle, instances, source, options, settings, writer, printer)
    printer.flush()
    return exit_status(statuses)


def plain_options(puzzle: PuzzleSpec[Any, Any], source: str) -> dict[str, Any]:
    """The options of ``satpuzzles NAME SOURCE`` with nothing else given: the source and the puzzle's own
    options not typed, as click gives them (a flag off, any other None: settings.puzzle_extras takes its default;
    run_puzzle reads every common option with its default when it is absent)."""
    return {"source": source, **{option.name: option.initial() if option.kind == "flag" else None
                                 for option in puzzle.options}}


def puzzle_command(puzzle: PuzzleSpec[Any, Any]) -> click.Command:
    """A click command for ``puzzle``: the common options, then what the puzzle provides."""
    import click

    from satpuzzles.cli.options import (
        ChoiceWithAliases,
        analyze_option,
        color_option,
        count_options,
        index_option,
        method_option,
        output_options,
        solver_option,
        timeout_option,
        to_click,
        verbose_option,
    )

    def callback(**options: Any) -> None:
        sys.exit(run_puzzle(puzzle, options))

    params: list[click.Parameter] = [
        click.Argument(["source"], required=False, metavar="[SOURCE]"),
        click.Option(["-i", "--input", "input_path"], metavar="FILE",
                     help="Puzzle file; '-' reads standard input. Or give the SOURCE argument: "
                     f"{source_kinds(puzzle)}."),
        click.Option(["--input-format"], type=ChoiceWithAliases(puzzle.input_formats, puzzle.input_format_aliases),
                     default="auto", show_default=True,
                     metavar="NAME", help=f"Read the input in this format ({', '.join(puzzle.input_formats)}); "
                     "auto detects it."),
        *output_options(svg=puzzle.view.svg is not None, svg_puzzle=puzzle.view.draws_puzzle, puzzle=puzzle.name),
        solver_option(str(puzzle.rules.default_solver or DEFAULT_SOLVER)),
        *method_option(puzzle),
        verbose_option(),
        color_option(),
        timeout_option("status 'unknown' (exit 3)"),
        *count_options(),
        index_option("Solve only the N-th puzzle of a multi-puzzle file."),
    ]
    if puzzle.rules.explainable:
        params.append(click.Option(["--explain"], is_flag=True,
                                   help="On an unsolvable puzzle, name a minimal set of clues that cannot all hold."))
    if puzzle.rules.analyzable:
        params.append(analyze_option())
    params += [click.Option([f"--to-{writer.name}", f"to_{writer.name}"], is_flag=True, help=writer.help)
               for writer in puzzle.writers]
    params += [to_click(option, typed_only=True) for option in puzzle.options]  # None when not typed: Option.given
    return click.Command(puzzle.name, callback=callback, params=params,
                         help=f"{puzzle.summary}\n\n{EXIT_HELP}", short_help=puzzle.summary)
