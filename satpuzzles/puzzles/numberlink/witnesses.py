"""Other solutions found cheaply for --analyze, before its whole-board questions (``Rules.witnesses``).

The backbone search (solve.analysis) asks the complete encoding, again and again, for a solution that flips
a decision no solution has flipped yet. On boards with many solutions those questions are slow (the seed's
40x10 board: 10-80 s each under fill; under open the last one, for one cell, 780 s), yet most of their
answers are near solutions already found, or solutions of an encoding the solver searches far faster. So:

0. under open, *reroutes* (reroutes.py): one path of the first solution rerouted through or round each key by
   shortest ways, no SAT;
1. a *walk*: windows of the board, each searched with everything outside it fixed as in the current
   solution and at least one undecided decision inside flipped, within a conflict budget; each solution
   found becomes the current one, so the walk spreads changes across the board window by window;
2. the keys left whose flip unit propagation refutes once the side clauses of sides.py are added (paths
   running from border to border cut the board in two) are forced;
3. whole-board flip searches in *sub-encodings* whose solutions are solutions under the rules in force, each
   solution found walked from; a question one cannot answer within its budget ends its search:
   - under open, when the first solution fills the board: the fill encoding under the same self-touch rule
     (a filling is an open solution, and the fill encoding propagates at every cell), and under no
     self-touch also fillings that touch themselves, each shortcut where it runs beside itself until it
     does not (which only empties cells, and ends at a solution without self-touch: unique.py's
     open_reduction);
   - under fill with self-touch, the fill encoding without 2-opt moves and pushes (twoopt.py, pushes.py), then
     without those that change no link asked about, which by the second theorem below proves those links forced;
   - under open, the *canonical* encoding: open with no self-touch and no downhill corner flip (flips.py)
     but into the cells asked about; by the theorem below it proves cells used;
and what is left undecided goes to the complete encoding's questions, which decide.

Theorem. Let K be a set of cells the first solution S uses. If an open solution T (under the rules in force,
self-touch allowed or not) leaves a cell c of K empty, a solution of the canonical encoding with the flips
into K allowed leaves c empty. Proof: from T, while one applies, shortcut a path where it runs beside
itself, or make a downhill corner flip (valid with self-touch allowed) whose diagonal cell is not in K. Each
move keeps an open solution with self-touch allowed; a shortcut lowers the number of used cells, a flip
keeps it and lowers their total weight, so the moves end, at T*. Neither fills a cell of K (a flip fills only
its diagonal cell), so c stays empty; T* runs beside itself nowhere (else a shortcut applies), so it is a
solution under either open rule set, and it has no downhill flip into a cell outside K. So the cells of K
that no solution of that encoding leaves empty are used by every solution. The seed's 40x10 board under
open: the fill search leaves one cell, (6, 20); a solution leaving it empty took the complete encoding
6.2 M conflicts (780 s), the open encoding with no self-touch 1.3-3.7 M, the canonical one 14,000 (0.2 s).
The seed's 40x10 board under fill: 739 of its 750 links flipped by the walk and the sub-encoding in 8-12 s,
and the other 11 are refuted by unit propagation, so the complete encoding is never asked.

Second theorem (fill, self-touch allowed). Let K be a set of links. If a filling T sets a link of K otherwise
than S does, a filling without the pattern of any 2-opt move or push (twoopt.py, pushes.py) that leaves K as it
is does too. Proof: from T, while one applies, make such a move. Each keeps a filling (those modules' proofs)
and lowers their potential, so the moves end, at T*; each changes only the links of its block (2-opt: two
vertical links for two horizontal ones; the rest of the path is walked backwards, the same links) or of its
push, none in K, so T* sets K as T does. So the links of K that no solution of that search flips are forced.
Where the complete encoding must refute second fillings that double back everywhere, this search skips most:
janko.at's #99 (14x14) under fill, 35 links left after the walk: the complete encoding past 200,000 conflicts
(Glucose, then CaDiCaL: 20 s in all), this search 1.9 s. (All the patterns skipped, as the uniqueness search
does, is not sound here: a move that changes a link of K may undo the flip.)
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from functools import partial
from typing import NamedTuple, cast

from satpuzzles.core.outcome import Settings, SolveStats
from satpuzzles.core.records import replace
from satpuzzles.geometry import Link
from satpuzzles.puzzles.numberlink.encoding import NumberlinkEncoding
from satpuzzles.puzzles.numberlink.model import NumberlinkInstance, NumberlinkSolution, RuleSet, rules_in_force
from satpuzzles.puzzles.numberlink.reroutes import key_cells, reroute_witnesses
from satpuzzles.puzzles.numberlink.sides import crossing_labels, refuted_by_sides
from satpuzzles.puzzles.numberlink.shortcuts import untouched
from satpuzzles.puzzles.numberlink.unique import windows
from satpuzzles.puzzles.numberlink.whole_board import search_encoding
from satpuzzles.solve.backbone import narrow
from satpuzzles.solve.backends import Backend
from satpuzzles.solve.limited import SearchLimit, budgeted_backend
from satpuzzles.solve.loop import lazy_solutions

WALK_WINDOWS = ((4, 2), (6, 3), (8, 4), (10, 5))
"""(side, stride) of the walk's square windows, smallest first."""
WALK_CONFLICTS = 2_000
"""Conflicts one window's SAT call may take (in the solver solve.limited.searcher picks)."""
WALK_PASSES = 10
"""Most passes over the windows; a pass that flips nothing ends the walk sooner."""
WALK_MAX_CELLS = 10_000
"""Largest board walked: each window's assumptions list the board's links, so a pass costs cells x windows."""
SOURCE_CONFLICTS = 200_000
"""Conflicts one question of the sub-encoding's flip search may take before the step gives up."""

