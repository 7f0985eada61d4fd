"""An option that would do nothing is refused in one line naming it and the option it needs (exit 2), never ignored.

``--probability-budget`` bounds the counting of ``--probabilities`` (and ``--hint``'s guess); ``generate minesweeper
--attempts`` the mine layouts ``--no-guess`` (and ``--unique --mines N``) draw. Both were dropped without a word
elsewhere. Both default to None, so a value typed out, even the default's, counts as given.
"""

from __future__ import annotations

import pytest

import satpuzzles
from satpuzzles.core.errors import UsageError
from tests.conftest import INSTANCES, run_cli

BOARD = INSTANCES / "minesweeper" / "seed" / "medium-sat.in"


def _refused(result: object, *named: str) -> None:
    assert (result.code, result.out) == (2, ""), result.err  # type: ignore[attr-defined]
    err = result.err  # type: ignore[attr-defined]
    assert err.startswith("satpuzzles: error: ") and err.count("\n") == 1
    assert all(name in err for name in named), err


@pytest.mark.parametrize("command", ["minesweeper", "solve"])
@pytest.mark.parametrize("extra", [[], ["--analyze"]])
@pytest.mark.parametrize("budget", ["100", "5000000"])  # the second is the default's value
def test_probability_budget_without_probabilities_is_refused(command: str, extra: list[str], budget: str) -> None:
    _refused(run_cli(command, BOARD, "--probability-budget", budget, *extra),
             f"--probability-budget {budget} ", "--probabilities", "add --probabilities, or leave it out")


@pytest.mark.parametrize("asked", ["--probabilities", "--hint"])
def test_probability_budget_still_bounds_probabilities_and_hints(asked: str) -> None:
    bounded = run_cli("minesweeper", BOARD, asked, "--probability-budget", "100")
    assert bounded.code == 0 and bounded.err == "" and "Solvable = True" in bounded.out
    plain = run_cli("minesweeper", BOARD, asked)
    assert plain.code == 0 and plain.out.splitlines()[:4] == bounded.out.splitlines()[:4]


def test_probability_budget_without_probabilities_is_refused_by_the_api_too() -> None:
    puzzle = satpuzzles.load(BOARD)
    with pytest.raises(UsageError, match=r"^probability_budget=100 bounds the counting of probabilities .*"
                                         r"add probabilities, or leave it out$"):
        puzzle.solve(probability_budget=100)
    assert puzzle.solve(probabilities=True, probability_budget=100).status == "solved"
    assert puzzle.solve().status == "solved"


def test_probability_budget_help_still_gives_its_default() -> None:
    shown = " ".join(run_cli("minesweeper", "--help").out.split())
    assert "--probability-budget NODES Counting steps per component for --probabilities" in shown
    assert "(default 5,000,000)" in shown


@pytest.mark.parametrize(("mode", "named"), [
    ([], ("--attempts 5 ", "--no-guess", "add --no-guess, or leave --attempts out")),
    (["--mines", "10"], ("--attempts 5 ", "--no-guess", "add --no-guess, or leave --attempts out")),
    (["--unique"], ("--attempts 5 ", "--unique with --mines N", "add --mines N, or leave --attempts out")),
])
def test_attempts_where_no_layouts_are_drawn_is_refused(mode: list[str], named: tuple[str, ...]) -> None:
    _refused(run_cli("generate", "minesweeper", "8", "8", "--seed", "1", *mode, "--attempts", "5"), *named)


def test_attempts_typed_with_its_default_value_is_refused_too() -> None:
    _refused(run_cli("generate", "minesweeper", "8", "8", "--seed", "1", "--attempts", "100"),
             "--attempts 100 ", "--no-guess")


def test_attempts_where_layouts_are_drawn_works_as_before() -> None:
    """With --no-guess (and --unique --mines N) --attempts is taken, and its default is still 100 layouts."""
    game = ["generate", "minesweeper", "8", "8", "--seed", "1", "--mines", "10", "--no-guess"]
    default, typed = run_cli(*game), run_cli(*game, "--attempts", "100")
    assert default.code == 0 and default.err == "" and default.out == typed.out
    starved = run_cli("generate", "minesweeper", "8", "8", "--mines", "40", "--no-guess", "--attempts", "1",
                      "--seed", "1")
    assert starved.code == 3 and "no no-guess board turned up in 1 attempt" in starved.err
    unique = run_cli("generate", "minesweeper", "8", "8", "--seed", "1", "--unique", "--mines", "10", "--attempts", "5")
    assert unique.code == 0 and unique.err == ""
    shown = " ".join(run_cli("generate", "minesweeper", "--help").out.split())
    assert "gives up (exit 3; default 100)" in shown


