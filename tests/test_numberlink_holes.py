"""The fill rule's 'open solution filled' stage (holes.py): an open solution's empty cells absorbed into its paths by
bumps, the rest in windows of the complete fill encoding.

Boards that only zig-zagging paths can fill are the complete encoding's worst case; checked here by the stage
that answers, by the verifier and against a brute force, not by seconds.
"""

from __future__ import annotations

import json
import random

from satpuzzles.core.outcome import Settings
from satpuzzles.puzzles.numberlink.holes import bumped, holes_stage_name
from satpuzzles.puzzles.numberlink.model import NumberlinkSolution, RuleSet
from satpuzzles.puzzles.numberlink.relaxed import relaxed_stage_name
from tests.conftest import Driver, run_cli
from tests.test_numberlink_bruteforce import brute_force

PUZZLE = Driver("numberlink")
HOLES = holes_stage_name("glucose4")

# A janko.at board (24x14) with two labels swapped: its fillings run beside themselves, so the strengthened stages
# find none, and the complete encoding took 17.9 s; the open solution, bumped and one window, 0.5 s.
SWAPPED = """24 14
........................
..................L...L.
..H.....................
...............D........
...........JM..N........
...........D...C...N....
........................
........................
.........G..HM...K......
....I..F..........B.....
.....G..I...........K...
......BEF...............
......C..E..............
...........J............
"""


def test_bumps_detour_a_link_through_the_two_empty_cells_beside_it() -> None:
    (instance,) = PUZZLE.parse("4 2\nA..A\n....\n")
    straight = {"A": ((0, 0), (0, 1), (0, 2), (0, 3))}
    drawn, empty = bumped(instance.grid, straight)
    assert empty == set()
    assert drawn == {"A": [(0, 0), (1, 0), (1, 1), (0, 1), (0, 2), (1, 2), (1, 3), (0, 3)]}
    filling = NumberlinkSolution({"A": tuple(drawn["A"])}, (), RuleSet(fill=True, self_touch=True))
    assert PUZZLE.verify(instance, filling) == []


def test_a_cell_no_bump_reaches_is_left_empty() -> None:
    (instance,) = PUZZLE.parse("3 2\nA.A\n...\n")  # three empty cells: a bump fills two, the third stays
    drawn, empty = bumped(instance.grid, {"A": ((0, 0), (0, 1), (0, 2))})
    assert empty == {(1, 2)}
    assert drawn == {"A": [(0, 0), (1, 0), (1, 1), (0, 1), (0, 2)]}


def test_a_board_only_zig_zags_fill_is_solved_by_the_stage() -> None:
    run = run_cli("numberlink", "-", "--format", "json", stdin=SWAPPED)
    assert run.code == 0, run.err
    report = json.loads(run.out)
    assert report["status"] == "solved" and report["rules"] == "fill"
    assert report["stats"]["stages"] == ["strengthened", relaxed_stage_name("glucose4"), HOLES]


def test_small_boards_agree_with_the_brute_force() -> None:
    """Whatever stage answers, a random small board is solved exactly when the brute force finds a filling."""
    rng = random.Random(11)
    answered_here = 0
    for _ in range(60):
        rows, cols = rng.choice([(3, 4), (4, 4), (4, 5)])
        cells = rng.sample([(r, c) for r in range(rows) for c in range(cols)], 2 * rng.randint(1, 3))
        grid = [["."] * cols for _ in range(rows)]
        for i, (r, c) in enumerate(cells):
            grid[r][c] = "ABC"[i // 2]
        text = f"{cols} {rows}\n" + "\n".join("".join(row) for row in grid) + "\n"
        (instance,) = PUZZLE.parse(text)
        expected = brute_force(rows, cols, dict(instance.endpoints))
        outcome = PUZZLE.solve(instance, Settings())
        assert outcome.status == ("solved" if expected else "unsolvable"), text
        if expected:
            assert PUZZLE.verify(instance, outcome.solutions[0]) == []
            answered_here += outcome.stats.stages[-1] == HOLES
    assert answered_here > 0  # the stage itself answered some of them
