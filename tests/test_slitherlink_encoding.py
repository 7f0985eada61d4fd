"""Slitherlink's list-built encoding against a reference written cell by cell from the geometry (the small-loop
bans by brute force over the boundaries), its decoding of models into loops, and a solve that never imports numpy.

The encoding builds its clauses in bulk with index arithmetic (no numpy, for start-up time); the reference
here builds the same constraints one dot and one clue at a time with the scalar cardinality helpers and
Grid's neighbourhoods, so a slip in the arithmetic shows as a clause present on one side only.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from pysat.solvers import Solver

from satpuzzles.cnf import Formula
from satpuzzles.cnf.cardinality import exactly, none_or_exactly
from satpuzzles.cnf.model import Model
from satpuzzles.geometry import Cell, Edge, Grid
from satpuzzles.puzzles.slitherlink.corners import CORNERS, DEGREE_ABSORBED, PATTERNS, ROLES
from satpuzzles.puzzles.slitherlink.encoding import SlitherlinkEncoding
from satpuzzles.puzzles.slitherlink.model import SlitherlinkInstance, verify
from tests.conftest import INSTANCES, ROOT

DOTS = ((0, 0), (0, 1), (1, 1), (1, 0))
"""A cell's corner dots as offsets, in corners.CORNERS' order (top-left, top-right, bottom-right, bottom-left)."""


def random_board(seed: int) -> SlitherlinkInstance:
    """A board of 1-9 x 1-9 cells, each a clue 0-3 with probability 0.6."""
    rng = random.Random(seed)
    grid = Grid(rng.randint(1, 9), rng.randint(1, 9))
    clues = {cell: rng.randrange(4) for cell in grid.cells() if rng.random() < 0.6}
    return SlitherlinkInstance(grid, clues, visit_all=seed % 7 == 0)


def breaks_alone(instance: SlitherlinkInstance, loop: set[Edge] | frozenset[Edge], cell: Cell) -> bool:
    """Whether the clue at ``cell`` has the wrong number of sides on ``loop``."""
    return sum(edge in loop for edge in instance.grid.cell_edges(cell)) != instance.clues[cell]


def reference_clauses(instance: SlitherlinkInstance, encoding: SlitherlinkEncoding) -> Counter[tuple[int, ...]]:
    """The encoding's constraints built dot by dot and clue by clue, over the encoding's own variables."""
    grid = instance.grid
    var = dict(zip(grid.edges(), encoding.cycle.edge_vars_list))
    formula = Formula()
    formula.add(list(var.values()))
    dropped = {} if encoding.selectors or instance.visit_all or not encoding.corners \
        else absorbed_degree_clauses(instance, var)
    for dot in grid.vertices():
        lits = sorted(var[edge] for edge in grid.vertex_edges(dot))
        degree = Formula()
        (exactly if instance.visit_all else none_or_exactly)(degree, lits, 2)
        formula.extend(clause for clause in degree.clauses if sorted(clause) not in dropped.get(dot, []))
    for cell, value in sorted(instance.clues.items()):
        guard = encoding.selectors.get(cell)
        if value == 3 and encoding.corners and not encoding.selectors:  # "at least three" is absorbed by its corners
            formula.add([-var[edge] for edge in grid.cell_edges(cell)] + ([-guard] if guard is not None else []))
        else:
            exactly(formula, [var[edge] for edge in grid.cell_edges(cell)], value, guard)
        if value not in (1, 3) or not encoding.corners:
            continue
        sides = [var[edge] for edge in grid.cell_edges(cell)]
        for (first, second), (dr, dc) in zip(CORNERS, DOTS):
            dot = (cell[0] + dr, cell[1] + dc)
            mine = set(grid.cell_edges(cell))
            outer = sorted((edge for edge in grid.vertex_edges(dot) if edge not in mine), key=lambda e: e[0] == "h")
            role = dict(zip(ROLES, [sides[first], sides[second],
                                    *(sides[s] for s in range(4) if s not in (first, second)),
                                    *(var[edge] for edge in outer)]))
            for text in PATTERNS[value, len(outer)].split():
                clause = [(-1 if lit.startswith("-") else 1) * role[lit.lstrip("-")] for lit in text.split(",")]
                formula.add(clause + ([-guard] if guard is not None else []))
    clued = {frozenset(grid.cell_edges(cell)) for cell, value in instance.clues.items() if 0 <= value <= 3}
    for boundary in boundaries(grid):
        if boundary in clued:  # the clue's own clauses forbid it
            continue
        broken = [cell for cell in sorted(instance.clues) if breaks_alone(instance, boundary, cell)]
        if broken or (instance.visit_all and len(boundary) != 2 * (grid.rows + grid.cols)):
            guard = encoding.selectors.get(broken[0]) if broken else None
            formula.add([-var[edge] for edge in boundary] + ([-guard] if guard is not None else []))
    return normalised(formula.clauses, instance, encoding)


def absorbed_degree_clauses(instance: SlitherlinkInstance,
                            var: dict[Edge, int]) -> dict[tuple[int, int], list[list[int]]]:
    """Per dot at a corner of a 1 (else of a 3), the degree clauses that the first such clue absorbs (sorted)."""
    grid = instance.grid
    out = {}
    for dot in grid.vertices():
        around = [((dot[0] - dr, dot[1] - dc), corner) for corner, (dr, dc) in enumerate(DOTS)]
        clued = sorted((instance.clues[cell] != 1, cell, corner) for cell, corner in around
                       if instance.clues.get(cell) in (1, 3))
        if not clued:
            continue
        _, cell, corner = clued[0]
        sides = [var[edge] for edge in grid.cell_edges(cell)]
        mine = set(grid.cell_edges(cell))
        outer = sorted((edge for edge in grid.vertex_edges(dot) if edge not in mine), key=lambda e: e[0] == "h")
        first, second = CORNERS[corner]
        role = dict(zip("abfg", [sides[first], sides[second], *(var[edge] for edge in outer)]))
        out[dot] = [sorted((-1 if lit.startswith("-") else 1) * role[lit.lstrip("-")] for lit in text.split(","))
                    for text in DEGREE_ABSORBED[instance.clues[cell], len(outer)].split()]
    return out


def boundaries(grid: Grid) -> list[frozenset[Edge]]:
    """The boundaries of every single cell and every two side by side, by their cells."""
    blocks = [[cell] for cell in grid.cells()]
    blocks += [[cell, (cell[0], cell[1] + 1)] for cell in grid.cells() if cell[1] + 1 < grid.cols]
    blocks += [[cell, (cell[0] + 1, cell[1])] for cell in grid.cells() if cell[0] + 1 < grid.rows]
    return [frozenset(edge for cell in block for edge in grid.cell_edges(cell)
                      if sum(other in block for other in grid.edge_cells(edge)) == 1) for block in blocks]


def normalised(clauses: list[list[int]], instance: SlitherlinkInstance,
               encoding: SlitherlinkEncoding) -> Counter[tuple[object, ...]]:
    """Clauses as sorted tuples; a ban of a small boundary guarded by a clue that the boundary breaks has its
    guard replaced by "any broken clue" (which one guards a ban is the encoder's choice)."""
    grid = instance.grid
    edge_of = dict(zip(encoding.cycle.edge_vars_list, grid.edges()))
    clue_of = {var: cell for cell, var in encoding.selectors.items()}
    small = set(boundaries(grid))
    out: Counter[tuple[object, ...]] = Counter()
    for clause in clauses:
        edges = frozenset(edge_of.get(-lit) for lit in clause if -lit in edge_of)
        guards = [clue_of[-lit] for lit in clause if -lit in clue_of]
        if (edges in small and len(edges) == len(clause) - len(guards) == len(clause) - 1
                and breaks_alone(instance, edges, guards[0])):
            out[(*sorted(-lit for lit in clause if -lit in edge_of), "a broken clue's guard")] += 1
        else:
            out[tuple(sorted(clause))] += 1
    return out


@pytest.mark.parametrize("seed", range(60))
@pytest.mark.parametrize("selectors", [False, True])
@pytest.mark.parametrize("corners", [False, True])
def test_the_clauses_are_those_built_cell_by_cell(seed: int, selectors: bool, corners: bool) -> None:
    instance = random_board(seed)
    encoding = SlitherlinkEncoding(instance, with_selectors=selectors, corners=corners)
    assert normalised(encoding.formula.clauses, instance, encoding) == reference_clauses(instance, encoding)


def reference_loops(grid: Grid, used: set[Edge]) -> list[set[Edge]]:
    """The used edges split into connected loops by a search over shared dots."""
    loops, left = [], set(used)
    while left:
        start = left.pop()
        todo, loop = [start], {start}
        while todo:
            for dot in grid.edge_vertices(todo.pop()):
                for other in grid.vertex_edges(dot):
                    if other in left:
                        left.remove(other)
                        loop.add(other)
                        todo.append(other)
        loops.append(loop)
    return loops


@pytest.mark.parametrize("path", sorted((INSTANCES / "slitherlink" / "tatham").glob("hard_[34]*.loopy")))
def test_decoded_loops_are_the_models_loops_and_each_cut_is_sound(path) -> None:
    """Every model of the lazy loop on real boards: the loops decoded are the connected pieces of the used
    edges, each banned loop breaks the clue named for it, and the loop kept at the end verifies."""
    import satpuzzles

    instance = satpuzzles.load(path, puzzle="slitherlink").instance
    encoding = SlitherlinkEncoding(instance, with_selectors=False)
    edges = encoding.edges
    with Solver(name="cadical195", bootstrap_with=encoding.formula.clauses) as solver:
        while solver.solve():
            model = Model(solver.get_model(), encoding.formula.num_vars)
            used = {edge for edge, on in zip(edges, model.values(encoding.cycle.edge_vars_list)) if on}
            solution = encoding.decode(model)
            if not solution.loops:
                assert verify(instance, solution) == [] and solution.edges <= used
                break
            decoded = [{edges[i] for i in loop} for loop in solution.loops]
            assert sorted(map(sorted, decoded)) == sorted(map(sorted, reference_loops(instance.grid, used)))
            assert all(breaks_alone(instance, loop, cell) for loop, cell in zip(decoded, solution.violated))
            solver.append_formula(encoding.cuts(solution))
        else:
            pytest.fail("the board has no solution")


def test_solving_a_board_never_imports_numpy() -> None:
    board = INSTANCES / "slitherlink" / "tatham" / "hard_30x30.loopy"
    code = ("import sys; from satpuzzles.cli.app import main; sys.argv = ['satpuzzles', 'slitherlink', sys.argv[1]]\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\nprint('numpy' in sys.modules, file=sys.stderr)")
    done = subprocess.run([sys.executable, "-c", code, str(board)], capture_output=True, text=True, cwd=ROOT,
                          timeout=120, check=False)
    assert "Solvable = True" in done.stdout
    assert done.stderr.strip().splitlines()[-1] == "False"


def test_a_blocking_clause_is_the_same_in_every_process(tmp_path: Path) -> None:
    """Its edges are a frozenset of ("h"/"v", r, c) keys, whose order Python's string hashing varies by process."""
    board = tmp_path / "board.txt"
    board.write_text("6 6\n- - - - - -\n- 3 - - - -\n- - - - - -\n- - - 2 - -\n- - - - - -\n- - - - - -\n")
    code = ("import sys, satpuzzles; from satpuzzles.puzzles.slitherlink.encoding import SlitherlinkEncoding\n"
            "puzzle = satpuzzles.load(sys.argv[1], puzzle='slitherlink')\n"
            "print(SlitherlinkEncoding(puzzle.instance, False).block(puzzle.solve().solution))")
    clauses = {subprocess.run([sys.executable, "-c", code, str(board)], capture_output=True, text=True, cwd=ROOT,
                              check=True, timeout=120, env={**os.environ, "PYTHONHASHSEED": str(seed)}).stdout
               for seed in range(1, 5)}
    assert len(clauses) == 1 and clauses.pop().count(",") >= 11


@pytest.mark.parametrize("explain", [False, True])
@pytest.mark.parametrize(("text", "inside"), [
    ("3 3\n0 1 0\n1 . 1\n0 1 0\n", {(1, 1)}),
    ("3 4\n0 1 1 0\n1 . . 1\n0 1 1 0\n", {(1, 1), (1, 2)}),
    ("2 1\n3\n3\n", {(0, 0), (1, 0)}),
])
def test_a_loop_round_one_cell_or_two_is_still_the_answer_where_it_keeps_every_clue(
        text: str, inside: set[Cell], explain: bool) -> None:
    from satpuzzles.core.outcome import Settings
    from satpuzzles.testing import Driver

    puzzle = Driver("slitherlink")
    instance = puzzle.parse(text)[0]
    grid = instance.grid
    outcome = puzzle.solve(instance, Settings(count=10, explain=explain))
    loop = frozenset(edge for edge in grid.edges() if sum(cell in inside for cell in grid.edge_cells(edge)) == 1)
    assert [solution.edges for solution in outcome.solutions] == [loop] and outcome.exhausted


def test_corner_clauses_only_on_large_boards_unless_asked() -> None:
    from satpuzzles.puzzles.slitherlink.encoding import CORNER_MIN_CELLS

    small = SlitherlinkInstance(Grid(10, 10), {(0, 0): 1, (5, 5): 3})
    large = SlitherlinkInstance(Grid(50, 50), {(0, 0): 1, (5, 5): 3})
    assert 100 < CORNER_MIN_CELLS <= 2500
    assert not SlitherlinkEncoding(small, with_selectors=False).corners
    assert SlitherlinkEncoding(small, with_selectors=False, corners=True).corners
    assert SlitherlinkEncoding(large, with_selectors=False).corners
    assert not SlitherlinkEncoding(large, with_selectors=False, corners=False).corners


def test_analyze_always_gets_the_corner_clauses() -> None:
    from satpuzzles.core.outcome import Settings
    from satpuzzles.puzzles.slitherlink.encoding import stages

    small = SlitherlinkInstance(Grid(5, 5), {(0, 0): 1, (2, 2): 3})
    assert stages(small, Settings(analyze=True))[0].build().corners
    assert not stages(small, Settings())[0].build().corners