Found = Callable[[NumberlinkSolution], None]


def seek_witnesses(instance: NumberlinkInstance, settings: Settings, first: NumberlinkSolution,
                   left: set[Hashable], found: Found, stats: SolveStats | None = None) -> set[Hashable]:
    """Hand ``found`` other solutions flipping keys of ``left`` (which ``found`` shrinks), in the module's steps.

    Returns the keys proved forced on the way: refuted with the side clauses, or cells proved used by the
    module's theorem."""
    if instance.grid.size > WALK_MAX_CELLS:
        return set()
    rules = rules_in_force(instance, settings.extras)
    if not rules.fill:
        reroute_witnesses(instance, first, left, found)
    walk = _Walk(instance, rules, str(settings.solver), left, found, stats or SolveStats())
    with walk.backend:
        walk.run(first)
        proved = _refuted_by_sides(instance, rules, first, left)
        left -= proved
        for source in _sources(instance, rules, first, left):
            if not left:
                break
            try:
                unflipped = _source_search(source, first, walk)
            except SearchLimit:
                continue  # a question ran over its budget: the search ends, and proves nothing
            proved |= unflipped & left & source.proves
            left -= proved
    return proved


def _refuted_by_sides(instance: NumberlinkInstance, rules: RuleSet, first: NumberlinkSolution,
                      left: set[Hashable]) -> set[Hashable]:
    """The keys of ``left`` whose flip unit propagation refutes with the side clauses of sides.py (forced)."""
    if not crossing_labels(instance):
        return set()  # no side clauses: nothing to build
    encoding = NumberlinkEncoding(instance, False, rules)
    made = encoding.decided(first)
    flips = {key: -var if key in made else var for key, var in encoding.decisions().items() if key in left}
    return refuted_by_sides(instance, encoding, flips)


