"""The counting problem of a board, built with numpy: components, classes of cells, an order and frontier slots.

After propagation every undecided cell next to an open count is a variable. Variables
next to exactly the same set of open counts are interchangeable (a *class*: choosing k
mines among its s cells has C(s, k) ways), so counting runs over classes, never cells.
Open counts sharing cells form components, which never constrain each other.

Each component's classes are put in an order, and counting walks it (counting.py): a
count is *active* from its first class to its last, and only the active counts' remaining
needs are remembered. An order along the component's longer side keeps that frontier
short; of four directions (rows, columns and both diagonals) each component takes the one
with the smallest largest frontier. Active counts occupy *slots*, reused once a count is
done: the digits of a mixed-radix number, a slot's radix one more than the largest need
that ever occupies it, so a state packs into an int64 key.
"""

from __future__ import annotations

import numpy as np

from satpuzzles.core.records import Record
from satpuzzles.puzzles.minesweeper.engine import propagate as engine
from satpuzzles.puzzles.minesweeper.engine.components import component_labels, signature_classes

REFINE_SPACE = 1 << 22
"""Components whose narrowest sweep needs a key space this large also try greedy orders (in Python: only
for the few components where the sweep may be slow)."""
SPACE_LIMIT = 1 << 62
"""States of a component must number fewer than this to pack into an int64 key (with room to spare)."""
MAX_SLOTS = 62
"""The most counts of a component active at once that get slots (bits of an int64); with more, its key space
is at least 2 ** 62 = SPACE_LIMIT, as every active count's radix is 2 or more."""


class Structure(Record):
    """Components, classes and the order counting walks; class arrays are indexed by class id."""

    components: int
    count_comp: np.ndarray
    """(n_counts,) component of each open count."""
    var_class: np.ndarray
    """(n_vars + 1,) class of each variable (-1 at index 0)."""
    class_comp: np.ndarray
    class_size: np.ndarray
    class_step: np.ndarray
    """Position of the class in its component's order."""
    class_counts: np.ndarray
    """(n_classes, 8) the open counts beside the class (-1: none)."""
    class_slot: np.ndarray
    """(n_classes, 8) the slot each of those counts occupies (-1: none)."""
    class_place: np.ndarray
    """(n_classes, 8) the place value of that slot's digit in the key (1 for none)."""
    class_radix: np.ndarray
    """(n_classes, 8) the radix of that slot (a large number for none)."""
    class_left: np.ndarray
    """(n_classes, 8) cells of that count in classes later in the order."""
    class_enter: np.ndarray
    """Sum of need x place value over the counts this class is the first to touch."""
    class_touch: np.ndarray
    """Sum of the place values of the counts beside the class."""
    comp_steps: np.ndarray
    comp_cells: np.ndarray
    comp_frontier: np.ndarray
    """Largest number of counts active at once (slots needed)."""
    comp_space: np.ndarray
    """Product of the component's slot radices: its keys lie below it (SPACE_LIMIT when too many)."""


def _classes(counts: engine.OpenCounts) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Class of every variable, each class's counts (-1 padded) and sizes."""
    variables, ordered, starts = signature_classes(counts)
    class_of = np.cumsum(starts) - 1
    var_class = np.full(int(counts.var.max(initial=0)) + 1, -1, dtype=np.int64)
    var_class[variables] = class_of
    return var_class, (ordered[starts] - 1)[:, ::-1].copy(), np.bincount(class_of)


def _steps(comp: np.ndarray, first: np.ndarray, second: np.ndarray) -> np.ndarray:
    """Each class's position in its component when sorted by (first, second)."""
    order = np.lexsort((second, first, comp))
    starts = np.flatnonzero(np.r_[True, comp[order][1:] != comp[order][:-1]])
    position = np.arange(len(order)) - np.repeat(starts, np.diff(np.r_[starts, len(order)]))
    step = np.empty(len(order), dtype=np.int64)
    step[order] = position
    return step


def _spans(class_counts: np.ndarray, step: np.ndarray, n_counts: int) -> tuple[np.ndarray, np.ndarray]:
    """First and last step of every count."""
    present = class_counts >= 0
    counts = class_counts[present]
    steps = np.broadcast_to(step[:, None], class_counts.shape)[present]
    first = np.full(n_counts, np.iinfo(np.int64).max)
    last = np.full(n_counts, -1)
    np.minimum.at(first, counts, steps)
    np.maximum.at(last, counts, steps)
    return first, last


def _frontiers(count_comp: np.ndarray, first: np.ndarray, last: np.ndarray, components: int) -> np.ndarray:
    """Largest number of counts active at one step (first <= step <= last), per component."""
    comp = np.r_[count_comp, count_comp]
    time = np.r_[first * 2, last * 2 + 1]  # a count ending at t is still there while t is processed
    change = np.r_[np.ones_like(first), -np.ones_like(last)]
    order = np.lexsort((time, comp))
    running = np.cumsum(change[order])
    starts = np.flatnonzero(np.r_[True, comp[order][1:] != comp[order][:-1]])
    before = np.repeat(np.r_[0, running[starts[1:] - 1]], np.diff(np.r_[starts, len(order)]))
    widest = np.zeros(components, dtype=np.int64)
    np.maximum.at(widest, comp[order], running - before)
    return widest


