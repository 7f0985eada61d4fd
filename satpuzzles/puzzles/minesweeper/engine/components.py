"""Minesweeper by components: one consistent layout, and the cells every layout agrees on (the backbone).

The constraint graph left after propagation (open counts sharing unknown cells)
falls apart into connected components that do not constrain each other, so a
layout is found component by component: small ones batched per solver and spread
over the cores, big ones by the band sweep (sweep.py).

An unknown cell is forced when all layouts that satisfy the counts give it the same
value. The trivial rules (propagate.py) decide most forced cells;
what is left is decided with SAT, one connected component of the constraint graph at
a time, since components do not constrain each other:

- small components go to the solver in batches. From a first model M, a loop asks for
  a model that flips at least one remaining candidate (a clause over the flipped
  literals, phases set to flip): every cell a model flips is not forced; when no
  model flips any, the rest are forced. Cells whose counts are exactly the same set
  of counts are interchangeable, so a class where M holds both a mine and a safe cell
  is dropped without a SAT call;
- components too big for one solver (boards that percolate) are settled in windows:
  the counts around a tile, with cells beyond a margin fixed to a known layout, give
  models that are global models (so their flips are sound "not forced"); the same
  counts with nothing fixed are a relaxation (so "no flip possible" there is a sound
  "forced"). A cell neither settles is retried with a wider margin.

With a ``mines N`` total every cell is coupled to every other: see total.py.
"""

from __future__ import annotations

import numpy as np

from satpuzzles.core.outcome import SolveStats, Timer
from satpuzzles.geometry import around8_at
from satpuzzles.puzzles.minesweeper.engine import DEFAULT_SOLVER, sweep
from satpuzzles.puzzles.minesweeper.engine import propagate as engine
from satpuzzles.puzzles.minesweeper.model import UNKNOWN, CellAnalysis
from satpuzzles.solve.backbone import flip_search
from satpuzzles.solve.backends import make_backend
from satpuzzles.solve.parallel import forked_map

BATCH_COUNTS = 30
"""Open counts per solver for small components: measured on extreme-sat.in (10: 3.9 s,
30: 3.2 s, 80: 5.5 s, 200: 6.2 s for the whole backbone, one core)."""
GROUP_BATCHES = 64
PARALLEL_BATCHES = 256
"""Batches go to the cores in groups; boards with fewer batches stay in one process."""
BIG_COMPONENT = 3000
"""Components with more variables than this are settled in windows."""
TILE = 24
MARGINS = (4, 10, 24)
"""Window tiles and the margins tried in turn around them."""


def component_labels(counts: engine.OpenCounts) -> np.ndarray:
    """For every open count, the smallest variable of its connected component (counts sharing cells)."""
    size = int(counts.var.max(initial=0)) + 1
    first = counts.lits.max(axis=1)
    a = np.repeat(first, counts.lits.shape[1])
    b = counts.lits.ravel()
    a, b = a[b > 0], b[b > 0]
    label = np.arange(size)
    while True:
        la, lb = label[a], label[b]
        low = np.minimum(la, lb)
        np.minimum.at(label, la, low)
        np.minimum.at(label, lb, low)
        while True:  # point every variable straight at its root
            jumped = label[label]
            if (jumped == label).all():
                break
            label = jumped
        if (label[a] == label[b]).all():
            return label[first]


