"""The Numberlink generator's uniqueness checks in one solver per board shape (generator_checks.py).

The shared solver must answer as a fresh formula does on every puzzle of a sequence on one board (what it
learns on one puzzle must hold for the next), and the generator built on it must still make puzzles that
--unique proves unique, the same ones for a seed on every run.
"""

from __future__ import annotations

import random

import pytest

import satpuzzles
from satpuzzles.geometry import Grid
from satpuzzles.puzzles.numberlink import generator_checks
from satpuzzles.puzzles.numberlink.cover import random_cover
from satpuzzles.puzzles.numberlink.cuts import cells_of, cut_near
from satpuzzles.puzzles.numberlink.encoding import NumberlinkEncoding
from satpuzzles.puzzles.numberlink.generator_checks import Checks, SharedChecks, puzzle_of
from satpuzzles.puzzles.numberlink.model import NumberlinkInstance, NumberlinkSolution, RuleSet, verify
from satpuzzles.solve.backends import make_backend
from satpuzzles.solve.loop import lazy_solutions
from satpuzzles.core.outcome import SolveStats
from tests.conftest import run_cli


def _fresh_other(instance: NumberlinkInstance, solution: NumberlinkSolution, rules: RuleSet) -> bool:
    """Whether a fresh complete formula, without limits, has a solution other than ``solution``."""
    encoding = NumberlinkEncoding(instance, strengthened=False, rules=rules, drop_loops=True)
    with make_backend("glucose4") as backend:
        backend.add_clauses(encoding.formula.clauses)
        backend.add_clauses([encoding.block(solution)])
        return next(iter(lazy_solutions(encoding, backend, SolveStats())), None) is not None


