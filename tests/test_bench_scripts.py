"""The benchmark scripts the README and docs name run, and print the per-instance figures they promise."""

from __future__ import annotations

import importlib.util
import subprocess
import sys

from tests.conftest import INSTANCES, ROOT


def test_bench_run_solves_a_set_through_the_batch_engine() -> None:
    """``make bench-sets`` (bench/run.py): every puzzle of the seed set gets a row with figures; each row was an
    error ('worker process died') when the batch options changed to name the answer files wanted."""
    done = subprocess.run([sys.executable, "bench/run.py", "--set", "seed"], cwd=ROOT, capture_output=True, text=True,
                          timeout=120, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "error" not in done.stdout, done.stdout
    total = next(line for line in done.stdout.splitlines() if line.startswith("== seed:"))
    assert "12 puzzles" in total and "(solved 9, unsolvable 3, unknown 0;" in total, total


def test_bench_run_compares_each_answer_with_the_solution_file_beside_it(capsys) -> None:  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("bench_run", ROOT / "bench" / "run.py")
    assert spec is not None and spec.loader is not None
    bench_run = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench_run)
    board = INSTANCES / "slitherlink" / "puzzlekit" / "1005_10x18.txt"
    bench_run.SETS["one"] = ("slitherlink", [board], True)
    rows: list[dict[str, object]] = []
    options = {"solver": None, "method": "auto", "timeout": None, "unique": False, "count": 1, "extras": {}}
    bench_run.run_set("one", options, 1, None, True, rows)
    assert [(row["status"], row["unique"], row["verified"], row["matches_sol"]) for row in rows] == [
        ("solved", "yes", "yes", "yes")]
    assert "one with --unique: 1 puzzles" in capsys.readouterr().out


def test_every_bench_script_answers_help_without_running() -> None:
    """``python bench/SCRIPT.py --help`` prints its usage and exits 0 at once, for every script in bench/ (some ran
    their whole measurement, one ended in a traceback)."""
    for script in sorted((ROOT / "bench").glob("*.py")):
        done = subprocess.run([sys.executable, str(script), "--help"], cwd=ROOT, capture_output=True, text=True,
                              timeout=30, check=False)
        assert done.returncode == 0 and "usage" in done.stdout.lower() and not done.stderr, (script.name, done)