def signature_classes(counts: engine.OpenCounts) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The variables sorted by their signature (the open counts around them, numbered from 1, sorted, 0 padded to
    eight), those signatures in that order, and where each run of equal signatures (a class) starts."""
    index = np.zeros(counts.var.shape, dtype=np.int64)
    index[counts.where[:, 0], counts.where[:, 1]] = np.arange(1, len(counts.need) + 1)
    r, c = np.nonzero(counts.var)
    signature = np.sort(around8_at(index, r, c), axis=1)
    order = np.lexsort(signature.T[::-1])
    ordered = signature[order]
    starts = np.ones(len(order), dtype=bool)
    starts[1:] = (ordered[1:] != ordered[:-1]).any(axis=1)
    return counts.var[r, c][order], ordered, starts


def interchangeable_classes(cells: np.ndarray, counts: engine.OpenCounts) -> np.ndarray:
    """For every variable, an id shared exactly by the variables next to the same set of open counts."""
    variables, _, starts = signature_classes(counts)
    classes = np.zeros(int(counts.var.max(initial=0)) + 1, dtype=np.int64)
    classes[variables] = np.cumsum(starts)
    return classes


def mixed_classes(classes: np.ndarray, values: np.ndarray) -> np.ndarray:
    """Which entries sit in a class where ``values`` holds both True and False."""
    ids, inverse = np.unique(classes, return_inverse=True)
    total = np.bincount(inverse, minlength=len(ids))
    true = np.bincount(inverse, weights=values, minlength=len(ids))
    return ((true > 0) & (true < total))[inverse]


class Backbone:
    """The SAT part of the analysis over the open counts that propagation left."""

    def __init__(self, cells: np.ndarray, counts: engine.OpenCounts, solver_name: str, stats: SolveStats,
                 settle: bool = True) -> None:
        self.cells, self.counts, self.solver_name, self.stats = cells, counts, solver_name, stats
        self.settle = settle
        """False: only find a consistent value for every variable (no backbone)."""
        size = int(counts.var.max(initial=0)) + 1
        self.values = np.zeros(size, dtype=bool)
        """A consistent value of every variable, filled component by component."""
        self.forced = np.zeros(size, dtype=bool)
        """Variables that take their ``values`` entry in every layout."""
        self.seen_both = np.zeros(size, dtype=bool)
        """Variables shown to take both values (used by the windows)."""
        self.classes = interchangeable_classes(cells, counts) if settle else np.zeros(0, dtype=np.int64)

    def run(self) -> bool:
        """Settle every variable; False when some component has no model (the board is unsolvable)."""
        if not self.counts.need.size:
            return True
        labels = component_labels(self.counts)
        ids, inverse = np.unique(labels, return_inverse=True)
        var_label = np.zeros(len(self.values), dtype=np.int64)
        var_label[self.counts.lits.ravel()] = np.repeat(inverse, self.counts.lits.shape[1])
        sizes = np.bincount(var_label[1:], minlength=len(ids))
        big = sizes[inverse] > BIG_COMPONENT
        order = np.argsort(labels, kind="stable")
        order = order[~big[order]]
        if not self._small(order, labels[order]):
            return False
        return self._big(np.flatnonzero(big)) if big.any() else True

    def _small(self, order: np.ndarray, ordered_labels: np.ndarray) -> bool:
        """Backbone of the small components, whole components batched per solver, batches over all cores."""
        starts = np.concatenate([[0], np.flatnonzero(np.diff(ordered_labels)) + 1, [len(order)]])
        batches, begin = [], 0
        while begin < len(order):
            end = int(starts[min(int(np.searchsorted(starts, begin + BATCH_COUNTS)), len(starts) - 1)])
            batches.append(order[begin:end])
            begin = end
        groups = [batches[i : i + GROUP_BATCHES] for i in range(0, len(batches), GROUP_BATCHES)]
        workers = None if len(batches) >= PARALLEL_BATCHES else 1
        for results in forked_map(lambda group: [self._batch(chosen) for chosen in group], groups, workers):
            for result in results:
                if result is None:
                    return False
                involved, model, forced, calls = result
                self.values[involved] = model
                self.forced[forced] = True
                self.stats.sat_calls += calls
        return True

    def _batch(self, chosen: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, int] | None:
        """For the chosen counts: their variables, a model of them, the forced ones and the SAT calls (None if unsat)."""
        involved, local = engine.renumber(self.counts.lits[chosen])
        n = len(involved) - 1
        with make_backend(self.solver_name) as backend:
            engine.add_counts(backend, local, self.counts.need[chosen])
            if not backend.solve():
                return None
            model = np.array(backend.model_literals()[:n]) > 0
            if not self.settle:
                return involved[1:], model, involved[:0], 1
            keep = ~mixed_classes(self.classes[involved[1:]], model)
            ids = np.arange(1, n + 1)
            flips = np.where(model, -ids, ids)[keep]
            stuck, calls = flip_search(backend, flips.tolist())
        return involved[1:], model, involved[np.abs(np.fromiter(stuck, dtype=np.int64, count=len(stuck)))], calls + 1

    def _big(self, chosen: np.ndarray) -> bool:
        """Backbone of the big components: a layout by the band sweep, then windows around tiles."""
        subset = engine.OpenCounts(self.counts.var, self.counts.where[chosen], self.counts.lits[chosen],
                                   self.counts.need[chosen])
        values, calls = sweep.sweep(subset, self.cells.shape[0], self.solver_name)
        self.stats.sat_calls += calls
        if values is None or not engine.counts_met(subset, values):
            self.stats.sat_calls += 1
            values = sweep.solve_whole(subset, self.solver_name)
            if values is None:
                return False
        in_big = np.zeros(len(self.values), dtype=bool)
        in_big[subset.lits.ravel()] = True
        in_big[0] = False
        self.values[in_big] = values[in_big]
        where = np.flatnonzero(in_big)
        if not self.settle:
            return True
        self.seen_both[where] = mixed_classes(self.classes[where], self.values[where])
        windows = Windows(self, subset, in_big)
        for margin in MARGINS:
            if not windows.sweep(margin):
                return True
        windows.settle_rest()
        return True


class Windows:
    """Settles the variables of big components tile by tile (see the module docstring)."""

    def __init__(self, backbone: Backbone, counts: engine.OpenCounts, members: np.ndarray) -> None:
        self.backbone, self.counts, self.members = backbone, counts, members
        self.count_index = np.zeros(backbone.cells.shape, dtype=np.int64)
        self.count_index[counts.where[:, 0], counts.where[:, 1]] = np.arange(1, len(counts.need) + 1)
        self.in_window = np.zeros(len(members), dtype=bool)

    def pending(self) -> np.ndarray:
        """Variables of the big components not settled yet."""
        b = self.backbone
        return self.members & ~b.forced & ~b.seen_both

    def sweep(self, margin: int) -> bool:
        """Try every tile that holds a pending variable; True when some variable is still pending."""
        var = self.counts.var
        pending = self.pending()
        r, c = np.nonzero(var)
        on = pending[var[r, c]]
        tiles = np.unique(np.stack([r[on] // TILE, c[on] // TILE], axis=1), axis=0)
        for tr, tc in tiles.tolist():
            self.window(tr * TILE, tc * TILE, margin)
        return bool(self.pending().any())

    def window(self, top: int, left: int, margin: int) -> None:
        """Settle what can be settled of one tile's pending variables with this margin."""
        b, var = self.backbone, self.counts.var
        rows, cols = var.shape
        core = var[top : top + TILE, left : left + TILE].ravel()
        core = core[(core > 0) & self.pending()[core]]
        if not core.size:
            return
        r0, r1 = max(0, top - margin), min(rows, top + TILE + margin)
        c0, c1 = max(0, left - margin), min(cols, left + TILE + margin)
        free = var[r0:r1, c0:c1].ravel()
        free = free[(free > 0) & self.members[free]]
        ids = self.count_index[max(0, r0 - 1) : r1 + 1, max(0, c0 - 1) : c1 + 1].ravel()
        ids = ids[ids > 0] - 1
        self.in_window[free] = True
        try:
            ids = ids[self.in_window[self.counts.lits[ids]].any(axis=1)]
            involved, local = engine.renumber(self.counts.lits[ids])
            global_ids = involved[1:]
            inside = self.in_window[global_ids]
        finally:
            self.in_window[free] = False
        n = len(global_ids)
        signs = np.where(b.values[global_ids], 1, -1)
        local_ids = np.arange(1, n + 1)
        fixed = (local_ids * signs)[~inside].tolist()
        flip_of = dict(zip(global_ids.tolist(), (-local_ids * signs).tolist()))
        flips = {flip_of[v] for v in core.tolist()}
        reference = b.values[global_ids]

        def witness(model: list[int]) -> None:
            differs = (np.array(model[:n]) > 0) != reference
            b.seen_both[global_ids[differs]] = True

        with make_backend(b.solver_name) as backend:
            engine.add_counts(backend, local, self.counts.need[ids])
            stuck, calls = flip_search(backend, flips, fixed, witness)
            b.stats.sat_calls += calls
            if stuck:
                forced, calls = flip_search(backend, stuck)
                b.stats.sat_calls += calls
                b.forced[global_ids[np.abs(np.fromiter(forced, dtype=np.int64, count=len(forced))) - 1]] = True

    def settle_rest(self) -> None:
        """The variables no window settled, against all the big components' counts at once."""
        b = self.backbone
        involved, local = engine.renumber(self.counts.lits)
        global_ids = involved[1:]
        n = len(global_ids)
        reference = b.values[global_ids]
        pending = self.pending()[global_ids]
        local_ids = np.arange(1, n + 1)
        flips = set(np.where(reference, -local_ids, local_ids)[pending].tolist())

        def witness(model: list[int]) -> None:
            b.seen_both[global_ids[(np.array(model[:n]) > 0) != reference]] = True

        with make_backend(b.solver_name) as backend:
            engine.add_counts(backend, local, self.counts.need)
            stuck, calls = flip_search(backend, flips, (), witness)
            b.stats.sat_calls += calls
        b.forced[global_ids[np.abs(np.fromiter(stuck, dtype=np.int64, count=len(stuck))) - 1]] = True


