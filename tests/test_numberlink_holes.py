"""The fill rule's 'open solution filled' stage (holes.py): an open solution's empty cells absorbed into its paths by
bumps, the rest in windows of the complete fill encoding.

Boards that only zig-zagging paths can fill are the complete encoding's worst case; checked here by the stage
that answers, by the verifier and against a brute force, not by seconds.
"""

from __future__ import annotations

import json
import random

import pytest

from satpuzzles.core.outcome import Settings, SolveStats
from satpuzzles.puzzles.numberlink import holes
from satpuzzles.puzzles.numberlink.canonical import bounded_canonical
from satpuzzles.puzzles.numberlink.holes import bumped, filled, holes_stage_name, open_starts
from satpuzzles.puzzles.numberlink.holewindows import HoleWindows, _pairs, _window, balanced
from satpuzzles.puzzles.numberlink.model import NumberlinkSolution, RuleSet
from satpuzzles.puzzles.numberlink.relaxed import relaxed_stage_name
from satpuzzles.solve.limited import budgeted_backend
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


def random_board(rng: random.Random, sizes: list[tuple[int, int]], fewest_pairs: int) -> tuple[int, int, str]:
    """Rows, columns and the text board (W H header) of a random board of one of ``sizes`` with fewest_pairs-3 pairs."""
    rows, cols = rng.choice(sizes)
    cells = rng.sample([(r, c) for r in range(rows) for c in range(cols)], 2 * rng.randint(fewest_pairs, 3))
    grid = [["."] * cols for _ in range(rows)]
    for i, (r, c) in enumerate(cells):
        grid[r][c] = "ABC"[i // 2]
    return rows, cols, f"{cols} {rows}\n" + "\n".join("".join(row) for row in grid) + "\n"


def test_small_boards_agree_with_the_brute_force() -> None:
    """Whatever stage answers, a random small board is solved exactly when the brute force finds a filling."""
    rng = random.Random(11)
    answered_here = 0
    for _ in range(60):
        rows, cols, text = random_board(rng, [(3, 4), (4, 4), (4, 5)], 1)
        (instance,) = PUZZLE.parse(text)
        expected = brute_force(rows, cols, dict(instance.endpoints))
        outcome = PUZZLE.solve(instance, Settings())
        assert outcome.status == ("solved" if expected else "unsolvable"), text
        if expected:
            assert PUZZLE.verify(instance, outcome.solutions[0]) == []
            answered_here += outcome.stats.stages[-1] == HOLES
    assert answered_here > 0  # the stage itself answered some of them


# A janko.at board (17x17) with one pair removed. The open solution CaDiCaL finds leaves four cells empty far
# apart; windows of radius 2, 3 and 5 round all of them at once found no filling, so the stage gave up and the
# complete encoding took 14-26 s. Matched in pairs and searched a group at a time, they are filled.
DROPPED = """17 17
.................
.............MLD.
.................
..C..............
.....J...........
..E..........B...
.................
..............I.B
........M........
.....L......J....
.....I......D....
.......FKF.......
.................
...........K.G...
......G......C...
.E...............
.................
"""


def test_empty_cells_are_matched_dark_with_light_least_distance_in_all() -> None:
    assert _pairs({(0, 0), (5, 6), (0, 1), (5, 5)}) == [((0, 0), (0, 1)), ((5, 5), (5, 6))]
    # DROPPED's second open solution (Glucose): the nearest two, (4, 11) and (10, 16), would leave (2, 0) and
    # (15, 8) 21 steps apart; 13 and 13 steps instead
    assert _pairs({(2, 0), (4, 11), (10, 16), (15, 8)}) == [((2, 0), (4, 11)), ((10, 16), (15, 8))]
    row = {(0, c) for c in range(16)}  # eight pairs: matched nearest first, then improved by swaps
    pairs = _pairs(row)
    assert sorted(cell for pair in pairs for cell in pair) == sorted(row)
    assert all(sum(a) % 2 == 0 and abs(a[1] - b[1]) == 1 for a, b in pairs)
    assert balanced({(0, 0), (0, 1)}) and not balanced({(0, 0), (1, 1)}) and balanced(set())


def test_a_pair_s_window_covers_the_line_between_its_cells() -> None:
    assert _window([((0, 0), (0, 6))], 1, 5, 10) == {(r, c) for r in range(2) for c in range(8)}
    diagonal = _window([((0, 0), (4, 4))], 0, 5, 5)
    assert diagonal == {(i, i) for i in range(5)}


def test_windows_fill_exactly_the_small_boards_the_brute_force_fills() -> None:
    """On a small board the widest window is the whole board, so the windows find a filling exactly when one
    exists: checked against the brute force from the open solutions the stage starts from."""
    rng = random.Random(5)
    answers = []
    for _ in range(200):
        rows, cols, text = random_board(rng, [(4, 4), (4, 5), (5, 5)], 2)
        (instance,) = PUZZLE.parse(text)
        start = bounded_canonical(instance, "glucose4", SolveStats())
        if start is None:
            continue
        drawn, empty = bumped(instance.grid, start.routes)
        if not empty or not balanced(empty):
            continue
        expected = brute_force(rows, cols, dict(instance.endpoints))
        with budgeted_backend("glucose4", 20_000) as backend:
            found = HoleWindows(instance, backend).fill(drawn, empty, SolveStats())
        assert (found is not None) == bool(expected), text
        if found is not None:
            routes = {label: tuple(route) for label, route in found.items()}
            assert PUZZLE.verify(instance, NumberlinkSolution(routes, (), RuleSet(fill=True))) == [], text
        answers.append(found is not None)
    assert answers.count(True) > 5 and answers.count(False) > 5  # filled and refused, both


def test_cells_of_the_wrong_colours_end_the_stage_without_windows() -> None:
    """A board failing the parity argument (too small for the arguments stage) leaves as many more dark cells
    empty as it has too many: no filling exists, and no window is searched."""
    (instance,) = PUZZLE.parse("4 4\nA.A.\n....\n....\n.B.B\n")  # 8 dark cells, 8 light; each path one more dark
    stats = SolveStats()
    assert filled(instance, "glucose4", stats) is None
    assert stats.sat_calls == 0  # shortest routes started it; bumps left two dark cells, which ended it


def test_the_next_open_solution_is_tried_when_the_windows_give_up(monkeypatch: pytest.MonkeyPatch) -> None:
    (instance,) = PUZZLE.parse(DROPPED)
    starts = [start.links() for start in open_starts(instance, "glucose4", SolveStats())]
    assert len(starts) == holes.CANONICAL_STARTS and len(set(map(frozenset, starts))) == len(starts)
    tried = []
    real = HoleWindows.fill

    def give_up_once(self: HoleWindows, drawn: dict, empty: set, stats: SolveStats) -> object:
        tried.append(empty)
        return None if len(tried) == 1 else real(self, drawn, empty, stats)

    monkeypatch.setattr(HoleWindows, "fill", give_up_once)
    found = filled(instance, "glucose4", SolveStats())
    assert found is not None and PUZZLE.verify(instance, found) == [] and len(tried) == 2


def test_the_stage_fills_with_cadical_too() -> None:
    run = run_cli("numberlink", "-", "-s", "cadical195", "--format", "json", stdin=DROPPED)
    assert run.code == 0, run.err
    report = json.loads(run.out)
    assert report["status"] == "solved"
    assert report["stats"]["stages"] == ["strengthened", relaxed_stage_name("cadical195"), holes_stage_name("cadical195")]
