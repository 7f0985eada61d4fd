"""Minesweeper as one CNF formula: a variable per unknown cell, an exact count per revealed number.

This is the ``cnf`` method, behind ``--count``, ``--unique``, ``--explain`` (each count,
and the total, behind a selector) and ``-o``. A plain solve or an analysis of a large
board goes through the engine instead (see strategy.py).
"""

from __future__ import annotations

from collections.abc import Sequence

from satpuzzles.core.errors import UsageError
from satpuzzles.core.outcome import Settings
from satpuzzles.core.spec import Rules, Stage
from satpuzzles.puzzles.minesweeper.board_cnf import MinesweeperEncoding
from satpuzzles.puzzles.minesweeper.engine import DEFAULT_SOLVER
from satpuzzles.puzzles.minesweeper.model import MinesweeperInstance, MinesweeperSolution, verify
from satpuzzles.puzzles.minesweeper.strategy import ENGINE, analysis_wanted, refuses, unsolvable_reason


def stages(instance: MinesweeperInstance, settings: Settings) -> Sequence[Stage[MinesweeperSolution]]:
    """The whole board as one formula."""
    return [Stage("board", True, lambda: MinesweeperEncoding(instance, with_selectors=settings.explain))]


def check_settings(settings: Settings) -> None:
    """--analyze covers every layout at once, so it takes neither --count nor --unique; it runs on the engine.
    --probability-budget bounds the counting of --probabilities and --hint, so it needs one of them (it defaults to
    None: a budget typed out, even the default's, is given)."""
    budget = settings.extras.get("probability_budget")
    if budget is not None and not any(settings.extras.get(name) for name in ("probabilities", "hint")):
        flag = settings.naming.flag
        raise UsageError(f"{settings.naming.given('probability_budget', budget, typed=str(budget))} bounds the "
                         f"counting of {flag('probabilities')} (and {flag('hint')}): add {flag('probabilities')}, or "
                         "leave it out")
    if analysis_wanted(settings):
        flag = settings.naming.flag
        these = f"{flag('analyze')}, {flag('probabilities')} and {flag('hint')}"
        if settings.wanted > 1:
            raise UsageError(f"{these} cover every layout: drop {flag('count')} and {flag('unique')}")
        if settings.method == "cnf" or refuses(settings) is not None:
            raise UsageError(f"{these} run on the engine method, with a PySAT solver")


RULES: Rules[MinesweeperInstance, MinesweeperSolution] = Rules(
    stages=stages, verify=verify, check_settings=check_settings, explainable=True, strategies=(ENGINE,),
    default_solver=DEFAULT_SOLVER, analyzable=True, unsolvable_reason=unsolvable_reason,
)
"""How Minesweeper is solved (the engine, or the whole board as one formula) and checked."""
