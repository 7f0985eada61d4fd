"""CNF building blocks: variable pool, cardinality constraints and DIMACS output."""

from __future__ import annotations

import subprocess
import sys
from itertools import product
from math import comb

import numpy as np
import pytest
from pysat.formula import CNF
from pysat.solvers import Solver

from satpuzzles.cnf import Formula, VarPool, atleast, atmost, cardinality, dimacs, dimacs_text, exactly
from satpuzzles.core.outcome import Settings
from satpuzzles.puzzles.numberlink.encoding import NumberlinkEncoding
from tests.conftest import Driver

# --------------------------------------------------------------------------- VarPool


def test_single_vars_are_numbered_from_one_and_remembered() -> None:
    pool = VarPool()
    a, b, c = pool.var("a"), pool.var(("cell", 0, 1)), pool.var(("cell", 1, 0))
    assert (a, b, c) == (1, 2, 3)
    assert pool.var("a") == a
    assert pool.var(("cell", 0, 1)) == b
    assert pool.top == 3
    assert pool.name_of(a) == "a"
    assert pool.name_of(b) == ("cell", 0, 1)
    assert pool.name_of(-c) == ("cell", 1, 0)


def test_block_reserves_consecutive_ids_shaped_like_numpy() -> None:
    pool = VarPool()
    before = pool.var("before")
    block = pool.block("x", (2, 3, 4))
    assert block.shape == (2, 3, 4)
    assert block.dtype.kind == "i"
    assert block.flat[0] == before + 1
    assert list(block.flatten()) == list(range(before + 1, before + 1 + 24))
    assert pool.top == before + 24
    assert pool.name_of(int(block[1, 2, 3])) == ("x", 1, 2, 3)
    assert pool.name_of(int(block[0, 0, 0])) == ("x", 0, 0, 0)
    assert pool.name_of(-int(block[1, 0, 2])) == ("x", 1, 0, 2)
    # Every variable in the block maps back to its own index.
    for index in np.ndindex(*block.shape):
        assert pool.name_of(int(block[index])) == ("x", *index)


def test_ids_after_a_block_never_collide() -> None:
    pool = VarPool()
    first = pool.block("a", (3,))
    named = pool.var("named")
    aux = pool.fresh()
    second = pool.block("b", (2, 2))
    later = pool.var("later")
    ids = [*first.tolist(), named, aux, *second.flatten().tolist(), later]
    assert len(set(ids)) == len(ids)
    assert ids == sorted(ids)
    assert ids == list(range(1, len(ids) + 1))
    assert pool.top == len(ids)
    assert pool.name_of(named) == "named"
    assert pool.name_of(later) == "later"
    assert pool.name_of(int(second[1, 0])) == ("b", 1, 0)
    assert pool.name_of(int(first[2])) == ("a", 2)


def test_fresh_auxiliaries_are_anonymous() -> None:
    pool = VarPool()
    x = pool.var("x")
    aux1 = pool.fresh()
    block = pool.block("blk", (2,))
    aux2 = pool.fresh()
    assert len({x, aux1, aux2, *block.tolist()}) == 5
    assert aux1 > x and aux2 > int(block[-1])
    assert pool.name_of(aux1) is None
    assert pool.name_of(aux2) is None
    assert pool.name_of(-aux2) is None
    # Beyond the top, or between blocks, there is no name either.
    assert pool.name_of(pool.top + 1) is None
    assert pool.name_of(pool.top + 100) is None


def test_empty_block_takes_no_ids() -> None:
    pool = VarPool()
    empty = pool.block("none", (3, 0))
    assert empty.shape == (3, 0)
    assert pool.top == 0
    assert pool.var("v") == 1
    assert pool.names() == [(1, "v")]


