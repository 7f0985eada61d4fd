"""Numberlink boards as users paste and write them: each case through the real CLI and solver."""

from __future__ import annotations

import json

from tests.conftest import INSTANCES, run_cli

FLOW_FREE = (INSTANCES / "numberlink" / "flowfree" / "regular_5x5_01.txt").read_text()


def _json(*args: object, stdin: str | None = None) -> dict[str, object]:
    run = run_cli("numberlink", *args, "--format", "json", stdin=stdin)
    assert run.code == 0, run.err
    return json.loads(run.out)


def test_an_indented_character_grid_reads_as_the_same_board() -> None:
    """A Flow Free board pasted from a Markdown code block (four spaces before every row) is the same board, as an
    indented Slitherlink or Minesweeper board is; it was refused: 'space inside a character grid' at 1:1."""
    indented = "".join(f"    {row}\n" for row in FLOW_FREE.splitlines())
    assert _json("-", stdin=indented)["input"] == _json("-", stdin=FLOW_FREE)["input"]
    assert _json("-", stdin="5 5\n" + indented)["input"] == _json("-", stdin=FLOW_FREE)["input"]  # a collection too
    third = run_cli("numberlink", "-", stdin="  A.A\n  .A.\n")  # columns still count from the line's start
    assert third.code == 2 and third.err == ("satpuzzles: error: <stdin>:2:4: label 'A' appears a third time (first "
                                             "at line 1, column 3); each label must appear exactly twice\n")
    uneven = run_cli("numberlink", "-", stdin="  A.B\n A.B\n")  # a space that is not indentation is still refused
    assert uneven.code == 2 and "<stdin>:1:2: space inside a character grid" in uneven.err


def test_a_one_column_board_of_a_collection_takes_labels_of_several_characters() -> None:
    """A 'W H' header of width 1 says each row is one cell: '10' is the label 10, as in any row of a wider board
    ('1 4' then '10', '.', '.', '10' was refused at the header: 'space inside a character grid', 1:2)."""
    board = _json("-", stdin="1 4\n10\n.\n.\n10\n")
    assert board["input"]["grid"] == [["10"], ["."], ["."], ["10"]]
    assert board["solution"]["routes"] == {"10": [[0, 0], [1, 0], [2, 0], [3, 0]]}
    two = run_cli("numberlink", "-", "--format", "json", stdin="1 2\nAB\nAB\n\n1 3\n_\n.\n_\n")
    assert two.code == 0, two.err
    assert [json.loads(line)["input"]["grid"] for line in two.out.splitlines()] == [[["AB"], ["AB"]],
                                                                                 [["_"], ["."], ["_"]]]


def test_a_one_column_board_with_a_long_label_reads_back_from_its_text() -> None:
    """Puzzle.text() of a board one cell wide pads each cell to the longest label (' 10', '  .'); the rows were
    read as characters, ragged (or 'space inside a character grid'), so the text did not read back as promised."""
    import satpuzzles

    puzzle = satpuzzles.load("https://puzz.link/p?numlin/1/4/-10h-10")
    again = satpuzzles.load(puzzle.text(), puzzle="numberlink")
    assert again.write("url") == "https://puzz.link/p?numlin/1/4/-10h-10"
    plain = _json("-", stdin="10\n.\n.\n10\n")  # one word a row, ragged as characters: one column
    assert plain["input"]["grid"] == [["10"], ["."], ["."], ["10"]]
    ragged = run_cli("numberlink", "-", stdin="A.A\nB.\nB..\n")  # a ragged character grid is still one
    assert ragged.code == 2 and "<stdin>:2:3: ragged row: 2 cells where the grid has 3" in ragged.err


def test_a_comment_without_its_space_is_told_to_be_a_board_row() -> None:
    """'#rules: open' is a row where '#' may be a cell: the error at it said only 'space inside a character grid' or
    "unknown character '#rules:'", which does not tell the author what went wrong."""
    for board in ("1.2\n...\n1.2\n", "1 . 2\n. . .\n1 . 2\n"):
        run = run_cli("numberlink", "-", stdin="#rules: open\n" + board)
        assert run.code == 2 and run.err.count("\n") == 1
        assert run.err.startswith("satpuzzles: error: <stdin>:")  # at line 1, or where the row it began is ragged
        assert run.err.rstrip().endswith("(line 1 starts with '#' but is no comment, as '#' may be a cell: a comment "
                                         "is '#' followed by a space, as in '# rules: open')")
    assert run_cli("numberlink", "-", stdin="#..#\nA..A\n").code == 0  # a row of '#' cells is still read


