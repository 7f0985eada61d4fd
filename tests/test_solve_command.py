"""``satpuzzles solve``: any puzzle from files, standard input, URLs and game ids, detected, never guessed."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from satpuzzles.io.sources import written_out
from tests.conftest import INSTANCES, mask_timings, run_cli

NL = INSTANCES / "numberlink" / "seed"
MINES = INSTANCES / "minesweeper" / "seed"
SLITHER_URL = "https://puzz.link/p?slither/5/5/cbcbcddad"
LOOPY_ID = "5x5t0:a2a1c1c22c3b3b2b"


@pytest.mark.parametrize("source", [SLITHER_URL, LOOPY_ID, f"#{LOOPY_ID}",
                                    f"https://www.chiark.greenend.org.uk/~sgtatham/puzzles/js/loopy.html#{LOOPY_ID}",
                                    "https://www.chiark.greenend.org.uk/~sgtatham/puzzles/js/loopy.html#"
                                    + LOOPY_ID.replace(":", "%3A")])
def test_urls_and_game_ids_are_solved_where_they_stand(source: str) -> None:
    result = run_cli("solve", source)
    assert result.code == 0 and result.out.startswith("Slitherlink") and "Solvable = True" in result.out


@pytest.mark.parametrize("before", ["", "#", "https://www.chiark.greenend.org.uk/~sgtatham/puzzles/js/loopy.html#"])
@pytest.mark.parametrize("command", ["solve", "slitherlink"])
def test_an_error_in_a_typed_game_id_points_into_what_was_typed(command: str, before: str) -> None:
    typed = before + "5x5t0:a2b3x"  # the 'x' (24 empty cells) runs past the 25 cells
    result = run_cli(command, typed)
    assert result.code == 2 and result.err.strip().endswith(
        f"{typed}:1:{len(typed)}: Loopy description is longer than the 5x5 = 25 cells")


TATHAM_JS = "https://www.chiark.greenend.org.uk/~sgtatham/puzzles/js/"


@pytest.mark.parametrize("command", ["solve", "minesweeper"])
def test_a_page_url_of_a_tatham_game_no_puzzle_reads_says_so(command: str) -> None:
    """A Mines page's URL, game id and all, was refused as every reader's malformed id (a Loopy description with a
    ',' in it), and 'minesweeper' pointed to 'satpuzzles solve', which refused it too: the page names its game."""
    typed = TATHAM_JS + "mines.html#9x9:4,4,m3d4a8b2e"
    result = run_cli(command, typed)
    assert result.code == 2 and result.err.count("\n") == 1 and "Loopy description" not in result.err
    assert result.err.startswith(f"satpuzzles: error: {typed}:1:1: a game id of Simon Tatham's Mines (mines.html), a "
                                 "game this tool does not read: it reads game ids of Loopy (slitherlink)"), result.err


@pytest.mark.parametrize("typed", ["9x9n10:4,4,m3d4a8b2e", "30x16n99a:r99,u,1234abcd", "#9x9:4,4,u0f"])
@pytest.mark.parametrize("command", ["solve", "minesweeper"])
def test_a_bare_mines_game_id_says_which_game_it_is(command: str, typed: str) -> None:
    """Without its page, a Mines id (its commas tell it apart) got every reader's refusal, 'unknown cell' and 'bad
    Loopy parameters' among them."""
    result = run_cli(command, typed)
    assert result.code == 2 and result.err.count("\n") == 1 and "Loopy parameters" not in result.err
    assert f"{typed}:1:1: a game id of Simon Tatham's Mines (mines.html), a game this tool does not read" in result.err


def test_a_page_url_of_a_tatham_game_gets_only_the_refusal_of_the_puzzle_that_reads_its_ids() -> None:
    """A Pearl page's bad id was refused by Slitherlink's Loopy reader too ('not a puzzle this tool reads (slitherlink:
    ... Loopy description too short ...; masyu: ...)'), though the page says which game it is."""
    typed = TATHAM_JS + "pearl.html#6x6:abc"
    result = run_cli("solve", typed)
    assert result.code == 2 and result.err.count("\n") == 1 and "Loopy" not in result.err
    assert f"{typed}:1:{len(typed) + 1}: Pearl description is too short" in result.err, result.err  # at its end


