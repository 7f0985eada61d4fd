"""generate numberlink / slitherlink: unique (checked through the real CLI's --unique), reproducible, options."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from satpuzzles.geometry import Grid
from satpuzzles.puzzles.slitherlink.generator import _can_add, boundary, random_region
from tests.conftest import Driver, run_cli

SIZES = [("2", "1"), ("3", "3"), ("5", "4"), ("7", "7")]


def _unique(puzzle: str, text: str) -> bool:
    result = run_cli(puzzle, "-i", "-", "--unique", stdin=text)
    assert result.code == 0, result.err
    return "Unique = True" in result.out


@pytest.mark.parametrize("puzzle", ["numberlink", "slitherlink"])
@pytest.mark.parametrize("size", SIZES)
def test_generated_puzzles_are_unique(puzzle: str, size: tuple[str, str]) -> None:
    for seed in range(3):
        made = run_cli("generate", puzzle, *size, "--seed", seed)
        assert made.code == 0, made.err
        assert _unique(puzzle, made.out), made.out


@pytest.mark.parametrize("puzzle", ["numberlink", "slitherlink"])
def test_same_seed_same_puzzle(puzzle: str) -> None:
    first = run_cli("generate", puzzle, "6", "5", "--seed", "11").out
    again = run_cli("generate", puzzle, "6", "5", "--seed", "11").out
    other = run_cli("generate", puzzle, "6", "5", "--seed", "12").out
    assert first == again
    assert first != other


@pytest.mark.parametrize("puzzle", ["numberlink", "slitherlink", "minesweeper"])
def test_a_drawn_seed_is_said_and_makes_the_same_puzzles_again(puzzle: str) -> None:
    """Without --seed a random puzzle could not be made again: the seed drawn is said, and --format json holds it."""
    drawn = run_cli("generate", puzzle, "6", "5", "--count", "2")
    assert drawn.code == 0
    seed = int(drawn.err.split("seed ")[1].split()[0])
    assert f"--seed {seed} makes these puzzles again" in drawn.err
    assert run_cli("generate", puzzle, "6", "5", "--count", "2", "--seed", str(seed)).out == drawn.out
    rows = [json.loads(line) for line in run_cli("generate", puzzle, "6", "5", "--count", "2", "--format", "json")
            .out.splitlines()]
    assert isinstance(rows[0]["seed"], int) and rows[1]["seed"] == rows[0]["seed"] + 1
    assert run_cli("generate", puzzle, "6", "5", "--seed", str(rows[1]["seed"])).out == rows[1]["text"]


def test_size_is_width_then_height() -> None:
    (numberlink,) = Driver("numberlink").parse(run_cli("generate", "numberlink", "6", "3", "--seed", "1").out)
    (slitherlink,) = Driver("slitherlink").parse(run_cli("generate", "slitherlink", "6", "3", "--seed", "1").out)
    assert numberlink.grid == slitherlink.grid == Grid(rows=3, cols=6)


@pytest.mark.parametrize("puzzle", ["numberlink", "slitherlink"])
def test_count_and_url(puzzle: str) -> None:
    made = run_cli("generate", puzzle, "5", "5", "--seed", "4", "--count", "3", "--url")
    urls = made.out.splitlines()
    assert len(urls) == 3 and all(url.startswith("https://puzz.link/p?") for url in urls)
    assert len(set(urls)) == 3
    third = run_cli("generate", puzzle, "5", "5", "--seed", "6", "--url").out
    assert third == urls[2] + "\n"  # puzzle i of --seed S is --seed S + i - 1
    for url in urls:
        assert _unique(puzzle, url)


def test_numberlink_count_makes_one_collection_file(tmp_path: Path) -> None:
    made = run_cli("generate", "numberlink", "4", "3", "--seed", "2", "--count", "2")
    assert len(Driver("numberlink").parse(made.out)) == 2


def test_count_with_output_writes_numbered_files(tmp_path: Path) -> None:
    target = tmp_path / "puzzle.txt"
    made = run_cli("generate", "slitherlink", "4", "4", "--seed", "1", "--count", "2", "-o", target)
    assert made.code == 0 and made.out == ""
    first, second = (tmp_path / "puzzle.1.txt").read_text(), (tmp_path / "puzzle.2.txt").read_text()
    assert first == run_cli("generate", "slitherlink", "4", "4", "--seed", "1").out
    assert second == run_cli("generate", "slitherlink", "4", "4", "--seed", "2").out


def test_clues_ratio_keeps_more_clues() -> None:
    few = Driver("slitherlink").parse(run_cli("generate", "slitherlink", "6", "6", "--seed", "3").out)[0]
    many = Driver("slitherlink").parse(run_cli("generate", "slitherlink", "6", "6", "--seed", "3", "--clues-ratio", "0.8").out)[0]
    assert len(many.clues) >= 29 > len(few.clues)
    assert _unique("slitherlink", run_cli("generate", "slitherlink", "6", "6", "--seed", "3", "--url",
                                          "--clues-ratio", "0.5").out)


def test_numberlink_hard_joins_paths_and_stays_unique() -> None:
    for seed in ("1", "2"):
        easy = Driver("numberlink").parse(run_cli("generate", "numberlink", "7", "6", "--seed", seed).out)[0]
        hard_text = run_cli("generate", "numberlink", "7", "6", "--seed", seed, "--difficulty", "hard").out
        hard = Driver("numberlink").parse(hard_text)[0]
        assert len(hard.labels) < len(easy.labels)
        assert _unique("numberlink", hard_text)


def test_budget_runs_out_with_one_line_and_exit_3() -> None:
    result = run_cli("generate", "slitherlink", "40", "40", "--seed", "1", "--budget", "0.2")
    assert result.code == 3
    assert result.err.startswith("satpuzzles: error: the --budget of 0.2 s ran out after 0 of 1")
    assert len(result.err.splitlines()) == 1


def test_budget_keeps_puzzles_made_in_time() -> None:
    result = run_cli("generate", "numberlink", "4", "4", "--seed", "1", "--budget", "60", "--count", "2")
    assert result.code == 0
    assert len(Driver("numberlink").parse(result.out)) == 2


def test_too_small_numberlink_board_is_a_usage_error() -> None:
    result = run_cli("generate", "numberlink", "1", "1")
    assert result.code == 2 and "no room for a path" in result.err


OVER_THE_LIMIT = [("slitherlink", ("1500", "1500"), "WIDTH 1500, HEIGHT 1500", "1500 1500\n"),
                  ("slitherlink", ("1001", "2"), "WIDTH 1001, HEIGHT 2", "2 1001\n"),
                  ("numberlink", ("2500", "10"), "WIDTH 2500, HEIGHT 10", "2500 10\n"),
                  ("numberlink", ("1500", "1500"), "WIDTH 1500, HEIGHT 1500", "1500 1500\n"),
                  ("minesweeper", ("5000", "5001"), "ROWS 5000, COLS 5001", "5000 5001\n")]


@pytest.mark.parametrize(("puzzle", "size", "named", "header"), OVER_THE_LIMIT)
def test_a_size_over_the_puzzles_limit_is_refused_in_the_readers_words(puzzle: str, size: tuple[str, str],
                                                                       named: str, header: str) -> None:
    # slitherlink 1500 1500 and numberlink 1500 1500 / 2500 10 were generated for minutes (past a 60 s timeout)
    # into boards that no reader of the tool takes back
    refused = run_cli("generate", puzzle, *size, "--seed", "1", "--budget", "5")  # a regression fails, not hangs
    read = run_cli(puzzle, "-", stdin=header)  # the reader's refusal of a board of the same size
    assert refused.code == read.code == 2 and refused.out == ""
    assert len(refused.err.splitlines()) == len(read.err.splitlines()) == 1
    reason = read.err.split("<stdin>:1:1: ", 1)[1]
    assert reason.startswith("a board of ") and "see docs/reliability.md" in reason
    assert refused.err == f"satpuzzles: error: {named}: {reason}"


@pytest.mark.parametrize(("puzzle", "size"), [("slitherlink", ("500", "500")), ("slitherlink", ("1000", "250")),
                                              ("numberlink", ("2000", "1000"))])
def test_a_size_at_the_limit_is_generated(puzzle: str, size: tuple[str, str]) -> None:
    made = run_cli("generate", puzzle, *size, "--seed", "1", "--budget", "0.5")
    assert made.code == 3 and "--budget of 0.5 s ran out" in made.err  # accepted: generation started


def test_every_built_in_generator_declares_its_readers_limit() -> None:
    from satpuzzles.core import registry
    from satpuzzles.puzzles.minesweeper.formats import LIMIT as MINESWEEPER
    from satpuzzles.puzzles.numberlink.formats import LIMIT as NUMBERLINK
    from satpuzzles.puzzles.slitherlink.url import LIMIT as SLITHERLINK

    limits = {"minesweeper": MINESWEEPER, "numberlink": NUMBERLINK, "slitherlink": SLITHERLINK}
    built_in = {name for name in registry.names() if registry.get(name).generator is not None
                and registry.get(name).generator.make.__module__.startswith("satpuzzles.")}
    assert built_in == set(limits)
    for name, limit in limits.items():
        generator = registry.get(name).generator
        assert generator is not None and generator.limit is limit


def test_a_plugins_generator_declares_its_own_limit() -> None:
    from satpuzzles.core.errors import UsageError
    from satpuzzles.core.spec import Generator
    from satpuzzles.io.textgrid import SizeLimit

    made: list[tuple[int, int]] = []
    generator = Generator(make=lambda rows, cols, seed, options, progress: str(made.append((rows, cols))),
                          limit=SizeLimit("Toy", side=10, cells=50))
    generator.check_size(10, 5)
    for rows, cols in ((11, 2), (8, 8)):
        with pytest.raises(UsageError, match=r"^W 1: a board of .* larger than Toy accepts \(at most 10 cells on a "
                                             r"side and 50 in all; see docs/reliability.md\)$"):
            generator.check_size(rows, cols, "W 1")
    with pytest.raises(UsageError, match="generate at most 25,000,000"):  # no limit declared: the general cap
        Generator(make=generator.make).check_size(5001, 5000)
    assert made == []


def test_minesweeper_generate_keeps_rows_cols() -> None:
    result = run_cli("generate", "minesweeper", "3", "5", "--seed", "1")
    assert result.out.splitlines()[:2] == ["# puzzle: minesweeper", "3 5"]
    assert run_cli("generate", "minesweeper", "3", "5", "--seed", "1", "--count", "2").out.startswith(result.out)


def test_random_regions_have_one_simple_loop_as_boundary() -> None:
    rng = random.Random(5)
    for _ in range(30):
        grid = Grid(rng.randint(1, 8), rng.randint(1, 8))
        region = random_region(grid, rng, rng.random())
        loop = boundary(grid, region)
        degree: dict[tuple[int, int], int] = {}
        for edge in loop:
            for vertex in grid.edge_vertices(edge):
                degree[vertex] = degree.get(vertex, 0) + 1
        assert set(degree.values()) == {2}
        outside = {cell for cell in grid.cells() if cell not in region}
        assert _connected_to_border(grid, outside)


def _connected_to_border(grid: Grid, outside: set[tuple[int, int]]) -> bool:
    """Every outside cell reaches the border through outside cells (the region has no hole)."""
    seen = {cell for cell in outside if cell[0] in (0, grid.rows - 1) or cell[1] in (0, grid.cols - 1)}
    todo = list(seen)
    while todo:
        for n in grid.neighbours4(todo.pop()):
            if n in outside and n not in seen:
                seen.add(n)
                todo.append(n)
    return seen == outside


def test_can_add_refuses_a_corner_contact_and_a_hole() -> None:
    def padded(rows: list[str]) -> list[list[bool]]:
        width = len(rows[0]) + 2
        return [[False] * width, *[[False, *(ch == "#" for ch in row), False] for row in rows], [False] * width]

    assert not _can_add(padded(["#..", "...", ".#."]), 2, 2)  # (1, 1) would meet (0, 0) at a corner only
    assert _can_add(padded(["...", "...", ".#."]), 2, 2)
    assert not _can_add(padded(["...", "...", "..."]), 2, 2)  # not beside the region
    assert not _can_add(padded(["###", "#.#", "#.#"]), 3, 2)  # (2, 1) would close the hole at (1, 1)
    assert _can_add(padded(["###", "#..", "#.."]), 3, 2)


def test_undecided_checks_still_give_unique_puzzles(monkeypatch: pytest.MonkeyPatch) -> None:
    from satpuzzles.puzzles.numberlink import generator_checks as numberlink_checks
    from satpuzzles.puzzles.slitherlink import generator as slitherlink_generator

    for module in (numberlink_checks, slitherlink_generator):
        monkeypatch.setattr(module, "MAX_CHECK_CALLS", 0)  # no check can decide
    slitherlink = run_cli("generate", "slitherlink", "5", "4", "--seed", "2").out
    assert len(Driver("slitherlink").parse(slitherlink)[0].clues) == 20  # no clue could be dropped
    assert _unique("slitherlink", slitherlink)
    numberlink = run_cli("generate", "numberlink", "5", "4", "--seed", "2").out
    ends = Driver("numberlink").parse(numberlink)[0].endpoints.values()
    assert all(abs(a[0] - b[0]) + abs(a[1] - b[1]) <= 2 for a, b in ends)  # cut down to paths of 2-3 cells
    assert _unique("numberlink", numberlink)


def test_limited_backend_gives_up() -> None:
    from satpuzzles.solve.limited import LimitedBackend, SearchLimit

    def hole(pigeon: int, number: int) -> int:
        return pigeon * 5 + number + 1

    pigeonhole = [[hole(p, h) for h in range(5)] for p in range(6)]
    pigeonhole += [[-hole(p, h), -hole(q, h)] for h in range(5) for p in range(6) for q in range(p)]
    with LimitedBackend(conflicts=1, name="minisat22") as backend:
        backend.add_clauses(pigeonhole)
        with pytest.raises(SearchLimit):
            backend.solve()
        backend.calls_left = 0
        with pytest.raises(SearchLimit):
            backend.solve()
    with LimitedBackend(conflicts=1_000_000) as backend:
        backend.add_clauses(pigeonhole)
        assert backend.solve() is False


@pytest.mark.parametrize("name", ["cadical195", "glucose4"])
def test_limited_backend_phases_hold_for_every_call(name: str) -> None:
    """CaDiCaL's phases are set once (it keeps them); every call, with clauses added between, follows them."""
    from satpuzzles.solve.limited import PHASES_KEPT, LimitedBackend

    with LimitedBackend(conflicts=1000, name=name) as backend:
        backend.add_clauses([[1, 2, 3, 4, 5, 6]])
        backend.phases = [-1, -2, 3, -4, -5, 6]
        set_calls = []
        set_phases = backend.set_phases
        backend.set_phases = lambda lits: (set_calls.append(list(lits)), set_phases(lits))[1]  # type: ignore[method-assign]
        for extra in ([7, 8], [-7, -8], [9]):
            assert backend.solve() is True
            assert backend.model_literals()[:6] == backend.phases
            backend.add_clauses([extra])
        backend.phases = [1, 2, -3, -4, -5, -6]  # a new list is handed over
        assert backend.solve() is True
        assert backend.model_literals()[:6] == backend.phases
    assert len(set_calls) == (2 if name in PHASES_KEPT else 4)


