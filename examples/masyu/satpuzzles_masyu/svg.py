"""Masyu as an SVG picture: a light grid, the loop as one ``<line>`` per link, the circles on top."""

from __future__ import annotations

from collections.abc import Collection, Hashable, Mapping

from satpuzzles.geometry import Cell, Link
from satpuzzles.present import svg
from satpuzzles_masyu.model import WHITE, MasyuInstance

CELL = 40
MARGIN = 10
STYLE = """
.grid { stroke: #c8c8c8; stroke-width: 1; stroke-dasharray: 4 3; }
.border { fill: none; stroke: #404040; stroke-width: 2; }
.loop { stroke: #1a3d8f; stroke-width: 5; stroke-linecap: round; }
.white { fill: #ffffff; stroke: #000000; stroke-width: 2; }
.black { fill: #000000; stroke: #000000; stroke-width: 2; }
"""


def _centre(cell: Cell) -> tuple[float, float]:
    r, c = cell
    return MARGIN + (c + 0.5) * CELL, MARGIN + (r + 0.5) * CELL


def masyu_svg(instance: MasyuInstance, edges: Collection[Link] | None,
              analysis: Mapping[Hashable, str] | None = None, state: str = "") -> str:
    """The board with the loop's ``edges`` drawn (the bare puzzle when None) and its circles; with ``analysis``
    (each link's state, as Analysis.states gives it) every link by its state and a legend under the board.
    ``state`` (svg.outcome_state's words) goes in the title and under the board; the title also says when the loop
    must visit every cell (``visit_all``)."""
    rows, cols = instance.grid.rows, instance.grid.cols
    body = svg.grid_lines(rows, cols, CELL, MARGIN, class_="grid")
    body.append(svg.element("rect", x=MARGIN, y=MARGIN, width=cols * CELL, height=rows * CELL, class_="border"))
    if analysis is not None:
        for link in instance.grid.links():
            body += svg.analysis_segment(_centre(link[0]), _centre(link[1]), analysis.get(link, "undetermined"),
                                         CELL * 0.12)
    for a, b in sorted(edges or ()):
        (x1, y1), (x2, y2) = _centre(a), _centre(b)
        body.append(svg.element("line", x1=x1, y1=y1, x2=x2, y2=y2, class_="loop"))
    for cell, colour in sorted(instance.circles.items()):
        x, y = _centre(cell)
        body.append(svg.element("circle", cx=x, cy=y, r=CELL * 0.32, class_="white" if colour == WHITE else "black"))
    legend = [state] if state else []
    if analysis is not None:
        state, legend = "analysis", svg.analysis_legend(analysis)
    style = STYLE + (svg.ANALYSIS_STYLE if analysis is not None else "")
    variant = ", the loop visits every cell" if instance.visit_all else ""  # a rule of its own, named as Numberlink's
    title = svg.titled(f"Masyu {cols}x{rows}{variant}", state)
    return svg.document(cols * CELL + 2 * MARGIN, rows * CELL + 2 * MARGIN, body, title=title, style=style,
                        legend=legend, legend_size=CELL * 0.32)
