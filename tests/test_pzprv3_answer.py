"""``-r FILE --result-format pzprv3``: the solved puzzle as a puzz.link file, as pzprjs writes a solved puzzle.

Checked through the real CLI on real files: the file is pzprjs' own solved test file byte for byte where the puzzle
is the same (its crosses, ``-1``, are marks a solver's answer has none of), it reads back to the same board, and the
lines in it are the solution the run printed (its ``--format json`` solution).
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest

from satpuzzles.core import registry
from satpuzzles.io.reading import read_instances
from tests.conftest import INSTANCES, run_cli

PZPRJS = {"numberlink": INSTANCES / "numberlink" / "pzprjs", "slitherlink": INSTANCES / "slitherlink" / "pzprjs"}
NO_SELF_TOUCH = "a puzz.link file cannot say no-self-touch"


def _pzprjs(path: Path) -> str:
    """A fixture as pzprjs writes it, a line per ``/`` of the one-line test files, its crosses (-1) left out."""
    lines = [line for line in path.read_text().replace("/", "\n").splitlines() if line.strip()]
    return "".join(re.sub(r"(?<![^ ])-1(?= )", "0", line) + "\n" for line in lines)


def _solved(tmp_path: Path, puzzle: str, source: object, *options: str) -> tuple[str, dict[str, object]]:
    """The -r file in pzprv3 and the JSON record of the run that wrote it (exit 0, nothing on stderr)."""
    result = tmp_path / "solved.txt"
    run = run_cli(puzzle, source, "-r", result, "--result-format", "pzprv3", "--format", "json", *options)
    assert run.code == 0 and run.err == "", run.err
    return result.read_text(), json.loads(run.out)


def _rows(text: str, skip: int, shapes: list[tuple[int, int]]) -> list[list[list[int]]]:
    """The answer's grids of ``shapes`` (rows, cols) after the first ``skip`` lines of a written file."""
    lines, grids = text.splitlines()[skip:], []
    for rows, cols in shapes:
        grids.append([[int(item) for item in line.split()] for line in lines[:rows]])
        assert all(len(row) == cols for row in grids[-1])
        lines = lines[rows:]
    assert lines == []
    return grids


def _links(routes: dict[str, list[list[int]]]) -> set[tuple[tuple[int, int], tuple[int, int]]]:
    """The links of a JSON solution's routes, each as (smaller cell, larger cell)."""
    found = set()
    for route in routes.values():
        for a, b in zip(route, route[1:]):
            found.add((min(tuple(a), tuple(b)), max(tuple(a), tuple(b))))
    return found


def _read(puzzle: str, text: str, input_format: str = "pzprv3") -> object:
    (instance,) = read_instances(registry.get(puzzle), text, input_format, named=True)
    return instance


@pytest.mark.parametrize("name", ["arukone_test_4x4", "numlin_test_5x5"])
def test_numberlink_is_written_as_pzprjs_writes_the_solved_puzzle(tmp_path: Path, name: str) -> None:
    fixture = PZPRJS["numberlink"] / f"{name}.pzprv3"
    written, _ = _solved(tmp_path, "numberlink", fixture)
    assert written == _pzprjs(fixture)


def test_slitherlink_is_written_as_pzprjs_writes_the_solved_puzzle(tmp_path: Path) -> None:
    """pzprjs' fixture is a version-0 file (no shading rows); pzprjs writes version 1, the shading all 0."""
    fixture = PZPRJS["slitherlink"] / "pzprjs_test_5x5.pzprv3"
    written, _ = _solved(tmp_path, "slitherlink", fixture)
    lines = written.splitlines()
    assert lines[0] == "pzprv3.1" and lines[9:14] == ["0 0 0 0 0 "] * 5
    assert "\n".join(["pzprv3", *lines[1:9], *lines[14:]]) + "\n" == _pzprjs(fixture)


@pytest.mark.parametrize(("url", "kind"), [
    ("https://puzz.link/p?arukone/5/5/j1g2j3i12g3l", "arukone"),
    ("https://puzz.link/p?numlin/5/5/j1g2j3i12g3l", "numlin"),
    ("https://puzz.link/p?arukone/e/5/5/j1g2j3i12g3l", "numlin"),  # the open rule: numlin, as --to-pzprv3 writes
])
def test_numberlink_reads_back_with_the_paths_printed(tmp_path: Path, url: str, kind: str) -> None:
    written, record = _solved(tmp_path, "numberlink", url)
    assert written.splitlines()[1] == kind
    assert _read("numberlink", written) == _read("numberlink", run_cli("numberlink", url, "--to-pzprv3").out)
    skip = 4 + 5 + (kind == "arukone")
    across, down = _rows(written, skip, [(5, 4), (4, 5)])
    drawn = {((r, c), (r, c + 1)) for r in range(5) for c in range(4) if across[r][c] == 1}
    drawn |= {((r, c), (r + 1, c)) for r in range(4) for c in range(5) if down[r][c] == 1}
    solution = record["solution"]
    assert isinstance(solution, dict) and drawn == _links(solution["routes"])
    assert {item for grid in (across, down) for row in grid for item in row} <= {0, 1}


