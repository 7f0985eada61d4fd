"""The uniqueness search's finders: windows with a conflict budget, and second fillings turned into open solutions."""

from __future__ import annotations

import json

import pytest

from satpuzzles.core.outcome import Settings, SolveStats
from satpuzzles.core.records import replace
from satpuzzles.puzzles.numberlink import unique, whole_board
from satpuzzles.puzzles.numberlink.encoding import NumberlinkEncoding
from satpuzzles.puzzles.numberlink.model import NumberlinkInstance, NumberlinkSolution, RuleSet, verify
from satpuzzles.puzzles.numberlink.staging import STAGED
from satpuzzles.solve.limited import budgeted_backend, searcher
from satpuzzles.solve.pipeline import run_stages
from tests.conftest import INSTANCES, Driver, run_cli
from tests.test_numberlink_moves import covered_board

PUZZLE = Driver("numberlink")
FILL, FILL_NST = RuleSet(), RuleSet(self_touch=False)
OPEN, OPEN_NST = RuleSet(fill=False), RuleSet(fill=False, self_touch=False)
JANKO = INSTANCES / "numberlink" / "janko-arukone" / "janko.txt"


def settings(rules: RuleSet, **more: object) -> Settings:
    """--unique under ``rules`` (glucose4, the default solver, named: the finders take its budgets)."""
    return Settings(unique=True, solver="glucose4", extras={"rules": rules.name, "no_self_touch": not rules.self_touch},
                    **more)  # type: ignore[arg-type]


def first(instance: NumberlinkInstance, rules: RuleSet) -> NumberlinkSolution:
    """The first solution, as the uniqueness strategy gets it."""
    outcome = run_stages(STAGED, instance, replace(settings(rules), count=1, unique=False), "numberlink")
    assert outcome.solution is not None
    return outcome.solution


@pytest.fixture(scope="module")
def janko_176() -> NumberlinkInstance:
    """17x17, 9 pairs: unique only under fill with no self-touch; its second solutions are far from the first."""
    return PUZZLE.parse(JANKO.read_text())[175]


@pytest.mark.parametrize(("rules", "unique_there"), [(FILL, False), (FILL_NST, True), (OPEN, False), (OPEN_NST, False)])
def test_janko_176_is_decided_under_every_rule_set(janko_176: NumberlinkInstance, rules: RuleSet,
                                                   unique_there: bool) -> None:
    outcome = PUZZLE.solve(janko_176, settings(rules))
    assert outcome.uniqueness(settings(rules)) is unique_there
    assert len({frozenset(solution.links()) for solution in outcome.solutions}) == len(outcome.solutions)
    for solution in outcome.solutions:
        assert verify(janko_176, solution) == [] and solution.rules == rules


def test_janko_176_fill_second_solution_lies_in_a_window_past_one_over_budget(janko_176: NumberlinkInstance) -> None:
    # The window (0,0)-(14,14) takes over 100,000 conflicts to show it holds none; (0,3)-(14,17) holds one.
    solution = first(janko_176, FILL)
    encoding = unique.search_encoding(janko_176, FILL, True, None)
    other = unique._in_windows(janko_176, encoding, solution, settings(FILL), SolveStats(), unique.WINDOWS)
    assert other is not None and other.links() != solution.links() and verify(janko_176, other) == []


@pytest.mark.parametrize("rules", [OPEN, OPEN_NST])
def test_janko_176_open_second_solution_comes_from_a_second_filling(janko_176: NumberlinkInstance,
                                                                    rules: RuleSet) -> None:
    solution = replace(first(janko_176, rules), rules=rules)
    search = unique.search_encoding(janko_176, OPEN_NST, False, True)
    assert unique._in_windows(janko_176, search, solution, settings(rules), SolveStats(), unique.WINDOWS) is None
    other = unique._from_a_filling(janko_176, solution, settings(rules), SolveStats(), unique.WINDOWS, rules)
    assert other is not None and other.links() != solution.links()
    assert verify(janko_176, other) == [] and other.rules == rules
    cells = sum(len(route) for route in other.routes.values())
    assert (cells == janko_176.grid.size) is rules.self_touch  # without self-touch, shortcuts left cells empty


