"""The relaxed stage under the fill rule: the strengthened encoding with its endpoint rule lifted at the endpoints
the solver's refutations name (relaxed.py).

Paths may pass beside their own endpoints under the fill rule, where the shortcut would leave cells empty; the
strengthened encoding forbids it and then finds nothing, and the complete one may take minutes. Checked here by
the stages that answer and against a brute force, not by seconds.
"""

from __future__ import annotations

import json
from pathlib import Path

from satpuzzles.core.outcome import Settings, SolveStats
from satpuzzles.puzzles.numberlink.model import RuleSet
from satpuzzles.puzzles.numberlink.relaxed import relaxed_solution, relaxed_stage_name
from satpuzzles.puzzles.numberlink.shortcuts import shortcut
from tests.conftest import Driver, run_cli
from tests.test_numberlink_bruteforce import brute_force, normalise
from tests.test_numberlink_rules import brute_force as brute_force_under

PUZZLE = Driver("numberlink")
RELAXED = relaxed_stage_name("glucose4")
JANKO_190 = Path(__file__).parent.parent / "instances" / "numberlink" / "janko-data" / "arukone-190.txt"

# Its one filling: the 3s' endpoints are neighbours, yet their path runs round the 2s (4x4, found by the brute force).
BESIDE_ITS_END = "4 4\n1...\n..23\n..23\n1...\n"


def report(*args: object, stdin: str | None = None, code: int = 0) -> dict:
    """The JSON report of a run that ended with ``code``."""
    run = run_cli("numberlink", *args, "--format", "json", stdin=stdin)
    assert run.code == code, run.err
    return json.loads(run.out)


def test_a_filling_that_passes_beside_its_own_endpoint_is_found_by_the_relaxed_stage() -> None:
    (instance,) = PUZZLE.parse(BESIDE_ITS_END)
    expected = brute_force(instance.grid.rows, instance.grid.cols, dict(instance.endpoints))
    assert len(expected) == 1
    answer = report("-", stdin=BESIDE_ITS_END)
    assert answer["stats"]["stages"] == ["strengthened", RELAXED]
    outcome = PUZZLE.solve(instance, Settings())
    assert outcome.stats.stages == ["strengthened", RELAXED]
    assert {normalise(outcome.solutions[0])} == expected


def test_janko_arukone_190_is_solved_under_either_rule() -> None:
    """35x48 with 40 pairs, a path beside its own endpoint in janko.at's answer: the complete encoding found no
    model in 100 s under fill, and nothing answered under open; now the relaxed search does in two SAT calls."""
    filled = report(JANKO_190, "--rules", "fill")
    assert filled["status"] == "solved" and filled["rules"] == "fill"
    assert filled["stats"]["stages"] == ["strengthened", RELAXED]
    opened = report(JANKO_190)  # the arukone type's rule: open; the filling first is found the same way
    assert opened["status"] == "solved" and opened["rules"] == "open"
    assert opened["stats"]["stages"] == ["fill first"]


def test_under_open_and_no_self_touch_a_filling_that_touches_itself_is_cut_short() -> None:
    """No filling keeps off itself here; the one that does not is cut short where it touches, which the brute
    force under the open rule and no self-touch accepts."""
    (instance,) = PUZZLE.parse(BESIDE_ITS_END)
    pairs = dict(instance.endpoints)
    assert brute_force_under(4, 4, pairs, RuleSet(fill=True, self_touch=False)) == set()
    expected = brute_force_under(4, 4, pairs, RuleSet(fill=False, self_touch=False))
    outcome = PUZZLE.solve(instance, Settings(extras={"rules": "open", "no_self_touch": True}))
    assert outcome.status == "solved" and outcome.stats.stages == ["fill first"]
    assert normalise(outcome.solutions[0]) in expected


def test_janko_arukone_190_is_solved_under_open_and_no_self_touch() -> None:
    # Its one filling touches itself, so no filling keeps the rule: that filling cut short (it ran past 60 s).
    answer = report(JANKO_190, "--rules", "open", "--no-self-touch")
    assert answer["status"] == "solved" and answer["stats"]["stages"] == ["fill first"]
    (instance,) = PUZZLE.parse(JANKO_190.read_text())
    outcome = PUZZLE.solve(instance, Settings(extras={"rules": "open", "no_self_touch": True}))
    solution = outcome.solutions[0]
    assert sum(len(route) for route in solution.routes.values()) < instance.grid.size  # cells left empty
    assert shortcut(solution) is None  # no path runs beside itself


def test_under_the_open_rule_there_is_no_relaxed_stage() -> None:
    # A shortcut past the endpoint keeps an open solution, so the strengthened stage loses none.
    answer = report("-", "--rules", "open", "--encoding", "auto", stdin="4 4\n1..1\n....\n2..2\n....\n")
    assert RELAXED not in answer["stats"]["stages"]


def test_an_unsolvable_board_is_left_to_the_complete_encoding() -> None:
    board = "4 4\n1..2\n....\n....\n2..1\n"  # crossing diagonals: no two paths can both join their corners
    (instance,) = PUZZLE.parse(board)
    assert brute_force(4, 4, dict(instance.endpoints)) == set()
    assert relaxed_solution(instance, RuleSet(fill=True, self_touch=True), "glucose4", SolveStats()) is None
    answer = report("-", stdin=board, code=1)
    assert answer["status"] == "unsolvable"
    assert answer["stats"]["stages"] == ["strengthened", RELAXED, "open solution filled", "complete"]