def _slots(count_comp: np.ndarray, first: np.ndarray, last: np.ndarray, components: int) -> np.ndarray:
    """A slot per count, distinct among counts of a component active at the same time (interval colouring).

    A component's used slots are the bits of an int64: one with more than ``MAX_SLOTS`` counts active at once
    (its key space then at least 2 ** MAX_SLOTS = SPACE_LIMIT, every active need being 1 or more) gets slot -1 for
    all its counts, which :func:`_places` leaves uncounted.
    """
    slot = np.zeros(len(first), dtype=np.int64)
    used = np.zeros(components, dtype=np.int64)
    too_wide = _frontiers(count_comp, first, last, components) > MAX_SLOTS
    slotted = ~too_wide[count_comp]
    by_first = np.argsort(first, kind="stable")
    by_last = np.argsort(last, kind="stable")
    steps = int(last.max(initial=-1)) + 1
    entering = np.searchsorted(first[by_first], np.arange(steps + 1))
    ended = np.searchsorted(last[by_last], np.arange(steps), side="right")  # ended[t]: counts with last <= t
    for t in range(steps):
        if t:
            done = by_last[ended[t - 2] if t > 1 else 0:ended[t - 1]]  # counts whose last step was t - 1
            done = done[slotted[done]]
            np.bitwise_and.at(used, count_comp[done], ~(1 << slot[done]))
        new = by_first[entering[t]:entering[t + 1]]
        new = new[slotted[new]]
        while new.size:  # one count per component per round, each taking its component's lowest free slot
            comp = count_comp[new]
            _, pick = np.unique(comp, return_index=True)
            chosen = new[pick]
            free = ~used[comp[pick]] & (used[comp[pick]] + 1)
            slot[chosen] = np.log2(free).astype(np.int64)
            used[comp[pick]] |= free
            new = np.delete(new, pick)
    slot[~slotted] = -1
    return slot


def _left(class_counts: np.ndarray, class_size: np.ndarray, step: np.ndarray) -> np.ndarray:
    """For each (class, count) pair, the cells of that count in classes after this one."""
    present = class_counts >= 0
    rows, cols = np.nonzero(present)
    counts = class_counts[rows, cols]
    order = np.lexsort((-step[rows], counts))  # per count, latest class first
    sizes = class_size[rows][order]
    running = np.cumsum(sizes) - sizes
    starts = np.flatnonzero(np.r_[True, counts[order][1:] != counts[order][:-1]])
    running -= np.repeat(running[starts], np.diff(np.r_[starts, len(order)]))
    left = np.zeros(class_counts.shape, dtype=np.int64)
    left[rows[order], cols[order]] = running
    return left


def build(counts: engine.OpenCounts) -> Structure:
    """The structure of the open counts: components, classes, each component's order and slots."""
    n_counts = len(counts.need)
    if not n_counts:
        empty, rows = np.zeros(0, dtype=np.int64), np.zeros((0, 8), dtype=np.int64)
        return Structure(0, empty, np.full(1, -1), empty, empty, empty, rows, rows, rows, rows, rows, empty, empty,
                         empty, empty, empty, empty)
    _, count_comp = np.unique(component_labels(counts), return_inverse=True)
    components = int(count_comp.max()) + 1
    var_class, class_counts, class_size = _classes(counts)
    class_comp = count_comp[class_counts[:, 0]]
    widest, step = _by_direction(counts, count_comp, components, class_counts, class_comp)
    best_space = _space(counts, count_comp, components, class_counts, step)
    wide = np.flatnonzero(best_space >= REFINE_SPACE)
    for weighted in (False, True):  # greedy orders for the wide components; each keeps whichever packs tighter
        other = _greedy_steps(counts, class_counts, class_comp, step, wide, weighted)
        space = _space(counts, count_comp, components, class_counts, other)
        better = space < best_space
        step = np.where(better[class_comp], other, step)
        best_space = np.minimum(space, best_space)
    first, last = _spans(class_counts, step, n_counts)
    slot = _slots(count_comp, first, last, components)
    present = class_counts >= 0
    counted = np.maximum(class_counts, 0)
    class_slot = np.where(present, slot[counted], -1)
    radix, place, space = _places(count_comp, slot, counts.need + 1, components)
    class_place = np.where(present, place[class_comp[:, None], np.maximum(class_slot, 0)], 1)
    entering = present & (first[counted] == step[:, None])
    need = counts.need[counted]
    return Structure(
        components=components, count_comp=count_comp, var_class=var_class, class_comp=class_comp,
        class_size=class_size, class_step=step, class_counts=class_counts, class_slot=class_slot,
        class_left=_left(class_counts, class_size, step),
        class_place=class_place, class_radix=np.where(present, radix[class_comp[:, None], np.maximum(class_slot, 0)],
                                                      np.iinfo(np.int64).max),
        class_enter=np.where(entering, need * class_place, 0).sum(axis=1),
        class_touch=np.where(present, class_place, 0).sum(axis=1),
        comp_steps=np.bincount(class_comp, minlength=components),
        comp_cells=np.bincount(class_comp, class_size, components).astype(np.int64),
        comp_frontier=_frontiers(count_comp, first, last, components), comp_space=space,
    )


