"""Exact layout counts of every component at once: a frontier dynamic programme in numpy.

Components are walked class by class in their order (structure.py), all in one pass: a
state is (component, mines so far when a total needs them, the remaining needs of the
active counts), packed into one int64 key, with the number of ways to reach it. A step
tries every number k of mines in the component's next class (C(s, k) ways), keeps what no
count forbids, and merges equal states. A backward pass gives the ways to finish from each
state, so a class's mines over all layouts are the sum over its steps of
forward x C(s, k) x k x backward: every class of every component in two passes.

Counts are kept in float64. Every term is a positive integer number of ways (no
subtraction anywhere), so sums are exact up to rounding (a relative 1e-13 or so), and a
zero is an exact zero. A component whose count overflows float64 (over 2**1023 layouts),
whose states do not fit a key, or whose count would take more than ``budget`` transitions
is reported as not counted, never estimated.
"""

from __future__ import annotations

from collections.abc import Callable
from math import comb

import numpy as np

from satpuzzles.core.records import Record
from satpuzzles.puzzles.minesweeper.engine import DEFAULT_BUDGET, bitsets
from satpuzzles.puzzles.minesweeper.engine.structure import SPACE_LIMIT, Structure

"""Largest component counted: 2**cells layouts stay below float64's 2**1024."""
KEY_BITS = 62
WHOLE_SPACE = 1 << 44
"""See :func:`forward`'s ``every``: on 64x64 boards components of a key space from 2**44 up ran over 5 M
transitions (the default budget) in every mode, after 1.5-6.5 s."""
CHOICE_CHUNK = 1 << 18
"""States whose choices are worked out at once (see :func:`_choices`)."""
WAYS, WAYS_BY_MINES, TOTALS = "ways", "ways by mines", "totals"
"""What the counting carries: a number of layouts, one per total of mines, or the set of possible totals."""


class Step(Record):
    """One step of the forward pass over a batch: the states before it and the transitions it made."""

    classes: np.ndarray
    """The classes walked at this step, one per component still going, by component."""
    comp_order: np.ndarray
    """The component (index within the batch) of each of those classes, ascending."""
    state_comp: np.ndarray
    """Each state's component (index within the batch)."""
    weights: np.ndarray
    """Ways to reach each state."""
    source: np.ndarray
    k: np.ndarray
    destination: np.ndarray
    """Per transition: its state, the mines put in the class, and the state after (an index into the merged states)."""
    kept: np.ndarray
    """Which merged states go on to the next step (the others end their component)."""
    end_comp: np.ndarray
    end_mines: np.ndarray
    """Component and mines of each state that ends its component here."""


class Counted(Record):
    """What the forward pass found, and what the backward pass needs."""

    counted: np.ndarray
    """(components,) whether the component was counted."""
    layouts: np.ndarray
    """(components, 1) layouts; by mines: (components, mines + 1); totals: (components, words) bitsets."""
    batches: list[tuple[np.ndarray, list[Step]]]
    """Per batch: its components and its steps."""
    mode: str


class Marginals(Record):
    """Per class: the (weighted) sums of its mines and of its safe cells over all layouts, and one layout's mines."""

    mines: np.ndarray
    safe: np.ndarray
    layout: np.ndarray
    """Mines of each class in one layout of positive weight (-1 where not counted)."""


_BINOMIAL = np.array([[comb(s, k) for k in range(9)] for s in range(9)], dtype=np.float64)


def _batches(structure: Structure, eligible: np.ndarray, by_mines: bool) -> list[tuple[np.ndarray, int, int]]:
    """Components grouped so that (component, mines, digits) packs into KEY_BITS bits: (components, strides)."""
    chosen = np.flatnonzero(eligible & (structure.comp_space < SPACE_LIMIT))
    chosen = chosen[np.lexsort((structure.comp_cells[chosen], structure.comp_space[chosen]))]
    out, begin = [], 0
    while begin < len(chosen):
        end = begin
        while end < len(chosen):  # spaces ascend, so the last one taken is the largest
            stride_m = int(structure.comp_space[chosen[end]])
            mines = int(structure.comp_cells[chosen[begin:end + 1]].max()) + 1 if by_mines else 1
            if (end - begin + 1) * stride_m * mines >= 1 << KEY_BITS:
                break
            end += 1
        if end == begin:  # too many states to pack even alone: left uncounted
            begin += 1
            continue
        group = chosen[begin:end]
        stride_m = int(structure.comp_space[group].max())
        mines = int(structure.comp_cells[group].max()) + 1 if by_mines else 1
        out.append((group, stride_m, stride_m * mines))
        begin = end
    return out


