"""Under the open rule, first try to fill the board: a filling is an open solution too, and far easier to find.

An open board gives a SAT solver little to hold on to (cells may stay empty, so paths can
wander anywhere), while the fill rule's "every cell has two links" propagates at every
cell: on the janko set, 25x25 boards the open encoding cannot solve in 200,000 conflicts
fill in a few hundred. Most puzzles, even under the open rule, have a filling solution;
so this incomplete stage searches the fill encoding within a conflict budget (200,000 in all) and, when it
finds a filling, hands it on as a formula whose only model it is. When it finds none, the
open encoding decides as before. The search runs in the solver -s names when it takes a conflict
budget, else in Glucose, and the stage's name then says so ("fill first (by glucose4)"): without the
stage, Kissat took 403 s to solve janko #66 under open, which the filling settles at once.
"""

from __future__ import annotations

from satpuzzles.core.outcome import SolveStats
from satpuzzles.puzzles.numberlink.encoding import NumberlinkEncoding
from satpuzzles.puzzles.numberlink.model import NumberlinkInstance, NumberlinkSolution, RuleSet
from satpuzzles.puzzles.numberlink.preset import PresetEncoding, budgeted_stage_name
from satpuzzles.puzzles.numberlink.relaxed import relaxed_solution
from satpuzzles.puzzles.numberlink.shortcuts import untouched
from satpuzzles.solve.limited import first_within

FILL_CONFLICTS = 10_000
"""Conflicts one SAT call of the fill search may take."""
FILL_CALLS = 20
"""SAT calls (cycle cuts) the fill search may make: at most 200,000 conflicts in all before the open
encoding takes over."""


def fill_stage_name(solver: str) -> str:
    """The stage's name, with the solver that searched when it is not the one -s names."""
    return budgeted_stage_name("fill first", solver)


def bounded_filling(instance: NumberlinkInstance, self_touch: bool, solver: str,
                    stats: SolveStats | None = None) -> NumberlinkSolution | None:
    """A solution under the fill rule found within the budget by ``searcher(solver)``, or None; its SAT calls,
    cuts and seconds are added to ``stats``. Under no self-touch, when no such filling is found, a filling that
    touches itself cut short where it does: an open solution, no longer a filling (shortcuts.py)."""
    stats = stats if stats is not None else SolveStats()
    if self_touch:  # the strengthened encoding, its endpoint rule lifted where a refutation needs it (relaxed.py)
        return relaxed_solution(instance, RuleSet(True, True), solver, stats, FILL_CONFLICTS, FILL_CALLS)
    encoding = NumberlinkEncoding(instance, strengthened=False, rules=RuleSet(True, False))
    filling = first_within(encoding, solver, FILL_CONFLICTS, stats, FILL_CALLS)
    if filling is not None:
        return filling
    # No filling that keeps off itself within the budget: one that may touch itself, cut short where it does.
    touching = relaxed_solution(instance, RuleSet(True, True), solver, stats, FILL_CONFLICTS, FILL_CALLS)
    return None if touching is None else untouched(touching)


def fill_first(instance: NumberlinkInstance, rules: RuleSet, solver: str) -> PresetEncoding:
    """The stage's encoding: the open encoding restricted to a filling found within the budget (unsatisfiable
    when none was), the search for it made here and kept as its ``searched`` statistics."""
    searched = SolveStats()
    filling = bounded_filling(instance, rules.self_touch, solver, searched)
    return PresetEncoding(fill_stage_name(solver), instance, rules, filling, searched)
