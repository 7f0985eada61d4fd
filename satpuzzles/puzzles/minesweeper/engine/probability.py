"""Exact Minesweeper mine probabilities and forced cells by counting layouts, component by component.

Every consistent layout counts once (uniformly); with a ``mines N`` total, only the
layouts with N mines. The counting itself is counting.py (a frontier dynamic programme
over classes of interchangeable cells, every component of the board at once). Cells no
open count sees are free: 1/2 without a total; with one, they share what the components
leave, C(free, j) ways for j mines among them.

With a total the components are tied together: a component's layouts with m mines weigh
W(m), the ways the other components and the free cells make up the rest. Those weights are
products of polynomials in the number of mines, combined in log space (their values span
far more than float64's range). Components whose count needs more than the budget, or a
board too big for that combination, are marked not computed (NaN), never estimated.
"""

from __future__ import annotations

import math

import numpy as np

from satpuzzles.core.records import Record
from satpuzzles.puzzles.minesweeper.engine import DEFAULT_BUDGET, bitsets, counting, structure
from satpuzzles.puzzles.minesweeper.engine import propagate as engine
from satpuzzles.puzzles.minesweeper.model import UNKNOWN
TOTAL_WORK_LIMIT = 50_000_000
"""With a total, the log-space combination costs about (component cells) x (mines left) in all; above this: not computed."""


class BoardCount(Record):
    """The board counted without a total: probabilities, and where every component was counted, the analysis."""

    probabilities: np.ndarray
    """Each unknown cell's mine probability (NaN: not computed, or not an unknown cell)."""
    complete: bool
    """Whether every component was counted (only then are the grids below the whole answer)."""
    solvable: bool
    forced_mine: np.ndarray
    forced_safe: np.ndarray
    layout: np.ndarray
    """One consistent layout (meaningful when ``complete`` and ``solvable``)."""


def _problem(cells: np.ndarray, deduction: engine.Deduction) -> tuple[engine.OpenCounts, structure.Structure, np.ndarray]:
    """The open counts, their structure, and the free cells (unknown, undecided, seen by no open count)."""
    counts = engine.open_counts(cells, deduction)
    free = engine.unseen_cells(cells, deduction, counts)
    return counts, structure.build(counts), free


def _class_grid(counts: engine.OpenCounts, shape: structure.Structure) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The rows and columns of the variable cells, and each one's class."""
    r, c = np.nonzero(counts.var)
    return r, c, shape.var_class[counts.var[r, c]]


def count_without_total(cells: np.ndarray, deduction: engine.Deduction, budget: int = DEFAULT_BUDGET) -> BoardCount:
    """Probabilities, forced cells and a layout, every layout counted once."""
    unknown = cells == UNKNOWN
    result = np.full(cells.shape, np.nan)
    result[unknown & deduction.mine] = 1.0
    result[unknown & deduction.safe] = 0.0
    counts, shape, free = _problem(cells, deduction)
    result[free] = 0.5
    forced_mine, forced_safe, layout = unknown & deduction.mine, unknown & deduction.safe, deduction.mine.copy()
    found = counting.forward(shape, budget)
    marginals = counting.backward(shape, found, lambda comp, mines: np.ones(len(comp)))
    solvable = bool((found.layouts[found.counted, 0] > 0).all())
    r, c, cls = _class_grid(counts, shape)
    comp = shape.class_comp[cls]
    counted = found.counted[comp]
    ways = found.layouts[comp, 0] * shape.class_size[cls]
    with np.errstate(invalid="ignore", divide="ignore"):
        chance = marginals.mines[cls] / ways
    never, always = marginals.mines[cls] == 0, marginals.safe[cls] == 0
    chance = np.where(never, 0.0, np.where(always, 1.0, np.clip(chance, _ABOVE_ZERO, _BELOW_ONE)))
    result[r[counted], c[counted]] = chance[counted]
    forced_mine[r[counted & always & ~never], c[counted & always & ~never]] = True
    forced_safe[r[counted & never & ~always], c[counted & never & ~always]] = True
    order = np.argsort(cls, kind="stable")
    starts = np.searchsorted(cls[order], cls[order])
    rank = np.empty(len(cls), dtype=np.int64)
    rank[order] = np.arange(len(cls)) - starts
    mined = counted & (rank < marginals.layout[cls])
    layout[r[mined], c[mined]] = True
    return BoardCount(result, bool(found.counted.all()), solvable, forced_mine, forced_safe, layout)


_ABOVE_ZERO = np.nextafter(0.0, 1.0)
_BELOW_ONE = np.nextafter(1.0, 0.0)
"""A cell some layouts mine and others do not has a probability strictly between 0 and 1, however it rounds."""


