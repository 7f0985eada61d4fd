"""The performance table of docs/performance.md and the README (``make bench``): every row timed, with its split, against a baseline.

Each row runs the real CLI in fresh processes (what a user waits for) and, where it helps,
bench/perf_worker.py in a child process for the in-process split (parse, propagate,
encode, solve, decode, verify seconds; SAT calls and cut rounds). With ``--baseline DIR``
(a checkout of an older commit, e.g. ``git worktree``/``git archive`` output) every row also
runs against that code in the same run, alternating, and the table gives the ratio.

The machine is shared: wall-clock seconds vary with load, so the table also gives CPU
seconds (user + system of the child processes), which vary far less. Compare ratios.

Both checkouts are byte-compiled first (``compileall``), as an installed package is (pip compiles
on install, and Python writes ``.pyc`` files on first import): without that, under
``PYTHONDONTWRITEBYTECODE`` every process would compile each of its modules again (55 ms of a
120 ms Flow Free process), which is not what a user waits for.

    python bench/perf.py                              # this checkout only
    python bench/perf.py --baseline /tmp/base         # before/after, same run
    python bench/perf.py --only tatham --only explain  # some rows
    LOOPY_SET=/tmp/loopy2000 python bench/perf.py --only loopy  # the 1,954-puzzle batch row (make_loopy_set.py)
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
INSTANCES = ROOT / "instances"
GENERATED = ROOT / "bench" / "results" / "generated"
TATHAM = sorted((INSTANCES / "slitherlink" / "tatham").glob("hard_*.loopy"), key=lambda p: int(p.stem.split("x")[-1]))
PUBLIC_SLITHERLINK = sorted((INSTANCES / "slitherlink" / "puzzlekit").glob("*.txt")) + sorted(
    (INSTANCES / "slitherlink" / "puzzleloop").glob("*.txt")) + sorted((INSTANCES / "slitherlink" / "pzprjs").glob("*.url"))
EXPLAIN_SEEDS = (2, 3, 14, 24, 32, 39)
"""Seeds of random 60x60 boards with 144 clues whose clues conflict (of seeds 1-40 these six; the rest
are not shown unsolvable by the formula alone, see docs/performance.md)."""


def explain_board(seed: int) -> Path:
    """A 60x60 board with 144 clues at random cells with random values 0-3 (cached)."""
    path = GENERATED / f"slitherlink_60x60_144_random_{seed}.txt"
    if not path.exists():
        rng = random.Random(seed)
        grid = [["-"] * 60 for _ in range(60)]
        for cell in rng.sample(range(3600), 144):
            grid[cell // 60][cell % 60] = str(rng.randrange(4))
        GENERATED.mkdir(parents=True, exist_ok=True)
        path.write_text("60 60\n" + "\n".join(" ".join(row) for row in grid) + "\n")
    return path


def minesweeper_total_board() -> Path:
    """``generate minesweeper 100 100 --mines 1500 --reveal-density 0.3 --seed 3`` plus ``mines 1500`` (cached)."""
    path = GENERATED / "minesweeper_100x100_1500_0.3_seed3_total.in"
    if not path.exists():
        text = subprocess.run([BIN / "satpuzzles", "generate", "minesweeper", "100", "100", "--mines", "1500",
                               "--reveal-density", "0.3", "--seed", "3"], capture_output=True, text=True,
                              check=True).stdout
        GENERATED.mkdir(parents=True, exist_ok=True)
        path.write_text(text.rstrip("\n") + "\nmines 1500\n")
    return path


class Runner:
    """Runs commands against one checkout (its directory first on PYTHONPATH), timing wall and CPU."""

    def __init__(self, code: Path, timeout: float) -> None:
        self.code, self.timeout = code, timeout
        self.env = {**os.environ, "PYTHONPATH": str(code)}
        subprocess.run([sys.executable, "-m", "compileall", "-q", str(code / "satpuzzles")], env=self.env,
                       stdout=subprocess.DEVNULL, check=False)

    def run(self, *args: object, cwd: Path = ROOT) -> tuple[float, float, int | None]:
        """Wall and CPU seconds of one process, and its exit code (None: killed at the timeout)."""
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        try:
            code: int | None = subprocess.run([str(a) for a in args], env=self.env, cwd=cwd, stdout=subprocess.DEVNULL,
                                              stderr=subprocess.DEVNULL, timeout=self.timeout, check=False).returncode
        except subprocess.TimeoutExpired:
            code = None
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), code

    def cli(self, *args: object, cwd: Path = ROOT) -> tuple[float, float, int | None]:
        """The ``satpuzzles`` console script."""
        return self.run(BIN / "satpuzzles", *args, cwd=cwd)

    def worker(self, *args: object) -> dict[str, object]:
        """bench/perf_worker.py's JSON answer."""
        done = subprocess.run([sys.executable, ROOT / "bench" / "perf_worker.py", *map(str, args)], env=self.env,
                              cwd=ROOT, capture_output=True, text=True, timeout=self.timeout, check=False)
        return json.loads(done.stdout) if done.returncode == 0 and done.stdout.strip() else {"error": done.stderr[-300:]}


