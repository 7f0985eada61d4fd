"""Each path's colour, on the terminal and in the SVG: Flow Free's for a Flow Free board, else palette colours that
touching paths never share.

Paths are coloured greedily in label order, each with the least used of the colours its
neighbours (paths with orthogonally adjacent cells) do not have, among as many colours as a
16-colour terminal has stand-ins (PALETTE_16); the second, fourth ... path of a colour takes
the palette colour that shares its stand-in, so a 256-colour terminal shows more variety. In
label order a path may find all nine stand-ins taken by its neighbours; the board is then
coloured in smallest-last order instead: the paths and their touching form a planar graph (each
path's cells are connected), in which some path always touches at most five others, so each path
meets at most five coloured neighbours and a stand-in is always free. Solutions shown together
(--unique's two, --count's) are coloured by one map where one can be found, the paths that touch in
any of them kept apart: each label then has one colour on every board; else each board by itself.
"""

from __future__ import annotations

from collections.abc import Sequence

from satpuzzles.present.styles import PALETTE, PALETTE_16, add_stand_ins, palette_style
from satpuzzles.puzzles.numberlink.model import EMPTY, NumberlinkInstance, NumberlinkSolution

FLOW_FREE = {
    "R": ("red3", "red"), "G": ("green4", "green"), "B": ("dodger_blue2", "bright_blue"), "Y": ("gold3", "yellow"),
    "O": ("dark_orange", "bright_red"), "C": ("dark_cyan", "cyan"), "M": ("magenta3", "magenta"),
    "m": ("orange4", "red"), "P": ("dark_magenta", "bright_magenta"), "A": ("grey50", "bright_black"),
    "W": ("default", "default"), "g": ("chartreuse3", "green"), "T": ("wheat4", "yellow"),
    "b": ("slate_blue3", "blue"), "c": ("turquoise4", "cyan"), "p": ("deep_pink4", "magenta"),
}
"""Flow Free's colours by its level files' letters (as the SVG's: R red, G green, B blue, Y yellow, O orange, C cyan,
M magenta, m maroon, P purple, A grey, W white, g bright green, T tan, b dark blue, c dark cyan, p pink), each as a
terminal colour readable on dark and light themes (white is the theme's own text colour) and its 16-colour stand-in."""

add_stand_ins(dict(FLOW_FREE.values()))


def flow_free(labels: list[str]) -> bool:
    """Whether a board is a Flow Free level: every label one of its letters, and R (then G, B) among them."""
    return all(label in FLOW_FREE for label in labels) and set("RGB"[:len(labels)]) <= set(labels)


def touching(instance: NumberlinkInstance, solution: NumberlinkSolution) -> dict[str, set[str]]:
    """Each label's neighbours: the labels of paths with a cell next to one of its cells."""
    grid = solution.label_grid(instance)
    near: dict[str, set[str]] = {label: set() for label in instance.labels}
    for r, row in enumerate(grid):
        for c, label in enumerate(row):
            for other in (grid[r + 1][c] if r + 1 < len(grid) else EMPTY, row[c + 1] if c + 1 < len(row) else EMPTY):
                if EMPTY not in (label, other) and label != other:
                    near[label].add(other)
                    near[other].add(label)
    return near


def palette_indices(instance: NumberlinkInstance, solution: NumberlinkSolution | None,
                    shown: Sequence[NumberlinkSolution] = ()) -> dict[str, int]:
    """Each label's index into PALETTE (the terminal's; the SVG has a colour for each): touching paths of
    ``solution`` never share one; on the bare puzzle, label order. ``shown``: the solutions shown with it, which
    keep each label's index where one map keeps the touching paths of every one of them apart."""
    labels = list(instance.labels)
    if solution is None:
        return {label: index for index, label in enumerate(labels)}
    if len(shown) > 1:
        near = touching(instance, shown[0])
        for other in shown[1:]:
            for label, others in touching(instance, other).items():
                near[label] |= others
        shared = _greedy(labels, near, strict=True) or _greedy(_smallest_last(labels, near), near, strict=True)
        if shared is not None:
            return shared
    near = touching(instance, solution)
    return _greedy(labels, near, strict=True) or _greedy(_smallest_last(labels, near), near) or {}


def _greedy(order: list[str], near: dict[str, set[str]], strict: bool = False) -> dict[str, int] | None:
    """Each label's palette index, coloured in ``order`` with the least used stand-in no neighbour shows; None when
    ``strict`` and a label finds all nine shown (else it takes a palette colour no neighbour shows)."""
    kinds = len(PALETTE_16)
    uses: dict[int, int] = {}
    indices: dict[str, int] = {}
    for label in order:
        shown = {indices[other] for other in near[label] if other in indices}
        taken = {index % kinds for index in shown}  # the stand-ins the neighbours show (PALETTE_16[index % kinds])
        free = [index for index in range(kinds) if index not in taken]
        if not free and strict:
            return None
        free = free or [index for index in range(len(PALETTE)) if index not in shown] or [0]
        pick = min(free, key=lambda index: (uses.get(index, 0), index))
        second = uses.get(pick, 0) % 2 == 1 and pick + kinds < len(PALETTE)  # same stand-in, another shade
        uses[pick] = uses.get(pick, 0) + 1
        indices[label] = pick + kinds if second and pick < kinds else pick
    return indices


def _smallest_last(labels: list[str], near: dict[str, set[str]]) -> list[str]:
    """The labels in smallest-last order: removing, again and again, a label touching the fewest of those left (the
    first in label order among them), and reversing; in a planar graph each then touches at most five before it."""
    import heapq

    position = {label: at for at, label in enumerate(labels)}
    degree = {label: len(near[label]) for label in labels}
    heap = [(degree[label], position[label], label) for label in labels]
    heapq.heapify(heap)
    removed: list[str] = []
    gone: set[str] = set()
    while heap:
        left, _, label = heapq.heappop(heap)
        if label in gone or left != degree[label]:
            continue  # a stale entry: the label left, or touches fewer now
        gone.add(label)
        removed.append(label)
        for other in near[label] - gone:
            degree[other] -= 1
            heapq.heappush(heap, (degree[other], position[other], other))
    return removed[::-1]


def path_styles(instance: NumberlinkInstance, solution: NumberlinkSolution | None,
                shown: Sequence[NumberlinkSolution] = ()) -> dict[str, str]:
    """Each label's style: Flow Free's colour, else the palette colour :func:`palette_indices` gives it (alike on
    the ``shown`` solutions' boards where it can)."""
    labels = list(instance.labels)
    if flow_free(labels):
        return {label: FLOW_FREE[label][0] for label in labels}
    return {label: palette_style(index) for label, index in palette_indices(instance, solution, shown).items()}
