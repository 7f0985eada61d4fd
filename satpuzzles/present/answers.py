"""A solve's answer files as texts: the ``-r`` result file (its text form, or a writer's form with the solution drawn
in: ``--result-format pzprv3``) and the ``--svg`` and ``--svg-puzzle`` pictures.

The puzzle commands write them to the files named; ``batch`` to one file per puzzle in a folder each.
"""

from __future__ import annotations

from satpuzzles.present.report import result_text

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Collection, Iterator
    from typing import Any

    from satpuzzles.core.outcome import Outcome, Settings
    from satpuzzles.core.spec import PuzzleSpec, Writer

ANSWER_FILES = ("result", "svg", "svg_puzzle")
"""The answer files, by the names of the options that ask for them, in the order they are written."""
PICTURES = ("svg", "svg_puzzle")
RESULT_TEXT = "text"
"""The result file's own form, each puzzle's (the default of ``--result-format``)."""


def result_forms(puzzle: PuzzleSpec[Any, Any]) -> list[str]:
    """The forms ``puzzle``'s result file can be written in: text, then each writer's that draws a solution in."""
    return [RESULT_TEXT, *(writer.name for writer in puzzle.writers if writer.answer is not None)]


def answer_writer(puzzle: PuzzleSpec[Any, Any], form: str) -> Writer[Any] | None:
    """The writer that writes the result file in ``form`` (None for the text form); a ValueError when the puzzle has
    no such form."""
    if form == RESULT_TEXT:
        return None
    for writer in puzzle.writers:
        if writer.name == form and writer.answer is not None:
            return writer
    raise ValueError(f"{puzzle.name} has no {form!r} result file; it has {', '.join(result_forms(puzzle))}")


def result_file(puzzle: PuzzleSpec[Any, Any], instance: Any, solution: Any, settings: Settings,
                form: str = RESULT_TEXT) -> str:
    """The result file of ``solution`` in ``form``, ending with a newline; a ValueError for what the form cannot hold
    (a writer's, under the options in force)."""
    writer = answer_writer(puzzle, form)
    if writer is None or writer.answer is None:
        return result_text(puzzle, instance, solution)
    text = writer.answer(instance, solution, settings)
    return text if text.endswith("\n") else text + "\n"


def board_size(puzzle: PuzzleSpec[Any, Any], instance: Any) -> tuple[int, int] | None:
    """(rows, cols) of an instance's board, when the puzzle says."""
    if puzzle.view.size is not None:
        return puzzle.view.size(instance)
    facts = puzzle.view.facts(instance)
    width, height = facts.get("width"), facts.get("height")
    return (height, width) if isinstance(width, int) and isinstance(height, int) else None


def check_drawable(puzzle: PuzzleSpec[Any, Any], instance: Any, flag: str) -> None:
    """Refuse (UsageError naming ``flag``) a board too large to draw."""
    from satpuzzles.present.svg import check_size  # pictures only

    size = board_size(puzzle, instance)
    if size is not None:
        check_size(*size, flag)


def draws(puzzle: PuzzleSpec[Any, Any], name: str) -> bool:
    """Whether the puzzle's view can make the picture ``name`` (svg or svg_puzzle) at all."""
    return puzzle.view.svg is not None if name == "svg" else puzzle.view.draws_puzzle


def answer_texts(puzzle: PuzzleSpec[Any, Any], instance: Any, outcome: Outcome[Any], settings: Settings,
                 wanted: Collection[str], form: str | None = None) -> Iterator[tuple[str, str]]:
    """(name, text) of each answer file in ``wanted`` that this outcome has, in ANSWER_FILES order, each made when
    asked for: the result file (in ``form``, None for text) when there is a solution, a picture when the puzzle draws it
    (``--svg``: the first solution, both of a non-unique pair, else the bare puzzle saying why)."""
    if "result" in wanted and outcome.solution is not None:
        yield "result", result_file(puzzle, instance, outcome.solution, settings, form or RESULT_TEXT)
    if "svg" in wanted and puzzle.view.svg is not None:
        yield "svg", puzzle.view.svg(instance, outcome, settings)
    if "svg_puzzle" in wanted and puzzle.view.draws_puzzle:
        yield "svg_puzzle", puzzle.view.puzzle_picture(instance, settings)
