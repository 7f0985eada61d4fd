"""Minesweeper as an SVG picture: the counts, the mines and, with an analysis, forced and undetermined cells.

Boards reach millions of cells, so the picture is drawn by class: each
kind of cell background is one ``<path>`` of row runs, each digit one ``<g>`` of short
``<text>`` elements, and all mine markers one ``<path>`` of zero-length segments
drawn as discs by round caps (``M x y h0``; SVG 1.1 strokes those as dots). A 1000x1000
board gives about 16 MB.

Every kind of cell differs by more than colour, for black-and-white prints: mines are
black discs, forced-safe cells carry a tick, undetermined cells a hatching and a ``?``,
conflicting counts (--explain) a thick outline. With --probabilities the undetermined cells
are a heatmap instead: a band of colour from pale yellow to deep red, and the percentage written in;
cells over the counting budget are grey with a ``-`` (not computed). A --hint's cells get a thick
blue frame, the lowest-risk guess a ``!``, and the counts that show the hinted cell safe a dashed blue outline. Zero counts are left blank, as in the game. A legend under
the board says what the marks mean.
"""

from __future__ import annotations

from collections.abc import Collection, Hashable

import numpy as np

from satpuzzles.present import svg
from satpuzzles.geometry import Cell
from satpuzzles.puzzles.minesweeper.model import MINE, TOTAL_CAPTION, UNKNOWN
from satpuzzles.puzzles.minesweeper.odds import BINS, percent, risk

TYPE_CHECKING = False
if TYPE_CHECKING:
    from satpuzzles.puzzles.minesweeper.why import Reason

CELL = 10
MARGIN = 5
SCALE = 3
"""Pixels per user unit in the width/height attributes (30-pixel cells)."""

ODDS_FONT = 3.4
"""Font size of the percentages in the heatmap (a cell is 10 units wide)."""
STYLE = """
.open { fill: #ffffff; }
.hidden { fill: #bdbdbd; }
.safe { fill: #ececec; }
.mine-cell { fill: #f4b4b4; }
.flag { fill: #a9a9a9; }
.forced-safe { fill: #b9e8b0; }
.forced-mine { fill: #f08a8a; }
.undetermined { fill: url(#hatch); }
.grid { stroke: #808080; stroke-width: 0.3; }
.mine { fill: none; stroke: #000000; stroke-width: 6; stroke-linecap: round; }
.tick { fill: none; stroke: #1b6e12; stroke-width: 1.3; stroke-linecap: round; stroke-linejoin: round; }
.uncounted { fill: #d8d8d8; }
.marked { fill: none; stroke: #d00000; stroke-width: 1.6; }
.hint { fill: none; stroke: #0d47a1; stroke-width: 1.2; }
.reason { fill: none; stroke: #0d47a1; stroke-width: 0.9; stroke-dasharray: 1.6 1; }
.guess-cell { fill: #ffffff; }
text { font-family: sans-serif; font-weight: bold; font-size: 7px; text-anchor: middle; }
.n1 { fill: #0000ff; } .n2 { fill: #007b00; } .n3 { fill: #e00000; } .n4 { fill: #00007b; }
.n5 { fill: #7b0000; } .n6 { fill: #007b7b; } .n7 { fill: #000000; } .n8 { fill: #606060; }
.unsure { fill: #5a4a00; }
.not-counted { fill: #404040; }
.guess { fill: #0d47a1; }
.odds text { font-size: {odds}px; font-weight: normal; fill: #000000; }
.odds.dark text { fill: #ffffff; }
.p0 { fill: #fff5c2; } .p1 { fill: #ffe89a; } .p2 { fill: #ffd36e; } .p3 { fill: #ffbb4f; } .p4 { fill: #ffa13f; }
.p5 { fill: #fb8336; } .p6 { fill: #f1632f; } .p7 { fill: #e2442b; } .p8 { fill: #ca2a26; } .p9 { fill: #ad1620; }
""".replace("{odds}", str(ODDS_FONT))
DARK_BAND = 8
"""The first heatmap band (p8, p9: deep red) whose percentage is written in white: black would fall under 4:1."""
LEGEND_SIZE = 4
"""Font size of the legend under the board (12 pixels at SCALE)."""
SAFE_KEY = "tick: safe in every placement"
MINE_KEY = "black disc on red: a mine in every placement"
UNDETERMINED_KEY = "hatched ?: undetermined"
ODDS_KEY = "colour and %: chance of a mine"
UNCOUNTED_KEY = "grey -: chance not computed (over --probability-budget)"
HATCH = (
    '<pattern id="hatch" patternUnits="userSpaceOnUse" width="4" height="4">'
    '<rect width="4" height="4" fill="#ffe066"/><path d="M0 4L4 0M-1 1L1 -1M3 5L5 3" stroke="#9c8420" stroke-width="0.6"/>'
    "</pattern>"
)


