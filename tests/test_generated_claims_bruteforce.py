"""What the generators claim about what they write, checked by brute force on small boards (fixed seeds).

Numberlink: unique under the rules written above the board, every path at least --min-length cells (or the
shortfall warned). Slitherlink: unique over every loop on the dot grid, its --url and --loopy read back as the
same clues, the same seed writes the same text. Minesweeper: a --no-guess game opens to the end by deduction
over every mine layout, a --unique board has one layout, a random board at least one. --analyze on these
boards (and on looser ones: fewer clues, other rules) calls forced exactly what every brute-force solution
shares. Larger campaigns of the same checks ran outside the suite.
"""

from __future__ import annotations

import warnings
from itertools import product

import numpy as np
import pytest

import satpuzzles
from satpuzzles.geometry import count8
from satpuzzles.puzzles.minesweeper.generator import layout_from_text
from satpuzzles.puzzles.minesweeper.model import MINE, UNKNOWN
from satpuzzles.puzzles.numberlink.model import RuleSet
from tests.conftest import run_cli
from tests.test_numberlink_rules import brute_force as numberlink_solutions

Clues = dict[tuple[int, int], int]


def _generate(puzzle: str, rows: int, cols: int, **options: object) -> tuple[str, list[str]]:
    """The generated text and the warnings raised while making it."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        text = satpuzzles.generate(puzzle, rows, cols, **options)
    return text, [str(w.message) for w in caught]


def _links(solution: frozenset) -> set:
    return {(min(a, b), max(a, b)) for _, route in solution for a, b in zip(route, route[1:])}


NUMBERLINK_CASES = [  # (width, height, seed, rules, difficulty, min_length)
    (4, 4, 0, RuleSet(True, True), "any", 2), (5, 4, 1, RuleSet(True, True), "hard", 2),
    (5, 5, 2, RuleSet(True, True), "easy", 4), (4, 5, 3, RuleSet(False, True), "any", 2),
    (5, 4, 4, RuleSet(False, False), "medium", 3), (4, 4, 5, RuleSet(True, False), "any", 5),
    (6, 4, 6, RuleSet(True, True), "easy", 6), (3, 3, 7, RuleSet(False, True), "hard", 4),
]


@pytest.mark.parametrize("case", NUMBERLINK_CASES, ids=str)
def test_numberlink_puzzles_are_unique_under_their_rules_with_paths_of_the_length_asked(case: tuple) -> None:
    width, height, seed, rules, difficulty, min_length = case
    text, warned = _generate("numberlink", height, width, seed=seed, rules=rules.name,
                             no_self_touch=not rules.self_touch, difficulty=difficulty, min_length=min_length)
    puzzle = satpuzzles.load(text, puzzle="numberlink")
    instance = puzzle.instance
    pairs = dict(instance.endpoints)
    found = numberlink_solutions(instance.grid.rows, instance.grid.cols, pairs, rules)
    assert len(found) == 1, text
    shortest = min(len(route) for _, route in next(iter(found)))
    assert shortest >= min_length or any(f"this one has paths of {shortest} cells" in w for w in warned), text
    for other in (RuleSet(False, True), RuleSet(True, False)):  # --analyze where the board may have several solutions
        solutions = numberlink_solutions(instance.grid.rows, instance.grid.cols, pairs, other)
        if not solutions:
            continue
        result = puzzle.solve(analyze=True, rules=other.name, no_self_touch=not other.self_touch).to_json()
        every = [_links(solution) for solution in solutions]
        on, anywhere = set.intersection(*every), set.union(*every)
        as_links = lambda keys: {(tuple(a), tuple(b)) for a, b in keys}  # noqa: E731
        assert as_links(result["analysis"]["on"]) == on, (text, other)
        assert as_links(result["analysis"]["undetermined"]) == anywhere - on, (text, other)
        assert result["unique"] is (len(solutions) == 1)


def slitherlink_loops(rows: int, cols: int, clues: Clues) -> list[frozenset]:
    """Every single loop meeting ``clues``, as ('h'|'v', row, col) edges: the boundary of a set of cells that is
    connected, whose outside reaches the border, with no dot where four edges meet (brute force, cell by cell)."""
    inside = [[False] * cols for _ in range(rows)]
    at = lambda r, c: 0 <= r < rows and 0 <= c < cols and inside[r][c]  # noqa: E731
    sides = lambda r, c: ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))  # noqa: E731
    found: list[frozenset] = []

    def clue_kept(r: int, c: int) -> bool:
        return (r, c) not in clues or sum(at(a, b) != inside[r][c] for a, b in sides(r, c)) == clues[(r, c)]

    def reach(start: list, within) -> set:
        seen, todo = set(start), list(start)
        while todo:
            for n in sides(*todo.pop()):
                if n not in seen and within(*n):
                    seen.add(n)
                    todo.append(n)
        return seen

    def close() -> None:
        cells = [(r, c) for r in range(rows) for c in range(cols) if inside[r][c]]
        border = [(r, c) for r in range(-1, rows + 1) for c in range(-1, cols + 1)
                  if not (0 <= r < rows and 0 <= c < cols)]
        outside = reach(border, lambda r, c: -1 <= r <= rows and -1 <= c <= cols and not at(r, c))
        if cells and len(reach(cells[:1], at)) == len(cells) and len(outside) + len(cells) == (rows + 2) * (cols + 2):
            found.append(frozenset([("h", r, c) for r in range(rows + 1) for c in range(cols) if at(r - 1, c) != at(r, c)]
                                   + [("v", r, c) for r in range(rows) for c in range(cols + 1) if at(r, c - 1) != at(r, c)]))

    def place(k: int) -> None:
        if k == rows * cols:
            close()
            return
        r, c = divmod(k, cols)
        for value in (False, True):
            inside[r][c] = value
            if ((r and not clue_kept(r - 1, c)) or (r == rows - 1 and c and not clue_kept(r, c - 1))
                    or (r == rows - 1 and c == cols - 1 and not clue_kept(r, c))):
                continue
            if r and c and inside[r - 1][c - 1] == value and inside[r - 1][c] == inside[r][c - 1] != value:
                continue  # four edges at one dot
            place(k + 1)
        inside[r][c] = False

    place(0)
    return found


def test_the_slitherlink_brute_force_knows_the_loop_counts() -> None:
    assert [len(slitherlink_loops(n, n, {})) for n in (1, 2, 3)] == [1, 13, 213]


@pytest.mark.parametrize(("width", "height", "seed", "difficulty"),
                         [(3, 3, 0, "any"), (4, 3, 1, "hard"), (4, 4, 2, "easy"), (5, 4, 3, "medium"),
                          (5, 5, 4, "any"), (6, 5, 5, "any"), (6, 6, 6, "hard"), (1, 4, 7, "any")])
def test_slitherlink_puzzles_are_unique_and_read_back_from_their_url_and_game_id(
        width: int, height: int, seed: int, difficulty: str) -> None:
    base = ["generate", "slitherlink", width, height, "--seed", seed, "--difficulty", difficulty]
    plain = run_cli(*base)
    assert plain.code == 0 and run_cli(*base).out == plain.out
    puzzle = satpuzzles.load(plain.out, puzzle="slitherlink")
    clues = dict(puzzle.instance.clues)
    loops = slitherlink_loops(height, width, clues)
    assert len(loops) == 1, plain.out
    for flag in ["--url"] + (["--loopy"] if min(width, height) >= 3 else []):
        written = run_cli(*base, flag)
        line = [row for row in written.out.splitlines() if row and not row.startswith("#")][0]
        assert dict(satpuzzles.load(line, puzzle="slitherlink").instance.clues) == clues, (flag, line)
    rng = np.random.default_rng(seed)  # --analyze with some clues dropped: several loops
    kept = {cell: k for cell, k in clues.items() if rng.random() < 0.7}
    loops = slitherlink_loops(height, width, kept)
    text = f"{height} {width}\n" + "".join(
        " ".join(str(kept.get((r, c), ".")) for c in range(width)) + "\n" for r in range(height))
    result = satpuzzles.load(text, puzzle="slitherlink").solve(analyze=True).to_json()
    on, anywhere = frozenset.intersection(*loops), frozenset.union(*loops)
    assert {tuple(edge) for edge in result["analysis"]["on"]} == on
    assert {tuple(edge) for edge in result["analysis"]["undetermined"]} == anywhere - on
    assert result["unique"] is (len(loops) == 1)


def mine_layouts(cells: np.ndarray, total: int | None) -> np.ndarray:
    """Every mine layout the revealed counts (and the total) allow, as a (k, rows, cols) stack."""
    unknown = np.argwhere(cells == UNKNOWN)
    n = len(unknown)
    picks = np.array([p for p in product((False, True), repeat=n)
                      if total is None or sum(p) == total - int((cells == MINE).sum())], dtype=bool).reshape(-1, n)
    layouts = np.repeat((cells == MINE)[None], len(picks), axis=0)
    layouts[:, unknown[:, 0], unknown[:, 1]] = picks
    shown = cells >= 0
    return layouts[np.array([(count8(layout)[shown] == cells[shown]).all() for layout in layouts], dtype=bool)]


def plays_through(mines: np.ndarray, cells: np.ndarray, total: int) -> bool:
    """Whether opening every cell safe in every possible layout, again and again, opens every safe cell."""
    cells = cells.copy()
    while True:
        layouts = mine_layouts(cells, total)
        safe = (cells == UNKNOWN) & ~layouts.any(axis=0)
        if not safe.any():
            return not ((cells == UNKNOWN) & ~mines).any()
        cells[safe] = count8(mines)[safe]


def check_minesweeper_analysis(text: str) -> None:
    """--analyze's forced mines, forced safe cells and undetermined cells are those of every layout."""
    puzzle = satpuzzles.load(text, puzzle="minesweeper")
    layouts = mine_layouts(puzzle.instance.cells, puzzle.instance.mines)
    result = puzzle.solve(analyze=True).to_json()
    unknown = puzzle.instance.cells == UNKNOWN
    cells = lambda mask: {tuple(map(int, cell)) for cell in np.argwhere(mask)}  # noqa: E731
    named = lambda key: {tuple(cell) for cell in result["analysis"][key]}  # noqa: E731
    assert named("mine") == cells(unknown & layouts.all(axis=0)), text
    assert named("safe") == cells(unknown & ~layouts.any(axis=0)), text
    assert named("undetermined") == cells(unknown & layouts.any(axis=0) & ~layouts.all(axis=0)), text
    assert result["unique"] is (len(layouts) == 1)


