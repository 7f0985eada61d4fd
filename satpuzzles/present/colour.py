"""Whether to colour: --color always|never|auto, then FORCE_COLOR / NO_COLOR, then whether it is a terminal."""

from __future__ import annotations

import os

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

CHOICES = ("auto", "always", "never")


def use_colour(stream: Any, mode: str = "auto") -> bool:
    """Colour for ``stream``: ``always``/``never`` as asked; ``auto``: FORCE_COLOR, else NO_COLOR, else a terminal."""
    if mode == "always":
        return True
    if mode == "never":
        return False
    if os.environ.get("FORCE_COLOR"):
        return True
    if os.environ.get("NO_COLOR"):
        return False
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):  # a closed or unusual stream
        return False
