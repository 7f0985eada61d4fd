"""The segments a deduction knows drawn, as a union-find over their end points: which new ones close a loop.

Used by the grade (solve.grading) for puzzles whose decisions are line segments (edges,
links): a probe that draws a closed loop is judged by the encoding's own lazily enforced
rules, as the lazy-cut loop would judge a model made of that loop alone.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Hashable, Iterable


class Lines:
    """Segments (by variable) between points; ``draw`` the known ones, then ask which new ones close loops."""

    def __init__(self, ends: dict[int, tuple[Hashable, Hashable]]) -> None:
        points = {point for pair in ends.values() for point in pair}
        self.index = {point: i for i, point in enumerate(points)}
        self.ends = {var: (self.index[a], self.index[b]) for var, (a, b) in ends.items()}
        self.parent = list(range(len(points)))
        self.at: dict[int, list[int]] = defaultdict(list)
        self.drawn: set[int] = set()

    def _root(self, point: int) -> int:
        parent = self.parent
        while parent[point] != point:
            parent[point] = parent[parent[point]]
            point = parent[point]
        return point

    def draw(self, segments: Iterable[int]) -> None:
        """Add known segments (variables of segments not drawn yet; others are ignored)."""
        for var in segments:
            if var in self.ends and var not in self.drawn:
                a, b = self.ends[var]
                self.drawn.add(var)
                self.at[a].append(var)
                self.at[b].append(var)
                self.parent[self._root(a)] = self._root(b)

    def closed(self, segments: Iterable[int]) -> list[list[int]]:
        """The loops that ``segments`` (drawn on top of the known ones, for this question only) close.

        Each loop is the variables of all its segments. Points have at most two segments in a
        state unit propagation accepts, so a component with a cycle is that cycle.
        """
        ends, drawn, parent = self.ends, self.drawn, self.parent
        overlay: dict[int, int] = {}
        new: list[int] = []
        closing: list[int] = []
        for var in segments:
            pair = ends.get(var)
            if pair is None or var in drawn:
                continue
            new.append(var)
            roots = []
            for point in pair:
                while parent[point] != point:
                    point = parent[point]
                while point in overlay:
                    point = overlay[point]
                roots.append(point)
            if roots[0] == roots[1]:
                closing.append(var)
            else:
                overlay[roots[0]] = roots[1]
        if not closing:
            return []
        extra: dict[int, list[int]] = defaultdict(list)
        for var in new:
            a, b = ends[var]
            extra[a].append(var)
            extra[b].append(var)
        return [loop for loop in (self._walk(var, extra) for var in closing) if loop]

    def _walk(self, start: int, extra: dict[int, list[int]]) -> list[int]:
        """The loop through segment ``start``, following known and extra segments point to point."""
        loop = [start]
        origin, point = self.ends[start]
        previous = start
        while point != origin:
            following = [var for var in (*self.at.get(point, ()), *extra.get(point, ())) if var != previous]
            if not following:  # not a loop after all (cannot happen in a state propagation accepts)
                return []
            previous = following[0]
            loop.append(previous)
            a, b = self.ends[previous]
            point = b if a == point else a
            if len(loop) > len(self.ends):
                return []
        return loop
