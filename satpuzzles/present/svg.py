"""A tiny SVG 1.1 writer shared by the puzzle pictures: escaped elements, the document frame, grid helpers.

Pictures put cell (r, c) at ``x = MARGIN + c * size``, ``y = MARGIN + r * size`` in user
units; the ``width``/``height`` attributes scale the view box for viewers that need a size.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping

from satpuzzles.core.errors import UsageError

TYPE_CHECKING = False
if TYPE_CHECKING:
    import numpy as np

NAMESPACE = "http://www.w3.org/2000/svg"
MAX_CELLS = 4_000_000
"""Largest board drawn (2000x2000, about 60 MB of SVG); bigger pictures no viewer opens usefully."""

_NOT_XML = "[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]"
"""Characters XML forbids (compiled on first use: the class costs ~10 ms to compile, at every start-up)."""


def check_size(rows: int, cols: int) -> None:
    """Refuse, before any solving, a board too large to draw."""
    if rows * cols > MAX_CELLS:
        raise UsageError(f"--svg draws boards of up to {MAX_CELLS:,} cells; this one has {rows * cols:,} ({cols}x{rows})")


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


def document(
    width: float, height: float, body: Iterable[str], *, title: str, style: str = "", defs: str = "", scale: float = 1
) -> str:
    """A complete standalone SVG 1.1 file: XML declaration, root element with namespace and view box, an opaque
    white background (dark viewers would hide black marks), ``body``."""
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
    head.append(element("rect", x=0, y=0, width=width, height=height, fill="#ffffff", class_="background"))
    return "\n".join([*head, *body, "</svg>"]) + "\n"


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
.forced-on { stroke: #1a3d8f; stroke-width: 5; stroke-linecap: round; }
.forced-off { stroke: #b00000; stroke-width: 2; }
.undetermined { stroke: #e07000; stroke-width: 2; stroke-dasharray: 4 4; }
"""
"""--analyze's segments: forced on thick and solid, forced off a small cross, undetermined thin and dashed
(three shapes, so the picture reads in black and white too)."""
ANALYSIS_TITLE = "solid: forced on, x: forced off, dashed: undetermined"


def analysis_title(states: Mapping[Hashable, str]) -> str:
    """What the analysis marks mean, for the picture's title (a partial analysis also says what is missing)."""
    partial = any(state == "undecided" for state in states.values())
    return ANALYSIS_TITLE + (", not drawn: undecided (timed out)" if partial else "")


def analysis_segment(start: tuple[float, float], end: tuple[float, float], state: str, cross: float) -> list[str]:
    """A segment from ``start`` to ``end`` by --analyze's ``state`` (``true``, ``false``, ``undetermined``);
    forced false is a cross of half-width ``cross`` at its middle, with a title naming the state. An ``undecided``
    one (a partial analysis) is not drawn."""
    if state == "undecided":
        return []
    (x1, y1), (x2, y2) = start, end
    if state != "false":
        name = "forced-on" if state == "true" else "undetermined"
        return [element("line", x1=x1, y1=y1, x2=x2, y2=y2, class_=name)]
    x, y = (x1 + x2) / 2, (y1 + y2) / 2
    return [element("path", d=f"M{num(x - cross)} {num(y - cross)}L{num(x + cross)} {num(y + cross)}"
                                f"M{num(x - cross)} {num(y + cross)}L{num(x + cross)} {num(y - cross)}",
                    class_="forced-off")]
