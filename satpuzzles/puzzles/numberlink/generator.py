"""Numberlink puzzles with exactly one solution under the rules asked for (as --unique decides).

The board is covered by random paths (walks that start where the free area is
narrowest and never touch themselves), their ends become the labels, and then the
solver looks for a second solution. While it finds one, a path of the intended
solution is cut in two at a cell where the other solution runs differently: that
cell becomes an endpoint, which the other solution, passing through it, breaks.
Every cut adds a path, so the repair ends (at worst with two-cell paths, which
are forced); a check the solver cannot decide within its limits cuts the longest
path instead. The finished puzzle is solved afresh with --unique's machinery.
"""

from __future__ import annotations

import random
from typing import Any

from satpuzzles.core.errors import UsageError, VerificationError
from satpuzzles.core.outcome import Settings, SolveStats
from satpuzzles.core.spec import Generator, Option, Progress
from satpuzzles.geometry import Cell, Grid
from satpuzzles.puzzles.numberlink.encoding import NumberlinkEncoding
from satpuzzles.puzzles.numberlink.unique import RULES, detour, shortcut
from satpuzzles.puzzles.numberlink.formats import to_text
from satpuzzles.puzzles.numberlink.model import (
    OPEN,
    RULE_NAMES,
    NumberlinkInstance,
    NumberlinkSolution,
    RuleSet,
    self_touches,
)
from satpuzzles.puzzles.numberlink.url import to_url
from satpuzzles.solve.limited import LIMITED_SOLVER, LimitedBackend, SearchLimit
from satpuzzles.solve.loop import lazy_solutions
from satpuzzles.solve.pipeline import solve

Path = list[Cell]

MAX_CHECK_CALLS = 50
"""SAT calls (cycle cuts) one uniqueness check may make before it counts as undecided."""
MAX_CHECK_CONFLICTS = 5000
"""Conflicts one SAT call of a check may take before it counts as undecided."""
COVER_ATTEMPTS = 100
"""Random covers tried before giving up on a board (only boards with a lone cell fail)."""


def _free_degree(grid: Grid, owner: dict[Cell, int], cell: Cell) -> int:
    return sum(n not in owner for n in grid.neighbours4(cell))


def _walk(grid: Grid, owner: dict[Cell, int], rng: random.Random, number: int, max_length: int) -> Path:
    """A random self-avoiding, never self-touching walk over free cells, from a narrowest free cell.

    When it gets stuck it goes on from its first cell, so that few walks stay short.
    """
    free = [cell for cell in grid.cells() if cell not in owner]
    narrowest = min(_free_degree(grid, owner, cell) for cell in free)
    path = [rng.choice([cell for cell in free if _free_degree(grid, owner, cell) == narrowest])]
    owner[path[0]] = number
    for _ in range(2):
        while len(path) < max_length:
            here = path[-1]
            steps = [
                cell for cell in grid.neighbours4(here)
                if cell not in owner and all(owner.get(n) != number or n == here for n in grid.neighbours4(cell))
            ]
            if not steps:
                break
            if rng.random() < 0.75:  # mostly Warnsdorff's rule, which leaves few stranded cells
                fewest = min(_free_degree(grid, owner, cell) for cell in steps)
                steps = [cell for cell in steps if _free_degree(grid, owner, cell) == fewest]
            path.append(rng.choice(steps))
            owner[path[-1]] = number
        path.reverse()
    return path


def _absorb(paths: list[Path], lone: Cell, grid: Grid) -> bool:
    """Join a one-cell path to a neighbouring path: at its end, or by cutting it beside the cell."""
    for path in paths:
        if len(path) < 2:
            continue
        if path[-1] in grid.neighbours4(lone):
            path.append(lone)
            return True
        if path[0] in grid.neighbours4(lone):
            path.insert(0, lone)
            return True
    for index, path in enumerate(paths):
        for i in range(1, len(path) - 1):
            if path[i] not in grid.neighbours4(lone):
                continue
            if i >= 2:
                paths[index:index + 1] = [path[:i], [lone, *path[i:]]]
                return True
            if i <= len(path) - 3:
                paths[index:index + 1] = [[*path[: i + 1], lone], path[i + 1 :]]
                return True
    return False


