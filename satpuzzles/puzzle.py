"""The one protocol every puzzle implements, and the outcome of solving an instance."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, TypeVar

import click
from rich.console import RenderableType

from satpuzzles.jsonio import read_json_instances
from satpuzzles.solvers.backends import DEFAULT_SOLVER
from satpuzzles.solvers.loop import SolveStats, Stage

I = TypeVar("I")  # noqa: E741 - the conventional name for the instance type
S = TypeVar("S")


@dataclass
class Settings:
    """How to solve: solver, enumeration, limits and puzzle-specific options."""

    solver: str = DEFAULT_SOLVER
    count: int = 1
    unique: bool = False
    explain: bool = False
    timeout: float | None = None
    verbose: bool = False
    want_dimacs: bool = False
    extras: dict[str, Any] = field(default_factory=dict)
    on_progress: Callable[[str, Any, SolveStats], None] | None = field(default=None, compare=False, repr=False)
    """Called with ("solution", solution, stats) for each verified solution and ("unsolvable", None,
    stats) once unsolvability is proved (progress kept when --timeout stops the work)."""

    @property
    def wanted(self) -> int:
        """How many solutions to look for."""
        return max(2 if self.unique else 1, self.count)


@dataclass
class Outcome(Generic[S]):
    """The answer for one instance: status, verified solutions and statistics."""

    status: str
    solutions: list[S] = field(default_factory=list)
    exhausted: bool = False
    stats: SolveStats = field(default_factory=SolveStats)
    dimacs: str | None = None
    message: str = ""
    explanation: list[Any] | None = None
    """Keys (clue cells) of a minimal unsolvable set, with --explain on an unsolvable puzzle."""

    @property
    def solution(self) -> S | None:
        """The first solution, if any."""
        return self.solutions[0] if self.solutions else None

    def uniqueness(self, settings: Settings) -> bool | None:
        """True/False when uniqueness was asked for and decided, else None."""
        if not settings.unique or self.status != "solved":
            return None
        if len(self.solutions) > 1:
            return False
        return True if self.exhausted else None


class Puzzle(ABC, Generic[I, S]):
    """A puzzle type: parsing, encoding stages, verification and presentation.

    Instances carry ``line``, where they start in the input (used in headings).
    The default :meth:`solve` runs the shared lazy-cut pipeline over the stages
    from :meth:`stages`; a puzzle with its own strategy may override it.
    """

    name: ClassVar[str]
    summary: ClassVar[str]
    explainable: ClassVar[bool] = False
    """Whether the puzzle can name a minimal set of clues that cannot all hold (--explain)."""
    generator_width_first: ClassVar[bool] = False
    """Whether ``satpuzzles generate NAME`` takes the size as W H (width first) instead of ROWS COLS."""

    def options(self) -> list[click.Option]:
        """Extra CLI options of this puzzle's command (read back from ``Settings.extras``)."""
        return []

    def check_settings(self, settings: Settings) -> None:
        """Raise UsageError for option combinations this puzzle cannot honour."""

    @abstractmethod
    def parse(self, text: str) -> list[I]:
        """Every puzzle instance in ``text``; raises InputError with line and column."""

    @abstractmethod
    def stages(self, instance: I, settings: Settings) -> Sequence[Stage[S]]:
        """Encodings to try in order; the last must be complete (see solvers.pipeline)."""

    @abstractmethod
    def verify(self, instance: I, solution: S) -> list[str]:
        """Rule violations of ``solution``, checked from the rules alone ([] when valid)."""

    @abstractmethod
    def facts(self, instance: I) -> dict[str, object]:
        """Sizes that describe an instance (width, height, ...), for output headers."""

    @abstractmethod
    def solution_json(self, instance: I, solution: S, settings: Settings) -> dict[str, object]:
        """The ``solution`` object of the JSON envelope."""

    @abstractmethod
    def board_text(self, instance: I, solution: S | None, settings: Settings, marked: Collection[Any] = ()) -> str:
        """The plain-text board (the unsolved puzzle when ``solution`` is None); ``marked`` clues stand out."""

    @abstractmethod
    def board_rich(
        self, instance: I, solution: S | None, settings: Settings, marked: Collection[Any] = ()
    ) -> RenderableType:
        """The coloured terminal board."""

    @abstractmethod
    def svg(self, instance: I, outcome: Outcome[S], settings: Settings) -> str:
        """An SVG 1.1 picture for --svg: the first solution, else the bare puzzle with ``outcome.explanation`` marked."""

    def outcome_lines(self, instance: I, outcome: Outcome[S], settings: Settings) -> list[tuple[str, str]]:
        """Puzzle-specific report lines (name, value) after the status, such as an analysis summary."""
        return []

    def outcome_json(self, instance: I, outcome: Outcome[S], settings: Settings) -> dict[str, object]:
        """Puzzle-specific members added to the JSON envelope (never replacing the common ones)."""
        return {}

    def explanation_json(self, instance: I, keys: list[Any]) -> dict[str, object]:
        """The ``explanation`` object of the JSON envelope for --explain."""
        return {"clues": [list(key) if isinstance(key, tuple) else key for key in keys]}

    def generator_options(self) -> list[click.Option] | None:
        """Options of ``satpuzzles generate NAME``, or None when the puzzle has no generator."""
        return None

    def generate(self, rows: int, cols: int, seed: int | None, options: dict[str, Any]) -> str:
        """A new puzzle in the puzzle's input format (only when generator_options is not None).

        ``options`` holds the generator options' values and ``progress``, a callable taking a
        short status text that a long generator may call (the CLI shows it on a terminal).
        """
        raise NotImplementedError(f"{self.name} has no generator")

    def input_formats(self) -> dict[str, Callable[[str], list[I]]]:
        """Named text formats for --input-format, each a parser; :meth:`parse` detects among them."""
        return {}

    def instance_json(self, instance: I) -> dict[str, object] | None:
        """The puzzle itself as the envelope's ``input`` object (None: the envelope has none)."""
        return None

    def instance_from_json(self, data: Any, line: int, column: int) -> I:
        """The instance an ``input`` object describes; raises InputError located at line, column."""
        raise NotImplementedError(f"{self.name} reads no JSON")

    def input_format_names(self) -> list[str]:
        """Every --input-format choice: ``auto``, the text formats, and ``json`` when it is read."""
        reads_json = type(self).instance_from_json is not Puzzle.instance_from_json
        return ["auto", *self.input_formats(), *(["json"] if reads_json else [])]

    def read(self, text: str, input_format: str = "auto") -> list[I]:
        """Every instance in ``text``: ``auto`` detects the format (JSON starts with '{')."""
        if input_format == "json" or (input_format == "auto" and text.lstrip().startswith("{")):
            return read_json_instances(self, text)
        if input_format == "auto":
            return self.parse(text)
        return self.input_formats()[input_format](text)

    def replacement_output(self, instance: I, settings: Settings) -> str | None:
        """Text to print instead of solving (a conversion such as --to-url), or None to solve."""
        return None

    def result_file(self, instance: I, solution: S) -> str:
        """Contents of the ``-r`` result file."""
        return self.board_text(instance, solution, Settings())

    def solve(self, instance: I, settings: Settings) -> Outcome[S]:
        """Solve one instance with the shared pipeline."""
        from satpuzzles.solvers.pipeline import run_stages

        return run_stages(self, instance, settings)
