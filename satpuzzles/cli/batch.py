"""``satpuzzles batch PATH...``: solve many puzzle files with one command, locally or on Dask."""

from __future__ import annotations

import os
import sys
import time
from typing import Any

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

from satpuzzles.batch.answers import FOLDER_FLAGS, AnswerFolders, prepare_folders
from satpuzzles.batch.engine import file_error_rows, pending_count, run_batch
from satpuzzles.batch.inputs import PuzzleFile, expand_paths, scan_file
from satpuzzles.batch.report import Report, csv_header, csv_line, json_line, options_text, report_columns
from satpuzzles.batch.summary import exit_status, summary
from satpuzzles.batch.work import Options, Row, rules_in_force, settings_for
from satpuzzles.cli.options import (
    PlainIntRange,
    any_method_option,
    check_seconds,
    color_option,
    count_options,
    owned_help,
    puzzle_extras,
    puzzle_option,
    solver_option,
    timeout_option,
    to_click,
)
from satpuzzles.cli.output import say, stdout
from satpuzzles.core import registry
from satpuzzles.core.errors import UsageError
from satpuzzles.core.spec import Option
from satpuzzles.core.words import listed
from satpuzzles.present.answers import PICTURES, draws
from satpuzzles.present.colour import use_colour
from satpuzzles.present.terminal import make_console
from satpuzzles.solve.backends import check_solver_name
from satpuzzles.solve.pipeline import check_settings, check_stated

ROW_LINES = {"json": json_line, "csv": csv_line}
"""--format's choices that print each puzzle's row as it finishes, instead of the summary, as a report's line."""
SUMMARY_FIELDS = ("file", "index", "puzzle", "status", "seconds", "unique", "error", "grade", "undetermined",
                  "solutions", "exhausted")


def _solve_options() -> list[tuple[Option, list[str]]]:
    """The options puzzles declare as changing how they are solved, each once, with the puzzles that have it."""
    found: dict[str, tuple[Option, list[str]]] = {}
    for name, puzzle in registry.puzzles().items():
        for option in puzzle.options:
            if option.affects_solving:
                found.setdefault(option.name, (option, []))[1].append(name)
    return list(found.values())


def puzzle_solve_options() -> list[click.Option]:
    """The options puzzles declare as changing how they are solved, each once, naming the puzzles it applies to."""
    made = []
    for option, owners in _solve_options():
        made.append(to_click(option, typed_only=True))  # None when not typed (check_owned), the default in reports
        made[-1].help = owned_help([registry.get(owner).heading for owner in owners], option.help)
    return made


def check_owned(files: list[PuzzleFile], params: dict[str, Any]) -> None:
    """Refuse a puzzle's own option when the batch holds no puzzle of those that have it (it would do nothing), as
    solve refuses it for a source of another puzzle. A file that could not be read counts for its puzzle if known."""
    present = sorted({f.puzzle for f in files if f.puzzle})
    for option, owners in _solve_options() if present else ():
        value = params.get(option.name)
        if option.given(value) and not set(owners) & set(present):
            flag = option.off if option.off and value is False else option.flags[0]
            raise UsageError(f"{flag} is for {', '.join(owners)}; this batch holds {listed(present)} puzzles only: "
                             "leave it out")


def plain_options(params: dict[str, Any]) -> Options:
    """The solve options as plain data, each puzzle's extras limited to the options it has."""
    extras = {name: puzzle_extras(puzzle, params, solving_only=True) for name, puzzle in registry.puzzles().items()}
    return {"solver": params["solver"], "method": params["method"], "count": params["count"],
            "unique": params["unique"], "analyze": params["analyze"] or None,  # None: as in reports made before it
            "timeout": params["timeout"], "extras": extras, "answers": list(answer_folders(params))}


def answer_folders(params: dict[str, Any]) -> dict[str, str]:
    """The answer folders asked for, by answer file (result, svg, svg_puzzle)."""
    return {name: params[f"{name}_dir"] for name in FOLDER_FLAGS if params.get(f"{name}_dir") is not None}


def warn_undrawn(files: list[PuzzleFile], folders: dict[str, str]) -> None:
    """A warning for each picture folder and puzzle of the batch that does not draw that picture (a plugin's view
    without one): its puzzles get no such file, the others do."""
    for name in sorted({f.puzzle for f in files if not f.error}):
        for picture in PICTURES:
            if picture in folders and not draws(registry.get(name), picture):
                say(f"satpuzzles: warning: {FOLDER_FLAGS[picture]}: {name} draws no such picture; its puzzles get "
                    "none")


