"""One closed loop along the edges of a graph: degrees in CNF, connectedness by lazy sub-loop cuts.

The formula says every vertex has degree 0 or 2 (exactly 2 where the loop must pass)
and that some edge is used, so a model is a set of disjoint loops. That they are one loop
is enforced lazily: a model's loops are found with numpy, and a loop that cannot be the
whole answer on its own is banned exactly (its edges cannot all be used). Banning a loop
is sound exactly when that loop alone is not a solution, because a single loop that
contains every edge of a closed loop is that loop; the puzzle decides which loops those
are (Slitherlink: a loop that breaks some clue; Masyu: a loop that misses a circle).

Slitherlink runs on the dot lattice, Masyu on the cell centres, as Tatham's loop
generator serves both Loopy and Pearl.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from satpuzzles.cnf.cardinality import exactly_rows, none_or_exactly_rows
from satpuzzles.cnf.formula import Clause, Formula
from satpuzzles.solve.model import Model


def incidence(edge_ends: np.ndarray, vertex_count: int) -> list[tuple[np.ndarray, np.ndarray]]:
    """Vertices grouped by degree: for each degree d, the vertices and a (vertices, d) array of their edges."""
    ends = edge_ends.ravel()
    edge_of_end = np.repeat(np.arange(len(edge_ends)), 2)
    sorted_edges = edge_of_end[np.argsort(ends, kind="stable")]
    degree = np.bincount(ends, minlength=vertex_count)
    starts = np.concatenate([[0], np.cumsum(degree)[:-1]])
    groups = []
    present = np.flatnonzero(np.bincount(degree)) if degree.size else np.zeros(0, dtype=np.int64)
    for d in present[present > 0].tolist():  # not np.unique: in numpy 2 it imports numpy.ma (30 ms)
        vertices = np.flatnonzero(degree == d)
        groups.append((vertices, sorted_edges[starts[vertices][:, None] + np.arange(d)[None, :]]))
    return groups


class SingleCycle:
    """A single loop over ``edge_vars`` (one variable per edge, ``edge_ends`` its two vertices)."""

    def __init__(self, formula: Formula, edge_vars: np.ndarray, edge_ends: np.ndarray, vertex_count: int,
                 visit: np.ndarray | None = None) -> None:
        """Add the degree constraints; ``visit`` marks vertices the loop must pass through."""
        self.edge_vars = np.asarray(edge_vars, dtype=np.int64)
        self.edge_vars_list: list[int] = self.edge_vars.tolist()
        self.edge_ends = np.asarray(edge_ends, dtype=np.int64)
        self.vertex_count = vertex_count
        formula.add(self.edge_vars_list)
        visit = np.zeros(vertex_count, dtype=bool) if visit is None else np.asarray(visit, dtype=bool)
        for vertices, edges in incidence(self.edge_ends, vertex_count):
            lits = self.edge_vars[edges]
            must = visit[vertices]
            exactly_rows(formula, lits[must], 2)
            none_or_exactly_rows(formula, lits[~must], 2)
        if (visit & (np.bincount(self.edge_ends.ravel(), minlength=vertex_count) == 0)).any():
            formula.add([])  # a vertex the loop must pass has no edge at all

    def used(self, model: Model) -> np.ndarray:
        """Indices of the edges a model uses."""
        return np.flatnonzero(model[self.edge_vars])

    def loop_labels(self, on: np.ndarray) -> np.ndarray:
        """For each used edge (indices ``on``), the number (0, 1, ...) of the loop it lies on.

        Every vertex of a model has degree 0 or 2. Each used edge has two ends, and at a
        vertex the two ends there are partners: going from an end to the other end of its
        edge, then to that end's partner, walks a loop. So loops are the cycles of a
        permutation of ends, and pointer jumping labels each cycle by its smallest end
        in log2(length) numpy steps.
        """
        if not on.size:
            return np.zeros(0, dtype=np.int64)
        ends = self.edge_ends[on].ravel()
        order = np.argsort(ends, kind="stable").reshape(-1, 2)
        partner = np.empty_like(ends)
        partner[order[:, 0]] = order[:, 1]
        partner[order[:, 1]] = order[:, 0]
        step = partner ^ 1
        label = np.arange(ends.size)
        for _ in range(int(ends.size).bit_length()):
            label = np.minimum(label, label[step])
            step = step[step]
        return np.unique(np.minimum(label[0::2], label[1::2]), return_inverse=True)[1]

    def loops(self, model: Model) -> list[np.ndarray]:
        """The model's loops, each as the indices of its edges."""
        on = self.used(model)
        labels = self.loop_labels(on)
        count = int(labels.max()) + 1 if labels.size else 0
        return [on[labels == k] for k in range(count)]

    def ban(self, loop: Sequence[int], guard: int | None = None) -> Clause:
        """The clause that forbids using every edge of ``loop`` (only while ``guard`` holds, if given)."""
        clause = [-self.edge_vars_list[i] for i in loop]
        return clause + [-guard] if guard is not None else clause

    def vertices(self, loop: Sequence[int]) -> np.ndarray:
        """The vertices a loop passes through."""
        return np.unique(self.edge_ends[np.asarray(loop, dtype=np.int64)])
