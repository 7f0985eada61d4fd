"""Benchmarks: per-instance figures for the bundled puzzle sets (``make bench-sets``).

Prints, per instance: size, items (paths or clues), variables, clauses, encode / solve / decode
seconds, SAT calls, cut iterations and cuts, status, uniqueness (where the set proves it),
whether the answer was verified and whether it equals the `.sol` file beside the puzzle;
then per-set totals. Figures are measured, never asserted.

Each set runs through the batch engine (``satpuzzles batch``): ``--jobs N`` local worker
processes (default 1, so per-instance seconds are not disturbed by neighbours), or a Dask
scheduler with ``--dask ADDRESS`` (``--dask local`` starts a LocalCluster of ``--jobs`` worker
processes on 127.0.0.1). Each set's line also gives its wall-clock seconds.

    python bench/run.py                      # every set, default solver
    python bench/run.py --set janko -s glucose4 --timeout 20
    python bench/run.py --set seed --csv bench/results/seed.csv
    python bench/run.py --set janko --jobs 2 --quiet
    python bench/run.py --set janko --jobs 2 --dask local --quiet
"""

from __future__ import annotations

import argparse
import csv
import os
import platform
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import satpuzzles  # noqa: E402
from satpuzzles.batch.engine import run_batch  # noqa: E402
from satpuzzles.batch.inputs import scan_file  # noqa: E402
from satpuzzles.batch.work import Options, Row  # noqa: E402

NL = ROOT / "instances" / "numberlink"
SL = ROOT / "instances" / "slitherlink"
GENERATED = ROOT / "bench" / "results" / "generated"
LARGE_MINESWEEPER = [(1000, 1000, 0.2, 0.3), (2000, 2000, 0.15, 0.2), (2000, 2000, 0.2, 0.3)]
"""Generated boards (rows, cols, mine density, reveal density): the issue's scale targets."""


def generated_minesweeper() -> list[Path]:
    """The large boards, made with ``generate minesweeper`` and a fixed seed (cached in bench/results)."""
    GENERATED.mkdir(parents=True, exist_ok=True)
    paths = []
    for rows, cols, mines, reveal in LARGE_MINESWEEPER:
        path = GENERATED / f"mines_{rows}x{cols}_{mines}_{reveal}.in"
        if not path.exists():
            path.write_text(satpuzzles.generate("minesweeper", rows, cols, 1, mine_density=mines, reveal_density=reveal))
        paths.append(path)
    return paths


SETS: dict[str, tuple[str, list[Path] | Callable[[], list[Path]], bool]] = {
    "seed": ("numberlink", sorted((NL / "seed").glob("*.txt")) + [NL / "seed" / "input-7by7.in"], False),
    "flowfree": ("numberlink", sorted((NL / "flowfree").glob("*.txt")), False),
    "janko": ("numberlink", [NL / "janko-arukone" / "janko.txt"], False),
    "handmade": ("numberlink", sorted((NL / "handmade").glob("*.txt")), False),
    "minesweeper": ("minesweeper", sorted((ROOT / "instances" / "minesweeper" / "seed").glob("*.in")), False),
    "minesweeper-large": ("minesweeper", generated_minesweeper, False),
    "slitherlink": (
        "slitherlink",
        sorted((SL / "puzzlekit").glob("*.txt")) + sorted((SL / "puzzleloop").glob("*.txt"))
        + sorted((SL / "pzprjs").glob("*.url")),
        True,
    ),
}
"""Each set: the puzzle, its files, and whether uniqueness is proved too (--unique)."""
COLUMNS = ["set", "file", "index", "size", "items", "variables", "clauses", "propagate_s", "encode_s", "solve_s", "decode_s",
           "sat_calls", "cut_iterations", "cuts", "status", "unique", "verified", "matches_sol", "total_s"]


def machine() -> str:
    """A one-line description of the machine the figures come from."""
    cpu = "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{cpu}, {os.cpu_count()} cores, Python {platform.python_version()}"


def matches_solution_file(path: Path, row: Row) -> str:
    """Whether the answer equals the ``.sol`` file beside the puzzle: yes, no, or - (none)."""
    answer = path.with_suffix(".sol")
    text = (row.get("answers") or {}).get("result")
    if text is None or not answer.exists():
        return "-"
    return "yes" if text.split() == answer.read_text().split() else "no"


def bench_row(name: str, path: Path, row: Row) -> dict[str, object]:
    """One line of the table from a batch result row."""
    facts = list(row["facts"].values())
    stats = row["stats"]
    unique = row["unique"]
    return {
        "set": name, "file": path.name, "index": row["index"],
        "size": f"{facts[0]}x{facts[1]}" if len(facts) > 1 else "-", "items": facts[2] if len(facts) > 2 else "-",
        "variables": stats.get("variables", "-"), "clauses": stats.get("clauses", "-"),
        "propagate_s": round(stats.get("propagate_seconds", 0.0), 4), "encode_s": round(stats.get("encode_seconds", 0.0), 4),
        "solve_s": round(stats.get("solve_seconds", 0.0), 4), "decode_s": round(stats.get("decode_seconds", 0.0), 4),
        "sat_calls": stats.get("sat_calls", "-"), "cut_iterations": stats.get("cut_iterations", "-"),
        "cuts": stats.get("cuts", "-"), "status": row["status"],
        "unique": "-" if unique is None else ("yes" if unique else "no"),
        "verified": {True: "yes", False: "NO", None: "-"}[row["verified"]],
        "matches_sol": matches_solution_file(path, row), "total_s": round(row["seconds"], 4),
    }


