"""A PySAT backend with limits, for generators: a check that cannot decide in time gives up.

Generators ask many "is there another solution?" questions; an undecided one is
answered conservatively by the caller (keep the clue, add an endpoint), so a few
hard proofs cannot stall a whole generation.
"""

from __future__ import annotations

from collections.abc import Sequence

from satpuzzles.core.generic import TypeVar
from satpuzzles.solve.backends import PySatBackend
from satpuzzles.solve.solver_names import NON_INCREMENTAL, canonical_pysat_name, pysat_base

TYPE_CHECKING = False
if TYPE_CHECKING:
    from satpuzzles.core.outcome import SolveStats
    from satpuzzles.core.spec import Encoding

S = TypeVar("S")

LIMITED_SOLVER = "glucose4"
"""A solver with conflict budgets (PySAT's MiniSat family)."""
UNBUDGETED = ("lingeling", *NON_INCREMENTAL)
"""PySAT solvers that take no conflict budget (Lingeling; Kissat, made afresh for each call)."""

PHASES_KEPT = frozenset({"cadical195"})
"""Solvers whose phases, once set, hold for every later call (CaDiCaL's forced phases, ahead of its saved ones): set
once, not before each call (a 60x60 Slitherlink generation set 7,320 of them 6,400 times, 1 s of CPU; the same
conflicts and decisions either way). MiniSat's family overwrites them with the phases its search saves."""


class SearchLimit(Exception):
    """A check used up its SAT calls or the conflicts of one call without deciding."""


class LimitedBackend(PySatBackend):
    """A PySAT solver whose calls raise SearchLimit after ``calls_left`` calls or ``conflicts`` conflicts in one.

    None means no limit. Glucose checks its conflict budget only between restarts, which it holds back
    while its trail is long, so a call may run far past it (1,000 allowed, 174,249 run, in a 60x60
    Slitherlink generation); MiniSat and CaDiCaL stop at it. ``phases``, when set, are the
    preferred literals of every call, set afresh before each (the solver's own phase saving would
    otherwise carry the last model's values into the next search), or once for solvers that keep them
    (PHASES_KEPT); a new list is set again.
    """

    def __init__(self, conflicts: int | None, name: str = LIMITED_SOLVER) -> None:
        super().__init__(name)
        self.conflicts = conflicts
        self.calls_left: int | None = None
        self.phases: list[int] = []
        self._phases_set: list[int] | None = None  # the list last handed to a solver that keeps it (PHASES_KEPT)

    def set_phases(self, lits: Sequence[int]) -> None:
        """PySatBackend.set_phases; ``phases`` are set again before the next call."""
        self._phases_set = None
        super().set_phases(lits)

    def solve(self, assumptions: Sequence[int] = ()) -> bool:
        """PySatBackend.solve within the limits."""
        if self.calls_left is not None:
            if self.calls_left <= 0:
                raise SearchLimit("out of SAT calls")
            self.calls_left -= 1
        if self.phases and self.phases is not self._phases_set:
            self.set_phases(self.phases)
            if self.name in PHASES_KEPT:
                self._phases_set = self.phases
        if self.conflicts is None:
            self._solver.conf_budget(-1)  # no budget: a MiniSat-family solver would keep the last one
            return super().solve(assumptions)
        self._solver.conf_budget(self.conflicts)
        answer = self.solve_limited(assumptions)
        if answer is None:
            raise SearchLimit("out of conflicts")
        return bool(answer)


def takes_budget(name: str) -> bool:
    """Whether the solver ``name`` stops at a conflict budget (not Lingeling, Kissat or a DIMACS executable)."""
    canonical = pysat_base(name)
    return canonical is not None and canonical not in UNBUDGETED


def searcher(name: str) -> str:
    """The solver of a budgeted search for solutions when -s names ``name``: itself when it takes a budget, else
    Glucose. Such a search only finds solutions (each verified) or gives up; what is proved, the named solver
    proves."""
    return (canonical_pysat_name(name) or name) if takes_budget(name) else LIMITED_SOLVER


def budgeted_backend(name: str, conflicts: int) -> LimitedBackend:
    """``searcher(name)`` allowed ``conflicts`` per call."""
    return LimitedBackend(conflicts, searcher(name))


def first_within(encoding: Encoding[S], solver: str, conflicts: int, stats: SolveStats,
                 calls: int | None = None) -> S | None:
    """The first solution of ``encoding`` (cut as the lazy loop cuts) that ``searcher(solver)`` finds within ``calls``
    SAT calls (None: any number) of ``conflicts`` each, or None; its SAT calls and seconds are added to ``stats``."""
    from satpuzzles.solve.loop import lazy_solutions

    with budgeted_backend(solver, conflicts) as backend:
        backend.calls_left = calls
        backend.add_clauses(encoding.formula.clauses)
        try:
            return next(lazy_solutions(encoding, backend, stats), None)
        except SearchLimit:
            return None
