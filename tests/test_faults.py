"""The faults a real user causes, injected into the real CLI: exit codes that never lie, nothing left behind.

Closed and full outputs, Ctrl-C and SIGTERM mid-solve and mid-batch, SIGKILL and --resume,
--timeout, huge and hostile inputs, and solvers that misbehave. Processes run in their own
session with a tag in their environment, so every descendant (whatever its process group)
is found afterwards; each run gets its own TMPDIR, so a file left behind is found too.
"""

from __future__ import annotations

import csv
import inspect
import json
import os
import resource
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.conftest import INSTANCES, ROOT, run_cli
from tests.faults_helpers import Run, cli, run_into_closed_pipe, run_into_pipe_closed_mid_write

SEED = INSTANCES / "numberlink" / "seed"
JANKO = INSTANCES / "numberlink" / "janko-arukone" / "janko.txt"
HAMILTON_8 = "1......1\n" + "........\n" * 7
"""Millions of solutions: --count 100000000 keeps it busy with many short SAT calls."""
HARD_SLITHERLINK = ("3." * 500 + "\n" + "." * 1000 + "\n") * 15
"""30 x 1000, unsolvable, over a minute to prove: a hard puzzle within the size limit."""
NEEDS_LINUX = pytest.mark.skipif(not Path("/proc/self/environ").exists(), reason="reads /proc")
CADICAL = shutil.which("cadical")

# --- closed and full outputs ------------------------------------------------------------------------------

CLOSED_PIPE_COMMANDS = [
    pytest.param(["numberlink", JANKO], id="janko-collection"),  # exited 1 ("unsolvable") before
    pytest.param(["numberlink", SEED / "instance_1.txt", "--format", "json"], id="json"),
    pytest.param(["numberlink", JANKO, "--to-url"], id="to-url"),
    pytest.param(["generate", "numberlink", "6", "6", "--seed", "1"], id="generate"),
    pytest.param(["batch", SEED / "instance_1.txt", "-j", "1"], id="batch-summary"),
    pytest.param(["minesweeper", INSTANCES / "minesweeper" / "seed" / "small-sat.in", "--analyze"], id="analysis"),
    pytest.param(["--help"], id="help"),
    pytest.param(["puzzles"], id="listing"),
]


@pytest.mark.parametrize("args", CLOSED_PIPE_COMMANDS)
def test_closed_output_is_141_whatever_prints(args: list[object]) -> None:
    # The reader is gone before the first write: no timing, the same answer on a loaded machine.
    status, err = run_into_closed_pipe(args)
    assert (status, err) == (141, "")


def test_a_large_write_into_a_pipe_closed_mid_write_is_141() -> None:
    # 4 MB in one write: the reader takes 10 bytes and goes while the writer is blocked inside it
    # (CPython's buffered writer returned early there, and the rest vanished with status 0).
    status, err = run_into_pipe_closed_mid_write(["generate", "minesweeper", "1000", "2000", "--seed", "1"])
    assert (status, err) == (141, "")


@pytest.mark.parametrize("args", [
    ["numberlink", SEED / "instance_1.txt"],
    ["numberlink", SEED / "instance_1.txt", "--to-url"],
    ["--help"],
])
def test_standard_output_on_a_full_disk_is_one_line_exit_2(args: list[object]) -> None:
    with open("/dev/full", "w") as full:
        done = subprocess.run(cli(*args), stdout=full, stderr=subprocess.PIPE, text=True, cwd=ROOT, timeout=60)
    assert done.returncode == 2
    assert done.stderr == "satpuzzles: error: cannot write standard output: No space left on device\n"


def _read_only_folder(tmp_path: Path) -> Path:
    if os.geteuid() == 0:  # root writes anywhere it may chmod; /proc refuses everyone
        return Path("/proc")
    folder = tmp_path / "read-only"
    folder.mkdir()
    folder.chmod(0o555)
    return folder


