"""Slitherlink --to-loopy: Loopy game ids written as Loopy writes them, read back to the same puzzle and answer."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

import satpuzzles
from satpuzzles.core.errors import UsageError
from satpuzzles.core.outcome import Settings
from satpuzzles.geometry import Grid
from satpuzzles.puzzles.slitherlink.loopy import to_loopy
from satpuzzles.puzzles.slitherlink.model import SlitherlinkInstance
from tests.conftest import INSTANCES, Driver, run_cli

SLITHERLINK = INSTANCES / "slitherlink"
BUNDLED = sorted(path for path in SLITHERLINK.rglob("*") if path.suffix in (".txt", ".url", ".loopy"))
TATHAM = sorted((SLITHERLINK / "tatham").glob("*.loopy"))
MADE_BY_LOOPY = (
    "12x4t0:a2a23a2b3e2b12c12211a0011a3a1123b2a22a3",
    "12x4t0:3a21c33a3d2a21c032d2h3a102a3a23",
    "30x3t0:a3a223a200a3a33c23b2b3a33b2b1d2c1c2a21b31b2b3c2222a22b12a3a3a322c322a",
    "4x29t0:c33a1b2a2a1213a3332a1a1c3123d23b1c3a2a13b1b21a2a3a23a032323a2b112b1b3a3a2a22f13a3d2c02221a",
    "5x5t0:a2a1c1c22c3b3b2b",
)
"""Game ids Simon Tatham's own Loopy wrote (sgt-puzzles 20230122: ``sgt-loopy --generate 2 12x4t0de`` and so on;
the last is the repository's example id)."""
SGT_LOOPY = shutil.which("sgt-loopy") or shutil.which("sgt-loopy", path="/usr/games")
SLITHERLINK_DRIVER = Driver("slitherlink")


def read(text: str) -> list[SlitherlinkInstance]:
    """Every Slitherlink in ``text``."""
    return SLITHERLINK_DRIVER.parse(text)


def board(instance: SlitherlinkInstance) -> tuple[object, ...]:
    """What makes the puzzle (its source line aside)."""
    return instance.grid, instance.clues, instance.unknown, instance.visit_all


def loopy_takes(instance: SlitherlinkInstance) -> bool:
    """Whether Loopy can hold the puzzle: square grid of at least 3x3, no '?' marks, not the visit-every-dot variant."""
    return min(instance.grid.rows, instance.grid.cols) >= 3 and not instance.unknown and not instance.visit_all


def test_the_bundled_boards_are_what_the_round_trips_below_cover() -> None:
    assert len(BUNDLED) >= 60 and len(TATHAM) == 12


@pytest.mark.parametrize("path", TATHAM, ids=lambda path: path.name)
def test_the_ids_tathams_generator_made_are_written_back_exactly(path: Path) -> None:
    written = run_cli("slitherlink", "-i", path, "--to-loopy")
    assert (written.code, written.err) == (0, "")
    assert written.out == path.read_text()


@pytest.mark.parametrize("game_id", MADE_BY_LOOPY)
def test_ids_loopy_wrote_are_written_back_exactly(game_id: str) -> None:
    assert run_cli("slitherlink", game_id, "--to-loopy").out == game_id + "\n"
    assert satpuzzles.load(game_id).write("loopy") == game_id


def test_a_puzzlink_url_is_written_as_loopy_would() -> None:
    # https://puzz.link/p?slither/5/5/cbcbcddad: pzprjs' 'c' is a 2 and two empty cells, 'd' a 3 and two.
    written = run_cli("slitherlink", "https://puzz.link/p?slither/5/5/cbcbcddad", "--to-loopy")
    assert written.out == "5x5t0:2b1b2b1b2b3b3b0b3\n"


@pytest.mark.parametrize("path", BUNDLED, ids=lambda path: str(path.relative_to(SLITHERLINK)))
def test_every_bundled_board_loopy_takes_reads_back_the_same_and_solves_the_same(path: Path) -> None:
    originals = read(path.read_text())
    written = run_cli("slitherlink", "-i", path, "--to-loopy")
    if not all(loopy_takes(instance) for instance in originals):
        assert written.code == 2 and written.err.startswith("satpuzzles: error: --to-loopy: ")
        return
    assert (written.code, written.err) == (0, "")
    again = read(written.out)
    assert [board(instance) for instance in again] == [board(instance) for instance in originals]
    for original, copy in zip(originals, again):
        first = SLITHERLINK_DRIVER.solve(original, Settings())
        second = SLITHERLINK_DRIVER.solve(copy, Settings())
        assert first.status == second.status == "solved"
        assert first.solutions[0].edges == second.solutions[0].edges


