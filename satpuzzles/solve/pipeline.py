"""Solve one instance: pick the method, run it, verify every answer by the rules, fill the statistics.

The ``cnf`` method runs a puzzle's encoding stages through the lazy-cut loop. Stages are
tried in order. An incomplete stage (a strengthened encoding that may miss solutions)
only ever contributes one solution; a complete stage that runs out of solutions proves
there are no (more) of them. Enumeration (``--count``, ``--unique``) continues in the
next complete stage, blocking the solutions already found, so it always counts by the
puzzle's full rules.

A puzzle may also bring strategies that are not one formula (Minesweeper's engine);
``--method auto`` takes the first that serves the settings. Whatever the method, every
solution is checked by the puzzle's verifier before anyone sees it.
"""

from __future__ import annotations

import sys
import time

from satpuzzles.cnf.dimacs import dimacs_chunks, dimacs_text, header_lines
from satpuzzles.cnf.formula import Clause
from satpuzzles.cnf.model import broken_clause
from satpuzzles.core.errors import SolverError, UsageError, VerificationError
from satpuzzles.core.generic import TypeVar
from satpuzzles.core.outcome import CNF_METHOD, DEFAULT_SOLVER, Certificate, Outcome, Settings, SolveStats, Timer
from satpuzzles.core.records import replace
from satpuzzles.core.spec import SolverBySize, settle
from satpuzzles.core.words import listed
from satpuzzles.solve.backends import Backend, make_backend
from satpuzzles.solve.solver_names import PROOF_SOLVERS, check_proof_solver, normal_solver_name, pysat_base
from satpuzzles.solve.loop import lazy_solutions

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Hashable, Iterator, Mapping
    from typing import Any

    from satpuzzles.core.spec import Encoding, Rules, Strategy

I = TypeVar("I")  # noqa: E741
S = TypeVar("S")


def verbose_log(enabled: bool) -> Callable[[str], None]:
    """A logger printing timestamped phase messages to stderr when ``enabled``."""
    start = time.perf_counter()

    def log(message: str) -> None:
        if enabled:
            sys.stderr.write(f"[{time.perf_counter() - start:8.3f}s] {message}\n")
            sys.stderr.flush()

    return log


def with_defaults(rules: Rules[Any, Any], settings: Settings, instance: Any = None) -> Settings:
    """``settings`` with the solver filled in (the one named, else the puzzle's default for ``instance``, else the
    tool's), PySAT aliases by their canonical names (``g4`` is ``glucose4``). With --proof and no solver named,
    the puzzle's default is kept only if it logs proofs; with --explain the tool's default is used, whose many
    small checks (mostly satisfiable, with cuts) Glucose answers fastest (a 60x60 Slitherlink: 0.6 s against
    CaDiCaL's 6.5 s). A default by size is the small boards' one when no instance is given."""
    default = rules.default_solver
    if isinstance(default, SolverBySize):
        default = default.small if instance is None else default(instance)
    solver = settings.solver or (DEFAULT_SOLVER if settings.explain else default) or DEFAULT_SOLVER
    if settings.proof and settings.solver is None and pysat_base(solver) not in PROOF_SOLVERS:
        solver = DEFAULT_SOLVER
    solver = normal_solver_name(solver)
    if solver == settings.solver:
        return settings
    return replace(settings, solver=solver, solver_is_default=settings.solver_is_default or settings.solver is None)


def choose_strategy(rules: Rules[I, S], settings: Settings, instance: I | None = None) -> Strategy[I, S] | None:
    """The strategy ``settings.method`` selects (None: the cnf method), for ``instance`` when given (Strategy's
    ``declines``); UsageError when it cannot serve them."""
    strategies = {strategy.name: strategy for strategy in rules.strategies}
    if settings.method == CNF_METHOD:
        return None
    if settings.method == "auto":
        if settings.proof:  # a certificate is a DRAT proof of one formula: the cnf method's
            return None
        return next((s for s in rules.strategies if _why_not(s, settings, instance) is None), None)
    method = settings.naming.given("method", settings.method, typed=settings.method)
    if settings.method not in strategies:
        choices = ", ".join(["auto", *strategies, CNF_METHOD])
        raise UsageError(f"{method}: choose one of {choices}")
    reason = _why_not(strategies[settings.method], settings, instance)
    if reason is None and settings.proof:
        reason = "--proof certifies one formula: use the cnf method"
    if reason is not None:
        raise UsageError(f"{method}: {reason}")
    return strategies[settings.method]


