"""The ``engine`` method: propagation with numpy, then SAT component by component (see engine/).

It finds one placement, or with ``--analyze`` the cells every placement agrees on, or
with ``--probabilities`` each cell's exact mine probability, or with ``--count`` and
``--unique`` distinct placements combined from the components' (engine/enumeration.py;
with a ``mines N`` total, engine/total_enumeration.py); the pipeline verifies what it
returns by the rules. With the formula written (``-o``) or certified (``--proof``),
``--count`` and ``--unique`` enumerate with the whole board as one formula (the ``cnf``
method), as does a solver that is not an in-process incremental one.
"""

from __future__ import annotations

from satpuzzles.core.outcome import Outcome, Settings, SolveStats, Timer
from satpuzzles.core.spec import Strategy
from satpuzzles.puzzles.minesweeper.engine import DEFAULT_BUDGET
from satpuzzles.puzzles.minesweeper.model import (MINE, TOTAL, UNKNOWN, CellAnalysis, MinesweeperInstance,
                                                  MinesweeperSolution)
from satpuzzles.solve.solver_names import is_pysat_solver

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Hashable

    import numpy as np

    from satpuzzles.puzzles.minesweeper.engine.propagate import Deduction

# The engine (numpy) is imported by the functions that solve, not with the spec: detecting which puzzle
# a file holds loads every spec, and numpy alone took 0.17 s of a 0.2 s `satpuzzles solve` of a Numberlink.


def analysis_wanted(settings: Settings) -> bool:
    """Whether --analyze, --probabilities or --hint was asked for."""
    return settings.analyze or any(settings.extras.get(name) for name in ("analyze", "probabilities", "hint"))


def refuses(settings: Settings) -> str | None:
    """Why the engine cannot serve these settings (None when it can)."""
    if settings.wanted > 1 and (settings.want_dimacs or settings.proof):
        flag = settings.naming.flag
        return f"{flag('count')} and {flag('unique')} enumerate placements with the cnf method when the formula is kept"
    if settings.solver is not None and not is_pysat_solver(settings.solver):
        return "the engine makes many incremental calls: name a PySAT solver, or use the cnf method"
    return None


def solve(instance: MinesweeperInstance, settings: Settings) -> Outcome[MinesweeperSolution]:
    """One placement, the analysis (with probabilities) when asked for, or up to --count N placements."""
    from satpuzzles.puzzles.minesweeper.engine.components import analyze, find_layout
    from satpuzzles.puzzles.minesweeper.engine.probability import probabilities
    from satpuzzles.puzzles.minesweeper.engine.total import with_total
    from satpuzzles.puzzles.minesweeper.hint import hint

    solver = str(settings.solver)
    cells = instance.cells
    budget = settings.extras.get("probability_budget") or DEFAULT_BUDGET
    wants_hint = bool(settings.extras.get("hint"))
    if settings.wanted > 1:
        return _enumerated(instance, solver, settings)
    if settings.extras.get("probabilities") and instance.mines is None:
        return _counted(instance, solver, budget, wants_hint, settings)
    if analysis_wanted(settings):
        if instance.mines is not None:
            analysis, deduction, stats = with_total(cells, instance.mines, settle=True, solver_name=solver)
        else:
            analysis, deduction, stats = analyze(cells, solver)
        if analysis is None:
            return _unsolvable(instance, deduction, stats, settings)
        chances = None
        guessing = wants_hint and not (analysis.forced_safe & (cells == UNKNOWN)).any()
        if settings.extras.get("probabilities") or guessing:
            with Timer(stats, "solve_seconds"):
                chances = probabilities(cells, deduction, instance.mines, budget)
        advice = hint(cells, analysis, chances, instance.mines) if wants_hint else None
        shown = chances if settings.extras.get("probabilities") else None
        return Outcome("solved", [MinesweeperSolution(analysis.layout, analysis, shown, advice)], stats=stats)
    if instance.mines is not None:
        analysis, deduction, stats = with_total(cells, instance.mines, settle=False, solver_name=solver)
        mines = analysis.layout if analysis is not None else None
    else:
        mines, deduction, stats = find_layout(cells, solver)
    if mines is None:
        return _unsolvable(instance, deduction, stats, settings)
    return Outcome("solved", [MinesweeperSolution(mines)], stats=stats)


