"""Slitherlink's variants against brute force: the "visit every dot" rule (puzz.link's ``f``), ``?`` clue marks and
clues of 4, on boards up to 3x4 with random clues: solutions (``--count``), ``--unique``, ``--analyze``'s forced
edges and ``--explain``'s conflict (unsolvable under the variant's rule, and minimal).

tests/test_slitherlink.py and tests/test_analysis.py draw plain boards of clues 0-3 only; a solver that ignored
the variant's rule or mishandled a ``?`` would pass those.
"""

from __future__ import annotations

import random

import pytest

from satpuzzles.core.outcome import Settings
from satpuzzles.geometry import Cell, Edge, Grid
from satpuzzles.puzzles.slitherlink.model import SlitherlinkInstance
from tests.conftest import Driver
from tests.test_analysis import single_loops

PUZZLE = Driver("slitherlink")


def solutions(instance: SlitherlinkInstance, clues: dict[Cell, int] | None = None) -> set[frozenset[Edge]]:
    """Every loop that keeps ``clues`` (the instance's by default) and, under visit_all, passes every dot."""
    grid = instance.grid
    clues = instance.clues if clues is None else clues
    dots = (grid.rows + 1) * (grid.cols + 1)
    return {loop for loop in single_loops(grid.rows, grid.cols)
            if all(sum(edge in loop for edge in grid.cell_edges(cell)) == k for cell, k in clues.items())
            and (not instance.visit_all or len(loop) == dots)}  # a loop of n edges passes n dots


def board(seed: int) -> SlitherlinkInstance:
    """A random board up to 3x4: clues read off a random loop (one in ten changed, 4 allowed), some '?' marks, and
    the visit-every-dot rule on every other board (its loop then drawn from those that visit every dot, if any)."""
    rng = random.Random(seed)
    rows, cols = rng.choice([(2, 2), (2, 3), (3, 2), (3, 3), (3, 4), (4, 3), (2, 4), (1, 4)])
    grid = Grid(rows, cols)
    visit_all = seed % 2 == 0
    loops = sorted(single_loops(rows, cols), key=sorted)
    everywhere = [loop for loop in loops if len(loop) == (rows + 1) * (cols + 1)]
    loop = rng.choice(everywhere if visit_all and everywhere else loops)
    clues: dict[Cell, int] = {}
    unknown: set[Cell] = set()
    share = rng.random()
    for cell in grid.cells():
        draw = rng.random()
        if draw < share:
            clues[cell] = rng.randint(0, 4) if rng.random() < 0.1 else sum(e in loop for e in grid.cell_edges(cell))
        elif draw < share + 0.15:
            unknown.add(cell)
    return SlitherlinkInstance(grid, clues, frozenset(unknown), visit_all)


BOARDS = [board(seed) for seed in range(60)]


def test_the_boards_cover_the_variants() -> None:
    assert sum(b.visit_all and bool(solutions(b)) for b in BOARDS) >= 5
    assert sum(not solutions(b) for b in BOARDS) >= 5
    assert sum(len(solutions(b)) > 1 for b in BOARDS) >= 5
    assert sum(bool(b.unknown) for b in BOARDS) >= 20
    assert any(4 in b.clues.values() for b in BOARDS)


@pytest.mark.parametrize("instance", BOARDS, ids=range(len(BOARDS)))
def test_count_unique_analyze_and_explain_agree_with_brute_force(instance: SlitherlinkInstance) -> None:
    expected = solutions(instance)
    counted = PUZZLE.solve(instance, Settings(count=1000))
    assert counted.status == ("solved" if expected else "unsolvable")
    assert {s.edges for s in counted.solutions} == expected and counted.exhausted
    assert all(PUZZLE.verify(instance, s) == [] for s in counted.solutions)

    unique = Settings(unique=True)
    outcome = PUZZLE.solve(instance, unique)
    if expected:
        assert outcome.uniqueness(unique) is (len(expected) == 1)

    analysis = PUZZLE.solve(instance, Settings(analyze=True)).analysis
    if expected:
        assert analysis is not None
        for edge in instance.grid.edges():
            made = {edge in loop for loop in expected}
            want = "undetermined" if len(made) == 2 else "true" if made == {True} else "false"
            assert analysis.states()[edge] == want, edge
    else:
        assert analysis is None

    explained = PUZZLE.solve(instance, Settings(explain=True))
    if expected:
        assert explained.explanation is None
        return
    conflict = explained.explanation
    assert conflict is not None and set(conflict) <= set(instance.clues)
    kept = {cell: instance.clues[cell] for cell in conflict}
    assert not solutions(instance, kept)
    for cell in conflict:
        assert solutions(instance, {c: k for c, k in kept.items() if c != cell}), f"{cell} is not needed"