@pytest.mark.parametrize(("rows", "cols", "seed", "options"), [
    (3, 4, 0, {"mine_count": 1}), (4, 4, 1, {"mine_count": 3}), (4, 4, 2, {"mine_count": 4, "first_click": "1,1"}),
    (3, 5, 3, {"mine_density": 0.2}), (4, 5, 4, {"mine_count": 5, "first_click": "4,5", "attempts": 5}),
])
def test_minesweeper_no_guess_games_open_to_the_end_by_deduction_over_every_layout(
        rows: int, cols: int, seed: int, options: dict) -> None:
    text = satpuzzles.generate("minesweeper", rows, cols, seed=seed, no_guess=True, reveal_layout=True, **options)
    instance = satpuzzles.load(text, puzzle="minesweeper").instance
    mines = layout_from_text(text)
    first = tuple(int(x) - 1 for x in options.get("first_click", f"{(rows + 1) // 2},{(cols + 1) // 2}").split(","))
    assert instance.mines == mines.sum() and not mines[first] and instance.cells[first] >= 0
    shown = instance.cells >= 0
    assert (instance.cells[shown] == count8(mines)[shown]).all() and not (mines & shown).any()
    assert plays_through(mines, instance.cells, instance.mines), text
    check_minesweeper_analysis(text)


