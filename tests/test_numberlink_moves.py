"""The local moves behind the uniqueness reductions (pushes.py, flips.py), their verdicts against plain enumeration,
and the windows searched around the first solution."""

from __future__ import annotations

import random

import pytest

from satpuzzles.core.outcome import Settings
from satpuzzles.geometry import Grid
from satpuzzles.puzzles.numberlink.cover import random_cover
from satpuzzles.puzzles.numberlink.flips import corner_flip, weight
from satpuzzles.puzzles.numberlink.model import NumberlinkInstance, NumberlinkSolution, RuleSet
from satpuzzles.puzzles.numberlink.pushes import push_patterns, reverse_push
from satpuzzles.puzzles.numberlink.unique import windows
from tests.conftest import Driver

PUZZLE = Driver("numberlink")
OPEN, OPEN_NST = RuleSet(fill=False), RuleSet(fill=False, self_touch=False)


def test_a_u_turn_above_a_link_is_pushed_down_onto_it() -> None:
    # B's U-turn opens up, A's link runs below its bump: the reverse push gives A the bump.
    instance = NumberlinkInstance(Grid(3, 2), {(0, 0): "B", (0, 1): "B", (2, 0): "A", (2, 1): "A"}, ("A", "B"))
    solution = NumberlinkSolution({"A": ((2, 0), (2, 1)), "B": ((0, 0), (1, 0), (1, 1), (0, 1))})
    other = reverse_push(instance, solution)
    assert other is not None and PUZZLE.verify(instance, other) == []
    assert other.routes == {"A": ((2, 0), (1, 0), (1, 1), (2, 1)), "B": ((0, 0), (0, 1))}
    assert reverse_push(instance, other) is None  # its U-turn opens down: a push up, the direction kept


def test_a_u_turn_right_of_a_link_is_pushed_left_onto_it() -> None:
    instance = NumberlinkInstance(Grid(2, 3), {(0, 0): "A", (1, 0): "A", (0, 2): "B", (1, 2): "B"}, ("A", "B"))
    solution = NumberlinkSolution({"A": ((0, 0), (1, 0)), "B": ((0, 2), (0, 1), (1, 1), (1, 2))})
    other = reverse_push(instance, solution)
    assert other is not None and PUZZLE.verify(instance, other) == []
    assert other.routes == {"A": ((0, 0), (0, 1), (1, 1), (1, 0)), "B": ((0, 2), (1, 2))}


def test_every_push_moves_a_bump_onto_the_link_one_row_up_or_one_column_right() -> None:
    moves = push_patterns(4, 5)
    assert len(moves) == 2 * 4 + 3 * 3  # bumps in the rows and columns that have a neighbour each side
    for bump, before, after in moves:
        assert bump not in before and bump not in after and len(set(before) | set(after)) == 6
        (a, b), (c, d) = bump, before[2]
        assert (c[0] - a[0], c[1] - a[1]) in ((-1, 0), (0, 1)) and (d[0] - b[0], d[1] - b[1]) in ((-1, 0), (0, 1))
        assert all(u < v for u, v in [bump, *before, *after])


def test_a_corner_flips_to_its_empty_diagonal_cell_unless_that_touches() -> None:
    # A turns at (1,1); its diagonal (0,0) is empty.
    instance = NumberlinkInstance(Grid(3, 3), {(1, 0): "A", (0, 1): "A"}, ("A",))
    bent = NumberlinkSolution({"A": ((1, 0), (1, 1), (0, 1))}, rules=OPEN)
    other = corner_flip(instance, bent, OPEN)
    assert other is not None and other.routes["A"] == ((1, 0), (0, 0), (0, 1))
    assert PUZZLE.verify(instance, other) == [] and weight((0, 0)) < weight((1, 1))
    # A hook round the empty centre: either corner flipped into it would put the path beside itself.
    instance = NumberlinkInstance(Grid(3, 3), {(0, 0): "A", (2, 1): "A"}, ("A",))
    hook = NumberlinkSolution({"A": ((0, 0), (0, 1), (0, 2), (1, 2), (2, 2), (2, 1))}, rules=OPEN_NST)
    assert PUZZLE.verify(instance, hook) == []
    assert corner_flip(instance, hook, OPEN_NST) is None
    assert corner_flip(instance, hook, OPEN) is not None


def covered_board(rows: int, cols: int, seed: int) -> NumberlinkInstance:
    """The ends of a random cover's paths: solvable under fill, under open often not unique."""
    rng = random.Random(seed)
    paths = random_cover(Grid(rows, cols), rng)
    labels = tuple(str(i + 1) for i in range(len(paths)))
    givens = {cell: label for label, path in zip(labels, paths) for cell in (path[0], path[-1])}
    return NumberlinkInstance(Grid(rows, cols), givens, labels)


@pytest.mark.parametrize("seed", range(30))
def test_uniqueness_under_each_rule_set_agrees_with_the_plain_enumeration(seed: int) -> None:
    instance = covered_board(5 + seed % 2, 5 + seed % 3, 1000 + seed)
    for rules in (RuleSet(), OPEN, OPEN_NST):
        extras = {"rules": rules.name, "no_self_touch": not rules.self_touch}
        fast = PUZZLE.solve(instance, Settings(unique=True, extras=extras))
        plain = PUZZLE.solve(instance, Settings(unique=True, method="cnf", extras=extras))
        assert fast.status == plain.status
        assert fast.uniqueness(Settings(unique=True)) is plain.uniqueness(Settings(unique=True))
        for solution in fast.solutions:
            assert PUZZLE.verify(instance, solution) == [] and solution.rules == rules


@pytest.mark.parametrize(("rows", "cols"), [(5, 5), (10, 10), (14, 14), (14, 24), (17, 17), (25, 42)])
def test_windows_cover_the_board_smallest_first_but_never_the_whole_board(rows: int, cols: int) -> None:
    found = windows(Grid(rows, cols))
    assert (0, 0, rows, cols) not in found  # the whole board is searched afterwards, without S's phases
    areas = [(bottom - top) * (right - left) for top, left, bottom, right in found]
    assert areas == sorted(areas)
    if found:
        assert {(r, c) for top, left, bottom, right in found for r in range(top, bottom)
                for c in range(left, right)} == {(r, c) for r in range(rows) for c in range(cols)}