def test_a_page_url_of_a_tatham_game_is_read_as_that_game_alone() -> None:
    """A Pearl page's id that Loopy's reader reads too was solved as Slitherlink ('3x3t0:i', a Loopy id on a Pearl
    page) or asked for the puzzle's name ('3x3:i'), though the page says which game it is; a puzzle command of the
    other game read it as its own."""
    read = run_cli("solve", TATHAM_JS + "pearl.html#3x3:i", "--format", "json")
    assert read.code == 0 and json.loads(read.out)["puzzle"] == "masyu", read.err
    typed = TATHAM_JS + "pearl.html#3x3t0:i"
    refused = run_cli("solve", typed)
    assert refused.code == 2 and refused.err.count("\n") == 1 and f"{typed}:1:" in refused.err
    assert "Pearl game id" in refused.err and "Loopy" not in refused.err and not refused.out
    other = run_cli("slitherlink", typed)
    assert other.code == 2 and "Simon Tatham's Pearl (pearl.html), which masyu reads, not slitherlink" in other.err
    assert run_cli("slitherlink", TATHAM_JS + "loopy.html#3x3:i").code == 0


@pytest.mark.parametrize("command", ["solve", "slitherlink"])
def test_a_percent_escaped_page_url_is_decoded_and_its_error_columns_point_into_what_was_typed(command: str) -> None:
    page = "https://www.chiark.greenend.org.uk/~sgtatham/puzzles/js/loopy.html#"
    assert written_out(page + "2x2t0%3a3c") == "2x2t0:3c"
    typed = page + "5x5t0%3Aa2b3x"
    result = run_cli(command, typed)
    assert result.code == 2 and result.err.strip().endswith(
        f"{typed}:1:{len(typed)}: Loopy description is longer than the 5x5 = 25 cells")
    before = page + "5x5y0%3Aa2"
    assert f"{before}:1:{len(page) + 1}: bad Loopy parameters" in run_cli(command, before).err


def test_the_json_of_several_puzzles_kept_in_one_file_is_refused_at_the_first_of_another_kind(tmp_path) -> None:
    """'solve A B --format json > out.json' printed a JSON line per puzzle; 'solve out.json' then listed every reader's
    refusal ('this JSON describes a ... puzzle, not ...' four times) instead of saying where the kinds change."""
    kept = tmp_path / "out.json"
    kept.write_text(run_cli("solve", NL / "instance_1.txt", SLITHER_URL, "--format", "json").out)
    result = run_cli("solve", kept)
    assert result.code == 2 and result.err.count("\n") == 1, result.err
    assert f"{kept}:2:1: a JSON object of a slitherlink puzzle after numberlink puzzles above it" in result.err


def test_files_and_stdin_of_different_puzzles_in_one_run() -> None:
    stdin = (NL / "instance_4.txt").read_text()  # unsolvable
    result = run_cli("solve", NL / "instance_1.txt", "-", SLITHER_URL, stdin=stdin)
    assert result.code == 1  # one proved unsolvable, none unknown
    assert [line for line in result.out.splitlines() if line.startswith("== ")] == [
        f"== {NL / 'instance_1.txt'} ==", "== <stdin> ==", f"== {SLITHER_URL} =="]
    assert result.out.count("Solvable = True") == 2 and result.out.count("Solvable = False") == 1


def test_json_lines_name_each_puzzle() -> None:
    result = run_cli("solve", NL / "instance_1.txt", SLITHER_URL, "--format", "json", "--unique")
    records = [json.loads(line) for line in result.out.splitlines()]
    assert [r["puzzle"] for r in records] == ["numberlink", "slitherlink"] and records[1]["unique"] is True


def test_an_ambiguous_text_asks_for_the_puzzle_unless_its_path_names_it(tmp_path) -> None:
    text = (INSTANCES / "minesweeper" / "seed" / "small-sat.in").read_text()  # also a Slitherlink grid
    board = tmp_path / "small.in"
    board.write_text(text)
    ambiguous = run_cli("solve", board)
    assert ambiguous.code == 2 and "--puzzle" in ambiguous.err and ambiguous.err.count("\n") == 1
    named = run_cli("solve", board, "--puzzle", "minesweeper")
    assert named.code == 0 and named.out.startswith("Minesweeper")
    for path in (tmp_path / "minesweeper" / "small.in", tmp_path / "small_minesweeper.in"):
        path.parent.mkdir(exist_ok=True)
        path.write_text(text)
        by_path = run_cli("solve", path)  # as batch reads it
        assert by_path.code == 0 and by_path.out.startswith("Minesweeper")
    assert run_cli("solve", "-", stdin=text).code == 2  # standard input names nothing


