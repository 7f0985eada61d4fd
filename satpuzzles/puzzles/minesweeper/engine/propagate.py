"""Minesweeper's trivial rules with numpy, and the counts they leave open for SAT.

1. the trivial rules run to a fixpoint on the whole board at once (a count already met
   makes its unknown neighbours safe; a count that needs all its unknown neighbours makes
   them mines), which decides most cells and finds plain contradictions;
2. only unknown cells next to a count that is still open get variables.
"""

from __future__ import annotations

import numpy as np

from satpuzzles.cnf.formula import Formula
from satpuzzles.constraints.counts import exact_counts
from satpuzzles.core.records import Record
from satpuzzles.geometry import around8_at, count8, dilate8
from satpuzzles.puzzles.minesweeper.model import MINE, UNKNOWN
from satpuzzles.solve.backends import Backend


class Deduction(Record):
    """What propagation decided: known mines, known safe cells, and a broken count if any."""

    mine: np.ndarray
    safe: np.ndarray
    broken: tuple[int, int] | None
    rounds: int
    decided: np.ndarray | None = None
    """With ``propagate(..., trace=True)``: the round each unknown cell was decided in (1 for the first), 0 for the
    rest."""


def propagate(cells: np.ndarray, clues: np.ndarray | None = None, trace: bool = False) -> Deduction:
    """Apply the trivial rules to a fixpoint (numpy, whole board per round); ``clues``: the revealed counts that
    take part (default all; the others are safe cells that count nothing), ``trace``: record each cell's round."""
    counts = cells >= 0 if clues is None else clues & (cells >= 0)
    mine = cells == MINE
    safe = cells >= 0
    decided = np.zeros(cells.shape, dtype=np.int32) if trace else None
    rounds = 0
    while True:
        rounds += 1
        unknown = ~(mine | safe)
        need = np.where(counts, cells - count8(mine), 0)
        open_cells = count8(unknown)
        broken = counts & ((need < 0) | (need > open_cells))
        if broken.any():
            return Deduction(mine, safe, _first(broken), rounds, decided)
        met = counts & (need == 0) & (open_cells > 0)
        full = counts & (need == open_cells) & (open_cells > 0)
        new_safe = dilate8(met) & unknown
        new_mine = dilate8(full) & unknown
        clash = new_safe & new_mine
        if clash.any():
            return Deduction(mine, safe, _first(counts & dilate8(clash)), rounds, decided)
        if not (new_safe.any() or new_mine.any()):
            return Deduction(mine, safe, None, rounds, decided)
        if decided is not None:
            decided[new_safe | new_mine] = rounds
        safe |= new_safe
        mine |= new_mine


def _first(mask: np.ndarray) -> tuple[int, int]:
    r, c = np.argwhere(mask)[0]
    return int(r), int(c)


class OpenCounts(Record):
    """The counts still open after propagation, as rows of neighbour variables."""

    var: np.ndarray
    """Variable id of each undecided cell next to an open count (0 elsewhere)."""
    where: np.ndarray
    """(n, 2) row and column of each open count."""
    lits: np.ndarray
    """(n, 8) variable ids of each open count's neighbours, 0 where there is none."""
    need: np.ndarray
    """(n,) how many more mines each open count needs."""


def open_counts(cells: np.ndarray, deduction: Deduction, clues: np.ndarray | None = None) -> OpenCounts:
    """Number the undecided cells next to open counts and list each open count's constraint (of ``clues`` only,
    when given)."""
    counts = cells >= 0 if clues is None else clues & (cells >= 0)
    unknown = ~(deduction.mine | deduction.safe)
    need = np.where(counts, cells - count8(deduction.mine), 0)
    active = counts & (count8(unknown) > 0)
    frontier = dilate8(active) & unknown
    var = np.zeros(cells.shape, dtype=np.int64)
    var[frontier] = np.arange(1, int(frontier.sum()) + 1)
    where = np.argwhere(active)
    r, c = where[:, 0], where[:, 1]
    lits = around8_at(var, r, c)
    return OpenCounts(var, where, lits, need[r, c].astype(np.int64))


def unseen_cells(cells: np.ndarray, deduction: Deduction, counts: OpenCounts) -> np.ndarray:
    """Unknown cells propagation left undecided that no open count sees: only a mine total constrains them."""
    return (cells == UNKNOWN) & ~deduction.mine & ~deduction.safe & (counts.var == 0)


def renumber(rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Rows of variable ids (0 = none) renumbered 1..n: the sorted ids with 0 first, and the local rows."""
    involved, local = np.unique(rows, return_inverse=True)
    local = local.reshape(rows.shape)
    if involved[0] != 0:
        involved, local = np.concatenate([[0], involved]), local + 1
    return involved, local


def counts_met(counts: OpenCounts, values: np.ndarray) -> bool:
    """Whether variable values (index 0 unused) give every open count exactly its need."""
    held = values.copy()
    held[0] = False
    return bool((held[counts.lits].sum(axis=1) == counts.need).all())


def add_counts(backend: Backend, local: np.ndarray, need: np.ndarray) -> None:
    """Each row of variables (0 = none) holds exactly its ``need`` of mines.

    As native AtMostK pairs where the solver has them (Minicard, Gluecard), else as
    clauses in the direct form (at most eight cells around a count: no auxiliaries).
    """
    if backend.native_cardinality:
        for row, k in zip(local.tolist(), need.tolist()):
            lits = [x for x in row if x]
            backend.add_atmost(lits, k)
            backend.add_atmost([-x for x in lits], len(lits) - k)
        return
    clauses = Formula()
    exact_counts(clauses, local, need)
    backend.add_clauses(clauses.clauses)


def counts_hold(cells: np.ndarray, mines: np.ndarray) -> bool:
    """Whether a full mine layout agrees with every revealed count (and keeps counts mine-free)."""
    counts = cells >= 0
    return not (mines & counts).any() and bool((count8(mines)[counts] == cells[counts]).all())
