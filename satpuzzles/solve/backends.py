"""SAT solver backends by name: PySAT's built-in solvers and external DIMACS binaries."""

from __future__ import annotations

import os
import sys
from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence

import pysolvers

from satpuzzles.cnf.formula import Clause
from satpuzzles.cnf.model import Model, broken_clause
from satpuzzles.core.errors import SolverError, UsageError
from satpuzzles.core.outcome import DEFAULT_SOLVER
from satpuzzles.solve.direct import DIRECT_SOLVERS, direct_solver
from satpuzzles.solve.exits import exit_description
from satpuzzles.solve.interrupts import (
    INTERRUPTIBLE,
    call_without_interrupt,
    disable_pysat_longjmp,
    raise_if_stopped,
    solve_interruptibly,
)

TYPE_CHECKING = False  # typing stays unloaded on the solve path
if TYPE_CHECKING:
    from typing import IO, Any, Self

    from satpuzzles.solve.solver_process import SolverRun

__all__ = ["DEFAULT_SOLVER", "Backend", "ExternalBackend", "PySatBackend", "make_backend"]


def pysat_solver_names() -> dict[str, tuple[str, ...]]:
    """Canonical PySAT solver names with their aliases."""
    from pysat.solvers import SolverNames

    return {name: aliases for name, aliases in vars(SolverNames).items() if not name.startswith("_")}


def canonical_pysat_name(name: str) -> str | None:
    """The canonical PySAT name for ``name`` or one of its aliases, else None."""
    if name in DIRECT_SOLVERS:  # the defaults: answered without importing PySAT's solver wrappers
        return name
    if not name or name.split()[0] != name:  # a name with options, or a command: no PySAT name has a space
        return None
    for canonical, aliases in pysat_solver_names().items():
        if name == canonical or name in aliases:
            return canonical
    return None


CONFIGURABLE = "cadical195"
"""The PySAT solver that takes options in its name (CaDiCaL's own syntax): ``cadical195 --inprocessing=0``."""


def pysat_base(name: str) -> str | None:
    """The canonical name of the PySAT solver that ``name`` makes (make_backend), alone or followed by options; None
    for a DIMACS executable: a PySAT name alone wins over an executable of that name, a command's first word that
    is an executable wins over PySAT's alias (``kissat --unsat`` runs Kissat's binary when there is one)."""
    canonical = canonical_pysat_name(name.strip())
    if canonical is not None or _executable(name):
        return canonical
    words = _command_words(name)
    return canonical_pysat_name(words[0]) if len(words) > 1 and not _executable(words[0]) else None


def pysat_with_options(name: str) -> tuple[str, dict[str, int]] | None:
    """(canonical PySAT name, CaDiCaL options) for a PySAT solver named alone or followed by options
    (``--NAME=VALUE``, ``--NAME`` for 1, ``--no-NAME`` for 0); None for anything else (see pysat_base).
    UsageError for options on another PySAT solver, or one CaDiCaL 1.9.5 does not have, or out of its range."""
    canonical = pysat_base(name)
    if canonical is None:
        return None
    if len(name.split()) < 2:  # a name alone: no need for shlex (which loads re)
        return canonical, {}
    words = _command_words(name)
    if canonical != CONFIGURABLE:
        raise UsageError(f"solver {name!r}: no {words[0]!r} executable was found on PATH, and PySAT's {words[0]} "
                         f"takes no options (options are for {CONFIGURABLE}, CaDiCaL's own as --inprocessing=0, "
                         "and for DIMACS solver executables)")
    return canonical, dict(_cadical_option(name, word) for word in words[1:])


def normal_solver_name(name: str) -> str:
    """A solver name as reports and statistics give it: a PySAT alias by its canonical name, CaDiCaL's options
    sorted and written ``--NAME=VALUE``; any other name (a command) as given. (UsageError for bad options.)"""
    configured = pysat_with_options(name)
    if configured is None:
        return name
    canonical, options = configured
    return " ".join([canonical, *(f"--{key}={value}" for key, value in sorted(options.items()))])


