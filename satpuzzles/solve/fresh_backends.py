"""Backends that keep the formula themselves and solve it afresh on each call: PySAT's non-incremental solvers
(Kissat) and DIMACS solver executables."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable, Sequence

from satpuzzles.cnf.formula import Clause
from satpuzzles.cnf.model import Model, broken_clause
from satpuzzles.core.errors import SolverError, UsageError
from satpuzzles.solve.backend import Backend
from satpuzzles.solve.exits import exit_description
from satpuzzles.solve.interrupts import call_without_interrupt, disable_pysat_longjmp
from satpuzzles.solve.solver_names import writes_drat

TYPE_CHECKING = False  # typing stays unloaded on the solve path
if TYPE_CHECKING:
    from typing import IO

    from satpuzzles.solve.solver_process import SolverRun


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
    Assumptions become unit clauses; the core is then every assumption. With ``proof``,
    CaDiCaL and Kissat (solver_names.DRAT_EXECUTABLES) write a DRAT proof, in text, to
    a file given after the formula's: that of the last unsatisfiable call is kept, a proof
    that the formula given then (every clause added so far) has no model.
    """

    PROOF_OPTIONS = ("--binary=false",)
    """Put after the user's options (the last one given wins): a DRAT proof in text, as checkers read it."""

    def __init__(self, command: str, verbose: bool = False, arguments: Sequence[str] = (), proof: bool = False) -> None:
        super().__init__(os.path.basename(command))
        self.executable = command
        self.arguments = list(arguments)  # options put before the formula's file (--solver 'kissat --unsat')
        self.verbose = verbose
        # MiniSat's family (minisat, minisat2, minisat_static) writes its model to a file; CryptoMiniSat, with the
        # word in its name, answers in the competition format and takes a second file for a proof
        self._minisat_style = self.name.lower().startswith("minisat")
        if proof and not writes_drat(command):
            raise UsageError(f"--proof: the DIMACS solver {self.name} writes no DRAT proof")
        self.proof = proof
        self._proof = ""

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
        # Kissat, writing a proof, compares the real paths of the formula and the proof, which anonymous files lack
        # ("can not get absolute path of '/dev/fd/3'"): it is given named files
        named = self.proof and self.name.lower().startswith("kissat")
        with formula_files(lambda out: self._write(out, assumptions), named) as (cnf, result, read_result, fds):
            # the result file: MiniSat's model, or the proof (read only after a refutation: it may be large)
            second = [result] if self._minisat_style or self.proof else []
            argv = [self.executable, *self.arguments, *(self.PROOF_OPTIONS if self.proof else ()), cnf, *second]
            done = run_solver(argv, self.name, self._num_vars, fds, read_result if self._minisat_style else (lambda: ""))
            if self.verbose:
                sys.stderr.write(done.stdout)
            answer = self._read_minisat(done.result, done) if self._minisat_style else self._read_competition(done)
            if self.proof and not answer:
                self._proof = self._read_proof(read_result())
        if answer:
            self._check_model(assumptions)
        return answer

    def _read_proof(self, text: str) -> str:
        """The proof of a refutation, refused when the solver wrote none: one that has the empty clause already
        (Minesweeper's count no cells can meet) needs none, any other ends with it."""
        if not text.strip() and all(self._clauses):
            raise SolverError(f"the solver {self.name} answered 'unsatisfiable' but wrote no DRAT proof to the file "
                              "given for it; no certificate can be made")
        return text

    def proof_lines(self) -> list[str]:
        """The DRAT proof of the last unsatisfiable call (only with ``proof``)."""
        if not self.proof:
            return super().proof_lines()
        return self._proof.splitlines()

    def _check_model(self, assumptions: Sequence[int]) -> None:
        """Refuse a 'satisfiable' whose model breaks a clause or an assumption (one cut short, say): decoded,
        it would send the lazy loop after cuts that change nothing, for ever."""
        number = broken_clause(self._model, [*self._clauses, *([lit] for lit in assumptions)])
        top = max([self._num_vars, *(abs(a) for a in assumptions)])
        beyond = next((lit for lit in self._model if abs(lit) > top), None)
        if number is not None and beyond is not None:  # values past the formula's variables are ignored otherwise
            raise SolverError(f"the solver {self.name} answered 'satisfiable' with a model that names variable "
                              f"{abs(beyond)}, beyond the {top} of the formula it was given, and breaks its clause "
                              f"{number}; its answer was not used")
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
