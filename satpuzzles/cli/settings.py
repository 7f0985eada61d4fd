"""The values of a puzzle command's options as Settings: read without click, so the plain
``satpuzzles NAME SOURCE`` (app.py) needs no click."""

from __future__ import annotations

from satpuzzles.core.outcome import MAX_TIMEOUT, Settings, check_seconds
from satpuzzles.core.spec import PuzzleSpec

__all__ = ["MAX_TIMEOUT", "check_seconds", "puzzle_extras", "settings_from"]  # the first two moved to core.outcome

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


def puzzle_extras(puzzle: PuzzleSpec[Any, Any], values: dict[str, Any], solving_only: bool = False) -> dict[str, Any]:
    """The puzzle's own option values from a command's parameters (only solving options if asked), an option not
    typed (None) at its default."""
    return {o.name: values[o.name] if values[o.name] is not None else o.initial() for o in puzzle.options
            if o.name in values and (o.affects_solving or not solving_only)}


def settings_from(puzzle: PuzzleSpec[Any, Any], values: dict[str, Any]) -> Settings:
    """Settings from a puzzle command's parameter values."""
    return Settings(
        solver=values.get("solver"),
        method=values.get("method") or "auto",
        count=values.get("count", 1),
        unique=values.get("unique", False),
        explain=bool(values.get("explain")),
        timeout=values.get("timeout"),
        verbose=values.get("verbose", False),
        want_dimacs=bool(values.get("output")),
        proof=bool(values.get("proof")),
        analyze=bool(values.get("analyze")),
        extras=puzzle_extras(puzzle, values),
    )