def test_attempts_where_no_layouts_are_drawn_is_refused_by_the_api_too() -> None:
    with pytest.raises(UsageError, match=r"^attempts=5 is for no_guess games .* add no_guess, or leave attempts out$"):
        satpuzzles.generate("minesweeper", 8, 8, seed=1, attempts=5)
    assert satpuzzles.generate("minesweeper", 8, 8, seed=1, mine_count=10, no_guess=True, attempts=100) == \
        satpuzzles.generate("minesweeper", 8, 8, seed=1, mine_count=10, no_guess=True)


NUMBERLINK = INSTANCES / "numberlink" / "seed" / "instance_1.txt"
SLITHERLINK = "https://puzz.link/p?slither/5/5/cbcbcddad"


@pytest.mark.parametrize(("command", "source", "given", "drop"), [
    ("numberlink", NUMBERLINK, ["--to-url", "-s", "cadical195"], "--to-url prints the puzzle only: drop -s"),
    ("numberlink", NUMBERLINK, ["--to-url", "--method", "cnf", "--timeout", "5"],
     "--to-url prints the puzzle only: drop --method and --timeout"),
    ("numberlink", NUMBERLINK, ["--to-url", "--encoding", "complete"], "--to-url prints the puzzle only: drop --encoding"),
    ("numberlink", NUMBERLINK, ["--to-url", "--numbers", "--unique"],
     "--to-url prints the puzzle only: drop --unique and --numbers"),
    ("solve", NUMBERLINK, ["--to-url", "--encoding", "strengthened", "--numbers"],
     "--to-url prints the puzzle only: drop --numbers and --encoding"),
    ("slitherlink", SLITHERLINK, ["--to-loopy", "--timeout", "5"], "--to-loopy prints the puzzle only: drop --timeout"),
    ("solve", SLITHERLINK, ["--to-url", "-s", "glucose4"], "--to-url prints the puzzle only: drop -s"),
])
def test_a_conversion_refuses_what_only_a_solve_uses(command: str, source: object, given: list[str], drop: str) -> None:
    """-s, --method, --timeout and the puzzle options its text does not depend on did nothing beside --to-NAME."""
    refused = run_cli(command, source, *given)
    assert (refused.code, refused.out) == (2, ""), refused.err
    assert refused.err == f"satpuzzles: error: {drop}\n"


def test_a_conversion_still_takes_the_options_its_text_depends_on() -> None:
    """--rules writes numlin, --no-self-touch warns that a URL cannot carry it, --index picks the puzzle."""
    numlin = run_cli("numberlink", NUMBERLINK, "--to-url", "--rules", "open", "--index", "1")
    assert (numlin.code, numlin.err) == (0, "") and numlin.out.startswith("https://puzz.link/p?numlin/7/7/")
    warned = run_cli("numberlink", NUMBERLINK, "--to-url", "--no-self-touch")
    assert warned.code == 0 and "cannot say no-self-touch" in warned.err


def test_a_conversion_refuses_what_only_a_solve_uses_in_the_api_too() -> None:
    puzzle = satpuzzles.load(NUMBERLINK)
    with pytest.raises(UsageError, match=r"^encoding='complete' does not change what the url writer writes: leave it "
                                         r"out$"):
        puzzle.write("url", encoding="complete")
    assert puzzle.write("url", rules="open").startswith("https://puzz.link/p?numlin/")


def test_puzzles_markdown_with_json_is_refused() -> None:
    """The markdown table was printed and --format json dropped without a word."""
    _refused(run_cli("puzzles", "--markdown", "--format", "json"), "--markdown", "--format json", "give one")
    table = run_cli("puzzles", "--markdown", "--format", "text")
    assert table.code == 0 and table.out.startswith("| puzzle | rules |")
    assert run_cli("puzzles", "--format", "json").out.startswith('{"name": ')


@pytest.mark.parametrize("command", ["numberlink", "solve"])
def test_numbers_with_analyze_is_refused(command: str) -> None:
    """--analyze's board replaced the solution's, and --numbers printed nothing."""
    _refused(run_cli(command, NUMBERLINK, "--analyze", "--numbers"), "--numbers", "--analyze", "drop --numbers")
    with pytest.raises(UsageError, match=r"^numbers prints .* analyze .*drop numbers"):
        satpuzzles.load(NUMBERLINK).solve(analyze=True, numbers=True)


def test_numbers_still_prints_the_board_of_labels() -> None:
    shown = run_cli("numberlink", NUMBERLINK, "--numbers", "--count", "2", "--color", "never")
    assert shown.code == 0 and "2 2 2 4 4 4 4" in shown.out
    assert run_cli("numberlink", NUMBERLINK, "--analyze").code == 0