def check_puzzles(files: list[PuzzleFile], options: Options) -> None:
    """Each puzzle in the batch accepts the solve options, under what it states of those not given (Rules.stated):
    a UsageError before any solving otherwise."""
    for name in sorted({f.puzzle for f in files if not f.error}):
        rules, settings = registry.get(name).rules, settings_for(name, options)
        try:
            check_settings(rules, settings)
        except UsageError as exc:
            raise UsageError(f"{name}: {exc}") from None
        checked: list[dict[str, Any]] = []  # each different statement once: a collection's boards mostly agree
        for f in files:
            for index, stated in enumerate(f.stated if f.puzzle == name and not f.error else (), start=1):
                if stated not in checked:
                    checked.append(stated)
                    try:
                        check_stated(rules, settings, stated)
                    except UsageError as exc:
                        where = f" puzzle {index}" if f.count > 1 else ""
                        raise UsageError(f"{f.path}{where}: {exc}") from None


FULL_BAR = 80
"""Terminal columns the whole progress bar needs; a narrower terminal gets the counts and the ETA alone (rich would
drop the count n/N before the bar)."""


class ProgressBar:
    """Completed, errors, unknown, rate and ETA on stderr; nothing at all when stderr is not a terminal, or when
    ``shown`` is false (rows printed to the same terminal as they arrive would tangle with the live bar); without
    colour when ``colour`` is false (--color never, NO_COLOR, as use_colour decides for stderr)."""

    def __init__(self, total: int, shown: bool = True, colour: bool = True) -> None:
        self.start = time.monotonic()
        self.done = self.failed = self.unknown = 0
        self.progress: Progress | None = None
        if shown and sys.stderr.isatty():
            console = Console(stderr=True, no_color=not colour)  # --color never: no colour here either
            counts = (MofNCompleteColumn(), TextColumn("[magenta]error {task.fields[failed]}"),
                      TextColumn("[orange3]unknown {task.fields[unknown]}"))
            columns = ((TextColumn("[bold]batch"), BarColumn(), *counts, TextColumn("{task.fields[rate]}/s"),
                        TimeElapsedColumn(), TextColumn("ETA"), TimeRemainingColumn())
                       if console.width >= FULL_BAR else (TextColumn("[bold]batch"), *counts, TimeRemainingColumn()))
            self.progress = Progress(*columns, console=console, transient=False)
            self.task = self.progress.add_task("batch", total=total, failed=0, unknown=0, rate="-")
            self.progress.start()

    def advance(self, row: Row) -> None:
        """Count one finished puzzle."""
        self.done += 1
        self.failed += row["status"] == "error"
        self.unknown += row["status"] == "unknown"
        if self.progress is not None:
            rate = self.done / max(time.monotonic() - self.start, 1e-9)
            self.progress.update(self.task, advance=1, failed=self.failed, unknown=self.unknown, rate=f"{rate:.1f}")

    def stop(self) -> None:
        """Leave the final bar on the terminal."""
        if self.progress is not None:
            self.progress.stop()


