"""Numberlink as an SVG picture: the grid, one ``<path>`` per route, labelled endpoint circles.

Each route gets a colour and a dash pattern; 13 colours and 5 patterns give 65
distinct pairs, so two paths differ by more than colour when printed in black and white,
and the labels sit in circles at both ends.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from satpuzzles.geometry import Cell
from satpuzzles.present import svg
from satpuzzles.puzzles.numberlink.model import NumberlinkInstance

CELL = 40
MARGIN = 10
COLOURS = (
    "#e6194b", "#3cb44b", "#4363d8", "#f58231", "#911eb4", "#1fa5c4", "#f032e6",
    "#808000", "#9a6324", "#469990", "#800000", "#000075", "#d4a017",
)
DASHES = (None, "14 6", "4 6", "14 5 3 5", "8 3 2 3 2 3")
STYLE = """
.grid { stroke: #b0b0b0; stroke-width: 1; }
.border { fill: none; stroke: #404040; stroke-width: 2; }
.route { fill: none; stroke-width: 9; stroke-linejoin: round; }
.end { fill: #ffffff; stroke-width: 3; }
.bare { stroke: #404040; }
.label { font-family: sans-serif; font-weight: bold; text-anchor: middle; fill: #000000; }
"""


def _centre(cell: Cell) -> tuple[float, float]:
    r, c = cell
    return MARGIN + (c + 0.5) * CELL, MARGIN + (r + 0.5) * CELL


def route_data(route: Sequence[Cell]) -> str:
    """Path data through the centre of every cell of a route, in order."""
    points = [f"{svg.num(x)} {svg.num(y)}" for x, y in map(_centre, route)]
    return "M" + " L".join(points)


def numberlink_svg(instance: NumberlinkInstance, routes: Mapping[str, Sequence[Cell]] | None) -> str:
    """The board with each label's route (its cells from end to end) drawn; the bare puzzle when ``routes`` is None."""
    rows, cols = instance.grid.rows, instance.grid.cols
    body = svg.grid_lines(rows, cols, CELL, MARGIN, class_="grid")
    body.append(svg.element("rect", x=MARGIN, y=MARGIN, width=cols * CELL, height=rows * CELL, class_="border"))
    order = {label: index for index, label in enumerate(instance.labels)}
    solved = routes is not None
    routes = routes or {}
    for label, route in routes.items():
        colour, dash = COLOURS[order[label] % len(COLOURS)], DASHES[order[label] % len(DASHES)]
        title = svg.element("title", svg.escape(f"path {label}"))
        body.append(svg.element("path", title, d=route_data(route), class_="route", stroke=colour, stroke_dasharray=dash))
    longest = max((len(label) for label in instance.labels), default=1)
    size = CELL * (0.5 if longest == 1 else 0.42 if longest == 2 else 0.8 / longest)
    for cell, label in sorted(instance.givens.items()):
        x, y = _centre(cell)
        colour = COLOURS[order[label] % len(COLOURS)] if label in routes else None
        body.append(svg.element("circle", cx=x, cy=y, r=CELL * 0.4, class_="end" if colour else "end bare", stroke=colour))
        body.append(svg.text(x, y, label, size, class_="label"))
    title = f"Numberlink {cols}x{rows}" + ("" if solved else " (unsolved)")
    return svg.document(cols * CELL + 2 * MARGIN, rows * CELL + 2 * MARGIN, body, title=title, style=STYLE)
