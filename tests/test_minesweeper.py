"""The minesweeper command: answers against brute force, --explain, totals, outputs."""

from __future__ import annotations

import json
import re
from itertools import product

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pysat.formula import CNF
from pysat.solvers import Solver

from satpuzzles.core.outcome import Settings
from satpuzzles.geometry import count8
from satpuzzles.puzzles.minesweeper.model import MINE, UNKNOWN, MinesweeperInstance
from tests.conftest import INSTANCES, Driver, mask_timings, run_cli

PUZZLE = Driver("minesweeper")
SEED = INSTANCES / "minesweeper" / "seed"


def placements(cells: np.ndarray, total: int | None = None) -> list[np.ndarray]:
    """Every mine placement that agrees with the counts (and the total), by brute force."""
    unknown = np.argwhere(cells == UNKNOWN)
    found = []
    for picks in product((False, True), repeat=len(unknown)):
        mines = cells == MINE
        for (r, c), pick in zip(unknown, picks):
            mines[r, c] = pick
        counts = cells >= 0
        if (count8(mines)[counts] == cells[counts]).all() and (total is None or mines.sum() == total):
            found.append(mines)
    return found


@st.composite
def boards(draw: st.DrawFn) -> MinesweeperInstance:
    rows, cols = draw(st.integers(1, 3)), draw(st.integers(1, 4))
    mines = np.array(draw(st.lists(st.booleans(), min_size=rows * cols, max_size=rows * cols))).reshape(rows, cols)
    cells = np.where(mines, UNKNOWN, count8(mines)).astype(np.int8)
    hide = np.array(draw(st.lists(st.booleans(), min_size=rows * cols, max_size=rows * cols))).reshape(rows, cols)
    cells[hide & ~mines] = UNKNOWN
    if draw(st.booleans()):
        r, c = draw(st.integers(0, rows - 1)), draw(st.integers(0, cols - 1))
        if cells[r, c] >= 0:
            cells[r, c] = draw(st.integers(0, 8))
    total = draw(st.one_of(st.none(), st.integers(0, rows * cols)))
    return MinesweeperInstance(cells, total)


@settings(max_examples=120, deadline=None)
@given(boards())
def test_solve_and_count_agree_with_brute_force(instance: MinesweeperInstance) -> None:
    expected = placements(instance.cells, instance.mines)
    outcome = PUZZLE.solve(instance, Settings())
    assert outcome.status == ("solved" if expected else "unsolvable")
    if expected:
        assert PUZZLE.verify(instance, outcome.solutions[0]) == []
    counted = PUZZLE.solve(instance, Settings(count=200))
    assert len(counted.solutions) == min(len(expected), 200)
    assert counted.exhausted is (len(expected) < 200)


@settings(max_examples=100, deadline=None)
@given(boards())
def test_explain_is_unsolvable_and_minimal(instance: MinesweeperInstance) -> None:
    if instance.mines is not None:
        return
    outcome = PUZZLE.solve(instance, Settings(explain=True))
    if outcome.status == "solved":
        return
    conflict = outcome.explanation
    assert conflict is not None

    # Dropping a count makes its cell an ordinary safe cell: brute force with the others only.
    def solvable_with(kept: list[tuple[int, int]]) -> bool:
        revealed = [tuple(x) for x in np.argwhere(instance.cells >= 0)]
        unknown = [tuple(x) for x in np.argwhere(instance.cells == UNKNOWN)]
        for picks in product((False, True), repeat=len(unknown)):
            mines = instance.cells == MINE
            for (r, c), pick in zip(unknown, picks):
                mines[r, c] = pick
            if all(count8(mines)[cell] == instance.cells[cell] for cell in kept) and not any(mines[c] for c in revealed):
                return True
        return False

    assert not solvable_with([tuple(cell) for cell in conflict])
    for cell in conflict:
        assert solvable_with([tuple(c) for c in conflict if tuple(c) != tuple(cell)])
    named = re.fullmatch(r"the count \d at row (\d+), column (\d+) cannot be met(: .*)?", outcome.message or "")
    if named:  # the status line and the Conflict line name the same clues
        assert conflict == [(int(named[1]) - 1, int(named[2]) - 1)]


