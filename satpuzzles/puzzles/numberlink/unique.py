"""Deciding uniqueness fast: find the first solution, then look for a second one where it is likely.

Second solutions of published puzzles are local: a path doubling back beside itself,
or (under the open rule) a path taking a shorter way and leaving cells empty. So after
the first solution S (by the ordinary stages) the search for another goes, in order:

1. constructively, by the reverse of each move whose pattern steps 2-3 skip (below): a
   path of S beside itself shortcut, a link of S detoured through empty cells, a corner of
   S flipped to its empty diagonal cell (open rule), a 2-opt move or a U-turn push (fill
   rule with self-touch); any valid one is a second solution at once;
2. in one incremental solver holding the complete encoding, S blocked and S's links as
   the preferred phases: windows of the board with everything outside fixed as in S (the
   solver's assumptions), each a small search within a conflict budget (those that run out
   are tried again with a larger one, then left to step 3);
   under open, when S fills the board, then the same windows in the fill search: another
   filling is an open solution too, and under no self-touch it is shortcut where it runs
   beside itself until it does not (valid when the result is not S, and verified);
3. the whole board, in a fresh solver (whole_board.py; under fill, the open rule's proof takes turns
   with it). Only this step can prove uniqueness.

Under the open rule with self-touch allowed, steps 2 and 3 search the open *no-self-touch*
encoding, whose extra rule prunes far more, by this theorem (open_reduction): shortcut any
open solution T where it runs beside itself, again and again; the result is an open
solution without self-touch. If the result is not S, it is a second no-self-touch
solution; if it is S, T is S with links replaced by ways round through cells S leaves
empty, and then S itself has such a detour (the last one put back), which step 1 finds.
So when S touches nowhere and has no detour, S is unique under open exactly when it is
unique under open with no self-touch. Under open with no self-touch, when S has no detour
and no corner flip even with self-touch allowed, the same search decides: a solution it
finds keeps the rule, and S unique under open is unique under the stricter rule.

Each search skips solutions that a move makes simpler, by a theorem with a potential that
every move lowers (so a second solution leads to one without the patterns, or to S by a
move that step 1 reverses): under open, downhill corner flips (flips.py); under fill with
self-touch, 2-opt moves (twoopt.py) and U-turn pushes (pushes.py).

Each second solution is verified by the rules like any other.
"""

from __future__ import annotations

from collections.abc import Collection

from satpuzzles.core.outcome import Outcome, Settings, SolveStats, Timer
from satpuzzles.core.records import deferred, replace
from satpuzzles.core.spec import Rules, Strategy
from satpuzzles.geometry import Cell, Grid
from satpuzzles.puzzles.numberlink.encoding import NumberlinkEncoding
from satpuzzles.puzzles.numberlink.flips import corner_flip
from satpuzzles.puzzles.numberlink.model import NumberlinkInstance, NumberlinkSolution, RuleSet, rules_in_force, verify
from satpuzzles.puzzles.numberlink.pushes import reverse_push
from satpuzzles.puzzles.numberlink.shortcuts import shortcut, untouched
from satpuzzles.puzzles.numberlink.staging import STAGED
from satpuzzles.puzzles.numberlink.twoopt import reverse_move
from satpuzzles.puzzles.numberlink.whole_board import (
    PROBE_FROM_CELLS,
    probe_whole_board,
    search_encoding,
    whole_board_second,
)
from satpuzzles.solve.backends import make_backend
from satpuzzles.solve.limited import LimitedBackend, SearchLimit, budgeted_backend, takes_budget
from satpuzzles.solve.loop import lazy_solutions
from satpuzzles.solve.pipeline import run_stages

UNIQUE_MAX_CELLS = 250_000
"""Largest board whose uniqueness is searched: the complete encoding of a million cells needs gigabytes."""
WINDOWS = ((6, 3), (10, 5), (14, 7))
"""(side, stride) of the square windows searched around the first solution, smallest first."""
WINDOW_CONFLICTS = (5_000, 20_000)
"""Conflicts one SAT call in a window may take, pass by pass: the windows that ran out are searched again
with the next budget. Janko #176 under fill: one 14x14 window took 135,000 conflicts to show it holds no
second solution, while the next found one in 1,000; #169 under fill has one only in a window that takes
10,000 (and the whole board then took 370 s)."""


def detour(instance: NumberlinkInstance, solution: NumberlinkSolution) -> NumberlinkSolution | None:
    """S with one link replaced by a way round through empty cells (valid when cells may stay empty)."""
    grid = instance.grid
    used = solution.cells()
    for label, route in solution.routes.items():
        for i, (u, v) in enumerate(zip(route, route[1:])):
            way = _empty_way(grid, used, u, v)
            if way is not None:
                longer = route[: i + 1] + tuple(way) + route[i + 1 :]
                return replace(solution, routes={**solution.routes, label: longer})
    return None


