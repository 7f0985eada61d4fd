"""Numberlink's SAT pipeline checked against an independent brute-force solver.

The brute force knows nothing of the encoding: for each label in turn it
enumerates the simple paths between the label's endpoints through free cells,
and keeps the combinations that cover the whole board. Small boards (up to
4x4) make this exhaustive search cheap, so the SAT answers (status, number of
solutions, the solutions themselves) can be compared with it exactly.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from satpuzzles.core.outcome import Settings
from satpuzzles.geometry import Grid
from satpuzzles.puzzles.numberlink.model import NumberlinkInstance, NumberlinkSolution
from tests.conftest import Driver

SEED = Path(__file__).resolve().parent.parent / "instances" / "numberlink" / "seed"
COUNT = 50
PUZZLE = Driver("numberlink")

Cell = tuple[int, int]
Routes = frozenset[tuple[str, tuple[Cell, ...]]]


# --------------------------------------------------------------------------- brute force


def _neighbours(rows: int, cols: int, cell: Cell) -> list[Cell]:
    r, c = cell
    around = [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)]
    return [(a, b) for a, b in around if 0 <= a < rows and 0 <= b < cols]


def _components_ok(rows: int, cols: int, free: set[Cell], pending: list[tuple[Cell, Cell]]) -> bool:
    """Pruning: each pending pair can still be joined, and every free region can still be covered.

    A route's inner cells lie in one region of free cells, which both of its ends
    touch; so a non-adjacent pair needs a region touching both ends, and a region
    no pending pair touches with both ends can never be covered.
    """
    region: dict[Cell, Cell] = {}
    for start in free:
        if start in region:
            continue
        region[start] = start
        stack = [start]
        while stack:
            for nxt in _neighbours(rows, cols, stack.pop()):
                if nxt in free and nxt not in region:
                    region[nxt] = start
                    stack.append(nxt)

    def touched(cell: Cell) -> set[Cell]:
        return {region[n] for n in _neighbours(rows, cols, cell) if n in free}

    served: set[Cell] = set()
    for a, b in pending:
        common = touched(a) & touched(b)
        if not common and b not in _neighbours(rows, cols, a):
            return False
        served |= common
    return all(region[cell] in served for cell in free)


def brute_force(rows: int, cols: int, pairs: dict[str, tuple[Cell, Cell]]) -> set[Routes]:
    """Every solution, as a frozenset of (label, route) with each route starting at its smaller end."""
    endpoints = {cell for pair in pairs.values() for cell in pair}
    all_free = {(r, c) for r in range(rows) for c in range(cols)} - endpoints
    labels = sorted(pairs)
    solutions: set[Routes] = set()

    def place(index: int, free: set[Cell], chosen: list[tuple[str, tuple[Cell, ...]]]) -> None:
        if index == len(labels):
            if not free:
                solutions.add(frozenset(chosen))
            return
        label = labels[index]
        a, b = sorted(pairs[label])
        last = index == len(labels) - 1
        path = [a]
        used: set[Cell] = set()

        def walk(here: Cell) -> None:
            for nxt in _neighbours(rows, cols, here):
                if nxt == b:
                    if last and len(used) != len(free):
                        continue
                    rest = free - used
                    pending = [pairs[label] for label in labels[index + 1 :]]
                    if not last and not _components_ok(rows, cols, rest, pending):
                        continue
                    place(index + 1, rest, [*chosen, (label, (*path, b))])
                elif nxt in free and nxt not in used:
                    used.add(nxt)
                    path.append(nxt)
                    walk(nxt)
                    path.pop()
                    used.discard(nxt)

        walk(a)

    place(0, set(all_free), [])
    return solutions


def normalise(solution: NumberlinkSolution) -> Routes:
    """A SAT solution in the brute force's form: each route read from its smaller end."""
    return frozenset((label, route if route[0] <= route[-1] else route[::-1]) for label, route in solution.routes.items())


def make_instance(rows: int, cols: int, pairs: dict[str, tuple[Cell, Cell]]) -> NumberlinkInstance:
    givens = {cell: label for label, pair in pairs.items() for cell in pair}
    return NumberlinkInstance(Grid(rows, cols), givens, tuple(pairs))


# --------------------------------------------------------------------------- the brute force itself