@pytest.mark.parametrize("where", ["full", "read-only", "missing-parent"])
@pytest.mark.parametrize("option", ["-r", "-o", "--svg"])
def test_output_files_that_cannot_be_written(tmp_path: Path, where: str, option: str) -> None:
    target = {"full": Path("/dev/full"), "read-only": _read_only_folder(tmp_path) / "out.txt",
              "missing-parent": tmp_path / "missing" / "out.txt"}[where]
    before = set(tmp_path.rglob("*"))
    result = run_cli("numberlink", SEED / "instance_1.txt", option, target)
    assert result.code == 2
    assert result.err.startswith(f"satpuzzles: error: cannot write {target}") and result.err.count("\n") == 1
    assert set(tmp_path.rglob("*")) == before  # nothing half-written, no temporary file


def test_an_output_file_never_replaces_the_input(tmp_path: Path) -> None:
    puzzle = tmp_path / "puzzle.txt"
    puzzle.write_text((SEED / "instance_1.txt").read_text())
    (tmp_path / "link.txt").symlink_to(puzzle)
    for target in (puzzle, tmp_path / "link.txt"):
        result = run_cli("numberlink", puzzle, "-r", target)
        assert result.code == 2 and "it is the input file" in result.err
    assert puzzle.read_text() == (SEED / "instance_1.txt").read_text()


def test_closed_standard_input_is_bad_input() -> None:
    done = subprocess.run(cli("numberlink", "-"), stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, cwd=ROOT,
                          stderr=subprocess.PIPE, text=True, preexec_fn=lambda: os.close(0), timeout=60)
    assert done.returncode == 2 and done.stderr == "satpuzzles: error: <stdin>: cannot read input: standard input is closed\n"


@pytest.mark.parametrize("args", [["solve"], ["slitherlink"]])
def test_a_folder_as_input_points_to_batch(tmp_path: Path, args: list[str]) -> None:
    result = run_cli(*args, tmp_path)
    assert result.code == 2 and result.err == (f"satpuzzles: error: {tmp_path}: cannot read input: a folder, not a "
                                               "file (`satpuzzles batch FOLDER` solves every puzzle in one)\n")


def test_a_url_given_as_a_file_says_where_a_url_goes() -> None:
    url = "https://puzz.link/p?numlin/5/5/j1g2j3i12g3l"
    result = run_cli("numberlink", "-i", url)
    assert result.code == 2 and result.err == (f"satpuzzles: error: {url}: cannot read input: No such file or directory "
                                               "(a URL is given as the SOURCE argument, not as a file)\n")
    assert run_cli("numberlink", url).code == 0


@pytest.mark.parametrize("args", [["solve", SEED / "instance_1.txt"], ["--version"], ["generate", "numberlink", "5", "5"],
                                  ["numberlink", SEED / "instance_1.txt", "--format", "json"]])
def test_closed_standard_output_is_bad_usage_in_one_line(args: list[object]) -> None:
    # Started with ``>&-``: Python has no sys.stdout at all (an internal error, status 4, before).
    done = subprocess.run(cli(*args), stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, cwd=ROOT,
                          stderr=subprocess.PIPE, text=True, preexec_fn=lambda: os.close(1), timeout=60)
    assert done.returncode == 2
    assert done.stderr == ("satpuzzles: error: standard output is closed: give the command somewhere to write "
                           "(for example >/dev/null)\n")


def test_play_with_standard_input_closed_is_refused_like_a_pipe() -> None:
    done = subprocess.run(cli("play", "minesweeper"), stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, cwd=ROOT,
                          stderr=subprocess.PIPE, text=True, preexec_fn=lambda: os.close(0), timeout=60)
    assert (done.returncode, done.stderr) == (2, "satpuzzles: error: play needs a terminal for its input and output\n")


# --- signals mid-solve -----------------------------------------------------------------------------------

def _stopped(status: int, sig: int) -> bool:
    """Exit 128 + signal, or death by the signal itself (a shell reports both as 128 + signal)."""
    return status in (128 + sig, -sig)


