"""Under the open rule, try shortest routes first: on a sparse board they are a solution at once.

A board with a few pairs in a wide empty area is the SAT solver's worst case under the open rule: nothing
propagates (any cell may stay empty), and a 60x60 board with three pairs took Glucose over 40 s for one
model. Joining the pairs one after another by a shortest way round what is already drawn settles such
boards in milliseconds. This incomplete stage tries a few orders of the pairs (nearest first, farthest
first, the board's own); the first order that joins every pair is handed on as a formula whose only model
it is (satpuzzles.puzzles.numberlink.preset), and the verifier checks it like any answer. When no order
joins them all (a dense published puzzle, as a rule), the stage costs a few breadth-first searches and the
next stage decides.

A shortest way never runs beside itself (two cells of it side by side would make a shorter way), so the
routes keep the no-self-touch convention too.
"""

from __future__ import annotations

from satpuzzles.puzzles.numberlink.model import NumberlinkInstance, NumberlinkSolution, RuleSet

TYPE_CHECKING = False
if TYPE_CHECKING:
    from satpuzzles.geometry import Cell

ROUTED_STAGE = "shortest routes first"


def shortest_routes(instance: NumberlinkInstance, rules: RuleSet) -> NumberlinkSolution | None:
    """A solution under the open ``rules`` made of shortest routes joined in one of a few orders, or None."""
    ends = instance.endpoints

    def distance(label: str) -> int:
        (r1, c1), (r2, c2) = ends[label]
        return abs(r1 - r2) + abs(c1 - c2)

    nearest = sorted(instance.labels, key=distance)
    tried: set[tuple[str, ...]] = set()
    for order in (tuple(nearest), tuple(reversed(nearest)), instance.labels):
        if order in tried:
            continue
        tried.add(order)
        routes = _joined(instance, order)
        if routes is not None:
            return NumberlinkSolution(routes, (), rules)
    return None


def _joined(instance: NumberlinkInstance, order: tuple[str, ...]) -> dict[str, tuple[Cell, ...]] | None:
    """Each label's shortest route round the endpoints and the routes drawn before it, in ``order``; None when
    one cannot be drawn."""
    grid, ends = instance.grid, instance.endpoints
    blocked = set(instance.givens)
    routes: dict[str, tuple[Cell, ...]] = {}
    for label in order:
        start, goal = ends[label]
        blocked -= {start, goal}
        way = grid.shortest_way([start], {goal}, blocked)
        if way is None:
            return None
        blocked.update(way)
        routes[label] = tuple(way)
    return {label: routes[label] for label in instance.labels}