@pytest.mark.parametrize("source", ["https://puzz.link/p?slither/5/5/cbcbcddad",
                                    PZPRJS["slitherlink"] / "pzprjs_test_visit_all_2x3.pzprv3",  # the line 'f'
                                    INSTANCES / "slitherlink" / "pzprjs" / "puzzlekit_meta_10x10.txt"])
def test_slitherlink_reads_back_with_the_loop_printed(tmp_path: Path, source: str | Path) -> None:
    written, record = _solved(tmp_path, "slitherlink", source)
    instance = _read("slitherlink", written)
    text = source.read_text() if isinstance(source, Path) else source
    assert instance == _read("slitherlink", text, "auto")
    rows, cols = instance.grid.rows, instance.grid.cols  # type: ignore[attr-defined]
    shading, vertical, horizontal = _rows(written, 4 + rows + instance.visit_all,  # type: ignore[attr-defined]
                                          [(rows, cols), (rows, cols + 1), (rows + 1, cols)])
    solution = record["solution"]
    assert isinstance(solution, dict)
    assert shading == [[0] * cols] * rows
    assert (vertical, horizontal) == (solution["edges"]["vertical"], solution["edges"]["horizontal"])


def test_solve_writes_it_too_and_text_stays_the_default(tmp_path: Path) -> None:
    fixture = PZPRJS["numberlink"] / "arukone_test_4x4.pzprv3"
    solved = tmp_path / "solved.pzprv3"
    run = run_cli("solve", fixture, "-r", solved, "--result-format", "pzprv3")
    assert run.code == 0 and solved.read_text() == _pzprjs(fixture)
    default, text = tmp_path / "default.txt", tmp_path / "text.txt"
    assert run_cli("numberlink", fixture, "-r", default).code == 0
    assert run_cli("numberlink", fixture, "-r", text, "--result-format", "text").code == 0
    assert default.read_text() == text.read_text() and default.read_text().startswith("1 2 2 2\n")


def test_a_collection_gets_one_numbered_file_per_puzzle(tmp_path: Path) -> None:
    two = tmp_path / "two.txt"
    two.write_text("https://puzz.link/p?slither/2/2/g\nhttps://puzz.link/p?slither/2/2/3h\n")
    run = run_cli("slitherlink", two, "-r", tmp_path / "out.pzprv3", "--result-format", "pzprv3")
    assert run.code == 0
    for index in (1, 2):
        written = (tmp_path / f"out.{index}.pzprv3").read_text()
        assert _read("slitherlink", written) == _read("slitherlink", two.read_text().splitlines()[index - 1], "auto")


def test_no_self_touch_warns_as_to_pzprv3_does(tmp_path: Path) -> None:
    fixture = PZPRJS["numberlink"] / "numlin_test_5x5.pzprv3"
    converted = run_cli("numberlink", fixture, "--to-pzprv3", "--no-self-touch")
    run = run_cli("numberlink", fixture, "--no-self-touch", "-r", tmp_path / "a.txt", "--result-format", "pzprv3")
    assert run.code == 0 and run.err == converted.err and NO_SELF_TOUCH in run.err
    assert len(run.err.splitlines()) == 1