@NEEDS_LINUX
@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
def test_a_signal_mid_solve_stops_it_and_leaves_nothing(tmp_path: Path, sig: int) -> None:
    run = Run(["numberlink", "-", "--count", "100000000", "-v"], tmp_path, stdin=HAMILTON_8)
    run.wait_for_stderr("SAT call")
    run.interrupt() if sig == signal.SIGINT else run.process.send_signal(sig)
    status, err = run.finish()
    assert _stopped(status, sig) and "Traceback" not in err and "internal error" not in err
    assert run.leftovers() == [] and run.temporary_files() == []


@NEEDS_LINUX
def test_ctrl_c_during_an_analysis_with_forked_workers(tmp_path: Path) -> None:
    # A forked worker once answered the interrupt itself: "internal error: UnpicklingError" on a second line.
    run = Run(["minesweeper", INSTANCES / "minesweeper" / "seed" / "extreme-sat.in", "--analyze", "-v"], tmp_path)
    run.wait_for_stderr("method engine")  # started: the analysis takes 1.2 s on a quiet machine, where a fixed
    time.sleep(0.5)  # 1.5 s from launch came after it had finished (exit 0); inside it, as in the fault campaign
    run.interrupt()
    status, err = run.finish()
    assert _stopped(status, signal.SIGINT)
    assert err.strip() in ("", "satpuzzles: interrupted") or err.strip().endswith("satpuzzles: interrupted")
    assert "internal error" not in err and run.leftovers() == []


@NEEDS_LINUX
def test_ctrl_c_during_generate_is_not_swallowed(tmp_path: Path) -> None:
    run = Run(["generate", "numberlink", "14", "14", "--count", "30", "--seed", "3"], tmp_path,
              stdout=subprocess.PIPE)
    assert run.process.stdout is not None
    run.process.stdout.readline()  # the first puzzle is out: generation is under way
    run.interrupt()
    status, err = run.finish()
    assert _stopped(status, signal.SIGINT) and "internal error" not in err and run.leftovers() == []


@NEEDS_LINUX
def test_ctrl_c_ignored_from_the_start_stays_ignored(tmp_path: Path) -> None:
    # PySAT installed its longjmp handler over an ignored SIGINT, and a Ctrl-C then aborted with "double free".
    run = Run(["numberlink", "-", "--count", "300", "-v"], tmp_path, stdin=HAMILTON_8, ignore_sigint=True)
    run.wait_for_stderr("SAT call")
    run.interrupt()
    status, err = run.finish()
    assert status == 0 and "interrupted" not in err


SOLVE_IN_C = """
import signal, sys
from satpuzzles.core.errors import Terminated
from satpuzzles.solve.backends import PySatBackend
from satpuzzles.solve.interrupts import raise_terminated
signal.signal(signal.SIGTERM, raise_terminated)
n = 13  # the pigeonhole formula: one long SAT call
var = lambda p, h: p * n + h + 1
backend = PySatBackend(sys.argv[1])
backend.add_clauses([[var(p, h) for h in range(n)] for p in range(n + 1)])
backend.add_clauses([[-var(p, h), -var(q, h)] for h in range(n) for p in range(n + 1) for q in range(p + 1, n + 1)])
try:
    print("solving", flush=True)
    backend.solve()
except KeyboardInterrupt:
    sys.exit(130)
except Terminated as stop:
    sys.exit(128 + stop.signum)
"""


