"""Solver backends (PySAT and external binaries), the lazy-cut loop, and deadline isolation."""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import subprocess
import sys
import textwrap
import time
from itertools import product
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from satpuzzles.cnf.formula import Clause, Formula
from satpuzzles.cnf.model import Model
from satpuzzles.core.errors import InputError, SatPuzzlesError, SolverError, UsageError
from satpuzzles.core.outcome import SolveStats
from satpuzzles.solve.backends import PySatBackend, make_backend
from satpuzzles.solve.fresh_backends import ExternalBackend
from satpuzzles.solve.solver_names import canonical_pysat_name
from satpuzzles.solve.isolation import Timeout, run_with_deadline
from satpuzzles.solve.loop import lazy_solutions
from tests.conftest import INSTANCES, run_cli

PYSAT_SOLVERS = ["cadical195", "glucose4", "minisat22", "g4", "cadical195 --inprocessing=0 --no-lucky"]
EXTERNAL_SOLVERS = [
    pytest.param(name, marks=pytest.mark.skipif(shutil.which(name) is None, reason=f"{name} binary not installed"))
    for name in ("cadical", "minisat")
]
ALL_SOLVERS = [*PYSAT_SOLVERS, *EXTERNAL_SOLVERS]

# (x1 v x2 v ~x3) (~x1 v x3) (~x2 v x4) (~x4 v ~x1 v x5) (x3 v x5) (~x5 v x2)
SAT_FORMULA: list[Clause] = [[1, 2, -3], [-1, 3], [-2, 4], [-4, -1, 5], [3, 5], [-5, 2]]


def pigeonhole(pigeons: int, holes: int) -> list[Clause]:
    """Each pigeon in some hole, no two pigeons share a hole: unsatisfiable when pigeons > holes."""

    def var(p: int, h: int) -> int:
        return p * holes + h + 1

    clauses = [[var(p, h) for h in range(holes)] for p in range(pigeons)]
    for h in range(holes):
        for p in range(pigeons):
            for q in range(p + 1, pigeons):
                clauses.append([-var(p, h), -var(q, h)])
    return clauses


def satisfies(model: Model, clauses: list[Clause]) -> bool:
    return all(any(model[abs(lit)] == (lit > 0) for lit in clause) for clause in clauses)


def brute_models(num_vars: int, clauses: list[Clause]) -> list[tuple[bool, ...]]:
    """All assignments of variables 1..num_vars satisfying ``clauses``."""
    return [
        values
        for values in product((False, True), repeat=num_vars)
        if all(any(values[abs(lit) - 1] == (lit > 0) for lit in clause) for clause in clauses)
    ]


# --------------------------------------------------------------------------- backends


@pytest.mark.parametrize("name", ALL_SOLVERS)
def test_satisfiable_formula_gives_a_model(name: str) -> None:
    with make_backend(name) as backend:
        backend.add_clauses(SAT_FORMULA)
        assert backend.solve() is True
        model = backend.model(5)
        assert satisfies(model, SAT_FORMULA)
        # The model really is one of the formula's models.
        assert tuple(bool(model[v]) for v in range(1, 6)) in brute_models(5, SAT_FORMULA)


@pytest.mark.parametrize("name", ALL_SOLVERS)
def test_unsatisfiable_formula(name: str) -> None:
    with make_backend(name) as backend:
        backend.add_clauses(pigeonhole(4, 3))
        assert backend.solve() is False


@pytest.mark.parametrize("name", ALL_SOLVERS)
def test_empty_clause_is_unsatisfiable(name: str) -> None:
    """Formula.add([]) marks an impossible instance; every backend must read it as UNSAT."""
    with make_backend(name) as backend:
        backend.add_clauses([[1, 2], []])
        assert backend.solve() is False


@pytest.mark.parametrize("name", ALL_SOLVERS)
def test_no_clauses_is_satisfiable(name: str) -> None:
    with make_backend(name) as backend:
        assert backend.solve() is True
        assert backend.solve([2, -3]) is True
        model = backend.model(3)
        assert (model[2], model[3]) == (True, False)


def test_every_pysat_solver_solves_a_formula_of_no_variable() -> None:
    """PySAT's maplesat crashed the process (SIGSEGV) on a formula of no variable, as a Minesweeper board with no
    unknown cell gives under --method cnf (exit 139 instead of 0). In a child process, so that a crash fails this test
    and not the run; every solver this PySAT installation includes, as a plain solve and with assumptions."""
    script = textwrap.dedent("""
        from satpuzzles.solve.backends import make_backend
        from satpuzzles.solve.solver_names import pysat_includes, pysat_solver_names
        for name in sorted(pysat_solver_names()):
            if pysat_includes(name):
                with make_backend(name) as backend:
                    print(name, backend.solve(), flush=True)
                with make_backend(name) as backend:
                    print(name, backend.solve([2, -3]), backend.model(3)[2], flush=True)
        """)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, (done.returncode, done.stdout[-300:], done.stderr[-300:])
    lines = done.stdout.splitlines()
    assert "maplesat True" in lines and "maplesat True True" in lines
    assert all(line.endswith("True") for line in lines)


