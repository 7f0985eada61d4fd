"""--svg pictures: valid SVG 1.1 whose elements match the verified solutions, written like -r."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import numpy as np
import pytest

from satpuzzles.present import svg
from satpuzzles.puzzles.minesweeper import svg as minesweeper_svg
from satpuzzles.puzzles.minesweeper.formats import parse_minesweeper
from satpuzzles.puzzles.minesweeper.model import MINE, UNKNOWN
from satpuzzles.puzzles.numberlink import svg as numberlink_svg
from satpuzzles.puzzles.numberlink.colours import touching
from satpuzzles.puzzles.numberlink.model import NumberlinkSolution
from satpuzzles.puzzles.slitherlink import svg as slitherlink_svg
from tests.conftest import INSTANCES, Driver, run_cli

NS = "{http://www.w3.org/2000/svg}"
NL = INSTANCES / "numberlink" / "seed"
SL = INSTANCES / "slitherlink"
MS = INSTANCES / "minesweeper" / "seed"
RUN = re.compile(r"M([-\d.]+) ([-\d.]+)h([\d.]+)v([\d.]+)h-([\d.]+)z")
DOT = re.compile(r"M([-\d.]+) ([-\d.]+)h0")


def load(path: Path) -> ET.Element:
    """The parsed picture, after checking what makes it a standalone SVG 1.1 document."""
    text = path.read_text(encoding="utf-8")
    assert text.startswith('<?xml version="1.0" encoding="UTF-8"')
    root = ET.fromstring(text)
    assert root.tag == f"{NS}svg" and root.get("version") == "1.1"
    assert float(root.get("width")) > 0 and float(root.get("height")) > 0
    assert len(root.get("viewBox").split()) == 4
    assert root.find(f"{NS}title") is not None
    return root


def solve(tmp_path: Path, *args: object, code: int = 0, stdin: str | None = None) -> tuple[dict, ET.Element]:
    """Run a puzzle command with --svg and --format json: the JSON record and the picture."""
    target = tmp_path / "picture.svg"
    result = run_cli(*args, "--svg", target, "--format", "json", stdin=stdin)
    assert result.code == code, result.err
    return json.loads(result.out), load(target)


def of_class(root: ET.Element, tag: str, cls: str) -> list[ET.Element]:
    """Elements ``tag`` whose class list holds ``cls``."""
    return [e for e in root.iter(f"{NS}{tag}") if cls in (e.get("class") or "").split()]


def cells_at(xs: list[float], ys: list[float], size: float, margin: float, offset: float) -> list[tuple[int, int]]:
    """(row, col) of points lying ``offset`` cells into their cell."""
    return [(round((y - margin) / size - offset), round((x - margin) / size - offset)) for x, y in zip(xs, ys)]


def run_cells(d: str, size: float, margin: float) -> set[tuple[int, int]]:
    """The cells that row-run path data (``M x y h w v s h -w z``) covers."""
    covered = set()
    for x, y, w, h, back in RUN.findall(d):
        assert w == back and float(h) == size
        r, c = cells_at([float(x)], [float(y)], size, margin, 0)[0]
        covered |= {(r, c + k) for k in range(round(float(w) / size))}
    assert RUN.sub("", d) == ""
    return covered


# Numberlink


@pytest.mark.parametrize("name", ["instance_1.txt", "instance_10.txt", "input-7by7.in"])
def test_numberlink_one_path_element_per_route(tmp_path, name) -> None:
    record, root = solve(tmp_path, "numberlink", "-i", NL / name)
    routes = {label: [tuple(cell) for cell in route] for label, route in record["solution"]["routes"].items()}
    paths = of_class(root, "path", "route")
    assert len(paths) == len(routes)
    drawn = {}
    for path in paths:
        label = path.find(f"{NS}title").text.removeprefix("path ")
        points = [float(v) for v in re.findall(r"[-\d.]+", path.get("d"))]
        drawn[label] = cells_at(points[0::2], points[1::2], numberlink_svg.CELL, numberlink_svg.MARGIN, 0.5)
    assert drawn == routes
    strokes = {p.find(f"{NS}title").text.removeprefix("path "): p.get("stroke") for p in paths}
    near = touching(Driver("numberlink").parse((NL / name).read_text())[0], NumberlinkSolution(routes=routes))
    assert all(strokes[label] != strokes[other] for label, others in near.items() for other in others)
    casings = of_class(root, "path", "casing")
    assert sorted(c.get("d") for c in casings) == sorted(p.get("d") for p in paths), "every pipe has its casing"
    rules = dict(re.findall(r"^([.\w, -]+?) \{ (.*) \}$", root.find(f"{NS}style").text, re.M))
    assert "stroke-linecap: round; stroke-linejoin: round" in rules[".route, .casing"], "corners break into stubs"
    assert not [p for p in paths if p.get("stroke-dasharray")] and "dash" not in rules[".route"] + rules[".casing"]
    labels = sorted(t.text for t in of_class(root, "text", "label"))
    assert labels == sorted(label for label in routes for _ in range(2))


def test_a_flow_free_board_is_drawn_in_flow_free_colours(tmp_path) -> None:
    """R red, G green, B blue, Y yellow, O orange, as Flow Free players know them; other boards keep the palette."""
    _, root = solve(tmp_path, "numberlink", "-i", INSTANCES / "numberlink" / "flowfree" / "regular_5x5_01.txt")
    drawn = {p.find(f"{NS}title").text.removeprefix("path "): p.get("stroke") for p in of_class(root, "path", "route")}
    assert drawn == {"R": "#ff0000", "G": "#008100", "B": "#0000ff", "Y": "#e6d600", "O": "#ff8000"}
    palette = numberlink_svg.COLOURS
    driver = Driver("numberlink")
    not_flow = driver.parse("R.G.Z\n.....\nR.G.Z\n")[0]
    assert numberlink_svg.route_colours(not_flow, None) == {"R": palette[0], "G": palette[1], "Z": palette[2]}
    arukone = driver.parse("A.B\n...\nA.B\n")[0]
    assert numberlink_svg.route_colours(arukone, None) == {"A": palette[0], "B": palette[1]}  # Arukone letters


def test_numberlink_unsolvable_is_the_bare_puzzle(tmp_path) -> None:
    record, root = solve(tmp_path, "numberlink", "-i", NL / "instance_4.txt", code=1)
    assert record["status"] == "unsolvable"
    assert not list(root.iter(f"{NS}path"))
    assert len(of_class(root, "circle", "end")) == 4 and root.find(f"{NS}title").text == "Numberlink 3x3: no solution"
    assert [t.text for t in of_class(root, "text", "legend")] == ["no solution"]


def test_labels_are_escaped(tmp_path) -> None:
    record, root = solve(tmp_path, "numberlink", "-i", "-", stdin="&.&\n<.<\n")
    assert record["status"] == "solved"
    assert sorted(t.text for t in of_class(root, "text", "label")) == ["&", "&", "<", "<"]
    assert {p.find(f"{NS}title").text for p in of_class(root, "path", "route")} == {"path &", "path <"}


def test_every_puzzle_of_a_collection_gets_its_picture(tmp_path) -> None:
    board = tmp_path / "two.txt"
    board.write_text("3 2\n1.1\n2.2\n3 1\nA.A\n")
    target = tmp_path / "pic.svg"
    assert run_cli("numberlink", "-i", board, "--svg", target).code == 0
    assert not target.exists()
    assert [len(of_class(load(tmp_path / f"pic.{n}.svg"), "path", "route")) for n in (1, 2)] == [2, 1]


# Slitherlink


@pytest.mark.parametrize("path", [SL / "pzprjs" / "cspuz_bench_4x4.url", SL / "puzzlekit" / "1140_20x20.txt"])
def test_slitherlink_segments_are_the_loop(tmp_path, path) -> None:
    record, root = solve(tmp_path, "slitherlink", "-i", path)
    edges = record["solution"]["edges"]
    expected = {("h", r, c) for r, row in enumerate(edges["horizontal"]) for c, on in enumerate(row) if on}
    expected |= {("v", r, c) for r, row in enumerate(edges["vertical"]) for c, on in enumerate(row) if on}
    size, margin = slitherlink_svg.CELL, slitherlink_svg.MARGIN
    drawn = set()
    for line in of_class(root, "line", "loop"):
        (r1, c1), (r2, c2) = sorted(
            cells_at([float(line.get("x1")), float(line.get("x2"))], [float(line.get("y1")), float(line.get("y2"))], size, margin, 0)
        )
        assert (r2 - r1) + (c2 - c1) == 1
        drawn.add(("h", r1, c1) if r1 == r2 else ("v", r1, c1))
    assert len(of_class(root, "line", "loop")) == len(drawn) == len(expected)
    assert drawn == expected
    shaded = run_cells(of_class(root, "path", "inside")[0].get("d"), size, margin)
    assert shaded == {(r, c) for r, row in enumerate(record["solution"]["inside"]) for c, x in enumerate(row) if x}
    instance = Driver("slitherlink").parse(path.read_text())[0]
    clues = sorted(t.text for t in of_class(root, "text", "clue"))
    assert clues == sorted([str(v) for v in instance.clues.values()] + ["?"] * len(instance.unknown))


def test_slitherlink_explain_rings_the_conflict(tmp_path) -> None:
    record, root = solve(tmp_path, "slitherlink", "-i", "-", "--explain", code=1, stdin="3 0 .\n. . .\n. . 2\n")
    assert not of_class(root, "line", "loop") and not of_class(root, "path", "inside")
    size, margin = slitherlink_svg.CELL, slitherlink_svg.MARGIN
    rings = of_class(root, "circle", "marked")
    ringed = cells_at([float(c.get("cx")) for c in rings], [float(c.get("cy")) for c in rings], size, margin, 0.5)
    assert sorted(ringed) == sorted((r, c) for r, c, _ in record["explanation"]["clues"])
    assert sorted(t.text for t in of_class(root, "text", "conflict")) == sorted(str(v) for *_, v in record["explanation"]["clues"])


# Minesweeper


def mine_cells(root: ET.Element) -> set[tuple[int, int]]:
    """The cells holding a mine marker."""
    drawn = of_class(root, "path", "mine")
    if not drawn:
        return set()
    assert len(drawn) == 1
    d = drawn[0].get("d")
    assert DOT.sub("", d) == ""
    points = DOT.findall(d)
    xs, ys = [float(x) for x, _ in points], [float(y) for _, y in points]
    cells = cells_at(xs, ys, minesweeper_svg.CELL, minesweeper_svg.MARGIN, 0.5)
    assert len(set(cells)) == len(cells)
    return set(cells)


def class_cells(root: ET.Element, cls: str) -> set[tuple[int, int]]:
    """Cells covered by the background path of class ``cls``."""
    paths = of_class(root, "path", cls)
    return run_cells(paths[0].get("d"), minesweeper_svg.CELL, minesweeper_svg.MARGIN) if paths else set()


def cell_set(mask: np.ndarray) -> set[tuple[int, int]]:
    """The True cells of a mask."""
    return {(int(r), int(c)) for r, c in np.argwhere(mask)}


@pytest.mark.parametrize("source", [MS / "medium-sat.in", MS / "hard-sat.in", "4 4\nF 2 ? ?\n? ? 1 0\n? * 1 0\n1 1 1 0\n"])
def test_minesweeper_mines_are_the_solution(tmp_path, source) -> None:
    args = ("-i", "-") if isinstance(source, str) else ("-i", source)
    record, root = solve(tmp_path, "minesweeper", *args, stdin=source if isinstance(source, str) else None)
    mines = np.array(record["solution"]["mines"], dtype=bool)
    assert mine_cells(root) == cell_set(mines)
    cells = parse_minesweeper(source if isinstance(source, str) else source.read_text())[0].cells
    assert class_cells(root, "open") == cell_set(cells >= 0)
    assert class_cells(root, "flag") == cell_set(cells == MINE)
    assert class_cells(root, "mine-cell") == cell_set((cells == UNKNOWN) & mines)
    assert class_cells(root, "safe") == cell_set((cells == UNKNOWN) & ~mines)
    digits = [(t.text, g.get("class")) for g in root.iter(f"{NS}g") for t in g.iter(f"{NS}text")]
    assert len(digits) == int((cells > 0).sum()) and all(cls == f"n{text}" for text, cls in digits)  # 0 left blank


def test_minesweeper_explain_outlines_the_counts(tmp_path) -> None:
    record, root = solve(tmp_path, "minesweeper", "-i", MS / "small-unsat.in", "--explain", code=1)
    assert not mine_cells(root) and not class_cells(root, "hidden") and class_cells(root, "open") == cell_set(np.ones((3, 3)))
    outline = of_class(root, "path", "marked")[0].get("d")
    corners = re.findall(r"M([-\d.]+) ([-\d.]+)m", outline)
    marked = cells_at([float(x) for x, _ in corners], [float(y) for _, y in corners], minesweeper_svg.CELL, minesweeper_svg.MARGIN, 0.5)
    assert sorted(marked) == sorted((r, c) for r, c, _ in record["explanation"]["clues"])
    assert [t.text for t in of_class(root, "text", "legend")] == ["no solution (conflicting counts outlined)"]
    assert root.find(f"{NS}title").text == "Minesweeper 3x3: no solution (conflicting counts outlined)"


def test_minesweeper_explain_names_the_total(tmp_path) -> None:
    record, root = solve(tmp_path, "minesweeper", "-i", "-", "--explain", code=1, stdin="2 2\n? 1\n? ?\nmines 2\n")
    assert record["explanation"]["mines"] == 2
    assert class_cells(root, "hidden") == {(0, 0), (1, 0), (1, 1)}
    assert "The mine total is part of the conflict: mines 2." in " ".join(t.text for t in of_class(root, "text", "legend"))


def test_minesweeper_analysis_classes() -> None:
    cells = np.array([[1, UNKNOWN, UNKNOWN], [UNKNOWN, UNKNOWN, MINE], [0, 1, UNKNOWN]], dtype=np.int8)
    safe = np.zeros(cells.shape, dtype=bool)
    mine = np.zeros(cells.shape, dtype=bool)
    safe[0, 1] = safe[1, 0] = True
    mine[1, 1] = True
    root = ET.fromstring(minesweeper_svg.minesweeper_svg(cells, None, forced_safe=safe, forced_mine=mine))
    assert class_cells(root, "forced-safe") == {(0, 1), (1, 0)}
    assert class_cells(root, "forced-mine") == {(1, 1)}
    assert class_cells(root, "undetermined") == {(0, 2), (2, 2)}
    assert mine_cells(root) == {(1, 1), (1, 2)}
    ticks = of_class(root, "path", "tick")[0].get("d")
    assert ticks.count("M") == 2
    assert sorted(t.text for g in of_class(root, "g", "unsure") for t in g) == ["?", "?"]
    with pytest.raises(ValueError):
        minesweeper_svg.minesweeper_svg(cells, None, forced_safe=safe)


# Writer and options


def test_run_path_covers_exactly_the_mask() -> None:
    rng = np.random.default_rng(6)
    for shape in [(1, 1), (3, 7), (20, 13)]:
        mask = rng.random(shape) < 0.5
        assert run_cells(svg.runs_path(mask, 10, 5), 10, 5) == cell_set(mask)
    assert svg.runs_path(np.zeros((2, 2), dtype=bool), 10, 5) == ""


def test_escape_and_numbers() -> None:
    assert svg.escape('a<b & "c"\x01') == "a&lt;b &amp; &quot;c&quot;\ufffd"
    assert [svg.num(v) for v in (12, 12.0, 12.5, 0.25, 1 / 3)] == ["12", "12", "12.5", "0.25", "0.33"]
    assert svg.element("rect", x=1, class_="a", stroke_width=0.5, fill=None) == '<rect x="1" class="a" stroke-width="0.5"/>'


@pytest.mark.parametrize("target", ["/no/such/directory/p.svg", "{tmp}", "-"])
def test_unwritable_svg_is_refused_before_solving(tmp_path, target) -> None:
    result = run_cli("numberlink", "-i", NL / "instance_1.txt", "--svg", target.format(tmp=tmp_path))
    assert result.code == 2 and result.err.count("\n") == 1 and result.out == ""


def test_too_big_to_draw_is_refused_before_solving(tmp_path) -> None:
    rows, cols = 2001, svg.MAX_CELLS // 2001 + 1
    board = tmp_path / "big.txt"
    board.write_text("?" * cols + "\n" + ("?" * cols + "\n") * (rows - 1))
    result = run_cli("minesweeper", "-i", board, "--svg", tmp_path / "big.svg")
    assert result.code == 2 and "--svg" in result.err and result.err.count("\n") == 1 and result.out == ""
    assert not (tmp_path / "big.svg").exists()


def test_conversion_takes_no_svg(tmp_path) -> None:
    result = run_cli("slitherlink", "-i", SL / "pzprjs" / "cspuz_bench_4x4.url", "--to-url", "--svg", tmp_path / "p.svg")
    assert result.code == 2 and "--svg" in result.err


def test_minesweeper_analyze_draws_the_analysis(tmp_path: Path) -> None:
    board = tmp_path / "board.in"
    board.write_text("3 4\n1 ? ? ?\n? ? 2 ?\n0 ? ? ?\n")
    picture = tmp_path / "analysis.svg"
    record = json.loads(run_cli("minesweeper", "-i", board, "--analyze", "--svg", picture, "--format", "json").out)
    root = ET.parse(picture).getroot()
    assert class_cells(root, "forced-safe") == {tuple(cell) for cell in record["analysis"]["safe"]}
    assert class_cells(root, "forced-mine") == {tuple(cell) for cell in record["analysis"]["mine"]}
    assert class_cells(root, "undetermined") == {tuple(cell) for cell in record["analysis"]["undetermined"]}


@pytest.mark.parametrize("puzzle, source", [("numberlink", NL / "instance_1.txt"), ("slitherlink", SL / "pzprjs" / "cspuz_bench_4x4.url"),
                                            ("minesweeper", MS / "medium-sat.in")])
def test_every_picture_has_an_opaque_white_background(tmp_path, puzzle, source) -> None:
    """Dark viewers show a transparent picture on black: black clues and dots would vanish."""
    _, root = solve(tmp_path, puzzle, "-i", source)
    first = next(e for e in root if e.tag not in (f"{NS}title", f"{NS}style", f"{NS}defs"))
    assert first.tag == f"{NS}rect" and first.get("fill") == "#ffffff"
    width, height = (float(v) for v in root.get("viewBox").split()[2:])
    assert float(first.get("x")) <= 0 and float(first.get("y")) <= 0
    assert float(first.get("x")) + float(first.get("width")) >= width
    assert float(first.get("y")) + float(first.get("height")) >= height


def test_each_label_is_sized_to_fit_its_circle(tmp_path) -> None:
    """A long label does not shrink the short ones; East Asian wide characters count as two."""
    _, root = solve(tmp_path, "numberlink", "-i", "-", stdin="ABCDEFG,.,1,.,ABCDEFG\n長,.,.,.,長\n猫猫猫,.,1,.,猫猫猫\n", code=1)
    size = {t.text: float(t.get("font-size")) for t in of_class(root, "text", "label")}
    assert size["1"] == size["長"] == numberlink_svg.CELL * 0.5
    inside = 2 * numberlink_svg.RING - 3
    for label in ("ABCDEFG", "猫猫猫"):
        assert 0.6 * inside < svg.text_width(label, size[label]) <= inside
    assert size["猫猫猫"] < numberlink_svg.label_size("ABC") * 0.7  # three wide characters, not three narrow ones


def test_numberlink_analysis_has_a_legend_colours_and_visible_crosses(tmp_path) -> None:
    _, root = solve(tmp_path, "numberlink", "-i", NL / "instance_5.txt", "--analyze")
    assert root.find(f"{NS}title").text.endswith(": analysis")
    legend = " ".join(t.text for t in of_class(root, "text", "legend"))
    assert "forced on" in legend and "forced off" in legend and "undetermined" in legend
    palette = set(numberlink_svg.route_colours(Driver("numberlink").parse((NL / "instance_5.txt").read_text())[0],
                                               None).values())
    on = of_class(root, "line", "forced-on")
    assert on and {line.get("style").removeprefix("stroke: ") for line in on} == palette
    order = [e.get("class") for e in root if e.get("class") in ("end", "forced-off")]
    assert "forced-off" in order and order.index("forced-off") > max(i for i, c in enumerate(order) if c == "end")


def text_cells(root: ET.Element, cls: str) -> dict[tuple[int, int], str]:
    """The cells holding a text of group class ``cls``, and the text."""
    return {cells_at([float(t.get("x"))], [float(t.get("y"))], minesweeper_svg.CELL, minesweeper_svg.MARGIN, 0.5)[0]: t.text
            for g in of_class(root, "g", cls) for t in g}


def test_minesweeper_hint_is_drawn(tmp_path) -> None:
    """No cell is certain on large-sat.in: the lowest-risk cell gets the terminal's !, a frame and a legend line."""
    record, root = solve(tmp_path, "minesweeper", "-i", MS / "large-sat.in", "--hint")
    guess = tuple(record["hint"]["guess"])
    assert text_cells(root, "guess") == {guess: "!"} and guess not in text_cells(root, "unsure")
    frames = re.findall(r"M([-\d.]+) ([-\d.]+)m", of_class(root, "path", "hint")[0].get("d"))
    assert cells_at([float(x) for x, _ in frames], [float(y) for _, y in frames], minesweeper_svg.CELL,
                    minesweeper_svg.MARGIN, 0.5) == [guess]
    assert root.find(f"{NS}title").text == "Minesweeper 5x5: hint"
    assert any("33.3%" in t.text for t in of_class(root, "text", "legend"))
    record, root = solve(tmp_path, "minesweeper", "-i", MS / "medium-sat.in", "--hint")
    frames = re.findall(r"M([-\d.]+) ([-\d.]+)m", of_class(root, "path", "hint")[0].get("d"))
    framed = cells_at([float(x) for x, _ in frames], [float(y) for _, y in frames], minesweeper_svg.CELL, minesweeper_svg.MARGIN, 0.5)
    assert sorted(framed) == sorted(tuple(cell) for cell in record["hint"]["safe"]) and not text_cells(root, "guess")