def test_url_collections_from_generate_read_back() -> None:
    for name in ("numberlink", "slitherlink"):
        urls = run_cli("generate", name, "5", "5", "--seed", "2", "--count", "3", "--url")
        assert urls.code == 0 and len(urls.out.splitlines()) == 3
        solved = run_cli(name, "-i", "-", "--unique", "--format", "json", stdin=urls.out)
        assert solved.code == 0, solved.err
        assert [json.loads(line)["unique"] for line in solved.out.splitlines()] == [True, True, True]


def test_the_narrowed_clue_check_agrees_with_the_plain_one() -> None:
    """forces_loop with ``dropped`` (another loop must break that clue) and settled clues gives the plain answer."""
    from satpuzzles.puzzles.slitherlink.generator import ClueRemover, all_clues, random_loop
    from satpuzzles.puzzles.slitherlink.model import SlitherlinkInstance

    checks = {True: 0, False: 0}
    for seed in range(12):
        rng = random.Random(seed)
        grid = Grid(rng.randint(3, 6), rng.randint(3, 6))
        loop = random_loop(grid, rng)
        full = SlitherlinkInstance(grid, all_clues(grid, loop))
        narrowed = ClueRemover(full, loop)
        kept = set(full.clues)
        assert narrowed.forces_loop(kept, limited=False)
        order = sorted(kept)
        rng.shuffle(order)
        for cell in order:
            kept.discard(cell)
            plain = ClueRemover(full, loop)
            expected = plain.forces_loop(kept, limited=False)
            plain.close()
            assert narrowed.forces_loop(kept, limited=False, dropped=cell) is expected, (seed, cell)
            checks[expected] += 1
            if not expected:
                kept.add(cell)
            narrowed.settle(cell, kept=cell in kept)
        narrowed.close()
    assert checks[True] and checks[False]


