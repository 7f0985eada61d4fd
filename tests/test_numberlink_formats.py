"""Numberlink input formats and their one-line, located errors."""

from __future__ import annotations

import pytest

from satpuzzles.core.errors import InputError
from tests.conftest import INSTANCES, Driver, run_cli

NUMBERLINK = INSTANCES / "numberlink"


def test_comma_format() -> None:
    (instance,) = Driver("numberlink").parse((NUMBERLINK / "seed" / "instance_10.txt").read_text())
    assert (instance.grid.rows, instance.grid.cols, len(instance.labels)) == (25, 42, 62)
    assert instance.givens[(0, 41)] == "1"


def test_seed001_format() -> None:
    (instance,) = Driver("numberlink").parse((NUMBERLINK / "seed" / "input-7by7.in").read_text())
    assert (instance.grid.rows, instance.grid.cols) == (7, 7)
    assert sorted(instance.labels) == ["1", "2", "3", "4", "5"]


def test_flowfree_character_grid() -> None:
    (instance,) = Driver("numberlink").parse((NUMBERLINK / "flowfree" / "regular_5x5_01.txt").read_text())
    assert instance.labels == ("R", "G", "Y", "B", "O")
    assert instance.endpoints["R"] == ((0, 0), (4, 1))


def test_a_letter_typed_with_a_combining_accent_is_one_cell(tmp_path) -> None:
    """'e' + U+0301 looks like 'é' and is read as it (one label); a mark that composes with nothing is refused."""
    decomposed = tmp_path / "accents.txt"
    decomposed.write_text("e\u0301.e\u0301\nB.B\n", encoding="utf-8")
    (instance,) = Driver("numberlink").parse(decomposed.read_text(encoding="utf-8"))
    assert instance.labels == ("\u00e9", "B") and (instance.grid.rows, instance.grid.cols) == (2, 3)
    assert run_cli("numberlink", decomposed).code == 0
    stray = tmp_path / "stray.txt"
    stray.write_text("# by O\u0323\u0300s\u0323un\nq\u0301.q\u0301\nB.B\n", encoding="utf-8")  # a comment may hold marks
    refused = run_cli("numberlink", stray)
    assert refused.code == 2 and refused.err.strip().endswith(
        "stray.txt:2:2: combining mark U+0301 has no composed form with the character before it: write one character "
        "per cell")
    thai = run_cli("numberlink", "-", stdin="\u0e01\u0e31.\u0e01\u0e31\nB.B\n")  # U+0E31: a mark combining() misses
    assert thai.code == 2 and "<stdin>:1:2: combining mark U+0E31" in thai.err
    commented = tmp_path / "commented.txt"
    commented.write_text("# by O\u0323\u0300s\u0323un\n1.1\n2.2\n", encoding="utf-8")
    assert run_cli("numberlink", commented).code == 0


def test_collection_with_comments_and_end_marker() -> None:
    instances = Driver("numberlink").parse((NUMBERLINK / "handmade" / "inputs5.txt").read_text())
    assert len(instances) == 20
    assert (instances[0].grid.rows, instances[0].grid.cols) == (2, 3)
    assert any(inst.grid.cols == 1000 for inst in instances)


def test_janko_collection_with_punctuation_labels() -> None:
    instances = Driver("numberlink").parse((NUMBERLINK / "janko-arukone" / "janko.txt").read_text())
    assert len(instances) == 270
    assert any("_" in inst.labels for inst in instances)


@pytest.mark.parametrize("text", ["A..A\n#..#\n", "# a comment\n#\nA..A\n#..#\n", "4 2\nA..A\n#..#\n"])
def test_a_row_starting_with_hash_is_a_row_and_hash_space_a_comment(text: str) -> None:
    (instance,) = Driver("numberlink").parse(text)
    assert (instance.grid.rows, instance.grid.cols) == (2, 4)
    assert instance.endpoints["#"] == ((1, 0), (1, 3))


def test_labels_need_not_run_from_one() -> None:
    (instance,) = Driver("numberlink").parse((NUMBERLINK / "seed" / "bad_numbering.txt").read_text())
    assert set(instance.labels) == {"1", "4", "3", "9"}


