"""The ``engine`` method: propagation with numpy, then SAT component by component (see engine/).

It finds one placement, or with ``--analyze`` the cells every placement agrees on, or
with ``--probabilities`` each cell's exact mine probability; the pipeline verifies what it
returns by the rules. ``--count`` and ``--unique`` enumerate placements, which needs the
whole board as one formula (the ``cnf`` method), as does a solver that is not an
in-process incremental one.
"""

from __future__ import annotations

from satpuzzles.core.outcome import Outcome, Settings, SolveStats, Timer
from satpuzzles.core.spec import Strategy
from satpuzzles.puzzles.minesweeper.engine.components import analyze, find_layout
from satpuzzles.puzzles.minesweeper.engine.probability import DEFAULT_BUDGET, probabilities
from satpuzzles.puzzles.minesweeper.engine.propagate import Deduction
from satpuzzles.puzzles.minesweeper.engine.total import with_total
from satpuzzles.puzzles.minesweeper.hint import hint
from satpuzzles.puzzles.minesweeper.model import UNKNOWN, MinesweeperInstance, MinesweeperSolution
from satpuzzles.solve.backends import is_pysat_solver


def analysis_wanted(settings: Settings) -> bool:
    """Whether --analyze, --probabilities or --hint was asked for."""
    return settings.analyze or any(settings.extras.get(name) for name in ("analyze", "probabilities", "hint"))


def refuses(settings: Settings) -> str | None:
    """Why the engine cannot serve these settings (None when it can)."""
    if settings.wanted > 1:
        return "--count and --unique enumerate placements with the cnf method"
    if settings.solver is not None and not is_pysat_solver(settings.solver):
        return "the engine makes many incremental calls: name a PySAT solver, or use the cnf method"
    return None


def solve(instance: MinesweeperInstance, settings: Settings) -> Outcome[MinesweeperSolution]:
    """One placement, or the analysis (with probabilities) when asked for."""
    solver = str(settings.solver)
    cells = instance.cells
    if analysis_wanted(settings):
        if instance.mines is not None:
            analysis, deduction, stats = with_total(cells, instance.mines, settle=True, solver_name=solver)
        else:
            analysis, deduction, stats = analyze(cells, solver)
        if analysis is None:
            return _unsolvable(instance, deduction, stats)
        chances = None
        guessing = settings.extras.get("hint") and not (analysis.forced_safe & (cells == UNKNOWN)).any()
        if settings.extras.get("probabilities") or guessing:
            budget = settings.extras.get("probability_budget") or DEFAULT_BUDGET
            with Timer(stats, "solve_seconds"):
                chances = probabilities(cells, deduction, instance.mines, budget)
        advice = hint(cells, analysis, chances) if settings.extras.get("hint") else None
        shown = chances if settings.extras.get("probabilities") else None
        return Outcome("solved", [MinesweeperSolution(analysis.layout, analysis, shown, advice)], stats=stats)
    if instance.mines is not None:
        analysis, deduction, stats = with_total(cells, instance.mines, settle=False, solver_name=solver)
        mines = analysis.layout if analysis is not None else None
    else:
        mines, deduction, stats = find_layout(cells, solver)
    if mines is None:
        return _unsolvable(instance, deduction, stats)
    return Outcome("solved", [MinesweeperSolution(mines)], stats=stats)


def _unsolvable(instance: MinesweeperInstance, deduction: Deduction, stats: SolveStats) -> Outcome[MinesweeperSolution]:
    outcome: Outcome[MinesweeperSolution] = Outcome("unsolvable", exhausted=True, stats=stats)
    if deduction.broken is not None:
        r, c = deduction.broken
        outcome.message = f"the count {instance.cells[r, c]} at row {r + 1}, column {c + 1} cannot be met"
    else:
        total = " and the mine total" if instance.mines is not None else ""
        outcome.message = f"no placement meets every count{total} (--explain names a minimal conflicting set)"
    return outcome


ENGINE: Strategy[MinesweeperInstance, MinesweeperSolution] = Strategy(
    name="engine",
    summary="propagation with numpy, then SAT component by component (fast on huge boards)",
    solve=solve,
    refuses=refuses,
)
