"""How Slitherlink is shown: the dot grid with the loop in text and colour, JSON, the .sol result file."""

from __future__ import annotations

from collections.abc import Collection, Hashable

from satpuzzles.core.outcome import Analysis, Outcome, Settings
from satpuzzles.core.spec import AnalysisView, StyledBoard
from satpuzzles.geometry import Cell
from satpuzzles.present.styles import (
    ANALYSIS_ACROSS,
    ANALYSIS_DOWN,
    ANALYSIS_STYLES,
    MARKED,
    SOFT_BACKGROUND,
    analysis_legend,
)
from satpuzzles.puzzles.slitherlink.model import SlitherlinkInstance, SlitherlinkSolution, inside_cells

ROLE_STYLES = {"dot": "dim", "loop": "bold magenta3", "marked": MARKED}


def facts(instance: SlitherlinkInstance) -> dict[str, object]:
    """Width, height and number of clues (and the visit-every-dot variant when set: a rule the answer is under)."""
    found: dict[str, object] = {"width": instance.grid.cols, "height": instance.grid.rows,
                                "number of clues": len(instance.clues)}
    if instance.visit_all:
        found["visits every dot"] = True
    return found


def solution_json(instance: SlitherlinkInstance, solution: SlitherlinkSolution, settings: Settings) -> dict[str, object]:
    """``edges`` (horizontal, vertical 0/1 grids) and ``inside`` (0/1 per cell)."""
    grid, edges = instance.grid, solution.edges
    return {
        "edges": {
            "horizontal": [[int(("h", r, c) in edges) for c in range(grid.cols)] for r in range(grid.rows + 1)],
            "vertical": [[int(("v", r, c) in edges) for c in range(grid.cols + 1)] for r in range(grid.rows)],
        },
        "inside": [[int(x) for x in row] for row in inside_cells(grid, edges)],
    }


def explanation_json(instance: SlitherlinkInstance, keys: list[Hashable]) -> dict[str, object]:
    """The conflicting clues as [row, col, clue]."""
    cells: list[Cell] = sorted(key for key in keys if isinstance(key, tuple))
    return {"clues": [[r, c, instance.clues[(r, c)]] for r, c in cells]}


def _pieces(instance: SlitherlinkInstance, solution: SlitherlinkSolution | None, marked: Collection[Hashable],
            shaded: bool = True) -> list[list[tuple[str, str]]]:
    """Rows of (text, role) pieces; roles: dot, loop, gap, clue, marked, inside, outside ("... inside" shaded).
    ``shaded``: tell the inside from the outside (text alone does not show it: every cell is then "outside")."""
    grid = instance.grid
    rows_count, cols = grid.rows, grid.cols
    edges = solution.edges if solution else frozenset()
    inside = inside_cells(grid, edges) if solution and shaded else None
    outside = [False] * cols
    dot, across, down = ("·", "dot"), ("───", "loop"), ("│", "loop")
    gaps = {(width, within): (" " * width, "gap inside" if within else "gap") for width in (1, 3) for within in (0, 1)}
    clues, unknown = instance.clues, instance.unknown
    rows: list[list[tuple[str, str]]] = []
    for r in range(rows_count + 1):
        shade = inside[r] if inside is not None and r < rows_count else outside  # the cells below these edges
        line: list[tuple[str, str]] = [dot]
        for c in range(cols):
            line += (across if ("h", r, c) in edges else gaps[3, shade[c]], dot)
        rows.append(line)
        if r == rows_count:
            break
        line = []
        for c in range(cols):
            line.append(down if ("v", r, c) in edges else gaps[1, shade[c]])
            cell = (r, c)
            area = "inside" if shade[c] else "outside"
            if cell in marked:
                line.append((f"({clues[cell]})", "marked"))
            elif cell in clues:
                line.append((f" {clues[cell]} ", f"clue {area}"))
            elif cell in unknown:
                line.append((" ? ", f"clue {area}"))
            else:
                line.append(("   ", area))
        line.append(down if ("v", r, cols) in edges else gaps[1, False])
        rows.append(line)
    return rows


def text(instance: SlitherlinkInstance, solution: SlitherlinkSolution | None, settings: Settings,
         marked: Collection[Hashable] = ()) -> str:
    """Dots, loop segments and clues; conflicting clues in parentheses."""
    return "\n".join("".join([piece for piece, _ in row]).rstrip()
                     for row in _pieces(instance, solution, marked, shaded=False))