def test_minesweeper_uncounted_cells_differ_from_undetermined(tmp_path) -> None:
    """Cells over --probability-budget are not computed (the terminal's -), not undetermined (?)."""
    board = "3 6\n? ? ? ? ? 0\n? 2 ? 2 ? ?\n? ? ? ? ? ?\n"
    record, root = solve(tmp_path, "minesweeper", "-i", "-", "--probabilities", "--probability-budget", "1", stdin=board)
    uncounted = text_cells(root, "not-counted")
    assert sorted(uncounted) == sorted(tuple(cell) for cell in record["probabilities"]["not_computed"])
    assert uncounted and set(uncounted.values()) == {"-"} and not text_cells(root, "unsure")
    assert class_cells(root, "uncounted") == set(uncounted)
    assert any("not computed" in t.text for t in of_class(root, "text", "legend"))
    assert root.find(f"{NS}title").text == "Minesweeper 6x3: probabilities"


def test_slitherlink_corners_are_clean_and_the_state_is_written(tmp_path) -> None:
    """Dots lie under the loop and are no wider than it (no bumps at its corners); rings leave the digit room."""
    _, root = solve(tmp_path, "slitherlink", "-i", SL / "pzprjs" / "cspuz_bench_4x4.url")
    order = [e.get("class") for e in root]
    assert max(i for i, c in enumerate(order) if c == "dot") < order.index("loop")
    width = float(re.search(r"\.loop \{[^}]*stroke-width: ([\d.]+)", root.find(f"{NS}style").text).group(1))
    assert {float(c.get("r")) for c in of_class(root, "circle", "dot")} == {width / 2}
    assert root.find(f"{NS}title").text == "Slitherlink 4x4" and not of_class(root, "text", "legend")
    _, root = solve(tmp_path, "slitherlink", "-i", "-", "--explain", code=1, stdin="3 0 .\n. . .\n. . 2\n")
    assert root.find(f"{NS}title").text == "Slitherlink 3x3: no solution (conflicting clues ringed)"
    assert [t.text for t in of_class(root, "text", "legend")] == ["no solution (conflicting clues ringed)"]
    assert {float(c.get("r")) for c in of_class(root, "circle", "marked")} == {slitherlink_svg.CELL * 0.41}


