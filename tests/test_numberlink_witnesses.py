"""--analyze's cheap search for other Numberlink solutions (witnesses.py): what it hands over are solutions,
and the analysis it speeds up is the one the complete encoding's questions give alone."""

from __future__ import annotations

import json
import random
from collections.abc import Hashable
from pathlib import Path

import pytest

from satpuzzles.core.outcome import DEFAULT_SOLVER, Settings
from satpuzzles.core.records import replace
from satpuzzles.geometry import Grid
from satpuzzles.puzzles.numberlink.encoding import NumberlinkEncoding
from satpuzzles.puzzles.numberlink.model import NumberlinkInstance, NumberlinkSolution, RuleSet
from satpuzzles.puzzles.numberlink.sides import add_sides, crossing_labels, implied_sides, refuted_by_sides
from satpuzzles.puzzles.numberlink.unique import RULES
from satpuzzles.puzzles.numberlink.witnesses import seek_witnesses
from satpuzzles.solve.backends import make_backend
from satpuzzles.solve.pipeline import solve
from satpuzzles.testing import run_cli
from satpuzzles.api import load, load_all
from tests.test_numberlink_rules import RULE_SETS, brute_force, extras

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
    cells = {key for key in proved if not isinstance(key[0], tuple)}
    assert cells, "the board has cells only the shortcut argument settles before the complete encoding"
    used = {cell for route in first.routes.values() for cell in route}
    assert cells <= used
    plain = solve(replace(RULES, witnesses=None), instance, settings, "numberlink").analysis
    assert plain is not None
    assert {key for key in proved if key in made} <= set(plain.forced_true)
    assert {key for key in proved if key not in made} <= set(plain.forced_false)


