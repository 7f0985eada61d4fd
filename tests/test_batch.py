"""``satpuzzles batch``: detection, parallel workers, timeouts, crashes, reports, --resume (real solvers, real files)."""

from __future__ import annotations

import csv
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from satpuzzles.batch.report import ANALYSIS_COLUMNS, COLUMNS, COUNT_COLUMNS, RULES_COLUMN
from tests.conftest import INSTANCES, ROOT, Driver, drain_terminal, run_cli

NL = INSTANCES / "numberlink"
SEED = NL / "seed"
MINES = INSTANCES / "minesweeper" / "seed"
SLITHER = INSTANCES / "slitherlink"


def jsonl(path: Path) -> list[dict]:
    """The rows of a JSON-lines report."""
    return [json.loads(line) for line in path.read_text().splitlines()]


def by_key(rows: list[dict]) -> dict[tuple[str, int], dict]:
    """Rows by (file name, index)."""
    return {(Path(row["file"]).name, int(row["index"])): row for row in rows}


def test_folders_files_and_multi_puzzle_files(tmp_path: Path) -> None:
    report = tmp_path / "report.jsonl"
    result = run_cli("batch", SEED, NL / "handmade" / "inputs5.txt", MINES / "small-unsat.in", MINES / "hard-sat.in",
                     SLITHER / "pzprjs" / "cspuz_bench_4x4.url", "-j", "2", "--report", report)
    assert result.code == 0, result.err
    rows = jsonl(report)
    inputs5 = len(Driver("numberlink").parse((NL / "handmade" / "inputs5.txt").read_text()))
    assert inputs5 > 1
    assert len(rows) == 12 + inputs5 + 3
    assert sorted(i for (name, i) in by_key(rows) if name == "inputs5.txt") == list(range(1, inputs5 + 1))
    rows_by = by_key(rows)
    assert rows_by[("small-unsat.in", 1)]["puzzle"] == "minesweeper"
    assert rows_by[("cspuz_bench_4x4.url", 1)]["puzzle"] == "slitherlink"
    for name in ("instance_4.txt", "instance_6.txt", "bad_numbering.txt", "small-unsat.in"):
        assert rows_by[(name, 1)]["status"] == "unsolvable"
    solved = [row for row in rows if row["status"] == "solved"]
    assert solved and all(row["verified"] is True and row["variables"] > 0 for row in solved)
    assert all(row["verified"] is None for row in rows if row["status"] == "unsolvable")
    assert all(row["error"] is None for row in solved)  # null, not "", when nothing went wrong (docs/batch.md)
    assert "numberlink" in result.out and "Slowest 5" in result.out and "95th percentile" in result.out
    assert result.err == ""  # no progress bar when stderr is not a terminal


def test_statuses_agree_with_the_puzzle_command(tmp_path: Path) -> None:
    files = [SEED / name for name in ("instance_1.txt", "instance_4.txt", "instance_9.txt", "input-7by7.in")]
    report = tmp_path / "r.jsonl"
    assert run_cli("batch", *files, "--count", "2", "--report", report).code == 0
    rows = by_key(jsonl(report))
    for path in files:
        single = json.loads(run_cli("numberlink", "-i", path, "--count", "2", "--format", "json").out)
        row = rows[(path.name, 1)]
        assert (row["status"], row["variables"], row["clauses"]) == (
            single["status"], single["stats"]["variables"], single["stats"]["clauses"])


def test_timeout_is_unknown_and_the_batch_goes_on(tmp_path: Path) -> None:
    report = tmp_path / "r.jsonl"
    # --unique --method cnf sends the 1000x1000 board to one whole-board SAT call (about 45 s; the engine, which
    # --method auto picks, answers in about a second), the 7x7 board needs milliseconds
    result = run_cli("batch", MINES / "extreme-sat.in", SEED / "instance_1.txt", "--unique", "--method", "cnf",
                     "--timeout", "1", "--report", report)
    assert result.code == 3
    rows = by_key(jsonl(report))
    assert rows[("extreme-sat.in", 1)]["status"] == "unknown"
    assert "timed out after 1 s" in rows[("extreme-sat.in", 1)]["error"]
    stopped = rows[("extreme-sat.in", 1)]  # the statistics of the stage begun, if the deadline fell after it began
    assert (stopped["variables"] is None) == (not stopped["encoding"]) and (stopped["variables"] or 1) > 0
    assert rows[("instance_1.txt", 1)]["status"] == "solved"


def test_bad_files_are_error_rows(tmp_path: Path) -> None:
    shutil.copy(SEED / "instance_1.txt", tmp_path / "good.txt")
    (tmp_path / "ragged.txt").write_text("1,.,2\n1,2\n")
    (tmp_path / "prose.txt").write_text("hello world\n")
    (tmp_path / "answer.sol").write_text("not taken from a folder\n")
    named = tmp_path / "numberlink-broken.txt"
    named.write_text("1,.\n.,.\n")
    report = tmp_path / "out" / "r.csv"
    report.parent.mkdir()
    result = run_cli("batch", tmp_path, "--report", report)
    assert result.code == 2
    assert result.err == ""
    with report.open(newline="") as handle:
        rows = by_key(list(csv.DictReader(handle)))
    assert set(rows) == {("good.txt", 1), ("ragged.txt", 0), ("prose.txt", 0), ("numberlink-broken.txt", 0)}
    assert rows[("good.txt", 1)]["status"] == "solved"
    assert rows[("ragged.txt", 0)]["status"] == "error"
    assert "name it with --puzzle" in rows[("prose.txt", 0)]["error"]
    broken = rows[("numberlink-broken.txt", 0)]
    assert broken["puzzle"] == "numberlink" and "appears once" in broken["error"] and ":1:1:" in broken["error"]