def test_unique_on_a_board_with_two_solutions_draws_both(tmp_path) -> None:
    """As the terminal shows the second solution under the first, the picture draws it beside the first."""
    record, root = solve(tmp_path, "slitherlink", "-i", "-", "--unique", stdin=". . .\n. . .\n")
    assert root.find(f"{NS}title").text == "Slitherlink 3x2: not unique: two solutions shown"
    boards = root.findall(f"{NS}svg")
    assert len(boards) == 2 and float(boards[1].get("x")) > float(boards[0].get("width"))
    assert [board.find(f"{NS}title").text for board in boards] == [
        "Slitherlink 3x2: not unique: solution 1 of 2 found", "Slitherlink 3x2: not unique: solution 2 of 2 found"]
    assert [[t.text for t in of_class(board, "text", "legend")] for board in boards] == [
        ["not unique: solution 1 of 2 found"], ["not unique: solution 2 of 2 found"]]
    loops = [sorted((line.get("x1"), line.get("y1"), line.get("x2"), line.get("y2")) for line in of_class(board, "line", "loop"))
             for board in boards]
    assert loops[0] != loops[1] and all(loops)
    assert float(root.get("width")) >= sum(float(board.get("width")) for board in boards)


@pytest.mark.parametrize(("args", "stdin", "title", "found"), [
    (("numberlink", "-i", "-", "--unique"), "1..\n...\n..1\n", "Numberlink 3x3: not unique: two solutions shown", 2),
    (("numberlink", "-i", "-", "--unique", "--count", "3"), "1...\n....\n....\n..1.\n",
     "Numberlink 4x4: not unique: two solutions shown (3 found)", 3),
    (("minesweeper", "-i", "-", "--unique"), "2 2\n1 ?\n? ?\n", "Minesweeper 2x2: not unique: two solutions shown", 2),
])
def test_the_title_of_two_solutions_side_by_side_says_not_unique(tmp_path, args, stdin, title, found) -> None:
    _, root = solve(tmp_path, *args, stdin=stdin)
    boards = root.findall(f"{NS}svg")
    assert root.find(f"{NS}title").text == title and len(boards) == 2
    assert [board.find(f"{NS}title").text.split(": ", 1)[1] for board in boards] == [
        f"not unique: solution {k} of {found} found" for k in (1, 2)]