def forward(structure: Structure, budget: int, mode: str = WAYS, every: bool = False,
            most: int | None = None) -> Counted:
    """Count every component's layouts: ``ways`` (a number), ``ways by mines`` (a number per total) or
    ``totals`` (the set of possible totals, as bitsets).

    ``every``: the caller needs every component counted (a total ties them together), so the
    pass stops, with nothing counted, at the first component over the budget, and does not
    start when one's key space is WHOLE_SPACE or more (one that large ran over every budget
    tried, after seconds of work) unless the budget is above the default (--probability-budget). ``most`` (``totals`` mode): totals above it are dropped from
    the sets (a board's total caps every component's), which keeps the bitsets shorter.
    """
    s = structure
    if every and budget <= DEFAULT_BUDGET and (s.comp_space >= WHOLE_SPACE).any():
        return _nothing(s, mode)
    by_mines = mode == WAYS_BY_MINES
    width = int(s.comp_cells.max(initial=0)) + 1
    if mode == TOTALS and most is not None:
        width = min(width, max(most, 0) + 1)
    layouts = (np.zeros((s.components, bitsets.words_for(width)), dtype=np.uint64) if mode == TOTALS
               else np.zeros((s.components, width if by_mines else 1)))
    counted = np.zeros(s.components, dtype=bool)
    batches = []
    for comps, stride_m, stride_c in _batches(s, np.ones(s.components, dtype=bool), by_mines):
        steps, alive = _forward_batch(s, comps, stride_m, stride_c, budget, mode, layouts, every)
        if every and not alive.all():
            return _nothing(s, mode)
        counted[comps[alive]] = True
        batches.append((comps, steps))
    if mode != TOTALS:
        counted &= np.isfinite(layouts).all(axis=1)
    layouts[~counted] = 0
    return Counted(counted, layouts, batches, mode)


def _nothing(s: Structure, mode: str) -> Counted:
    """No component counted."""
    shape = (s.components, 1)
    empty = np.zeros(shape, dtype=np.uint64) if mode == TOTALS else np.zeros(shape)
    return Counted(np.zeros(s.components, dtype=bool), empty, [], mode)


