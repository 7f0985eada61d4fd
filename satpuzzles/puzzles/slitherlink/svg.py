"""Slitherlink as an SVG picture: the dot grid, the clues, the loop as one ``<line>`` per edge, its inside shaded.

The inside is always shaded lightly, as on the terminal: it prints as a pale grey and
makes the loop's two sides plain in black and white. Conflicting clues (--explain) get a ring.
The dots are as wide as the loop, under it, so its corners stay clean.
"""

from __future__ import annotations

from collections.abc import Collection, Hashable, Mapping

from satpuzzles.geometry import Edge
from satpuzzles.present import svg
from satpuzzles.puzzles.slitherlink.model import SlitherlinkInstance

CELL = 40
MARGIN = 12
STYLE = """
.inside { fill: #dfe6f0; stroke: none; }
.dot { fill: #000000; }
.loop { stroke: #1a3d8f; stroke-width: 6; stroke-linecap: round; }
.clue { font-family: sans-serif; text-anchor: middle; fill: #000000; }
.marked { fill: none; stroke: #d00000; stroke-width: 3; }
.conflict { font-weight: bold; fill: #d00000; }
"""
DOT = 3
"""A dot's radius: half the loop's width, so a loop's corner covers its dot exactly."""


def _point(vertex: tuple[int, int]) -> tuple[float, float]:
    r, c = vertex
    return MARGIN + c * CELL, MARGIN + r * CELL


def slitherlink_svg(
    instance: SlitherlinkInstance,
    edges: Collection[Edge] | None,
    inside: list[list[bool]] | None,
    marked: Collection[Hashable] = (),
    analysis: Mapping[Hashable, str] | None = None,
    state: str = "",
) -> str:
    """The puzzle with the loop's ``edges`` and ``inside`` cells (none drawn when None); ``marked`` clues ringed.

    With ``analysis`` (each edge's state, as Analysis.states gives it) every edge is drawn by its state, with a
    legend under the board. ``state`` (svg.outcome_state's words) goes in the title and under the board.
    """
    grid = instance.grid
    body = []
    if inside is not None:
        import numpy as np  # only for a picture: solving a board never imports numpy

        shade = svg.runs_path(np.array(inside, dtype=bool).reshape(grid.rows, grid.cols), CELL, MARGIN)
        if shade:
            body.append(svg.element("path", d=shade, class_="inside"))
    body += [svg.element("circle", cx=x, cy=y, r=DOT, class_="dot") for x, y in map(_point, grid.vertices())]
    for edge in sorted(edges or ()):
        (x1, y1), (x2, y2) = (_point(v) for v in grid.edge_vertices(edge))
        body.append(svg.element("line", x1=x1, y1=y1, x2=x2, y2=y2, class_="loop"))
    if analysis is not None:
        for edge in grid.edges():
            start, end = (_point(v) for v in grid.edge_vertices(edge))
            body += svg.analysis_segment(start, end, analysis.get(edge, "undetermined"), CELL * 0.12)
    size = CELL * 0.55
    for cell in sorted({*instance.clues, *instance.unknown}):
        x, y = _point(cell)
        x, y = x + CELL / 2, y + CELL / 2
        clue = str(instance.clues[cell]) if cell in instance.clues else "?"
        if cell in marked:
            body.append(svg.element("circle", cx=x, cy=y, r=CELL * 0.41, class_="marked"))
            body.append(svg.text(x, y, clue, size, class_="clue conflict"))
        else:
            body.append(svg.text(x, y, clue, size, class_="clue"))
    legend = [state] if state else []
    if analysis is not None:
        state, legend = "analysis", svg.analysis_legend(analysis)
    variant = ", the loop visits every dot" if instance.visit_all else ""  # puzz.link's 'f': a rule of its own
    title = svg.titled(f"Slitherlink {grid.cols}x{grid.rows}{variant}", state)
    style = STYLE + (svg.ANALYSIS_STYLE if analysis is not None else "")
    return svg.document(grid.cols * CELL + 2 * MARGIN, grid.rows * CELL + 2 * MARGIN, body, title=title, style=style,
                        legend=legend, legend_size=CELL * 0.32)
