"""generate slitherlink: the checks' conflict limits, and the same puzzle for a seed in every process."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import Driver, run_cli

ROOT = Path(__file__).resolve().parent.parent


def _pigeonhole(holes: int = 8) -> list[list[int]]:
    """One pigeon more than ``holes`` holes: unsatisfiable, and only after many conflicts (thousands for 8)."""
    def hole(pigeon: int, number: int) -> int:
        return pigeon * holes + number + 1

    clauses = [[hole(p, h) for h in range(holes)] for p in range(holes + 1)]
    return clauses + [[-hole(p, h), -hole(q, h)] for h in range(holes) for p in range(holes + 1) for q in range(p)]


def test_a_checks_calls_share_its_conflicts() -> None:
    from satpuzzles.puzzles.slitherlink.generator import CheckBackend
    from satpuzzles.solve.limited import SearchLimit

    with CheckBackend() as backend:
        backend.add_clauses(_pigeonhole())
        backend.total_left = 5
        with pytest.raises(SearchLimit):
            backend.solve()
        assert backend.total_left is not None and backend.total_left <= 0  # the call's conflicts were counted
        with pytest.raises(SearchLimit):
            backend.solve()  # none left: given up before searching
    with CheckBackend() as backend:
        backend.add_clauses(_pigeonhole(5))
        backend.conflicts = None
        assert backend.solve() is False  # without limits it decides


def test_a_checks_call_stops_at_its_conflict_budget() -> None:
    """Glucose looks at a budget only when it restarts: given 10 conflicts on this formula it ran 1,127 (and 174,249
    given 1,000 in a 60x60 generation). The checks' solver stops at it."""
    from satpuzzles.puzzles.slitherlink.generator import CheckBackend
    from satpuzzles.solve.limited import SearchLimit

    for budget in (10, 100):
        with CheckBackend() as backend:
            backend.add_clauses(_pigeonhole(9))
            backend.conflicts = budget
            with pytest.raises(SearchLimit):
                backend.solve()
            assert backend.statistics()["conflicts"] <= budget + 2


def test_checks_out_of_conflicts_keep_their_clues(monkeypatch: pytest.MonkeyPatch) -> None:
    from satpuzzles.puzzles.slitherlink import generator

    monkeypatch.setattr(generator, "MAX_CHECK_TOTAL", 0)  # no limited check may search
    made = run_cli("generate", "slitherlink", "5", "4", "--seed", "2")
    assert made.code == 0, made.err
    assert len(Driver("slitherlink").parse(made.out)[0].clues) == 20  # no clue could be dropped
    unique = run_cli("slitherlink", "-i", "-", "--unique", stdin=made.out)
    assert unique.code == 0 and "Unique = True" in unique.out


def test_a_seed_gives_the_same_puzzle_in_every_process() -> None:
    """Python hashes strings differently in each process (edges are ("h", r, c)): the puzzle must not depend on it."""
    outputs = set()
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": str(ROOT)}
        done = subprocess.run([sys.executable, "-m", "satpuzzles", "generate", "slitherlink", "14", "12", "--seed", "5"],
                              cwd=ROOT, env=env, capture_output=True, text=True, check=False)
        assert done.returncode == 0, done.stderr
        outputs.add(done.stdout)
    assert len(outputs) == 1
