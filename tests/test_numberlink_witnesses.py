"""--analyze's cheap search for other Numberlink solutions (witnesses.py): what it hands over are solutions,
and the analysis it speeds up is the one the complete encoding's questions give alone."""

from __future__ import annotations

from collections.abc import Hashable
from pathlib import Path

import pytest

from satpuzzles.core.outcome import DEFAULT_SOLVER, Settings
from satpuzzles.core.records import replace
from satpuzzles.geometry import Grid
from satpuzzles.puzzles.numberlink.encoding import NumberlinkEncoding
from satpuzzles.puzzles.numberlink.model import NumberlinkInstance, NumberlinkSolution, RuleSet
from satpuzzles.puzzles.numberlink.unique import RULES
from satpuzzles.puzzles.numberlink.witnesses import seek_witnesses
from satpuzzles.solve.pipeline import solve
from satpuzzles.api import load
from tests.test_numberlink_rules import RULE_SETS, extras

MANY = [rules for rules in RULE_SETS if rules != RuleSet(fill=True, self_touch=False)]
"""The rule sets under which the board below has many solutions (under fill with no self-touch it has none)."""
MANY_IDS = [f"{rules.name}{'' if rules.self_touch else '-nst'}" for rules in MANY]
INSTANCE_1 = Path(__file__).parent.parent / "instances" / "numberlink" / "seed" / "instance_1.txt"


def many_solutions_board() -> NumberlinkInstance:
    """An 8x8 board with three pairs and room for many solutions under every rule set."""
    givens = {(0, 0): "A", (7, 7): "A", (0, 7): "B", (3, 4): "B", (7, 0): "C", (4, 2): "C"}
    return NumberlinkInstance(Grid(8, 8), givens, ("A", "B", "C"))


def first_solution(instance: NumberlinkInstance,
                   rules: RuleSet) -> tuple[NumberlinkInstance, Settings, NumberlinkSolution]:
    """The instance, --analyze's settings under ``rules``, and the pipeline's first solution."""
    settings = Settings(analyze=True, extras=extras(rules), solver=DEFAULT_SOLVER)
    first = solve(RULES, instance, replace(settings, analyze=False), "numberlink").solution
    assert first is not None
    return instance, settings, first


def analysis_keys(outcome: object) -> tuple[set[Hashable], set[Hashable], set[Hashable]]:
    analysis = outcome.analysis  # type: ignore[attr-defined]
    return set(analysis.forced_true), set(analysis.forced_false), set(analysis.undetermined)


@pytest.mark.parametrize("rules", MANY, ids=MANY_IDS)
def test_the_analysis_is_the_same_with_and_without_the_witness_search(rules: RuleSet) -> None:
    instance = many_solutions_board()
    settings = Settings(analyze=True, extras=extras(rules))
    with_search = solve(RULES, instance, settings, "numberlink")
    without = solve(replace(RULES, witnesses=None), instance, settings, "numberlink")
    assert with_search.status == without.status == "solved"
    assert with_search.solution == without.solution  # the same first solution, so the same keys forced each way
    forced_true, forced_false, undetermined = analysis_keys(with_search)
    assert (forced_true, forced_false, undetermined) == analysis_keys(without)
    assert undetermined  # the board has many solutions: the search had something to find


@pytest.mark.parametrize("rules", MANY, ids=MANY_IDS)
def test_every_witness_is_a_verified_solution_that_flips_a_key_left(rules: RuleSet) -> None:
    instance, settings, first = first_solution(many_solutions_board(), rules)
    encoding = NumberlinkEncoding(instance, False, rules)
    made = encoding.decided(first)
    left = set(encoding.decisions())
    handed: list[NumberlinkSolution] = []

    def found(solution: NumberlinkSolution) -> None:
        assert RULES.verify(instance, solution) == []
        assert solution.rules == rules
        flipped = {key for key in left if (key in encoding.decided(solution)) != (key in made)}
        assert flipped, "a witness must flip a decision not yet flipped"
        left.difference_update(flipped)
        handed.append(solution)

    seek_witnesses(instance, settings, first, left, found)
    assert handed
    assert len(left) < len(encoding.decisions())


def test_a_board_unique_under_fill_with_no_self_touch_gets_no_witness() -> None:
    rules = RuleSet(fill=True, self_touch=False)
    instance, settings, first = first_solution(load(INSTANCE_1, puzzle="numberlink").instance, rules)
    left = set(NumberlinkEncoding(instance, False, rules).decisions())
    handed: list[NumberlinkSolution] = []
    seek_witnesses(instance, settings, first, set(left), handed.append)
    assert handed == []
    analysis = solve(RULES, instance, settings, "numberlink").analysis
    assert analysis is not None and not analysis.undetermined
    assert len(analysis.forced_true) + len(analysis.forced_false) == len(left)


def test_cells_proved_used_under_open_are_used_by_every_solution() -> None:
    rules = RuleSet(fill=False, self_touch=True)
    instance, settings, first = first_solution(many_solutions_board(), rules)
    encoding = NumberlinkEncoding(instance, False, rules)
    made = encoding.decided(first)
    left = set(encoding.decisions())

    def found(solution: NumberlinkSolution) -> None:
        solution_made = encoding.decided(solution)
        left.difference_update({key for key in left if (key in solution_made) != (key in made)})

    proved = seek_witnesses(instance, settings, first, left, found)
    assert proved, "the board has cells only the shortcut argument settles before the complete encoding"
    used = {cell for route in first.routes.values() for cell in route}
    assert proved <= used
    plain = solve(replace(RULES, witnesses=None), instance, settings, "numberlink").analysis
    assert plain is not None and proved <= set(plain.forced_true)
