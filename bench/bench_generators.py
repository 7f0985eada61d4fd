"""Generated Numberlink and Slitherlink puzzles: time, shape and grade, per seed and summed up.

Each puzzle is made in-process with the generator (what ``satpuzzles generate NAME W H
--seed S [options]`` does, its final --unique proof included), timed, then analysed as
``--analyze`` would (its grade). Per puzzle:

- Numberlink: the paths, how many are two-cell paths (adjacent ends), the path lengths
  (cells, from the unique solution) as min / median / max, and the grade;
- Slitherlink: the clues (and their share of the cells), the clue values 0/1/2/3, the loop's
  length, the cells two or more steps from the loop (deep inside or outside a blob), and the grade.

A summary per puzzle and size follows: the histogram of path lengths or clue values, and the levels.

    python bench/bench_generators.py [--sizes 10 20] [--seeds 5] [--puzzles numberlink slitherlink]
                                     [--option difficulty=hard ...]
"""

from __future__ import annotations

import argparse
import collections
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import satpuzzles  # noqa: E402
from satpuzzles.core import registry  # noqa: E402

LENGTH_BUCKETS = ((2, "2"), (4, "3-4"), (8, "5-8"), (16, "9-16"), (10**9, "17+"))


def bucket(length: int) -> str:
    """The histogram bucket of a path length."""
    return next(name for top, name in LENGTH_BUCKETS if length <= top)


def describe(name: str, puzzle: Any) -> tuple[str, dict[str, Any]]:
    """One line about a generated puzzle's shape and grade, and the numbers behind it."""
    result = puzzle.solve(analyze=True, **({"rules": puzzle.instance.rules} if name == "numberlink"
                                           and puzzle.instance.rules else {}))
    grade = result.analysis.grade.level if result.analysis and result.analysis.grade else "-"
    solution = result.solution
    if name == "numberlink":
        lengths = sorted(len(route) for route in solution.routes.values())
        twos = sum(1 for length in lengths if length == 2)
        line = (f"paths {len(lengths):4d}  two-cell {twos:3d}  length {lengths[0]}/{statistics.median(lengths):g}"
                f"/{lengths[-1]}  grade {grade}")
        return line, {"lengths": lengths, "twos": twos, "grade": grade}
    instance = puzzle.instance
    grid = instance.grid
    values = collections.Counter(instance.clues.values())
    near = {cell for edge in solution.edges for cell in grid.edge_cells(edge)}
    far = sum(1 for cell in grid.cells() if not any(n in near for n in [cell, *grid.neighbours4(cell)]))
    share = len(instance.clues) / grid.size
    line = (f"clues {len(instance.clues):4d} ({share:.0%})  0/1/2/3 {values[0]}/{values[1]}/{values[2]}/{values[3]}"
            f"  loop {len(solution.edges):4d}  far {far:3d}  grade {grade}")
    return line, {"clues": len(instance.clues), "values": values, "far": far, "grade": grade}


def main() -> None:
    """Generate, time and describe the puzzles; one line per seed, a summary per puzzle and size."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[10, 20])
    parser.add_argument("--seeds", type=int, default=5, help="seeds 1..N per size")
    parser.add_argument("--puzzles", nargs="+", default=["numberlink", "slitherlink"])
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="a generator option (repeatable), e.g. difficulty=hard")
    args = parser.parse_args()
    options: dict[str, Any] = {}
    for item in args.option:
        key, value = item.split("=", 1)
        options[key] = True if value == "true" else float(value) if key == "clues_ratio" else value
    for name in args.puzzles:
        allowed = {option.name for option in registry.get(name).generator.options}
        own = {key: value for key, value in options.items() if key in allowed}
        for size in args.sizes:
            seconds, facts = [], []
            print(f"== {name} {size}x{size} {own or ''}", flush=True)
            for seed in range(1, args.seeds + 1):
                start = time.perf_counter()
                text = satpuzzles.generate(name, size, size, seed, **own)
                seconds.append(time.perf_counter() - start)
                line, numbers = describe(name, satpuzzles.load(text, puzzle=name))
                facts.append(numbers)
                print(f"  seed {seed:3d}  {seconds[-1]:7.2f} s  {line}", flush=True)
            summary(name, seconds, facts)


def summary(name: str, seconds: list[float], facts: list[dict[str, Any]]) -> None:
    """The median time, the histogram of path lengths (or clue values) and the grades of one puzzle and size."""
    levels = collections.Counter(fact["grade"] for fact in facts)
    grades = ", ".join(f"{level} {count}" for level, count in sorted(levels.items()))
    if name == "numberlink":
        lengths = [length for fact in facts for length in fact["lengths"]]
        histogram = collections.Counter(bucket(length) for length in lengths)
        shown = "  ".join(f"{label}: {histogram[label]}" for _, label in LENGTH_BUCKETS)
        print(f"  median {statistics.median(seconds):.2f} s; {len(lengths)} paths, lengths {shown}; "
              f"two-cell {sum(fact['twos'] for fact in facts)}; grades {grades}", flush=True)
        return
    values: collections.Counter[int] = collections.Counter()
    for fact in facts:
        values.update(fact["values"])
    clues = [fact["clues"] for fact in facts]
    print(f"  median {statistics.median(seconds):.2f} s; clues median {statistics.median(clues):g}; values "
          f"0/1/2/3 {values[0]}/{values[1]}/{values[2]}/{values[3]}; far from the loop "
          f"{sum(fact['far'] for fact in facts)} cells; grades {grades}", flush=True)


if __name__ == "__main__":
    main()
