"""What -o gives a reader: every variable named so a model decodes by the names, and a header that says what a model
of the formula is (solved here by a real SAT solver, outside the tool's own loop)."""

from __future__ import annotations

import ast
import json
import re
import sys
from pathlib import Path

from pysat.solvers import Solver

from tests.conftest import INSTANCES, ROOT, run_cli

sys.path.insert(0, str(ROOT / "bench"))
from make_giants import giant  # noqa: E402

RINGS = "8 9\n1......1\n........\n........\n........\n...23...\n...23...\n........\n........\n........\n"
"""Fill: three concentric rings around two short paths hold no endpoint and break no clause of the strengthened stage."""


def read_dimacs(path: Path) -> tuple[list[str], dict[int, tuple], list[list[int]]]:
    """The header's comments, each named variable's key (('right', 0, 3)) and the encoding's clauses (without the
    cuts learned after them)."""
    header: list[str] = []
    names: dict[int, tuple] = {}
    clauses: list[list[int]] = []
    for line in path.read_text().splitlines():
        if line.startswith("c clauses added by the lazy-cut loop"):
            break
        named = re.fullmatch(r"c (\d+) (\w+)\(([\d, ]*)\)", line)
        if named:
            names[int(named[1])] = (named[2], *(int(part) for part in named[3].split(", ")))
        elif line.startswith("c ") and not clauses:
            header.append(line)
        elif line and not line.startswith(("c", "p")):
            clauses.append([int(lit) for lit in line.split()[:-1]])
    return header, names, clauses


def test_the_strengthened_stage_says_its_models_may_hold_detached_cycles(tmp_path: Path) -> None:
    """Its formula admits the rings (a model that is no solution): the header must not call its models solutions."""
    target = tmp_path / "rings.cnf"
    run_cli("numberlink", "-", "--encoding", "strengthened", "-o", target, stdin=RINGS)
    header, names, clauses = read_dimacs(target)
    links = {("right", 0, c) for c in range(7)} | {("down", 4, 3), ("down", 4, 4)}
    for top, left, bottom, right in ((1, 0, 8, 7), (2, 1, 7, 6), (3, 2, 6, 5)):
        links |= {("right", row, c) for row in (top, bottom) for c in range(left, right)}
        links |= {("down", r, col) for col in (left, right) for r in range(top, bottom)}
    rings = [[var if key in links else -var] for var, key in names.items() if key[0] in ("right", "down")]
    with Solver(name="glucose4", bootstrap_with=clauses + rings) as solver:
        assert solver.solve()
    assert "its models are solutions" not in header[1]
    assert "detached cycles (loops holding no endpoint) are banned only as they appear" in header[1]


def test_the_compressed_stage_says_which_rows_and_columns_its_variables_name(tmp_path: Path) -> None:
    board, target = tmp_path / "giant.txt", tmp_path / "giant.cnf"
    board.write_text(giant(102, "solvable"))
    assert run_cli("numberlink", board, "-o", target).code == 0
    header, names, clauses = read_dimacs(target)
    assert header[0] == "c satpuzzles numberlink, encoding compressed"
    assert "its models are solutions" not in header[1]
    rows = ast.literal_eval(re.search(r"keep_rows = (\[[\d, ]*\])", header[1])[1])
    cols = ast.literal_eval(re.search(r"keep_cols = (\[[\d, ]*\])", header[1])[1])
    with Solver(name="glucose4", bootstrap_with=clauses) as solver:
        assert solver.solve()
        model = {lit for lit in solver.get_model() if lit > 0}
    ends = [(r, c) for r, line in enumerate(board.read_text().splitlines()[2:]) for c, ch in enumerate(line)
            if ch != "."]
    assert len(ends) == 8 and all(r in rows and c in cols for r, c in ends)
    for r, c in ends:  # each endpoint, read through the header's map, has one link in the model
        at = (rows.index(r), cols.index(c))
        touching = {("right", at[0], at[1]), ("right", at[0], at[1] - 1), ("down", *at), ("down", at[0] - 1, at[1])}
        assert sum(names[var][:3] in touching for var in model if var in names) == 1


def test_minesweeper_names_each_variable_by_its_cell(tmp_path: Path) -> None:
    """mine(row, column), as Numberlink's right(0, 3): a model decodes without knowing the numbering."""
    board = INSTANCES / "minesweeper" / "seed" / "medium-sat.in"
    target = tmp_path / "board.cnf"
    assert run_cli("minesweeper", board, "-o", target).code == 0
    _, names, clauses = read_dimacs(target)
    rows = [line.split() for line in board.read_text().splitlines()[1:]]
    assert sorted(key[1:] for key in names.values()) == [(r, c) for r, row in enumerate(rows)
                                                         for c, token in enumerate(row) if token == "?"]
    with Solver(name="glucose4", bootstrap_with=clauses) as solver:
        assert solver.solve()
        mines = {names[lit][1:] for lit in solver.get_model() if lit > 0}
    for r, row in enumerate(rows):
        for c, token in enumerate(row):
            if token.isdigit():
                around = {(r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)}
                assert len(around & mines) == int(token), (r, c)


def test_minesweeper_explain_writes_the_selectors_it_assumed(tmp_path: Path) -> None:
    """Under --explain each count has a selector: the formula -o writes assumes them, so an unsolvable board's is
    unsatisfiable (it was satisfiable, every count switched off, when the engine had answered)."""
    for board, code, satisfiable in ((INSTANCES / "minesweeper" / "seed" / "small-unsat.in", 1, False),
                                     (INSTANCES / "minesweeper" / "seed" / "medium-sat.in", 0, True)):
        target = tmp_path / "board.cnf"
        assert run_cli("minesweeper", board, "--explain", "-o", target).code == code
        assert "c selector literals the solver assumed true (one per clue):" in target.read_text()
        _, _, clauses = read_dimacs(target)  # the selectors' unit clauses among them
        with Solver(name="glucose4", bootstrap_with=clauses) as solver:
            assert solver.solve() is satisfiable, board.name


def test_writing_the_formula_keeps_an_arguments_answer(tmp_path: Path) -> None:
    """A 22x22 board the parity argument refutes at once: -o used to skip the argument and leave the answer to SAT,
    which had not refuted it after minutes (parity is hard for resolution)."""
    board, target = tmp_path / "parity.txt", tmp_path / "parity.cnf"
    board.write_text(giant(22, "parity"))
    result = run_cli("numberlink", board, "-o", target, "--timeout", "30", "--format", "json")
    assert result.code == 1, result.out
    assert json.loads(result.out)["reason"].startswith("parity:")
    header, names, clauses = read_dimacs(target)
    assert header[0] == "c satpuzzles numberlink, encoding parity argument" and "unsatisfiable" in header[1]
    assert len(names) > 22 * 21 * 2 and len(clauses) > 5000  # the rules' formula, not the argument's empty clause


def test_the_api_formula_has_the_header_of_the_cli_one(tmp_path: Path) -> None:
    """Puzzle.cnf().dimacs says what a model means, as -o does (it gave the stage's name alone)."""
    import satpuzzles

    url = "https://puzz.link/p?slither/5/5/cbcbcddad"
    target = tmp_path / "loop.cnf"
    assert run_cli("slitherlink", url, "-o", target).code == 0
    written = target.read_text().splitlines()[:2]
    assert satpuzzles.load(url).cnf().dimacs.splitlines()[:2] == written
    assert "second loops (a solution is one loop) are banned only as they appear" in written[1]
