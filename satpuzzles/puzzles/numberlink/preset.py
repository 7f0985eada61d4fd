"""A solution found before SAT, handed to the pipeline as a formula whose only model it is.

The incomplete stages that search without the open encoding (a filling first, shortest routes first) end
here: the open encoding with every link fixed as the solution has it, so the pipeline decodes, verifies and
reports it like any other; unsatisfiable (one empty clause, nothing else built) when nothing was found.
"""

from __future__ import annotations

from collections.abc import Hashable

from satpuzzles.cnf import Clause, Formula
from satpuzzles.cnf.model import Model
from satpuzzles.core.outcome import SolveStats
from satpuzzles.core.records import replace
from satpuzzles.puzzles.numberlink.encoding import NumberlinkEncoding
from satpuzzles.puzzles.numberlink.model import NumberlinkInstance, NumberlinkSolution, RuleSet
from satpuzzles.solve.limited import searcher, takes_budget


def budgeted_stage_name(name: str, solver: str) -> str:
    """A stage that searches within a conflict budget, named with the solver that searched when it is not the
    one -s names (``fill first (by glucose4)`` for Kissat, which takes no budget)."""
    return name if takes_budget(solver) else f"{name} (by {searcher(solver)})"


class PresetEncoding:
    """The open encoding restricted to ``found`` (unsatisfiable when it is None); ``searched`` holds the SAT
    search that found it, if one did (the stage's statistics count it)."""

    complete = False

    def __init__(self, name: str, instance: NumberlinkInstance, rules: RuleSet, found: NumberlinkSolution | None,
                 searched: SolveStats | None = None) -> None:
        self.name, self.rules, self.searched = name, rules, searched
        self.selectors: dict[Hashable, int] = {}
        if found is None:
            self.formula = Formula()
            self.formula.add([])
            return
        self.inner = NumberlinkEncoding(instance, strengthened=False, rules=rules)
        self.formula = self.inner.formula
        links = found.links()
        self.formula.extend([var if pair in links else -var] for pair, var in self.inner.link_var.items())

    def decode(self, model: Model) -> NumberlinkSolution:
        """The solution found, under the rules in force."""
        return replace(self.inner.decode(model), rules=self.rules)

    def cuts(self, solution: NumberlinkSolution) -> list[Clause]:
        """Cycle cuts (the solution found has none)."""
        return self.inner.cuts(solution)

    def block(self, solution: NumberlinkSolution) -> Clause:
        """Blocks this solution."""
        return self.inner.block(solution)
