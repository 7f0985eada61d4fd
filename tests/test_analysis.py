"""--analyze against brute force: forced on = in every solution, forced off = in none, the rest undetermined.

Slitherlink on every board up to 3x3 hypothesis draws and on 4x4 boards with few clues (where
models carry clue-free loops beside their solution), Numberlink under each rule set (links,
and under the open rule every cell's use). Masyu's are in examples/masyu/tests.
"""

from __future__ import annotations

import json
import random
import re
from functools import cache
from pathlib import Path
from itertools import product

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from satpuzzles.core.outcome import Analysis, Settings
from satpuzzles.geometry import Cell, Edge, Grid
from satpuzzles.puzzles.numberlink.model import NumberlinkInstance, RuleSet
from satpuzzles.puzzles.slitherlink.model import SlitherlinkInstance, SlitherlinkSolution
from tests import test_numberlink_rules as numberlink_rules
from tests.conftest import INSTANCES, ROOT, Driver, run_cli

SLITHERLINK = Driver("slitherlink")
NUMBERLINK = Driver("numberlink")


def expected_states(solutions: list[frozenset], keys: list) -> dict:
    """Each key's state across ``solutions`` (each the set of keys it makes true)."""
    states = {}
    for key in keys:
        made = {key in solution for solution in solutions}
        states[key] = "undetermined" if len(made) == 2 else "true" if made == {True} else "false"
    return states


def check(analysis: Analysis | None, solutions: list[frozenset], keys: list) -> None:
    assert analysis is not None
    assert analysis.states() == expected_states(solutions, keys)
    everything = analysis.forced_true + analysis.forced_false + analysis.undetermined
    assert len(everything) == len(set(everything)) == len(keys)
    assert analysis.grade is not None
    if analysis.undetermined:  # several solutions: no difficulty, whatever the forced part took
        assert analysis.grade.level == "not unique"
    else:
        assert (analysis.grade.left == 0) == (analysis.grade.level != "needs search")


# --------------------------------------------------------------------------- Slitherlink


@cache
def single_loops(rows: int, cols: int) -> tuple[frozenset[Edge], ...]:
    """Every single loop of the board, as the boundary of a set of cells (brute force)."""
    grid = Grid(rows, cols)
    cells = list(grid.cells())
    loops = []
    for picks in product((False, True), repeat=len(cells)):
        inside = {cell for cell, picked in zip(cells, picks) if picked}
        boundary = frozenset(edge for edge in grid.edges() if sum(c in inside for c in grid.edge_cells(edge)) == 1)
        if boundary and SLITHERLINK.verify(SlitherlinkInstance(grid, {}), SlitherlinkSolution(boundary)) == []:
            loops.append(boundary)
    return tuple(loops)


def slitherlink_solutions(instance: SlitherlinkInstance) -> list[frozenset[Edge]]:
    grid = instance.grid
    return [loop for loop in single_loops(grid.rows, grid.cols)
            if all(sum(e in loop for e in grid.cell_edges(cell)) == k for cell, k in instance.clues.items())]


def check_slitherlink(instance: SlitherlinkInstance) -> None:
    solutions = slitherlink_solutions(instance)
    outcome = SLITHERLINK.solve(instance, Settings(analyze=True))
    if not solutions:
        assert outcome.status == "unsolvable" and outcome.analysis is None
        return
    check(outcome.analysis, solutions, instance.grid.edges())


@st.composite
def slitherlink_boards(draw: st.DrawFn) -> SlitherlinkInstance:
    rows, cols = draw(st.integers(1, 3)), draw(st.integers(1, 3))
    clues: dict[Cell, int] = {}
    for cell in Grid(rows, cols).cells():
        if draw(st.integers(0, 2)) == 0:
            clues[cell] = draw(st.integers(0, 3))
    return SlitherlinkInstance(Grid(rows, cols), clues)


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(slitherlink_boards())
def test_slitherlink_analysis_agrees_with_brute_force(instance: SlitherlinkInstance) -> None:
    check_slitherlink(instance)


@pytest.mark.parametrize("seed", range(30))
def test_slitherlink_few_clues_on_4x4(seed: int) -> None:
    """Few clues leave room for clue-free loops beside the solution in a model: never counted as flips."""
    rng = random.Random(seed)
    grid = Grid(4, 4)
    loop = rng.choice([loop for loop in single_loops(4, 4) if len(loop) >= 8])
    cells = rng.sample(list(grid.cells()), rng.randint(1, 4))
    clues = {cell: sum(edge in loop for edge in grid.cell_edges(cell)) for cell in cells}
    check_slitherlink(SlitherlinkInstance(grid, clues))


def test_slitherlink_without_clues_undetermines_everything() -> None:
    instance = SlitherlinkInstance(Grid(3, 3), {})
    check_slitherlink(instance)