def test_a_folder_gives_its_loopy_game_ids(tmp_path: Path) -> None:
    shutil.copy(INSTANCES / "slitherlink" / "tatham" / "hard_30x30.loopy", tmp_path)
    report = tmp_path / "r.jsonl"
    result = run_cli("batch", tmp_path, "--report", report)
    assert result.code == 0
    assert [(row["file"].split("/")[-1], row["puzzle"], row["status"]) for row in jsonl(report)] == [
        ("hard_30x30.loopy", "slitherlink", "solved")]


def test_detection_rule(tmp_path: Path) -> None:
    shutil.copy(MINES / "small-sat.in", tmp_path / "board.in")  # digits 0-3 and '?': Minesweeper and Slitherlink read it
    shutil.copy(SLITHER / "puzzlekit" / "1005_10x18.txt", tmp_path / "loop.txt")
    shutil.copy(NL / "flowfree" / "regular_5x5_01.txt", tmp_path / "flow.txt")
    (tmp_path / "slitherlink").mkdir()
    shutil.copy(MINES / "small-sat.in", tmp_path / "slitherlink" / "named.in")
    (tmp_path / "square.txt").write_text("3 3\n1 2 .\n. 1 2\n3 . 3\n")  # a Slitherlink grid and a Numberlink board
    report = tmp_path / "r.jsonl"
    assert run_cli("batch", tmp_path, "--report", report).code == 2  # the ambiguous files are error rows
    rows = by_key(jsonl(report))
    puzzles = {name: row["puzzle"] for (name, _), row in rows.items() if row["status"] != "error"}
    assert puzzles == {"loop.txt": "slitherlink", "flow.txt": "numberlink", "named.in": "slitherlink"}
    assert "reads as minesweeper and slitherlink: name the puzzle (--puzzle" in rows[("board.in", 0)]["error"]
    assert "reads as numberlink and slitherlink" in rows[("square.txt", 0)]["error"]
    assert run_cli("batch", tmp_path, "--report", report, "--resume").code == 2  # its own report is no puzzle
    assert not any(Path(row["file"]).name == "r.jsonl" for row in jsonl(report))
    forced = tmp_path / "forced.jsonl"
    assert run_cli("batch", tmp_path / "board.in", "--puzzle", "slitherlink", "--report", forced).code == 0
    assert jsonl(forced)[0]["puzzle"] == "slitherlink"


def test_globs_are_expanded(tmp_path: Path) -> None:
    report = tmp_path / "r.jsonl"
    assert run_cli("batch", str(SEED / "instance_1*.txt"), "--report", report).code == 0
    assert sorted(name for name, _ in by_key(jsonl(report))) == ["instance_1.txt", "instance_10.txt", "instance_11.txt"]