class _Coordinates:
    """Preformatted centre coordinates of every row and column, so drawing a million cells formats no numbers."""

    def __init__(self, rows: int, cols: int) -> None:
        self.x = [svg.num(MARGIN + (c + 0.5) * CELL) for c in range(cols)]
        self.y = [svg.num(MARGIN + (r + 0.5) * CELL) for r in range(rows)]
        self.baseline = [svg.num(MARGIN + (r + 0.5) * CELL + 0.35 * 7) for r in range(rows)]


def _by_row(mask: np.ndarray) -> list[tuple[int, list[int]]]:
    """The set cells of ``mask`` grouped by row: (row, columns) pairs."""
    rows, cols = np.nonzero(mask)
    if rows.size == 0:
        return []
    breaks = np.flatnonzero(np.diff(rows)) + 1
    return [(int(group[0]), columns.tolist()) for group, columns in zip(np.split(rows, breaks), np.split(cols, breaks))]


def _texts(mask: np.ndarray, char: str, cls: str, at: _Coordinates) -> list[str]:
    """``char`` centred in every set cell, grouped as one ``<g>`` (one ``<text>`` per cell: librsvg ignores x lists)."""
    texts = [f'<text x="{at.x[c]}" y="{at.baseline[r]}">{char}</text>' for r, columns in _by_row(mask) for c in columns]
    return [svg.element("g", "".join(texts), class_=cls)] if texts else []


def _marks(mask: np.ndarray, at: _Coordinates, stroke: str) -> str:
    """Path data repeating the relative ``stroke`` from the centre of every set cell."""
    return "".join(f"M{at.x[c]} {at.y[r]}{stroke}" for r, columns in _by_row(mask) for c in columns)


def _odds(mask: np.ndarray, probabilities: np.ndarray, at: _Coordinates, cls: str) -> list[str]:
    """Each set cell's percentage, small, centred, in one group of class ``cls``."""
    baseline = {r: svg.num(MARGIN + (r + 0.5) * CELL + 0.35 * ODDS_FONT) for r, _ in _by_row(mask)}
    texts = [f'<text x="{at.x[c]}" y="{baseline[r]}">{svg.escape(percent(float(probabilities[r, c])))}</text>'
             for r, columns in _by_row(mask) for c in columns]
    return [svg.element("g", "".join(texts), class_=cls)] if texts else []


def _frames(cells: Collection[Cell], at: _Coordinates) -> list[str]:
    """A thick frame inside each of ``cells`` (the hint's)."""
    frames = "".join(f"M{at.x[c]} {at.y[r]}m-4 -4h8v8h-8z" for r, c in sorted(cells))
    return [svg.element("path", d=frames, class_="hint")] if frames else []