def _why_not(strategy: Strategy[I, S], settings: Settings, instance: I | None) -> str | None:
    """Why ``strategy`` cannot serve ``settings`` (on ``instance`` when given), None when it can."""
    reason = strategy.refuses(settings)
    if reason is None and instance is not None and strategy.declines is not None:
        reason = strategy.declines(instance, settings)
    return reason


def check_settings(rules: Rules[Any, Any], settings: Settings, instance: Any = None) -> None:
    """Refuse, before any work, settings the puzzle or the chosen method cannot honour; with ``instance``, under
    the options it states where they are not given (Rules.stated)."""
    settings = with_defaults(rules, settings)
    if rules.check_settings is not None:
        rules.check_settings(settings)
    if instance is not None:
        check_stated(rules, settings, stated_by(rules, instance))
    flag = settings.naming.flag
    if settings.explain and not rules.explainable:
        raise UsageError(f"{flag('explain')}: this puzzle cannot name conflicting clues")
    if settings.analyze:
        if not rules.analyzable:
            raise UsageError(f"{flag('analyze')}: this puzzle cannot be analysed")
        given = [flag(name) for name, on in (("count", settings.count > 1), ("unique", settings.unique),
                                              ("proof", bool(settings.proof))) if on]
        if given:  # only those given: batch, which has no --proof, must not ask to drop it
            raise UsageError(f"{flag('analyze')} covers every solution at once: drop {listed(given)}")
    if settings.proof:
        if settings.explain:
            raise UsageError("--proof and --explain: a proof refutes the whole puzzle, not a set of clues; give one")
        check_proof_solver(str(settings.solver))
    choose_strategy(rules, settings, instance)


def check_stated(rules: Rules[Any, Any], settings: Settings, stated: Mapping[str, Any]) -> None:
    """Refuse (the puzzle's check_settings) settings that the options an instance states (``stated``:
    Rules.stated's) make impossible where they are not given (a Numberlink board's no-self-touch convention)."""
    if rules.check_settings is not None and stated:
        settled = settle(settings.extras, stated)
        if settled != settings.extras:
            rules.check_settings(replace(settings, extras=settled))


def stated_by(rules: Rules[I, Any], instance: I) -> dict[str, Any]:
    """The options ``instance`` states itself (Rules.stated), {} for a puzzle whose instances state none."""
    return rules.stated(instance) if rules.stated is not None else {}


def solve(rules: Rules[I, S], instance: I, settings: Settings, name: str = "") -> Outcome[S]:
    """Solve one instance by the method ``settings`` selects; every solution verified by the rules.

    ``name`` (the puzzle's) heads the DIMACS text that ``settings.want_dimacs`` asks for.
    """
    settings = with_defaults(rules, settings, instance)
    check_stated(rules, settings, stated_by(rules, instance))  # callers check it before any work; any other here
    strategy = choose_strategy(rules, settings, instance)
    try:
        if strategy is None and settings.proof and settings.method == "auto":
            first = _first_without_proof(rules, instance, settings, name)
            if first is not None and _claims_no_refutation(first, settings):
                return first
            outcome = _solve_by(strategy, rules, instance, settings, name)
            if first is not None:
                outcome.stats.absorb(first.stats)  # what the solve cost includes the try that needed a proof
            return outcome
        return _solve_by(strategy, rules, instance, settings, name)
    except SolverError as exc:  # the statistics so far go with it, as a timeout's do
        exc.stats = exc.stats or SolveStats(solver=str(settings.solver))
        exc.stats.method = method_name(strategy)
        raise


