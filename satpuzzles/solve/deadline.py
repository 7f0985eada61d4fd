"""What a ``--timeout`` leaves of a solve: the outcome made of the progress reports sent before the deadline, and a
message that says what the deadline cut short (nothing, when the answer asked for was complete by then)."""

from __future__ import annotations

from typing import Any

from satpuzzles.core.outcome import Outcome, Settings, SolveStats, seconds_text
from satpuzzles.core.words import counted
from satpuzzles.solve.isolation import Superseding, Timeout


def timed_out_outcome(stopped: Timeout, settings: Settings, method: str, partial_analysis: bool) -> Outcome[Any]:
    """The outcome of a solve stopped at ``settings.timeout``: the solutions (and, with ``partial_analysis``, the
    analysis) reported by then, ``unknown`` when nothing was; ``method`` is the one the solve used."""
    message = timed_out_message(settings)
    reports: list[tuple[str, Any, SolveStats]] = [
        report.value if isinstance(report, Superseding) else report  # type: ignore[misc]
        for report in stopped.reports]
    if not reports:
        return Outcome(status="unknown", stats=SolveStats(solver=str(settings.solver), method=method),
                       message=message)
    stats = reports[-1][2]
    stats.method = stats.method or method  # reports sent before the method set it
    solutions = [found for kind, found, _ in reports if kind == "solution"]
    searching = len(solutions) < settings.wanted  # else the deadline fell after the last search ended
    if searching:
        stats.solve_seconds += stopped.quiet_seconds  # the search the deadline cut short
        if reports[-1][0] == "solution":
            stats.sat_calls += 1  # the call looking for the next solution
    if reports[-1][0] == "unsolvable":
        return Outcome(status="unsolvable", exhausted=True, stats=stats, message=f"explanation {message}")
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
