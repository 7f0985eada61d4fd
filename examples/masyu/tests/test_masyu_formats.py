"""Masyu input formats: the grid, puzz.link URLs (checked against pzprjs' packing), JSON; located errors."""

from __future__ import annotations

import json
import random

import pytest
from satpuzzles_masyu import SPEC
from satpuzzles_masyu.formats import from_json, to_json, to_text
from satpuzzles_masyu.model import MasyuInstance
from satpuzzles_masyu.url import to_url

from satpuzzles.core.errors import InputError
from satpuzzles.geometry import Grid
from satpuzzles.io.reading import read_instances

PZPRJS = "https://puzz.link/p?mashu/6/6/1063000i3000"
PZPRJS_CIRCLES = {(0, 2): "w", (1, 1): "b", (1, 4): "w", (3, 3): "b", (4, 1): "w"}
"""pzprjs' file form of the same board (test/script/mashu.js) has qnum 1 (white) and 2 (black) at these cells."""


def read(text: str, input_format: str = "auto") -> list[MasyuInstance]:
    """Every instance in ``text``."""
    return read_instances(SPEC, text, input_format)


def same(a: MasyuInstance, b: MasyuInstance) -> bool:
    """Same board, circles and variant (the source line aside)."""
    return (a.grid, a.circles, a.visit_all) == (b.grid, b.circles, b.visit_all)


@pytest.mark.parametrize("text", [
    "3 4\nw..b\n....\n.B.W\n",
    "w..b\n....\n.B.W\n",
    "w - - b\n- - - -\n- b - w\n",
    "# a comment\n\n3 4\nw . . b\n\n. . . .\n. b . w\n",
])
def test_grid_variants_read_alike(text: str) -> None:
    (instance,) = read(text)
    assert instance.grid == Grid(3, 4)
    assert instance.circles == {(0, 0): "w", (0, 3): "b", (2, 1): "b", (2, 3): "w"}


@pytest.mark.parametrize(("text", "where", "message"), [
    ("..x\n...\n", (1, 3), "unknown character 'x'"),
    ("w b\nw bb\n", (2, 3), "cell 'bb' is more than one character"),
    ("...\n..\n", (2, 3), "ragged row: 2 cells where the first row has 3"),
    ("2 3\n...\n....\n", (3, 4), "ragged row: 4 cells where the header says 3"),
    ("3 3\n...\n...\n", (1, 1), "header says 3 rows but the grid has 2"),
    ("1 3\n...\n...\n", (3, 1), "header says 1 row but the grid has 2"),
    ("0 3\n", (1, 1), "empty grid"),
    ("2 2\n", (1, 4), "the header is not followed by any grid row"),
    ("# nothing\n", (1, 1), "empty input"),
    ("3\n", (1, 1), "unknown character '3'"),
    ("https://puzz.link/p?mashu/3/3/0z0", (1, 32), "unknown character 'z' in URL body"),
    ("https://puzz.link/p?mashu/3/3/0!0", (1, 32), "unknown character '!' in URL body"),
    ("https://puzz.link/p?slither/3/3/000", (1, 21), "not a Masyu URL"),
    ("https://puzz.link/p?mashu/3/0/000", (1, 29), "bad height '0'"),
    ("https://puzz.link/p?mashu/g/3/3/000", (1, 27), "unknown URL flag 'g'"),
    ("https://puzz.link/p?mashu/v:/3/3/0z0", (1, 35), "unknown character 'z' in URL body"),
    ("https://puzz.link/p?mashu/v:abc/q/3/3/000", (1, 33), "unknown URL flag 'q'"),
    ('{"width": 2, "height": 1, "grid": ["wx"]}', (1, 1), "JSON input.grid[0]: unknown character 'x'"),
    ('{"width": 2, "height": 2, "grid": ["ww"]}', (1, 1), "expected 2 rows (the height), found 1 row"),
    ('{"width": 2, "height": 1, "grid": ["ww"], "visit_all": 1}', (1, 1), "input.visit_all: expected true or false"),
    ('{"puzzle": "slitherlink", "input": {}}', (1, 1), "describes a 'slitherlink' puzzle"),
])
def test_errors_are_located(text: str, where: tuple[int, int], message: str) -> None:
    with pytest.raises(InputError) as caught:
        read(text)
    assert (caught.value.line, caught.value.column) == where
    assert message in caught.value.message and "\n" not in str(caught.value)


def test_the_pzprjs_url_decodes_to_its_circles_and_back() -> None:
    (instance,) = read(PZPRJS)
    assert instance.grid == Grid(6, 6) and instance.circles == PZPRJS_CIRCLES and not instance.visit_all
    assert to_url(instance) == PZPRJS