class _Walk:
    """Window walks in one incremental solver holding the complete encoding (its cuts stay: they are sound)."""

    def __init__(self, instance: NumberlinkInstance, rules: RuleSet, solver: str, left: set[Hashable],
                 found: Found, stats: SolveStats) -> None:
        self.rules, self.left, self.found = rules, left, found
        self.encoding = NumberlinkEncoding(instance, False, rules)
        self.var_of = self.encoding.decisions()
        self.solver = solver
        self.backend: Backend = budgeted_backend(solver, WALK_CONFLICTS)
        self.backend.add_clauses(self.encoding.formula.clauses)
        self.windows = windows(instance.grid, WALK_WINDOWS)
        self.inside: dict[tuple[int, int, int, int], frozenset[Hashable]] = {}
        """Each window's keys (all their cells inside it), made when first walked."""
        self.stats = stats

    def run(self, start: NumberlinkSolution) -> None:
        """Walk from ``start`` until a pass over the windows flips nothing of ``left``."""
        made = self.encoding.decided(start)
        held = self._held(made)
        for _ in range(WALK_PASSES):
            before = len(self.left)
            for window in self.windows:
                if not self.left:
                    return
                found = self._step(window, made, held)
                if found is not None:
                    made = self.encoding.decided(found)
                    held = self._held(made)
            if len(self.left) == before:
                return

    def _held(self, made: set[Hashable]) -> list[tuple[Hashable, int]]:
        """Each key with the literal that holds it as the current solution (whose decided keys are ``made``) has it."""
        return [(key, var if key in made else -var) for key, var in self.var_of.items()]

    def _step(self, window: tuple[int, int, int, int], made: set[Hashable],
              held: list[tuple[Hashable, int]]) -> NumberlinkSolution | None:
        """A solution equal outside ``window`` to the current one (whose decided keys are ``made``, held by the
        literals of ``held``) that flips a key of ``left`` inside it, or None."""
        inside = self._inside(window)
        asked = [key for key in self.left if key in inside]
        if not asked:
            return None
        if not self.rules.fill and not any(len(key_cells(key)) == 1 and key in made for key in inside):
            # No path runs through it, and none can enter (what crosses its border stays as it is): a model
            # could flip keys inside only by cycles, each cut in turn (a 24x24 board with three pairs: 67,000
            # cuts), and no solution flips any.
            return None
        flips = [-self.var_of[key] if key in made else self.var_of[key] for key in asked]
        fixed = [lit for key, lit in held if key not in inside]
        # Each asked key preferred flipped: the solver's saved phases kept it near the current solution, one to four
        # keys flipped a witness (inputs4 #10: 3,159 SAT calls, 1,784 so). What is proved is not changed by it.
        self.backend.set_phases(flips)
        selector = self.backend.new_var()
        self.backend.add_clauses([[-selector, *flips]])
        settle = None if self.rules.fill else partial(self._paths_flipping, asked, made)
        try:
            solution = next(lazy_solutions(self.encoding, self.backend, self.stats, assumptions=[*fixed, selector],
                                           settle=settle), None)
        except SearchLimit:
            solution = None
        self.backend.add_clauses([[-selector]])
        if solution is not None:
            self.found(solution)
        return solution

    def _inside(self, window: tuple[int, int, int, int]) -> frozenset[Hashable]:
        """The keys whose cells all lie in ``window``, computed once per window (testing every key on every step
        was 56 s of the 81 s walk on janko.at's Arukone #190, 35x48)."""
        if window not in self.inside:
            top, left_edge, bottom, right = window
            cells = [(r, c) for r in range(top, bottom) for c in range(left_edge, right)]
            near = [key for r, c in cells for key in ((r, c), ((r, c), (r, c + 1)), ((r, c), (r + 1, c)))]
            self.inside[window] = frozenset(  # a link's first cell is up or left
                key for key in near if key in self.var_of
                and all(top <= r < bottom and left_edge <= c < right for r, c in key_cells(key)))
        return self.inside[window]

    def _paths_flipping(self, asked: list[Hashable], made: set[Hashable],
                        solution: NumberlinkSolution) -> NumberlinkSolution | None:
        """Under the open rule: the solution's paths without its detached cycles, when they alone flip a key of
        ``asked`` (a cycle's cells may be left empty, so that is a solution); None: cut the cycles.

        On sparse boards the solver fills the windows with cycles: cutting each one before looking at the paths
        took the walk on a 24x24 board with three pairs 3,300 SAT calls and 67,000 cuts."""
        paths = replace(solution, loops=())
        decided = self.encoding.decided(paths)
        return paths if any((key in decided) != (key in made) for key in asked) else None


