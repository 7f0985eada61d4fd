"""--analyze's one-cell moves for Slitherlink: every solution they reach keeps the rules, and they set edges aside."""

from __future__ import annotations

import random

import pytest

from satpuzzles.core.outcome import Settings, SolveStats
from satpuzzles.geometry import Grid
from satpuzzles.puzzles.slitherlink.model import SlitherlinkInstance, SlitherlinkSolution, verify
from satpuzzles.puzzles.slitherlink.witnesses import seek_witnesses
from tests.test_analysis import single_loops


@pytest.mark.parametrize("seed", range(12))
def test_every_move_reaches_a_solution_and_only_flipped_keys_leave(seed: int) -> None:
    rng = random.Random(seed)
    grid = Grid(4, 4)
    first = rng.choice(single_loops(4, 4))
    clues = {cell: sum(edge in first for edge in grid.cell_edges(cell))
             for cell in rng.sample(list(grid.cells()), rng.randint(0, 5))}
    instance = SlitherlinkInstance(grid, clues)
    left = set(grid.edges())
    reached: list[frozenset] = []

    def found(solution: SlitherlinkSolution) -> None:
        assert verify(instance, solution) == []
        reached.append(solution.edges)
        left.difference_update(first ^ solution.edges)

    assert seek_witnesses(instance, Settings(), SlitherlinkSolution(first), left, found, SolveStats()) == set()
    assert all(edges != first for edges in reached)
    assert left == set(grid.edges()) - set().union(*(first ^ edges for edges in reached))


def test_a_clue_free_board_is_walked_almost_everywhere() -> None:
    grid = Grid(6, 6)
    first = frozenset(edge for edge in grid.edges() if edge in {("h", 2, 2), ("v", 2, 3), ("h", 3, 2), ("v", 2, 2)})
    left = set(grid.edges())
    seek_witnesses(SlitherlinkInstance(grid, {}), Settings(), SlitherlinkSolution(first), left,
                   lambda solution: left.difference_update(first ^ solution.edges), SolveStats())
    assert len(left) < len(grid.edges()) // 4


def test_the_visit_every_dot_variant_is_left_to_the_sat_questions() -> None:
    grid = Grid(2, 2)
    first = frozenset(edge for edge in grid.edges() if ("h", 1, 0) != edge != ("h", 1, 1)
                      and ("v", 0, 1) != edge != ("v", 1, 1))
    calls: list[SlitherlinkSolution] = []
    seek_witnesses(SlitherlinkInstance(grid, {}, visit_all=True), Settings(), SlitherlinkSolution(first),
                   set(grid.edges()), calls.append, SolveStats())
    assert calls == []