def test_brute_force_known_counts() -> None:
    # 2x2 with one label on adjacent corners: the only full cover goes round the other two cells.
    assert brute_force(2, 2, {"A": ((0, 0), (1, 0))}) == {frozenset({("A", ((0, 0), (0, 1), (1, 1), (1, 0)))})}
    # Opposite corners of a 2x2: a path of three cells leaves one cell uncovered.
    assert brute_force(2, 2, {"A": ((0, 0), (1, 1))}) == set()
    # 1x3 row, endpoints at both ends: one solution; endpoints adjacent: none (middle cell empty).
    assert len(brute_force(1, 3, {"A": ((0, 0), (0, 2))})) == 1
    assert brute_force(1, 3, {"A": ((0, 0), (0, 1))}) == set()
    # Hamiltonian paths between two corners of one side of a 3x3 board: two (checked by hand).
    assert brute_force(3, 3, {"A": ((0, 0), (2, 0))}) == {
        frozenset({("A", ((0, 0), (0, 1), (0, 2), (1, 2), (2, 2), (2, 1), (1, 1), (1, 0), (2, 0)))}),
        frozenset({("A", ((0, 0), (1, 0), (1, 1), (0, 1), (0, 2), (1, 2), (2, 2), (2, 1), (2, 0)))}),
    }
    # Opposite corners of a 4x4 board have the same chessboard colour: no Hamiltonian path.
    assert brute_force(4, 4, {"A": ((0, 0), (3, 3))}) == set()
    # Two crossing pairs on a 2x2 board cannot both be joined.
    assert brute_force(2, 2, {"A": ((0, 0), (1, 1)), "B": ((0, 1), (1, 0))}) == set()


def test_brute_force_pruning_loses_nothing() -> None:
    """The component pruning must not drop solutions: compare with a search without it."""

    def unpruned(rows: int, cols: int, pairs: dict[str, tuple[Cell, Cell]]) -> set[Routes]:
        endpoints = {cell for pair in pairs.values() for cell in pair}
        free0 = {(r, c) for r in range(rows) for c in range(cols)} - endpoints
        labels = sorted(pairs)
        found: set[Routes] = set()

        def paths(a: Cell, b: Cell, free: set[Cell]):
            def go(here: Cell, path: list[Cell]):
                for nxt in _neighbours(rows, cols, here):
                    if nxt == b:
                        yield (*path, b)
                    elif nxt in free and nxt not in path:
                        yield from go(nxt, [*path, nxt])

            yield from go(a, [a])

        def place(i: int, free: set[Cell], chosen: list) -> None:
            if i == len(labels):
                if not free:
                    found.add(frozenset(chosen))
                return
            a, b = sorted(pairs[labels[i]])
            for route in paths(a, b, free):
                place(i + 1, free - set(route), [*chosen, (labels[i], route)])

        place(0, free0, [])
        return found

    cases = [
        (3, 3, {"A": ((0, 0), (2, 0)), "B": ((0, 2), (2, 2))}),
        (3, 4, {"A": ((0, 0), (2, 3)), "B": ((1, 1), (1, 2))}),
        (4, 3, {"A": ((0, 0), (0, 2)), "B": ((3, 0), (3, 2)), "C": ((1, 1), (2, 1))}),
        (3, 3, {"A": ((0, 0), (0, 1)), "B": ((2, 2), (1, 1))}),
        (4, 4, {"A": ((0, 0), (3, 0)), "B": ((0, 3), (3, 3)), "C": ((1, 1), (2, 2))}),
    ]
    for rows, cols, pairs in cases:
        assert brute_force(rows, cols, pairs) == unpruned(rows, cols, pairs), (rows, cols, pairs)


# --------------------------------------------------------------------------- SAT vs brute force


# Every board shape from 1x2 to 4x4, the larger ones more often (they have the interesting solutions).
SIZES = st.sampled_from(
    sorted(((r, c) for r in range(1, 5) for c in range(1, 5) if r * c >= 2), key=lambda rc: -rc[0] * rc[1])
    + [(4, 4), (4, 3), (3, 4), (3, 3)] * 2
)