@pytest.mark.parametrize("under_selector", [False, True], ids=["assumed", "under-selector"])
@pytest.mark.parametrize("rules", [RuleSet(fill=True), RuleSet(fill=False)], ids=["fill", "open"])
def test_the_shared_solver_answers_as_a_fresh_formula_along_a_chain_of_cuts(rules: RuleSet, under_selector: bool,
                                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    # Covers of one 6x5 board cut one path at a time: puzzles with more and more labels (colour widths 2 to 4),
    # all asked of one SharedChecks without limits, in turn, and of a fresh formula each; the puzzle given as
    # assumptions or as clauses under the check's selector (PUZZLE_UNDER_SELECTOR).
    monkeypatch.setattr(generator_checks, "PUZZLE_UNDER_SELECTOR", under_selector)
    grid = Grid(rows=5, cols=6)
    shared = SharedChecks(grid, rules, conflicts=None)
    asked = found = 0
    try:
        for seed in range(6):
            rng = random.Random(seed)
            paths = random_cover(grid, rng)
            while True:
                instance, solution = puzzle_of(grid, paths)
                other = shared.other(instance, solution, calls=None)
                assert (other is not None) == _fresh_other(instance, solution, rules), (seed, paths)
                if other is not None:
                    assert verify(instance, other) == [] and other.links() != solution.links()
                asked, found = asked + 1, found + (other is not None)
                if not cut_near(paths, cells_of(paths), rng, [2]):
                    break
        assert sorted(shared.solvers) == [2, 3, 4]  # a solver per colour width met (3 to 16 labels)
    finally:
        shared.close()
    assert asked > 50 and 0 < found < asked  # both answers were given, many times


def test_a_checks_blocking_clause_is_switched_off_after_it() -> None:
    # 3x3 under fill with one label at (0, 0) and (1, 1) has two solutions, the two spirals: each check blocks
    # one and must find the other, which a blocking clause left in force by the check before would hide.
    grid = Grid(rows=3, cols=3)
    instance = NumberlinkInstance(grid, {(0, 0): "1", (1, 1): "1"}, ("1",))
    clockwise = NumberlinkSolution({"1": ((0, 0), (0, 1), (0, 2), (1, 2), (2, 2), (2, 1), (2, 0), (1, 0), (1, 1))})
    anticlockwise = NumberlinkSolution({"1": ((0, 0), (1, 0), (2, 0), (2, 1), (2, 2), (1, 2), (0, 2), (0, 1),
                                              (1, 1))})
    shared = SharedChecks(grid, RuleSet(fill=True), conflicts=None)
    try:
        for blocked, other in ((clockwise, anticlockwise), (anticlockwise, clockwise), (clockwise, anticlockwise)):
            found = shared.other(instance, blocked, calls=None)
            assert found is not None and found.links() == other.links()
    finally:
        shared.close()


def test_the_checks_share_a_solver_under_open_and_on_large_fill_boards_with_self_touch() -> None:
    def shared(rows: int, cols: int, rules: RuleSet) -> bool:
        with Checks(Grid(rows=rows, cols=cols), rules) as checks:
            return checks.shared is not None

    assert shared(5, 5, RuleSet(fill=False)) and shared(40, 25, RuleSet(fill=True))
    assert not shared(30, 30, RuleSet(fill=True))  # under SHARED_FILL_FROM_CELLS: a fresh formula each
    assert not shared(40, 40, RuleSet(fill=False, self_touch=False)) and not shared(40, 40, RuleSet(self_touch=False))


@pytest.mark.parametrize("rules", ["open", "fill"])
def test_generated_puzzles_are_proved_unique_by_the_cli(rules: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(generator_checks, "SHARED_FILL_FROM_CELLS", 0)  # the shared solver on a small fill board too
    for seed in (1, 2):
        made = run_cli("generate", "numberlink", "12", "12", "--seed", seed, "--rules", rules)
        assert made.code == 0, made.err
        checked = run_cli("numberlink", "-", "--unique", stdin=made.out)
        assert checked.code == 0 and "Unique = True" in checked.out, made.out


def test_the_same_seed_makes_the_same_puzzle_in_every_process_and_in_one() -> None:
    # Each run has solvers of its own: the puzzle of a seed does not depend on what the process made before.
    first = run_cli("generate", "numberlink", "14", "12", "--seed", "5", "--rules", "open").out
    assert run_cli("generate", "numberlink", "14", "12", "--seed", "5", "--rules", "open").out == first
    options = {"rules": "open"}
    alone = satpuzzles.generate("numberlink", 12, 14, seed=5, **options)
    satpuzzles.generate("numberlink", 12, 14, seed=6, **options)
    assert satpuzzles.generate("numberlink", 12, 14, seed=5, **options) == alone == first


def test_without_the_shared_solver_the_generator_still_makes_unique_puzzles(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(generator_checks, "SHARED", False)
    made = satpuzzles.generate("numberlink", 9, 9, seed=3, rules="open")
    checked = run_cli("numberlink", "-", "--unique", stdin=made)
    assert "Unique = True" in checked.out, made


@pytest.mark.parametrize("rules", [RuleSet(fill=True), RuleSet(fill=False)], ids=["fill", "open"])
def test_a_checks_call_stops_at_its_conflict_budget(rules: RuleSet) -> None:
    """Glucose looks at a budget only when it restarts (given 10 conflicts it ran 283 and 409 here, and
    calls given 5,000 ran up to 10,446 in a 50x50 generation). The checks' solver stops at it."""
    from satpuzzles.solve.limited import SearchLimit
    from tests.test_slitherlink_generator import _pigeonhole

    for budget in (10, 100):
        shape = generator_checks.ShapeSolver(Grid(4, 4), rules, 2, budget)
        try:
            top = shape.top  # the pigeonhole formula on variables past the shape's
            shape.backend.add_clauses([[lit + top if lit > 0 else lit - top for lit in clause]
                                       for clause in _pigeonhole(9)])
            with pytest.raises(SearchLimit):
                shape.backend.solve()
            assert shape.backend.statistics()["conflicts"] <= budget + 2
        finally:
            shape.close()


@pytest.mark.parametrize("rules", [RuleSet(fill=True), RuleSet(fill=False)], ids=["fill", "open"])
def test_a_merge_stage_answers_as_a_fresh_formula(rules: RuleSet) -> None:
    # Unique covers of a 9x8 board with a two-cell path cut off the end of the longest, then every merge of a short path asked of the stage made for
    # that cover (the paths away from the short ones as units) without limits, and of a fresh formula each.
    from satpuzzles.puzzles.numberlink.cover import merges
    from satpuzzles.puzzles.numberlink.cuts import cut
    from satpuzzles.puzzles.numberlink.merge_stage import MergeStage

    grid = Grid(rows=8, cols=9)
    asked = found = staying = refused = 0
    for seed in range(8):
        rng = random.Random(seed)
        paths = random_cover(grid, rng)
        while _fresh_other(*puzzle_of(grid, paths), rules):  # cut until unique, as the generator's repair does
            cut_near(paths, cells_of(paths), rng, [2])
        longest = max(paths, key=len)
        assert cut(paths, longest[1], 2)
        short = [path for path in paths if len(path) < 3]
        stage = MergeStage(grid, rules, paths, 3, conflicts=None)
        try:
            staying += len(stage.staying)
            for path in short:
                for cover in merges(grid, paths, path, 3):
                    facts = stage.facts(cover)
                    assert facts is not None
                    instance, solution = puzzle_of(grid, cover)
                    other = stage.other(instance, solution, facts, calls=None)
                    assert (other is not None) == _fresh_other(instance, solution, rules), (seed, cover)
                    if other is not None:
                        assert verify(instance, other) == [] and other.links() != solution.links()
                    asked, found = asked + 1, found + (other is not None)
            changed = [list(path) for path in paths]  # a staying path cut: not a question of this stage
            staying_path = next((path for path in changed if len(path) >= 4 and stage.moving.isdisjoint(path)), None)
            if staying_path is not None:
                assert cut(changed, staying_path[1], 2) and stage.facts(changed) is None
                refused += 1
        finally:
            stage.close()
    assert asked > 30 and 0 < found < asked and staying > 0 and refused > 0  # both answers; some units


def test_staged_merges_give_the_puzzle_the_shared_solver_gives(monkeypatch: pytest.MonkeyPatch) -> None:
    # The generator's output for a seed is a contract: checking the merges in a stage of their own must not change
    # it. Here on 14x14 boards under fill, the shared solver forced on, the stage asked at least once.
    from satpuzzles.puzzles.numberlink import merge_stage

    monkeypatch.setattr(generator_checks, "SHARED_FILL_FROM_CELLS", 0)
    monkeypatch.setattr(generator_checks, "STAGED_FROM_CELLS", 0)
    asked = [0]
    other = merge_stage.MergeStage.other

    def counted(self: merge_stage.MergeStage, *args: object, **kwargs: object) -> NumberlinkSolution | None:
        asked[0] += 1
        return other(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(merge_stage.MergeStage, "other", counted)
    for seed in (1, 2, 3):
        staged = satpuzzles.generate("numberlink", 14, 14, seed=seed)
        monkeypatch.setattr(generator_checks, "STAGED_MERGES", False)
        assert satpuzzles.generate("numberlink", 14, 14, seed=seed) == staged
        monkeypatch.setattr(generator_checks, "STAGED_MERGES", True)
    assert asked[0] > 0