def _empty_way(grid: Grid, used: set[Cell], u: Cell, v: Cell) -> list[Cell] | None:
    """A path of empty cells from a neighbour of ``u`` to a neighbour of ``v`` (breadth first), or None."""
    return grid.shortest_way(grid.neighbours4(u), set(grid.neighbours4(v)), used)


def windows(grid: Grid, sizes: tuple[tuple[int, int], ...] = WINDOWS) -> list[tuple[int, int, int, int]]:
    """Overlapping square windows (top, left, bottom, right exclusive) covering the board, small ones first."""
    found: list[tuple[int, int, int, int]] = []
    for side, stride in sizes:
        def starts(size: int) -> list[int]:
            last = max(size - side, 0)
            return sorted({min(s, last) for s in range(0, last + stride, stride)})

        for r in starts(grid.rows):
            for c in starts(grid.cols):
                window = (r, c, min(r + side, grid.rows), min(c + side, grid.cols))
                if window not in found and window != (0, 0, grid.rows, grid.cols):
                    found.append(window)  # the whole board is step 3's, in a solver without S's phases
    return found


def solve_unique(instance: NumberlinkInstance, settings: Settings) -> Outcome[NumberlinkSolution]:
    """The first solution and a second one (or the proof there is none), searched as the module says; for
    --count N over 2, when there is a second, the next ones (_enumerate)."""
    first = run_stages(STAGED, instance, replace(settings, count=1, unique=False), "numberlink")
    if first.status != "solved" or first.solution is None:
        return first
    decided = _decide(instance, first.solution, replace(settings, count=2), first.stats, WINDOWS)
    decided.dimacs = first.dimacs  # -o: the stage that found the solution (not the first stage, built afresh)
    if settings.wanted <= 2 or decided.exhausted or len(decided.solutions) < 2:
        return decided
    return _enumerate(instance, settings, decided.solutions, decided.stats)


NEAR_SOLUTIONS = 4
"""For --count N: the latest solutions whose windows are searched for the next one."""
QUICK_CONFLICTS = 1_000
"""For --count N: conflicts the whole board may take for the next solution before the windows are searched."""


def _enumerate(instance: NumberlinkInstance, settings: Settings, found: list[NumberlinkSolution],
               stats: SolveStats) -> Outcome[NumberlinkSolution]:
    """Up to settings.wanted solutions, each after ``found`` blocked: the next one by the whole board within
    QUICK_CONFLICTS, else in the windows of the latest few solutions, else by the whole board without limit (a
    solver without conflict budgets: the whole board at once). Only a whole-board call proves there are no more.

    The complete encoding under the rules in force, with nothing skipped: every solution is counted. The
    whole board finds the next of many solutions at once (an 8x8 board with one pair: 500 in 0.35 s, 7.6 s
    by windows alone), while janko #176's under fill lie in each other's windows and the whole board took 428 s
    to find the second."""
    rules = rules_in_force(instance, settings.extras)
    encoding = NumberlinkEncoding(instance, False, rules, drop_loops=True)
    solutions = list(found)
    if settings.on_progress is not None:
        settings.on_progress("solution", solutions[-1], stats)  # the second; the first was reported when found
    solver = str(settings.solver)
    quick = takes_budget(solver)
    with (budgeted_backend(solver, QUICK_CONFLICTS) if quick else make_backend(solver)) as whole:
        whole.add_clauses(encoding.formula.clauses)
        unblocked = list(solutions)  # solutions not yet blocked in the whole-board solver

        def on_whole_board(conflicts: int | None) -> NumberlinkSolution | bool:
            """The next solution, False when there is none, True when the conflicts ran out."""
            if isinstance(whole, LimitedBackend):
                whole.conflicts = conflicts
            whole.add_clauses([encoding.block(solution) for solution in unblocked])
            unblocked.clear()
            try:
                return next(iter(lazy_solutions(encoding, whole, stats)), False)
            except SearchLimit:
                return True

        while len(solutions) < settings.wanted:
            # Without a conflict budget the windows cannot be tried and left: the whole board decides at once.
            new = on_whole_board(QUICK_CONFLICTS if quick else None)
            if new is True:
                new = next((other for base in reversed(solutions[-NEAR_SOLUTIONS:])
                            if (other := _in_windows(instance, encoding, base, settings, stats, WINDOWS,
                                                     blocked=solutions)) is not None), None) \
                    or on_whole_board(None)
            if new is False:
                return Outcome("solved", solutions, True, stats)
            assert not isinstance(new, bool)
            solutions.append(replace(new, rules=rules))
            unblocked.append(new)
            if settings.on_progress is not None:
                settings.on_progress("solution", solutions[-1], stats)
    return Outcome("solved", solutions, False, stats)


