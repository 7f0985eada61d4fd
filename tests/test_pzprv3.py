"""puzz.link files (pzprv3): pzprjs' own files read to the boards their URLs give, read -> write -> read keeps the
board, the writer writes what pzprjs writes, and bad files are refused in one located line.

The fixtures in instances/*/pzprjs/*.pzprv3 are pzprjs' test files (robx/pzprjs test/script/numlin.js,
arukone.js, slither.js at commit 0401fc64), each with the answer pzprjs checks as correct.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from satpuzzles.core import registry
from satpuzzles.core.errors import InputError
from satpuzzles.geometry import Grid
from satpuzzles.io.reading import read_instances
from satpuzzles.puzzles.numberlink.model import FILL, OPEN, NumberlinkInstance, RuleSet
from satpuzzles.puzzles.numberlink.pzprv3 import to_pzprv3 as numberlink_file
from satpuzzles.puzzles.slitherlink.model import SlitherlinkInstance, SlitherlinkSolution
from satpuzzles.puzzles.slitherlink.pzprv3 import to_pzprv3 as slitherlink_file
from tests.conftest import INSTANCES, run_cli

FIXTURES = sorted((INSTANCES / "numberlink" / "pzprjs").glob("*.pzprv3")) + sorted(
    (INSTANCES / "slitherlink" / "pzprjs").glob("*.pzprv3"))
WITH_URL = [path for path in FIXTURES if path.with_suffix(".url").exists()]


def _puzzle(path: Path) -> str:
    return path.parent.parent.name


def _read(puzzle: str, text: str, input_format: str = "auto") -> list[object]:
    return read_instances(registry.get(puzzle), text, input_format, named=True)


def test_the_fixtures_are_there() -> None:
    assert len(FIXTURES) == 4 and len(WITH_URL) == 3


@pytest.mark.parametrize("path", WITH_URL, ids=lambda path: path.name)
def test_pzprjs_files_read_to_the_boards_their_urls_give(path: Path) -> None:
    puzzle = _puzzle(path)
    (from_file,) = _read(puzzle, path.read_text())
    (from_url,) = _read(puzzle, path.with_suffix(".url").read_text())
    assert from_file == from_url


def test_the_type_sets_numberlinks_rule() -> None:
    (numlin,) = _read("numberlink", (INSTANCES / "numberlink/pzprjs/numlin_test_5x5.pzprv3").read_text())
    arukone = (INSTANCES / "numberlink/pzprjs/arukone_test_4x4.pzprv3").read_text()
    (fill,) = _read("numberlink", arukone)
    (open_,) = _read("numberlink", arukone.replace("passallcell", "dontpassallcell"))
    assert (numlin.rules, fill.rules, open_.rules) == (OPEN, FILL, OPEN)
    assert fill.givens == open_.givens and fill.givens[(0, 0)] == "1"  # A is 1, as in the URL


def test_the_visit_every_dot_line() -> None:
    (full,) = _read("slitherlink", (INSTANCES / "slitherlink/pzprjs/pzprjs_test_visit_all_2x3.pzprv3").read_text())
    assert full == SlitherlinkInstance(Grid(2, 3), {}, frozenset(), visit_all=True)
    (plain,) = _read("slitherlink", "pzprv3\nslither\n1\n2\n- 4 \n")
    assert not plain.visit_all and plain.unknown == {(0, 0)} and plain.clues == {(0, 1): 4}


def test_a_clue_is_read_as_a_number_as_pzprjs_reads_it() -> None:
    """pzprjs reads a slither cell as a number ('03' is 3, as a mines file's '01' is 1 here): '03' was refused as
    'clue 03 is not 0-4'."""
    (board,) = _read("slitherlink", "pzprv3\nslither\n1\n2\n03 00 \n")
    assert board.clues == {(0, 0): 3, (0, 1): 0}


def test_a_size_with_leading_zeros_is_read_as_a_number_as_pzprjs_reads_it() -> None:
    """'0000000000000000000002' rows (20 zeros and a 2) said "bad number of rows '00000000000000000000'", and
    '0000002' columns was "too large for a puzzle board"."""
    (board,) = _read("slitherlink", "pzprv3\nslither\n" + "0" * 20 + "2\n0000002\n3 . \n. . \n")
    assert board.grid == Grid(2, 2) and board.clues == {(0, 0): 3}
    (links,) = _read("numberlink", "pzprv3\nnumlin\n01\n02\n1 1 \n")
    assert links.grid == Grid(1, 2)
    assert "bad number of rows '000'" in run_cli("slitherlink", "-", stdin="pzprv3\nslither\n000\n2\n. . \n").err


@pytest.mark.parametrize("path", FIXTURES, ids=lambda path: path.name)
def test_read_write_read_keeps_the_board(path: Path) -> None:
    puzzle = _puzzle(path)
    (instance,) = _read(puzzle, path.read_text())
    written = numberlink_file(instance) if puzzle == "numberlink" else slitherlink_file(instance)
    (again,) = _read(puzzle, written, "pzprv3")
    assert again == instance


@pytest.mark.parametrize(("pzprjs", "puzzle", "url"), [
    # test/script/numlin.js ("newboard,5,2" then numbers typed) and slither.js ("newboard,5,1", no clue)
    ("pzprv3/numlin/2/5/. . . 1 . /2 1 . . 2 /0 0 0 0 /0 0 0 0 /0 0 0 0 0 /", "numberlink",
     "https://puzz.link/p?numlin/5/2/i1g21h2"),
    ("pzprv3.1/slither/1/5/. . . . . /0 0 0 0 0 /0 0 0 0 0 0 /0 0 0 0 0 /0 0 0 0 0 /", "slitherlink",
     "https://puzz.link/p?slither/5/1/k"),
])
def test_the_writer_writes_what_pzprjs_writes(pzprjs: str, puzzle: str, url: str) -> None:
    result = run_cli(puzzle, url, "--to-pzprv3")
    assert result.code == 0 and result.err == ""
    assert result.out == pzprjs.replace("/", "\n")


def test_writing_follows_the_rules_in_force(tmp_path: Path) -> None:
    source = tmp_path / "board.txt"
    source.write_text("1 2 .\n. . .\n1 2 .\n")  # a text board: the fill rule
    fill = run_cli("numberlink", source, "--to-pzprv3")
    assert fill.code == 0 and fill.out.startswith("pzprv3\narukone\n3\n3\npassallcell\nA B . \n")
    opened = run_cli("numberlink", source, "--to-pzprv3", "--rules", "open")
    assert opened.code == 0 and opened.out.startswith("pzprv3\nnumlin\n3\n3\n1 2 . \n")
    lost = run_cli("numberlink", source, "--to-pzprv3", "--no-self-touch")
    assert lost.code == 0 and "cannot say no-self-touch" in lost.err


def test_more_labels_than_letters_are_refused_under_fill() -> None:
    grid = Grid(2, 53)
    givens = {(r, c): str(c + 1) for r in range(2) for c in range(53)}
    instance = NumberlinkInstance(grid, givens, tuple(str(c + 1) for c in range(53)))
    with pytest.raises(ValueError, match="52 at most"):
        numberlink_file(instance, RuleSet(fill=True))
    (back,) = _read("numberlink", numberlink_file(instance, RuleSet(fill=False)))
    assert back.givens == givens


def test_letters_keep_their_numbers_and_others_take_free_ones() -> None:
    givens = {(0, 0): "@", (0, 1): "#", (0, 2): "B", (1, 0): "@", (1, 1): "#", (1, 2): "B"}
    instance = NumberlinkInstance(Grid(2, 3), givens, ("@", "#", "B"))
    assert numberlink_file(instance).splitlines()[5:7] == ["A C B ", "A C B "]
    numbers = NumberlinkInstance(Grid(2, 3), {**givens, (0, 0): "0", (1, 0): "0", (0, 1): "99", (1, 1): "99"},
                                 ("0", "99", "B"))
    with pytest.raises(ValueError, match="has none for '0' and '99'"):  # numbers are never given another letter
        numberlink_file(numbers)


def test_detected_and_solved_through_the_cli() -> None:
    for path in FIXTURES:
        result = run_cli("solve", path)
        assert result.code == 0, result.err
        assert ("Numberlink" if _puzzle(path) == "numberlink" else "Slitherlink") in result.out
    named = run_cli("numberlink", "--input-format", "pzprv3", INSTANCES / "numberlink/pzprjs/numlin_test_5x5.pzprv3")
    assert named.code == 0 and "open (cells may stay empty)" in named.out


def test_a_rules_line_above_the_file_adds_no_self_touch_and_may_not_contradict(tmp_path: Path) -> None:
    text = (INSTANCES / "numberlink/pzprjs/numlin_test_5x5.pzprv3").read_text()
    (touching,) = _read("numberlink", "# rules: no-self-touch\n" + text)
    assert touching.no_self_touch and touching.rules == OPEN
    with pytest.raises(InputError, match="contradicts the puzz.link file on line 2, whose type means open"):
        _read("numberlink", "# rules: fill\n" + text)


@pytest.mark.parametrize(("puzzle", "text", "where", "says"), [
    ("numberlink", "pzprv3\nnumlin\n5\n", "3:2", "the file ends before its number of columns"),
    ("numberlink", "pzprv3\nnumlin\nx\n5\n", "3:1", "bad number of rows 'x'"),
    ("numberlink", "pzprv3\nnumlin\n2\n2\n1 2 \n1 \n", "6:2", "row 2 of the board: 1 item where the file's size"),
    ("numberlink", "pzprv3\nnumlin\n3\n2\n1 2 \n1 2 \n", "6:4", "the file ends after 2 of the 3 rows of the board"),
    ("numberlink", "pzprv3\nnumlin\n2\n2\n1 x \n1 . \n", "5:3", "bad cell 'x'"),
    ("numberlink", "pzprv3\nnumlin\n2\n2\n1 - \n1 . \n", "5:3", "every endpoint needs its number"),
    ("numberlink", "pzprv3\nnumlin\n2\n2\n1 2 \n1 3 \n", "5:3", "label '2' appears once"),
    ("numberlink", "pzprv3\nnumlin\n2\n2\n1   2 \n  1 3 \n", "5:5", "label '2' appears once"),
    ("numberlink", "pzprv3\nnumlin\n2\n2\n1 2 \n1\t\tx \n", "6:4", "bad cell 'x'"),
    ("numberlink", "pzprv3\narukone\n2\n2\nA B \nA B \n", "5:1", "expected 'passallcell'"),
    ("numberlink", "pzprv3\narukone\n2\n2\npassallcell\nA 1 \nA . \n", "6:3", "expected a letter A-Z or a-z"),
    ("numberlink", "pzprv3/numlin/2/2/1 2 /1 2 /1 2 /0 /0 /0 0 /", "1:31", "row 1 of the lines between cells side"),
    ("numberlink", "pzprv3\nnumlin\n2\n2\n1 2 \n1 2 \n0 \n0 \n0 x \n", "9:3", "'x' is not a number"),
    ("numberlink", "pzprv3\nnumlin\n5000\n5000\n", "4:1", "larger than Numberlink accepts"),
    ("numberlink", "pzprv3/numlin/1/2/1 1 /0 /pzprv3/numlin/1/2/1 1 /0 /", "1:27", "a second puzz.link file"),
    ("numberlink", "pzprv3.1/slither/1/1/. /", "1:10", "not a Numberlink file: puzz.link puzzle type 'slither'"),
    ("slitherlink", "pzprv3.1\nslither\n1\n2\n5 . \n", "5:1", "clue 5 is not 0-4"),
    ("slitherlink", "pzprv3.1\nslither\n1\n2\n1 ? \n", "5:3", "bad cell '?'"),
    ("slitherlink", "pzprv3.2\nslither\n1\n2\n1 . \n", "1:1", "a slither file of version 2"),
    ("slitherlink", "pzprv3.1/slither/1/2/1 . /3 . /", "1:29", "the cells' shading: '.' is not a number"),
    ("slitherlink", "pzprv3/slither/0/2/", "1:16", "bad number of rows '0'"),
])
def test_bad_files_are_refused_in_one_located_line(tmp_path: Path, puzzle: str, text: str, where: str,
                                                   says: str) -> None:
    path = tmp_path / "bad.txt"
    path.write_text(text)
    result = run_cli(puzzle, path)
    assert result.code == 2 and result.out == ""
    assert result.err.startswith(f"satpuzzles: error: {path}:{where}: ") and says in result.err, result.err
    assert len(result.err.splitlines()) == 1 and "Traceback" not in result.err


def test_a_file_of_another_type_names_the_command_that_reads_it(tmp_path: Path) -> None:
    slither = INSTANCES / "slitherlink/pzprjs/pzprjs_test_5x5.pzprv3"
    result = run_cli("numberlink", slither)
    assert result.code == 2 and len(result.err.splitlines()) == 1
    assert "not a Numberlink file" in result.err and "'satpuzzles slitherlink FILE' reads it" in result.err
    masyu = tmp_path / "masyu.txt"
    masyu.write_text("pzprv3/mashu/1/2/. . /")
    result = run_cli("slitherlink", masyu)
    assert result.code == 2 and "no puzzle of this tool reads it" in result.err


def test_a_broken_file_of_another_type_names_the_command_and_its_refusal(tmp_path: Path) -> None:
    # A slither file with a clue out of range, given to numberlink: the command for its type and why it refuses it,
    # not "no puzzle of this tool reads it".
    broken = tmp_path / "slither.txt"
    broken.write_text("pzprv3\nslither\n3\n3\n. . 9 \n. . . \n. . . \n")
    result = run_cli("numberlink", broken)
    assert result.code == 2 and len(result.err.splitlines()) == 1, result.err
    assert result.err.endswith("'satpuzzles slitherlink FILE' reads its type, and refuses this file: 5:5: clue 9 is "
                               "not 0-4 (a cell has four sides)\n"), result.err


def test_the_answer_and_what_follows_it_are_not_read() -> None:
    text = ("pzprv3\nnumlin\n1\n2\n1 1 \n1 \nTrialData(1)\nanything\n"
            'info:{\n "metadata": {\n  "source": "https://puzz.link/p?numlin/2/1/11/"\n }\n}\n')
    (instance,) = _read("numberlink", text)
    assert instance.givens == {(0, 0): "1", (0, 1): "1"}
    (bare,) = _read("numberlink", "pzprv3\nnumlin\n1\n2\n1 1 \n")  # no answer at all
    assert bare == instance
    (metadata,) = _read("numberlink", "pzprv3\nnumlin\n1\n2\n1 1 \ninfo:{\n \"metadata\": {}\n}\n")  # nor lines
    assert metadata == instance


def test_conversions_refuse_what_they_ignore(tmp_path: Path) -> None:
    slither = INSTANCES / "slitherlink/pzprjs/pzprjs_test_5x5.pzprv3"
    refused = run_cli("slitherlink", slither, "--to-pzprv3", "--count", "2")
    assert refused.code == 2 and "--to-pzprv3 prints the puzzle only: drop --count" in refused.err
    two = tmp_path / "two.txt"
    two.write_text("https://puzz.link/p?slither/2/2/g\nhttps://puzz.link/p?slither/2/2/3h\n")
    several = run_cli("slitherlink", two, "--to-pzprv3")
    assert several.code == 2 and "choose one with --index N" in several.err
    chosen = run_cli("slitherlink", two, "--to-pzprv3", "--index", "2")
    assert chosen.code == 0 and chosen.out.splitlines()[4] == "3 . "
    sources = run_cli("solve", slither, slither, "--to-pzprv3")
    assert sources.code == 2 and "give one SOURCE" in sources.err


def test_the_api_reads_and_writes_files() -> None:
    import satpuzzles

    path = INSTANCES / "slitherlink/pzprjs/pzprjs_test_5x5.pzprv3"
    puzzle = satpuzzles.load(str(path))
    assert puzzle.write("url") == "https://puzz.link/p?slither/5/5/cbcbcddad"  # as pzprjs writes it
    assert satpuzzles.load(puzzle.write("pzprv3")).write("url") == puzzle.write("url")


def _answer(path: Path, skip: int, shapes: list[tuple[int, int]]) -> list[list[list[int]]]:
    """The answer grids of a well-formed fixture: after its first ``skip`` lines (header, board), rows of numbers."""
    lines = [line for line in path.read_text().replace("/", "\n").splitlines() if line.strip()][skip:]
    grids, at = [], 0
    for rows, _ in shapes:
        grids.append([[int(item) for item in line.split()] for line in lines[at:at + rows]])
        at += rows
    assert [(len(grid), len(grid[0])) for grid in grids] == shapes
    return grids


@pytest.mark.parametrize("name", ["numlin_test_5x5", "arukone_test_4x4"])
def test_the_answer_pzprjs_accepts_is_the_solution_found(name: str) -> None:
    """The lines in pzprjs' correct answer (rows of links side by side, then one above the other) are the links of
    the solution found: the board was read where pzprjs reads it."""
    import satpuzzles

    path = INSTANCES / "numberlink" / "pzprjs" / f"{name}.pzprv3"
    puzzle = satpuzzles.load(str(path))
    rows, cols = puzzle.instance.grid.rows, puzzle.instance.grid.cols
    across, down = _answer(path, 4 + rows + (name.startswith("arukone")), [(rows, cols - 1), (rows - 1, cols)])
    drawn = {((r, c), (r, c + 1)) for r in range(rows) for c in range(cols - 1) if across[r][c] == 1}
    drawn |= {((r, c), (r + 1, c)) for r in range(rows - 1) for c in range(cols) if down[r][c] == 1}
    result = puzzle.solve(unique=True)
    assert result.unique and result.solution.links() == drawn


@pytest.mark.parametrize(("name", "shading", "solutions"), [("pzprjs_test_5x5", False, 1),
                                                          ("pzprjs_test_visit_all_2x3", True, 2)])
def test_the_loop_pzprjs_accepts_is_the_solution_found(name: str, shading: bool, solutions: int) -> None:
    """pzprjs' correct answer (vertical edges, then horizontal ones) is a loop the verifier accepts, and one of the
    puzzle's solutions (the one, for a puzzle with one)."""
    import satpuzzles

    path = INSTANCES / "slitherlink" / "pzprjs" / f"{name}.pzprv3"
    puzzle = satpuzzles.load(str(path))
    rows, cols = puzzle.instance.grid.rows, puzzle.instance.grid.cols
    shapes = [(rows, cols)] * shading + [(rows, cols + 1), (rows + 1, cols)]
    *_, down, across = _answer(path, 4 + rows + puzzle.instance.visit_all, shapes)
    edges = {("v", r, c) for r in range(rows) for c in range(cols + 1) if down[r][c] == 1}
    edges |= {("h", r, c) for r in range(rows + 1) for c in range(cols) if across[r][c] == 1}
    assert puzzle.verify(SlitherlinkSolution(frozenset(edges))) == []
    result = puzzle.solve(count=2)
    assert len(result.solutions) == solutions and edges in [solution.edges for solution in result.solutions]


@pytest.mark.parametrize(("puzzle", "url"), [
    ("slitherlink", "https://puzz.link/p?slither/f/3/2/.4h"),
    ("slitherlink", "https://puzz.link/p?slither/5/5/cbcbcddad"),
    ("numberlink", "https://puzz.link/p?numlin/5/5/j1g2j3i12g3l"),
    ("numberlink", "https://puzz.link/p?arukone/5/5/j1g2j3i12g3l"),
    ("numberlink", "https://puzz.link/p?arukone/e/5/5/j1g2j3i12g3l"),
])
def test_a_url_written_as_a_file_reads_back_to_the_same_puzzle(puzzle: str, url: str) -> None:
    (from_url,) = _read(puzzle, url)
    written = run_cli(puzzle, url, "--to-pzprv3")
    assert written.code == 0 and written.err == ""
    (from_file,) = _read(puzzle, written.out)
    assert from_file == from_url


def test_a_folder_gives_its_pzprv3_files_to_batch(tmp_path: Path) -> None:
    for path in FIXTURES:
        (tmp_path / _puzzle(path)).mkdir(exist_ok=True)
        (tmp_path / _puzzle(path) / path.name).write_bytes(path.read_bytes())
    report = tmp_path / "r.jsonl"
    result = run_cli("batch", tmp_path, "--report", report)
    assert result.code == 0, result.err
    rows = [json.loads(line) for line in report.read_text().splitlines()]
    assert sorted((Path(row["file"]).name, row["puzzle"], row["status"]) for row in rows) == sorted(
        (path.name, _puzzle(path), "solved") for path in FIXTURES)


@pytest.mark.parametrize("text", ["v:abc\npzprv3/slither/2/2/2 . /. . /\n", "v:abc/pzprv3/slither/2/2/2 . /. . /\n",
                                  "https://puzz.link/p?v:abc/pzprv3/slither/2/2/2%20.%20/.%20.%20/\n"])
def test_a_variant_before_the_header_is_passed_over_on_its_own_line_or_on_the_headers(text: str) -> None:
    # pzprjs reads '/' as a line break (parser.js parseFile), so 'v:abc/pzprv3/...' is a variant line then the
    # header; the whole line was passed over as the variant ('the file ends before the header line'), and
    # Slitherlink took it for a URL.
    (instance,) = _read("slitherlink", text)
    assert isinstance(instance, SlitherlinkInstance) and instance.clues == {(0, 0): 2}
    assert run_cli("solve", "-", stdin=text).code == 0
