"""A long fuzz campaign over the readers of every registered puzzle (tests/test_fuzz.py is its bounded CI form).

Random noise and mutations of real puzzles (cuts, swaps, huge numbers, bytes that are not
UTF-8, CRLF, lone CR, BOM, UTF-16, tabs, deep nesting) go through each puzzle's readers in every format
(small puzzles are also solved and their answers verified), and a share of them through the
real command line: in-process (exit status and standard error), and as real processes
(a Python traceback would show there). Prints the counts per puzzle, every input that broke
the property, and every input slower than --slow seconds. Figures are measured, never asserted.

    python bench/fuzz_campaign.py                       # 5000 inputs per puzzle, seed 1
    python bench/fuzz_campaign.py --per-puzzle 20000 --seed 7 --cli-share 0.1 --processes 200
"""

from __future__ import annotations

import argparse
import collections
import random
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.conftest import run_cli  # noqa: E402
from tests.fuzzing import INPUT_CODES, check_cli, check_input, formats, mutate, names, noise, seeds  # noqa: E402


def one_process(name: str, data: bytes, timeout: float) -> tuple[int | None, str, float]:
    """Exit status, standard error and seconds of the real CLI reading ``data`` from standard input."""
    start = time.perf_counter()
    try:
        done = subprocess.run([sys.executable, "-m", "satpuzzles", name, "-"], input=data, capture_output=True,
                              cwd=ROOT, timeout=timeout, check=False)
    except subprocess.TimeoutExpired:
        return None, "", time.perf_counter() - start
    return done.returncode, done.stderr.decode(errors="replace"), time.perf_counter() - start


def main() -> None:
    """Run the campaign and print its figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-puzzle", type=int, default=5000, help="inputs per puzzle (in-process)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--cli-share", type=float, default=0.1, help="share also run through the in-process CLI")
    parser.add_argument("--processes", type=int, default=50, help="inputs per puzzle run as real processes")
    parser.add_argument("--slow", type=float, default=3.0, help="report inputs slower than this (seconds)")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    kinds: collections.Counter[tuple[str, str]] = collections.Counter()
    bugs: list[str] = []
    slow: list[str] = []
    totals = collections.Counter()
    start = time.perf_counter()
    for name in names():
        pool = seeds(name)
        for i in range(args.per_puzzle):
            input_format = rng.choice(formats(name)) if i % 3 == 0 else "auto"
            data = noise(rng, name) if i % 2 else mutate(rng.choice(pool), rng)
            began = time.perf_counter()
            verdict = check_input(name, data, input_format)
            seconds = time.perf_counter() - began
            totals["in-process"] += 1
            kinds[(name, verdict.kind)] += 1
            if verdict.kind == "bug":
                bugs.append(f"{name} {input_format}: {verdict.detail} for {data[:120]!r}")
            if seconds > args.slow:
                slow.append(f"{name} {input_format}: {seconds:.1f} s for {data[:120]!r}")
            if rng.random() < args.cli_share:
                extra = rng.choice([(), ("--format", "json"), ("--count", "2")])
                began = time.perf_counter()
                verdict = check_cli(run_cli, name, data, extra)
                seconds = time.perf_counter() - began
                totals["cli"] += 1
                if verdict.kind == "bug":
                    bugs.append(f"{name} CLI {' '.join(extra)}: {verdict.detail} for {data[:120]!r}")
                if seconds > args.slow:
                    slow.append(f"{name} CLI {' '.join(extra)}: {seconds:.1f} s for {data[:120]!r}")
        for _ in range(args.processes):
            data = mutate(rng.choice(pool), rng)
            code, err, seconds = one_process(name, data, timeout=60)
            totals["processes"] += 1
            if code not in INPUT_CODES or "Traceback" in err or "internal error" in err or err.count("\n") > 1:
                bugs.append(f"{name} process: exit {code}, stderr {err[:200]!r} for {data[:120]!r}")
            if seconds > args.slow + 1.5:  # a process also starts Python
                slow.append(f"{name} process: {seconds:.1f} s for {data[:120]!r}")
    print(f"inputs: {sum(totals.values())} ({totals['in-process']} read in-process, {totals['cli']} also through the "
          f"in-process CLI, {totals['processes']} as real processes) in {time.perf_counter() - start:.0f} s, seed {args.seed}")
    for name in names():
        row = {kind: n for (puzzle, kind), n in kinds.items() if puzzle == name}
        print(f"  {name}: " + ", ".join(f"{kind} {n}" for kind, n in sorted(row.items())))
    print(f"property broken: {len(bugs)}")
    for line in bugs[:50]:
        print(f"  {line}")
    print(f"slower than {args.slow:g} s: {len(slow)}")
    for line in slow[:50]:
        print(f"  {line}")


if __name__ == "__main__":
    main()
