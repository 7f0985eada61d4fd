"""When the strengthened encoding finds nothing, search it again with its endpoint rule lifted where a refutation
needs it.

The strengthening's endpoint rule (a cell of an endpoint's colour beside it is linked to it) holds in published
puzzles' answers, but not in all of them: under the fill rule a path may pass beside its own endpoint and come back
to it, since the shortcut would leave cells empty. janko.at's Arukone #190 (35x48, 40 pairs) does; its strengthened
encoding is refuted in 300 conflicts, and the complete encoding found no model in 100 s. Here each endpoint's rule
holds under a guard literal, the search runs with every guard assumed, and when it is refuted the guards in the
solver's core (the endpoints the refutation used) are dropped and the search goes on: #190 is solved in the second
call, 7 endpoints relaxed, 0.2 s. Of janko.at's 840 Arukone answers it is the only one that breaks the rule.

Incomplete all the same (the 2x2 part of the strengthening stays, and the search has a conflict budget): finding
nothing leaves the question to the complete encoding, which decides by the rules themselves.
"""

from __future__ import annotations

from satpuzzles.core.outcome import SolveStats
from satpuzzles.puzzles.numberlink.encoding import NumberlinkEncoding
from satpuzzles.puzzles.numberlink.model import NumberlinkInstance, NumberlinkSolution, RuleSet
from satpuzzles.puzzles.numberlink.preset import PresetEncoding, budgeted_stage_name
from satpuzzles.solve.limited import SearchLimit, budgeted_backend
from satpuzzles.solve.loop import lazy_solutions

RELAXED_CONFLICTS = 20_000
"""Conflicts one SAT call of the relaxed search may take."""
RELAXED_CALLS = 20
"""SAT calls (relaxations and cycle cuts) the relaxed search may make."""


def relaxed_stage_name(solver: str) -> str:
    """The stage's name, with the solver that searched when it is not the one -s names."""
    return budgeted_stage_name("strengthened, relaxed at endpoints", solver)


def relaxed_solution(instance: NumberlinkInstance, rules: RuleSet, solver: str, stats: SolveStats,
                     conflicts: int = RELAXED_CONFLICTS, calls: int = RELAXED_CALLS) -> NumberlinkSolution | None:
    """A solution of the strengthened encoding under ``rules``, its endpoint rule lifted at the endpoints the
    refutations named, found by ``searcher(solver)`` within ``calls`` SAT calls of ``conflicts``; None when none
    was. Its SAT calls, cuts and seconds are added to ``stats``."""
    encoding = NumberlinkEncoding(instance, strengthened=True, rules=rules, drop_loops=True, guard_ends=True)
    guarded = dict.fromkeys(encoding.end_guards.values())  # ordered, for a deterministic search
    with budgeted_backend(solver, conflicts) as backend:
        backend.calls_left = calls
        backend.add_clauses(encoding.formula.clauses)
        try:
            while True:
                found = next(lazy_solutions(encoding, backend, stats, assumptions=list(guarded)), None)
                if found is not None:
                    return found
                named = [lit for lit in backend.core() if lit in guarded]
                if not named:  # refuted without the endpoint rule: only the complete encoding may say more
                    return None
                for lit in named:
                    del guarded[lit]
        except SearchLimit:
            return None


def relaxed_first(instance: NumberlinkInstance, rules: RuleSet, solver: str) -> PresetEncoding:
    """The stage's encoding: the board's encoding restricted to a relaxed solution found within the budget
    (unsatisfiable when none was), the search kept as its ``searched`` statistics."""
    searched = SolveStats()
    found = relaxed_solution(instance, rules, solver, searched)
    return PresetEncoding(relaxed_stage_name(solver), instance, rules, found, searched)
