"""A CNF formula under construction: a variable pool plus a clause list."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from satpuzzles.cnf.pool import VarPool

Clause = list[int]


class Formula:
    """Clauses over variables of one :class:`VarPool`, with small builder helpers."""

    def __init__(self, pool: VarPool | None = None) -> None:
        self.pool = pool if pool is not None else VarPool()
        self.clauses: list[Clause] = []

    @property
    def num_vars(self) -> int:
        """Largest variable id in use."""
        return self.pool.top

    @property
    def num_clauses(self) -> int:
        """Number of clauses added so far."""
        return len(self.clauses)

    def add(self, clause: Iterable[int]) -> None:
        """Add one clause (a disjunction of literals)."""
        self.clauses.append([int(lit) for lit in clause])

    def extend(self, clauses: Iterable[Sequence[int]]) -> None:
        """Add many clauses."""
        self.clauses.extend([int(lit) for lit in clause] for clause in clauses)

    def unit(self, lit: int) -> None:
        """Force ``lit`` true."""
        self.clauses.append([int(lit)])

    def implies(self, premise: int, conclusion: Iterable[int]) -> None:
        """``premise -> (c1 or c2 or ...)``."""
        self.clauses.append([-int(premise), *(int(lit) for lit in conclusion)])

    def equal_if(self, condition: int, a: int, b: int) -> None:
        """``condition -> (a <-> b)``."""
        condition, a, b = int(condition), int(a), int(b)
        self.clauses.append([-condition, -a, b])
        self.clauses.append([-condition, a, -b])
