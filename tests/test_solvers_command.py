"""``satpuzzles solvers``: PySAT's solvers and what each offers, the DIMACS solvers on PATH, defaults, CaDiCaL's options."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from satpuzzles.solve.backends import make_backend
from satpuzzles.solve.solver_names import PROOF_SOLVERS, pysat_solver_names
from satpuzzles.solve.cadical_options import CADICAL195_OPTIONS
from tests.conftest import run_cli


def test_every_pysat_solver_listed_works_or_says_it_is_missing() -> None:
    rows = [json.loads(line) for line in run_cli("solvers", "--format", "json").out.splitlines()]
    pysat = {row["name"]: row for row in rows if row["kind"] == "pysat"}
    assert set(pysat) == set(pysat_solver_names())
    for name, row in pysat.items():
        if row["available"]:
            with make_backend(name) as backend:  # each one listed as available solves
                backend.add_clauses([[1, 2], [-1]])
                assert backend.solve() and backend.model_literals()[1] == 2
        else:
            missing = run_cli("numberlink", "https://puzz.link/p?numlin/5/5/1j2h3m1h2j3", "-s", name)
            assert missing.code == 2 and "this PySAT installation does not include it" in missing.err
    assert pysat["glucose4"]["available"] and pysat["glucose4"]["proofs"] == "DRAT (--proof)"
    assert pysat["kissat404"]["incremental"] is False and pysat["cadical195"]["options"] is True
    assert all((row["proofs"] == "DRAT (--proof)") == (name in PROOF_SOLVERS) for name, row in pysat.items())
    defaults = next(row for row in rows if row["kind"] == "defaults")["defaults"]
    assert defaults["numberlink"] == "glucose4" and "cadical195 --inprocessing=0" in defaults["slitherlink"]


def test_dimacs_solvers_on_path_are_found(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fake = tmp_path / "picosat"
    fake.write_text("#!/bin/sh\nexit 0\n")
    fake.chmod(0o755)
    monkeypatch.setenv("PATH", f"{tmp_path}{os.pathsep}{os.environ['PATH']}")
    rows = [json.loads(line) for line in run_cli("solvers", "--format", "json").out.splitlines()]
    assert {"kind": "executable", "name": "picosat", "path": str(fake), "proofs": "none"} in rows
    text = run_cli("solvers").out
    assert f"  picosat: {fake}" in text and "  cadical195 (cd19, cd195, cdl19, cdl195): proofs: DRAT" in text


def test_cadical_options_are_listed_with_their_ranges() -> None:
    text = run_cli("solvers", "--cadical-options").out.splitlines()
    assert len(text) == len(CADICAL195_OPTIONS)
    assert any(line.startswith("--inprocessing ") and "0..1  enable inprocessing" in line for line in text)
    rows = [json.loads(line) for line in run_cli("solvers", "--cadical-options", "--format", "json").out.splitlines()]
    assert {"name": "seed", "low": 0, "high": 2000000000, "help": "random seed"} in rows


def test_an_executable_whose_bare_name_pysat_answers_to_says_how_to_run_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A kissat or lingeling binary on PATH was listed as a DIMACS solver -s can name, but '-s kissat' alone runs
    PySAT's Kissat: the listing says so, and how to run the binary (its path, or options after its name)."""
    for name in ("kissat", "picosat"):
        fake = tmp_path / name
        fake.write_text("#!/bin/sh\nexit 0\n")
        fake.chmod(0o755)
    monkeypatch.setenv("PATH", f"{tmp_path}{os.pathsep}{os.environ['PATH']}")
    rows = [json.loads(line) for line in run_cli("solvers", "--format", "json").out.splitlines()]
    assert {"kind": "executable", "name": "kissat", "path": str(tmp_path / "kissat"), "proofs": "DRAT (--proof)",
            "pysat": "kissat404"} in rows
    assert {"kind": "executable", "name": "picosat", "path": str(tmp_path / "picosat"), "proofs": "none"} in rows
    text = run_cli("solvers").out
    assert (f"  kissat: {tmp_path / 'kissat'} (-s kissat alone is PySAT's kissat404: give this path, or options after "
            "the name, to run it)") in text
    assert f"  picosat: {tmp_path / 'picosat'}\n" in text


def test_a_missing_pysat_solver_whose_name_is_an_executable_says_that_the_name_runs_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """PySAT's CryptoMiniSat needs a module of its own; without it '-s cryptominisat5' runs the binary on PATH, and
    the listing said only 'not in this PySAT installation'."""
    fake = tmp_path / "cryptominisat5"
    fake.write_text("#!/bin/sh\nexit 0\n")
    fake.chmod(0o755)
    monkeypatch.setenv("PATH", f"{tmp_path}{os.pathsep}{os.environ['PATH']}")
    rows = [json.loads(line) for line in run_cli("solvers", "--format", "json").out.splitlines()]
    cryptosat = next(row for row in rows if row["kind"] == "pysat" and row["name"] == "cryptosat")
    if cryptosat["available"]:
        pytest.skip("this PySAT includes CryptoMiniSat: the name runs it, not the binary")
    assert cryptosat["instead"]["cryptominisat5"] == str(fake)
    line = next(line for line in run_cli("solvers").out.splitlines() if line.startswith("  cryptosat "))
    assert line.startswith("  cryptosat (cms, cms5, crypto, crypto5, cryptominisat, cryptominisat5): not in this PySAT "
                           "installation; -s "), line
    assert f"-s cryptominisat5 runs the DIMACS solver {fake}" in line, line
