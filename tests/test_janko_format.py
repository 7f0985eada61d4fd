"""janko.at puzzle data (io/janko.py) through the real command line: real blocks, answers checked against janko's.

The files in instances/*/janko-data/ are janko.at's own blocks from tkoz0/janko.at-puzzle-scraping (data/*.jsonl.bz2,
a download of janko.at of 2022), written back in the layout that repository's README.md documents; each file's
comment says which pages. Their ``solution`` sections (janko.at's answers) are read here only, to check ours.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import INSTANCES, run_cli

ARUKONE = INSTANCES / "numberlink" / "janko-data" / "arukone.txt"
ARUKONE_OPEN = INSTANCES / "numberlink" / "janko-data" / "arukone-open.txt"
ARUKONE3 = INSTANCES / "numberlink" / "janko-data" / "arukone3.txt"
SLITHERLINK = INSTANCES / "slitherlink" / "janko-data" / "slitherlink.txt"
MINESWEEPER = INSTANCES / "minesweeper" / "janko-data" / "minesweeper.txt"

MINESWEEPER_089 = """\
# janko.at /Minesweeper/089 (tkoz0/janko.at-puzzle-scraping, data/Minesweeper.jsonl.bz2): a board that is no
# rectangle, 'x' marking the squares outside it (solution and moves left out)
begin
puzzle minesweeper
author Jürgen Helbig
info 0836
unit 30
size 13
problem
x x x x x x x - - - x x x
x x x x x - - - 1 - x x x
x x - - - 4 - 2 - 4 - x x
x - 2 - 1 - 3 - 3 - - x x
- 3 - 1 - 2 - - - 3 - - x
x - 4 - - - 6 - 4 - 2 - x
x - - 3 - - - - - 1 - - x
x - 2 - 4 - 5 - - - 4 - -
x - - 1 - - - 2 - 1 - 3 -
x x - - 2 - 3 - 1 - 2 - x
x x - 3 - 1 - 4 - - - x x
x x x - 4 - x - - x x x x
x x x - - - x x x x x x x
end
"""


def janko_solutions(path: Path) -> list[list[list[str]]]:
    """Each block's ``solution`` rows (janko.at's answer), as token lists."""
    found: list[list[list[str]]] = []
    rows: list[list[str]] | None = None
    for line in path.read_text().splitlines():
        words = line.split()
        if words in (["solution"], ["[solution]"]):
            rows = []
            found.append(rows)
        elif rows is not None and words and (words[0].strip("[]") in ("moves", "end") or words[0].isalpha()
                                             and len(words) == 1 and words[0] not in "nsewo"):
            rows = None
        elif rows is not None and words:
            rows.append(words)
    return found


def solved(*args: object, stdin: str | None = None) -> dict[str, object]:
    """The JSON report of a solve that succeeded."""
    result = run_cli(*args, "--format", "json", stdin=stdin)
    assert result.code == 0, result.err
    return json.loads(result.out)


def one_line_error(*args: object, stdin: str | None = None) -> str:
    """The one-line error (exit 2, no traceback) a run ends with."""
    result = run_cli(*args, stdin=stdin)
    assert result.code == 2 and result.out == "", (result.code, result.out)
    assert len(result.err.splitlines()) == 1 and "Traceback" not in result.err, result.err
    return result.err


_STEPS = {"n": (-1, 0), "s": (1, 0), "e": (0, 1), "o": (0, 1), "w": (0, -1)}
"""janko.at's Arukone solution letters: the neighbours a cell's line runs to (``o``, Ost, is east)."""


def janko_links(rows: list[list[str]]) -> set[frozenset[tuple[int, int]]]:
    """The links between cells that janko.at's solution draws."""
    return {frozenset({(r, c), (r + dr, c + dc)}) for r, row in enumerate(rows) for c, code in enumerate(row)
            if code != "-" for dr, dc in (_STEPS[letter] for letter in code)}


def our_links(routes: dict[str, list[list[int]]]) -> set[frozenset[tuple[int, int]]]:
    """The links between cells of our answer's routes."""
    return {frozenset({tuple(a), tuple(b)}) for route in routes.values() for a, b in zip(route, route[1:])}


@pytest.mark.parametrize(("path", "index", "rules", "extra"), [
    (ARUKONE, 1, "open", ()), (ARUKONE, 2, "open", ()),
    (ARUKONE3, 1, "fill", ("--no-self-touch",)),  # unique so, as the bundled janko.txt (these puzzles) is
])
def test_arukone_answers_are_janko_s_under_the_type_s_rule(path: Path, index: int, rules: str,
                                                           extra: tuple[str, ...]) -> None:
    report = solved("numberlink", path, "--index", index, "--unique", *extra)
    assert report["unique"] is True and report["rules"] == rules
    solution = report["solution"]
    assert isinstance(solution, dict)
    assert our_links(solution["routes"]) == janko_links(janko_solutions(path)[index - 1])


