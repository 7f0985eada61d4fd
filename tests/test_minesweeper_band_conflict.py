"""--explain on a ``mines N`` total the engine's bounds refute: bands of counts (engine/band_conflict.py), and the
counts the deductions rest on (engine/reasons.py), against brute force; the CLI's JSON on a board that needs them."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from satpuzzles.geometry import count8
from satpuzzles.puzzles.minesweeper.engine import band_conflict as banding
from satpuzzles.puzzles.minesweeper.engine import propagate as engine
from satpuzzles.puzzles.minesweeper.engine.reasons import conflict_through_deductions, resting_on
from satpuzzles.puzzles.minesweeper.engine.total import refuted_by_bounds
from satpuzzles.puzzles.minesweeper.model import MINE, UNKNOWN
from tests.conftest import run_cli
from tests.test_minesweeper_total import _meets


def small_boards(shape: tuple[int, int], seeds: range) -> list[tuple[np.ndarray, np.ndarray, np.ndarray]]:
    """Random boards of at most 14 unknown cells (some flagged), with every assignment of their unknown cells and
    each assignment's mines: (cells, boards, totals)."""
    out = []
    for seed in seeds:
        rng = np.random.default_rng(900 + seed)
        truth = rng.random(shape) < 0.3
        cells = np.where(truth, UNKNOWN, count8(truth)).astype(np.int8)
        cells[(rng.random(shape) < 0.15) & ~truth] = UNKNOWN
        cells[truth & (rng.random(shape) < 0.2)] = MINE
        unknown = np.argwhere(cells == UNKNOWN)
        if len(unknown) > 14:
            continue
        every = np.zeros((1 << len(unknown), *shape), dtype=bool)
        bits = (np.arange(1 << len(unknown))[:, None] >> np.arange(len(unknown))) & 1
        every[:, unknown[:, 0], unknown[:, 1]] = bits.astype(bool)
        every |= cells == MINE
        out.append((cells, every, every.sum(axis=(1, 2))))
    return out


def _conflicts(cells: np.ndarray, every: np.ndarray, totals: np.ndarray, total: int,
               clues: list[tuple[int, int]]) -> bool:
    """Whether no assignment meets ``clues`` with ``total`` mines while some meets them with another total."""
    meets = _meets(every, cells, clues)
    return not (meets & (totals == total)).any() and bool(meets.any())


