"""SAT solver backends by name: make_backend makes PySAT's in-process solvers (PySatBackend, here) and the
backends that solve afresh on each call (solve.fresh_backends); solve.solver_names says what a name means."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import pysolvers

from satpuzzles.cnf.formula import Clause
from satpuzzles.cnf.model import Model
from satpuzzles.core.errors import SolverError, UsageError
from satpuzzles.core.outcome import DEFAULT_SOLVER
from satpuzzles.solve.backend import Backend
from satpuzzles.solve.direct import DirectSolver, direct_solver
from satpuzzles.solve.interrupts import (
    INTERRUPTIBLE,
    call_without_interrupt,
    disable_pysat_longjmp,
    raise_if_stopped,
    solve_interruptibly,
)
from satpuzzles.solve.solver_names import NON_INCREMENTAL, command_words, executable, pysat_with_options

TYPE_CHECKING = False  # typing stays unloaded on the solve path
if TYPE_CHECKING:
    from typing import Any

__all__ = ["DEFAULT_SOLVER", "Backend", "PySatBackend", "check_solver_name", "make_backend"]

CRASH_WITHOUT_VARIABLES = frozenset({"maplesat"})
"""PySAT solvers whose solve crashes the process (SIGSEGV) on a formula of no variable (PySAT 1.9.dev24; of its 19
solvers, measured 2026-11-28): a Minesweeper board with no unknown cell under --method cnf. They get one unconstrained
variable (the tautology 1 or -1) before such a call; a model's literals beyond the formula's variables are not read."""


class PySatBackend(Backend):
    """One of PySAT's in-process solvers, kept alive across calls (incremental).

    Ctrl-C and SIGTERM stop a call without PySAT's longjmp (see solve.interrupts). CaDiCaL
    1.9.5 and Glucose 4.1 without a proof are driven through PySAT's C module directly (solve.direct).
    """

    _solver: Any

    def __init__(self, name: str, proof: bool = False) -> None:
        """``name``: a PySAT solver, alone or (cadical195) followed by CaDiCaL's options (pysat_with_options)."""
        name, options = pysat_with_options(name) or (name, {})
        self.name = name
        direct = None if proof else direct_solver(name)
        if direct is not None:
            self._solver = direct
        else:
            from pysat.solvers import NoSuchSolverError, Solver

            disable_pysat_longjmp()  # see solve.interrupts: every SAT call is stopped without PySAT's longjmp
            try:
                self._solver = Solver(name=name, with_proof=proof) if proof else Solver(name=name)
            except NoSuchSolverError:
                raise UsageError(f"solver {name}: this PySAT installation does not include it (satpuzzles solvers "
                                 "lists those it does)") from None
        if options:
            self._solver.configure(options)
        self.native_cardinality = bool(self._solver.supports_atmost())
        self._without_limits = False
        self.interruptible = name in INTERRUPTIBLE

    def add_clauses(self, clauses: Iterable[Clause]) -> None:
        self._solver.append_formula(clauses)

    def solve_limited(self, assumptions: Sequence[int] = ()) -> bool | None:
        """Satisfiable, unsatisfiable, or None when the solver's own limits (a conflict budget) ended the call."""
        if self.name in CRASH_WITHOUT_VARIABLES and self._solver.nof_vars() < 1:  # -1 for none
            self._solver.add_clause([1, -1])  # a variable, constrained by nothing
        try:
            if self.interruptible:
                return solve_interruptibly(self._solver, assumptions)
            if self._without_limits:
                return call_without_interrupt(lambda: self._solver.solve(assumptions=list(assumptions)))
            return call_without_interrupt(lambda: self._solver.solve_limited(assumptions=list(assumptions)))
        except NotImplementedError:
            if self._without_limits:
                raise
            self._without_limits = True  # PySAT's Lingeling has no limited solve: its calls cannot be budgeted
            return self.solve_limited(assumptions)
        except pysolvers.error as exc:
            raise SolverError(f"solver {self.name} failed: {exc}") from exc

    def solve(self, assumptions: Sequence[int] = ()) -> bool:
        answer = self.solve_limited(assumptions)
        if answer is None:
            raise SolverError(f"solver {self.name} stopped without an answer")
        return answer

    def top(self) -> int:
        return int(self._solver.nof_vars())

    def add_atmost(self, lits: Sequence[int], bound: int) -> None:
        if self.native_cardinality:
            self._solver.add_atmost(list(lits), bound)
        else:
            super().add_atmost(lits, bound)

    def set_phases(self, lits: Sequence[int]) -> None:
        try:
            self._solver.set_phases(list(lits))
        except NotImplementedError:  # some solvers (CaDiCaL 1.0, Kissat) take no phase hints
            pass

    def model_literals(self) -> list[int]:
        return self._solver.get_model() or []

    def proof_lines(self) -> list[str]:
        return list(self._solver.get_proof() or [])

    def model(self, num_vars: int) -> Model:
        return Model(self.model_literals(), num_vars, ordered=isinstance(self._solver, DirectSolver))

    def propagate(self, assumptions: Sequence[int]) -> tuple[bool, list[int]]:
        raise_if_stopped()  # a stop deferred inside PySAT's wrappers: grading makes thousands of these calls
        status, literals = self._solver.propagate(assumptions=list(assumptions))
        return bool(status), list(literals)

    def core(self) -> list[int]:
        return list(self._solver.get_core() or [])

    def statistics(self) -> dict[str, int]:
        stats = self._solver.accum_stats() or {}
        return {key: int(value) for key, value in stats.items()}

    def close(self) -> None:
        self._solver.delete()


def make_backend(name: str, verbose: bool = False, proof: bool = False) -> Backend:
    """The backend called ``name``: a PySAT solver name or alias, or a solver executable (a path or a command
    on PATH), alone or followed by its options; ``proof`` logs DRAT (an executable's: CaDiCaL's or Kissat's, of the
    formula of its last call)."""
    configured = pysat_with_options(name)  # its options checked (UsageError) before the solver is made
    if configured is not None:
        canonical, options = configured
        if canonical in NON_INCREMENTAL and not proof:
            from satpuzzles.solve.fresh_backends import FreshPySatBackend

            return FreshPySatBackend(canonical)
        return PySatBackend(name if options else canonical, proof)
    from satpuzzles.solve.fresh_backends import ExternalBackend  # subprocess and DIMACS writing: only for these

    path = executable(name)
    if path:
        return ExternalBackend(path, verbose=verbose, proof=proof)
    words = command_words(name)
    if len(words) > 1 and (path := executable(words[0])):
        return ExternalBackend(path, verbose=verbose, arguments=words[1:], proof=proof)
    raise UsageError(_not_a_solver(name, words[0] if words else name))


def _not_a_solver(name: str, program: str) -> str:
    """Why ``name`` names no solver: a path to nothing, or to a file that cannot be run, said as such."""
    import os

    what = f"unknown solver {name!r}"
    if os.sep in program:  # a path, not a name to look up: say what is wrong with it
        said = f"solver {program}" if program == name else f"solver {name!r}: {program}"
        if not os.path.exists(program):
            what = f"{said}: no such file"
        elif os.path.isdir(program):
            what = f"{said} is a folder"
        else:
            what = f"{said} is not executable (chmod +x it)"
    return (f"{what}: give a PySAT solver name (e.g. cadical195, glucose4, minisat22) or a DIMACS solver executable, "
            "with its options if any (e.g. 'kissat --unsat')")


def check_solver_name(name: str) -> str:
    """Validate ``name`` early (before any work), returning it unchanged."""
    make_backend(name).close()
    return name
