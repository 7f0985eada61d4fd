"""Bounds on the mines of a board's components, and whether a ``mines N`` total leaves each its every layout."""

from __future__ import annotations

import numpy as np

from satpuzzles.geometry import around8_at, count8
from satpuzzles.puzzles.minesweeper.engine import DEFAULT_BUDGET
from satpuzzles.puzzles.minesweeper.engine import propagate as engine
from satpuzzles.puzzles.minesweeper.engine.band_bounds import component_bounds
from satpuzzles.puzzles.minesweeper.engine.probability import running_sums, sums
from satpuzzles.puzzles.minesweeper.model import MINE, UNKNOWN


def mine_bounds(counts: engine.OpenCounts) -> tuple[int, int]:
    """Fewest and most mines the open counts' neighbours can hold, bounded from counts whose unknown
    neighbours are disjoint (each needs its own mines, and leaves its own cells empty): a quick refutation
    of a total far from the board's (a 60x60 board given 100 mines where it needs about 720 took 53 s of SAT).

    Greedy, so not the exact fewest and most (counting.extremes is, at a far higher cost), but sound: every
    layout meeting the counts has between the two.
    """
    lits, need = counts.lits, counts.need
    cells = int(counts.var.max(initial=0))
    empty = (lits > 0).sum(axis=1) - need
    fewest = int(need[_packed(lits, need, cells)].sum())
    most = cells - int(empty[_packed(lits, empty, cells)].sum())
    return fewest, most


def _packed(lits: np.ndarray, gain: np.ndarray, cells: int) -> np.ndarray:
    """Rows whose cells (ids 1..``cells``, 0 for none) are disjoint, taken greedily by ``gain``, largest first."""
    used = np.zeros(cells + 1, dtype=bool)
    chosen = []
    for row in np.argsort(-gain, kind="stable").tolist():
        around = lits[row][lits[row] > 0]
        if not used[around].any():
            used[around] = True
            chosen.append(row)
    return np.array(chosen, dtype=np.int64)


def total_conflict(cells: np.ndarray, mines: int) -> list[tuple[int, int]] | None:
    """Revealed counts that, with the ``mines`` total, have no layout, and each of whose subsets without one of
    them (or without the total) has one: a minimal conflict found without SAT, or None.

    Counts with disjoint unknown neighbours each hold their own mines: when the most needing need more than the
    total leaves (less the flagged cells), the fewest of them that do; when those leaving most cells empty leave
    more than the total allows, the fewest of those. Exact for disjoint counts: needing n and seeing s of the u
    unknown cells, they allow a total of n to n + u - s, which decides each subset.
    """
    unknown, flagged = cells == UNKNOWN, cells == MINE
    ids = np.zeros(cells.shape, dtype=np.int64)
    ids[unknown] = np.arange(1, int(unknown.sum()) + 1)
    where = np.argwhere(cells >= 0)
    lits = around8_at(ids, where[:, 0], where[:, 1])
    need = cells[where[:, 0], where[:, 1]].astype(np.int64) - count8(flagged)[where[:, 0], where[:, 1]]
    size = (lits > 0).sum(axis=1)
    cells_left, left = int(unknown.sum()), mines - int(flagged.sum())
    if ((need < 0) | (need > size)).any():
        return None  # a count unmet alone is named by itself
    for gain, room in ((need, left), (size - need, cells_left - left)):
        rows = _packed(lits, gain, cells_left)
        over = np.flatnonzero(np.cumsum(gain[rows]) > room)
        if not len(over):
            continue
        chosen = rows[: int(over[0]) + 1]  # sorted by gain: without any one of them the rest fit the room
        for dropped in range(len(chosen)):
            rest = np.delete(chosen, dropped)
            if not int(need[rest].sum()) <= left <= int(need[rest].sum()) + cells_left - int(size[rest].sum()):
                return None
        return [(int(r), int(c)) for r, c in where[chosen]]
    return None


