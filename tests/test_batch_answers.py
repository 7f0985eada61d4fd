"""``satpuzzles batch`` --result-dir, --svg-dir, --svg-puzzle-dir: each puzzle's answer files, as the single solve
writes them (real CLI, real solver, real files)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from satpuzzles.batch.answers import answer_names, make_answers
from satpuzzles.core.outcome import Settings
from satpuzzles.testing import Driver
from tests.conftest import INSTANCES, ROOT, run_cli

SEED = INSTANCES / "numberlink" / "seed"
JANKO = INSTANCES / "numberlink" / "janko-arukone" / "janko.txt"
MINES = INSTANCES / "minesweeper" / "seed"
SLITHER_URL = INSTANCES / "slitherlink" / "pzprjs" / "cspuz_bench_4x4.url"
MASYU = "5 5\n.....\nw..b.\n.....\nw....\n..w..\n"
NOT_UNIQUE = "# puzzle: slitherlink\n2 2\n3.\n..\n"
FOLDERS = ("--result-dir", "--svg-dir", "--svg-puzzle-dir")
SINGLE = ("-r", "--svg", "--svg-puzzle")
SUFFIX = (".sol", ".svg", ".svg")


def janko_file(count: int) -> str:
    """The first ``count`` puzzles of janko.txt, as a file of their own."""
    blocks = JANKO.read_text().split("\n\n")[1:]  # after the copyright line
    return "\n\n".join(blocks[:count]) + "\n"


def some_puzzles(folder: Path, janko_count: int = 3) -> Path:
    """A folder of puzzles of every kind: a multi-puzzle Numberlink file, a Slitherlink URL, an unsolvable
    Minesweeper board, a Masyu grid and a Slitherlink with two solutions."""
    folder.mkdir()
    (folder / "janko.txt").write_text(janko_file(janko_count))
    shutil.copy(SLITHER_URL, folder / "loop.url")
    shutil.copy(MINES / "small-unsat.in", folder / "mines.in")
    (folder / "masyu.txt").write_text(MASYU)
    (folder / "twice.txt").write_text(NOT_UNIQUE)
    return folder


def batch_with_folders(out: Path, *args: object) -> object:
    """Run batch with the three answer folders under ``out``."""
    result = run_cli("batch", *args, *(x for flag, name in zip(FOLDERS, "rsp") for x in (flag, out / name)))
    assert "Traceback" not in result.err
    return result


def written(folder: Path) -> set[str]:
    """The files under ``folder``, relative to it."""
    return {str(path.relative_to(folder)) for path in folder.rglob("*") if path.is_file()}


@pytest.mark.parametrize("options", [[], ["--unique"], ["--count", "3"], ["--analyze"]])
def test_each_file_is_what_the_single_solve_writes(tmp_path: Path, options: list[str]) -> None:
    puzzles = some_puzzles(tmp_path / "in")
    count = len(Driver("numberlink").parse((puzzles / "janko.txt").read_text()))
    assert count == 3
    result = batch_with_folders(tmp_path / "out", puzzles, "-j", "2", *options)
    assert result.code == 0, result.err  # type: ignore[attr-defined]
    names = [(puzzles / "janko.txt", index, f"janko.{index}") for index in (1, 2, 3)]
    names += [(puzzles / name, 1, name.split(".")[0]) for name in ("loop.url", "mines.in", "masyu.txt", "twice.txt")]
    for source, index, name in names:
        single = tmp_path / "single"
        single.mkdir()
        solved = run_cli("solve", source, "--index", index, *options,
                         *(x for flag, suffix in zip(SINGLE, ("r", "s", "p")) for x in (flag, single / suffix)))
        assert solved.code in (0, 1) and (single / "s").exists() and (single / "p").exists(), solved.err
        assert (single / "r").exists() == (solved.code == 0)
        for folder, suffix, made in zip("rsp", SUFFIX, ("r", "s", "p")):
            ours = tmp_path / "out" / folder / (name + suffix)
            theirs = single / made
            assert ours.exists() == theirs.exists(), (ours, theirs)
            if theirs.exists():
                assert ours.read_text() == theirs.read_text(), ours
        shutil.rmtree(single)
    assert not (tmp_path / "out" / "r" / "mines.sol").exists()  # unsolvable: no solution, but both pictures
    assert "no solution" in (tmp_path / "out" / "s" / "mines.svg").read_text()
    if options == ["--unique"]:
        assert "not unique: two solutions shown" in (tmp_path / "out" / "s" / "twice.svg").read_text()


def test_multi_puzzle_files_are_numbered_zero_padded_and_folders_mirrored(tmp_path: Path) -> None:
    puzzles = tmp_path / "in"
    (puzzles / "set").mkdir(parents=True)
    (puzzles / "set" / "many.txt").write_text(janko_file(11))
    shutil.copy(SEED / "instance_1.txt", puzzles / "one.txt")
    result = run_cli("batch", puzzles, "--result-dir", tmp_path / "r")
    assert result.code == 0, result.err
    assert written(tmp_path / "r") == {"one.sol", *(f"set/many.{index:02d}.sol" for index in range(1, 12))}
    single = run_cli("numberlink", puzzles / "set" / "many.txt", "--index", "7", "-r", tmp_path / "seven.sol")
    assert single.code == 0
    assert (tmp_path / "r" / "set" / "many.07.sol").read_text() == (tmp_path / "seven.sol").read_text()


def test_files_of_the_same_name_never_overwrite_each_other(tmp_path: Path) -> None:
    for folder in ("a", "b"):
        (tmp_path / folder).mkdir()
        shutil.copy(SEED / "instance_1.txt", tmp_path / folder / "x.txt")
    shutil.copy(SEED / "instance_9.txt", tmp_path / "a" / "y.txt")
    (tmp_path / "a" / "y.url").write_text(SLITHER_URL.read_text())
    result = run_cli("batch", tmp_path / "a", tmp_path / "b" / "x.txt", "--svg-puzzle-dir", tmp_path / "p")
    assert result.code == 0, result.err
    assert written(tmp_path / "p") == {"a/x.svg", "b/x.svg", "a/y.txt.svg", "a/y.url.svg"}
    assert "Slitherlink" in (tmp_path / "p" / "a" / "y.url.svg").read_text()
    assert "Numberlink" in (tmp_path / "p" / "a" / "y.txt.svg").read_text()


def test_an_answer_file_never_replaces_an_input_file(tmp_path: Path) -> None:
    # A puzzle named x.sol solved into its own folder, or another input where a name lands: refused before
    # anything runs (the answer replaced the puzzle).
    (tmp_path / "out").mkdir()
    shutil.copy(SEED / "instance_1.txt", tmp_path / "x.sol")
    shutil.copy(SEED / "instance_1.txt", tmp_path / "y.txt")
    shutil.copy(SEED / "instance_1.txt", tmp_path / "out" / "y.sol")
    puzzle = (tmp_path / "x.sol").read_text()
    for args in ([tmp_path / "x.sol", "--result-dir", tmp_path], [tmp_path / "y.txt", tmp_path / "out" / "y.sol",
                                                                       "--result-dir", tmp_path / "out"]):
        refused = run_cli("batch", *args, "--puzzle", "numberlink")
        assert refused.code == 2 and refused.out == "", refused.err
        assert refused.err.startswith("satpuzzles: error: --result-dir ") and refused.err.count("\n") == 1
        assert "would be written over the input file" in refused.err
    assert (tmp_path / "x.sol").read_text() == puzzle and (tmp_path / "out" / "y.sol").read_text() == puzzle


def test_answer_names() -> None:
    assert answer_names([("d/one.txt", 1)]) == {("d/one.txt", 1): "one"}
    assert answer_names([("d/a.txt", 2), ("d/a.1.txt", 1)]) == {
        ("d/a.txt", 1): "a.txt.1", ("d/a.txt", 2): "a.txt.2", ("d/a.1.txt", 1): "a.1.txt"}
    assert answer_names([("x/../d/a.txt", 1), ("/elsewhere/b.in", 1)])[("/elsewhere/b.in", 1)] == "elsewhere/b"


def test_error_and_unknown_rows_write_nothing_and_rows_are_unchanged(tmp_path: Path) -> None:
    puzzles = tmp_path / "in"
    puzzles.mkdir()
    shutil.copy(SEED / "instance_1.txt", puzzles / "good.txt")
    shutil.copy(SEED / "instance_4.txt", puzzles / "unsolvable.txt")
    (puzzles / "numberlink-broken.txt").write_text("1,.\n.,.\n")
    plain = run_cli("batch", puzzles, "--format", "json", "-j", "2")
    result = batch_with_folders(tmp_path / "out", puzzles, "--format", "json", "-j", "2")
    assert plain.code == result.code == 2  # type: ignore[attr-defined]

    def rows(out: str) -> list[dict]:
        found = [json.loads(line) for line in out.splitlines()]
        for row in found:
            for timing in ("seconds", "encode_seconds", "solve_seconds", "decode_seconds"):
                row.pop(timing)
        return sorted(found, key=lambda row: row["file"])

    assert rows(result.out) == rows(plain.out)  # type: ignore[attr-defined]
    assert written(tmp_path / "out" / "r") == {"good.sol"}
    assert written(tmp_path / "out" / "s") == written(tmp_path / "out" / "p") == {"good.svg", "unsolvable.svg"}


def test_a_timed_out_puzzle_writes_nothing(tmp_path: Path) -> None:
    # --method cnf: the engine answers extreme-sat's --unique in about a second, the whole-board formula in minutes
    result = run_cli("batch", MINES / "extreme-sat.in", SEED / "instance_1.txt", "--unique", "--timeout", "1",
                     "--method", "cnf", "--svg-puzzle-dir", tmp_path / "p")
    assert result.code == 3
    assert written(tmp_path / "p") == {"numberlink/seed/instance_1.svg"}  # below the common folder, instances/


@pytest.mark.parametrize("make", ["file", "below_a_file"])
def test_a_folder_that_cannot_be_made_is_one_located_line(tmp_path: Path, make: str) -> None:
    (tmp_path / "taken").write_text("a file\n")
    folder = tmp_path / "taken" if make == "file" else tmp_path / "taken" / "sub"
    report = tmp_path / "r.jsonl"
    result = run_cli("batch", SEED / "instance_1.txt", "--svg-dir", folder, "--report", report)
    assert result.code == 2 and result.out == ""
    assert result.err.count("\n") == 1 and f"--svg-dir {folder}: " in result.err and "Traceback" not in result.err
    assert not report.exists()  # refused before anything was opened or solved


def test_the_two_picture_folders_must_differ(tmp_path: Path) -> None:
    result = run_cli("batch", SEED / "instance_1.txt", "--svg-dir", tmp_path / "d", "--svg-puzzle-dir", tmp_path / "d")
    assert result.code == 2 and "same folder" in result.err and result.err.count("\n") == 1


def test_resume_leaves_the_files_of_skipped_puzzles_alone(tmp_path: Path) -> None:
    puzzles = tmp_path / "in"
    puzzles.mkdir()
    for name in ("instance_1.txt", "instance_9.txt"):
        shutil.copy(SEED / name, puzzles / name)
    report = tmp_path / "r.jsonl"
    assert run_cli("batch", puzzles, "--report", report, "--result-dir", tmp_path / "r").code == 0
    kept = tmp_path / "r" / "instance_1.sol"
    kept.write_text("edited\n")
    lines = report.read_text().splitlines()
    report.write_text("".join(line + "\n" for line in lines if "instance_9" not in line))
    (tmp_path / "r" / "instance_9.sol").unlink()
    assert run_cli("batch", puzzles, "--report", report, "--resume", "--result-dir", tmp_path / "r").code == 0
    assert kept.read_text() == "edited\n"  # skipped: as it was
    assert (tmp_path / "r" / "instance_9.sol").exists()  # solved again: written again


def test_a_board_too_large_to_draw_loses_its_picture_not_its_row(monkeypatch: pytest.MonkeyPatch) -> None:
    import satpuzzles.present.svg as svg

    monkeypatch.setattr(svg, "MAX_CELLS", 4)
    driver = Driver("numberlink")
    instance = driver.parse((SEED / "instance_1.txt").read_text())[0]
    outcome = driver.solve(instance, Settings())
    texts, missing = make_answers(driver.spec, instance, outcome, Settings(), ["result", "svg"])
    assert set(texts) == {"result"} and missing["svg"].startswith("--svg-dir draws boards of up to 4 cells")


PLUGIN = """\
from satpuzzles.core.records import replace
from satpuzzles.puzzles.slitherlink import SPEC as _LOOP