@pytest.mark.parametrize("puzzle", ["numberlink", "slitherlink", "minesweeper"])
def test_json_lines_describe_each_puzzle_and_read_back(tmp_path: Path, puzzle: str) -> None:
    """``--format json``: one object per puzzle (its seed, its input object, its text); the file reads back as
    the same puzzles the text format gives."""
    from satpuzzles.core import registry

    made = run_cli("generate", puzzle, "5", "5", "--seed", "7", "--count", "2", "--format", "json")
    assert made.code == 0, made.err
    records = [json.loads(line) for line in made.out.splitlines()]
    assert [record["seed"] for record in records] == [7, 8] and {record["puzzle"] for record in records} == {puzzle}
    text = run_cli("generate", puzzle, "5", "5", "--seed", "7", "--count", "2").out
    assert "".join(record["text"] for record in records) == text
    lines = tmp_path / "made.jsonl"
    lines.write_text(made.out)
    driver, codec = Driver(puzzle), registry.get(puzzle).json
    assert codec is not None
    assert [codec.to_json(i) for i in driver.parse(made.out)] == [codec.to_json(i) for i in driver.parse(text)]
    assert run_cli(puzzle, lines).out.count("Solvable = True") == 2


def test_json_lines_carry_the_grade_and_the_rules() -> None:
    made = run_cli("generate", "numberlink", "8", "8", "--seed", "2", "--rules", "open", "--difficulty", "hard",
                   "--format", "json")
    record = json.loads(made.out)
    assert record["input"]["rules"] == "open"  # read back, solved under the rules it was made unique under
    level, reached = record["text"].split("\n", 1)[0].removeprefix("# grade: "), record["grade"]["reached"]
    assert record["grade"]["level"] == level.split(" (asked for ")[0] and reached is (" (asked for " not in level)
    assert json.loads(run_cli("generate", "minesweeper", "4", "4", "--seed", "1", "--format", "json").out)["grade"] is None


