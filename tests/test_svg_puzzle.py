"""--svg-puzzle and Puzzle.svg(): the unsolved puzzle as a picture to publish, for every puzzle that draws one."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import satpuzzles
from satpuzzles.core import registry
from satpuzzles.core.outcome import Outcome, Settings
from satpuzzles.core.spec import View
from satpuzzles.present import svg
from tests.conftest import INSTANCES, run_cli
from tests.test_svg import NS, load, of_class

MASYU = "5 5\n.....\nw..b.\n.....\nw....\n..w..\n"
"""A unique Masyu: three white circles and one black."""
MINES = "3 3\nmines 2\n1 ? ?\n? ? ?\n? ? 1\n"
"""A small Minesweeper with a mines total."""
SOURCES = {
    "numberlink": (INSTANCES / "numberlink" / "seed" / "example_3x3.txt").read_text(),
    "slitherlink": "https://puzz.link/p?slither/5/5/cbcbcddad\n",
    "minesweeper": MINES,
    "masyu": MASYU,
}
TITLES = {"numberlink": "Numberlink 3x3", "slitherlink": "Slitherlink 5x5", "minesweeper": "Minesweeper 3x3",
          "masyu": "Masyu 5x5"}
SOLUTION_MARKS = {
    "numberlink": [("path", "route"), ("path", "casing")],
    "slitherlink": [("line", "loop"), ("path", "inside")],
    "minesweeper": [("path", "mine"), ("path", "mine-cell"), ("path", "safe")],
    "masyu": [("line", "loop")],
}
"""What each --svg draws of a solution (and --svg-puzzle never does)."""


def clues(name: str, root: ET.Element) -> list[str]:
    """The clues a picture shows, as text: labels, clue numbers, counts, or circle colours."""
    if name == "numberlink":
        return sorted(t.text or "" for t in of_class(root, "text", "label"))
    if name == "slitherlink":
        return sorted(t.text or "" for t in of_class(root, "text", "clue"))
    if name == "minesweeper":
        return sorted(t.text or "" for g in root.iter(f"{NS}g") if (g.get("class") or "").startswith("n")
                      for t in g.iter(f"{NS}text"))
    return sorted(c.get("class") or "" for c in root.iter(f"{NS}circle"))


EXPECTED_CLUES = {
    "numberlink": ["1", "1", "2", "2"],
    "slitherlink": ["0", "1", "1", "2", "2", "2", "3", "3", "3"],
    "minesweeper": ["1", "1"],
    "masyu": ["black", "white", "white", "white"],
}


def written(tmp_path: Path, name: str, *args: object, code: int = 0) -> tuple[str, ET.Element, ET.Element]:
    """Solve ``name``'s puzzle with --svg-puzzle and --svg: the report, the puzzle's picture and the answer's."""
    source = tmp_path / "puzzle.txt"
    source.write_text(SOURCES[name])
    blank, answer = tmp_path / "blank.svg", tmp_path / "answer.svg"
    result = run_cli(name, source, "--svg-puzzle", blank, "--svg", answer, *args)
    assert result.code == code, result.err
    return result.out, load(blank), load(answer)


@pytest.mark.parametrize("name", list(SOURCES))
def test_the_puzzle_is_drawn_with_its_clues_and_none_of_the_answer(tmp_path: Path, name: str) -> None:
    report, blank, answer = written(tmp_path, name)
    assert "Solvable = True" in report  # solved and reported as usual
    assert blank.find(f"{NS}title").text == TITLES[name]
    assert clues(name, blank) == EXPECTED_CLUES[name] == clues(name, answer)
    assert not any(of_class(blank, tag, cls) for tag, cls in SOLUTION_MARKS[name])
    assert any(of_class(answer, tag, cls) for tag, cls in SOLUTION_MARKS[name])  # what tells them apart


