"""Numberlink --explain: the labels (and, under fill, the cells) it names cannot all be joined (used), and each
one less can, by a brute force over every set of links written from the rules, not from the CNF."""

from __future__ import annotations

import json
import random

import pytest

from satpuzzles.geometry import Cell
from tests.conftest import run_cli

Links = list[tuple[Cell, Cell]]


def _links(rows: int, cols: int) -> Links:
    return [((r, c), (r, c + 1)) for r in range(rows) for c in range(cols - 1)] + \
        [((r, c), (r + 1, c)) for r in range(rows - 1) for c in range(cols)]


def _valid(rows: int, cols: int, givens: dict[Cell, str], used: Links, join: set[str], fill: set[Cell],
           self_touch: bool) -> bool:
    """Whether ``used`` links are paths between equal labels (no cycle, no stray end), joining every label of
    ``join`` and passing through every cell of ``fill``; under no self-touch no path runs beside itself."""
    around: dict[Cell, list[Cell]] = {}
    for u, v in used:
        around.setdefault(u, []).append(v)
        around.setdefault(v, []).append(u)
    if any(len(n) > (1 if cell in givens else 2) for cell, n in around.items()):
        return False
    owner: dict[Cell, str] = {}
    seen: set[Cell] = set()
    for start in around:
        if start in seen:
            continue
        component, todo = [], [start]
        seen.add(start)
        while todo:
            cell = todo.pop()
            component.append(cell)
            for other in around[cell]:
                if other not in seen:
                    seen.add(other)
                    todo.append(other)
        ends = [cell for cell in component if len(around[cell]) == 1]
        if len(ends) != 2 or any(end not in givens for end in ends) or givens[ends[0]] != givens[ends[1]]:
            return False  # a cycle, or a path that stops at no endpoint or joins two labels
        owner.update(dict.fromkeys(component, givens[ends[0]]))
    owner.update((cell, label) for cell, label in givens.items() if cell not in owner)  # endpoints alone
    joined = {owner[cell] for cell in around}
    if not join <= joined or any(cell not in around for cell in fill):
        return False
    if not self_touch:
        linked = set(used) | {(v, u) for u, v in used}
        for u, v in _links(rows, cols):
            if u in owner and v in owner and owner[u] == owner[v] and (u, v) not in linked:
                return False
    return True


def solvable(rows: int, cols: int, givens: dict[Cell, str], join: set[str], fill: set[Cell],
             self_touch: bool) -> bool:
    """Whether some set of links is valid (every subset of the board's links tried)."""
    links = _links(rows, cols)
    return any(_valid(rows, cols, givens, [links[i] for i in range(len(links)) if mask >> i & 1], join, fill,
                      self_touch) for mask in range(1 << len(links)))


