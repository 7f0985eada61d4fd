"""Fill-rule uniqueness by the 2-opt reduction (puzzles/numberlink/twoopt.py) agrees with the plain enumeration."""

from __future__ import annotations

import random

import pytest

from satpuzzles.core.outcome import Settings
from satpuzzles.geometry import Grid
from satpuzzles.puzzles.numberlink.cover import random_cover
from satpuzzles.puzzles.numberlink.model import NumberlinkInstance, NumberlinkSolution, RuleSet
from satpuzzles.puzzles.numberlink.twoopt import reverse_move
from tests.conftest import Driver

PUZZLE = Driver("numberlink")
FILL = Settings(unique=True)
PLAIN = Settings(unique=True, method="cnf")


def test_the_reverse_move_rewires_two_horizontal_steps_in_the_same_direction() -> None:
    # 3x3, one path from the corner round the board into the centre: (0,0)->(0,1) and (1,0)->(1,1) both go right.
    instance = NumberlinkInstance(Grid(3, 3), {(0, 0): "A", (1, 1): "A"}, ("A",))
    around = NumberlinkSolution({"A": ((0, 0), (0, 1), (0, 2), (1, 2), (2, 2), (2, 1), (2, 0), (1, 0), (1, 1))})
    other = reverse_move(around)
    assert other is not None
    assert other.routes["A"] == ((0, 0), (1, 0), (2, 0), (2, 1), (2, 2), (1, 2), (0, 2), (0, 1), (1, 1))
    assert PUZZLE.verify(instance, other) == [] and other.links() != around.links()
    assert reverse_move(other) is None  # its two same-direction steps are vertical now
    outcome = PUZZLE.solve(instance, FILL)
    assert outcome.uniqueness(FILL) is False and len({s.links().__len__() for s in outcome.solutions}) == 1


def test_a_zigzag_has_no_reverse_move() -> None:
    zigzag = NumberlinkSolution({"A": ((0, 0), (0, 1), (1, 1), (1, 0), (2, 0), (2, 1))})
    assert reverse_move(zigzag) is None


def covered_board(size: int, seed: int) -> NumberlinkInstance:
    """A board whose pairs are the ends of a random cover's paths: solvable under fill, often not unique."""
    grid = Grid(size, size)
    paths = random_cover(grid, random.Random(seed))
    labels = tuple(str(i + 1) for i in range(len(paths)))
    givens = {cell: label for label, path in zip(labels, paths) for cell in (path[0], path[-1])}
    return NumberlinkInstance(grid, givens, labels)


@pytest.mark.parametrize("seed", range(40))
def test_fill_uniqueness_agrees_with_the_plain_enumeration(seed: int) -> None:
    instance = covered_board(5 + seed % 3, seed)
    fast = PUZZLE.solve(instance, FILL)
    plain = PUZZLE.solve(instance, PLAIN)
    assert fast.status == plain.status == "solved"
    assert fast.uniqueness(FILL) is plain.uniqueness(PLAIN) is not None
    for solution in fast.solutions:
        assert PUZZLE.verify(instance, solution) == [] and solution.rules == RuleSet()
    if fast.uniqueness(FILL) is False:
        assert fast.solutions[0].links() != fast.solutions[1].links()