@pytest.mark.parametrize("name", list(SOURCES))
def test_the_api_draws_what_the_cli_writes(tmp_path: Path, name: str) -> None:
    picture = tmp_path / "blank.svg"
    assert run_cli(name, "-i", "-", "--svg-puzzle", picture, stdin=SOURCES[name]).code == 0
    puzzle = satpuzzles.load(SOURCES[name], puzzle=name)
    assert puzzle.svg() == picture.read_text(encoding="utf-8") == puzzle._repr_svg_()


def test_minesweeper_says_its_mines_total_under_the_board(tmp_path: Path) -> None:
    _, blank, _ = written(tmp_path, "minesweeper")
    assert [t.text for t in of_class(blank, "text", "legend")] == ["Mines: 2"]
    assert of_class(blank, "path", "hidden") and not of_class(blank, "path", "mine")


def test_no_legend_says_anything_about_solutions(tmp_path: Path) -> None:
    for name in ("numberlink", "slitherlink", "masyu"):
        _, blank, _ = written(tmp_path, name, "--unique")
        assert not of_class(blank, "text", "legend")


def test_an_unsolvable_puzzle_is_drawn_as_any_other(tmp_path: Path) -> None:
    blank, answer = tmp_path / "blank.svg", tmp_path / "answer.svg"
    source = INSTANCES / "numberlink" / "seed" / "instance_4.txt"
    result = run_cli("numberlink", source, "--svg-puzzle", blank, "--svg", answer)
    assert result.code == 1 and "Solvable = False" in result.out
    assert load(blank).find(f"{NS}title").text == "Numberlink 3x3"
    assert load(answer).find(f"{NS}title").text == "Numberlink 3x3: no solution"


def test_the_rules_in_force_are_named_as_in_the_answer(tmp_path: Path) -> None:
    _, blank, answer = written(tmp_path, "numberlink", "--rules", "open")
    assert blank.find(f"{NS}title").text == answer.find(f"{NS}title").text
    assert blank.find(f"{NS}title").text == "Numberlink 3x3, rules open (cells may stay empty)"
    puzzle = satpuzzles.load(SOURCES["numberlink"], puzzle="numberlink")
    assert "<title>Numberlink 3x3, rules open (cells may stay empty)</title>" in puzzle.svg(rules="open")


def test_a_masyu_that_visits_every_cell_says_so() -> None:
    puzzle = satpuzzles.load("https://puzz.link/p?mashu/f/3/3/000", puzzle="masyu")
    assert "<title>Masyu 3x3, the loop visits every cell</title>" in puzzle.svg()


def test_a_slitherlink_that_visits_every_dot_says_so() -> None:
    """puzz.link's 'f' variant is a rule of its own, which neither picture showed: titled as Masyu's."""
    puzzle = satpuzzles.load("https://puzz.link/p?slither/f/3/3/", puzzle="slitherlink")
    assert "<title>Slitherlink 3x3, the loop visits every dot</title>" in puzzle.svg()
    solved = puzzle.solve().svg()
    assert "<title>Slitherlink 3x3, the loop visits every dot</title>" in solved
    plain = satpuzzles.load("https://puzz.link/p?slither/3/3/", puzzle="slitherlink")
    assert "<title>Slitherlink 3x3</title>" in plain.svg()


@pytest.mark.parametrize("target", ["/no/such/directory/p.svg", "{tmp}", "-"])
def test_unwritable_picture_is_refused_before_solving(tmp_path: Path, target: str) -> None:
    source = INSTANCES / "numberlink" / "seed" / "instance_1.txt"
    result = run_cli("numberlink", "-i", source, "--svg-puzzle", target.format(tmp=tmp_path))
    assert result.code == 2 and result.err.count("\n") == 1 and result.out == ""
    assert result.err.startswith("satpuzzles: error:")


def test_one_file_cannot_be_both_pictures(tmp_path: Path) -> None:
    same = tmp_path / "same.svg"
    result = run_cli("numberlink", INSTANCES / "numberlink" / "seed" / "instance_1.txt", "--svg", same,
                     "--svg-puzzle", same)
    assert result.code == 2 and result.err.count("\n") == 1 and "--svg-puzzle" in result.err and not same.exists()


