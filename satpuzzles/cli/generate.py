"""``satpuzzles generate NAME``: a command per puzzle that has a generator."""

from __future__ import annotations

import contextlib
import json
import sys
from collections.abc import Callable, Iterator
from typing import Any, cast

import click

from satpuzzles.cli.options import PlainInt, PlainIntRange, Seconds, check_seconds, format_option, to_click
from satpuzzles.cli.output import stdout
from satpuzzles.core.errors import ExitStatus, SatPuzzlesError
from satpuzzles.core.outcome import Settings, seconds_text
from satpuzzles.core.spec import WARNING, Generator, GeneratorOptions, PuzzleSpec, stream_seed
from satpuzzles.core.words import counted
from satpuzzles.io.detect import with_stated_puzzle
from satpuzzles.io.files import check_writable, numbered_path, write_atomic
from satpuzzles.solve.select import read_grade_comment


class BudgetExhausted(SatPuzzlesError):
    """generate ran out of its --budget before making every puzzle."""

    exit_status = ExitStatus.UNKNOWN


class GenerationProgress:
    """A progress bar on a terminal's standard error, cleared whenever a puzzle is written to standard output.

    Nothing at all is drawn when standard error is not a terminal. When both streams are the
    same terminal, a bar left on screen would be glued to the puzzle's first line, so it
    is taken down before each puzzle and drawn again after it. With no ``total`` (one thing
    made, as ``play`` makes its game) only a spinner, the status and the time are shown.
    """

    def __init__(self, total: int | None, what: str) -> None:
        self.total, self.done = total or 1, 0
        self.warned: set[str] = set()
        self.bar: Any = None
        if sys.stderr.isatty():
            from rich.console import Console
            from rich.progress import (
                BarColumn,
                MofNCompleteColumn,
                Progress,
                SpinnerColumn,
                TextColumn,
                TimeElapsedColumn,
            )

            counts = (BarColumn(), MofNCompleteColumn()) if total is not None else ()
            self.bar = Progress(SpinnerColumn(), TextColumn("{task.description}"), *counts, TimeElapsedColumn(),
                                console=Console(stderr=True), transient=True, redirect_stdout=False,
                                redirect_stderr=False)
            self.task = self.bar.add_task(what, total=self.total)
            self.bar.start()

    def report(self, text: str) -> None:
        """A generator's progress (spec.Progress): a warning is printed, anything else shown as the status."""
        if text.startswith(WARNING):
            self.warn(text)  # a generator's shortfall (level not reached ...) is never silent
        else:
            self.status(text)

    def status(self, text: str) -> None:
        """Show what the generator is doing."""
        if self.bar is not None:
            self.bar.update(self.task, description=text)

    def warn(self, text: str) -> None:
        """Print a warning line on standard error (above the bar, when one is drawn), once per puzzle."""
        if text in self.warned:  # graded candidates of one puzzle repeat their makers' warnings
            return
        self.warned.add(text)
        self.note(text)

    def note(self, text: str) -> None:
        """Print a line on standard error, above the bar when one is drawn."""
        if self.bar is not None:
            self.bar.console.print(f"satpuzzles: {text}", markup=False, highlight=False)
        else:
            click.echo(f"satpuzzles: {text}", err=True)

    @contextlib.contextmanager
    def cleared(self) -> Iterator[None]:
        """Take the bar off the screen while the caller writes, then count one more puzzle."""
        if self.bar is not None:
            self.bar.stop()
        try:
            yield
        finally:
            self.done += 1
            self.warned.clear()  # the next puzzle's warnings are its own
            if self.bar is not None:
                self.bar.advance(self.task)
                if self.done < self.total:
                    self.bar.start()

    def close(self) -> None:
        """Take the bar down for good."""
        if self.bar is not None:
            self.bar.stop()


def json_line(puzzle: PuzzleSpec[Any, Any], text: str, seed: int | None, options: dict[str, Any]) -> str:
    """``generate --format json``: one made puzzle as a JSON object on one line (its text read back, so the
    ``input`` is what the puzzle's reader makes of it, with the rules it was made under)."""
    from satpuzzles.io.reading import read_instances

    assert puzzle.json is not None
    (instance,) = read_instances(puzzle, text)
    codec, settings = puzzle.json, Settings(extras=dict(options))
    graded = read_grade_comment(text)
    grade = None if graded is None else {"level": graded[0], "reached": graded[1]}
    record = {"puzzle": puzzle.name, "seed": seed,
              "input": codec.to_json_under(instance, settings) if codec.to_json_under is not None
              else codec.to_json(instance),
              "grade": grade, "text": text}
    return json.dumps(record, ensure_ascii=False) + "\n"


def drawn_seed() -> int:
    """A seed from the system's entropy, for a generate run given none (below 2**31: short to type again)."""
    import secrets

    return secrets.randbelow(2**31)


