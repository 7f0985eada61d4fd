"""A tiny SVG 1.1 writer shared by the puzzle pictures: escaped elements, the document frame (a white
background, a legend under the board), grid helpers, the words for a solve's outcome, pictures side by side.

Pictures put cell (r, c) at ``x = MARGIN + c * size``, ``y = MARGIN + r * size`` in user
units; the ``width``/``height`` attributes scale the view box for viewers that need a size.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from typing import Any

from satpuzzles.core.errors import UsageError
from satpuzzles.core.outcome import PUZZLE_ONLY

TYPE_CHECKING = False
if TYPE_CHECKING:
    import numpy as np

    from satpuzzles.core.outcome import Outcome, Settings

NAMESPACE = "http://www.w3.org/2000/svg"
MAX_CELLS = 4_000_000
"""Largest board drawn (2000x2000, about 60 MB of SVG); bigger pictures no viewer opens usefully."""

_NOT_XML = "[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]"
"""Characters XML forbids (compiled on first use: the class costs ~10 ms to compile, at every start-up)."""


def check_size(rows: int, cols: int, flag: str = "--svg") -> None:
    """Refuse, before any solving, a board too large to draw (``flag`` names the option that asked for it)."""
    if rows * cols > MAX_CELLS:
        from satpuzzles.io.textgrid import board_size

        raise UsageError(f"{flag} draws boards of up to {MAX_CELLS:,} cells; this one has {rows * cols:,} "
                         f"(a board of {board_size(rows, cols)})")


def escape(text: str) -> str:
    """``text`` safe inside an element or a double-quoted attribute (characters XML forbids become U+FFFD)."""
    import re  # here: a plain solve draws no SVG

    text = re.sub(_NOT_XML, "\ufffd", text)  # re caches the compiled pattern
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def num(value: float) -> str:
    """A coordinate in the fewest characters: ``12``, ``12.5``, ``0.25`` (two decimals at most)."""
    if float(value).is_integer():
        return str(int(value))
    return f"{value:.2f}".rstrip("0")


def _attribute(name: str) -> str:
    return name.rstrip("_").replace("_", "-")


def _tag(name: str, attributes: dict[str, object]) -> str:
    parts = [name]
    for key, value in attributes.items():
        if value is None:
            continue
        shown = num(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else escape(str(value))
        parts.append(f'{_attribute(key)}="{shown}"')
    return " ".join(parts)


def element(name: str, content: str | None = None, /, **attributes: object) -> str:
    """``<name a="v" .../>`` or ``<name ...>content</name>``; ``class_`` gives ``class``, ``stroke_width`` ``stroke-width``.

    ``content`` is inserted as is (escape text with :func:`escape`); attributes set to None are left out.
    """
    opening = _tag(name, attributes)
    return f"<{opening}/>" if content is None else f"<{opening}>{content}</{name}>"


def text(x: float, y: float, content: str, size: float, **attributes: object) -> str:
    """Text centred on (x, y) in a font of ``size`` units (shifted down for the baseline, as not every renderer centres)."""
    return element("text", escape(content), x=x, y=y + 0.35 * size, font_size=size, **attributes)


FONTS = "sans-serif, 'Noto Sans CJK JP', 'Noto Sans CJK SC', 'Source Han Sans', 'Hiragino Sans', 'Microsoft YaHei'"
"""The font family of every text: sans-serif first, then CJK fonts for labels it lacks glyphs for."""
LEGEND_STYLE = (f".legend {{ font-family: {FONTS}; text-anchor: start; fill: #000000; font-weight: normal; "
                "font-size: {size}px; }")
"""The legend's look (its size in the style too: a puzzle's ``text`` rule would beat the attribute)."""


def text_width(content: str, size: float) -> float:
    """About how wide ``content`` is in a sans-serif font of ``size`` units: East Asian wide characters count
    a full em, others 0.62 (a bold capital's width; digits and lower case are narrower)."""
    import unicodedata  # here: a plain solve draws no text

    return size * sum(1.0 if unicodedata.east_asian_width(char) in "WF" else 0.62 for char in content)


def _wrap(line: str, size: float, room: float) -> list[str]:
    """``line`` broken into lines about ``room`` units wide: after its semicolons, then at spaces where a part is
    still too wide (a longer word keeps its own line)."""
    lines: list[str] = []
    for part in line.split("; "):
        if lines and text_width(lines[-1] + "; " + part, size) <= room:
            lines[-1] += "; " + part
            continue
        lines.append("")
        for word in part.split(" "):
            if lines[-1] and text_width(lines[-1] + " " + word, size) > room:
                lines.append(word)
            else:
                lines[-1] = f"{lines[-1]} {word}" if lines[-1] else word
    return lines


def background(width: float, height: float) -> str:
    """An opaque white rectangle one unit past every edge of the view box (a viewer scaling to whole pixels
    leaves no hairline of its own background)."""
    return element("rect", x=-1, y=-1, width=width + 2, height=height + 2, fill="#ffffff", class_="background")


def document(
    width: float, height: float, body: Iterable[str], *, title: str, style: str = "", defs: str = "", scale: float = 1,
    legend: Sequence[str] = (), legend_size: float = 12,
) -> str:
    """A complete standalone SVG 1.1 file: XML declaration, root element with namespace and view box, an opaque
    white background (dark viewers would hide black marks), ``body``, and the ``legend`` lines written under it
    in a font of ``legend_size`` units (the picture grows to hold them)."""
    room = max(width - legend_size * 1.2, legend_size * 32)
    lines = [wrapped for line in legend for wrapped in _wrap(line, legend_size, room)]
    notes = [text(legend_size * 0.6, height + legend_size * (0.8 + 1.3 * index), line, legend_size, class_="legend")
             for index, line in enumerate(lines)]
    width = max([width] + [text_width(line, legend_size) + legend_size * 1.2 for line in lines])
    if lines:
        width, height = math.ceil(width), math.ceil(height + legend_size * (1.3 * len(lines) + 0.4))
    style += "\n" + LEGEND_STYLE.replace("{size}", num(legend_size)) if legend else ""
    head = [
        '<?xml version="1.0" encoding="UTF-8" standalone="no"?>',
        "<" + _tag("svg", {"xmlns": NAMESPACE, "version": "1.1", "width": width * scale, "height": height * scale,
                           "viewBox": f"0 0 {num(width)} {num(height)}"}) + ">",
        element("title", escape(title)),
    ]
    if style:
        head.append(f'<style type="text/css"><![CDATA[\n{style.strip()}\n]]></style>')
    if defs:
        head.append(f"<defs>{defs}</defs>")
    head.append(background(width, height))
    return "\n".join([*head, *body, *notes, "</svg>"]) + "\n"


def grid_lines(rows: int, cols: int, size: float, origin: float, **attributes: object) -> list[str]:
    """The ``rows + 1`` horizontal and ``cols + 1`` vertical lines of a board, as ``<line>`` elements."""
    right, bottom = origin + cols * size, origin + rows * size
    across = [element("line", x1=origin, y1=origin + r * size, x2=right, y2=origin + r * size, **attributes) for r in range(rows + 1)]
    down = [element("line", x1=origin + c * size, y1=origin, x2=origin + c * size, y2=bottom, **attributes) for c in range(cols + 1)]
    return across + down


def runs_path(mask: np.ndarray, size: float, origin: float) -> str:
    """Path data covering the True cells of a 2-D mask, one rectangle per horizontal run (``M x y h w v s h -w z``)."""
    if not mask.any():
        return ""
    rows, cols = mask.shape
    import numpy as np

    padded = np.zeros((rows, cols + 2), dtype=np.int8)
    padded[:, 1:-1] = mask
    steps = np.diff(padded, axis=1)
    starts_r, starts_c = np.nonzero(steps == 1)
    _, ends_c = np.nonzero(steps == -1)
    down = num(size)
    pieces = [
        f"M{num(origin + c * size)} {num(origin + r * size)}h{num(w * size)}v{down}h-{num(w * size)}z"
        for r, c, w in zip(starts_r.tolist(), starts_c.tolist(), (ends_c - starts_c).tolist())
    ]
    return "".join(pieces)


ANALYSIS_STYLE = """
.forced-on { stroke: #1a3d8f; stroke-width: 6; stroke-linecap: round; }
.forced-off { stroke: #b00000; stroke-width: 2; }
.undetermined { stroke: #e07000; stroke-width: 2; stroke-dasharray: 4 4; }
"""
"""--analyze's segments: forced on thick and solid, forced off a small cross, undetermined thin and dashed
(three shapes, so the picture reads in black and white too)."""
ANALYSIS_KEY = "thick solid: forced on; \u00d7: forced off; thin dashed: undetermined"


def analysis_legend(states: Mapping[Hashable, str]) -> list[str]:
    """What the analysis marks mean, for the legend under the picture (a partial analysis also says what is missing)."""
    partial = any(state == "undecided" for state in states.values())
    return [ANALYSIS_KEY] + (["not drawn: undecided (timed out)"] if partial else [])


ANALYSIS_TITLE = ANALYSIS_KEY
"""The key's earlier name, kept for plugins written against it."""


def analysis_title(states: Mapping[Hashable, str]) -> str:
    """The legend as one line, for a picture's title (kept for plugins written before analysis_legend)."""
    return "; ".join(analysis_legend(states))


def titled(name: str, state: str) -> str:
    """A picture's title: ``Slitherlink 4x4`` for a plain solution, else ``Slitherlink 4x4: no solution``."""
    return f"{name}: {state}" if state else name


def outcome_state(outcome: Outcome[Any], settings: Settings, conflict: str = "conflicting clues ringed") -> str:
    """What a solve's picture shows, for its title: nothing for a solution or for the puzzle to publish (an outcome
    whose message is PUZZLE_ONLY), ``no solution`` (with ``conflict`` when --explain marked the clues, and ``not shown
    minimal`` when --timeout cut its minimisation), ``undecided (timed out after 5 s)``, ``unsolved`` (nothing solved),
    or ``not unique`` and which solution."""
    if outcome.status == "unsolvable":
        cut = "" if outcome.explanation_minimal else ", not shown minimal"
        return f"no solution ({conflict}{cut})" if outcome.explanation else "no solution"
    if outcome.status != "solved" and outcome.message == PUZZLE_ONLY:
        return ""  # the puzzle to publish (--svg-puzzle, api.Puzzle.svg): its name and size alone
    if outcome.status != "solved" and not outcome.message:
        return "unsolved"  # nothing solved, from a caller that says no more
    if outcome.status != "solved":
        why = f" ({outcome.message})" if outcome.message.startswith("timed out") else ""
        return f"undecided{why}, puzzle drawn bare"
    found = len(outcome.solutions)
    if outcome.uniqueness(settings) is False:
        return f"not unique: solution 1 of {found} found"
    return f"solution 1 of {found} found drawn" if found > 1 else ""


def solutions_picture(outcome: Outcome[Any], settings: Settings, draw: Callable[[Any, str], str],
                      conflict: str = "conflicting clues ringed") -> str:
    """``draw(solution, state)`` of the first solution (None: the bare puzzle), with outcome_state's words; when
    --unique found a second solution, that one drawn beside it, as the terminal shows it below, each labelled
    with its number, under a title saying the puzzle is not unique."""
    state = outcome_state(outcome, settings, conflict)
    first = draw(outcome.solution, state)
    if len(drawn_solutions(outcome, settings)) < 2:
        return first
    found = len(outcome.solutions)
    shown = "not unique: two solutions shown" + (f" ({found} found)" if found > 2 else "")
    import re  # here: a plain solve draws no SVG

    named = re.search(r"<title>(.*?)</title>", first)
    title = named.group(1) if named else ""
    title = title.removesuffix(escape(state)).removesuffix(": ") if state else title
    return beside([first, draw(outcome.solutions[1], f"not unique: solution 2 of {found} found")],
                  title=f"{title}: {shown}" if title else shown)


def drawn_solutions(outcome: Outcome[Any], settings: Settings) -> list[Any]:
    """The solutions :func:`solutions_picture` draws: the first, and the second beside it when --unique found one
    (so that a puzzle may colour them alike)."""
    if len(outcome.solutions) < 2 or outcome.uniqueness(settings) is not False:
        return outcome.solutions[:1]
    return outcome.solutions[:2]


def beside(pictures: Sequence[str], gap: float = 24, title: str | None = None) -> str:
    """Standalone documents from :func:`document` side by side in one, each a nested ``<svg>``, under ``title``
    (escaped XML text; None: the first's title names the whole)."""
    import re  # here: a plain solve draws no SVG

    parts: list[str] = []
    x, height = 0.0, 0.0
    for picture in pictures:
        root = re.search(r'<svg [^>]*? width="([\d.]+)" height="([\d.]+)" viewBox="([^"]+)">\n', picture)
        assert root is not None, "beside takes documents written by svg.document"
        width, tall = float(root.group(1)), float(root.group(2))
        inner = picture[root.end():picture.rindex("</svg>")]
        if parts:  # the first board's ids as they were; each later one's suffixed
            inner = _ids_suffixed(inner, f"-{len(parts) + 1}")
        parts.append(f'<svg x="{num(x)}" y="0" width="{num(width)}" height="{num(tall)}" '
                     f'viewBox="{root.group(3)}">\n{inner}</svg>')
        x, height = x + width + gap, max(height, tall)
    first = re.search(r"<title>(.*?)</title>", pictures[0])
    title = title if title is not None else first.group(1) if first else ""
    head = [
        '<?xml version="1.0" encoding="UTF-8" standalone="no"?>',
        "<" + _tag("svg", {"xmlns": NAMESPACE, "version": "1.1", "width": x - gap, "height": height,
                           "viewBox": f"0 0 {num(x - gap)} {num(height)}"}) + ">",
        f"<title>{title}</title>",
        background(x - gap, height),
    ]
    return "\n".join([*head, *parts, "</svg>"]) + "\n"


def _ids_suffixed(body: str, suffix: str) -> str:
    """``body`` with each ``id`` it defines, and each ``url(#id)`` and ``href="#id"`` naming one, given ``suffix``:
    ids stay unique when documents are nested in one."""
    import re

    for name in set(re.findall(r'\bid="([^"]+)"', body)):
        escaped = re.escape(name)
        body = re.sub(rf'\bid="{escaped}"|url\(#{escaped}\)|href="#{escaped}"',
                      lambda found: found.group(0).replace(name, name + suffix), body)
    return body


def analysis_segment(start: tuple[float, float], end: tuple[float, float], state: str, cross: float,
                     colour: str | None = None) -> list[str]:
    """A segment from ``start`` to ``end`` by --analyze's ``state`` (``true``, ``false``, ``undetermined``);
    forced false is a cross of half-width ``cross`` at its middle. An ``undecided`` one (a partial analysis) is
    not drawn. ``colour`` overrides the class's stroke (a Numberlink path's colour)."""
    if state == "undecided":
        return []
    (x1, y1), (x2, y2) = start, end
    if state != "false":
        name = "forced-on" if state == "true" else "undetermined"
        return [element("line", x1=x1, y1=y1, x2=x2, y2=y2, class_=name, style=colour and f"stroke: {colour}")]
    x, y = (x1 + x2) / 2, (y1 + y2) / 2
    return [element("path", d=f"M{num(x - cross)} {num(y - cross)}L{num(x + cross)} {num(y + cross)}"
                                f"M{num(x - cross)} {num(y + cross)}L{num(x + cross)} {num(y - cross)}",
                    class_="forced-off")]