def test_an_arukone_url_keeps_the_letters_of_a_lettered_board() -> None:
    """puzz.link shows an arukone URL's numbers as letters (pzprjs' numberAsLetter: 1-26 A-Z, 27-52 a-z), so --to-url
    numbered janko.at's letters in reading order and the puzzle showed other letters there (E F D B C as A B C D E).
    Each single letter now takes its own letter's number where no number label holds it; numlin shows numbers."""
    janko = INSTANCES / "numberlink" / "janko-arukone" / "janko.txt"
    run = run_cli("numberlink", janko, "--index", "1", "--to-url")
    assert run.code == 0 and run.out == "https://puzz.link/p?arukone/8/8/o5j6j46s2k3j2k3j54l\n"
    flow = run_cli("numberlink", "-", "--to-url", stdin=FLOW_FREE)  # R.G.Y / ..B.O / ... : R 18, G 7, Y 25 ...
    assert flow.out == "https://puzz.link/p?arukone/5/5/-12g7g-19h2gfl7g-19h-122fg\n"
    assert run_cli("numberlink", "-", "--to-url", "--rules", "open", stdin=FLOW_FREE).out == (
        "https://puzz.link/p?numlin/5/5/1g2g3h4g5l2g3h145g\n")  # numlin: numbers, in reading order as before


def test_touching_paths_never_share_a_colour_in_the_picture_or_on_a_sixteen_colour_terminal(tmp_path) -> None:
    """Paths were coloured greedily in label order: janko.at #168's B and Q touch and were both drawn #5f5fff (a path
    whose neighbours held every 16-colour stand-in fell back to a colour a neighbour showed), and on a 16-colour
    terminal #63's B and G were both red. Such a board is now coloured in smallest-last order: the touching graph is
    planar, so each path meets at most five coloured neighbours, and the nine stand-ins always leave one free."""
    import xml.etree.ElementTree as ET

    import satpuzzles
    from satpuzzles.present.styles import sixteen_colours
    from satpuzzles.puzzles.numberlink.colours import path_styles, touching

    janko = INSTANCES / "numberlink" / "janko-arukone" / "janko.txt"
    svg = "{http://www.w3.org/2000/svg}"
    for index in (63, 107, 168, 245):
        picture = tmp_path / f"janko{index}.svg"
        run = run_cli("numberlink", janko, "--index", index, "--format", "json", "--svg", picture)
        assert run.code == 0, run.err
        grid = json.loads(run.out)["solution"]["paths"]
        drawn = {path.find(f"{svg}title").text.removeprefix("path "): path.get("stroke")
                 for path in ET.parse(picture).getroot().iter(f"{svg}path") if path.get("class") == "route"}
        pairs = {(grid[r][c], grid[r2][c2]) for r, row in enumerate(grid) for c in range(len(row))
                 for r2, c2 in ((r + 1, c), (r, c + 1)) if r2 < len(grid) and c2 < len(row)}
        assert all(drawn[a] != drawn[b] for a, b in pairs if a != b), index
        puzzle = satpuzzles.read(janko)[index - 1]
        solution = puzzle.solve().solution
        styles = path_styles(puzzle.instance, solution)
        near = touching(puzzle.instance, solution)
        assert all(sixteen_colours(styles[a]) != sixteen_colours(styles[b]) for a in near for b in near[a]), index


def test_no_solution_under_fill_suggests_the_open_rule_only_where_an_argument_does_not_refute_it(tmp_path) -> None:
    """'--rules open lets cells stay empty' was left out only when an argument had refuted this run's board; a board
    under 64 cells (solved by SAT alone) or one refuted with --proof got it though the same argument refutes it
    under open, so the hint sent the author to a rule that has no solution either."""
    small = run_cli("numberlink", "-", stdin="1.2\n...\n2.1\n")  # the two paths would cross under any rule
    assert small.code == 1 and "Rules = fill (every cell used)\n" in small.out and "--rules open" not in small.out
    assert run_cli("numberlink", "-", "--rules", "open", stdin="1.2\n...\n2.1\n").code == 1
    board = "\n".join("1" + "." * 6 + "2" if r == 0 else "2" + "." * 6 + "1" if r == 7 else "." * 8 for r in range(8))
    proved = run_cli("numberlink", "-", "--proof", tmp_path / "no.drat", stdin=board + "\n")
    assert proved.code == 1 and "--rules open" not in proved.out
    hinted = run_cli("numberlink", "-", stdin="1.1\n...\n")  # no filling (parity), but an open solution
    assert hinted.code == 1 and "Rules = fill (every cell used); --rules open lets cells stay empty" in hinted.out


def test_a_space_before_the_colon_of_a_stated_line_still_states_it() -> None:
    """'# rules : open' (as French typography writes a colon) was a plain comment: the board was solved under fill
    without a word, and '# puzzle : numberlink' named no puzzle."""
    board = "1.2\n...\n1.2\n"
    run = run_cli("numberlink", "-", stdin="# rules : open\n" + board)
    assert run.code == 0 and "Rules = open (cells may stay empty)" in run.out
    assert run_cli("solve", "-", stdin="# puzzle : numberlink\n# Rules  :  open\n" + board).code == 0


