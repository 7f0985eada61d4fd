"""--analyze for every puzzle whose encoding names its decisions: the backbone, by flipping, and the grade.

From a first verified solution S, one incremental solver holding the complete encoding is
asked again and again for a solution that flips at least one of the decisions not yet seen
flipped (a clause over those literals, guarded by a fresh selector, with phases set toward
the flips). Each answer first goes through the lazy-cut loop under that selector, so it is a
model the encoding's lazily enforced rules accept, and then through the puzzle's verifier,
and its decisions are read from the *solution* (``Decisions.decided``), not from the model:
a loop puzzle's model may carry extra closed loops beside its solution (Slitherlink keeps a
clue-free loop, Masyu a circle-free one), which are no part of the answer. When such stray
decisions are all a model flips, they are decoded on their own: the encoding's cuts ban
them where they break a rule alone, and where they are a solution alone they are a witness
themselves; otherwise the solution found is excluded under the selector and the search goes
on. A decision no verified solution flips is forced. Cuts are sound under any assumptions,
so everything learnt stays for the next question (and for the grade, solve.grading).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Collection, Hashable, Sequence

from satpuzzles.cnf.formula import Clause
from satpuzzles.cnf.model import Model
from satpuzzles.core.errors import VerificationError
from satpuzzles.core.generic import TypeVar
from satpuzzles.core.outcome import DEFAULT_SOLVER, PROGRESS_EVERY, Analysis, Grade, Settings, SolveStats
from satpuzzles.core.records import replace
from satpuzzles.core.spec import Decisions, Rules, Segments
from satpuzzles.solve.backbone import narrow
from satpuzzles.solve.backends import Backend, make_backend
from satpuzzles.solve.grading import GRADING_SOLVER, grade
from satpuzzles.solve.lines import Lines
from satpuzzles.solve.loop import lazy_solutions

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    Seek = Callable[[set[Hashable], Callable[[Any], None]], set[Hashable]]
    """A puzzle's cheap search for other solutions, ``(left, found)`` -> keys it proved forced: ``Rules.witnesses``
    for one instance."""
    Progress = Callable[[Collection[Hashable], Collection[Hashable], Collection[Hashable]], None]
    """Told the keys forced, undetermined and undecided so far."""

I = TypeVar("I")  # noqa: E741
S = TypeVar("S")


def analyse(rules: Rules[I, S], instance: I, settings: Settings, first: S, stats: SolveStats,
            log: Callable[[str], None] = lambda message: None) -> Analysis | None:
    """The backbone of ``instance``'s decisions and its grade, from a verified solution ``first``.

    Runs in the first complete stage's encoding (built without clue selectors); None when that
    encoding names no decisions. SAT calls and cuts are added to ``stats``. When the user named no
    solver and the default is Glucose, a question that runs long goes to CaDiCaL (solve.handover).
    """
    start = time.perf_counter()
    plain = replace(settings, explain=False)
    stage = next(stage for stage in rules.stages(instance, plain) if stage.complete)
    encoding = stage.build()
    if not isinstance(encoding, Decisions):
        return None
    calls_before = stats.sat_calls
    cuts: list[Clause] = []
    made = set(encoding.decided(first))
    partial = _PartialReports(settings, made, stats, start)
    if proved_unique(rules, instance, settings, first, stats):
        log("analysis: the puzzle's own reasoning proved one solution: every decision is forced")
        forced: list[Hashable] = list(encoding.decisions())
        undetermined: list[Hashable] = []
    else:
        forced, undetermined = _search(rules, instance, settings, first, encoding, stats, cuts, log, partial)
    analysis = Analysis(
        forced_true=[key for key in forced if key in made],
        forced_false=[key for key in forced if key not in made],
        undetermined=undetermined,
        sat_calls=stats.sat_calls - calls_before,
    )
    partial.report(forced, undetermined, (), now_or_never=True)  # what --timeout shows if grading is cut
    log(f"analysis: {len(forced)} forced, {len(undetermined)} undetermined; grading")
    analysis.grade, analysis.deduced_in = _graded(encoding, cuts, forced, made,
                                                  lambda solution: rules.verify(instance, solution))
    analysis.seconds = time.perf_counter() - start
    return analysis


def _search(rules: Rules[I, S], instance: I, settings: Settings, first: S, encoding: Any, stats: SolveStats,
            cuts: list[Clause], log: Callable[[str], None],
            partial: _PartialReports) -> tuple[list[Hashable], list[Hashable]]:
    """The forced and the undetermined decisions, by flipping in one solver (``backbone``) that holds the encoding,
    the puzzle's implied clauses and, where it has one, its own cheap search for other solutions."""
    with _backbone_backend(settings, log) as backend:
        backend.add_clauses(encoding.formula.clauses)
        if rules.implied is not None:
            backend.add_clauses(rules.implied(instance, settings, encoding))
        def verify(solution: S) -> list[str]:
            return rules.verify(instance, solution)

        seek = None
        if rules.witnesses is not None:
            witnesses = rules.witnesses

            def seek(left: set[Hashable], found: Callable[[S], None]) -> set[Hashable]:
                return witnesses(instance, settings, first, left, found, stats)
        forced, undetermined = backbone(encoding, backend, first, verify, stats, cuts, log, seek=seek,
                                        progress=partial.report if settings.on_progress is not None else None)
        if getattr(backend, "handed_over", False):
            stats.solver = backend.name  # "glucose4, then cadical195 --inprocessing=0"
    return forced, undetermined