# --------------------------------------------------------------------------- Numberlink


def numberlink_keys(instance: NumberlinkInstance, rules: RuleSet) -> list:
    links = list(instance.grid.links())
    return links if rules.fill else links + [c for c in instance.grid.cells() if c not in instance.givens]


def numberlink_made(routes: frozenset, rules: RuleSet) -> frozenset:
    made = set()
    for _, route in routes:
        made.update((min(a, b), max(a, b)) for a, b in zip(route, route[1:]))
        made.update(route)
    return frozenset(made)


def check_numberlink(rows: int, cols: int, pairs: dict, rules: RuleSet) -> None:
    givens = {cell: label for label, pair in pairs.items() for cell in pair}
    instance = NumberlinkInstance(Grid(rows, cols), givens, tuple(pairs))
    solutions = [numberlink_made(routes, rules)
                 for routes in numberlink_rules.brute_force(rows, cols, pairs, rules)]
    outcome = NUMBERLINK.solve(instance, Settings(analyze=True, extras=numberlink_rules.extras(rules)))
    if not solutions:
        assert outcome.status == "unsolvable" and outcome.analysis is None
        return
    check(outcome.analysis, solutions, numberlink_keys(instance, rules))


@pytest.mark.parametrize("rules", numberlink_rules.RULE_SETS, ids=lambda r: f"{r.name}{'' if r.self_touch else '-nst'}")
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(board=numberlink_rules.boards())
def test_numberlink_analysis_agrees_with_brute_force(rules: RuleSet, board: tuple) -> None:
    check_numberlink(*board, rules)


@pytest.mark.parametrize("rules", numberlink_rules.RULE_SETS, ids=lambda r: f"{r.name}{'' if r.self_touch else '-nst'}")
def test_numberlink_fixed_boards(rules: RuleSet) -> None:
    check_numberlink(3, 3, {"A": ((0, 0), (2, 2))}, rules)
    check_numberlink(4, 4, {"A": ((0, 0), (3, 3)), "B": ((0, 3), (1, 2))}, rules)
    check_numberlink(2, 3, {"A": ((0, 0), (0, 2))}, rules)


@pytest.mark.parametrize(("rules", "cells"), [("open", True), ("fill", False)])
def test_numberlink_cells_are_listed_under_the_open_rule_even_when_every_cell_is_an_endpoint(
        tmp_path: Path, rules: str, cells: bool) -> None:
    board = tmp_path / "endpoints.txt"
    board.write_text("12\n12\n")  # under open, cells are decisions even where none is left to decide
    record = json.loads(run_cli("numberlink", board, "--analyze", "--rules", rules, "--format", "json").out)
    assert ("cells" in record["analysis"]) is cells
    if cells:
        assert record["analysis"]["cells"]["counts"] == {"used": 0, "empty": 0, "undetermined": 0}
    text = run_cli("numberlink", board, "--analyze", "--rules", rules).out
    assert ("Cells = 0 forced used, 0 forced empty, 0 undetermined" in text) is cells
    assert ("• used" in text) is cells  # the legend names the cell marks


def test_an_analysis_cut_short_by_the_timeout_says_so() -> None:
    from satpuzzles.core.outcome import Outcome
    from satpuzzles.present.report import status_lines

    outcome: Outcome[object] = Outcome(status="solved", solutions=[object()], message="timed out after 1 s")
    assert ("Analysis", "unknown (timed out after 1 s)") in status_lines(outcome, Settings(analyze=True))
    assert all(name != "Analysis" for name, _ in status_lines(outcome, Settings()))


@pytest.mark.parametrize(("puzzle", "path", "unique"), [
    ("numberlink", INSTANCES / "numberlink" / "seed" / "instance_1.txt", True),
    ("numberlink", INSTANCES / "numberlink" / "seed" / "example_3x3.txt", False),
    ("slitherlink", INSTANCES / "slitherlink" / "puzzlekit" / "1005_10x18.txt", True),
    ("minesweeper", INSTANCES / "minesweeper" / "seed" / "small-sat.in", False),
])
def test_analyze_decides_unique_in_the_json_envelope_and_the_api(puzzle: str, path: Path, unique: bool) -> None:
    import satpuzzles

    record = json.loads(run_cli(puzzle, path, "--analyze", "--format", "json").out)
    assert record["unique"] is unique is (not record["analysis"]["undetermined"])
    assert json.loads(run_cli(puzzle, path, "--format", "json").out)["unique"] is None  # not asked
    assert satpuzzles.load(path, puzzle=puzzle).solve(analyze=True).unique is unique
    assert json.loads(run_cli(puzzle, path, "--unique", "--format", "json").out)["unique"] is unique  # the search's


