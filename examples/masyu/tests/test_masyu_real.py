"""Masyu: published puzzles solve to their known, unique answers; the verifier rejects every broken rule."""

from __future__ import annotations

import json

import pytest
from masyu_testing import run_cli, solve_masyu
from satpuzzles_masyu.formats import READERS, parse_grid
from satpuzzles_masyu.model import MasyuInstance, MasyuSolution, verify

from satpuzzles.core.outcome import Settings
from satpuzzles.geometry import Cell, Link

PZPRJS = "https://puzz.link/p?mashu/6/6/1063000i3000"
"""robx/pzprjs test/script/mashu.js: the debug URL; its answer is the test's last (error-free) board."""
PZPRJS_CORNERS = [(0, 0), (0, 3), (1, 3), (1, 1), (3, 1), (3, 2), (2, 2), (2, 4), (0, 4), (0, 5), (3, 5), (3, 3),
                  (5, 3), (5, 2), (4, 2), (4, 0)]

WIKIPEDIA = ("..w.w.....|....w...b.|..b.b.w...|...w..w...|b....w...w|"
             "..w....w..|..b...w...|w...b....w|......ww..|..b......b")
"""Adam R. Wood's example, https://commons.wikimedia.org/wiki/File:Masyu_puzzle.svg (rows joined by '|')."""
WIKIPEDIA_CORNERS = [(0, 1), (0, 5), (1, 5), (1, 3), (4, 3), (4, 4), (2, 4), (2, 7), (3, 7), (3, 5), (6, 5), (6, 7),
                     (4, 7), (4, 8), (1, 8), (1, 6), (0, 6), (0, 9), (5, 9), (5, 8), (6, 8), (6, 9), (9, 9), (9, 5),
                     (8, 5), (8, 8), (7, 8), (7, 4), (9, 4), (9, 2), (6, 2), (6, 4), (5, 4), (5, 1), (8, 1), (8, 0),
                     (4, 0), (4, 2), (2, 2), (2, 0), (1, 0), (1, 1)]

UNIQUE_URLS = """
https://puzz.link/p?mashu/6/6/0366001901i0
https://puzz.link/p?mashu/6/6/003600200i00
https://puzz.link/p?mashu/7/7/000j900iii2001200
https://puzz.link/p?mashu/7/7/10ii1000663900310
https://puzz.link/p?mashu/10/10/030206119200009b0i6603090000i031i0
https://puzz.link/p?mashu/10/10/030120300i206a0001000310ig0i010990
https://puzz.link/p?mashu/10/10/0211300020b100039j00020i13000a3i90
https://puzz.link/p?mashu/10/10/00120900i30i6300906026913200903000
https://puzz.link/p?mashu/13/9/013009k10a3a39310c9313693i016030j039a20
https://puzz.link/p?masyu/15/10/i0a02000000ik20620i6i0a021c049c209490j0100a0019329
https://puzz.link/p?mashu/20/20/i000006303j0215600c0031070269c30i0009069i200o99213300c4004c9100l000610j96i900366k3991300969a1010c200j0c009i00190000b01606j1006c0904000
"""
"""Published puzz.link Masyu found in public repositories (a graded ★-★★★★ list, solver test samples)."""


def links_of(corners: list[Cell]) -> frozenset[Link]:
    """The links of a loop given by its corners in order (each straight run between two corners filled in)."""
    found = set()
    for (r1, c1), (r2, c2) in zip(corners, corners[1:] + corners[:1]):
        dr, dc = (r2 > r1) - (r2 < r1), (c2 > c1) - (c2 < c1)
        cell = (r1, c1)
        while cell != (r2, c2):
            following = (cell[0] + dr, cell[1] + dc)
            found.add((min(cell, following), max(cell, following)))
            cell = following
    return frozenset(found)