def _graded(encoding: Any, cuts: list[Clause], forced: list[Hashable], made: set[Hashable],
            verify: Callable[[Any], list[str]]) -> tuple[Grade, dict[Hashable, int]]:
    """The grade of deducing the ``forced`` decisions (``made`` those the first solution sets true), and the round
    each decision was deduced in. ``verify`` judges a loop a probe closes that the encoding's cuts pass, as its decoding
    may take one loop for a solution (Slitherlink's does: a model of the formula with one loop keeps every clue)."""
    var_of = encoding.decisions()
    forced_literals = [var_of[key] if key in made else -var_of[key] for key in forced]
    lines = Lines({var_of[key]: pair for key, pair in encoding.ends().items()}) if isinstance(encoding, Segments) else None
    def close(loop: list[int]) -> list[Clause]:
        """The encoding's cuts for a model made of this loop alone, or its ban when it breaks the rules alone ([] when
        it is a solution). Sound for a loop the rules allow one of: a solution with every segment of this closed loop
        would be this loop."""
        decoded = encoding.decode(Model(loop, encoding.formula.num_vars))
        found = list(encoding.cuts(decoded))
        return found or ([[-var for var in loop]] if verify(decoded) else [])

    graded, round_of = grade(encoding.formula.clauses, cuts, list(var_of.values()), forced_literals, lines, close)
    key_of = {var: key for key, var in var_of.items()}
    return graded, {key_of[var]: found for var, found in round_of.items()}


HANDOVER_SOLVER = "cadical195 --inprocessing=0"
"""The solver that takes over a long backbone question from the default Glucose (solve.handover)."""


def _backbone_backend(settings: Settings, log: Callable[[str], None]) -> Backend:
    """The backbone's solver: the one named, else the default, handing long questions to HANDOVER_SOLVER when the
    default is Glucose."""
    if settings.solver_is_default and settings.solver == DEFAULT_SOLVER:
        from satpuzzles.solve import handover

        return handover.HandOver(DEFAULT_SOLVER, HANDOVER_SOLVER, handover.HANDOVER_CONFLICTS, log)
    return make_backend(str(settings.solver), verbose=settings.verbose)


class _PartialReports:
    """The analysis so far, sent through ``settings.on_progress`` (as kind ``analysis``, at most every PROGRESS_EVERY
    seconds) when a --timeout parent listens: what it holds when the time runs out is shown, marked partial."""

    def __init__(self, settings: Settings, made: set[Hashable], stats: SolveStats, start: float) -> None:
        self.on_progress, self.made, self.stats, self.start = settings.on_progress, made, stats, start
        self.calls_before = stats.sat_calls
        self.last = 0.0

    def report(self, forced: Collection[Hashable], undetermined: Collection[Hashable],
               undecided: Collection[Hashable], now_or_never: bool = False) -> None:
        """Send the analysis with these keys decided each way and ``undecided`` left, if it is time to (or
        ``now_or_never``: the whole backbone, before the grade)."""
        now = time.perf_counter()
        if self.on_progress is None or (now - self.last < PROGRESS_EVERY and not now_or_never):
            return
        self.last = now
        analysis = Analysis(forced_true=[key for key in forced if key in self.made],
                            forced_false=[key for key in forced if key not in self.made],
                            undetermined=list(undetermined), undecided=list(undecided),
                            sat_calls=self.stats.sat_calls - self.calls_before, seconds=now - self.start)
        self.on_progress("analysis", analysis, self.stats)


def proved_unique(rules: Rules[I, S], instance: I, settings: Settings, first: S, stats: SolveStats) -> bool:
    """Whether the puzzle's own fast uniqueness reasoning (``Rules.unique_given``, Numberlink's) proves
    ``first`` the only solution: then every decision is forced, and the backbone search, whose last call
    is that same proof made the slow way (the seed's 42x25 Numberlink under fill: 35 s), is skipped. Its SAT
    calls are added to ``stats``."""
    if rules.unique_given is None:
        return False
    return rules.unique_given(instance, replace(settings, analyze=False, explain=False), first, stats) is True


