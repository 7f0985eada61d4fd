"""--proof with DIMACS solver executables: CaDiCaL's (and Kissat's) DRAT proofs of the CNF written beside them,
checked by an independent checker (dratify); executables that write none are refused before any work."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from satpuzzles.core.errors import SolverError
from satpuzzles.solve.backends import make_backend
from tests.conftest import INSTANCES, run_cli
from tests.test_proof import checks



def kissat_executable() -> str | None:
    """Kissat on PATH, else the one the passagemath-kissat wheel ships (a test dependency where it installs)."""
    import importlib.util

    if found := shutil.which("kissat"):
        return found
    spec = importlib.util.find_spec("passagemath_kissat")
    if spec is None or spec.origin is None:
        return None
    shipped = Path(spec.origin).parent.parent / "sage_wheels" / "bin" / "kissat"
    return str(shipped) if os.access(shipped, os.X_OK) else None


CADICAL = shutil.which("cadical")
KISSAT = kissat_executable()
needs_cadical = pytest.mark.skipif(CADICAL is None, reason="cadical binary not installed")
DRAT_SOLVERS = [pytest.param("cadical", marks=needs_cadical, id="cadical"),
                pytest.param(KISSAT or "kissat", id="kissat",  # by its path: -s kissat alone is PySAT's
                             marks=pytest.mark.skipif(KISSAT is None, reason="kissat binary not installed"))]
SLITHERLINK = INSTANCES / "slitherlink" / "pzprjs" / "puzzlekit_meta_10x10.url"
MINESWEEPER = INSTANCES / "minesweeper" / "seed"
BLOCKS = "clauses blocking the solutions already found"


def certified(tmp_path: Path, *args: object) -> tuple[str, Path, Path]:
    """Run a puzzle command with ``--proof``: its report, the proof and the CNF beside it, checked by dratify."""
    proof = tmp_path / "p.drat"
    result = run_cli(*args, "--proof", proof)
    assert result.code in (0, 1), result.err + result.out
    cnf = tmp_path / "p.cnf"
    assert checks(cnf, proof), result.out
    assert proof.read_text().splitlines()[-1].strip() == "0"  # text DRAT, ending with the empty clause
    return result.out, proof, cnf


@pytest.mark.parametrize("solver", DRAT_SOLVERS)
def test_a_numberlink_refutation_and_a_count_through_cycle_cuts_check(tmp_path: Path, solver: str) -> None:
    """Hamiltonian paths of a 4x4 board under fill: the search adds cycle cuts and blocks the 8 paths between calls;
    the proof of the last call refutes the CNF written beside it, cuts and blocks included, and only with them."""
    board = tmp_path / "snake.txt"
    board.write_text("1...\n....\n....\n1...\n")
    out, proof, cnf = certified(tmp_path, "numberlink", board, "-s", solver, "--count", "100")
    assert "Solutions = 8 (all)" in out and f"no solution besides the 8 found exists ({solver}; the CNF" in out
    assert "c clauses added by the lazy-cut loop" in cnf.read_text()
    assert not checks(cnf, proof, drop=BLOCKS)  # the checker is no rubber stamp: the paths exist
    out, _, cnf = certified(tmp_path, "numberlink", INSTANCES / "numberlink" / "seed" / "instance_4.txt",
                            "-s", f"{solver} --unsat")
    assert f"Proof = DRAT proof that no solution exists ({solver} --unsat)" in out
    if CADICAL is not None:
        solved = subprocess.run([CADICAL, "-q", str(cnf)], capture_output=True, text=True)
        assert solved.returncode == 20  # CaDiCaL itself, on the CNF beside the proof: unsatisfiable


@pytest.mark.parametrize("solver", DRAT_SOLVERS)
def test_uniqueness_under_the_open_rule_and_with_a_timeout_check(tmp_path: Path, solver: str) -> None:
    """Under --rules open, and in the child process a --timeout runs the solve in."""
    out, _, _ = certified(tmp_path, "numberlink", INSTANCES / "numberlink" / "seed" / "instance_1.txt", "--unique",
                          "--rules", "open", "-s", solver, "--timeout", "60")
    assert "Unique = True" in out and f"DRAT proof that no solution besides the one shown exists ({solver})" in out


@pytest.mark.parametrize("solver", DRAT_SOLVERS)
def test_a_slitherlink_uniqueness_through_sub_loop_cuts_checks(tmp_path: Path, solver: str,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """Kissat is given named files (it compares the real paths of the formula and the proof): none stays behind."""
    import tempfile

    folder = tmp_path / "tmp"
    folder.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(folder))
    out, proof, cnf = certified(tmp_path, "slitherlink", SLITHERLINK, "--unique", "-s", solver)
    assert "Unique = True" in out and f"({solver}; the CNF beside it lists the cuts)" in out
    assert "c clauses added by the lazy-cut loop (sub-loop cuts):" in cnf.read_text()
    assert not checks(cnf, proof, drop=BLOCKS)
    assert list(folder.iterdir()) == []


@pytest.mark.parametrize("solver", DRAT_SOLVERS)
def test_minesweeper_certificates_check_even_when_the_formula_holds_the_empty_clause(tmp_path: Path,
                                                                                      solver: str) -> None:
    """A count no cells can meet is the empty clause: CaDiCaL then writes an empty proof, which needs none."""
    record = json.loads(certified(tmp_path, "minesweeper", MINESWEEPER / "small-unsat.in", "-s", solver,
                                  "--format", "json")[0])
    assert record["status"] == "unsolvable" and record["proof"] == {"claim": "unsolvable", "solver": solver}
    out, proof, cnf = certified(tmp_path, "minesweeper", MINESWEEPER / "small-sat.in", "-s", solver, "--count", "100")
    assert "Solutions = 20 (all)" in out and f"no solution besides the 20 found exists ({solver})" in out
    assert not checks(cnf, proof, drop=BLOCKS)


def fake_solver(path: Path, proof: str) -> Path:
    """An executable at ``path`` that records its arguments beside itself, answers 'unsatisfiable' and writes
    ``proof`` to its last argument."""
    path.write_text(f"#!{sys.executable}\n" + textwrap.dedent(f"""\
        import sys
        open({str(path) + ".args"!r}, "w").write("\\n".join(sys.argv[1:]))
        open(sys.argv[-1], "w").write({proof!r})
        print("s UNSATISFIABLE")
        sys.exit(20)
        """))
    path.chmod(0o755)
    return path


def test_the_proof_file_follows_the_formula_and_text_drat_follows_the_users_options(tmp_path: Path) -> None:
    solver = fake_solver(tmp_path / "kissat-4.0", "0\n")
    with make_backend(f"{solver} --binary=true --unsat", proof=True) as backend:
        backend.add_clauses([[1], [-1]])
        assert backend.solve() is False
        assert backend.proof_lines() == ["0"]
    words = (tmp_path / "kissat-4.0.args").read_text().splitlines()
    assert words[:3] == ["--binary=true", "--unsat", "--binary=false"] and len(words) == 5  # the formula, the proof


def test_a_refutation_without_a_proof_is_no_certificate(tmp_path: Path) -> None:
    solver = fake_solver(tmp_path / "cadical-silent", "")
    with make_backend(str(solver), proof=True) as backend:
        backend.add_clauses([[1, 2], [-1], [-2]])
        with pytest.raises(SolverError, match="answered 'unsatisfiable' but wrote no DRAT proof"):
            backend.solve()
    proof = tmp_path / "p.drat"
    result = run_cli("numberlink", INSTANCES / "numberlink" / "seed" / "instance_4.txt", "-s", solver, "--proof", proof)
    assert result.code == 3 and "wrote no DRAT proof" in result.out and not proof.exists()


def test_executables_that_write_no_drat_proof_are_refused_before_any_work(tmp_path: Path,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """MiniSat writes no proof and CryptoMiniSat 5.11 a FRAT proof: one line naming those that can, exit 2."""
    monkeypatch.setenv("PATH", f"{tmp_path}{os.pathsep}{os.environ['PATH']}")
    for name in ("minisat", "cryptominisat5"):
        solver = fake_solver(tmp_path / name, "0\n")
        proof = tmp_path / "p.drat"
        result = run_cli("numberlink", INSTANCES / "numberlink" / "seed" / "instance_4.txt", "-s", name, "--proof", proof)
        assert result.code == 2 and len(result.err.splitlines()) == 1, result.err
        assert f"--proof: the DIMACS solver {name} writes no DRAT proof" in result.err
        assert "or a CaDiCaL or Kissat executable such as -s cadical" in result.err
        assert not proof.exists() and not Path(str(solver) + ".args").exists()
    fake_solver(tmp_path / "cadical", "0\n")
    rows = [json.loads(line) for line in run_cli("solvers", "--format", "json").out.splitlines()]
    proofs = {row["name"]: row["proofs"] for row in rows if row["kind"] == "executable"}
    assert (proofs["cadical"], proofs["minisat"], proofs["cryptominisat5"]) == ("DRAT (--proof)", "none", "none")
    assert f"  cadical: {tmp_path / 'cadical'}; proofs: DRAT (--proof)\n" in run_cli("solvers").out


def test_pysats_kissat_shadowing_a_kissat_executable_says_how_to_run_the_executable(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """-s kissat alone is PySAT's Kissat, which writes no proof; the executable of that name does."""
    from satpuzzles.solve.solver_names import pysat_base

    if pysat_base("kissat") is None:
        pytest.skip("this PySAT installation has no Kissat")
    monkeypatch.setenv("PATH", f"{tmp_path}{os.pathsep}{os.environ['PATH']}")
    solver = fake_solver(tmp_path / "kissat", "0\n")
    result = run_cli("numberlink", INSTANCES / "numberlink" / "seed" / "instance_4.txt", "-s", "kissat", "--proof",
                     tmp_path / "p.drat")
    assert result.code == 2 and len(result.err.splitlines()) == 1, result.err
    assert f"give the executable's path, {solver}, or options after the name, to run it" in result.err


def test_a_kissat_killed_at_the_deadline_leaves_no_folder_behind(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """Kissat's named files are in a temporary folder: when --timeout kills the child that made it (SIGKILL, so
    the child cannot remove it), the parent does."""
    import tempfile

    folder = tmp_path / "tmp"
    folder.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(folder))
    started = tmp_path / "started"
    solver = tmp_path / "kissat-slow"
    solver.write_text(f"#!/bin/sh\nls \"$(dirname \"$2\")\" > {started}\nexec sleep 60\n")
    solver.chmod(0o755)
    result = run_cli("minesweeper", MINESWEEPER / "small-sat.in", "--unique", "-s", solver, "--proof",
                     tmp_path / "p.drat", "--timeout", "3")  # its first SAT call is in the formula it certifies
    assert result.code == 3 and "Proof = none: the solver did not finish a refutation" in result.out
    assert started.read_text().split() == ["formula.cnf"]  # it ran in the folder, on the formula's file
    assert list(folder.iterdir()) == []