@pytest.mark.parametrize(("width", "height", "seed"), [(3, 3, 1), (6, 4, 3), (4, 7, 5), (8, 8, 2), (12, 5, 7),
                                                       (5, 12, 11), (10, 10, 4)])
def test_generated_boards_round_trip_through_loopy_ids(tmp_path: Path, width: int, height: int, seed: int) -> None:
    made = tmp_path / "board.txt"
    assert run_cli("generate", "slitherlink", width, height, "--seed", seed, "-o", made).code == 0
    written = run_cli("slitherlink", "-i", made, "--to-loopy")
    assert written.code == 0 and written.out.startswith(f"{width}x{height}t0:")
    game_id = tmp_path / "board.loopy"
    game_id.write_text(written.out)
    by_grid = json.loads(run_cli("slitherlink", "-i", made, "--format", "json").out)
    by_id = json.loads(run_cli("slitherlink", "-i", game_id, "--format", "json").out)
    assert by_id["input"] == by_grid["input"]
    assert by_id["status"] == by_grid["status"] == "solved"
    assert by_id["solution"] == by_grid["solution"]


def test_runs_of_empty_cells_longer_than_26_are_split_as_loopy_splits_them() -> None:
    # loopy.c's state_to_text writes 'z' once a run reaches 26 cells and starts a new one.
    lonely = SlitherlinkInstance(Grid(3, 30), {(1, 0): 2})  # 30 empty cells, the 2, then 59 empty cells
    assert to_loopy(lonely) == "30x3t0:" + "zd" + "2" + "zzg"
    empty = SlitherlinkInstance(Grid(3, 26), {})
    assert to_loopy(empty) == "26x3t0:zzz"
    assert to_loopy(SlitherlinkInstance(Grid(9, 3), {})) == "3x9t0:za"
    for instance in (lonely, empty):
        (again,) = read(to_loopy(instance))
        assert board(again) == board(instance)


@pytest.mark.parametrize(("source", "reason"), [
    ("https://puzz.link/p?slither/f/5/5/cbcbcddad", "a Loopy game id cannot say that the loop visits every dot"),
    ("2 3\n1 . .\n. . ?\n", "Loopy has no clue mark without a number ('?'), which this puzzle has in 1 cell"),
    ("2x2t0:3c", "Loopy's square grids are at least 3x3; this one is 2x2"),
    ("3 2\n3 .\n. .\n. 2\n", "Loopy's square grids are at least 3x3; this one is 2x3"),
])
def test_what_loopy_cannot_hold_is_refused_in_one_line(tmp_path: Path, source: str, reason: str) -> None:
    path = tmp_path / "board.txt"
    path.write_text(source + "\n")
    refused = run_cli("slitherlink", "-i", path, "--to-loopy")
    assert (refused.code, refused.out) == (2, "")
    assert refused.err.startswith(f"satpuzzles: error: --to-loopy: {reason}") and refused.err.count("\n") == 1
    with pytest.raises(UsageError, match=f"^loopy: {reason[:30]}"):
        satpuzzles.load(path, puzzle="slitherlink").write("loopy")


def test_a_clue_no_square_can_have_is_refused_by_the_writer_too() -> None:
    """The readers take 0-4 only; a board built in Python with another clue is not written as a wrong id."""
    with pytest.raises(ValueError, match=r"^clue 5 \(row 2, column 1\) cannot be written in a Loopy game id"):
        to_loopy(SlitherlinkInstance(Grid(3, 3), {(1, 0): 5, (2, 2): 1}))


def test_to_loopy_prints_the_puzzle_only_and_solve_offers_it() -> None:
    refused = run_cli("slitherlink", "5x5t0:a2a1c1c22c3b3b2b", "--to-loopy", "--unique")
    assert refused.code == 2 and "--to-loopy prints the puzzle only" in refused.err
    assert run_cli("solve", "https://puzz.link/p?slither/5/5/cbcbcddad", "--to-loopy").out == \
        "5x5t0:2b1b2b1b2b3b3b0b3\n"
    wrong = run_cli("solve", "5x5t0:a2a1c1c22c3b3b2b", "--to-pearl")
    assert wrong.code == 2 and "--to-pearl: slitherlink has no such writer" in wrong.err
    assert "Slitherlink only: print the puzzle as a game id of Simon Tatham's Loopy" in \
        " ".join(run_cli("solve", "--help").out.split())
    listed = run_cli("puzzles")
    assert "features: generate, svg, explain, analyze, json, to-url, to-loopy" in listed.out