def _enumerated(instance: MinesweeperInstance, solver: str, settings: Settings) -> Outcome[MinesweeperSolution]:
    """--count N or --unique: distinct placements from the components', and whether they are all."""
    from satpuzzles.puzzles.minesweeper.engine.enumeration import enumerate_layouts
    from satpuzzles.puzzles.minesweeper.engine.total_enumeration import enumerate_with_total

    if instance.mines is not None:
        budget = settings.extras.get("probability_budget") or DEFAULT_BUDGET
        layouts, exhausted, deduction, stats = enumerate_with_total(instance.cells, instance.mines, settings.wanted,
                                                                    solver, budget)
    else:
        layouts, exhausted, deduction, stats = enumerate_layouts(instance.cells, settings.wanted, solver)
    if layouts is None:
        return _unsolvable(instance, deduction, stats, settings)
    return Outcome("solved", [MinesweeperSolution(layout) for layout in layouts], exhausted, stats=stats)


def _counted(instance: MinesweeperInstance, solver: str, budget: int,
             wants_hint: bool, settings: Settings) -> Outcome[MinesweeperSolution]:
    """--probabilities without a total: the analysis comes from the counting itself (a cell is forced
    when no counted layout disagrees), and from SAT only for components the counting could not finish."""
    from satpuzzles.puzzles.minesweeper.engine.components import analyze
    from satpuzzles.puzzles.minesweeper.engine.probability import count_without_total
    from satpuzzles.puzzles.minesweeper.engine.propagate import propagate
    from satpuzzles.puzzles.minesweeper.hint import hint

    cells = instance.cells
    stats = SolveStats(encoding="propagate+counting", solver=solver, stages=["propagate", "counting"])
    with Timer(stats, "propagate_seconds"):
        deduction = propagate(cells)
    if deduction.broken is not None:
        return _unsolvable(instance, deduction, stats, settings)
    with Timer(stats, "solve_seconds"):
        board = count_without_total(cells, deduction, budget)
    if board.complete:
        if not board.solvable:
            return _unsolvable(instance, deduction, stats, settings)
        unknown = cells == UNKNOWN
        analysis = CellAnalysis(board.forced_mine, board.forced_safe, unknown & (deduction.mine | deduction.safe),
                            unknown & ~board.forced_mine & ~board.forced_safe, board.layout)
        advice = hint(cells, analysis, board.probabilities, instance.mines) if wants_hint else None
        return Outcome("solved", [MinesweeperSolution(board.layout, analysis, board.probabilities, advice)],
                       stats=stats)
    backbone, deduction, more = analyze(cells, solver)  # the counting stopped at its budget somewhere
    more.encoding, more.stages = "propagate+counting+backbone", ["propagate", "counting", "backbone"]
    more.solve_seconds += stats.solve_seconds
    if backbone is None:
        return _unsolvable(instance, deduction, more, settings)
    advice = hint(cells, backbone, board.probabilities, instance.mines) if wants_hint else None
    return Outcome("solved", [MinesweeperSolution(backbone.layout, backbone, board.probabilities, advice)],
                   stats=more)


