"""A backend that starts in one solver and moves to another when one call gets hard.

--analyze asks one incremental solver many questions; most are easy, and Glucose answers
those fastest, but the last ones (no solution flips any decision left) can be long
refutations, which CaDiCaL without inprocessing finishes in a fraction of the time (janko.at
Arukone #16 under open: Glucose 381,824 conflicts and 18 s on one question; docs/authors.md).
So the first solver answers each call within a conflict budget; a call that runs out of it
goes, with every clause added so far, to the second solver, which answers it and every
later call. Nothing is lost: the clauses are the same, only what the first one learned stays
behind.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from satpuzzles.cnf.formula import Clause
from satpuzzles.cnf.model import Model
from satpuzzles.solve.backends import Backend, make_backend
from satpuzzles.solve.limited import LimitedBackend, SearchLimit

HANDOVER_CONFLICTS = 100_000
"""Conflicts one call may take in the first solver before the second takes over. On janko.at's Arukone file the
questions that moderate boards need stay below it (#247 under fill: 88,798, where CaDiCaL took twice Glucose's
time); the long refutations run far past it (#16 under open: 381,824)."""


class HandOver(Backend):
    """``first`` (a PySAT solver that takes conflict budgets) until a call runs past ``conflicts``, then ``second``."""

    def __init__(self, first: str, second: str, conflicts: int = HANDOVER_CONFLICTS,
                  log: Callable[[str], None] | None = None) -> None:
        self.name = first
        self._first = LimitedBackend(conflicts, first)
        self._log = log
        self._second = second
        self._current: Backend = self._first
        self._clauses: list[Clause] | None = []
        """Every clause added, for the second solver (None once it has them)."""
        self._phases: list[int] = []

    @property
    def handed_over(self) -> bool:
        """Whether the second solver answers now."""
        return self._current is not self._first

    def add_clauses(self, clauses: Iterable[Clause]) -> None:
        """Add clauses permanently (kept for the second solver until it takes over)."""
        added = list(clauses)
        if self._clauses is not None:
            self._clauses.extend(added)
        self._current.add_clauses(added)

    def top(self) -> int:
        """The largest variable the solver answering now has seen (the second one has seen every clause)."""
        return self._current.top()

    def set_phases(self, lits: Sequence[int]) -> None:
        """Prefer these literals (passed on to the second solver when it takes over)."""
        self._phases = list(lits)
        self._current.set_phases(lits)

    def solve(self, assumptions: Sequence[int] = ()) -> bool:
        """Satisfiability under ``assumptions``, from the first solver within its budget, else from the second."""
        if not self.handed_over:
            try:
                return self._first.solve(assumptions)
            except SearchLimit:
                self._hand_over()
        return self._current.solve(assumptions)

    def _hand_over(self) -> None:
        second = make_backend(self._second)
        second.add_clauses(self._clauses or [])
        if self._phases:
            second.set_phases(self._phases)
        self._first.close()
        self._current, self._clauses = second, None
        if self._log is not None:
            self._log(f"a call ran past {self._first.conflicts:,} conflicts in {self.name}: {self._second} answers it "
                      "and every later call, with every clause")
        self.name = f"{self.name}, then {self._second}"

    def model_literals(self) -> list[int]:
        """The last model, one signed literal per variable."""
        return self._current.model_literals()

    def model(self, num_vars: int) -> Model:
        """The model of the last satisfiable call."""
        return self._current.model(num_vars)

    def propagate(self, assumptions: Sequence[int]) -> tuple[bool, list[int]]:
        """Unit propagation alone under ``assumptions``."""
        return self._current.propagate(assumptions)

    def core(self) -> list[int]:
        """The failed assumptions of the last unsatisfiable call."""
        return self._current.core()

    def statistics(self) -> dict[str, int]:
        """The counters of the solver answering now."""
        return self._current.statistics()

    def close(self) -> None:
        """Release the solver answering now."""
        self._current.close()
