"""``--result-format NAME``: the form ``-r FILE`` writes the solution in (``text``, each puzzle's result file, or
``pzprv3``, the solved puzzle as a puzz.link file), for the puzzle commands and ``solve``; click is imported for the
option alone (a plain ``satpuzzles NAME SOURCE`` runs without it)."""

from __future__ import annotations

from satpuzzles.cli.output import say
from satpuzzles.core import registry
from satpuzzles.core.errors import UsageError
from satpuzzles.core.words import listed
from satpuzzles.present.answers import RESULT_TEXT, answer_writer

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    import click

    from satpuzzles.core.outcome import Settings
    from satpuzzles.core.spec import PuzzleSpec, Writer


def _forms(puzzle: PuzzleSpec[Any, Any]) -> dict[str, str]:
    """The forms ``puzzle``'s result file can be written in besides text, with their titles."""
    found: dict[str, str] = {}
    for writer in puzzle.writers:
        if writer.answer is not None:
            found.setdefault(writer.name, writer.title or writer.name)
    return found


def _owners() -> dict[str, tuple[str, list[str]]]:
    """Each form a result file can be written in besides text, with its title and the puzzles that have it (loads
    every puzzle)."""
    found: dict[str, tuple[str, list[str]]] = {}
    for name, puzzle in registry.puzzles().items():
        for form, title in _forms(puzzle).items():
            found.setdefault(form, (title, []))[1].append(name)
    return found


def result_format_option(puzzle: str | None = None) -> click.Option:
    """--result-format text|NAME: the -r file's form (default: text, the -r file as it has always been written); for
    one ``puzzle``'s command, its help names the forms that puzzle has, and only that puzzle is loaded: another
    puzzle's form is still taken (and refused by result_writer, saying which puzzles have it), every puzzle loaded
    only then."""
    import click

    from satpuzzles.cli.lazy_choice import LazyChoice

    # each form with its title, and (for solve, which takes every puzzle) the puzzles that have it
    listed = (_owners() if puzzle is None
              else {name: (title, []) for name, title in _forms(registry.get(puzzle)).items()})
    forms = "".join(f"; {name}: the solved puzzle as {title}, its answer drawn in"
                    + (f" ({', '.join(puzzles)})" if puzzles else "") for name, (title, puzzles) in sorted(listed.items()))
    own = sorted(listed)
    return click.Option(["--result-format"],
                        type=LazyChoice([RESULT_TEXT, *own], lambda: [RESULT_TEXT, *sorted(_owners())]),
                        metavar=f"[{'|'.join([RESULT_TEXT, *own])}]",
                        help=f"The form -r writes the solution in: {RESULT_TEXT} (the default), the result file"
                        f"{forms}. Only with -r.")


def check_result_format(options: dict[str, Any]) -> None:
    """Refuse --result-format without -r, which it would do nothing for."""
    if options.get("result_format") is not None and options.get("result") is None:
        raise UsageError(f"--result-format {options['result_format']} is the form of the -r file: add -r FILE, or "
                         "leave it out")


def result_writer(puzzle: PuzzleSpec[Any, Any], options: dict[str, Any]) -> Writer[Any] | None:
    """The writer of the -r file's form (None for the text form, or no -r); a UsageError naming the puzzles that
    have the form when ``puzzle`` has not (Minesweeper has no puzz.link file)."""
    form = options.get("result_format") or RESULT_TEXT
    if options.get("result") is None:
        return None
    try:
        return answer_writer(puzzle, form)
    except ValueError as exc:
        if form not in _owners():  # no puzzle has it (click offers only those some puzzle has)
            raise UsageError(f"--result-format {form}: {exc}") from None
        title, owners = _owners()[form]
        raise UsageError(f"--result-format {form}: {puzzle.name} cannot be written as {title} ({form} is for "
                         f"{listed(owners)} only): leave it out for {puzzle.name}'s {RESULT_TEXT} result file"
                         ) from None


def check_result_writable(puzzle: PuzzleSpec[Any, Any], chosen: list[tuple[int, Any]], several: bool, source: str,
                          options: dict[str, Any], settings: Settings) -> None:
    """Refuse, before solving, a --result-format the puzzle has no form for (result_writer), and a puzzle of
    ``chosen`` (index, instance; of a ``source`` of ``several``) that the form cannot hold (an arukone file's 52
    letters), as --to-NAME refuses it: the answer holds what the puzzle alone does, and the lines drawn."""
    writer = result_writer(puzzle, options)
    if writer is None:
        return
    for index, instance in chosen:
        try:
            writer.write_under(instance, settings) if writer.write_under is not None else writer.write(instance)
        except ValueError as exc:
            where = f"{source} puzzle {index}" if several else source
            raise UsageError(f"{where}: -r --result-format {writer.name}: {exc}") from None


def warn_unwritten(puzzle: PuzzleSpec[Any, Any], writer: Writer[Any] | None, instances: list[Any],
                   options: dict[str, Any], settings: Settings) -> None:
    """Warn, each once, of what the text --to-NAME prints (``writer``), or else the -r file's form, cannot say of
    ``instances`` under these options (a puzz.link file's no-self-touch)."""
    told = writer or result_writer(puzzle, options)
    caveats = [told.caveat(instance, settings) for instance in instances] if told and told.caveat else []
    for caveat in dict.fromkeys(caveat for caveat in caveats if caveat is not None):
        say(f"satpuzzles: warning: {caveat}")
