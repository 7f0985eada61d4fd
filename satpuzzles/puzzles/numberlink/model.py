"""Numberlink's rules, written from the puzzle and not from the CNF: the instance, a solution, the verifier.

Join each pair of equal labels by a path of orthogonal steps; paths never cross or share
a cell. Two rule sets are played: *fill* (Flow Free, puzz.link ``arukone``: together the
paths fill the board) and *open* (Nikoli, janko.at, puzz.link ``numlin``, the ADC: cells may
stay empty). Either may add the *no self-touch* convention: no two cells of one path are
orthogonally adjacent unless they are consecutive on it.
"""

from __future__ import annotations

from functools import cached_property

from satpuzzles.core.records import Record, field
from satpuzzles.core.words import counted

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import Any

    from satpuzzles.geometry import Cell, Grid

COMPRESS_FROM_CELLS = 10_000
"""Boards of this many cells or more are first tried compressed (compress.py)."""
EMPTY = "."
"""An empty cell in the text formats."""
FILL, OPEN = "fill", "open"
RULE_NAMES = (FILL, OPEN)


class RuleSet(Record, frozen=True):
    """The rules a puzzle is solved under: fill (every cell used) or open, and whether paths may touch themselves."""

    fill: bool = True
    self_touch: bool = True

    @property
    def name(self) -> str:
        """``fill`` or ``open``."""
        return FILL if self.fill else OPEN

    @property
    def is_default(self) -> bool:
        """The rules every text format meant before rule sets existed (fill, touching allowed)."""
        return self.fill and self.self_touch

    def describe(self) -> str:
        """The rules in words, for reports."""
        cells = "fill (every cell used)" if self.fill else "open (cells may stay empty)"
        return cells + ("" if self.self_touch else ", no self-touch")


class NumberlinkInstance(Record, frozen=True):
    """A board with labelled endpoint pairs; ``line`` is where it starts in the input (for headings).

    ``rules`` is the rule set the source itself implies (a puzz.link ``numlin`` URL means
    open, ``arukone`` fill), None when the format does not say; ``no_self_touch`` whether it states the
    no-self-touch convention (a text's ``# rules: open, no-self-touch`` line, a JSON input's member).
    """

    grid: Grid
    givens: dict[Cell, str]
    labels: tuple[str, ...]
    line: int = 1
    rules: str | None = None
    no_self_touch: bool = False
    endpoints: dict[str, tuple[Cell, Cell]] = field(init=False, compare=False)

    def __post_init__(self) -> None:
        ends: dict[str, list[Cell]] = {label: [] for label in self.labels}
        for cell, label in sorted(self.givens.items()):
            ends[label].append(cell)
        object.__setattr__(self, "endpoints", {label: (a, b) for label, (a, b) in ends.items()})


def rules_in_force(instance: NumberlinkInstance, extras: Mapping[str, Any]) -> RuleSet:
    """The rule set for a solve: --rules, else the instance's own (a URL's, a text's), else fill; --no-self-touch
    or --self-touch, else the convention the instance states, else self-touch allowed."""
    name = extras.get("rules") or instance.rules or FILL
    said = extras.get("no_self_touch")
    return RuleSet(fill=name == FILL, self_touch=not (instance.no_self_touch if said is None else said))


class NumberlinkSolution(Record, frozen=True):
    """Each label's route from one endpoint to the other; ``loops`` are detached cycles (invalid).

    ``rules`` are the rules the solution was found under, which the verifier checks.
    """

    routes: dict[str, tuple[Cell, ...]]
    loops: tuple[tuple[Cell, ...], ...] = ()
    rules: RuleSet = field(default=RuleSet(), compare=False)

    def label_grid(self, instance: NumberlinkInstance) -> list[list[str]]:
        """Row-major grid of the label whose path covers each cell (``.`` for an empty cell)."""
        grid = [[EMPTY] * instance.grid.cols for _ in range(instance.grid.rows)]
        for label, route in self.routes.items():
            for r, c in route:
                grid[r][c] = label
        return grid

    def cells(self) -> set[Cell]:
        """The cells the routes use (under the open rule, every cell not left empty)."""
        return {cell for route in self.routes.values() for cell in route}

    def links(self) -> set[tuple[Cell, Cell]]:
        """The used links, each as (smaller cell, larger cell)."""
        return set(self._links)

    @cached_property
    def _links(self) -> frozenset[tuple[Cell, Cell]]:
        """The used links, made once (--analyze's witness walk asks for them several times per solution)."""
        return frozenset((a, b) if a < b else (b, a) for route in self.routes.values() for a, b in zip(route, route[1:]))


def self_touches(solution: NumberlinkSolution) -> list[tuple[str, Cell, Cell]]:
    """Each (label, cell, cell) where a path runs beside itself: adjacent cells that are not consecutive on it."""
    found = []
    for label, route in solution.routes.items():
        position = {cell: i for i, cell in enumerate(route)}
        for i, (r, c) in enumerate(route):
            for other in ((r, c + 1), (r + 1, c)):
                j = position.get(other)
                if j is not None and abs(i - j) != 1:
                    found.append((label, (r, c), other))
    return found


def verify(instance: NumberlinkInstance, solution: NumberlinkSolution) -> list[str]:
    """Check the rules: one simple path per label between its endpoints, disjoint; covering every cell
    under the fill rule; never beside itself under no self-touch."""
    problems = []
    if solution.loops:
        problems.append(f"{counted(len(solution.loops), 'cycle')} not attached to any endpoint")
    owner: dict[Cell, str] = {}
    for label, (a, b) in instance.endpoints.items():
        route = solution.routes.get(label, ())
        if len(route) < 2 or {route[0], route[-1]} != {a, b}:
            problems.append(f"path {label!r} does not run from {a} to {b}")
            continue
        for (r1, c1), (r2, c2) in zip(route, route[1:]):
            if abs(r1 - r2) + abs(c1 - c2) != 1:
                problems.append(f"path {label!r} jumps from {(r1, c1)} to {(r2, c2)}")
        for cell in route:
            if not instance.grid.contains(cell):
                problems.append(f"path {label!r} leaves the board at {cell}")
            elif cell in owner:
                problems.append(f"cell {cell} is used by {owner[cell]!r} and {label!r}")
            else:
                owner[cell] = label
    if set(solution.routes) - set(instance.labels):
        problems.append("paths for labels that are not on the board")
    if solution.rules.fill and len(owner) != instance.grid.size:
        empty = next(cell for cell in instance.grid.cells() if cell not in owner)
        problems.append(f"{counted(instance.grid.size - len(owner), 'cell')} not covered, first {empty}")
    if not solution.rules.self_touch:
        touches = self_touches(solution)
        if touches:
            label, a, b = touches[0]
            problems.append(f"path {label!r} touches itself at {a} and {b} (no self-touch)")
    return problems
