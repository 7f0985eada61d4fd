"""``satpuzzles batch --dask``: a real LocalCluster on loopback gives the local run's results."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import run_cli
from tests.test_batch import CRASHING_SOLVER, MINES, NL, SEED, SLITHER, jsonl

distributed = pytest.importorskip("distributed")

COMPARED = ("file", "index", "puzzle", "status", "unique", "verified", "variables", "clauses", "cut_iterations",
            "encoding", "sat_calls", "error")


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    """The address of a two-thread Dask cluster in one worker process on 127.0.0.1."""
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=True, host="127.0.0.1",
                                  dashboard_address=":0") as cluster:
        yield cluster.scheduler_address


def comparable(path: Path) -> list[tuple]:
    """The report's rows without timings, in a fixed order."""
    return sorted(tuple(row[name] for name in COMPARED) for row in jsonl(path))


def test_dask_results_equal_the_local_run(scheduler: str, tmp_path: Path) -> None:
    (tmp_path / "bad.txt").write_text("1,.,2\n")
    paths = [*(SEED / f"instance_{n}.txt" for n in (1, 4, 5, 6, 9)), SEED / "bad_numbering.txt", SEED / "input-7by7.in",
             NL / "handmade" / "inputs5.txt", MINES / "small-sat.in", MINES / "small-unsat.in",
             SLITHER / "pzprjs" / "cspuz_bench_4x4.url", tmp_path / "bad.txt"]
    local, remote = tmp_path / "local.jsonl", tmp_path / "dask.jsonl"
    assert run_cli("batch", *paths, "--unique", "-j", "2", "--report", local).code == 2
    result = run_cli("batch", *paths, "--unique", "--dask", scheduler, "--report", remote)
    assert result.code == 2, result.err
    assert f"Dask scheduler {scheduler}" in result.out
    assert len(jsonl(remote)) == 31
    assert comparable(remote) == comparable(local)


def test_dask_timeout_is_enforced_inside_the_task(scheduler: str, tmp_path: Path) -> None:
    report = tmp_path / "r.jsonl"
    result = run_cli("batch", MINES / "extreme-sat.in", SEED / "instance_1.txt", "--timeout", "0.05",
                     "--dask", scheduler, "--report", report)
    assert result.code == 3
    statuses = {Path(row["file"]).name: (row["status"], row["error"]) for row in jsonl(report)}
    assert statuses == {"extreme-sat.in": ("unknown", "timed out after 0.05 s"), "instance_1.txt": ("solved", "")}


def test_dask_crash_is_one_error_row(scheduler: str, tmp_path: Path) -> None:
    solver = tmp_path / "crashing-solver"
    solver.write_text(CRASHING_SOLVER.format(python=sys.executable))
    solver.chmod(0o755)
    report = tmp_path / "r.jsonl"
    result = run_cli("batch", SEED / "instance_1.txt", SEED / "instance_10.txt", SEED / "instance_9.txt",
                     "-s", str(solver), "--dask", scheduler, "--report", report)
    assert result.code == 2
    rows = {Path(row["file"]).name: row for row in jsonl(report)}
    assert rows["instance_10.txt"]["status"] == "error" and "worker process died" in rows["instance_10.txt"]["error"]
    assert rows["instance_1.txt"]["status"] == rows["instance_9.txt"]["status"] == "solved"
