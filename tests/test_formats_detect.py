"""Input formats: puzz.link numlin URLs, JSON read back from --format json, --input-format."""

from __future__ import annotations

import json
import pickle
from pathlib import Path

import numpy as np
import pytest

import satpuzzles
from satpuzzles.core.errors import InputError, UsageError
from satpuzzles.geometry import Grid
from satpuzzles.io.detect import detect
from satpuzzles.io.textgrid import SizeLimit, TooLarge
from satpuzzles.puzzles.numberlink.model import NumberlinkInstance
from satpuzzles.puzzles.numberlink.url import to_url
from tests.conftest import INSTANCES, Driver, run_cli

NL = INSTANCES / "numberlink"
SL = INSTANCES / "slitherlink"
MS = INSTANCES / "minesweeper"
PZPRJS_TEST = "https://puzz.link/p?numlin/5/5/1j2h3m1h2j3"  # robx/pzprjs test/script/numlin.js


def test_numlin_url_decodes_the_pzprjs_example() -> None:
    (instance,) = Driver("numberlink").parse(PZPRJS_TEST)
    assert instance.grid == Grid(5, 5)
    assert instance.givens == {(0, 0): "1", (1, 0): "2", (1, 3): "3", (3, 1): "1", (3, 4): "2", (4, 4): "3"}
    assert to_url(instance) == PZPRJS_TEST


@pytest.mark.parametrize("host", ["https://puzz.link/p?", "http://pzv.jp/p.html?", "https://pzprxs.vercel.app/p?"])
def test_numlin_url_hosts_and_arukone(host: str) -> None:
    for kind in ("numlin", "arukone"):
        (instance,) = Driver("numberlink").parse(f"{host}{kind}/5/5/1j2h3m1h2j3\n")
        assert instance.givens == Driver("numberlink").parse(PZPRJS_TEST)[0].givens


@pytest.mark.parametrize("fragment", ["#", "#top", "/#x"])
def test_a_urls_fragment_is_left_out_as_a_browser_leaves_it(fragment: str) -> None:
    (instance,) = Driver("numberlink").parse(PZPRJS_TEST + fragment + "\n")
    assert instance.givens == Driver("numberlink").parse(PZPRJS_TEST)[0].givens
    assert run_cli("solve", "https://puzz.link/p?slither/2/2/" + fragment).code == 0


@pytest.mark.parametrize("tail", ["&x=1", "//", "/", "&fbclid=IwAR0x", "&fbclid=a1&x=2", "g", "zz!"])
def test_what_follows_a_urls_last_cell_is_not_read_as_pzprjs_reads_it(tail: str) -> None:
    # pzprjs' decoders stop at the board's last cell (genericDecodeNumber16, decode4Cell, genericDecodeTriple):
    # a query a site adds, a final '//' or more text was refused as 'longer than the grid'.
    (instance,) = Driver("numberlink").parse(PZPRJS_TEST + tail + "\n")
    assert instance.givens == Driver("numberlink").parse(PZPRJS_TEST)[0].givens
    (loop,) = Driver("slitherlink").parse("https://puzz.link/p?slither/2/2/2i" + tail)
    assert loop.clues == {(0, 0): 2} and not loop.unknown


def test_a_second_question_mark_is_where_pzprjs_reads_the_puzzle_from() -> None:
    # parser.js parseURLType reads from the '?' in what puzz.link's page passes it: '...3?fbclid=x' shows no puzzle
    result = run_cli("numberlink", PZPRJS_TEST + "?fbclid=IwAR0")
    assert result.code == 2 and result.err == (
        f"satpuzzles: error: {PZPRJS_TEST}?fbclid=IwAR0:1:43: a second '?' in the URL: puzz.link reads the puzzle "
        "from what follows it ('fbclid=IwAR0', not a Numberlink URL); leave out this '?' and what follows it\n")
    (instance,) = Driver("numberlink").parse("https://puzz.link/p?x?" + PZPRJS_TEST.split("?")[1])
    assert instance.givens == Driver("numberlink").parse(PZPRJS_TEST)[0].givens


def test_an_arukone_url_keeps_numbers_without_a_letter_and_pzprjs_reads_the_same_puzzle() -> None:
    """Settled from robx/pzprjs: decodeNumber16 stores any number in an arukone cell (maxnum 52 bounds typing only),
    getNumberTextCore_letter shows 0 and numbers above 52 as digits, and checkLinkSameNumber pairs cells by equal
    number: the URL shows the same pairs, 0 and 60 as digits beside letters. Only the file (pzprv3) has no form
    for them (encodeCellQnum_letter), which --to-pzprv3 refuses."""
    board = "0,.,60\n.,.,.\n0,.,60\n"
    run = run_cli("numberlink", "-", "--to-url", stdin=board)
    assert run.code == 0 and run.out == "https://puzz.link/p?arukone/3/3/0g-3ci0g-3c\n"
    (back,) = Driver("numberlink").parse(run.out)
    assert back.givens == {(0, 0): "0", (0, 2): "60", (2, 0): "0", (2, 2): "60"} and back.rules == "fill"
    many = "\n".join(" ".join(f"L{r}" for r in range(row * 5, row * 5 + 5)) for row in range(12)) + "\n"
    many += "\n".join(" ".join(f"L{r}" for r in range(row * 5, row * 5 + 5)) for row in range(12)) + "\n"
    url = run_cli("numberlink", "-", "--to-url", stdin=many).out  # 60 labels: 53 to 60 past the letters
    (wide,) = Driver("numberlink").parse(url)
    assert sorted(map(int, set(wide.givens.values()))) == list(range(1, 61))
    assert all(wide.givens[(r, c)] == wide.givens[(r + 12, c)] for r in range(12) for c in range(5))


def test_a_wide_numbers_hex_digits_may_be_uppercase_as_pzprjs_parseint_reads_them() -> None:
    (instance,) = Driver("numberlink").parse("https://puzz.link/p?numlin/3/1/-1Fg-1f\n")
    assert instance.givens == {(0, 0): "31", (0, 2): "31"}