@pytest.mark.parametrize(("args", "says"), [
    (["numberlink", "{numlin}", "--result-format", "pzprv3"], "--result-format pzprv3 is the form of the -r file: "
     "add -r FILE, or leave it out"),
    (["solve", "{numlin}", "--result-format", "text"], "--result-format text is the form of the -r file"),
    (["minesweeper", "{mines}", "-r", "{out}", "--result-format", "pzprv3"], "-r --result-format pzprv3: the "
     "board's total (1 mine): puzz.link's mines has no mine total"),
    (["numberlink", "{numlin}", "--to-pzprv3", "-r", "{out}", "--result-format", "pzprv3"],
     "--to-pzprv3 prints the puzzle only: drop -r and --result-format"),
    (["numberlink", "{big}", "-r", "{out}", "--result-format", "pzprv3"],
     "big.txt: -r --result-format pzprv3: an arukone file writes each label as a letter, 52 at most"),
    (["numberlink", "{numlin}", "-r", "{out}", "--result-format", "url"], "'url' is not one of 'text', 'pzprv3'"),
])
def test_refusals_are_one_line_and_write_nothing(tmp_path: Path, args: list[str], says: str) -> None:
    mines, big = tmp_path / "mines.txt", tmp_path / "big.txt"
    mines.write_text("3 3\n1 ? ?\n? ? ?\n? ? 1\nmines 1\n")
    big.write_text("".join(" ".join(str(c + 1) for c in range(53)) + "\n" for _ in range(2)))
    paths = {"numlin": str(PZPRJS["numberlink"] / "numlin_test_5x5.pzprv3"), "mines": str(mines), "big": str(big),
             "out": str(tmp_path / "out.txt")}
    run = run_cli(*(arg.format(**paths) for arg in args))
    assert run.code == 2 and run.out == "" and says in run.err, run.err
    assert len(run.err.splitlines()) == 1 and "Traceback" not in run.err
    assert not (tmp_path / "out.txt").exists()


def test_the_file_is_written_atomically_and_an_old_one_kept_when_unsolved(tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    import satpuzzles.io.files as files

    renamed: list[tuple[str, str]] = []
    real = os.replace

    def replace(source: str, target: str) -> None:
        assert Path(target).exists() is False and Path(source).read_text().startswith("pzprv3\narukone\n")
        renamed.append((str(source), str(target)))
        real(source, target)

    monkeypatch.setattr(files.os, "replace", replace)
    result = tmp_path / "result.pzprv3"
    run = run_cli("numberlink", PZPRJS["numberlink"] / "arukone_test_4x4.pzprv3", "-r", result,
                  "--result-format", "pzprv3")
    assert run.code == 0 and len(renamed) == 1
    temporary, target = renamed[0]
    assert Path(target) == result.resolve() and Path(temporary).parent == result.resolve().parent
    assert sorted(path.name for path in tmp_path.iterdir()) == ["result.pzprv3"]  # no temporary left
    unsolvable = run_cli("slitherlink", "https://puzz.link/p?slither/f/3/2/.4h", "-r", result,
                         "--result-format", "pzprv3")
    assert unsolvable.code == 1 and "the file there is from before" in unsolvable.err
    assert result.read_text() == _pzprjs(PZPRJS["numberlink"] / "arukone_test_4x4.pzprv3")


def test_the_api_writes_the_solution_in_either_form() -> None:
    import warnings

    import satpuzzles
    from satpuzzles.core.errors import SatPuzzlesWarning, UsageError

    fixture = PZPRJS["numberlink"] / "arukone_test_4x4.pzprv3"
    result = satpuzzles.load(fixture).solve()
    assert result.write("pzprv3") == _pzprjs(fixture)
    assert result.write() == result.write("text") and result.write().startswith("1 2 2 2\n")
    with pytest.raises(UsageError, match="has no 'url' result file; it has text, pzprv3"):
        result.write("url")
    mines = satpuzzles.load("3 3\n1 ? ?\n? ? ?\n? ? 1\n", puzzle="minesweeper").solve()
    with pytest.raises(UsageError, match="minesweeper has no 'url' result file; it has text, pzprv3"):
        mines.write("url")
    unsolvable = satpuzzles.load("https://puzz.link/p?slither/f/3/2/.4h").solve()
    with pytest.raises(UsageError, match="no solution to write: the puzzle is unsolvable"):
        unsolvable.write("pzprv3")
    touching = satpuzzles.load(PZPRJS["numberlink"] / "numlin_test_5x5.pzprv3").solve(no_self_touch=True)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        touching.write("pzprv3")
    assert [str(w.message)[:len(NO_SELF_TOUCH)] for w in caught if w.category is SatPuzzlesWarning] == [NO_SELF_TOUCH]


def test_a_puzzle_commands_help_offers_the_forms_that_puzzle_has() -> None:
    """Masyu has no puzz.link file: its --help offers text alone, and pzprv3 given is refused naming who has it."""
    masyu = run_cli("masyu", "--help").out
    assert "--result-format [text] " in masyu and "pzprv3" not in masyu
    assert "--result-format [text|pzprv3]" in run_cli("numberlink", "--help").out
    assert "(minesweeper, numberlink, slitherlink)" in run_cli("solve", "--help").out
    run = run_cli("masyu", "https://puzz.link/p?mashu/6/6/1063000i3000", "-r", "out.txt", "--result-format", "pzprv3")
    assert run.code == 2 and "masyu cannot be written as a puzz.link file" in run.err
