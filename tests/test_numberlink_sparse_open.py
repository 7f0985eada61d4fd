"""Sparse boards under the open rule: a few pairs in a wide empty area.

Two things made them fast, and each is checked here by what it changes, not by seconds: a model's detached
cycles are dropped instead of cut (they break no open rule once their cells are left empty), so the
strengthened encoding needs one SAT call where it needed hundreds of cut rounds; and shortest routes are
tried before the SAT search, so a 60x60 board with three pairs is one breadth-first search per pair.
"""

from __future__ import annotations

import json
import random

import pytest

from satpuzzles.core.outcome import Settings, SolveStats
from satpuzzles.geometry import Grid
from satpuzzles.puzzles.numberlink.model import NumberlinkInstance, RuleSet
from satpuzzles.puzzles.numberlink.canonical import bounded_canonical
from satpuzzles.puzzles.numberlink.routed import ROUTED_STAGE, shortest_routes
from tests.conftest import Driver, run_cli
from tests.test_numberlink_rules import brute_force

PUZZLE = Driver("numberlink")
OPEN = {"rules": "open"}


def sparse_board(side: int, pairs: int, seed: int) -> str:
    """A side x side character grid with ``pairs`` pairs on cells drawn at random: what made the SAT search slow."""
    cells = random.Random(seed).sample([(r, c) for r in range(side) for c in range(side)], 2 * pairs)
    rows = [["."] * side for _ in range(side)]
    for i, (r, c) in enumerate(cells):
        rows[r][c] = "ABCDEFGH"[i // 2]
    return "\n".join("".join(row) for row in rows) + "\n"


def solve_json(board: str, *flags: str) -> dict:
    run = run_cli("numberlink", "-", "--rules", "open", "--format", "json", *flags, stdin=board)
    assert run.code == 0, run.err
    return json.loads(run.out)


# 24x24 with three pairs (seed 12): 186 cut rounds and over 40 s before; 60x60 with three (seed 15): over 40 s in
# one SAT call, with or without cuts.
SPARSE = [(24, 3, 12), (30, 4, 16), (60, 3, 15)]


@pytest.mark.parametrize(("side", "pairs", "seed"), SPARSE)
def test_a_sparse_open_board_is_solved_by_shortest_routes_and_verified(side: int, pairs: int, seed: int) -> None:
    board = sparse_board(side, pairs, seed)
    result = solve_json(board)
    assert result["status"] == "solved"
    assert result["stats"]["encoding"] == ROUTED_STAGE
    instance = PUZZLE.parse(board)[0]
    outcome = PUZZLE.solve(instance, Settings(extras=OPEN))
    assert outcome.status == "solved"
    assert PUZZLE.verify(instance, outcome.solutions[0]) == []
    assert outcome.solutions[0].loops == ()


def test_the_strengthened_encoding_drops_stray_cycles_instead_of_cutting_them() -> None:
    stats = solve_json(sparse_board(24, 3, 12), "--encoding", "strengthened")["stats"]
    assert stats["cuts"] == 0
    assert stats["sat_calls"] == 1  # 186 rounds of cycle cuts when every stray cycle was cut


def test_count_and_unique_under_the_open_rule_still_tell_solutions_apart() -> None:
    board = sparse_board(12, 2, 3)
    two = solve_json(board, "--count", "3")
    assert len(two["solutions"]) == 3
    routes = [json.dumps(solution["routes"], sort_keys=True) for solution in two["solutions"]]
    assert len(set(routes)) == 3
    unique = run_cli("numberlink", "-", "--rules", "open", "--unique", stdin=board)
    assert unique.code == 0
    assert "Unique = False" in unique.out


BOARDS = ["A...\n....\n..B.\nB..A\n", "A..\n...\n..A\n", "A.B.\n....\n.B..\n...A\n", "A.B..\n.....\n..A..\n.B...\n",
          "A....\n..B..\n.....\nB...A\n"]


@pytest.mark.parametrize("self_touch", [True, False], ids=["open", "open-nst"])
@pytest.mark.parametrize("board", BOARDS)
def test_the_analysis_under_the_open_rule_matches_brute_force(board: str, self_touch: bool) -> None:
    """--analyze: rerouted witnesses (checked by the rules, so none that touches itself under no self-touch)
    and stray cycles still cut, not dropped (it reads which links a model uses); its links in every solution
    and in some are the brute force's."""
    instance = PUZZLE.parse(board)[0]
    rules = RuleSet(fill=False, self_touch=self_touch)
    solutions = brute_force(instance.grid.rows, instance.grid.cols, dict(instance.endpoints), rules)
    link_sets = [{(min(a, b), max(a, b)) for _, route in solution for a, b in zip(route, route[1:])}
                 for solution in solutions]
    every, some = set.intersection(*link_sets), set.union(*link_sets)
    analysis = solve_json(board, "--analyze", *([] if self_touch else ["--no-self-touch"]))["analysis"]
    as_links = lambda pairs: {(tuple(a), tuple(b)) for a, b in pairs}  # noqa: E731
    assert as_links(analysis["on"]) == every
    assert as_links(analysis["undetermined"]) == some - every


def test_the_analysis_of_a_sparse_board_finds_its_witnesses_by_rerouting_not_by_sat() -> None:
    """Every link and cell of a 24x24 board with three pairs is undetermined; the window walk took 3,300 SAT
    calls and 67,000 cycle cuts to show it, the reroutes take none."""
    result = solve_json(sparse_board(24, 3, 12), "--analyze")
    assert result["analysis"]["counts"] == {"on": 0, "off": 0, "undetermined": 1104}
    assert result["stats"]["cuts"] == 0
    assert result["stats"]["sat_calls"] <= 5


def test_shortest_routes_try_another_order_when_the_nearest_pair_first_blocks_a_later_one() -> None:
    # A drawn first may take the right-hand way to its far end, cutting B off; B first leaves A a way round.
    board = "..AB\n....\n..B.\n..A.\n"
    instance = PUZZLE.parse(board)[0]
    solution = shortest_routes(instance, RuleSet(fill=False))
    assert solution is not None
    assert PUZZLE.verify(instance, solution) == []


def test_shortest_routes_keep_the_no_self_touch_convention() -> None:
    board = sparse_board(30, 4, 16)
    result = solve_json(board, "--no-self-touch")
    assert result["status"] == "solved"
    assert result["stats"]["encoding"] == ROUTED_STAGE


def test_no_routes_when_the_pairs_must_cross_and_the_sat_search_decides() -> None:
    crossed = "1...2\n.....\n.....\n.....\n2...1\n"
    instance = NumberlinkInstance(Grid(5, 5), {(0, 0): "1", (0, 4): "2", (4, 0): "2", (4, 4): "1"}, ("1", "2"))
    assert shortest_routes(instance, RuleSet(fill=False)) is None
    run = run_cli("numberlink", "-", "--rules", "open", stdin=crossed)
    assert run.code == 1


def test_a_shortest_way_goes_round_what_is_blocked() -> None:
    grid = Grid(3, 3)
    way = grid.shortest_way([(0, 0)], {(0, 2)}, {(0, 1), (1, 1)})
    assert way == [(0, 0), (1, 0), (2, 0), (2, 1), (2, 2), (1, 2), (0, 2)]
    assert grid.shortest_way([(0, 0)], {(2, 2)}, {(0, 1), (1, 0)}) is None


def test_the_canonical_search_finds_nothing_on_a_board_with_no_open_solution_and_the_rules_decide() -> None:
    crossed = "1...2\n.....\n.....\n.....\n2...1\n"  # past the arguments' size: the SAT stages see it
    instance = PUZZLE.parse(crossed)[0]
    stats = SolveStats()
    assert bounded_canonical(instance, "glucose4", stats) is None and stats.sat_calls == 1
    result = run_cli("numberlink", "-", "--rules", "open", "--format", "json", stdin=crossed)
    assert result.code == 1 and json.loads(result.out)["stats"]["encoding"] == "complete"