def test_a_puzzle_with_several_solutions_gets_no_difficulty() -> None:
    """A lone 3 on 4x4 forces little and deduces at once, yet it is no easy puzzle: it has many loops."""
    board = "4 4\n3...\n....\n....\n....\n"
    text = run_cli("slitherlink", "-", "--analyze", stdin=board).out
    assert "Unique = False" in text and "Grade = not unique (a grade needs one solution; deducing the forced" in text
    grade = json.loads(run_cli("slitherlink", "-", "--analyze", "--format", "json", stdin=board).out)["analysis"]["grade"]
    assert grade["level"] == "not unique" and {"rounds", "probes", "by_propagation", "left", "cuts"} <= set(grade)
    unique = run_cli("numberlink", INSTANCES / "numberlink" / "seed" / "instance_1.txt", "--analyze").out
    assert "Grade = easy (1 round of propagation and probing, " in unique  # one round, in the singular


@pytest.mark.parametrize(("name", "grade"), [
    ("example_3x2.txt", r"Grade = easy \(unit propagation alone, \d+ probes\)"),
    ("instance_10.txt", r"Grade = needs search \(unit propagation, \d+ probes, none refuting; "
                        r"\d+ forced decisions left to search\)"),
])
def test_a_grade_reached_in_round_zero_says_unit_propagation(name: str, grade: str) -> None:
    """Round 0 is unit propagation: the line says so instead of '0 rounds of propagation and probing'."""
    text = run_cli("numberlink", INSTANCES / "numberlink" / "seed" / name, "--analyze").out
    assert any(re.fullmatch(grade, line) for line in text.splitlines()), text


def test_a_grade_is_reproducible_per_solver_and_the_docs_say_the_solver_can_move_it() -> None:
    """The README said grades use glucose4 always, 'so a board one grade', and authors.md that the rounds do not
    depend on the solver; but the grade reads the loop cuts the analysis learnt, in the solver it ran in: this board
    is medium by default and easy under -s minisat22. Each is reproducible; the docs say which."""
    board = INSTANCES / "slitherlink" / "pzprjs" / "puzzlekit_meta_10x10.url"

    def grade(*solver: str) -> dict[str, object]:
        return json.loads(run_cli("slitherlink", board, "--analyze", "--format", "json", *solver).out)["analysis"]["grade"]

    assert grade() == grade() and grade()["level"] == "medium"
    assert grade("-s", "minisat22") == grade("-s", "minisat22") and grade("-s", "minisat22")["level"] == "easy"
    readme = (ROOT / "README.md").read_text()
    assert "a board one grade" not in readme and "a board has one grade per solver" in readme
    authors = " ".join((ROOT / "docs" / "authors.md").read_text().split())
    assert "or on the solver" not in authors
    assert "(`puzzlekit_meta_10x10.url` is medium by default and easy with `-s minisat22`)" in authors


def test_a_probe_closing_a_loop_that_breaks_a_clue_alone_is_refuted(monkeypatch: pytest.MonkeyPatch) -> None:
    """The grade judges a loop a probe closes by the rules: Slitherlink's decoding takes a model's one loop for the
    solution (a model of the formula keeps every clue), so the encoding's cuts alone passed every such loop, and a
    closed loop breaking a clue was never refuted (20x20 seed 1 --difficulty hard: 6 rounds, 5 with the refutations)."""
    from typing import Any

    from satpuzzles.solve import analysis

    captured: dict[str, Any] = {}
    real = analysis.grade

    def spy(*args: Any, **kwargs: Any) -> Any:
        captured["lines"], captured["close"] = args[4], args[5]
        return real(*args, **kwargs)

    monkeypatch.setattr(analysis, "grade", spy)
    assert SLITHERLINK.solve(SlitherlinkInstance(Grid(2, 2), {(0, 0): 3}), Settings(analyze=True)).analysis
    lines, close = captured["lines"], captured["close"]

    def around(top: int, left: int, bottom: int, right: int) -> list[int]:
        """The segments of the rectangle of cells rows top..bottom, columns left..right."""
        edges = [("h", r, c) for r in (top, bottom + 1) for c in range(left, right + 1)]
        edges += [("v", r, c) for r in range(top, bottom + 1) for c in (left, right + 1)]
        dots = [{lines.index[dot] for dot in Grid(2, 2).edge_vertices(edge)} for edge in edges]
        return sorted(var for var, ends in lines.ends.items() if set(ends) in dots)

    corner = around(1, 1, 1, 1)  # the 3 has none of these sides
    assert len(corner) == 4 and close(corner) == [[-var for var in corner]]
    assert close(around(0, 0, 1, 1)) == [[-var for var in around(0, 0, 1, 1)]]  # the 3 has two sides on it
    assert close(around(0, 0, 0, 1)) == []  # three sides of the 3: the loop is a solution
