"""Numberlink as an SVG picture: the grid, one ``<path>`` per route, labelled endpoint circles.

Each route is a solid pipe with round caps and joins in its colour over a thin dark casing:
the casing keeps pale colours readable on white and neighbouring pipes apart. Colours are the
terminal's (colours.palette_indices): touching paths never share one. In black and white the
colours may look alike; the labels in the circles at both ends say which path is which. A Flow
Free board (every label one of its colour letters) is drawn in Flow Free's colours: R red, B
blue, Y yellow ...
"""

from __future__ import annotations

from collections import deque
from collections.abc import Hashable, Mapping, Sequence

from satpuzzles.geometry import Cell
from satpuzzles.present import svg
from satpuzzles.puzzles.numberlink.colours import flow_free, palette_indices
from satpuzzles.puzzles.numberlink.model import NumberlinkInstance, NumberlinkSolution

CELL = 40
MARGIN = 10
COLOURS = (
    "#d70000", "#005fff", "#008700", "#d700d7", "#d75f00", "#00af87", "#af00ff", "#d70087",
    "#5f8700", "#5f5fff", "#ff5f00", "#af0087", "#af8700", "#5f87af", "#d75f5f", "#875fd7",
    "#5fd787", "#d75f87", "#5f00ff", "#afaf5f",
)
"""The terminal's PALETTE (present/styles.py) as the 256-colour terminal shows it, colour for colour: a path has
the same colour on the terminal and in the picture."""
FLOW_COLOURS = {
    "R": "#ff0000", "B": "#0000ff", "Y": "#e6d600", "G": "#008100", "O": "#ff8000", "C": "#00c8c8", "M": "#ff00ff",
    "m": "#a52a2a", "P": "#800080", "A": "#a6a6a6", "W": "#d0d0d0", "g": "#00e000", "T": "#bdb76b", "b": "#00008b",
    "c": "#008180", "p": "#ff1493",
}
"""Flow Free's colours by the letters its level files use (mzucker/flow_solver's table: R red, B blue, Y yellow,
G green, O orange, C cyan, M magenta, m maroon, P purple, A grey, W white, g bright green, T tan, b dark blue,
c dark cyan, p pink), yellow, cyan, white and bright green darkened to show on white."""
CASING = "#262626"
"""The dark outline under every pipe (contrast 15:1 on white), so that Flow Free's white, yellow or cyan shows."""
STYLE = f"""
.grid {{ stroke: #b0b0b0; stroke-width: 1; }}
.border {{ fill: none; stroke: #404040; stroke-width: 2; }}
.route, .casing {{ fill: none; stroke-linecap: round; stroke-linejoin: round; }}
.route {{ stroke-width: 10; }}
.casing {{ stroke: {CASING}; stroke-width: 14; }}
.ring-casing {{ fill: none; stroke: {CASING}; stroke-width: 6; }}
.end {{ fill: #ffffff; stroke-width: 3; }}
.bare {{ stroke: #404040; }}
.label {{ font-family: {svg.FONTS}; font-weight: bold; text-anchor: middle; fill: #000000; }}
.cell-empty {{ fill: #d0d0d0; stroke: none; }}
.cell-used {{ fill: #1a3d8f; }}
.cell-either {{ fill: none; stroke: #e07000; stroke-width: 2; stroke-dasharray: 3 3; }}
.marked {{ fill: none; stroke: #d70000; stroke-width: 3; }}
"""
RING = CELL * 0.4
"""An endpoint circle's radius; its label is sized to fit inside the ring's stroke."""
CELL_KEY = "grey cell: forced empty; dot: forced used; dashed ring: either"


def _centre(cell: Cell) -> tuple[float, float]:
    r, c = cell
    return MARGIN + (c + 0.5) * CELL, MARGIN + (r + 0.5) * CELL


def route_data(route: Sequence[Cell]) -> str:
    """Path data through the centre of every cell of a route, in order."""
    points = [f"{svg.num(x)} {svg.num(y)}" for x, y in map(_centre, route)]
    return "M" + " L".join(points)


def _owners(instance: NumberlinkInstance, state: Mapping[Hashable, str]) -> dict[Hashable, str]:
    """The label of every forced-on link joined to one of its endpoints by forced-on links."""
    ends: dict[Cell, list[Cell]] = {}
    for key, value in state.items():
        if value == "true" and isinstance(key, tuple) and len(key) == 2 and isinstance(key[0], tuple):
            a, b = key
            ends.setdefault(a, []).append(b)
            ends.setdefault(b, []).append(a)
    owner: dict[Hashable, str] = {}
    for start, label in instance.givens.items():
        queue = deque([start])
        seen = {start}
        while queue:
            cell = queue.popleft()
            for other in ends.get(cell, ()):
                owner[(cell, other)] = owner[(other, cell)] = label
                if other not in seen and other not in instance.givens:
                    seen.add(other)
                    queue.append(other)
    return owner


