"""The Python API refuses bad arguments with UsageError, as the CLI does, instead of a wrong answer or a crash."""

from __future__ import annotations

import math

import pytest

import satpuzzles
from satpuzzles.core.errors import InputError, UsageError
from satpuzzles.core.outcome import Settings
from satpuzzles.io.textgrid import SizeLimit
from tests.conftest import INSTANCES, run_cli

NL_SEED = INSTANCES / "numberlink" / "seed"
ARUKONE = "https://puzz.link/p?arukone/5/5/j1g2j3i12g3l"


@pytest.mark.parametrize("arguments", [
    {"rules": "bogus"}, {"encoding": "bogus"}, {"no_self_touch": "yes"},
    {"count": 0}, {"count": -1}, {"count": 1.5}, {"count": "3"},
    {"timeout": 0}, {"timeout": -1}, {"timeout": math.nan}, {"timeout": math.inf},
    {"unique": "yes"}, {"analyze": 1}, {"explain": None},
])
def test_solve_refuses_bad_arguments(arguments: dict) -> None:
    puzzle = satpuzzles.load(ARUKONE)
    with pytest.raises(UsageError):
        puzzle.solve(**arguments)


def test_solve_takes_good_arguments() -> None:
    puzzle = satpuzzles.load(ARUKONE)
    assert puzzle.solve(rules="open", count=2, timeout=60, no_self_touch=True).status == "solved"


@pytest.mark.parametrize(("puzzle", "rows", "cols", "options"), [
    ("slitherlink", -1, 5, {}), ("numberlink", 0, 5, {}), ("minesweeper", 3.5, 3, {}),
    ("minesweeper", 10**9, 10**9, {}),
    ("minesweeper", 3, 3, {"mine_density": math.nan}), ("minesweeper", 3, 3, {"mine_density": 2.0}),
    ("minesweeper", 3, 3, {"mine_density": "x"}), ("numberlink", 4, 4, {"rules": "bogus"}),
    ("numberlink", 4, 4, {"seed": "x"}), ("numberlink", 4, 4, {"seed": 1.5}),
])
def test_generate_refuses_bad_arguments(puzzle: str, rows: object, cols: object, options: dict) -> None:
    with pytest.raises(UsageError):
        satpuzzles.generate(puzzle, rows, cols, **{"seed": 1, **options})


@pytest.mark.parametrize(("puzzle", "rows", "cols", "accepts", "bounds"), [
    ("slitherlink", 1001, 3, "Slitherlink", "at most 1,000 cells on a side and 250,000 in all"),
    ("slitherlink", 600, 600, "Slitherlink", "at most 1,000 cells on a side and 250,000 in all"),
    ("numberlink", 10, 2001, "Numberlink", "at most 2,000 cells on a side and 2,000,000 in all"),
    ("minesweeper", 1, 25_000_001, "Minesweeper", "at most 25,000,000 cells in all"),
])
def test_generate_refuses_a_size_over_the_puzzles_limit(puzzle: str, rows: int, cols: int, accepts: str,
                                                        bounds: str) -> None:
    with pytest.raises(UsageError) as refused:
        satpuzzles.generate(puzzle, rows, cols, seed=1)
    assert registry_limit(puzzle).bounds() == bounds
    assert str(refused.value) == (
        f"rows={rows}, cols={cols}: a board of {rows:,} row{'s' * (rows != 1)} x {cols:,} columns is larger than "
        f"{accepts} accepts "
        f"({bounds}; see docs/reliability.md)")


def test_a_limit_with_no_side_of_its_own_is_said_without_one() -> None:
    # Minesweeper's only bound is its cell count: "at most 25,000,000 cells on a side and 25,000,000 in all" said
    # a side limit there is none of.
    refused = run_cli("generate", "minesweeper", "5001", "5001")
    assert refused.code == 2 and "(at most 25,000,000 cells in all; see docs/reliability.md)" in refused.err
    assert "on a side" not in refused.err
    assert registry_limit("slitherlink").bounds() == "at most 1,000 cells on a side and 250,000 in all"