def probabilities(cells: np.ndarray, deduction: engine.Deduction, total: int | None, budget: int = DEFAULT_BUDGET) -> np.ndarray:
    """Mine probability of every unknown cell (NaN where not computed or not an unknown cell)."""
    if total is None:
        return count_without_total(cells, deduction, budget).probabilities
    unknown = cells == UNKNOWN
    result = np.full(cells.shape, np.nan)
    result[unknown & deduction.mine] = 1.0
    result[unknown & deduction.safe] = 0.0
    counts, shape, free = _problem(cells, deduction)
    remaining = total - int(deduction.mine.sum())
    n_free = int(free.sum())
    if shape.components == 0 and 0 <= remaining <= n_free:  # no count to meet: the plain odds, at any size
        result[free] = remaining / n_free if n_free else 0.0
        return result
    if (int(shape.comp_cells.sum()) + shape.components + n_free) * (max(remaining, 0) + 1) > TOTAL_WORK_LIMIT:
        return result  # every cell depends on every component through the total
    found = counting.forward(shape, budget, counting.WAYS_BY_MINES, every=True)
    if not found.counted.all() or remaining < 0:
        return result
    with np.errstate(divide="ignore"):
        logs = np.log(found.layouts)
    log_free = _log_binomials(n_free, remaining)
    weights, log_everything, log_all = _weights_by_total(logs, shape.comp_cells, log_free, remaining)
    if log_all == -np.inf:
        return result
    if n_free:
        x = np.arange(remaining + 1)
        with np.errstate(divide="ignore"):
            mined = _logsumexp(log_everything + log_free[remaining - x] + np.log(remaining - x))
        result[free] = math.exp(mined - log_all - math.log(n_free))
    marginals = counting.backward(shape, found, lambda comp, mines: weights[comp, mines])
    r, c, cls = _class_grid(counts, shape)
    comp = shape.class_comp[cls]
    ways = (found.layouts * weights).sum(axis=1)[comp] * shape.class_size[cls]
    with np.errstate(invalid="ignore", divide="ignore"):
        chance = np.where(marginals.mines[cls] == 0, 0.0, np.where(marginals.safe[cls] == 0, 1.0,
                          np.clip(marginals.mines[cls] / ways, _ABOVE_ZERO, _BELOW_ONE)))
    result[r, c] = chance
    return _exact_extremes(result, cells, deduction, total, budget)


def _exact_extremes(result: np.ndarray, cells: np.ndarray, deduction: engine.Deduction, total: int,
                    budget: int) -> np.ndarray:
    """``result`` with 0 and 1 only where the exact sets of totals force the cell (log-space weights can underflow).

    A weight below e^-745 of its component's largest rounds to zero, which would print a
    possible mine as 0 %; which cells are forced comes from integer sets instead.
    """
    forced = forced_with_total(cells, deduction, total, budget)
    if forced is None:
        return result
    forced_mine, forced_safe = forced
    computed = ~np.isnan(result)
    result[computed & (result == 0.0) & ~forced_safe] = _ABOVE_ZERO
    result[computed & (result == 1.0) & ~forced_mine] = _BELOW_ONE
    result[computed & forced_safe] = 0.0
    result[computed & forced_mine] = 1.0
    return result


def _logsumexp(values: np.ndarray, axis: int | None = None) -> np.ndarray:
    """log(sum(exp(values))) along ``axis``, -inf for an empty or all -inf sum."""
    top = np.max(values, axis=axis, keepdims=True, initial=-np.inf)
    safe_top = np.where(np.isfinite(top), top, 0.0)
    with np.errstate(divide="ignore"):
        out = np.log(np.sum(np.exp(values - safe_top), axis=axis, keepdims=True)) + safe_top
    return np.squeeze(out, axis=axis) if axis is not None else out.reshape(())


def _log_binomials(n: int, limit: int) -> np.ndarray:
    """log C(n, j) for j = 0..limit (-inf beyond n)."""
    out = np.full(limit + 1, -np.inf)
    top = math.lgamma(n + 1)
    for j in range(min(n, limit) + 1):
        out[j] = top - math.lgamma(j + 1) - math.lgamma(n - j + 1)
    return out


def _log_convolve(a: np.ndarray, b: np.ndarray, limit: int) -> np.ndarray:
    """Log-space convolution of log-coefficient arrays, indices 0..limit."""
    i = np.arange(len(a))[:, None]
    x = np.arange(limit + 1)[None, :]
    gathered = np.where((x - i >= 0) & (x - i < len(b)), b[np.clip(x - i, 0, len(b) - 1)], -np.inf)
    return _logsumexp(a[:, None] + gathered, axis=0)


