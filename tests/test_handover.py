"""solve.handover: Glucose until one call runs past its budget, then CaDiCaL with every clause; --analyze uses it."""

from __future__ import annotations

import json
from itertools import combinations

import pytest

from satpuzzles.cnf.formula import Clause
from satpuzzles.solve import handover
from satpuzzles.solve.handover import HandOver
from tests.conftest import INSTANCES, run_cli


def pigeonhole(pigeons: int, holes: int, first: int) -> list[Clause]:
    """Each pigeon in a hole, no two in one (variables from ``first`` on): unsatisfiable when pigeons > holes, and
    hard for resolution."""
    var = lambda p, h: first + p * holes + h  # noqa: E731
    clauses = [[var(p, h) for h in range(holes)] for p in range(pigeons)]
    clauses += [[-var(p, h), -var(q, h)] for h in range(holes) for p, q in combinations(range(pigeons), 2)]
    return clauses


def test_a_call_past_the_budget_is_answered_by_the_second_solver_with_every_clause() -> None:
    with HandOver("glucose4", "cadical195 --inprocessing=0", conflicts=50) as backend:
        backend.add_clauses([[1, 2], [-1, 2]])
        assert backend.solve() and not backend.handed_over  # easy: the first solver answers
        selector = backend.new_var()
        backend.add_clauses([[-selector, *clause] for clause in pigeonhole(9, 8, selector + 1)])  # hard under it
        backend.set_phases([selector])
        assert backend.solve([selector]) is False
        assert backend.handed_over and backend.name == "glucose4, then cadical195 --inprocessing=0"
        assert backend.solve([-selector]) is True  # the clauses before the hand-over hold in the second solver
        assert backend.model_literals()[1] == 2
        assert backend.new_var() == selector + 9 * 8 + 1  # variables stay fresh across the hand-over
        backend.add_clauses([[-2]])  # and clauses after it go to the second solver
        assert backend.solve() is False


@pytest.mark.parametrize(("index", "rules"), [(82, "open"), (22, "fill")])
def test_an_analysis_handed_over_at_once_is_the_analysis_in_glucose_alone(index: int, rules: str,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(handover, "HANDOVER_CONFLICTS", 1)  # every question past the first conflict goes to CaDiCaL
    handed_over = []
    hand_over = HandOver._hand_over

    def counted(backend: HandOver) -> None:
        handed_over.append(True)
        hand_over(backend)

    monkeypatch.setattr(HandOver, "_hand_over", counted)
    if rules == "fill":  # the searches before the complete encoding give up at once: its questions are asked
        from satpuzzles.puzzles.numberlink import witnesses  # (they prove #22's links forced themselves)

        monkeypatch.setattr(witnesses, "SOURCE_CONFLICTS", 1)
    janko = INSTANCES / "numberlink" / "janko-arukone" / "janko.txt"
    args = ["numberlink", janko, "--index", str(index), "--rules", rules, "--analyze", "--format", "json"]
    handed_run = json.loads(run_cli(*args).out)
    assert handed_over  # the default Glucose did hand over, and the statistics say so
    assert handed_run["stats"]["solver"] == "glucose4, then cadical195 --inprocessing=0"
    handed_over.clear()
    alone_run = json.loads(run_cli(*args, "-s", "glucose4").out)  # a solver named: no hand-over
    assert not handed_over and alone_run["stats"]["solver"] == "glucose4"
    handed, alone = handed_run["analysis"], alone_run["analysis"]
    for envelope in (handed, alone):
        envelope.pop("seconds", None)
        envelope.pop("sat_calls", None)
    assert handed == alone