Measure = Callable[[Runner], dict[str, object]]


def many(runner: Runner, commands: list[list[object]]) -> dict[str, object]:
    """Sum of wall and CPU over one process per command."""
    walls, cpus, codes = [], [], []
    for command in commands:
        wall, cpu, code = runner.cli(*command)
        walls.append(wall)
        cpus.append(cpu)
        codes.append(code)
    killed = codes.count(None)
    return {"wall": sum(walls), "cpu": sum(cpus), "runs": len(commands), "killed": killed,
            "note": f"{killed} killed at the timeout" if killed else ""}


def startup(runner: Runner) -> dict[str, object]:
    """``satpuzzles --version``, median of 15."""
    runs = [runner.cli("--version") for _ in range(15)]
    return {"wall": statistics.median(r[0] for r in runs), "cpu": statistics.median(r[1] for r in runs)}


def flowfree(runner: Runner) -> dict[str, object]:
    """29 Flow Free puzzles, one process each."""
    files = sorted((INSTANCES / "numberlink" / "flowfree").glob("*.txt"))
    return many(runner, [["numberlink", path] for path in files])


def janko(runner: Runner) -> dict[str, object]:
    """The 270 janko.at Arukone puzzles in one process (the fill rule, as the file is read by default)."""
    path = INSTANCES / "numberlink" / "janko-arukone" / "janko.txt"
    wall, cpu, _ = runner.cli("numberlink", path)
    return {"wall": wall, "cpu": cpu, "split": runner.worker("sum", "numberlink", path)}


def tatham(runner: Runner) -> dict[str, object]:
    """The Tatham Hard boards, one process each, and the in-process split summed."""
    out = many(runner, [["slitherlink", path] for path in TATHAM])
    out["split"] = runner.worker("sum", "slitherlink", *TATHAM)
    return out


def batch(runner: Runner) -> dict[str, object]:
    """Every public Slitherlink puzzle and the Tatham boards in one process: sum of per-puzzle seconds."""
    split = runner.worker("sum", "slitherlink", *PUBLIC_SLITHERLINK, *TATHAM)
    return {"wall": split.get("total", float("nan")), "cpu": split.get("cpu", float("nan")), "split": split,
            "note": f"{split.get('puzzles', '?')} puzzles"}


LOOPY_SET = Path(os.environ.get("LOOPY_SET", "/tmp/loopy2000"))
"""The ~2,000 Slitherlinks of issue 15's batch row: bench/make_loopy_set.py's folder, the bundled ones copied in."""


