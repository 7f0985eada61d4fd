"""What a solve is asked to do (Settings) and what it found (Outcome, SolveStats): plain data, no I/O."""

from __future__ import annotations

import math
import time

from satpuzzles.core.errors import UsageError
from satpuzzles.core.generic import Generic, TypeVar
from satpuzzles.core.naming import CLI, Naming
from satpuzzles.core.records import Record, as_dict, field

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Hashable
    from typing import Any

S = TypeVar("S")

DEFAULT_SOLVER = "glucose4"
"""Default backend: tied with minisat22 for the fastest on the Numberlink sets and ahead
of it on --unique proofs in the complete encoding (docs/benchmarks.md)."""

MAX_TIMEOUT = 1e6
"""Largest --timeout or --budget in seconds (about 11 days); larger values overflow the deadline arithmetic."""
MIN_TIMEOUT = 0.001
"""Smallest --timeout or --budget in seconds (1 ms): a shorter one ends every solve before it could start."""


def seconds_text(value: float) -> str:
    """``value`` seconds in the shortest decimal that reads back as it (``10``, ``0.5``, ``0.0012345678``): how
    messages echo a --timeout, digit for digit, which ``:g`` would round."""
    text = repr(float(value))
    return text.removesuffix(".0")


def check_seconds(flag: str, value: float | None, naming: Naming = CLI, typed: str | None = None) -> None:
    """Refuse a --timeout or --budget (``flag``) under MIN_TIMEOUT or over what the deadline arithmetic can hold,
    naming it as ``naming`` does (``typed``: the value as the command line gave it)."""
    if value is not None and not (math.isfinite(value) and MIN_TIMEOUT <= value <= MAX_TIMEOUT):
        shown = typed if typed is not None else seconds_text(value)
        given = naming.given(flag.lstrip("-").replace("-", "_"), value, flag, typed=shown)
        raise UsageError(f"{given}: give a number of seconds from {seconds_text(MIN_TIMEOUT)} up to "
                         f"{MAX_TIMEOUT:,.0f}")


CNF_METHOD = "cnf"
"""The method every puzzle has: its encoding stages through the lazy-cut loop."""

PUZZLE_ONLY = "not solved: the puzzle only"
"""The message of the outcome a View's ``svg`` is given to draw the puzzle to publish (``--svg-puzzle``,
``Puzzle.svg()``): nothing solved and nothing to say about solutions, titled with the puzzle's name and size alone."""


PROGRESS_EVERY = 0.25
"""Seconds between two progress reports of a growing answer (each is pickled to the --timeout parent)."""


class Settings(Record):
    """How to solve: solver, method, enumeration, limits and the puzzle's own options."""

    solver: str | None = None
    """A PySAT solver name or alias, or a DIMACS executable with its options; None: the puzzle's default solver."""
    solver_is_default: bool = False
    """Whether ``solver`` is the default that solve.pipeline.with_defaults put in, not one the user named."""
    method: str = "auto"
    """``cnf``, the name of one of the puzzle's strategies, or ``auto`` (the first strategy that applies)."""
    count: int = 1
    unique: bool = False
    explain: bool = False
    timeout: float | None = None
    verbose: bool = False
    want_dimacs: bool = False
    proof: bool = False
    """Keep a DRAT certificate of a refutation (unsolvable, or no further solution)."""
    analyze: bool = False
    """Also find what every solution agrees on (the backbone) and grade the deductions it takes."""
    extras: dict[str, Any] = field(default_factory=dict)
    """The puzzle's own options by name (see PuzzleSpec.options)."""
    naming: Naming = field(default=CLI, compare=False, repr=False)
    """How refusals (UsageError) name options: as the command line spells them, or (the API) its keywords."""
    on_progress: Callable[[str, Any, SolveStats], None] | None = field(default=None, compare=False, repr=False)
    """Called with ("solution", solution, stats) for each verified solution and ("unsolvable", None,
    stats) once unsolvability is proved (progress kept when --timeout stops the work); also ("stage", None, stats)
    as each stage begins, ("analysis", analysis, stats) as --analyze's grows and ("explanation", keys, stats) as
    --explain's unsolvable set shrinks, each at most every PROGRESS_EVERY seconds."""

    @property
    def wanted(self) -> int:
        """How many solutions to look for."""
        return max(2 if self.unique else 1, self.count)


class SolveStats(Record):
    """What one solve cost: sizes, seconds per phase, SAT calls and cuts."""

    encoding: str = ""
    solver: str = ""
    method: str = ""
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
        data = as_dict(self)
        for key, value in data.items():
            if isinstance(value, float):
                data[key] = round(value, 6)
        return data

    def absorb(self, other: SolveStats) -> None:
        """Add ``other``'s seconds, SAT calls and cuts (a side search's) to these; sizes and stages stay."""
        for name in ("propagate_seconds", "encode_seconds", "solve_seconds", "decode_seconds", "verify_seconds",
                     "sat_calls", "cut_iterations", "cuts"):
            setattr(self, name, getattr(self, name) + getattr(other, name))


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