@pytest.mark.parametrize("seed", range(12))
def test_a_second_filling_gives_a_second_open_solution_only_when_there_is_one(seed: int) -> None:
    instance = covered_board(5 + seed % 2, 5 + seed % 3, 2000 + seed)
    for rules in (OPEN, OPEN_NST):
        solution = replace(first(instance, rules), rules=rules)
        other = unique._from_a_filling(instance, solution, settings(rules), SolveStats(), unique.WINDOWS, rules)
        plain = PUZZLE.solve(instance, Settings(unique=True, method="cnf", extras=settings(rules).extras))
        if other is not None:
            assert verify(instance, other) == [] and other.links() != solution.links()
            assert plain.uniqueness(Settings(unique=True)) is False


@pytest.mark.parametrize("seed", range(12))
def test_windows_out_of_conflicts_leave_the_verdict_to_the_whole_board(seed: int,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(unique, "WINDOW_CONFLICTS", (1,))  # every window that needs a conflict is given up
    instance = covered_board(5 + seed % 2, 5 + seed % 3, 3000 + seed)
    for rules in (FILL, FILL_NST, OPEN, OPEN_NST):
        fast = PUZZLE.solve(instance, settings(rules))
        plain = PUZZLE.solve(instance, Settings(unique=True, method="cnf", extras=settings(rules).extras))
        assert fast.uniqueness(Settings(unique=True)) is plain.uniqueness(Settings(unique=True))


@pytest.mark.parametrize(("named", "searching"), [
    ("glucose4", "glucose4"), ("m22", "minisat22"), ("cadical195 --inprocessing=0", "cadical195 --inprocessing=0"),
    ("lingeling", "glucose4"), ("kissat404", "glucose4"), ("minisat", "glucose4")])  # minisat: the executable
def test_budgeted_searches_run_in_the_named_solver_when_it_takes_a_budget_else_in_glucose(named: str,
                                                                                          searching: str) -> None:
    encoding = NumberlinkEncoding(covered_board(5, 5, 7), False, FILL)
    assert searcher(named) == searching
    with budgeted_backend(named, unique.WINDOW_CONFLICTS[0]) as backend:
        backend.add_clauses(encoding.formula.clauses)
        assert backend.name == searching.split()[0] and backend.conflicts == unique.WINDOW_CONFLICTS[0]
        assert backend.solve() is True


def test_the_fill_search_under_open_says_when_glucose_searched_for_the_named_solver() -> None:
    board = INSTANCES / "numberlink" / "janko-arukone" / "janko.txt"
    for named, stage in (("cadical195", "fill first"), ("lingeling", "fill first (by glucose4)")):
        result = run_cli("numberlink", board, "--index", "66", "--rules", "open", "-s", named, "--format", "json")
        stats = json.loads(result.out)["stats"]
        assert result.code == 0 and stats["solver"] == named and stats["stages"] == [stage]




def test_count_over_two_proves_a_unique_board_by_the_uniqueness_search(janko_176: NumberlinkInstance) -> None:
    # Unique under fill with no self-touch: the enumeration alone would have to refute the whole board.
    outcome = PUZZLE.solve(janko_176, replace(settings(FILL_NST), unique=False, count=50))
    assert outcome.status == "solved" and outcome.exhausted is True and len(outcome.solutions) == 1
    assert outcome.stats.method == "unique" and outcome.stats.stages[-1] == "unique"


def test_count_over_two_seeks_more_solutions_near_those_found(janko_176: NumberlinkInstance) -> None:
    # Under fill its solutions lie in each other's windows: the whole board alone took 428 s to find a second.
    wanted = replace(settings(FILL), unique=False, count=6)
    outcome = PUZZLE.solve(janko_176, wanted)
    assert outcome.status == "solved" and len(outcome.solutions) == 6 and outcome.exhausted is False
    assert len({frozenset(solution.links()) for solution in outcome.solutions}) == 6
    assert all(verify(janko_176, solution) == [] for solution in outcome.solutions)


def test_count_over_two_enumerates_after_a_second_solution_and_reports_each_once() -> None:
    board = PUZZLE.parse(JANKO.read_text())[0]  # 8x8, many solutions under fill
    reports: list[tuple[str, object]] = []
    wanted = replace(settings(FILL), unique=False, count=4,
                     on_progress=lambda kind, found, stats: reports.append((kind, found)))
    outcome = PUZZLE.solve(board, wanted)
    links = [frozenset(solution.links()) for solution in outcome.solutions]
    assert outcome.status == "solved" and len(set(links)) == 4 and outcome.exhausted is False
    assert all(verify(board, solution) == [] for solution in outcome.solutions)
    # As they are found (what --timeout keeps), each once, in the answer's order.
    reported = [frozenset(found.links()) for kind, found in reports if kind == "solution"]  # type: ignore[attr-defined]
    assert reported == links


def test_count_over_two_turns_the_conflict_budget_off_for_the_whole_board() -> None:
    # Janko #267 under fill has two solutions: the whole board's unbounded call, after one within QUICK_CONFLICTS,
    # kept that budget in Glucose and stopped without an answer ("unknown").
    board = PUZZLE.parse(JANKO.read_text())[266]
    outcome = PUZZLE.solve(board, replace(settings(FILL), unique=False, count=3))
    assert outcome.status == "solved" and len(outcome.solutions) == 2 and outcome.exhausted is True
    by_cnf = PUZZLE.solve(board, replace(settings(FILL), unique=False, count=3, method="cnf"))
    assert {frozenset(s.links()) for s in by_cnf.solutions} == {frozenset(s.links()) for s in outcome.solutions}


def test_a_strategy_s_reported_solutions_are_verified_before_they_are_passed_on() -> None:
    from satpuzzles.core.errors import VerificationError
    from satpuzzles.core.outcome import Outcome
    from satpuzzles.core.spec import Strategy
    from satpuzzles.solve.pipeline import solve

    board = PUZZLE.parse(JANKO.read_text())[0]
    good = PUZZLE.solve(board, Settings()).solutions[0]
    broken = replace(good, routes={label: route[:1] for label, route in good.routes.items()})

    def reporting(instance: NumberlinkInstance, wanted: Settings) -> Outcome[NumberlinkSolution]:
        assert wanted.on_progress is not None
        wanted.on_progress("solution", broken, SolveStats())
        return Outcome("solved", [broken])

    rules = replace(unique.RULES, strategies=(Strategy("reporting", "reports a broken solution", reporting),))
    passed_on: list[object] = []
    with pytest.raises(VerificationError):
        solve(rules, board, Settings(on_progress=lambda kind, found, stats: passed_on.append(found)))
    assert passed_on == []


NUMLIN = "https://puzz.link/p?numlin/5/5/1j2h3m1h2j3"
"""Open rules: the fill-first stage finds its filling, which the board's only solution is."""


def test_the_fill_search_s_sat_calls_are_counted() -> None:
    """The fill first stage searches for a filling while it is built: those SAT calls count in sat_calls, by the
    cnf method (then one call on the stage's formula) and by the uniqueness strategy (then the whole board's
    proof that there is no second solution: this 5x5 board has no window smaller than itself)."""
    from satpuzzles.puzzles.numberlink.fillfirst import bounded_filling

    instance = Driver("numberlink").parse(NUMLIN)[0]
    searched = SolveStats()
    assert bounded_filling(instance, True, "glucose4", searched) is not None and searched.sat_calls >= 1
    plain = json.loads(run_cli("numberlink", NUMLIN, "--format", "json").out)["stats"]
    assert plain["stages"] == ["fill first"] and plain["sat_calls"] == searched.sat_calls + 1
    record = json.loads(run_cli("numberlink", NUMLIN, "--unique", "--format", "json").out)
    assert record["unique"] is True and record["stats"]["stages"] == ["fill first", "unique"]
    assert record["stats"]["sat_calls"] == searched.sat_calls + 2


def test_analyze_counts_the_sat_calls_of_the_uniqueness_proof() -> None:
    """--analyze on a board the uniqueness steps prove unique skips the backbone: the steps' SAT calls count, in
    the analysis and in the solve's statistics (one call found the first solution)."""
    record = json.loads(run_cli("numberlink", "https://puzz.link/p?arukone/5/5/j1g2j3i12g3l", "--analyze",
                                "--format", "json").out)
    assert record["unique"] is True and record["analysis"]["sat_calls"] >= 1
    assert record["stats"]["sat_calls"] == 1 + record["analysis"]["sat_calls"]


def test_the_open_proof_beside_the_fill_proof_agrees_with_the_plain_enumeration() -> None:
    # Called directly, as after a first fill turn that ran out: tiny boards end within any first turn.
    decided_by_open = 0
    for seed in range(60):
        instance = covered_board(4 + seed % 4, 4 + seed % 5, 4000 + seed)
        for rules in (FILL, FILL_NST):
            outcome = run_stages(STAGED, instance, replace(settings(rules), count=1, unique=False), "numberlink")
            solution = outcome.solution
            if solution is None or unique._second_at_once(instance, solution, OPEN) is not None:
                continue  # the open proof is only taken beside a filling with no open second solution at once
            encoding = whole_board.search_encoding(instance, rules, rules.self_touch, None, drop_loops=True)
            stats = SolveStats()
            with budgeted_backend("glucose4", 1) as fill:
                whole_board._load(fill, encoding, solution)
                second = whole_board._with_the_open_proof(instance, encoding, fill, solution, "glucose4", stats)
            plain = PUZZLE.solve(instance, Settings(unique=True, method="cnf", extras=settings(rules).extras))
            assert (second is False) is plain.uniqueness(Settings(unique=True))
            if second is not False:
                assert verify(instance, second) == [] and second.links() != solution.links()
            decided_by_open += whole_board.OPEN_PROOF_STAGE in stats.stages
    assert decided_by_open > 0  # the path under test was taken


def test_a_board_unique_under_fill_is_proved_unique_under_open_where_that_is_faster() -> None:
    # The handmade 24x14 #4: the fill proof refutes self-touching second solutions for 31 s; the open one, 1.4 s.
    board = INSTANCES / "numberlink" / "handmade" / "inputs4.txt"
    result = run_cli("numberlink", board, "--index", "4", "--unique", "--format", "json")
    data = json.loads(result.out)
    assert result.code == 0 and data["unique"] is True
    assert data["stats"]["stages"][-1] == whole_board.OPEN_PROOF_STAGE


@pytest.mark.parametrize("rules", [FILL, OPEN])
def test_a_large_board_is_decided_by_the_whole_board_before_its_windows(rules: RuleSet) -> None:
    # 50x50, a label at both ends of every row: the one solution runs straight, and the short whole-board search
    # proves it (a window's call costs as much as the board's: the windows alone would be 1,200 calls).
    side = 50
    assert side * side >= whole_board.PROBE_FROM_CELLS
    board = "\n".join(",".join([str(row)] + ["."] * (side - 2) + [str(row)]) for row in range(side)) + "\n"
    instance = PUZZLE.parse(board)[0]
    fast = PUZZLE.solve(instance, settings(rules))
    assert fast.uniqueness(settings(rules)) is True
    assert fast.stats.sat_calls < len(unique.windows(instance.grid))
    plain = PUZZLE.solve(instance, Settings(unique=True, method="cnf", extras=settings(rules).extras))
    assert plain.uniqueness(Settings(unique=True)) is True