def _weights_by_total(logs: np.ndarray, cells: np.ndarray, log_free: np.ndarray,
                      remaining: int) -> tuple[np.ndarray, np.ndarray, float]:
    """W[c, m] (relative, max 1 per component): ways for the rest to hold ``remaining - m``; the log ways of all
    components together by mines (0..remaining); and the log of all ways with the free cells."""
    count = len(logs)
    suffix = [log_free]  # suffix[j]: components j.. plus the free cells, by mines, up to ``remaining``
    for c in range(count - 1, -1, -1):
        suffix.append(_log_convolve(logs[c, :int(cells[c]) + 1], suffix[-1], remaining))
    suffix.reverse()
    log_all = float(suffix[0][remaining])
    weights = np.zeros(logs.shape)
    prefix = np.full(remaining + 1, -np.inf)
    prefix[0] = 0.0
    for c in range(count):
        m = np.arange(min(int(cells[c]), remaining) + 1)
        rest = remaining - m  # the others and the free cells hold the rest: prefix (before c) x suffix (after c)
        i = np.arange(remaining + 1)[None, :]
        after = np.where(rest[:, None] - i >= 0, suffix[c + 1][np.clip(rest[:, None] - i, 0, remaining)], -np.inf)
        log_w = _logsumexp(prefix[None, :] + after, axis=1)
        top = np.max(log_w, initial=-np.inf)
        if np.isfinite(top):
            weights[c, m] = np.exp(log_w - top)
        prefix = _log_convolve(logs[c, :int(cells[c]) + 1], prefix, remaining)
    return weights, prefix, log_all


def forced_with_total(cells: np.ndarray, deduction: engine.Deduction, total: int, budget: int = DEFAULT_BUDGET,
                      problem: tuple[engine.OpenCounts, structure.Structure, np.ndarray] | None = None,
                      ) -> tuple[np.ndarray, np.ndarray] | None:
    """Unknown cells forced mined and forced safe when exactly ``total`` mines lie on the board.

    Each component's possible totals come from the counting (as sets); which totals the
    other components and the free cells can add up to is a set too, kept as the bits of an
    integer. A component may take m mines when the others can make up the rest; a class
    can hold a mine (a safe cell) when some layout with an allowed m has one. None when a
    component is over the budget (or the total cannot be met at all). ``problem``: what
    ``_problem`` gives, when the caller has it.
    """
    unknown = cells == UNKNOWN
    counts, shape, free = problem or _problem(cells, deduction)
    n_free = int(free.sum())
    remaining = total - int(deduction.mine.sum())
    if remaining < 0:
        return None
    found = counting.forward(shape, budget, counting.TOTALS, every=True, most=remaining)
    if not found.counted.all():
        return None
    feasible = [bitsets.to_int(row) for row in found.layouts]
    prefix, suffix = running_sums(feasible)
    free_bits = (1 << (n_free + 1)) - 1
    if remaining < 0 or not (sums(prefix[-1], free_bits) >> remaining) & 1:
        return None
    allowed = []
    for index, bits in enumerate(feasible):
        others = sums(sums(prefix[index], suffix[index + 1]), free_bits)
        allowed.append(sum(1 << m for m in range(min(remaining, bits.bit_length() - 1) + 1)
                           if (bits >> m) & 1 and (others >> (remaining - m)) & 1))
    allowed_sets = bitsets.from_ints(allowed, found.layouts.shape[1]) if allowed else found.layouts
    marginals = counting.backward(shape, found, lambda comp, _: allowed_sets[comp])
    r, c, cls = _class_grid(counts, shape)
    can_mine = np.zeros(cells.shape, dtype=bool)
    can_be_safe = np.zeros(cells.shape, dtype=bool)
    can_mine[r, c] = marginals.mines[cls] > 0
    can_be_safe[r, c] = marginals.safe[cls] > 0
    if n_free:
        everything = prefix[-1]
        can_mine[free] = any((everything >> (remaining - k)) & 1 for k in range(1, n_free + 1) if remaining - k >= 0)
        can_be_safe[free] = any((everything >> (remaining - k)) & 1 for k in range(0, n_free) if remaining - k >= 0)
    forced_mine = unknown & (deduction.mine | (can_mine & ~can_be_safe))
    forced_safe = unknown & (deduction.safe | (can_be_safe & ~can_mine))
    return forced_mine, forced_safe


def running_sums(sets: list[int]) -> tuple[list[int], list[int]]:
    """``prefix[i]``, the sums of one member of each of ``sets[:i]``, and ``suffix[i]``, of ``sets[i:]`` (each set of
    numbers the bits of an int): the others of set i sum to ``sums(prefix[i], suffix[i + 1])``."""
    prefix = [1]
    for bits in sets:
        prefix.append(sums(prefix[-1], bits))
    suffix = [1]
    for bits in reversed(sets):
        suffix.append(sums(suffix[-1], bits))
    suffix.reverse()
    return prefix, suffix


def sums(a: int, b: int) -> int:
    """The set of x + y for x in ``a`` and y in ``b``, each a set of numbers as the bits of an int.

    ``b`` is taken run by run (consecutive members), each run smeared in log(length) shifts.
    """
    out, shift = 0, 0
    while b:
        skip = (b & -b).bit_length() - 1
        b >>= skip
        shift += skip
        run = (~b & (b + 1)).bit_length() - 1  # consecutive members from here
        smeared, width = a, 1
        while width < run:
            step = min(width, run - width)
            smeared |= smeared << step
            width += step
        out |= smeared << shift
        b >>= run
        shift += run
    return out
