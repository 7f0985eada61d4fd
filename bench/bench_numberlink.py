"""Numberlink benchmarks: rule sets, uniqueness, the bundled sets and the giants (figures measured, never asserted).

    python bench/bench_numberlink.py solve               # janko 270 under each rule set, one process
    python bench/bench_numberlink.py unique --timeout 5 --each  # --unique under each rule set, a line per puzzle
    python bench/bench_numberlink.py sets                # Flow Free, seed, handmade (fill), one process
    python bench/bench_numberlink.py giants              # bench/make_giants.py boards, each a whole CLI process
    python bench/bench_numberlink.py open-boards         # generated 36x36..72x72 boards solved under --rules open
    python bench/bench_numberlink.py analyze             # --analyze on the seed and handmade boards, per rule set

``--csv FILE`` writes the per-puzzle rows. Seconds are wall clock of the solve (parse excluded) unless
the line says "process"; janko rows also give CPU seconds (with --timeout, of the child that solved),
steadier than wall clock on a shared machine; still, compare figures from one run.
"""

from __future__ import annotations

import argparse
import csv
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from satpuzzles.core import registry  # noqa: E402
from satpuzzles.core.outcome import Settings  # noqa: E402
from satpuzzles.io.reading import read_instances  # noqa: E402
from satpuzzles.solve.deadline import solve_within_limit  # noqa: E402
from satpuzzles.solve.pipeline import solve  # noqa: E402

NL = ROOT / "instances" / "numberlink"
JANKO = NL / "janko-arukone" / "janko.txt"
RULE_SETS = {"fill": {}, "fill+nst": {"no_self_touch": True}, "open": {"rules": "open"},
             "open+nst": {"rules": "open", "no_self_touch": True}}
SPEC = registry.get("numberlink")


def load(path: Path) -> list:
    """Every puzzle of a file."""
    return read_instances(SPEC, path.read_text())


