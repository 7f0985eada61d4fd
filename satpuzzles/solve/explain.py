"""Why a puzzle has no solution: a minimal set of clues that cannot all hold.

Each clue's clauses are guarded by a selector literal; solving under all
selectors fails, the solver's core names a subset, and deletion-based
minimisation drops every clue whose removal keeps the rest unsolvable. Every
check runs the lazy-cut loop, so cuts learned on the way must be guarded by
the selectors they rely on (the encoding's job).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

from satpuzzles.core.outcome import SolveStats
from satpuzzles.core.spec import Encoding
from satpuzzles.solve.backends import Backend
from satpuzzles.solve.loop import lazy_solutions


def _unsolvable(encoding: Encoding[object], backend: Backend, stats: SolveStats, active: list[int]) -> bool:
    for _ in lazy_solutions(encoding, backend, stats, assumptions=active):
        return False
    return True


def minimal_conflict(
    encoding: Encoding[object], backend: Backend, stats: SolveStats, log: Callable[[str], None]
) -> list[Hashable] | None:
    """Keys of a minimal unsolvable set of selected constraints, or None when all together are solvable."""
    key_of = {lit: key for key, lit in encoding.selectors.items()}
    if not _unsolvable(encoding, backend, stats, list(key_of)):
        return None
    candidates = [lit for lit in backend.core() if lit in key_of]
    log(f"explain: solver core has {len(candidates)} of {len(key_of)} clues")
    needed: list[int] = []
    while candidates:
        trial = candidates.pop()
        if _unsolvable(encoding, backend, stats, needed + candidates):
            core = set(backend.core())
            candidates = [lit for lit in candidates if lit in core]
        else:
            needed.append(trial)
    log(f"explain: minimal conflict of {len(needed)} clues")
    return [key_of[lit] for lit in needed]
