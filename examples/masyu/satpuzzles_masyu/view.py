"""How Masyu is shown: cells with the loop drawn through their centres, in text and colour, and as JSON.

A cell is one character: ``○`` or ``●`` for a circle, a box-drawing piece where the loop
passes, ``·`` otherwise. ``───`` joins cells linked side by side and ``│`` cells linked one
above the other, so a cell's loop piece and its links read as one line.
"""

from __future__ import annotations

from collections.abc import Collection, Hashable

from satpuzzles.core.outcome import Analysis, Outcome, Settings
from satpuzzles.core.spec import AnalysisView, StyledBoard
from satpuzzles.geometry import Link
from satpuzzles.present.link_board import Piece, board_styled, board_text, link_analysis_rows
from satpuzzles.present.styles import ANALYSIS_STYLES, analysis_legend
from satpuzzles.present.svg import solutions_picture
from satpuzzles_masyu.model import WHITE, MasyuInstance, MasyuSolution, steps_at
from satpuzzles_masyu.svg import masyu_svg

CIRCLE_GLYPHS = {"w": "○", "b": "●"}
EMPTY = "·"
PIECES = {
    frozenset({(-1, 0), (1, 0)}): "│", frozenset({(0, -1), (0, 1)}): "─",
    frozenset({(1, 0), (0, 1)}): "┌", frozenset({(1, 0), (0, -1)}): "┐",
    frozenset({(-1, 0), (0, 1)}): "└", frozenset({(-1, 0), (0, -1)}): "┘",
}
"""The loop's piece in a cell, by the steps of its two links."""
ROLE_STYLES = {"empty": "dim", "loop": "bold dodger_blue2", "white": "bold", "black": "bold", "gap": ""}
"""Middle-lightness colour for the loop (readable on light and dark terminals); circles in the text colour."""


def facts(instance: MasyuInstance) -> dict[str, object]:
    """Width, height and number of circles (and the every-cell variant when set)."""
    found: dict[str, object] = {
        "width": instance.grid.cols, "height": instance.grid.rows, "number of circles": len(instance.circles),
    }
    if instance.visit_all:
        found["visits every cell"] = True
    return found


def solution_json(instance: MasyuInstance, solution: MasyuSolution, settings: Settings) -> dict[str, object]:
    """``edges``: every pair of linked cells as ``[[r1, c1], [r2, c2]]``, sorted."""
    return {"edges": [[list(a), list(b)] for a, b in sorted(solution.edges)]}


def _pieces(instance: MasyuInstance, edges: Collection[Link]) -> list[list[tuple[str, str]]]:
    """Rows of (text, role) pieces; roles: empty, loop, white, black, gap."""
    grid, at = instance.grid, steps_at(edges)
    rows: list[list[tuple[str, str]]] = []
    for r in range(grid.rows):
        line: list[tuple[str, str]] = []
        for c in range(grid.cols):
            if (r, c) in instance.circles:
                colour = instance.circles[(r, c)]
                line.append((CIRCLE_GLYPHS[colour], "white" if colour == WHITE else "black"))
            elif (r, c) in at:
                line.append((PIECES.get(frozenset(at[(r, c)]), "?"), "loop"))
            else:
                line.append((EMPTY, "empty"))
            if c + 1 < grid.cols:
                line.append(("───", "loop") if ((r, c), (r, c + 1)) in edges else ("   ", "gap"))
        rows.append(line)
        if r + 1 < grid.rows:
            below: list[tuple[str, str]] = []
            for c in range(grid.cols):
                below.append(("│", "loop") if ((r, c), (r + 1, c)) in edges else (" ", "gap"))
                if c + 1 < grid.cols:
                    below.append(("   ", "gap"))
            rows.append(below)
    return rows


def text(instance: MasyuInstance, solution: MasyuSolution | None, settings: Settings,
         marked: Collection[Hashable] = ()) -> str:
    """The cells, circles as ``○``/``●``, and the loop in box-drawing lines."""
    edges = solution.edges if solution else frozenset()
    return "\n".join("".join(piece for piece, _ in row).rstrip() for row in _pieces(instance, edges))


def styled(instance: MasyuInstance, solution: MasyuSolution | None, settings: Settings,
           marked: Collection[Hashable] = ()) -> StyledBoard:
    """The loop in blue over dim empty cells, circles bold in the text colour (their shape tells them apart)."""
    edges = solution.edges if solution else frozenset()
    return [[(piece, ROLE_STYLES[role]) for piece, role in row] for row in _pieces(instance, edges)]


def svg(instance: MasyuInstance, outcome: Outcome[MasyuSolution], settings: Settings) -> str:
    """The (first) solution's loop over the circles, or the bare puzzle; with --analyze every link by its state."""
    if outcome.analysis is not None:
        return masyu_svg(instance, None, outcome.analysis.states())
    return solutions_picture(outcome, settings, lambda solution, state: masyu_svg(
        instance, solution.edges if solution is not None else None, state=state))


def _analysis_pieces(instance: MasyuInstance, analysis: Analysis) -> list[list[Piece]]:
    """Rows of (text, role): circles, empty cells, and every link by its state (true, false, undetermined)."""

    def cell(r: int, c: int) -> Piece:
        colour = instance.circles.get((r, c))
        return (CIRCLE_GLYPHS[colour], "white" if colour == WHITE else "black") if colour else (EMPTY, "empty")

    return link_analysis_rows(instance.grid.rows, instance.grid.cols, analysis.states(), cell)


def analysis_text(instance: MasyuInstance, analysis: Analysis) -> str:
    """The legend, then the cells with every link forced on (─ │), forced off (×) or undetermined (┄ ┆); in a
    partial analysis, undecided links blank."""
    return board_text(analysis_legend(analysis.partial), _analysis_pieces(instance, analysis))


def analysis_styled(instance: MasyuInstance, analysis: Analysis) -> StyledBoard:
    """The analysis board in colour: forced links bold, crosses dim, undetermined links orange."""
    styles = {**ROLE_STYLES, **ANALYSIS_STYLES}
    return board_styled(analysis_legend(analysis.partial), _analysis_pieces(instance, analysis), styles)


def analysis_json(instance: MasyuInstance, analysis: Analysis) -> dict[str, object]:
    """``on``, ``off`` and ``undetermined`` links as [[r1, c1], [r2, c2]] (as in ``edges``), and their ``counts``
    (and ``undecided`` in a partial analysis)."""
    lists = {"on": analysis.forced_true, "off": analysis.forced_false, "undetermined": analysis.undetermined,
             **({"undecided": analysis.undecided} if analysis.partial else {})}
    record: dict[str, object] = {name: [[list(a), list(b)] for a, b in sorted(k for k in keys if isinstance(k, tuple))]
                                 for name, keys in lists.items()}
    record["counts"] = {name: len(keys) for name, keys in lists.items()}
    return record


ANALYSIS = AnalysisView(text=analysis_text, json=analysis_json, styled=analysis_styled, words=("on", "off"),
                        partial=True)
"""--analyze's board, styled board and JSON."""