def random_cover(grid: Grid, rng: random.Random) -> list[Path]:
    """Paths of two or more cells covering the board."""
    for _ in range(COVER_ATTEMPTS):
        owner: dict[Cell, int] = {}
        paths: list[Path] = []
        while len(owner) < grid.size:
            paths.append(_walk(grid, owner, rng, len(paths), max_length=grid.rows + grid.cols))
        lone = [path[0] for path in paths if len(path) == 1]
        paths = [path for path in paths if len(path) > 1]
        if all(_absorb(paths, cell, grid) for cell in lone):
            return paths
    raise UsageError(f"cannot cover a {grid.cols}x{grid.rows} board with paths of two or more cells")


def _instance(grid: Grid, paths: list[Path]) -> tuple[NumberlinkInstance, NumberlinkSolution]:
    """The puzzle of these paths, labels 1, 2, ... in reading order of their first ends, and its solution."""
    ordered = sorted(paths, key=lambda path: min(path[0], path[-1]))
    labels = [str(number) for number in range(1, len(ordered) + 1)]
    givens = {end: label for label, path in zip(labels, ordered) for end in (path[0], path[-1])}
    instance = NumberlinkInstance(grid, givens, tuple(labels))
    routes = {
        label: tuple(path if path[0] == instance.endpoints[label][0] else reversed(path))
        for label, path in zip(labels, ordered)
    }
    return instance, NumberlinkSolution(routes)


def second_solution(instance: NumberlinkInstance, solution: NumberlinkSolution,
                    rules: RuleSet = RuleSet()) -> NumberlinkSolution | None:
    """Another solution under ``rules``, None when the solver proves there is none; SearchLimit if undecided."""
    if not rules.fill and rules.self_touch:
        other = shortcut(solution) or detour(instance, solution)
        if other is not None:
            return other
    encoding = NumberlinkEncoding(instance, strengthened=False, rules=rules)
    with LimitedBackend(MAX_CHECK_CONFLICTS) as backend:
        backend.calls_left = MAX_CHECK_CALLS
        backend.add_clauses(encoding.formula.clauses)
        backend.add_clauses([encoding.block(solution)])
        for other in lazy_solutions(encoding, backend, SolveStats(solver=LIMITED_SOLVER)):
            return other
    return None


def _differing(solution: NumberlinkSolution, other: NumberlinkSolution) -> set[Cell]:
    """Cells whose links differ between two solutions."""
    return {cell for link in solution.links() ^ other.links() for cell in link}


def _cut(paths: list[Path], at: Cell, shortest: int) -> bool:
    """Cut the path through ``at`` so that ``at`` becomes an endpoint, when both parts keep ``shortest`` cells."""
    for index, path in enumerate(paths):
        if at not in path[1:-1]:
            continue
        i = path.index(at)
        splits = [[path[: i + 1], path[i + 1 :]], [path[:i], path[i:]]]
        parts = max(splits, key=lambda parts: min(map(len, parts)))
        if min(map(len, parts)) >= shortest:
            paths[index:index + 1] = parts
            return True
    return False


def _between_touches(solution: NumberlinkSolution) -> set[Cell]:
    """Under no self-touch: for each place a path runs beside itself, the cell after the first of the two
    (cutting there separates them)."""
    cells = set()
    for label, a, b in self_touches(solution):
        route = solution.routes[label]
        i = min(route.index(a), route.index(b))
        cells.add(route[i + 1])
    return cells


def _is_unique(grid: Grid, paths: list[Path], rules: RuleSet) -> bool:
    """Whether the solver proves, within the check's limits, that these paths are their puzzle's only solution."""
    if not rules.self_touch and self_touches(_instance(grid, paths)[1]):
        return False
    try:
        return second_solution(*_instance(grid, paths), rules) is None
    except SearchLimit:
        return False


