"""How a puzzle's instances, solutions and analyses are shown: the View and AnalysisView records of a PuzzleSpec."""

from __future__ import annotations

from collections.abc import Callable

from satpuzzles.core.generic import Generic, TypeVar
from satpuzzles.core.outcome import PUZZLE_ONLY, Outcome
from satpuzzles.core.records import Record, field

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Collection, Hashable, Sequence
    from typing import Any

    from satpuzzles.core.outcome import Analysis, Settings

I = TypeVar("I")  # noqa: E741 - the conventional name for the instance type
S = TypeVar("S")

StyledBoard = list[list[tuple[str, str]]]
"""A board for a terminal: lines of (text, style) pieces; a style is a rich style string ("" for none)."""


class AnalysisView(Record, Generic[I], frozen=True, eq=False, repr=False):
    """How --analyze's result is shown: decisions forced true, forced false and undetermined in three styles."""

    text: Callable[[I, Analysis], str]
    """The board with the three kinds of decisions told apart without colour (a legend line first)."""
    json: Callable[[I, Analysis], dict[str, object]]
    """The JSON ``analysis`` object's lists and ``counts`` (sat_calls, seconds and grade are added)."""
    styled: Callable[[I, Analysis], StyledBoard] | None = None
    words: tuple[str, str] = ("true", "false")
    """What forced true and forced false mean here, for the report (``on``/``off`` ...)."""
    lines: Callable[[I, Analysis], list[tuple[str, str]]] | None = None
    """The report's summary lines instead of the default Forced and Undetermined counts."""
    partial: bool = False
    """Whether ``text``, ``json``, ``styled``, ``lines`` and the View's ``svg`` show a partial analysis (one cut by
    --timeout: ``Analysis.undecided`` keys, ``undecided`` in ``states()``); without it such an analysis is not shown."""
    analysed: Callable[[I, Settings], I] | None = None
    """The instance as the analysis saw it under the command's options (e.g. with the command line's rule set), which
    ``text``, ``json``, ``styled`` and ``lines`` are given; None: the instance as read."""

    @staticmethod
    def shows_partial(view: AnalysisView[Any] | None) -> bool:
        """Whether ``view`` (a puzzle's, or None) shows a partial analysis."""
        return view is not None and view.partial


class View(Record, Generic[I, S], frozen=True, eq=False, repr=False):
    """How an instance and its solutions are shown. ``marked`` keys (a conflict) stand out."""

    facts: Callable[[I], dict[str, object]]
    """Sizes that describe an instance (width, height, ...), for reports."""
    text: Callable[[I, S | None, Settings, Collection[Hashable]], str]
    """The plain-text board (the unsolved puzzle when the solution is None)."""
    solution_json: Callable[[I, S, Settings], dict[str, object]]
    styled: Callable[[I, S | None, Settings, Collection[Hashable]], StyledBoard] | None = None
    """The coloured terminal board (default: the text board, uncoloured)."""
    styled_together: Callable[[I, Sequence[S], Settings, Collection[Hashable]], list[StyledBoard]] | None = None
    """The coloured boards of several solutions shown one below another (--unique's two, --count's), coloured
    alike (Numberlink: a label's colour the same on each); default: ``styled`` for each."""
    svg: Callable[[I, Outcome[S], Settings], str] | None = None
    """An SVG 1.1 picture: the first solution, else the bare puzzle with the explanation marked."""
    puzzle_svg: Callable[[I, Settings], str] | None = None
    """The unsolved puzzle as an SVG 1.1 picture to publish (``--svg-puzzle``, ``Puzzle.svg()``): the board and its
    clues, titled with the puzzle's name and size, nothing about solutions. Default: ``svg`` given an outcome with
    no solution whose message is PUZZLE_ONLY (svg.outcome_state then gives no words for the title)."""
    outcome_lines: Callable[[I, Outcome[S], Settings], list[tuple[str, str]]] | None = None
    """Report lines (name, value) after the status, such as an analysis summary."""
    outcome_json: Callable[[I, Outcome[S], Settings], dict[str, object]] | None = None
    """Members added to the JSON envelope (never replacing the common ones)."""
    explanation_json: Callable[[I, list[Hashable]], dict[str, object]] | None = None
    conflict: Callable[[I, list[Hashable]], str] | None = None
    """The Conflict line for an explanation's keys (default: how many clues cannot all hold), for a puzzle whose
    keys are not all clues (Minesweeper's mine total)."""
    result_file: Callable[[I, S], str] | None = None
    """Contents of the ``-r`` result file (default: the text board)."""
    size: Callable[[I], tuple[int, int]] | None = None
    """(rows, cols) of the board, for size limits such as --svg's (default: facts' height and width)."""
    analysis: AnalysisView[I] | None = field(default=None, deferrable=True)
    """The --analyze board and JSON (default: the solution's board and the keys as lists)."""
    text_heading: Callable[[I], str] | None = None
    """Comment lines an instance's text board needs above it to be read back as the same puzzle (Numberlink's
    ``# rules:`` line), each ending in a newline; ``Puzzle.text()`` puts them first. Default: none."""
    puzzle_text: Callable[[I], str] | None = None
    """The unsolved puzzle as text the puzzle's readers read back as the same puzzle, for ``Puzzle.text()``, when the
    text board does not (Slitherlink's dot drawing; Minesweeper's board, without its header and total). Default:
    ``text_heading``'s lines, then the text board with no solution."""

    @property
    def draws_puzzle(self) -> bool:
        """Whether the unsolved puzzle can be drawn as a picture to publish (``puzzle_svg`` or ``svg`` given)."""
        return self.puzzle_svg is not None or self.svg is not None

    def puzzle_picture(self, instance: I, settings: Settings) -> str:
        """The unsolved puzzle as an SVG picture to publish: ``puzzle_svg``, else ``svg`` of an outcome with nothing
        solved (ValueError when the view draws neither)."""
        if self.puzzle_svg is not None:
            return self.puzzle_svg(instance, settings)
        if self.svg is None:
            raise ValueError("this view draws no SVG picture")
        return self.svg(instance, Outcome("unknown", message=PUZZLE_ONLY), settings)