@pytest.mark.parametrize("option", [["--rules", "open"], ["--self-touch"], ["--encoding", "complete"]])
@pytest.mark.parametrize("puzzle", [[], ["--puzzle", "minesweeper"]])
def test_batch_refuses_a_puzzle_option_no_puzzle_of_it_has(tmp_path, option: list[str], puzzle: list[str]) -> None:
    """A Numberlink option on a batch of Minesweeper boards was accepted and did nothing."""
    folder = tmp_path / "minesweeper"
    folder.mkdir()
    (folder / "a.in").write_text(BOARD.read_text())
    _refused(run_cli("batch", folder, "-j", "1", *puzzle, *option),
             f"{option[0]} is for numberlink; this batch holds minesweeper puzzles only: leave it out")


def test_batch_takes_a_puzzle_option_where_some_puzzle_has_it(tmp_path) -> None:
    for name, board in (("minesweeper", BOARD), ("numberlink", NUMBERLINK)):
        (tmp_path / name).mkdir()
        (tmp_path / name / "board.txt").write_text(board.read_text())
    mixed = run_cli("batch", tmp_path, "-j", "1", "--rules", "open", "--format", "json")
    assert mixed.code == 0 and mixed.err == "" and len(mixed.out.splitlines()) == 2


@pytest.mark.parametrize("level", ["expert", "beginner"])  # the second is the default's value
def test_play_level_beside_rows_cols_and_mines_is_refused(level: str) -> None:
    """--rows, --cols and --mines left the level nothing to give: it was accepted and did nothing."""
    _refused(run_cli("play", "minesweeper", "--level", level, "--rows", "9", "--cols", "9", "--mines", "10"),
             f"--level {level} ", "--rows, --cols and --mines", "leave --level out")


def test_play_level_beside_some_of_them_still_gives_the_rest() -> None:
    """--level expert --rows 9 --cols 9 plays with the expert level's 99 mines: asked of a game, not refused; and the
    help still says the default."""
    from satpuzzles.puzzles.minesweeper import game

    assert game.board_size({"level": "expert", "rows": 9}) == (9, 30)
    game.check_options({"level": "expert", "rows": 9, "cols": 9, "mine_count": None})
    assert run_cli("play", "minesweeper", "--level", "expert", "--rows", "9").err.endswith("needs a terminal for its "
                                                                                             "input and output\n")
    assert "(default beginner)" in " ".join(run_cli("play", "minesweeper", "--help").out.split())


@pytest.mark.parametrize(("command", "source"), [("minesweeper", BOARD), ("slitherlink", SLITHERLINK),
                                                 ("solve", SLITHERLINK)])
def test_explain_on_a_solvable_puzzle_says_there_is_no_conflict(command: str, source: object) -> None:
    """--explain on a solvable puzzle added nothing to the report, as if it had not been given (--proof says 'none
    needed'); the JSON envelope is unchanged (its status says it)."""
    explained = run_cli(command, source, "--explain")
    assert explained.code == 0 and "Conflict = none: the clues all hold in the solution shown\n" in explained.out
    assert "Conflict" not in run_cli(command, source).out
    as_json = run_cli(command, source, "--explain", "--format", "json")
    assert as_json.code == 0 and '"status": "solved"' in as_json.out and '"explanation"' not in as_json.out


def test_an_option_typed_with_its_default_value_is_given_too(tmp_path) -> None:
    """Option.given took a value equal to the default for absent: --encoding auto beside --to-url, or on a batch of
    Minesweeper boards, was dropped without a word where --encoding complete is refused."""
    refused = run_cli("numberlink", NUMBERLINK, "--to-url", "--encoding", "auto")
    assert (refused.code, refused.err) == (2, "satpuzzles: error: --to-url prints the puzzle only: drop --encoding\n")
    folder = tmp_path / "minesweeper"
    folder.mkdir()
    (folder / "a.in").write_text(BOARD.read_text())
    _refused(run_cli("batch", folder, "-j", "1", "--encoding", "auto"), "--encoding is for numberlink")
    with pytest.raises(UsageError, match=r"^encoding='auto' does not change what the url writer writes"):
        satpuzzles.load(NUMBERLINK).write("url", encoding="auto")


def test_an_option_left_at_its_default_still_solves_and_reports_as_before(tmp_path) -> None:
    """Not typed, --encoding is auto: the help says so, the solve uses it, and a batch report stores it."""
    assert "[default: auto]" in run_cli("numberlink", "--help").out
    assert "[default: auto]" in run_cli("batch", "--help").out
    typed, left = run_cli("numberlink", NUMBERLINK, "--encoding", "auto"), run_cli("numberlink", NUMBERLINK)
    assert typed.code == left.code == 0 and typed.out.splitlines()[:4] == left.out.splitlines()[:4]
    assert run_cli("numberlink", NUMBERLINK, "--to-url").code == 0
    folder = tmp_path / "numberlink"
    folder.mkdir()
    (folder / "a.txt").write_text(NUMBERLINK.read_text())
    row = run_cli("batch", folder, "-j", "1", "--format", "json")
    stored = '"extras": {"numberlink": {"encoding": "auto", "no_self_touch": null, "rules": null}}'
    assert row.code == 0 and stored in row.out