def _first_without_proof(rules: Rules[I, S], instance: I, settings: Settings, name: str) -> Outcome[S] | None:
    """Under --proof, the outcome of the puzzle's own method run without one, or None for a puzzle without such
    a method: when that outcome claims no "no more solutions" (``_claims_no_refutation``) it needs no proof, and
    the method finds it far faster than a whole-board formula (janko.at #60 --unique: 0.9 s against over 40 s)."""
    plain = replace(settings, proof=False)
    strategy = choose_strategy(rules, plain, instance)  # what the auto method picks without --proof
    return None if strategy is None else _solve_by(strategy, rules, instance, plain, name)


def _claims_no_refutation(outcome: Outcome[Any], settings: Settings) -> bool:
    """Whether ``outcome`` found every solution asked for (a second one for --unique, N for --count N, one
    otherwise) with more possibly left: nothing in it is a refutation that a proof would certify."""
    return outcome.status == "solved" and len(outcome.solutions) >= settings.wanted and not outcome.exhausted


def method_name(strategy: Strategy[Any, Any] | None) -> str:
    """The method a solve reports: its strategy's, or the encoding stages' (cnf)."""
    return strategy.name if strategy is not None else CNF_METHOD


def _solve_by(strategy: Strategy[I, S] | None, rules: Rules[I, S], instance: I, settings: Settings,
              name: str) -> Outcome[S]:
    if strategy is None:
        outcome = run_stages(rules, instance, settings, name)
        outcome.stats.method = CNF_METHOD
        if outcome.status == "unsolvable" and not outcome.message and rules.unsolvable_reason is not None:
            rules.unsolvable_reason(instance, settings, outcome)  # as the strategy says it (--unique, --count)
        if settings.analyze and outcome.solution is not None:
            from satpuzzles.solve.analysis import analyse  # --analyze only

            outcome.analysis = analyse(rules, instance, settings, outcome.solution, outcome.stats,
                                       verbose_log(settings.verbose))
        return outcome
    log = verbose_log(settings.verbose)
    log(f"method {strategy.name}: {strategy.summary}")
    reported = _VerifiedReports(rules, instance, settings, strategy.name)
    outcome = strategy.solve(instance, reported.settings)
    log(f"method {strategy.name}: {outcome.status}; {_phases(outcome.stats)}")
    outcome.stats.method = strategy.name
    outcome.stats.solver = outcome.stats.solver or str(settings.solver)
    for index, solution in enumerate(outcome.solutions):
        if index >= reported.solutions:  # those the strategy reported were verified then
            _verified(rules, instance, solution, outcome.stats, strategy.name)
            if settings.on_progress is not None:
                settings.on_progress("solution", solution, outcome.stats)
    if outcome.status == "unsolvable" and settings.on_progress is not None:
        settings.on_progress("unsolvable", None, outcome.stats)
    if outcome.status == "unsolvable" and settings.explain and outcome.explanation is None:
        # Naming conflicting clues needs selectors in a formula: the stages give the explanation
        # (unless the strategy found one by itself, a clue that cannot hold alone).
        explained = run_stages(rules, instance, settings, name)
        outcome.explanation = explained.explanation
        outcome.stats.sat_calls += explained.stats.sat_calls
    return outcome


def _phases(stats: SolveStats) -> str:
    """One line of what a strategy's solve cost: the non-zero seconds per phase, SAT calls, formula size."""
    seconds = [f"{phase} {getattr(stats, phase + '_seconds'):.3f} s"
               for phase in ("propagate", "encode", "solve", "decode") if getattr(stats, phase + "_seconds")]
    sizes = f"{stats.variables} variables, {stats.clauses} clauses" if stats.variables else "no whole-board formula"
    return ", ".join([*seconds, f"{stats.sat_calls} SAT calls", sizes])


