"""Numberlink as an SVG picture: the grid, one ``<path>`` per route, labelled endpoint circles.

Each route gets a colour and a dash pattern; 13 colours and 5 patterns give 65
distinct pairs, so two paths differ by more than colour when printed in black and white,
and the labels sit in circles at both ends. A Flow Free board (every label one of its
colour letters) is drawn in Flow Free's colours: R red, B blue, Y yellow ...
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence

from satpuzzles.geometry import Cell
from satpuzzles.present import svg
from satpuzzles.puzzles.numberlink.model import NumberlinkInstance

CELL = 40
MARGIN = 10
COLOURS = (
    "#e6194b", "#3cb44b", "#4363d8", "#f58231", "#911eb4", "#1fa5c4", "#f032e6",
    "#808000", "#9a6324", "#469990", "#800000", "#000075", "#d4a017",
)
FLOW_COLOURS = {
    "R": "#ff0000", "B": "#0000ff", "Y": "#e6d600", "G": "#008100", "O": "#ff8000", "C": "#00c8c8", "M": "#ff00ff",
    "m": "#a52a2a", "P": "#800080", "A": "#a6a6a6", "W": "#d0d0d0", "g": "#00e000", "T": "#bdb76b", "b": "#00008b",
    "c": "#008180", "p": "#ff1493",
}
"""Flow Free's colours by the letters its level files use (mzucker/flow_solver's table: R red, B blue, Y yellow,
G green, O orange, C cyan, M magenta, m maroon, P purple, A grey, W white, g bright green, T tan, b dark blue,
c dark cyan, p pink), yellow, cyan, white and bright green darkened to show on white."""
DASHES = (None, "14 6", "4 6", "14 5 3 5", "8 3 2 3 2 3")
STYLE = """
.grid { stroke: #b0b0b0; stroke-width: 1; }
.border { fill: none; stroke: #404040; stroke-width: 2; }
.route { fill: none; stroke-width: 9; stroke-linejoin: round; }
.end { fill: #ffffff; stroke-width: 3; }
.bare { stroke: #404040; }
.label { font-family: sans-serif; font-weight: bold; text-anchor: middle; fill: #000000; }
.cell-empty { fill: #d0d0d0; stroke: none; }
.cell-used { fill: #1a3d8f; }
.cell-either { fill: none; stroke: #e07000; stroke-width: 2; stroke-dasharray: 3 3; }
"""


def _centre(cell: Cell) -> tuple[float, float]:
    r, c = cell
    return MARGIN + (c + 0.5) * CELL, MARGIN + (r + 0.5) * CELL


def route_data(route: Sequence[Cell]) -> str:
    """Path data through the centre of every cell of a route, in order."""
    points = [f"{svg.num(x)} {svg.num(y)}" for x, y in map(_centre, route)]
    return "M" + " L".join(points)


def _analysis(instance: NumberlinkInstance, state: Mapping[Hashable, str]) -> list[str]:
    """--analyze's marks: each link by its state between cell centres; under the open rule, cells forced
    empty shaded, cells forced used dotted, cells either way ringed with a dashed line."""
    body = []
    for cell in instance.grid.cells():
        use = state.get(cell)
        x, y = _centre(cell)
        if use == "false":
            body.append(svg.element("rect", x=x - CELL / 2, y=y - CELL / 2, width=CELL, height=CELL,
                                    class_="cell-empty"))
        elif use == "true":
            body.append(svg.element("circle", cx=x, cy=y, r=CELL * 0.12, class_="cell-used"))
        elif use == "undetermined":
            body.append(svg.element("circle", cx=x, cy=y, r=CELL * 0.2, class_="cell-either"))
    for link in instance.grid.links():
        body += svg.analysis_segment(_centre(link[0]), _centre(link[1]), state.get(link, "undetermined"), CELL * 0.12)
    return body


def route_colours(labels: Sequence[str]) -> dict[str, str]:
    """Each label's colour: Flow Free's when every label is one of its letters and the first ones Flow Free gives
    are there (R, then G, then B: an Arukone board of A and B is no Flow Free level), else COLOURS in label order."""
    if all(label in FLOW_COLOURS for label in labels) and set("RGB"[:len(labels)]) <= set(labels):
        return {label: FLOW_COLOURS[label] for label in labels}
    return {label: COLOURS[index % len(COLOURS)] for index, label in enumerate(labels)}


def numberlink_svg(instance: NumberlinkInstance, routes: Mapping[str, Sequence[Cell]] | None,
                   analysis: Mapping[Hashable, str] | None = None, rules: str = "") -> str:
    """The board with each label's route (its cells from end to end) drawn; the bare puzzle when ``routes`` is None.

    With ``analysis`` (each link's and cell's state, as Analysis.states gives it) they are drawn by their state.
    ``rules``, when not the plain fill rule, is named in the title ("open (cells may stay empty)").
    """
    rows, cols = instance.grid.rows, instance.grid.cols
    body = svg.grid_lines(rows, cols, CELL, MARGIN, class_="grid")
    body += _analysis(instance, analysis) if analysis is not None else []
    body.append(svg.element("rect", x=MARGIN, y=MARGIN, width=cols * CELL, height=rows * CELL, class_="border"))
    order = {label: index for index, label in enumerate(instance.labels)}
    colour_of = route_colours(instance.labels)
    solved = routes is not None
    routes = routes or {}
    for label, route in routes.items():
        colour, dash = colour_of[label], DASHES[order[label] % len(DASHES)]
        title = svg.element("title", svg.escape(f"path {label}"))
        body.append(svg.element("path", title, d=route_data(route), class_="route", stroke=colour, stroke_dasharray=dash))
    longest = max((len(label) for label in instance.labels), default=1)
    size = CELL * (0.5 if longest == 1 else 0.42 if longest == 2 else 0.8 / longest)
    for cell, label in sorted(instance.givens.items()):
        x, y = _centre(cell)
        ring = colour_of[label] if label in routes else None
        body.append(svg.element("circle", cx=x, cy=y, r=CELL * 0.4, class_="end" if ring else "end bare", stroke=ring))
        body.append(svg.text(x, y, label, size, class_="label"))
    name = f"Numberlink {cols}x{rows}" + (f", rules {rules}" if rules else "")
    title = name + ("" if solved else " (unsolved)")
    if analysis is not None:
        title = f"{name} (analysis; {svg.analysis_title(analysis)})"
    style = STYLE + (svg.ANALYSIS_STYLE if analysis is not None else "")
    return svg.document(cols * CELL + 2 * MARGIN, rows * CELL + 2 * MARGIN, body, title=title, style=style)
