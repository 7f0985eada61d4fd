"""The default solvers, CaDiCaL 1.9.5 and Glucose 4.1, driven through PySAT's C module without its wrappers.

``pysat.solvers`` costs about 35 ms to import (it brings ``typing``, ``tempfile``,
``threading`` and ``pysat.formula``) and wraps every clause in two Python calls. A
process that solves one puzzle spends more on that than on the search, so the
default solvers are driven here through the same C functions PySAT's ``Cadical195``
and ``Glucose4`` classes call, with the clauses handed over in one C loop.

Those functions are PySAT's internals: they are used only for the PySAT versions
this was checked against (``TESTED_PYSAT``); any other version gets PySAT's own
classes, which behave the same, more slowly. ``tests/test_direct_solvers.py``
compares the two on random formulas.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Sequence
from functools import partial

import pysolvers

TYPE_CHECKING = False  # typing stays unloaded on the solve path
if TYPE_CHECKING:
    from typing import Any

TESTED_PYSAT = ((1, 8), (1, 9))
"""PySAT (major, minor) versions whose C functions this module was checked against."""


class DirectSolver:
    """The subset of PySAT's ``Solver`` interface that ``PySatBackend`` uses, over one solver's C functions.

    Calls pass 0 as PySAT's "main thread" flag, so PySAT never installs its longjmp
    SIGINT handler (see solve.interrupts).
    """

    prefix: str
    """The solver's prefix among pysolvers' function names."""
    functions: tuple[str, ...] = ("new", "del", "add_cl", "solve_lim", "cbudget", "model", "core", "propagate",
                                  "setphases", "nof_vars", "acc_stats")

    def __init__(self) -> None:
        self._handle = getattr(pysolvers, f"{self.prefix}_new")()
        self._add = getattr(pysolvers, f"{self.prefix}_add_cl")
        self._status: bool | None = None
        self._assumptions: list[int] = []

    _available: bool | None = None
    """available()'s answer, found once per class."""

    @classmethod
    def available(cls) -> bool:
        """Whether the installed PySAT is a version this was checked against, with every C function used."""
        if cls._available is None:
            from pysat import VERSION  # the package's __init__ only: no solver wrappers

            cls._available = (tuple(VERSION[:2]) in TESTED_PYSAT
                              and all(hasattr(pysolvers, f"{cls.prefix}_{name}") for name in cls.functions))
        return cls._available

    def _call(self, name: str, *args: object) -> Any:
        return getattr(pysolvers, f"{self.prefix}_{name}")(self._handle, *args)

    def append_formula(self, clauses: Iterable[Sequence[int]]) -> None:
        """Add clauses (sequences of non-zero literals) in one C loop."""
        deque(map(partial(self._add, self._handle), clauses), maxlen=0)

    def add_clause(self, clause: Sequence[int]) -> None:
        """Add one clause."""
        self._add(self._handle, clause)

    def supports_atmost(self) -> bool:
        """No native cardinality constraints on this path."""
        return False

    def conf_budget(self, budget: int) -> None:
        """Limit the next call to ``budget`` conflicts."""
        self._call("cbudget", budget)

    def get_model(self) -> list[int] | None:
        """The last model as signed literals, or None after a call that was not satisfiable."""
        if self._status is not True:
            return None
        return self._call("model") or []

    def propagate(self, assumptions: Sequence[int] = ()) -> tuple[bool, list[int]]:
        """Unit propagation under ``assumptions``: (no conflict, the literals set)."""
        status, literals = self._call("propagate", list(assumptions), 0, 0)
        return bool(status), literals if literals is not None else []

    def set_phases(self, literals: Sequence[int]) -> None:
        """Prefer these literals' values in the next searches."""
        self._call("setphases", list(literals))

    def nof_vars(self) -> int:
        """The largest variable the solver has seen."""
        return int(self._call("nof_vars"))

    def accum_stats(self) -> dict[str, int]:
        """Restarts, conflicts, decisions and propagations so far."""
        return dict(self._call("acc_stats") or {})

    def get_proof(self) -> None:
        """No proof is logged on this path (a backend asked for one uses PySAT's classes)."""
        return None

    def _free(self, handle: object) -> None:
        getattr(pysolvers, f"{self.prefix}_del")(handle)

    def delete(self) -> None:
        """Free the native solver (once: the handle is forgotten before it is freed)."""
        handle, self._handle = self._handle, None
        if handle is not None:
            self._free(handle)

    def __del__(self) -> None:
        self.delete()


class DirectCadical195(DirectSolver):
    """CaDiCaL 1.9.5 (no interrupt: solve.interrupts lets a signal end the process during its calls)."""

    prefix = "cadical195"
    functions = (*DirectSolver.functions, "set")

    def solve_limited(self, assumptions: Sequence[int] = ()) -> bool | None:
        """True (satisfiable), False (unsatisfiable) or None (the budget ran out) under ``assumptions``."""
        self._assumptions = list(assumptions)
        status = pysolvers.cadical195_solve_lim(self._handle, self._assumptions, 0)
        self._status = None if status == 0 else status > 0
        return self._status

    def get_core(self) -> list[int] | None:
        """The failed assumptions of the last unsatisfiable call."""
        if self._status is not False:
            return None
        return pysolvers.cadical195_core(self._handle, self._assumptions)

    configured: frozenset[str] = frozenset()
    """The options the user set (configure), which set_phases leaves as they are."""

    def configure(self, options: dict[str, int]) -> None:
        """Set CaDiCaL's options (names and values checked by the caller: CaDiCaL ignores ones it does not know)."""
        for key, value in options.items():
            pysolvers.cadical195_set(self._handle, key, value)
        self.configured = self.configured | set(options)

    def set_phases(self, literals: Sequence[int]) -> None:
        """Prefer these literals' values (CaDiCaL's "lucky" phases off, as PySAT does, so they count, unless the
        user set them)."""
        if "lucky" not in self.configured:
            pysolvers.cadical195_set(self._handle, "lucky", 0)
        super().set_phases(literals)

    def _free(self, handle: object) -> None:
        pysolvers.cadical195_del(handle, None)


class DirectGlucose4(DirectSolver):
    """Glucose 4.1, which a watcher thread can interrupt (solve.interrupts)."""

    prefix = "glucose41"
    functions = (*DirectSolver.functions, "interrupt", "clearint")

    def solve_limited(self, assumptions: Sequence[int] = (), expect_interrupt: bool = False) -> bool | None:
        """True, False or None (a budget or an interrupt ended the call) under ``assumptions``."""
        self._status = pysolvers.glucose41_solve_lim(self._handle, list(assumptions), 0, int(expect_interrupt))
        return self._status

    def get_core(self) -> list[int] | None:
        """The failed assumptions of the last unsatisfiable call."""
        if self._status is not False:
            return None
        return pysolvers.glucose41_core(self._handle)

    def interrupt(self) -> None:
        """Ask the running call to stop (from another thread)."""
        handle = self._handle
        if handle is not None:
            pysolvers.glucose41_interrupt(handle)

    def clear_interrupt(self) -> None:
        """Forget an earlier interrupt before the next call."""
        pysolvers.glucose41_clearint(self._handle)


DIRECT_SOLVERS: dict[str, type[DirectSolver]] = {"cadical195": DirectCadical195, "glucose4": DirectGlucose4}
"""Canonical PySAT names driven directly (when ``available()``), with their classes."""


def direct_solver(name: str) -> DirectSolver | None:
    """A directly driven solver for the canonical PySAT ``name``, or None (use PySAT's classes)."""
    kind = DIRECT_SOLVERS.get(name)
    return kind() if kind is not None and kind.available() else None