def loopy(runner: Runner) -> dict[str, object]:
    """``satpuzzles batch LOOPY_SET -j 1``: the sum of the report's per-puzzle seconds, and its split."""
    if not LOOPY_SET.is_dir():
        return {"wall": float("nan"), "cpu": float("nan"), "note": f"no {LOOPY_SET}: see bench/make_loopy_set.py"}
    report = GENERATED / f"loopy_report_{os.getpid()}.jsonl"
    GENERATED.mkdir(parents=True, exist_ok=True)
    # run from the checkout itself: batch's worker process puts its working directory first on sys.path
    runner.cli("batch", LOOPY_SET, "--puzzle", "slitherlink", "-j", "1", "--report", report, cwd=runner.code)
    rows = [json.loads(line) for line in report.read_text().splitlines() if line.strip()] if report.exists() else []
    report.unlink(missing_ok=True)
    total = {key: sum(row.get(key) or 0 for row in rows) for key in (
        "seconds", "encode_seconds", "solve_seconds", "decode_seconds", "sat_calls", "cut_iterations", "clauses")}
    split = {"encode": total["encode_seconds"], "solve": total["solve_seconds"], "decode": total["decode_seconds"],
             "sat_calls": total["sat_calls"], "cut_rounds": total["cut_iterations"]}
    solved = sum(row.get("status") == "solved" for row in rows)
    return {"wall": total["seconds"], "cpu": float("nan"), "split": split,  # the solves run in a worker process
            "note": f"{len(rows)} puzzles, {solved} solved, {total['clauses']:,} clauses; no CPU figure"}


def largest(runner: Runner) -> dict[str, object]:
    """The largest Tatham Hard board: one solve end to end, and its split."""
    wall, cpu, _ = runner.cli("slitherlink", TATHAM[-1])
    return {"wall": wall, "cpu": cpu, "split": runner.worker("split", "slitherlink", TATHAM[-1]), "note": TATHAM[-1].stem}


def explain(runner: Runner) -> dict[str, object]:
    """--explain on the random 60x60 boards with 144 clues that conflict: total, and the slowest."""
    runs = [runner.cli("slitherlink", explain_board(seed), "--explain") for seed in EXPLAIN_SEEDS]
    killed = sum(code is None for _, _, code in runs)
    return {"wall": sum(r[0] for r in runs), "cpu": sum(r[1] for r in runs), "slowest": max(r[0] for r in runs),
            "note": f"{len(runs)} boards, slowest {max(r[0] for r in runs):.1f} s"
                    + (f", {killed} killed at {runner.timeout:g} s" if killed else "")}


def probabilities(runner: Runner) -> dict[str, object]:
    """--probabilities on extreme-sat.in (1000x1000), end to end (printing a million cells included)."""
    path = INSTANCES / "minesweeper" / "seed" / "extreme-sat.in"
    wall, cpu, _ = runner.cli("minesweeper", path, "--probabilities")
    return {"wall": wall, "cpu": cpu, "split": runner.worker("split", "minesweeper", path, "--probabilities")}


def analyze_total(runner: Runner) -> dict[str, object]:
    """--analyze on the 100x100 board with 1,500 mines and a ``mines 1500`` line."""
    wall, cpu, _ = runner.cli("minesweeper", minesweeper_total_board(), "--analyze")
    return {"wall": wall, "cpu": cpu}


ANALYZE_BOARDS = (
    ("slitherlink", INSTANCES / "slitherlink" / "puzzlekit" / "60x60_1.txt"),
    ("slitherlink", INSTANCES / "slitherlink" / "generated" / "30x30_third_removed.txt"),
    ("numberlink", INSTANCES / "numberlink" / "seed" / "instance_10.txt"),
)
"""Issue 14's --analyze boards: the 60x60 Slitherlink (aim 2 s), a 30x30 with a third of its clues gone (5 s),
the seed's 42x25 Numberlink (2 s)."""


def analyze(runner: Runner) -> dict[str, object]:
    """--analyze on each of ANALYZE_BOARDS, one process each: the sum, and each board's seconds."""
    runs = [runner.cli(puzzle, path, "--analyze") for puzzle, path in ANALYZE_BOARDS]
    each = ", ".join(f"{path.stem} {wall:.2f}" for (_, path), (wall, _, _) in zip(ANALYZE_BOARDS, runs))
    return {"wall": sum(r[0] for r in runs), "cpu": sum(r[1] for r in runs), "note": each}