def test_names_lists_every_named_variable_in_id_order() -> None:
    pool = VarPool()
    pool.var("first")
    aux = pool.fresh()
    block = pool.block("grid", (2, 2))
    pool.var(("pair", (0, 1), (1, 1)))
    names = pool.names()
    ids = [vid for vid, _ in names]
    assert ids == sorted(ids)
    assert aux not in ids
    assert names == [
        (1, "first"),
        (3, ("grid", 0, 0)),
        (4, ("grid", 0, 1)),
        (5, ("grid", 1, 0)),
        (6, ("grid", 1, 1)),
        (7, ("pair", (0, 1), (1, 1))),
    ]
    assert all(pool.name_of(vid) == key for vid, key in names)
    assert int(block[1, 1]) == 6


def test_formula_uses_pool_top_as_num_vars() -> None:
    formula = Formula()
    x = formula.pool.block("x", (3,))
    formula.add([int(x[0]), int(x[1])])
    formula.unit(-int(x[2]))
    formula.add([-int(x[0]), int(x[1]), int(x[2])])
    formula.equal_if(int(x[0]), int(x[1]), int(x[2]))
    assert formula.num_vars == 3
    assert formula.num_clauses == 5
    assert formula.clauses == [[1, 2], [-3], [-1, 2, 3], [-1, -2, 3], [-1, 2, -3]]
    assert all(type(lit) is int for clause in formula.clauses for lit in clause)


def test_block_lists_match_block_and_name_their_variables() -> None:
    arrays, lists = VarPool(), VarPool()
    arrays.var("a")
    lists.var("a")
    assert lists.block_lists("x", (2, 3, 4)) == arrays.block("x", (2, 3, 4)).tolist()
    assert lists.block_lists("none", (3, 0)) == [[], [], []] == arrays.block("none", (3, 0)).tolist()
    assert lists.block_lists("one", ()) == 26
    assert lists.top == arrays.top + 1 == 26
    assert lists.name_of(2 + 1 * 12 + 2 * 4 + 3) == ("x", 1, 2, 3) == arrays.name_of(2 + 1 * 12 + 2 * 4 + 3)
    assert lists.names()[:3] == [(1, "a"), (2, ("x", 0, 0, 0)), (3, ("x", 0, 0, 1))]


def test_large_counters_take_their_auxiliaries_from_the_pool() -> None:
    formula = Formula()
    xs = formula.pool.block_lists("x", (12,))
    exactly(formula, xs, 5)  # over DIRECT_LIMIT: pysat's sequential counter with auxiliaries
    assert formula.num_vars > 12
    assert formula.pool.var("after") == formula.num_vars  # never an id the counter used
    assert max(abs(lit) for clause in formula.clauses for lit in clause) < formula.pool.var("after")


def test_models_read_alike_with_and_without_numpy_arrays() -> None:
    from satpuzzles.cnf.model import Model

    literals = [1, -2, 3, -4, 5, 9, -7]
    model = Model(literals, 6)
    assert [model[v] for v in range(1, 7)] == [True, False, True, False, True, False]
    assert model[np.int64(3)] is True
    assert model[np.array([[1, 2], [3, 4]])].tolist() == [[True, False], [True, False]]
    assert model.true_vars().tolist() == [1, 3, 5]


def test_the_shared_layers_run_without_numpy() -> None:
    """A puzzle that builds its clauses from lists solves through the pipeline without importing numpy."""
    code = """if True:
        import sys
        from satpuzzles.cnf import Formula, exactly
        from satpuzzles.core.outcome import Settings
        from satpuzzles.core.spec import Rules, Stage
        from satpuzzles.solve.pipeline import run_stages

        class Pick:
            name, complete, selectors = "pick", True, {}

            def __init__(self):
                self.formula = Formula()
                self.rows = self.formula.pool.block_lists("x", (3, 4))
                for row in self.rows:
                    exactly(self.formula, row, 2)
                exactly(self.formula, [v for row in self.rows for v in row], 6)

            def decode(self, model):
                return tuple(tuple(model[v] for v in row) for row in self.rows)

            def cuts(self, solution):
                return []

            def block(self, solution):
                return [-v if on else v for row, values in zip(self.rows, solution) for v, on in zip(row, values)]

        rules = Rules(stages=lambda n, s: [Stage("pick", True, Pick)], verify=lambda n, s: [])
        outcome = run_stages(rules, None, Settings(count=7), "toy")
        print(outcome.status, len(outcome.solutions), "numpy" in sys.modules)
    """
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False)
    assert result.stdout.split() == ["solved", "7", "False"], result.stderr


