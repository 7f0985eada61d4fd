"""Numberlink puzzles with exactly one solution under the rules asked for (as --unique decides).

The board is covered by random paths (walks that start where the free area is
narrowest and never touch themselves), their ends become the labels, and then the
solver looks for a second solution. While it finds one, a path of the intended
solution is cut in two at a cell where the other solution runs differently: that
cell becomes an endpoint, which the other solution, passing through it, breaks.
Every cut adds a path, so the repair ends (at worst with two-cell paths, which
are forced); a check the solver cannot decide within its limits cuts the longest
path instead. Paths shorter than --min-length (3: no two-cell paths) are merged into
a neighbour before the repair (cover.py) and, where the cuts leave some, after it,
each merge kept only where the puzzle stays unique. With --difficulty, the puzzle is
graded as --analyze grades it and made harder by joining paths end to end, or easier
by cutting paths, along a chain searched by bisection (solve/select.py). The checks of a run are asked of one
incremental solver per board shape, each puzzle as assumptions (generator_checks.py); under fill the merges after
the cuts, when nothing follows them, of a solver of their own (merge_stage.py). The finished
puzzle is solved afresh with --unique's machinery.
"""

from __future__ import annotations

import random

from satpuzzles.core.errors import UsageError, VerificationError
from satpuzzles.core.outcome import Settings
from satpuzzles.core.naming import Naming
from satpuzzles.core.spec import Generator, Option, Progress, naming_of
from satpuzzles.geometry import Cell, Grid
from satpuzzles.puzzles.numberlink.cover import Path, joins, lengthen, merges, random_cover
from satpuzzles.puzzles.numberlink.cuts import cells_of, cut_chain, cut_near, cut_until, regions
from satpuzzles.puzzles.numberlink.formats import LIMIT, to_text
from satpuzzles.puzzles.numberlink.generator_checks import Checks, puzzle_of
from satpuzzles.puzzles.numberlink.merge_stage import merging
from satpuzzles.puzzles.numberlink.stated import rules_comment
from satpuzzles.puzzles.numberlink.model import (
    OPEN,
    RULE_NAMES,
    NumberlinkInstance,
    NumberlinkSolution,
    RuleSet,
    self_touches,
)
from satpuzzles.puzzles.numberlink.unique import RULES
from satpuzzles.puzzles.numberlink.url import to_url
from satpuzzles.solve.limited import SearchLimit
from satpuzzles.solve.pipeline import solve
from satpuzzles.solve.select import (
    ANY,
    TARGETS,
    TRIES,
    Picked,
    closer,
    grade_comment,
    grade_level,
    pick,
    rank,
    shortfall,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


MIN_LENGTH = 3
"""Fewest cells of a path by default: no two-cell paths (adjacent ends, a forced link) unless asked for."""
UNIQUE_ATTEMPTS = 20
"""Covers tried for a unique puzzle whose paths all keep the fewest cells asked for, before allowing shorter ones."""


class NoLongPaths(Exception):
    """No unique puzzle turned up whose paths all have the fewest cells asked for."""


def _differing(solution: NumberlinkSolution, other: NumberlinkSolution) -> set[Cell]:
    """Cells whose links differ between two solutions."""
    return {cell for link in solution.links() ^ other.links() for cell in link}


def _between_touches(solution: NumberlinkSolution) -> set[Cell]:
    """Under no self-touch: for each place a path runs beside itself, the cell after the first of the two
    (cutting there separates them)."""
    cells = set()
    for label, a, b in self_touches(solution):
        route = solution.routes[label]
        i = min(route.index(a), route.index(b))
        cells.add(route[i + 1])
    return cells


def join_paths(grid: Grid, paths: list[Path], rng: random.Random, progress: Progress, checks: Checks,
               chain: list[list[Path]] | None = None) -> list[Path]:
    """Join paths end to end, in random order, wherever the solution stays provably unique.

    A join that once allowed a second solution always will (joining more paths only
    loosens the puzzle), so every candidate is tried once. Each accepted state is appended to ``chain``.
    """
    pending = [(i, j) for i in range(len(paths)) for j in range(i)]
    rng.shuffle(pending)
    paths = [list(path) for path in paths]
    alive = set(range(len(paths)))
    tried = 0
    while pending:
        i, j = pending.pop()
        if i not in alive or j not in alive:
            continue
        for joined in joins(grid, paths[i], paths[j]):
            trial = [paths[k] for k in sorted(alive - {i, j})] + [joined]
            tried += 1
            progress(f"{grid.cols}x{grid.rows}: {len(alive)} paths, joining ({tried} tried)")
            if checks.is_unique(trial):
                paths.append(joined)
                alive = (alive - {i, j}) | {len(paths) - 1}
                if chain is not None:
                    chain.append([paths[k] for k in sorted(alive)])
                fresh = [(len(paths) - 1, k) for k in sorted(alive) if k != len(paths) - 1]
                rng.shuffle(fresh)
                pending += fresh
                break
    return [paths[k] for k in sorted(alive)]


def _repair(grid: Grid, paths: list[Path], rng: random.Random, progress: Progress, checks: Checks,
            min_length: int) -> None:
    """Cut paths of ``paths`` in place until the limited checks find no second solution (or nothing is left to cut).

    While the solver finds a second solution, a path is cut in each region where the solutions differ (they
    mostly differ in several places at once, each a detour of its own that needs a cut): long paths first,
    parts of ``min_length`` (at least three) cells preferred, two-cell parts as a last resort. While the
    checks are undecided, the longest paths are cut one by one (see cuts.cut_until).
    """
    shortests = sorted({max(3, min_length), min_length, 2}, reverse=True)
    while True:
        instance, solution = puzzle_of(grid, paths)
        progress(f"{grid.cols}x{grid.rows}: {len(paths)} paths, checking uniqueness")
        differing: set[Cell] = set() if checks.rules.self_touch else _between_touches(solution)
        if not differing:
            try:
                other = checks.second_solution(instance, solution)
            except SearchLimit:  # undecided: nothing to aim at, so longest paths are cut until a check decides
                if not cut_until(paths, rng, shortests, lambda cover: checks.decides(cover, progress)):
                    return  # nothing left to cut: the final proof decides without limits
                continue
            if other is None:
                return
            differing = _differing(solution, other)
        done = False
        for region in regions(grid, differing):
            done |= cut_near(paths, region, rng, shortests)
        if not done and not cut_near(paths, cells_of(paths), rng, shortests):
            raise VerificationError("internal error: no path can be cut to remove a second Numberlink solution")


def unique_cover(grid: Grid, rng: random.Random, progress: Progress, checks: Checks, min_length: int) -> list[Path]:
    """Paths of at least ``min_length`` cells covering ``grid`` that are their puzzle's one solution under the checks' rules
    (as far as the limited checks tell: the caller proves it); NoLongPaths when the attempts run out.

    Short paths of the cover are merged into neighbours, the cover is cut until unique (see :func:`_repair`),
    and each short part the cuts left is merged into a neighbour where the puzzle stays unique; a short
    part that cannot be means a fresh cover.
    """
    for _ in range(UNIQUE_ATTEMPTS):
        paths = random_cover(grid, rng)
        if not lengthen(grid, paths, rng, min_length):
            continue
        _repair(grid, paths, rng, progress, checks, min_length)
        merged = _merge_short(grid, paths, checks, min_length)
        if merged is not None:
            return merged
    raise NoLongPaths(f"no unique {grid.cols}x{grid.rows} puzzle with paths of {min_length}+ cells")


def _merge_short(grid: Grid, paths: list[Path], checks: Checks, min_length: int) -> list[Path] | None:
    """``paths`` with each path of fewer than ``min_length`` cells the cuts left merged into a neighbour where the
    puzzle stays unique (the first such merge); None when one cannot be."""
    short = [path for path in paths if len(path) < min_length]
    if not short:
        return paths
    with merging(checks, paths, min_length) as is_unique:
        while short:
            path = short.pop()
            fixed = next((cover for cover in merges(grid, paths, path, min_length) if is_unique(cover)), None)
            if fixed is None:
                return None
            paths = fixed
            short = [path for path in paths if len(path) < min_length]
    return paths


def generate_numberlink(grid: Grid, rng: random.Random, progress: Progress, join: bool = False,
                        rules: RuleSet = RuleSet(), min_length: int = MIN_LENGTH) -> NumberlinkInstance:
    """A puzzle on ``grid`` whose one solution under ``rules`` the solver has proved, paths of ``min_length``+ cells.

    With ``join``, paths are then joined end to end while it stays unique: fewer, longer paths.
    """
    with Checks(grid, rules, staged_merges=not join) as checks:  # nothing asks the shared solver after the merges
        paths = _base(grid, rng, progress, checks, min_length)
        if join:
            paths = join_paths(grid, paths, rng, progress, checks)
    instance, solution = puzzle_of(grid, paths)
    prove_unique(instance, solution, rules)
    return instance


def _base(grid: Grid, rng: random.Random, progress: Progress, checks: Checks, min_length: int) -> list[Path]:
    """:func:`unique_cover`, falling back to shorter paths (with a warning) on boards too small for ``min_length``."""
    if grid.size < 2:
        raise UsageError(f"a {grid.cols}x{grid.rows} board has no room for a path: give at least two cells")
    for shortest in range(min_length, 1, -1):
        try:
            paths = unique_cover(grid, rng, progress, checks, shortest)
        except NoLongPaths:
            continue
        if shortest < min_length:
            progress(f"warning: no unique {grid.cols}x{grid.rows} puzzle with paths of {min_length}+ cells turned "
                     f"up in {UNIQUE_ATTEMPTS} tries; this one has paths of {shortest} cells")
        return paths
    raise VerificationError("internal error: no unique Numberlink puzzle even with two-cell paths")


def generate_graded(grid: Grid, rng: random.Random, progress: Progress, rules: RuleSet, min_length: int,
                    target: str) -> tuple[NumberlinkInstance, Picked[list[Path]]]:
    """A proved-unique puzzle whose --analyze grade is ``target`` if one turns up within TRIES covers (else the
    closest): each cover's puzzle, then (as it grades easier or harder than asked) the same with paths joined
    one by one or cut one by one, graded by bisection."""
    extras = {"rules": rules.name, "no_self_touch": not rules.self_touch}
    levels: dict[tuple[tuple[Cell, ...], ...], str] = {}

    def level_of(paths: list[Path]) -> str:
        key = tuple(map(tuple, paths))  # by content: an id() of a chain freed by an earlier try can come back
        if key not in levels:
            progress(f"{grid.cols}x{grid.rows}: {len(paths)} paths, grading")
            levels[key] = grade_level(RULES, puzzle_of(grid, paths)[0], "numberlink", extras)
        return levels[key]

    best: Picked[list[Path]] | None = None
    with Checks(grid, rules) as checks:
        for _ in range(TRIES):
            chain = [_base(grid, rng, progress, checks, min_length)]
            if rank(level_of(chain[0])) < rank(target):  # joins make fewer, longer paths: mostly harder
                join_paths(grid, chain[0], rng, progress, checks, chain)
            elif rank(level_of(chain[0])) > rank(target) and rules.self_touch:
                chain = [*reversed(cut_chain(chain[0], min_length)), *chain]  # more, shorter paths: mostly easier
            best = closer(best, pick(chain, level_of, target), target)
            if best.reached:
                break
    assert best is not None
    if not best.reached:
        progress(shortfall("Numberlink puzzle", best, target, TRIES))
    instance, solution = puzzle_of(grid, best.item)
    prove_unique(instance, solution, rules)
    return instance, best


def prove_unique(instance: NumberlinkInstance, solution: NumberlinkSolution, rules: RuleSet = RuleSet()) -> None:
    """Solve ``instance`` afresh with --unique's machinery; raise unless ``solution`` is its only one."""
    settings = Settings(unique=True, extras={"rules": rules.name, "no_self_touch": not rules.self_touch})
    outcome = solve(RULES, instance, settings, "numberlink")
    found = outcome.solution
    if outcome.uniqueness(settings) is not True or found is None or found.links() != solution.links():
        raise VerificationError("internal error: a generated Numberlink puzzle is not unique after all")


def make(rows: int, cols: int, seed: int | None, options: dict[str, Any], progress: Progress) -> str:
    """``generate numberlink``: a unique puzzle as a W H block (headed by its grade with --difficulty and by the rules
    when they are not the default), or a URL."""
    rules = RuleSet(fill=options.get("rules") != OPEN, self_touch=not options.get("no_self_touch"))
    if options.get("url") and not rules.self_touch:
        raise UsageError(url_cannot_carry(naming_of(options)))
    target = options.get("difficulty") or ANY
    min_length = options.get("min_length") or MIN_LENGTH  # None when not given: --min-length 3 typed out is given
    if options.get("allow_short_paths"):
        if options.get("min_length") not in (None, 2):
            naming = naming_of(options)
            raise UsageError(f"{naming.flag('allow_short_paths')} is {naming.given('min_length', 2)}, which "
                             f"{naming.given('min_length', min_length)} contradicts: give one of them")
        min_length = 2
    rng, grid = random.Random(seed), Grid(rows, cols)
    head = ""
    if target == ANY:
        instance = generate_numberlink(grid, rng, progress, False, rules, min_length)
    else:
        instance, picked = generate_graded(grid, rng, progress, rules, min_length, target)
        head = grade_comment(picked.level, target)
    if not options.get("url"):
        return head + rules_comment(rules) + to_text(instance)
    return to_url(instance, rules) + "\n"


def url_cannot_carry(naming: Naming) -> str:
    """Why ``--url`` is refused beside ``--no-self-touch`` (the options as ``naming`` spells them).

    A puzz.link URL has no place for the convention: pzprjs' numlin and arukone read one flag, ``e`` (cells may
    stay empty), and their answer check never looks for a path beside itself. A puzzle made unique under the
    convention can have a second solution that touches itself, which the URL's solvers would take: the URL is
    not the puzzle that was made, so none is written."""
    url, no_self_touch = naming.flag("url"), naming.flag("no_self_touch")
    return (f"{url} cannot carry {no_self_touch}: a puzz.link URL names the fill or open rule only, so a puzzle "
            f"unique under no-self-touch may have other solutions there; drop {url} (the board is then written "
            f"headed by its '# rules: ..., no-self-touch' line), or drop {no_self_touch}")



GENERATOR = Generator(
    make=make,
    options=(
        Option("difficulty", ("--difficulty",), "Pick the puzzle by its --analyze grade: several are made (paths "
               "joined end to end to make one harder, or cut to make it easier, while it stays unique) and graded; "
               "the output's first line is '# grade: LEVEL', saying so when the level asked for was not reached "
               "(also warned on stderr). any (default): no grading.", kind="choice", choices=(ANY, *TARGETS),
               default=ANY),
        Option("min_length", ("--min-length",), "Paths have at least N cells (default 3: no two-cell paths, "
               "whose link is forced; 2 allows them). A board too small for it gets shorter paths, with a "
               "warning.", kind="int", minimum=2, metavar="N"),
        Option("allow_short_paths", ("--allow-short-paths",), "Same as --min-length 2: two-cell paths allowed."),
        Option("url", ("--url",), "Write each puzzle as a puzz.link URL (arukone under fill, numlin under open); "
               "not with --no-self-touch, which a URL cannot carry."),
        Option("rules", ("--rules",), "The rules the puzzle is unique under: fill (every cell used) or open "
               "(cells may stay empty); open is written above the board as '# rules: open'.", kind="choice",
               choices=RULE_NAMES, default="fill"),
        Option("no_self_touch", ("--no-self-touch",), "Unique under the no-self-touch convention (paths never "
               "run beside themselves), written above the board as '# rules: fill, no-self-touch' (or open)."),
    ),
    width_first=True,
    limit=LIMIT,
)
