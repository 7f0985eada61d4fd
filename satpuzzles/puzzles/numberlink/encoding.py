"""Numberlink as CNF: the shared disjoint-paths block (links, degrees, log colours, lazy cycle cuts).

The *strengthened* stage adds two consequences of "a path never touches itself": a
cell next to an endpoint has its colour only if linked to it, and no 2x2 block uses 3
of its links (a tight U-turn). Unless --no-self-touch asks for that rule, neither is a
rule of the game, but published puzzles satisfy them and they make them far faster
(the full "same-colour neighbours are linked" rule, with its auxiliary variables, is
slower); when it finds nothing, the *complete* stage decides by the real rules alone.
Under --no-self-touch the rule itself is encoded (with the two consequences, which
help propagation), in one complete stage.

Under the open rule a detached cycle can be left out of any model without breaking a rule (its cells
simply stay empty), so a search that wants solutions, not the model's own literals, drops such cycles
when it decodes (``drop_loops``) instead of cutting them: on sparse boards the solver fills the empty
area with hundreds of cycles a model, and cutting them took hundreds of SAT calls (a 24x24 board with
three pairs: over 40 s, against one call in 0.09 s). The analysis keeps cutting them: it reads which
links and cells a model uses.
"""

from __future__ import annotations

from collections.abc import Hashable
from itertools import chain

from satpuzzles.cnf import Clause, Formula
from satpuzzles.cnf.formula import collector_paused
from satpuzzles.cnf.model import Model
from satpuzzles.constraints.paths import GridPaths, labelled_end
from satpuzzles.geometry import Cell
from satpuzzles.puzzles.numberlink.arguments import ENCODING_SUFFIX
from satpuzzles.puzzles.numberlink.model import NumberlinkInstance, NumberlinkSolution, RuleSet


class NumberlinkEncoding:
    """CNF for one instance under ``rules``: the paths block, plus the strengthening where it applies; with
    ``drop_loops`` (under the open rule only) a model's detached cycles are left out of its solution."""

    lazy_rules = "detached cycles (loops holding no endpoint)"

    def __init__(self, instance: NumberlinkInstance, strengthened: bool, rules: RuleSet = RuleSet(),
                 drop_loops: bool = False, guard_ends: bool = False) -> None:
        """``guard_ends``: the strengthening at each endpoint holds only while its literal in ``end_guards`` does
        (relaxed.py drops those a refutation needs)."""
        self.instance, self.rules = instance, rules
        self.drop_loops = drop_loops and not rules.fill
        self.name = "strengthened" if strengthened else "complete"
        self.complete = not strengthened
        self.formula = Formula()
        self.selectors: dict[Hashable, int] = {}
        self.end_guards: dict[Cell, int] = {}
        with collector_paused():
            self.paths = GridPaths(self.formula, instance.grid, instance.givens, instance.labels,
                                   fill=rules.fill, self_touch=rules.self_touch)
            self.link_var = self.paths.link_var
            if strengthened:
                self._endpoint_neighbours(guard_ends)
            self._squares(strengthened or not rules.self_touch)

    def _endpoint_neighbours(self, guarded: bool) -> None:
        """Adjacent endpoints of one label are linked; a cell of an endpoint's colour beside it is linked to it
        (``guarded``: while the endpoint's guard holds)."""
        givens, clauses, paths = self.instance.givens, self.formula.clauses, self.paths
        guards = self.end_guards
        if guarded:
            guards.update((cell, self.formula.pool.fresh()) for cell in sorted(givens))
        layout = paths.layout
        for index in sorted({index for r, c in givens for index in layout.cell_links[r * layout.cols + c]}):
            (u, v), link = layout.pairs[index], layout.variables[index]
            label_u, label_v = givens.get(u), givens.get(v)
            unless = [-guards[u if label_u is not None else v]] if guarded else []
            if label_u is not None and label_v is not None:
                if label_u == label_v:
                    clauses.append([link, *unless])
            else:
                label, free = labelled_end(u, v, label_u, label_v)
                clauses.append([link, *unless, *[-lit for lit in paths.used_lits(free)],
                                *[-lit for lit in paths.is_colour(free, label)]])

    def _squares(self, touchless: bool) -> None:
        """No 2x2 block uses all 4 of its links (a detached 4-cycle).

        When paths never touch themselves a block uses at most 2: any 3 join its
        4 cells into one path, whose 4th adjacent pair would then touch. That
        form (4 clauses of 3 literals) made the strengthened stage 20-50x faster
        on the big handmade puzzles.
        """
        self.formula.clauses.extend(self.paths.layout.squares(touchless))

    def decode(self, model: Model) -> NumberlinkSolution:
        """Routes from each label's first endpoint, plus any detached cycles (none when they are dropped)."""
        decoded = self.paths.decode(model)
        return NumberlinkSolution(decoded.routes, () if self.drop_loops else decoded.loops, self.rules)

    def cuts(self, solution: NumberlinkSolution) -> list[Clause]:
        """For each detached cycle: some link must leave its cells (they hold no endpoint)."""
        return self.paths.cycle_cuts(solution.loops)

    def block(self, solution: NumberlinkSolution) -> Clause:
        """Another valid solution drops one of this one's links."""
        return self.paths.block(solution.links())

    def decisions(self) -> dict[Hashable, int]:
        """For --analyze: every link (a pair of cells), and under the open rule every cell a path may leave empty."""
        return dict(chain(self.link_var.items(), self.paths.used.items()))

    def decided(self, solution: NumberlinkSolution) -> set[Hashable]:
        """For --analyze: the solution's links and the cells its paths use."""
        cells = solution.cells()
        return {*solution.links(), *cells}

    def ends(self) -> dict[Hashable, tuple[Hashable, Hashable]]:
        """For the grade: every link joins its two cells."""
        return {link: link for link in self.link_var}


class Refuted:
    """The "encoding" of a board an argument proved unsolvable: one empty clause, nothing to search; ``written``,
    for -o, is the formula of the rules alone (the complete encoding), which the argument proves unsatisfiable."""

    complete = True

    def __init__(self, argument: str, written: Formula | None = None) -> None:
        self.name = argument + ENCODING_SUFFIX
        self.formula = Formula()
        self.formula.add([])
        self.selectors: dict[Hashable, int] = {}
        self.written = written
        self.dimacs_note = (f"the formula of the rules (the complete encoding, detached cycles left to the lazy-cut "
                            f"loop), unsatisfiable: the {argument} argument proved that no solution exists, and "
                            "holds for models with detached cycles too; a SAT solver may take far longer to refute "
                            "it (--proof FILE asks one for a DRAT proof)") if written is not None else ""

    def decode(self, model: Model) -> NumberlinkSolution:
        """Never called: the formula has no model."""
        raise AssertionError("an unsatisfiable formula has no model")

    def cuts(self, solution: NumberlinkSolution) -> list[Clause]:
        """Nothing is enforced lazily."""
        return []

    def block(self, solution: NumberlinkSolution) -> Clause:
        """Nothing to block."""
        return []