def contrast(a: str, b: str) -> float:
    """WCAG contrast ratio of two ``#rrggbb`` colours."""
    def luminance(colour: str) -> float:
        channels = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
        r, g, b = (x / 12.92 if x <= 0.03928 else ((x + 0.055) / 1.055) ** 2.4 for x in channels)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_every_pipe_shows_on_white() -> None:
    """Flow Free's white, yellow, cyan ... fall under 3:1 on white: their dark casing (15:1) draws them."""
    assert contrast(numberlink_svg.CASING, "#ffffff") >= 7
    for colour in [*numberlink_svg.COLOURS, *numberlink_svg.FLOW_COLOURS.values()]:
        assert max(contrast(colour, "#ffffff"), contrast(colour, numberlink_svg.CASING)) >= 3, colour
    assert contrast(numberlink_svg.FLOW_COLOURS["W"], "#ffffff") < 3  # why the casing is there


def test_outcome_state_words() -> None:
    """The title's words for each way a solve ends."""
    from satpuzzles.core.outcome import Outcome, Settings

    assert svg.outcome_state(Outcome("unsolvable", exhausted=True), Settings()) == "no solution"
    assert svg.outcome_state(Outcome("unsolvable", exhausted=True, explanation=[(0, 0)]), Settings()) == \
        "no solution (conflicting clues ringed)"
    timed_out = Outcome("unknown", message="timed out after 5 s")
    assert svg.outcome_state(timed_out, Settings(timeout=5)) == "undecided (timed out after 5 s), puzzle drawn bare"
    assert svg.outcome_state(Outcome("solved", ["a"], exhausted=True), Settings(unique=True)) == ""
    assert svg.outcome_state(Outcome("unknown", message="the encoding tried is stronger"), Settings()) == \
        "undecided, puzzle drawn bare"
    assert svg.outcome_state(Outcome("unknown"), Settings()) == "unsolved"
    assert svg.outcome_state(Outcome("solved", ["a", "b"]), Settings(unique=True)) == "not unique: solution 1 of 2 found"
    assert svg.outcome_state(Outcome("solved", ["a", "b", "c"]), Settings(count=3)) == "solution 1 of 3 found drawn"
    assert svg.titled("Masyu 3x3", "no solution") == "Masyu 3x3: no solution" and svg.titled("Masyu 3x3", "") == "Masyu 3x3"


