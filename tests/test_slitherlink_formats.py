"""Slitherlink input formats (grids, puzz.link URLs, Loopy ids), URL writing and located errors."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from satpuzzles.core.errors import InputError
from satpuzzles.geometry import Grid
from satpuzzles.puzzles.slitherlink.formats import to_text
from satpuzzles.puzzles.slitherlink.loopy import _loopy_params
from satpuzzles.puzzles.slitherlink.model import SlitherlinkInstance
from satpuzzles.puzzles.slitherlink.url import to_url
from tests.conftest import INSTANCES, Driver, run_cli

SLITHERLINK = INSTANCES / "slitherlink"
GRID_FILES = sorted(
    path for folder in ("puzzlekit", "puzzleloop", "pzprjs") for path in (SLITHERLINK / folder).glob("*.txt")
)
URL_FILES = sorted((SLITHERLINK / "pzprjs").glob("*.url"))

EXAMPLE_1 = "2 . . 1 .\n. 2 . . 1\n. . 2 . .\n3 . . 3 .\n. 0 . . 3\n"
EXAMPLE_2 = """\
. . . 2 . . 0 . 1 3
2 . 1 . . . 2 . 1 .
. 2 . . . . 1 . . .
3 . . 2 . . 2 . . 1
. . 2 . 3 . . . 3 .
. 3 . . . 2 . 3 . .
3 . . 0 . . 1 . . 3
. . . 3 . . . . 2 .
. 2 . 1 . . . 2 . 3
1 1 . 3 . . 1 . . .
"""
EXAMPLE_3 = "3 . . .\n3 . . .\n. 2 2 .\n. 2 . 1\n"


def parse_one(text: str) -> SlitherlinkInstance:
    """The single instance ``text`` holds."""
    (instance,) = Driver("slitherlink").parse(text)
    return instance


def board(instance: SlitherlinkInstance) -> tuple[Grid, dict, frozenset]:
    """What a puzzle is, ignoring where it came from."""
    return instance.grid, instance.clues, instance.unknown


@pytest.mark.parametrize("path", GRID_FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_bundled_grid_files(path: Path) -> None:
    text = path.read_text()
    header, *rows = text.split("\n", 1)
    instance = parse_one(text)
    assert (instance.grid.rows, instance.grid.cols) == tuple(int(n) for n in header.split())
    assert len(instance.clues) == sum(rows[0].count(digit) for digit in "0123")
    assert instance.unknown == frozenset()
    assert not instance.visit_all


@pytest.mark.parametrize("path", URL_FILES, ids=lambda p: p.name)
def test_bundled_urls_match_their_grids(path: Path) -> None:
    assert board(parse_one(path.read_text())) == board(parse_one(path.with_suffix(".txt").read_text()))


@pytest.mark.parametrize("path", GRID_FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_url_round_trip(path: Path) -> None:
    instance = parse_one(path.read_text())
    assert board(parse_one(to_url(instance))) == board(instance)


@pytest.mark.parametrize(
    ("url", "grid"),
    [
        ("https://puzz.link/p?slither/5/5/cbcbcddad", EXAMPLE_1),
        ("https://puzz.link/p?slither/10/10/ic5137bg7bchbgdccb7dgddg7ddabdgdhc7bg7316dbg", EXAMPLE_2),
        ("https://pzprxs.vercel.app/p?slither/4/4/dgdh2c71", EXAMPLE_3),
        ("https://pzprxs.vercel.app/p?slither/4/4/dgdh2c7b", EXAMPLE_3),
        ("http://pzv.jp/p.html?slither/5/5/cbcbcddad", EXAMPLE_1),
        ("https://puzz.link/p?slitherlink/4/4/dgdh2c71", EXAMPLE_3),
        ("\n  https://puzz.link/p?slither/5/5/cbcbcddad  \n\n", EXAMPLE_1),
    ],
)
def test_format_md_examples(url: str, grid: str) -> None:
    assert board(parse_one(url)) == board(parse_one(grid))


@pytest.mark.parametrize(
    "url",
    [
        "https://puzz.link/p?slither/10/10/ic5137bg7bchbgdccb7dgddg7ddabdgdhc7bg7316dbg",
        "https://pzprxs.vercel.app/p?slither/4/4/dgdh2c7b",  # cspuz_bench_4x4.url's puzzle, written by pzprjs
    ],
)
def test_encoder_matches_known_urls(url: str) -> None:
    assert to_url(parse_one(url)).split("?")[1] == url.split("?")[1]


@pytest.mark.parametrize(
    ("url", "written"),
    [
        ("https://puzz.link/p?slither/5/5/cbcbcdda3", "https://puzz.link/p?slither/5/5/cbcbcddad"),
        ("https://puzz.link/p?slither/3/1/g8", "https://puzz.link/p?slither/3/1/gd"),
        ("https://puzz.link/p?slither/3/1/63", "https://puzz.link/p?slither/3/1/6d"),
        ("https://puzz.link/p?slither/3/1/g3.", "https://puzz.link/p?slither/3/1/g3./"),
        ("https://puzz.link/p?slither/2/1/4", "https://puzz.link/p?slither/2/1/e"),
    ],
)
def test_encoder_ends_the_body_as_pzprjs(url: str, written: str) -> None:
    """A clue in the last two cells is written as pzprjs' encode4Cell writes it: with no cell after it, or only
    empty ones, it takes the form that skips two cells (``d`` for a final 3, not ``3`` or ``8``), so the URL of a
    puzzle puzz.link made comes back as it was (README's own 5x5 example did not)."""
    assert to_url(parse_one(url)) == written
    assert parse_one(written) == parse_one(url)


def test_url_width_comes_first() -> None:
    instance = parse_one("https://puzz.link/p?slither/3/2/0k")
    assert instance.grid == Grid(2, 3)
    assert instance.clues == {(0, 0): 0}


def test_url_clue_four_and_long_blank_runs() -> None:
    instance = parse_one("https://puzz.link/p?slither/25/1/4zj")
    assert instance.grid == Grid(1, 25)
    assert instance.clues == {(0, 0): 4}
    assert to_url(instance) == "https://puzz.link/p?slither/25/1/ezh"


def test_visit_all_flag() -> None:
    instance = parse_one("https://puzz.link/p?slither/f/3/3/cg1i.")
    assert instance.visit_all
    assert instance.clues == {(0, 0): 2, (1, 1): 1}
    assert instance.unknown == frozenset({(2, 2)})
    assert to_url(instance) == "https://puzz.link/p?slither/f/3/3/cgbg./"  # the final / pzprjs writes after a .
    assert parse_one(to_url(instance)) == instance


def test_unknown_cells_in_grid_text() -> None:
    instance = parse_one("2 ?\n- 3\n")
    assert instance.clues == {(0, 0): 2, (1, 1): 3}
    assert instance.unknown == frozenset({(0, 1)})
    assert to_url(instance) == "https://puzz.link/p?slither/2/2/2.gd"
    assert board(parse_one(to_url(instance))) == board(instance)


def test_grid_without_spaces_comments_and_line() -> None:
    instance = parse_one("# a comment\n\n0123\n-.?-\n")
    assert instance.grid == Grid(2, 4)
    assert instance.clues == {(0, 0): 0, (0, 1): 1, (0, 2): 2, (0, 3): 3}
    assert instance.unknown == frozenset({(1, 2)})
    assert instance.line == 3


@pytest.mark.parametrize(
    ("text", "size"),
    [
        ("2 3\n- - -\n1 2 3\n", (2, 3)),
        ("1 2\n3 0\n- -\n", (3, 2)),
        ("2 2\n1 -\n", (2, 2)),
        ("1 2\n3 0\n", (1, 2)),
        ("3 10\n" + "-" * 10 + "\n" + "1" * 10 + "\n" + "2" * 10 + "\n", (3, 10)),
    ],
)
def test_header_detection(text: str, size: tuple[int, int]) -> None:
    instance = parse_one(text)
    assert (instance.grid.rows, instance.grid.cols) == size


def test_loopy_game_id() -> None:
    instance = parse_one("3x2t0:1a20b")
    assert instance.grid == Grid(2, 3)
    assert instance.clues == {(0, 0): 1, (0, 2): 2, (1, 0): 0}
    assert instance.unknown == frozenset()


def test_a_clue_4_reads_and_writes_in_every_format() -> None:
    """A 4 (the loop around its cell) is a clue in the grid as in JSON, URLs and Loopy ids."""
    (instance,) = Driver("slitherlink").parse("1 1\n4\n")
    assert instance.clues == {(0, 0): 4}
    assert Driver("slitherlink").parse(to_text(instance))[0].clues == {(0, 0): 4}
    assert parse_one("1x1t0:4\n").clues == {(0, 0): 4}


def test_two_numbers_above_packed_rows_of_two_are_a_header() -> None:
    """'2 2' over rows written without spaces is a header (a row would be written like them); over rows
    with spaces it may be a row of clues."""
    assert parse_one("2 2\n3.\n..\n").grid == Grid(2, 2)
    assert parse_one("2 2\n3 .\n. .\n. .\n").grid == Grid(4, 2)


def test_a_loopy_id_with_one_size_is_square_as_loopy_reads_it() -> None:
    assert parse_one("3t0:2a3b1c\n") == parse_one("3x3t0:2a3b1c\n")
    assert parse_one("3:2a3b1c\n").grid == Grid(3, 3)
    typed = run_cli("slitherlink", "3t0:2a3b1c", "--format", "json")  # a SOURCE on the command line
    assert typed.code == 0 and json.loads(typed.out)["input"]["grid"] == ["2.3", "..1", "..."]


def test_a_final_unknown_clue_gets_the_slash_pzprjs_writes() -> None:
    written = run_cli("slitherlink", "-", "--to-url", stdin="2 3\n1 . .\n. . ?\n")
    assert written.out.strip() == "https://puzz.link/p?slither/3/2/bh./"
    assert parse_one(written.out).unknown == frozenset({(1, 2)})


def test_loopy_game_id_with_difficulty() -> None:
    instance = parse_one("  4x3t0dh:c4f3a  \n")
    assert instance.grid == Grid(3, 4)
    assert instance.clues == {(0, 3): 4, (2, 2): 3}


@pytest.mark.parametrize(
    ("text", "line", "column", "words"),
    [
        ("", 1, 1, "empty input"),
        ("# only a comment\n\n", 1, 1, "empty input"),
        ("1 2\n5 -\n", 2, 1, "clue 5 is not 0-4"),
        ("- 12\n- -\n", 1, 3, "clue 12 is not 0-4"),
        ("- 03\n- -\n", 1, 3, "cell '03' is more than one character"),  # was 'clue 03 is not 0-4', which it is
        ("- 05\n- -\n", 1, 3, "clue 05 is not 0-4"),
        ("2 2\n3.\n..\n..\n", 4, 1, "header says 2 rows but the grid has 3"),
        ("-x-\n", 1, 2, "unknown character 'x'"),
        ("1 -\n- - -\n", 2, 5, "ragged row: 3 cells where the grid has 2"),
        ("1--\n--\n", 2, 3, "ragged row: 2 cells where the grid has 3"),
        ("2 4\n- - - -\n- - -\n", 3, 6, "the header says 4"),
        ("4 2\n- -\n- -\n", 1, 1, "header says 4 rows but the grid has 2"),
        ("2 10\n" + "-" * 10 + "\n" + "-" * 10 + "\n" + "-" * 10 + "\n", 4, 1, "header says 2 rows"),
        ("0 5\n", 1, 1, "empty grid"),
        ("https://puzz.link/p?slither/5/5/cbcBcddad\n", 1, 36, "unknown character 'B'"),
        ("https://puzz.link/p?slither/5/5/cbfbcddad\n", 1, 35, "unknown character 'f'"),
        ("https://puzz.link/p?slither/f/x/5/cbcbcddad\n", 1, 31, "bad width 'x'"),
        ("https://puzz.link/p?slither/5/0/cbcbcddad\n", 1, 31, "bad height '0'"),
        ("https://puzz.link/p?slither/-5/5/cbcbcddad\n", 1, 29, "bad width '-5'"),
        ("https://puzz.link/p?slither/5/-5/cbcbcddad\n", 1, 31, "bad height '-5'"),
        ("https://puzz.link/p?slither/5\n", 1, 30, "URL too short"),
        ("https://puzz.link/p?numlin/5/5/cbcbcddad\n", 1, 21, "puzzle type 'numlin'"),
        ("https://puzz.link/p?slither/q/5/5/cbcbcddad\n", 1, 29, "unknown URL flag 'q'"),
        ("https://puzz.link/slither/5/5/cbcbcddad\n", 1, 1, "not a puzz.link URL"),
        ("https://puzz.link/p?slither/2/1/00\n1 1\n", 2, 1, "not a puzz.link URL"),
        ("3x2t1:1a20b\n", 1, 4, "Loopy grid type t1 (Triangular): only square grids (t0) are supported"),
        ("10x10t11dh:a\n", 1, 6, "Loopy grid type t11 (Penrose kite/dart): only square grids (t0) are supported"),
        ("7x7t16:a\n", 1, 4, "Loopy grid type t16: only square grids (t0) are supported"),
        ("3x2t0:1a20\n", 1, 11, "covers 4 of"),
        ("3x2t0:1a20c\n", 1, 11, "longer than"),
        ("3x2t0:1a50b\n", 1, 9, "clue 5 is not 0-4"),
        ("3x2t0:1a2-b\n", 1, 10, "unknown character '-'"),
        ("3x2t0\n", 1, 6, "needs ':'"),
        ("3x2q:1a20b\n", 1, 1, "bad Loopy parameters"),
        ("1234567890x5t0:aaaa\n", 1, 1, "5 rows x 1,234,567,890 columns is larger than Slitherlink accepts"),
        ("10x10t0dh#12345\n", 1, 10, "a random seed ('#') of Simon Tatham's games (Loopy, Pearl) names no puzzle"),
        ("0x2t0:\n", 1, 1, "empty grid"),
    ],
)
def test_bad_input_is_located(text: str, line: int, column: int, words: str) -> None:
    with pytest.raises(InputError) as caught:
        Driver("slitherlink").parse(text)
    assert (caught.value.line, caught.value.column) == (line, column)
    assert words in caught.value.message
    assert "\n" not in caught.value.message


def test_unwritable_clue_is_refused() -> None:
    with pytest.raises(ValueError, match="clue 5"):
        to_url(SlitherlinkInstance(Grid(1, 1), {(0, 0): 5}))


def test_a_url_body_that_ends_early_leaves_the_rest_blank() -> None:
    """As pzprjs reads it: shared URLs are often cut short."""
    (short,) = Driver("slitherlink").parse("https://puzz.link/p?slither/3/3/g0h")
    assert short.clues == {(0, 1): 0} and short.grid.rows == short.grid.cols == 3
    (bare,) = Driver("slitherlink").parse("https://puzz.link/p?slither/5/5")
    assert bare.clues == {} and bare.grid.size == 25
    result = run_cli("slitherlink", "-", "--count", "2", stdin="https://puzz.link/p?slither/3/3/g0h\n")
    assert result.code == 0 and "Solutions = 2" in result.out


LOOPY_PARAMS_PATTERN = r"(\d{1,100})(?:x(\d{1,100}))?(?:t(\d{1,100}))?(?:d[a-z])?"
"""The grammar of a Loopy id's parameters as a regular expression (a lone N is N x N, as Loopy reads it): the
parser reads them by hand."""


@given(st.text(alphabet="0123456789xtdaz:", max_size=14) | st.from_regex(LOOPY_PARAMS_PATTERN, fullmatch=True))
@example("123456789x987654321t123456789dz")
@example("1234567890x1")
@example("1x1t")
@example("1x1d")
@example("1x1dzz")
@example("10x10t0dh")
@example("1x1t0t0")
def test_loopy_parameters_read_by_hand_follow_the_grammar(params: str) -> None:
    match = re.fullmatch(LOOPY_PARAMS_PATTERN, params, re.ASCII)
    expected = None if match is None else (int(match.group(1)), int(match.group(2) or match.group(1)),
                                           None if match.group(3) is None else int(match.group(3)),
                                           match.start(3) - 1 if match.group(3) is not None else -1)
    assert _loopy_params(params) == expected


@pytest.mark.parametrize(
    ("text", "line", "column"),
    [
        ("3  \n   \n  3\n", 3, 1),  # read as a 2x1 board of two 3s, and solved
        ("3 3\n3 2  \n 1 0 \n  2 3\n", 3, 1),  # read as 3x2 (header ignored as a row), proved unsolvable
        ("3 2 \n 1 0\n", 2, 1),
    ],
)
def test_spaces_for_cells_without_clues_are_refused_not_misread(tmp_path: Path, text: str, line: int,
                                                                column: int) -> None:
    """A grid pasted with a space for each cell without a clue read as another, smaller board (a space separates
    cells): rows indented unlike the board's first row now say so, at the row, exit 2."""
    board = tmp_path / "spaces.txt"
    board.write_text(text)
    result = run_cli("slitherlink", str(board))
    assert result.code == 2, result.out
    assert result.err.startswith(f"satpuzzles: error: {board}:{line}:{column}: ") and "'.' or '-'" in result.err
    assert result.err.count("\n") == 1


def test_a_board_indented_as_a_whole_still_reads() -> None:
    (instance,) = Driver("slitherlink").parse("    3 3\n    3 . .\n    . . .\n    . . 3\n")
    assert instance.grid.rows == instance.grid.cols == 3 and instance.clues == {(0, 0): 3, (2, 2): 3}
    (dense,) = Driver("slitherlink").parse("\t3..\n\t...\n\t..3\n")
    assert dense.clues == instance.clues
