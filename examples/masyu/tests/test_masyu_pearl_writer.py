"""Masyu --to-pearl: Pearl game ids written as Pearl writes them, read back to the same puzzle and answer."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path

import pytest
from masyu_testing import run_cli
from satpuzzles_masyu import SPEC
from satpuzzles_masyu.model import MasyuInstance
from satpuzzles_masyu.pearl import to_pearl
from test_masyu_real import PZPRJS, UNIQUE_URLS, WIKIPEDIA

import satpuzzles
from satpuzzles.core.errors import UsageError
from satpuzzles.geometry import Grid
from satpuzzles.io.reading import read_instances

MADE_BY_PEARL = (
    "6x6:bWdBbWjBcWj",
    "7x6:aWaWdWdWaWWgWaWbWaWdWcBa",
    "9x5:BcWcBaBaBiWaWcWfWcBaWc",
    "9x5:cWdBWcBaWbWbWpWaBaBaB",
    "20x8:cWaBBaWaBaWbBbWaWjBeWsWWaWWWBbWaBaBWdWaWiBBaBbBeBaWbWaBfBWcBlWgBcWbBBaWeWbB",
)
"""Game ids Simon Tatham's own Pearl wrote (sgt-puzzles 20230122: ``sgt-pearl --generate 2 9x5de`` and so on; the
first is pzprjs' test board as Pearl writes it, in test_masyu_formats.py)."""
SGT_PEARL = shutil.which("sgt-pearl") or shutil.which("sgt-pearl", path="/usr/games")
SOURCES = [*UNIQUE_URLS.split(), PZPRJS, WIKIPEDIA.replace("|", "\n"), *MADE_BY_PEARL]
"""Published puzzles (puzz.link URLs, the Wikipedia grid) and Pearl's own."""


def read(text: str, input_format: str = "auto") -> list[MasyuInstance]:
    """Every Masyu in ``text``."""
    return read_instances(SPEC, text, input_format)


def board(instance: MasyuInstance) -> tuple[object, ...]:
    """What makes the puzzle (its source line aside)."""
    return instance.grid, instance.circles, instance.visit_all


@pytest.mark.parametrize("game_id", MADE_BY_PEARL)
def test_ids_pearl_wrote_are_written_back_exactly(game_id: str) -> None:
    written = run_cli("masyu", game_id, "--to-pearl")
    assert (written.code, written.out, written.err) == (0, game_id + "\n", "")
    assert satpuzzles.load(game_id).write("pearl") == game_id


def test_the_pzprjs_url_is_written_as_pearl_would() -> None:
    assert run_cli("masyu", PZPRJS, "--to-pearl").out == "6x6:bWdBbWjBcWj\n"


@pytest.mark.parametrize("source", SOURCES, ids=lambda source: source.split("\n")[0][-30:])
def test_published_and_pearl_boards_read_back_the_same_and_solve_the_same(tmp_path: Path, source: str) -> None:
    original = tmp_path / "board.txt"
    original.write_text(source + "\n")
    written = run_cli("masyu", "-i", original, "--to-pearl")
    assert (written.code, written.err) == (0, "")
    game_id = tmp_path / "board.pearl"
    game_id.write_text(written.out)
    assert [board(instance) for instance in read(written.out)] == [board(instance) for instance in read(source)]
    by_source = json.loads(run_cli("masyu", "-i", original, "--format", "json").out)
    by_id = json.loads(run_cli("masyu", "-i", game_id, "--format", "json").out)
    assert by_id["input"] == by_source["input"]
    assert by_id["status"] == by_source["status"] == "solved"
    assert by_id["solution"] == by_source["solution"]


@pytest.mark.parametrize("seed", range(20))
def test_random_boards_round_trip(seed: int) -> None:
    rng = random.Random(seed)
    grid = Grid(rng.randint(5, 30), rng.randint(5, 30))
    density = rng.choice([0.0, 0.02, 0.2, 0.5])
    circles = {cell: rng.choice("wb") for cell in grid.cells() if rng.random() < density}
    instance = MasyuInstance(grid, circles)
    (again,) = read(to_pearl(instance), "pearl")  # detection takes an id for Pearl's by its circles: a board has some
    assert board(again) == board(instance)
    if circles:
        (detected,) = read(to_pearl(instance))
        assert board(detected) == board(instance)


