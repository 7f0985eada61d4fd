"""Shortcuts: a path cut short where it runs beside itself, which keeps an open-rule solution one.

Cutting a path from a cell to a later cell of it beside it leaves the cells between empty and
touches no other path, so under the open rule the result is a solution again, with fewer cells
used. Repeated until none applies, it ends at a solution that runs beside itself nowhere: an open
solution under no self-touch (the open reduction; unique.py, witnesses.py and fillfirst.py use it).
"""

from __future__ import annotations

from satpuzzles.core.records import replace
from satpuzzles.puzzles.numberlink.model import NumberlinkSolution


def shortcut(solution: NumberlinkSolution) -> NumberlinkSolution | None:
    """S with one path cut short where it runs beside itself (valid when cells may stay empty), or None."""
    for label, route in solution.routes.items():
        at = {cell: i for i, cell in enumerate(route)}
        for i, (r, c) in enumerate(route):
            for other in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                j = at.get(other, i + 1)
                if j > i + 1:
                    return replace(solution, routes={**solution.routes, label: route[: i + 1] + route[j:]})
    return None


def untouched(solution: NumberlinkSolution) -> NumberlinkSolution:
    """S shortcut again and again until no path runs beside itself (an open solution under no self-touch)."""
    while (shorter := shortcut(solution)) is not None:
        solution = shorter
    return solution