def backbone(encoding: Any, backend: Backend, first: Any, verify: Callable[[Any], list[str]], stats: SolveStats,
             cuts: list[Clause], log: Callable[[str], None] = lambda message: None,
             assumptions: Sequence[int] = (), seek: Seek | None = None,
             progress: Progress | None = None) -> tuple[list[Hashable], list[Hashable]]:
    """The decision keys every solution sets as ``first`` does (forced) and the others (undetermined).

    ``encoding`` is an Encoding with Decisions whose formula ``backend`` holds; cuts learnt
    are added to ``backend`` and appended to ``cuts``. Flips that unit propagation refutes are
    forced at once; then ``seek`` (the puzzle's cheap search for other solutions) may set
    undetermined keys aside, and prove others forced by its own reasoning, before the whole-board questions.
    ``progress`` is told the keys forced, undetermined and undecided so far after each step.
    """
    var_of: dict[Hashable, int] = encoding.decisions()
    made = set(encoding.decided(first))
    flip_of = {key: -var if key in made else var for key, var in var_of.items()}
    key_of = {lit: key for key, lit in flip_of.items()}
    proved = _refuted_by_propagation(encoding.formula.clauses, flip_of) if not assumptions else set()
    left = set(var_of) - proved
    flipped_keys: set[Hashable] = set()
    if seek is not None and left:
        def found(solution: Any) -> None:
            flipped = {key_of[lit] for lit in _flips(encoding, solution, verify, {flip_of[key] for key in left},
                                                     key_of)}
            left.difference_update(flipped)
            flipped_keys.update(flipped)
            log(f"analysis: another solution flips {len(flipped)}, {len(left)} left to try")
            if progress is not None:
                progress(proved, flipped_keys, left)

        proved |= seek(left, found)
        left -= proved
    if progress is not None:
        progress(proved, flipped_keys, left)

    def verified_flips(question: list[int], candidates: set[int]) -> set[int] | None:
        flipped = _witness(encoding, backend, verify, stats, cuts, question, candidates, key_of, var_of, log)
        if flipped is not None:
            log(f"analysis: a solution flips {len(flipped)}, {len(candidates) - len(flipped)} left to try")
            if progress is not None:
                flipped_keys.update(key_of[lit] for lit in flipped)
                progress(proved, flipped_keys, set(var_of) - proved - flipped_keys)
        return flipped

    # No single-check tail: a witness blocks the solutions it sets aside under its question's selector.
    stuck = narrow(backend, [flip_of[key] for key in var_of if key in left], verified_flips, assumptions,
                   single_tail=0)
    forced = [key for key, lit in flip_of.items() if lit in stuck or key in proved]
    undetermined = [key for key, lit in flip_of.items() if not (lit in stuck or key in proved)]
    return forced, undetermined


def _refuted_by_propagation(clauses: Sequence[Clause], flip_of: dict[Hashable, int]) -> set[Hashable]:
    """The keys whose flip unit propagation alone refutes in ``clauses`` (forced, with no search)."""
    with make_backend(GRADING_SOLVER) as prober:
        prober.add_clauses(clauses)
        return {key for key, lit in flip_of.items() if not prober.propagate([lit])[0]}


def _witness(encoding: Any, backend: Backend, verify: Callable[[Any], list[str]], stats: SolveStats,
             cuts: list[Clause], assumptions: list[int], candidates: set[int], key_of: dict[int, Hashable],
             var_of: dict[Hashable, int], log: Callable[[str], None]) -> set[int] | None:
    """The candidate literals some verified solution makes true (never empty), or None when none can."""
    selector = assumptions[-1]
    while True:
        solutions = lazy_solutions(encoding, backend, stats, log, cuts, assumptions)
        solution = next(solutions, None)
        if solution is None:
            return None
        literals = backend.model_literals()
        solutions.close()
        flips = _flips(encoding, solution, verify, candidates, key_of)
        if flips:
            return flips
        # Only decisions beside the solution (a stray loop) flipped: decode them alone. The encoding's cuts ban
        # what breaks a rule alone; what keeps every rule alone is a solution, and a witness itself.
        made = set(encoding.decided(solution))
        model_true = {lit for lit in literals if lit > 0}
        stray = [var for key, var in var_of.items() if var in model_true and key not in made]
        rest = encoding.decode(Model(stray, encoding.formula.num_vars))
        extra = encoding.cuts(rest)
        if extra:
            stats.cuts += len(extra)
            backend.add_clauses(extra)
            cuts.extend(extra)
        elif not verify(rest):
            flips = _flips(encoding, rest, verify, candidates, key_of)
            if flips:
                return flips
        # The solution flips no candidate, so it is set aside for this question only; without this, a solver
        # kept on it would list every stray loop an empty area can hold, one cut each.
        backend.add_clauses([[-selector, *encoding.block(solution)]])


def _flips(encoding: Any, solution: Any, verify: Callable[[Any], list[str]], candidates: set[int],
           key_of: dict[int, Hashable]) -> set[int]:
    """The candidate literals a solution (verified here by the rules) makes true."""
    problems = verify(solution)
    if problems:
        raise VerificationError(f"internal error: the analysis met an invalid solution: {problems[0]}")
    made = set(encoding.decided(solution))
    return {lit for lit in candidates if (key_of[lit] in made) == (lit > 0)}

