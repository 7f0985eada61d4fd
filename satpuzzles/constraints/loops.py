"""One closed loop along the edges of a graph: degrees in CNF, connectedness by lazy sub-loop cuts.

The formula says every vertex has degree 0 or 2 (exactly 2 where the loop must pass)
and that some edge is used, so a model is a set of disjoint loops. That they are one loop
is enforced lazily: a model's loops are found by walking them, and a loop that cannot be
the whole answer on its own is banned exactly (its edges cannot all be used). Banning a
loop is sound exactly when that loop alone is not a solution, because a single loop that
contains every edge of a closed loop is that loop; the puzzle decides which loops those
are (Slitherlink: a loop that breaks some clue; Masyu: a loop that misses a circle).

Plain Python (lists, no numpy): a Slitherlink process never imports numpy, which cost
more than building and walking the loops of a 100x100 board (docs/performance.md).

Slitherlink runs on the dot lattice, Masyu on the cell centres, as Tatham's loop
generator serves both Loopy and Pearl.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from satpuzzles.cnf.cardinality import exactly_patterns, none_or_exactly_patterns
from satpuzzles.cnf.formula import Clause, Formula
from satpuzzles.cnf.model import Model
from satpuzzles.constraints.patterns import add_pattern_rows

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    import numpy as np


def _plain(values: Any) -> list[Any]:
    """A sequence (or numpy array) as a Python list of Python scalars."""
    return values.tolist() if hasattr(values, "tolist") else list(values)


class SingleCycle:
    """A single loop over ``edge_vars`` (one variable per edge, ``edge_ends`` its two vertices)."""

    def __init__(self, formula: Formula, edge_vars: Sequence[int] | np.ndarray,
                 edge_ends: Sequence[Sequence[int]] | np.ndarray, vertex_count: int,
                 visit: Sequence[bool] | np.ndarray | None = None, skip: Collection[int] = ()) -> None:
        """Add the degree constraints; ``visit`` marks vertices the loop must pass through; the degree clauses of
        the vertices in ``skip`` (none of them one the loop must pass) are the caller's to add."""
        self.edge_vars_list: list[int] = _plain(edge_vars)
        self.edge_ends: list[tuple[int, int]] = [(int(a), int(b)) for a, b in _plain(edge_ends)]
        self._negated = [-var for var in self.edge_vars_list]  # each edge's ban literal
        self._end_sums = [a + b for a, b in self.edge_ends]  # the other end of an edge: the sum less this end
        self.vertex_count = vertex_count
        count = len(self.edge_vars_list)  # edges numbered 1, 2, ... (Slitherlink's): a model reads them in one pass
        self._first_vars = count if self.edge_vars_list == list(range(1, count + 1)) else None
        first_clause = len(formula.clauses)
        formula.add(self.edge_vars_list)
        must = [False] * vertex_count if visit is None else [bool(flag) for flag in _plain(visit)]
        around: list[list[int]] = [[] for _ in range(vertex_count)]  # each vertex's edge variables, in edge order
        for var, (a, b) in zip(self.edge_vars_list, self.edge_ends):
            around[a].append(var)
            around[b].append(var)
        by_degree: dict[int, tuple[list[list[int]], list[list[int]]]] = {}
        for vertex, lits in enumerate(around):
            if lits and vertex not in skip:
                by_degree.setdefault(len(lits), ([], []))[not must[vertex]].append(lits)
        stranded = any(flag and not lits for flag, lits in zip(must, around))  # a vertex to pass without edges
        for degree in sorted(by_degree):
            passing, free = by_degree[degree]
            if passing and degree < 2:
                formula.add([])  # a vertex the loop must pass has one edge only
            elif passing:
                add_pattern_rows(formula, exactly_patterns(degree, 2), passing)
            add_pattern_rows(formula, none_or_exactly_patterns(degree, 2), free)
        if stranded:
            formula.add([])
        self._clauses = formula.clauses[first_clause:]

    def clone(self, formula: Formula) -> SingleCycle:
        """The same loop in ``formula``, whose edge variables are numbered as this one's: its clauses added and the
        walk's tables shared. Building them again costs five times as much. The clause lists themselves are shared
        by every clone, as the Numberlink paths block's are (constraints/paths.py): nothing changes a formula's
        clauses in place (a Formula only ever appends), and copying them, then freeing the copies with each
        formula, cost a tenth of a small board's encoding."""
        twin = object.__new__(SingleCycle)
        twin.__dict__.update(self.__dict__)
        formula.clauses.extend(self._clauses)
        return twin

    def used(self, model: Model) -> list[int]:
        """Indices of the edges a model uses, in increasing order."""
        if self._first_vars is not None:
            return model.true_among_first(self._first_vars)
        return model.true_positions(self.edge_vars_list)

    def walk(self, on: Sequence[int]) -> list[list[int]]:
        """The loops of the used edges ``on`` (every vertex of degree 0 or 2), each as its increasing edge
        indices; loops in the order of their first edge in ``on``.

        From each used edge, a walk through the other used edge at each vertex comes back to it. The
        other edge at a vertex is the sum of its two used edges less this one, as the other end of an
        edge is the sum of its ends less this one.
        """
        ends, sums = self.edge_ends, self._end_sums
        pair = [0] * self.vertex_count  # the sum of the two used edges at each vertex
        for edge in on:
            a, b = ends[edge]
            pair[a] += edge
            pair[b] += edge
        seen = bytearray(len(ends))
        loops = []
        for start in on:
            if seen[start]:
                continue
            loop, edge, vertex = [], start, ends[start][1]
            while not seen[edge]:
                seen[edge] = 1
                loop.append(edge)
                edge = pair[vertex] - edge
                vertex = sums[edge] - vertex
            loop.sort()
            loops.append(loop)
        return loops

    def loop_labels(self, on: Sequence[int]) -> list[int]:
        """For each used edge (indices ``on``), the number (0, 1, ...) of its loop in :meth:`walk`'s order."""
        label_of: dict[int, int] = {}
        for label, loop in enumerate(self.walk(on)):
            label_of.update(dict.fromkeys(loop, label))
        return [label_of[edge] for edge in on]

    def loops(self, model: Model) -> list[list[int]]:
        """The model's loops, each as the increasing indices of its edges."""
        return self.walk(self.used(model))

    def ban(self, loop: Sequence[int], guard: int | None = None) -> Clause:
        """The clause that forbids using every edge of ``loop`` (only while ``guard`` holds, if given)."""
        clause = list(map(self._negated.__getitem__, loop))
        return clause + [-guard] if guard is not None else clause

    def vertices(self, loop: Sequence[int]) -> list[int]:
        """The vertices a loop passes through, in increasing order."""
        return sorted({vertex for edge in loop for vertex in self.edge_ends[edge]})