def unique_given(instance: NumberlinkInstance, settings: Settings, solution: NumberlinkSolution,
                 stats: SolveStats) -> bool | None:
    """Whether ``solution`` is the only one (for --analyze): the module's steps, from S. The windows find the
    second solutions of most boards at once: without them the whole board took 33 s to find one on janko #66
    under open (0.11 s with them), and proving a unique board cost about as much either way (the seed's 42x25
    3.4 s without, 2.2 s with; janko #105 2.1 / 1.8 s, #269 1.2 / 1.3 s)."""
    searched = SolveStats()  # its own: the search's sizes and stages are not the solve's
    outcome = _decide(instance, solution, replace(settings, unique=True, count=2), searched, WINDOWS)
    stats.absorb(searched)
    return outcome.uniqueness(replace(settings, unique=True, count=2))


def _decide(instance: NumberlinkInstance, solution: NumberlinkSolution, settings: Settings, stats: SolveStats,
            sizes: tuple[tuple[int, int], ...]) -> Outcome[NumberlinkSolution]:
    rules = rules_in_force(instance, settings.extras)
    if instance.grid.size > UNIQUE_MAX_CELLS:
        message = f"uniqueness is not searched on boards over {UNIQUE_MAX_CELLS:,} cells (memory)"
        return Outcome("solved", [solution], False, stats, message=message)
    other = _second_at_once(instance, solution, rules)
    if other is not None:
        return Outcome("solved", [solution, replace(other, rules=rules)], False, stats)
    search, flips = rules, None
    if not rules.fill:
        # Under open, S touches nowhere and has no detour (checked): search under open with no self-touch
        # (open_reduction). Under open with no self-touch, a detour or a flip of S that touches leaves only
        # the flips that keep the rule to skip; without them, S unique under open is unique under both.
        as_open = rules.self_touch or (detour(instance, solution) is None and
                                       corner_flip(instance, solution, RuleSet(fill=False)) is None)
        search, flips = RuleSet(fill=False, self_touch=False), as_open
    outcome = _search(instance, search, solution, settings, stats, rules.fill and rules.self_touch, flips, sizes,
                      None if rules.fill else rules)
    outcome.solutions = [replace(found, rules=rules) for found in outcome.solutions]
    return outcome


def _second_at_once(instance: NumberlinkInstance, solution: NumberlinkSolution,
                    rules: RuleSet) -> NumberlinkSolution | None:
    """A second solution made from S directly: the moves whose patterns the search skips, reversed on S."""
    if rules.fill:
        return (reverse_move(solution) or reverse_push(instance, solution)) if rules.self_touch else None
    if rules.self_touch:
        other = shortcut(solution) or detour(instance, solution)
        if other is not None:
            return other
    return corner_flip(instance, solution, rules)


def _search(instance: NumberlinkInstance, rules: RuleSet, solution: NumberlinkSolution, settings: Settings,
            stats: SolveStats, without_pattern: bool, flips: bool | None,
            sizes: tuple[tuple[int, int], ...], open_rules: RuleSet | None = None) -> Outcome[NumberlinkSolution]:
    with Timer(stats, "encode_seconds"):
        encoding = search_encoding(instance, rules, without_pattern, flips, drop_loops=True)
    stats.stages.append("unique")
    stats.encoding, stats.variables, stats.clauses = "complete", encoding.formula.num_vars, encoding.formula.num_clauses
    solver = str(settings.solver)
    if sizes and instance.grid.size >= PROBE_FROM_CELLS and takes_budget(solver):
        probed = probe_whole_board(encoding, solution, solver, stats)
        if probed is not True:  # decided: the whole board's answer, as below
            return Outcome("solved", [solution] if probed is False else [solution, probed], probed is False, stats)
    if sizes:
        other = _in_windows(instance, encoding, solution, settings, stats, sizes)
        if other is None and open_rules is not None:
            other = _from_a_filling(instance, solution, settings, stats, sizes, open_rules)
        if other is not None:
            return Outcome("solved", [solution, other], False, stats)
    # The whole board in a fresh solver: S's phases, which find nearby solutions in the windows, slowed
    # the proof that there is none (the seed's 42x25 board under fill: 16.7 s with them, 4.3 s without).
    # Under fill, the open rule's proof takes turns with it when S has no open second solution at once.
    beside = rules.fill and _second_at_once(instance, solution, RuleSet(fill=False)) is None
    other = whole_board_second(instance, encoding, solution, solver, stats, beside)
    return Outcome("solved", [solution] if other is None else [solution, other], other is None, stats)