@pytest.mark.parametrize("index", [1, 2])
def test_published_open_puzzles_are_solved_by_the_canonical_search(index: int) -> None:
    """/Arukone/430 and 437: no filling, no shortest routes; the open encoding took 38 s and over 120 s, the
    canonical one (no self-touch, no downhill corner flip) about a second."""
    report = solved("numberlink", ARUKONE_OPEN, "--index", index)
    assert report["stats"]["encoding"] == "canonical first"
    assert our_links(report["solution"]["routes"]) == janko_links(janko_solutions(ARUKONE_OPEN)[index - 1])


def test_an_arukone_whose_janko_answer_leaves_cells_empty_is_read_under_the_open_rule() -> None:
    # /Arukone/181: janko.at's own solution leaves two cells empty, so its type cannot mean the fill rule
    assert [row.count("-") for row in janko_solutions(ARUKONE)[1]] == [1, 0, 0, 0, 0, 0, 0, 1]
    report = solved("numberlink", ARUKONE, "--index", 2)
    assert report["input"]["rules"] == "open"
    assert run_cli("numberlink", ARUKONE, "--index", 2, "--rules", "fill").code == 1  # under fill: no solution


@pytest.mark.parametrize("index", [1, 2])
@pytest.mark.parametrize(("puzzle", "member"), [("slitherlink", "inside"), ("minesweeper", "mines")])
def test_slitherlink_and_minesweeper_answers_are_janko_s(puzzle: str, member: str, index: int) -> None:
    """janko.at marks a Slitherlink's inside cells and a Minesweeper's mines with ``x``."""
    path = {"slitherlink": SLITHERLINK, "minesweeper": MINESWEEPER}[puzzle]
    report = solved(puzzle, path, "--index", index, "--unique")
    assert report["unique"] is True
    marked = [["x" if cell else "-" for cell in row] for row in report["solution"][member]]
    assert marked == janko_solutions(path)[index - 1]


def test_the_mines_setting_is_the_total() -> None:
    report = solved("minesweeper", MINESWEEPER, "--index", 2)
    assert report["input"]["mines"] == 11 and sum(map(sum, report["solution"]["mines"])) == 11


@pytest.mark.parametrize(("path", "puzzle", "count"), [(ARUKONE, "numberlink", 2), (SLITHERLINK, "slitherlink", 2),
                                                        (MINESWEEPER, "minesweeper", 2), (ARUKONE3, "numberlink", 1)])
def test_detected_from_the_text_alone(path: Path, puzzle: str, count: int) -> None:
    result = run_cli("solve", "-", "--format", "json", stdin=path.read_text())
    assert result.code == 0, result.err
    reports = [json.loads(line) for line in result.out.splitlines() if line.strip()]
    assert [report["puzzle"] for report in reports] == [puzzle] * count


def test_a_block_of_another_puzzle_s_type_names_the_command_that_reads_it() -> None:
    err = one_line_error("numberlink", "-", stdin=SLITHERLINK.read_text())
    assert err.startswith("satpuzzles: error: <stdin>:6:8: a janko.at 'slitherlink' puzzle is a slitherlink puzzle")
    assert "'satpuzzles slitherlink'" in err
    err = one_line_error("minesweeper", ARUKONE)
    assert f"{ARUKONE}:6:8:" in err and "'satpuzzles numberlink'" in err


def test_a_type_no_puzzle_reads_is_one_error_listing_those_read() -> None:
    text = SLITHERLINK.read_text().replace("puzzle slitherlink", "puzzle sudoku", 1)
    err = one_line_error("solve", "-", stdin=text)
    assert err == ("satpuzzles: error: <stdin>:6:8: janko.at puzzle type 'sudoku' is not one this tool reads (it reads "
                   "'arukone', 'arukone2', 'arukone3', 'minesweeper', 'slitherlink')\n")


def test_section_words_in_brackets_read_alike() -> None:
    # janko.at's pages now write [problem], [solution], [moves], [end] (SmilingWayne/puzzlekit-dataset, crawlers/)
    text = SLITHERLINK.read_text()
    for word in ("problem", "solution", "moves", "end"):
        text = text.replace(f"\n{word}\n", f"\n[{word}]\n")
    assert "[problem]" in text and "\nproblem\n" not in text
    assert solved("slitherlink", "-", "--index", 2, stdin=text)["solution"] == solved(
        "slitherlink", SLITHERLINK, "--index", 2)["solution"]


