"""The paths block's per-shape layout (constraints/path_layout.py): formulas of one shape share its clause lists,
and none of them may change another's; its walk reads routes as path_layout.trace does."""

from __future__ import annotations

import random
from collections import defaultdict
from pathlib import Path

import pytest

from satpuzzles.constraints import path_layout
from satpuzzles.constraints.paths import trace
from satpuzzles.core import registry
from satpuzzles.io.reading import read_instances
from satpuzzles.puzzles.numberlink.encoding import NumberlinkEncoding
from satpuzzles.puzzles.numberlink.model import NumberlinkInstance, RuleSet

JANKO = Path(__file__).resolve().parent.parent / "instances" / "numberlink" / "janko-arukone" / "janko.txt"
RULE_SETS = [RuleSet(fill, self_touch) for fill in (True, False) for self_touch in (True, False)]


def same_shape_puzzles(count: int) -> list[NumberlinkInstance]:
    """``count`` janko puzzles of one board shape and colour width (the most common one)."""
    by_shape: dict[tuple[int, int, int], list[NumberlinkInstance]] = defaultdict(list)
    for instance in read_instances(registry.get("numberlink"), JANKO.read_text()):
        by_shape[(instance.grid.rows, instance.grid.cols, (len(instance.labels) - 1).bit_length())].append(instance)
    largest = max(by_shape.values(), key=len)
    assert len(largest) >= count and largest[0].grid.size <= path_layout.LAYOUT_CACHE_CELLS
    return largest[:count]


def clauses(instance: NumberlinkInstance, strengthened: bool, rules: RuleSet) -> list[list[int]]:
    """A copy of the clauses of ``instance``'s encoding."""
    return [list(clause) for clause in NumberlinkEncoding(instance, strengthened, rules).formula.clauses]


@pytest.mark.parametrize("rules", RULE_SETS, ids=str)
@pytest.mark.parametrize("strengthened", [True, False])
def test_a_formula_is_the_same_whether_its_shape_was_built_before_or_not(strengthened: bool, rules: RuleSet) -> None:
    first, second, third = same_shape_puzzles(3)
    path_layout._kept_layout.cache_clear()
    cold = [clauses(puzzle, strengthened, rules) for puzzle in (first, second, third)]
    warm = [clauses(puzzle, strengthened, rules) for puzzle in (third, second, first)][::-1]
    assert warm == cold
    assert cold[0] != cold[1]  # they are different puzzles: the comparison could fail
    path_layout._kept_layout.cache_clear()
    assert clauses(second, strengthened, rules) == cold[1]


def board(side: int, labels: list[tuple[tuple[int, int], str]]) -> NumberlinkInstance:
    """A ``side`` x ``side`` board with ``labels`` placed."""
    rows = [["."] * side for _ in range(side)]
    for (r, c), label in labels:
        rows[r][c] = label
    return read_instances(registry.get("numberlink"), "\n".join("".join(row) for row in rows) + "\n")[0]


@pytest.mark.parametrize("rules", RULE_SETS, ids=str)
def test_the_last_larger_board_keeps_its_layout_and_its_formulas_do_not_change(rules: RuleSet) -> None:
    side = 33  # 1,089 cells: above LAYOUT_CACHE_CELLS, within LAST_LAYOUT_CELLS
    assert path_layout.LAYOUT_CACHE_CELLS < side * side <= path_layout.LAST_LAYOUT_CELLS
    first = board(side, [((0, 0), "1"), ((32, 32), "1"), ((5, 7), "2"), ((20, 3), "2")])
    second = board(side, [((1, 1), "1"), ((30, 2), "1"), ((9, 9), "2"), ((2, 28), "2"), ((16, 16), "3"), ((0, 31), "3")])
    path_layout._last_layout.cache_clear()
    cold = [clauses(puzzle, True, rules) for puzzle in (first, second)]
    kept = path_layout._last_layout.cache_info()
    warm = [clauses(puzzle, True, rules) for puzzle in (second, first)][::-1]
    assert warm == cold and cold[0] != cold[1]
    assert path_layout._last_layout.cache_info().hits > kept.hits  # the second round used the kept layout
    clauses(board(34, [((0, 0), "1"), ((33, 33), "1")]), True, rules)  # another shape takes its place
    assert path_layout._last_layout.cache_info().currsize == 1
    assert clauses(first, True, rules) == cold[0]


@pytest.mark.parametrize("seed", range(40))
def test_the_layout_walk_reads_the_routes_and_cycles_trace_reads(seed: int) -> None:
    rng = random.Random(seed)
    rows, cols = rng.randint(1, 7), rng.randint(2, 7)
    layout = path_layout.PathLayout(rows, cols, 1, 1 + rows * (cols - 1))
    degree: dict[tuple[int, int], int] = defaultdict(int)
    used = []
    for index in sorted(rng.sample(range(len(layout.pairs)), rng.randint(0, len(layout.pairs)))):
        u, v = layout.pairs[index]
        if degree[u] < 2 and degree[v] < 2:  # a model's links: at most two at a cell
            used.append(index)
            degree[u] += 1
            degree[v] += 1
    cells = layout.cells
    ends = {str(label): (a, b) for label, (a, b) in enumerate(zip(rng.sample(cells, 2), rng.sample(cells, 2)))}
    routes, loops = layout.walk([a for a, _ in ends.values()], used)
    expected = trace(ends, [layout.pairs[index] for index in used])
    assert (dict(zip(ends, routes)), tuple(loops)) == (expected.routes, expected.loops)
