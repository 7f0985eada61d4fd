"""Solve one instance: run a puzzle's encoding stages through the lazy-cut loop.

Stages are tried in order. An incomplete stage (a strengthened encoding that may
miss solutions) only ever contributes one solution; a complete stage that runs
out of solutions proves there are no (more) of them. Enumeration (``--count``,
``--unique``) continues in the next complete stage, blocking the solutions
already found, so it always counts by the puzzle's full rules.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Hashable
from dataclasses import replace
from typing import TYPE_CHECKING, TypeVar

from satpuzzles.cnf.dimacs import dimacs_text
from satpuzzles.cnf.formula import Clause
from satpuzzles.errors import VerificationError
from satpuzzles.solvers.backends import make_backend
from satpuzzles.solvers.explain import minimal_conflict
from satpuzzles.solvers.isolation import Timeout, run_with_deadline
from satpuzzles.solvers.loop import SolveStats, Timer, lazy_solutions

if TYPE_CHECKING:
    from satpuzzles.puzzle import Outcome, Puzzle, Settings

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


def run_stages(puzzle: Puzzle[I, S], instance: I, settings: Settings) -> Outcome[S]:
    """Find up to ``settings.wanted`` verified solutions of ``instance``."""
    from satpuzzles.puzzle import Outcome

    log = verbose_log(settings.verbose)
    wanted = settings.wanted
    stats = SolveStats(solver=settings.solver)
    found: list[S] = []
    exhausted = False
    dimacs: str | None = None
    explanation: list[Hashable] | None = None
    for stage in puzzle.stages(instance, settings):
        if found and not stage.complete:
            continue
        with Timer(stats, "encode_seconds"):
            encoding = stage.build()
        stats.stages.append(stage.name)
        stats.encoding = stage.name
        stats.variables = encoding.formula.num_vars
        stats.clauses = encoding.formula.num_clauses
        log(f"encoded ({stage.name}): {stats.variables} variables, {stats.clauses} clauses")
        cuts: list[Clause] = []
        with make_backend(settings.solver, verbose=settings.verbose) as backend:
            with Timer(stats, "encode_seconds"):
                backend.add_clauses(encoding.formula.clauses)
                backend.add_clauses([encoding.block(solution) for solution in found])
            assumptions = list(encoding.selectors.values())
            for solution in lazy_solutions(encoding, backend, stats, log, cuts, assumptions):
                with Timer(stats, "verify_seconds"):
                    problems = puzzle.verify(instance, solution)
                if problems:
                    raise VerificationError(f"internal error: the {stage.name} encoding gave an invalid answer: {problems[0]}")
                found.append(solution)
                if settings.on_progress is not None:
                    settings.on_progress("solution", solution, stats)
                if len(found) >= wanted or not stage.complete:
                    break
            else:
                exhausted = stage.complete
                if exhausted and not found and settings.on_progress is not None:
                    settings.on_progress("unsolvable", None, stats)
                if exhausted and not found and settings.explain:
                    explanation = minimal_conflict(encoding, backend, stats, log)
            if settings.verbose:
                log(f"solver statistics: {backend.statistics()}")
        if settings.want_dimacs:
            header = [f"satpuzzles {puzzle.name}, encoding {stage.name}"]
            dimacs = dimacs_text(encoding.formula, cuts, header=header, assumed=assumptions)
        if len(found) >= wanted or exhausted:
            break
        log(f"stage {stage.name} {'found no more' if found else 'found no'} solution")
    if found:
        status = "solved"
    elif exhausted:
        status = "unsolvable"
    else:
        status = "unknown"
    return Outcome(status, found, exhausted, stats, dimacs, explanation=explanation)


def solve_within_limit(puzzle: Puzzle[I, S], instance: I, settings: Settings) -> Outcome[S]:
    """``puzzle.solve``, in a child process killed at ``settings.timeout`` when one is set.

    Solutions found before the deadline are kept: the outcome is then "solved" with
    uniqueness and the count left undecided, and a message says the time ran out.
    """
    from satpuzzles.puzzle import Outcome

    if settings.timeout is None:
        return puzzle.solve(instance, settings)

    def work(report: Callable[[object], None]) -> Outcome[S]:
        progress = replace(settings, on_progress=lambda kind, found, stats: report((kind, found, stats)))
        return puzzle.solve(instance, progress)

    try:
        return run_with_deadline(work, settings.timeout)
    except Timeout as stopped:
        message = f"timed out after {settings.timeout:g} s"
        if not stopped.reports:
            return Outcome(status="unknown", stats=SolveStats(solver=settings.solver), message=message)
        stats = stopped.reports[-1][2]
        if stopped.reports[-1][0] == "unsolvable":
            return Outcome(status="unsolvable", exhausted=True, stats=stats, message=f"explanation {message}")
        solutions = [found for kind, found, _ in stopped.reports if kind == "solution"]
        return Outcome(status="solved", solutions=solutions, stats=stats, message=message)
