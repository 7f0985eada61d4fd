"""How Numberlink is shown: box-drawing boards in text and colour, JSON, the result file, the SVG."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection, Hashable
from dataclasses import dataclass

from satpuzzles.core.outcome import Outcome, Settings
from satpuzzles.core.spec import StyledBoard
from satpuzzles.geometry import Cell
from satpuzzles.present.styles import palette_style
from satpuzzles.puzzles.numberlink.arguments import refutation_reason
from satpuzzles.puzzles.numberlink.model import EMPTY, NumberlinkInstance, NumberlinkSolution, rules_in_force
from satpuzzles.puzzles.numberlink.svg import numberlink_svg

GLYPHS = {
    frozenset("UD"): "│",
    frozenset("LR"): "─",
    frozenset("UR"): "└",
    frozenset("UL"): "┘",
    frozenset("DR"): "┌",
    frozenset("DL"): "┐",
}


def _connections(solution: NumberlinkSolution) -> dict[Cell, set[str]]:
    sides: dict[Cell, set[str]] = defaultdict(set)
    for route in solution.routes.values():
        for (r1, c1), (r2, c2) in zip(route, route[1:]):
            if r1 == r2:
                left, right = ((r1, c1), (r2, c2)) if c1 < c2 else ((r2, c2), (r1, c1))
                sides[left].add("R")
                sides[right].add("L")
            else:
                up, down = ((r1, c1), (r2, c2)) if r1 < r2 else ((r2, c2), (r1, c1))
                sides[up].add("D")
                sides[down].add("U")
    return sides


@dataclass(frozen=True)
class BoardCell:
    """One cell of the drawn board: its padded text, bare glyph, owning label, endpoint or not."""

    text: str
    glyph: str
    label: str | None
    endpoint: bool


def board_cells(instance: NumberlinkInstance, solution: NumberlinkSolution | None) -> list[list[BoardCell]]:
    """Each cell's fixed-width text (box drawing or label) and the label whose path it belongs to.

    With labels longer than one character every cell gets one more column, so
    that neighbouring labels never run together ("13 12", not "1312").
    """
    longest = max((len(label) for label in instance.labels), default=1)
    width = longest if longest == 1 else longest + 1
    sides = _connections(solution) if solution else {}
    owner = solution.label_grid(instance) if solution else None
    rows = []
    for r in range(instance.grid.rows):
        row = []
        for c in range(instance.grid.cols):
            cell = (r, c)
            joined = sides.get(cell, set())
            given = instance.givens.get(cell)
            glyph = given if given is not None else GLYPHS.get(frozenset(joined), EMPTY)
            label = owner[r][c] if owner else given
            text = glyph.rjust(width, "─" if "L" in joined else " ")
            row.append(BoardCell(text, glyph, label if label != EMPTY else None, given is not None))
        rows.append(row)
    return rows


def facts(instance: NumberlinkInstance) -> dict[str, object]:
    """Width, height and number of paths."""
    return {"width": instance.grid.cols, "height": instance.grid.rows, "number of paths": len(instance.labels)}


def _board_lines(instance: NumberlinkInstance, solution: NumberlinkSolution | None) -> list[str]:
    return ["".join(cell.text for cell in row) for row in board_cells(instance, solution)]


def _numbers_lines(instance: NumberlinkInstance, solution: NumberlinkSolution) -> list[str]:
    width = max((len(label) for label in instance.labels), default=1)
    return [" ".join(label.rjust(width) for label in row) for row in solution.label_grid(instance)]


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
    """Box-drawing board, and the numbered board with --numbers."""
    lines = _board_lines(instance, solution)
    if solution is not None and settings.extras.get("numbers"):
        lines += ["", *_numbers_lines(instance, solution)]
    return "\n".join(lines)


def styled(instance: NumberlinkInstance, solution: NumberlinkSolution | None, settings: Settings,
           marked: Collection[Hashable] = ()) -> StyledBoard:
    """Box-drawing board with one colour per path, endpoints in reverse."""
    order = {label: index for index, label in enumerate(instance.labels)}
    board: StyledBoard = []
    for row in board_cells(instance, solution):
        line = []
        for cell in row:
            style = palette_style(order[cell.label]) if cell.label is not None else "dim"
            line.append((cell.text, style + " bold reverse" if cell.endpoint else style))
        board.append(line)
    if solution is not None and settings.extras.get("numbers"):
        board += [[]] + [[(line, "")] for line in _numbers_lines(instance, solution)]
    return board


def svg(instance: NumberlinkInstance, outcome: Outcome[NumberlinkSolution], settings: Settings) -> str:
    """The routes of the (first) solution over the grid, or the bare puzzle."""
    return numberlink_svg(instance, outcome.solution.routes if outcome.solution is not None else None)


def result_file(instance: NumberlinkInstance, solution: NumberlinkSolution) -> str:
    """The result file: the numbers matrix, a blank line, the path matrix."""
    numbers = [" ".join(row) for row in solution.label_grid(instance)]
    glyphs = [" ".join(cell.glyph.replace("│", "|") for cell in row) for row in board_cells(instance, solution)]
    return "\n".join(numbers) + "\n\n" + "\n".join(glyphs) + "\n"


def outcome_lines(instance: NumberlinkInstance, outcome: Outcome[NumberlinkSolution], settings: Settings) -> list[tuple[str, str]]:
    """A ``Rules`` line when they are not the plain fill rule, and why an argument proved a board unsolvable."""
    rules = rules_in_force(instance, settings.extras)
    lines = [] if rules.is_default else [("Rules", rules.describe())]
    reason = refutation_reason(instance, rules, outcome.stats.encoding) if outcome.status == "unsolvable" else None
    return lines + ([("Reason", reason)] if reason else [])


def outcome_json(instance: NumberlinkInstance, outcome: Outcome[NumberlinkSolution], settings: Settings) -> dict[str, object]:
    """``rules`` (fill or open) and ``no_self_touch``, plus ``reason`` when an argument proved unsolvability."""
    rules = rules_in_force(instance, settings.extras)
    data: dict[str, object] = {"rules": rules.name, "no_self_touch": not rules.self_touch}
    reason = refutation_reason(instance, rules, outcome.stats.encoding) if outcome.status == "unsolvable" else None
    if reason:
        data["reason"] = reason
    return data
