"""Slitherlink: SAT answers against brute force, uniqueness, --explain, outputs."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from itertools import product

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from satpuzzles.core.outcome import Settings
from satpuzzles.geometry import Cell, Edge, Grid
from satpuzzles.puzzles.slitherlink.model import SlitherlinkInstance, SlitherlinkSolution
from tests.conftest import INSTANCES, Driver, mask_timings, run_cli

PUZZLE = Driver("slitherlink")
SL = INSTANCES / "slitherlink"


def single_loops(grid: Grid) -> list[frozenset[Edge]]:
    """Every single loop on the board, as the boundary of a set of cells (brute force)."""
    cells = list(grid.cells())
    loops = []
    for picks in product((False, True), repeat=len(cells)):
        inside = {cell for cell, picked in zip(cells, picks) if picked}
        boundary = frozenset(
            edge for edge in grid.edges() if sum(c in inside for c in grid.edge_cells(edge)) == 1
        )
        if boundary and PUZZLE.verify(SlitherlinkInstance(grid, {}), SlitherlinkSolution(boundary)) == []:
            loops.append(boundary)
    return loops


LOOPS = {(r, c): single_loops(Grid(r, c)) for r in range(1, 4) for c in range(1, 4)}


def brute_force(instance: SlitherlinkInstance) -> set[frozenset[Edge]]:
    """The loops that satisfy every clue."""
    grid = instance.grid
    return {
        loop
        for loop in LOOPS[(grid.rows, grid.cols)]
        if all(sum(e in loop for e in grid.cell_edges(cell)) == k for cell, k in instance.clues.items())
    }


@st.composite
def boards(draw: st.DrawFn) -> SlitherlinkInstance:
    rows, cols = draw(st.integers(1, 3)), draw(st.integers(1, 3))
    clues: dict[Cell, int] = {}
    for cell in Grid(rows, cols).cells():
        if draw(st.booleans()):
            clues[cell] = draw(st.integers(0, 3))
    return SlitherlinkInstance(Grid(rows, cols), clues)


def test_brute_force_knows_the_loop_counts() -> None:
    assert len(LOOPS[(1, 1)]) == 1
    assert len(LOOPS[(2, 2)]) == 13
    assert len(LOOPS[(3, 3)]) == 213


@contextmanager
def corner_clauses(on: bool) -> Iterator[None]:
    """Boards of any size get the corner clauses while ``on`` (else the encoder's own size rule holds)."""
    from satpuzzles.puzzles.slitherlink import encoding

    was = encoding.CORNER_MIN_CELLS
    encoding.CORNER_MIN_CELLS = 0 if on else was
    try:
        yield
    finally:
        encoding.CORNER_MIN_CELLS = was


@pytest.mark.parametrize("corners", [False, True])
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(instance=boards())
def test_solutions_agree_with_brute_force(corners: bool, instance: SlitherlinkInstance) -> None:
    expected = brute_force(instance)
    with corner_clauses(corners):
        outcome = PUZZLE.solve(instance, Settings(count=300))
    assert outcome.status == ("solved" if expected else "unsolvable")
    assert {s.edges for s in outcome.solutions} == expected
    assert outcome.exhausted
    for solution in outcome.solutions:
        assert PUZZLE.verify(instance, solution) == []


@pytest.mark.parametrize("corners", [False, True])
@settings(max_examples=100, deadline=None)
@given(instance=boards())
def test_unique_agrees_with_brute_force(corners: bool, instance: SlitherlinkInstance) -> None:
    expected = brute_force(instance)
    settings_ = Settings(unique=True)
    with corner_clauses(corners):
        outcome = PUZZLE.solve(instance, settings_)
    if expected:
        assert outcome.uniqueness(settings_) is (len(expected) == 1)
    else:
        assert outcome.status == "unsolvable"


@pytest.mark.parametrize("corners", [False, True])
@settings(max_examples=150, deadline=None)
@given(instance=boards())
def test_explain_is_unsolvable_and_minimal(corners: bool, instance: SlitherlinkInstance) -> None:
    with corner_clauses(corners):
        outcome = PUZZLE.solve(instance, Settings(explain=True))
    if outcome.status == "solved":
        assert outcome.explanation is None
        return
    conflict = outcome.explanation
    assert conflict and set(conflict) <= set(instance.clues)
    kept = {cell: instance.clues[cell] for cell in conflict}
    assert not brute_force(SlitherlinkInstance(instance.grid, kept))
    for cell in conflict:
        fewer = {c: k for c, k in kept.items() if c != cell}
        assert brute_force(SlitherlinkInstance(instance.grid, fewer)), f"{cell} is not needed"


# `generate slitherlink 20 20 --seed 3`: one solution; the --explain test changes its clue at (4, 18) from 1 to 0.
GENERATED_20 = (
    ". . . . 0 0 . 0 . 3 2 3 2 3 . 3 2 3 2 3\n"
    ". . . . . . . . 1 . . . . . . . . . . .\n"
    ". . 0 2 . 1 . . . 1 . . . 2 . 1 . . . 1\n"
    "3 . . . . . . 3 0 . . 0 . . 0 . . . . .\n"
    "2 . . . . . . . . 1 . . 3 . . 3 . . 1 1\n"
    "1 . . 1 2 . . 1 2 2 . . 2 . . 2 . . . 1\n"
    ". 0 2 3 . . . 3 . . . . 2 . . 3 . . . 1\n"
    ". . . . . 2 1 . . 2 . . 1 1 . . . . . .\n"
    "0 1 . . . . 1 . . 2 . 3 . 1 . . 1 . . 3\n"
    "1 . . . . 2 2 2 . 2 3 . . 0 . 3 1 . . .\n"
    "0 . . . . . . . . . . . . 0 . . 3 3 . 2\n"
    ". . . 2 0 1 2 3 1 . . . . 0 . . . . . 2\n"
    ". . 3 . . 1 . . . . 3 . 2 . . 0 2 . 2 2\n"
    ". . . 2 1 2 . . 3 . 1 2 . 2 . 2 . . . 2\n"
    "3 . 3 . . . 2 2 . . . . . . . . . 3 . 1\n"
    ". . . . . 2 1 2 . . . . 1 . 3 . . . . 1\n"
    "2 . . . . . . 3 . 2 3 2 3 . . . . 1 . 2\n"
    "1 . . 0 2 . . . . 0 . . 1 . . 1 . 2 . 2\n"
    ". . . . . . . . . . . . . . 0 . . . . 2\n"
    "3 2 1 1 1 1 1 1 1 1 1 2 3 2 . . 1 1 1 2\n"
)


def test_explain_one_changed_clue_of_a_unique_board() -> None:
    # Every conflict holds the changed clue (the others alone keep the board's solution); the set named is
    # unsolvable by the whole solver, and without any one of its clues solvable.
    (original,) = PUZZLE.parse(GENERATED_20)
    assert original.clues[(4, 18)] == 1 and PUZZLE.solve(original, Settings()).status == "solved"
    instance = SlitherlinkInstance(original.grid, {**original.clues, (4, 18): 0})
    outcome = PUZZLE.solve(instance, Settings(explain=True))
    assert outcome.status == "unsolvable"
    conflict = outcome.explanation
    assert conflict and (4, 18) in conflict and set(conflict) <= set(instance.clues)
    kept = {cell: instance.clues[cell] for cell in conflict}
    assert PUZZLE.solve(SlitherlinkInstance(instance.grid, kept), Settings()).status == "unsolvable"
    for cell in conflict:
        fewer = {c: k for c, k in kept.items() if c != cell}
        assert PUZZLE.solve(SlitherlinkInstance(instance.grid, fewer), Settings()).status == "solved", cell


def test_clue_free_loops_are_not_banned() -> None:
    # A clued loop in one corner and room for clue-free loops elsewhere: a loop ban on the
    # clue-free ones would be unsound (one clued loop alone is already the answer).
    instance = SlitherlinkInstance(Grid(3, 3), {(0, 0): 3, (0, 1): 1})
    outcome = PUZZLE.solve(instance, Settings(count=500))
    assert {s.edges for s in outcome.solutions} == brute_force(instance)


def test_whole_puzzlekit_sample_matches_solutions() -> None:
    for name in ["1005_10x18", "645_17x17", "890_20x20"]:
        (instance,) = PUZZLE.parse((SL / "puzzlekit" / f"{name}.txt").read_text())
        outcome = PUZZLE.solve(instance, Settings(unique=True))
        assert outcome.uniqueness(Settings(unique=True)) is True
        expected = (SL / "puzzlekit" / f"{name}.sol").read_text().split()
        assert PUZZLE.result_file(instance, outcome.solutions[0]).split() == expected


def test_plain_render_golden(golden) -> None:
    result = run_cli("slitherlink", "-i", SL / "pzprjs" / "pzprjs_test_5x5.url")
    assert result.code == 0
    golden("slitherlink_pzprjs_test_5x5.out", mask_timings(result.out))


def test_explain_render_golden(golden) -> None:
    result = run_cli("slitherlink", "-i", "-", "--explain", stdin="3 0 .\n. . .\n. . 2\n")
    assert result.code == 1
    golden("slitherlink_explain.out", mask_timings(result.out))


def test_json_edges_and_explanation() -> None:
    result = run_cli("slitherlink", "-i", SL / "pzprjs" / "cspuz_bench_4x4.txt", "--format", "json", "--unique")
    record = json.loads(result.out)
    assert record["status"] == "solved" and record["unique"] is True
    edges = record["solution"]["edges"]
    assert len(edges["horizontal"]) == 5 and all(len(row) == 4 for row in edges["horizontal"])
    assert len(edges["vertical"]) == 4 and all(len(row) == 5 for row in edges["vertical"])
    # the clue 3 at (0, 0): its four sides in the JSON grids
    sides = edges["horizontal"][0][0] + edges["horizontal"][1][0] + edges["vertical"][0][0] + edges["vertical"][0][1]
    assert sides == 3
    bad = json.loads(run_cli("slitherlink", "-i", "-", "--explain", "--format", "json", stdin="3 0\n. .\n").out)
    assert bad["status"] == "unsolvable" and bad["solution"] is None
    assert bad["explanation"] == {"clues": [[0, 0, 3], [0, 1, 0]], "minimal": True}


def test_result_file_is_sol_format(tmp_path) -> None:
    target = tmp_path / "out.sol"
    assert run_cli("slitherlink", "-i", SL / "puzzlekit" / "645_17x17.txt", "-r", target).code == 0
    assert target.read_text().split() == (SL / "puzzlekit" / "645_17x17.sol").read_text().split()


def test_to_url_prints_without_solving() -> None:
    result = run_cli("slitherlink", "-i", SL / "pzprjs" / "cspuz_bench_4x4.txt", "--to-url")
    assert result.code == 0 and result.out.strip().startswith("https://puzz.link/p?slither/4/4/")


@pytest.mark.parametrize("text", ["1 4\n", "1 2\n3 . .\n", "http://puzz.link/p?slither/2/x/\n"])
def test_bad_input_one_line(text: str) -> None:
    result = run_cli("slitherlink", "-i", "-", stdin=text)
    assert result.code == 2 and result.err.count("\n") == 1 and "<stdin>:" in result.err


def test_explain_timeout_keeps_the_proof(tmp_path) -> None:
    # 60x60_1 with one clue changed: unsolvable at once, but minimising the conflict takes seconds.
    text = (SL / "puzzlekit" / "60x60_1.txt").read_text().splitlines()
    row = text[31].split()
    row[30] = {"0": "3", "1": "3", "2": "0", "3": "0", "-": "3"}[row[30]]
    text[31] = " ".join(row)
    board = tmp_path / "broken.txt"
    board.write_text("\n".join(text) + "\n")
    plain = run_cli("slitherlink", "-i", board)
    assert plain.code == 1
    result = run_cli("slitherlink", "-i", board, "--explain", "--timeout", "3", "--format", "json")
    record = json.loads(result.out)
    assert result.code == 1 and record["status"] == "unsolvable"
    assert "explanation" in record or "timed out" in record["message"]


def test_explain_dimacs_assumes_the_selectors(tmp_path) -> None:
    from pysat.formula import CNF
    from pysat.solvers import Solver

    target = tmp_path / "u.cnf"
    assert run_cli("slitherlink", "-i", "-", "--explain", "-o", target, stdin="00\n00\n").code == 1
    with Solver(name="glucose4", bootstrap_with=CNF(from_file=str(target)).clauses) as solver:
        assert solver.solve() is False


def test_explain_without_any_needed_clue() -> None:
    # Visit-every-dot on a 2x2 board: 9 dots can never lie on one loop (a grid loop has even length).
    result = run_cli("slitherlink", "-i", "-", "--explain", stdin="https://puzz.link/p?slither/f/2/2/2i\n")
    assert result.code == 1 and "Conflict = no solution whatever the clues" in result.out


def test_to_url_refuses_solving_options() -> None:
    result = run_cli("slitherlink", "-i", SL / "pzprjs" / "cspuz_bench_4x4.txt", "--to-url", "--format", "json")
    assert result.code == 2 and "--to-url" in result.err


def test_a_first_line_that_describes_no_cells_is_a_row_of_clues() -> None:
    result = run_cli("slitherlink", "-i", "-", "--format", "json", stdin="0 1\n")
    assert result.code == 1 and json.loads(result.out)["status"] == "unsolvable"


@pytest.mark.parametrize("text", ["3 3\n", "1 2\n", "2 2\n\n# nothing below\n"])
def test_a_header_alone_is_a_file_cut_short_not_a_row_of_clues(text: str) -> None:
    """Two numbers of 1-3 alone were a 1x2 board of clues ('3 3' solvable: the loop around both cells), where '4 4'
    is a header whose rows are missing: a 3x3 file cut after its header was solved, and so was a 3x3 Minesweeper
    file under `solve`, detected as this."""
    for command in (["slitherlink", "-"], ["solve", "-"]):
        result = run_cli(*command, stdin=text)
        assert result.code == 2 and result.out == "" and result.err.count("\n") == 1, (command, result.out)
        assert "header says" in result.err and " but the grid has 0" in result.err


def test_header_with_a_missing_row_is_reported() -> None:
    result = run_cli("slitherlink", "-i", "-", stdin="3 3\n2..\n.2.\n")
    assert result.code == 2 and "header says 3 rows but the grid has 2" in result.err


def _prime_implicates(models: list[tuple[int, ...]], width: int) -> set[frozenset[tuple[int, int]]]:
    """Every minimal clause (variable, sign) that all ``models`` satisfy, by brute force."""
    from itertools import combinations, product

    found: set[frozenset[tuple[int, int]]] = set()
    for size in range(1, width + 1):
        for variables in combinations(range(width), size):
            for signs in product((1, -1), repeat=size):
                clause = frozenset(zip(variables, signs))
                if any(known <= clause for known in found):
                    continue
                if all(any((model[v] == 1) == (sign == 1) for v, sign in clause) for model in models):
                    found.add(clause)
    return found


def test_corner_clauses_are_the_prime_implicates_of_a_clue_and_its_corner_dot() -> None:
    """Roles a, b (the cell's sides at the dot), c, d (its other sides), f, g (the dot's other edges)."""
    from itertools import product

    from satpuzzles.puzzles.slitherlink.corners import PRIME_IMPLICATES, ROLES

    for (clue, outer), text in PRIME_IMPLICATES.items():
        width = 4 + outer
        models = [bits for bits in product((0, 1), repeat=width)
                  if sum(bits[:4]) == clue and bits[0] + bits[1] + sum(bits[4:]) in (0, 2)]
        wanted = {clause for clause in _prime_implicates(models, width)
                  if outer == 0 or ({v for v, _ in clause} & {4, 5} and {v for v, _ in clause} & {0, 1, 2, 3})}
        given = {frozenset((ROLES.index(lit.lstrip("-")), -1 if lit.startswith("-") else 1) for lit in clause.split(","))
                 for clause in text.split()}
        assert given == wanted, (clue, outer)


def _propagates(clauses: list[list[int]], false: list[int], wanted: int) -> bool:
    """Whether unit propagation over ``clauses`` with the literals ``false`` set false sets ``wanted`` true
    (or finds a conflict)."""
    value = {abs(lit): lit < 0 for lit in false}
    changed = True
    while changed:
        changed = False
        for clause in clauses:
            if any(value.get(abs(lit)) == (lit > 0) for lit in clause):
                continue
            free = [lit for lit in clause if abs(lit) not in value]
            if not free:
                return True
            if len(free) == 1:
                value[abs(free[0])] = free[0] > 0
                changed = True
    return value.get(abs(wanted)) == (wanted > 0)


def _absorbed(clause: list[int], others: list[list[int]]) -> bool:
    """Whether ``others`` make ``clause`` useless to unit propagation: with all but one of its literals
    false, propagation sets the last one (so a solver propagates the same without it; it is also implied)."""
    return all(_propagates(others, [other for other in clause if other != lit], lit) for lit in clause)


def _role_clauses(text: str, roles: list[int]) -> list[list[int]]:
    """A corner table's clauses over variables (``roles[i]`` plays corners.ROLES[i]; 0 for an absent edge)."""
    from satpuzzles.puzzles.slitherlink.corners import ROLES

    out = []
    for clause in text.split():
        lits = [(-1 if lit.startswith("-") else 1) * roles[ROLES.index(lit.lstrip("-"))] for lit in clause.split(",")]
        assert all(lits), clause
        out.append(lits)
    return out


def _counted(lits: list[int], values: tuple[int, ...]) -> list[list[int]]:
    """The encoding's own clauses that exactly ``values[0]`` of ``lits`` hold, or (values (0, 2)) none or two."""
    from satpuzzles.cnf.cardinality import exactly_patterns, none_or_exactly_patterns

    patterns = none_or_exactly_patterns(len(lits), 2) if values == (0, 2) else exactly_patterns(len(lits), values[0])
    return [[lits[position] * sign for position, sign in pattern] for pattern in patterns]


def test_the_corner_clauses_left_out_are_absorbed() -> None:
    """Every prime implicate not in PATTERNS is absorbed by PATTERNS, the clue and the dot's degree clauses."""
    from satpuzzles.puzzles.slitherlink.corners import PATTERNS, PRIME_IMPLICATES

    assert PATTERNS.keys() == PRIME_IMPLICATES.keys()
    for (clue, outer), text in PRIME_IMPLICATES.items():
        roles = [1, 2, 3, 4, 5, 6][:4 + outer]
        base = _counted([1, 2, 3, 4], (clue,)) + _counted([1, 2, *roles[4:]], (0, 2))
        kept = _role_clauses(PATTERNS[clue, outer], roles)
        every = _role_clauses(text, roles)
        assert all(clause in every for clause in kept), (clue, outer)
        dropped = [clause for clause in every if clause not in kept]
        assert dropped and all(_absorbed(clause, base + kept) for clause in dropped), (clue, outer)


@pytest.mark.parametrize("outer", list(product((0, 1, 2), repeat=4)))
def test_a_three_with_its_corner_clauses_needs_only_its_not_all_four_clause(outer: tuple[int, ...]) -> None:
    """With its corners' clauses and dots (any number of edges outside the cell at each corner), a 3's
    "at least three sides" clauses are absorbed; "not all four" is what encoding.py adds besides."""
    from satpuzzles.puzzles.slitherlink.corners import CORNERS, PATTERNS

    sides = [1, 2, 3, 4]  # top, right, bottom, left
    clauses = [[-side for side in sides]]
    for corner, ((first, second), count) in enumerate(zip(CORNERS, outer)):
        others = [side for side in range(4) if side not in (first, second)]
        outside = [5 + 2 * corner, 6 + 2 * corner][:count]
        roles = [sides[first], sides[second], *(sides[side] for side in others), *outside, 0, 0][:6]
        clauses += _role_clauses(PATTERNS[3, count], roles)
        clauses += _counted([sides[first], sides[second], *outside], (0, 2))
    at_least = [clause for clause in _counted(sides, (3,)) if clause[0] > 0]
    assert len(at_least) == 6 and all(_absorbed(clause, clauses) for clause in at_least)


def test_the_degree_clauses_a_clue_stands_in_for_are_absorbed() -> None:
    """At a dot of absorbing_corners, each clause of DEGREE_ABSORBED is absorbed by the rest of the dot's degree
    clauses, the clue's own clauses (a 3's "not all four" only) and its PATTERNS there."""
    from satpuzzles.puzzles.slitherlink.corners import DEGREE_ABSORBED, PATTERNS

    for (clue, outer), text in DEGREE_ABSORBED.items():
        roles = [1, 2, 3, 4, 5, 6][:4 + outer]
        own = _counted([1, 2, 3, 4], (clue,))
        if clue == 3:
            own = [clause for clause in own if clause[0] < 0]
        dropped = _role_clauses(text, roles)
        degree = _counted([1, 2, *roles[4:]], (0, 2))
        assert all(sorted(clause) in map(sorted, degree) for clause in dropped), (clue, outer)
        rest = [clause for clause in degree if sorted(clause) not in map(sorted, dropped)]
        kept = own + _role_clauses(PATTERNS[clue, outer], roles) + rest
        assert all(_absorbed(clause, kept) for clause in dropped), (clue, outer)


def test_absorbing_corners_prefers_a_one() -> None:
    from satpuzzles.puzzles.slitherlink.corners import absorbing_corners

    # a 3 at (0, 0) and a 1 at (0, 1) share the dots 1 and 4 (a 2-column board: dots numbered r * 3 + c)
    assert absorbing_corners(2, [(0, 0), (0, 1), (1, 0)], [3, 1, 2]) == {1: (1, 0), 2: (1, 1), 5: (1, 2), 4: (1, 3),
                                                                          0: (0, 0), 3: (0, 3)}


def _reference_problems(instance: SlitherlinkInstance, edges: frozenset[Edge]) -> list[str]:
    """The verifier as first written (edge and dot tuples, a dict of each dot's edges): the reference for the one
    that numbers dots."""
    from collections import defaultdict

    grid = instance.grid

    def on_board(edge: Edge) -> bool:
        kind, r, c = edge
        if kind == "h":
            return 0 <= r <= grid.rows and 0 <= c < grid.cols
        return kind == "v" and 0 <= r < grid.rows and 0 <= c <= grid.cols

    def loop_problems() -> list[str]:
        if not edges:
            return ["no loop drawn"]
        off = [edge for edge in edges if not on_board(edge)]
        if off:
            return [f"edge {off[0]} is off the board"]
        at: dict[tuple[int, int], list[Edge]] = defaultdict(list)
        for edge in edges:
            kind, r, c = edge
            at[r, c].append(edge)
            at[(r, c + 1) if kind == "h" else (r + 1, c)].append(edge)
        odd = next((vertex for vertex, there in at.items() if len(there) != 2), None)
        if odd is not None:
            return [f"dot {odd} has {len(at[odd])} loop edge" + ("" if len(at[odd]) == 1 else "s")]
        problems = []
        if instance.visit_all and len(at) != (grid.rows + 1) * (grid.cols + 1):
            problems.append("some dots are not on the loop")
        start = next(iter(edges))
        edge, vertex, walked = start, grid.edge_vertices(start)[1], 0
        while True:
            walked += 1
            first, second = at[vertex]
            edge = second if first == edge else first
            if edge == start:
                break
            kind, r, c = edge
            vertex = (r, c) if vertex != (r, c) else (r, c + 1) if kind == "h" else (r + 1, c)
        if walked != len(edges):
            problems.append("the edges form more than one loop")
        return problems

    problems = loop_problems()
    for (r, c), clue in sorted(instance.clues.items()):
        count = sum(edge in edges for edge in (("h", r, c), ("v", r, c + 1), ("h", r + 1, c), ("v", r, c)))
        if count != clue:
            problems.append(f"clue {clue} at {(r, c)} has {count} loop side" + ("" if count == 1 else "s"))
    return problems


def test_the_verifier_finds_what_the_reference_finds() -> None:
    """The verifier (dots numbered, edges as numbers) names the problems the first, tuple-based one named: on every
    single loop of small boards, unions of two, loops with an edge less or one more, and edges off the board."""
    import random

    rng = random.Random(3)
    cases = []
    for rows, cols in product(range(1, 4), repeat=2):
        grid = Grid(rows, cols)
        cells = list(grid.cells())
        boundaries = {frozenset(edge for edge in grid.edges() if sum(cell in inside for cell in grid.edge_cells(edge)) == 1)
                      for inside in ({cell for cell, picked in zip(cells, picks) if picked}
                                     for picks in product((False, True), repeat=len(cells)))}
        loops = [edges for edges in boundaries if edges and not _reference_problems(SlitherlinkInstance(grid, {}), edges)]
        assert loops
        for loop in loops:
            cases.append((grid, loop))
            cases.append((grid, loop - {min(loop)}))
            cases.append((grid, loop | {rng.choice(grid.edges())}))
            cases.append((grid, loop | rng.choice(loops)))
            off = [("h", rows + 1, 0), ("h", 0, cols), ("h", -1, 0), ("h", 0, -1), ("v", rows, 0), ("v", 0, cols + 1),
                   ("v", -1, 0), ("v", 0, -1), ("x", 0, 0)]
            cases.extend((grid, loop | {edge}) for edge in off)
    cases.append((Grid(3, 3), frozenset()))
    assert len(cases) > 1000
    for grid, edges in cases:
        cells = list(grid.cells())
        clues = {cell: rng.randint(0, 4) for cell in rng.sample(cells, rng.randint(0, len(cells)))}
        for visit_all in (False, True):
            instance = SlitherlinkInstance(grid, clues, visit_all=visit_all)
            assert PUZZLE.verify(instance, SlitherlinkSolution(frozenset(edges))) == _reference_problems(
                instance, frozenset(edges))


def test_clue_clauses_from_the_shape_table_are_those_built_clue_by_clue(monkeypatch: pytest.MonkeyPatch) -> None:
    """A small board's clue clauses come from its shape's table (shared lists): the formula is the one built clue by
    clue, with and without corner clauses, for every clue value and one no cell can have, twice in a row."""
    import random

    from satpuzzles.puzzles.slitherlink import encoding

    rng = random.Random(7)
    boards = [SlitherlinkInstance(Grid(rows, cols), {(r, c): rng.choice([0, 1, 2, 3, 3, 4])
                                                      for r in range(rows) for c in range(cols) if rng.random() < 0.5})
              for rows, cols in ((4, 5), (5, 4), (4, 5), (1, 1), (6, 6))]
    boards.append(SlitherlinkInstance(Grid(3, 3), {(0, 0): 5, (1, 1): 2}))
    for board in boards:
        for corners in (None, True):
            monkeypatch.setattr(encoding, "_CLUE_TABLE_CELLS", 0)
            direct = encoding.SlitherlinkEncoding(board, False, corners).formula.clauses
            monkeypatch.setattr(encoding, "_CLUE_TABLE_CELLS", 1024)
            for _ in range(2):
                assert encoding.SlitherlinkEncoding(board, False, corners).formula.clauses == direct


def test_the_blocks_of_a_board_shape_are_built_once_and_shared() -> None:
    """Encodings of one board shape share the single-loop clauses and small-loop boundaries made for the first (the
    same lists, as the Numberlink paths block's: nothing changes a formula's clauses in place); the formula is the
    same as one built afresh."""
    from satpuzzles.cnf import Formula
    from satpuzzles.constraints.loops import SingleCycle
    from satpuzzles.puzzles.slitherlink import encoding, small_loops

    boards = [SlitherlinkInstance(Grid(3, 4), {(0, 0): 3, (1, 2): 1}), SlitherlinkInstance(Grid(3, 4), {(2, 3): 2}),
              SlitherlinkInstance(Grid(4, 3), {(0, 0): 0}), SlitherlinkInstance(Grid(3, 4), {}, visit_all=True)]
    for board in boards:
        for selectors in (False, True):
            encoding._LATTICE_LOOPS.clear()
            small_loops._MADE.clear()
            fresh = [list(clause) for clause in encoding.SlitherlinkEncoding(board, selectors).formula.clauses]
            first = encoding.SlitherlinkEncoding(board, selectors)
            again = encoding.SlitherlinkEncoding(board, selectors)
            assert first.formula.clauses == fresh and again.formula.clauses == fresh
            if not board.visit_all:  # the single-loop block's lists are the shape's, not copies
                assert all(a is b for a, b in zip(first.formula.clauses[:len(first.cycle._clauses)],
                                                  again.formula.clauses))
        shape = (board.grid.rows, board.grid.cols)
        assert (shape in encoding._LATTICE_LOOPS) is not board.visit_all  # a loop through every dot is its own
        alone = Formula()  # the block built directly: the formula's first clauses
        edge_vars = [var for block in ("h", "v") for row in alone.pool.block_lists(
            block, (shape[0] + 1, shape[1]) if block == "h" else (shape[0], shape[1] + 1)) for var in row]
        SingleCycle(alone, edge_vars, encoding._dot_pairs(*shape), (shape[0] + 1) * (shape[1] + 1),
                    [board.visit_all] * (shape[0] + 1) * (shape[1] + 1))
        assert fresh[:len(alone.clauses)] == alone.clauses
