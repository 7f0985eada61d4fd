"""The loops of models that differ little from one known loop, found from where they differ.

A generator that asks "is there another loop?" again and again, its searches starting from the
loop it made, gets models that mostly differ from that loop near one spot. Walking every edge of
such a model costs the loop's length in Python steps; here only the edges that differ are
looked at, and the stretches of the known loop between them are taken whole, as slices. The loops
are those :meth:`SingleCycle.walk` gives, in the same order, each as its increasing edge indices.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from itertools import chain

from satpuzzles.cnf.model import Model
from satpuzzles.constraints.loops import SingleCycle


class NearLoop:
    """The loops of models over ``cycle``'s edges, read from where they differ from the known ``loop``."""

    def __init__(self, cycle: SingleCycle, loop: list[int]) -> None:
        """``loop``: the known loop's edge indices (one closed loop of ``cycle``'s edges)."""
        ends = cycle.edge_ends
        self.cycle = cycle
        self.edge_count = len(cycle.edge_vars_list)
        on = set(loop)
        # the model literal each edge has on the known loop, to compare a model's literals with in one pass
        self.literals = [var if index in on else -var for index, var in enumerate(cycle.edge_vars_list)]
        at: dict[int, list[int]] = {}
        for edge in loop:
            for dot in ends[edge]:
                at.setdefault(dot, []).append(edge)
        # the loop in order: edge k joins dots[k] and dots[k + 1] (dots[len] is dots[0])
        first = loop[0]
        dots, edges = [ends[first][0]], [first]
        dot = ends[first][1]
        while dot != dots[0]:
            dots.append(dot)
            a, b = at[dot]
            edge = b if a == edges[-1] else a
            edges.append(edge)
            dot = ends[edge][0] + ends[edge][1] - dot
        self.dots, self.edges = dots, edges
        self.edge_at = {edge: position for position, edge in enumerate(edges)}
        self.dot_at = {dot: position for position, dot in enumerate(dots)}
        self.whole = sorted(loop)

    def loops(self, model: Model) -> list[list[int]]:
        """The model's loops (every vertex of degree 0 or 2), as ``cycle.walk(cycle.used(model))`` gives them."""
        changed = model.differing_among_first(self.literals)
        if not changed:
            return [list(self.whole)]
        ends, edge_at, dot_at, dots, edges = self.cycle.edge_ends, self.edge_at, self.dot_at, self.dots, self.edges
        removed = {edge for edge in changed if edge in edge_at}
        used_at: dict[int, list[int]] = {}  # each dot touching a changed edge: its used edges
        for edge in changed:
            if edge not in removed:
                for dot in ends[edge]:
                    used_at.setdefault(dot, []).append(edge)
            else:
                for dot in ends[edge]:
                    used_at.setdefault(dot, [])
        marks = sorted(dot_at[dot] for dot in used_at if dot in dot_at)  # loop positions of the changed dots
        for dot in used_at:
            position = dot_at.get(dot)
            if position is not None:
                for edge in (edges[position], edges[position - 1]):
                    if edge not in removed:
                        used_at[dot].append(edge)
        loops = []
        if not removed:
            loops.append(list(self.whole))  # the known loop whole; the added edges make loops of their own
        seen: set[int] = set()
        for start, used in used_at.items():
            if start in seen or not used:
                continue
            parts: list[list[int]] = []
            dot, edge = start, used[0]
            while True:
                seen.add(dot)
                position = edge_at.get(edge)
                if position is None:  # an edge the known loop does not use
                    parts.append([edge])
                    dot = ends[edge][0] + ends[edge][1] - dot
                    arrived = edge
                else:
                    here = dot_at[dot]
                    if edges[here] == edge:  # along the loop, forward to the next changed dot
                        mark = bisect_right(marks, here)
                        there = marks[mark] if mark < len(marks) else marks[0]
                        parts.append(edges[here:there] if there > here else edges[here:] + edges[:there])
                        arrived = edges[there - 1]
                    else:  # backward to the previous one
                        mark = bisect_left(marks, here) - 1
                        there = marks[mark]  # marks[-1] when none is before: the last, round the loop
                        parts.append(edges[there:here] if there < here else edges[there:] + edges[:here])
                        arrived = edges[there]
                    dot = dots[there]
                if dot == start:
                    break
                a, b = used_at[dot]
                edge = b if a == arrived else a
            loop = list(chain.from_iterable(parts))
            loop.sort()
            loops.append(loop)
        loops.sort(key=lambda loop: loop[0])
        return loops
