"""The incremental lazy-cut loop shared by every puzzle, and solution enumeration.

solve -> decode -> ask the encoding for cuts -> add them -> solve again, until a
model needs no cut; that model's solution is yielded, blocked, and the loop goes
on for the next one.
"""

from __future__ import annotations

from satpuzzles.cnf.formula import Clause
from satpuzzles.core.generic import TypeVar
from satpuzzles.core.outcome import SolveStats, Timer
from satpuzzles.core.words import counted

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Generator, Sequence

    from satpuzzles.core.spec import Encoding
    from satpuzzles.solve.backends import Backend

S = TypeVar("S")


def lazy_solutions(
    encoding: Encoding[S],
    backend: Backend,
    stats: SolveStats,
    on_event: Callable[[str], None] | None = None,
    added_cuts: list[Clause] | None = None,
    assumptions: Sequence[int] = (),
    settle: Callable[[S], S | None] | None = None,
) -> Generator[S, None, None]:
    """Yield the solutions of ``encoding`` one by one, adding cuts until each model is clean.

    The formula must already be loaded in ``backend``. Each yielded solution is
    blocked before the next search, so the iterator ends exactly when the
    solver proves there is no further solution. Cuts are also appended to
    ``added_cuts`` when given (for the DIMACS file). Every SAT call is made under
    ``assumptions``; cuts must then stay sound under any other set of them. ``settle``, when given, may
    turn a model that needs cuts into a solution without them (Numberlink's witnesses under the open rule:
    the paths alone, when they are what the search wants); None: the model is cut as usual.
    """
    log = on_event or (lambda message: None)
    while True:
        with Timer(stats, "solve_seconds"):
            satisfiable = backend.solve(assumptions)
        stats.sat_calls += 1
        if not satisfiable:
            log(f"SAT call {stats.sat_calls}: unsatisfiable")
            return
        with Timer(stats, "decode_seconds"):
            solution = encoding.decode(backend.model(encoding.formula.num_vars))
            cuts = encoding.cuts(solution)
            if cuts and settle is not None and (settled := settle(solution)) is not None:
                log(f"SAT call {stats.sat_calls}: satisfiable, settled without {counted(len(cuts), 'cut')}")
                solution, cuts = settled, []
        if cuts:
            stats.cut_iterations += 1
            stats.cuts += len(cuts)
            log(f"SAT call {stats.sat_calls}: satisfiable, {counted(len(cuts), 'cut')} added")
            backend.add_clauses(cuts)
            if added_cuts is not None:
                added_cuts.extend(cuts)
            continue
        log(f"SAT call {stats.sat_calls}: satisfiable, solution found")
        yield solution
        backend.add_clauses([encoding.block(solution)])