def test_options_must_fit_the_detected_puzzle() -> None:
    wrong = run_cli("solve", NL / "instance_1.txt", "--probabilities")  # --analyze is common now: every puzzle
    assert wrong.code == 2 and "--probabilities is for minesweeper" in wrong.err
    assert run_cli("solve", NL / "instance_1.txt", "--numbers").out.count("\n") > 20
    assert run_cli("solve", NL / "instance_1.txt", "--to-url").out.startswith("https://puzz.link/p?arukone/")
    # an option typed with its default value is given too: it was taken for absent and ignored without a word
    for args, flag in ((["--probability-budget", "5000000"], "--probability-budget"),
                       (["--encoding", "auto"], "--encoding"), (["--self-touch"], "--self-touch")):
        source = NL / "instance_1.txt" if flag == "--probability-budget" else MINES / "small-sat.in"
        typed = run_cli("solve", source, *args)
        assert typed.code == 2 and typed.out == "" and f"{flag} is for " in typed.err, typed.err


def test_every_source_is_checked_before_any_is_solved() -> None:
    # --rules fits the Numberlink file but not the Slitherlink URL after it: the refusal comes alone, not
    # after the Numberlink answer (a real process: its standard output as a user's terminal or pipe gets it)
    def solve(*args: object) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "satpuzzles", "solve", *map(str, args)],
                              capture_output=True, text=True, timeout=60)

    refused = solve(NL / "instance_1.txt", SLITHER_URL, "--rules", "open")
    assert refused.returncode == 2 and refused.stdout == ""
    assert refused.stderr.strip() == f"satpuzzles: error: --rules is for numberlink; {SLITHER_URL} is slitherlink"
    unreadable = solve(NL / "instance_1.txt", "no-such-file.txt")
    assert unreadable.returncode == 2 and unreadable.stdout == "" and "no such file" in unreadable.stderr


def test_missing_sources_and_outputs_for_several_sources_are_usage_errors(tmp_path) -> None:
    missing = run_cli("solve", "no-such-file.txt")
    assert missing.code == 2 and "no such file" in missing.err
    several = run_cli("solve", NL / "instance_1.txt", SLITHER_URL, "-o", tmp_path / "f.cnf")
    assert several.code == 2 and "one SOURCE" in several.err


def test_puzzle_commands_take_the_file_as_an_argument() -> None:
    as_argument = run_cli("numberlink", NL / "instance_1.txt").out
    assert mask_timings(as_argument) == mask_timings(run_cli("numberlink", "-i", NL / "instance_1.txt").out)
    both = run_cli("numberlink", NL / "instance_1.txt", "-i", NL / "instance_1.txt")
    assert both.code == 2 and "once" in both.err
    assert run_cli("numberlink").code == 2


def test_written_out_sources() -> None:
    assert written_out(f"  #{LOOPY_ID} ") == LOOPY_ID
    assert written_out(SLITHER_URL) == SLITHER_URL
    assert written_out("pzv.jp/p.html?slither/3/3/g0h") == "pzv.jp/p.html?slither/3/3/g0h"
    assert written_out("puzzle.txt") is None


DOTS_501 = "\n".join("." * 500 for _ in range(501)) + "\n"
"""A clue-less Slitherlink (or empty Masyu) one row over their 250,000 cells (no Numberlink: it has no labels)."""
ONES_501 = "1" + DOTS_501[1:499] + "1" + DOTS_501[500:]
"""A Slitherlink with two clues 1 one row over its 250,000 cells, and a valid Numberlink of one path."""
SIZE_LIMIT = "at most 1,000 cells on a side and 250,000 in all"


def test_a_puzzle_refusing_a_text_only_for_its_size_still_makes_it_ambiguous(tmp_path) -> None:
    board = tmp_path / "ones.txt"
    board.write_text(ONES_501)
    result = run_cli("solve", board)
    assert result.code == 2 and result.out == "" and result.err.count("\n") == 1
    assert result.err == (f"satpuzzles: error: {board}: reads as numberlink, and as slitherlink but for "
                          f"its size limit (a board of 501 rows x 500 columns; {SIZE_LIMIT}; see docs/reliability.md): "
                          "name the puzzle (--puzzle, puzzle= in the Python API, in the file or folder name, or in a line "
                          "'# puzzle: NAME' above the board)\n")
    dots = tmp_path / "dots.txt"  # no Numberlink: only the two the size refuses would read it
    dots.write_text(DOTS_501)
    assert run_cli("solve", dots).err == (
        f"satpuzzles: error: {dots}:1:1: larger than every puzzle that would read it accepts: slitherlink and masyu (a "
        f"board of 501 rows x 500 columns; {SIZE_LIMIT}; see docs/reliability.md)\n")


