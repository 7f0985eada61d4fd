"""How Numberlink is shown: box-drawing boards in text and colour, JSON, the result file, the SVG."""

from __future__ import annotations

from satpuzzles.core.outcome import Outcome, Settings
from satpuzzles.core.records import Record, replace
from satpuzzles.core.words import columns, listed
from satpuzzles.present.report import MINIMAL
from satpuzzles.present.styles import MARKED
from satpuzzles.puzzles.numberlink.arguments import refutation_reason, refute
from satpuzzles.puzzles.numberlink.colours import path_styles
from satpuzzles.puzzles.numberlink.conflicts import cells_of, labels_of
from satpuzzles.puzzles.numberlink.model import EMPTY, NumberlinkInstance, NumberlinkSolution, rules_in_force

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Collection, Hashable, Sequence

    from satpuzzles.core.spec import StyledBoard
    from satpuzzles.geometry import Cell

UP, RIGHT, DOWN, LEFT = 1, 2, 4, 8
GLYPHS = {UP | DOWN: "│", LEFT | RIGHT: "─", UP | RIGHT: "└", UP | LEFT: "┘",
          DOWN | RIGHT: "┌", DOWN | LEFT: "┐"}
"""Box-drawing glyph of a cell by the sides its path leaves through."""


def cell_sides(instance: NumberlinkInstance, solution: NumberlinkSolution | None) -> list[list[int]]:
    """Per cell, the sides (UP | RIGHT | DOWN | LEFT bits) its path leaves through."""
    rows, cols = instance.grid.rows, instance.grid.cols
    sides = [[0] * cols for _ in range(rows)]
    if solution is None:
        return sides
    toward = {(-1, 0): (UP, DOWN), (1, 0): (DOWN, UP), (0, -1): (LEFT, RIGHT), (0, 1): (RIGHT, LEFT)}
    for route in solution.routes.values():
        for (r, c), (r2, c2) in zip(route, route[1:]):
            leave, enter = toward[r2 - r, c2 - c]
            sides[r][c] |= leave
            sides[r2][c2] |= enter
    return sides


class BoardCell(Record, frozen=True):
    """One cell of the drawn board: its padded text, bare glyph, owning label, endpoint or not."""

    text: str
    glyph: str
    label: str | None
    endpoint: bool

    def __init__(self, text: str, glyph: str, label: str | None, endpoint: bool) -> None:
        self.__dict__.update(text=text, glyph=glyph, label=label, endpoint=endpoint)  # one per cell drawn


def _padded(label: str, width: int, fill: str) -> str:
    """``label`` right-aligned in ``width`` terminal columns, ``fill`` before it."""
    return fill * (width - columns(label)) + label


def _cell_width(instance: NumberlinkInstance) -> int:
    """Columns per cell: one, or one more than the widest label (so labels never run together)."""
    longest = max((columns(label) for label in instance.labels), default=1)
    return longest if longest == 1 else longest + 1


def _glyph_rows(instance: NumberlinkInstance, solution: NumberlinkSolution | None) -> list[list[tuple[str, str]]]:
    """Each cell's (padded text, bare glyph)."""
    width, givens = _cell_width(instance), instance.givens
    padded = {mask: (glyph.rjust(width, "─" if mask & LEFT else " "), glyph) for mask, glyph in GLYPHS.items()}
    blank = (EMPTY.rjust(width), EMPTY)
    by_row: dict[int, list[tuple[int, str]]] = {}
    for (r, c), label in givens.items():
        by_row.setdefault(r, []).append((c, label))
    rows = []
    for r, masks in enumerate(cell_sides(instance, solution)):
        row = [padded.get(mask, blank) for mask in masks]
        for c, label in by_row.get(r, ()):
            row[c] = (_padded(label, width, "─" if masks[c] & LEFT else " "), label)
        rows.append(row)
    return rows


def board_cells(instance: NumberlinkInstance, solution: NumberlinkSolution | None) -> list[list[BoardCell]]:
    """Each cell's fixed-width text (box drawing or label) and the label whose path it belongs to.

    With labels longer than one character every cell gets one more column, so
    that neighbouring labels never run together ("13 12", not "1312").
    """
    owner = solution.label_grid(instance) if solution else None
    givens = instance.givens
    return [
        [BoardCell(text, glyph, (owner[r][c] if owner else givens.get((r, c))) if not owner or owner[r][c] != EMPTY
                   else None, (r, c) in givens)
         for c, (text, glyph) in enumerate(row)]
        for r, row in enumerate(_glyph_rows(instance, solution))
    ]