def registry_limit(puzzle: str) -> SizeLimit:
    """The size limit ``puzzle``'s generator declares."""
    from satpuzzles.core import registry

    generator = registry.get(puzzle).generator
    assert generator is not None and generator.limit is not None
    return generator.limit


def test_generate_takes_good_arguments() -> None:
    text = satpuzzles.generate("minesweeper", 3, 3, seed=1, mine_density=0.5)
    assert satpuzzles.load(text, puzzle="minesweeper").facts["width"] == 3


@pytest.mark.parametrize("source", ["/no/such/folder/board.txt", "no_such_board.txt"])
def test_load_names_a_missing_file(tmp_path, source: str) -> None:
    with pytest.raises(UsageError, match="no such file"):
        satpuzzles.load(source)
    with pytest.raises(UsageError, match="no such file"):
        satpuzzles.load(str(tmp_path / source.lstrip("/")))


def test_load_names_a_missing_file_however_it_is_named(tmp_path) -> None:
    """A Path, a word without a suffix, and a folder: each a UsageError saying what the CLI says."""
    from pathlib import Path

    with pytest.raises(UsageError, match="no such file"):
        satpuzzles.load(Path("no_such_board.txt"))
    with pytest.raises(UsageError, match="nofile: no such file, and not a puzzle's text either"):
        satpuzzles.load("nofile")
    for folder in (tmp_path, str(tmp_path)):
        with pytest.raises(UsageError, match="a folder, not a puzzle file"):
            satpuzzles.load(folder)


def test_an_input_format_needs_the_puzzle_it_belongs_to() -> None:
    with pytest.raises(UsageError, match="needs puzzle="):
        satpuzzles.load(ARUKONE, input_format="grid")
    assert satpuzzles.load(ARUKONE, puzzle="numberlink", input_format="url").name == "numberlink"


def test_verify_refuses_what_is_no_solution() -> None:
    puzzle = satpuzzles.load(ARUKONE)
    assert puzzle.verify(puzzle.solve().solution) == []
    with pytest.raises(TypeError, match="not a well-formed numberlink solution: a NoneType"):
        puzzle.verify(None)


def test_load_still_reads_one_line_texts_and_locates_their_errors() -> None:
    assert satpuzzles.load("4x3t0dh:c4f3a").name == "slitherlink"  # a Loopy game id is not a path
    with pytest.raises(InputError, match="label '1' appears once") as caught:  # not "1,.\n: no such file"
        satpuzzles.load("1,.\n", puzzle="numberlink")
    assert (caught.value.line, caught.value.column) == (1, 1)
    with pytest.raises(InputError, match="URL body"):
        satpuzzles.load(ARUKONE[:-1] + "!!!")  # before the last cell (what follows it is not read, as in pzprjs)


def test_load_refuses_a_source_of_another_type() -> None:
    with pytest.raises(TypeError, match="not int"):
        satpuzzles.load(5)  # type: ignore[arg-type]


def test_cnf_refuses_a_stage_the_puzzle_has_not() -> None:
    puzzle = satpuzzles.load(ARUKONE)
    count = len(puzzle.spec.rules.stages(puzzle.instance, Settings()))
    assert puzzle.cnf(stage=count - 1).clauses
    with pytest.raises(UsageError, match=f"{count} encoding stage"):
        puzzle.cnf(stage=count)
    with pytest.raises(UsageError, match=r"^stage=True: "):  # not stage 1, as count=True is no count of 1
        puzzle.cnf(stage=True)


def test_text_options_are_converted_as_on_the_command_line() -> None:
    typed = satpuzzles.generate("minesweeper", 5, 5, seed=1, no_guess=True, first_click="2,2")  # 1-based, as typed
    assert typed == satpuzzles.generate("minesweeper", 5, 5, seed=1, no_guess=True, first_click=(1, 1))
    assert "first click at row 2, column 2" in typed
    with pytest.raises(UsageError, match="first_click='x': give ROW,COL"):
        satpuzzles.generate("minesweeper", 5, 5, seed=1, no_guess=True, first_click="x")


@pytest.mark.parametrize(("options", "words"), [({"rules": "bogus"}, "choose one of fill, open"),
                                                ({"encoding": "nope"}, "choose one of auto"),
                                                ({"colour": True}, "has no option 'colour'")])
