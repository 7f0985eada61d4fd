"""Numberlink's terminal colours: touching paths never share one (on 256 or 16 colours); Flow Free boards keep its own."""

from __future__ import annotations

import pytest

import satpuzzles
from satpuzzles.present.styles import PALETTE, sixteen_colours
from satpuzzles.puzzles.numberlink.colours import FLOW_FREE, path_styles, touching
from tests.conftest import INSTANCES, run_cli

BOARDS = [INSTANCES / "numberlink" / "seed" / name for name in ("instance_1.txt", "instance_5.txt", "instance_7.txt", "instance_11.txt")]


WRAPPED = "\n".join(["1,2,3,4,5,6,7,8,9,10", ",".join("." * 10), ".,2,3,4,5,6,7,8,9,10", ",".join("." * 9) + ",1"])
"""Path 1 runs down and under the nine others: in label order, 1 and 10 would share a 16-colour stand-in."""


@pytest.mark.parametrize("path", [*BOARDS, WRAPPED], ids=lambda path: getattr(path, "name", "wrapped"))
def test_touching_paths_differ_on_any_terminal(path) -> None:
    puzzle = satpuzzles.load(path, puzzle="numberlink")
    solution = puzzle.solve().solution
    styles = path_styles(puzzle.instance, solution)
    near = touching(puzzle.instance, solution)
    assert any(near.values()) and set(styles.values()) <= set(PALETTE)
    for label, others in near.items():
        for other in others:
            assert styles[label] != styles[other] and sixteen_colours(styles[label]) != sixteen_colours(styles[other])


def test_flow_free_letters_get_flow_free_colours() -> None:
    puzzle = satpuzzles.load("R.G\n...\nR.G\n", puzzle="numberlink")
    assert path_styles(puzzle.instance, puzzle.solve().solution) == {"R": FLOW_FREE["R"][0], "G": FLOW_FREE["G"][0]}
    arukone = satpuzzles.load("A.B\n...\nA.B\n", puzzle="numberlink")  # letters, but no Flow Free level
    assert path_styles(arukone.instance, None) == {"A": PALETTE[0], "B": PALETTE[1]}


def test_the_terminal_and_the_picture_know_the_same_flow_free_letters() -> None:
    from satpuzzles.puzzles.numberlink.svg import FLOW_COLOURS

    assert set(FLOW_FREE) == set(FLOW_COLOURS)


WIDE = "\n".join([",".join(map(str, range(1, 15))), ",".join("." * 14), ".," + ",".join(map(str, range(2, 15))),
                  ",".join("." * 13) + ",1"])
"""WRAPPED with 14 paths: path 1 touches every other, 14 among them, which the 14th colour of a palette of 13 in
label order gave path 1's colour."""


@pytest.mark.parametrize("board", [WRAPPED, WIDE], ids=["wrapped", "wide"])
def test_the_picture_colours_paths_as_the_terminal_does(board: str, tmp_path) -> None:
    import xml.etree.ElementTree as ET

    from satpuzzles.puzzles.numberlink.svg import COLOURS

    puzzle = satpuzzles.load(board, puzzle="numberlink")
    result = puzzle.solve()
    root = ET.fromstring(result.svg())
    drawn = {path.find("{http://www.w3.org/2000/svg}title").text.removeprefix("path "): path.get("stroke")
             for path in root.iter("{http://www.w3.org/2000/svg}path") if path.get("class") == "route"}
    terminal = path_styles(puzzle.instance, result.solution)
    assert drawn == {label: COLOURS[PALETTE.index(style)] for label, style in terminal.items()}
    near = touching(puzzle.instance, result.solution)
    assert all(drawn[label] != drawn[other] for label, others in near.items() for other in others)


def test_the_picture_has_a_colour_for_every_terminal_colour() -> None:
    from satpuzzles.puzzles.numberlink.svg import COLOURS

    assert len(COLOURS) == len(PALETTE) == len(set(COLOURS))


def test_flow_free_colours_have_their_stand_ins_on_a_sixteen_colour_terminal() -> None:
    assert {sixteen_colours(f"bold {style}") for style, _ in FLOW_FREE.values()} == \
        {f"bold {stand_in}" for _, stand_in in FLOW_FREE.values()}


TWO_WAYS = """12 12
. . . . 1 2 . . . . 3 .
1 4 5 . . . 5 . 6 . 2 3
7 . 8 . . . . . 9 . . .
. 4 10 . 10 8 6 . . 9 11 11
. 12 . . . 13 14 . 15 16 17 .
. . . 13 18 . . . . . 19 .
7 . . 18 . . . . . . . .
. . 12 14 . . 15 . . . . .
20 21 . . . 16 . . . . . 22
. . . . . 23 17 . . 19 . .
20 24 25 . . . 23 . . . . .
25 . . 24 21 22 . . . . . .
"""
"""A generated board (seed 11) with two solutions under the open rule whose touching paths differ: coloured each by
itself, labels 11, 12, 13, 21 and 22 changed colour from the first board to the second."""


def test_unique_shows_each_label_in_one_colour_on_both_boards(tmp_path) -> None:
    import re
    import xml.etree.ElementTree as ET

    picture = tmp_path / "two.svg"
    result = run_cli("numberlink", "-", "--rules", "open", "--unique", "--colour", "always", "--svg", picture,
                     stdin=TWO_WAYS)
    assert result.code == 0 and "Solution 2:" in result.out, result.err
    terminal = []  # each board's label -> the style of its endpoints (bold reverse)
    for board in result.out.split("Solution ")[1:]:
        ends = re.findall(r"\x1b\[1;7;([\d;]+)m[─│ ]*(\w+)\x1b\[0m", board)
        terminal.append(dict((label, style) for style, label in ends))
    assert len(terminal) == 2 and len(terminal[0]) == 25 and terminal[0] == terminal[1]
    ns = "{http://www.w3.org/2000/svg}"
    drawn = [{path.find(f"{ns}title").text.removeprefix("path "): path.get("stroke")
              for path in board.iter(f"{ns}path") if path.get("class") == "route"}
             for board in ET.parse(picture).getroot().findall(f"{ns}svg")]  # the two boards, side by side
    assert len(drawn) == 2 and len(drawn[0]) == 25 and drawn[0] == drawn[1]
    puzzle = satpuzzles.load(TWO_WAYS, puzzle="numberlink")
    for solution in puzzle.solve(unique=True, rules="open").solutions:  # touching paths apart on each board
        near = touching(puzzle.instance, solution)
        assert all(drawn[0][label] != drawn[0][other] for label, others in near.items() for other in others)
        assert all(terminal[0][label] != terminal[0][other] for label, others in near.items() for other in others)