def _cadical_option(name: str, word: str) -> tuple[str, int]:
    """One CaDiCaL option word, checked against CaDiCaL 1.9.5's options."""
    from satpuzzles.solve.cadical_options import CADICAL195_OPTIONS

    key, equals, text = word.removeprefix("--").partition("=")
    value: int | None = 1
    if not equals and key.startswith("no-"):
        key, value = key[3:], 0
    elif equals:
        value = {"true": 1, "false": 0}.get(text.lower())
        digits = text.removeprefix("-")
        if value is None and digits and all("0" <= ch <= "9" for ch in digits):  # not isdigit(): '²' is one
            value = int(text)
    known = CADICAL195_OPTIONS.get(key)
    if not word.startswith("--") or known is None:
        raise UsageError(f"solver {name!r}: {word!r} is not an option of CaDiCaL 1.9.5 (write --NAME=VALUE, as "
                         "--inprocessing=0; 'satpuzzles solvers --cadical-options' lists them)")
    low, high, _ = known
    if value is None or not low <= value <= high:
        raise UsageError(f"solver {name!r}: {word!r}: CaDiCaL's {key} takes a whole number from {low} to {high}")
    return key, value


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

        top = max(self._reserved, self.top(), *(abs(lit) for lit in lits))
        encoded = CardEnc.atmost(list(lits), bound=bound, top_id=top, encoding=EncType.seqcounter)
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
        return Model(self.model_literals(), num_vars)

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


class FreshEachCall(Backend):
    """A backend that keeps the formula itself and solves it afresh on each call.

    Assumptions become unit clauses; the core is then every assumption.
    """

    incremental = False

    def __init__(self, name: str) -> None:
        self.name = name
        self._clauses: list[Clause] = []
        self._num_vars = 0
        self._model: list[int] = []
        self._assumptions: list[int] = []

    def add_clauses(self, clauses: Iterable[Clause]) -> None:
        for clause in clauses:
            self._clauses.append(clause)
            for lit in clause:
                self._num_vars = max(self._num_vars, abs(lit))

    def top(self) -> int:
        return self._num_vars

    def model_literals(self) -> list[int]:
        return list(self._model)

    def model(self, num_vars: int) -> Model:
        return Model(self._model, num_vars)

    def core(self) -> list[int]:
        return list(self._assumptions)


NON_INCREMENTAL = frozenset({"kissat404"})
"""PySAT solvers that take no clause after a call and ignore assumptions (Kissat aborts the process on the first,
and silently drops the second): each call runs a fresh one."""


class FreshPySatBackend(FreshEachCall):
    """One of PySAT's non-incremental solvers (Kissat), made afresh for each call."""

    def solve(self, assumptions: Sequence[int] = ()) -> bool:
        from pysat.solvers import Solver

        disable_pysat_longjmp()
        self._assumptions = list(assumptions)
        solver = Solver(name=self.name)
        try:
            solver.append_formula(self._clauses)
            solver.append_formula([[lit] for lit in self._assumptions])
            answer = call_without_interrupt(solver.solve)
            self._model = list(solver.get_model() or []) if answer else []
        finally:
            solver.delete()
        return bool(answer)


class ExternalBackend(FreshEachCall):
    """A DIMACS solver binary run afresh on each call, as the seeds ran Glucose.

    Reads the SAT-competition output (``s SATISFIABLE`` and ``v`` lines); MiniSat,
    which writes its model to a file instead, is given a result-file argument.
    Assumptions become unit clauses; the core is then every assumption.
    """

    def __init__(self, command: str, verbose: bool = False, arguments: Sequence[str] = ()) -> None:
        super().__init__(os.path.basename(command))
        self.executable = command
        self.arguments = list(arguments)  # options put before the formula's file (--solver 'kissat --unsat')
        self.verbose = verbose
        self._minisat_style = "minisat" in self.name.lower()

    def _write(self, out: IO[bytes], assumptions: Sequence[int]) -> None:
        num_vars = max([self._num_vars, *(abs(a) for a in assumptions)])
        out.write(f"p cnf {num_vars} {len(self._clauses) + len(assumptions)}\n".encode())
        for clause in self._clauses:
            out.write((" ".join(map(str, clause)) + " 0\n").encode())
        for lit in assumptions:
            out.write(f"{lit} 0\n".encode())

    def solve(self, assumptions: Sequence[int] = ()) -> bool:
        from satpuzzles.solve.solver_process import formula_files, run_solver  # subprocess only for these

        self._assumptions = list(assumptions)
        with formula_files(lambda out: self._write(out, assumptions)) as (cnf, result, read_result, fds):
            argv = [self.executable, *self.arguments, cnf] + ([result] if self._minisat_style else [])
            done = run_solver(argv, self.name, self._num_vars, fds, read_result)
        if self.verbose:
            sys.stderr.write(done.stdout)
        answer = self._read_minisat(done.result, done) if self._minisat_style else self._read_competition(done)
        if answer:
            self._check_model(assumptions)
        return answer

    def _check_model(self, assumptions: Sequence[int]) -> None:
        """Refuse a 'satisfiable' whose model breaks a clause or an assumption (one cut short, say): decoded,
        it would send the lazy loop after cuts that change nothing, for ever."""
        number = broken_clause(self._model, [*self._clauses, *([lit] for lit in assumptions)])
        if number is not None:
            raise SolverError(f"the solver {self.name} answered 'satisfiable' with an assignment that breaks clause "
                              f"{number} of the formula it was given; its answer was not used")

    def _read_competition(self, done: SolverRun) -> bool:
        status: str | None = None
        values: list[int] = []
        for line in done.stdout.splitlines():
            if line.startswith("s "):
                status = line[2:].strip()
            elif line.startswith("v "):
                try:
                    values.extend(int(tok) for tok in line[2:].split())
                except ValueError:
                    raise SolverError(f"solver {self.name} printed an unreadable model line: {line[:80]!r}") from None
        if status == "SATISFIABLE":
            self._model = [v for v in values if v != 0]
            return True
        if status == "UNSATISFIABLE":
            return False
        raise self._no_answer(done)

    def _no_answer(self, done: SolverRun) -> SolverError:
        said = " ".join(done.stderr.split())[:200]
        how = exit_description(done.returncode)
        return SolverError(f"solver {self.name} gave no answer ({how})" + (f": {said}" if said else ""))

    def _read_minisat(self, text: str, done: SolverRun) -> bool:
        words = text.split()
        if words[:1] == ["SAT"]:
            try:
                self._model = [int(tok) for tok in words[1:] if tok != "0"]
            except ValueError:
                raise SolverError(f"solver {self.name} wrote an unreadable model") from None
            return True
        if words[:1] == ["UNSAT"]:
            return False
        raise self._no_answer(done)