PZPRV3_URL = "https://puzz.link/p?pzprv3/numlin/5/5/1%20.%20.%20.%20.%20/.%20.%20.%202%20.%20/" + \
    "/".join(["." + "%20." * 4 + "%20"] * 2) + "/1%20.%20.%20.%202%20/"
"""A puzz.link file in a URL (pzprjs' URL_PZPRFILE): each line %-encoded, joined by '/'."""


@pytest.mark.parametrize("prefix", ["https://puzz.link/p?", "https://puzz.link/p?type=player&", "http://pzv.jp/p.html?",
                                    "https://puzz.link/p?x?type=editor&"])
def test_a_url_holding_a_puzzlink_file_is_read_as_the_file(prefix: str) -> None:
    # pzprjs reads '?pzprv3/TYPE/...' as the file it holds (parser.js: URL_PZPRFILE); it was 'puzzle type pzprv3'
    url = PZPRV3_URL.replace("https://puzz.link/p?", prefix)
    (instance,) = Driver("numberlink").parse(url + "\n")
    assert instance.rules == "open" and sorted(instance.givens.values()) == ["1", "1", "2", "2"]
    assert sorted(instance.givens) == [(0, 0), (1, 3), (4, 0), (4, 4)]
    loop = run_cli("solve", prefix + "pzprv3.1/slither/2/2/2%20.%20/.%20.%20/")
    assert loop.code == 0, loop.err
    wrong = run_cli("numberlink", "https://puzz.link/p?pzprv3/numlin/5/x/1")
    assert wrong.code == 2 and ":1:37: bad number of columns 'x'" in wrong.err  # at its column in the URL
    other = run_cli("numberlink", "https://puzz.link/p?pzprv3/slither/2/2/2%20.%20/.%20.%20/")
    assert other.code == 2 and "puzz.link puzzle type 'slither'" in other.err and "'satpuzzles solve SOURCE'" in other.err


@pytest.mark.parametrize("options", ["type=player&", "type=editor&embed=1&", "x_1=Y2&"])
def test_a_urls_options_before_its_type_are_passed_over_as_pzprjs_does(options: str) -> None:
    # puzz.link's page takes 'KEY=VALUE&' before the type as its own options (src-ui/js/ui/Boot.js): the URL was
    # refused as of puzzle type 'type=player&numlin'.
    url = PZPRJS_TEST.replace("?", "?" + options)
    (instance,) = Driver("numberlink").parse(url + "\n")
    assert instance.givens == Driver("numberlink").parse(PZPRJS_TEST)[0].givens
    assert run_cli("solve", url).code == 0
    assert "'type&numlin' puzzle" in run_cli("solve", PZPRJS_TEST.replace("?", "?type&")).err  # no '=': a type


@pytest.mark.parametrize("name", ["seed/instance_1.txt", "seed/instance_10.txt", "seed/input-7by7.in"])
def test_numberlink_files_round_trip_through_urls(name: str) -> None:
    (instance,) = Driver("numberlink").parse((NL / name).read_text())
    (again,) = Driver("numberlink").parse(to_url(instance))
    assert again.grid == instance.grid and again.givens == instance.givens


def test_wide_numbers_round_trip() -> None:
    labels = [5, 16, 255, 256, 4095, 4096, 8191, 8192, 12240, 77775, 77776, 1126351]
    givens = {(r, c): str(label) for r, label in enumerate(labels) for c in (0, 2)}
    instance = NumberlinkInstance(Grid(len(labels), 3), givens, tuple(str(label) for label in labels))
    url = to_url(instance)
    assert "-10" in url and "=000" in url and "$fffff" in url
    assert Driver("numberlink").parse(url)[0].givens == givens


def test_letter_labels_are_numbered_in_reading_order() -> None:
    (instance,) = Driver("numberlink").parse("A.B\n...\nB.A\n")
    assert to_url(instance) == "https://puzz.link/p?arukone/3/3/1g2i2g1"  # a text board means the fill rule


def test_numbers_a_url_holds_are_kept_and_other_labels_take_free_numbers() -> None:
    """7 stays 7 beside a number too large for a URL (which takes 1, the first number free), and 2 and 1 stay
    beside a letter (3); of 07 and 7 the first in reading order keeps 7."""
    (huge,) = Driver("numberlink").parse("7 . 7\n99999999999999999999 . 99999999999999999999\n")
    assert to_url(huge) == "https://puzz.link/p?arukone/3/2/7g71g1"
    (mixed,) = Driver("numberlink").parse("2 . 2\nA . A\n1 . 1\n")
    assert to_url(mixed) == "https://puzz.link/p?arukone/3/3/2g23g31g1"
    (same,) = Driver("numberlink").parse("07 . 07\n7 . 7\n")
    assert to_url(same) == "https://puzz.link/p?arukone/3/2/7g71g1"


def test_to_url_through_the_cli() -> None:
    result = run_cli("numberlink", "-i", NL / "seed" / "instance_1.txt", "--to-url")
    assert result.code == 0
    assert result.out == "https://puzz.link/p?arukone/7/7/i4j3h25j31k5r1j2i4h\n"  # fill: arukone
    opened = run_cli("numberlink", "-i", NL / "seed" / "instance_1.txt", "--to-url", "--rules", "open")
    assert opened.out == "https://puzz.link/p?numlin/7/7/i4j3h25j31k5r1j2i4h\n"
    refused = run_cli("numberlink", "-i", NL / "seed" / "instance_1.txt", "--to-url", "--unique")
    assert refused.code == 2 and "--to-url" in refused.err
    assert "warning" not in opened.err


@pytest.mark.parametrize("command", ["slitherlink", "solve"])
def test_to_url_refuses_analyze_as_it_refuses_unique(command: str) -> None:
    # --to-url prints the puzzle and solves nothing: an --analyze beside it was dropped without a word.
    source = SL / "pzprjs" / "cspuz_bench_4x4.url"
    refused = run_cli(command, source, "--to-url", "--analyze")
    assert (refused.code, refused.out) == (2, "") and "--analyze" in refused.err and "--to-url" in refused.err
    assert run_cli(command, source, "--to-url").out.startswith("https://puzz.link/p?slither/4/4/")


