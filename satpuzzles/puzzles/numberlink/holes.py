"""Under the fill rule, when the strengthened stages find nothing: an open solution with its empty cells filled.

Boards whose fillings run beside themselves everywhere (a draft with a pair left out or two labels swapped: wide
areas that only zig-zags can fill) are the complete encoding's worst case: a 17x17 janko.at board with one
pair removed found no model in 60 s, while the open rule, which lets the area stay empty, is solved in 0.4 s.
So this incomplete stage takes an open solution (shortest routes, else a canonical one found within a small budget),
absorbs the empty cells into its paths by *bumps* (a link beside two empty neighbours, side by side, detours through
them: each bump keeps the paths and fills two cells), and hands the few cells bumps cannot fill to the complete fill
encoding in windows round them (holewindows.py: every link outside fixed as drawn). When the windows give up, the
next open solution is tried (the canonical search goes on, each solution blocking the ones before; it prefers used
cells, which leaves fewer to fill): which open solution the search finds depends on the solver, and one of them may
leave cells no small window fills. What it finds is verified like any answer; finding nothing leaves the board to the
complete encoding, which decides.
"""

from __future__ import annotations

from collections.abc import Generator

from satpuzzles.core.outcome import SolveStats
from satpuzzles.puzzles.numberlink.canonical import canonical_encoding
from satpuzzles.puzzles.numberlink.holewindows import WINDOW_CONFLICTS, HoleWindows, balanced
from satpuzzles.puzzles.numberlink.model import NumberlinkInstance, NumberlinkSolution, RuleSet
from satpuzzles.puzzles.numberlink.preset import PresetEncoding, budgeted_stage_name
from satpuzzles.puzzles.numberlink.routed import shortest_routes
from satpuzzles.solve.limited import SearchLimit, budgeted_backend
from satpuzzles.solve.loop import lazy_solutions

TYPE_CHECKING = False
if TYPE_CHECKING:
    from satpuzzles.geometry import Cell, Grid

START_CONFLICTS = 50_000
"""Conflicts the search for each canonical open solution to start from may take."""
CANONICAL_STARTS = 3
"""Canonical open solutions tried in turn, each blocking the ones before."""


def holes_stage_name(solver: str) -> str:
    """The stage's name, with the solver that searched when it is not the one -s names."""
    return budgeted_stage_name("open solution filled", solver)


def bumped(grid: Grid, routes: dict[str, tuple[Cell, ...]]) -> tuple[dict[str, list[Cell]], set[Cell]]:
    """``routes`` with empty cells absorbed by bumps (the cells with fewest empty neighbours first, as long as one
    applies), and the cells left empty."""
    drawn = {label: list(route) for label, route in routes.items()}
    owner = {cell: label for label, route in drawn.items() for cell in route}
    empty = {(r, c) for r in range(grid.rows) for c in range(grid.cols)} - owner.keys()
    changed = True
    while changed and empty:
        changed = False
        for cell in sorted(empty, key=lambda here: (sum(n in empty for n in grid.neighbours4(here)), here)):
            if cell in empty and _bump(grid, drawn, owner, empty, cell):
                changed = True
    return drawn, empty


def _bump(grid: Grid, drawn: dict[str, list[Cell]], owner: dict[Cell, str], empty: set[Cell], x: Cell) -> bool:
    """Detour a link beside ``x`` and an empty neighbour of it through the two; whether one was found."""
    for y in grid.neighbours4(x):
        if y not in empty:
            continue
        dr, dc = y[0] - x[0], y[1] - x[1]
        for sr, sc in ((dc, dr), (-dc, -dr)):  # the two sides of the pair x, y
            u, v = (x[0] + sr, x[1] + sc), (y[0] + sr, y[1] + sc)
            label = owner.get(u)
            if label is None or owner.get(v) != label:
                continue
            route = drawn[label]
            i, j = route.index(u), route.index(v)
            if abs(i - j) != 1:
                continue
            route[max(i, j):max(i, j)] = [x, y] if i < j else [y, x]
            owner[x] = owner[y] = label
            empty -= {x, y}
            return True
    return False


def open_starts(instance: NumberlinkInstance, solver: str, stats: SolveStats) -> Generator[NumberlinkSolution, None, None]:
    """Open solutions to fill, in turn: shortest routes, then up to CANONICAL_STARTS canonical ones, each found
    within START_CONFLICTS by a search preferring used cells (which leaves fewer cells to fill)."""
    routes = shortest_routes(instance, RuleSet(fill=False, self_touch=True))
    if routes is not None:
        yield routes
    encoding = canonical_encoding(instance)
    with budgeted_backend(solver, START_CONFLICTS) as backend:
        backend.add_clauses(encoding.formula.clauses)
        backend.phases = list(encoding.paths.used.values())
        found = lazy_solutions(encoding, backend, stats)
        try:
            for _ in range(CANONICAL_STARTS):
                start = next(found, None)
                if start is None:
                    return
                yield start
        except SearchLimit:
            return


def filled(instance: NumberlinkInstance, solver: str, stats: SolveStats) -> NumberlinkSolution | None:
    """A filling made from an open solution by bumps and windows, or None; SAT calls and seconds go to ``stats``."""
    rules = RuleSet(fill=True, self_touch=True)
    starts = open_starts(instance, solver, stats)
    try:
        with budgeted_backend(solver, WINDOW_CONFLICTS) as backend:
            windows: HoleWindows | None = None
            for start in starts:
                drawn, empty = bumped(instance.grid, start.routes)
                if not balanced(empty):  # the board fails the parity argument: it has no filling
                    return None
                if empty:
                    windows = windows or HoleWindows(instance, backend)
                    found = windows.fill(drawn, empty, stats)
                    if found is None:
                        if windows.exhausted():
                            return None
                        continue
                    drawn = found
                return NumberlinkSolution({label: tuple(route) for label, route in drawn.items()}, (), rules)
    finally:
        starts.close()  # the canonical search's solver is freed now, not when the generator is collected
    return None


def filled_first(instance: NumberlinkInstance, rules: RuleSet, solver: str) -> PresetEncoding:
    """The stage's encoding: the board's encoding restricted to a filling made from an open solution (unsatisfiable
    when none was), the search kept as its ``searched`` statistics."""
    searched = SolveStats()
    return PresetEncoding(holes_stage_name(solver), instance, rules, filled(instance, solver, searched), searched)
