"""Generation time of unique Numberlink and Slitherlink puzzles at several sizes.

Each puzzle is made in-process with the generator's default options (what
``satpuzzles generate NAME W H --seed S`` does, its final --unique proof included)
and timed; the table gives every seed's seconds, the median and the size of the
result (paths, or clues kept).

    python bench/bench_generators.py [--sizes 10 20 30] [--seeds 3] [--puzzles numberlink slitherlink]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import satpuzzles  # noqa: E402


def size_of(name: str, text: str) -> int:
    """Paths of a Numberlink puzzle, clues of a Slitherlink one."""
    instance = satpuzzles.load(text, puzzle=name).instance
    return len(instance.labels) if name == "numberlink" else len(instance.clues)


def main() -> None:
    """Time the generators and print one row per puzzle and size."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[10, 20, 30])
    parser.add_argument("--seeds", type=int, default=3, help="seeds 1..N per size")
    parser.add_argument("--puzzles", nargs="+", default=["numberlink", "slitherlink"])
    args = parser.parse_args()
    print(f"{'puzzle':<12} {'size':>6} {'seconds per seed':<32} {'median':>7} {'paths/clues':>12}")
    for name in args.puzzles:
        for size in args.sizes:
            seconds, sizes = [], []
            for seed in range(1, args.seeds + 1):
                start = time.perf_counter()
                text = satpuzzles.generate(name, size, size, seed)
                seconds.append(time.perf_counter() - start)
                sizes.append(size_of(name, text))
            per_seed = " ".join(f"{s:.2f}" for s in seconds)
            print(f"{name:<12} {f'{size}x{size}':>6} {per_seed:<32} {statistics.median(seconds):7.2f} "
                  f"{' '.join(map(str, sizes)):>12}", flush=True)


if __name__ == "__main__":
    main()