def test_explain_status_and_board_agree() -> None:
    lone = run_cli("minesweeper", "-i", "-", "--explain", stdin="3 4\n1 ? ? 1\n? 0 ? ?\n3 ? ? 1\n").out
    assert ("Solvable = False (the count 3 at row 3, column 1 cannot be met: only 2 of its neighbours can hold a "
            "mine)\n") in lone
    assert "Conflict = this clue cannot hold\n" in lone and lone.endswith("1 ? ? 1\n? 0 ? ?\n3!? ? 1\n")
    pair = run_cli("minesweeper", "-i", "-", "--explain", stdin="3 3\n1 ? ?\n? 0 ?\n? ? ?\n").out
    assert "Solvable = False (no placement meets every count)\n" in pair  # the 1 fails only through the 0
    assert "Conflict = these 2 clues cannot all hold" in pair and pair.endswith("1!? ?\n? 0!?\n? ? ?\n")
    assert "the count 1 at row 1, column 1 cannot be met" in run_cli("minesweeper", "-i", "-", stdin="3 3\n1 ? ?\n? 0 ?\n? ? ?\n").out


def test_seed_instances() -> None:
    for name, code in [("small-sat", 0), ("medium-sat", 0), ("large-sat", 0), ("hard-sat", 0), ("small-unsat", 1)]:
        assert run_cli("minesweeper", "-i", SEED / f"{name}.in").code == code, name


def test_plain_board_golden(golden) -> None:
    golden("minesweeper_medium-sat.out", mask_timings(run_cli("minesweeper", "-i", SEED / "medium-sat.in").out))


def test_json_mines_grid() -> None:
    record = json.loads(run_cli("minesweeper", "-i", SEED / "medium-sat.in", "--format", "json").out)
    mines = np.array(record["solution"]["mines"])
    assert record["status"] == "solved" and mines.shape == (4, 4) and set(np.unique(mines)) <= {0, 1}


def test_unsolvable_says_why_and_explains() -> None:
    plain = run_cli("minesweeper", "-i", SEED / "small-unsat.in")
    assert plain.code == 1 and "cannot be met" in plain.out
    record = json.loads(run_cli("minesweeper", "-i", SEED / "small-unsat.in", "--explain", "--format", "json").out)
    assert record["status"] == "unsolvable" and record["explanation"]["clues"]


def test_dimacs_is_the_whole_board(tmp_path) -> None:
    for name, satisfiable in [("large-sat", True), ("small-unsat", False)]:
        target = tmp_path / f"{name}.cnf"
        run_cli("minesweeper", "-i", SEED / f"{name}.in", "-o", target)
        with Solver(name="glucose4", bootstrap_with=CNF(from_file=str(target)).clauses) as solver:
            assert solver.solve() is satisfiable


def test_total_mines_line() -> None:
    text = "2 2\n1 ?\n? ?\nmines 1\n"
    record = json.loads(run_cli("minesweeper", "-i", "-", "--count", "10", "--format", "json", stdin=text).out)
    assert record["count"] == 3 and record["exhausted"] is True
    assert run_cli("minesweeper", "-i", "-", stdin="2 2\n1 ?\n? ?\nmines 4\n").code == 1


def test_result_file(tmp_path) -> None:
    target = tmp_path / "r.txt"
    assert run_cli("minesweeper", "-i", SEED / "small-sat.in", "-r", target).code == 0
    lines = target.read_text().splitlines()
    assert lines[0] == "3 3" and len(lines) == 4 and "F" in target.read_text()


def test_bad_input_is_one_line() -> None:
    result = run_cli("minesweeper", "-i", "-", stdin="2 2\n1 9\n? ?\n")
    assert result.code == 2 and result.err.count("\n") == 1 and "<stdin>:2:3" in result.err


def test_tall_board_with_rows_of_no_open_counts() -> None:
    text = "1 ?\n" + "? ?\n" * 23
    assert run_cli("minesweeper", "-i", "-", stdin=text).code == 0


