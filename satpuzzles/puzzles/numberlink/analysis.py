"""How --analyze shows Numberlink: every link forced on, forced off or undetermined, and (open rule) every cell's use.

The board puts a gap between cells for the links: ``───`` or ``│`` forced on, ``×`` forced
off, ``┄`` or ``┆`` undetermined. A cell shows its label at an endpoint; under the open rule
``•`` where a path must pass, ``×`` where none can, ``?`` where solutions differ (``·`` under
the fill rule, where every cell is used). In a partial analysis (cut by --timeout) what is not
decided yet is left blank.
"""

from __future__ import annotations

from collections.abc import Hashable

from satpuzzles.core.outcome import Analysis, Settings
from satpuzzles.core.records import replace
from satpuzzles.core.spec import AnalysisView, StyledBoard
from satpuzzles.core.words import columns
from satpuzzles.geometry import Cell, Link
from satpuzzles.present.link_board import Piece, board_styled, board_text, link_analysis_rows
from satpuzzles.present.styles import ANALYSIS_LEGEND, ANALYSIS_STYLES, PARTIAL_LEGEND
from satpuzzles.puzzles.numberlink.model import OPEN, NumberlinkInstance, rules_in_force

CELL_GLYPHS = {"true": "•", "false": "×", "undetermined": "?", "undecided": " ", None: "·"}
"""A cell that is no endpoint, by the state of its use (None: no such decision, under the fill rule)."""
CELL_LEGEND = "   • used   × empty   ? either"
CELL_STYLES = {"true": "bold", "false": "dim", "undetermined": ANALYSIS_STYLES["undetermined"], "undecided": "",
               None: "dim"}


def _is_link(key: Hashable) -> bool:
    return isinstance(key, tuple) and len(key) == 2 and isinstance(key[0], tuple)


def _split(keys: list[Hashable]) -> tuple[list[Link], list[Cell]]:
    links = [key for key in keys if _is_link(key)]
    cells = [key for key in keys if not _is_link(key)]
    return links, cells  # type: ignore[return-value]


def _pieces(instance: NumberlinkInstance, analysis: Analysis) -> list[list[Piece]]:
    """Rows of (text, role): roles are a link's or a cell's state, ``label``, ``gap``."""
    state = analysis.states()
    width = max((columns(label) for label in instance.labels), default=1)  # wide (CJK) labels take two columns

    def cell(r: int, c: int) -> Piece:
        if (r, c) in instance.givens:
            label = instance.givens[(r, c)]
            return " " * (width - columns(label)) + label, "label"
        use = state.get((r, c))
        return CELL_GLYPHS[use].rjust(width), f"cell {use}"

    return link_analysis_rows(instance.grid.rows, instance.grid.cols, state, cell, width)


def analysed(instance: NumberlinkInstance, settings: Settings) -> NumberlinkInstance:
    """``instance`` with the rule set the analysis ran under (the command line's, else its own, else fill)."""
    return replace(instance, rules=rules_in_force(instance, settings.extras).name)


def _cells_decided(instance: NumberlinkInstance, analysis: Analysis) -> bool:
    """Whether cells are decisions: under the open rule, even where every cell is an endpoint and none is listed."""
    return instance.rules == OPEN or any(not _is_link(key) for keys in (
        analysis.forced_true, analysis.forced_false, analysis.undetermined, analysis.undecided) for key in keys)


def _legend(instance: NumberlinkInstance, analysis: Analysis) -> str:
    return ANALYSIS_LEGEND + (CELL_LEGEND if _cells_decided(instance, analysis) else "") + (PARTIAL_LEGEND if analysis.partial else "")


def analysis_text(instance: NumberlinkInstance, analysis: Analysis) -> str:
    """The legend, then the cells with every link between them by its state."""
    return board_text(_legend(instance, analysis), _pieces(instance, analysis))


def analysis_styled(instance: NumberlinkInstance, analysis: Analysis) -> StyledBoard:
    """The analysis board in colour: forced links bold, crosses dim, undetermined orange, labels reversed."""
    styles = {**ANALYSIS_STYLES, "label": "bold reverse", "gap": ""}
    styles.update({f"cell {state}": style for state, style in CELL_STYLES.items()})
    return board_styled(_legend(instance, analysis), _pieces(instance, analysis), styles)


def analysis_json(instance: NumberlinkInstance, analysis: Analysis) -> dict[str, object]:
    """``on``, ``off``, ``undetermined`` links as [[r1, c1], [r2, c2]] and their ``counts``; under the open
    rule also ``cells`` (even when every cell is an endpoint): ``used``, ``empty``, ``undetermined`` as [r, c], with
    their counts. A partial analysis
    adds ``undecided`` links (and cells)."""
    (on, used), (off, empty), (links, cells), (open_links, open_cells) = (_split(keys) for keys in (
        analysis.forced_true, analysis.forced_false, analysis.undetermined, analysis.undecided))
    named = [("on", on), ("off", off), ("undetermined", links)] + ([("undecided", open_links)] if analysis.partial
                                                                    else [])
    record: dict[str, object] = {name: [[list(a), list(b)] for a, b in sorted(keys)] for name, keys in named}
    record["counts"] = {name: len(keys) for name, keys in named}
    if _cells_decided(instance, analysis):
        lists = {"used": used, "empty": empty, "undetermined": cells,
                 **({"undecided": open_cells} if analysis.partial else {})}
        record["cells"] = {**{name: [list(cell) for cell in sorted(keys)] for name, keys in lists.items()},
                           "counts": {name: len(keys) for name, keys in lists.items()}}
    return record


def analysis_lines(instance: NumberlinkInstance, analysis: Analysis) -> list[tuple[str, str]]:
    """Links forced on, off, undetermined (and undecided, in a partial analysis); under the open rule the cells'
    use likewise."""
    (on, used), (off, empty), (links, cells), (open_links, open_cells) = (_split(keys) for keys in (
        analysis.forced_true, analysis.forced_false, analysis.undetermined, analysis.undecided))
    partial = analysis.partial
    lines = [("Links", f"{len(on)} forced on, {len(off)} forced off, {len(links)} undetermined"
                       + (f", {len(open_links)} undecided" if partial else ""))]
    if _cells_decided(instance, analysis):
        lines.append(("Cells", f"{len(used)} forced used, {len(empty)} forced empty, {len(cells)} undetermined"
                               + (f", {len(open_cells)} undecided" if partial else "")))
    return lines


ANALYSIS = AnalysisView(text=analysis_text, json=analysis_json, styled=analysis_styled, words=("on", "off"),
                        lines=analysis_lines, partial=True, analysed=analysed)
"""--analyze's board, styled board, JSON and report lines."""