def join_paths(grid: Grid, paths: list[Path], rng: random.Random, progress: Progress, rules: RuleSet) -> list[Path]:
    """Join paths end to end, in random order, wherever the solution stays provably unique.

    A join that once allowed a second solution always will (joining more paths only
    loosens the puzzle), so every candidate is tried once.
    """
    def joins(a: Path, b: Path) -> list[Path]:
        return [[*x, *y] for x in (a, a[::-1]) for y in (b, b[::-1]) if y[0] in grid.neighbours4(x[-1])]

    pending = [(i, j) for i in range(len(paths)) for j in range(i)]
    rng.shuffle(pending)
    paths = [list(path) for path in paths]
    alive = set(range(len(paths)))
    tried = 0
    while pending:
        i, j = pending.pop()
        if i not in alive or j not in alive:
            continue
        for joined in joins(paths[i], paths[j]):
            trial = [paths[k] for k in sorted(alive - {i, j})] + [joined]
            tried += 1
            progress(f"{grid.cols}x{grid.rows}: {len(alive)} paths, joining ({tried} tried)")
            if _is_unique(grid, trial, rules):
                paths.append(joined)
                alive = (alive - {i, j}) | {len(paths) - 1}
                fresh = [(len(paths) - 1, k) for k in sorted(alive) if k != len(paths) - 1]
                rng.shuffle(fresh)
                pending += fresh
                break
    return [paths[k] for k in sorted(alive)]


def generate_numberlink(
    grid: Grid, rng: random.Random, progress: Progress, join: bool = False, rules: RuleSet = RuleSet()
) -> NumberlinkInstance:
    """A puzzle on ``grid`` whose one solution under ``rules`` the solver has proved.

    With ``join``, paths are then joined end to end while it stays unique: fewer, longer paths.
    """
    if grid.size < 2:
        raise UsageError(f"a {grid.cols}x{grid.rows} board has no room for a path: give at least two cells")
    paths = random_cover(grid, rng)
    while True:
        instance, solution = _instance(grid, paths)
        progress(f"{grid.cols}x{grid.rows}: {len(paths)} paths, checking uniqueness")
        differing: set[Cell] = set() if rules.self_touch else _between_touches(solution)
        if not differing:
            try:
                other = second_solution(instance, solution, rules)
            except SearchLimit:
                pass  # undecided: nothing to aim at, so a longest path is cut
            else:
                if other is None:
                    break
                differing = _differing(solution, other)
        length = {cell: len(path) for path in paths for cell in path}
        near = sorted(differing or set(length), key=lambda cell: (-length[cell], rng.random()))
        anywhere = sorted(length, key=lambda cell: -length[cell])
        tries = [(cell, shortest) for cells in (near, anywhere) for shortest in (3, 2) for cell in cells]
        if not any(_cut(paths, cell, shortest) for cell, shortest in tries):
            if not differing:
                break  # nothing left to cut: the final proof decides without limits
            raise VerificationError("internal error: no path can be cut to remove a second Numberlink solution")
    if join:
        instance, solution = _instance(grid, join_paths(grid, paths, rng, progress, rules))
    prove_unique(instance, solution, rules)
    return instance


def prove_unique(instance: NumberlinkInstance, solution: NumberlinkSolution, rules: RuleSet = RuleSet()) -> None:
    """Solve ``instance`` afresh with --unique's machinery; raise unless ``solution`` is its only one."""
    settings = Settings(unique=True, extras={"rules": rules.name, "no_self_touch": not rules.self_touch})
    outcome = solve(RULES, instance, settings, "numberlink")
    found = outcome.solution
    if outcome.uniqueness(settings) is not True or found is None or found.links() != solution.links():
        raise VerificationError("internal error: a generated Numberlink puzzle is not unique after all")


def make(rows: int, cols: int, seed: int | None, options: dict[str, Any], progress: Progress) -> str:
    """``generate numberlink``: a unique puzzle as a W H block, or as a puzz.link URL with --url."""
    join = options.get("difficulty") == "hard"
    rules = RuleSet(fill=options.get("rules") != OPEN, self_touch=not options.get("no_self_touch"))
    instance = generate_numberlink(Grid(rows, cols), random.Random(seed), progress, join, rules)
    return to_url(instance, rules) + "\n" if options.get("url") else to_text(instance)


GENERATOR = Generator(
    make=make,
    options=(
        Option("difficulty", ("--difficulty",), "hard: then join paths end to end while the solution stays unique "
               "(fewer, longer paths; about 3x slower).", kind="choice", choices=("easy", "hard"), default="easy"),
        Option("url", ("--url",), "Write each puzzle as a puzz.link URL (arukone under fill, numlin under open)."),
        Option("rules", ("--rules",), "The rules the puzzle is unique under: fill (every cell used) or open "
               "(cells may stay empty).", kind="choice", choices=RULE_NAMES, default="fill"),
        Option("no_self_touch", ("--no-self-touch",), "Unique under the no-self-touch convention (paths never "
               "run beside themselves)."),
    ),
    width_first=True,
)