def test_solve_options_apply_to_every_puzzle(tmp_path: Path) -> None:
    report = tmp_path / "r.csv"
    result = run_cli("batch", SEED / "instance_1.txt", SEED / "instance_9.txt", SLITHER / "pzprjs" / "cspuz_bench_4x4.url",
                     "--unique", "-s", "minisat22", "--report", report)
    assert result.code == 0
    with report.open(newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert all(row["unique"] in ("true", "false") for row in rows)
    assert by_key(rows)[("cspuz_bench_4x4.url", 1)]["unique"] == "true"
    strengthened = tmp_path / "s.jsonl"
    result = run_cli("batch", SEED / "instance_4.txt", "--encoding", "strengthened", "--report", strengthened)
    assert result.code == 3  # the strengthened encoding alone cannot prove unsolvability
    row = jsonl(strengthened)[0]
    assert (row["status"], row["encoding"]) == ("unknown", "strengthened")


def test_report_columns_and_resume(tmp_path: Path) -> None:
    report = tmp_path / "r.csv"
    first = run_cli("batch", SEED, "--report", report)
    assert first.code == 0
    lines = report.read_text().splitlines(keepends=True)
    assert lines[0].strip() == ",".join([*COLUMNS, RULES_COLUMN])
    assert len(lines) == 13
    report.write_text("".join(lines[:4]) + lines[4][:10])  # three rows kept, the fourth cut short by a crash
    again = run_cli("batch", SEED, "--report", report, "--resume")
    assert again.code == 0
    resumed = report.read_text().splitlines(keepends=True)
    assert resumed[:4] == lines[:4]
    with report.open(newline="") as handle:
        keys = [(row["file"], row["index"]) for row in csv.DictReader(handle)]
    assert len(keys) == len(set(keys)) == 12
    assert "3 of them from the report's earlier runs" in again.out
    finished = run_cli("batch", SEED, "--report", report, "--resume")
    assert finished.code == 0 and report.read_text() == "".join(resumed)


def test_format_json_prints_the_jsonl_reports_rows_instead_of_the_summary(tmp_path: Path) -> None:
    (tmp_path / "bad.txt").write_text("x\n")
    report = tmp_path / "r.jsonl"
    printed = run_cli("batch", SEED, tmp_path / "bad.txt", "--format", "json", "--report", report, "-j", "2")
    assert printed.code == 2  # the bad file's error row, as with the summary
    lines = printed.out.splitlines()
    assert "Slowest" not in printed.out and len(lines) == 13
    rows = [json.loads(line) for line in lines]
    assert rows == jsonl(report)  # the same rows, field for field
    assert list(rows[0]) == [*COLUMNS, RULES_COLUMN]
    statuses = {Path(row["file"]).name: row["status"] for row in rows}
    assert statuses["bad.txt"] == "error" and statuses["instance_4.txt"] == "unsolvable"
    assert statuses["instance_1.txt"] == "solved"
    resumed = run_cli("batch", SEED, tmp_path / "bad.txt", SLITHER / "pzprjs" / "cspuz_bench_4x4.url",
                      "--format", "json", "--report", report, "--resume")
    assert [json.loads(line)["puzzle"] for line in resumed.out.splitlines()] == ["slitherlink"]  # this run's only
    analysed = run_cli("batch", SEED / "instance_1.txt", "--analyze", "--format", "json")
    assert analysed.code == 0 and list(json.loads(analysed.out)) == [*COLUMNS, *ANALYSIS_COLUMNS,
                                                                                 RULES_COLUMN]


def test_format_csv_prints_the_csv_reports_lines_instead_of_the_summary(tmp_path: Path) -> None:
    """--format csv: the header, then each row as it finishes, byte for byte the .csv report (the scripting form
    of --format json for spreadsheets; a report needs a file, which /dev/stdout is not)."""
    (tmp_path / "bad.txt").write_text("x\n")
    report = tmp_path / "r.csv"
    printed = run_cli("batch", SEED, tmp_path / "bad.txt", "--format", "csv", "--report", report, "-j", "2")
    assert printed.code == 2 and "Slowest" not in printed.out
    assert printed.out.encode() == report.read_bytes()
    rows = list(csv.DictReader(printed.out.splitlines()))
    assert len(rows) == 13 and list(rows[0]) == [*COLUMNS, RULES_COLUMN]
    statuses = {Path(row["file"]).name: row["status"] for row in rows}
    assert statuses["bad.txt"] == "error" and statuses["instance_4.txt"] == "unsolvable"
    resumed = run_cli("batch", SEED, tmp_path / "bad.txt", SLITHER / "pzprjs" / "cspuz_bench_4x4.url",
                      "--format", "csv", "--report", report, "--resume")
    assert [row["puzzle"] for row in csv.DictReader(resumed.out.splitlines())] == ["slitherlink"]  # this run's only


def test_standard_output_redirected_into_the_folder_and_reports_there_are_not_puzzles(tmp_path: Path) -> None:
    for name in ("instance_1.txt", "instance_4.txt"):
        shutil.copy(SEED / name, tmp_path / name)
    rows = tmp_path / "rows.jsonl"
    with rows.open("w") as out:  # as '> rows.jsonl' leaves it: made before the scan, read by it
        done = subprocess.run([sys.executable, "-m", "satpuzzles", "batch", str(tmp_path), "--format", "json"],
                              stdout=out, stderr=subprocess.PIPE, text=True, cwd=ROOT, check=False)
    assert done.returncode == 0, done.stderr
    assert sorted(Path(row["file"]).name for row in jsonl(rows)) == ["instance_1.txt", "instance_4.txt"]
    again = run_cli("batch", tmp_path, "--format", "json")  # rows.jsonl is now a report lying in the folder
    assert again.code == 0 and len(again.out.splitlines()) == 2
    (tmp_path / "other.jsonl").write_text('{"file": "x"}\n')  # JSON lines that are not a report are read as input
    assert run_cli("batch", tmp_path, "--format", "json").code == 2


def test_jsonl_resume_counts_earlier_errors(tmp_path: Path) -> None:
    (tmp_path / "bad.txt").write_text("x\n")
    report = tmp_path / "r.jsonl"
    assert run_cli("batch", tmp_path / "bad.txt", "--report", report).code == 2
    assert run_cli("batch", tmp_path / "bad.txt", SEED / "instance_1.txt", "--report", report, "--resume").code == 2
    assert [row["status"] for row in jsonl(report)] == ["error", "solved"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["batch", "no/such/dir"], "no/such/dir: no such file or folder"),
        (["batch", "nothing-*.matches"], "no file matches"),
        (["batch", str(SEED), "--resume"], "--resume needs --report"),
        (["batch", str(SEED), "--report", "r.txt"], "name a .csv or .jsonl file"),
        (["batch", str(SEED), "--dask", "tcp://127.0.0.1:1", "-j", "2"], "--jobs is for local workers"),
        (["batch", str(SEED), "--unique", "--encoding", "strengthened"], "count by the full rules"),
        (["batch", str(SEED), "-s", "no-such-solver"], "no-such-solver"),
        (["batch", str(SEED), "--timeout", "1e9"], "--timeout"),
        (["batch", str(SEED), "--dask", "garbage"], "give the scheduler's address as tcp://HOST:PORT"),
        (["batch", str(SEED), "--dask", "http://127.0.0.1:8786"], "give the scheduler's address as tcp://HOST:PORT"),
    ],
)
def test_usage_errors_are_one_line(args: list[str], message: str) -> None:
    result = run_cli(*args)
    assert result.code == 2
    assert message in result.err and len(result.err.strip().splitlines()) == 1