class _VerifiedReports:
    """A strategy's progress reports passed on, each solution verified first (--timeout keeps what was reported),
    and counted: a strategy reports its solutions in the order of its outcome's, so the first ``solutions`` of
    the outcome need no second report."""

    def __init__(self, rules: Rules[I, S], instance: I, settings: Settings, method: str) -> None:
        self.rules, self.instance, self.method, self.solutions = rules, instance, method, 0
        self.forward = settings.on_progress
        self.settings = settings if self.forward is None else replace(settings, on_progress=self.report)

    def report(self, kind: str, found: Any, stats: SolveStats) -> None:
        """Verify a reported solution, count it, and pass the report on."""
        if kind == "solution":
            _verified(self.rules, self.instance, found, stats, self.method)
            self.solutions += 1
        assert self.forward is not None
        self.forward(kind, found, stats)


def _verified(rules: Rules[I, S], instance: I, solution: S, stats: SolveStats, method: str) -> None:
    """Raise VerificationError (a bug, never printed as a solution) when ``solution`` breaks a rule."""
    with Timer(stats, "verify_seconds"):
        problems = rules.verify(instance, solution)
    if problems:
        raise VerificationError(f"internal error: the {method} method gave an invalid answer: {problems[0]}")


def _check_model(backend: Backend, clauses: list[Clause], solver: str) -> None:
    """Raise SolverError when the solver's last answer breaks one of ``clauses``: it was no model, and an answer
    that breaks the rules is then the solver's fault, not the encoding's."""
    number = broken_clause(backend.model_literals(), clauses)
    if number is not None:
        raise SolverError(f"the solver {solver} answered 'satisfiable' with an assignment that breaks clause "
                          f"{number} of the formula; its answer was not used")


def _count_search(stats: SolveStats, searched: SolveStats | None) -> None:
    """Add to ``stats`` the SAT calls, cuts and seconds of a search an encoding made while it was built
    (Encoding's optional ``searched``), its seconds moved from encoding to solving and decoding."""
    if searched is None:
        return
    stats.absorb(searched)  # the build's encoding seconds held the search's
    stats.encode_seconds = max(0.0, stats.encode_seconds - searched.solve_seconds - searched.decode_seconds)


def run_stages(rules: Rules[I, S], instance: I, settings: Settings, name: str = "") -> Outcome[S]:
    """Find up to ``settings.wanted`` verified solutions of ``instance`` with its encoding stages."""
    settings = with_defaults(rules, settings, instance)
    solver = str(settings.solver)
    log = verbose_log(settings.verbose)
    wanted = settings.wanted
    stats = SolveStats(solver=solver)
    found: list[S] = []
    exhausted = False
    dimacs: str | None = None
    explanation: list[Hashable] | None = None
    certificate: Certificate | None = None
    for stage in rules.stages(instance, settings):
        if found and not stage.complete:
            continue
        with Timer(stats, "encode_seconds"):
            encoding = stage.build()
        _count_search(stats, getattr(encoding, "searched", None))
        stats.stages.append(stage.name)
        stats.encoding = stage.name
        stats.variables = encoding.formula.num_vars
        stats.clauses = encoding.formula.num_clauses
        log(f"encoded ({stage.name}): {stats.variables} variables, {stats.clauses} clauses")
        if settings.on_progress is not None:  # what a --timeout that finds nothing reports as reached
            settings.on_progress("stage", None, stats)
        cuts: list[Clause] = []
        certify = settings.proof and stage.complete and not encoding.selectors
        with _StatsOnFailure(stats), make_backend(solver, verbose=settings.verbose, proof=certify) as backend:
            with Timer(stats, "encode_seconds"):
                backend.add_clauses(encoding.formula.clauses)
                backend.add_clauses([encoding.block(solution) for solution in found])
            assumptions = list(encoding.selectors.values())
            for solution in lazy_solutions(encoding, backend, stats, log, cuts, assumptions):
                try:
                    _verified(rules, instance, solution, stats, f"{stage.name} encoding")
                except VerificationError:
                    _check_model(backend, [*encoding.formula.clauses, *cuts, *map(encoding.block, found)], solver)
                    raise
                found.append(solution)
                if settings.on_progress is not None:
                    settings.on_progress("solution", solution, stats)
                if len(found) >= wanted or not stage.complete:
                    break
            else:
                exhausted = stage.complete
                if certify:
                    certificate = _certificate(encoding, cuts, found, backend, name, stage.name, solver, rules.cuts)
                if exhausted and not found and settings.on_progress is not None:
                    settings.on_progress("unsolvable", None, stats)
                if exhausted and not found and settings.explain:
                    from satpuzzles.solve.explain import minimal_conflict  # --explain only

                    shrunk = settings.on_progress
                    explanation = minimal_conflict(encoding, backend, stats, log, None if shrunk is None else (
                        lambda keys: shrunk("explanation", keys, stats)))
            if settings.verbose:
                log(f"solver statistics: {backend.statistics()}")
        if settings.want_dimacs:
            header = header_lines(name, stage.name, stage.complete, encoding)
            written = getattr(encoding, "written", None) or encoding.formula  # Refuted: the rules' formula
            dimacs = dimacs_text(written, cuts, header=header, assumed=assumptions)
        if len(found) >= wanted or exhausted:
            break
        log(f"stage {stage.name} {'found no more' if found else 'found no'} solution")
    status, message = _status(bool(found), exhausted, stats.stages, settings)
    return Outcome(status, found, exhausted, stats, dimacs, explanation=explanation, certificate=certificate,
                   message=message)