def test_the_pzprjs_example_solves_to_its_answer() -> None:
    (instance,) = READERS[0].read(PZPRJS)
    outcome = solve_masyu(instance, Settings(unique=True))
    assert outcome.uniqueness(Settings(unique=True)) is True
    assert outcome.solutions[0].edges == links_of(PZPRJS_CORNERS)


def test_the_wikipedia_example_solves_to_its_answer() -> None:
    instance = parse_grid(WIKIPEDIA.replace("|", "\n"))
    assert len(instance.circles) == 23
    outcome = solve_masyu(instance, Settings(unique=True))
    assert outcome.uniqueness(Settings(unique=True)) is True
    assert outcome.solutions[0].edges == links_of(WIKIPEDIA_CORNERS)


def test_published_puzzles_are_unique_through_the_cli(tmp_path) -> None:
    source = tmp_path / "published.url"
    source.write_text(UNIQUE_URLS)
    result = run_cli("masyu", "-i", source, "--unique", "--format", "json")
    records = [json.loads(line) for line in result.out.splitlines()]
    assert result.code == 0 and len(records) == 11
    assert all(record["status"] == "solved" and record["unique"] is True for record in records)


def test_the_pzprjs_example_unique_in_text() -> None:
    result = run_cli("masyu", "-i", "-", "--unique", stdin=PZPRJS + "\n")
    assert result.code == 0 and "Unique = True" in result.out
    assert "┌───────○───┐   ┌───┐" in result.out


@pytest.fixture
def solved() -> tuple[MasyuInstance, frozenset[Link]]:
    """The pzprjs example and its answer."""
    (instance,) = READERS[0].read(PZPRJS)
    return instance, links_of(PZPRJS_CORNERS)


def test_the_answer_keeps_the_rules(solved) -> None:
    instance, loop = solved
    assert verify(instance, MasyuSolution(loop)) == []


@pytest.mark.parametrize(("cell", "colour", "message"), [
    ((0, 0), "w", "white circle at (0, 0): the loop turns on it"),
    ((2, 0), "w", "white circle at (2, 0): the loop turns in neither neighbouring cell"),
    ((3, 0), "b", "black circle at (3, 0): the loop goes straight through it"),
    ((0, 3), "b", "black circle at (0, 3): the loop turns right next to it"),
    ((5, 5), "w", "circle at (5, 5) is not on the loop"),
])
def test_each_circle_rule_is_checked(solved, cell: Cell, colour: str, message: str) -> None:
    instance, loop = solved
    circles = {**instance.circles, cell: colour}
    assert verify(MasyuInstance(instance.grid, circles), MasyuSolution(loop)) == [message]


def test_broken_loops_are_rejected(solved) -> None:
    instance, loop = solved
    grid = instance.grid

    def problems(edges: frozenset[Link], **changes: object) -> list[str]:
        changed = MasyuInstance(grid, instance.circles, **changes)  # type: ignore[arg-type]
        return verify(changed, MasyuSolution(edges))

    assert problems(frozenset()) == ["no loop drawn"]
    assert problems(loop - {((0, 0), (0, 1))}) == ["cell (0, 0) has 1 loop link"]
    assert problems(loop | {((1, 3), (1, 4))}) == ["cell (1, 3) has 3 loop links"]
    assert problems(loop | {((0, 0), (0, 2))}) == [
        "link ((0, 0), (0, 2)) does not join two adjacent cells of the board, smaller first"]
    assert problems(loop | {((5, 5), (5, 6))})[0].startswith("link ((5, 5), (5, 6))")
    assert problems(loop | {((5, 5), (5, 4))})[0].startswith("link ((5, 5), (5, 4))")
    square = frozenset({((4, 4), (4, 5)), ((4, 4), (5, 4)), ((4, 5), (5, 5)), ((5, 4), (5, 5))})
    assert problems(loop | square) == ["the links form more than one loop"]
    assert problems(loop, visit_all=True) == ["6 cells are not on the loop"]