SPEC = replace(_LOOP, name="plainloop", view=replace(_LOOP.view, svg=None, puzzle_svg=None))
"""


def _with_plainloop(tmp_path: Path, *arguments: str) -> subprocess.CompletedProcess[str]:
    """``satpuzzles ARGUMENTS`` run with PLUGIN installed as the puzzle ``plainloop``."""
    site = tmp_path / "site"
    info = site / "plainloop-0.1.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: plainloop\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text("[satpuzzles.puzzles]\nplainloop = plainloop:SPEC\n")
    (site / "plainloop.py").write_text(PLUGIN)
    env_path = f"{site}:{ROOT}:{ROOT / 'examples' / 'masyu'}"
    return subprocess.run([sys.executable, "-m", "satpuzzles", *arguments], capture_output=True, text=True, cwd=ROOT,
                          timeout=120, env={"PATH": "/usr/bin:/bin", "PYTHONPATH": env_path, "SATPUZZLES_CACHE_DIR": ""})


def test_a_puzzle_that_draws_no_pictures_is_warned_about_and_gets_its_result(tmp_path: Path) -> None:
    done = _with_plainloop(tmp_path, "batch", str(SLITHER_URL), "--puzzle", "plainloop",
                           "--result-dir", str(tmp_path / "r"), "--svg-dir", str(tmp_path / "s"))
    assert done.returncode == 0, done.stderr
    assert done.stderr == "satpuzzles: warning: --svg-dir: plainloop draws no such picture; its puzzles get none\n"
    assert written(tmp_path / "r") == {"cspuz_bench_4x4.sol"} and written(tmp_path / "s") == set()


@pytest.mark.parametrize("flag", ["--svg", "--svg-puzzle"])
def test_solve_refuses_a_picture_the_puzzle_cannot_draw(tmp_path: Path, flag: str) -> None:
    done = _with_plainloop(tmp_path, "solve", str(SLITHER_URL), "--puzzle", "plainloop", flag, str(tmp_path / "p.svg"))
    assert done.returncode == 2 and done.stdout == "" and not (tmp_path / "p.svg").exists()
    assert done.stderr == f"satpuzzles: error: {flag}: plainloop draws no such picture ({SLITHER_URL})\n"


def test_a_file_in_the_way_of_a_subfolder_stops_the_batch_in_one_line(tmp_path: Path) -> None:
    (tmp_path / "in" / "sub").mkdir(parents=True)
    shutil.copy(SEED / "instance_1.txt", tmp_path / "in" / "sub" / "x.txt")
    shutil.copy(SEED / "instance_9.txt", tmp_path / "in" / "y.txt")
    (tmp_path / "pics").mkdir()
    (tmp_path / "pics" / "sub").write_text("in the way\n")
    report = tmp_path / "r.jsonl"
    result = run_cli("batch", tmp_path / "in", "--svg-dir", tmp_path / "pics", "--report", report, "-j", "1")
    assert result.code == 2 and "Traceback" not in result.err and result.err.count("\n") == 1
    assert f"--svg-dir {tmp_path / 'pics' / 'sub'}: it is a file, not a folder" in result.err
    assert "x.txt" not in report.read_text()  # its files were not written: not reported, so --resume solves it again


@pytest.mark.parametrize("beside", [True, False])
def test_a_report_in_a_missing_folder_gets_it_made_as_answer_folders_do(tmp_path: Path, beside: bool) -> None:
    """--report out/r.jsonl with --result-dir out (or alone, folders deep): the report's folder is made, not refused."""
    out = tmp_path / "out"
    report = out / "r.jsonl" if beside else out / "a" / "b" / "r.csv"
    result = run_cli("batch", SEED / "instance_1.txt", "--report", report, *(["--result-dir", out] if beside else []))
    assert result.code == 0 and "Traceback" not in result.err
    assert report.read_text().count("instance_1.txt") == 1
    assert written(out) == ({"r.jsonl", "instance_1.sol"} if beside else {"a/b/r.csv"})


@pytest.mark.parametrize("where", ["taken/r.jsonl", "taken/sub/r.jsonl"])
def test_a_report_folder_that_cannot_be_made_is_one_line_before_anything(tmp_path: Path, where: str) -> None:
    (tmp_path / "taken").write_text("a file\n")
    report = tmp_path / where
    result = run_cli("batch", SEED / "instance_1.txt", "--report", report, "--result-dir", tmp_path / "r")
    assert result.code == 2 and result.out == ""
    assert result.err == f"satpuzzles: error: --report {report}: {tmp_path / 'taken'} is a file, not a folder\n"
    assert not (tmp_path / "r").exists()  # refused before any folder was made or anything solved