def test_a_named_puzzle_reads_a_board_over_another_puzzles_size_limit(tmp_path) -> None:
    board = tmp_path / "ones.txt"
    board.write_text(ONES_501)
    url = "https://puzz.link/p?arukone/500/501/1"  # read as Numberlink: its URL, without solving
    assert run_cli("solve", board, "--puzzle", "numberlink", "--to-url").out.startswith(url)
    named = tmp_path / "numberlink" / "ones.txt"
    named.parent.mkdir()
    named.write_text(ONES_501)
    assert run_cli("solve", named, "--to-url").out.startswith(url)
    too_large = run_cli("solve", board, "--puzzle", "slitherlink")
    assert too_large.code == 2 and too_large.err.count("\n") == 1
    assert too_large.err.startswith(f"satpuzzles: error: {board}:1:1: a board of 501 rows x 500 columns is larger than "
                                    f"Slitherlink accepts ({SIZE_LIMIT}; see docs/reliability.md)")


@pytest.mark.parametrize("text", [
    "F" * 1001 + "\n",  # over Slitherlink's side, and F is no cell of it
    "501 500\n" + ("? " * 499 + "?\n") * 500 + " ".join("*" * 500) + "\n",  # over its cells; mines on the last row
])
def test_a_minesweeper_board_over_slitherlinks_limit_is_still_minesweeper(text: str) -> None:
    result = run_cli("solve", "-", stdin=text)
    assert result.code == 0 and result.out.startswith("Minesweeper") and result.err == ""


def test_a_board_too_large_for_every_puzzle_that_would_read_it() -> None:
    result = run_cli("solve", "-", stdin="." * 2001 + "\n")
    assert result.code == 2 and result.out == "" and result.err == (
        "satpuzzles: error: <stdin>:1:1: larger than every puzzle that would read it accepts: numberlink and "
        "slitherlink and masyu (a board of 1 row x 2,001 columns; numberlink: at most 2,000 cells on a side and 2,000,000 "
        f"in all; slitherlink and masyu: {SIZE_LIMIT}; see docs/reliability.md)\n")


@pytest.mark.parametrize(("text", "said"), [
    ("-" * 1001 + "\n", "larger than every puzzle that would read it accepts: slitherlink and masyu ("),
    ("3" * 1001 + "\n", "reads as minesweeper, and as slitherlink but for its size limit"),  # a row of counts too
    # Only in the listing: 'a' could be a Numberlink label, but not 2,001 times; '#' is a comment to the others.
    ("a" * 2001 + "\n", "not a puzzle this tool reads (minesweeper: 1:1: unknown character 'a'"),
    ("#" * 3000 + "\n", "not a puzzle this tool reads (minesweeper: 1:1: empty input"),
])
def test_only_a_puzzle_that_could_read_a_text_but_for_its_size_is_a_candidate(text: str, said: str) -> None:
    result = run_cli("solve", "-", stdin=text)
    assert result.code == 2 and result.out == "" and result.err.count("\n") == 1 and said in result.err


def test_standard_input_given_twice_is_refused_before_anything_is_read() -> None:
    """The second '-' read nothing and was called an empty puzzle ('<stdin>:1:1: empty input')."""
    board = "# puzzle: minesweeper\n3 3\n1 ? ?\n? ? ?\n? ? 1\n"
    refused = run_cli("solve", "-", "-", stdin=board)
    assert (refused.code, refused.out) == (2, "")
    assert refused.err == "satpuzzles: error: '-' (standard input) is given 2 times: it can be read once\n"
    assert run_cli("solve", "-", stdin=board).code == 0


def test_an_index_or_a_conversion_a_later_source_refuses_comes_before_any_answer() -> None:
    """--index 2 fits the ten-puzzle collection, not the one-puzzle URL after it; Loopy takes the 4x4 board, not
    the 2x2 after it: each refusal comes alone (exit 2), not after the first source's answer (a real process)."""
    def solve(*args: object) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "satpuzzles", "solve", *map(str, args)],
                              capture_output=True, text=True, timeout=60)

    collection = INSTANCES / "numberlink" / "handmade" / "inputs1.txt"
    indexed = solve(collection, SLITHER_URL, "--index", "2")
    assert (indexed.returncode, indexed.stdout) == (2, "")
    assert indexed.stderr == f"satpuzzles: error: --index 2: {SLITHER_URL} holds 1 puzzle\n"
    assert "N-th puzzle of each source (a source holding fewer is refused" in " ".join(
        run_cli("solve", "--help").out.split())  # as --help says, not 'of each multi-puzzle source'
    converted = solve(SLITHER_URL, "2x2t0:4a11", "--to-loopy")
    assert (converted.returncode, converted.stdout) == (2, "")
    assert converted.stderr == "satpuzzles: error: --to-loopy: Loopy's square grids are at least 3x3; this one is 2x2\n"