ROWS: dict[str, tuple[str, str, Measure]] = {
    "startup": ("Start-up: `satpuzzles --version` (median of 15)", "0.08 s", startup),
    "flowfree": ("29 Flow Free puzzles, one process each", "2.5 s", flowfree),
    "janko": ("270 janko Numberlink puzzles in one process", "0.5 s", janko),
    "tatham": ("Tatham Slitherlink Hard boards, one process each", "3 s", tatham),
    "batch": ("Public Slitherlink puzzles + Tatham boards, sum of per-puzzle seconds", "- (the loopy row's 8 s is for ~2,000)", batch),
    "largest": ("Largest Tatham Hard board, one solve end to end", "1 s (100x100)", largest),
    "loopy": ("~2,000 Slitherlinks (LOOPY_SET), `batch -j 1`, sum of per-puzzle seconds", "8 s", loopy),
    "explain": ("Slitherlink --explain, 60x60 with 144 random clues", "5 s each", explain),
    "probabilities": ("Minesweeper --probabilities on extreme-sat.in", "5 s", probabilities),
    "analyze_total": ("Minesweeper --analyze with `mines 1500`, 100x100", "2 s", analyze_total),
    "analyze": ("--analyze: 60x60 and 30x30 Slitherlink, 42x25 Numberlink, one process each", "2, 5, 2 s", analyze),
}


def seconds(value: object) -> str:
    """A figure for the table."""
    return f"{value:.2f}" if isinstance(value, float) else str(value)


def main() -> None:
    """Measure the rows asked for and print the tables."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--baseline", type=Path, help="a checkout of the code to compare with")
    parser.add_argument("--only", action="append", choices=sorted(ROWS), help="rows to run (default: all)")
    parser.add_argument("--timeout", type=float, default=300.0, help="seconds before a process is killed")
    parser.add_argument("--json", type=Path, default=ROOT / "bench" / "results" / "perf.json")
    args = parser.parse_args()
    names = args.only or list(ROWS)
    current = Runner(ROOT, args.timeout)
    baseline = Runner(args.baseline.resolve(), args.timeout) if args.baseline else None
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}, Python {sys.version.split()[0]}")
    results: dict[str, dict[str, object]] = {}
    for name in names:
        title, aim, measure = ROWS[name]
        results[name] = {"after": measure(current)}
        if baseline is not None:
            results[name]["before"] = measure(baseline)
        print(f"  measured {name}", file=sys.stderr)
    header = "| work | before wall (CPU) s | after wall (CPU) s | ratio (CPU ratio) | aim | note |"
    print(header + "\n|---|---|---|---|---|---|")
    for name in names:
        title, aim, _ = ROWS[name]
        after, before = results[name]["after"], results[name].get("before")
        cell = f"{seconds(after['wall'])} ({seconds(after['cpu'])})"
        old = f"{seconds(before['wall'])} ({seconds(before['cpu'])})" if before else "-"
        ratio = (f"{before['wall'] / after['wall']:.1f}x ({before['cpu'] / after['cpu']:.1f}x)"
                 if before and after["wall"] and after["cpu"] else "-")
        print(f"| {title} | {old} | {cell} | {ratio} | {aim} | {after.get('note', '')} |")
    print("\nIn-process split (after; seconds summed over the row's puzzles):")
    print("| row | parse | propagate | encode | solve | decode | verify | SAT calls | cut rounds | cuts |\n"
          "|---|---|---|---|---|---|---|---|---|---|")
    unsplit = []
    for name in names:
        split = results[name]["after"].get("split")
        if isinstance(split, dict) and "error" not in split:
            print(f"| {name} | " + " | ".join(seconds(split.get(key, "-")) for key in (
                "parse", "propagate", "encode", "solve", "decode", "verify", "sat_calls", "cut_rounds", "cuts")) + " |")
        else:
            unsplit.append(name)
    if unsplit:
        print(f"(no split for {', '.join(unsplit)}: measured as whole processes only)")
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps(results, indent=1, default=str) + "\n")


if __name__ == "__main__":
    main()