def test_analyze_with_unique_names_only_the_options_batch_was_given() -> None:
    """batch has no --proof: its refusal of --analyze --unique must not ask to drop one."""
    result = run_cli("batch", SEED / "instance_9.txt", "--analyze", "--unique")
    assert result.code == 2 and result.out == ""
    assert result.err.endswith("--analyze covers every solution at once: drop --unique\n") and "--proof" not in result.err


@pytest.mark.parametrize("suffix", [".csv", ".jsonl"])
def test_a_file_name_that_is_not_utf8_is_reported_as_its_bytes_and_resumed(tmp_path: Path, suffix: str) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    odd = os.fsdecode(bytes(folder) + b"/bad\xffname.txt")  # the name as Python holds it: a lone surrogate
    shutil.copy(SEED / "instance_9.txt", odd)
    shutil.copy(SEED / "instance_1.txt", folder / "good.txt")
    report = tmp_path / f"r{suffix}"
    first = run_cli("batch", folder, "--report", report)  # an internal error (UnicodeEncodeError), exit 4, before
    assert first.code == 0, first.err
    assert b"/bad\xffname.txt" in report.read_bytes()
    written = report.read_bytes()
    again = run_cli("batch", folder, "--report", report, "--resume")
    assert again.code == 0 and report.read_bytes() == written  # both found done: nothing solved again


def test_an_external_solver_that_gives_no_answer_makes_unknown_rows_and_status_3(tmp_path: Path) -> None:
    report = tmp_path / "r.jsonl"
    result = run_cli("batch", SEED / "instance_1.txt", "-s", shutil.which("false"), "--report", report)
    assert result.code == 3  # as the CLI answers for the same solve (error rows and status 2 before)
    [row] = jsonl(report)
    assert row["status"] == "unknown" and "gave no answer" in row["error"]
    alone = run_cli("numberlink", SEED / "instance_1.txt", "-s", shutil.which("false"))
    assert alone.code == 3


def test_resume_refuses_a_foreign_file(tmp_path: Path) -> None:
    report = tmp_path / "r.csv"
    report.write_text("name,value\na,1\n")
    result = run_cli("batch", SEED / "instance_1.txt", "--report", report, "--resume")
    assert result.code == 2 and "not a satpuzzles batch report" in result.err
    assert report.read_text() == "name,value\na,1\n"


CRASHING_SOLVER = """#!{python}
# A real DIMACS solver (PySAT's Glucose) that kills the process calling it on formulas above 5000 variables.
import os, signal, sys
from pysat.formula import CNF
from pysat.solvers import Glucose4
cnf = CNF(from_file=sys.argv[1])
if cnf.nv > 5000:
    os.kill(os.getppid(), signal.SIGKILL)
with Glucose4(bootstrap_with=cnf.clauses) as solver:
    if solver.solve():
        print("s SATISFIABLE")
        print("v " + " ".join(map(str, solver.get_model())) + " 0")
    else:
        print("s UNSATISFIABLE")
"""


def test_a_worker_killed_mid_puzzle_is_an_error_row(tmp_path: Path) -> None:
    solver = tmp_path / "crashing-solver"
    solver.write_text(CRASHING_SOLVER.format(python=sys.executable))
    solver.chmod(0o755)
    report = tmp_path / "r.jsonl"
    result = run_cli("batch", SEED / "instance_1.txt", SEED / "instance_10.txt", SEED / "instance_9.txt",
                     SEED / "instance_4.txt", "-s", str(solver), "-j", "1", "--report", report)
    assert result.code == 2
    rows = by_key(jsonl(report))
    assert rows[("instance_10.txt", 1)]["status"] == "error"
    assert "worker process died (killed by SIGKILL)" in rows[("instance_10.txt", 1)]["error"]
    assert rows[("instance_10.txt", 1)]["rules"] == {"no_self_touch": False, "rules": "fill"}  # the batch's own row
    assert [rows[(name, 1)]["status"] for name in ("instance_1.txt", "instance_9.txt", "instance_4.txt")] == [
        "solved", "solved", "unsolvable"]


def test_interrupt_keeps_the_finished_rows(tmp_path: Path) -> None:
    report = tmp_path / "r.jsonl"
    process = subprocess.Popen(
        [sys.executable, "-m", "satpuzzles", "batch", str(NL / "janko-arukone"), "--unique", "-j", "1",
         "--report", str(report)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),  # as from a shell, not a background job
    )
    try:
        while process.poll() is None and (not report.exists() or len(report.read_text().splitlines()) < 2):
            time.sleep(0.05)
        process.send_signal(signal.SIGINT)
        _out, err = process.communicate(timeout=60)
    finally:
        process.kill()
    assert process.returncode == 130
    assert err == "satpuzzles: interrupted\n"  # one line, without the empty one click would print first
    rows = jsonl(report)
    assert 2 <= len(rows) < 270 and all(row["status"] != "error" for row in rows)