def _by_components(cells: np.ndarray, solver_name: str, settle: bool,
                   stats: SolveStats) -> tuple[Backbone | None, engine.Deduction, engine.OpenCounts | None]:
    """Propagation, open counts and the component-wise SAT work (None when no layout exists)."""
    with Timer(stats, "propagate_seconds"):
        deduction = engine.propagate(cells)
    if deduction.broken is not None:
        return None, deduction, None
    with Timer(stats, "encode_seconds"):
        counts = engine.open_counts(cells, deduction)
    stats.variables, stats.clauses = int(counts.var.max(initial=0)), 2 * len(counts.need)
    with Timer(stats, "solve_seconds"):
        backbone = Backbone(cells, counts, solver_name, stats, settle)
        solved = backbone.run()
    return (backbone if solved else None), deduction, counts


def analyze(cells: np.ndarray,
            solver_name: str = DEFAULT_SOLVER) -> tuple[CellAnalysis | None, engine.Deduction, SolveStats]:
    """Forced and undetermined unknown cells, or None (with the deduction) when no layout exists."""
    stats = SolveStats(encoding="propagate+backbone", solver=solver_name, stages=["propagate", "backbone"])
    backbone, deduction, counts = _by_components(cells, solver_name, True, stats)
    if backbone is None or counts is None:
        return None, deduction, stats
    has_var = counts.var > 0
    layout = deduction.mine | (backbone.values[counts.var] & has_var)
    return assemble(cells, deduction, layout, backbone.forced[counts.var] & has_var), deduction, stats


def assemble(cells: np.ndarray, deduction: engine.Deduction, layout: np.ndarray,
             forced_by_sat: np.ndarray) -> CellAnalysis:
    """The analysis from propagation's decisions, one layout and the cells SAT showed forced (grids)."""
    unknown = cells == UNKNOWN
    forced_mine = unknown & (deduction.mine | forced_by_sat & layout)
    forced_safe = unknown & (deduction.safe | forced_by_sat & ~layout)
    by_rules = unknown & (deduction.mine | deduction.safe)
    return CellAnalysis(forced_mine, forced_safe, by_rules, unknown & ~forced_mine & ~forced_safe, layout)


def find_layout(cells: np.ndarray, solver_name: str = DEFAULT_SOLVER) -> tuple[np.ndarray | None, engine.Deduction, SolveStats]:
    """A layout that satisfies every count, component by component (None, with the deduction, when none exists)."""
    stats = SolveStats(encoding="propagate+components", solver=solver_name, stages=["propagate", "components"])
    backbone, deduction, counts = _by_components(cells, solver_name, False, stats)
    if backbone is None or counts is None:
        return None, deduction, stats
    return deduction.mine | (backbone.values[counts.var] & (counts.var > 0)), deduction, stats
