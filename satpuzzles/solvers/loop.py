"""The incremental lazy-cut loop shared by every puzzle, and solution enumeration.

solve -> decode -> ask the encoding for cuts -> add them -> solve again, until a
model needs no cut; that model's solution is yielded, blocked, and the loop goes
on for the next one.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable, Iterator, Sequence
from dataclasses import asdict, dataclass, field
from typing import Generic, Protocol, TypeVar

from satpuzzles.cnf.formula import Clause, Formula
from satpuzzles.solvers.backends import Backend
from satpuzzles.solvers.model import Model

S = TypeVar("S")
S_co = TypeVar("S_co", covariant=True)


class Encoding(Protocol[S]):
    """A puzzle instance as CNF, plus what the loop needs to read and refine models."""

    name: str
    complete: bool
    formula: Formula
    selectors: dict[Hashable, int]
    """Per-clue selector variables (empty unless built for --explain); solved assumed true."""

    def decode(self, model: Model) -> S:
        """The puzzle solution a model describes (it may still break the lazy rules)."""
        ...

    def cuts(self, solution: S) -> list[Clause]:
        """Clauses excluding what ``solution`` breaks of the lazily enforced rules; [] when none."""
        ...

    def block(self, solution: S) -> Clause:
        """A clause that excludes exactly ``solution`` (over the decision variables)."""
        ...


@dataclass
class SolveStats:
    """What one solve cost: sizes, seconds per phase, SAT calls and cuts."""

    encoding: str = ""
    solver: str = ""
    variables: int = 0
    clauses: int = 0
    propagate_seconds: float = 0.0
    encode_seconds: float = 0.0
    solve_seconds: float = 0.0
    decode_seconds: float = 0.0
    verify_seconds: float = 0.0
    sat_calls: int = 0
    cut_iterations: int = 0
    cuts: int = 0
    stages: list[str] = field(default_factory=list)

    def as_dict(self) -> dict[str, object]:
        """Plain-data view for JSON and reports."""
        data = asdict(self)
        for key, value in data.items():
            if isinstance(value, float):
                data[key] = round(value, 6)
        return data


class Timer:
    """Adds the seconds spent inside a ``with`` block to a SolveStats field."""

    def __init__(self, stats: SolveStats, field_name: str) -> None:
        self.stats, self.field_name = stats, field_name

    def __enter__(self) -> Timer:
        self.start = time.perf_counter()
        return self

    def __exit__(self, *exc: object) -> None:
        spent = time.perf_counter() - self.start
        setattr(self.stats, self.field_name, getattr(self.stats, self.field_name) + spent)


def lazy_solutions(
    encoding: Encoding[S],
    backend: Backend,
    stats: SolveStats,
    on_event: Callable[[str], None] | None = None,
    added_cuts: list[Clause] | None = None,
    assumptions: Sequence[int] = (),
) -> Iterator[S]:
    """Yield the solutions of ``encoding`` one by one, adding cuts until each model is clean.

    The formula must already be loaded in ``backend``. Each yielded solution is
    blocked before the next search, so the iterator ends exactly when the
    solver proves there is no further solution. Cuts are also appended to
    ``added_cuts`` when given (for the DIMACS file). Every SAT call is made under
    ``assumptions``; cuts must then stay sound under any other set of them.
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
        if cuts:
            stats.cut_iterations += 1
            stats.cuts += len(cuts)
            log(f"SAT call {stats.sat_calls}: satisfiable, {len(cuts)} cut(s) added")
            backend.add_clauses(cuts)
            if added_cuts is not None:
                added_cuts.extend(cuts)
            continue
        log(f"SAT call {stats.sat_calls}: satisfiable, solution found")
        yield solution
        backend.add_clauses([encoding.block(solution)])


@dataclass
class Stage(Generic[S_co]):
    """One encoding to try: ``complete`` stages prove unsolvability when they fail."""

    name: str
    complete: bool
    build: Callable[[], Encoding[S_co]]
