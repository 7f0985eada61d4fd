"""The cheap refutations, the compressed-board stage and round trips with empty cells.

Every argument is checked against the brute force (or, on boards too big for it, the
complete SAT encoding alone): whatever an argument refutes has no solution.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from hypothesis import HealthCheck, given, settings

from satpuzzles.core.outcome import Settings
from satpuzzles.geometry import Grid
from satpuzzles.puzzles.numberlink.arguments import crossing, parity, refute
from satpuzzles.puzzles.numberlink.model import NumberlinkInstance, RuleSet
from tests.conftest import ROOT, Driver, run_cli
from tests.test_numberlink_rules import RULE_SETS, boards, brute_force

sys.path.insert(0, str(ROOT / "bench"))
from make_giants import giant  # noqa: E402

PUZZLE = Driver("numberlink")


def instance_of(rows: int, cols: int, pairs: dict) -> NumberlinkInstance:
    givens = {cell: label for label, pair in pairs.items() for cell in pair}
    return NumberlinkInstance(Grid(rows, cols), givens, tuple(pairs))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(board=boards())
def test_arguments_never_refute_a_solvable_board(board) -> None:
    rows, cols, pairs = board
    for rules in RULE_SETS:
        if refute(instance_of(rows, cols, pairs), rules) is not None:
            assert brute_force(rows, cols, pairs, rules) == set()


def test_each_argument_on_a_board_it_refutes() -> None:
    corners = instance_of(4, 4, {"A": ((0, 0), (3, 3))})  # both ends dark on an even board
    assert parity(corners, RuleSet()) and parity(corners, RuleSet(fill=False)) is None
    assert brute_force(4, 4, {"A": ((0, 0), (3, 3))}, RuleSet()) == set()
    cross = {"A": ((0, 0), (3, 3)), "B": ((0, 3), (3, 0))}
    assert crossing(instance_of(4, 4, cross), RuleSet(fill=False))
    assert brute_force(4, 4, cross, RuleSet(fill=False)) == set()


def test_giant_shapes_on_small_boards_against_sat() -> None:
    """6x6 versions of the giants (too small for the arguments' stage, so SAT decides them alone)."""
    for kind, argument in (("solvable", None), ("swapped", "cyclic order"), ("parity", "parity")):
        (instance,) = PUZZLE.parse(giant(6, kind))
        for rules in (RuleSet(), RuleSet(fill=False)):
            found = refute(instance, rules)
            outcome = PUZZLE.solve(instance, Settings(extras={"rules": rules.name}))
            if found is not None:
                assert outcome.status == "unsolvable"
            expected = argument if argument != "parity" or rules.fill else None
            assert (found[0] if found else None) == expected


def test_refuted_board_reports_the_reason(tmp_path: Path) -> None:
    board = tmp_path / "swapped.txt"
    board.write_text(giant(10, "swapped"))
    result = run_cli("numberlink", board)
    assert result.code == 1 and "Reason = cyclic order" in result.out
    assert "encoding = cyclic order argument" in result.out
    data = json.loads(run_cli("numberlink", board, "--format", "json").out)
    assert data["status"] == "unsolvable" and data["reason"].startswith("cyclic order")


def test_open_rule_hint_only_where_it_could_help(tmp_path: Path) -> None:
    """An unsolvable fill board suggests --rules open unless its argument refutes that rule too."""
    swapped, odd = tmp_path / "swapped.txt", tmp_path / "parity.txt"
    swapped.write_text(giant(10, "swapped"))  # the cyclic order holds under open as well
    odd.write_text(giant(10, "parity"))  # parity binds the fill rule only
    assert "--rules open" not in run_cli("numberlink", swapped).out
    assert run_cli("numberlink", swapped, "--rules", "open").code == 1
    hinted = run_cli("numberlink", odd)
    assert hinted.code == 1 and "Reason = parity" in hinted.out and "--rules open lets cells stay empty" in hinted.out


def test_huge_sparse_board_is_solved_compressed(tmp_path: Path) -> None:
    board = tmp_path / "solvable.txt"
    board.write_text(giant(102, "solvable"))
    for extra in ([], ["--rules", "open"]):
        data = json.loads(run_cli("numberlink", board, "--format", "json", *extra).out)
        assert data["status"] == "solved" and data["stats"]["encoding"] == "compressed", extra
        assert (sum(cell is None for row in data["solution"]["paths"] for cell in row) == 0) is (not extra)


def test_url_and_json_round_trips_with_empty_cells() -> None:
    url = "https://puzz.link/p?numlin/3/3/1g2i1g2"
    first = run_cli("numberlink", "-", "--format", "json", stdin=url + "\n")
    data = json.loads(first.out)
    assert data["rules"] == "open" and data["input"]["rules"] == "open"
    assert [cell for row in data["solution"]["paths"] for cell in row].count(None) >= 1
    again = run_cli("numberlink", "-", "--format", "json", stdin=first.out)
    assert json.loads(again.out)["status"] == "solved"
    assert run_cli("numberlink", "-", "--to-url", stdin=first.out).out == url + "\n"
    assert run_cli("numberlink", "-", "--to-url", "--rules", "fill", stdin=url + "\n").out == \
        url.replace("numlin", "arukone") + "\n"
