"""A CNF formula under construction: a variable pool plus a clause list."""

from __future__ import annotations

import gc
from collections.abc import Iterable, Sequence

from satpuzzles.cnf.pool import VarPool

Clause = list[int]


class Formula:
    """Clauses over variables of one :class:`VarPool`, with small builder helpers.

    Literals must be Python ints (convert numpy arrays with ``.tolist()``): the
    clause list goes to the solver as it is, and per-literal conversion here
    cost a quarter of Numberlink's encoding time.
    """

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

    def add(self, clause: Sequence[int]) -> None:
        """Add one clause (a disjunction of literals)."""
        self.clauses.append(list(clause))

    def extend(self, clauses: Iterable[Sequence[int]]) -> None:
        """Add many clauses."""
        self.clauses.extend(list(clause) for clause in clauses)

    def unit(self, lit: int) -> None:
        """Force ``lit`` true."""
        self.clauses.append([lit])

    def equal_if(self, condition: int, a: int, b: int) -> None:
        """``condition -> (a <-> b)``."""
        self.clauses.append([-condition, -a, b])
        self.clauses.append([-condition, a, -b])


class collector_paused:  # noqa: N801 - used as the function it was: ``with collector_paused():``
    """Pause Python's cyclic garbage collector while clauses are built: they are many small lists that
    hold no cycles, and the collections they set off freed nothing while taking a third of the
    Numberlink encoding's time on the janko set. (A class: contextlib is not loaded for it.)"""

    __slots__ = ("enabled",)

    def __enter__(self) -> None:
        self.enabled = gc.isenabled()
        gc.disable()

    def __exit__(self, *exc: object) -> None:
        if self.enabled:
            gc.enable()