def random_board(seed: int) -> NumberlinkInstance:
    """A small board with two or three pairs, the first with both ends on the border (a path that cuts it)."""
    rng = random.Random(seed)
    rows, cols = rng.choice([(3, 4), (4, 4), (4, 5), (5, 4), (5, 5)])
    border = [(r, c) for r in range(rows) for c in range(cols) if r in (0, rows - 1) or c in (0, cols - 1)]
    cells = rng.sample(border, 2)
    cells += rng.sample([cell for cell in Grid(rows, cols).cells() if cell not in cells], 2 * rng.choice((1, 2)))
    labels = tuple("ABC"[: len(cells) // 2])
    givens = {cell: labels[i // 2] for i, cell in enumerate(cells)}
    return NumberlinkInstance(Grid(rows, cols), givens, labels)


def brute_backbone(instance: NumberlinkInstance, rules: RuleSet) -> tuple[list[set[Hashable]], set[Hashable]]:
    """Every solution's decided keys (brute force, no CNF), and the keys of the encoding they all agree on."""
    pairs = {label: instance.endpoints[label] for label in instance.labels}
    encoding = NumberlinkEncoding(instance, False, rules)
    every = [encoding.decided(NumberlinkSolution(dict(routes), rules=rules))
             for routes in brute_force(instance.grid.rows, instance.grid.cols, pairs, rules)]
    keys = set(encoding.decisions())
    return every, {key for key in keys if len({key in made for made in every}) == 1}


@pytest.mark.parametrize("rules", RULE_SETS, ids=[f"{r.name}{'' if r.self_touch else '-nst'}" for r in RULE_SETS])
@pytest.mark.parametrize("seed", range(12))
def test_every_solution_keeps_the_side_clauses_and_what_they_refute_is_forced(rules: RuleSet, seed: int) -> None:
    instance = random_board(seed)
    every, forced = brute_backbone(instance, rules)
    encoding = NumberlinkEncoding(instance, False, rules)
    var_of = encoding.decisions()
    for label in crossing_labels(instance):
        add_sides(encoding, instance, label)
    with make_backend(DEFAULT_SOLVER) as backend:
        backend.add_clauses(encoding.formula.clauses)
        for made in every:  # the theorem: every solution extends to a model of the side clauses
            assert backend.solve([var if key in made else -var for key, var in var_of.items()])
    if every:
        flips = {key: -var if key in every[0] else var for key, var in var_of.items()}
        assert refuted_by_sides(instance, NumberlinkEncoding(instance, False, rules), flips) <= forced


@pytest.mark.parametrize("rules", [RuleSet(fill=False), RuleSet(fill=False, self_touch=False)],
                         ids=["open", "open-nst"])
@pytest.mark.parametrize("seed", range(20))
def test_on_random_boards_under_open_the_analysis_is_the_brute_force_backbone(rules: RuleSet, seed: int) -> None:
    instance = random_board(100 + seed)
    every, forced = brute_backbone(instance, rules)
    settings = Settings(analyze=True, extras=extras(rules))
    with_search = solve(RULES, instance, settings, "numberlink")
    without = solve(replace(RULES, witnesses=None), instance, settings, "numberlink")
    plain = solve(replace(RULES, witnesses=None, implied=None), instance, settings, "numberlink")  # no side clauses
    assert with_search.status == without.status == plain.status == ("solved" if every else "unsolvable")
    if every:
        assert analysis_keys(with_search) == analysis_keys(without) == analysis_keys(plain)
        forced_true, forced_false, undetermined = analysis_keys(with_search)
        assert forced_true | forced_false == forced
        assert not undetermined & forced


def test_the_analysis_adds_side_clauses_under_open_with_self_touch_only() -> None:
    """Measured faster there (sides.implied_sides); the board's first path runs from border to border."""
    instance = random_board(3)
    assert crossing_labels(instance)
    for rules, wanted in ((RuleSet(fill=False), True), (RuleSet(fill=False, self_touch=False), False),
                          (RuleSet(), False)):
        encoding = NumberlinkEncoding(instance, False, rules)
        before = list(encoding.formula.clauses)
        implied = implied_sides(instance, Settings(extras=extras(rules)), encoding)
        assert bool(implied) is wanted and encoding.formula.clauses == before  # the formula itself is untouched


INPUTS2 = Path(__file__).parent.parent / "instances" / "numberlink" / "handmade" / "inputs2.txt"


def test_side_clauses_refute_emptying_the_cell_between_two_paths_on_either_side() -> None:
    # inputs2.txt #2 under open: cell (6, 6) lies between the ends of two paths that lie on either side of the
    # path from (12, 0) to (14, 0); the complete encoding alone had not refuted emptying it after 300 s.
    instance = load_all(INPUTS2)[1].instance
    rules = RuleSet(fill=False)
    _, _, first = first_solution(instance, rules)
    assert (6, 6) in {cell for route in first.routes.values() for cell in route}
    encoding = NumberlinkEncoding(instance, False, rules)
    empty = {(6, 6): -encoding.paths.used[(6, 6)]}
    assert refuted_by_sides(instance, NumberlinkEncoding(instance, False, rules), empty) == {(6, 6)}
    with make_backend(DEFAULT_SOLVER) as backend:  # without the side clauses, propagation does not see it
        backend.add_clauses(encoding.formula.clauses)
        assert backend.propagate([empty[(6, 6)]])[0]


def test_the_cli_analyses_that_board_under_open_with_the_cell_used() -> None:
    run = run_cli("numberlink", "-i", INPUTS2, "--index", 2, "--rules", "open", "--analyze", "--timeout", 120,
                  "--format", "json")
    assert run.code == 0, run.err
    analysis = json.loads(run.out)["analysis"]
    assert [6, 6] in analysis["cells"]["used"]
    assert analysis["counts"]["undetermined"] > 0  # a board of many solutions, analysed to the end


@pytest.mark.parametrize("rules", RULE_SETS, ids=[f"{r.name}{'' if r.self_touch else '-nst'}" for r in RULE_SETS])
def test_each_walk_window_holds_exactly_the_keys_whose_cells_lie_in_it(rules: RuleSet) -> None:
    from satpuzzles.core.outcome import SolveStats
    from satpuzzles.puzzles.numberlink.reroutes import key_cells
    from satpuzzles.puzzles.numberlink.witnesses import _Walk

    walk = _Walk(many_solutions_board(), rules, DEFAULT_SOLVER, set(), lambda solution: None, SolveStats())
    with walk.backend:
        assert walk.windows
        for top, left, bottom, right in walk.windows:
            wanted = {key for key in walk.var_of
                      if all(top <= r < bottom and left <= c < right for r, c in key_cells(key))}
            assert walk._inside((top, left, bottom, right)) == wanted


def test_the_walk_prefers_flipping_the_keys_it_asks_which_needs_fewer_sat_calls(monkeypatch: pytest.MonkeyPatch) -> None:
    # janko.at #98 (14x14, fill, not unique): the same analysis, in fewer SAT calls than with the solver's own
    # phases (which keep each witness near the walk's last solution: a few keys flipped each).
    from tests.test_numberlink_unique import JANKO, PUZZLE
    from satpuzzles.puzzles.numberlink import witnesses

    instance = PUZZLE.parse(JANKO.read_text())[97]
    settings = Settings(analyze=True)
    preferred = solve(RULES, instance, settings, "numberlink")
    asked: list[list[int]] = []
    step = witnesses._Walk._step

    def without_phases(walk: witnesses._Walk, *args: object) -> NumberlinkSolution | None:
        monkeypatch.setattr(walk.backend, "set_phases", asked.append)  # the walk's solver only
        return step(walk, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(witnesses._Walk, "_step", without_phases)
    own = solve(RULES, instance, settings, "numberlink")
    assert asked and analysis_keys(preferred) == analysis_keys(own)
    assert preferred.analysis.sat_calls < own.analysis.sat_calls  # type: ignore[union-attr]


def fill_board(seed: int) -> tuple[NumberlinkInstance, random.Random]:
    """A small board with one to three pairs on random cells (many have several fillings), and the generator."""
    rng = random.Random(seed)
    rows, cols = rng.choice([(3, 4), (4, 4), (4, 5), (5, 4), (4, 6), (5, 5)])
    cells = rng.sample(list(Grid(rows, cols).cells()), 2 * rng.choice((1, 2, 3)))
    labels = tuple("ABC"[: len(cells) // 2])
    return NumberlinkInstance(Grid(rows, cols), {cell: labels[i // 2] for i, cell in enumerate(cells)}, labels), rng


def flippable(instance: NumberlinkInstance, asked: set[Hashable], kept: set[Hashable],
              made: set[Hashable]) -> set[Hashable]:
    """The keys of ``asked`` some model of the fill search flips from ``made``, the search skipping every 2-opt move
    and push but those that change a key of ``kept``."""
    from satpuzzles.core.outcome import SolveStats
    from satpuzzles.puzzles.numberlink.whole_board import search_encoding
    from satpuzzles.solve.loop import lazy_solutions

    encoding = search_encoding(instance, RuleSet(), True, None, moves_kept=kept)  # type: ignore[arg-type]
    var_of = encoding.decisions()
    with make_backend(DEFAULT_SOLVER) as backend:
        backend.add_clauses(encoding.formula.clauses)
        return {key for key in asked if next(lazy_solutions(encoding, backend, SolveStats(), assumptions=[
            -var_of[key] if key in made else var_of[key]]), None) is not None}


def test_under_fill_the_search_without_moves_that_keep_the_keys_asked_flips_what_some_filling_flips() -> None:
    # witnesses.py's second theorem, by brute force: for a third of the links, chosen at random, the search flips
    # exactly the links some filling flips. Skipping every move's pattern (the uniqueness search's) does not: it
    # misses links only fillings with a pattern flip, on most of these boards.
    boards = skipping_all_wrong = 0
    for seed in range(40):
        instance, rng = fill_board(seed)
        pairs = {label: instance.endpoints[label] for label in instance.labels}
        encoding = NumberlinkEncoding(instance, False, RuleSet())
        every = [encoding.decided(NumberlinkSolution(dict(routes), rules=RuleSet()))
                 for routes in brute_force(instance.grid.rows, instance.grid.cols, pairs, RuleSet())]
        if len(every) < 2:
            continue
        boards += 1
        asked = set(rng.sample(sorted(encoding.decisions()), len(encoding.decisions()) // 3))  # type: ignore[type-var]
        truth = {key for key in asked if len({key in made for made in every}) > 1}
        assert flippable(instance, asked, asked, every[0]) == truth, seed
        skipping_all_wrong += flippable(instance, asked, set(), every[0]) != truth
    assert boards >= 8 and skipping_all_wrong >= 3


@pytest.mark.parametrize("seed", range(24))
def test_on_random_boards_under_fill_the_analysis_is_the_brute_force_backbone(seed: int) -> None:
    instance, _ = fill_board(200 + seed)
    every, forced = brute_backbone(instance, RuleSet())
    settings = Settings(analyze=True, extras=extras(RuleSet()))
    with_search = solve(RULES, instance, settings, "numberlink")
    assert with_search.status == ("solved" if every else "unsolvable")
    if every:
        forced_true, forced_false, undetermined = analysis_keys(with_search)
        assert forced_true | forced_false == forced and not undetermined & forced
