"""The probability counting the tool used before the frontier programme (kept as a reference for tests).

A dynamic programme over classes in row-major order of their first count, exact Python
integers, a budget of steps per component (over it: NaN). The new method must give the
same probabilities wherever this one could count.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from satpuzzles.puzzles.minesweeper.engine import propagate as engine
from satpuzzles.puzzles.minesweeper.engine.components import component_labels, interchangeable_classes
from satpuzzles.puzzles.minesweeper.model import UNKNOWN

TOTAL_LIMIT = 600
DEFAULT_BUDGET = 100_000


class OverBudget(Exception):
    """A component's count went past its budget."""


@dataclass
class ComponentCount:
    """Layouts of one component by number of mines, and the mines each class holds in them."""

    layouts: list[int]
    """layouts[m]: the number of layouts with m mines."""
    class_mines: list[list[int]]
    """class_mines[i][m]: the total of mines in class i over the layouts with m mines."""


def count_component(sizes: list[int], class_counts: list[list[int]], need: dict[int, int], budget: int,
                    by_mines: bool = True) -> ComponentCount:
    """Count one component's layouts class by class (classes of ``sizes`` cells seeing ``class_counts``).

    A dynamic programme over the classes in order: the state is what the counts still
    open (seen by a class so far and by one still to come) need. A forward pass counts
    the ways to reach each state, a backward pass the ways to finish from it, and a
    class's mines are the sum over its choices of forward x choice x backward.
    Polynomials in the number of mines when ``by_mines`` (for a total), else plain counts.
    """
    n = len(sizes)
    last_use = {count: i for i, seen in enumerate(class_counts) for count in seen}
    left_cells = {count: 0 for count in need}
    for size, seen in zip(sizes, class_counts):
        for count in seen:
            left_cells[count] += size
    steps: list[list[tuple[tuple[int, ...], int, int, tuple[int, ...]]]] = []  # (state, k, ways, next state)
    states: list[dict[tuple[int, ...], list[int]]] = [{(): [1]}]
    current: list[int] = []
    work = 0
    for i, (size, seen) in enumerate(zip(sizes, class_counts)):
        for count in seen:
            left_cells[count] -= size
        involved = sorted(set(current) | set(seen))
        after = [c for c in involved if last_use[c] > i]
        transitions = []
        forward: dict[tuple[int, ...], list[int]] = {}
        for state, weight in states[-1].items():
            remaining = dict(zip(current, state))
            for count in seen:
                remaining.setdefault(count, need[count])
            low = max([0] + [remaining[c] - left_cells[c] for c in seen])
            high = min([size] + [remaining[c] for c in seen])
            for k in range(low, high + 1):
                if any(remaining[c] - k for c in seen if last_use[c] == i):
                    continue
                taken = set(seen)
                following = tuple(remaining[c] - (k if c in taken else 0) for c in after)
                ways = math.comb(size, k)
                transitions.append((state, k, ways, following))
                _add(forward.setdefault(following, []), _scaled(weight, ways, k if by_mines else 0))
                work += 1
                if work > budget:
                    raise OverBudget
        steps.append(transitions)
        states.append(forward)
        current = after
    backward: dict[tuple[int, ...], list[int]] = {(): [1]}
    class_mines: list[list[int]] = [[] for _ in sizes]
    for i in range(n - 1, -1, -1):
        earlier: dict[tuple[int, ...], list[int]] = {}
        mines_here: list[int] = []
        for state, k, ways, following in steps[i]:
            finish = backward.get(following)
            if finish is None:
                continue
            _add(earlier.setdefault(state, []), _scaled(finish, ways, k if by_mines else 0))
            if k:
                _add(mines_here, _scaled(_product(states[i][state], finish), ways * k, k if by_mines else 0))
        class_mines[i] = mines_here
        backward = earlier
    layouts = states[-1].get((), [])
    width = max([len(layouts)] + [len(m) for m in class_mines])
    pad = lambda poly: poly + [0] * (width - len(poly))  # noqa: E731
    return ComponentCount(pad(layouts), [pad(m) for m in class_mines])


def _scaled(poly: list[int], factor: int, shift: int) -> list[int]:
    """``poly`` times ``factor`` times x**shift."""
    return [0] * shift + [factor * value for value in poly]


def _add(total: list[int], poly: list[int]) -> None:
    """Add ``poly`` into ``total`` in place."""
    if len(total) < len(poly):
        total.extend([0] * (len(poly) - len(total)))
    for index, value in enumerate(poly):
        total[index] += value


