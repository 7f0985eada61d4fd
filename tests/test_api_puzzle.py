"""A loaded Puzzle and its Result say what the CLI says: written forms, verification, the outcome's words."""

from __future__ import annotations

import warnings

import pytest

import satpuzzles
from satpuzzles.core.errors import SatPuzzlesWarning, UsageError
from tests.conftest import INSTANCES, run_cli

NL_BOARD = INSTANCES / "numberlink" / "seed" / "instance_1.txt"
NUMLIN = "https://puzz.link/p?numlin/5/5/1j2h3m1h2j3"
MINES = "3 3\n1 ? ?\n? ? ?\n? ? 1\n"


@pytest.mark.parametrize("source", [NL_BOARD, NUMLIN])
@pytest.mark.parametrize("rules", [None, "fill", "open"])
def test_write_takes_the_puzzles_options_as_to_url_does(source, rules: str | None) -> None:
    puzzle = satpuzzles.load(source)
    written = puzzle.write("url") if rules is None else puzzle.write("url", rules=rules)
    cli = run_cli("numberlink", source, "--to-url", *([] if rules is None else ["--rules", rules]))
    assert cli.code == 0 and cli.out == written + "\n"
    assert written.split("/")[3] == {None: "p?arukone" if source == NL_BOARD else "p?numlin",
                                     "fill": "p?arukone", "open": "p?numlin"}[rules]


def test_write_warns_of_what_the_url_cannot_say_and_refuses_what_is_no_option() -> None:
    puzzle = satpuzzles.load(NUMLIN)
    with pytest.warns(SatPuzzlesWarning) as caught:
        written = puzzle.write("url", no_self_touch=True)
    cli = run_cli("numberlink", NUMLIN, "--to-url", "--no-self-touch")
    assert cli.out == written + "\n" and cli.err == f"satpuzzles: warning: {caught[0].message}\n" and len(caught) == 1
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        puzzle.write("url")
    with pytest.raises(UsageError, match="choose one of fill, open"):
        puzzle.write("url", rules="closed")
    with pytest.raises(UsageError, match="has no option 'colour'"):
        puzzle.write("url", colour=True)


@pytest.mark.parametrize(("source", "options", "exhausted", "message"), [
    (NL_BOARD, {"count": 5}, True, None),
    (MINES, {"count": 2}, False, None),  # stopped at the count: more exist
    (NL_BOARD, {}, False, None),  # never asked to look further
    (INSTANCES / "slitherlink" / "tatham" / "hard_100x100.loopy", {"timeout": 0.01}, False, "timed out after 0.01 s"),
])
def test_a_result_says_whether_all_solutions_were_found_and_why_not(source, options: dict, exhausted: bool,
                                                                     message: str | None) -> None:
    result = satpuzzles.load(source, puzzle="minesweeper" if source == MINES else None).solve(**options)
    assert (result.exhausted, result.message) == (exhausted, message)
    envelope = result.to_json()
    assert envelope.get("message") == message and envelope.get("exhausted", exhausted) == exhausted


def test_verify_names_a_malformed_solution_as_such() -> None:
    """A solution of the right class holding what the verifier cannot read (an edge without its column, a list
    for an array) is a TypeError saying so, not a raw ValueError from inside the verifier."""
    import numpy as np

    from satpuzzles.puzzles.minesweeper.model import MinesweeperSolution
    from satpuzzles.puzzles.slitherlink.model import SlitherlinkSolution

    loop = satpuzzles.load("https://puzz.link/p?slither/5/5/cbcbcddad")
    assert loop.verify(loop.solve().solution) == []
    for malformed in (SlitherlinkSolution(edges=frozenset({("h", 0)})), SlitherlinkSolution(edges=frozenset("a"))):
        with pytest.raises(TypeError, match="^not a well-formed slitherlink solution: a SlitherlinkSolution the "
                                            r"verifier cannot read \(ValueError: not enough values to unpack"):
            loop.verify(malformed)
    board = satpuzzles.load(MINES, puzzle="minesweeper")
    assert board.verify(MinesweeperSolution(mines=np.zeros((3, 3), bool))) == ["the count at (0, 0) sees 0 mines"]
    with pytest.raises(TypeError, match="^not a well-formed minesweeper solution: a MinesweeperSolution"):
        board.verify(MinesweeperSolution(mines=[[False] * 3] * 3))