def cpu_seconds() -> float:
    """CPU seconds (user + system) of this process and its finished children (--timeout solves in a child)."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def run(instances: list, settings: Settings, rows: list[dict], tag: str, name: str,
        each: bool = False) -> tuple[float, dict[str, int]]:
    """Solve each instance; per-puzzle rows (wall and CPU seconds); total wall seconds and verdict counts."""
    total, verdicts = 0.0, {}
    for index, instance in enumerate(instances, 1):
        start, cpu = time.perf_counter(), cpu_seconds()
        outcome = (solve_within_limit if settings.timeout else solve)(SPEC.rules, instance, settings, "numberlink")
        seconds = time.perf_counter() - start
        cpu = cpu_seconds() - cpu
        total += seconds
        unique = outcome.uniqueness(settings)
        verdict = outcome.status if not settings.unique or outcome.status != "solved" else \
            {True: "unique", False: "not unique", None: "undecided"}[unique]
        verdicts[verdict] = verdicts.get(verdict, 0) + 1
        rows.append({"set": name, "rules": tag, "index": index, "size": f"{instance.grid.cols}x{instance.grid.rows}",
                     "paths": len(instance.labels), "verdict": verdict, "seconds": round(seconds, 4),
                     "cpu": round(cpu, 4),
                     "sat_calls": outcome.stats.sat_calls, "cuts": outcome.stats.cuts, "method": outcome.stats.method,
                     "stages": "/".join(outcome.stats.stages)})
        if each:
            row = rows[-1]
            print(f"  {name} {tag} #{index} {row['size']} {row['paths']} paths: {verdict}, {seconds:.3f} s "
                  f"({cpu:.3f} s CPU), "
                  f"{row['sat_calls']} SAT calls, {row['cuts']} cuts, {row['method']} {row['stages']}", flush=True)
    return total, verdicts


def bench_janko(unique: bool, timeout: float | None, rows: list[dict], rules: list[str], each: bool) -> None:
    """Janko 270 under each rule set."""
    instances = load(JANKO)
    for tag in rules:
        settings = Settings(unique=unique, timeout=timeout, extras=RULE_SETS[tag])
        total, verdicts = run(instances, settings, rows, tag, "janko", each)
        mine = [r for r in rows if r["rules"] == tag and r["set"] == "janko"]
        slowest = max(mine, key=lambda r: r["seconds"])
        cpu = sum(r["cpu"] for r in mine)
        over = sum(r["seconds"] > 1 for r in mine)
        print(f"janko {'--unique ' if unique else ''}{tag:9s}: {len(instances)} puzzles in {total:6.2f} s "
              f"({cpu:.2f} s CPU); {', '.join(f'{k} {v}' for k, v in sorted(verdicts.items()))}; {over} over 1 s; "
              f"slowest #{slowest['index']} {slowest['size']} {slowest['seconds']:.2f} s "
              f"({slowest['cpu']:.2f} s CPU)", flush=True)


def bench_sets(rows: list[dict]) -> None:
    """Flow Free, seed and handmade under the fill rule (as before rule sets existed)."""
    for name, paths in (("flowfree", sorted((NL / "flowfree").glob("*.txt"))),
                        ("seed", sorted((NL / "seed").glob("*.txt")) + [NL / "seed" / "input-7by7.in"]),
                        ("handmade", sorted((NL / "handmade").glob("*.txt")))):
        instances = [instance for path in paths for instance in load(path)]
        total, verdicts = run(instances, Settings(), rows, "fill", name)
        print(f"{name}: {len(instances)} puzzles in {total:.2f} s; {verdicts}", flush=True)


def process_seconds(args: list[str]) -> tuple[float, int, str]:
    """Wall seconds, exit status and report head of one whole ``satpuzzles`` process."""
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "satpuzzles", *args], capture_output=True, text=True, cwd=ROOT)
    head = [line for line in done.stdout.splitlines()[:6] if line.startswith(("Solvable", "Reason", "Unique"))]
    return time.perf_counter() - start, done.returncode, "; ".join(line[:90] for line in head)


def bench_giants(size: int) -> None:
    """The three giant boards, each solved by a whole CLI process."""
    subprocess.run([sys.executable, str(ROOT / "bench" / "make_giants.py"), "--size", str(size)], check=True,
                   capture_output=True)
    for kind in ("solvable", "swapped", "parity"):
        path = ROOT / "bench" / "results" / "giants" / f"giant_{kind}_{size}.txt"
        seconds, code, head = process_seconds(["numberlink", str(path)])
        print(f"giant {kind} {size}x{size}: process {seconds:.2f} s, exit {code}; {head}", flush=True)


def bench_open_boards(sizes: list[int], seed: int) -> None:
    """Boards made by ``generate numberlink`` (fill, no self-touch walks), solved under --rules open."""
    out = ROOT / "bench" / "results" / "open"
    out.mkdir(parents=True, exist_ok=True)
    for size in sizes:
        path = out / f"open_{size}x{size}_{seed}.txt"
        if not path.exists():
            start = time.perf_counter()
            made = subprocess.run([sys.executable, "-m", "satpuzzles", "generate", "numberlink", str(size), str(size),
                                   "--seed", str(seed), "--rules", "open"], capture_output=True, text=True, cwd=ROOT)
            spent = time.perf_counter() - start
            print(f"generate {size}x{size} --rules open: process {spent:.2f} s, exit {made.returncode}", flush=True)
            if made.returncode != 0:
                print("  " + made.stderr.strip()[:200])
                continue
            path.write_text(made.stdout)
        for extra in ([], ["--unique"]):
            seconds, code, head = process_seconds(["numberlink", str(path), "--rules", "open", *extra])
            what = " ".join(extra) or "solve"
            print(f"open {size}x{size} {what}: process {seconds:.2f} s, exit {code}; {head}", flush=True)


def bench_analyze(rows: list[dict], rules: list[str], timeout: float | None) -> None:
    """--analyze on every solvable seed and handmade board under each rule set: seconds, SAT calls, the split."""
    paths = sorted((NL / "seed").glob("*.txt")) + sorted((NL / "seed").glob("*.in")) + sorted((NL / "handmade").glob("*"))
    for name in rules:
        for path in paths:
            try:
                instances = load(path)
            except Exception as exc:  # noqa: BLE001 - a deliberately bad file among the seed's
                print(f"analyze {name} {path.name}: not read ({str(exc)[:60]})", flush=True)
                continue
            for index, instance in enumerate(instances, 1):
                settings = Settings(analyze=True, timeout=timeout, extras=RULE_SETS[name])
                start, cpu = time.perf_counter(), cpu_seconds()
                outcome = (solve_within_limit if timeout else solve)(SPEC.rules, instance, settings, "numberlink")
                seconds, cpu = time.perf_counter() - start, cpu_seconds() - cpu
                analysis = outcome.analysis
                label = f"{path.name}#{index}" if len(instances) > 1 else path.name
                if analysis is None:
                    print(f"analyze {name} {label}: {outcome.status}, no analysis ({seconds:.2f} s)", flush=True)
                    continue
                forced = len(analysis.forced_true) + len(analysis.forced_false)
                print(f"analyze {name} {label}: {seconds:.2f} s (CPU {cpu:.2f}), {forced} forced, "
                      f"{len(analysis.undetermined)} undetermined, {analysis.sat_calls} SAT calls", flush=True)
                rows.append({"rules": name, "puzzle": label, "seconds": round(seconds, 3), "cpu": round(cpu, 3),
                             "forced": forced, "undetermined": len(analysis.undetermined),
                             "sat_calls": analysis.sat_calls})


def main() -> None:
    """Parse arguments and run the chosen benchmark."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("what", choices=["solve", "unique", "sets", "giants", "open-boards", "analyze"])
    parser.add_argument("--timeout", type=float, default=None, help="seconds per puzzle (unique: default 5)")
    parser.add_argument("--rules", action="append", choices=list(RULE_SETS), help="rule sets (default: all four)")
    parser.add_argument("--size", type=int, default=1002, help="giants' side")
    parser.add_argument("--open-sizes", type=int, nargs="*", default=[36, 48, 60, 72])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--csv", type=Path)
    parser.add_argument("--each", action="store_true", help="a line per puzzle too")
    args = parser.parse_args()
    rows: list[dict] = []
    rules = args.rules or list(RULE_SETS)
    if args.what == "solve":
        bench_janko(False, args.timeout, rows, rules, args.each)
    elif args.what == "unique":
        bench_janko(True, args.timeout or 5.0, rows, rules, args.each)
    elif args.what == "sets":
        bench_sets(rows)
    elif args.what == "giants":
        bench_giants(args.size)
    elif args.what == "analyze":
        bench_analyze(rows, rules, args.timeout)
    else:
        bench_open_boards(args.open_sizes, args.seed)
    if args.csv and rows:
        args.csv.parent.mkdir(parents=True, exist_ok=True)
        with args.csv.open("w", newline="") as out:
            writer = csv.DictWriter(out, fieldnames=list(rows[0]))
            writer.writeheader()
            writer.writerows(rows)


if __name__ == "__main__":
    main()