def stdout_file() -> tuple[int, int] | None:
    """(device, inode) of the regular file standard output goes to (``> set/out.jsonl``), None for anything else."""
    import stat

    try:
        info = os.fstat(sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # no descriptor (click's test runner), or a closed one
        return None
    return (info.st_dev, info.st_ino) if stat.S_ISREG(info.st_mode) else None


def run(params: dict[str, Any]) -> int:
    """Scan, solve, report and summarise; return the batch's exit status."""
    check_seconds("--timeout", params["timeout"])
    if params["resume"] and not params["report"]:
        raise UsageError("--resume needs --report FILE (the report it continues)")
    if params["dask"] is not None and params["jobs"] is not None:
        raise UsageError("--jobs is for local workers: with --dask the cluster's workers decide")
    if params["solver"] is not None:
        check_solver_name(params["solver"])
    options = plain_options(params)
    if params["report"]:
        Report.check(params["report"])
    leave_out = [params["report"]] if params["report"] else []
    output = stdout_file()
    files = [scan_file(path, params["puzzle"])
             for path in expand_paths(params["paths"], leave_out, [output] if output else [])]
    check_owned(files, params)
    check_puzzles(files, options)
    folders = answer_folders(params)
    answers = None
    if folders:
        answers = AnswerFolders(folders, [(f.path, f.count) for f in files if not f.error])
    if params["dask"] is not None:
        from satpuzzles.batch.cluster import connect  # dask only

        connect(params["dask"])  # an unreachable scheduler is a usage error before the report is opened
    if answers is not None:
        prepare_folders(folders)
        warn_undrawn(files, folders)
    out, as_rows = stdout(), ROW_LINES.get(params["output_format"])
    stored_options, columns = options_text(options), report_columns(options)
    stated = {(f.path, index): said for f in files for index, said in enumerate(f.stated, start=1)}
    restated = {f.path: f.restated for f in files}
    report = (Report(params["report"], params["resume"], options, lambda file, index: stated.get((file, index)),
                     lambda file: restated.get(file, ()))
              if params["report"] else None)
    try:
        done = report.done() if report else set()
        rows: list[dict[str, Any]] = [{k: r.get(k) for k in SUMMARY_FIELDS} for r in (report.previous if report else [])]
        earlier = len(rows)
        bar = ProgressBar(len(file_error_rows(files, done)) + pending_count(files, done),
                          shown=not (as_rows and out.isatty()), colour=use_colour(sys.stderr, params["color"]))
        if as_rows is csv_line:  # the header first, as a .csv report has it
            out.write(csv_header(columns))
            out.flush()
        start = time.monotonic()

        def on_row(row: Row) -> None:
            if "rules" not in row:  # a row the batch made (a worker that died, the safety net's timeout): as solved
                row["rules"] = rules_in_force(row["puzzle"], options, stated.get((row["file"], row["index"])))
            if answers is not None:  # before the report: a puzzle it holds (which --resume skips) has its files
                answers.write(row)
            if report is not None:
                report.write(row)
            if as_rows:  # each row as it finishes, as the .jsonl or .csv report holds it
                out.write(as_rows(row, stored_options, columns))
                out.flush()
            rows.append({k: row.get(k) for k in SUMMARY_FIELDS})
            bar.advance(row)

        try:
            where = run_batch(files, options, on_row, jobs=params["jobs"], dask=params["dask"], done=done)
        finally:
            bar.stop()
            for note in answers.notes if answers is not None else ():
                say(f"satpuzzles: warning: {note}")
        wall = time.monotonic() - start
    finally:
        if report is not None:
            report.close()
    if not as_rows:
        shown = summary(rows, wall, where, earlier, params["unique"] or params["analyze"], params["analyze"],
                        params["count"])
        make_console(out, colour=use_colour(out, params["color"])).print(shown)
        out.flush()
    return exit_status(rows)


def batch_callback(**params: Any) -> None:
    """Click callback: run the batch and exit with its status."""
    sys.exit(run(params))


def batch_command() -> click.Command:
    """The ``batch`` command, with the solve options of every registered puzzle."""
    return click.Command(
        "batch",
        callback=batch_callback,
        params=[
            click.Argument(["paths"], nargs=-1, required=True, metavar="PATH..."),
            puzzle_option("The puzzle of every file (default: detected per file, as docs/batch.md says)."),
            solver_option(),
            color_option(),
            click.Option(["--format", "output_format"], type=click.Choice(["text", *ROW_LINES]), default="text",
                         show_default=True, help="json: instead of the summary, one JSON object per puzzle as it "
                         "finishes, one per line: the row a .jsonl --report holds; csv: the header, then each "
                         "puzzle's row as a .csv --report holds it (with --resume, the puzzles processed in this "
                         "run)."),
            any_method_option("How to solve each puzzle (see each puzzle's --help)."),
            timeout_option("its row is 'unknown'"),
            *count_options(),
            click.Option(["--analyze"], is_flag=True,
                         help="Analyse every solved puzzle as --analyze does one: the report gets how many decisions "
                              "are undetermined and the grade's level, and uniqueness, which that decides."),
            *puzzle_solve_options(),
            click.Option(["-j", "--jobs"], type=PlainIntRange(min=1), metavar="N",
                         help="Local worker processes (default: the number of cores)."),
            click.Option(["--report"], metavar="FILE",
                         help="Write one row per puzzle, as results arrive, to FILE (.csv or .jsonl)."),
            click.Option(["--resume"], is_flag=True, help="Keep the --report file and skip the puzzles it already holds; refused (the file untouched) when its rows "
                              "were made under other solve options, or under other rules than this run gives a "
                              "puzzle (docs/batch.md)."),
            click.Option(["--dask"], metavar="ADDRESS",
                         help="Run on this Dask scheduler (tcp://host:8786); needs the dask extra."),
            click.Option(["--result-dir"], metavar="DIR",
                         help="Write each solved puzzle's solution, as -r writes it, to DIR/NAME.sol: NAME is the "
                              "file's path below the inputs' common folder, without its suffix, with .N for each "
                              "puzzle of a multi-puzzle file (docs/batch.md)."),
            click.Option(["--svg-dir"], metavar="DIR",
                         help="Draw each solved or unsolvable puzzle as --svg does, to DIR/NAME.svg."),
            click.Option(["--svg-puzzle-dir"], metavar="DIR",
                         help="Draw each solved or unsolvable puzzle unsolved, as --svg-puzzle does, to DIR/NAME.svg "
                              "(a folder of its own: the names are --svg-dir's)."),
        ],
        help="Solve every puzzle in files, folders and globs; print a summary (or, with --format json or csv, each "
             "puzzle's row), and write each puzzle's answer files into the folders --result-dir, --svg-dir and "
             "--svg-puzzle-dir name.\n\n"
             "Exit status: 0 every puzzle solved or proved unsolvable, 2 bad usage or any error row "
             "(unreadable, unrecognised or malformed input, a crash), 3 any unknown (timeout); 130 interrupted, "
             "141 output closed, 143 terminated, 129 hung up (docs/batch.md).",
        short_help="Solve many puzzle files in parallel (locally or on Dask).",
    )