def test_the_api_writes_loopy_ids_by_name() -> None:
    puzzle = satpuzzles.load("https://puzz.link/p?slither/5/5/cbcbcddad")
    assert puzzle.write("loopy") == "5x5t0:2b1b2b1b2b3b3b0b3"
    assert satpuzzles.load(puzzle.write("loopy")).write("url") == puzzle.write("url")
    with pytest.raises(UsageError, match="slitherlink has no 'pearl' writer; it has url, loopy, pzprv3$"):
        puzzle.write("pearl")


@pytest.mark.skipif(SGT_LOOPY is None, reason="Simon Tatham's Loopy (sgt-loopy, Debian's sgt-puzzles) not installed")
def test_loopy_itself_accepts_the_written_ids(tmp_path: Path) -> None:
    """``sgt-loopy --generate 1 ID`` checks an id as Loopy's Game > Specific does, and prints it back."""
    ids = [to_loopy(SlitherlinkInstance(Grid(3, 30), {(1, 0): 2})), to_loopy(SlitherlinkInstance(Grid(3, 3), {}))]
    for width, height, seed in ((7, 5, 1), (3, 9, 2)):
        made = tmp_path / f"{width}x{height}.txt"
        run_cli("generate", "slitherlink", width, height, "--seed", seed, "-o", made)
        ids.append(run_cli("slitherlink", "-i", made, "--to-loopy").out.strip())
    for game_id in ids:
        checked = subprocess.run([str(SGT_LOOPY), "--generate", "1", game_id], capture_output=True, text=True,
                                 timeout=60, check=False)
        assert (checked.returncode, checked.stdout) == (0, game_id + "\n"), checked.stderr
    refused = subprocess.run([str(SGT_LOOPY), "--generate", "1", "2x2t0:3c"], capture_output=True, text=True,
                             timeout=60, check=False)
    assert refused.returncode != 0 and "at least 3" in refused.stderr


def test_generate_writes_a_loopy_game_id_to_play_in_loopy(tmp_path: Path) -> None:
    """A Loopy player had to pipe a generated grid through 'slitherlink - --to-loopy'; --loopy writes the id, the
    same puzzle as the grid the same seed makes, which reads back unique (and Loopy takes it, when installed)."""
    made = run_cli("generate", "slitherlink", 8, 6, "--seed", 2, "--loopy")
    assert made.code == 0 and made.err == ""
    game_id = made.out.strip()
    grid = tmp_path / "grid.txt"
    run_cli("generate", "slitherlink", 8, 6, "--seed", 2, "-o", grid)
    assert run_cli("slitherlink", "-i", grid, "--to-loopy").out.strip() == game_id
    assert game_id.startswith("8x6t0:") and "Unique = True" in run_cli("slitherlink", game_id, "--unique").out
    assert satpuzzles.generate("slitherlink", 6, 8, seed=2, loopy=True) == made.out  # rows first, as ever
    several = run_cli("generate", "slitherlink", 5, 4, "--seed", 1, "--count", 2, "--loopy").out.splitlines()
    assert len(several) == 2 and all(line.startswith("5x4t0:") for line in several)
    if SGT_LOOPY is not None:
        checked = subprocess.run([str(SGT_LOOPY), "--generate", "1", game_id], capture_output=True, text=True,
                                 timeout=60, check=False)
        assert (checked.returncode, checked.stdout) == (0, game_id + "\n"), checked.stderr


def test_generate_loopy_refuses_what_loopy_cannot_hold_before_any_work() -> None:
    small = run_cli("generate", "slitherlink", 2, 5, "--loopy")
    assert small.code == 2 and small.err == ("satpuzzles: error: --loopy: Loopy's square grids are at least 3x3; "
                                             "this one is 2x5 (width x height)\n")
    both = run_cli("generate", "slitherlink", 5, 5, "--loopy", "--url")
    assert both.code == 2 and "--url and --loopy each choose how the puzzle is written: give one" in both.err
    with pytest.raises(UsageError, match="^loopy: Loopy's square grids are at least 3x3"):
        satpuzzles.generate("slitherlink", 5, 2, loopy=True)
