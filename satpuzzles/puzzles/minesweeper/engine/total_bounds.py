"""Bounds on the mines of a board's components, and whether a ``mines N`` total leaves each its every layout."""

from __future__ import annotations

import numpy as np

from satpuzzles.puzzles.minesweeper.engine import propagate as engine
from satpuzzles.puzzles.minesweeper.engine.probability import running_sums, sums


def mine_bounds(counts: engine.OpenCounts) -> tuple[int, int]:
    """Fewest and most mines the open counts' neighbours can hold, bounded from counts whose unknown
    neighbours are disjoint (each needs its own mines, and leaves its own cells empty): a quick refutation
    of a total far from the board's (a 60x60 board given 100 mines where it needs about 720 took 53 s of SAT).

    Greedy, so not the exact fewest and most (counting.extremes is, at a far higher cost), but sound: every
    layout meeting the counts has between the two.
    """
    lits, need = counts.lits, counts.need
    sizes = (lits > 0).sum(axis=1)
    used = np.zeros(int(counts.var.max(initial=0)) + 1, dtype=bool)

    def packed(order: np.ndarray, gain: np.ndarray) -> int:
        used[:] = False
        found = 0
        for row in order.tolist():
            cells = lits[row][lits[row] > 0]
            if not used[cells].any():
                used[cells] = True
                found += int(gain[row])
        return found

    fewest = packed(np.argsort(-need, kind="stable"), need)
    empty = sizes - need
    most = len(used) - 1 - packed(np.argsort(-empty, kind="stable"), empty)
    return fewest, most


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