def unbound(low: np.ndarray, high: np.ndarray, remaining: int, free: int) -> bool:
    """Whether ``remaining`` mines, over components with these fewest and most mines and ``free`` cells no count
    sees, leave every component all its layouts, and leave the free cells both a mine and a safe cell.

    Only totals known to be reached are used for the others: each component at its fewest or at its most
    (the sets of sums are Python ints, bit m for m mines). Sufficient, never necessary: False sends the board
    to the exact counting of every total.
    """
    if (low > high).any() or free == 0:
        return False
    prefix, suffix = running_sums([(1 << int(a)) | (1 << int(b)) for a, b in zip(low.tolist(), high.tolist())])

    def meets(sums: int, lowest: int, highest: int) -> bool:
        """Whether some member of ``sums`` lies in lowest..highest."""
        if highest < 0 or highest < lowest:
            return False
        lowest = max(lowest, 0)
        return bool((sums >> lowest) & ((1 << (highest - lowest + 1)) - 1))

    everything = prefix[-1]
    if not (meets(everything, remaining - free, remaining - 1) and meets(everything, remaining - free + 1, remaining)):
        return False  # the free cells must be able to hold a mine and to be empty
    for index, (a, b) in enumerate(zip(low.tolist(), high.tolist())):
        others = sums(prefix[index], suffix[index + 1])
        if not all(meets(others, remaining - free - m, remaining - m) for m in range(a, b + 1)):
            return False
    return True


def exact_span(low: np.ndarray, high: np.ndarray, remaining: int, free: int, size: int) -> tuple[int, int] | None:
    """Fewest and most mines the big component may hold so that the counted components (fewest ``low``, most
    ``high``) and ``free`` cells make up ``remaining``, when every total in between is one they are known to reach
    (each at its fewest or most, the free cells any number), else None."""
    fewest = max(remaining - int(high.sum()) - free, 0)
    most = min(remaining - int(low.sum()), size)
    if fewest > most:
        return None
    reached = 1
    for a, b in zip(low.tolist(), high.tolist()):
        reached = sums(reached, (1 << a) | (1 << b))
    reached = sums(reached, (1 << (free + 1)) - 1)
    wanted = ((1 << (most - fewest + 1)) - 1) << (remaining - most)
    return (fewest, most) if reached & wanted == wanted else None


def within_reach(counts: engine.OpenCounts, count_comp: np.ndarray, bounds: tuple[np.ndarray, np.ndarray, np.ndarray],
                 remaining: int, free: int) -> bool:
    """Whether ``remaining`` mines may lie on the board as far as its components' mines tell: the counted ones
    between their fewest and most (``bounds``, counting.extremes, partial), the others between the bounds their
    bands give (band_bounds), the ``free`` cells no count sees any number. False proves there is no layout.

    ``count_comp``: each open count's component. The bands of a component are bounded only as far as the
    question needs (a 100x100 board's percolating component, at least 804 mines where the total left room for
    697: refuted in 0.5 s, where the SAT call with the total ran past 400 s).
    """
    low, high, counted = bounds
    if (low[counted] > high[counted]).any():
        return False
    uncounted = np.flatnonzero(~counted).tolist()
    fewest = {comp: 0 for comp in uncounted}
    most = {comp: int((np.unique(counts.lits[count_comp == comp]) > 0).sum()) for comp in uncounted}
    floor, ceiling = int(low[counted].sum()), int(high[counted].sum()) + free

    def margin(few: int, many: int, comp: int) -> int:
        """Mines from a refutation: below the least the components need, or above the most they hold."""
        need = floor + sum(fewest.values()) - fewest[comp] + few
        hold = ceiling + sum(most.values()) - most[comp] + many
        return min(remaining - need + 1, hold - remaining + 1)

    for comp in uncounted:
        if margin(fewest[comp], most[comp], comp) <= 0:
            break
        fewest[comp], most[comp] = component_bounds(counts, np.flatnonzero(count_comp == comp), DEFAULT_BUDGET,
                                                    lambda few, many: margin(few, many, comp))
    if any(fewest[comp] > most[comp] for comp in uncounted):
        return False  # a component's bands have no layout
    return floor + sum(fewest.values()) <= remaining <= ceiling + sum(most.values())