def test_too_big_to_draw_is_refused_before_solving(tmp_path: Path) -> None:
    rows, cols = 2001, svg.MAX_CELLS // 2001 + 1
    board = tmp_path / "big.txt"
    board.write_text("?" * cols + "\n" + ("?" * cols + "\n") * (rows - 1))
    result = run_cli("minesweeper", "-i", board, "--svg-puzzle", tmp_path / "big.svg")
    assert result.code == 2 and result.err.count("\n") == 1 and result.out == ""
    assert "--svg-puzzle draws boards of up to" in result.err and not (tmp_path / "big.svg").exists()
    # its size in rows and columns, as the readers' refusals say it ('1999x2001' read either way round)
    assert result.err.endswith(f"(a board of 2,001 rows x {cols:,} columns)\n")


def test_a_conversion_takes_no_picture(tmp_path: Path) -> None:
    result = run_cli("slitherlink", SOURCES["slitherlink"].strip(), "--to-url", "--svg-puzzle", tmp_path / "p.svg")
    assert result.code == 2 and result.err.count("\n") == 1 and "--svg-puzzle" in result.err


def test_every_puzzle_of_a_collection_gets_its_picture(tmp_path: Path) -> None:
    board = tmp_path / "two.txt"
    board.write_text("3 2\n1.1\n2.2\n3 1\nA.A\n")
    target = tmp_path / "pic.svg"
    assert run_cli("numberlink", "-i", board, "--svg-puzzle", target).code == 0
    assert not target.exists()
    assert [clues("numberlink", load(tmp_path / f"pic.{n}.svg")) for n in (1, 2)] == [["1", "1", "2", "2"], ["A", "A"]]


def test_solve_detects_the_puzzle_and_draws_it(tmp_path: Path) -> None:
    source, blank = tmp_path / "board.txt", tmp_path / "blank.svg"
    source.write_text(MASYU)
    result = run_cli("solve", source, "--svg-puzzle", blank, "--format", "json")
    assert result.code == 0 and json.loads(result.out)["puzzle"] == "masyu"
    assert load(blank).find(f"{NS}title").text == "Masyu 5x5"
    refused = run_cli("solve", source, source, "--svg-puzzle", blank)
    assert refused.code == 2 and refused.err.count("\n") == 1 and "--svg-puzzle" in refused.err


@pytest.mark.parametrize("name", registry.names())
def test_every_puzzle_command_that_draws_offers_it(name: str) -> None:
    shown = run_cli(name, "--help").out
    assert ("--svg-puzzle" in shown) == registry.get(name).view.draws_puzzle


def test_a_view_without_its_own_puzzle_picture_draws_svg_of_nothing_solved() -> None:
    """The default a plugin gets: its ``svg`` given an outcome with no solution, whose words leave the title plain."""
    seen: list[Outcome[str]] = []

    def picture(instance: str, outcome: Outcome[str], settings: Settings) -> str:
        seen.append(outcome)
        return svg.titled(instance, svg.outcome_state(outcome, settings))

    view: View[str, str] = View(facts=lambda instance: {}, text=lambda *_: "", solution_json=lambda *_: {}, svg=picture)
    assert view.draws_puzzle and view.puzzle_picture("Board 2x2", Settings(unique=True)) == "Board 2x2"
    assert seen[0].solution is None and seen[0].status == "unknown"
    assert svg.outcome_state(Outcome("unknown"), Settings()) == "unsolved"  # a bare outcome still says so
    bare: View[str, str] = View(facts=lambda instance: {}, text=lambda *_: "", solution_json=lambda *_: {})
    assert not bare.draws_puzzle
    with pytest.raises(ValueError):
        bare.puzzle_picture("Board 2x2", Settings())
