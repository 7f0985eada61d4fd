"""Witnesses for --analyze under the open rule found without SAT: one path of the first solution rerouted
through a link or cell it leaves unused, or round one it uses.

On a sparse board almost nothing is forced, so the backbone needs, for each of its links and cells, a
solution that uses it and one that does not: ten thousand keys on a 60x60 board with three pairs, which
the window walk found a few at a time (over 120 s). With the other paths kept, a way through or round the
key made of shortest ways is such a solution whenever one exists this close to the first, and each one
flips many keys at once. Every one is verified by the rules before it counts; what it cannot settle is
left to the searches that follow (witnesses.py).
"""

from __future__ import annotations

from typing import Any, cast

from satpuzzles.core.records import replace
from satpuzzles.puzzles.numberlink.model import NumberlinkInstance, NumberlinkSolution, verify

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Hashable, Iterable

    from satpuzzles.geometry import Cell, Grid


FAILURES_IN_A_ROW = 32
"""Reroutes that may fail one after another before the step ends: on a dense board (a 36x36 one with 181
paths under open) nearly every one fails, and trying each of its 3,800 keys cost 12 s for 77 witnesses."""
LABELS_TRIED = 2
"""Routes tried for a way through a key, nearest first."""


def reroute_witnesses(instance: NumberlinkInstance, first: NumberlinkSolution, left: set[Hashable],
                      found: Callable[[NumberlinkSolution], None]) -> None:
    """Hand ``found`` each verified reroute of ``first`` that flips a key still in ``left`` (which ``found``
    shrinks); keys are links (pairs of cells) and, under the open rule, cells."""
    used, links = first.cells(), first.links()
    far = _distances(instance.grid, used)
    failures = 0
    # Farthest from the paths first: a detour out there runs through many keys nobody has flipped yet.
    for key in sorted(left, key=lambda key: (-max(far.get(cell, 0) for cell in key_cells(key)), str(key))):
        if key not in left:
            continue  # flipped by an earlier reroute
        cells = key_cells(key)
        on = key in links if len(cells) == 2 else key in used
        solution = _round(instance, first, cells) if on else _through(instance, first, cells)
        if solution is not None and not verify(instance, solution):
            found(solution)
            failures = 0
        elif (failures := failures + 1) == FAILURES_IN_A_ROW:
            return


def _distances(grid: Grid, sources: set[Cell]) -> dict[Cell, int]:
    """Each cell's number of steps from the nearest of ``sources`` (breadth first)."""
    distance = dict.fromkeys(sources, 0)
    frontier = list(sources)
    while frontier:
        nearer, frontier = frontier, []
        for cell in nearer:
            for n in grid.neighbours4(cell):
                if n not in distance:
                    distance[n] = distance[cell] + 1
                    frontier.append(n)
    return distance


def key_cells(key: Hashable) -> tuple[Cell, ...]:
    """The cells of a decision key: a link's two, or the cell itself (under the open rule)."""
    pair = cast("tuple[Any, Any]", key)
    return pair if isinstance(pair[0], tuple) else (cast("Cell", pair),)


def _nearest_first(instance: NumberlinkInstance, first: NumberlinkSolution, cells: tuple[Cell, ...]) -> list[str]:
    """The labels, the one whose route comes nearest to ``cells`` first."""
    def distance(label: str) -> int:
        return min(abs(r - a) + abs(c - b) for r, c in first.routes[label] for a, b in cells)

    return sorted(instance.labels, key=distance)


def _others(instance: NumberlinkInstance, first: NumberlinkSolution, label: str) -> set[Cell]:
    """The cells a reroute of ``label`` must keep off: the other routes and every other endpoint."""
    blocked = set(instance.givens)
    for other, route in first.routes.items():
        if other != label:
            blocked.update(route)
    blocked.difference_update(instance.endpoints[label])
    return blocked


def _through(instance: NumberlinkInstance, first: NumberlinkSolution,
             cells: tuple[Cell, ...]) -> NumberlinkSolution | None:
    """``first`` with one route rerouted through ``cells`` (a cell, or a link's two in either direction)."""
    for label in _nearest_first(instance, first, cells)[:LABELS_TRIED]:
        start, goal = instance.endpoints[label]
        blocked = _others(instance, first, label)
        if any(cell in blocked for cell in cells):
            continue
        for stops in {cells, cells[::-1]}:
            route = _stops_joined(instance.grid, blocked, [start, *stops, goal])
            if route is not None:
                return replace(first, routes={**first.routes, label: tuple(route)})
    return None


def _round(instance: NumberlinkInstance, first: NumberlinkSolution,
           cells: tuple[Cell, ...]) -> NumberlinkSolution | None:
    """``first`` with the route through ``cells`` rerouted round one of them (not an endpoint)."""
    label = next(label for label, route in first.routes.items() if cells[0] in route)
    start, goal = instance.endpoints[label]
    blocked = _others(instance, first, label)
    for cell in cells:
        if cell in (start, goal):
            continue
        way = instance.grid.shortest_way([start], {goal}, blocked | {cell})
        if way is not None:
            return replace(first, routes={**first.routes, label: tuple(way)})
    return None


def _stops_joined(grid: Grid, blocked: set[Cell], stops: Iterable[Cell]) -> list[Cell] | None:
    """A simple route visiting ``stops`` in order, each leg a shortest way round ``blocked``, the route so far
    and the stops still ahead; None when a leg cannot be drawn."""
    ahead = list(stops)
    route = [ahead.pop(0)]
    while ahead:
        target = ahead.pop(0)
        way = grid.shortest_way([route[-1]], {target}, blocked | set(route[:-1]) | (set(ahead) - {target}))
        if way is None:
            return None
        route.extend(way[1:])
    return route