def test_a_url_written_under_no_self_touch_says_it_drops_the_convention() -> None:
    """``--to-url`` does not drop ``--no-self-touch`` silently: a URL cannot carry it (the puzzle is the user's own,
    so its URL is written, with a warning; ``generate --url`` refuses it, below)."""
    converted = run_cli("numberlink", "-i", NL / "seed" / "instance_1.txt", "--to-url", "--no-self-touch")
    assert converted.code == 0 and converted.out == "https://puzz.link/p?arukone/7/7/i4j3h25j31k5r1j2i4h\n"
    assert converted.err.count("cannot say no-self-touch") == 1
    plain = run_cli("generate", "numberlink", "5", "5", "--seed", "1", "--url")
    assert plain.code == 0 and plain.err == "" and plain.out.startswith("https://puzz.link/p?arukone/5/5/")


@pytest.mark.parametrize("rules", ["fill", "open"])
def test_generate_url_refuses_no_self_touch_which_a_url_cannot_carry(rules: str) -> None:
    """``generate --url --no-self-touch`` printed a URL and a warning: the puzzle was made unique under the
    convention, which puzz.link's numlin and arukone do not have, so the URL could be a puzzle with two solutions
    (7x7, seed 6: read as its URL is, without the convention, it is not unique). It is refused before any work."""
    refused = run_cli("generate", "numberlink", "7", "7", "--seed", "6", "--rules", rules, "--no-self-touch", "--url")
    assert (refused.code, refused.out) == (2, "") and refused.err.count("\n") == 1
    assert refused.err.startswith("satpuzzles: error: --url cannot carry --no-self-touch: ")
    assert "drop --url" in refused.err and "or drop --no-self-touch" in refused.err
    with pytest.raises(UsageError, match="^url cannot carry no_self_touch: .* or drop no_self_touch$"):
        satpuzzles.generate("numberlink", 7, 7, seed=6, rules=rules, no_self_touch=True, url=True)
    if rules == "fill":  # why: the board made, read without the convention as a URL's solver reads it
        board = run_cli("generate", "numberlink", "7", "7", "--seed", "6", "--no-self-touch")
        assert board.code == 0 and board.out.startswith("# rules: fill, no-self-touch\n")
        assert "Unique = True" in run_cli("numberlink", "-", "--unique", stdin=board.out).out
        assert "Unique = False" in run_cli("numberlink", "-", "--unique", "--self-touch", stdin=board.out).out


@pytest.mark.parametrize(
    ("url", "column", "message"),
    [
        ("https://puzz.link/p?slither/5/5/1j2h3m1h2j3", 21, "puzzle type 'slither', expected 'numlin', 'arukone' or 'numberlink'"),
        ("https://puzz.link/p?numlin/5/x/1j2", 30, "bad height 'x'"),
        ("https://puzz.link/p?numlin/5/5/1j2h3", 32, "label '1' appears once"),
        ("https://puzz.link/p?numlin/5/5/1j2&x=1", 35, "unknown character '&'"),  # pzprjs would read 'x' as cells
        ("https://puzz.link/p?numlin/5/5/1j2h3m1h2j.", 42, "'?' endpoint"),
        ("https://puzz.link/p?numlin/5/5/1j2h3m1h2jA", 42, "unknown character 'A'"),
        ("https://puzz.link/p?numlin/5/5/-1", 32, "needs 2 hex digits"),
        ("https://puzz.link/p?numlin/x/5/5/1j2", 28, "unknown URL flag 'x': only 'e' (cells may stay empty)"),
        ("https://puzz.link/p?numlin/6/1/1g2g1h", 34, "label '2' appears once"),  # at the label, not the body
        ("https://puzz.link/p?numlin/5/1/1m", 32, "label '1' appears once"),
    ],
)
def test_numlin_url_errors_are_located(url: str, column: int, message: str) -> None:
    result = run_cli("numberlink", "-i", "-", stdin=url + "\n")
    assert result.code == 2
    assert result.err.startswith(f"satpuzzles: error: <stdin>:1:{column}: ")
    assert message in result.err
    assert len(result.err.splitlines()) == 1


JSON_CASES = [
    ("numberlink", NL / "seed" / "instance_1.txt"),
    ("numberlink", NL / "handmade" / "inputs2.txt"),
    ("numberlink", NL / "flowfree" / "extreme_10x10_01.txt"),
    ("slitherlink", SL / "pzprjs" / "cspuz_bench_4x4.url"),
    ("slitherlink", SL / "puzzlekit" / "1005_10x18.txt"),
    ("minesweeper", MS / "seed" / "medium-sat.in"),
    ("minesweeper", MS / "seed" / "small-unsat.in"),
]


def _same(puzzle: str, a: object, b: object) -> bool:
    if puzzle == "minesweeper":
        return np.array_equal(a.cells, b.cells) and a.mines == b.mines  # type: ignore[attr-defined]
    return (a.grid, a.givens if puzzle == "numberlink" else a.clues) == (  # type: ignore[attr-defined]
        b.grid, b.givens if puzzle == "numberlink" else b.clues)  # type: ignore[attr-defined]


@pytest.mark.parametrize(("puzzle", "path"), JSON_CASES, ids=lambda value: getattr(value, "name", value))
def test_json_output_reads_back_as_the_same_puzzle(puzzle: str, path: object) -> None:
    printed = run_cli(puzzle, "-i", path, "--format", "json")
    assert printed.code in (0, 1)
    records = [json.loads(line) for line in printed.out.splitlines()]
    assert all(set(record) >= {"puzzle", "status", "solution", "unique", "stats", "input"} for record in records)
    original = Driver(puzzle).parse(path.read_text())  # type: ignore[attr-defined]
    again = Driver(puzzle).parse(printed.out)
    assert len(again) == len(original)
    assert all(_same(puzzle, a, b) for a, b in zip(original, again))
    resolved = run_cli(puzzle, "-i", "-", "--format", "json", stdin=printed.out)
    assert [json.loads(line)["solution"] for line in resolved.out.splitlines()] == [r["solution"] for r in records]


