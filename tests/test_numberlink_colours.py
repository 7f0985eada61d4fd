"""Numberlink's terminal colours: touching paths never share one (on 256 or 16 colours); Flow Free boards keep its own."""

from __future__ import annotations

import pytest

import satpuzzles
from satpuzzles.present.styles import FLOW_FREE, PALETTE, sixteen_colours
from satpuzzles.puzzles.numberlink.colours import path_styles, touching
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
    from satpuzzles.present.styles import FLOW_FREE
    from satpuzzles.puzzles.numberlink.svg import FLOW_COLOURS

    assert set(FLOW_FREE) == set(FLOW_COLOURS)