def test_interpreters_started_for_workers_ignore_ctrl_c_while_they_load() -> None:
    """The forkserver (or a spawned worker) imports satpuzzles before it can ignore SIGINT itself: started with it
    ignored, a Ctrl-C then cannot print its traceback (it did in 7 of 24 interrupts 0.25-0.6 s into a batch)."""
    from satpuzzles.batch.pool import _ChildrenIgnoreInterrupts

    probe = [sys.executable, "-c", "import signal; print(signal.getsignal(signal.SIGINT) is signal.SIG_IGN)"]
    before = signal.getsignal(signal.SIGINT)
    with _ChildrenIgnoreInterrupts():
        inside = subprocess.run(probe, capture_output=True, text=True, check=True).stdout.strip()
    outside = subprocess.run(probe, capture_output=True, text=True, check=True,
                             preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL)).stdout.strip()
    assert (inside, outside) == ("True", "False")
    assert signal.getsignal(signal.SIGINT) is before  # this process's handler is back


def test_dask_without_the_extra_is_a_usage_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # as when satpuzzles[dask] is not installed
    result = run_cli("batch", SEED / "instance_1.txt", "--dask", "tcp://127.0.0.1:8786")
    assert result.code == 2
    assert result.err == "satpuzzles: error: --dask needs Dask: pip install 'satpuzzles[dask]'\n"