def test_a_collection_is_converted_whole_or_not_at_all(tmp_path) -> None:
    """A board of the collection that Loopy cannot hold is refused before the ids of the boards above it."""
    boards = tmp_path / "boards.txt"
    boards.write_text("# puzzle: slitherlink\n3 3\n2 . .\n. . .\n. . 2\n\n2 2\n. .\n. .\n")
    converted = subprocess.run([sys.executable, "-m", "satpuzzles", "slitherlink", str(boards), "--to-loopy"],
                               capture_output=True, text=True, timeout=60)
    assert (converted.returncode, converted.stdout) == (2, "") and "at least 3x3; this one is 2x2" in converted.stderr
    assert run_cli("slitherlink", boards, "--to-loopy", "--index", "1").out == "3x3t0:2g2\n"


@pytest.mark.parametrize("flag", ["-o", "-r", "--svg", "--svg-puzzle", "--proof"])
def test_solve_never_writes_over_its_source(tmp_path, flag: str) -> None:
    """As the puzzle commands refuse it: 'solve board.txt -r board.txt' replaced the puzzle with its answer."""
    board = tmp_path / "board.txt"
    board.write_text((INSTANCES / "slitherlink" / "pzprjs" / "cspuz_bench_4x4.txt").read_text())
    before = board.read_text()
    refused = run_cli("solve", board, flag, board)
    assert (refused.code, refused.out) == (2, "")
    assert refused.err == f"satpuzzles: error: cannot write {board}: it is the input file (choose another name)\n"
    assert board.read_text() == before


def test_json_lines_of_several_sources_name_their_source_as_the_text_headings_do() -> None:
    """The text puts '== SOURCE ==' above each report; a JSON line said only which puzzle type it was."""
    collection = INSTANCES / "numberlink" / "handmade" / "inputs1.txt"
    result = run_cli("solve", NL / "instance_1.txt", SLITHER_URL, collection, "--format", "json")
    records = [json.loads(line) for line in result.out.splitlines()]
    assert [(r["source"], r.get("index")) for r in records] == [
        (str(NL / "instance_1.txt"), None), (SLITHER_URL, None), *((str(collection), k) for k in range(1, 11))]
    alone = json.loads(run_cli("solve", SLITHER_URL, "--format", "json").out)
    assert "source" not in alone  # one source: the envelope as before


def test_solve_with_puzzle_refuses_a_typed_id_its_puzzle_does_not_read_as_the_puzzle_command_does() -> None:
    """A Loopy id given as a Masyu was blamed on its first character ('unknown character 5') by the grid reader."""
    command = run_cli("masyu", LOOPY_ID)
    solved = run_cli("solve", "--puzzle", "masyu", LOOPY_ID)
    assert (solved.code, solved.out) == (2, "") and solved.err == command.err
    assert "masyu reads no such game id" in solved.err


@pytest.mark.parametrize("command", ["numberlink", "solve"])
def test_a_numbered_output_never_writes_over_the_collection_it_answers(tmp_path, command: str) -> None:
    """'-r b.txt' on a collection writes b.1.txt, b.2.txt ...: given b.1.txt itself, it replaced the puzzles with
    the first answer."""
    boards = tmp_path / "b.1.txt"
    boards.write_text((INSTANCES / "numberlink" / "handmade" / "inputs2.txt").read_text())
    before = boards.read_text()
    refused = run_cli(command, boards, "-r", tmp_path / "b.txt")
    assert (refused.code, refused.out) == (2, "")
    assert refused.err == f"satpuzzles: error: cannot write {boards}: it is the input file (choose another name)\n"
    assert boards.read_text() == before and not (tmp_path / "b.2.txt").exists()


@pytest.mark.parametrize(("typed", "words"), [("3x3t0:", "Loopy description too short: it covers 0 of the 3x3"),
                                                ("0x5t0:", "empty grid"), ("4x4:", "Loopy description too short")])
def test_a_typed_game_id_with_an_empty_description_is_read_as_one(typed: str, words: str) -> None:
    """A game id typed with nothing after its ':' was 'no such file, and not a puzzle URL or game id', where the
    same line in a file is reported by the Loopy reader."""
    result = run_cli("slitherlink", typed)
    assert result.code == 2 and result.err.startswith(f"satpuzzles: error: {typed}:1:") and words in result.err, \
        result.err