def test_explain_names_the_total_when_it_takes_part() -> None:
    record = json.loads(run_cli("minesweeper", "-i", "-", "--explain", "--format", "json",
                                stdin="2 2\n? 1\n? ?\nmines 2\n").out)
    assert record["status"] == "unsolvable"
    assert record["explanation"] == {"clues": [[0, 1, 1]], "mines": 2, "minimal": True}
    text = run_cli("minesweeper", "-i", "-", "--explain", stdin="2 2\n? 1\n? ?\nmines 2\n").out
    assert "Conflict = this clue and the mine total cannot both hold" in text and "? 1!" in text
    assert "Solvable = False (no placement meets every count and the mine total)\n" in text  # no advice to --explain
    assert text.rstrip().endswith("The mine total is part of the conflict.")
    alone = run_cli("minesweeper", "-i", "-", "--explain", stdin="2 2\n? 1\n? 3\n").out
    assert "mine total" not in alone
    board = "3 3\n1 ? 1\n? ? ?\n1 ? 1\nmines 5\n"
    without = run_cli("minesweeper", "-i", "-", stdin=board).out
    assert ("Solvable = False (no placement meets every count and the mine total; --explain names conflicting "
            "counts)\n") in without  # refuted by the bounds: the set named may be checked, not minimised
    coloured = run_cli("minesweeper", "-i", "-", "--explain", "--color", "always", stdin=board).out
    assert "this clue and the mine total cannot both hold" in coloured and "--explain names" not in coloured


def test_named_solver_is_used() -> None:
    record = json.loads(run_cli("minesweeper", "-i", SEED / "large-sat.in", "-s", "minisat22", "--format", "json").out)
    assert record["status"] == "solved" and record["stats"]["solver"] == "minisat22"


def test_generate_is_reproducible_and_solvable(tmp_path) -> None:
    first = run_cli("generate", "minesweeper", "30", "40", "--seed", "5")
    again = run_cli("generate", "minesweeper", "30", "40", "--seed", "5")
    other = run_cli("generate", "minesweeper", "30", "40", "--seed", "6")
    assert first.code == 0 and first.out == again.out != other.out
    (instance,) = PUZZLE.parse(first.out)
    assert instance.cells.shape == (30, 40)
    revealed = (instance.cells >= 0).mean()
    assert 0.1 < revealed < 0.4  # reveal density 0.3 of the ~80 % safe cells
    assert run_cli("minesweeper", "-i", "-", stdin=first.out).code == 0
    target = tmp_path / "board.in"
    assert run_cli("generate", "minesweeper", "30", "40", "--seed", "5", "-o", target).code == 0
    assert target.read_text() == first.out


def test_generate_densities_and_bad_arguments() -> None:
    empty = run_cli("generate", "minesweeper", "5", "5", "--mine-density", "0", "--reveal-density", "1")
    (instance,) = PUZZLE.parse(empty.out)
    assert (instance.cells == 0).all()
    bad = run_cli("generate", "minesweeper", "0", "5")
    assert bad.code == 2 and bad.err.count("\n") == 1 and "generate minesweeper --help" in bad.err
    assert run_cli("generate", "minesweeper", "5", "5", "--mine-density", "1.5").code == 2


def test_generate_refuses_boards_too_large_to_build() -> None:
    result = run_cli("generate", "minesweeper", "100000", "100000")
    assert result.code == 2 and result.err.count("\n") == 1 and "at most 25,000,000" in result.err


def test_verbose_reports_the_engine_phases() -> None:
    """-v on the engine path says which method ran and what its phases cost (it used to print nothing)."""
    board = INSTANCES / "minesweeper" / "seed" / "medium-sat.in"
    run = run_cli("minesweeper", "-i", board, "-v")
    assert run.code == 0
    assert "method engine: propagation" in run.err
    assert re.search(r"method engine: solved; propagate \d+\.\d+ s, .*\d+ SAT calls", run.err)
    assert "method engine" not in run_cli("minesweeper", "-i", board).err


@pytest.mark.parametrize("board", ["3 3\n4 ? ?\n? ? ?\n? ? ?\n", "mines 0\n2 2\nF ?\n? ?\n"], ids=["count", "total"])
@pytest.mark.parametrize("asks", [["--hint"], ["--probabilities"], ["--analyze"], ["--unique"], ["--count", "3"],
                                  ["--method", "cnf"]])
def test_every_way_of_solving_an_unsolvable_board_says_why(board: str, asks: list[str]) -> None:
    # --unique, --count and --method cnf solve the whole board as one formula, which said only 'Solvable = False'
    # where the engine (a plain solve, --hint, --probabilities, --analyze) names the count that cannot be met.
    plain = run_cli("minesweeper", "-", stdin=board)
    why = next(line for line in plain.out.splitlines() if line.startswith("Solvable = False ("))
    asked = run_cli("minesweeper", "-", *asks, stdin=board)
    assert asked.code == plain.code == 1 and why in asked.out.splitlines(), asked.out
    record = json.loads(run_cli("minesweeper", "-", *asks, "--format", "json", stdin=board).out)
    assert record["message"] == why.removeprefix("Solvable = False (").removesuffix(")")
