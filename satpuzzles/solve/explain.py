"""Why a puzzle has no solution: a minimal set of clues that cannot all hold.

Each clue's clauses are guarded by a selector literal, and everything runs in the one
incremental solver that proved the puzzle unsolvable, under assumptions. Cuts learned on
the way are guarded by the selectors they rely on (the encoding's job), so they stay sound
for any set of clues, and every check keeps them.

A check "is this set of clues unsolvable?" is cheap when the formula alone (the puzzle's
rules minus what the lazy-cut loop enforces, plus the cuts so far) is unsatisfiable: one
SAT call, whose core names a subset. Proving the set solvable can take many cut rounds,
so the minimisation runs in two passes:

1. deletion against the formula: a clue whose removal leaves the formula unsatisfiable
   goes (and the core drops more); one whose removal gives a model stays for now, unless
   that model is a solution outright (then it is needed). The model's cuts are added on the
   way, so the formula gets stronger without a cut loop per check;
2. deletion with the full check (the lazy-cut loop) over the few clues left, which makes
   the set minimal under the puzzle's rules.

Each pass tries the encoding's last selectors first, so that of two conflicts the one among its first clues tends to
be named; an encoding may also give ``conflict_first``, keys of clues it would rather name: when one SAT call shows
them unsatisfiable on their own (the formula alone), the minimisation starts from them instead of the solver's core
of every clue (Numberlink: its labels, before the fill rule's cells).

All along, the clues not yet dropped are a set proved unsolvable: ``report`` is given it as it shrinks, so that a
``--timeout`` that cuts the minimisation still names a conflict, one not shown minimal.
"""

from __future__ import annotations

import time

from satpuzzles.core.outcome import PROGRESS_EVERY, SolveStats, Timer
from satpuzzles.solve.loop import lazy_solutions

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Hashable, Sequence
    from typing import Any

    from satpuzzles.core.spec import Encoding
    from satpuzzles.solve.backends import Backend


def _unsolvable(encoding: Encoding[object], backend: Backend, stats: SolveStats, active: Sequence[int]) -> bool:
    """The full check: no solution under ``active`` (the lazy-cut loop runs to an answer)."""
    for _ in lazy_solutions(encoding, backend, stats, assumptions=active):
        return False
    return True


def _formula_check(encoding: Encoding[object], backend: Backend, stats: SolveStats, active: Sequence[int]) -> str:
    """One SAT call under ``active``: "unsat", "solution" (a model needing no cut) or "open" (its cuts added)."""
    with Timer(stats, "solve_seconds"):
        satisfiable = backend.solve(active)
    stats.sat_calls += 1
    if not satisfiable:
        return "unsat"
    with Timer(stats, "decode_seconds"):
        cuts = encoding.cuts(encoding.decode(backend.model(encoding.formula.num_vars)))
    if not cuts:
        return "solution"
    stats.cut_iterations += 1
    stats.cuts += len(cuts)
    backend.add_clauses(cuts)
    return "open"


def _core(backend: Backend, among: list[int]) -> list[int]:
    """``among`` restricted to the last unsatisfiable call's core, keeping the order."""
    core = set(backend.core())
    return [lit for lit in among if lit in core]


def _progress(log: Callable[[str], None], name: str, tried: int, kept: int, left: int) -> int:
    """Count one more trial of a pass, logging where the pass stands every hundred; the new count."""
    if tried and tried % 100 == 0:
        log(f"explain: {name} pass, {tried} clues tried, {kept} kept, {left} still to try")
    return tried + 1


class _Shrinking:
    """Hands ``report`` the keys of the current unsolvable set, at most every PROGRESS_EVERY seconds."""

    def __init__(self, key_of: dict[int, Hashable], report: Callable[[list[Hashable]], None] | None) -> None:
        self.key_of, self.report, self.last = key_of, report, -PROGRESS_EVERY

    def __call__(self, unsolvable: Sequence[int]) -> None:
        now = time.monotonic()
        if self.report is not None and now - self.last >= PROGRESS_EVERY:
            self.last = now
            self.report([self.key_of[lit] for lit in unsolvable])


def minimal_conflict(
    encoding: Encoding[Any], backend: Backend, stats: SolveStats, log: Callable[[str], None],
    report: Callable[[list[Hashable]], None] | None = None,
) -> list[Hashable] | None:
    """Keys of a minimal unsolvable set of selected constraints (in the encoding's order), or None when all together
    are solvable; ``report`` (if given) gets the keys of each smaller unsolvable set on the way, now and then."""
    key_of = {lit: key for key, lit in encoding.selectors.items()}
    if not _unsolvable(encoding, backend, stats, list(key_of)):
        return None
    shrinking = _Shrinking(key_of, report)
    candidates = _core(backend, list(key_of))
    log(f"explain: solver core has {len(candidates)} of {len(key_of)} clues")
    first = [encoding.selectors[key] for key in getattr(encoding, "conflict_first", ())]
    if 0 < len(first) < len(key_of) and _formula_check(encoding, backend, stats, first) == "unsat":
        candidates = _core(backend, first)  # the clues the encoding would rather name conflict on their own
        log(f"explain: {len(candidates)} of the {len(first)} clues tried first conflict on their own")
    kept: list[int] = []
    tried = 0
    while candidates:  # pass 1: one SAT call per clue; kept + candidates is unsolvable at each turn
        shrinking(kept + candidates)
        trial = candidates.pop()
        tried = _progress(log, "formula-only", tried, len(kept), len(candidates))
        outcome = _formula_check(encoding, backend, stats, kept + candidates)
        if outcome == "unsat":
            candidates, kept = _core(backend, candidates), _core(backend, kept)
        else:
            kept.append(trial)
    log(f"explain: {len(kept)} clues left after the formula-only pass")
    needed: list[int] = []
    candidates, tried = kept[::-1], 0  # in pass 1's order, so the last clues are again the first dropped
    while candidates:  # pass 2: the full check, over the few clues left; needed + candidates is unsolvable
        shrinking(needed + candidates)
        trial = candidates.pop()
        tried = _progress(log, "full-check", tried, len(needed), len(candidates))
        if _unsolvable(encoding, backend, stats, needed + candidates):
            candidates = _core(backend, candidates)
        else:
            needed.append(trial)
    shrinking(needed)  # the last clue tried may have been the last one dropped
    log(f"explain: minimal conflict of {len(needed)} clues")
    named = set(needed)
    return [key for key, lit in encoding.selectors.items() if lit in named]  # in the encoding's order
