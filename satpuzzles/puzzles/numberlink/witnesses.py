"""Other solutions found cheaply for --analyze, before its whole-board questions (``Rules.witnesses``).

The backbone search (solve.analysis) asks the complete encoding, again and again, for a
solution that flips a decision no solution has flipped yet. On open fill boards with many
solutions those questions are slow (the seed's 40x10 board: 10-80 s each, past 400 s in all),
yet most of their answers are near solutions already found. So first:

1. a *walk*: windows of the board, each searched with everything outside it fixed as in the
   current solution and at least one undecided decision inside flipped, within a conflict
   budget; each solution found becomes the current one, so the walk spreads changes across the
   board window by window;
2. a whole-board flip search in a *sub-encoding* whose solutions are solutions under the rules
   in force, but which the solver searches far faster: under fill with self-touch the encoding
   without 2-opt moves and pushes (twoopt.py, pushes.py), under open with self-touch the open
   encoding without self-touch; each solution found starts a walk of its own. A question it
   cannot answer within its budget ends this step.

Every solution goes to ``found``, which verifies it by the rules. What is left undecided goes to the
complete encoding's questions, which decide, with one exception proved here: under open with self-touch,
a cell S uses that no open solution *without* self-touch leaves empty (the sub-encoding's search ended
with no such solution) is used by every open solution. For cut a solution T short wherever it runs
beside itself, again and again: that only empties cells, and ends at a solution without self-touch
(unique.py's open_reduction), which would leave the cell empty if T did. Flow Free's regular 7x7 under
open: 37 of the 121 decisions the walks leave are proved so, without the complete encoding's questions.
The seed's 40x10 board under fill: 739 of its 750 links flipped this way in 8-12 s, and the other
11 are refuted by unit propagation, so the complete encoding is never asked.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, cast

from satpuzzles.core.outcome import Settings, SolveStats
from satpuzzles.geometry import Cell
from satpuzzles.core.records import replace
from satpuzzles.puzzles.numberlink.encoding import NumberlinkEncoding
from satpuzzles.puzzles.numberlink.model import NumberlinkInstance, NumberlinkSolution, RuleSet, rules_in_force
from satpuzzles.puzzles.numberlink.unique import search_encoding, window_backend, windows
from satpuzzles.solve.backbone import narrow
from satpuzzles.solve.backends import Backend
from satpuzzles.solve.limited import LimitedBackend, SearchLimit
from satpuzzles.solve.loop import lazy_solutions

WALK_WINDOWS = ((4, 2), (6, 3), (8, 4), (10, 5))
"""(side, stride) of the walk's square windows, smallest first."""
WALK_CONFLICTS = 2_000
"""Conflicts one window's SAT call may take (where the solver takes a budget)."""
WALK_PASSES = 10
"""Most passes over the windows; a pass that flips nothing ends the walk sooner."""
WALK_MAX_CELLS = 10_000
"""Largest board walked: each window's assumptions list the board's links, so a pass costs cells x windows."""
SOURCE_CONFLICTS = 200_000
"""Conflicts one question of the sub-encoding's flip search may take before the step gives up."""

Found = Callable[[NumberlinkSolution], None]


def seek_witnesses(instance: NumberlinkInstance, settings: Settings, first: NumberlinkSolution,
                   left: set[Hashable], found: Found, stats: SolveStats | None = None) -> set[Hashable]:
    """Hand ``found`` other solutions flipping keys of ``left`` (which ``found`` shrinks): walks, then a sub-encoding.

    Returns the keys proved forced on the way: under open with self-touch, the cells ``first`` uses that no
    solution without self-touch leaves empty (see the module)."""
    if instance.grid.size > WALK_MAX_CELLS:
        return set()
    rules = rules_in_force(instance, settings.extras)
    walk = _Walk(instance, rules, str(settings.solver), left, found, stats or SolveStats())
    with walk.backend:
        walk.run(first)
        source = _source_encoding(instance, rules)
        if source is None or not left:
            return set()
        unflipped = _source_search(source, first, walk)
    if rules.fill:
        return set()
    used = {cell for route in first.routes.values() for cell in route}
    return {key for key in unflipped & left if key in used}