class _Source(NamedTuple):
    """An encoding whose solutions (shortcut where they touch themselves when ``shortcut``) are solutions under
    the rules in force; ``proves``: the keys that no solution flips if none of its solutions does (the module's
    theorems)."""

    encoding: NumberlinkEncoding
    proves: frozenset[Hashable] = frozenset()
    shortcut: bool = False


def _sources(instance: NumberlinkInstance, rules: RuleSet, first: NumberlinkSolution,
             left: set[Hashable]) -> Iterator[_Source]:
    """The encodings searched after the walk, far faster to search than the complete one, in order (each made
    when its turn comes, from the keys then left)."""
    used = first.cells()
    if not rules.fill and len(used) == instance.grid.size:
        # ``first`` fills the board, so the fill rule has solutions: fillings are open solutions, and the fill
        # encoding propagates at every cell (the seed's 40x10 board: 849 keys left by the walk, 1 after it).
        yield _Source(search_encoding(instance, RuleSet(fill=True, self_touch=rules.self_touch), rules.self_touch,
                                      None))
        if not rules.self_touch:  # fillings that touch themselves, shortcut until they do not (open_reduction)
            yield _Source(search_encoding(instance, RuleSet(fill=True), True, None), shortcut=True)
    if rules.fill:
        if rules.self_touch:  # without it the complete encoding already holds the rule that prunes most
            yield _Source(search_encoding(instance, rules, True, None))  # no 2-opt moves, no pushes: finds only
            # The second theorem: no 2-opt move or push but those that change a link asked about. After the search
            # above, whose witnesses come faster (the seed's 40x10 board: 3.9 s in all, 24.7 s with this one alone).
            links = cast("frozenset[Link]", frozenset(left))  # under fill every key is a link
            if links:
                yield _Source(search_encoding(instance, rules, True, None, moves_kept=links), links)
        return
    # The first theorem: no self-touch, no downhill flip but into the cells asked about.
    asked = frozenset(key for key in left if key in used)
    yield _Source(search_encoding(instance, RuleSet(fill=False, self_touch=False), False, True, asked), asked)


def _source_search(source: _Source, first: NumberlinkSolution, walk: _Walk) -> set[Hashable]:
    """The flip search of solve.backbone in ``source``, each witness walked from: the keys of ``left`` no solution
    of ``source`` flips. SearchLimit when a question runs over SOURCE_CONFLICTS."""
    encoding, left = source.encoding, walk.left
    var_of = encoding.decisions()
    first_made, made = encoding.decided(first), walk.encoding.decided(first)
    flip_of = {key: -var if key in first_made else var for key, var in var_of.items()}
    key_of = {lit: key for key, lit in flip_of.items()}
    stats = walk.stats

    def witness(question: list[int], candidates: set[int]) -> set[int] | None:
        solution = next(lazy_solutions(encoding, backend, stats, assumptions=question), None)
        if solution is None:
            return None
        solution_made = encoding.decided(solution)
        flipped = {lit for lit in candidates if (key_of[lit] in solution_made) != (key_of[lit] in first_made)}
        solution = replace(solution, rules=walk.rules)  # a solution under the sub-encoding's rules and ours
        if source.shortcut:
            solution = untouched(solution)  # only empties cells: still a solution, and one that touches nowhere
        solution_made = walk.encoding.decided(solution)
        if any((key in solution_made) != (key in made) for key in left):
            walk.found(solution)
        walk.run(solution)
        return flipped | {lit for lit in candidates if key_of[lit] not in left}

    with budgeted_backend(walk.solver, SOURCE_CONFLICTS) as backend:
        backend.add_clauses(encoding.formula.clauses)
        # No phases toward the flips: the seed's 40x10 board under fill took 21 s with them, 11.5 s without.
        stuck = narrow(backend, [flip_of[key] for key in var_of if key in left], witness, single_tail=0,
                       prefer_flips=False)
    return {key_of[lit] for lit in stuck}
