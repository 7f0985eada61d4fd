"""Whether to colour: --color always|never|auto, then FORCE_COLOR / NO_COLOR, then whether it is a terminal.

An explicit ``--color always`` or ``never`` wins over every variable (as no-color.org asks of
command-line flags); ``auto`` takes FORCE_COLOR, else NO_COLOR, else colours a terminal unless
``TERM`` is ``dumb`` (or ``unknown``), which cannot show colour.
"""

from __future__ import annotations

import os

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

CHOICES = ("auto", "always", "never")

DUMB_TERMINALS = ("dumb", "unknown")
"""TERM values of terminals that show no colour (as rich reads them)."""


def dumb_terminal() -> bool:
    """Whether TERM names a terminal that shows no colour."""
    return os.environ.get("TERM", "").strip().lower() in DUMB_TERMINALS


def is_terminal(stream: Any) -> bool:
    """Whether ``stream`` is an open terminal (False for None, a closed stream or one without ``isatty``)."""
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):  # None, or a closed or unusual stream
        return False


def use_colour(stream: Any, mode: str = "auto") -> bool:
    """Colour for ``stream``: ``always``/``never`` as asked; ``auto``: FORCE_COLOR, else NO_COLOR, else a terminal not dumb."""
    if mode == "always":
        return True
    if mode == "never":
        return False
    if os.environ.get("FORCE_COLOR"):
        return True
    if os.environ.get("NO_COLOR") or dumb_terminal():
        return False
    return is_terminal(stream)