def test_json_bare_input_object_and_pretty_printed_envelope() -> None:
    record = json.loads(run_cli("slitherlink", "-i", SL / "pzprjs" / "cspuz_bench_4x4.url", "--format", "json").out)
    pretty = json.dumps(record, indent=2)
    bare = json.dumps(record["input"])
    for text in (pretty, bare):
        url = run_cli("slitherlink", "-i", "-", "--to-url", stdin=text).out
        assert url == "https://puzz.link/p?slither/4/4/dgdh2c7b\n"  # the file's URL, ending as pzprjs writes it


@pytest.mark.parametrize("command", [["solve"], ["numberlink"], ["batch", "--format", "json"]], ids=" ".join)
def test_a_saved_report_given_back_as_a_puzzle_says_what_it_is(tmp_path: Path, command: list[str]) -> None:
    """`satpuzzles ... > out.txt`, then out.txt as a puzzle: every reader refused a character of the report ('not a
    puzzle this tool reads (minesweeper: 1:1: unknown character 'N' ...; numberlink: 3:9: space inside ...')."""
    report = run_cli("solve", NL / "seed" / "instance_1.txt", SLITHER_URL)
    assert report.code == 0
    saved = tmp_path / "out.txt"
    saved.write_text(report.out)
    result = run_cli(*command, saved)
    assert result.code == 2 and "unknown character" not in result.out + result.err
    said = f"{saved}:1:1: the report satpuzzles prints (a title over a line of '-'), not a puzzle"
    assert said in (json.loads(result.out)["error"] if command[0] == "batch" else result.err), result.err
    assert run_cli("numberlink", "-", stdin="Numberlink\n" + "-" * 40 + "\n").err.startswith(
        "satpuzzles: error: <stdin>:1:1: the report satpuzzles prints")


@pytest.mark.parametrize("form", ["json", "csv"])
def test_a_batch_report_given_back_as_a_puzzle_says_what_it_is(tmp_path: Path, form: str) -> None:
    """'batch --format json > rows.jsonl', then rows.jsonl as a puzzle: 'the JSON object has no 'input' member', or
    for CSV every reader's complaint at a character of its header."""
    saved = tmp_path / {"json": "rows.jsonl", "csv": "rows.csv"}[form]
    saved.write_text(run_cli("batch", NL / "seed" / "instance_1.txt", "--format", form).out)
    said = ("a row of a batch report (what batch --format json prints), not a puzzle" if form == "json" else
            "a batch report in CSV (what batch --format csv prints), not a puzzle")
    for command in (["solve"], ["numberlink"]):
        result = run_cli(*command, saved)
        assert result.code == 2 and result.err.startswith(f"satpuzzles: error: {saved}:1:1: {said}"), result.err


def test_a_json_envelope_without_its_puzzle_member_is_read_as_an_envelope() -> None:
    """An envelope whose 'puzzle' member was left out (the command names the puzzle) was read as a bare input
    object, and its own members called missing: 'JSON input.width: missing' for an input that has a width."""
    record = json.loads(run_cli("slitherlink", "-i", SL / "pzprjs" / "cspuz_bench_4x4.url", "--format", "json").out)
    again = run_cli("slitherlink", "-", "--to-url", stdin=json.dumps({"input": record["input"]}))
    assert again.code == 0 and again.out == "https://puzz.link/p?slither/4/4/dgdh2c7b\n", again.err
    solved = run_cli("solve", "-", stdin=json.dumps({"status": "solved", "input": record["input"]}))
    assert solved.code == 0 and solved.out.startswith("Slitherlink\n"), solved.err
    short = run_cli("slitherlink", "-", stdin='{"input": {"width": 2, "grid": ["..", ".."]}}')
    assert short.code == 2 and "JSON input.height: missing" in short.err, short.err


SLITHER_URL = "https://puzz.link/p?slither/5/5/cbcbcddad"


@pytest.mark.parametrize("above", ["# from yesterday's run\n", "\n#\n  # two notes, one indented\n\n",
                                   "# puzzle: slitherlink\n"], ids=["note", "blank-and-notes", "puzzle-line"])
def test_a_json_envelope_under_comment_lines_reads_as_json(above: str, tmp_path: Path) -> None:
    """The tool's own --format json output kept in a file under a comment line (as every text format allows) was
    not seen as JSON: its '{' line was read as a grid row ("cell '{"puzzle":' is more than one character")."""
    printed = run_cli("slitherlink", SLITHER_URL, "--format", "json")
    assert printed.code == 0
    envelope = tmp_path / "kept.json"
    envelope.write_text(above + printed.out)
    for command in (["slitherlink", envelope], ["slitherlink", envelope, "--input-format", "json"],
                    ["solve", envelope], ["slitherlink", "-", "--format", "json"]):
        again = run_cli(*command, stdin=envelope.read_text())
        assert again.code == 0 and again.err == "", command
        if "--format" in command:
            assert _answer(again.out) == _answer(printed.out)
        else:
            assert again.out.startswith("Slitherlink\n") and "Solvable = True" in again.out
    assert satpuzzles.load(envelope).to_json() == satpuzzles.load(SLITHER_URL).to_json()
    two = run_cli("solve", "-", "--format", "json", stdin=above + printed.out + "# and the same again\n" + printed.out)
    assert two.code == 0 and _answer(two.out) == _answer(printed.out) * 2


def _answer(lines: str) -> list[tuple[object, object]]:
    """The input and solution of each envelope printed, one per line (the times in its stats differ run to run)."""
    return [(record["input"], record["solution"]) for record in map(json.loads, lines.splitlines())]