def _product(a: list[int], b: list[int]) -> list[int]:
    """The product of two polynomials given by their coefficients."""
    out = [0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                out[i + j] += x * y
    return out


def probabilities(cells: np.ndarray, deduction: engine.Deduction, total: int | None, budget: int = DEFAULT_BUDGET) -> np.ndarray:
    """Mine probability of every unknown cell (NaN where not computed or not an unknown cell)."""
    unknown = cells == UNKNOWN
    result = np.full(cells.shape, np.nan)
    result[unknown & deduction.mine] = 1.0
    result[unknown & deduction.safe] = 0.0
    counts = engine.open_counts(cells, deduction)
    free = unknown & ~deduction.mine & ~deduction.safe & (counts.var == 0)
    components = _components(cells, counts, budget, total is not None)
    if total is None:
        result[free] = 0.5
        for cells_of_class, count in components:
            if count is not None:
                layouts = sum(count.layouts)
                for where, mines in zip(cells_of_class, count.class_mines):
                    result[where] = sum(mines) / (layouts * len(where[0]))
        return result
    if any(count is None for _, count in components) or counts.var.max(initial=0) > TOTAL_LIMIT:
        return result  # every cell depends on every component through the total
    _combine_with_total(result, free, components, total - int(deduction.mine.sum()))
    return result


def _components(cells: np.ndarray, counts: engine.OpenCounts, budget: int, by_mines: bool) -> list[tuple[list[tuple[np.ndarray, np.ndarray]], ComponentCount | None]]:
    """Per component: the cells of each class, and its count (None when over budget)."""
    if not counts.need.size:
        return []
    labels = component_labels(counts)
    classes = interchangeable_classes(cells, counts)
    var_rows, var_cols = np.nonzero(counts.var)
    var_ids = counts.var[var_rows, var_cols]
    var_label = np.zeros(len(classes), dtype=np.int64)
    var_label[counts.lits.ravel()] = np.repeat(labels, counts.lits.shape[1])
    out: list[list[tuple[np.ndarray, np.ndarray]]] = []
    jobs: list[tuple[list[int], list[list[int]], dict[int, int]]] = []
    by_label = np.argsort(labels, kind="stable")
    starts = np.flatnonzero(np.diff(labels[by_label])) + 1
    var_order = np.argsort(var_label[var_ids], kind="stable")
    var_starts = np.flatnonzero(np.diff(var_label[var_ids][var_order])) + 1
    for count_ids, var_idx in zip(np.split(by_label, starts), np.split(var_order, var_starts)):
        ids = var_ids[var_idx]
        class_of = classes[ids]
        class_list, inverse = np.unique(class_of, return_inverse=True)
        cells_of_class = [(var_rows[var_idx][inverse == j], var_cols[var_idx][inverse == j]) for j in range(len(class_list))]
        seen_by: list[set[int]] = [set() for _ in class_list]
        local_class = dict(zip(ids.tolist(), inverse.tolist()))
        for count in count_ids.tolist():
            for var in counts.lits[count].tolist():
                if var:
                    seen_by[local_class[var]].add(count)
        order = sorted(range(len(class_list)), key=lambda j: min(seen_by[j]))
        need = {int(c): int(counts.need[c]) for c in count_ids.tolist()}
        jobs.append(([len(cells_of_class[j][0]) for j in order], [sorted(seen_by[j]) for j in order], need))
        out.append([cells_of_class[j] for j in order])

    def count_all(part: list[tuple[list[int], list[list[int]], dict[int, int]]]) -> list[ComponentCount | None]:
        return [_count_or_none(sizes, seen, need, budget, by_mines) for sizes, seen, need in part]

    found = count_all(jobs)
    return list(zip(out, found))


def _count_or_none(sizes: list[int], seen: list[list[int]], need: dict[int, int], budget: int,
                   by_mines: bool) -> ComponentCount | None:
    """count_component, or None over the budget."""
    try:
        return count_component(sizes, seen, need, budget, by_mines)
    except OverBudget:
        return None


def _combine_with_total(result: np.ndarray, free: np.ndarray, components: list, remaining: int) -> None:
    """Probabilities when exactly ``remaining`` more mines lie among the components and the free cells."""
    n_free = int(free.sum())
    polys = [count.layouts for _, count in components]
    prefix = [[1]]
    for poly in polys:
        prefix.append(_product(prefix[-1], poly))
    suffix = [[1]]
    for poly in reversed(polys):
        suffix.append(_product(suffix[-1], poly))
    suffix.reverse()
    everything = prefix[-1]

    def weight(m: int, free_cells: int, free_mines_shift: int = 0) -> int:
        k = remaining - m - free_mines_shift
        return math.comb(free_cells, k) if 0 <= k <= free_cells else 0

    total_weight = sum(w * weight(m, n_free) for m, w in enumerate(everything))
    if total_weight == 0:
        return
    if n_free:
        result[free] = sum(w * weight(m, n_free - 1, 1) for m, w in enumerate(everything)) / total_weight
    for index, (cells_of_class, count) in enumerate(components):
        others = _product(prefix[index], suffix[index + 1])
        outside = [sum(o * weight(m + j, n_free) for j, o in enumerate(others)) for m in range(len(count.layouts))]
        for where, mines in zip(cells_of_class, count.class_mines):
            held = sum(mines[m] * outside[m] for m in range(len(mines)))
            result[where] = held / (total_weight * len(where[0]))