def run_set(name: str, options: Options, jobs: int, dask: str | None, quiet: bool, rows: list[dict[str, object]]) -> None:
    """Solve every instance of one set with the batch engine, printing a line each and a total."""
    puzzle_name, files, prove_unique = SETS[name]
    paths = files() if callable(files) else files
    options = {**options, "unique": options["unique"] or prove_unique, "answers": ("result",)}  # the -r file's text
    scanned = [scan_file(str(path), puzzle_name) for path in paths]
    results: list[Row] = []
    start = time.perf_counter()
    run_batch(scanned, options, results.append, jobs=jobs, dask=dask)
    wall = time.perf_counter() - start
    order = {str(path): position for position, path in enumerate(paths)}
    results.sort(key=lambda row: (order[row["file"]], row["index"]))
    totals = {"n": 0, "seconds": 0.0, "solved": 0, "unsolvable": 0, "unknown": 0, "error": 0, "slowest": (0.0, "")}
    for result in results:
        path = Path(result["file"])
        if result["status"] == "error":
            print(f"  {path.name}#{result['index']}: error: {result['error']}")
            row = {column: "-" for column in COLUMNS} | {"set": name, "file": path.name, "index": result["index"],
                                                          "status": "error", "total_s": 0.0}
        else:
            row = bench_row(name, path, result)
        rows.append(row)
        totals["n"] += 1
        totals["seconds"] += result["seconds"]
        totals[result["status"]] += 1
        totals["slowest"] = max(totals["slowest"], (result["seconds"], f"{path.name}#{result['index']}"))
        if not quiet:
            print("  ".join(f"{row[c]!s:>9}" if c not in ("file", "set") else f"{row[c]!s:<22}" for c in COLUMNS))
    slowest_s, slowest_at = totals["slowest"]
    decided = ""
    if options["unique"]:
        answers = [row["unique"] for row in rows if row["set"] == name]
        decided = (f"; unique {answers.count('yes')}, not unique {answers.count('no')}, "
                   f"undecided {answers.count('-') - totals['unsolvable'] - totals['error']}")
    errors = f", error {totals['error']}" if totals["error"] else ""
    where = f"Dask {dask}" if dask else f"{jobs} job(s)"
    print(f"== {name}{' with --unique' if options['unique'] else ''}: {totals['n']} puzzles in {totals['seconds']:.2f} s, "
          f"wall {wall:.2f} s on {where} "
          f"(solved {totals['solved']}, unsolvable {totals['unsolvable']}, unknown {totals['unknown']}{errors}{decided}; "
          f"slowest {slowest_at} {slowest_s:.2f} s)")


END_TO_END = {
    "seed": ("numberlink", NL / "seed" / "instance_10.txt"),
    "minesweeper": ("minesweeper", ROOT / "instances" / "minesweeper" / "seed" / "extreme-sat.in"),
}
"""Per set, one file also timed as a whole ``satpuzzles`` process."""


def end_to_end(puzzle_name: str, path: Path, solver: str | None) -> float:
    """Wall-clock seconds of the real CLI on one file, process start-up and printing included."""
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "satpuzzles", puzzle_name, "-i", str(path)]
                   + (["-s", solver] if solver else []),
                   cwd=ROOT, capture_output=True, check=False)
    return time.perf_counter() - start


@contextmanager
def dask_scheduler(address: str | None, workers: int) -> Iterator[str | None]:
    """The scheduler address to use: ``address`` itself, or a LocalCluster's for 'local' (closed afterwards)."""
    if address != "local":
        yield address
        return
    from distributed import LocalCluster

    with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, host="127.0.0.1",
                      dashboard_address=":0") as cluster:
        yield cluster.scheduler_address


def main() -> None:
    """Parse arguments and run the chosen sets."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--set", action="append", choices=sorted(SETS), help="set(s) to run (default: all)")
    parser.add_argument("-s", "--solver", help="default: each puzzle's own (glucose4; minicard for Minesweeper)")
    parser.add_argument("--encoding", default="auto", choices=["auto", "strengthened", "complete"])
    parser.add_argument("--timeout", type=float, default=None, help="seconds per puzzle")
    parser.add_argument("--unique", action="store_true", help="prove uniqueness in every set (with the complete rules)")
    parser.add_argument("--quiet", action="store_true", help="totals only")
    parser.add_argument("--csv", type=Path, help="also write every row to this CSV file")
    parser.add_argument("--jobs", type=int, default=1, help="local worker processes (default 1)")
    parser.add_argument("--dask", metavar="ADDRESS", help="a Dask scheduler, or 'local' for a LocalCluster of --jobs workers")
    args = parser.parse_args()
    options: Options = {"solver": args.solver, "method": "auto", "timeout": args.timeout, "unique": args.unique, "count": 1,
                        "extras": {"numberlink": {"encoding": args.encoding}}}
    print(f"machine: {machine()}; solver {args.solver or 'default'}; encoding {args.encoding}")
    if not args.quiet:
        print("  ".join(f"{c:>9}" if c not in ("file", "set") else f"{c:<22}" for c in COLUMNS))
    rows: list[dict[str, object]] = []
    with dask_scheduler(args.dask, args.jobs) as dask:
        for name in args.set or list(SETS):
            run_set(name, options, args.jobs, dask, args.quiet, rows)
    for name, (puzzle_name, path) in END_TO_END.items():
        if not args.set or name in args.set:
            seconds = end_to_end(puzzle_name, path, args.solver)
            print(f"== end to end: satpuzzles {puzzle_name} -i {path.name}: {seconds:.2f} s (start-up and printing included)")
    if args.csv:
        args.csv.parent.mkdir(parents=True, exist_ok=True)
        with args.csv.open("w", newline="") as out:
            writer = csv.DictWriter(out, fieldnames=COLUMNS)
            writer.writeheader()
            writer.writerows(rows)


if __name__ == "__main__":
    main()