def facts(instance: NumberlinkInstance) -> dict[str, object]:
    """Width, height and number of paths."""
    return {"width": instance.grid.cols, "height": instance.grid.rows, "number of paths": len(instance.labels)}


def _board_lines(instance: NumberlinkInstance, solution: NumberlinkSolution | None) -> list[str]:
    return ["".join(text for text, _ in row) for row in _glyph_rows(instance, solution)]


def _numbers_lines(instance: NumberlinkInstance, solution: NumberlinkSolution) -> list[str]:
    width = max((columns(label) for label in instance.labels), default=1)
    return [" ".join(_padded(label, width, " ") for label in row) for row in solution.label_grid(instance)]


def solution_json(instance: NumberlinkInstance, solution: NumberlinkSolution, settings: Settings) -> dict[str, object]:
    """``paths`` (label per cell, null where empty), ``board`` (box drawing) and ``routes`` (cells in order)."""
    grid = solution.label_grid(instance)
    return {
        "paths": [[None if label == EMPTY else label for label in row] for row in grid],
        "board": _board_lines(instance, solution),
        "routes": {label: [list(cell) for cell in route] for label, route in solution.routes.items()},
    }


def text(instance: NumberlinkInstance, solution: NumberlinkSolution | None, settings: Settings,
         marked: Collection[Hashable] = ()) -> str:
    """Box-drawing board, and the numbered board with --numbers; with ``marked`` (--explain's labels and cells),
    every cell followed by ``!`` when it is marked (a marked label's endpoints, a marked cell) or a space."""
    if marked:
        return "\n".join(_marked_lines(instance, marked))
    lines = _board_lines(instance, solution)
    if solution is not None and settings.extras.get("numbers"):
        lines += ["", *_numbers_lines(instance, solution)]
    return "\n".join(lines)


def styled(instance: NumberlinkInstance, solution: NumberlinkSolution | None, settings: Settings,
           marked: Collection[Hashable] = ()) -> StyledBoard:
    """Box-drawing board with one colour per path (touching paths apart, Flow Free's own), endpoints in reverse;
    --explain's marked labels (their endpoints) and cells highlighted."""
    board = _styled(instance, solution, settings, path_styles(instance, solution))
    if marked:
        for r, c in _marked_cells(instance, marked):
            text, _ = board[r][c]
            board[r][c] = (text, MARKED)
    return board


def styled_together(instance: NumberlinkInstance, solutions: Sequence[NumberlinkSolution], settings: Settings,
                    marked: Collection[Hashable] = ()) -> list[StyledBoard]:
    """The boards of several solutions, each label in one colour on all of them where touching paths stay apart."""
    return [_styled(instance, solution, settings, path_styles(instance, solution, solutions))
            for solution in solutions]


def _styled(instance: NumberlinkInstance, solution: NumberlinkSolution | None, settings: Settings,
            colours: dict[str, str]) -> StyledBoard:
    """The board of ``solution`` (None: the bare puzzle) in ``colours`` by label."""
    board: StyledBoard = []
    for row in board_cells(instance, solution):
        line = []
        for cell in row:
            style = colours[cell.label] if cell.label is not None else "dim"
            line.append((cell.text, style + " bold reverse" if cell.endpoint else style))
        board.append(line)
    if solution is not None and settings.extras.get("numbers"):
        board += [[]] + [[(line, "")] for line in _numbers_lines(instance, solution)]
    return board


def _marked_cells(instance: NumberlinkInstance, marked: Collection[Hashable]) -> set[Cell]:
    """The cells an explanation marks: its labels' endpoints and its cells."""
    labels = set(labels_of(list(marked)))
    return {cell for cell, label in instance.givens.items() if label in labels} | set(cells_of(list(marked)))


def _marked_lines(instance: NumberlinkInstance, marked: Collection[Hashable]) -> list[str]:
    """The bare board, each cell (label or ``.``) followed by ``!`` when marked, else by a space."""
    width, cells = _cell_width(instance), _marked_cells(instance, marked)
    width = max(1, width - 1)  # the mark takes the column that keeps labels apart
    return ["".join(_padded(instance.givens.get((r, c), EMPTY), width, " ") + ("!" if (r, c) in cells else " ")
                    for c in range(instance.grid.cols)).rstrip() for r in range(instance.grid.rows)]