def test_space_separated_grid_without_header() -> None:
    (instance,) = Driver("numberlink").parse("12 . 12\n. . .\n7 . 7\n")
    assert instance.labels == ("12", "7")


@pytest.mark.parametrize(
    ("text", "line", "column", "words"),
    [
        ("1,.,1\n2,.\n", 2, 4, "ragged row"),
        ("1,.,.\n.,.,1,2\n", 2, 7, "ragged row"),
        ("1,.\n.,2\n", 1, 1, "appears once"),
        ("a.a\n.a.\n", 2, 2, "third time"),
        ("1,*\n*,1\n", 1, 3, "unknown character"),
        ("1,,1\n", 1, 3, "empty cell between commas"),
        ("", 1, 1, "empty input"),
        ("# only a comment\n", 1, 1, "empty input"),
        ("3 3\nab.\n", 1, 1, "declares 3 rows"),
        ("3 0\n", 1, 1, "empty grid"),
        ("2\n2 2\n1 1\n. .\n2 2\n", 5, 1, "header says 2 rows but the grid has 3"),
        ("2\n3 3\n1 . 1\n. . .\n", 2, 1, "header says 3 rows"),
        ("2\n2 2\n1 1\n. .\n", 1, 1, "K=2"),
        ("a.\u0007a\n", 1, 3, "unknown character"),
        ("R.G\nR .G\n", 2, 2, "space inside a character grid"),
    ],
)
def test_bad_input_is_located(text: str, line: int, column: int, words: str) -> None:
    with pytest.raises(InputError) as caught:
        Driver("numberlink").parse(text)
    assert (caught.value.line, caught.value.column) == (line, column)
    assert words in caught.value.message


def test_cli_reports_file_line_and_column(tmp_path) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text("1,.,1\n2,.\n")
    result = run_cli("numberlink", "-i", bad)
    assert result.code == 2
    assert result.err == f"satpuzzles: error: {bad}:2:4: ragged row: 2 cells where the grid has 3\n"
    assert result.out == ""


def test_cli_missing_file_and_binary_input(tmp_path) -> None:
    missing = run_cli("numberlink", "-i", tmp_path / "nope.txt")
    assert missing.code == 2 and "cannot read input" in missing.err
    binary = tmp_path / "bin.txt"
    binary.write_bytes(b"1.1\n\xff\xfe\n")
    result = run_cli("numberlink", "-i", binary)
    assert result.code == 2 and ":2:1: not UTF-8 text" in result.err


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be"])
def test_a_utf16_file_with_its_byte_order_mark_is_read(tmp_path, encoding: str) -> None:
    """What Windows PowerShell 5's '>' and Notepad's "Unicode" save write (UTF-16, a byte-order mark first) was
    refused as 'not UTF-8 text': `satpuzzles generate minesweeper 9 9 > board.txt` there gave a board no command read."""
    board = tmp_path / "board.txt"
    text = (NUMBERLINK / "seed" / "instance_1.txt").read_text()
    board.write_bytes((text if encoding == "utf-16" else "\ufeff" + text).encode(encoding))  # 'utf-16' writes a BOM
    for command in ("numberlink", "solve"):
        result = run_cli(command, board)
        assert result.code == 0 and result.out.startswith("Numberlink\n") and result.err == "", result.err
    board.write_bytes(b"\xff\xfe1")  # half a character
    broken = run_cli("solve", board)
    assert broken.code == 2 and broken.err == f"satpuzzles: error: {board}:1:1: not UTF-16 text, though it starts " \
        "with UTF-16's byte-order mark\n"


def test_a_large_board_of_another_puzzle_is_refused_at_its_first_bad_row() -> None:
    from satpuzzles.io.textgrid import nonblank_lines
    from satpuzzles.puzzles.numberlink.formats import _split_rows, build_instance

    # A 1000 x 1000 Minesweeper board, tried as Numberlink when `solve` detects its puzzle: its rows used to be
    # made into a million tokens before the first one was checked (2 s)
    text = "\n".join(" ".join("1" if (r, c) == (0, 0) else "?" for c in range(1000)) for r in range(1000))
    rows, char_grid = _split_rows(nonblank_lines(text))
    with pytest.raises(InputError, match="unknown character '\\?'") as refused:
        build_instance(rows, 1, char_grid=char_grid)
    assert (refused.value.line, refused.value.column) == (1, 3)
    assert sorted(rows.made) == [0]  # only the first row was made into tokens