def _class_order(s: Structure, comps: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """For a batch of components: each component's place in the batch (-1 outside it), the batch's classes by step
    then component, and where each step's classes start among them."""
    local = np.full(s.components, -1, dtype=np.int64)
    local[comps] = np.arange(len(comps))
    classes = np.flatnonzero(local[s.class_comp] >= 0)
    classes = classes[np.lexsort((local[s.class_comp[classes]], s.class_step[classes]))]
    bounds = np.searchsorted(s.class_step[classes], np.arange(int(s.comp_steps[comps].max(initial=0)) + 1))
    return local, classes, bounds


def _forward_batch(s: Structure, comps: np.ndarray, stride_m: int, stride_c: int, budget: int, mode: str,
                   layouts: np.ndarray, every: bool = False) -> tuple[list[Step], np.ndarray]:
    """The forward pass over one batch: fills ``layouts``; returns the steps and which components stayed in budget."""
    local, classes, bounds = _class_order(s, comps)
    keys = np.arange(len(comps), dtype=np.int64) * stride_c
    weights = bitsets.single(0, len(comps), layouts.shape[1]) if mode == TOTALS else np.ones(len(comps))
    work = np.zeros(len(comps), dtype=np.int64)
    alive = np.ones(len(comps), dtype=bool)
    class_of = np.full(len(comps), -1, dtype=np.int64)
    steps: list[Step] = []
    for t in range(len(bounds) - 1):
        at_step = classes[bounds[t]:bounds[t + 1]]
        class_of[local[s.class_comp[at_step]]] = at_step
        comp = keys // stride_c
        cls = class_of[comp]
        keys = keys + s.class_enter[cls]
        source, k = _choices(s, keys, cls, stride_m)
        work += np.bincount(comp[source], minlength=len(comps))
        if (work > budget).any():
            alive &= work <= budget
            if every:
                return steps, alive
            fine = alive[comp[source]]
            source, k = source[fine], k[fine]
        size = s.class_size[cls]
        moved = keys[source] - k * s.class_touch[cls[source]] + (k * stride_m if mode == WAYS_BY_MINES else 0)
        unique, destination = np.unique(moved, return_inverse=True)
        if mode == TOTALS:
            reached = bitsets.union_by(destination, bitsets.shift_up(weights[source], k), len(unique))
        else:
            reached = np.bincount(destination, weights[source] * _BINOMIAL[size[source], k], minlength=len(unique))
        finished = s.comp_steps[comps[unique // stride_c]] == t + 1
        ends = unique[finished]
        end_comp, end_mines = comps[ends // stride_c], (ends % stride_c) // stride_m
        if mode == TOTALS:
            layouts[end_comp] = reached[finished]
        else:
            layouts[end_comp, end_mines] = reached[finished]
        steps.append(Step(at_step, local[s.class_comp[at_step]], comp, weights, source.astype(np.int32),
                          k.astype(np.int8), destination.astype(np.int32), ~finished, end_comp, end_mines))
        keys, weights = unique[~finished], reached[~finished]
    return steps, alive


def _choices(s: Structure, keys: np.ndarray, cls: np.ndarray, stride_m: int) -> tuple[np.ndarray, np.ndarray]:
    """Every (state, k) such that k mines in the state's class break no count: the state indices and the ks.

    States are taken CHOICE_CHUNK at a time: the digits of every state at once, eight int64 arrays of states x
    slots, peaked at 0.9 GB on a 60x60 board's percolating component (3.5 M states at one step)."""
    if len(keys) <= CHOICE_CHUNK:
        return _chunk_choices(s, keys, cls, stride_m)
    sources, ks = [], []
    for begin in range(0, len(keys), CHOICE_CHUNK):
        source, k = _chunk_choices(s, keys[begin:begin + CHOICE_CHUNK], cls[begin:begin + CHOICE_CHUNK], stride_m)
        sources.append(source + begin)
        ks.append(k)
    return np.concatenate(sources), np.concatenate(ks)


def _chunk_choices(s: Structure, keys: np.ndarray, cls: np.ndarray, stride_m: int) -> tuple[np.ndarray, np.ndarray]:
    """:func:`_choices` over one chunk of states."""
    width = int((s.class_slot[cls] >= 0).sum(axis=1).max(initial=1))
    present = s.class_slot[cls, :width] >= 0
    needs = (keys % stride_m)[:, None]  # the digits, below the mines and the component
    digits = np.where(present, (needs // s.class_place[cls, :width]) % s.class_radix[cls, :width], 8)
    left = np.where(present, s.class_left[cls, :width], 8)
    low = np.maximum((digits - left).max(axis=1), 0)
    high = np.minimum(digits.min(axis=1), s.class_size[cls])
    many = np.maximum(high - low + 1, 0)
    source = np.repeat(np.arange(len(keys)), many)
    k = low[source] + np.arange(len(source)) - np.repeat(np.cumsum(many) - many, many)
    return source, k


def backward(structure: Structure, found: Counted, end_weight: Callable[[np.ndarray, np.ndarray | None], np.ndarray]) -> Marginals:
    """Per class, the sums of its mines and of its safe cells over all layouts, each weighted by
    ``end_weight(components, mines)``, and one layout of positive weight (ways modes only).
    A component that overflows here is taken out of ``found.counted``.

    In ``totals`` mode ``end_weight(components, None)`` gives each component's allowed totals
    (bitsets), and the sums are 1 where some allowed layout has a mine (a safe cell) in the class, else 0.
    """
    s = structure
    n = len(s.class_size)
    mines, safe = np.zeros(n), np.zeros(n)
    layout = np.full(n, -1, dtype=np.int64)
    totals = found.mode == TOTALS
    for comps, steps in found.batches:
        behind: np.ndarray | None = None
        usable = []
        for step in reversed(steps):
            position = np.searchsorted(step.comp_order, step.state_comp)
            size = s.class_size[step.classes[position]][step.source]
            at = position[step.source]
            ahead: np.ndarray
            if totals:
                ahead = np.zeros((len(step.kept), found.layouts.shape[1]), dtype=np.uint64)
                ahead[~step.kept] = end_weight(step.end_comp, None)
            else:
                ahead = np.zeros(len(step.kept))
                ahead[~step.kept] = end_weight(step.end_comp, step.end_mines)
            if behind is not None:
                ahead[step.kept] = behind
            if totals:
                through = bitsets.shift_down(ahead[step.destination], step.k)
                ok = (step.weights[step.source] & through).any(axis=1)
                mines[step.classes] = np.bincount(at, ok & (step.k > 0), minlength=len(step.classes)) > 0
                safe[step.classes] = np.bincount(at, ok & (step.k < size), minlength=len(step.classes)) > 0
                behind = bitsets.union_by(step.source, through, len(step.weights))
                continue
            through = _BINOMIAL[size, step.k] * ahead[step.destination]
            both = step.weights[step.source] * through
            mines[step.classes] = np.bincount(at, both * step.k, minlength=len(step.classes))
            safe[step.classes] = np.bincount(at, both * (size - step.k), minlength=len(step.classes))
            behind = np.bincount(step.source, through, minlength=len(step.weights))
            usable.append(through > 0)
        if not totals:
            _walk(steps, usable[::-1], layout, len(comps))
    found.counted[s.class_comp[~np.isfinite(mines) | ~np.isfinite(safe)]] = False  # an overflow on the way
    uncounted = ~found.counted[s.class_comp]
    mines[uncounted], safe[uncounted], layout[uncounted] = np.nan, np.nan, -1
    return Marginals(mines, safe, layout)


def _walk(steps: list[Step], usable: list[np.ndarray], layout: np.ndarray, components: int) -> None:
    """One layout of positive weight per component: from its start, a usable transition at every step."""
    current = np.arange(components)
    for step, ok in zip(steps, usable):
        transitions = np.flatnonzero(ok & (step.source == current[step.state_comp[step.source]]))
        comp, first = np.unique(step.state_comp[step.source[transitions]], return_index=True)
        picked = transitions[first]
        layout[step.classes[np.searchsorted(step.comp_order, comp)]] = step.k[picked]
        after = np.cumsum(step.kept) - 1
        current[comp] = np.where(step.kept[step.destination[picked]], after[step.destination[picked]], -1)


def extremes(structure: Structure, budget: int, partial: bool = False) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Each component's fewest and most mines over its layouts, and whether it was counted.

    The forward pass of :func:`forward` with, per state, the fewest and the most mines that
    reach it (integers, exact) instead of a number of ways; nothing is kept for a backward
    pass, so the memory is one step's states. As ``forward``'s ``every``, nothing is counted
    when one component is over ``budget`` transitions, has a key space of WHOLE_SPACE or more,
    or has states that do not pack into a key; with ``partial``, only such components are left
    uncounted (a component with no layout is counted with low > high).
    """
    s = structure
    low = np.zeros(s.components, dtype=np.int64)
    high = np.full(s.components, -1, dtype=np.int64)
    counted = np.zeros(s.components, dtype=bool)
    nothing = low, high, counted
    eligible = s.comp_space < WHOLE_SPACE
    if not partial and not eligible.all():
        return nothing
    for comps, stride_m, _ in _batches(s, eligible, False):
        local, classes, bounds = _class_order(s, comps)
        keys = np.arange(len(comps), dtype=np.int64) * stride_m
        fewest = np.zeros(len(comps), dtype=np.int64)
        most = np.zeros(len(comps), dtype=np.int64)
        work = np.zeros(len(comps), dtype=np.int64)
        reached = np.zeros(len(comps), dtype=bool)
        class_of = np.full(len(comps), -1, dtype=np.int64)
        dropped = np.zeros(len(comps), dtype=bool)
        for t in range(len(bounds) - 1):
            at_step = classes[bounds[t]:bounds[t + 1]]
            class_of[local[s.class_comp[at_step]]] = at_step
            comp = keys // stride_m
            cls = class_of[comp]
            keys = keys + s.class_enter[cls]
            source, k = _choices(s, keys, cls, stride_m)
            work += np.bincount(comp[source], minlength=len(comps))
            if (work > budget).any():
                if not partial:
                    return nothing
                dropped |= work > budget  # their states go no further
                going = ~dropped[comp[source]]
                source, k = source[going], k[going]
            moved = keys[source] - k * s.class_touch[cls[source]]
            order = np.argsort(moved, kind="stable")
            moved = moved[order]
            starts = np.flatnonzero(np.r_[True, moved[1:] != moved[:-1]]) if len(moved) else np.zeros(0, dtype=np.int64)
            unique = moved[starts]
            if len(order):
                new_fewest = np.minimum.reduceat((fewest[source] + k)[order], starts)
                new_most = np.maximum.reduceat((most[source] + k)[order], starts)
            else:
                new_fewest = new_most = np.zeros(0, dtype=np.int64)
            ending = s.comp_steps[comps[unique // stride_m]] == t + 1
            end_local = unique[ending] // stride_m
            reached[end_local] = True
            low[comps[end_local]] = new_fewest[ending]
            high[comps[end_local]] = new_most[ending]
            keys, fewest, most = unique[~ending], new_fewest[~ending], new_most[~ending]
        counted[comps[~dropped]] = True
        unreached = comps[~reached & ~dropped]
        low[unreached], high[unreached] = 0, -1  # no layout: an empty range
    return low, high, counted