# --------------------------------------------------------------------------- cardinality


def _op_accepts(op, n: int, k: int, negate_odd: bool) -> tuple[Formula, list[int]]:
    """A formula over n decision variables with ``op(lits, k)`` applied to (some negated) literals."""
    formula = Formula()
    xs = formula.pool.block("x", (n,))
    lits = [-int(v) if negate_odd and i % 2 else v for i, v in enumerate(xs)]  # numpy ints and plain ints
    op(formula, lits, k)
    return formula, [int(v) for v in xs]


def _check_cardinality(op, n: int, k: int, accepts, negate_odd: bool = False) -> int:
    """Brute-force every assignment of the n decision variables; return the formula's variable count."""
    formula, xs = _op_accepts(op, n, k, negate_odd)
    num_vars = formula.num_vars
    # Auxiliaries must lie inside the pool's range, so later variables cannot collide with them.
    assert all(abs(lit) <= num_vars for clause in formula.clauses for lit in clause)
    later = formula.pool.var("later")
    assert later > max((abs(lit) for clause in formula.clauses for lit in clause), default=0)
    with Solver(name="minisat22", bootstrap_with=formula.clauses) as solver:
        for values in product((False, True), repeat=n):
            assumptions = [x if value else -x for x, value in zip(xs, values)]
            true_lits = sum(value != (negate_odd and i % 2 == 1) for i, value in enumerate(values))
            assert solver.solve(assumptions=assumptions) == accepts(true_lits), (op.__name__, n, k, values)
    return num_vars


OPS = {
    "exactly": (exactly, lambda count, k: count == k),
    "atmost": (atmost, lambda count, k: count <= k),
    "atleast": (atleast, lambda count, k: count >= k),
}


@pytest.mark.parametrize("op_name", list(OPS))
@pytest.mark.parametrize("n", range(1, 10))
def test_cardinality_brute_force(op_name: str, n: int) -> None:
    op, rule = OPS[op_name]
    for k in range(-1, n + 2):
        _check_cardinality(op, n, k, lambda count: rule(count, k))


@pytest.mark.parametrize("op_name", list(OPS))
@pytest.mark.parametrize("n", [3, 6, 9])
def test_cardinality_with_negative_literals(op_name: str, n: int) -> None:
    op, rule = OPS[op_name]
    for k in range(0, n + 1):
        _check_cardinality(op, n, k, lambda count: rule(count, k), negate_odd=True)


