"""What ``satpuzzles solve SOURCE...`` does, without click: detect each source's puzzle, check the options
against it, solve and print.

Apart from solve.py's click command so that ``satpuzzles solve SOURCE`` with nothing else given is served
without loading click (app.py), as a puzzle's own command is.
"""

from __future__ import annotations

import os

from satpuzzles.cli.printer import Printer
from satpuzzles.cli.puzzle_command import (
    FILE_FLAGS,
    FILE_OUTPUTS,
    check_output_files,
    exit_status,
    planned,
    prepared_settings,
    read_as_named,
    solve_and_print,
)
from satpuzzles.core import registry
from satpuzzles.core.errors import InputError, UsageError
from satpuzzles.io.detect import detect_file, stated_unknown
from satpuzzles.cli.output import say
from satpuzzles.io.sources import check_claimed, located, source_text
from satpuzzles.present.answers import draws

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from satpuzzles.core.spec import Option, PuzzleSpec


def union_options() -> list[tuple[Option, list[str]]]:
    """Every puzzle's own options, each once, with the puzzles that have it."""
    found: dict[str, tuple[Option, list[str]]] = {}
    for name, puzzle in registry.puzzles().items():
        for option in puzzle.options:
            found.setdefault(option.name, (option, []))[1].append(name)
    return list(found.values())



def _check_puzzle_options(puzzle: PuzzleSpec[Any, Any], options: dict[str, Any], source: str) -> None:
    """Refuse a puzzle option given for a source whose puzzle does not have it."""
    own = {option.name for option in puzzle.options} | {f"to_{writer.name}" for writer in puzzle.writers}
    for option, owners in union_options():
        value = options.get(option.name)
        # solve's puzzle options default to None (False for a flag): a value typed out, even the one a puzzle's
        # own command defaults to (--encoding auto), was given
        if option.name not in own and option.given(value):
            flag = option.off if option.off and value is False else option.flags[0]
            raise UsageError(f"{flag} is for {', '.join(owners)}; {source} is {puzzle.name}")
    for name, value in options.items():
        if name.startswith("to_") and value and name not in own:
            raise UsageError(f"--{name.replace('_', '-')}: {puzzle.name} has no such writer ({source})")
    if options.get("explain") and not puzzle.rules.explainable:
        raise UsageError(f"--explain: {puzzle.name} cannot name conflicting clues ({source})")
    if options.get("analyze") and not puzzle.rules.analyzable:
        raise UsageError(f"--analyze: {puzzle.name} cannot be analysed ({source})")
    for flag, name in (("--svg", "svg"), ("--svg-puzzle", "svg_puzzle")):
        if options.get(name) and not draws(puzzle, name):
            raise UsageError(f"{flag}: {puzzle.name} draws no such picture ({source})")


def _instances(text: str, name: str, forced: str | None, path: str | None) -> tuple[PuzzleSpec[Any, Any], list[Any]]:
    """The puzzle --puzzle names, else the one the text or the file's path names (as batch reads it), else the one
    detected."""
    if forced is not None:
        check_claimed(registry.get(forced), name, text)  # a typed URL or id it does not read, refused as such
        return registry.get(forced), read_as_named(registry.get(forced), text, name)
    try:
        kind, instances = detect_file(text, name, path)
        unknown = stated_unknown(text)
        if unknown is not None:
            say(f"satpuzzles: warning: {name}: {unknown}; read as {kind}, the one puzzle that reads it")
        return registry.get(kind), instances
    except InputError as exc:
        raise located(exc, name) from None


def run_solve(options: dict[str, Any]) -> int:
    """Detect, solve and print the puzzles of every SOURCE in turn; the exit status of them all."""
    sources = options["sources"]
    if len(sources) > 1 and any(options.get(name) for name in FILE_OUTPUTS):
        raise UsageError(f"{', '.join(FILE_FLAGS[:-1])} and {FILE_FLAGS[-1]} name one file: give one SOURCE "
                         "(or use satpuzzles batch)")
    if sources.count("-") > 1:  # the second would read nothing, and be called an empty puzzle
        raise UsageError(f"'-' (standard input) is given {sources.count('-')} times: it can be read once")
    check_output_files(options)
    printer = Printer(options.get("output_format", "text"), options.get("color", "auto"))
    # Every source is read and its options checked before any is solved: a refusal of the third
    # comes before the answers to the first two, not after them.
    prepared = []
    for source in sources:
        text, name = source_text(source)
        path = source if source != "-" and os.path.isfile(source) else None
        puzzle, instances = _instances(text, name, options.get("puzzle"), path)
        _check_puzzle_options(puzzle, options, name)
        settings, writer = prepared_settings(puzzle, options)
        if writer is not None and writer.whole_file and len(sources) > 1:
            raise UsageError(f"--to-{writer.name} writes one puzzle as a whole file: give one SOURCE")
        plan = planned(puzzle, instances, name, options, settings, writer)  # --index, sizes, --to-NAME refusals
        prepared.append((puzzle, instances, name, settings, writer, plan))
    statuses: list[str] = []
    for puzzle, instances, name, settings, writer, plan in prepared:
        statuses += solve_and_print(puzzle, instances, name, options, settings, writer, printer, len(sources) > 1,
                                    plan)
    printer.flush()
    return exit_status(statuses)


def plain_solve_options(source: str) -> dict[str, Any]:
    """The options of ``satpuzzles solve SOURCE`` with nothing else given, as click gives them (solve's puzzle
    options: a flag without an off form False, any other None); run_solve reads every other option with its
    default when it is absent."""
    return {"sources": (source,), **{option.name: False if option.kind == "flag" and not option.off else None
                                     for option, _ in union_options()}}