def test_cnf_checks_the_puzzles_options_as_solve_does(options: dict, words: str) -> None:
    puzzle = satpuzzles.load(NL_SEED / "instance_9.txt")
    with pytest.raises(UsageError, match=words):
        puzzle.cnf(**options)
    with pytest.raises(UsageError, match=words):
        puzzle.solve(**options)


def test_a_one_line_text_longer_than_a_file_name_is_read_as_text() -> None:
    """Python's Path.is_file raises on names over 255 bytes: such a line is a puzzle's text, not an error."""
    envelope = run_cli("numberlink", NL_SEED / "instance_1.txt", "--format", "json").out
    assert len(envelope.strip()) > 255 and "\n" not in envelope.strip()
    assert satpuzzles.load(envelope).name == "numberlink"


@pytest.mark.parametrize(("source", "puzzle"), [("missing/board.txt", "numberlink"), ("missing.txt", "numberlink"),
                                                ("no/such/board.in", "minesweeper"), ("gone.txt", "slitherlink")])
def test_load_names_a_missing_file_when_the_puzzle_is_named_too(source: str, puzzle: str) -> None:
    """It said "<text>:1:1: label 'm' appears once": the path was read as a one-row board."""
    with pytest.raises(UsageError, match=f"{source}: no such file"):
        satpuzzles.load(source, puzzle=puzzle)


@pytest.mark.parametrize(("source", "puzzle"), [("1.1", "numberlink"), ("A.A", "numberlink"), (ARUKONE, "numberlink"),
                                                ("4x3t0dh:c4f3a", "slitherlink")])
def test_a_one_line_puzzle_that_looks_like_a_file_name_still_reads(source: str, puzzle: str) -> None:
    assert satpuzzles.load(source, puzzle=puzzle).name == puzzle


def test_a_one_row_board_that_breaks_a_rule_is_located_not_called_a_missing_file() -> None:
    with pytest.raises(InputError, match="label '1' appears once") as caught:
        satpuzzles.load("1.2", puzzle="numberlink")
    assert (caught.value.line, caught.value.column) == (1, 1)


@pytest.mark.parametrize("source", ["", "  ", "\n"])
def test_an_empty_source_is_named_as_such(source: str) -> None:
    """It said ": a folder, not a puzzle file" (the empty path is the current folder)."""
    for puzzle in (None, "numberlink"):
        with pytest.raises(UsageError, match="^empty source"):
            satpuzzles.load(source, puzzle=puzzle)


def test_write_names_the_writers_a_puzzle_has() -> None:
    board = satpuzzles.load("3 3\n1 ? ?\n? ? ?\n? ? 1\n", puzzle="minesweeper")
    with pytest.raises(UsageError, match="minesweeper has no 'loopy' writer; it has url, pzprv3$"):
        board.write("loopy")
    assert board.write("url") == "https://puzz.link/p?mines/3/3/1m1"
    with pytest.raises(UsageError, match="numberlink has no 'svg' writer; it has url"):
        satpuzzles.load(ARUKONE).write("svg")


def test_an_input_format_takes_the_puzzle_a_stated_line_names(tmp_path) -> None:
    """'# puzzle: NAME' names the type for input_format= as it does for detection (before the path)."""
    text = "# puzzle: numberlink\n1,.,1\n2,.,2\n"  # a comma board, which reads as no other puzzle's
    board = tmp_path / "slitherlink-board.txt"  # a path naming another puzzle: the line wins, as in detection
    board.write_text(text)
    for source in (text, board):
        puzzles = satpuzzles.read(source, input_format="comma")
        assert [p.name for p in puzzles] == ["numberlink"] and puzzles[0].facts["number of paths"] == 2
        assert satpuzzles.load(source, input_format="comma").solve().status == "solved"
    with pytest.raises(UsageError, match="needs puzzle="):  # a name no puzzle has is a comment like any other
        satpuzzles.load("# puzzle: Sunday special\n1,.,2\n.,.,.\n1,.,2\n", input_format="comma")


MINES_BOARD = "3 3\n1 ? ?\n? ? ?\n? ? 1\n"
MASYU = "https://puzz.link/p?mashu/5/5/012009030"
MINES_TOTAL = MINES_BOARD + "mines 2\n"


