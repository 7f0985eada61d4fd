"""Fault injection, repeated: the faults of tests/test_faults.py many times, at random moments, under load.

- closed output: every closed-pipe case of the tests (reader gone before the first write, and
  a 4 MB write cut in the middle), plus the old test's way (read a line, then close), each
  --runs times next to --busy busy loops;
- Ctrl-C into ``minesweeper --analyze`` (forked workers) 1 to 2.5 s in, into ``generate
  numberlink 14 14 --count 30``, and into a run that started with SIGINT ignored;
- SIGTERM and SIGKILL into a solve with an external solver, and --timeout with it:
  processes and temporary files left behind.

Counts every outcome; a run that does not end within 60 s is a hang. Figures are measured, never asserted.

    python bench/fault_campaign.py --runs 50 --busy 2
"""

from __future__ import annotations

import argparse
import collections
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.faults_helpers import Run, cli, run_into_closed_pipe, run_into_pipe_closed_mid_write  # noqa: E402
from tests.test_faults import CLOSED_PIPE_COMMANDS, HAMILTON_8, HARD_SLITHERLINK, INSTANCES  # noqa: E402


def busy_loops(count: int) -> list[subprocess.Popen[bytes]]:
    """Processes that keep the cores busy (the load under which the closed pipe used to say 'unsolvable')."""
    return [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(count)]


def read_a_line_then_close(args: list[object]) -> int:
    """The old test's way: read one line of output, close the pipe (timing-dependent by nature)."""
    process = subprocess.Popen(cli(*args), stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, cwd=ROOT)
    assert process.stdout is not None
    process.stdout.readline()
    process.stdout.close()
    return process.wait(timeout=120)


def tally(title: str, outcomes: collections.Counter[str]) -> None:
    """Print one line of counts."""
    print(f"{title}: " + ", ".join(f"{outcome} x{n}" for outcome, n in sorted(outcomes.items())))


def signal_run(tmp: Path, args: list[object], sig: int, delay: Callable[[], float], stdin: str | None = None,
               ignore_sigint: bool = False, ready: str | None = None) -> str:
    """Start, wait, signal, and describe the ending: status, extra lines, leftovers."""
    run = Run(args, tmp, stdin=stdin, ignore_sigint=ignore_sigint)
    if ready:
        run.wait_for_stderr(ready)
    time.sleep(delay())
    if run.process.poll() is not None:  # done before the signal: an exit 0 here is no swallowed signal
        status, err = run.finish(timeout=60)
        return f"exit {status}, finished before the signal"
    if sig == signal.SIGINT:
        run.interrupt()
    else:
        run.process.send_signal(sig)
    try:
        status, err = run.finish(timeout=60)
    except subprocess.TimeoutExpired:
        run.process.kill()
        return "HANG"
    lines = [line for line in err.splitlines()  # the tool's own lines (-v adds phases and the solver's output)
             if line.startswith("satpuzzles") or "Traceback" in line or "Error" in line]
    described = f"exit {status}"
    if len(lines) > 1 or any("internal error" in line or "Traceback" in line for line in lines):
        described += f" with {lines!r}"[:200]
    if run.leftovers(grace=10):
        described += " LEFT PROCESSES"
    if run.temporary_files():
        described += " LEFT FILES"
    return described


def main() -> None:
    """Run every fault campaign and print the counts."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=50)
    parser.add_argument("--busy", type=int, default=2, help="busy loops running during the closed-pipe runs")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--cases", nargs="*", default=None,
                        help="closed-pipe cases to run (ids of tests/test_faults.py; default: all)")
    parser.add_argument("--signals-only", action="store_true", help="skip the closed-pipe runs")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    tmp = Path(tempfile.mkdtemp(prefix="faults-"))
    loops = busy_loops(0 if args.signals_only else args.busy)
    try:
        cases = [p for p in CLOSED_PIPE_COMMANDS if args.cases is None or p.id in args.cases]
        for param in [] if args.signals_only else [*cases, None]:
            outcomes: collections.Counter[str] = collections.Counter()
            for _ in range(args.runs):
                if param is None:
                    status, err = run_into_pipe_closed_mid_write(["generate", "minesweeper", "1000", "2000"])
                else:
                    status, err = run_into_closed_pipe(param.values[0])
                outcomes[f"exit {status}" + (" with stderr" if err else "")] += 1
            tally(f"closed pipe, {param.id if param else 'mid-write 4 MB'}, {args.busy} busy loops", outcomes)
        janko = INSTANCES / "numberlink" / "janko-arukone" / "janko.txt"
        runs = 0 if args.signals_only else args.runs
        outcomes = collections.Counter(f"exit {read_a_line_then_close(['numberlink', janko])}" for _ in range(runs))
        if runs:
            tally(f"closed pipe, janko read one line then closed (timing-dependent), {args.busy} busy loops", outcomes)
    finally:
        for loop in loops:
            loop.kill()
            loop.wait()
    extreme = INSTANCES / "minesweeper" / "seed" / "extreme-sat.in"
    campaigns: list[tuple[str, Callable[[], str]]] = [
        ("Ctrl-C into minesweeper --analyze at 1-2.5 s", lambda: signal_run(
            tmp, ["minesweeper", extreme, "--analyze"], signal.SIGINT, lambda: rng.uniform(1.0, 2.5))),
        ("Ctrl-C into generate numberlink 14 14 --count 30", lambda: signal_run(
            tmp, ["generate", "numberlink", "14", "14", "--count", "30"], signal.SIGINT, lambda: rng.uniform(0.5, 4))),
        ("SIGTERM into a numberlink enumeration", lambda: signal_run(
            tmp, ["numberlink", "-", "--count", "100000000", "-v"], signal.SIGTERM, lambda: rng.uniform(0, 2),
            stdin=HAMILTON_8, ready="SAT call")),
        ("Ctrl-C into a run started with SIGINT ignored (must finish)", lambda: signal_run(
            tmp, ["numberlink", "-", "--count", "300", "-v"], signal.SIGINT, lambda: rng.uniform(0, 1),
            stdin=HAMILTON_8, ignore_sigint=True, ready="SAT call")),
    ]
    if shutil.which("cadical"):
        for sig in (signal.SIGTERM, signal.SIGKILL, signal.SIGINT):
            campaigns.append((f"{sig.name} into a solve by the external cadical", lambda sig=sig: signal_run(
                tmp, ["slitherlink", "-", "-s", "cadical", "-v"], sig, lambda: rng.uniform(0, 2),
                stdin=HARD_SLITHERLINK, ready="encoded")))
    for title, attempt in campaigns:
        outcomes = collections.Counter(attempt() for _ in range(max(10, args.runs // 2)))
        tally(title, outcomes)
    shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