@pytest.mark.parametrize("heights", [banding.HEIGHTS, (5,)])
def test_band_conflicts_hold_and_minimal_ones_are_minimal(heights: tuple[int, ...],
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """Every set band_conflict names, with its total, has no layout and without the total has one; a set said to be
    minimal has a layout with the total once any one of its counts is dropped. Bands of 5 rows alone (3 kept) on
    8x5 boards, and the default heights, which count a board this small whole."""
    monkeypatch.setattr(banding, "HEIGHTS", heights)
    named = minimal = 0
    for cells, every, totals in small_boards((8, 5), range(16)):
        for total in range(int(totals.min()), int(totals.max()) + 1):
            found = banding.band_conflict(cells, total)
            if found is None:
                continue
            named += 1
            assert _conflicts(cells, every, totals, total, found.clues)
            if found.minimal:
                minimal += 1
                for dropped in range(len(found.clues)):
                    rest = found.clues[:dropped] + found.clues[dropped + 1:]
                    assert (_meets(every, cells, rest) & (totals == total)).any()
    assert named > 10 and minimal > 5


def test_a_set_too_big_to_minimise_is_said_not_minimal(monkeypatch: pytest.MonkeyPatch) -> None:
    """Past MINIMISE_MOST counts the set is not tried count by count: still a conflict, said to be not minimal."""
    monkeypatch.setattr(banding, "MINIMISE_MOST", 0)
    named = 0
    for cells, every, totals in small_boards((8, 5), range(8)):
        for total in range(int(totals.min()), int(totals.max()) + 1):
            found = banding.band_conflict(cells, total)
            if found is not None:
                named += 1
                assert not found.minimal and _conflicts(cells, every, totals, total, found.clues)
    assert named > 0


def test_deductions_rest_on_their_reasons_alone() -> None:
    """The trivial rules with only the counts a deduction rests on (and no other count) decide it again; the
    conflict through the deductions, with its total, has no layout (brute force)."""
    named = 0
    for cells, every, totals in small_boards((6, 6), range(40)):
        deduction = engine.propagate(cells, trace=True)
        if deduction.broken is not None:
            continue
        deduced = (cells == UNKNOWN) & (deduction.mine | deduction.safe)
        clues = resting_on(cells, deduction, deduced)
        again = engine.propagate(cells, clues)
        assert again.broken is None and (again.mine >= deduction.mine).all() and (again.safe >= deduction.safe).all()
        for total in range(int(totals.min()), int(totals.max()) + 1):
            found = conflict_through_deductions(cells, total)
            if found is not None:
                named += 1
                assert _conflicts(cells, every, totals, total, found)
    assert named > 0


@pytest.mark.parametrize("short, by_bands", [(80, True), (60, False)])
def test_explain_on_a_total_the_bounds_refute_answers_at_once(short: int, by_bands: bool) -> None:
    """A 40x40 board given fewer mines than its counts need: the engine's bounds refute it, the disjoint counts
    alone do not, and --explain names counts and the total, said not to be minimal: 80 short, bands of the counts
    as given (checked by counting the set); 60 short, where no banding of them refutes it, the counts open after
    the trivial rules and those their deductions rest on (checked by the bounds on a board of those counts). The
    SAT minimisation ran past 120 s on such boards."""
    mines = np.random.default_rng(11).random((40, 40)) < 0.2
    cells = np.where(mines, UNKNOWN, count8(mines)).astype(np.int8)
    cells[np.random.default_rng(12).random((40, 40)) < 0.7] = UNKNOWN
    total = int(mines.sum()) - short
    text = f"40 40\nmines {total}\n" + "\n".join(" ".join("?" if v == UNKNOWN else str(v) for v in row)
                                                   for row in cells)
    result = run_cli("minesweeper", "-", "--explain", "--format", "json", stdin=text + "\n")
    data = json.loads(result.out)
    assert result.code == 1 and data["status"] == "unsolvable"
    assert data["stats"]["encoding"].endswith("+bounds")
    explanation = data["explanation"]
    assert explanation["mines"] == total and explanation["minimal"] is False and explanation["clues"]
    clues = {(r, c) for r, c, _ in explanation["clues"]}
    counts = engine.open_counts(cells, engine.Deduction(cells == MINE, cells >= 0, None, 0))
    rows = np.flatnonzero([(int(r), int(c)) in clues for r, c in counts.where])
    assert banding.refuted(counts, rows, int((cells == UNKNOWN).sum()), total) is by_bands
    chosen = np.zeros(cells.shape, dtype=bool)
    chosen[tuple(np.array(sorted(clues)).T)] = True
    assert refuted_by_bounds(cells, total, chosen)
    assert not refuted_by_bounds(cells, int(mines.sum()), chosen)  # the check can fail: the board's own total
    text_run = run_cli("minesweeper", "-", "--explain", stdin=text + "\n")
    assert f"these {len(clues)} clues and the mine total cannot all hold (checked to conflict; not shown minimal)" in text_run.out


@pytest.mark.parametrize("option", ["--hint", "--probabilities", "--analyze", "--unique"])
def test_a_board_proved_unsolvable_is_not_unique_under_every_analysing_option(option: str) -> None:
    """--hint and --probabilities analyse every placement as --analyze does: on a board proved unsolvable the
    envelope's ``unique`` is false (it was null) and the report says so, as under --analyze and --unique."""
    board = "2 3\n1 ? 1\n? ? ?\nmines 3\n"
    record = json.loads(run_cli("minesweeper", "-", option, "--format", "json", stdin=board).out)
    assert record["status"] == "unsolvable" and record["unique"] is False
    text = run_cli("minesweeper", "-", option, stdin=board).out
    assert text.count("Unique = False") == 1
    if option != "--unique":  # the bounds refuted it: the set --explain names may not be minimal
        assert "--explain names conflicting counts" in text


def test_the_api_says_a_board_proved_unsolvable_is_not_unique_under_hint(tmp_path: Path) -> None:
    """api.Result.unique with hint=True on a board proved unsolvable: False, as its docstring says."""
    from satpuzzles.api import load

    board = tmp_path / "board.txt"
    board.write_text("2 3\n1 ? 1\n? ? ?\nmines 3\n")
    puzzle = load(board, "minesweeper")
    assert puzzle.solve(hint=True).unique is False
    assert puzzle.solve(probabilities=True).unique is False
    assert puzzle.solve().unique is None  # nothing analysed: not asked