def _in_windows(instance: NumberlinkInstance, encoding: NumberlinkEncoding, solution: NumberlinkSolution,
                settings: Settings, stats: SolveStats,
                sizes: tuple[tuple[int, int], ...],
                budgets: tuple[int, ...] | None = None,
                blocked: Collection[NumberlinkSolution] = ()) -> NumberlinkSolution | None:
    """A solution of ``encoding`` other than S (and ``blocked``) that differs from S inside one window, or None.

    Each SAT call has a budget of conflicts (in the solver searcher() picks): the windows that ran out are
    searched again with the next budget of WINDOW_CONFLICTS, and after the last left to the whole-board
    search, which alone decides. Conflicts, not seconds: the same windows are searched on a loaded machine."""
    links = solution.links()
    with budgeted_backend(str(settings.solver), WINDOW_CONFLICTS[0]) as backend:
        backend.add_clauses(encoding.formula.clauses)
        backend.add_clauses([encoding.block(other) for other in (solution, *blocked)])
        backend.set_phases([var if pair in links else -var for pair, var in encoding.link_var.items()])
        # Outside a window: S's links, and S's empty cells left empty; the degrees then keep every
        # other link off (fewer assumptions than one per link, the same search).
        kept = [(r1, c1, r2, c2, var) for ((r1, c1), (r2, c2)), var in encoding.link_var.items()
                if ((r1, c1), (r2, c2)) in links]
        used = solution.cells()
        empty = [(r, c, -var) for (r, c), var in encoding.paths.used.items() if (r, c) not in used]
        pending = windows(instance.grid, sizes)
        for budget in budgets or WINDOW_CONFLICTS:
            backend.conflicts = budget
            out_of_conflicts = []
            for window in pending:
                top, left, bottom, right = window  # a link's first cell is up or left
                fixed = [var for r1, c1, r2, c2, var in kept
                         if not (top <= r1 and r2 < bottom and left <= c1 and c2 < right)]
                fixed += [lit for r, c, lit in empty if not (top <= r < bottom and left <= c < right)]
                try:
                    for other in lazy_solutions(encoding, backend, stats, assumptions=fixed):
                        return other
                except SearchLimit:
                    out_of_conflicts.append(window)
            pending = out_of_conflicts
    return None


def _from_a_filling(instance: NumberlinkInstance, solution: NumberlinkSolution, settings: Settings,
                    stats: SolveStats, sizes: tuple[tuple[int, int], ...],
                    rules: RuleSet) -> NumberlinkSolution | None:
    """Under open, when S fills the board: a second solution made from another filling, sought in the windows
    of the fill search (which propagates at every cell), or None.

    A filling is an open solution; under no self-touch it is shortcut where it runs beside itself, again
    and again, which keeps it an open solution and ends at one without self-touch (open_reduction), used
    when it is not S. Janko #176: its open second solutions differ from S in 86 links or more, far
    beyond the open windows; a second filling differs in 24 and lies in a 14x14 window of the fill search.
    That search skips 2-opt moves and pushes as step 3 does under fill: without them its windows found no
    second filling of #176 (undecided at 5 s).
    """
    if sum(len(route) for route in solution.routes.values()) != instance.grid.size:
        return None
    fill = RuleSet(fill=True, self_touch=True)
    filling = _in_windows(instance, search_encoding(instance, fill, True, None), solution, settings, stats, sizes,
                          WINDOW_CONFLICTS[:1])
    if filling is None:
        return None
    other = replace(filling, rules=rules)
    if not rules.self_touch:
        other = untouched(other)
    return None if other.links() == solution.links() or verify(instance, other) else other


def _refuses(settings: Settings) -> str | None:
    if settings.wanted < 2:
        flag = settings.naming.flag
        return f"it decides whether there is a second solution ({flag('unique')}, {flag('count')} N over 1)"
    if settings.wanted > 2 and settings.want_dimacs:  # -o: the cnf method's formula with the cuts it learned
        return "-o with --count N over 2 writes the formula the cnf method enumerates"
    return None


UNIQUE: Strategy[NumberlinkInstance, NumberlinkSolution] = Strategy(
    "unique", "--unique and --count N: a second solution sought near the first (shortcuts, windows) before the "
    "whole board; --count N over 2 then seeks each further one near those found, then on the whole board",
    solve_unique, _refuses)
RULES: Rules[NumberlinkInstance, NumberlinkSolution] = replace(
    STAGED, strategies=(UNIQUE,), unique_given=unique_given,
    witnesses=deferred("satpuzzles.puzzles.numberlink.witnesses", "seek_witnesses"),  # --analyze only
    implied=deferred("satpuzzles.puzzles.numberlink.sides", "implied_sides"))
"""How Numberlink is solved and checked: the stages, the uniqueness strategy for --unique, and --analyze's
cheap search for other solutions."""
