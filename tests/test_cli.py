"""The real CLI: outputs, exit codes, files, JSON envelope, options."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.conftest import INSTANCES, ROOT, mask_timings, run_cli

SEED = INSTANCES / "numberlink" / "seed"


@pytest.mark.parametrize(
    "name",
    ["instance_1.txt", "instance_5.txt", "instance_6.txt", "input-7by7.in"],
)
def test_plain_output_matches_golden(name: str, golden) -> None:
    result = run_cli("numberlink", "-i", SEED / name)
    golden(f"numberlink_{name}.out", mask_timings(result.out))


def test_seed_board_and_exit_code() -> None:
    result = run_cli("numberlink", "-i", SEED / "instance_1.txt")
    assert result.code == 0
    assert "Solvable = True" in result.out
    assert "┌─┐4──┐\n│3└─25│\n│└─31││\n│┌─5│││\n││┌─┘││\n││1┌─┘│\n2└─┘4─┘" in result.out


@pytest.mark.parametrize("name", ["instance_4.txt", "instance_6.txt", "bad_numbering.txt"])
def test_unsolvable_exit_code(name: str) -> None:
    result = run_cli("numberlink", "-i", SEED / name)
    assert result.code == 1
    assert "Solvable = False" in result.out


def test_numbers_board() -> None:
    result = run_cli("numberlink", "-i", SEED / "instance_1.txt", "--numbers")
    assert "2 2 2 4 4 4 4\n2 3 2 2 2 5 4" in result.out


def test_wide_labels_keep_the_board_aligned() -> None:
    """A CJK label takes two terminal columns: every cell gets the same width in columns, not in characters."""
    result = run_cli("numberlink", "-", "--numbers", stdin="\u3042.\u3042\nB.B\n")
    board = result.out.rstrip("\n").splitlines()[-5:]
    assert board == [" \u3042────\u3042", "  B─────B", "", "\u3042 \u3042 \u3042", " B  B  B"]
    analysis = run_cli("numberlink", "-", "--analyze", stdin="\u3042.\u3042\nB.B\n").out.splitlines()[-3:]
    assert analysis == ["\u3042─── ·───\u3042", " ×    ×    ×", " B─── ·─── B"]  # --analyze's board too


def test_json_envelope() -> None:
    result = run_cli("numberlink", "-i", SEED / "instance_1.txt", "--format", "json")
    record = json.loads(result.out)
    assert set(record) >= {"puzzle", "status", "solution", "unique", "stats"}
    assert record["puzzle"] == "numberlink" and record["status"] == "solved" and record["unique"] is None
    assert record["solution"]["paths"][0] == ["2", "2", "2", "4", "4", "4", "4"]
    assert record["solution"]["board"][:2] == ["┌─┐4──┐", "│3└─25│"]
    assert record["solution"]["routes"]["4"][0] == [0, 3]
    assert record["stats"]["variables"] > 0 and record["stats"]["sat_calls"] >= 1


def test_json_unsolvable_has_null_solution() -> None:
    record = json.loads(run_cli("numberlink", "-i", SEED / "instance_6.txt", "--format", "json").out)
    assert record["status"] == "unsolvable" and record["solution"] is None


def test_json_lines_for_multi_puzzle_file() -> None:
    result = run_cli("numberlink", "-i", INSTANCES / "numberlink" / "handmade" / "inputs2.txt", "--format", "json")
    records = [json.loads(line) for line in result.out.splitlines()]
    assert len(records) == 3
    assert [r["index"] for r in records] == [1, 2, 3]
    assert all(r["status"] == "solved" for r in records)


def test_index_selects_one_puzzle() -> None:
    result = run_cli("numberlink", "-i", INSTANCES / "numberlink" / "handmade" / "inputs2.txt", "--index", "2", "--format", "json")
    assert [json.loads(line)["index"] for line in result.out.splitlines()] == [2]


def test_index_out_of_range_is_usage_error() -> None:
    result = run_cli("numberlink", "-i", SEED / "instance_1.txt", "--index", "2")
    assert result.code == 2
    assert result.err.count("\n") == 1 and "--index 2" in result.err


def test_stdin_input() -> None:
    result = run_cli("numberlink", "-i", "-", stdin=(SEED / "instance_5.txt").read_text())
    assert result.code == 0 and "Solvable = True" in result.out


def test_unique_proves_uniqueness() -> None:
    record = json.loads(run_cli("numberlink", "-i", SEED / "instance_1.txt", "--unique", "--format", "json").out)
    assert record["unique"] is True and record["exhausted"] is True


def test_unique_shows_second_solution() -> None:
    # "Problem with two solutions" in thomasahle/numberlink's edge cases.
    text = "4 5\n...C\n.BA.\n....\n.AB.\nC...\n"
    result = run_cli("numberlink", "-i", "-", "--unique", stdin=text)
    assert result.code == 0
    assert "Unique = False" in result.out and "Solution 2:" in result.out


def test_count_reports_all_solutions() -> None:
    record = json.loads(run_cli("numberlink", "-i", "-", "--count", "10", "--format", "json", stdin="a..\n...\n..a\n").out)
    # One path from corner to corner through all 9 cells: the Hamiltonian paths of the 3x3 grid.
    assert record["count"] == 2 and record["exhausted"] is True


def test_result_file_in_seed001_format(tmp_path) -> None:
    target = tmp_path / "result.txt"
    assert run_cli("numberlink", "-i", SEED / "input-7by7.in", "-r", target).code == 0
    numbers, paths = target.read_text().split("\n\n")
    assert numbers.splitlines()[0] == "2 2 2 4 4 4 4"
    assert paths.splitlines()[0] == "┌ ─ ┐ 4 ─ ─ ┐"
    assert paths.splitlines()[1] == "| 3 └ ─ 2 5 |"


def test_dimacs_output_names_variables(tmp_path) -> None:
    target = tmp_path / "f.cnf"
    assert run_cli("numberlink", "-i", SEED / "instance_5.txt", "-o", target).code == 0
    lines = target.read_text().splitlines()
    header = next(line for line in lines if line.startswith("p cnf"))
    _, _, variables, clauses = header.split()
    assert sum(1 for line in lines if line and not line.startswith(("c", "p"))) == int(clauses)
    assert any(line.startswith("c ") and "right(0, 0)" in line for line in lines)
    assert not list(tmp_path.glob(".*tmp"))


@pytest.mark.parametrize(("args", "lazy"), [
    (["numberlink", SEED / "instance_5.txt", "--encoding", "complete"], "detached cycles (loops holding no endpoint)"),
    (["slitherlink", "https://puzz.link/p?slither/5/5/cbcbcddad"], "second loops (a solution is one loop)"),
    (["minesweeper", INSTANCES / "minesweeper" / "seed" / "small-sat.in"], None)])
def test_a_complete_formula_says_what_only_the_lazy_cuts_ban(tmp_path, args: list, lazy: str | None) -> None:
    """Its models may hold detached cycles or second loops: the header says so, where the puzzle has such rules."""
    target = tmp_path / "f.cnf"
    assert run_cli(*args, "-o", target).code == 0
    comments = [line for line in target.read_text().splitlines() if line.startswith("c ")][:3]
    said = [line for line in comments if "banned only as they appear, by the lazy-cut loop" in line]
    assert said == ([f"c the rules, but {lazy} are banned only as they appear, by the lazy-cut loop: every solution "
                     "is a model and unsatisfiable proves there is no solution, but a model may hold them (the cuts "
                     "learned follow the formula)"] if lazy else [])


def test_multi_puzzle_output_files_are_numbered(tmp_path) -> None:
    target = tmp_path / "r.txt"
    run_cli("numberlink", "-i", INSTANCES / "numberlink" / "handmade" / "inputs2.txt", "-r", target)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.1.txt", "r.2.txt", "r.3.txt"]


def test_timeout_gives_unknown() -> None:
    # The complete encoding alone needs far more than 20 s on this 80x30 board.
    big = INSTANCES / "numberlink" / "handmade" / "inputs4.txt"
    args = ("--index", "6", "--encoding", "complete", "--timeout", "0.5", "--format", "json")
    result = run_cli("numberlink", "-i", big, *args)
    assert result.code == 3
    record = json.loads(result.out)
    assert record["status"] == "unknown" and record["solution"] is None and "timed out" in record["message"]


def test_a_timeout_that_finds_nothing_reports_the_stage_it_reached() -> None:
    # The encoding is built in well under a second; its search runs far past the deadline (above).
    big = INSTANCES / "numberlink" / "handmade" / "inputs4.txt"
    args = ("--index", "6", "--encoding", "complete", "--timeout", "3")
    record = json.loads(run_cli("numberlink", "-i", big, *args, "--format", "json").out)
    stats = record["stats"]
    assert record["status"] == "unknown" and stats["stages"] == ["complete"] and stats["encoding"] == "complete"
    assert stats["variables"] > 2_400 and stats["clauses"] > stats["variables"] and stats["sat_calls"] == 1
    text = run_cli("numberlink", "-i", big, *args)
    assert text.code == 3 and "encoding = complete" in text.out and f"number of clauses = {stats['clauses']}" in text.out


def test_timeout_still_solves_easy_puzzle() -> None:
    result = run_cli("numberlink", "-i", SEED / "instance_1.txt", "--timeout", "30")
    assert result.code == 0 and "Solvable = True" in result.out


@pytest.mark.parametrize("solver", ["cadical195", "glucose4", "minisat22", "m22"])
def test_pysat_solvers(solver: str) -> None:
    assert run_cli("numberlink", "-i", SEED / "instance_9.txt", "-s", solver).code == 0
    assert run_cli("numberlink", "-i", SEED / "instance_6.txt", "-s", solver).code == 1


@pytest.mark.parametrize("binary", ["cadical", "minisat"])
def test_external_solver_binary(binary: str) -> None:
    path = shutil.which(binary)
    if path is None:
        pytest.skip(f"{binary} not installed (make solver-binaries)")
    solved = json.loads(run_cli("numberlink", "-i", SEED / "instance_11.txt", "-s", path, "--format", "json").out)
    assert solved["status"] == "solved" and solved["stats"]["solver"] == path
    assert run_cli("numberlink", "-i", SEED / "instance_6.txt", "-s", binary).code == 1


def test_unknown_solver_is_one_line_error() -> None:
    result = run_cli("numberlink", "-i", SEED / "instance_1.txt", "-s", "no-such-solver")
    assert result.code == 2 and result.err.count("\n") == 1 and "unknown solver" in result.err


@pytest.mark.parametrize(("solver", "said"), [("/no/such/solver", "solver /no/such/solver: no such file"),
                                              ("/no/such/solver --fast", "solver '/no/such/solver --fast': "
                                                                         "/no/such/solver: no such file"),
                                              (str(ROOT / "README.md"), f"solver {ROOT / 'README.md'} is not executable"),
                                              (str(ROOT), f"solver {ROOT} is a folder")])
def test_a_solver_path_that_cannot_run_says_why(solver: str, said: str) -> None:
    """A path given to -s was 'unknown solver' whatever was wrong with it."""
    result = run_cli("numberlink", "-i", SEED / "instance_1.txt", "-s", solver)
    assert result.code == 2 and result.err.count("\n") == 1 and result.err.startswith(f"satpuzzles: error: {said}")


def test_version_and_help() -> None:
    assert run_cli("--version").code == 0
    helped = run_cli("numberlink", "--help")
    assert helped.code == 0 and "--unique" in helped.out and "--numbers" in helped.out
    listed = run_cli("--help").out.split("Commands:")[1]
    assert "..." not in listed and "solvers " in listed  # no command's line cut short (click cuts at 45 characters)


@pytest.mark.parametrize("command", [["numberlink"], ["minesweeper"], ["slitherlink"], ["solve"], ["batch"],
                                     ["generate", "numberlink"], ["generate", "minesweeper"],
                                     ["generate", "slitherlink"], ["play", "minesweeper"]], ids=" ".join)
def test_help_shows_no_placeholder_values(command: list[str]) -> None:
    helped = run_cli(*command, "--help")
    assert helped.code == 0 and "Usage:" in helped.out
    assert "None" not in helped.out and "<function" not in helped.out


def test_subprocess_entry_points_and_no_traceback() -> None:
    env = {**os.environ, "NO_COLOR": "1"}
    ok = subprocess.run([sys.executable, "-m", "satpuzzles", "numberlink", "-i", str(SEED / "instance_5.txt")],
                        capture_output=True, text=True, cwd=ROOT, env=env)
    assert ok.returncode == 0 and "Solvable = True" in ok.stdout
    bad = subprocess.run([sys.executable, "-m", "satpuzzles", "numberlink", "-i", "-"], input="1,.\n.,2\n",
                         capture_output=True, text=True, cwd=ROOT, env=env)
    assert bad.returncode == 2
    assert "Traceback" not in bad.stderr and bad.stderr.count("\n") == 1
    assert bad.stderr.startswith("satpuzzles: error: <stdin>:1:1: label '1' appears once")


HAMILTON_8 = "1......1\n" + "........\n" * 7


def test_timeout_keeps_the_solutions_found(tmp_path) -> None:
    target = tmp_path / "r.txt"
    result = run_cli("numberlink", "-i", "-", "--count", "1000000", "--timeout", "1", "--format", "json",
                     "-r", target, stdin=HAMILTON_8)
    record = json.loads(result.out)
    assert result.code == 0
    assert record["status"] == "solved" and record["count"] > 1 and record["exhausted"] is False
    assert "timed out" in record["message"] and target.exists()


def test_timeout_statistics_count_the_search_it_stopped() -> None:
    # Janko #105's first solution comes at once; the plain enumeration then needs about 15 s to prove there is no
    # second. The statistics count that search up to the deadline, not only the time to the first solution.
    board = INSTANCES / "numberlink" / "janko-arukone" / "janko.txt"
    result = run_cli("numberlink", board, "--index", "105", "--count", "3", "--method", "cnf", "--timeout", "1",
                     "--format", "json")
    record = json.loads(result.out)
    assert result.code == 0 and record["count"] == 1
    assert record["message"] == "timed out after 1 s with 1 of the 3 solutions asked for found"
    assert record["stats"]["solve_seconds"] > 0.5 and record["stats"]["sat_calls"] == 2
    unique = run_cli("numberlink", board, "--index", "105", "--unique", "--method", "cnf", "--timeout", "1")
    assert unique.code == 0 and "Unique = unknown (timed out after 1 s while looking for a second solution)" in unique.out


@pytest.mark.parametrize("asks", [[], ["--count", "2"], ["--unique"]])
def test_a_deadline_after_the_solutions_asked_for_leaves_a_complete_answer(monkeypatch, asks: list[str]) -> None:
    # The child found every solution asked for, then the deadline fell before its answer came back (here: a solve
    # held up after its search): the answer is complete, with no 'timed out' message, and counts no cut search.
    from satpuzzles.solve import pipeline

    solve = pipeline.solve

    def held_up(*args: object, **kwargs: object) -> object:
        outcome = solve(*args, **kwargs)  # type: ignore[arg-type]
        time.sleep(60)  # killed at the deadline
        return outcome

    monkeypatch.setattr(pipeline, "solve", held_up)
    # 2 s, not less: the child must finish its search (milliseconds) before the deadline on a loaded machine too
    result = run_cli("numberlink", "-", *asks, "--timeout", "2", "--format", "json", stdin=HAMILTON_8)
    record = json.loads(result.out)
    assert result.code == 0 and record["status"] == "solved", result.err
    assert record.get("count", 1) == (1 if not asks else 2) and "message" not in record, record.get("message")
    if asks == ["--unique"]:
        assert record["unique"] is False


@pytest.mark.parametrize(
    ("option", "value", "words"),
    [
        ("-o", "{tmp}", "is a directory"),
        ("-r", "{tmp}/missing/r.txt", "no directory"),
        ("-o", "", "give the name of a file"),
        ("--timeout", "inf", "--timeout inf"),
        ("--timeout", "nan", "--timeout nan"),
    ],
)
def test_bad_output_and_timeout_values_fail_before_solving(tmp_path, option: str, value: str, words: str) -> None:
    result = run_cli("numberlink", "-i", SEED / "instance_1.txt", option, value.format(tmp=tmp_path))
    assert result.code == 2 and result.out == ""
    assert result.err.count("\n") == 1 and words in result.err


@pytest.mark.parametrize("value", ["1000001", "1000000.5", "1e7", "1e400", "0", "-1", "0.0", "5e-324", "0.0009"])
def test_a_timeout_out_of_range_is_refused_as_typed_with_the_limits_in_full(value: str) -> None:
    # 5e-324 was echoed as 4.94066e-324 once it timed out, 1e7 as 10000000, 1e400 as inf; 0 and -1 were click's
    # '0.0 is not in the range x>0'. A timeout under 1 ms ends every solve before it starts.
    result = run_cli("numberlink", "-i", SEED / "instance_1.txt", "--timeout", value)
    assert result.code == 2 and result.out == ""
    assert result.err == (f"satpuzzles: error: --timeout {value}: give a number of seconds from 0.001 up to "
                          "1,000,000\n")


@pytest.mark.parametrize("value", ["0.001", "0.0012345678"])
def test_a_timeout_is_echoed_digit_for_digit(value: str) -> None:
    result = run_cli("slitherlink", "-i", INSTANCES / "slitherlink" / "tatham" / "hard_100x100.loopy", "--timeout",
                     value, "--format", "json")
    assert result.code == 3 and json.loads(result.out)["message"] == f"timed out after {value} s"


def test_minesweeper_size_refusal_names_no_side_limit() -> None:
    """Minesweeper takes any shape up to its cell count: the refusal does not speak of a side."""
    result = run_cli("minesweeper", "-", stdin="5001 5000\n? ?\n")
    assert result.code == 2 and result.out == ""
    assert result.err == ("satpuzzles: error: <stdin>:1:1: a board of 5,001 rows x 5,000 columns is larger than Minesweeper "
                          "accepts (at most 25,000,000 cells in all; see docs/reliability.md)\n")


def test_strengthened_encoding_cannot_count() -> None:
    result = run_cli("numberlink", "-i", SEED / "instance_1.txt", "--encoding", "strengthened", "--unique")
    assert result.code == 2 and "full rules" in result.err


def test_result_file_with_long_labels(tmp_path) -> None:
    target = tmp_path / "r.txt"
    assert run_cli("numberlink", "-i", "-", "-r", target, stdin="10 . . 10\n11 . . 11\n").code == 0
    assert target.read_text() == "10 10 10 10\n11 11 11 11\n\n10 ─ ─ 10\n11 ─ ─ 11\n"
    assert oct(target.stat().st_mode & 0o777) == oct(0o666 & ~current_umask())


def current_umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def test_no_arguments_shows_help_and_bad_usage() -> None:
    result = run_cli()
    assert result.code == 2 and "Commands:" in result.err and "numberlink" in result.err


def test_interrupt_exits_130_without_traceback() -> None:
    process = subprocess.Popen(
        [sys.executable, "-m", "satpuzzles", "numberlink", "-i", "-", "--count", "100000000", "-v"],
        stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, cwd=ROOT,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),  # as from a shell, not a background job
    )
    try:
        process.stdin.write(HAMILTON_8)
        process.stdin.close()
        process.stdin = None  # closed: communicate() below has nothing to send
        assert any("encoded" in process.stderr.readline() for _ in range(5))  # solving has started
        time.sleep(0.5)
        process.send_signal(signal.SIGINT)
        _, err = process.communicate(timeout=30)  # never waits for ever, should the signal be lost
    finally:
        process.kill()
    assert process.returncode == 130
    assert "Traceback" not in err and "interrupted" in err


def test_closed_output_exits_141_quietly() -> None:
    # Deterministic: the reader has gone before the first write (tests/test_faults.py has the other writers).
    from tests.faults_helpers import run_into_closed_pipe

    status, err = run_into_closed_pipe(["numberlink", "-i", INSTANCES / "numberlink" / "janko-arukone" / "janko.txt"])
    assert status == 141 and err == ""


def test_outputs_follow_symlinks_and_write_into_pipes(tmp_path) -> None:
    real = tmp_path / "real.txt"
    real.write_text("old\n")
    (tmp_path / "link.txt").symlink_to(real)
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    reader = subprocess.Popen(["cat", str(fifo)], stdout=subprocess.PIPE, text=True)
    assert run_cli("numberlink", "-i", SEED / "instance_1.txt", "-r", tmp_path / "link.txt", "-o", fifo).code == 0
    piped, _ = reader.communicate(timeout=30)
    assert (tmp_path / "link.txt").is_symlink() and real.read_text().startswith("2 2 2 4 4 4 4")
    assert fifo.is_fifo() and piped.startswith("c satpuzzles numberlink")


def test_dimacs_to_dev_stdout_into_a_pipe() -> None:
    """The README's promise: ``-o /dev/stdout`` works when standard output is a pipe, not only a terminal."""
    done = subprocess.run([sys.executable, "-m", "satpuzzles", "numberlink", str(INSTANCES / "numberlink" / "seed" /
                           "instance_1.txt"), "-o", "/dev/stdout"], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "p cnf 231 883" in done.stdout and "Solvable = True" in done.stdout


def test_dimacs_to_dev_stdout_redirected_to_a_file_keeps_the_report(tmp_path) -> None:
    """``-o /dev/stdout > file``: the formula is appended after the report, which opening it would truncate."""
    out = tmp_path / "out.txt"
    with out.open("w") as stdout:
        done = subprocess.run([sys.executable, "-m", "satpuzzles", "numberlink", str(SEED / "instance_1.txt"), "-o",
                               "/dev/stdout", "--format", "json"], stdout=stdout, stderr=subprocess.PIPE, text=True,
                              cwd=ROOT, timeout=60)
    assert done.returncode == 0, done.stderr
    text = out.read_text()
    assert text.startswith("c satpuzzles numberlink") and "p cnf 231 883" in text  # nothing written over
    assert json.loads(text[text.index('{"puzzle"'):])["status"] == "solved"


def test_a_link_to_dev_stdout_redirected_to_a_file_is_the_stream(tmp_path) -> None:
    """``-o link > file`` with ``link -> /dev/stdout``: written through the stream, the file not replaced."""
    link = tmp_path / "link"
    link.symlink_to("/dev/stdout")
    out = tmp_path / "out.txt"
    with out.open("w") as stdout:
        done = subprocess.run([sys.executable, "-m", "satpuzzles", "numberlink", str(SEED / "instance_1.txt"), "-o",
                               str(link), "--format", "json"], stdout=stdout, stderr=subprocess.PIPE, text=True,
                              cwd=ROOT, timeout=60)
    assert done.returncode == 0, done.stderr
    assert link.is_symlink()
    text = out.read_text()
    assert text.startswith("c satpuzzles numberlink") and "p cnf 231 883" in text
    assert json.loads(text[text.index('{"puzzle"'):])["status"] == "solved"


def test_several_outputs_to_a_device_go_to_the_device(tmp_path) -> None:
    """Numbered names are for files: ``--count 2 -o /dev/null`` writes no /dev/null.1 (nor /dev/stdout.N)."""
    assert run_cli("generate", "numberlink", "5", "5", "--seed", "1", "--count", "2", "-o", "/dev/null").code == 0
    assert not Path("/dev/null.1").exists() and not Path("/dev/null.2").exists()
    collection = INSTANCES / "numberlink" / "handmade" / "inputs1.txt"
    out = tmp_path / "results.txt"
    with out.open("w") as stdout:
        done = subprocess.run([sys.executable, "-m", "satpuzzles", "numberlink", str(collection), "-r", "/dev/stdout"],
                              stdout=stdout, stderr=subprocess.PIPE, text=True, cwd=ROOT, timeout=60)
    assert done.returncode == 0, done.stderr
    assert not list(Path("/dev").glob("stdout.*"))
    text = out.read_text()
    assert text.count("Solvable = True") == 10 and "A A A A B B B B" in text  # the reports and the results


def test_shell_completion_as_the_readme_sets_it_up() -> None:
    env = {**os.environ, "_SATPUZZLES_COMPLETE": "bash_complete", "COMP_WORDS": "satpuzzles slither", "COMP_CWORD": "1"}
    done = subprocess.run([sys.executable, "-m", "satpuzzles"], env=env, capture_output=True, text=True, cwd=ROOT,
                          timeout=60)
    assert "plain,slitherlink" in done.stdout.splitlines()
    env.update(COMP_WORDS="satpuzzles minesweeper --prob", COMP_CWORD="2")
    done = subprocess.run([sys.executable, "-m", "satpuzzles"], env=env, capture_output=True, text=True, cwd=ROOT,
                          timeout=60)
    assert {"plain,--probabilities", "plain,--probability-budget"} <= set(done.stdout.splitlines())


def test_generate_and_play_help_title_the_puzzle_as_the_reports_do() -> None:
    """Their help named the puzzle by its command name ('Generate numberlink puzzles', 'Play minesweeper in the
    terminal'), where every report and the other help texts title it (PuzzleSpec.heading)."""
    listed = " ".join(run_cli("generate", "--help").out.split())
    assert "Generate Numberlink puzzles of W x H" in listed and "numberlink puzzles" not in listed
    minesweeper = " ".join(run_cli("generate", "minesweeper", "--help").out.split())
    assert "Generate Minesweeper puzzles of ROWS x COLS" in minesweeper
    assert "Play Minesweeper in the terminal." in " ".join(run_cli("play", "--help").out.split())
    for group in ("generate", "play"):  # each command's line whole, not cut at click's 45 characters
        listed = run_cli(group, "--help").out.split("Commands:")[1]
        assert "..." not in listed, listed


def test_help_texts_of_shared_options_read_as_sentences() -> None:
    """solve and batch prefix a puzzle's option with its owners in lower case; --to-url names the URL's kind;
    generate's JSON help speaks of --difficulty only where the generator has it."""
    def words(*args: str) -> str:
        result = run_cli(*args, "--help")
        assert result.code == 0
        return " ".join(result.out.split())

    solve = words("solve")
    assert "Minesweeper only: also give each unknown cell's exact mine probability" in solve
    assert "Numberlink only: paths never run beside themselves" in solve
    assert "--to-url Print the puzzle as a puzz.link URL instead of solving." in solve  # every puzzle has it
    assert "Numberlink only: paths never run beside themselves" in words("batch")
    assert "grade (with --difficulty)" in words("generate", "numberlink")
    minesweeper = words("generate", "minesweeper")
    assert "grade (always null: this generator does not grade)" in minesweeper and "with --difficulty" not in minesweeper


def test_the_pages_help_texts_point_to_exist() -> None:
    """Every docs/*.md a --help names is in the checkout; batch's detection points to its page."""
    import re

    commands = [[], ["solve"], ["batch"], ["puzzles"], ["solvers"], ["play", "minesweeper"],
                *([name] for name in ("numberlink", "slitherlink", "minesweeper", "masyu")),
                *(["generate", name] for name in ("numberlink", "slitherlink", "minesweeper"))]
    texts = {" ".join(args): " ".join(run_cli(*args, "--help").out.split()) for args in commands}
    pages = {page for text in texts.values() for page in re.findall(r"docs/[\w-]+\.md", text)}
    assert {"docs/reliability.md", "docs/batch.md"} <= pages
    assert all((ROOT / page).is_file() for page in pages)
    assert "(default: detected per file, as docs/batch.md says)" in texts["batch"]
    assert ("Hard limit per puzzle in seconds (at least 0.001, at most 1,000,000); its row is 'unknown' when reached."
            in texts["batch"])


def test_a_puzzle_commands_help_lists_every_exit_status_of_the_readme() -> None:
    """The README's table of exit codes (0-4, 130, 141, 143, 129) and the puzzle commands' --help agree."""
    import re

    from satpuzzles.core.errors import ExitStatus

    for command in ("numberlink", "solve"):
        text = " ".join(run_cli(command, "--help").out.split())
        listed = {int(code) for code in re.findall(r"\b(\d+) [a-z]", text[text.index("Exit status:"):])}
        assert listed == {int(status) for status in ExitStatus} | {129}, command
    batch = " ".join(run_cli("batch", "--help").out.split())  # no 1 (a puzzle proved unsolvable is an answer) nor 4
    listed = {int(code) for code in re.findall(r"\b(\d+) [a-z]", batch[batch.index("Exit status:"):])}
    assert listed == {int(status) for status in ExitStatus} - {1, 4} | {129}


def test_an_output_this_run_did_not_write_is_said_to_be_from_before(tmp_path: Path) -> None:
    # -r on an unsolvable puzzle writes nothing; an earlier run's file there could pass for this run's answer.
    board = tmp_path / "none.txt"
    board.write_text("1.2\n...\n1.2\n")
    result = tmp_path / "out.sol"
    fresh = run_cli("numberlink", board, "-r", result)
    assert fresh.code == 1 and fresh.err == "" and not result.exists()
    result.write_text("an earlier answer\n")
    stale = run_cli("numberlink", board, "-r", result)
    assert stale.code == 1 and result.read_text() == "an earlier answer\n"
    assert stale.err == f"satpuzzles: warning: -r {result}: not written (no solution found); the file there is from before\n"


@pytest.mark.parametrize(("args", "typed", "suggested"), [
    (["numberlnk", "x.txt"], "numberlnk", "numberlink"),
    (["generate", "slitherlnk", "5", "5"], "slitherlnk", "slitherlink"),
    (["play", "minesweper"], "minesweper", "minesweeper"),
])
def test_a_mistyped_command_is_refused_naming_the_closest(args: list[str], typed: str, suggested: str) -> None:
    result = run_cli(*args)
    assert result.code == 2 and "Traceback" not in result.err
    assert f"No such command '{typed}'. Did you mean '{suggested}'?" in result.err
    assert "Did you mean" not in run_cli("xyzzy").err  # nothing close: click's words alone


@pytest.mark.parametrize(("args", "said"), [(["solve"], "give one or more as SOURCE (a file, '-' for standard input"),
                                            (["solve", "-v"], "give one or more as SOURCE"),
                                            (["batch", "-j", "1"], "give one or more files or folders of puzzles as "
                                                                   "PATH")])
def test_a_command_given_no_puzzle_says_so_as_the_puzzle_commands_do(args: list[str], said: str) -> None:
    """solve and batch said click's "Missing argument 'SOURCE...'." where a puzzle command says "no puzzle given"."""
    result = run_cli(*args)
    assert result.code == 2 and result.err.startswith(f"satpuzzles: error: no puzzle given: {said}")
    assert result.err.count("\n") == 1 and "Missing argument" not in result.err