def test_a_ragged_row_anywhere_is_reported_before_a_bad_character() -> None:
    text = "A ? .\nA . .\n. .\n"
    with pytest.raises(InputError, match="ragged row: 2 cells where the grid has 3") as refused:
        Driver("numberlink").parse(text)
    assert refused.value.line == 3


def test_no_source_and_two_sources_are_told_apart() -> None:
    none = run_cli("numberlink")
    assert none.code == 2 and "no puzzle given: give it as the SOURCE argument or with -i FILE" in none.err
    both = run_cli("numberlink", "a.txt", "-i", "b.txt")
    assert both.code == 2 and "give the puzzle once: as the SOURCE argument or with -i FILE" in both.err


def test_a_size_written_as_wxh_in_a_url_is_a_malformed_size_not_a_flag() -> None:
    result = run_cli("numberlink", "https://puzz.link/p?numlin/3x3/1m1")
    assert result.code == 2 and "1:28: malformed size '3x3' in URL" in result.err and "flag" not in result.err


def test_messages_count_one_in_the_singular() -> None:
    assert "header says 1 row but the grid has 2" in run_cli("numberlink", "-", stdin="1\n1 2\nA A\nB B\n").err
    labels = run_cli("numberlink", "-", stdin="1\n2 2\nA B\nA B\n").err
    assert "header says K=1 path but the grid has 2 labels" in labels
    one = run_cli("numberlink", "-", stdin="2\n2 2\nA A\n. .\n").err
    assert "header says K=2 paths but the grid has 1 label" in one
    cell = run_cli("slitherlink", "-", stdin="2 2\n3 .\n.\n").err
    assert "ragged row: 1 cell where" in cell


@pytest.mark.parametrize(("source", "stdin", "where"), [
    ("https://puzz.link/p?numlin/3/3/", None, "https://puzz.link/p?numlin/3/3/:1:31: in the URL: "),
    ("https://puzz.link/p?numlin/3/3", None, "https://puzz.link/p?numlin/3/3:1:31: in the URL: "),
    ("https://puzz.link/p?numlin/3/3/i", None, "https://puzz.link/p?numlin/3/3/i:1:32: in the URL: "),
    ("-", "...\n...\n...\n", "<stdin>:1:1: "),
    ("-", "# a comment\n3 3\n. . .\n. . .\n. . .\n", "<stdin>:3:1: "),
    ("-", '{"width": 2, "height": 1, "grid": [[".", "."]]}', "<stdin>:1:1: JSON input.grid: "),
])
@pytest.mark.parametrize("rules", ["fill", "open"])
def test_a_board_without_labels_is_no_puzzle(source: str, stdin: str | None, where: str, rules: str) -> None:
    # An empty numlin URL (pzprjs shows an empty board) solved as a board of 0 paths under the open rule, and a
    # board of '.' only was 'unsolvable' under fill: neither is a puzzle to solve.
    refused = run_cli("numberlink", source, "--rules", rules, stdin=stdin)
    assert refused.code == 2 and refused.out == "", refused.out
    assert refused.err == (f"satpuzzles: error: {where}no endpoints: every cell is empty ('.'); a Numberlink board "
                           "needs at least one label, twice\n")


def test_a_bad_token_of_several_characters_is_called_a_cell() -> None:
    """Comma rows read as space-separated ones: the error called the whole row's text a character."""
    result = run_cli("numberlink", "-", "--input-format", "comma", stdin="3 3\n1 . 1\n2 . 2\n. . .\n")
    assert result.code == 2 and result.err.count("\n") == 1
    assert "unknown cell '3 3'" in result.err
    assert "unknown character '*'" in run_cli("numberlink", "-", stdin="1,*\n*,1\n").err