def _marked_processes(mark: str) -> dict[int, tuple[int, float]]:
    """pid -> (parent pid, CPU seconds) of every process whose environment holds ``mark``."""
    found = {}
    for entry in Path("/proc").iterdir():
        try:
            if entry.name.isdigit() and mark.encode() in (entry / "environ").read_bytes():
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
                found[int(entry.name)] = (int(fields[1]), (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK"))
        except OSError:
            continue
    return found


@pytest.mark.skipif(not Path("/proc/self/environ").exists(), reason="reads /proc")
def test_workers_die_with_a_killed_batch(tmp_path: Path) -> None:
    mark = f"SATPUZZLES_TEST_MARK={os.getpid()}-{tmp_path.name}"
    name, value = mark.split("=")
    for copy in ("a.in", "b.in"):
        shutil.copy(MINES / "extreme-sat.in", tmp_path / copy)
    batch = subprocess.Popen(
        # --unique --method cnf: one whole-board SAT call of about 45 s, so the workers are busy in C code when the
        # batch dies
        [sys.executable, "-m", "satpuzzles", "batch", str(tmp_path), "--puzzle", "minesweeper", "--unique", "--method",
         "cnf", "-j", "2"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=ROOT, env={**os.environ, name: value},
    )
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:  # wait for both workers (grandchildren of the batch) to be busy solving
            processes = _marked_processes(mark)
            busy = [cpu for parent, cpu in processes.values() if processes.get(parent, (0,))[0] == batch.pid]
            if len(busy) == 2 and min(busy) > 0.5:
                break
            time.sleep(0.05)
        batch.kill()
        batch.wait()
        deadline = time.monotonic() + 20
        while _marked_processes(mark) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert _marked_processes(mark) == {}
    finally:
        batch.kill()


def test_progress_bar_on_a_terminal() -> None:
    import pty

    leader, follower = pty.openpty()
    with subprocess.Popen([sys.executable, "-m", "satpuzzles", "batch", str(SEED)], stdout=subprocess.PIPE,
                          stderr=follower, cwd=ROOT, env={**os.environ, "COLUMNS": "160"}) as batch:
        os.close(follower)
        drawn = drain_terminal(leader)
        out = batch.stdout.read().decode()
    assert batch.returncode == 0
    text = drawn.decode(errors="replace")
    assert "12/12" in text and "error 0" in text and "unknown 0" in text and "ETA" in text  # as the table says
    assert "12/12" not in out and "Slowest 5" in out


def test_progress_bar_has_no_colour_under_color_never() -> None:
    """--color never wins over a terminal on stderr too: the bar was green, magenta, orange and cyan."""
    import pty

    leader, follower = pty.openpty()
    small = INSTANCES / "minesweeper" / "seed" / "small-sat.in"
    with subprocess.Popen([sys.executable, "-m", "satpuzzles", "batch", str(small), "--color", "never"],
                          stdout=subprocess.PIPE, stderr=follower, cwd=ROOT,
                          env={**os.environ, "COLUMNS": "160", "TERM": "xterm-256color"}) as batch:
        os.close(follower)
        drawn = drain_terminal(leader).decode(errors="replace")
        batch.stdout.read()
    assert batch.returncode == 0 and "1/1" in drawn and "error 0" in drawn
    assert not re.search(r"\x1b\[[0-9;]*(3[0-9]|9[0-7]|38;)[0-9;]*m", drawn), drawn


def test_json_rows_on_a_terminal_come_without_the_progress_bar() -> None:
    import pty

    leader, follower = pty.openpty()
    with subprocess.Popen([sys.executable, "-m", "satpuzzles", "batch", str(SEED), "--format", "json"], stdout=follower,
                          stderr=follower, cwd=ROOT, env={**os.environ, "COLUMNS": "160"}) as batch:
        os.close(follower)
        drawn = drain_terminal(leader).decode(errors="replace")
    assert batch.returncode == 0
    lines = [line for line in drawn.splitlines() if line.strip()]
    assert len(lines) == 12 and all(json.loads(line)["status"] in ("solved", "unsolvable") for line in lines)


def test_json_envelopes_and_puzzlink_urls_are_detected_in_folders(tmp_path: Path) -> None:
    folder = tmp_path / "mixed"
    folder.mkdir()
    for name, command, source in (("a.json", "minesweeper", MINES / "small-sat.in"),
                                  ("b.json", "numberlink", NL / "seed" / "instance_1.txt")):
        printed = run_cli(command, "-i", source, "--format", "json")
        (folder / name).write_text(printed.out)
    (folder / "c.url").write_text("https://puzz.link/p?numlin/5/5/1j2h3m1h2j3\n")
    report = tmp_path / "report.jsonl"
    result = run_cli("batch", folder, "--report", report)
    assert result.code == 0, result.err
    rows = by_key(jsonl(report))
    assert {name: row["puzzle"] for (name, _), row in rows.items()} == {
        "a.json": "minesweeper", "b.json": "numberlink", "c.url": "numberlink"}
    assert all(row["status"] == "solved" and row["verified"] is True for row in rows.values())


def test_summary_names_every_error_and_counts_uniqueness(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Output that is no terminal gets the Errors table folded to COLUMNS (80 when unset), not one line a row."""
    monkeypatch.setenv("COLUMNS", "80")
    folder = tmp_path / "set"
    folder.mkdir()
    for name in ("instance_1.txt", "example_3x3.txt", "instance_4.txt"):
        (folder / name).write_text((NL / "seed" / name).read_text())
    (folder / "broken_numberlink.txt").write_text("1 . 2\n")
    result = run_cli("batch", folder, "--unique", "-j", "1")
    assert result.code == 2
    errors = result.out[result.out.index("Errors (1)"):]
    assert max(len(line) for line in errors.splitlines()) <= 80
    reason = " ".join(line.split("│")[3].strip() for line in errors.splitlines() if line.startswith("│"))
    assert "broken_numberlink.txt" in errors and "label '1' appears once" in reason
    assert "Uniqueness: 1 unique, 1 not unique, 0 undecided" in result.out


def test_an_answer_failing_verification_is_an_unverified_error_row() -> None:
    """The pipeline verifies every solution; batch turns its refusal into an error row marked unverified."""
    from satpuzzles.batch.work import solve_one
    from satpuzzles.core import registry
    from satpuzzles.core.records import replace
    from satpuzzles.io.reading import read_instances

    spec = registry.get("slitherlink")
    instance = read_instances(spec, (INSTANCES / "slitherlink" / "puzzlekit" / "1005_10x18.txt").read_text())[0]
    assert solve_one(spec, "board", 1, instance, {})["verified"] is True
    broken = replace(spec, rules=replace(spec.rules, verify=lambda instance, solution: ["clue (0, 0) is wrong"]))
    row = solve_one(broken, "board", 1, instance, {})
    assert row["status"] == "error" and row["verified"] is False
    assert row["error"].startswith("internal error") and "clue (0, 0) is wrong" in row["error"]


def test_an_analysis_cut_by_the_timeout_is_counted_apart_from_puzzles_without_a_grade() -> None:
    from satpuzzles.batch.summary import grade_line

    rows = [{"status": "solved", "grade": "easy", "undetermined": 0},
            {"status": "solved", "grade": None, "undetermined": 3},  # Minesweeper: analysed, no grade
            {"status": "solved", "grade": None, "undetermined": None}]  # the timeout came first
    assert grade_line(rows).plain == "Grades: 1 easy, 1 without a grade, 1 not analysed (timed out)"


def test_analyze_reports_each_puzzle_as_the_puzzle_command_does(tmp_path: Path) -> None:
    files = [SEED / "instance_1.txt", SEED / "example_3x3.txt", SLITHER / "puzzlekit" / "1005_10x18.txt",
             MINES / "small-sat.in"]
    report = tmp_path / "r.csv"
    result = run_cli("batch", *files, "--analyze", "--report", report, "-j", "1")
    assert result.code == 0, result.err
    with report.open(newline="") as handle:
        reader = csv.DictReader(handle)
        assert reader.fieldnames == [*COLUMNS, *ANALYSIS_COLUMNS, RULES_COLUMN]
        rows = by_key(list(reader))
    for path in files:
        puzzle = rows[(path.name, 1)]["puzzle"]
        single = json.loads(run_cli(puzzle, path, "--analyze", "--format", "json").out)["analysis"]
        undetermined = len(single["undetermined"])
        grade = (single.get("grade") or {}).get("level") or ""
        assert (rows[(path.name, 1)]["undetermined"], rows[(path.name, 1)]["grade"]) == (str(undetermined), grade)
        assert rows[(path.name, 1)]["unique"] == ("true" if undetermined == 0 else "false")
    assert rows[("instance_1.txt", 1)]["unique"] == "true" and rows[("example_3x3.txt", 1)]["unique"] == "false"
    assert "Uniqueness: 2 unique, 2 not unique, 0 undecided" in result.out
    assert "Grades: " in result.out and "1 without a grade" in result.out  # Minesweeper's analysis has no grade
    assert rows[("example_3x3.txt", 1)]["grade"] == "not unique" and "1 not unique, " in result.out  # not among easy
    assert "not analysed" not in result.out
    again = run_cli("batch", *files, "--analyze", "--report", report, "--resume")
    assert again.code == 0 and "4 of them from the report's earlier runs" in again.out
    assert "1 without a grade" in again.out and "not analysed" not in again.out  # the same from the report
    refused = run_cli("batch", *files, "--report", report, "--resume")
    assert refused.code == 2 and "analyze True there, the default here" in refused.err


def test_analyze_counts_a_numberlinks_undetermined_cells_as_well_as_its_links(tmp_path: Path) -> None:
    """Under the open rule a Numberlink's decisions are its links and its cells' use (docs/authors.md); the report's
    ``undetermined`` counted the links alone (4 here, of 6: the path round the board or straight down, its two
    cells used or empty), as the JSON lists the cells apart."""
    board = tmp_path / "numberlink.txt"
    board.write_text("# rules: open\n.,1\n.,1\n")
    result = run_cli("batch", board, "--analyze", "--format", "json", "-j", "1")
    assert result.code == 0, result.err
    row = json.loads(result.out)
    single = json.loads(run_cli("numberlink", board, "--analyze", "--format", "json").out)["analysis"]
    assert (len(single["undetermined"]), len(single["cells"]["undetermined"])) == (4, 2)
    assert (row["undetermined"], row["unique"]) == (6, False)


def test_a_report_from_before_analyze_existed_resumes(tmp_path: Path) -> None:
    report = tmp_path / "r.jsonl"
    assert run_cli("batch", SEED / "instance_1.txt", "--report", report).code == 0
    row = jsonl(report)[0]
    assert row["options"].pop("analyze") is None  # as an earlier version wrote it: no such option
    report.write_text(json.dumps(row) + "\n")
    result = run_cli("batch", SEED / "instance_1.txt", SEED / "instance_9.txt", "--report", report, "--resume")
    assert result.code == 0 and "1 of them from the report's earlier runs" in result.out
    assert [r["file"] for r in jsonl(report)] == [str(SEED / "instance_1.txt"), str(SEED / "instance_9.txt")]


def test_count_reports_the_solutions_of_each_puzzle_as_the_puzzle_command_does(tmp_path: Path) -> None:
    files = [SEED / "instance_1.txt", SEED / "example_3x3.txt", SLITHER / "puzzlekit" / "1005_10x18.txt"]
    report = tmp_path / "r.csv"
    result = run_cli("batch", *files, "--count", "2", "--report", report, "-j", "1")
    assert result.code == 0, result.err
    with report.open(newline="") as handle:
        reader = csv.DictReader(handle)
        assert reader.fieldnames == [*COLUMNS, *COUNT_COLUMNS, RULES_COLUMN]
        rows = by_key(list(reader))
    for path in files:
        single = json.loads(run_cli(rows[(path.name, 1)]["puzzle"], path, "--count", "2", "--format", "json").out)
        found = rows[(path.name, 1)]
        assert (found["solutions"], found["exhausted"]) == (str(single["count"]), str(single["exhausted"]).lower())
    assert rows[("instance_1.txt", 1)]["solutions"] == "1" and rows[("example_3x3.txt", 1)]["solutions"] == "2"
    assert "Solutions (--count 2): 2 with exactly 1, 1 with 2 or more" in result.out
    again = run_cli("batch", *files, "--count", "2", "--report", report, "--resume")
    assert again.code == 0 and "Solutions (--count 2): 2 with exactly 1, 1 with 2 or more" in again.out
    lines = json.loads(run_cli("batch", files[1], "--count", "2", "--format", "json").out)
    assert (lines["solutions"], lines["exhausted"]) == (2, False)
    plain = run_cli("batch", files[0], "--report", tmp_path / "plain.csv")
    assert plain.code == 0 and "Solutions" not in plain.out
    assert (tmp_path / "plain.csv").read_text().splitlines()[0] == ",".join([*COLUMNS, RULES_COLUMN])  # no count
    # columns without N > 1


def test_a_count_report_from_before_its_columns_resumes_in_its_own_layout(tmp_path: Path) -> None:
    report = tmp_path / "r.csv"
    assert run_cli("batch", SEED / "instance_1.txt", "--count", "2", "--report", report).code == 0
    with report.open(newline="") as handle:
        old = [{name: row[name] for name in COLUMNS} for row in csv.DictReader(handle)]
    with report.open("w", newline="") as handle:  # as an earlier version wrote it: no count columns
        writer = csv.DictWriter(handle, fieldnames=COLUMNS)
        writer.writeheader()
        writer.writerows(old)
    result = run_cli("batch", SEED / "instance_1.txt", SEED / "example_3x3.txt", "--count", "2", "--report", report,
                     "--resume")
    assert result.code == 0, result.err
    with report.open(newline="") as handle:
        reader = csv.DictReader(handle)
        assert reader.fieldnames == [*COLUMNS, RULES_COLUMN] and [row["file"] for row in reader] == [
            str(SEED / "instance_1.txt"), str(SEED / "example_3x3.txt")]
    assert "Solutions (--count 2): 1 with 2 or more" in result.out  # the earlier row's count is not known


def test_analyze_refuses_unique_before_solving() -> None:
    result = run_cli("batch", str(SEED), "--analyze", "--unique")
    assert result.code == 2 and "--analyze covers every solution at once" in result.err


def test_slowest_files_lose_the_start_of_their_path_not_their_name() -> None:
    from rich.console import Console
    from rich.table import Table

    from satpuzzles.batch.summary import LeftCut

    paths = ["/work/main/instances/slitherlink/tatham/hard_100x100.loopy", "/short/a.txt"]
    table = Table()
    table.add_column("file")
    table.add_column("seconds")
    for path in paths:
        table.add_row(LeftCut(path), "3.232")
    console = Console(width=40, record=True, color_system=None)
    console.print(table)
    lines = console.export_text().splitlines()
    assert "│ …tatham/hard_100x100.loopy │ 3.232   │" in lines and any("│ /short/a.txt" in line for line in lines)
    assert all(len(line) <= 40 for line in lines)


def old_self_touch_report(report: Path, files: list[Path], suffix: str = ".jsonl") -> None:
    """A report as a batch wrote it before an input could state the no-self-touch convention: Numberlink's
    no_self_touch stored as false where it was not given (now null), each of ``files`` solved with paths allowed
    to touch themselves (as no_self_touch=False makes them now)."""
    made = report.with_name("made" + suffix)
    assert run_cli("batch", *files, "--self-touch", "--report", made).code in (0, 1)
    text = made.read_text()
    assert text.count('no_self_touch": false') + text.count('no_self_touch"":false') == 2 * len(files)  # and rules
    report.write_text(text)
    without_rules_record(report)


def without_rules_record(report: Path) -> None:
    """``report`` as a batch wrote it before rows recorded their rules: no rules column (CSV) or member (JSON)."""
    if report.suffix == ".jsonl":
        rows = jsonl(report)
        assert all(RULES_COLUMN in row for row in rows)
        report.write_text("".join(json.dumps({k: v for k, v in row.items() if k != RULES_COLUMN}) + "\n"
                                  for row in rows))
        return
    with report.open(newline="") as handle:
        reader = csv.DictReader(handle)
        assert reader.fieldnames is not None and reader.fieldnames[-1] == RULES_COLUMN
        fields, records = reader.fieldnames[:-1], list(reader)
    with report.open("w", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=fields, extrasaction="ignore")
        writer.writeheader()
        writer.writerows(records)


@pytest.mark.parametrize("suffix", [".jsonl", ".csv"])
def test_a_report_from_before_inputs_stated_the_convention_resumes_where_the_rules_are_the_same(
        tmp_path: Path, suffix: str) -> None:
    """An old row's false means paths touch: a file stating nothing is solved so now too, and its row is kept."""
    plain = tmp_path / "numberlink-plain.txt"
    shutil.copy(SEED / "instance_1.txt", plain)
    report = tmp_path / f"r{suffix}"
    old_self_touch_report(report, [plain], suffix)
    result = run_cli("batch", plain, SEED / "instance_9.txt", "--report", report, "--resume")
    assert result.code == 0, result.err
    assert "1 of them from the report's earlier runs" in result.out


def test_a_refusal_says_the_value_a_file_is_read_with_without_saying_the_file_states_it(tmp_path: Path) -> None:
    # The report was made with --no-self-touch, the resume leaves it to the file, which states nothing: it is read
    # with the default, which the refusal said the file "states".
    plain = tmp_path / "numberlink-plain.txt"
    plain.write_text((SEED / "instance_1.txt").read_text())
    report = tmp_path / "r.csv"
    assert run_cli("batch", plain, "--report", report, "--no-self-touch").code == 0
    refused = run_cli("batch", plain, "--report", report, "--resume")
    assert refused.code == 2 and refused.err.count("\n") == 1
    assert f"and {plain} puzzle 1 is read with no_self_touch False)" in refused.err, refused.err
    assert " states " not in refused.err


def test_a_report_from_before_inputs_stated_the_convention_is_refused_for_a_file_that_now_states_it(
        tmp_path: Path) -> None:
    """Its row was solved with paths touching, which this run would not allow: not resumed; the refusal names
    the option that continues the report under its own rules."""
    states = tmp_path / "numberlink-states.txt"
    states.write_text("# rules: no-self-touch\n" + (SEED / "instance_1.txt").read_text())
    report = tmp_path / "r.jsonl"
    old_self_touch_report(report, [states])
    before = report.read_text()
    refused = run_cli("batch", states, "--report", report, "--resume")
    assert refused.code == 2 and refused.out == "" and refused.err.count("\n") == 1
    assert f"and {states} puzzle 1 is read with no_self_touch True" in refused.err
    assert refused.err.endswith("run with the same options (pass --self-touch), or write a new report\n")
    assert report.read_text() == before
    absent = run_cli("batch", SEED / "instance_9.txt", "--report", report, "--resume")  # no file to say what it states
    assert absent.code == 2 and f"{states} puzzle 1 is not in this batch to say" in absent.err
    continued = run_cli("batch", states, SEED / "instance_9.txt", "--report", report, "--resume", "--self-touch")
    assert continued.code == 0 and "1 of them from the report's earlier runs" in continued.out


def test_a_resumed_report_keeps_refusing_an_option_given_on_one_side_only_where_the_input_says_otherwise(
        tmp_path: Path) -> None:
    states = tmp_path / "numberlink-states.txt"
    states.write_text("# rules: no-self-touch\n" + (SEED / "instance_1.txt").read_text())
    report = tmp_path / "r.jsonl"
    assert run_cli("batch", states, "--report", report).code == 0  # null: solved under no self-touch, as stated
    assert run_cli("batch", states, "--report", report, "--resume", "--no-self-touch").code == 0  # the same rules
    refused = run_cli("batch", states, "--report", report, "--resume", "--self-touch")
    assert refused.code == 2 and "(drop --self-touch)" in refused.err
    other = run_cli("batch", states, "--report", report, "--resume", "--rules", "open")
    assert other.code == 2 and "(drop --rules open)" in other.err
