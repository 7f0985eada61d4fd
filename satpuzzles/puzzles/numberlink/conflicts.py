"""--explain for Numberlink: the complete encoding with a selector per clue, so that a minimal set of clues that
cannot all hold is found (solve/explain.py).

A clue is a label's "join my two endpoints" and, under the fill rule, a cell's "be used". Leaving a clue out
only lifts a requirement, so every subset of a solvable set is solvable and the minimisation's answer is a
conflict of its own:

- a label left out may stay unjoined: its endpoints stay where they are, used by no path but its own (or, with a
  link each, joined after all), so they still stand in the other paths' way;
- a cell left out may stay empty, as under the open rule.

The labels are the clues tried first alone (``conflict_first``): when one SAT call shows they conflict on their own,
the minimisation starts from them, so that such a conflict is named without cells (``A and B cannot both be
joined``) even where the solver's core holds cells. Labels come first and cells last among the selectors, and
each pass of the minimisation tries the last first: cells are dropped before labels, and named only where the
fill rule takes part (``these 3 cells cannot all be used``).

Detached cycles hold no endpoint (an endpoint has one link at most), so their cuts hold whichever clues are
selected; under the open rule they are left out of the models instead (the encoding's ``drop_loops``).
"""

from __future__ import annotations

from collections.abc import Hashable

from satpuzzles.cnf import Clause, Formula
from satpuzzles.cnf.formula import collector_paused
from satpuzzles.cnf.model import Model
from satpuzzles.constraints.paths import GridPaths
from satpuzzles.geometry import Cell
from satpuzzles.puzzles.numberlink.model import NumberlinkInstance, NumberlinkSolution, RuleSet


class ConflictEncoding:
    """The complete encoding of ``instance`` under ``rules`` with a selector per label and, under fill, per cell
    that is no endpoint; with every selector assumed it is the complete encoding's formula under the same rules."""

    name = "complete"
    complete = True
    lazy_rules = "detached cycles (loops holding no endpoint)"

    def __init__(self, instance: NumberlinkInstance, rules: RuleSet) -> None:
        self.instance, self.rules = instance, rules
        self.formula = Formula()
        pool = self.formula.pool
        joins = {label: pool.var(("join", label)) for label in instance.labels}
        self.selectors: dict[Hashable, int] = {}
        self.selectors.update(joins)
        self.conflict_first = tuple(joins)  # a conflict of the labels alone is named without cells
        with collector_paused():
            self.paths = GridPaths(self.formula, instance.grid, instance.givens, instance.labels, fill=False,
                                   self_touch=rules.self_touch, optional=joins)
            self.formula.clauses.extend(self.paths.layout.squares(not rules.self_touch))
            if rules.fill:
                for cell, used in self.paths.used.items():
                    selector = pool.var(("use", *cell))
                    self.selectors[cell] = selector
                    self.formula.clauses.append([-selector, used])
        self.link_var = self.paths.link_var

    def decode(self, model: Model) -> NumberlinkSolution:
        """Each label's route from its first endpoint (one cell when it is left unjoined) and, under fill, the
        detached cycles (under open they are left out: their cells may as well be empty)."""
        decoded = self.paths.decode(model)
        return NumberlinkSolution(decoded.routes, decoded.loops if self.rules.fill else (), self.rules)

    def cuts(self, solution: NumberlinkSolution) -> list[Clause]:
        """For each detached cycle: some link leaves its cells, or one of them is empty."""
        return self.paths.cycle_cuts(solution.loops)

    def block(self, solution: NumberlinkSolution) -> Clause:
        """Another solution drops one of this one's links."""
        return self.paths.block(solution.links())


def cells_of(keys: list[Hashable]) -> list[Cell]:
    """The cells among an explanation's keys (a label is a string)."""
    return [key for key in keys if isinstance(key, tuple)]


def labels_of(keys: list[Hashable]) -> list[str]:
    """The labels among an explanation's keys."""
    return [key for key in keys if isinstance(key, str)]
