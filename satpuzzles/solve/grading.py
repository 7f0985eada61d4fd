"""A puzzle's difficulty grade: the rounds of unit propagation and failed-literal probing its deduction takes.

The deduction runs on the complete encoding plus the cuts learnt while analysing it (sub-loop
bans, cycle cuts): the lazily enforced rules are known to it only through those clauses.
Round 0 is unit propagation alone. Each further round assumes, one at a time, each literal
of every decision not yet known and propagates; a literal whose propagation conflicts is
refuted, so its negation holds (single-assumption refutation, as a person who tries "what
if this edge were used?" and meets a contradiction at once). A round's refutations are all
made against the state the round started from and added together at its end, with what
they propagate, so the count of rounds does not depend on the order decisions are tried in.
Unit propagation's result does not depend on the solver either, but the cuts do: they are those the analysis
learnt, in the solver it ran in, so a grade is reproducible for a board and a solver (docs/authors.md).

Deduction stops when every forced decision is known (or a round finds nothing new: then the
puzzle needs search, by these means). The level is read from the rounds: see LEVELS.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from satpuzzles.cnf.formula import Clause
from satpuzzles.core.outcome import DEFAULT_SOLVER, Grade
from satpuzzles.solve.backends import Backend, make_backend
from satpuzzles.solve.lines import Lines

OPEN, REFUTED, TRUE_AT_ROOT = 0, 1, 2
"""What probing a literal shows, signed: + about the literal, - about its negation (see Prober.probe)."""
Close = Callable[[list[int]], list[Clause]]
"""The encoding's cuts for a closed loop of segment variables ([] when the loop alone keeps every rule)."""

GRADING_SOLVER = DEFAULT_SOLVER
"""Any PySAT solver propagates alike; one fixed solver keeps the grade independent of --solver."""
LEVELS = ((2, "easy"), (4, "medium"))
"""(most probing rounds, level): a puzzle deduced within 2 rounds is easy, within 4 medium, else hard
(puzzle-loop.com's 25x30 "medium" Slitherlinks take 3 or 4 rounds, its "hard" ones 5 to 10)."""
HARD, SEARCH = "hard", "needs search"
LEVEL_NAMES = ("easy", "medium", HARD, SEARCH)
NOT_UNIQUE = "not unique"
"""The level of a puzzle with more than one solution: no difficulty (its rounds describe the forced part)."""


def level_of(rounds: int, complete: bool, unique: bool = True) -> str:
    """The level of a deduction that took ``rounds`` probing rounds (``complete``: it reached every forced decision;
    ``unique``: every decision is forced)."""
    if not unique:
        return NOT_UNIQUE
    if not complete:
        return SEARCH
    return next((name for most, name in LEVELS if rounds <= most), HARD)


def grade(clauses: Sequence[Clause], cuts: Sequence[Clause], decisions: Sequence[int], forced: Sequence[int],
          lines: Lines | None = None, close: Close | None = None) -> tuple[Grade, dict[int, int]]:
    """The grade of deducing the ``forced`` literals (over ``decisions`` variables) from ``clauses`` and ``cuts``
    (NOT_UNIQUE when some decision is not forced), and the round each decision variable became known in (0:
    propagation alone; absent: never).

    With ``lines`` (the decisions that are segments) and ``close`` (the cuts that ban a loop of them, from the
    encoding), a probe that draws a closed loop which breaks the rules on its own is refuted, and the cut kept.
    """
    round_of: dict[int, int] = {}
    with make_backend(GRADING_SOLVER) as backend:
        backend.add_clauses(clauses)
        backend.add_clauses(cuts)
        prober = Prober(backend, lines, close)
        target = {abs(lit) for lit in forced}
        known: set[int] = set()
        by_propagation = rounds = 0
        while not target <= known:
            refuted: list[int] = []
            fixed: list[int] = []
            for var in decisions:
                if var in known:
                    continue
                found = prober.probe(var)
                if found == OPEN:
                    found = -prober.probe(-var)
                if found == OPEN:
                    continue
                (fixed if found in (TRUE_AT_ROOT, -TRUE_AT_ROOT) else refuted).append(var if found > 0 else -var)
            if fixed:  # unit propagation alone sets these (found in the first pass, or after cuts learnt in a round)
                _learn(known, round_of, fixed, rounds)
                prober.draw(fixed)
                by_propagation += len(target & {abs(lit) for lit in fixed}) if rounds == 0 else 0
            if not refuted:
                break
            rounds += 1
            _, implied = backend.propagate(refuted)
            backend.add_clauses([[lit] for lit in refuted])
            _learn(known, round_of, [*refuted, *implied], rounds)
            prober.draw([*refuted, *implied])
        left = len(target - known)
    unique = len(target) == len(set(decisions))
    grade = Grade(level_of(rounds, left == 0, unique), rounds, prober.probes, by_propagation, left,
                  len(cuts) + prober.learnt)
    return grade, {var: found for var, found in round_of.items() if var in target}


def _learn(known: set[int], round_of: dict[int, int], literals: Sequence[int], rounds: int) -> None:
    for lit in literals:
        if abs(lit) not in known:
            known.add(abs(lit))
            round_of[abs(lit)] = rounds


class Prober:
    """Single-literal refutation: propagation, and (for segment decisions) the loops a probe would close."""

    def __init__(self, backend: Backend, lines: Lines | None, close: Close | None) -> None:
        self.backend, self.lines, self.close = backend, lines, close
        self.probes = self.learnt = 0

    def draw(self, literals: Sequence[int]) -> None:
        """Record known literals (the true segments among them are drawn for good)."""
        if self.lines is not None:
            self.lines.draw(lit for lit in literals if lit > 0)

    def probe(self, lit: int) -> int:
        """What assuming ``lit`` shows: TRUE_AT_ROOT (propagation alone sets it), -TRUE_AT_ROOT (alone it sets
        the negation), -REFUTED (a conflict, or a closed loop the rules ban: the negation holds), or OPEN."""
        self.probes += 1
        ok, implied = self.backend.propagate([lit])
        if ok and not implied:  # propagating a literal already true sets nothing new
            return TRUE_AT_ROOT
        if not ok:
            return -TRUE_AT_ROOT if self.backend.propagate([-lit]) == (True, []) else -REFUTED
        if self.lines is None or self.close is None:
            return OPEN
        banned = [cut for loop in self.lines.closed(lit for lit in implied if lit > 0) for cut in self.close(loop)]
        if not banned:
            return OPEN
        self.backend.add_clauses(banned)
        self.learnt += len(banned)
        return OPEN if self.backend.propagate([lit])[0] else -REFUTED