def _hint_key(safe: Collection[Cell], guess: Cell | None, chance: float | None, reason: Reason | None) -> list[str]:
    """The legend lines of a hint."""
    if safe:
        frame = ["blue frame: open next, safe in every placement"]
        if reason is None or not reason.counts:
            return frame
        r, c = next(iter(safe))
        total = " with the mine total" if reason.total else ""
        return [*frame, f"dashed blue outline: the counts that show row {r + 1}, column {c + 1} safe{total}"]
    if guess is not None:
        odds = "" if chance is None else f" ({risk(chance)} chance of a mine)"
        return [f"blue frame and !: open next, the lowest risk{odds}"]
    return []


class _Layers:
    """What an analysis adds to the picture: cell classes (name, mask), marks drawn over them, legend lines."""

    def __init__(self) -> None:
        self.classes: list[tuple[str, np.ndarray]] = []
        self.marks: list[str] = []
        self.legend: list[str] = []


def _analysis_layers(safe: np.ndarray, mine: np.ndarray, unknown: np.ndarray, probabilities: np.ndarray | None,
                     hint_guess: Cell | None, at: _Coordinates) -> _Layers:
    """Every unknown cell by its class: forced safe (a tick), forced mine, the hint's guess (!), and the others
    undetermined (hatched ?) or, with ``probabilities``, a heatmap band with the percentage (uncounted: grey -)."""
    layers = _Layers()
    open_question = unknown & ~safe & ~mine
    layers.classes += [("forced-safe", safe), ("forced-mine", mine)]
    layers.legend += ([SAFE_KEY] if safe.any() else []) + ([MINE_KEY] if mine.any() else [])
    if safe.any():
        layers.marks.append(svg.element("path", d=_marks(safe, at, "m-2.6 0.2l1.8 1.8 3.4-4.2"), class_="tick"))
    guess = np.zeros(unknown.shape, dtype=bool)
    if hint_guess is not None:
        guess[hint_guess] = True
    guess &= open_question
    if probabilities is not None:
        counted = open_question & ~np.isnan(probabilities)
        uncounted = open_question & np.isnan(probabilities)
        bands = np.minimum(BINS - 1, (np.nan_to_num(probabilities) * BINS).astype(np.int64))
        layers.classes += [(f"p{b}", counted & (bands == b)) for b in range(BINS)]
        layers.classes.append(("uncounted", uncounted))
        dark = bands >= DARK_BAND
        layers.marks += _odds(counted & ~guess & ~dark, probabilities, at, "odds")
        layers.marks += (_odds(counted & ~guess & dark, probabilities, at, "odds dark")
                         + _texts(uncounted & ~guess, "-", "not-counted", at))
        layers.legend += [ODDS_KEY] if counted.any() else []
        layers.legend += [UNCOUNTED_KEY] if uncounted.any() else []
        open_question &= ~counted & ~uncounted
    layers.legend += [UNDETERMINED_KEY] if (open_question & ~guess).any() else []
    layers.classes += [("undetermined", open_question & ~guess), ("guess-cell", guess)]
    layers.marks += _texts(open_question & ~guess, "?", "unsure", at) + _texts(guess, "!", "guess", at)
    return layers


