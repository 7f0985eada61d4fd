"""``satpuzzles batch --dask``: a real LocalCluster on loopback gives the local run's results.

The cluster and the Dask-side batches run in subprocesses, so the test process itself never
holds Dask's threads (other tests fork it for --timeout).
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import ROOT, Run, run_cli
from tests.test_batch import CRASHING_SOLVER, MINES, NL, SEED, SLITHER, jsonl

pytestmark = pytest.mark.skipif(importlib.util.find_spec("distributed") is None, reason="needs satpuzzles[dask]")

CLUSTER = """
import sys
from distributed import LocalCluster
with LocalCluster(n_workers=1, threads_per_worker=2, processes=True, host="127.0.0.1", dashboard_address=":0") as cluster:
    print(cluster.scheduler_address, flush=True)
    sys.stdin.read()
"""
COMPARED = ("file", "index", "puzzle", "status", "unique", "verified", "variables", "clauses", "cut_iterations",
            "encoding", "sat_calls", "error")


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    """The address of a two-thread Dask cluster (one worker process) on 127.0.0.1, until the module ends."""
    cluster = subprocess.Popen([sys.executable, "-c", CLUSTER], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, text=True, cwd=ROOT)
    try:
        address = cluster.stdout.readline().strip()
        assert address.startswith("tcp://127.0.0.1:"), "the LocalCluster did not start"
        yield address
    finally:
        cluster.stdin.close()
        try:
            cluster.wait(timeout=30)
        except subprocess.TimeoutExpired:
            cluster.kill()
            cluster.wait()


def batch(*args: object) -> Run:
    """``satpuzzles batch ARGS`` in a subprocess."""
    done = subprocess.run([sys.executable, "-m", "satpuzzles", "batch", *map(str, args)], capture_output=True, text=True,
                          cwd=ROOT, check=False)
    return Run(done.returncode, done.stdout, done.stderr)


def comparable(path: Path) -> list[tuple]:
    """The report's rows without timings, in a fixed order."""
    return sorted(tuple(row[name] for name in COMPARED) for row in jsonl(path))


def test_dask_results_equal_the_local_run(scheduler: str, tmp_path: Path) -> None:
    (tmp_path / "bad.txt").write_text("1,.,2\n")
    paths = [*(SEED / f"instance_{n}.txt" for n in (1, 4, 5, 6, 9)), SEED / "bad_numbering.txt", SEED / "input-7by7.in",
             NL / "handmade" / "inputs5.txt", MINES / "small-sat.in", MINES / "small-unsat.in",
             SLITHER / "pzprjs" / "cspuz_bench_4x4.url", tmp_path / "bad.txt"]
    local, remote = tmp_path / "local.jsonl", tmp_path / "dask.jsonl"
    folders = [(flag, tmp_path / where / name) for where in ("local", "dask")
               for flag, name in (("--result-dir", "r"), ("--svg-dir", "s"))]
    local_folders = (x for flag in folders[:2] for x in flag)
    assert run_cli("batch", *paths, "--unique", "-j", "2", "--report", local, *local_folders).code == 2
    result = batch(*paths, "--unique", "--dask", scheduler, "--report", remote, *(x for f in folders[2:] for x in f))
    assert result.code == 2, result.err
    assert f"Dask scheduler {scheduler}" in result.out
    assert len(jsonl(remote)) == 31
    assert comparable(remote) == comparable(local)
    answers = {where: {str(path.relative_to(tmp_path / where)): path.read_text()
                       for path in (tmp_path / where).rglob("*") if path.is_file()} for where in ("local", "dask")}
    assert len(answers["dask"]) > 40 and answers["dask"] == answers["local"]  # written by the batch, from the rows


def test_dask_timeout_is_enforced_inside_the_task(scheduler: str, tmp_path: Path) -> None:
    report = tmp_path / "r.jsonl"
    # --unique --method cnf sends the 1000x1000 board to one whole-board SAT call (about 45 s), the 7x7 board needs
    # milliseconds
    result = batch(MINES / "extreme-sat.in", SEED / "instance_1.txt", "--unique", "--method", "cnf", "--timeout", "1",
                   "--dask", scheduler, "--report", report)
    assert result.code == 3, result.err
    statuses = {Path(row["file"]).name: (row["status"], row["error"]) for row in jsonl(report)}
    assert statuses == {"extreme-sat.in": ("unknown", "timed out after 1 s"), "instance_1.txt": ("solved", None)}


def test_dask_crash_is_one_error_row(scheduler: str, tmp_path: Path) -> None:
    solver = tmp_path / "crashing-solver"
    solver.write_text(CRASHING_SOLVER.format(python=sys.executable))
    solver.chmod(0o755)
    report = tmp_path / "r.jsonl"
    result = batch(SEED / "instance_1.txt", SEED / "instance_10.txt", SEED / "instance_9.txt",
                   "-s", solver, "--dask", scheduler, "--report", report)
    assert result.code == 2, result.err
    rows = {Path(row["file"]).name: row for row in jsonl(report)}
    assert rows["instance_10.txt"]["status"] == "error" and "worker process died" in rows["instance_10.txt"]["error"]
    assert rows["instance_1.txt"]["status"] == rows["instance_9.txt"]["status"] == "solved"



def test_an_unreachable_scheduler_leaves_the_report_as_it_was(tmp_path: Path) -> None:
    report = tmp_path / "r.jsonl"
    assert run_cli("batch", SEED / "instance_1.txt", "-j", "1", "--report", report).code == 0
    before = report.read_text()
    failed = run_cli("batch", SEED / "instance_1.txt", "--dask", "tcp://127.0.0.1:1", "--report", report)
    assert failed.code == 2 and "cannot reach a Dask scheduler" in failed.err
    assert "(Connection refused)" in failed.err  # said at once: Dask's Client retried the port for 10 s
    assert report.read_text() == before and before.count("\n") == 1
