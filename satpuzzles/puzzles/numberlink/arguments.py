"""Cheap proofs that a board has no solution, tried before any SAT search.

Each is a theorem about the rules, not a heuristic, so a board it refutes is unsolvable:

- *parity* (fill rule only): colour the board like a chessboard. A path alternates
  colours, so it holds one more dark than light cell when both ends are dark, one more
  light when both are light, as many of each otherwise. Filling the board, the paths
  then hold dark - light = (pairs with both ends dark) - (pairs with both ends light).
- *crossing*: paths are curves in the board (a disk). Two labels with both ends on the
  border whose ends alternate around it (a, b, a', b') would have to cross.
- *cyclic order*: a block of endpoint cells (a rectangle of at least 2x2, off the
  border) is a hole, and the board around it an annulus. Disjoint paths from the border
  to the hole meet both in the same cyclic order, so labels joining the border to the
  block must appear around the block as they do around the border.
- *enclosure*: an endpoint whose neighbours are all endpoints of other labels has no
  way out.
"""

from __future__ import annotations

from satpuzzles.geometry import Cell, Grid
from satpuzzles.puzzles.numberlink.model import NumberlinkInstance, RuleSet

Refutation = tuple[str, str]
"""The argument's name and the reason in words."""


def parity(instance: NumberlinkInstance, rules: RuleSet) -> str | None:
    """Under the fill rule: the chessboard count the paths would need, when the board has another."""
    if not rules.fill:
        return None
    rows, cols = instance.grid.rows, instance.grid.cols
    dark_minus_light = (rows * cols) % 2  # (0, 0) is dark
    needed = 0
    for a, b in instance.endpoints.values():
        dark = (sum(a) % 2 == 0) + (sum(b) % 2 == 0)
        needed += 1 if dark == 2 else -1 if dark == 0 else 0
    if needed == dark_minus_light:
        return None
    return (f"parity: the board has {dark_minus_light:+d} dark minus light cells, but paths filling it would hold "
            f"{needed:+d} (pairs with both ends dark minus pairs with both ends light)")


def border_position(grid: Grid, cell: Cell) -> int | None:
    """Where a border cell lies going clockwise round the board from the top-left corner (None inside)."""
    r, c = cell
    rows, cols = grid.rows, grid.cols
    if r == 0:
        return c
    if c == cols - 1:
        return (cols - 1) + r
    if r == rows - 1:
        return (cols - 1) + (rows - 1) + (cols - 1 - c)
    if c == 0:
        return 2 * (cols - 1) + (rows - 1) + (rows - 1 - r)
    return None


def crossing(instance: NumberlinkInstance, rules: RuleSet) -> str | None:
    """Two labels with both ends on the border, alternating around it."""
    grid = instance.grid
    if grid.rows < 2 or grid.cols < 2:
        return None
    ends: list[tuple[int, str]] = []
    for label, (a, b) in instance.endpoints.items():
        pa, pb = border_position(grid, a), border_position(grid, b)
        if pa is not None and pb is not None:
            ends += [(pa, label), (pb, label)]
    stack: list[str] = []
    for _, label in sorted(ends):
        if stack and stack[-1] == label:
            stack.pop()
        elif label in stack:
            other = stack[-1]
            return (f"crossing: labels {label!r} and {other!r} both join two border cells, and their ends "
                    "alternate around the border, so their paths would cross")
        else:
            stack.append(label)
    return None


def holes(instance: NumberlinkInstance) -> list[list[Cell]]:
    """Rectangles of endpoint cells, at least 2x2 and off the border: each one's boundary cells clockwise."""
    grid, givens = instance.grid, instance.givens
    seen: set[Cell] = set()
    found = []
    for start in givens:
        if start in seen:
            continue
        block, stack = [start], [start]
        seen.add(start)
        while stack:
            for n in grid.neighbours4(stack.pop()):
                if n in givens and n not in seen:
                    seen.add(n)
                    block.append(n)
                    stack.append(n)
        top, bottom = min(r for r, _ in block), max(r for r, _ in block)
        left, right = min(c for _, c in block), max(c for _, c in block)
        if (bottom - top + 1) * (right - left + 1) != len(block) or bottom == top or right == left:
            continue
        if top == 0 or left == 0 or bottom == grid.rows - 1 or right == grid.cols - 1:
            continue
        ring = [(top, c) for c in range(left, right + 1)] + [(r, right) for r in range(top + 1, bottom + 1)]
        ring += [(bottom, c) for c in range(right - 1, left - 1, -1)] + [(r, left) for r in range(bottom - 1, top, -1)]
        found.append(ring)
    return found


def cyclic_order(instance: NumberlinkInstance, rules: RuleSet) -> str | None:
    """Labels joining the border to a hole of endpoints, in another cyclic order around the hole."""
    grid = instance.grid
    for ring in holes(instance):
        around = {cell: i for i, cell in enumerate(ring)}
        spokes = []
        for label, (a, b) in instance.endpoints.items():
            for outer, inner in ((a, b), (b, a)):
                position = border_position(grid, outer)
                if position is not None and inner in around:
                    spokes.append((position, around[inner], label))
        if len(spokes) < 3:
            continue
        by_border = [label for _, _, label in sorted(spokes)]
        by_hole = [label for _, _, label in sorted(spokes, key=lambda spoke: spoke[1])]
        start = by_hole.index(by_border[0])
        if by_hole[start:] + by_hole[:start] != by_border:
            block = f"{ring[0]}-{max(ring)}"
            return (f"cyclic order: labels {', '.join(by_border)} join the border to the block of endpoints at "
                    f"{block}; disjoint paths across the ring between them keep their order, but around the "
                    f"block they come as {', '.join(by_hole[start:] + by_hole[:start])}")
    return None


def enclosure(instance: NumberlinkInstance, rules: RuleSet) -> str | None:
    """An endpoint whose every neighbour is an endpoint of another label."""
    givens = instance.givens
    for cell, label in givens.items():
        if all(givens.get(n, label) != label for n in instance.grid.neighbours4(cell)):
            return f"enclosure: the endpoint {label!r} at {cell} is walled in by other labels' endpoints"
    return None


ARGUMENTS = {"parity": parity, "crossing": crossing, "cyclic order": cyclic_order, "enclosure": enclosure}
"""Every argument by name, cheapest first."""


def refute(instance: NumberlinkInstance, rules: RuleSet) -> Refutation | None:
    """The first argument proving the board unsolvable under ``rules``, as (name, reason), or None."""
    for name, argument in ARGUMENTS.items():
        reason = argument(instance, rules)
        if reason is not None:
            return name, reason
    return None


ENCODING_SUFFIX = " argument"
"""A stage decided by an argument is named after it: ``parity argument``, ..."""


def refutation_reason(instance: NumberlinkInstance, rules: RuleSet, encoding: str) -> str | None:
    """The reason an argument stage (named ``encoding``) proved unsolvability, None for any other stage."""
    if not encoding.endswith(ENCODING_SUFFIX):
        return None
    found = refute(instance, rules)
    return found[1] if found is not None else None

