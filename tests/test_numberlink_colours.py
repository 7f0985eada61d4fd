"""Numberlink's terminal colours: touching paths never share one (on 256 or 16 colours); Flow Free boards keep its own."""

from __future__ import annotations

import pytest

import satpuzzles
from satpuzzles.present.styles import PALETTE, sixteen_colours
from satpuzzles.puzzles.numberlink.colours import FLOW_FREE, path_styles, touching
from tests.conftest import INSTANCES

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