def test_a_board_with_no_unknown_cell_is_solved_by_maplesat() -> None:
    """The crash seen through the command line: a real process, as a crash kills it."""
    done = subprocess.run([sys.executable, "-m", "satpuzzles", "minesweeper", "-", "-s", "maplesat", "--method", "cnf",
                           "--unique", "--format", "json"], input="2 1\n0\n0\n", capture_output=True, text=True,
                          timeout=120, check=False)
    assert done.returncode == 0, (done.returncode, done.stderr[-300:])
    answer = json.loads(done.stdout)
    assert (answer["status"], answer["unique"], answer["solution"]["mines"]) == ("solved", True, [[0], [0]])


@pytest.mark.parametrize("name", ALL_SOLVERS)
def test_incremental_clauses(name: str) -> None:
    """Clauses added after a solve are kept, along with the earlier ones."""
    with make_backend(name) as backend:
        backend.add_clauses([[1, 2], [-1, 3]])
        assert backend.solve()
        backend.add_clauses([[-2], [-3]])
        assert backend.solve() is False


@pytest.mark.parametrize("name", ALL_SOLVERS)
def test_assumptions_decide_satisfiability(name: str) -> None:
    with make_backend(name) as backend:
        backend.add_clauses(SAT_FORMULA)
        for values in product((False, True), repeat=3):
            assumptions = [v if value else -v for v, value in zip((1, 2, 5), values)]
            expected = any(all(model[abs(a) - 1] == (a > 0) for a in assumptions) for model in brute_models(5, SAT_FORMULA))
            assert backend.solve(assumptions) is expected, assumptions
            if expected:
                model = backend.model(5)
                assert satisfies(model, SAT_FORMULA)
                assert all(model[abs(a)] == (a > 0) for a in assumptions)
            else:
                assert set(backend.core()) <= set(assumptions)
        # Assumptions are not permanent.
        assert backend.solve() is True


@pytest.mark.parametrize("name", PYSAT_SOLVERS)
def test_pysat_core_is_an_unsatisfiable_subset_of_the_assumptions(name: str) -> None:
    clauses = [[-1, -2], [-3, 4], [-4, -5], [6, 7]]
    with make_backend(name) as backend:
        backend.add_clauses(clauses)
        assumptions = [6, 1, 3, 2, 7, 5]
        assert backend.solve(assumptions) is False
        core = backend.core()
        assert core
        assert set(core) <= set(assumptions)
    with make_backend(name) as check:
        check.add_clauses(clauses)
        assert check.solve(core) is False, "the core alone must already be unsatisfiable"
        assert check.solve([6, 7]) is True


@pytest.mark.parametrize("name", PYSAT_SOLVERS)
def test_pysat_names_and_aliases(name: str) -> None:
    with make_backend(name) as backend:
        assert isinstance(backend, PySatBackend)
        assert backend.name == canonical_pysat_name(name.split()[0])  # the solver; its options are applied to it
    assert canonical_pysat_name("g4") == "glucose4"
    assert canonical_pysat_name("m22") == "minisat22"



def test_cadical_options_take_effect_through_the_solver_name() -> None:
    """CaDiCaL's initial phase decides the free variables of the first model: the options reach the solver."""
    models = {}
    for phase in (0, 1):
        with make_backend(f"cadical195 --no-lucky --phase={phase}") as backend:
            backend.add_clauses([[1, 2, 3, 4], [5, -5]])
            assert backend.solve()
            models[phase] = backend.model_literals()
    assert models == {0: [1, -2, -3, -4, -5], 1: [1, 2, 3, 4, 5]}
    preferred = {}
    for spec in ("cadical195", "cadical195 --lucky=1"):  # phases turn CaDiCaL's lucky search off, unless it was set
        with make_backend(spec) as backend:
            backend.add_clauses([[1, 2, 3, 4], [5, -5]])
            backend.set_phases([-1, -2, -3, -4, -5])
            assert backend.solve()
            preferred[spec] = backend.model_literals()
    assert preferred == {"cadical195": [1, -2, -3, -4, -5], "cadical195 --lucky=1": [1, 2, 3, 4, 5]}
    with make_backend("cadical195 --no-lucky --phase=0", proof=True) as logged:  # PySAT's own class, as for --proof
        logged.add_clauses([[1, 2, 3, 4], [5, -5]])
        assert logged.solve() and logged.model_literals() == [1, -2, -3, -4, -5]