def test_open_rule_analysis_names_its_cell_marks_once(tmp_path) -> None:
    """The title names the rules and the mode without doubled parentheses; the legend keys the cell marks."""
    _, root = solve(tmp_path, "numberlink", "-i", "-", "--rules", "open", "--analyze", stdin="1..1\n....\n2..2\n")
    assert root.find(f"{NS}title").text == "Numberlink 4x3, rules open (cells may stay empty): analysis"
    legend = [t.text for t in of_class(root, "text", "legend")]
    assert any("dashed ring: either" in line for line in legend) and any("forced on" in line for line in legend)
    assert of_class(root, "circle", "cell-either")


def test_minesweeper_percentages_stay_readable_on_deep_red() -> None:
    """Percentages of the two deepest heatmap bands are white: black on deep red falls under 3:1."""
    cells = np.array([[UNKNOWN, UNKNOWN, UNKNOWN], [UNKNOWN, 7, UNKNOWN], [UNKNOWN, UNKNOWN, UNKNOWN]], dtype=np.int8)
    none = np.zeros(cells.shape, dtype=bool)
    odds = np.where(cells == UNKNOWN, 7 / 8, np.nan)
    odds[0, 0] = 0.5
    root = ET.fromstring(minesweeper_svg.minesweeper_svg(cells, None, none, none, probabilities=odds))
    assert sorted(text_cells(root, "dark").values()) == ["88%"] * 7
    assert text_cells(root, "odds") == {**{(0, 0): "50%"}, **text_cells(root, "dark")}
    style = root.find(f"{NS}style").text
    for band in range(minesweeper_svg.DARK_BAND, 10):
        fill = re.search(rf"\.p{band} {{ fill: (#\w+); }}", style).group(1)
        assert contrast(fill, "#ffffff") > contrast(fill, "#000000") and contrast(fill, "#ffffff") >= 4.5


def test_the_analysis_title_of_earlier_plugins_still_says_the_key() -> None:
    from satpuzzles.present import svg

    assert svg.analysis_title({"a": "true"}) == svg.ANALYSIS_KEY == svg.ANALYSIS_TITLE
    assert svg.analysis_title({"a": "undecided"}).endswith("not drawn: undecided (timed out)")


def test_two_boards_side_by_side_keep_their_ids_unique(tmp_path) -> None:
    """Minesweeper's boards each define a hatch pattern: nested side by side, each keeps its own id."""
    _, root = solve(tmp_path, "minesweeper", "-i", "-", "--unique", stdin="1 3\n? 1 ?\n")
    assert len(root.findall(f"{NS}svg")) == 2
    ids = [element.get("id") for element in root.iter() if element.get("id") is not None]
    assert ids and len(ids) == len(set(ids))
    text = ET.tostring(root, encoding="unicode")
    assert set(re.findall(r"url\(#([^)]+)\)", text)) <= set(ids)