@st.composite
def boards(draw: st.DrawFn) -> tuple[int, int, dict[str, tuple[Cell, Cell]]]:
    rows, cols = draw(SIZES)
    n_labels = draw(st.integers(1, min(4, rows * cols // 2)))
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    chosen = draw(st.permutations(cells))[: 2 * n_labels]
    names = "ABCD"
    pairs = {names[i]: (chosen[2 * i], chosen[2 * i + 1]) for i in range(n_labels)}
    return rows, cols, pairs


@st.composite
def covered_boards(draw: st.DrawFn) -> tuple[int, int, dict[str, tuple[Cell, Cell]]]:
    """Boards built from random self-avoiding walks that tile the grid, so always solvable."""
    rows, cols = draw(SIZES)
    rng = draw(st.randoms(use_true_random=False))
    free = {(r, c) for r in range(rows) for c in range(cols)}
    walks = []
    while free:
        here = rng.choice(sorted(free))
        free.discard(here)
        walk = [here]
        while True:
            options = [n for n in _neighbours(rows, cols, walk[-1]) if n in free]
            if not options or (len(walk) > 1 and rng.random() < 0.05):
                break
            walk.append(rng.choice(options))
            free.discard(walk[-1])
        walks.append(walk)
    assume(len(walks) <= 4 and all(len(walk) >= 2 for walk in walks))
    return rows, cols, {"ABCD"[i]: (walk[0], walk[-1]) for i, walk in enumerate(walks)}


def check_against_brute_force(rows: int, cols: int, pairs: dict[str, tuple[Cell, Cell]]) -> None:
    instance = make_instance(rows, cols, pairs)
    expected = brute_force(rows, cols, pairs)

    first = PUZZLE.solve(instance, Settings())
    assert first.status == ("solved" if expected else "unsolvable")
    if expected:
        assert len(first.solutions) == 1
        assert PUZZLE.verify(instance, first.solutions[0]) == []
        assert normalise(first.solutions[0]) in expected

    many = PUZZLE.solve(instance, Settings(count=COUNT, extras={"encoding": "auto"}))
    found = [normalise(solution) for solution in many.solutions]
    for solution in many.solutions:
        assert PUZZLE.verify(instance, solution) == []
    assert len(set(found)) == len(found), "the same solution was returned twice"
    assert set(found) <= expected
    if len(expected) <= COUNT:
        assert len(found) == len(expected)
        assert many.exhausted is True
        assert many.status == ("solved" if expected else "unsolvable")
    else:
        assert len(found) == COUNT
        assert many.exhausted is False

    # --count N goes through the uniqueness search first (auto); the cnf method's enumeration alone agrees.
    by_cnf = PUZZLE.solve(instance, Settings(count=COUNT, method="cnf"))
    assert {normalise(s) for s in by_cnf.solutions} == set(found) or len(expected) > COUNT
    assert len(by_cnf.solutions) == len(found) and by_cnf.exhausted is many.exhausted

    # --encoding complete alone decides by the rules too; strengthened alone never claims unsolvable.
    complete = PUZZLE.solve(instance, Settings(count=COUNT, extras={"encoding": "complete"}))
    complete_found = {normalise(s) for s in complete.solutions}
    assert complete_found <= expected
    assert len(complete_found) == min(len(expected), COUNT)
    assert complete.exhausted is (len(expected) <= COUNT)
    strengthened = PUZZLE.solve(instance, Settings(extras={"encoding": "strengthened"}))
    assert strengthened.status in ("solved", "unknown")
    assert strengthened.exhausted is False
    for solution in strengthened.solutions:
        assert normalise(solution) in expected

    unique = Settings(unique=True)
    outcome = PUZZLE.solve(instance, unique)
    if expected:
        assert outcome.uniqueness(unique) is (len(expected) == 1)
    else:
        assert outcome.status == "unsolvable"


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(boards())
def test_sat_matches_brute_force(board: tuple[int, int, dict[str, tuple[Cell, Cell]]]) -> None:
    check_against_brute_force(*board)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(covered_boards())
def test_sat_matches_brute_force_on_solvable_boards(board: tuple[int, int, dict[str, tuple[Cell, Cell]]]) -> None:
    assert brute_force(*board), "covered_boards() builds a solution, so the brute force must find one"
    check_against_brute_force(*board)


@pytest.mark.parametrize(
    ("rows", "cols", "pairs"),
    [
        pytest.param(1, 2, {"A": ((0, 0), (0, 1))}, id="1x2-adjacent"),
        pytest.param(2, 1, {"A": ((0, 0), (1, 0))}, id="2x1-adjacent"),
        pytest.param(2, 2, {"A": ((0, 0), (1, 0))}, id="2x2-round-the-corner"),
        pytest.param(2, 2, {"A": ((0, 0), (1, 1))}, id="2x2-diagonal"),
        pytest.param(3, 3, {"A": ((0, 0), (2, 2))}, id="3x3-corners"),
        pytest.param(3, 3, {"A": ((0, 0), (0, 1))}, id="3x3-adjacent-ends"),
        pytest.param(4, 4, {"A": ((0, 0), (3, 3))}, id="4x4-opposite-corners-parity"),
        pytest.param(4, 4, {"A": ((0, 0), (0, 3))}, id="4x4-top-corners"),
        pytest.param(4, 4, {"A": ((1, 1), (2, 2))}, id="4x4-centre-diagonal"),
        pytest.param(4, 4, {"A": ((0, 0), (1, 0)), "B": ((3, 0), (3, 3))}, id="4x4-two-labels"),
        pytest.param(3, 4, {"A": ((0, 0), (2, 3)), "B": ((1, 1), (1, 2))}, id="3x4-enclosed"),
        pytest.param(4, 4, {"A": ((0, 0), (3, 3)), "B": ((0, 3), (3, 0))}, id="4x4-crossing"),
        pytest.param(
            4, 4, {"A": ((0, 0), (0, 3)), "B": ((1, 0), (1, 3)), "C": ((2, 0), (2, 3)), "D": ((3, 0), (3, 3))},
            id="4x4-four-rows",
        ),
    ],
)
def test_fixed_boards_match_brute_force(rows: int, cols: int, pairs: dict[str, tuple[Cell, Cell]]) -> None:
    check_against_brute_force(rows, cols, pairs)


def test_many_solutions_stop_at_count() -> None:
    """5x5, one label on opposite corners: more than 50 solutions, so enumeration stops at 50."""
    pairs = {"A": ((0, 0), (4, 4))}
    expected = brute_force(5, 5, pairs)
    assert len(expected) > COUNT
    check_against_brute_force(5, 5, pairs)
    instance = make_instance(5, 5, pairs)
    everything = PUZZLE.solve(instance, Settings(count=len(expected) + 1))
    assert {normalise(s) for s in everything.solutions} == expected
    assert len(everything.solutions) == len(expected)
    assert everything.exhausted is True


# --------------------------------------------------------------------------- seed instances


def seed_instance(name: str) -> NumberlinkInstance:
    (instance,) = Driver("numberlink").parse((SEED / name).read_text())
    return instance


def brute_force_instance(instance: NumberlinkInstance) -> set[Routes]:
    return brute_force(instance.grid.rows, instance.grid.cols, dict(instance.endpoints))


def test_seed_instance_9_zigzag_is_solvable() -> None:
    instance = seed_instance("instance_9.txt")
    expected = brute_force_instance(instance)
    assert expected
    outcome = PUZZLE.solve(instance, Settings())
    assert outcome.status == "solved"
    assert PUZZLE.verify(instance, outcome.solutions[0]) == []
    assert normalise(outcome.solutions[0]) in expected
    # Every solution has a path that touches itself (a tight U-turn or a zig-zag next to
    # an endpoint), which the strengthened stage forbids, and a U-turn the relaxed one keeps
    # forbidding: an open solution with its empty cells bumped into its paths is one.
    assert outcome.stats.stages == ["strengthened", "strengthened, relaxed at endpoints", "open solution filled"]
    everything = PUZZLE.solve(instance, Settings(count=COUNT))
    assert {normalise(s) for s in everything.solutions} == expected
    assert everything.exhausted
    assert PUZZLE.solve(instance, Settings(extras={"encoding": "strengthened"})).status == "unknown"


@pytest.mark.parametrize("name", ["instance_4.txt", "instance_6.txt", "bad_numbering.txt"])
def test_seed_unsolvable_instances(name: str) -> None:
    instance = seed_instance(name)
    assert brute_force_instance(instance) == set()
    outcome = PUZZLE.solve(instance, Settings())
    assert outcome.status == "unsolvable"
    assert outcome.solutions == []
    assert outcome.exhausted is True


def test_seed_example_3x3_all_solutions() -> None:
    instance = seed_instance("example_3x3.txt")
    expected = brute_force_instance(instance)
    outcome = PUZZLE.solve(instance, Settings(count=COUNT))
    assert {normalise(s) for s in outcome.solutions} == expected
    assert len(outcome.solutions) == len(expected)


# --------------------------------------------------------------------------- the verifier


def _valid_zigzag() -> tuple[NumberlinkInstance, NumberlinkSolution]:
    instance = seed_instance("instance_9.txt")
    routes = {
        "1": ((0, 0), (0, 1), (0, 2), (0, 3), (1, 3), (1, 2), (1, 1), (1, 0)),
        "2": ((2, 0), (2, 1), (2, 2), (2, 3)),
        "3": ((3, 0), (3, 1), (3, 2), (3, 3)),
    }
    return instance, NumberlinkSolution(routes)


def test_verifier_accepts_valid_solution() -> None:
    instance, solution = _valid_zigzag()
    assert PUZZLE.verify(instance, solution) == []
    reversed_routes = NumberlinkSolution({label: route[::-1] for label, route in solution.routes.items()})
    assert PUZZLE.verify(instance, reversed_routes) == []


def test_verifier_rejects_gap_in_route() -> None:
    instance, solution = _valid_zigzag()
    routes = dict(solution.routes)
    routes["2"] = ((2, 0), (2, 1), (2, 3))  # jumps over (2, 2)
    routes["3"] = ((3, 0), (3, 1), (3, 2), (2, 2), (3, 3))  # and (2,2) stays covered, by a diagonal step
    problems = PUZZLE.verify(instance, NumberlinkSolution(routes))
    assert any("jumps" in p and "'2'" in p for p in problems)
    assert any("jumps" in p and "'3'" in p for p in problems)


def test_verifier_rejects_shared_cell() -> None:
    instance, solution = _valid_zigzag()
    routes = dict(solution.routes)
    routes["2"] = ((2, 0), (2, 1), (1, 1), (1, 2), (2, 2), (2, 3))  # runs through label 1's cells
    problems = PUZZLE.verify(instance, NumberlinkSolution(routes))
    assert any("used by" in p for p in problems)


def test_verifier_rejects_missing_cell() -> None:
    instance = Driver("numberlink").parse("1,.,1\n.,.,.\n2,.,2\n")[0]
    covering = NumberlinkSolution({"1": ((0, 0), (0, 1), (0, 2)), "2": ((2, 0), (1, 0), (1, 1), (1, 2), (2, 2))})
    assert [p for p in PUZZLE.verify(instance, covering) if "not covered" in p] == ["1 cell not covered, first (2, 1)"]
    full = NumberlinkSolution({"1": ((0, 0), (0, 1), (0, 2)), "2": ((2, 0), (2, 1), (1, 1), (1, 2), (2, 2))})
    assert any("not covered" in p for p in PUZZLE.verify(instance, full))  # (1, 0) left out
    middle_row_empty = NumberlinkSolution({"1": ((0, 0), (0, 1), (0, 2)), "2": ((2, 0), (2, 1), (2, 2))})
    assert any("3 cells not covered" in p for p in PUZZLE.verify(instance, middle_row_empty))


def test_verifier_rejects_detached_loop() -> None:
    instance = Driver("numberlink").parse("1,.,.,1\n.,.,.,.\n.,.,.,.\n2,.,.,2\n")[0]
    routes = {"1": ((0, 0), (0, 1), (0, 2), (0, 3)), "2": ((3, 0), (3, 1), (3, 2), (3, 3))}
    loop = ((1, 0), (1, 1), (1, 2), (1, 3), (2, 3), (2, 2), (2, 1), (2, 0))
    problems = PUZZLE.verify(instance, NumberlinkSolution(routes, loops=(loop,)))
    assert any("cycle" in p for p in problems)
    # Without the loop the middle rows are simply uncovered.
    assert any("not covered" in p for p in PUZZLE.verify(instance, NumberlinkSolution(routes)))


def test_verifier_rejects_wrong_endpoints_and_missing_route() -> None:
    instance, solution = _valid_zigzag()
    routes = dict(solution.routes)
    del routes["3"]
    assert any("'3'" in p for p in PUZZLE.verify(instance, NumberlinkSolution(routes)))
    routes = dict(solution.routes)
    routes["2"] = ((2, 0), (2, 1), (2, 2))
    assert any("does not run" in p for p in PUZZLE.verify(instance, NumberlinkSolution(routes)))
