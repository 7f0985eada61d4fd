"""The coloured terminal report: rich consoles, styled boards and the status table."""

from __future__ import annotations

import sys
from typing import Any

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.text import Text

from satpuzzles.core.outcome import Outcome, Settings
from satpuzzles.core.spec import PuzzleSpec, StyledBoard
from satpuzzles.present.colour import dumb_terminal, use_colour
from satpuzzles.present.styles import UNSURE, sixteen_colours
from satpuzzles.present.report import (
    analysed_instance,
    analysis_text,
    boards,
    conflict_words,
    fact_lines,
    marked,
    puzzle_lines,
    status_lines,
)

__all__ = ["make_console", "rich_report", "styled_text", "use_colour"]

SIXTEEN_SYSTEMS = ("standard", "windows")
"""rich's names of the colour systems of 16-colour terminals."""
STATUS_STYLE = {"solved": "bold green4", "unsolvable": "bold red3", "unknown": UNSURE}


def make_console(stream: Any = None, colour: bool | None = None) -> Console:
    """A rich console on ``stream`` (stdout by default); colour as :func:`use_colour` decides unless given.

    Colour asked for is shown even under TERM=dumb, where rich would drop it (16 colours then).
    """
    stream = stream or sys.stdout
    colour = use_colour(stream) if colour is None else colour
    return Console(
        file=stream,
        force_terminal=colour,
        no_color=not colour,
        color_system="standard" if colour and dumb_terminal() else "auto",
        highlight=False,
        soft_wrap=True,
        width=100000 if not colour else None,
    )


def styled_text(board: StyledBoard, sixteen: bool = False) -> Text:
    """A styled board as one rich Text (for a 16-colour terminal when ``sixteen``)."""
    text = Text()
    for index, line in enumerate(board):
        if index:
            text.append("\n")
        for piece, style in line:
            text.append(piece, style=(sixteen_colours(style) if sixteen else style) or None)
    return text


class Board:
    """A styled board that picks its colours for the console it is printed on (16 colours or more)."""

    def __init__(self, board: StyledBoard) -> None:
        self.board = board

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        """The board's Text, in stand-in colours where the console has only 16."""
        yield styled_text(self.board, sixteen=console.color_system in SIXTEEN_SYSTEMS)


def board_renderable(puzzle: PuzzleSpec[Any, Any], instance: Any, solution: Any, settings: Settings,
                     outcome: Outcome[Any]) -> RenderableType:
    """The puzzle's coloured board, or its text board when it has none."""
    view = puzzle.view
    if view.styled is not None:
        return Board(view.styled(instance, solution, settings, marked(outcome)))
    return Text(view.text(instance, solution, settings, marked(outcome)))


def rich_report(puzzle: PuzzleSpec[Any, Any], instance: Any, outcome: Outcome[Any], settings: Settings) -> RenderableType:
    """The report for a terminal: coloured status, a facts table, coloured boards."""
    status = status_lines(outcome, settings, conflict_words(puzzle, instance), puzzle)
    rows = [(name, value, STATUS_STYLE[outcome.status] if name == "Solvable" else "bold")
            for name, value in status + puzzle_lines(puzzle, instance, outcome, settings)]
    rows += [(name, value, "") for name, value in fact_lines(puzzle, instance, outcome)]
    width = max(len(name) for name, _, _ in rows)
    table = Text("\n").join(Text.assemble((name.ljust(width), "dim"), "  ", (value, style or ""))
                            for name, value, style in rows)  # no padding after the values, as a grid table adds
    parts: list[RenderableType] = [Text(puzzle.heading, style="bold underline"), table, Text("")]
    if outcome.analysis is not None:
        view, analysed = puzzle.view.analysis, analysed_instance(puzzle, instance, settings)
        if view is not None and view.styled is not None:
            parts.append(Board(view.styled(analysed, outcome.analysis)))
        else:
            parts.append(Text(analysis_text(puzzle, analysed, outcome.analysis)))
        return Group(*parts)
    shown = boards(outcome, settings)
    together = puzzle.view.styled_together
    if len(shown) > 1 and together is not None:  # the solutions' boards coloured alike
        pictures: list[RenderableType] = [Board(board) for board in together(
            instance, [solution for _, solution in shown], settings, marked(outcome))]
    else:
        pictures = [board_renderable(puzzle, instance, solution, settings, outcome) for _, solution in shown]
    for (heading, _), picture in zip(shown, pictures, strict=True):
        if heading:
            parts.append(Text(f"{heading}:", style="bold"))
        parts.append(picture)
    return Group(*parts)