@pytest.mark.parametrize("command", ["numberlink", "solve"])
def test_a_numberlink_rules_line_above_json_is_refused_not_lost(command: str) -> None:
    """Comments above JSON are skipped; a '# rules: open' line there would have been skipped too, the board solved
    under fill without a word: it is an error at its line, as the JSON's own members state the rules."""
    printed = run_cli("numberlink", NL / "seed" / "instance_1.txt", "--format", "json")
    for line, value in (("# rules: open", "open"), ("# Rules: fill, no-self-touch", "fill, no-self-touch")):
        refused = run_cli(command, "-", stdin="# kept from a run\n" + line + "\n" + printed.out)
        assert refused.code == 2 and refused.err.count("\n") == 1
        assert refused.err.startswith(f"satpuzzles: error: <stdin>:2:1: '# rules: {value}' is for text boards and URLs")
    opened = json.loads(run_cli("numberlink", NL / "seed" / "instance_1.txt", "--rules", "open", "--format", "json").out)
    assert opened["input"]["rules"] == "open"  # the way a JSON input says it


def test_a_character_grid_row_of_hashes_above_a_brace_row_is_no_comment_above_json() -> None:
    """Only a comment line (``#`` alone or followed by a space) is skipped to find JSON: ``#..#`` is a row of two
    ``#`` endpoints in a Numberlink character grid, so the grid below it is not taken for JSON."""
    solved = run_cli("numberlink", "-", stdin="#..#\n{..{\n")
    assert solved.code == 0 and solved.out.endswith("#──#\n{──{\n")


@pytest.mark.parametrize(("text", "where"), [
    ('{"puzzle": "slitherlink",\n # a note inside the object\n "input": {}}\n', "2:2"),
    ('{"width": 1, "height": 1, "grid": ["2"]}  # a note after it\n', "1:43"),
])
def test_a_comment_inside_or_after_a_json_value_is_a_located_error(text: str, where: str) -> None:
    """A comment is a line of its own between JSON values; anywhere else it is bad JSON, said where it is."""
    for command in (["slitherlink", "-"], ["solve", "-", "--puzzle", "slitherlink"]):
        refused = run_cli(*command, stdin="# above: fine\n" + text)
        line, column = where.split(":")
        assert refused.code == 2 and refused.err.count("\n") == 1
        assert refused.err.startswith(f"satpuzzles: error: <stdin>:{int(line) + 1}:{column}: bad JSON"), refused.err


@pytest.mark.parametrize(
    ("puzzle", "text", "where", "message"),
    [
        ("numberlink", '{"puzzle": "numberlink"', "1:24", "bad JSON"),
        ("numberlink", '\n  {"puzzle": "slitherlink", "input": {}}', "2:3", "describes a 'slitherlink' puzzle"),
        ("numberlink", '{"puzzle": "numberlink", "status": "solved"}', "1:1", "no 'input' member"),
        ("numberlink", '{"width": 2, "height": 1, "grid": [["1", "2"]]}', "1:1", "label '1' appears once"),
        ("numberlink", '{"width": 2, "height": 2, "grid": [["1", "1"]]}', "1:1", "input.grid: expected 2 rows"),
        ("numberlink", '{"width": 0, "height": 1, "grid": [[]]}', "1:1", "input.width: expected a positive"),
        ("numberlink", '{"width": 2, "height": 1, "grid": [["1", "1 1"]]}', "1:1", "input.grid[0]: bad label"),
        ("slitherlink", '{"width": 2, "height": 1, "grid": ["2x"]}', "1:1", "input.grid[0]: unknown character 'x'"),
        ("slitherlink", '{"width": 2, "height": 1, "grid": ["2"]}', "1:1", "input.grid[0]: 1 cell where"),
        ("slitherlink", '{"width": 1, "height": 1, "grid": ["2"], "visit_all": 1}', "1:1", "input.visit_all"),
        ("minesweeper", '{"width": 2, "height": 1, "grid": ["1x"]}', "1:1", "input.grid[0]: unknown character 'x'"),
        ("minesweeper", '{"width": 2, "height": 1, "grid": ["1?"], "mines": 5}', "1:1", "input.mines"),
        ("minesweeper", '{"width": 2, "height": 1, "grid": 7}', "1:1", "input.grid: expected 1 row (the height)"),
        # values quoted as JSON writes them, not as Python does (True, 'yes')
        ("minesweeper", '{"width": true, "height": 1, "grid": ["1?"]}', "1:1", "found true"),
        ("minesweeper", '{"width": 2, "height": 1, "grid": ["1?"], "mines": false}', "1:1", "found false"),
        ("slitherlink", '{"width": 1, "height": 1, "grid": ["2"], "visit_all": "yes"}', "1:1", 'found "yes"'),
        ("numberlink", '{"width": 2, "height": 1, "grid": [["1", "1"]], "rules": "Open"}', "1:1",
         'expected one of "fill", "open", found "Open"'),
        # a member the puzzle does not have (misspelt) would change its rules without a word
        ("minesweeper", '{"width": 2, "height": 1, "grid": ["1?"], "mine": 1}', "1:1",
         "input.mine: no such member of a minesweeper input (its members: width, height, grid, mines)"),
        ("slitherlink", '{"width": 1, "height": 1, "grid": ["2"], "visitall": true}', "1:1", "input.visitall: no such"),
        ("numberlink", '{"puzzle": "numberlink", "input": {"width": 2, "height": 1, "grid": [["1", "1"]], '
                       '"rule": "open"}}', "1:1", "input.rule: no such member"),
        # a member given twice: Python's json kept the last without a word (the total dropped, the puzzle replaced)
        ("minesweeper", '{"width": 2, "height": 1, "grid": ["??"], "mines": 1, "mines": null}', "1:1",
         'bad JSON: the member "mines" is given twice in one object'),
        ("slitherlink", '\n {"input": {"width": 1, "height": 1, "grid": ["3"]}, "input": {"width": 1, "height": 1, '
                        '"grid": ["2"]}}', "2:2", 'the member "input" is given twice'),
    ],
)
def test_json_input_errors_are_one_located_line(puzzle: str, text: str, where: str, message: str) -> None:
    result = run_cli(puzzle, "-i", "-", stdin=text)
    assert result.code == 2
    assert result.err.startswith(f"satpuzzles: error: <stdin>:{where}: ")
    assert message in result.err
    assert len(result.err.splitlines()) == 1