def test_numberlink_text_names_the_rules_it_was_made_unique_under() -> None:
    # Made unique under the no-self-touch convention, this board has a second solution under the default rules
    # (fill, paths may touch themselves): its '# rules:' line says the convention, and it reads back under it.
    made = run_cli("generate", "numberlink", "10", "10", "--seed", "4", "--no-self-touch")
    assert made.code == 0, made.err
    assert "# rules: fill, no-self-touch\n" in made.out and "# unique under" not in made.out
    assert _unique("numberlink", made.out) is True
    read_back = run_cli("numberlink", "-", "--unique", stdin=made.out)
    assert "Unique = True" in read_back.out and "Rules = fill (every cell used), no self-touch" in read_back.out
    assert "Unique = False" in run_cli("numberlink", "-", "--unique", "--self-touch", stdin=made.out).out
    opened = run_cli("generate", "numberlink", "5", "5", "--seed", "4", "--rules", "open", "--no-self-touch").out
    assert "# rules: open, no-self-touch\n" in opened
    assert "# rules" not in run_cli("generate", "numberlink", "5", "5", "--seed", "4").out  # the default rules


def test_generate_help_offers_a_grade_only_where_there_is_difficulty() -> None:
    # Minesweeper's generator grades nothing and has no --difficulty: its --format help must not send one there.
    minesweeper = run_cli("generate", "minesweeper", "--help")
    assert minesweeper.code == 0 and "--difficulty" not in minesweeper.out
    assert "this generator does not grade" in " ".join(minesweeper.out.split())
    for puzzle in ("numberlink", "slitherlink"):
        assert "grade (with --difficulty)" in " ".join(run_cli("generate", puzzle, "--help").out.split())


