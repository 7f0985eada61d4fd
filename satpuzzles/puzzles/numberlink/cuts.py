"""Cutting the paths of a Numberlink cover, for the generator: where two solutions differ, the longest paths, and the
chain of longest-path cuts searched for the first cover a check decides.

A cut makes a cell inside a path an end of two shorter paths; no solver is needed here (the checks are passed in).
"""

from __future__ import annotations

import random

from satpuzzles.geometry import Cell, Grid
from satpuzzles.puzzles.numberlink.cover import Path

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterator


def regions(grid: Grid, cells: set[Cell]) -> list[set[Cell]]:
    """The side-connected regions of ``cells``, in the order of their first cell in reading order."""
    found, seen = [], set()
    for start in sorted(cells):
        if start in seen:
            continue
        region, stack = {start}, [start]
        while stack:
            for n in grid.neighbours4(stack.pop()):
                if n in cells and n not in region:
                    region.add(n)
                    stack.append(n)
        seen |= region
        found.append(region)
    return found


def cut(paths: list[Path], at: Cell, shortest: int) -> bool:
    """Cut the path through ``at`` so that ``at`` becomes an endpoint, when both parts keep ``shortest`` cells."""
    for index, path in enumerate(paths):
        if at not in path[1:-1]:
            continue
        i = path.index(at)
        splits = [[path[: i + 1], path[i + 1 :]], [path[:i], path[i:]]]
        parts = max(splits, key=lambda parts: min(map(len, parts)))
        if min(map(len, parts)) >= shortest:
            paths[index:index + 1] = parts
            return True
    return False


def cells_of(paths: list[Path]) -> set[Cell]:
    """The cells of ``paths``."""
    return {cell for path in paths for cell in path}


def cut_near(paths: list[Path], cells: set[Cell], rng: random.Random, shortests: list[int]) -> bool:
    """Cut a path of ``paths`` in place at one of ``cells``: on the longest paths first (ties at random), into parts
    of ``shortests[0]`` cells if it can, else of the next; False when no such cut exists."""
    near: list[Cell] = []  # the cells tried so far, in order: the ranking is worked out only as far as needed
    for cell in _by_length(paths, cells, rng):
        if cut(paths, cell, shortests[0]):
            return True
        near.append(cell)
    return any(cut(paths, cell, shortest) for shortest in shortests[1:] for cell in near)


def _by_length(paths: list[Path], cells: set[Cell], rng: random.Random) -> Iterator[Cell]:
    """``cells`` by the length of their path, longest first, ties in the order of a random number drawn for each cell
    (all drawn at once, in the order ``cells`` iterates): the order of sorting by the key (-length, rng.random()),
    with the same draws, but each length's cells ranked only when reached (cutting the longest path of a 100x100
    cover one cut after another sorted 10,000 cells by a Python key each time)."""
    length: dict[Cell, int] = {}
    for path in paths:
        length.update(dict.fromkeys(path, len(path)))
    order = list(cells)
    random = rng.random
    draws = [random() for _ in order]
    lengths = list(map(length.__getitem__, order))
    for size in sorted(set(lengths), reverse=True):
        group = [index for index, cells_long in enumerate(lengths) if cells_long == size]
        yield from map(order.__getitem__, sorted(group, key=draws.__getitem__))


def cut_until(paths: list[Path], rng: random.Random, shortests: list[int],
              decided: Callable[[list[Path]], bool]) -> bool:
    """After an undecided check: the longest path cut, one after another, until ``decided`` holds of the cover;
    ``paths`` becomes that cover. False when no path can be cut.

    The covers of that chain are made without checks, and the first decided one is searched for by galloping
    (1, 2, 4, ... cuts) and bisection: about 2 log2(n) checks instead of n. A check decides more often as paths
    get shorter, though not strictly so: the cover found is a decided one right after an undecided one.
    """
    chain = [list(paths)]

    def cover(cuts: int) -> list[Path] | None:
        while len(chain) <= cuts:
            more = list(chain[-1])
            if not cut_near(more, cells_of(more), rng, shortests):
                return None
            chain.append(more)
        return chain[cuts]

    if cover(1) is None:
        return False
    low, high = 0, 1  # low: undecided
    while cover(high) is not None and not decided(chain[high]):
        low, high = high, 2 * high
    if cover(high) is None:
        high = len(chain) - 1
        if high == low or not decided(chain[high]):
            paths[:] = chain[high]
            return True
    while high - low > 1:
        middle = (low + high) // 2
        low, high = (low, middle) if decided(chain[middle]) else (middle, high)
    paths[:] = chain[high]
    return True


def cut_chain(paths: list[Path], min_length: int) -> list[list[Path]]:
    """Covers with one, two, ... more paths: each time the longest path cut in the middle (parts of
    ``min_length``+ cells), while the paths can be.

    A cut keeps a unique puzzle unique when paths may touch themselves: a solution of the cut puzzle,
    with the link between the two new ends, is one of the uncut puzzle, and a different one for each.
    """
    chain, paths = [], [list(path) for path in paths]
    shortest = max(3, min_length)
    for _ in range(len(paths)):
        longest = max(paths, key=len)
        if len(longest) < 2 * shortest or not cut(paths, longest[len(longest) // 2], shortest):
            break
        chain.append([list(path) for path in paths])
    return chain
