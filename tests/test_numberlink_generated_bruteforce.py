"""Generated Numberlink puzzles checked unique by an independent brute force, under the rules they were made for.

The generator proves each puzzle unique with the library's own uniqueness search (merges, cuts and joins each
checked in a shared solver, merge_stage.py's own solver, the final proof); here the puzzle is read back as a user
reads it (its `# rules:` line) and its solutions under those rules are enumerated by tests/test_numberlink_rules.py's
brute force, which knows nothing of the CNF.
"""

from __future__ import annotations

import warnings

import pytest

import satpuzzles
from satpuzzles.puzzles.numberlink.model import RuleSet
from tests.test_numberlink_rules import RULE_SETS, brute_force


@pytest.mark.parametrize("rules", RULE_SETS, ids=lambda r: f"{r.name}{'' if r.self_touch else '-nst'}")
@pytest.mark.parametrize("difficulty", ["any", "hard"])
def test_generated_puzzles_are_unique_under_their_rules_by_brute_force(rules: RuleSet, difficulty: str) -> None:
    for width, height in ((4, 4), (5, 5), (6, 5)):
        for seed in range(4):
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")  # a grade not reached is a warning, not a second solution
                text = satpuzzles.generate("numberlink", height, width, seed=seed, rules=rules.name,
                                           no_self_touch=not rules.self_touch, difficulty=difficulty)
            puzzle = satpuzzles.load(text, puzzle="numberlink")
            stated = puzzle.to_json()
            assert (stated.get("rules", "fill"), bool(stated.get("no_self_touch"))) == \
                (rules.name, not rules.self_touch), text
            instance = puzzle.instance
            found = brute_force(instance.grid.rows, instance.grid.cols, dict(instance.endpoints), rules)
            assert len(found) == 1, (width, height, seed, text)


def test_the_analysis_under_fill_with_no_self_touch_of_a_board_with_two_fillings_apart() -> None:
    """Boards with two solutions under fill with no self-touch are rare (the random boards of the brute-force
    comparisons have none): --analyze's forced links here are the two solutions' common ones."""
    rules = RuleSet(fill=True, self_touch=False)
    pairs = {"A": ((0, 0), (2, 1)), "B": ((1, 1), (3, 0)), "C": ((2, 2), (1, 2))}
    solutions = brute_force(4, 4, pairs, rules)
    assert len(solutions) == 2
    links = [{(min(a, b), max(a, b)) for _, route in solution for a, b in zip(route, route[1:])}
             for solution in solutions]
    result = satpuzzles.load("A...\n.BC.\n.AC.\nB...\n", puzzle="numberlink").solve(
        analyze=True, rules="fill", no_self_touch=True).to_json()
    analysis = result["analysis"]
    as_links = lambda keys: {(tuple(a), tuple(b)) for a, b in keys}  # noqa: E731
    assert result["unique"] is False and analysis["grade"]["level"] == "not unique"
    assert as_links(analysis["on"]) == links[0] & links[1]
    assert as_links(analysis["undetermined"]) == links[0] ^ links[1]