def test_runs_of_empty_cells_longer_than_26_are_split_as_pearl_splits_them() -> None:
    # pearl.c's new_game_desc counts a run up to 'z', then starts another at 'a'.
    lonely = MasyuInstance(Grid(6, 10), {(3, 0): "b"})  # 30 empty cells, the circle, then 29 empty cells
    assert to_pearl(lonely) == "10x6:zdBzc"
    assert to_pearl(MasyuInstance(Grid(5, 5), {})) == "5x5:y"
    assert to_pearl(MasyuInstance(Grid(9, 6), {})) == "6x9:zzb"


@pytest.mark.parametrize(("source", "reason"), [
    ("https://puzz.link/p?mashu/f/6/6/1063000i3000", "a Pearl game id cannot say that the loop visits every cell"),
    ("https://puzz.link/p?mashu/2/2/9i", "Pearl's boards are at least 5x5; this one is 2x2"),
    ("4 6\nw.....\n......\n...b..\n......\n", "Pearl's boards are at least 5x5; this one is 6x4"),
])
def test_what_pearl_cannot_hold_is_refused_in_one_line(tmp_path: Path, source: str, reason: str) -> None:
    path = tmp_path / "board.txt"
    path.write_text(source + "\n")
    refused = run_cli("masyu", "-i", path, "--to-pearl")
    assert (refused.code, refused.out) == (2, "")
    assert refused.err.startswith(f"satpuzzles: error: --to-pearl: {reason}") and refused.err.count("\n") == 1
    with pytest.raises(UsageError, match=f"^pearl: {reason[:30]}"):
        satpuzzles.load(path, puzzle="masyu").write("pearl")


def test_the_api_and_the_listing_name_the_pearl_writer() -> None:
    puzzle = satpuzzles.load(PZPRJS)
    assert puzzle.write("pearl") == "6x6:bWdBbWjBcWj"
    assert satpuzzles.load(puzzle.write("pearl")).write("url") == PZPRJS
    with pytest.raises(UsageError, match="masyu has no 'loopy' writer; it has url, pearl$"):
        puzzle.write("loopy")
    assert "features: svg, analyze, json, to-url, to-pearl" in run_cli("puzzles").out
    assert run_cli("solve", PZPRJS, "--to-pearl").out == "6x6:bWdBbWjBcWj\n"


@pytest.mark.skipif(SGT_PEARL is None, reason="Simon Tatham's Pearl (sgt-pearl, Debian's sgt-puzzles) not installed")
def test_pearl_itself_accepts_the_written_ids() -> None:
    """``sgt-pearl --generate 1 ID`` checks an id as Pearl's Game > Specific does, and prints it back."""
    ids = [to_pearl(instance) for source in (PZPRJS, WIKIPEDIA.replace("|", "\n"), *UNIQUE_URLS.split())
           for instance in read(source)]
    ids.append(to_pearl(MasyuInstance(Grid(6, 10), {(3, 0): "b"})))
    for game_id in ids:
        checked = subprocess.run([str(SGT_PEARL), "--generate", "1", game_id], capture_output=True, text=True,
                                 timeout=60, check=False)
        assert (checked.returncode, checked.stdout) == (0, game_id + "\n"), checked.stderr
    refused = subprocess.run([str(SGT_PEARL), "--generate", "1", "4x6:x"], capture_output=True, text=True,
                             timeout=60, check=False)
    assert refused.returncode != 0 and "at least five" in refused.stderr


def test_a_circle_free_pearl_id_reads_back_as_masyu_and_is_ambiguous_to_solve() -> None:
    written = run_cli("masyu", "-", "--to-pearl", stdin="5 5\n" + ".....\n" * 5)
    assert (written.code, written.out) == (0, "5x5:y\n")
    again = run_cli("masyu", "5x5:y")
    assert again.code == 0 and "Solvable = True" in again.out, again.err
    asked = run_cli("solve", "5x5:y")
    assert asked.code == 2 and "reads as slitherlink and masyu: name the puzzle" in asked.err