def random_board(rng: random.Random) -> tuple[int, int, dict[Cell, str]]:
    """A board of at most 12 links with two to four labels placed at random."""
    rows, cols = rng.choice([(2, 3), (3, 2), (2, 4), (3, 3)])
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    pairs = rng.randint(2, min(4, len(cells) // 2))
    chosen = rng.sample(cells, 2 * pairs)
    return rows, cols, {cell: "ABCD"[i // 2] for i, cell in enumerate(chosen)}


def board_text(rows: int, cols: int, givens: dict[Cell, str]) -> str:
    return f"{cols} {rows}\n" + "".join(" ".join(givens.get((r, c), ".") for c in range(cols)) + "\n"
                                        for r in range(rows))


@pytest.mark.parametrize(("fill", "self_touch"), [(True, True), (False, True), (True, False), (False, False)])
def test_the_named_conflict_is_unsolvable_and_minimal_by_brute_force(fill: bool, self_touch: bool) -> None:
    rng = random.Random(f"{fill}{self_touch}")
    explained = 0
    for _ in range(60):
        rows, cols, givens = random_board(rng)
        labels = set(givens.values())
        every_cell = {(r, c) for r in range(rows) for c in range(cols) if (r, c) not in givens} if fill else set()
        flags = ["--rules", "fill" if fill else "open"] + ([] if self_touch else ["--no-self-touch"])
        run = run_cli("numberlink", "-", "--explain", "--format", "json", *flags, stdin=board_text(rows, cols, givens))
        record = json.loads(run.out)
        if solvable(rows, cols, givens, labels, every_cell, self_touch):
            assert run.code == 0 and record["status"] == "solved"
            continue
        assert run.code == 1 and record["status"] == "unsolvable" and record["explanation"]["minimal"]
        join = set(record["explanation"]["labels"])
        used = {tuple(cell) for cell in record["explanation"]["cells"]}
        assert join <= labels and used <= every_cell and (join or used)
        assert not solvable(rows, cols, givens, join, used, self_touch)
        for label in join:
            assert solvable(rows, cols, givens, join - {label}, used, self_touch), (givens, join, used, label)
        for cell in used:
            assert solvable(rows, cols, givens, join, used - {cell}, self_touch), (givens, join, used, cell)
        explained += 1
    assert explained >= 10  # the boards hold enough unsolvable ones to test


def test_a_label_conflict_is_named_marked_and_ringed(tmp_path) -> None:
    board = "3 3\nA B .\n. . .\nB A .\n"  # B's right endpoint is reached only through A's only way out
    run = run_cli("numberlink", "-", "--explain", "--svg", tmp_path / "x.svg", stdin=board)
    assert run.code == 1
    assert "Conflict = labels A and B cannot both be joined (a minimal set)\n" in run.out
    assert run.out.rstrip().endswith("A!B!.\n. . .\nB!A!.")
    drawn = (tmp_path / "x.svg").read_text()
    assert drawn.count('class="marked"') == 4 and "no solution (conflicting labels ringed)" in drawn
    record = json.loads(run_cli("numberlink", "-", "--explain", "--format", "json", stdin=board).out)
    assert record["explanation"] == {"labels": ["A", "B"], "cells": [], "minimal": True}


def test_under_fill_the_cells_that_cannot_all_be_used_are_named() -> None:
    board = "3 2\nA . A\n. . .\n"  # A's only route through the bottom row leaves the top middle cell out
    run = run_cli("numberlink", "-", "--explain", stdin=board)
    assert run.code == 1 and "Conflict = these 3 cells cannot all be used (a minimal set)\n" in run.out
    assert run.out.rstrip().endswith("A .!A\n.!. .!")
    assert run_cli("numberlink", "-", "--explain", "--rules", "open", stdin=board).code == 0
    record = json.loads(run_cli("numberlink", "-", "--explain", "--format", "json", stdin=board).out)
    assert record["explanation"] == {"labels": [], "cells": [[0, 1], [1, 0], [1, 2]], "minimal": True}


def test_a_label_walled_in_by_other_endpoints_is_named_alone() -> None:
    board = "4 4\nA . . B\n. C . .\n. . C .\nB . . A\n"
    run = run_cli("numberlink", "-", "--explain", stdin=board)
    assert run.code == 1 and "Conflict = label B cannot be joined\n" in run.out


def test_the_brute_force_sees_the_rules() -> None:
    """The checker itself: a corner label joins along its row, a crossing pair cannot, fill needs every cell."""
    givens = {(0, 0): "A", (0, 2): "A"}
    assert solvable(2, 3, givens, {"A"}, set(), True)
    assert not solvable(2, 3, givens, {"A"}, {(0, 1), (1, 0), (1, 1), (1, 2)}, True)
    crossing = {(0, 0): "A", (1, 1): "A", (0, 1): "B", (1, 0): "B"}
    assert not solvable(2, 2, crossing, {"A"}, set(), True) and solvable(2, 2, crossing, set(), set(), True)
    beside = {(0, 0): "A", (1, 0): "A"}  # through both cells of the other column: a U that runs beside itself
    assert solvable(3, 2, beside, {"A"}, {(0, 1), (1, 1)}, True)
    assert not solvable(3, 2, beside, {"A"}, {(0, 1), (1, 1)}, False)


def test_a_conflict_of_the_labels_alone_names_no_cells_under_fill() -> None:
    """B's endpoints are walled in, and the top right corner cannot be used either: the labels' conflict is named,
    as under the open rule, though the solver's first core may hold the corner alone."""
    board = "5 3\nA . . . .\n. C C . B\nB . A . .\n"
    for rules in ("fill", "open"):
        record = json.loads(run_cli("numberlink", "-", "--explain", "--format", "json", "--rules", rules,
                                    stdin=board).out)
        assert record["explanation"] == {"labels": ["B"], "cells": [], "minimal": True}


def test_two_cells_or_two_labels_with_cells_cannot_both_hold() -> None:
    run = run_cli("numberlink", "-", "--explain", stdin="4 3\nA . . A\n. B . .\nB . . .\n")
    assert "Conflict = these 2 cells cannot both be used (a minimal set)\n" in run.out
    run = run_cli("numberlink", "-", "--explain", stdin="4 4\n. . . .\n. C A C\n. . . .\nA B B .\n")
    assert "Conflict = labels C and A cannot both be joined with this cell used (a minimal set)\n" in run.out
    assert run.out.rstrip().endswith(". . . .\n. C!A!C!\n. . . .\nA!B B .!")
