"""A puzzle's difficulty grade: the rounds of unit propagation and failed-literal probing its deduction takes.

The deduction runs on the complete encoding plus the cuts learnt while analysing it (sub-loop
bans, cycle cuts): the lazily enforced rules are known to it only through those clauses.
Round 0 is unit propagation alone. Each further round assumes, one at a time, each literal
of every decision not yet known and propagates; a literal whose propagation conflicts is
refuted, so its negation holds (single-assumption refutation, as a person who tries "what
if this edge were used?" and meets a contradiction at once). A round's refutations are all
made against the state the round started from and added together at its end, with what
they propagate, so the count of rounds does not depend on the order decisions are tried in.
Unit propagation's result does not depend on the solver either, so a grade is reproducible.

Deduction stops when every forced decision is known (or a round finds nothing new: then the
puzzle needs search, by these means). The level is read from the rounds: see LEVELS.
"""

from __future__ import annotations

from collections.abc import Sequence

from satpuzzles.cnf.formula import Clause
from satpuzzles.core.outcome import DEFAULT_SOLVER, Grade
from satpuzzles.solve.backends import Backend, make_backend

GRADING_SOLVER = DEFAULT_SOLVER
"""Any PySAT solver propagates alike; one fixed solver keeps the grade independent of --solver."""
LEVELS = ((1, "easy"), (4, "medium"))
"""(most probing rounds, level): a puzzle deduced within 1 round is easy, within 4 medium, else hard."""
HARD, SEARCH = "hard", "needs search"
LEVEL_NAMES = ("easy", "medium", HARD, SEARCH)


def level_of(rounds: int, complete: bool) -> str:
    """The level of a deduction that took ``rounds`` probing rounds (``complete``: it reached every forced decision)."""
    if not complete:
        return SEARCH
    return next((name for most, name in LEVELS if rounds <= most), HARD)


def _root_value(backend: Backend, var: int) -> int | None:
    """The literal of ``var`` unit propagation fixes without assumptions, if any.

    Propagating a literal already true at the root sets nothing new: (True, []).
    """
    if backend.propagate([var]) == (True, []):
        return var
    if backend.propagate([-var]) == (True, []):
        return -var
    return None


def grade(clauses: Sequence[Clause], cuts: Sequence[Clause], decisions: Sequence[int],
          forced: Sequence[int]) -> Grade:
    """The grade of deducing the ``forced`` literals (over ``decisions`` variables) from ``clauses`` and ``cuts``."""
    with make_backend(GRADING_SOLVER) as backend:
        backend.add_clauses(clauses)
        backend.add_clauses(cuts)
        known: set[int] = set()
        for var in decisions:
            if _root_value(backend, var) is not None:
                known.add(var)
        target = {abs(lit) for lit in forced}
        by_propagation = len(target & known)
        rounds = probes = 0
        while not target <= known:
            refuted = []
            for var in decisions:
                if var in known:
                    continue
                for lit in (var, -var):
                    probes += 1
                    if not backend.propagate([lit])[0]:
                        refuted.append(-lit)
                        break
            if not refuted:
                break
            rounds += 1
            _, implied = backend.propagate(refuted)
            backend.add_clauses([[lit] for lit in refuted])
            known.update(abs(lit) for lit in refuted)
            known.update(abs(lit) for lit in implied)
        left = len(target - known)
    return Grade(level_of(rounds, left == 0), rounds, probes, by_propagation, left, len(cuts))