def _is_executable_file(path: str) -> bool:
    return os.path.isfile(path) and os.access(path, os.X_OK)


def is_pysat_solver(name: str) -> bool:
    """Whether ``name`` is one of PySAT's in-process solvers (or an alias), alone or with its options."""
    return pysat_base(name) is not None


PROOF_SOLVERS = ("glucose4", "glucose3", "glucose42", "cadical195", "cadical153", "cadical103", "cadical300",
                 "lingeling", "maplechrono", "maplecm", "gluecard3", "gluecard4", "ergo")
"""PySAT's solvers that log DRAT proofs (``with_proof``) that an independent checker accepts after searches with
clauses added between calls (tests/test_proof.py checks each)."""
UNCHECKED_PROOFS = {"maplesat": "writes proofs that do not check when clauses are added between calls (a lemma "
                                "is neither RUP nor RAT)"}
"""PySAT's solvers that log DRAT proofs a checker refuses, and why."""


def check_proof_solver(name: str) -> None:
    """Refuse, before any work, a solver that cannot write a proof."""
    canonical = pysat_base(name)
    if canonical not in PROOF_SOLVERS:
        why = UNCHECKED_PROOFS.get(canonical or "", "writes no proof")
        raise UsageError(f"--proof: solver {name} {why}; name one whose proofs check "
                         f"({', '.join(PROOF_SOLVERS[:6])}, ...)")


def make_backend(name: str, verbose: bool = False, proof: bool = False) -> Backend:
    """The backend called ``name``: a PySAT solver name or alias, or a solver executable (a path or a command
    on PATH), alone or followed by its options; ``proof`` logs DRAT."""
    configured = pysat_with_options(name)  # its options checked (UsageError) before the solver is made
    if configured is not None:
        canonical, options = configured
        if canonical in NON_INCREMENTAL and not proof:
            return FreshPySatBackend(canonical)
        return PySatBackend(name if options else canonical, proof)
    path = _executable(name)
    if path:
        return ExternalBackend(path, verbose=verbose)
    words = _command_words(name)
    if len(words) > 1 and (path := _executable(words[0])):
        return ExternalBackend(path, verbose=verbose, arguments=words[1:])
    raise UsageError(
        f"unknown solver {name!r}: give a PySAT solver name (e.g. cadical195, glucose4, minisat22) "
        "or a DIMACS solver executable, with its options if any (e.g. 'kissat --unsat')"
    )


def _executable(name: str) -> str | None:
    """The path of the executable ``name`` (a path, or a command found on PATH), or None."""
    import shutil

    return shutil.which(name) if os.sep not in name else (name if _is_executable_file(name) else None)


def _command_words(command: str) -> list[str]:
    """A solver command line split as a shell would (no words when its quotes do not close)."""
    import shlex

    try:
        return shlex.split(command)
    except ValueError:
        return []


def check_solver_name(name: str) -> str:
    """Validate ``name`` early (before any work), returning it unchanged."""
    make_backend(name).close()
    return name