@pytest.mark.parametrize(("source", "arguments", "message"), [
    (ARUKONE, {"rules": "bogus"}, "rules='bogus': choose one of fill, open"),
    (ARUKONE, {"no_self_touch": "yes"}, "no_self_touch: expected True or False, found 'yes'"),
    (ARUKONE, {"timeout": 0}, "timeout=0: give a number of seconds"),
    (ARUKONE, {"unique": True, "analyze": True}, "analyze covers every solution at once: drop unique"),
    (ARUKONE, {"count": 3, "unique": True, "analyze": True}, "analyze covers every solution at once: drop count and unique"),
    (MASYU, {"explain": True}, "explain: this puzzle cannot name conflicting clues"),
    (ARUKONE, {"method": "bogus"}, "method='bogus': choose one of auto, unique, cnf"),
    (ARUKONE, {"method": "unique"}, "method='unique': it decides whether there is a second solution (unique, count N"),
    (ARUKONE, {"encoding": "strengthened", "unique": True}, "count and unique count by the full rules: use encoding='auto'"),
    (MINES_BOARD, {"probabilities": True, "unique": True}, "analyze, probabilities and hint cover every layout: drop count"),
    (MINES_BOARD, {"probability_budget": 0}, "probability_budget=0: expected a whole number"),
])
def test_api_refusals_name_keyword_arguments_not_flags(source: str, arguments: dict, message: str) -> None:
    """One message serves both: the API names its keyword arguments, the command line its flags (unchanged)."""
    puzzle = satpuzzles.load(source, puzzle=None if source in (ARUKONE, MASYU) else "minesweeper")
    with pytest.raises(UsageError) as caught:
        puzzle.solve(**arguments)
    assert str(caught.value).startswith(message) and "--" not in str(caught.value)


def test_the_command_line_still_names_its_flags() -> None:
    cases = [(["numberlink", ARUKONE, "--encoding", "strengthened", "--unique"],
              f"{ARUKONE}: --count and --unique count by the full rules: use --encoding auto or complete"),
             (["numberlink", ARUKONE, "--analyze", "--unique"],
              "--analyze covers every solution at once: drop --unique"),
             (["numberlink", ARUKONE, "--analyze", "--count", "2", "--proof", "p.drat"],
              "--analyze covers every solution at once: drop --count and --proof"),
             (["numberlink", ARUKONE, "--method", "unique"],
              "--method unique: it decides whether there is a second solution (--unique, --count N over 1)"),
             (["minesweeper", "-", "--method", "engine", "--count", "2", "-o", "board.cnf"],
              "--method engine: --count and --unique enumerate placements with the cnf method when the formula is"
              " kept")]
    for args, message in cases:
        result = run_cli(*args, stdin=MINES_TOTAL if "engine" in args else MINES_BOARD)
        assert result.code == 2 and result.err == f"satpuzzles: error: {message}\n"


def test_generator_options_are_named_as_keywords() -> None:
    with pytest.raises(UsageError, match=r"^mine_count=-1: expected a whole number"):
        satpuzzles.generate("minesweeper", 5, 5, seed=1, mine_count=-1)


@pytest.mark.parametrize("solver", [3, ["glucose4"], b"glucose4"])
def test_a_solver_that_is_no_name_is_refused_by_its_keyword(solver: object) -> None:
    """Not an AttributeError from deep in the solver-name parser."""
    with pytest.raises(UsageError, match=r"^solver=.*: expected a solver's name"):
        satpuzzles.load(ARUKONE).solve(solver=solver)


@pytest.mark.parametrize("input_format", ["bogus", None, 3])
def test_an_unknown_input_format_is_named_by_its_keyword(input_format: object) -> None:
    with pytest.raises(UsageError) as caught:
        satpuzzles.load(ARUKONE, puzzle="numberlink", input_format=input_format)  # type: ignore[arg-type]
    message = str(caught.value)
    assert message.startswith(f"input_format={input_format!r}: numberlink reads auto, url") and "--" not in message
    assert run_cli("numberlink", ARUKONE, "--input-format", "bogus").code == 2  # click's own refusal, unchanged
