"""A solve under ``--timeout``, and what the deadline leaves of it: the outcome made of the progress reports sent
before the deadline, and a message that says what the deadline cut short (nothing, when the answer asked for was
complete by then)."""

from __future__ import annotations

from satpuzzles.core.generic import TypeVar
from satpuzzles.core.outcome import Outcome, Settings, SolveStats, seconds_text
from satpuzzles.core.records import replace
from satpuzzles.core.words import counted
from satpuzzles.solve import pipeline

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from satpuzzles.core.spec import Rules
    from satpuzzles.solve.isolation import Timeout

I = TypeVar("I")  # noqa: E741
S = TypeVar("S")
SUPERSEDED = ("analysis", "explanation", "stage")
"""Reports sent again as a solve goes on, of which the parent keeps the latest only: the analysis as it grows, the
explanation as it shrinks, and the stage begun (its statistics: what a deadline that finds nothing reports as
reached)."""


def solve_within_limit(rules: Rules[I, S], instance: I, settings: Settings, name: str = "",
                       partial_analysis: bool = False) -> Outcome[S]:
    """:func:`pipeline.solve` (looked up when called, so a test may replace it), in a child process killed at
    ``settings.timeout`` when one is set.

    Solutions found before the deadline are kept: the outcome is then "solved" with
    uniqueness and the count left undecided, and a message says the time ran out. With
    ``partial_analysis`` (the puzzle's views draw undecided decisions), the analysis reached
    by then is kept too, its undecided decisions listed.
    """
    settings = pipeline.with_defaults(rules, settings, instance)
    if settings.timeout is None:
        return pipeline.solve(rules, instance, settings, name)
    from satpuzzles.solve.isolation import Superseding, Timeout, run_with_deadline  # multiprocessing: --timeout only

    def work(report: Callable[[object], None]) -> Outcome[S]:
        def on_progress(kind: str, found: object, stats: SolveStats) -> None:
            report(Superseding(kind, (kind, found, stats)) if kind in SUPERSEDED else (kind, found, stats))

        return pipeline.solve(rules, instance, replace(settings, on_progress=on_progress), name)

    try:
        return run_with_deadline(work, settings.timeout)
    except Timeout as stopped:
        return timed_out_outcome(stopped, settings, pipeline.method_name(pipeline.choose_strategy(rules, settings, instance)), partial_analysis)


def timed_out_outcome(stopped: Timeout, settings: Settings, method: str, partial_analysis: bool) -> Outcome[Any]:
    """The outcome of a solve stopped at ``settings.timeout``: the solutions (and, with ``partial_analysis``, the
    analysis) reported by then, ``unknown`` when nothing was; ``method`` is the one the solve used."""
    from satpuzzles.solve.isolation import Superseding

    message = timed_out_message(settings)
    reports: list[tuple[str, Any, SolveStats]] = [
        report.value if isinstance(report, Superseding) else report  # type: ignore[misc]
        for report in stopped.reports]
    if not reports:
        return Outcome(status="unknown", stats=SolveStats(solver=str(settings.solver), method=method),
                       message=message)
    stats = reports[-1][2]  # the latest, in the order sent
    stats.method = stats.method or method  # reports sent before the method set it
    solutions = [found for kind, found, _ in reports if kind == "solution"]
    searching = len(solutions) < settings.wanted  # else the deadline fell after the last search ended
    if searching:
        stats.solve_seconds += stopped.quiet_seconds  # the search the deadline cut short
        if reports[-1][0] in ("solution", "stage"):
            stats.sat_calls += 1  # the call looking for the next solution
    results = [kind for kind, _, _ in reports if kind not in ("stage", "explanation")]
    if not results:  # stages begun, nothing found: their statistics say how far the solve went
        return Outcome(status="unknown", stats=stats, message=message)
    if results[-1] == "unsolvable":  # --explain was cut: the smallest unsolvable set it had found, if any
        shrunk = [found for kind, found, _ in reports if kind == "explanation"]
        return Outcome(status="unsolvable", exhausted=True, stats=stats, message=f"explanation {message}",
                       explanation=shrunk[-1] if shrunk else None, explanation_minimal=False)
    if not settings.analyze:  # what was cut short; nothing when the solutions asked for were all found
        message = searching_message(message, len(solutions), settings) if searching else ""
    analyses = [found for kind, found, _ in reports if kind == "analysis"]
    if not (partial_analysis and analyses and solutions):
        return Outcome(status="solved", solutions=solutions, stats=stats, message=message)
    analysis = analyses[-1]
    cut = f"; {counted(len(analysis.undecided), 'decision')} undecided" if analysis.partial else " while grading"
    return Outcome(status="solved", solutions=solutions, stats=stats, message=message + cut, analysis=analysis)


def timed_out_message(settings: Settings) -> str:
    """``timed out after 5 s``: the deadline as the settings give it."""
    return f"timed out after {seconds_text(settings.timeout or 0)} s"


def searching_message(message: str, found: int, settings: Settings) -> str:
    """``message`` saying which search the deadline cut short, ``found`` solutions found: the one for a second
    solution (--unique), or for the rest of those ``--count`` asked for."""
    if not found:
        return message
    if settings.wanted == 2 and found == 1 and settings.count < 2:
        return f"{message} while looking for a second solution"
    return f"{message} with {found} of the {settings.wanted} solutions asked for found"