@pytest.mark.parametrize("solver", ["glucose4", "minisat22", "cadical195"])
@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
def test_a_signal_inside_one_long_sat_call(solver: str, sig: int) -> None:
    # Interruptible solvers return through PySAT's interrupt(); CaDiCaL's call ends with the process.
    process = subprocess.Popen([sys.executable, "-c", SOLVE_IN_C, solver], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, cwd=ROOT,
                               preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    assert process.stdout is not None and process.stdout.readline() == "solving\n"
    process.send_signal(sig)
    status = process.wait(timeout=60)
    assert _stopped(status, sig)


def test_the_interruptible_solvers_are_those_whose_solve_limited_takes_expect_interrupt() -> None:
    from pysat.solvers import Solver

    from satpuzzles.solve.solver_names import pysat_solver_names
    from satpuzzles.solve.interrupts import INTERRUPTIBLE

    found = set()
    for name in pysat_solver_names():
        try:
            solver = Solver(name=name)
        except Exception:  # noqa: BLE001 - a solver this PySAT build lacks
            continue
        if "int(expect_interrupt)" in inspect.getsource(type(solver.solver).solve_limited):
            found.add(name)
        solver.delete()
    assert found == INTERRUPTIBLE


# --- --timeout and external solvers ----------------------------------------------------------------------

@NEEDS_LINUX
def test_timeout_leaves_no_child_and_answers_unknown(tmp_path: Path) -> None:
    run = Run(["slitherlink", "-", "--timeout", "1"], tmp_path, stdin=HARD_SLITHERLINK)
    status, err = run.finish()
    assert status == 3 and err == ""
    assert run.leftovers(grace=5) == []


@NEEDS_LINUX
@pytest.mark.skipif(CADICAL is None, reason="cadical is not installed")
@pytest.mark.parametrize("how", ["timeout", "SIGTERM", "SIGKILL"])
def test_an_external_solver_never_outlives_the_run(tmp_path: Path, how: str) -> None:
    args = ["slitherlink", "-", "-s", "cadical", "-v"] + (["--timeout", "2"] if how == "timeout" else [])
    run = Run(args, tmp_path, stdin=HARD_SLITHERLINK)
    run.wait_for_stderr("encoded")
    if how != "timeout":
        run.process.send_signal(getattr(signal, how))
    status, _ = run.finish()
    assert status == {"timeout": 3, "SIGTERM": 143, "SIGKILL": -9}[how]
    assert run.leftovers() == [] and run.temporary_files() == []


@pytest.mark.skipif(shutil.which("yes") is None, reason="needs yes(1)")
def test_a_solver_that_prints_without_end_is_stopped() -> None:
    result = run_cli("numberlink", SEED / "instance_1.txt", "-s", shutil.which("yes"))
    assert result.code == 3 and "Solvable = unknown (solver yes printed more than" in result.out and not result.err


# --- huge and hostile inputs -----------------------------------------------------------------------------

MEMORY_LIMIT = {resource.RLIMIT_AS: 3 * 2**30}
"""Address space for the huge inputs: a reader that built them cell by cell would hit it (11 GB once)."""


@pytest.mark.parametrize(("puzzle", "text", "words"), [
    ("minesweeper", "100000 100000\n", "larger than Minesweeper accepts"),
    ("slitherlink", "100000 100000\n", "larger than Slitherlink accepts"),
    ("numberlink", "1\n100000 100000\n", "larger than Numberlink accepts"),
    ("numberlink", "100000 100000\n", "larger than Numberlink accepts"),
    ("slitherlink", "." * 100_000 + "\n", "a board of 1 row x 100,000 columns"),
    ("slitherlink", "https://puzz.link/p?slither/999999/999999/" + "z" * 100 + "\n", "larger than Slitherlink"),
    ("numberlink", "https://puzz.link/p?numlin/5000/5000/" + "z" * 100 + "\n", "larger than Numberlink"),
    ("slitherlink", "99999x99999t0:a\n", "larger than Slitherlink"),
    ("minesweeper", '{"width": 5001, "height": 5000, "grid": []}', "larger than Minesweeper"),
])
def test_a_board_too_large_is_refused_clearly(puzzle: str, text: str, words: str) -> None:
    result = run_cli(puzzle, "-", stdin=text)
    assert result.code == 2 and words in result.err and result.err.count("\n") == 1


@NEEDS_LINUX
@pytest.mark.parametrize("puzzle", ["minesweeper", "numberlink", "slitherlink"])
def test_a_line_of_thirty_million_cells_is_refused_within_a_memory_limit(tmp_path: Path, puzzle: str) -> None:
    board = tmp_path / "line.txt"
    board.write_text("1" + "." * 29_999_998 + "1\n")
    run = Run([puzzle, board], tmp_path, limits=MEMORY_LIMIT)
    status, err = run.finish()
    assert status == 2 and "larger than" in err and err.count("\n") == 1


@pytest.mark.parametrize(("puzzle", "text"), [
    ("minesweeper", '{"width": 1, "height": 1, "grid": ' + "[" * 5000 + "]" * 5000 + "}"),
    ("minesweeper", '{"width": ' + "9" * 5000 + ', "height": 1, "grid": ["?"]}'),
    ("minesweeper", "9" * 5000 + " 3\n???\n"),
    ("minesweeper", "2 2\n??\n??\nmines " + "9" * 5000 + "\n"),
    ("slitherlink", "9" * 5000 + "x3t0:" + "a" * 9 + "\n"),
    ("slitherlink", "https://puzz.link/p?slither/" + "9" * 5000 + "/3/zz\n"),
    ("numberlink", "9" * 5000 + " 2\nA.A\n"),
    ("numberlink", "A," + "1" * 5000 + ",A," + "1" * 5000 + "\n"),
    ("numberlink", "3\n"),
])
def test_hostile_input_is_a_located_error_not_an_internal_one(puzzle: str, text: str) -> None:
    result = run_cli(puzzle, "-", stdin=text)
    assert result.code in (0, 1, 2), result.err
    assert "internal error" not in result.err and result.err.count("\n") <= 1
    if result.code == 2:
        assert result.err.startswith("satpuzzles: error: <stdin>:")


def test_to_url_of_huge_labels_still_writes_a_url() -> None:
    result = run_cli("numberlink", "-", "--to-url", stdin="A," + "1" * 5000 + ",A," + "1" * 5000 + "\n")
    assert result.code == 0 and result.out.startswith("https://puzz.link/p?arukone/4/1/")


# --- batch: signals, SIGKILL and --resume, foreign and damaged reports ----------------------------------

def _busy_folder(tmp_path: Path, count: int) -> Path:
    folder = tmp_path / "puzzles"
    folder.mkdir()
    for i in range(count):
        (folder / f"numberlink-{i:02}.txt").write_text((SEED / "instance_1.txt").read_text() if i % 2 else HAMILTON_8)
    return folder


def _wait_for_rows(report: Path, rows: int, run: Run) -> None:
    """Wait until the report holds ``rows`` rows (the batch is under way)."""
    while not report.exists() or len(report.read_text().splitlines()) < rows + 1:
        if run.process.poll() is not None:
            raise AssertionError(f"the batch ended too early: {run.finish()[1][-1000:]}")
        time.sleep(0.05)


def _report_rows(report: Path) -> list[dict[str, str]]:
    with report.open(newline="") as handle:
        return list(csv.DictReader(handle))


@NEEDS_LINUX
@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
def test_a_signal_mid_batch_stops_every_worker(tmp_path: Path, sig: int) -> None:
    folder = _busy_folder(tmp_path, 4)
    report = tmp_path / "r.csv"
    run = Run(["batch", folder, "--count", "100000000", "-j", "2", "--report", report], tmp_path)
    _wait_for_rows(report, 1, run)
    run.interrupt() if sig == signal.SIGINT else run.process.send_signal(sig)
    status, err = run.finish()
    assert status == 128 + sig and "Traceback" not in err
    assert run.leftovers() == [] and run.temporary_files() == []
    assert all(row["status"] in ("solved", "unsolvable") for row in _report_rows(report))


@NEEDS_LINUX
def test_resume_after_sigkill_loses_and_repeats_no_row(tmp_path: Path) -> None:
    folder = tmp_path / "puzzles"
    folder.mkdir()
    for name in ("example_3x2.txt", "example_3x3.txt", "instance_1.txt", "instance_4.txt", "instance_5.txt",
                 "bad_numbering.txt"):
        shutil.copy(SEED / name, folder / f"numberlink-{name}")
    (folder / "slitherlink-hard.txt").write_text(HARD_SLITHERLINK)  # last in order: the batch is killed on it
    report = tmp_path / "r.csv"
    run = Run(["batch", folder, "-j", "1", "--report", report], tmp_path)
    _wait_for_rows(report, 3, run)
    run.process.kill()
    run.finish()
    assert run.leftovers() == []  # the workers (their own process groups) died with the batch
    with report.open("a") as cut:
        cut.write("numberlink-half-a-row")  # as a SIGKILL in the middle of a write leaves it
    (folder / "slitherlink-hard.txt").write_text("2 2\n3 3\n. .\n")
    resumed = run_cli("batch", folder, "-j", "1", "--report", report, "--resume")
    keys = [(Path(row["file"]).name, row["index"]) for row in _report_rows(report)]
    assert resumed.code == 0
    assert len(keys) == len(set(keys)) and {name for name, _ in keys} == set(os.listdir(folder))


FOREIGN_AND_DAMAGED = {
    "foreign-csv": "name,notes\nx,y\nlast line without end",
    "foreign-one-line": "a single line of notes",
    "nan-seconds": {"seconds": "nan"},
    "weird-status": {"status": "weird"},
    "bad-index": {"index": "first"},
    "negative-seconds": {"seconds": "-1"},
    "bad-flag": {"unique": "maybe"},
    "no-options": {"options": ""},
    "cells-missing": "cut",
    "row-repeated": "repeat",
}


@pytest.mark.parametrize("case", FOREIGN_AND_DAMAGED)
def test_resume_refuses_a_foreign_or_damaged_report_and_leaves_it_as_it_is(tmp_path: Path, case: str) -> None:
    report = tmp_path / "r.csv"
    assert run_cli("batch", SEED / "instance_1.txt", SEED / "instance_4.txt", "--report", report).code == 0
    change = FOREIGN_AND_DAMAGED[case]
    if isinstance(change, str) and change not in ("cut", "repeat"):
        report.write_text(change)
    else:
        rows = list(csv.reader(report.open(newline="")))
        if change == "cut":
            rows[1] = rows[1][:5]
        elif change == "repeat":
            rows.append(rows[1])
        else:
            for column, value in change.items():
                rows[1][rows[0].index(column)] = value
        with report.open("w", newline="") as out:
            csv.writer(out).writerows(rows)
    before = report.read_bytes()
    result = run_cli("batch", SEED / "instance_1.txt", SEED / "instance_4.txt", "--report", report, "--resume")
    assert result.code == 2 and result.err.count("\n") == 1 and "left as it is" in result.err
    assert report.read_bytes() == before


def test_resume_refuses_a_report_made_with_other_solve_options(tmp_path: Path) -> None:
    report = tmp_path / "r.jsonl"
    assert run_cli("batch", SEED / "instance_1.txt", "--report", report, "-s", "minisat22").code == 0
    assert json.loads(report.read_text().splitlines()[0])["options"]["solver"] == "minisat22"
    before = report.read_bytes()
    for other in (["-s", "glucose4"], ["-s", "minisat22", "--unique"], ["-s", "minisat22", "--timeout", "9"]):
        result = run_cli("batch", SEED / "instance_1.txt", "--report", report, "--resume", *other)
        assert result.code == 2 and "other solve options" in result.err
    assert report.read_bytes() == before
    same = run_cli("batch", SEED / "instance_1.txt", "--report", report, "--resume", "-s", "m22")  # an alias
    assert same.code == 0 and report.read_bytes() == before


def test_a_report_that_cannot_be_written_is_one_line(tmp_path: Path) -> None:
    target = _read_only_folder(tmp_path) / "r.csv"
    result = run_cli("batch", SEED / "instance_1.txt", "--report", target)
    assert result.code == 2 and result.err.startswith("satpuzzles: error: cannot write") and "\n" == result.err[-1]


# --- memory and crashes ----------------------------------------------------------------------------------

def _failing_solve(how: str):
    def solve(*args, **kwargs):
        if how == "memory":
            raise MemoryError
        import faulthandler

        faulthandler.disable()  # pytest's: it would print the child's stack on SIGSEGV
        os.kill(os.getpid(), {"oom-kill": signal.SIGKILL, "segfault": signal.SIGSEGV}[how])
    return solve


@pytest.mark.parametrize(("how", "timeout", "status", "words"), [
    ("memory", None, 3, "out of memory"),
    ("memory", "30", 3, "out of memory"),
    ("oom-kill", "30", 3, "killed by SIGKILL (out of memory?)"),
    ("segfault", "30", 4, "internal error: SolverCrashed: the solver process was killed by SIGSEGV"),
])
def test_running_out_of_memory_or_crashing_is_one_line(monkeypatch: pytest.MonkeyPatch, how: str,
                                                        timeout: str | None, status: int, words: str) -> None:
    # Under a memory limit the solver used to segfault (139) or print a 22-line traceback through --timeout.
    import satpuzzles.solve.pipeline as pipeline

    monkeypatch.setattr(pipeline, "solve", _failing_solve(how))
    result = run_cli("numberlink", SEED / "instance_1.txt", *(["--timeout", timeout] if timeout else []))
    assert result.code == status and words in result.err and result.err.count("\n") == 1


def _unverified_solve(*args: object, **kwargs: object) -> None:
    from satpuzzles.core.errors import VerificationError

    raise VerificationError("internal error: the cnf method gave an invalid answer: clue (0, 0) is wrong")


@pytest.mark.parametrize("timeout", [None, "30"])
def test_debug_shows_the_traceback_of_an_answer_that_failed_verification(monkeypatch: pytest.MonkeyPatch,
                                                                       timeout: str | None) -> None:
    """Exit 4 with SATPUZZLES_DEBUG=1 shows its traceback, as the exit-code table says (a VerificationError was one
    line even then); under --timeout the child process's traceback too."""
    import satpuzzles.solve.pipeline as pipeline

    monkeypatch.setattr(pipeline, "solve", _unverified_solve)
    args = ["numberlink", SEED / "instance_1.txt", *(["--timeout", timeout] if timeout else [])]
    monkeypatch.delenv("SATPUZZLES_DEBUG", raising=False)
    plain = run_cli(*args)
    assert plain.code == 4 and plain.err.count("\n") == 1 and "clue (0, 0) is wrong" in plain.err
    monkeypatch.setenv("SATPUZZLES_DEBUG", "1")
    debug = run_cli(*args)
    assert debug.code == 4 and debug.err.startswith("Traceback") and "in _unverified_solve" in debug.err
    assert debug.err.endswith(plain.err)
    assert debug.err.count("Traceback") == (2 if timeout else 1)


def _buggy_solve(*args: object, **kwargs: object) -> None:
    raise ZeroDivisionError("a bug")


def test_debug_shows_the_traceback_of_a_bug_and_still_exits_4(monkeypatch: pytest.MonkeyPatch) -> None:
    """An unexpected exception under SATPUZZLES_DEBUG=1: its traceback, then exit 4; it was re-raised, and Python's
    exit 1 means "proved unsolvable" to scripts."""
    import satpuzzles.solve.pipeline as pipeline

    monkeypatch.setattr(pipeline, "solve", _buggy_solve)
    monkeypatch.setenv("SATPUZZLES_DEBUG", "1")
    debug = run_cli("numberlink", SEED / "instance_1.txt")
    assert debug.code == 4 and debug.err.startswith("Traceback") and "in _buggy_solve" in debug.err
    assert debug.err.rstrip().endswith("satpuzzles: internal error: ZeroDivisionError: a bug")
    monkeypatch.setenv("SATPUZZLES_DEBUG", "0")  # off, as unset
    plain = run_cli("numberlink", SEED / "instance_1.txt")
    assert plain.code == 4 and "Traceback" not in plain.err and plain.err.count("\n") == 1


@NEEDS_LINUX
def test_forked_workers_die_with_a_killed_parent(tmp_path: Path) -> None:
    run = Run(["minesweeper", INSTANCES / "minesweeper" / "seed" / "extreme-sat.in", "--analyze"], tmp_path)
    time.sleep(1.5)
    run.process.kill()
    run.finish()
    assert run.leftovers() == []