def _size_names(generator: Generator) -> tuple[str, str]:
    """The names of the command's two size arguments, in the order it takes them."""
    return ("width", "height") if generator.width_first else ("rows", "cols")


def make_puzzles(puzzle: PuzzleSpec[Any, Any], size: dict[str, int], seed: int | None, output: str | None,
                 count: int, budget: float | None, output_format: str, options: dict[str, Any]) -> None:
    """``generate``'s run: ``count`` puzzles of ``size`` (by the size arguments' names) written to standard output
    or numbered files as each is made, within ``budget`` seconds when given; ``options`` are the generator's."""
    from satpuzzles.solve.isolation import Timeout, run_with_deadline

    generator = puzzle.generator
    assert generator is not None
    first, second = _size_names(generator)
    rows, cols = (size["height"], size["width"]) if generator.width_first else (size["rows"], size["cols"])
    generator.check_size(rows, cols, f"{first.upper()} {size[first]}, {second.upper()} {size[second]}")
    check_seconds("--budget", budget)
    if output is not None:
        check_writable(output)
    out = stdout()
    made = 0
    progress = GenerationProgress(count, f"{puzzle.name} {size[first]}x{size[second]}")
    drawn = seed is None  # drawn here and said with the first puzzle, so a random puzzle can be made again
    seed = drawn_seed() if seed is None else seed
    seeds = [seed + i for i in range(count)]

    def work(report: Callable[[object], None]) -> None:
        for index, puzzle_seed in enumerate(seeds):
            text = with_stated_puzzle(puzzle.name, generator.make(rows, cols, stream_seed(puzzle_seed),
                                                                  GeneratorOptions(options),
                                                                  lambda text: report(("status", text))))
            report(("puzzle", text, index))

    def receive(payload: object) -> None:
        nonlocal made
        kind, content, *index = cast("tuple[Any, ...]", payload)
        if kind == "status":
            progress.report(content)
            return
        if drawn and not made:
            progress.note(f"seed {seed} drawn: --seed {seed} makes {'this puzzle' if count == 1 else 'these puzzles'}"
                          " again")
        if output_format == "json":
            content = json_line(puzzle, content, seeds[index[0]], options)
        with progress.cleared():
            if output is None:
                out.write(content)
                out.flush()
            else:
                write_atomic(numbered_path(output, index[0] + 1, count), [content])
        made += 1

    try:
        if budget is None:
            work(receive)
        else:
            run_with_deadline(work, budget, on_report=receive)
    except Timeout:
        raise BudgetExhausted(
            f"the --budget of {seconds_text(cast(float, budget))} s ran out after {made} of {counted(count, 'puzzle')}"
            + (" (those were written)" if made else "")
        ) from None
    finally:
        progress.close()


def generate_command(puzzle: PuzzleSpec[Any, Any]) -> click.Command:
    """``satpuzzles generate NAME ROWS COLS`` (or ``W H``) for a puzzle with a generator."""
    generator = puzzle.generator
    assert generator is not None
    first, second = _size_names(generator)

    def callback(seed: int | None, output: str | None, count: int, budget: float | None,
                 output_format: str = "text", **options: Any) -> None:
        size = {name: options.pop(name) for name in (first, second)}
        make_puzzles(puzzle, size, seed, output, count, budget, output_format, options)

    size_help = "W x H (width, height)" if generator.width_first else "ROWS x COLS"
    graded = any(option.name == "difficulty" for option in generator.options)
    return click.Command(
        puzzle.name,
        callback=callback,
        params=[
            click.Argument([first], type=PlainIntRange(min=1)),
            click.Argument([second], type=PlainIntRange(min=1)),
            click.Option(["--seed"], type=PlainInt(),
                         help="Seed of the random generator: the same seed gives the same puzzle "
                         "(with --count N, puzzle i uses SEED + i - 1)."),
            click.Option(["-o", "--output"], metavar="FILE",
                         help="Write the puzzle here (default: standard output); with --count N, "
                         "NAME.1.EXT ... NAME.N.EXT."),
            click.Option(["--count"], type=PlainIntRange(min=1), default=1, show_default=True, metavar="N",
                         help="Make N puzzles."),
            click.Option(["--budget"], type=Seconds("--budget"), metavar="SECONDS",
                         help="Give up (exit 3) when the puzzles are not all made within SECONDS (at least "
                         "0.001, at most 1,000,000)."),
            *(to_click(option) for option in generator.options),
            *([format_option("one JSON object per puzzle, one per line: puzzle, seed, input (the puzzle as the "
                             "JSON envelope's input, which the puzzle command reads back), grade ("
                             + ("with --difficulty" if graded else "always null: this generator does not grade")
                             + ") and text (as the text format writes it).")]
              if puzzle.json is not None else []),
        ],
        help=f"Generate {puzzle.heading} puzzles of {size_help} cells, in the puzzle's input format.",
        short_help=f"Generate {puzzle.heading} puzzles of {size_help} cells.",  # whole in the list, not cut at 45
    )