class _Walk:
    """Window walks in one incremental solver holding the complete encoding (its cuts stay: they are sound)."""

    def __init__(self, instance: NumberlinkInstance, rules: RuleSet, solver: str, left: set[Hashable],
                 found: Found, stats: SolveStats) -> None:
        self.rules, self.left, self.found = rules, left, found
        self.encoding = NumberlinkEncoding(instance, False, rules)
        self.var_of = self.encoding.decisions()
        self.backend: Backend = window_backend(solver)
        if isinstance(self.backend, LimitedBackend):
            self.backend.conflicts = WALK_CONFLICTS
        self.backend.add_clauses(self.encoding.formula.clauses)
        self.windows = windows(instance.grid, WALK_WINDOWS)
        self.stats = stats

    def run(self, start: NumberlinkSolution) -> None:
        """Walk from ``start`` until a pass over the windows flips nothing of ``left``."""
        made = self.encoding.decided(start)
        for _ in range(WALK_PASSES):
            before = len(self.left)
            for window in self.windows:
                if not self.left:
                    return
                found = self._step(window, made)
                if found is not None:
                    made = self.encoding.decided(found)
            if len(self.left) == before:
                return

    def _step(self, window: tuple[int, int, int, int], made: set[Hashable]) -> NumberlinkSolution | None:
        """A solution equal outside ``window`` to the current one (whose decided keys are ``made``) that flips a
        key of ``left`` inside it, or None."""
        top, left_edge, bottom, right = window

        def inside(key: Hashable) -> bool:
            return all(top <= r < bottom and left_edge <= c < right for r, c in _cells(key))

        flips = [-self.var_of[key] if key in made else self.var_of[key] for key in self.left if inside(key)]
        if not flips:
            return None
        fixed = [var if key in made else -var for key, var in self.var_of.items() if not inside(key)]
        selector = self.backend.new_var()
        self.backend.add_clauses([[-selector, *flips]])
        try:
            solution = next(lazy_solutions(self.encoding, self.backend, self.stats, assumptions=[*fixed, selector]),
                            None)
        except SearchLimit:
            solution = None
        self.backend.add_clauses([[-selector]])
        if solution is not None:
            self.found(solution)
        return solution


def _cells(key: Hashable) -> tuple[Cell, ...]:
    """The cells of a decision key: a link's two, or the cell itself (under the open rule)."""
    pair = cast("tuple[Any, Any]", key)
    return pair if isinstance(pair[0], tuple) else (cast(Cell, pair),)


def _source_encoding(instance: NumberlinkInstance, rules: RuleSet) -> NumberlinkEncoding | None:
    """An encoding whose solutions are solutions under ``rules`` and which is far faster to search (None: none)."""
    if not rules.self_touch:
        return None  # the complete encoding already holds the rule that prunes most
    if rules.fill:
        return search_encoding(instance, rules, True, None)  # no 2-opt moves, no pushes
    return search_encoding(instance, RuleSet(fill=False, self_touch=False), False, None)


def _source_search(source: NumberlinkEncoding, first: NumberlinkSolution, walk: _Walk) -> set[Hashable]:
    """The flip search of solve.backbone in ``source``, each witness walked from: the keys no solution of ``source``
    flips (empty when a question ran over its budget, which ends the search)."""
    var_of, left = source.decisions(), walk.left
    first_made = source.decided(first)
    flip_of = {key: -var if key in first_made else var for key, var in var_of.items()}
    key_of = {lit: key for key, lit in flip_of.items()}
    stats = walk.stats
    with LimitedBackend(SOURCE_CONFLICTS) as backend:
        backend.add_clauses(source.formula.clauses)

        def witness(question: list[int], candidates: set[int]) -> set[int] | None:
            solution = next(lazy_solutions(source, backend, stats, assumptions=question), None)
            if solution is None:
                return None
            solution = replace(solution, rules=walk.rules)  # a solution under the sub-encoding's rules and ours
            walk.found(solution)
            walk.run(solution)
            return {lit for lit in candidates if key_of[lit] not in left}

        try:
            # No phases toward the flips: the seed's 40x10 board took 21 s with them, 11.5 s without.
            stuck = narrow(backend, [flip_of[key] for key in var_of if key in left], witness, single_tail=0,
                           prefer_flips=False)
        except SearchLimit:
            return set()
    return {key_of[lit] for lit in stuck}