def test_allow_short_paths_with_another_min_length_is_refused() -> None:
    # --allow-short-paths is --min-length 2: beside --min-length 4 one of the two was dropped without a word.
    refused = run_cli("generate", "numberlink", "5", "5", "--seed", "1", "--min-length", "4", "--allow-short-paths")
    assert (refused.code, refused.out) == (2, "") and "--allow-short-paths is --min-length 2" in refused.err
    default = run_cli("generate", "numberlink", "5", "5", "--seed", "1", "--min-length", "3", "--allow-short-paths")
    assert (default.code, default.out) == (2, "") and "which --min-length 3 contradicts" in default.err  # typed: given
    both = run_cli("generate", "numberlink", "5", "5", "--seed", "1", "--min-length", "2", "--allow-short-paths")
    assert both.code == 0 and both.out == run_cli("generate", "numberlink", "5", "5", "--seed", "1",
                                                  "--allow-short-paths").out


def test_numberlink_text_made_under_open_reads_back_under_open() -> None:
    # The '# rules: open' line above the board is honoured as a numlin URL's type is: read back with no
    # --rules, the puzzle is solved (and proved unique) under the rules it was made under.
    made = run_cli("generate", "numberlink", "6", "6", "--seed", "4", "--rules", "open")
    assert made.code == 0 and made.out.startswith("# rules: open\n"), made.err
    solved = run_cli("numberlink", "-", "--unique", stdin=made.out).out
    assert "Rules = open (cells may stay empty)" in solved and "Unique = True" in solved
    assert "Rules = fill" in run_cli("numberlink", "-", "--unique", "--rules", "fill", stdin=made.out).out  # the flag wins


