"""The interface every SAT solver backend provides: add clauses, solve under assumptions, read model or core."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence

from satpuzzles.cnf.formula import Clause
from satpuzzles.cnf.model import Model
from satpuzzles.core.errors import SolverError

TYPE_CHECKING = False  # typing stays unloaded on the solve path
if TYPE_CHECKING:
    from typing import Self


class Backend(ABC):
    """An incremental SAT solver: add clauses, solve under assumptions, read model or core.

    Every SAT call of the tool goes through a backend, so the solver a user names is the
    one that runs, whatever the method.
    """

    name: str
    _reserved: int = 0
    incremental: bool = True
    """Whether the solver keeps what it learned between calls (False: each call starts afresh)."""
    native_cardinality: bool = False
    """Whether add_atmost is a native constraint of the solver (else it becomes clauses)."""

    @abstractmethod
    def add_clauses(self, clauses: Iterable[Clause]) -> None:
        """Add clauses permanently."""

    @abstractmethod
    def top(self) -> int:
        """The largest variable the solver has seen."""

    def new_var(self) -> int:
        """A variable no clause uses yet (a selector, an auxiliary)."""
        self._reserved = max(self._reserved, self.top()) + 1
        return self._reserved

    def add_atmost(self, lits: Sequence[int], bound: int) -> None:
        """At most ``bound`` of ``lits`` are true: natively where the solver can, else as clauses."""
        from pysat.card import CardEnc, EncType

        from satpuzzles.cnf.cardinality import counter_encoding

        top = max(self._reserved, self.top(), *(abs(lit) for lit in lits))
        encoding = getattr(EncType, counter_encoding("atmost", len(lits), bound))
        encoded = CardEnc.atmost(list(lits), bound=bound, top_id=top, encoding=encoding)
        self._reserved = max(top, encoded.nv)
        self.add_clauses(encoded.clauses)

    def add_exactly(self, lits: Sequence[int], bound: int) -> None:
        """Exactly ``bound`` of ``lits`` are true."""
        self.add_atmost(lits, bound)
        self.add_atmost([-lit for lit in lits], len(lits) - bound)

    def set_phases(self, lits: Sequence[int]) -> None:
        """Prefer these literals in the next searches (a hint; ignored where unsupported)."""

    @abstractmethod
    def model_literals(self) -> list[int]:
        """The last model as the solver gives it: one signed literal per variable, in order."""

    def proof_lines(self) -> list[str]:
        """The DRAT proof logged so far (only by a backend made with ``proof=True``)."""
        raise SolverError(f"solver {self.name} logs no proof")

    @abstractmethod
    def solve(self, assumptions: Sequence[int] = ()) -> bool:
        """True when satisfiable under ``assumptions``, False when proved unsatisfiable."""

    @abstractmethod
    def model(self, num_vars: int) -> Model:
        """The model of the last satisfiable call."""

    def propagate(self, assumptions: Sequence[int]) -> tuple[bool, list[int]]:
        """Unit propagation alone under ``assumptions``: (no conflict, the literals it newly sets)."""
        raise SolverError(f"solver {self.name} cannot propagate on its own")

    @abstractmethod
    def core(self) -> list[int]:
        """The failed assumptions of the last unsatisfiable call."""

    def statistics(self) -> dict[str, int]:
        """Solver counters (conflicts, decisions, ...) where the backend has them."""
        return {}

    def close(self) -> None:
        """Release the solver."""

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
