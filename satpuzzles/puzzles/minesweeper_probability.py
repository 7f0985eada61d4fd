"""Exact Minesweeper mine probabilities, component by component, within a search budget.

Every consistent layout counts once (uniformly); with a ``mines N`` total, only the
layouts with N mines. Cells next to the same set of open counts are interchangeable,
so a component is counted class by class: choosing k mines among a class of s cells
has C(s, k) ways. A search over the classes (counts checked as soon as they close)
adds up, per number of mines, the number of layouts and the mines each class holds.
Components whose search needs more than the budget are marked not computed (NaN),
never estimated. Cells no open count sees are free: 1/2 without a total; with one,
they share what the components leave.
"""

from __future__ import annotations

import math
import sys
from dataclasses import dataclass

import numpy as np

from satpuzzles.puzzles import minesweeper_engine as engine
from satpuzzles.puzzles.minesweeper_analysis import component_labels, interchangeable_classes
from satpuzzles.puzzles.minesweeper_formats import UNKNOWN

DEFAULT_BUDGET = 100_000
"""Search nodes allowed per component (the --probability-budget default)."""
TOTAL_LIMIT = 600
"""With a total, components are combined by polynomial products: up to this many frontier cells."""


class OverBudget(Exception):
    """A component's search went past its node budget."""


@dataclass
class ComponentCount:
    """Layouts of one component by number of mines, and the mines each class holds in them."""

    layouts: list[int]
    """layouts[m]: the number of layouts with m mines."""
    class_mines: list[list[int]]
    """class_mines[i][m]: the total of mines in class i over the layouts with m mines."""


def count_component(sizes: list[int], class_counts: list[list[int]], need: dict[int, int], budget: int) -> ComponentCount:
    """Count one component's layouts class by class (classes of ``sizes`` cells seeing ``class_counts``)."""
    last_use = {count: i for i, seen in enumerate(class_counts) for count in seen}
    capacity = {count: 0 for count in need}
    for size, seen in zip(sizes, class_counts):
        for count in seen:
            capacity[count] += size
    total_cells = sum(sizes)
    layouts = [0] * (total_cells + 1)
    class_mines = [[0] * (total_cells + 1) for _ in sizes]
    left = dict(need)
    chosen = [0] * len(sizes)
    nodes = 0

    def search(i: int, ways: int, mines: int) -> None:
        nonlocal nodes
        nodes += 1
        if nodes > budget:
            raise OverBudget
        if i == len(sizes):
            layouts[mines] += ways
            for j, k in enumerate(chosen):
                if k:
                    class_mines[j][mines] += ways * k
            return
        size, seen = sizes[i], class_counts[i]
        for count in seen:
            capacity[count] -= size
        low = max([0] + [left[c] - capacity[c] for c in seen])
        high = min([size] + [left[c] for c in seen])
        for k in range(low, high + 1):
            for count in seen:
                left[count] -= k
            if all(left[c] == 0 for c in seen if last_use[c] == i):
                chosen[i] = k
                search(i + 1, ways * math.comb(size, k), mines + k)
            for count in seen:
                left[count] += k
        chosen[i] = 0
        for count in seen:
            capacity[count] += size

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, len(sizes) + 100))
    try:
        search(0, 1, 0)
    finally:
        sys.setrecursionlimit(limit)
    return ComponentCount(layouts, class_mines)


def probabilities(cells: np.ndarray, deduction: engine.Deduction, total: int | None, budget: int = DEFAULT_BUDGET) -> np.ndarray:
    """Mine probability of every unknown cell (NaN where not computed or not an unknown cell)."""
    unknown = cells == UNKNOWN
    result = np.full(cells.shape, np.nan)
    result[unknown & deduction.mine] = 1.0
    result[unknown & deduction.safe] = 0.0
    counts = engine.open_counts(cells, deduction)
    free = unknown & ~deduction.mine & ~deduction.safe & (counts.var == 0)
    components = _components(cells, counts, budget)
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


def _components(cells: np.ndarray, counts: engine.OpenCounts, budget: int) -> list[tuple[list[tuple[np.ndarray, np.ndarray]], ComponentCount | None]]:
    """Per component: the cells of each class, and its count (None when over budget)."""
    if not counts.need.size:
        return []
    labels = component_labels(counts)
    classes = interchangeable_classes(cells, counts)
    var_rows, var_cols = np.nonzero(counts.var)
    var_ids = counts.var[var_rows, var_cols]
    var_label = np.zeros(len(classes), dtype=np.int64)
    var_label[counts.lits.ravel()] = np.repeat(labels, counts.lits.shape[1])
    out = []
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
        try:
            count = count_component([len(cells_of_class[j][0]) for j in order], [sorted(seen_by[j]) for j in order],
                                    need, budget)
        except OverBudget:
            count = None
        out.append(([cells_of_class[j] for j in order], count))
    return out


def _combine_with_total(result: np.ndarray, free: np.ndarray, components: list, remaining: int) -> None:
    """Probabilities when exactly ``remaining`` more mines lie among the components and the free cells."""
    n_free = int(free.sum())
    polys = [count.layouts for _, count in components]
    prefix = [[1]]
    for poly in polys:
        prefix.append(_multiply(prefix[-1], poly))
    suffix = [[1]]
    for poly in reversed(polys):
        suffix.append(_multiply(suffix[-1], poly))
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
        others = _multiply(prefix[index], suffix[index + 1])
        outside = [sum(o * weight(m + j, n_free) for j, o in enumerate(others)) for m in range(len(count.layouts))]
        for where, mines in zip(cells_of_class, count.class_mines):
            held = sum(mines[m] * outside[m] for m in range(len(mines)))
            result[where] = held / (total_weight * len(where[0]))


def _multiply(a: list[int], b: list[int]) -> list[int]:
    """The product of two polynomials given by their coefficients."""
    out = [0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                out[i + j] += x * y
    return out