def test_an_envelope_naming_its_puzzle_gets_that_puzzles_error(tmp_path) -> None:
    """A JSON envelope names its puzzle: a mistake in it is that puzzle's one error, not every reader's."""
    board = tmp_path / "x.json"
    board.write_text('{"puzzle": "slitherlink", "input": {"width": 2, "height": 2, "grid": ["1.", "..."]}}\n')
    result = run_cli("solve", board)
    assert result.code == 2 and result.err.count("\n") == 1
    assert "input.grid[1]: 3 cells where the width is 2" in result.err and "minesweeper" not in result.err


def test_json_nested_too_deeply_is_a_located_input_error_under_solve(tmp_path) -> None:
    board = tmp_path / "deep.json"
    board.write_text('{"width": 2, "height": 2, "grid": ' + "[" * 2000 + "]" * 2000 + "}")
    result = run_cli("solve", board)
    assert result.code == 2 and "nested too deeply" in result.err and "internal error" not in result.err


@pytest.mark.parametrize("command", ["solve", "slitherlink", "numberlink"])
def test_envelopes_in_a_json_array_are_refused_as_such(tmp_path, command: str) -> None:
    """Envelopes put in a JSON array were refused for the character '[' ('unknown character', or a list of every
    reader's complaint under solve), as if the file were a broken board."""
    board = tmp_path / "x.json"
    board.write_text('# puzzle: slitherlink\n[{"puzzle": "slitherlink", "input": {"width": 1, "height": 1, "grid": ["3"]}}]\n')
    result = run_cli(command, board)
    assert result.code == 2 and result.err.count("\n") == 1
    assert f"{board}:2:1: a JSON array of objects: JSON input is objects" in result.err, result.err


def test_forced_json_must_hold_objects() -> None:
    result = run_cli("numberlink", "-i", "-", "--input-format", "json", stdin="[1, 2]")
    assert result.code == 2 and result.err.startswith("satpuzzles: error: <stdin>:1:1: expected a JSON object")


@pytest.mark.parametrize(
    ("puzzle", "choices"),
    [
        ("numberlink", "'auto', 'url', 'pzprv3', 'janko', 'kn-header', 'collection', 'comma', 'grid', 'json'"),
        ("slitherlink", "'auto', 'janko', 'url', 'pzprv3', 'loopy', 'grid', 'json'"),
        ("minesweeper", "'auto', 'url', 'pzprv3', 'janko', 'grid', 'json'"),
    ],
)
def test_unknown_input_format_lists_the_choices(puzzle: str, choices: str) -> None:
    result = run_cli(puzzle, "-i", "-", "--input-format", "yaml", stdin="")
    assert result.code == 2
    assert choices in result.err and len(result.err.splitlines()) == 1


def test_old_format_names_are_accepted_but_not_shown() -> None:
    """``seed001`` (the K + 'N M' header format's old name) still reads, but help and listings name it kn-header."""
    forced = run_cli("numberlink", NL / "seed" / "input-7by7.in", "--input-format", "seed001", "--format", "json")
    assert forced.code == 0, forced.err
    shown = run_cli("numberlink", "--help").out + run_cli("puzzles").out
    assert "kn-header" in shown and "seed001" not in shown


@pytest.mark.parametrize(
    ("puzzle", "path", "forced"),
    [
        ("numberlink", NL / "seed" / "instance_1.txt", "comma"),
        ("numberlink", NL / "seed" / "input-7by7.in", "kn-header"),
        ("numberlink", NL / "handmade" / "inputs2.txt", "collection"),
        ("slitherlink", SL / "pzprjs" / "cspuz_bench_4x4.url", "url"),
        ("slitherlink", SL / "puzzlekit" / "1005_10x18.txt", "grid"),
    ],
)
def test_forcing_the_detected_format_gives_the_same_answer(puzzle: str, path: object, forced: str) -> None:
    def answers(*extra: str) -> list[tuple[object, object]]:
        out = run_cli(puzzle, "-i", path, "--format", "json", *extra).out
        return [(record["input"], record["solution"]) for record in map(json.loads, out.splitlines())]

    assert answers("--input-format", forced) == answers()


def test_forced_format_reads_text_auto_would_read_otherwise() -> None:
    assert run_cli("numberlink", "-i", "-", "--input-format", "comma", stdin="1\n1\n").code == 0
    url_as_grid = run_cli("numberlink", "-i", "-", "--input-format", "grid", stdin=PZPRJS_TEST)
    assert url_as_grid.code == 2 and "<stdin>:1:" in url_as_grid.err
    grid_as_url = run_cli("numberlink", "-i", NL / "seed" / "instance_1.txt", "--input-format", "url")
    assert grid_as_url.code == 2 and "not a puzz.link URL" in grid_as_url.err
    json_as_grid = run_cli("minesweeper", "-i", "-", "--input-format", "grid", stdin='{"width": 1}')
    assert json_as_grid.code == 2
    loopy = run_cli("slitherlink", "-i", "-", "--input-format", "loopy", stdin="3x3t0:a2b1d\n")
    assert loopy.code in (0, 1)
    text_as_json = run_cli("slitherlink", "-i", "-", "--input-format", "json", stdin="3x3t0:a2b1d\n")
    assert text_as_json.code == 2 and "bad JSON" in text_as_json.err


@pytest.mark.parametrize(("row", "code", "said"), [
    ("*" * 1001, 0, ""),  # no Slitherlink grid: Minesweeper's
    ("?" * 1001, 2, "reads as minesweeper, and as slitherlink but for its size limit (a board of 1 row x 1,001 columns"),
])
def test_a_bare_json_object_over_a_size_limit_is_a_candidate_only_if_its_cells_fit(row: str, code: int,
                                                                                   said: str) -> None:
    result = run_cli("solve", "-", stdin=json.dumps({"width": len(row), "height": 1, "grid": [row]}))
    assert result.code == code and said in result.err and result.err.count("\n") == (code == 2)


