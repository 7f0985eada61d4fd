"""Under the open rule, search the canonical solutions next: paths that never run beside themselves and have no
corner that turns the lighter way round an empty cell.

Theorem (flips.py, witnesses.py): from any open solution, with or without self-touch, cutting a path short where
it runs beside itself and flipping a corner to its lighter empty diagonal cell (``2 * row + col``) end, since
each move lowers (used cells, their weight); what they end at is such a solution. So the canonical encoding
has a model exactly when the board has an open solution, and its extra clauses are local and strong: they
prune the wandering routes that make the open encoding slow on published puzzles, which are unique, and
whose answer is therefore canonical itself (a shortcut or a flip of it would be a second solution). janko.at
Arukone #430 (15x15): 38 s with the open encoding, 1.6 s here; #455: 5.7 -> 0.2 s.

An incomplete stage all the same (what it finds is verified like any answer): it searches within a conflict
budget, in the solver -s names when that takes one (else in Glucose, as fill first does), and finding nothing
there leaves the question to the next stage, which decides by the rules themselves.
"""

from __future__ import annotations

from satpuzzles.core.outcome import SolveStats
from satpuzzles.core.records import replace
from satpuzzles.puzzles.numberlink.encoding import NumberlinkEncoding
from satpuzzles.puzzles.numberlink.flips import exclude_downhill_flips
from satpuzzles.puzzles.numberlink.model import NumberlinkInstance, NumberlinkSolution, RuleSet
from satpuzzles.puzzles.numberlink.preset import PresetEncoding, budgeted_stage_name
from satpuzzles.solve.limited import first_within

CANONICAL_CONFLICTS = 200_000
"""Conflicts the canonical search may take before the next stage takes over."""


def canonical_stage_name(solver: str) -> str:
    """The stage's name, with the solver that searched when it is not the one -s names."""
    return budgeted_stage_name("canonical first", solver)


def canonical_encoding(instance: NumberlinkInstance) -> NumberlinkEncoding:
    """The open encoding with no self-touch and no downhill corner flip: its models are the canonical solutions."""
    encoding = NumberlinkEncoding(instance, False, RuleSet(fill=False, self_touch=False), drop_loops=True)
    exclude_downhill_flips(encoding, instance, True)
    return encoding


def bounded_canonical(instance: NumberlinkInstance, solver: str, stats: SolveStats,
                      conflicts: int = CANONICAL_CONFLICTS) -> NumberlinkSolution | None:
    """An open solution without self-touch or downhill flips found within ``conflicts``, or None; its SAT calls and
    seconds are added to ``stats``."""
    return first_within(canonical_encoding(instance), solver, conflicts, stats)


def canonical_first(instance: NumberlinkInstance, rules: RuleSet, solver: str) -> PresetEncoding:
    """The stage's encoding: the open encoding restricted to a canonical solution found within the budget
    (unsatisfiable when none was), the search kept as its ``searched`` statistics."""
    searched = SolveStats()
    found = bounded_canonical(instance, solver, searched)
    found = None if found is None else replace(found, rules=rules)
    return PresetEncoding(canonical_stage_name(solver), instance, rules, found, searched)