class Certificate(Record, frozen=True):
    """A refutation anyone can check: the CNF (with the clauses added while solving, each section named)
    and a DRAT proof that it has no model."""

    claim: str
    """``unsolvable`` or ``unique`` (no solution besides those found, which the CNF blocks)."""
    cnf: str
    proof: str
    solver: str
    cuts: int = 0
    """How many clauses the lazy-cut loop added (listed in the CNF; none for a puzzle without cuts)."""


class Grade(Record, frozen=True):
    """How hard a puzzle is to deduce: rounds of unit propagation and failed-literal probing (see solve.grading)."""

    level: str
    """``easy``, ``medium``, ``hard`` or ``needs search``; ``not unique`` for a puzzle with several solutions."""
    rounds: int
    """Probing rounds until every forced decision was deduced (or deduction stopped)."""
    probes: int
    """Single-literal assumptions propagated."""
    by_propagation: int
    """Forced decisions unit propagation alone fixes (before any probing)."""
    left: int
    """Forced decisions no round deduced (0 unless the level is ``needs search``)."""
    cuts: int
    """Lazily learned clauses the deduction could use besides the encoding."""

    def as_dict(self) -> dict[str, object]:
        """Plain-data view for JSON."""
        return as_dict(self)


class Analysis(Record):
    """What every solution agrees on: each decision (a readable key) forced true, forced false, or undetermined."""

    forced_true: list[Hashable]
    forced_false: list[Hashable]
    undetermined: list[Hashable]
    sat_calls: int = 0
    seconds: float = 0.0
    grade: Grade | None = None
    deduced_in: dict[Hashable, int] = field(default_factory=dict)
    """For the grade: the round each forced decision was deduced in (0: propagation alone; absent: never)."""
    undecided: list[Hashable] = field(default_factory=list)
    """Decisions not decided yet: only in a partial analysis, which --timeout cut (it then has no grade)."""

    @property
    def partial(self) -> bool:
        """Whether some decisions are left undecided (the analysis was cut by --timeout)."""
        return bool(self.undecided)

    @property
    def unique(self) -> bool | None:
        """False when some decision is undetermined (two solutions differ), True when every one is forced, None
        when that is not known yet (a partial analysis with nothing undetermined)."""
        if self.undetermined:
            return False
        return None if self.undecided else True

    def states(self) -> dict[Hashable, str]:
        """Each key's state: ``true`` (forced true), ``false`` (forced false), ``undetermined`` or (in a partial
        analysis) ``undecided``."""
        found = {key: "true" for key in self.forced_true}
        found.update((key, "false") for key in self.forced_false)
        found.update((key, "undetermined") for key in self.undetermined)
        found.update((key, "undecided") for key in self.undecided)
        return found


class Outcome(Record, Generic[S]):
    """The answer for one instance: status, verified solutions and statistics."""

    status: str
    """``solved``, ``unsolvable`` (proved) or ``unknown``."""
    solutions: list[S] = field(default_factory=list)
    exhausted: bool = False
    """True when the solver proved there are no solutions beyond ``solutions``."""
    stats: SolveStats = field(default_factory=SolveStats)
    dimacs: str | None = None
    message: str = ""
    explanation: list[Hashable] | None = None
    """Keys (clue cells) of a minimal unsolvable set, with --explain on an unsolvable puzzle."""
    explanation_minimal: bool = True
    """False when --timeout cut the minimisation: ``explanation`` is then the smallest unsolvable set found by then,
    which may hold clues it does not need; also for a set a puzzle's method checked without minimising it
    (Minesweeper's counts refuting a mine total on a large board, the puzzle proved unsolvable)."""
    certificate: Certificate | None = None
    """With --proof, when the solver refuted a formula: the formula and the proof."""
    analysis: Analysis | None = None
    """With --analyze on a solved puzzle whose encoding names its decisions: the backbone (and the grade)."""

    @property
    def solution(self) -> S | None:
        """The first solution, if any."""
        return self.solutions[0] if self.solutions else None

    def uniqueness(self, settings: Settings) -> bool | None:
        """True/False when uniqueness was asked for (--unique, or --analyze) and decided, else None: a puzzle proved
        unsolvable has no unique solution (False); one undecided (a timeout) is None. On a solved puzzle only
        --unique's search decides it here (--analyze's backbone: present.report.unique_by_analysis)."""
        if self.status == "unsolvable" and (settings.unique or settings.analyze):
            return False
        if not settings.unique:
            return None
        if self.status != "solved":
            return None
        if len(self.solutions) > 1:
            return False
        return True if self.exhausted else None
