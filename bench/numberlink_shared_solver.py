"""A measurement, not the product: the janko 270 solved by one SAT solver per board shape, each puzzle as assumptions.

The strengthened stage's formula of a fill-rule board is almost the same for every puzzle of one shape
(rows, columns, colour bits). Written without naming the puzzle it is entirely so: a variable per cell
says "this cell is an endpoint" and the degree constraints hang on it (exactly 1 of its links when it is,
exactly 2 when it is not); colours are equal along every used link; no 2x2 block uses 3 of its 4 links
(the strengthened stage's bans); a detached cycle is cut by "some cell of it is an endpoint, or some
link leaves it", which holds for every puzzle. A puzzle is then only assumptions (which cells are
endpoints and their colour bits), and one incremental Glucose per shape keeps everything it learns.

This compares it, in one process, with solving each puzzle as the CLI does (a formula per puzzle): the
second number is what the janko row of issue 15 would gain. Every answer of the shared solvers is
checked by the rules' verifier. Not adopted yet: see docs/performance.md ("A solver per board shape").

    python bench/numberlink_shared_solver.py
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from satpuzzles.cnf.cardinality import direct_exactly_builder  # noqa: E402
from satpuzzles.cnf.formula import collector_paused  # noqa: E402
from satpuzzles.constraints.paths import trace  # noqa: E402
from satpuzzles.core import registry  # noqa: E402
from satpuzzles.core.outcome import Settings  # noqa: E402
from satpuzzles.geometry import Cell  # noqa: E402
from satpuzzles.io.reading import read_instances  # noqa: E402
from satpuzzles.puzzles.numberlink.model import NumberlinkInstance, NumberlinkSolution, verify  # noqa: E402
from satpuzzles.solve.direct import DirectGlucose4  # noqa: E402
from satpuzzles.solve.pipeline import solve  # noqa: E402

JANKO = ROOT / "instances" / "numberlink" / "janko-arukone" / "janko.txt"


class ShapeSolver:
    """One incremental Glucose holding the puzzle-independent strengthened formula of a board shape."""

    def __init__(self, rows: int, cols: int, width: int) -> None:
        count = 0

        def fresh() -> int:
            nonlocal count
            count += 1
            return count

        self.rows, self.cols = rows, cols
        right = [[fresh() for _ in range(cols - 1)] for _ in range(rows)]
        down = [[fresh() for _ in range(cols)] for _ in range(rows - 1)]
        self.colour = [[[fresh() for _ in range(width)] for _ in range(cols)] for _ in range(rows)]
        self.endpoint = [[fresh() for _ in range(cols)] for _ in range(rows)]
        self.links = [((r, c), (r, c + 1), right[r][c]) for r in range(rows) for c in range(cols - 1)]
        self.links += [((r, c), (r + 1, c), down[r][c]) for r in range(rows - 1) for c in range(cols)]
        incident: dict[Cell, list[int]] = defaultdict(list)
        clauses: list[list[int]] = []
        for u, v, link in self.links:
            incident[u].append(link)
            incident[v].append(link)
            for bu, bv in zip(self.colour[u[0]][u[1]], self.colour[v[0]][v[1]]):
                clauses += [[-link, -bu, bv], [-link, bu, -bv]]
        for (r, c), around in incident.items():
            here = self.endpoint[r][c]
            clauses += [[-here, *clause] for clause in direct_exactly_builder(len(around), 1)(*around)]
            clauses += [[here, *clause] for clause in direct_exactly_builder(len(around), 2)(*around)]
        for r in range(rows - 1):
            for c in range(cols - 1):
                a, b, d, e = -right[r][c], -right[r + 1][c], -down[r][c], -down[r][c + 1]
                clauses += [[b, d, e], [a, d, e], [a, b, e], [a, b, d]]
        self.solver = DirectGlucose4()
        self.solver.append_formula(clauses)

    def solve(self, instance: NumberlinkInstance) -> NumberlinkSolution | None:
        """A solution (None: none under the strengthened bans, where the CLI would go on to the complete stage)."""
        code = {label: index for index, label in enumerate(instance.labels)}
        givens = instance.givens
        assumptions = [self.endpoint[r][c] if (r, c) in givens else -self.endpoint[r][c]
                       for r in range(self.rows) for c in range(self.cols)]
        for (r, c), label in givens.items():
            assumptions += [bit if code[label] >> b & 1 else -bit for b, bit in enumerate(self.colour[r][c])]
        while self.solver.solve_limited(assumptions):
            model = self.solver.get_model() or []
            decoded = trace(instance.endpoints, [(u, v) for u, v, link in self.links if model[link - 1] > 0])
            if not decoded.loops:
                return NumberlinkSolution(routes=decoded.routes)
            for loop in decoded.loops:
                inside = set(loop)
                self.solver.append_formula([[*(self.endpoint[r][c] for r, c in loop),
                                             *(link for u, v, link in self.links if (u in inside) != (v in inside))]])
        return None


def main() -> None:
    """Both ways over the janko 270, alternating twice; CPU seconds of the solves (parsing excluded)."""
    argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter).parse_args()
    spec = registry.get("numberlink")
    instances = read_instances(spec, JANKO.read_text())
    for attempt in (1, 2):
        start = time.process_time()
        with collector_paused():
            for instance in instances:
                solve(spec.rules, instance, Settings(), "numberlink")
        per_puzzle = time.process_time() - start
        start = time.process_time()
        shapes: dict[tuple[int, int, int], ShapeSolver] = {}
        unsolved = wrong = 0
        with collector_paused():
            for instance in instances:
                key = (instance.grid.rows, instance.grid.cols, max(1, (len(instance.labels) - 1).bit_length()))
                if key not in shapes:
                    shapes[key] = ShapeSolver(*key)
                found = shapes[key].solve(instance)
                unsolved += found is None
                wrong += found is not None and bool(verify(instance, found))
        shared = time.process_time() - start
        print(f"run {attempt}: a formula per puzzle {per_puzzle:.3f} s; a solver per shape {shared:.3f} s "
              f"({len(shapes)} shapes, {unsolved} left to the complete stage, {wrong} rejected by the verifier)")


if __name__ == "__main__":
    main()