def test_the_circle_packing_is_pzprjs_base_27() -> None:
    # genericEncodeTriple: three cells per digit worth 9, 3, 1; pass.toString(27); a last short group padded with 0.
    board = MasyuInstance(Grid(3, 3), {(0, 0): "w", (0, 1): "b", (1, 0): "b", (1, 1): "b", (1, 2): "b", (2, 2): "w"})
    assert to_url(board) == "https://puzz.link/p?mashu/3/3/fq1"
    assert to_url(MasyuInstance(Grid(2, 2), {(0, 0): "w", (1, 1): "b"})) == "https://puzz.link/p?mashu/2/2/9i"
    (again,) = read("https://puzz.link/p?mashu/2/2/9I")
    assert again.circles == {(0, 0): "w", (1, 1): "b"}


@pytest.mark.parametrize("url", [
    "http://pzv.jp/p.html?mashu/6/6/1063000i3000",
    "https://puzz.link/p?masyu/6/6/1063000i3000",
    "https://puzz.link/p?pearl/6/6/1063000i3000",
    "https://puzz.link/p?mashu_edit/6/6/1063000i3000",
    "https://puzz.link/p?mashu/v:/6/6/1063000i3000",
    "https://puzz.link/p?mashu/6/6/1063000i3000/",
    "https://puzz.link/p?mashu/6/6/1063000i3",  # cut short: pzprjs leaves the other cells blank
    "  https://puzz.link/p?mashu/6/6/1063000i3000  ",
])
def test_hosts_aliases_and_variants_read_alike(url: str) -> None:
    (instance,) = read(url)
    assert instance.circles == PZPRJS_CIRCLES and to_url(instance) == PZPRJS


def test_the_f_flag_asks_for_every_cell() -> None:
    (instance,) = read("https://puzz.link/p?mashu/f/4/4/000000")
    assert instance.visit_all and to_url(instance) == "https://puzz.link/p?mashu/f/4/4/000000"
    with pytest.raises(ValueError, match="cannot say that the loop visits every cell"):
        to_text(instance)


def test_a_file_of_urls_is_a_collection() -> None:
    instances = read(f"{PZPRJS}\n\n# another\nhttps://puzz.link/p?mashu/2/2/9i\n")
    assert [i.line for i in instances] == [1, 4] and instances[1].grid == Grid(2, 2)


def random_board(rng: random.Random) -> MasyuInstance:
    """Any board: random size and circles, sometimes the every-cell variant."""
    grid = Grid(rng.randint(1, 9), rng.randint(1, 9))
    circles = {cell: rng.choice("wb") for cell in grid.cells() if rng.random() < 0.3}
    return MasyuInstance(grid, circles, visit_all=rng.random() < 0.2)


@pytest.mark.parametrize("seed", range(30))
def test_round_trips(seed: int) -> None:
    instance = random_board(random.Random(seed))
    (by_url,) = read(to_url(instance))
    (by_json,) = read(json.dumps({"puzzle": "masyu", "input": to_json(instance)}))
    assert same(by_url, instance) and same(by_json, instance)
    assert same(from_json(json.loads(json.dumps(to_json(instance))), 1, 1), instance)
    if not instance.visit_all:
        (by_text,) = read(to_text(instance))
        assert same(by_text, instance)


PEARL = "6x6:bWdBbWjBcWj"
"""pzprjs' test board (PZPRJS) as Simon Tatham's Pearl writes it: B black, W white, a-z runs of empty cells."""


@pytest.mark.parametrize("game_id", [PEARL, "6x6dt:bWdBbWjBcWj", "6dtn:bWdBbWjBcWj", "  6x6de:bWdBbWjBcWj  "])
def test_a_pearl_game_id_is_the_board_its_url_is(game_id: str) -> None:
    (pearl,) = read(game_id)
    (url,) = read(PZPRJS)
    assert same(pearl, url)


@pytest.mark.parametrize(("game_id", "column", "words"), [
    ("6x6:bWdBbWjBcWjz", 16, "Pearl description is longer than the 6x6 = 36 cells"),
    ("6x6:bWdBbWjBcW", 15, "Pearl description is too short: it covers 26 of the 6x6 = 36 cells"),
    ("6x6:bWdBbWjB2Wj", 13, "unknown character '2' in Pearl description: expected B, W or a-z"),
    ("0x6:j", 1, "empty grid: Pearl size 0x6 has no cells"),
])
def test_a_broken_pearl_game_id_is_a_located_error(game_id: str, column: int, words: str) -> None:
    with pytest.raises(InputError) as raised:
        read(game_id, "pearl")
    assert (raised.value.line, raised.value.column, raised.value.message) == (1, column, words)


@pytest.mark.parametrize("source", ["5 5\n.....\nw..b.\n.....\nw....\n..w..\n", PZPRJS, PZPRJS.replace("mashu/", "mashu/f/")])
def test_the_api_text_of_a_masyu_reads_back_as_the_same_puzzle(source: str) -> None:
    # It was the report's drawing of circles, which the grid reader refuses at 1:1; 'visits every cell' needs the URL.
    import satpuzzles

    puzzle = satpuzzles.load(source, puzzle="masyu")
    again = satpuzzles.load(puzzle.text(), puzzle="masyu")
    assert same(again.instance, puzzle.instance)
    assert puzzle.text().startswith("https://puzz.link/p?mashu/f/") == puzzle.instance.visit_all