def test_cut_until_finds_the_first_decided_cover_in_few_checks() -> None:
    from satpuzzles.puzzles.numberlink.cuts import cut_until, regions

    grid = Grid(1, 64)
    checked: list[int] = []

    def decided(cover: list[list[tuple[int, int]]]) -> bool:
        checked.append(len(cover))
        return len(cover) >= 11  # decided from 10 cuts on (monotone here)

    paths = [list(grid.cells())]
    assert cut_until(paths, random.Random(1), [3], decided)
    assert len(paths) == 11 and sorted(cell for path in paths for cell in path) == list(grid.cells())
    assert len(checked) < 10  # galloping and bisection, not a check per cut
    assert not cut_until([[(0, 0), (0, 1), (0, 2)]], random.Random(1), [3], decided)  # nothing to cut
    assert regions(Grid(3, 3), {(0, 0), (0, 1), (2, 2), (1, 2)}) == [{(0, 0), (0, 1)}, {(1, 2), (2, 2)}]


@pytest.mark.parametrize("puzzle", ["minesweeper", "numberlink", "slitherlink"])
def test_a_negative_seed_is_a_seed_like_any_other(puzzle: str) -> None:
    """--seed takes any whole number for every puzzle, each its own puzzle, the same every run: a negative one made
    Minesweeper's generator fail inside (numpy seeds only from 0 up: 'internal error', exit 4), then gave what its
    absolute value gives (as Python's random reads it), so --seed -2 --count 5 made two puzzles twice."""
    made = run_cli("generate", puzzle, "4", "4", "--seed", "-2", "--count", "5")
    assert made.code == 0, made.err
    assert made.out == run_cli("generate", puzzle, "4", "4", "--seed", "-2", "--count", "5").out
    board = made.out.split("# puzzle: ")[1:]
    assert len(board) == 5 and board[0] != board[4] and board[1] != board[3]  # seeds -2 and 2, -1 and 1
    assert board[0] == run_cli("generate", puzzle, "4", "4", "--seed", "-2").out.split("# puzzle: ")[1]
    assert board[4] == run_cli("generate", puzzle, "4", "4", "--seed", "2").out.split("# puzzle: ")[1]


@pytest.mark.parametrize(("puzzle", "args", "says"), [
    ("minesweeper", ("-1", "5"), "-1 is not an option: ROWS and COLS are whole numbers from 1 up"),
    ("slitherlink", ("5", "-3"), "-3 is not an option: WIDTH and HEIGHT are whole numbers from 1 up"),
    ("numberlink", ("-2", "4"), "-2 is not an option: WIDTH and HEIGHT are whole numbers from 1 up"),
])
def test_a_negative_size_is_named_as_a_size_not_an_unknown_option(puzzle: str, args: tuple[str, str],
                                                                   says: str) -> None:
    """'generate minesweeper -1 5' said "No such option '-1'": a negative size reads as an option's name."""
    result = run_cli("generate", puzzle, *args)
    assert result.code == 2 and result.out == ""
    assert result.err == f"satpuzzles: error: {says} (see 'satpuzzles generate {puzzle} --help')\n"