@pytest.mark.parametrize("op_name", list(OPS))
@pytest.mark.parametrize(("n", "k"), [(12, 3), (12, 8), (11, 5), (10, 0), (10, 10)])
def test_cardinality_networks_past_the_counter_limit(op_name: str, n: int, k: int,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """Past SEQUENTIAL_LIMIT auxiliaries (a whole board's mine total) the cardinality networks take over from the
    sequential counter: the same assignments accepted, by a formula of its own."""
    op, rule = OPS[op_name]
    counter, _ = _op_accepts(op, n, k, False)
    monkeypatch.setattr(cardinality, "SEQUENTIAL_LIMIT", -1)
    assert cardinality.counter_encoding(op_name.replace("exactly", "equals"), n, k) == cardinality.HUGE_ENCODING
    _check_cardinality(op, n, k, lambda count: rule(count, k))
    networks, _ = _op_accepts(op, n, k, False)
    if op_name == "exactly" and 0 < k < n:  # the counter's path, not the direct form's
        assert networks.clauses != counter.clauses


def test_backend_cardinality_takes_the_networks_past_the_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    """A solver without native cardinality gets the same switch (the engine's totals under -s glucose4)."""
    from satpuzzles.solve.backends import make_backend

    monkeypatch.setattr(cardinality, "SEQUENTIAL_LIMIT", -1)
    for k in range(0, 8):
        backend = make_backend("glucose4")
        backend.add_exactly(list(range(1, 8)), k)
        for values in product((False, True), repeat=7):
            assumptions = [v if on else -v for v, on in zip(range(1, 8), values)]
            assert backend.solve(assumptions) == (sum(values) == k)
        backend.close()


@pytest.mark.parametrize("op_name", list(OPS))
@pytest.mark.parametrize(("n", "k"), [(12, 3), (12, 8), (11, 5), (9, 3), (9, 4)])
def test_cardinality_large_takes_pysat_card_path(op_name: str, n: int, k: int) -> None:
    op, rule = OPS[op_name]
    assert comb(n, k + 1) > cardinality.DIRECT_LIMIT or comb(n, n - k + 1) > cardinality.DIRECT_LIMIT
    num_vars = _check_cardinality(op, n, k, lambda count: rule(count, k))
    direct_atmost = comb(n, k + 1) <= cardinality.DIRECT_LIMIT
    direct_atleast = comb(n, n - k + 1) <= cardinality.DIRECT_LIMIT
    uses_card = {"atmost": not direct_atmost, "atleast": not direct_atleast, "exactly": True}[op_name]
    if uses_card:
        assert num_vars > n, "a pysat.card encoding introduces auxiliary variables"
    else:
        assert num_vars == n


@pytest.mark.parametrize(("n", "k"), [(4, 2), (8, 1), (8, 2), (5, 0), (5, 5)])
def test_cardinality_small_is_direct(n: int, k: int) -> None:
    """Small constraints use the direct form: no auxiliary variables, one clause per subset."""
    formula, _ = _op_accepts(atmost, n, k, False)
    assert formula.num_vars == n
    assert formula.num_clauses == (comb(n, k + 1) if k < n else 0)
    formula, _ = _op_accepts(exactly, n, k, False)
    assert formula.num_vars == n


def test_cardinality_after_pysat_card_keeps_pool_consistent() -> None:
    """Two large constraints in one pool: their auxiliaries must not overlap, and both must hold."""
    formula = Formula()
    xs = [int(v) for v in formula.pool.block("x", (12,))]
    exactly(formula, xs, 3)
    top_after_first = formula.num_vars
    ys = [int(v) for v in formula.pool.block("y", (12,))]
    assert min(ys) > top_after_first
    exactly(formula, ys, 9)
    assert all(abs(lit) <= formula.num_vars for clause in formula.clauses for lit in clause)
    with Solver(name="minisat22", bootstrap_with=formula.clauses) as solver:
        assert solver.solve()
        model = set(solver.get_model())
        assert sum(x in model for x in xs) == 3
        assert sum(y in model for y in ys) == 9
        assert not solver.solve(assumptions=xs[:4])
        assert not solver.solve(assumptions=[-y for y in ys[:4]])


# --------------------------------------------------------------------------- DIMACS


def _sample_formula() -> Formula:
    formula = Formula()
    pool = formula.pool
    grid = pool.block("bit", (2, 2))
    link = pool.var(("link", (0, 0), (0, 1)))
    aux = pool.fresh()
    named = pool.var("flag")
    formula.add([int(grid[0, 0]), int(grid[1, 1]), -link])
    formula.add([-aux, named])
    formula.add([aux, -int(grid[0, 1])])
    exactly(formula, [int(v) for v in grid.flatten()], 2)
    return formula


def _header(text: str) -> tuple[int, int]:
    headers = [line for line in text.splitlines() if line.startswith("p ")]
    assert len(headers) == 1
    _, kind, variables, clauses = headers[0].split()
    assert kind == "cnf"
    return int(variables), int(clauses)


def _clause_lines(text: str) -> list[list[int]]:
    lines = [line for line in text.splitlines() if line and not line.startswith(("c", "p"))]
    clauses = []
    for line in lines:
        tokens = [int(tok) for tok in line.split()]
        assert tokens[-1] == 0
        clauses.append(tokens[:-1])
    return clauses


def test_dimacs_header_counts_and_clauses() -> None:
    formula = _sample_formula()
    text = dimacs_text(formula)
    assert text.endswith("\n")
    assert _header(text) == (formula.num_vars, formula.num_clauses)
    assert _clause_lines(text) == formula.clauses
    assert "lazy-cut" not in text
    parsed = CNF(from_string=text)
    assert parsed.nv == formula.num_vars
    assert parsed.clauses == formula.clauses


def test_dimacs_names_every_named_variable() -> None:
    formula = _sample_formula()
    text = dimacs_text(formula, header=["made by a test", "second line"])
    lines = text.splitlines()
    assert lines[:2] == ["c made by a test", "c second line"]
    comments = {}
    for line in lines:
        if line.startswith("c ") and line[2:3].isdigit():
            var, description = line[2:].split(" ", 1)
            comments[int(var)] = description
    assert set(comments) == set(range(1, formula.num_vars + 1))
    assert comments[1] == "bit(0, 0)"
    assert comments[4] == "bit(1, 1)"
    assert comments[5] == "link((0, 0), (0, 1))"
    assert comments[7] == "flag"
    assert comments[6] == "auxiliary"  # the anonymous one, still listed
    # The comments come before the problem line.
    p_at = next(i for i, line in enumerate(lines) if line.startswith("p "))
    assert all(not line.startswith("c ") or i < p_at for i, line in enumerate(lines) if "lazy-cut" not in line)


def test_dimacs_extra_clauses_follow_the_cut_comment() -> None:
    formula = _sample_formula()
    extra = [[1, -2], [3, 4, -5]]
    text = dimacs_text(formula, extra)
    variables, clauses = _header(text)
    assert variables == formula.num_vars
    assert clauses == formula.num_clauses + len(extra)
    lines = text.splitlines()
    marker = [i for i, line in enumerate(lines) if line.startswith("c ") and "clauses added by the lazy-cut loop" in line]
    assert len(marker) == 1
    before = _clause_lines("\n".join(lines[: marker[0]]))
    after = _clause_lines("\n".join(lines[marker[0] + 1 :]))
    assert before == formula.clauses
    assert after == extra
    assert CNF(from_string=text).clauses == formula.clauses + extra
    # The cuts are part of the file's formula: the header count covers every clause line.
    assert len(_clause_lines(text)) == clauses


def test_dimacs_of_formula_without_names() -> None:
    formula = Formula()
    a, b = formula.pool.fresh(), formula.pool.fresh()
    formula.add([a, b])
    formula.add([])
    text = dimacs_text(formula)
    assert "c 1 auxiliary" in text and "c 2 auxiliary" in text
    assert _header(text) == (2, 2)
    assert CNF(from_string=text).clauses == [[1, 2], []]


def test_dimacs_chunks_are_the_text_in_pieces(monkeypatch: pytest.MonkeyPatch) -> None:
    """-o writes the first formula's text in pieces of whole lines (the whole text of a million-cell board, as one
    string, doubled the peak memory); joined, they are dimacs_text's, with its header and assumed units."""
    formula = _sample_formula()
    formula.add([])
    monkeypatch.setattr(dimacs, "LINES_PER_CHUNK", 3)
    pieces = list(dimacs.dimacs_chunks(formula, header=["a test"], assumed=[7]))
    assert "".join(pieces) == dimacs_text(formula, header=["a test"], assumed=[7])
    assert len(pieces) > 3 and all(piece.count("\n") == 3 for piece in pieces[:-1])
    assert pieces[-1].endswith("7 0\n")


def test_dimacs_of_a_real_solve_contains_its_cuts() -> None:
    """Enumerating every solution of a 5x5 Numberlink board meets detached cycles; the file keeps the cuts."""
    (instance,) = Driver("numberlink").parse("A....\n.....\n.....\n.....\n....A\n")
    outcome = Driver("numberlink").solve(instance, Settings(count=500, want_dimacs=True, extras={"encoding": "complete"}))
    assert outcome.exhausted and outcome.solutions
    assert outcome.stats.cuts > 0
    text = outcome.dimacs
    assert text is not None
    variables, clauses = _header(text)
    assert len(_clause_lines(text)) == clauses
    lines = text.splitlines()
    marker = lines.index("c clauses added by the lazy-cut loop:")
    cuts = _clause_lines("\n".join(lines[marker + 1 :]))
    assert len(cuts) == outcome.stats.cuts
    assert all(1 <= abs(lit) <= variables for clause in _clause_lines(text) for lit in clause)
    # Cuts never exclude a real solution: each found solution's links are consistent with the whole file.
    link_var = NumberlinkEncoding(instance, strengthened=False).link_var
    with Solver(name="minisat22", bootstrap_with=CNF(from_string=text).clauses) as solver:
        for solution in outcome.solutions[::10]:
            used = solution.links()
            assumptions = [var if link in used else -var for link, var in link_var.items()]
            assert solver.solve(assumptions=assumptions)


def test_numberlink_unique_by_its_own_method_writes_the_stage_that_found_the_solution(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """-o with --unique: the unique method writes the formula of the stage that found the solution (here the first;
    its header says it is stronger than the rules), while the statistics describe the search that decided
    uniqueness; --method cnf writes the formula that decided it. The README said only 'the encoding that answered'; it now says which."""
    import json

    from tests.conftest import INSTANCES, ROOT, run_cli

    board = INSTANCES / "numberlink" / "flowfree" / "regular_5x5_01.txt"
    own, whole = tmp_path / "own.cnf", tmp_path / "whole.cnf"
    assert run_cli("numberlink", board, "--unique", "-o", own).code == 0
    assert own.read_text().splitlines()[0] == "c satpuzzles numberlink, encoding strengthened"
    record = json.loads(run_cli("numberlink", board, "--unique", "--method", "cnf", "-o", whole, "--format", "json").out)
    assert record["unique"] is True and whole.read_text().splitlines()[0] == "c satpuzzles numberlink, encoding complete"
    header = next(line for line in whole.read_text().splitlines() if line.startswith("p cnf"))
    assert header.split()[2] == str(record["stats"]["variables"])
    readme = " ".join((ROOT / "README.md").read_text().split())
    assert "its `--unique` by the `unique` method writes the stage that found the solution" in readme


def test_numberlink_unique_under_open_writes_the_stage_that_found_the_solution_not_the_first(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Under open, the first stage (a filling first) finds nothing on this board and shortest routes answer: -o with
    --unique wrote the first stage's formula, built afresh (its search empty: 'p cnf 0 1' and the empty clause,
    unsatisfiable beside a solved puzzle), where it should write the stage that found the solution."""
    from tests.conftest import INSTANCES, run_cli

    board = INSTANCES / "numberlink" / "seed" / "instance_9.txt"
    plain, unique = tmp_path / "plain.cnf", tmp_path / "unique.cnf"
    assert run_cli("numberlink", board, "--rules", "open", "-o", plain).code == 0
    assert plain.read_text().splitlines()[0] == "c satpuzzles numberlink, encoding shortest routes first"
    result = run_cli("numberlink", board, "--rules", "open", "--unique", "-o", unique)
    assert result.code == 0 and "Unique = False" in result.out
    assert unique.read_text() == plain.read_text()
    with Solver(name="minisat22", bootstrap_with=CNF(from_string=unique.read_text()).clauses) as solver:
        assert solver.solve()
