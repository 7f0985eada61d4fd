"""Numberlink under every rule set (fill / open, with or without no-self-touch) against a brute force.

The brute force enumerates, label by label, every simple path between the label's ends
through cells no other path uses, then keeps the combinations the rule set allows: all
cells covered (fill), no path beside itself (no self-touch). It knows nothing of the CNF.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from satpuzzles.core.outcome import Settings
from satpuzzles.geometry import Grid
from satpuzzles.puzzles.numberlink.model import NumberlinkInstance, NumberlinkSolution, RuleSet
from tests.conftest import Driver, run_cli

PUZZLE = Driver("numberlink")
COUNT = 40
Cell = tuple[int, int]
Pairs = dict[str, tuple[Cell, Cell]]
RULE_SETS = [RuleSet(fill, touch) for fill in (True, False) for touch in (True, False)]


def _neighbours(rows: int, cols: int, cell: Cell) -> list[Cell]:
    r, c = cell
    return [(a, b) for a, b in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)) if 0 <= a < rows and 0 <= b < cols]


def _touches(rows: int, cols: int, route: tuple[Cell, ...]) -> bool:
    at = {cell: i for i, cell in enumerate(route)}
    return any(abs(at[n] - i) != 1 for i, cell in enumerate(route) for n in _neighbours(rows, cols, cell) if n in at)


def brute_force(rows: int, cols: int, pairs: Pairs, rules: RuleSet) -> set[frozenset]:
    """Every solution under ``rules``, as a frozenset of (label, route from its smaller end)."""
    ends = {cell for pair in pairs.values() for cell in pair}
    labels = sorted(pairs)
    found: set[frozenset] = set()

    def place(index: int, used: set[Cell], chosen: list) -> None:
        if index == len(labels):
            if not rules.fill or len(used) == rows * cols:
                found.add(frozenset(chosen))
            return
        a, b = sorted(pairs[labels[index]])

        def walk(path: list[Cell]) -> None:
            for n in _neighbours(rows, cols, path[-1]):
                if n == b:
                    route = (*path, b)
                    if rules.self_touch or not _touches(rows, cols, route):
                        place(index + 1, used | set(route), [*chosen, (labels[index], route)])
                elif n not in ends and n not in used and n not in path:
                    walk([*path, n])

        walk([a])

    place(0, set(), [])
    return found


def normalise(solution: NumberlinkSolution) -> frozenset:
    return frozenset((label, r if r[0] <= r[-1] else r[::-1]) for label, r in solution.routes.items())


def extras(rules: RuleSet) -> dict:
    return {"rules": rules.name, "no_self_touch": not rules.self_touch}


def check(rows: int, cols: int, pairs: Pairs, rules: RuleSet) -> None:
    givens = {cell: label for label, pair in pairs.items() for cell in pair}
    instance = NumberlinkInstance(Grid(rows, cols), givens, tuple(pairs))
    expected = brute_force(rows, cols, pairs, rules)
    many = PUZZLE.solve(instance, Settings(count=COUNT, extras=extras(rules)))
    got = [normalise(s) for s in many.solutions]
    assert len(set(got)) == len(got)
    assert set(got) <= expected
    assert len(got) == min(len(expected), COUNT)
    if len(expected) != COUNT:  # at exactly COUNT the search stops without looking for more
        assert many.exhausted is (len(expected) < COUNT)
    assert many.status == ("solved" if expected else "unsolvable")
    for solution in many.solutions:
        assert PUZZLE.verify(instance, solution) == []
        assert solution.rules == rules
    unique = Settings(unique=True, extras=extras(rules))
    outcome = PUZZLE.solve(instance, unique)
    assert outcome.status == ("solved" if expected else "unsolvable")
    if expected:
        assert outcome.uniqueness(unique) is (len(expected) == 1)
        assert all(normalise(s) in expected for s in outcome.solutions)
    two = PUZZLE.solve(instance, Settings(count=2, extras=extras(rules)))  # the uniqueness strategy's
    assert two.stats.method == "unique" or not expected
    assert len(two.solutions) == min(len(expected), 2) and {normalise(s) for s in two.solutions} <= expected
    if expected:
        assert two.exhausted is (len(expected) == 1)


SIZES = st.sampled_from([(r, c) for r in range(1, 5) for c in range(1, 5) if r * c >= 4] + [(3, 4), (4, 4), (4, 3)] * 2)


@st.composite
def boards(draw: st.DrawFn) -> tuple[int, int, Pairs]:
    rows, cols = draw(SIZES)
    n = draw(st.integers(1, min(3, rows * cols // 2)))
    cells = draw(st.permutations([(r, c) for r in range(rows) for c in range(cols)]))[: 2 * n]
    return rows, cols, {"ABC"[i]: (cells[2 * i], cells[2 * i + 1]) for i in range(n)}


@pytest.mark.parametrize("rules", RULE_SETS, ids=lambda r: f"{r.name}{'' if r.self_touch else '-nst'}")
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(board=boards())
def test_every_rule_set_matches_brute_force(rules: RuleSet, board: tuple[int, int, Pairs]) -> None:
    check(*board, rules)


@pytest.mark.parametrize(
    ("rows", "cols", "pairs", "counts"),
    [
        # (fill, fill no-self-touch, open, open no-self-touch) solution counts, checked by hand.
        pytest.param(2, 2, {"A": ((0, 0), (1, 0))}, (1, 0, 2, 1), id="2x2-adjacent-ends"),
        pytest.param(2, 3, {"A": ((0, 0), (0, 2))}, (0, 0, 4, 2), id="2x3-top-corners-parity"),
        pytest.param(3, 3, {"A": ((0, 0), (2, 2))}, (2, 0, 12, 6), id="3x3-corners"),
        pytest.param(1, 3, {"A": ((0, 0), (0, 1))}, (0, 0, 1, 1), id="1x3-cell-left-empty"),
        # Two fillings that keep off themselves (A and B trade the long way round): rare on small boards, found
        # once in 5,000 random ones by the brute force; the only board here not unique under fill, no self-touch.
        pytest.param(4, 4, {"A": ((0, 0), (2, 1)), "B": ((1, 1), (3, 0)), "C": ((2, 2), (1, 2))}, (2, 2, 2, 2),
                     id="4x4-two-fillings-apart"),
    ],
)
def test_known_counts(rows: int, cols: int, pairs: Pairs, counts: tuple[int, ...]) -> None:
    for rules, count in zip(RULE_SETS, counts):
        assert len(brute_force(rows, cols, pairs, rules)) == count, rules
        check(rows, cols, pairs, rules)


def test_numlin_url_is_solved_with_empty_cells() -> None:
    # Under the open rule the 1 and 2 paths leave the middle empty; the fill rule has no solution.
    url = "https://puzz.link/p?numlin/3/3/1g2i1g2"
    result = run_cli("numberlink", "--format", "json", "-", stdin=url + "\n")
    assert result.code == 0, result.err
    assert '"rules": "open"' in result.out and "null" in result.out
    filled = run_cli("numberlink", "-", "--rules", "fill", stdin=url + "\n")
    assert filled.code == 1 and "Rules = fill (every cell used); --rules open lets cells stay empty" in filled.out


@pytest.mark.parametrize("board", ["1.2\n...\n1.2\n", "3 3\n1 . 2\n. . .\n1 . 2\n", "1,.,2\n.,.,.\n1,.,2\n"])
def test_a_rules_line_above_a_text_board_is_its_rule_set(board: str) -> None:
    # '# rules: open' says what a numlin URL's type says, in every text format; --rules still wins.
    opened = run_cli("numberlink", "--format", "json", "-", stdin="# Author: me\n# rules: Open\n" + board)
    assert opened.code == 0 and json.loads(opened.out)["rules"] == "open", opened.err
    assert run_cli("numberlink", "-", stdin=board).code == 1  # no line: fill, which this board cannot satisfy
    assert run_cli("numberlink", "-", "--rules", "fill", stdin="# rules: open\n" + board).code == 1
    assert run_cli("numberlink", "-", stdin="1.2\n# rules: open\n...\n1.2\n").code != 0  # below the board: no


def test_a_rules_line_naming_no_rule_set_is_a_located_error() -> None:
    refused = run_cli("numberlink", "-", stdin="# puzzle: numberlink\n# rules: loose\n1.2\n...\n1.2\n")
    assert refused.code == 2 and refused.out == ""
    assert refused.err == ("satpuzzles: error: <stdin>:2:1: '# rules: loose': expected one of fill, open, optionally "
                           "followed by no-self-touch (as in '# rules: open, no-self-touch')\n")
    for said in ("open, fill", "open, no-self-touch, no-self-touch", "open, touching", ""):
        bad = run_cli("numberlink", "-", stdin=f"# rules: {said}\n1..\n...\n..1\n")
        assert bad.code == 2 and bad.err.startswith("satpuzzles: error: <stdin>:1:1: '# rules: "), (said, bad.err)
        assert bad.err.count("\n") == 1


CORNERS = {  # one pair on opposite corners of a 3x3 board: its filling paths all run beside themselves
    "grid": "1..\n...\n..1\n",
    "comma": "1,.,.\n.,.,.\n.,.,1\n",
    "collection": "3 3\n1 . .\n. . .\n. . 1\n",
    "kn-header": "1\n3 3\n1 . .\n. . .\n. . 1\n",
}


@pytest.mark.parametrize("board", CORNERS.values(), ids=CORNERS)
def test_a_rules_line_states_the_no_self_touch_convention_in_every_text_format(board: str) -> None:
    # Solvable under fill, not under fill with no self-touch: a board that states it exits 1 and says the rules.
    assert run_cli("numberlink", "-", stdin=board).code == 0
    stated = run_cli("numberlink", "-", stdin="# Author: me\n# rules: fill, no-self-touch\n" + board)
    assert stated.code == 1 and "Solvable = False" in stated.out, stated.err
    assert "Rules = fill (every cell used), no self-touch; --rules open lets cells stay empty" in stated.out
    alone = run_cli("numberlink", "-", "--format", "json", stdin="# rules: no-self-touch\n" + board)
    assert alone.code == 1 and (json.loads(alone.out)["rules"], json.loads(alone.out)["no_self_touch"]) == ("fill", True)
    for said in ("open, no-self-touch", "open no-self-touch", "Open, No Self-Touch", "no_self_touch open"):
        opened = run_cli("numberlink", "-", "--count", "10", stdin=f"# rules: {said}\n" + board)
        assert opened.code == 0 and "Rules = open (cells may stay empty), no self-touch" in opened.out, said
        assert "Solutions = 6 (all)" in opened.out  # the six staircases: the others run beside themselves


def test_the_command_line_wins_over_a_stated_convention_both_ways() -> None:
    board = CORNERS["grid"]
    allowed = run_cli("numberlink", "-", "--self-touch", stdin="# rules: fill, no-self-touch\n" + board)
    assert allowed.code == 0 and "Rules" not in allowed.out  # the plain fill rule, as without the line
    filled = run_cli("numberlink", "-", "--rules", "fill", "--count", "10", stdin="# rules: open, no-self-touch\n" + board)
    assert filled.code == 1 and "Rules = fill (every cell used), no self-touch" in filled.out
    asked = run_cli("numberlink", "-", "--no-self-touch", stdin="# rules: fill\n" + board)
    assert asked.code == 1 and "no self-touch" in asked.out
    refused = run_cli("solve", "-", "--self-touch", stdin="# puzzle: minesweeper\n1?\n")
    assert refused.code == 2 and "--self-touch is for numberlink" in refused.err


def test_the_python_api_reads_the_convention_as_the_command_line_does() -> None:
    import satpuzzles

    puzzle = satpuzzles.load("# rules: fill, no-self-touch\n" + CORNERS["grid"], puzzle="numberlink")
    assert puzzle.solve().status == "unsolvable" and puzzle.solve(unique=True).unique is False
    assert puzzle.solve(no_self_touch=False).status == "solved"  # an explicit keyword wins, as rules= does
    assert puzzle.solve(rules="open", count=10).to_json()["count"] == 6
    assert puzzle.to_json()["no_self_touch"] is True
    plain = satpuzzles.load(CORNERS["grid"], puzzle="numberlink")
    assert plain.solve().status == "solved" and plain.solve(no_self_touch=True).status == "unsolvable"


@pytest.mark.parametrize("flags", [["--no-self-touch"], ["--rules", "open", "--no-self-touch", "--count", "10"]])
def test_printed_json_read_back_keeps_the_no_self_touch_convention(flags: list[str]) -> None:
    first = run_cli("numberlink", "-", *flags, "--format", "json", stdin=CORNERS["grid"])
    envelope = json.loads(first.out)
    assert envelope["input"]["no_self_touch"] is envelope["no_self_touch"] is True
    again = run_cli("numberlink", "-", *flags[3:], "--format", "json", stdin=first.out)
    read = json.loads(again.out)
    assert (again.code, read["status"], read["rules"], read["no_self_touch"]) == \
        (first.code, envelope["status"], envelope["rules"], True)
    assert read.get("solutions") == envelope.get("solutions") and read["input"] == envelope["input"]
    allowed = run_cli("numberlink", "-", "--self-touch", "--format", "json", stdin=first.out)
    assert allowed.code == 0 and "no_self_touch" not in json.loads(allowed.out)["input"]


def test_a_json_input_no_self_touch_member_must_be_true_or_false() -> None:
    bad = '{"width": 2, "height": 1, "grid": [["1", "1"]], "no_self_touch": "yes"}\n'
    refused = run_cli("numberlink", "-", stdin=bad)
    assert refused.code == 2 and "input.no_self_touch" in refused.err and "expected true or false" in refused.err


def test_to_url_of_a_board_stating_the_convention_warns_that_the_url_drops_it() -> None:
    stated = run_cli("numberlink", "-", "--to-url", stdin="# rules: open, no-self-touch\n" + CORNERS["grid"])
    assert stated.code == 0 and stated.out.startswith("https://puzz.link/p?numlin/3/3/")
    assert stated.err.count("cannot say no-self-touch") == 1
    allowed = run_cli("numberlink", "-", "--to-url", "--self-touch", stdin="# rules: open, no-self-touch\n" + CORNERS["grid"])
    assert allowed.code == 0 and allowed.err == ""


@pytest.mark.parametrize("rules", ["fill", "open"])
def test_printed_json_read_back_is_solved_under_the_same_rules(rules: str) -> None:
    # Read from a numlin URL (open) and solved as asked: the envelope's input names the rules in force, so the
    # JSON read back gives the same count (it fell back to fill, or kept the URL's open against --rules fill).
    url = "https://puzz.link/p?numlin/3/3/1g2i1g2"
    first = run_cli("numberlink", "-", "--rules", rules, "--count", "10", "--format", "json", stdin=url + "\n")
    envelope = json.loads(first.out)
    assert envelope["rules"] == envelope["input"]["rules"] == rules
    again = run_cli("numberlink", "-", "--count", "10", "--format", "json", stdin=first.out)
    assert (again.code, json.loads(again.out)["rules"]) == (first.code, rules)
    assert json.loads(again.out).get("solutions") == envelope.get("solutions")


def test_a_plain_grid_under_the_default_rules_keeps_its_input_as_before() -> None:
    plain = run_cli("numberlink", "-", "--format", "json", stdin="1.2\n...\n1.2\n")
    assert set(json.loads(plain.out)["input"]) == {"width", "height", "grid"}


def test_arukone_url_requires_fill() -> None:
    url = "https://puzz.link/p?arukone/3/3/1g2i1g2"
    assert run_cli("numberlink", "-", stdin=url + "\n").code == 1
    opened = run_cli("numberlink", "-", "--rules", "open", stdin=url + "\n")
    assert opened.code == 0 and "Rules = open (cells may stay empty)" in opened.out


def test_analyze_names_the_rules_its_unique_and_grade_hold_under() -> None:
    # "Unique = True" and the grade are claims about one rule set, as --unique's are: both reports name it,
    # the default fill rule too (a puzzle unique under fill may have several solutions under open).
    board = "1.1\n2.2\n3.3\n"
    for args in (["--analyze"], ["--unique"]):
        result = run_cli("numberlink", "-", *args, stdin=board)
        assert result.code == 0 and "Rules = fill (every cell used)" in result.out, (args, result.out)
    opened = run_cli("numberlink", "-", "--analyze", "--rules", "open", "--no-self-touch", stdin=board)
    assert "Rules = open (cells may stay empty), no self-touch" in opened.out


@pytest.mark.parametrize("rules", RULE_SETS, ids=lambda r: f"{r.name}{'' if r.self_touch else '-nst'}")
def test_generated_puzzles_are_unique_under_the_rules_asked_for(rules: RuleSet) -> None:
    text = PUZZLE.generate(6, 6, 5, {"rules": rules.name, "no_self_touch": not rules.self_touch})
    (instance,) = PUZZLE.parse(text)
    unique = Settings(unique=True, extras=extras(rules))
    outcome = PUZZLE.solve(instance, unique)
    assert outcome.uniqueness(unique) is True
    # The plain enumeration (no windows, no shortcut theorem) agrees.
    assert PUZZLE.solve(instance, Settings(unique=True, method="cnf", extras=extras(rules))).uniqueness(unique) is True
    found = brute_force(6, 6, dict(instance.endpoints), rules) if len(instance.labels) >= 6 else None
    if found is not None:
        assert len(found) == 1


@pytest.mark.parametrize("seed", range(6))
def test_open_uniqueness_of_fill_puzzles_agrees_with_plain_enumeration(seed: int) -> None:
    """Fill puzzles read under the open rule are often not unique: the shortcut theorem must agree with
    the plain enumeration either way."""
    (instance,) = PUZZLE.parse(PUZZLE.generate(7, 7, seed, {}))
    for touch in (True, False):
        rules = RuleSet(fill=False, self_touch=touch)
        settings = Settings(unique=True, extras=extras(rules))
        fast = PUZZLE.solve(instance, settings)
        plain = PUZZLE.solve(instance, Settings(unique=True, method="cnf", extras=extras(rules)))
        assert fast.uniqueness(settings) is plain.uniqueness(settings) is not None


def test_batch_result_file_and_svg_under_open_rules(tmp_path) -> None:
    url = "https://puzz.link/p?numlin/3/3/1g2i1g2"
    (tmp_path / "a.url").write_text(url + "\n")
    opened = run_cli("batch", tmp_path / "a.url", "--puzzle", "numberlink")
    filled = run_cli("batch", tmp_path / "a.url", "--puzzle", "numberlink", "--rules", "fill")
    row = {name: next(line for line in run.out.splitlines() if "a.url" in line) for name, run in
           (("open", opened), ("fill", filled))}
    assert "unsolvable" not in row["open"] and "solved" in row["open"] and "unsolvable" in row["fill"]
    result = run_cli("numberlink", "-", "-r", tmp_path / "r.txt", "--svg", tmp_path / "p.svg", stdin=url + "\n")
    assert result.code == 0
    numbers = (tmp_path / "r.txt").read_text().split("\n\n")[0]
    assert "." in numbers.split()  # the empty middle cell
    assert (tmp_path / "p.svg").read_text().count('class="route"') == 2


def test_shortcut_and_detour_give_second_open_solutions() -> None:
    from satpuzzles.puzzles.numberlink.unique import detour, shortcut

    # A 3x3 with one pair on adjacent corners of the top row: the U round the board touches itself.
    instance = NumberlinkInstance(Grid(2, 3), {(0, 0): "A", (0, 2): "A"}, ("A",))
    around = NumberlinkSolution({"A": ((0, 0), (1, 0), (1, 1), (0, 1), (0, 2))}, rules=RuleSet(fill=False))
    cut = shortcut(around)
    assert cut is not None and cut.routes["A"] == ((0, 0), (0, 1), (0, 2))
    assert PUZZLE.verify(instance, cut) == []
    straight = NumberlinkSolution({"A": ((0, 0), (0, 1), (0, 2))}, rules=RuleSet(fill=False))
    assert shortcut(straight) is None
    other = detour(instance, straight)
    assert other is not None and PUZZLE.verify(instance, other) == [] and other.links() != straight.links()


def test_an_encoding_named_under_open_is_used_alone_and_the_cnf_says_what_it_is(tmp_path) -> None:
    board = "1,.,.\n.,.,1\n2,.,2\n"
    named = run_cli("numberlink", "-", "--rules", "open", "--encoding", "complete", "--format", "json", stdin=board)
    assert json.loads(named.out)["stats"]["stages"] == ["complete"]  # a filling was tried first before
    auto = tmp_path / "auto.cnf"
    assert run_cli("numberlink", "-", "--rules", "open", "-o", auto, stdin=board).code == 0
    header = auto.read_text().splitlines()[:2]
    assert header[0] in ("c satpuzzles numberlink, encoding fill first", "c satpuzzles numberlink, encoding strengthened",
                         "c satpuzzles numberlink, encoding shortest routes first")
    assert header[1].startswith("c this stage's formula is stronger than the rules")
    complete = tmp_path / "complete.cnf"
    assert run_cli("numberlink", "-", "--rules", "open", "--encoding", "complete", "-o", complete, stdin=board).code == 0
    assert "stronger than the rules" not in complete.read_text()


def test_an_incomplete_encoding_that_finds_nothing_says_why_the_answer_is_unknown() -> None:
    crossed = "1...2\n.....\n.....\n.....\n2...1\n"  # two paths that must cross: unsolvable under every rule set
    run = run_cli("numberlink", "-", "--rules", "open", "--encoding", "strengthened", "--format", "json",
                  stdin=crossed)
    assert run.code == 3
    assert "finding no solution in it proves nothing" in json.loads(run.out)["message"]


def test_the_svg_title_names_the_rules_when_they_are_not_plain_fill(tmp_path) -> None:
    board = "1,.,.\n.,.,1\n2,.,2\n"
    titles = {}
    for name, flags in (("fill", []), ("open", ["--rules", "open"]), ("open-nst", ["--rules", "open", "--no-self-touch"])):
        picture = tmp_path / f"{name}.svg"
        assert run_cli("numberlink", "-", *flags, "--svg", picture, stdin=board).code in (0, 1)
        titles[name] = picture.read_text().split("<title>")[1].split("</title>")[0]
    assert titles == {"fill": "Numberlink 3x3", "open": "Numberlink 3x3, rules open (cells may stay empty)",
                      "open-nst": "Numberlink 3x3, rules open (cells may stay empty), no self-touch"}


def test_a_rules_line_holds_for_the_boards_below_it_up_to_the_next() -> None:
    # A collection of boards made under different rules (generate writes the line above each board) is solved
    # board by board under its own line; a board below no line keeps the default.
    board = "3 3\n1 . 2\n. . .\n1 . 2\n"
    text = board + "# rules: open\n" + board + board + "# rules: fill\n" + board
    done = run_cli("numberlink", "-", "--format", "json", stdin=text)
    assert done.code == 1, done.err  # the fill boards have no solution
    rules = [json.loads(line)["rules"] for line in done.out.splitlines()]
    assert rules == ["fill", "open", "open", "fill"]
    assert run_cli("numberlink", "-", "--rules", "open", stdin=text).code == 0  # the command line wins for all


def test_a_rules_line_above_urls_may_state_the_convention_but_not_contradict_their_type() -> None:
    numlin, arukone = "https://puzz.link/p?numlin/3/3/1g2i1g2", "https://puzz.link/p?arukone/3/3/1g2i1g2"
    stated = run_cli("numberlink", "-", "--format", "json", stdin=f"{numlin}\n# rules: no-self-touch\n{numlin}\n")
    assert [(row["rules"], row["no_self_touch"]) for row in map(json.loads, stated.out.splitlines())] == \
        [("open", False), ("open", True)]
    assert run_cli("numberlink", "-", stdin=f"# rules: fill\n{arukone}\n").code == 1  # the same rule: fine
    refused = run_cli("numberlink", "-", stdin=f"# rules: open\n{arukone}\n")
    assert refused.code == 2 and refused.out == ""
    assert refused.err == ("satpuzzles: error: <stdin>:1:1: '# rules: open' contradicts the URL on line 2, whose type "
                           "means fill: state only 'no-self-touch', or drop the line\n")


@pytest.mark.parametrize("line", ["#  rules: open", "# RULES: open", "#\tRules:open"])
def test_a_rules_line_key_is_read_in_any_case_and_spacing(line: str) -> None:
    done = run_cli("numberlink", "-", stdin=f"# Puzzle: numberlink\n{line}\n1.2\n...\n1.2\n")
    assert done.code == 0 and "Rules = open" in done.out, done.err


@pytest.mark.parametrize("text", ["3 3\n1 . .\n# rules: fill, no-self-touch\n. . .\n. . 1\n",
                                  "# puzzle: numberlink\n3 3\n1 . .\n. . .\n. . 1\n# rules: fill, no-self-touch\n",
                                  "# rules: open\n# rules: fill, no-self-touch\n3 3\n1 . .\n. . .\n. . 1\n",
                                  # between a board's 'W H' line and its rows, above another board: it held for that
                                  # next board, though it stands inside this one
                                  "3 3\n# rules: fill, no-self-touch\n1 . .\n. . .\n. . 1\n3 3\n1 . .\n. . .\n. . 1\n",
                                  "3 3\n1 . .\n. . .\n# rules: fill, no-self-touch\n. . 1\n3 3\n1 . .\n. . .\n. . 1\n"])
def test_a_rules_line_above_no_board_is_a_located_error(text: str) -> None:
    # A line inside a board, below the last one or followed by another line holds for no board: it was silently
    # dropped, and the board solved under other rules than the text states.
    refused = run_cli("numberlink", "-", stdin=text)
    line = text.splitlines().index("# rules: open" if text.startswith("# rules: open") else
                                   "# rules: fill, no-self-touch") + 1
    assert refused.code == 2 and refused.out == "", refused.out
    assert refused.err.startswith(f"satpuzzles: error: <stdin>:{line}:1: '# rules: "), refused.err
    assert "holds for no board" in refused.err and refused.err.count("\n") == 1


STATES_NST = "# rules: open, no-self-touch\n" + CORNERS["grid"]
"""A board stating the convention: 6 solutions open without self-touch (the staircases)."""


@pytest.mark.parametrize("asks", [["--unique"], ["--count", "10"], ["--analyze"]])
def test_strengthened_takes_count_unique_and_analyze_under_a_stated_convention_as_under_the_flag(
        asks: list[str]) -> None:
    """Under no self-touch the complete encoding runs alone (the strengthening is its consequence), so --encoding
    strengthened counts by the full rules: a board stating the convention is solved as --no-self-touch solves it."""
    stated = run_cli("numberlink", "-", "--encoding", "strengthened", "--format", "json", *asks, stdin=STATES_NST)
    flagged = run_cli("numberlink", "-", "--encoding", "strengthened", "--format", "json", "--no-self-touch", *asks,
                      stdin=STATES_NST)
    assert (stated.code, stated.err) == (flagged.code, flagged.err) == (0, "")
    first, second = json.loads(stated.out), json.loads(flagged.out)
    for record in (first, second):
        record.pop("stats")
        record.get("analysis", {}).pop("seconds", None)
    assert first == second and first["no_self_touch"] is True
    if asks[0] == "--count":
        assert first["count"] == 6
    allowed = run_cli("numberlink", "-", "--encoding", "strengthened", "--self-touch", *asks, stdin=STATES_NST)
    plain = run_cli("numberlink", "-", "--encoding", "strengthened", *asks, stdin=CORNERS["grid"])
    for refused in (allowed, plain):  # paths may touch themselves: the strengthened encoding leaves solutions out
        assert refused.code == 2 and refused.out == "" and refused.err.count("\n") == 1
        assert "by the full rules: use --encoding auto or complete" in refused.err


def test_strengthened_with_unique_is_refused_for_the_board_of_a_collection_that_lets_paths_touch(tmp_path) -> None:
    both = tmp_path / "both.txt"
    both.write_text("# rules: no-self-touch\n3 3\n1 . .\n. . .\n. . 1\n\n# rules: fill\n3 3\n1 . .\n. . .\n. . 1\n")
    result = run_cli("numberlink", both, "--encoding", "strengthened", "--unique")
    assert (result.code, result.out) == (2, "")
    assert result.err == (f"satpuzzles: error: {both} puzzle 2: --count and --unique count by the full rules: use "
                          "--encoding auto or complete\n")
    assert run_cli("numberlink", both, "--index", "1", "--encoding", "strengthened", "--unique").code == 1
    alone = tmp_path / "alone.txt"
    alone.write_text(STATES_NST)
    solved = run_cli("batch", alone, "--puzzle", "numberlink", "--encoding", "strengthened", "--unique", "--format",
                     "json")
    assert solved.code == 0 and json.loads(solved.out)["unique"] is False  # six solutions
    refused = run_cli("batch", alone, both, "--puzzle", "numberlink", "--encoding", "strengthened", "--unique")
    assert refused.code == 2 and refused.out == ""
    assert refused.err == (f"satpuzzles: error: {both} puzzle 2: --count and --unique count by the full rules: use "
                           "--encoding auto or complete\n")


def test_the_python_api_takes_strengthened_counting_under_a_stated_convention() -> None:
    import satpuzzles
    from satpuzzles.core.errors import UsageError

    puzzle = satpuzzles.load(STATES_NST, puzzle="numberlink")
    result = puzzle.solve(encoding="strengthened", count=10)
    assert (len(result.solutions), result.exhausted) == (6, True)
    with pytest.raises(UsageError, match="by the full rules"):
        puzzle.solve(encoding="strengthened", count=10, no_self_touch=False)
    with pytest.raises(UsageError, match="by the full rules"):
        satpuzzles.load(CORNERS["grid"], puzzle="numberlink").solve(encoding="strengthened", analyze=True)
