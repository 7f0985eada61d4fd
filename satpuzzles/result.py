"""A solve's answer in the Python API: ``Puzzle.solve`` returns a Result (status, verified solutions, statistics,
the CLI's JSON envelope, report, board, picture and result file)."""

from __future__ import annotations

import warnings
from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

from satpuzzles.core.errors import SatPuzzlesWarning, UsageError
from satpuzzles.core.outcome import Analysis, Outcome, Settings
from satpuzzles.core.spec import Writer
from satpuzzles.core.words import counted
from satpuzzles.present.answers import RESULT_TEXT
from satpuzzles.present.report import analysed_unique, json_record, marked, plain_report

TYPE_CHECKING = False
if TYPE_CHECKING:
    from satpuzzles.api import Puzzle


def warn_caveat(writer: Writer[Any], instance: Any, settings: Settings) -> None:
    """What the text ``writer`` writes cannot say of the puzzle under these options, as a SatPuzzlesWarning."""
    caveat = writer.caveat(instance, settings) if writer.caveat is not None else None
    if caveat is not None:
        warnings.warn(caveat, SatPuzzlesWarning, stacklevel=3)


@dataclass
class Result:
    """What solving found: the status, verified solutions (as the puzzle's data), statistics."""

    puzzle: Puzzle
    outcome: Outcome[Any]
    settings: Settings

    @property
    def status(self) -> str:
        """``solved``, ``unsolvable`` (proved) or ``unknown`` (a limit was reached)."""
        return self.outcome.status

    @property
    def solution(self) -> Any:
        """The first solution (the puzzle's own solution object), or None."""
        return self.outcome.solution

    @property
    def solutions(self) -> list[Any]:
        """Every solution found."""
        return list(self.outcome.solutions)

    @property
    def unique(self) -> bool | None:
        """With ``unique=True`` or ``analyze=True`` (or Minesweeper's ``hint=True`` and ``probabilities=True``,
        which analyse too): whether the solution is unique (False for a puzzle proved unsolvable; None when
        undecided or not asked); on a solved puzzle the analysis decides it as unique exactly when no decision is
        undetermined."""
        unique = self.outcome.uniqueness(self.settings)
        if unique is None and self.outcome.status != "unknown":  # --analyze's, or Minesweeper's hint=True analysis
            return analysed_unique(self.puzzle.spec, self.puzzle.instance, self.outcome, self.settings)
        return unique

    @property
    def exhausted(self) -> bool:
        """Whether the search proved there are no solutions besides ``solutions`` (the CLI's ``Solutions = N (all)``);
        True for a puzzle proved unsolvable (no solutions at all); False when it stopped at ``count``, at
        ``timeout``, or was never asked to look further (``count=1``)."""
        return self.outcome.exhausted

    @property
    def message(self) -> str | None:
        """Why the answer is incomplete, in the words the CLI prints in brackets (``timed out after 10 s`` ...), or
        why a Minesweeper board has no solution; None when nothing cut it short; ``to_json()["message"]``."""
        return self.outcome.message or None

    @property
    def explanation(self) -> list[Hashable] | None:
        """With ``explain=True`` on an unsolvable puzzle: a minimal set of clues that cannot all hold (when
        ``timeout`` cut the minimisation, the smallest such set found by then: see ``explanation_minimal``)."""
        return self.outcome.explanation

    @property
    def explanation_minimal(self) -> bool:
        """Whether ``explanation`` is shown minimal (every clue of it needed); False when ``timeout`` cut its
        minimisation or there is no explanation; ``to_json()["explanation"]["minimal"]``."""
        return self.outcome.explanation is not None and self.outcome.explanation_minimal

    @property
    def analysis(self) -> Analysis | None:
        """With ``analyze=True`` on a solved puzzle: the decisions forced true, forced false and undetermined,
        and the grade (Minesweeper keeps its analysis in the solution, as ``to_json()["analysis"]`` shows). When
        ``timeout`` cut it, what was decided by then: ``analysis.partial``, the rest in ``analysis.undecided``."""
        return self.outcome.analysis

    @property
    def stats(self) -> dict[str, object]:
        """Sizes, seconds per phase, SAT calls and cuts."""
        return self.outcome.stats.as_dict()

    def to_json(self) -> dict[str, object]:
        """The envelope ``satpuzzles NAME --format json`` prints."""
        return json_record(self.puzzle.spec, self.puzzle.instance, self.outcome, self.settings)

    def text(self) -> str:
        """The report ``satpuzzles NAME`` prints: status, sizes, statistics and the board."""
        return plain_report(self.puzzle.spec, self.puzzle.instance, self.outcome, self.settings)

    def board(self) -> str:
        """The (first) solution's board as text, or the bare puzzle with any explanation marked."""
        view = self.puzzle.spec.view
        return view.text(self.puzzle.instance, self.solution, self.settings, marked(self.outcome))

    def svg(self) -> str:
        """The (first) solution as an SVG picture."""
        view = self.puzzle.spec.view
        if view.svg is None:
            raise UsageError(f"{self.puzzle.name} has no SVG picture")
        return view.svg(self.puzzle.instance, self.outcome, self.settings)

    def write(self, form: str = RESULT_TEXT) -> str:
        """The (first) solution as a result file: ``text``, what ``-r`` writes, or ``pzprv3`` (where the type has it),
        the solved puzzle as a puzz.link file, as ``-r FILE --result-format pzprv3`` writes it, under the options it
        was solved with; what the form cannot say of them is a SatPuzzlesWarning, as in ``Puzzle.write``."""
        from satpuzzles.present.answers import answer_writer, result_file

        try:
            writer = answer_writer(self.puzzle.spec, form)
            if self.solution is None:
                raise UsageError(f"no solution to write: the puzzle is {self.status}")
            if writer is not None:
                warn_caveat(writer, self.puzzle.instance, self.settings)
            return result_file(self.puzzle.spec, self.puzzle.instance, self.solution, self.settings, form)
        except ValueError as exc:
            raise UsageError(f"{form}: {exc}") from None

    def _repr_svg_(self) -> str | None:
        return self.svg() if self.puzzle.spec.view.svg is not None else None

    def __repr__(self) -> str:
        return f"<{self.puzzle.name} result: {self.status}, {counted(len(self.outcome.solutions), 'solution')}>"