@pytest.mark.parametrize(("name", "words"), [
    ("cadical195 --nosuch=1", "'--nosuch=1' is not an option of CaDiCaL 1.9.5 (write --NAME=VALUE, as "
                              "--inprocessing=0; 'satpuzzles solvers --cadical-options' lists them)"),
    ("cadical195 inprocessing=0", "'inprocessing=0' is not an option"),
    ("cadical195 --elim=2", "CaDiCaL's elim takes a whole number from 0 to 1"),
    ("cadical195 --seed=x", "CaDiCaL's seed takes a whole number"),
    ("cadical195 --seed=--3", "CaDiCaL's seed takes a whole number"),
    ("cadical195 --seed=\u00b2", "CaDiCaL's seed takes a whole number"),  # a digit to str.isdigit, not to int
    # proofs are --proof's; options that write or print are refused, as CaDiCaL's (they said "is not an option")
    ("cadical195 --lrat=1", "'--lrat=1': CaDiCaL's lrat prints, checks or writes proofs, which a solver name may not "
                            "ask for (--proof FILE writes a DRAT proof; -v reports the solve)"),
    ("cadical195 --no-verbose", "'--no-verbose': CaDiCaL's verbose prints, checks or writes proofs"),
    ("glucose4 --inprocessing=0", "options are for cadical195"),
])
def test_bad_cadical_options_are_usage_errors(name: str, words: str) -> None:
    with pytest.raises(UsageError, match=re.escape(words)):
        make_backend(name)
    result = run_cli("slitherlink", "https://puzz.link/p?slither/5/5/cbcbcddad", "-s", name)
    assert result.code == 2 and words in result.err and len(result.err.splitlines()) == 1


def test_a_solver_name_with_options_is_reported_in_one_form(tmp_path: Path) -> None:
    """An alias by its canonical name, the options sorted as --NAME=VALUE: statistics and a report's options agree
    however the options were written, so --resume takes the same solver written another way."""
    board = INSTANCES / "numberlink" / "seed" / "instance_1.txt"
    envelope = json.loads(run_cli("numberlink", board, "-s", "cd19 --no-elim  --seed=3 ", "--format", "json").out)
    assert envelope["stats"]["solver"] == "cadical195 --elim=0 --seed=3"
    report = tmp_path / "r.jsonl"
    assert run_cli("batch", board, "-s", "cd19 --seed=3 --no-elim", "--report", report).code == 0
    resumed = run_cli("batch", board, "-s", "cadical195 --elim=0 --seed=3", "--report", report, "--resume")
    assert resumed.code == 0, resumed.err
    refused = run_cli("batch", board, "-s", "cadical195 --seed=4", "--report", report, "--resume")
    assert refused.code == 2 and "other solve options" in refused.err