def _analysis(instance: NumberlinkInstance, state: Mapping[Hashable, str], colour_of: Mapping[str, str],
              crosses: bool) -> list[str]:
    """--analyze's marks: each link by its state between cell centres, a forced-on link in its path's colour
    when it reaches an endpoint; under the open rule, cells forced empty shaded, cells forced used dotted,
    cells either way ringed with a dashed line. Only the crosses of forced-off links when ``crosses``, only
    the rest when not (the crosses go over the endpoint circles, which would hide them)."""
    body = []
    if crosses:
        for link in instance.grid.links():
            if state.get(link) == "false":
                body += svg.analysis_segment(_centre(link[0]), _centre(link[1]), "false", CELL * 0.1)
        return body
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
    owner = _owners(instance, state)
    for link in instance.grid.links():
        link_state = state.get(link, "undetermined")
        if link_state != "false":
            colour = colour_of.get(owner[link]) if link in owner else None
            body += svg.analysis_segment(_centre(link[0]), _centre(link[1]), link_state, CELL * 0.1, colour)
    return body


def label_size(label: str) -> float:
    """The font size that fits ``label`` inside its circle (East Asian wide characters counted as two), at
    most half a cell."""
    inside = 2 * RING - 3
    return min(CELL * 0.5, 0.78 * inside / (svg.text_width(label, 1) or 1))


def route_colours(instance: NumberlinkInstance, solution: NumberlinkSolution | None,
                  shown: Sequence[NumberlinkSolution] = ()) -> dict[str, str]:
    """Each label's colour: Flow Free's when every label is one of its letters and the first ones Flow Free gives
    are there (R, then G, then B: an Arukone board of A and B is no Flow Free level), else the terminal's
    (colours.palette_indices: touching paths of ``solution`` apart, alike on the ``shown`` solutions' boards where
    they can be; label order on the bare puzzle)."""
    labels = list(instance.labels)
    if flow_free(labels):
        return {label: FLOW_COLOURS[label] for label in labels}
    return {label: COLOURS[index % len(COLOURS)]
            for label, index in palette_indices(instance, solution, shown).items()}


def numberlink_svg(instance: NumberlinkInstance, solution: NumberlinkSolution | None,
                   analysis: Mapping[Hashable, str] | None = None, rules: str = "", state: str = "",
                   shown: Sequence[NumberlinkSolution] = (), marked: Sequence[Hashable] = ()) -> str:
    """The board with each route of ``solution`` (its cells from end to end) drawn; the bare puzzle when it is None.

    With ``analysis`` (each link's and cell's state, as Analysis.states gives it) they are drawn by their state,
    with a legend under the board. ``rules``, when not the plain fill rule, is named in the title
    ("open (cells may stay empty)"); ``state`` (svg.outcome_state's words: ``no solution`` ...) is written in
    the title and under the board. ``shown``: the solutions drawn beside it, whose labels keep their colours.
    ``marked`` (--explain's labels and cells): each marked label's endpoints and each marked cell ringed in red.
    """
    rows, cols = instance.grid.rows, instance.grid.cols
    colour_of = route_colours(instance, solution, shown)
    body = svg.grid_lines(rows, cols, CELL, MARGIN, class_="grid")
    body += _analysis(instance, analysis, colour_of, crosses=False) if analysis is not None else []
    body.append(svg.element("rect", x=MARGIN, y=MARGIN, width=cols * CELL, height=rows * CELL, class_="border"))
    routes: Mapping[str, Sequence[Cell]] = solution.routes if solution is not None else {}
    for label, route in routes.items():
        body.append(svg.element("path", d=route_data(route), class_="casing"))
    for label, route in routes.items():
        title = svg.element("title", svg.escape(f"path {label}"))
        body.append(svg.element("path", title, d=route_data(route), class_="route", stroke=colour_of[label]))
    for cell, label in sorted(instance.givens.items()):
        x, y = _centre(cell)
        ring = colour_of[label] if label in routes or analysis is not None else None
        if ring:
            body.append(svg.element("circle", cx=x, cy=y, r=RING, class_="ring-casing"))
        body.append(svg.element("circle", cx=x, cy=y, r=RING, class_="end" if ring else "end bare", stroke=ring))
        body.append(svg.text(x, y, label, label_size(label), class_="label"))
    labels = {key for key in marked if isinstance(key, str)}
    for cell in sorted({cell for cell, label in instance.givens.items() if label in labels}
                       | {key for key in marked if isinstance(key, tuple)}):
        x, y = _centre(cell)
        body.append(svg.element("circle", cx=x, cy=y, r=RING + 4, class_="marked"))
    name = f"Numberlink {cols}x{rows}" + (f", rules {rules}" if rules else "")
    legend = [state] if state else []
    if analysis is not None:
        body += _analysis(instance, analysis, colour_of, crosses=True)
        state = "analysis"
        cells = any(not (isinstance(key, tuple) and isinstance(key[0], tuple)) for key in analysis)
        legend = svg.analysis_legend(analysis) + ([CELL_KEY] if cells else [])
    style = STYLE + (svg.ANALYSIS_STYLE if analysis is not None else "")
    return svg.document(cols * CELL + 2 * MARGIN, rows * CELL + 2 * MARGIN, body, title=svg.titled(name, state),
                        style=style, legend=legend, legend_size=CELL * 0.32)