@pytest.mark.parametrize(("rows", "cols", "seed", "options"), [
    (3, 3, 0, {"unique_board": True, "mine_count": 3}), (4, 4, 1, {"unique_board": True, "mine_density": 0.3}),
    (3, 4, 2, {"unique_board": True, "mine_count": 0}), (2, 5, 3, {"unique_board": True, "mine_count": 6}),
    (4, 4, 4, {"reveal_density": 0.5}), (3, 4, 5, {"mine_count": 4, "reveal_density": 0.3}),
])
def test_minesweeper_unique_boards_have_one_layout_and_random_boards_one_at_least(
        rows: int, cols: int, seed: int, options: dict) -> None:
    text = satpuzzles.generate("minesweeper", rows, cols, seed=seed, **options)
    instance = satpuzzles.load(text, puzzle="minesweeper").instance
    layouts = mine_layouts(instance.cells, instance.mines)
    if options.get("unique_board"):
        assert len(layouts) == 1, text
        assert "mine_count" not in options or layouts[0].sum() == options["mine_count"]
    else:
        assert len(layouts) >= 1, text
    check_minesweeper_analysis(text)


def opening(mines: np.ndarray, first: tuple[int, int]) -> np.ndarray:
    """The board after the first click: the click, and every neighbour of an opened 0, opened in turn."""
    cells, todo = np.full(mines.shape, UNKNOWN, np.int8), [first]
    while todo:
        r, c = todo.pop()
        if cells[r, c] == UNKNOWN:
            cells[r, c] = count8(mines)[r, c]
            todo += [(a, b) for a in range(r - 1, r + 2) for b in range(c - 1, c + 2)
                     if cells[r, c] == 0 and 0 <= a < mines.shape[0] and 0 <= b < mines.shape[1]]
    return cells


def test_a_no_guess_refusal_means_no_layout_plays_through() -> None:
    """A 2x3 board with one mine and the first click in a corner is no no-guess game: proved by playing every
    layout that keeps the click's neighbourhood clear."""
    refused = run_cli("generate", "minesweeper", 3, 2, "--no-guess", "--mines", 1, "--first-click", "1,1", "--seed", 0)
    assert refused.code == 2 and "is a no-guess game" in refused.err
    for spot in [(r, c) for r in range(3) for c in range(2) if r > 1]:
        mines = np.zeros((3, 2), bool)
        mines[spot] = True
        assert not plays_through(mines, opening(mines, (0, 0)), 1)
