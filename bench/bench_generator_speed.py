"""Generator speed: CPU seconds, limited SAT calls and clues (or paths) per size and seed, old against new.

Each puzzle is made in a fresh process (``satpuzzles.generate``, its final --unique proof included) against
one checkout; with ``--baseline DIR`` every (puzzle, size, seed) is made on DIR's code too, the two
alternating, so the ratio holds while the shared machine's load changes. CPU seconds, not wall.
"SAT calls" are the generator's limited checks (``LimitedBackend.solve``); the final proof is not counted.

    python bench/bench_generator_speed.py [--sizes 30 40] [--seeds 3] [--puzzles numberlink slitherlink]
                                          [--baseline DIR] [--option difficulty=hard ...]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent.parent


def one(root: str, name: str, size: int, seed: int, options: dict[str, str]) -> dict[str, Any]:
    """Make one puzzle in this process with the code under ``root``: CPU seconds, SAT calls, clues or paths."""
    sys.path.insert(0, root)
    import satpuzzles
    from satpuzzles.solve import limited

    calls = [0]
    solve = limited.LimitedBackend.solve

    def counted(self: Any, assumptions: Any = ()) -> bool:
        calls[0] += 1
        return solve(self, assumptions)

    limited.LimitedBackend.solve = counted  # type: ignore[method-assign]
    start = time.process_time()
    text = satpuzzles.generate(name, size, size, seed, **options)
    seconds = time.process_time() - start
    instance = satpuzzles.load(text, puzzle=name).instance
    given = len(instance.clues) if name == "slitherlink" else len(instance.labels)
    return {"seconds": seconds, "calls": calls[0], "given": given, "text": text}


def measure(root: Path, name: str, size: int, seed: int, options: list[str]) -> dict[str, Any]:
    """:func:`one` in a fresh process."""
    command = [sys.executable, str(HERE / "bench" / "bench_generator_speed.py"), "--one", str(root), name,
               str(size), str(seed), *(f"--option={item}" for item in options)]
    done = subprocess.run(command, capture_output=True, text=True, check=True, env={**os.environ, "PYTHONPATH": ""})
    return json.loads(done.stdout)


def parse_options(items: list[str]) -> dict[str, str]:
    """NAME=VALUE generator options."""
    return dict(item.split("=", 1) for item in items)


def main() -> None:
    """Per puzzle, size and seed one line (and the baseline's beside it), then the medians."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[30, 40])
    parser.add_argument("--seeds", type=int, default=3, help="seeds 1..N per size")
    parser.add_argument("--puzzles", nargs="+", default=["numberlink", "slitherlink"])
    parser.add_argument("--baseline", type=Path, help="a checkout of the older code, measured alternately")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    parser.add_argument("--one", nargs=4, metavar=("ROOT", "NAME", "SIZE", "SEED"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        root, name, size, seed = args.one
        print(json.dumps(one(root, name, int(size), int(seed), parse_options(args.option))))
        return
    roots = {"new": HERE, **({"old": args.baseline.resolve()} if args.baseline else {})}
    for name in args.puzzles:
        for size in args.sizes:
            print(f"== {name} {size}x{size} {' '.join(args.option)}", flush=True)
            seconds: dict[str, list[float]] = {label: [] for label in roots}
            for seed in range(1, args.seeds + 1):
                order = list(roots.items()) if seed % 2 else list(reversed(roots.items()))
                found = {label: measure(root, name, size, seed, args.option) for label, root in order}
                parts = []
                for label in roots:
                    seconds[label].append(found[label]["seconds"])
                    parts.append(f"{label} {found[label]['seconds']:7.2f} s {found[label]['calls']:6d} calls "
                                 f"{found[label]['given']:5d} {'clues' if name == 'slitherlink' else 'paths'}")
                same = "  same puzzle" if len(found) == 2 and found["new"]["text"] == found["old"]["text"] else ""
                print(f"  seed {seed:3d}  " + "  |  ".join(parts) + same, flush=True)
            medians = "  ".join(f"{label} median {statistics.median(values):.2f} s" for label, values in seconds.items())
            ratio = (f"  ratio {sum(seconds['old']) / sum(seconds['new']):.2f}x" if "old" in seconds else "")
            print(f"  {medians}{ratio}", flush=True)


if __name__ == "__main__":
    main()