def minesweeper_svg(
    cells: np.ndarray,
    mines: np.ndarray | None,
    forced_safe: np.ndarray | None = None,
    forced_mine: np.ndarray | None = None,
    marked: Collection[Hashable] = (),
    probabilities: np.ndarray | None = None,
    *,
    hint_safe: Collection[Cell] = (),
    hint_guess: Cell | None = None,
    hint_chance: float | None = None,
    hint_reason: Reason | None = None,
    total: int | None = None,
    mode: str = "",
    state: str = "",
    notes: Collection[str] = (),
) -> str:
    """The board as a standalone SVG document; see the parameters below.

    - ``cells``: the instance's int8 grid, UNKNOWN (-1), MINE (-2, a known mine) or a count 0-8.
    - ``mines``: a bool grid of the same shape, a mine placement to draw (known mines included),
      or None to draw the board unsolved (unknown cells grey, only known mines marked).
    - ``forced_safe``, ``forced_mine``: the analysis, bool grids of the same shape, True only on
      unknown cells that are safe / hold a mine in every placement; the other unknown cells are
      undetermined. Give both or neither. With them every unknown cell is drawn by its class
      (forced mine: red with a disc; forced safe: green with a tick; undetermined: yellow
      hatching with a ``?``) and ``mines`` is not drawn there, being one placement among several.
    - ``marked``: the conflicting counts of --explain as (row, col) pairs, outlined in red;
      any other key (Minesweeper's ``"mines"`` total, ``total`` mines) adds a legend line.
    - ``probabilities``: with the analysis, each cell's mine probability (NaN: not computed);
      undetermined cells become a heatmap with their percentage written in, uncounted ones grey with ``-``.
    - ``hint_safe``, ``hint_guess``, ``hint_chance``: a --hint, framed (the guess with a ``!``); ``hint_reason``:
      why the first of ``hint_safe`` is safe, its counts outlined in dashed blue.
    - ``mode`` (``analysis``, ``hint`` ...) and ``state`` (svg.outcome_state's words) name the picture in its
      title; ``state`` is also written under the board.
    - ``notes``: more lines written under the board (the puzzle to publish: its mine total).
    """
    if (forced_safe is None) != (forced_mine is None):
        raise ValueError("minesweeper_svg: give both forced_safe and forced_mine, or neither")
    rows, cols = cells.shape
    at = _Coordinates(rows, cols)
    unknown, flagged, counts = cells == UNKNOWN, cells == MINE, cells >= 0
    classes: list[tuple[str, np.ndarray]] = [("open", counts), ("flag", flagged)]
    shown_mines = flagged.copy()
    extra: list[str] = []
    legend = [state] if state else []
    legend += notes
    if forced_safe is not None and forced_mine is not None:
        layers = _analysis_layers(unknown & forced_safe, unknown & forced_mine, unknown, probabilities, hint_guess, at)
        classes += layers.classes
        shown_mines |= unknown & forced_mine
        extra += layers.marks
        legend += layers.legend
    elif mines is not None:
        classes += [("safe", unknown & ~mines), ("mine-cell", unknown & mines)]
        shown_mines |= unknown & mines
    else:
        classes.append(("hidden", unknown))
    body = [svg.element("path", d=svg.runs_path(mask, CELL, MARGIN), class_=name) for name, mask in classes if mask.any()]
    body += svg.grid_lines(rows, cols, CELL, MARGIN, class_="grid")
    for digit in range(1, 9):
        body += _texts(cells == digit, str(digit), f"n{digit}", at)
    body += extra
    if shown_mines.any():
        body.append(svg.element("path", d=_marks(shown_mines, at, "h0"), class_="mine"))
    marked_cells = [key for key in marked if isinstance(key, tuple)]
    outline = np.zeros(cells.shape, dtype=bool)
    for r, c in marked_cells:
        outline[r, c] = True
    if outline.any():
        body.append(svg.element("path", d=_marks(outline, at, "m-4.2 -4.2h8.4v8.4h-8.4z"), class_="marked"))
    hinted = [*hint_safe, *([hint_guess] if hint_guess is not None else [])]
    body += _frames(hinted, at)
    if hint_reason is not None and hint_reason.counts:
        reasons = "".join(f"M{at.x[c]} {at.y[r]}m-3.4 -3.4h6.8v6.8h-6.8z" for r, c in hint_reason.counts)
        body.append(svg.element("path", d=reasons, class_="reason"))
    legend += _hint_key(hint_safe, hint_guess, hint_chance, hint_reason)
    if len(marked_cells) < len(marked):
        legend.append(TOTAL_CAPTION if total is None else f"{TOTAL_CAPTION.removesuffix('.')}: mines {total}.")
    width, height = cols * CELL + 2 * MARGIN, rows * CELL + 2 * MARGIN
    return svg.document(width, height, body, title=svg.titled(f"Minesweeper {cols}x{rows}", mode or state), style=STYLE,
                        defs=HATCH, scale=SCALE, legend=legend, legend_size=LEGEND_SIZE)