def _by_direction(counts: engine.OpenCounts, count_comp: np.ndarray, components: int, class_counts: np.ndarray,
                  class_comp: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per component the narrowest of four sweeps (rows, columns, both diagonals): its frontier, and the steps."""
    r, c = counts.where[:, 0], counts.where[:, 1]
    height, width = counts.var.shape
    best: tuple[np.ndarray, np.ndarray] | None = None
    for rank in (r * width + c, c * height + r, (r + c) * height + r, (r - c + width) * height + r):
        ranks = np.where(class_counts >= 0, rank[class_counts], -1)
        low = np.where(class_counts >= 0, ranks, np.iinfo(np.int64).max).min(axis=1)
        step = _steps(class_comp, low, ranks.max(axis=1))
        first, last = _spans(class_counts, step, len(counts.need))
        widest = _frontiers(count_comp, first, last, components)
        if best is None:
            best = (widest, step)
        else:
            better = widest < best[0]
            best = (np.where(better, widest, best[0]), np.where(better[class_comp], step, best[1]))
    assert best is not None
    return best


def _space(counts: engine.OpenCounts, count_comp: np.ndarray, components: int, class_counts: np.ndarray,
           step: np.ndarray) -> np.ndarray:
    """Each component's key space under the order ``step`` (the product of its slot radices)."""
    first, last = _spans(class_counts, step, len(counts.need))
    return _places(count_comp, _slots(count_comp, first, last, components), counts.need + 1, components)[2]


def _opening(row: list[int], active: set[int], uses: dict[int, int], weights: dict[int, float]) -> tuple[float, float]:
    """What walking a class does to the frontier: (weight opened minus weight closed, weight opened)."""
    opened = sum(weights[c] for c in row if c not in active)
    return opened - sum(weights[c] for c in row if uses[c] == 1), opened


def _greedy_steps(counts: engine.OpenCounts, class_counts: np.ndarray, class_comp: np.ndarray, step: np.ndarray,
                  chosen: np.ndarray, weighted: bool) -> np.ndarray:
    """Steps where each chosen component is walked greedily: next, the class touching the active counts that
    opens the fewest new counts net of those it closes (by log2 of their radix when ``weighted``)."""
    out = step.copy()
    weight = np.log2(counts.need + 1.0) if weighted else np.ones(len(counts.need))
    for comp in chosen.tolist():
        classes = np.flatnonzero(class_comp == comp)
        classes = classes[np.argsort(step[classes], kind="stable")]
        rows = [[c for c in row if c >= 0] for row in class_counts[classes].tolist()]
        uses: dict[int, int] = {}
        touching: dict[int, list[int]] = {}
        for j, row in enumerate(rows):
            for count in row:
                uses[count] = uses.get(count, 0) + 1
                touching.setdefault(count, []).append(j)
        weights = {count: float(weight[count]) for count in uses}
        active: set[int] = set()
        candidates: set[int] = set()
        taken: set[int] = set()
        current = 0
        for position in range(len(rows)):
            if position:
                current = min(candidates or set(range(len(rows))) - taken,
                              key=lambda j: _opening(rows[j], active, uses, weights) + (j,))
            taken.add(current)
            candidates.discard(current)
            out[classes[current]] = position
            for count in rows[current]:
                if count not in active and uses[count] > 1:
                    candidates.update(j for j in touching[count] if j not in taken)
                active.add(count)
                uses[count] -= 1
                if not uses[count]:
                    active.discard(count)
    return out


def _places(count_comp: np.ndarray, slot: np.ndarray, radix_of_count: np.ndarray,
            components: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per component and slot: the radix (largest over its counts) and place value; per component the key space."""
    radix = np.ones((components, int(slot.max(initial=0)) + 1), dtype=np.int64)
    slotted = slot >= 0
    np.maximum.at(radix, (count_comp[slotted], slot[slotted]), radix_of_count[slotted])
    too_big = np.log2(radix).sum(axis=1) >= np.log2(SPACE_LIMIT)
    too_big[count_comp[~slotted]] = True  # too many counts active at once to give each a slot (see _slots)
    radix[too_big] = 1  # never packed: these components are left uncounted
    place = np.cumprod(np.c_[np.ones(components, dtype=np.int64), radix[:, :-1]], axis=1)
    space = np.where(too_big, SPACE_LIMIT, place[:, -1] * radix[:, -1])
    return radix, place, space
