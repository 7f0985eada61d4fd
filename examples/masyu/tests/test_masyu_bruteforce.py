"""Masyu: SAT answers and the verifier against brute force over every loop of small boards."""

from __future__ import annotations

import json
import random

import pytest
from masyu_testing import all_loops, brute_force, keeps_rules, random_instance, run_cli, solve_masyu
from satpuzzles_masyu.formats import to_json
from satpuzzles_masyu.model import MasyuInstance, MasyuSolution, verify

from satpuzzles.core.outcome import Settings
from satpuzzles.geometry import Grid

SIZES = [(r, c) for r in range(1, 5) for c in range(1, 5)] + [(3, 5), (2, 6)]
CASES = [(seed, *SIZES[seed % len(SIZES)]) for seed in range(360)]
LARGER = [(4, 5), (5, 5), (3, 6), (4, 6)]


def test_the_loop_enumeration_knows_the_grid_graph_cycle_counts() -> None:
    # Simple cycles of the m x n grid graph (OEIS A140517 for n x n; the 4 x 4 dot lattice of Slitherlink 3 x 3).
    assert [len(all_loops(n, n)) for n in range(1, 6)] == [0, 1, 13, 213, 9349]
    assert len(all_loops(2, 6)) == 15 and len(all_loops(1, 5)) == 0


@pytest.mark.parametrize(("seed", "rows", "cols"), CASES)
def test_solutions_agree_with_brute_force(seed: int, rows: int, cols: int) -> None:
    instance = random_instance(random.Random(seed), rows, cols)
    expected = brute_force(instance)
    outcome = solve_masyu(instance, Settings(count=len(expected) + 1))
    assert outcome.status == ("solved" if expected else "unsolvable")
    assert {solution.edges for solution in outcome.solutions} == expected
    assert outcome.exhausted
    unique = solve_masyu(instance, Settings(unique=True))
    assert unique.uniqueness(Settings(unique=True)) == (len(expected) == 1)


@pytest.mark.parametrize("seed", range(40))
def test_larger_boards_agree_with_brute_force(seed: int) -> None:
    rng = random.Random(5000 + seed)
    rows, cols = LARGER[seed % len(LARGER)]
    instance = random_instance(rng, rows, cols)
    while len(instance.circles) < 2:  # a bare 5 x 5 board has 9349 loops: too many to enumerate by SAT here
        instance = random_instance(rng, rows, cols)
    expected = brute_force(instance)
    outcome = solve_masyu(instance, Settings(count=len(expected) + 1))
    assert {solution.edges for solution in outcome.solutions} == expected and outcome.exhausted


@pytest.mark.parametrize("seed", range(40))
def test_the_verifier_agrees_with_brute_force_on_every_loop(seed: int) -> None:
    rng = random.Random(1000 + seed)
    rows, cols = rng.choice([(3, 3), (3, 4), (4, 4)])
    instance = random_instance(rng, rows, cols)
    for loop in all_loops(rows, cols):
        assert (verify(instance, MasyuSolution(loop)) == []) == keeps_rules(instance, loop)


def test_two_loops_are_never_one_solution() -> None:
    grid = Grid(4, 4)
    small = [loop for loop in all_loops(4, 4) if len(loop) == 4]
    apart = [(a, b) for a in small for b in small if not {c for e in a for c in e} & {c for e in b for c in e}]
    assert apart
    for a, b in apart:
        assert verify(MasyuInstance(grid, {}), MasyuSolution(a | b)) == ["the links form more than one loop"]


@pytest.mark.parametrize("seed", [3, 11, 17, 26, 40, 45])
def test_cli_counts_agree_with_brute_force(seed: int, tmp_path) -> None:
    instance = random_instance(random.Random(seed), 4, 4)
    expected = brute_force(instance)
    source = tmp_path / "board.json"
    source.write_text(json.dumps(to_json(instance)))
    result = run_cli("masyu", "-i", source, "--count", len(expected) + 5, "--format", "json")
    assert result.code == (0 if expected else 1), result.err
    record = json.loads(result.out)
    assert record["count"] == len(expected) and record["exhausted"] is True
    found = {frozenset((tuple(a), tuple(b)) for a, b in s["edges"]) for s in record["solutions"]}
    assert found == expected