def _status(found: bool, exhausted: bool, stages: list[str], settings: Settings) -> tuple[str, str]:
    """The outcome's status, and its message when the stages tried prove nothing (none of them complete)."""
    if found:
        return "solved", ""
    if exhausted:
        return "unsolvable", ""
    auto = settings.naming.given("encoding", "auto", typed="auto")
    return "unknown", (f"the encoding tried ({', '.join(stages)}) is stronger than the rules: finding no solution "
                       f"in it proves nothing ({auto} or complete, where the puzzle has that option, decides)")


class _StatsOnFailure:
    """A SolverError raised within carries ``stats`` (when it has none yet). A class, not contextlib's decorator:
    contextlib is not imported on the plain path (tests/test_plain_imports.py)."""

    def __init__(self, stats: SolveStats) -> None:
        self.stats = stats

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: object, error: BaseException | None, trace: object) -> None:
        if isinstance(error, SolverError) and error.stats is None:
            error.stats = self.stats


def _certificate(encoding: Encoding[S], cuts: list[Clause], found: list[S], backend: Backend, name: str, stage: str,
                 solver: str, cut_names: str = "") -> Certificate:
    """The refuted CNF (the formula, the cuts learned, the solutions found blocked) and the solver's DRAT proof."""
    header = [*header_lines(name, stage), "a DRAT proof refutes this formula: the encoding, the lazy cuts and the blocks"]
    heading = "clauses added by the lazy-cut loop" + (f" ({cut_names})" if cut_names else "")
    sections = [(heading, cuts),
                ("clauses blocking the solutions already found", [encoding.block(solution) for solution in found])]
    cnf = dimacs_text(encoding.formula, header=header, sections=sections)
    proof = backend.proof_lines()
    if not proof or proof[-1].strip() != "0":
        # Glucose, used incrementally, does not log the empty clause when a clause added after a call (a cut, a
        # block) is refuted by propagation alone; the checker verifies this step as any other.
        proof.append("0")
    return Certificate("unique" if found else "unsolvable", cnf, "\n".join(proof) + "\n", solver, len(cuts))


def first_formula_dimacs(rules: Rules[I, Any], instance: I, settings: Settings, name: str = "") -> Iterator[str]:
    """The DIMACS text of the first encoding stage, in pieces to write one by one (for ``-o`` when the method used no
    formula)."""
    stage = rules.stages(instance, with_defaults(rules, settings, instance))[0]
    encoding = stage.build()
    header = header_lines(name, stage.name, stage.complete, encoding)
    return dimacs_chunks(encoding.formula, header=header, assumed=list(encoding.selectors.values()))  # as solves assume