def test_an_answer_piped_to_a_file_under_a_legacy_code_page_is_written_in_utf8() -> None:
    """Standard output in a code page without box drawing (Windows' cp1252 when redirected to a file, a latin-1
    locale, PYTHONIOENCODING=latin-1) made every board an 'internal error: UnicodeEncodeError' (exit 4)."""
    import os
    import subprocess
    import sys

    from tests.conftest import ROOT

    for encoding in ("latin-1", "cp1252", "ascii"):
        env = {**os.environ, "NO_COLOR": "1", "PYTHONIOENCODING": encoding}
        run = subprocess.run([sys.executable, "-m", "satpuzzles", "numberlink", "-", "--rules", "open"],
                             input="🔴.🔵\n...\n🔴.🔵\n".encode(), capture_output=True, cwd=ROOT, env=env)
        assert run.returncode == 0, run.stderr
        assert run.stdout.decode("utf-8").endswith(" 🔴  . 🔵\n  │  .  │\n 🔴  . 🔵\n")


def test_a_w_h_line_whose_rows_disagree_with_it_is_told_so() -> None:
    """A 'W H' line with the width mistyped ('4 3' above rows of 3) was read as the first row of a plain grid: the
    error pointed at the header ('1:2: space inside a character grid', or '2:5: ragged row: 3 cells where the grid
    has 2'), not at the rows the header disagrees with."""
    chars = run_cli("numberlink", "-", stdin="4 3\n1.1\n...\n2.2\n")
    assert chars.code == 2 and chars.err == "satpuzzles: error: <stdin>:2:4: ragged row: 3 cells where the grid has 4\n"
    spaced = run_cli("numberlink", "-", stdin="4 3\n1 . 1\n. . .\n2 . 2\n")
    assert spaced.code == 2 and "<stdin>:2:6: ragged row: 3 cells where the grid has 4" in spaced.err
    assert run_cli("numberlink", "-", "--format", "json", stdin="3 4\n4 3\n").code == 1  # two labels a row: a grid
    named = run_cli("numberlink", "-", "--input-format", "grid", stdin="3 1\n1.1\n")  # a collection named a grid
    assert named.code == 2 and "<stdin>:1:2: space inside a character grid" in named.err


def test_a_url_of_another_puzzle_typed_for_numberlink_points_to_solve() -> None:
    """docs/formats.md: a URL or game id typed as the SOURCE of a puzzle command that reads no such thing is refused
    in one line that points to 'satpuzzles solve'; a Loopy id was, a puzz.link URL of another type was not."""
    slither = "https://puzz.link/p?slither/5/5/cbcbcddad"
    run = run_cli("numberlink", slither)
    assert run.code == 2 and run.err == (
        f"satpuzzles: error: {slither}:1:21: not a Numberlink URL: puzzle type 'slither', expected 'numlin', 'arukone' or 'numberlink'; "
        "'satpuzzles solve SOURCE' finds the puzzle that reads it, if any\n")
    back = run_cli("slitherlink", "https://puzz.link/p?numlin/5/5/j1g2j3i12g3l")
    assert back.code == 2 and back.err.rstrip().endswith("'satpuzzles solve SOURCE' finds the puzzle that reads it, "
                                                         "if any")


def test_puzzle_text_reads_back_when_no_text_board_holds_the_labels() -> None:
    """A JSON input takes any printable word as a label, and Puzzle.text() wrote its box-drawing board, which did not
    read back: '_' beside '10' (a character grid has one character a cell, spaced rows words of letters and digits),
    'x,y', or a row '#' of a board one cell wide (a comment). It is now the JSON input object where the board does
    not read back as the same puzzle under the same rules; a board that does is written as before."""
    import satpuzzles

    for grid, stated in (([["_", "10", "_"], ["10", ".", "."]], {}), ([["#"], ["."], ["#"]], {}),
                         ([["x,y", "1", "x,y"], ["1", ".", "."]], {"rules": "open", "no_self_touch": True})):
        puzzle = satpuzzles.load(json.dumps({"width": len(grid[0]), "height": len(grid), "grid": grid, **stated}),
                                 puzzle="numberlink")
        again = satpuzzles.load(puzzle.text(), puzzle="numberlink")
        assert again.to_json() == puzzle.to_json()
    board = satpuzzles.load('{"width": 3, "height": 2, "grid": [["#", "1", "#"], ["1", ".", "."]], "rules": "open"}',
                            puzzle="numberlink")
    assert board.text() == "# rules: open\n#1#\n1.."  # a text board where one reads back


def test_boards_after_a_0_0_end_line_are_read_not_dropped() -> None:
    """Two collection files joined one after another ('cat a.txt b.txt', each ending '0 0'): the boards after the
    first '0 0' were dropped without a word, so the second file's puzzles were never solved. They are read now, and
    a line after '0 0' that starts no board is an error at that line, as anywhere in a collection."""
    board = "3 3\n1 . 2\n. . .\n1 . 2\n"
    joined = run_cli("numberlink", "-", "--format", "json", stdin=board + "0 0\n# rules: open\n" + board + "0 0\n")
    assert [json.loads(line)["status"] for line in joined.out.splitlines()] == ["unsolvable", "solved"]
    trailing = run_cli("numberlink", "-", stdin=board + "0 0\nnotes\n")
    assert trailing.code == 2 and trailing.err.startswith("satpuzzles: error: <stdin>:6:1: ")
