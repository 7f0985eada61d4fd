"""Benchmarks: per-instance figures for the bundled puzzle sets (``make bench``).

Prints, per instance: size, items (paths or clues), variables, clauses, encode / solve / decode
seconds, SAT calls, cut iterations and cuts, status, uniqueness (where the set proves it),
whether the answer was verified and whether it equals the `.sol` file beside the puzzle;
then per-set totals. Figures are measured, never asserted.

    python bench/run.py                      # every set, default solver
    python bench/run.py --set janko -s glucose4 --timeout 20
    python bench/run.py --set seed --csv bench/results/seed.csv
"""

from __future__ import annotations

import argparse
import csv
import os
import platform
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from satpuzzles.puzzle import Outcome, Puzzle, Settings  # noqa: E402
from satpuzzles.registry import get_puzzle  # noqa: E402
from satpuzzles.solvers.backends import DEFAULT_SOLVER  # noqa: E402
from satpuzzles.solvers.pipeline import solve_within_limit  # noqa: E402

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
            options = {"mine_density": mines, "reveal_density": reveal}
            path.write_text(get_puzzle("minesweeper").generate(rows, cols, 1, options))
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


def solve(puzzle_name: str, instance: object, settings: Settings) -> tuple[Outcome, float]:
    """Solve one instance (bounded by settings.timeout when set) and time it."""
    start = time.perf_counter()
    outcome = solve_within_limit(get_puzzle(puzzle_name), instance, settings)
    return outcome, time.perf_counter() - start


def matches_solution_file(puzzle_name: str, path: Path, instance: object, outcome: Outcome) -> str:
    """Whether the answer equals the ``.sol`` file beside the puzzle: yes, no, or - (none)."""
    answer = path.with_suffix(".sol")
    if outcome.solution is None or not answer.exists():
        return "-"
    expected = answer.read_text().split()
    return "yes" if get_puzzle(puzzle_name).result_file(instance, outcome.solution).split() == expected else "no"


def verified(puzzle: Puzzle[Any, Any], instance: object, outcome: Outcome) -> str:
    """Re-check every answer with the puzzle's verifier: yes, NO, or - when there is none."""
    if not outcome.solutions:
        return "-"
    return "yes" if all(not puzzle.verify(instance, s) for s in outcome.solutions) else "NO"


def run_set(name: str, settings: Settings, quiet: bool, rows: list[dict[str, object]]) -> None:
    """Solve every instance of one set, printing a line each and a total."""
    puzzle_name, files, prove_unique = SETS[name]
    files = files() if callable(files) else files
    puzzle = get_puzzle(puzzle_name)
    settings = replace(settings, unique=settings.unique or prove_unique)
    totals = {"n": 0, "seconds": 0.0, "solved": 0, "unsolvable": 0, "unknown": 0, "slowest": (0.0, "")}
    for path in files:
        for index, instance in enumerate(puzzle.parse(path.read_text()), start=1):
            outcome, seconds = solve(puzzle_name, instance, settings)
            facts = list(puzzle.facts(instance).values())
            stats = outcome.stats
            unique = outcome.uniqueness(settings)
            row = {
                "set": name, "file": path.name, "index": index, "size": f"{facts[0]}x{facts[1]}", "items": facts[2],
                "variables": stats.variables, "clauses": stats.clauses,
                "propagate_s": round(stats.propagate_seconds, 4), "encode_s": round(stats.encode_seconds, 4), "solve_s": round(stats.solve_seconds, 4),
                "decode_s": round(stats.decode_seconds, 4), "sat_calls": stats.sat_calls,
                "cut_iterations": stats.cut_iterations, "cuts": stats.cuts, "status": outcome.status,
                "unique": "-" if unique is None else ("yes" if unique else "no"),
                "verified": verified(puzzle, instance, outcome),
                "matches_sol": matches_solution_file(puzzle_name, path, instance, outcome), "total_s": round(seconds, 4),
            }
            rows.append(row)
            totals["n"] += 1
            totals["seconds"] += seconds
            totals[outcome.status] += 1
            totals["slowest"] = max(totals["slowest"], (seconds, f"{path.name}#{index}"))
            if not quiet:
                print("  ".join(f"{row[c]!s:>9}" if c not in ("file", "set") else f"{row[c]!s:<22}" for c in COLUMNS))
    slowest_s, slowest_at = totals["slowest"]
    decided = ""
    if settings.unique:
        answers = [row["unique"] for row in rows if row["set"] == name]
        decided = (f"; unique {answers.count('yes')}, not unique {answers.count('no')}, "
                   f"undecided {answers.count('-') - totals['unsolvable']}")
    print(f"== {name}{' with --unique' if settings.unique else ''}: {totals['n']} puzzles in {totals['seconds']:.2f} s "
          f"(solved {totals['solved']}, unsolvable {totals['unsolvable']}, unknown {totals['unknown']}{decided}; "
          f"slowest {slowest_at} {slowest_s:.2f} s)")


END_TO_END = {
    "seed": ("numberlink", NL / "seed" / "instance_10.txt"),
    "minesweeper": ("minesweeper", ROOT / "instances" / "minesweeper" / "seed" / "extreme-sat.in"),
}
"""Per set, one file also timed as a whole ``satpuzzles`` process."""


def end_to_end(puzzle_name: str, path: Path, solver: str) -> float:
    """Wall-clock seconds of the real CLI on one file, process start-up and printing included."""
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "satpuzzles", puzzle_name, "-i", str(path)]
                   + (["-s", solver] if puzzle_name == "numberlink" else []),
                   cwd=ROOT, capture_output=True, check=False)
    return time.perf_counter() - start


def main() -> None:
    """Parse arguments and run the chosen sets."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--set", action="append", choices=sorted(SETS), help="set(s) to run (default: all)")
    parser.add_argument("-s", "--solver", default=DEFAULT_SOLVER)
    parser.add_argument("--encoding", default="auto", choices=["auto", "strengthened", "complete"])
    parser.add_argument("--timeout", type=float, default=None, help="seconds per puzzle")
    parser.add_argument("--unique", action="store_true", help="prove uniqueness in every set (with the complete rules)")
    parser.add_argument("--quiet", action="store_true", help="totals only")
    parser.add_argument("--csv", type=Path, help="also write every row to this CSV file")
    args = parser.parse_args()
    settings = Settings(solver=args.solver, timeout=args.timeout, unique=args.unique, extras={"encoding": args.encoding})
    print(f"machine: {machine()}; solver {args.solver}; encoding {args.encoding}")
    if not args.quiet:
        print("  ".join(f"{c:>9}" if c not in ("file", "set") else f"{c:<22}" for c in COLUMNS))
    rows: list[dict[str, object]] = []
    for name in args.set or list(SETS):
        run_set(name, settings, args.quiet, rows)
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