def _unsolvable(instance: MinesweeperInstance, deduction: Deduction, stats: SolveStats,
                settings: Settings) -> Outcome[MinesweeperSolution]:
    explain = settings.explain
    outcome: Outcome[MinesweeperSolution] = Outcome("unsolvable", exhausted=True, stats=stats)
    broken = deduction.broken
    if broken is not None and (not explain or _unmet_alone(instance.cells, *broken)):
        r, c = broken
        why = _why_unmet(instance.cells, r, c) or (f", given what the other counts force; {settings.naming.flag('explain')}"
                                                  " names a minimal conflicting set")
        outcome.message = f"the count {instance.cells[r, c]} at row {r + 1}, column {c + 1} cannot be met{why}"
        if explain:  # the smallest conflict there is; the SAT search could name another set and contradict this line
            outcome.explanation = [(r, c)]
    else:  # under --explain a count broken only by other counts' deductions is left to the Conflict line
        total = " and the mine total" if instance.mines is not None else ""
        named = "conflicting counts" if "+bounds" in stats.encoding else "a minimal conflicting set"  # bands: maybe not
        advice = "" if explain else f"; {settings.naming.flag('explain')} names {named}"  # or, with it,
        # the Conflict line does
        outcome.message = f"no placement meets every count{total}{advice}"
        if explain and instance.mines is not None:  # a total out of the counts' reach: named without SAT
            explained = _total_explained(instance.cells, instance.mines, stats)
            if explained is not None:
                outcome.explanation, outcome.explanation_minimal = explained
    return outcome


def _total_explained(cells: np.ndarray, mines: int, stats: SolveStats) -> tuple[list[Hashable], bool] | None:
    """Counts that with the ``mines`` total have no layout, found without SAT: disjoint counts (minimal by their
    arithmetic), else, when the engine's bounds refuted the total, bands of counts (checked by counting the set),
    else the counts open after the trivial rules and those their deductions rest on (checked by the bounds on a
    board of those counts alone); with whether the set is proved minimal. None leaves the SAT minimisation."""
    from satpuzzles.puzzles.minesweeper.engine.total_bounds import total_conflict

    conflict = total_conflict(cells, mines)
    if conflict is not None:
        return [*conflict, TOTAL], True
    if "+bounds" not in stats.encoding:  # refuted by SAT: bands of counts would not refute it either
        return None
    from satpuzzles.puzzles.minesweeper.engine.band_conflict import band_conflict
    from satpuzzles.puzzles.minesweeper.engine.reasons import conflict_through_deductions

    with Timer(stats, "solve_seconds"):
        banded = band_conflict(cells, mines)
        if banded is not None:
            return [*banded.clues, TOTAL], banded.minimal
        deduced = conflict_through_deductions(cells, mines)
    return None if deduced is None else ([*deduced, TOTAL], False)


def unsolvable_reason(instance: MinesweeperInstance, settings: Settings, outcome: Outcome[MinesweeperSolution]) -> None:
    """Rules.unsolvable_reason: why the whole-board formula (--unique, --count, --method cnf) has no model, in the
    engine's words (the count that cannot be met, else that no placement meets them all)."""
    from satpuzzles.puzzles.minesweeper.engine.propagate import propagate

    told = _unsolvable(instance, propagate(instance.cells), outcome.stats, settings)
    outcome.message = told.message
    if told.explanation is not None:  # --explain: the count failing alone, as the engine marks it
        outcome.explanation = told.explanation


def _unmet_alone(cells: np.ndarray, r: int, c: int) -> bool:
    """Whether the count at (r, c) fails by itself: more flagged neighbours than it says, or too few others."""
    return bool(_why_unmet(cells, r, c))


def _why_unmet(cells: np.ndarray, r: int, c: int) -> str:
    """Why the count at (r, c) fails by itself, as the end of a sentence (its flagged neighbours are more than it says,
    or its neighbours that can hold a mine fewer); "" when it does not fail alone."""
    around = cells[max(r - 1, 0):r + 2, max(c - 1, 0):c + 2]
    flagged, unknown = int((around == MINE).sum()), int((around == UNKNOWN).sum())
    if flagged > int(cells[r, c]):
        return f": {flagged} of its neighbours {'is' if flagged == 1 else 'are'} flagged"
    if flagged + unknown < int(cells[r, c]):
        can = flagged + unknown
        return ": none of its neighbours can hold a mine" if not can else f": only {can} of its neighbours can hold a mine"
    return ""


ENGINE: Strategy[MinesweeperInstance, MinesweeperSolution] = Strategy(
    name="engine",
    summary="propagation with numpy, then SAT component by component (fast on huge boards)",
    solve=solve,
    refuses=refuses,
)