def styled(instance: SlitherlinkInstance, solution: SlitherlinkSolution | None, settings: Settings,
           marked: Collection[Hashable] = ()) -> StyledBoard:
    """The loop in colour over dim dots, the inside shaded, conflicting clues highlighted."""
    board: StyledBoard = []
    for row in _pieces(instance, solution, marked):
        line = []
        for piece, role in row:
            shade = SOFT_BACKGROUND if role.endswith("inside") else ""
            style = ROLE_STYLES.get(role) or (f"bold {shade}" if role.startswith("clue") else shade)
            line.append((piece, style.strip()))
        board.append(line)
    return board


def svg(instance: SlitherlinkInstance, outcome: Outcome[SlitherlinkSolution], settings: Settings) -> str:
    """The (first) solution's loop with its inside shaded, or the bare puzzle with conflicting clues ringed;
    with --analyze, every edge forced on, forced off or undetermined."""
    from satpuzzles.present.svg import solutions_picture  # --svg only
    from satpuzzles.puzzles.slitherlink.svg import slitherlink_svg

    if outcome.analysis is not None:
        return slitherlink_svg(instance, None, None, analysis=outcome.analysis.states())
    def draw(solution: SlitherlinkSolution | None, state: str) -> str:
        edges = solution.edges if solution is not None else None
        inside = inside_cells(instance.grid, edges) if edges is not None else None
        return slitherlink_svg(instance, edges, inside, outcome.explanation or (), state=state)

    return solutions_picture(outcome, settings, draw)


def result_file(instance: SlitherlinkInstance, solution: SlitherlinkSolution) -> str:
    """The puzzlekit .sol format: ``rows cols`` then ``x`` (inside) / ``-`` (outside) per cell."""
    grid = instance.grid
    rows = [" ".join("x" if x else "-" for x in row) for row in inside_cells(grid, solution.edges)]
    return f"{grid.rows} {grid.cols}\n" + "\n".join(rows) + "\n"


def _analysis_pieces(instance: SlitherlinkInstance, analysis: Analysis) -> list[list[tuple[str, str]]]:
    """Rows of (text, role) pieces: roles dot, clue, gap and the edge states true, false, undetermined."""
    grid, state = instance.grid, analysis.states()
    rows: list[list[tuple[str, str]]] = []
    for r in range(grid.rows + 1):
        line: list[tuple[str, str]] = [("·", "dot")]
        for c in range(grid.cols):
            here = state.get(("h", r, c), "undetermined")
            line += [(ANALYSIS_ACROSS[here], here), ("·", "dot")]
        rows.append(line)
        if r == grid.rows:
            break
        line = []
        for c in range(grid.cols + 1):
            here = state.get(("v", r, c), "undetermined")
            line.append((ANALYSIS_DOWN[here], here))
            if c < grid.cols:
                cell = (r, c)
                clue = str(instance.clues[cell]) if cell in instance.clues else "?" if cell in instance.unknown else ""
                line.append((f" {clue} " if clue else "   ", "clue" if clue else "gap"))
        rows.append(line)
    return rows


def analysis_text(instance: SlitherlinkInstance, analysis: Analysis) -> str:
    """The legend, then the dot grid with edges forced on (─ │), forced off (×) and undetermined (┄ ┆); in a
    partial analysis, undecided edges blank."""
    from satpuzzles.present.link_board import board_text  # --analyze only

    return board_text(analysis_legend(analysis.partial), _analysis_pieces(instance, analysis))


def analysis_styled(instance: SlitherlinkInstance, analysis: Analysis) -> StyledBoard:
    """The analysis board in colour: forced-on edges bold, forced-off crosses dim, undetermined orange."""
    from satpuzzles.present.link_board import board_styled  # --analyze only

    styles = {**ANALYSIS_STYLES, "dot": "dim", "clue": "bold", "gap": ""}
    return board_styled(analysis_legend(analysis.partial), _analysis_pieces(instance, analysis), styles)


def analysis_json(instance: SlitherlinkInstance, analysis: Analysis) -> dict[str, object]:
    """``on``, ``off`` and ``undetermined`` edges as ["h" or "v", row, col], and their ``counts`` (and ``undecided``
    in a partial analysis)."""
    lists = {"on": analysis.forced_true, "off": analysis.forced_false, "undetermined": analysis.undetermined,
             **({"undecided": analysis.undecided} if analysis.partial else {})}
    record: dict[str, object] = {name: [list(edge) for edge in sorted(e for e in edges if isinstance(e, tuple))]
                                 for name, edges in lists.items()}
    record["counts"] = {name: len(edges) for name, edges in lists.items()}
    return record


ANALYSIS = AnalysisView(text=analysis_text, json=analysis_json, styled=analysis_styled, words=("on", "off"),
                        partial=True)
"""--analyze's board, styled board and JSON."""