def test_a_size_refusal_is_too_large_unless_the_text_is_not_the_puzzles_anyway() -> None:
    limit = SizeLimit("Demo", side=10, cells=50)
    limit.check(10, 5, 1, 1, ours=lambda: pytest.fail("asked of a board within the limit"))
    with pytest.raises(TooLarge) as refused:
        limit.check(11, 2, 3, 4)
    again = pickle.loads(pickle.dumps(refused.value))  # as a batch worker would send it
    assert (str(again), again.rows, again.cols, again.limit) == (str(refused.value), 11, 2, limit)
    with pytest.raises(InputError) as plain:
        limit.check(11, 2, 3, 4, ours=lambda: False)
    assert type(plain.value) is InputError and str(plain.value) == str(refused.value)


@pytest.mark.parametrize(
    ("url", "rules"),
    [
        ("https://puzz.link/p?arukone/4/4/12l3123j", "fill"),
        ("https://puzz.link/p?arukone/e/4/4/12l3123j", "open"),  # pzprjs' arukone variant: cells need not all be used
        ("https://puzz.link/p?numlin/e/4/4/12l3123j", "open"),
        ("https://puzz.link/p?numberlink/4/4/12l3123j", "open"),  # pzprjs' other name for numlin
    ],
)
def test_numberlink_url_types_and_flags_carry_their_rules(url: str, rules: str) -> None:
    result = run_cli("numberlink", url, "--format", "json")
    assert result.code == 0, result.err
    envelope = json.loads(result.out)
    assert envelope["rules"] == rules and envelope["input"]["grid"][2] == ["3", "1", "2", "3"]


def test_numbers_from_8192_are_written_with_at_and_read_with_either_prefix(tmp_path: Path) -> None:
    board = tmp_path / "big.txt"
    board.write_text("3 1\n9000 9000 .\n")
    written = run_cli("numberlink", "-i", board, "--to-url", "--rules", "open")
    assert written.out.strip() == "https://puzz.link/p?numlin/3/1/@328@328g"  # pzprjs writes '@' ('%32' escapes)
    kept = run_cli("numberlink", "-i", board, "--to-url")  # the labels kept, under either type
    assert kept.out.strip() == "https://puzz.link/p?arukone/3/1/@328@328g"
    for prefix in "@%":
        read = run_cli("numberlink", f"https://puzz.link/p?numlin/3/1/{prefix}328{prefix}328g", "--format", "json")
        assert json.loads(read.out)["input"]["grid"] == [["9000", "9000", "."]], prefix


@pytest.mark.parametrize(
    ("command", "source", "kind"),
    [("numberlink", "3x3t0:2a3b1c", "game id"), ("minesweeper", "#5x5t0:a2a1c1c22c3b3b2b", "game id")],
)
def test_a_typed_url_or_game_id_the_puzzle_does_not_read_is_named_as_such(command: str, source: str,
                                                                         kind: str) -> None:
    result = run_cli(command, source)
    assert result.code == 2
    assert result.err.startswith(f"satpuzzles: error: {source}:1:1: {command} reads no such {kind} (its formats: ")
    assert "satpuzzles solve SOURCE" in result.err and len(result.err.splitlines()) == 1


@pytest.mark.parametrize("name", ["12#3.txt", "2024:notes.txt", "3:2a3b1c"])
def test_a_missing_file_whose_name_holds_a_colon_or_hash_is_a_missing_file(name: str) -> None:
    result = run_cli("slitherlink", name)
    assert result.code == 2 and result.err == f"satpuzzles: error: {name}: no such file, and not a puzzle URL or game id\n"


@pytest.mark.parametrize("name", ["10x10t0dh", "#9x9n10", "7x7b"])
def test_a_games_parameters_alone_are_said_to_lack_the_description(name: str) -> None:
    """Loopy's Hard 10x10 typed as its parameters only was 'not a puzzle URL or game id'."""
    for command in ("slitherlink", "solve"):
        result = run_cli(command, name)
        assert result.code == 2 and result.err == (
            f"satpuzzles: error: {name}: no such file, and a game's parameters without a description name no "
            "puzzle: give the game id, PARAMETERS:DESCRIPTION, from the game's Game > Specific\n")


AMBIGUOUS = "3 3\n1 ? ?\n? ? ?\n? ? 1\n"  # a Minesweeper board, and a Slitherlink grid


def test_a_puzzle_comment_above_the_board_names_its_puzzle() -> None:
    with pytest.raises(InputError, match="reads as minesweeper and slitherlink"):
        detect(AMBIGUOUS)
    for name in ("minesweeper", "slitherlink"):
        assert detect(f"# a board\n# puzzle: {name}\n{AMBIGUOUS}")[0] == name
    with pytest.raises(InputError, match="reads as minesweeper and slitherlink"):  # below the board: a mere comment
        detect(f"{AMBIGUOUS}# puzzle: minesweeper\n")


def test_a_named_puzzle_reports_its_own_error_and_an_unknown_name_is_a_comment() -> None:
    with pytest.raises(InputError) as caught:  # Numberlink's own words, not "not a puzzle this tool reads"
        detect("# puzzle: numberlink\n" + AMBIGUOUS, "<stdin>")
    assert str(caught.value) == ("<stdin>:3:3: unknown character '?': use '.' for an empty cell, letters or digits "
                                 "for endpoints")
    cli = run_cli("solve", "-", stdin="# puzzle: numberlink\n" + AMBIGUOUS)
    assert cli.err == f"satpuzzles: error: {caught.value}\n"
    # A name this tool does not read is a comment like any other (a hand-written "# puzzle: Sunday special").
    with pytest.raises(InputError, match="reads as minesweeper and slitherlink"):
        detect("# puzzle: Sudoku\n" + AMBIGUOUS)
    assert detect("# puzzle: Sunday special\nAB\nBA\n")[0] == "numberlink"


