"""Minesweeper with a 'mines N' total on 64x64 boards whose frontier is one wide component (docs/performance.md).

Prints, per board and command (--probabilities, --analyze, --hint), the wall seconds of the
real CLI in a fresh process (``--format json``), the stats' encoding (which path settled the
total: +bounds, +counting, +backbone), the SAT calls and the cells left "not computed".
Figures are measured, never asserted. ``--checkout DIR`` runs another tree's code (a
baseline: ``git worktree add /tmp/base REV``) on the same boards.

    python bench/bench_minesweeper_total.py
    python bench/bench_minesweeper_total.py --checkout /tmp/base --limit 300

The boards (written to bench/results/generated/ once):

- lattice: every other cell of every other row revealed (seed 1, density 0.2, as in
  tests/test_minesweeper_analysis.py), its true total 830: one component of 2,153 cells, too
  wide to count;
- gen-0.30, gen-0.35, gen-0.40: ``satpuzzles generate minesweeper 64 64 --mines 820 --seed 1
  --reveal-density D`` plus ``mines 820`` (the true total);
- tight: ``satpuzzles generate minesweeper 64 64 --seed 1 --reveal-density 0.3`` plus
  ``mines 697``, a total near the fewest mines the board allows (the layout the engine finds
  without a total has 697).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GENERATED = ROOT / "bench" / "results" / "generated"
COMMANDS = ("--probabilities", "--analyze", "--hint")


def _generate(*args: str) -> str:
    return subprocess.run([sys.executable, "-m", "satpuzzles", "generate", "minesweeper", "64", "64", *args],
                          capture_output=True, text=True, check=True, cwd=ROOT,
                          env={**os.environ, "PYTHONPATH": str(ROOT)}).stdout


def _lattice() -> str:
    sys.path.insert(0, str(ROOT))
    import numpy as np

    from satpuzzles.geometry import count8

    rng = np.random.default_rng(1)
    mines = rng.random((64, 64)) < 0.2
    counts = count8(mines)
    rows = ("".join(str(counts[r, c]) if r % 2 == 0 and c % 2 == 0 and not mines[r, c] else "?" for c in range(64))
            for r in range(64))
    return "\n".join(rows) + f"\nmines {int(mines.sum())}\n"


def boards() -> dict[str, Path]:
    """The boards' files, made once."""
    GENERATED.mkdir(parents=True, exist_ok=True)
    makers = {
        "lattice": _lattice,
        **{f"gen-{d}": (lambda d=d: _generate("--mines", "820", "--seed", "1", "--reveal-density", d) + "mines 820\n")
           for d in ("0.30", "0.35", "0.40")},
        "tight": lambda: _generate("--seed", "1", "--reveal-density", "0.3") + "mines 697\n",
    }
    paths = {}
    for name, make in makers.items():
        path = GENERATED / f"minesweeper_total_64x64_{name}.in"
        if not path.exists():
            path.write_text(make())
        paths[name] = path
    return paths


def run(checkout: Path, path: Path, flag: str, limit: float) -> str:
    """One CLI run in a fresh process: seconds, encoding, SAT calls, cells not computed."""
    start = time.perf_counter()
    try:
        done = subprocess.run([sys.executable, "-m", "satpuzzles", "minesweeper", str(path), flag, "--format", "json"],
                              capture_output=True, text=True, timeout=limit, cwd=checkout,
                              env={**os.environ, "PYTHONPATH": str(checkout)})
    except subprocess.TimeoutExpired:
        return f"> {limit:.0f} s (stopped)"
    seconds = time.perf_counter() - start
    try:
        record = json.loads(done.stdout)
    except ValueError:
        return f"{seconds:.2f} s, exit {done.returncode}: {done.stderr.strip()[-200:]}"
    missing = len((record.get("probabilities") or {}).get("not_computed") or [])
    stats = record["stats"]
    return f"{seconds:.2f} s, {stats['encoding']}, {stats['sat_calls']} SAT calls, {missing} not computed"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--checkout", type=Path, default=ROOT, help="the tree whose code runs (default: this one)")
    parser.add_argument("--limit", type=float, default=300.0, help="seconds a run may take before it is stopped")
    parser.add_argument("--only", action="append", help="a board's name (repeatable)")
    args = parser.parse_args()
    for name, path in boards().items():
        if args.only and name not in args.only:
            continue
        for flag in COMMANDS:
            print(f"{name:9s} {flag:16s} {run(args.checkout.resolve(), path, flag, args.limit)}", flush=True)


if __name__ == "__main__":
    main()
