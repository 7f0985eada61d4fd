"""Exact counts over neighbourhoods: "exactly k of these literals", many at once.

Minesweeper's numbers count the up to eight cells around one (Slitherlink's four-sided
counts are built with plain lists instead, by constraints.patterns, so that it never imports
numpy). Rows with the same number of literals and the same k are encoded together by numpy
(cnf.cardinality.exactly_rows), so a board of clues costs a few array operations instead of a
Python loop per clue.
"""

from __future__ import annotations

import numpy as np

from satpuzzles.cnf.cardinality import exactly, exactly_rows
from satpuzzles.cnf.formula import Formula

ROW_LIMIT = 8
"""Rows up to this many literals use the direct form in bulk; longer ones go one by one (cnf.exactly)."""


def exact_counts(formula: Formula, lits: np.ndarray, counts: np.ndarray, guards: np.ndarray | None = None) -> None:
    """Row i of ``lits`` (0 = no literal) holds exactly ``counts[i]`` true literals (when ``guards[i]`` holds)."""
    counts = np.asarray(counts, dtype=np.int64)
    if not counts.size:
        return
    lits = np.asarray(lits, dtype=np.int64).reshape(len(counts), -1)
    present = lits != 0
    sizes = present.sum(axis=1)
    if present.all():
        packed = lits
    else:  # move each row's literals to its front, keeping their order
        order = np.argsort(~present, axis=1, kind="stable")
        packed = np.take_along_axis(lits, order, axis=1)
    for size, k in sorted(set(zip(sizes.tolist(), counts.tolist()))):  # not np.unique: it imports numpy.ma
        rows = np.flatnonzero((sizes == size) & (counts == k))
        group_guards = guards[rows] if guards is not None else None
        if size == 0:
            if k != 0:  # a count with nothing left to count can only hold as 0
                formula.extend([[-g] for g in group_guards.tolist()] if group_guards is not None else [[]])
            continue
        if size <= ROW_LIMIT:
            exactly_rows(formula, packed[rows, :size], k, group_guards)
            continue
        for i, row in enumerate(packed[rows, :size].tolist()):
            exactly(formula, row, k, None if group_guards is None else int(group_guards[i]))
