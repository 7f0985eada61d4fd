"""The directly driven default solvers (solve.direct) answer as PySAT's own classes do."""

from __future__ import annotations

import random
import subprocess
import sys
from itertools import product

import pytest
from pysat import VERSION
from pysat.solvers import Solver

from satpuzzles.solve.backends import PySatBackend
from satpuzzles.solve.direct import DIRECT_SOLVERS, TESTED_PYSAT, DirectSolver, direct_solver
from tests.test_solvers import pigeonhole

NAMES = sorted(DIRECT_SOLVERS)
IN_TESTED_VERSION = tuple(VERSION[:2]) in TESTED_PYSAT


def random_formula(rng: random.Random, num_vars: int, num_clauses: int) -> list[list[int]]:
    """Random 3-clauses over variables 1..num_vars."""
    return [[rng.choice((-1, 1)) * v for v in rng.sample(range(1, num_vars + 1), 3)] for _ in range(num_clauses)]


def satisfiable_by_brute_force(num_vars: int, clauses: list[list[int]], assumptions: list[int]) -> bool:
    """Whether some assignment satisfies the clauses and the assumptions."""
    units = [[lit] for lit in assumptions]
    return any(all(any(values[abs(lit) - 1] == (lit > 0) for lit in clause) for clause in clauses + units)
               for values in product((False, True), repeat=num_vars))


def direct(name: str) -> DirectSolver:
    solver = direct_solver(name)
    if solver is None:
        pytest.skip(f"PySAT {VERSION} is not one solve.direct was checked against")
    return solver


@pytest.mark.parametrize("name", NAMES)
def test_the_installed_pysat_is_driven_directly(name: str) -> None:
    """On the PySAT versions it was checked against, the backend uses the direct path (else PySAT's classes)."""
    backend = PySatBackend(name)
    assert isinstance(backend._solver, DirectSolver) == IN_TESTED_VERSION
    backend.close()
    assert not isinstance(PySatBackend(name, proof=True)._solver, DirectSolver)


@pytest.mark.parametrize("name", NAMES)
def test_direct_answers_match_pysat_and_brute_force(name: str) -> None:
    rng = random.Random(7)
    for trial in range(150):
        num_vars = rng.randint(3, 9)
        clauses = random_formula(rng, num_vars, rng.randint(1, 5 * num_vars))
        assumptions = [rng.choice((-1, 1)) * v for v in rng.sample(range(1, num_vars + 1), rng.randint(0, 3))]
        ours, theirs = direct(name), Solver(name=name)
        ours.append_formula(clauses)
        theirs.append_formula(clauses)
        answer = ours.solve_limited(assumptions)
        assert answer == theirs.solve_limited(assumptions=assumptions)
        assert answer == satisfiable_by_brute_force(num_vars, clauses, assumptions), (trial, clauses, assumptions)
        if answer:
            model = set(ours.get_model() or [])
            assert all(model & set(clause) for clause in clauses) and set(assumptions) <= model
            assert ours.get_core() is None
        else:
            core = ours.get_core()
            assert core == theirs.get_core()
            core = core or []  # None when the formula alone is unsatisfiable
            assert set(core) <= set(assumptions)
            assert not satisfiable_by_brute_force(num_vars, clauses, core)
            assert ours.get_model() is None
        assert ours.nof_vars() == theirs.nof_vars()
        assert ours.propagate(assumptions) == theirs.propagate(assumptions=assumptions)
        ours.delete()
        ours.delete()  # a second delete is harmless
        theirs.delete()


@pytest.mark.parametrize("name", NAMES)
def test_an_ordered_model_reads_its_first_variables_as_any_model_does(name: str) -> None:
    """The backend's models are marked ordered on the direct path (literal i is variable i + 1): the true ones among
    the first variables (or a run of values from any variable) are read from the literals alone, and are those the
    truth table gives; a list of literals too short for them is read through the table (a variable it misses is
    false)."""
    from satpuzzles.cnf.model import Model

    rng = random.Random(11)
    for _ in range(60):
        num_vars = rng.randint(3, 12)
        backend = PySatBackend(name)
        backend.add_clauses(random_formula(rng, num_vars, rng.randint(1, 2 * num_vars)))
        if backend.solve():
            model = backend.model(num_vars)
            assert model._ordered == IN_TESTED_VERSION
            for count in range(num_vars + 1):
                expected = [i for i in range(count) if model[i + 1]]
                assert model.true_among_first(count) == expected
                literals = backend.model_literals()
                assert Model(literals[:count - 1] if count else [], num_vars, ordered=True).true_among_first(count) \
                    == [i for i in expected if i < count - 1]
                for first in range(1, num_vars - count + 2):  # a run of values, as the truth table gives them
                    run = [bool(model[var]) for var in range(first, first + count)]
                    assert model.run_values(first, count) == run
                    assert Model(literals[:first + count - 2], num_vars, ordered=True).run_values(first, count) \
                        == run[:-1] + [False] * bool(count)
        backend.close()


@pytest.mark.parametrize("name", NAMES)
def test_incremental_calls_keep_the_formula(name: str) -> None:
    solver = direct(name)
    solver.append_formula([[1, 2], [-1, 2]])
    assert solver.solve_limited([]) is True and 2 in (solver.get_model() or [])
    solver.add_clause([-2, 3])
    assert solver.solve_limited([-3]) is False and solver.get_core() == [-3]
    solver.append_formula(iter([(-3,)]))  # any iterable of clauses, tuples too
    assert solver.solve_limited([]) is False
    assert solver.accum_stats()["conflicts"] >= 0


@pytest.mark.parametrize("name", NAMES)
def test_a_conflict_budget_ends_a_call_undecided(name: str) -> None:
    solver = direct(name)
    solver.append_formula(pigeonhole(10, 9))
    solver.conf_budget(20)
    assert solver.solve_limited([]) is None


@pytest.mark.parametrize("name", NAMES)
def test_phases_are_followed_on_a_free_formula(name: str) -> None:
    solver = direct(name)
    solver.append_formula([[v, -v] for v in range(1, 31)])
    phases = [v if v % 3 else -v for v in range(1, 31)]
    solver.set_phases(phases)
    assert solver.solve_limited([]) is True
    assert solver.get_model() == phases


def test_a_plain_solve_does_not_import_pysats_solver_wrappers() -> None:
    """The point of solve.direct: one puzzle solved without ``pysat.solvers`` (35 ms of imports)."""
    if not IN_TESTED_VERSION:
        pytest.skip("PySAT's own classes are used on this version")
    code = ("import sys; from satpuzzles.cli.app import main\n"
            "try:\n    main(['numberlink', 'instances/numberlink/seed/instance_1.txt'])\n"
            "except SystemExit as exit:\n    assert exit.code == 0, exit.code\n"
            "try:\n    main(['slitherlink', 'instances/slitherlink/tatham/hard_30x30.loopy'])\n"
            "except SystemExit as exit:\n    assert exit.code == 0, exit.code\n"
            "print('pysat.solvers' in sys.modules, file=sys.stderr)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stderr.strip().splitlines()[-1] == "False"