def conflict(instance: NumberlinkInstance, keys: list[Hashable]) -> str:
    """The Conflict line: the labels that cannot all be joined, with the cells (under fill) that must be used."""
    labels, cells = labels_of(keys), cells_of(keys)
    minimal = MINIMAL if len(keys) > 1 else ""
    named = "" if not labels else f"label {labels[0]}" if len(labels) == 1 else f"labels {listed(labels)}"
    these = "this cell" if len(cells) == 1 else f"these {len(cells)} cells"
    if not cells:
        return f"{named} cannot {_be(len(labels))} joined{minimal}"
    if not labels:
        return f"{these} cannot {_be(len(cells))} used{minimal}"
    return f"{named} cannot {_be(len(labels))} joined with {these} used{minimal}"


def _be(count: int) -> str:
    """``be``, ``both be`` or ``all be``, as ``count`` things cannot (be joined, be used)."""
    return "be" if count == 1 else "both be" if count == 2 else "all be"


def explanation_json(instance: NumberlinkInstance, keys: list[Hashable]) -> dict[str, object]:
    """The conflicting ``labels`` and ``cells`` ([row, col], cells only under the fill rule)."""
    return {"labels": labels_of(keys), "cells": [list(cell) for cell in cells_of(keys)]}


def svg(instance: NumberlinkInstance, outcome: Outcome[NumberlinkSolution], settings: Settings) -> str:
    """The routes of the (first) solution over the grid, or the bare puzzle; with --analyze every link (and,
    under the open rule, every cell) by its state."""
    from satpuzzles.present.svg import drawn_solutions, solutions_picture  # --svg only
    from satpuzzles.puzzles.numberlink.svg import numberlink_svg

    rules = rules_in_force(instance, settings.extras)
    under = "" if rules.is_default else rules.describe()  # the title names the rules, as the report does
    if outcome.analysis is not None:
        return numberlink_svg(instance, None, outcome.analysis.states(), rules=under)
    drawn = drawn_solutions(outcome, settings)  # the two of --unique coloured alike
    marked = outcome.explanation or []
    return solutions_picture(outcome, settings, lambda solution, state: numberlink_svg(
        instance, solution, rules=under, state=state, shown=drawn, marked=marked),
        "conflicting " + " and ".join(part for part, kind in (("labels", str), ("cells", tuple))
                                      if any(isinstance(key, kind) for key in marked)) + " ringed")


def result_file(instance: NumberlinkInstance, solution: NumberlinkSolution) -> str:
    """The result file: the numbers matrix, a blank line, the path matrix."""
    numbers = [" ".join(row) for row in solution.label_grid(instance)]
    glyphs = [" ".join(cell.glyph.replace("│", "|") for cell in row) for row in board_cells(instance, solution)]
    return "\n".join(numbers) + "\n\n" + "\n".join(glyphs) + "\n"


def outcome_lines(instance: NumberlinkInstance, outcome: Outcome[NumberlinkSolution],
                  settings: Settings) -> list[tuple[str, str]]:
    """A ``Rules`` line when they are not the plain fill rule or the report claims what holds under them (no
    solution, uniqueness, a count, an analysis and its grade), and why an argument proved a board unsolvable."""
    rules = rules_in_force(instance, settings.extras)
    claims = outcome.status == "unsolvable" or settings.wanted > 1 or settings.analyze
    lines = [] if rules.is_default and not claims else [("Rules", rules.describe())]
    reason = refutation_reason(instance, rules, outcome.stats.encoding) if outcome.status == "unsolvable" else None
    if rules.fill and outcome.status == "unsolvable" and not refute(instance, replace(rules, fill=False)):
        # janko.at, Nikoli and puzz.link's numlin leave cells empty; not said where an argument refutes that too
        # (whatever refuted this board: SAT below 64 cells, or with --proof)
        lines = [("Rules", f"{rules.describe()}; --rules open lets cells stay empty")]
    return lines + ([("Reason", reason)] if reason else [])


def outcome_json(instance: NumberlinkInstance, outcome: Outcome[NumberlinkSolution],
                 settings: Settings) -> dict[str, object]:
    """``rules`` (fill or open) and ``no_self_touch``, plus ``reason`` when an argument proved unsolvability."""
    rules = rules_in_force(instance, settings.extras)
    data: dict[str, object] = {"rules": rules.name, "no_self_touch": not rules.self_touch}
    reason = refutation_reason(instance, rules, outcome.stats.encoding) if outcome.status == "unsolvable" else None
    if reason:
        data["reason"] = reason
    return data