@pytest.mark.parametrize(("old", "new", "where", "message"), [
    ("1 - 2 1\n", "1 - 7 1\n", "17:5", "unknown cell '7' in a janko.at Slitherlink problem"),
    ("1 - - 0\n", "1 - - 0 3\n", "15:9", "row of 5 cells where 'cols 4' (line 12) says 4"),
    ("- 2 3 -\nsolution", "solution", "14:1", "the problem has 3 rows where 'rows 4' (line 11) says 4"),
    ("cols 4\n", "", "11:6", "'rows' without 'cols'"),
    ("size 10\n", "size 10\nrows 9\ncols 10\n", "35:6", "'size 10' disagrees with 'rows 9' and 'cols 10'"),
    ("puzzle slitherlink\n", "", "5:1", "janko.at block without a 'puzzle' line"),
    ("rows 4\n", "rows four\n", "11:6", "expected a number after 'rows', found 'four'"),
    ("end\n\nbegin\n", "\nbegin\n", "27:1", "'begin' inside the janko.at block that starts on line 5"),
    ("end\n\nbegin\n", "\n", "27:1", "second 'puzzle' line in the block (the first is on line 6)"),
])
def test_errors_are_located_and_one_line(old: str, new: str, where: str, message: str) -> None:
    text = SLITHERLINK.read_text()
    assert old in text
    err = one_line_error("slitherlink", "-", stdin=text.replace(old, new, 1))
    assert err.startswith(f"satpuzzles: error: <stdin>:{where}: {message}"), err


def test_a_problem_section_is_required() -> None:
    text = "begin\npuzzle slitherlink\nrows 1\ncols 1\nend\n"
    assert one_line_error("solve", "-", stdin=text).startswith(
        "satpuzzles: error: <stdin>:5:1: janko.at block without a 'problem' section")


def test_arukone_labels_must_come_in_pairs() -> None:
    text = ARUKONE3.read_text()
    rows = text.split("problem\n", 1)[1].split("solution", 1)[0].splitlines()
    lone = next(row for row in rows if any(word != "-" for word in row.split()))
    changed = text.replace(lone, lone.replace(next(word for word in lone.split() if word != "-"), "99", 1), 1)
    err = one_line_error("numberlink", "-", stdin=changed)
    assert "label '99' appears once; each label must appear exactly twice" in err


def test_a_board_that_is_no_rectangle_is_refused_at_its_first_outside_square() -> None:
    err = one_line_error("solve", "-", stdin=MINESWEEPER_089)
    assert err.startswith("satpuzzles: error: <stdin>:10:1: 'x' marks a square outside a janko.at board")


def test_the_format_can_be_named_and_refuses_other_text() -> None:
    assert solved("slitherlink", SLITHERLINK, "--input-format", "janko", "--index", 1)["status"] == "solved"
    err = one_line_error("slitherlink", "-", "--input-format", "janko", stdin="3 3\n1 . .\n. . .\n. . 2\n")
    assert err.startswith("satpuzzles: error: <stdin>:1:1: janko.at block without a 'puzzle' line")


def test_a_file_of_blocks_is_a_collection_for_batch(tmp_path: Path) -> None:
    result = run_cli("batch", ARUKONE, SLITHERLINK, MINESWEEPER, "--format", "json")
    assert result.code == 0, result.err
    lines = [json.loads(line) for line in result.out.splitlines() if line.strip().startswith("{")]
    statuses = [(entry.get("puzzle"), entry.get("status")) for entry in lines if "status" in entry]
    assert sorted(statuses) == sorted([("numberlink", "solved")] * 2 + [("slitherlink", "solved")] * 2
                                      + [("minesweeper", "solved")] * 2)


SMALL_BLOCK = "begin\npuzzle {kind}\nsize 2\nproblem\n1 -\n- 1\nend\n"


def test_a_rules_line_inside_a_block_is_an_error_there_not_the_next_block_s_rule() -> None:
    inside = SMALL_BLOCK.format(kind="arukone3").replace("problem\n", "# rules: open\nproblem\n")
    result = run_cli("numberlink", "-", stdin=inside + SMALL_BLOCK.format(kind="arukone3"))
    assert result.code == 2 and len(result.err.splitlines()) == 1
    assert result.err.startswith("satpuzzles: error: <stdin>:4:1: '# rules: open' holds for no board")


def test_a_rules_line_may_not_contradict_an_arukone_block_s_open_rule_but_may_state_the_others() -> None:
    result = run_cli("numberlink", "-", stdin="# rules: fill\n" + SMALL_BLOCK.format(kind="arukone"))
    assert result.code == 2 and len(result.err.splitlines()) == 1
    assert "<stdin>:1:1: '# rules: fill' contradicts the janko.at block on line 2, whose type means open" in result.err
    touch = run_cli("numberlink", "-", "--format", "json",
                    stdin="# rules: no-self-touch\n" + SMALL_BLOCK.format(kind="arukone"))
    assert touch.code == 0, touch.err
    assert (json.loads(touch.out)["rules"], json.loads(touch.out)["no_self_touch"]) == ("open", True)
    fill = run_cli("numberlink", "-", "--format", "json", stdin="# rules: open\n" + SMALL_BLOCK.format(kind="arukone3"))
    assert fill.code == 0 and json.loads(fill.out)["rules"] == "open"


def test_a_block_without_labels_names_janko_s_empty_cell() -> None:
    result = run_cli("numberlink", "-", stdin="begin\npuzzle arukone\nsize 2\nproblem\n- -\n- -\nend\n")
    assert result.code == 2 and len(result.err.splitlines()) == 1
    assert "<stdin>:5:1: no endpoints: every cell is empty ('-')" in result.err
