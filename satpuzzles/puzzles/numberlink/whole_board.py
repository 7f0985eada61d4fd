"""The uniqueness search's formulas and its last step: the whole board, the only one that proves uniqueness.

Under fill, the proof may run beside the open rule's: every filling is an open solution, so a filling S
unique under open is unique under fill. Where paths may touch themselves, the fill proof must refute second
solutions that do, while the open proof searches only those without self-touch (open_reduction, in unique.py's
docstring): on the handmade 24x14 #4 the fill proof takes 31 s and the open one 1.4 s. The two take turns, each
in its own solver with a doubling conflict budget, until one decides.
"""

from __future__ import annotations

from collections.abc import Collection

from satpuzzles.core.outcome import SolveStats, Timer
from satpuzzles.geometry import Cell, Link
from satpuzzles.puzzles.numberlink.encoding import NumberlinkEncoding
from satpuzzles.puzzles.numberlink.flips import exclude_downhill_flips
from satpuzzles.puzzles.numberlink.model import NumberlinkInstance, NumberlinkSolution, RuleSet
from satpuzzles.puzzles.numberlink.pushes import exclude_pushes
from satpuzzles.puzzles.numberlink.twoopt import exclude_pattern
from satpuzzles.solve.backends import Backend, make_backend
from satpuzzles.solve.limited import LimitedBackend, SearchLimit, budgeted_backend, takes_budget
from satpuzzles.solve.loop import lazy_solutions

FIRST_PROOF_CONFLICTS = 40_000
"""Conflicts the fill proof takes alone before the open proof is built beside it; then each turn of either
has this many, doubled after every turn of both."""
PROBE_FROM_CELLS = 2_500
"""Boards this large (50x50) get a short whole-board search before the windows (probe_whole_board). On the handmade
boards of 1,600-2,400 cells (inputs4 #6, #8-#10) the windows find a second solution in 0.03-0.3 s and the search
would add 0.04-0.10 s (Glucose runs past its budget to its next restart: 1,400-3,800 conflicts)."""
PROBE_CONFLICTS = 1_000
"""Conflicts of that search."""
OPEN_PROOF_STAGE = "unique under open"
"""The stage named last when the open rule's proof decided a board under fill."""


def search_encoding(instance: NumberlinkInstance, rules: RuleSet, without_pattern: bool,
                    flips: bool | None, flips_into: Collection[Cell] = (), drop_loops: bool = False,
                    moves_kept: Collection[Link] = ()) -> NumberlinkEncoding:
    """The complete encoding searched, with the patterns the reductions let it skip (but downhill flips into the
    cells of ``flips_into``, and 2-opt moves and pushes that change a link of ``moves_kept``); ``drop_loops`` as
    NumberlinkEncoding's."""
    encoding = NumberlinkEncoding(instance, False, rules, drop_loops)
    if without_pattern:  # fill with self-touch: the search may skip solutions with the pattern (twoopt.py)
        exclude_pattern(encoding, instance, moves_kept)
        exclude_pushes(encoding, instance, moves_kept)
    if flips is not None:  # open: and those with a downhill corner flip, valid with self-touch or not (flips.py)
        exclude_downhill_flips(encoding, instance, flips, flips_into)
    return encoding


def whole_board_second(instance: NumberlinkInstance, encoding: NumberlinkEncoding, solution: NumberlinkSolution,
                       solver: str, stats: SolveStats, beside_open: bool) -> NumberlinkSolution | None:
    """A solution of ``encoding`` other than S, or None when there is none, in a fresh solver (S's phases, which
    find nearby solutions in the windows, slowed the proof that there is none: the seed's 42x25 board under fill
    16.7 s with them, 4.3 s without). ``beside_open`` (S a filling with no open second solution at once, a
    shortcut, detour or corner flip): the open rule's proof takes turns with it, where ``solver`` takes a budget
    (the named solver proves what is proved)."""
    if not (beside_open and takes_budget(solver)):
        with make_backend(solver) as backend:
            _load(backend, encoding, solution)
            return next(iter(lazy_solutions(encoding, backend, stats)), None)
    with budgeted_backend(solver, FIRST_PROOF_CONFLICTS) as fill:
        _load(fill, encoding, solution)
        decided = _next_within(encoding, fill, stats, FIRST_PROOF_CONFLICTS)
        if decided is True:  # most boards end before: no open formula built
            decided = _with_the_open_proof(instance, encoding, fill, solution, solver, stats)
        return None if isinstance(decided, bool) else decided


def probe_whole_board(encoding: NumberlinkEncoding, solution: NumberlinkSolution, solver: str,
                      stats: SolveStats) -> NumberlinkSolution | bool:
    """The whole-board search for a solution other than S within PROBE_CONFLICTS, in a fresh ``solver`` (one that
    takes a budget): the solution, False when there is none, True when undecided. For large boards, before the
    windows: a window's SAT call costs as much as the board (its assumptions, a model of every variable), so the
    windows cost about the square of the board's cells, while the generated 60x60 and 100x100 boards' proofs
    take under 200 conflicts (100x100: 1,708 window calls 4.8 s, the whole board 0.3 s)."""
    with budgeted_backend(solver, PROBE_CONFLICTS) as backend:
        _load(backend, encoding, solution)
        return _next_within(encoding, backend, stats, PROBE_CONFLICTS)


def _with_the_open_proof(instance: NumberlinkInstance, encoding: NumberlinkEncoding, fill: LimitedBackend,
                         solution: NumberlinkSolution, solver: str,
                         stats: SolveStats) -> NumberlinkSolution | bool:
    """The fill proof's answer (as _next_within's, never True), its turns taken with the open proof's, which goes
    first in each round: a board the fill proof decides costs at most about as many conflicts again in the open
    solver. The open search is _decide's under open (no self-touch, downhill flips skipped: open_reduction, which
    needs S without a shortcut, a detour or a corner flip, as the caller checked). An open second solution ends
    the open proof's turns, a filling too (janko #156's, under CaDiCaL, though its windows find one first): the
    fill proof then finds one itself. Keeping a filling as the second solution would save that search, but
    none turned up among 3,000 random boards up to 4x5 for a test to check it."""
    with Timer(stats, "encode_seconds"):
        opened = search_encoding(instance, RuleSet(fill=False, self_touch=False), False, True, drop_loops=True)
    budget = FIRST_PROOF_CONFLICTS
    with budgeted_backend(solver, budget) as open_proof:
        _load(open_proof, opened, solution)
        while True:
            other = _next_within(opened, open_proof, stats, budget)
            if other is False:
                stats.stages.append(OPEN_PROOF_STAGE)
                return False
            if other is not True:
                break  # not unique under open: the fill proof decides alone
            decided = _next_within(encoding, fill, stats, budget)
            if decided is not True:
                return decided
            budget *= 2
    return _next_within(encoding, fill, stats, None)


def _load(backend: Backend, encoding: NumberlinkEncoding, solution: NumberlinkSolution) -> None:
    """``encoding``'s clauses into ``backend``, S blocked."""
    backend.add_clauses(encoding.formula.clauses)
    backend.add_clauses([encoding.block(solution)])


def _next_within(encoding: NumberlinkEncoding, backend: LimitedBackend, stats: SolveStats,
                 conflicts: int | None) -> NumberlinkSolution | bool:
    """The next solution of ``backend``'s search within ``conflicts`` (None: no limit), False when there is none,
    True when the conflicts ran out (the solver keeps what it learned for the next call)."""
    backend.conflicts = conflicts
    try:
        return next(iter(lazy_solutions(encoding, backend, stats)), False)
    except SearchLimit:
        return True