def test_a_puzzle_command_given_a_board_that_names_another_puzzle_says_so() -> None:
    # What generate writes, given to the wrong command: the error said only "clue 5 is not 0-4", and a Minesweeper
    # board that also reads as a Slitherlink grid was solved as one without a word.
    numberlink = run_cli("generate", "numberlink", "6", "6", "--seed", "2").out
    refused = run_cli("slitherlink", "-", stdin=numberlink)
    assert refused.code == 2 and refused.err.endswith(
        "(line 1, '# puzzle: numberlink', says it is a numberlink puzzle: 'satpuzzles numberlink' or "
        "'satpuzzles solve' reads it)\n"), refused.err
    minesweeper = "# puzzle: minesweeper\n" + AMBIGUOUS
    read = run_cli("slitherlink", "-", stdin=minesweeper)
    assert read.code == 0 and read.err == (
        "satpuzzles: warning: <stdin>: line 1, '# puzzle: minesweeper', says it is a minesweeper puzzle; read as "
        "slitherlink, as asked ('satpuzzles minesweeper' or 'satpuzzles solve' reads it as minesweeper)\n")
    for agreeing in (run_cli("minesweeper", "-", stdin=minesweeper), run_cli("slitherlink", "-", stdin=AMBIGUOUS),
                     run_cli("slitherlink", "-", stdin="# puzzle: Sunday special\n" + AMBIGUOUS)):
        assert agreeing.code == 0 and agreeing.err == ""


@pytest.mark.parametrize(("given", "drop"), [
    (["--unique"], "drop --unique"),
    (["--svg-puzzle", "p.svg", "--format", "json"], "drop --svg-puzzle and --format json"),
    (["--count", "3", "-o", "f.cnf", "-r", "r.sol"], "drop -o, -r and --count"),
    (["--analyze"], "drop --analyze"),
])
def test_a_conversion_names_only_the_options_given_to_drop(tmp_path, given: list[str], drop: str) -> None:
    """As --analyze's refusal does: not ten options of which the user gave one."""
    source = SL / "pzprjs" / "cspuz_bench_4x4.url"
    refused = run_cli("slitherlink", source, "--to-loopy", *[str(tmp_path / a) if a.endswith(("svg", "cnf", "sol")) else a
                                                              for a in given])
    assert (refused.code, refused.out) == (2, "")
    assert refused.err == f"satpuzzles: error: --to-loopy prints the puzzle only: {drop}\n"


def test_solve_with_puzzle_says_so_too_when_the_board_names_another() -> None:
    """'solve --puzzle NAME' reads as NAME as the puzzle command does, and said nothing of the stated line."""
    minesweeper = "# puzzle: minesweeper\n" + AMBIGUOUS
    read = run_cli("solve", "--puzzle", "slitherlink", "-", stdin=minesweeper)
    assert read.code == 0 and read.err == (
        "satpuzzles: warning: <stdin>: line 1, '# puzzle: minesweeper', says it is a minesweeper puzzle; read as "
        "slitherlink, as asked ('satpuzzles minesweeper' or 'satpuzzles solve' reads it as minesweeper)\n")
    numberlink = run_cli("generate", "numberlink", "6", "6", "--seed", "2").out
    refused = run_cli("solve", "--puzzle", "slitherlink", "-", stdin=numberlink)
    assert refused.code == 2 and refused.err.endswith(
        "(line 1, '# puzzle: numberlink', says it is a numberlink puzzle: 'satpuzzles numberlink' or "
        "'satpuzzles solve' reads it)\n"), refused.err


def test_a_comment_line_only_one_puzzle_reads_settles_a_text_two_puzzles_read() -> None:
    board = "1.2\n...\n1.2\n"  # a Numberlink board and a Slitherlink grid alike
    assert run_cli("solve", "-", stdin=board).code == 2
    for line in ("# rules: open\n", "# Rules : open, no-self-touch\n"):
        run = run_cli("solve", "-", "--format", "json", stdin=line + board)
        assert run.code == 0, run.err
        assert json.loads(run.out)["puzzle"] == "numberlink"
    assert run_cli("solve", "-", stdin="# author: someone\n" + board).code == 2  # a comment any puzzle reads


def test_a_puzzle_line_naming_no_puzzle_is_named_when_detection_fails() -> None:
    """A typo in '# puzzle: NAME' is still a comment, but the refusal that follows says why the line did not decide
    (it asked for such a line, which the text has)."""
    with pytest.raises(InputError) as caught:
        detect("# puzzle: numbrlink\n" + AMBIGUOUS)
    assert str(caught.value).endswith("(line 1, '# puzzle: numbrlink', names no puzzle registered here: did you mean "
                                      "'numberlink'?)")
    cli = run_cli("solve", "-", stdin="# note\n# puzzle: Sudoku\n" + AMBIGUOUS)
    assert cli.code == 2 and cli.err.startswith("satpuzzles: error: <stdin>: reads as minesweeper and slitherlink")
    assert cli.err.endswith("(line 2, '# puzzle: sudoku', names no puzzle registered here: the puzzles are "
                            "minesweeper, numberlink, slitherlink, masyu)\n"), cli.err
    assert detect("# puzzle: Sunday special\nAB\nBA\n")[0] == "numberlink"  # a text one puzzle reads: no word


def test_a_puzzle_line_with_a_typo_is_warned_of_when_another_puzzle_reads_the_text(tmp_path: Path) -> None:
    """'# puzzle: numbrlink' above a board only Slitherlink reads was solved as Slitherlink without a word; a line
    naming nothing close to a puzzle (a title) still says nothing."""
    import warnings

    board = tmp_path / "board.txt"
    board.write_text("# puzzle: numbrlink\n3 3\n. 3 .\n. . .\n. . 1\n")
    cli = run_cli("solve", board)
    assert cli.code == 0 and "Slitherlink" in cli.out
    assert cli.err == (f"satpuzzles: warning: {board}: line 1, '# puzzle: numbrlink', names no puzzle registered here "
                       "(did you mean 'numberlink'?); read as slitherlink, the one puzzle that reads it\n")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert satpuzzles.read(board)[0].name == "slitherlink"
    assert [str(warning.message).split("; ")[-1] for warning in caught] == ["read as slitherlink, the one puzzle "
                                                                            "that reads it"]
    board.write_text("# puzzle: Sunday special\n3 3\n. 3 .\n. . .\n. . 1\n")
    assert run_cli("solve", board).err == ""