def test_a_command_whose_first_word_is_an_executable_runs_it_even_when_pysat_has_that_alias(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """PySAT calls its Kissat 'kissat'; 'kissat --unsat' still runs the kissat binary on PATH, and its options are
    Kissat's, never checked as CaDiCaL's."""
    binary = tmp_path / "kissat"
    binary.write_text("#!/bin/sh\necho \"$1\" > \"$0.args\"\necho 's SATISFIABLE'\necho 'v 1 0'\nexit 10\n")
    binary.chmod(0o755)
    monkeypatch.setenv("PATH", f"{tmp_path}{os.pathsep}{os.environ['PATH']}")
    with make_backend("kissat --unsat") as backend:
        assert isinstance(backend, ExternalBackend)
        backend.add_clauses([[1]])
        assert backend.solve() is True
    assert (tmp_path / "kissat.args").read_text().strip() == "--unsat"
    result = run_cli("numberlink", INSTANCES / "numberlink" / "seed" / "example_3x2.txt", "-s", "kissat --unsat",
                     "--format", "json")
    assert json.loads(result.out)["stats"]["solver"] == "kissat --unsat"  # as given: a command, not normalised


def competition_solver(path: Path) -> Path:
    """A DIMACS solver executable at ``path`` that answers in the competition format (Glucose through PySAT, in a
    process of its own) and takes a second file argument as CryptoMiniSat does, for a proof it writes there."""
    path.write_text(f"#!{sys.executable}\n" + textwrap.dedent("""\
        import sys
        from pysat.formula import CNF
        from pysat.solvers import Glucose4
        formula, *proof = sys.argv[1:]
        for name in proof:
            open(name, "w").write("c a proof, not a model\\n")
        with Glucose4(bootstrap_with=CNF(from_file=formula).clauses) as solver:
            if not solver.solve():
                print("s UNSATISFIABLE")
                sys.exit(20)
            print("s SATISFIABLE")
            print("v", *solver.get_model(), 0)
            sys.exit(10)
        """))
    path.chmod(0o755)
    return path


@pytest.mark.parametrize("real", [False, pytest.param(True, marks=pytest.mark.skipif(
    shutil.which("cryptominisat5") is None, reason="cryptominisat5 binary not installed"))])
def test_cryptominisat_answers_in_the_competition_format_not_minisats(tmp_path: Path, real: bool) -> None:
    """'cryptominisat5' has 'minisat' in its name, but prints 's SATISFIABLE' and 'v' lines and takes a second file
    for a proof (FRAT): it was given MiniSat's result file and read from it, so every answer was 'no answer', exit 3."""
    binary = shutil.which("cryptominisat5") if real else str(competition_solver(tmp_path / "cryptominisat5"))
    assert binary is not None
    board = INSTANCES / "numberlink" / "seed" / "example_3x2.txt"
    solved = run_cli("numberlink", board, "-s", binary, "--unique", "--format", "json")
    assert solved.code == 0, solved.out + solved.err
    assert json.loads(solved.out)["status"] == "solved"
    cross = run_cli("numberlink", INSTANCES / "numberlink" / "flowfree" / "unsolvable_cross.txt", "-s", binary)
    assert cross.code == 1 and "Solvable = False" in cross.out, cross.out + cross.err


def test_a_name_pysat_knows_but_does_not_include_runs_the_executable_on_path(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """'cryptominisat5' is an alias of PySAT's CryptoMiniSat, which needs a module of its own; with the binary on
    PATH (which 'satpuzzles solvers' lists as a DIMACS solver -s can name) it runs the binary, where it was refused
    as missing from PySAT."""
    from pysat.solvers import NoSuchSolverError, Solver

    try:
        Solver(name="cryptosat").delete()
        pytest.skip("this PySAT installation includes CryptoMiniSat")
    except (NoSuchSolverError, AssertionError):
        pass
    binary = competition_solver(tmp_path / "cryptominisat5")
    monkeypatch.setenv("PATH", f"{tmp_path}{os.pathsep}{os.environ['PATH']}")
    with make_backend("cryptominisat5") as backend:
        assert isinstance(backend, ExternalBackend)
        backend.add_clauses([[1]])
        assert backend.solve() is True
    listed = run_cli("solvers", "--format", "json").out
    row = {"kind": "executable", "name": "cryptominisat5", "path": str(binary), "proofs": "none"}
    assert row in map(json.loads, listed.splitlines())
    result = run_cli("numberlink", INSTANCES / "numberlink" / "seed" / "example_3x2.txt", "-s", "cryptominisat5",
                     "--format", "json")
    assert result.code == 0, result.err
    assert json.loads(result.out)["stats"]["solver"] == "cryptominisat5"
    with pytest.raises(UsageError, match="this PySAT installation does not include it"):
        make_backend("cms")  # an alias alone, with no executable of that name: PySAT's, refused as before


def test_large_slitherlinks_default_to_cadical_without_inprocessing() -> None:
    board = INSTANCES / "slitherlink" / "tatham" / "hard_45x45.loopy"
    envelope = json.loads(run_cli("slitherlink", board, "--format", "json").out)
    assert envelope["status"] == "solved" and envelope["stats"]["solver"] == "cadical195 --inprocessing=0"
    assert "cadical195 --inprocessing=0 from there" in run_cli("slitherlink", "--help").out

@pytest.mark.parametrize("name", EXTERNAL_SOLVERS)
def test_external_backend_chosen_for_binaries(name: str) -> None:
    path = shutil.which(name)
    for spelling in (name, path):
        with make_backend(spelling) as backend:
            assert isinstance(backend, ExternalBackend)
            assert backend.name == name
            assert backend.executable == path
            backend.add_clauses([[1], [-1, 2]])
            assert backend.solve([-3]) is True
            model = backend.model(3)
            assert (model[1], model[2], model[3]) == (True, True, False)
            assert backend.solve([-2]) is False
            assert backend.core() == [-2]


def test_unknown_solver_names_raise_usage_error(tmp_path: Path) -> None:
    with pytest.raises(UsageError, match="unknown solver 'no-such-solver-xyz'"):
        make_backend("no-such-solver-xyz")
    with pytest.raises(UsageError):
        make_backend(str(tmp_path / "missing" / "solver"))
    not_executable = tmp_path / "solver.sh"
    not_executable.write_text("#!/bin/sh\necho 's SATISFIABLE'\n")
    not_executable.chmod(0o644)
    with pytest.raises(UsageError):
        make_backend(str(not_executable))
    assert issubclass(UsageError, SatPuzzlesError)


def test_external_solver_without_answer_raises_solver_error(tmp_path: Path) -> None:
    script = tmp_path / "silent-solver"
    script.write_text("#!/bin/sh\necho 'c thinking' ; echo 'oops' >&2 ; exit 1\n")
    script.chmod(0o755)
    with make_backend(str(script)) as backend:
        assert isinstance(backend, ExternalBackend)
        backend.add_clauses([[1]])
        with pytest.raises(SolverError, match="oops"):
            backend.solve()


def test_external_solver_competition_output_split_over_lines(tmp_path: Path) -> None:
    """A fake solver printing the SAT-competition format, model spread over several 'v' lines."""
    script = tmp_path / "fake-solver"
    script.write_text(
        "#!/bin/sh\n"
        "test -s \"$1\" || exit 3\n"
        "echo 'c fake'\necho 's SATISFIABLE'\necho 'v 1 -2'\necho 'v 3 -4'\necho 'v 0'\nexit 10\n"
    )
    script.chmod(0o755)
    with make_backend(str(script)) as backend:
        backend.add_clauses([[1, 2], [3]])
        assert backend.solve() is True
        model = backend.model(4)
        assert [model[v] for v in (1, 2, 3, 4)] == [True, False, True, False]


@pytest.mark.skipif(shutil.which("cadical") is None, reason="cadical binary not installed")
def test_an_external_model_cut_short_is_refused_not_decoded(tmp_path: Path) -> None:
    """The real CaDiCaL's output with only its first 'v' line passed on: read as it stood, the missing values
    were false, and the lazy loop cut the same partial assignment for ever."""
    script = tmp_path / "partial-solver"
    script.write_text("#!/bin/sh\ncadical -q \"$1\" | head -2\nexit 10\n")
    script.chmod(0o755)
    result = run_cli("numberlink", INSTANCES / "numberlink" / "seed" / "instance_1.txt", "-s", str(script),
                     "--timeout", "60")
    assert result.code == 3
    assert "answered 'satisfiable' with an assignment that breaks clause" in result.out


def test_external_solver_options_come_before_the_formula(tmp_path: Path) -> None:
    """``-s 'SOLVER OPTIONS'``: the options reach the solver before the formula's file, in order and unsplit."""
    script = tmp_path / "fussy-solver"
    script.write_text(
        "#!/bin/sh\n"
        "[ \"$1\" = --mode ] && [ \"$2\" = 'two words' ] && [ -s \"$3\" ] && [ $# -eq 3 ] || exit 7\n"
        "echo 's SATISFIABLE'\necho 'v 1 0'\nexit 10\n"
    )
    script.chmod(0o755)
    with make_backend(f"{script} --mode 'two words'") as backend:
        assert isinstance(backend, ExternalBackend)
        assert (backend.name, backend.arguments) == ("fussy-solver", ["--mode", "two words"])
        backend.add_clauses([[1]])
        assert backend.solve() is True
    with make_backend(str(script)) as backend:  # no options: the script refuses, so they were what it checked
        backend.add_clauses([[1]])
        with pytest.raises(SolverError, match="exit code 7"):
            backend.solve()


def test_a_pysat_name_with_options_but_no_executable_says_no_executable_was_found(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """``-s 'kissat --unsat'`` without a kissat binary said "options are for cadical195 ...": the user meant the
    executable."""
    monkeypatch.setenv("PATH", str(tmp_path))
    result = run_cli("numberlink", INSTANCES / "numberlink" / "seed" / "instance_1.txt", "-s", "kissat --unsat")
    assert result.code == 2 and len(result.err.splitlines()) == 1
    assert "no 'kissat' executable was found on PATH, and PySAT's kissat takes no options" in result.err


def test_solver_commands_that_name_no_executable_are_refused() -> None:
    for command in ("no-such-solver-xyz --fast", "cadical --opt 'unclosed", "-q cadical"):
        with pytest.raises(UsageError, match="unknown solver"):
            make_backend(command)
    with pytest.raises(UsageError, match="no 'glucose4' executable was found on PATH, and PySAT's glucose4 takes no "
                                         "options"):
        make_backend("glucose4 --fast")


@pytest.mark.skipif(shutil.which("cadical") is None, reason="cadical binary not installed")
def test_cli_solves_with_an_external_solver_and_its_options(tmp_path: Path) -> None:
    """The real CLI with ``-s 'cadical -q --sat'``: solved and verified; an unsolvable puzzle proved so."""
    solved = run_cli("numberlink", INSTANCES / "numberlink" / "seed" / "instance_1.txt", "-s", "cadical -q --sat",
                     "--format", "json")
    assert solved.code == 0, solved.err
    record = json.loads(solved.out)
    assert (record["status"], record["stats"]["solver"]) == ("solved", "cadical -q --sat")  # printed: verified
    board = tmp_path / "crossed.txt"
    board.write_text("1,2\n2,1\n")
    refuted = run_cli("numberlink", board, "-s", "cadical -q --unsat")
    assert refuted.code == 1, refuted.err


# --------------------------------------------------------------------------- lazy-cut loop


class ToyEncoding:
    """``num_vars`` decision variables, some clauses, and an optional lazily enforced rule.

    ``forbidden(solution)`` marks assignments the lazy rule excludes; ``cut(solution)``
    gives the clauses the loop adds for such an assignment.
    """

    name = "toy"
    complete = True

    def __init__(self, num_vars, clauses, forbidden=None, cut=None, aux_clauses=()):
        self.formula = Formula()
        self.xs = [int(v) for v in self.formula.pool.block("x", (num_vars,))]
        self.formula.extend(clauses)
        for clause_of in aux_clauses:  # clauses mentioning a fresh auxiliary variable
            self.formula.extend(clause_of(self.formula.pool.fresh()))
        self.forbidden = forbidden or (lambda solution: False)
        self.cut = cut
        self.decoded = 0

    def decode(self, model: Model) -> tuple[bool, ...]:
        self.decoded += 1
        return tuple(bool(model[x]) for x in self.xs)

    def cuts(self, solution: tuple[bool, ...]) -> list[Clause]:
        if not self.forbidden(solution):
            return []
        return self.cut(solution) if self.cut else [self.block(solution)]

    def block(self, solution: tuple[bool, ...]) -> Clause:
        return [-x if value else x for x, value in zip(self.xs, solution)]


def enumerate_all(encoding: ToyEncoding, solver: str, cuts_seen: list[Clause] | None = None):
    stats = SolveStats()
    events: list[str] = []
    with make_backend(solver) as backend:
        backend.add_clauses(encoding.formula.clauses)
        solutions = list(lazy_solutions(encoding, backend, stats, events.append, cuts_seen))
    return solutions, stats, events


SMALL_CLAUSES: list[Clause] = [[1, 2, 3], [-1, -2], [2, 4, -3]]


@pytest.mark.parametrize("name", ALL_SOLVERS)
def test_lazy_solutions_counts_models(name: str) -> None:
    expected = brute_models(4, SMALL_CLAUSES)
    solutions, stats, events = enumerate_all(ToyEncoding(4, SMALL_CLAUSES), name)
    assert sorted(solutions) == sorted(expected)
    assert len(set(solutions)) == len(solutions)
    assert stats.sat_calls == len(expected) + 1
    assert stats.cuts == stats.cut_iterations == 0
    assert events[-1].endswith("unsatisfiable")


@pytest.mark.parametrize("name", ALL_SOLVERS)
def test_lazy_solutions_with_model_cuts(name: str) -> None:
    """The lazy rule (an even number of true variables) is only enforced by cutting each bad model."""
    expected = [m for m in brute_models(4, SMALL_CLAUSES) if sum(m) % 2 == 0]
    bad = len(brute_models(4, SMALL_CLAUSES)) - len(expected)
    cuts: list[Clause] = []
    encoding = ToyEncoding(4, SMALL_CLAUSES, forbidden=lambda s: sum(s) % 2 == 1)
    solutions, stats, events = enumerate_all(encoding, name, cuts)
    assert sorted(solutions) == sorted(expected)
    assert all(sum(s) % 2 == 0 for s in solutions)
    assert stats.cut_iterations == stats.cuts == bad == len(cuts)
    assert stats.sat_calls == len(expected) + bad + 1
    assert any(re.search(r"satisfiable, \d+ cuts? added", event) for event in events)


@pytest.mark.parametrize("name", ALL_SOLVERS)
def test_lazy_solutions_with_general_cuts(name: str) -> None:
    """A cut may exclude more than the model at hand (all with x1 and x4 true), and several at once."""
    clauses: list[Clause] = [[1, 2, 3, 4, 5], [-2, -5]]

    def cut(solution: tuple[bool, ...]) -> list[Clause]:
        return [[-1, -4], [-1, -4, 2]]

    encoding = ToyEncoding(5, clauses, forbidden=lambda s: s[0] and s[3], cut=cut)
    expected = [m for m in brute_models(5, clauses) if not (m[0] and m[3])]
    cuts: list[Clause] = []
    solutions, stats, _ = enumerate_all(encoding, name, cuts)
    assert sorted(solutions) == sorted(expected)
    # The forbidden family is never blocked as a solution, so the solver must meet it once; one cut removes it all.
    assert stats.cut_iterations == 1
    assert stats.cuts == 2 == len(cuts)


@pytest.mark.parametrize("name", PYSAT_SOLVERS)
def test_lazy_solutions_projects_out_auxiliaries(name: str) -> None:
    """Solutions are counted over the decision variables: an auxiliary with free values adds none."""
    # aux -> (x1 and x2); (aux or x3): so x3 or (x1 and x2). The aux is free when x1, x2, x3 all hold.
    aux_clauses = [lambda a: [[-a, 1], [-a, 2], [a, 3]]]
    encoding = ToyEncoding(3, [], aux_clauses=aux_clauses)
    expected = [m for m in product((False, True), repeat=3) if m[2] or (m[0] and m[1])]
    solutions, _, _ = enumerate_all(encoding, name)
    assert sorted(solutions) == sorted(expected)


@pytest.mark.parametrize("name", ["cadical195", "minisat22"])
@settings(max_examples=80, deadline=None)
@given(
    num_vars=st.integers(1, 6),
    seed=st.integers(0, 2**32 - 1),
    num_clauses=st.integers(0, 10),
    lazy_mask=st.integers(0, 63),
)
def test_lazy_solutions_random_formulas(name: str, num_vars: int, seed: int, num_clauses: int, lazy_mask: int) -> None:
    """Random small CNFs, with a random lazy rule "not all of the masked variables true"."""
    rng = random.Random(seed)
    clauses = []
    for _ in range(num_clauses):
        width = rng.randint(1, min(3, num_vars))
        chosen = rng.sample(range(1, num_vars + 1), width)
        clauses.append([v if rng.random() < 0.5 else -v for v in chosen])
    mask = [i for i in range(num_vars) if lazy_mask >> i & 1]

    def forbidden(solution: tuple[bool, ...]) -> bool:
        return bool(mask) and all(solution[i] for i in mask)

    def cut(solution: tuple[bool, ...]) -> list[Clause]:
        return [[-(i + 1) for i in mask]]

    expected = [m for m in brute_models(num_vars, clauses) if not forbidden(m)]
    for style in (None, cut):  # cut the single model, or the whole forbidden family
        solutions, stats, _ = enumerate_all(ToyEncoding(num_vars, clauses, forbidden, style), name)
        assert sorted(solutions) == sorted(expected)
        assert stats.sat_calls == len(expected) + stats.cut_iterations + 1


def test_lazy_solutions_stops_when_the_consumer_stops() -> None:
    encoding = ToyEncoding(4, [])
    stats = SolveStats()
    with make_backend("cadical195") as backend:
        backend.add_clauses(encoding.formula.clauses)
        iterator = lazy_solutions(encoding, backend, stats)
        first, second = next(iterator), next(iterator)
        assert first != second
        assert stats.sat_calls == 2
        rest = list(iterator)
    assert len({first, second, *rest}) == 16


# --------------------------------------------------------------------------- deadline isolation


def _solve_in_child(_report: object) -> tuple[bool, list[int]]:
    with make_backend("cadical195") as backend:
        backend.add_clauses(SAT_FORMULA)
        ok = backend.solve()
        return ok, backend.model(5).true_vars().tolist()


def test_run_with_deadline_returns_the_value() -> None:
    assert run_with_deadline(lambda _report: 6 * 7, seconds=30) == 42
    assert run_with_deadline(lambda _report: {"a": [1, 2], "b": None}, seconds=30) == {"a": [1, 2], "b": None}
    assert run_with_deadline(lambda _report: None, seconds=30) is None
    ok, true_vars = run_with_deadline(_solve_in_child, seconds=30)
    assert ok is True
    model = Model(true_vars, 5)
    assert satisfies(model, SAT_FORMULA)


def test_run_with_deadline_times_out() -> None:
    with pytest.raises(Timeout):
        run_with_deadline(lambda _report: time.sleep(10), seconds=0.5)


def test_run_with_deadline_kills_the_whole_process_group(tmp_path: Path) -> None:
    """A program the work started (like an external solver) dies with it."""
    pid_file = tmp_path / "pid"

    def work(_report: object) -> None:
        child = subprocess.Popen(["sleep", "60"])
        pid_file.write_text(str(child.pid))
        child.wait()

    with pytest.raises(Timeout):
        run_with_deadline(work, seconds=1.0)
    assert_dies(int(pid_file.read_text()), "the grandchild 'sleep 60' survived the deadline")


def assert_dies(pid: int, message: str) -> None:
    """Assert that process ``pid`` is gone (or a zombie) within 5 s; kill it if it is not."""

    def gone() -> bool:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except (FileNotFoundError, ProcessLookupError):
            return True
        return state in ("Z", "X")

    for _ in range(100):  # the kill is immediate; reaping the orphan may take a moment
        if gone():
            break
        time.sleep(0.05)
    try:
        assert gone(), message
    finally:
        if not gone():
            os.kill(pid, 9)


@pytest.mark.parametrize(("model", "said"), [
    ("1 2 3", "answered 'satisfiable' with an assignment that breaks clause"),
    # naming a variable the formula lacks: it was refused as breaking some clause, which hid what was wrong
    ("1 -2 999999", "answered 'satisfiable' with a model that names variable 999999, beyond the"),
])
def test_a_solver_answer_that_is_no_model_is_the_solvers_fault(tmp_path: Path, model: str, said: str) -> None:
    """An external solver claiming 'satisfiable' with an assignment that breaks the formula: a solver error
    (exit 3, no verdict), not an internal error of the encoding."""
    script = tmp_path / "wrong-solver"
    script.write_text(f"#!/bin/sh\necho 's SATISFIABLE'\necho 'v {model} 0'\nexit 10\n")
    script.chmod(0o755)
    result = run_cli("numberlink", INSTANCES / "numberlink" / "seed" / "instance_1.txt", "-s", script)
    assert result.code == 3
    assert "Solvable = unknown (the solver" in result.out
    assert said in result.out
    assert "internal error" not in result.err + result.out


def test_a_solver_that_gives_no_answer_still_gets_a_json_envelope(tmp_path: Path) -> None:
    """As a timeout does: status unknown, the reason in ``message``, exit 3; scripts read one envelope either way."""
    script = tmp_path / "failing-solver"
    script.write_text("#!/bin/sh\necho 'c giving up'\nexit 7\n")
    script.chmod(0o755)
    result = run_cli("numberlink", INSTANCES / "numberlink" / "seed" / "instance_1.txt", "-s", script,
                     "--format", "json")
    assert result.code == 3 and not result.err
    envelope = json.loads(result.out)
    assert envelope["status"] == "unknown" and envelope["solution"] is None
    assert "gave no answer (exit code 7)" in envelope["message"]
    stats = envelope["stats"]  # the formula was built and handed over: its statistics are kept
    assert (stats["method"], stats["encoding"]) == ("cnf", "strengthened") and stats["variables"] > 0
    unique = json.loads(run_cli("numberlink", INSTANCES / "numberlink" / "seed" / "instance_1.txt", "-s", script,
                                "--unique", "--timeout", "60", "--format", "json").out)
    assert unique["status"] == "unknown" and unique["stats"]["method"] == "unique" and unique["stats"]["clauses"] > 0


def test_a_timeout_kills_what_an_external_solver_started(tmp_path: Path) -> None:
    """The solver dies with the --timeout child; the programs it started are in its group, killed too."""
    pid_file = tmp_path / "pid"
    script = tmp_path / "slow-solver"
    script.write_text(f"#!/bin/sh\nsleep 60 &\necho $! > {pid_file}\nwait\n")
    script.chmod(0o755)
    result = run_cli("numberlink", INSTANCES / "numberlink" / "seed" / "instance_1.txt", "-s", script,
                     "--timeout", "1")
    assert result.code == 3 and "timed out" in result.out
    assert_dies(int(pid_file.read_text()), "the solver's 'sleep 60' survived the timeout")


def _raise(error: BaseException):
    def work(_report: object) -> None:
        raise error

    return work


@pytest.mark.parametrize(
    "error",
    [UsageError("bad option"), SolverError("solver crashed"), InputError("bad cell", 3, 7, "puzzle.txt")],
    ids=["usage", "solver", "input"],
)
def test_run_with_deadline_reraises_satpuzzles_errors(error: SatPuzzlesError) -> None:
    with pytest.raises(type(error)) as caught:
        run_with_deadline(_raise(error), seconds=30)
    assert str(caught.value) == str(error)
    assert caught.value.exit_status == error.exit_status


def test_run_with_deadline_reports_other_crashes() -> None:
    with pytest.raises(RuntimeError, match="ZeroDivisionError"):
        run_with_deadline(lambda _report: 1 // 0, seconds=30)


def test_run_with_deadline_reports_a_dead_child() -> None:
    with pytest.raises(RuntimeError, match=r"died \(exit code 3\)"):
        run_with_deadline(lambda _report: os._exit(3), seconds=30)


def test_run_with_deadline_returns_the_last_progress_report_on_timeout() -> None:
    def work(report) -> None:
        report("first")
        report("second")
        time.sleep(10)

    with pytest.raises(Timeout) as caught:
        run_with_deadline(work, seconds=0.5)
    assert caught.value.reports == ["first", "second"]
    assert 0 < caught.value.quiet_seconds <= 0.5  # the time from the last report to the deadline


def _installed_pysat_solvers() -> list[str]:
    """Every PySAT solver name this PySAT build has (some, like cryptosat, are optional)."""
    from pysat.solvers import NoSuchSolverError, Solver

    from satpuzzles.solve.solver_names import pysat_solver_names

    names = []
    for name in pysat_solver_names():
        try:
            Solver(name=name).delete()
        except NoSuchSolverError:
            continue
        names.append(name)
    return names


@pytest.mark.parametrize("name", _installed_pysat_solvers())
def test_every_pysat_solver_takes_assumptions_and_clauses_after_a_call(name: str) -> None:
    """Lingeling has no limited solve and Kissat neither assumptions nor clauses after a call: both still answer."""
    with make_backend(name) as backend:
        backend.add_clauses(SAT_FORMULA)
        assert backend.solve([]) is True
        assert satisfies(backend.model(5), SAT_FORMULA)
        assert backend.solve([-2, -3]) is False  # every model of SAT_FORMULA has x2 or x3
        assert set(backend.core()) <= {-2, -3}
        backend.add_clauses([[2], [-4]])  # SAT_FORMULA with x2 forces x4
        assert backend.solve([]) is False