PICKLED = {
    "numberlink": "https://puzz.link/p?arukone/5/5/j1g2j3i12g3l",
    "slitherlink": "https://puzz.link/p?slither/5/5/cbcbcddad",
    "minesweeper": MINES,
    "masyu": "https://puzz.link/p?mashu/5/5/012009030",
}


@pytest.mark.parametrize("name", list(PICKLED))
@pytest.mark.parametrize("options", [{}, {"unique": True}, {"analyze": True}, {"count": 3, "timeout": 30}])
def test_puzzles_and_results_pickle(name: str, options: dict) -> None:
    """For multiprocessing: a Puzzle pickles as its type's name and instance, and finds its spec again."""
    import pickle

    puzzle = satpuzzles.load(PICKLED[name], puzzle=name)
    again = pickle.loads(pickle.dumps(puzzle))
    assert again.spec is puzzle.spec and again.to_json() == puzzle.to_json() and again.text() == puzzle.text()
    result = puzzle.solve(**options)
    back = pickle.loads(pickle.dumps(result))
    assert back.to_json() == result.to_json() and back.text() == result.text() and back.svg() == result.svg()
    assert back.puzzle.verify(back.solution) == []
    if name != "minesweeper":  # a Minesweeper board's numpy cells compare by identity (MinesweeperInstance)
        assert again == puzzle and back == result



@pytest.mark.parametrize(("stated", "line", "solutions"), [
    ("open, no-self-touch", "# rules: open, no-self-touch", 20), ("no-self-touch", "# rules: fill, no-self-touch", 0),
    ("open", "# rules: open", None), ("fill", None, 0)])
def test_text_keeps_the_rules_the_board_states(stated: str, line: str | None, solutions: int | None) -> None:
    """A board read under its '# rules:' line is written back with the line generate writes (none for the default
    rules): read again, it solves under the same rules (a corner-to-corner path on 4x4: 20 ways open without
    self-touch, none under fill, over 100 open)."""
    puzzle = satpuzzles.load(f"# rules: {stated}\n4 4\n1 . . .\n. . . .\n. . . .\n. . . 1\n", puzzle="numberlink")
    text = puzzle.text()
    assert [row for row in text.splitlines() if row.startswith("#")] == ([line] if line else [])
    back = satpuzzles.load(text, puzzle="numberlink")
    for loaded in (puzzle, back):
        result = loaded.solve(count=100)
        assert (len(result.solutions) if result.exhausted else None) == solutions


@pytest.mark.parametrize("source", ["https://puzz.link/p?slither/5/5/cbcbcddad", "https://puzz.link/p?slither/3/2/2.h3",
                                    "https://puzz.link/p?slither/f/3/3/cgbg./"])
def test_a_slitherlink_text_reads_back_as_the_same_puzzle(source: str) -> None:
    """Puzzle.text() of a Slitherlink was the dot drawing of the report, which no reader reads (an error at 2:1);
    it is the grid, or for the 'visit every dot' variant, which a grid cannot say, the puzz.link file."""
    puzzle = satpuzzles.load(source)
    back = satpuzzles.load(puzzle.text(), puzzle="slitherlink")
    assert back.to_json() == puzzle.to_json() and back.text() == puzzle.text()
    assert puzzle.solve(count=10).solutions == back.solve(count=10).solutions


@pytest.mark.parametrize("text", ["3 2\n2 2\n? ?\n? ?\n", "2 2\n1 ?\n? ?\nmines 1\n", "1 3\n1 F ?\n"])
def test_a_minesweeper_text_reads_back_as_the_same_puzzle(text: str) -> None:
    """Puzzle.text() of a Minesweeper had no 'rows cols' header, so a first row '2 2' over two rows of two read
    back as the header (3 rows became 2), and no 'mines N' line, so the total was lost."""
    puzzle = satpuzzles.load(text, puzzle="minesweeper")
    back = satpuzzles.load(puzzle.text(), puzzle="minesweeper")
    assert back.to_json() == puzzle.to_json() and back.text() == puzzle.text()
