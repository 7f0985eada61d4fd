"""Picking generated puzzles by their grade (``generate --difficulty``), for any puzzle with --analyze.

A generator makes a chain of puzzles with the same unique solution, each with fewer clues than
the one before (clues removed one by one, paths joined end to end ...): fewer clues seldom make
deduction easier, so the levels along a chain mostly climb. :func:`pick` grades a few of them,
by bisection, to find the last one no harder than the level asked for. The level reported is
always the grade of the puzzle returned (what ``--analyze`` prints for it), never the target.
"""

from __future__ import annotations

from satpuzzles.core.generic import Generic, TypeVar
from satpuzzles.core.outcome import Settings
from satpuzzles.core.records import Record
from satpuzzles.core.spec import Rules
from satpuzzles.solve.grading import LEVEL_NAMES
from satpuzzles.solve.pipeline import solve

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Sequence
    from typing import Any

T = TypeVar("T")

ANY = "any"
"""``--difficulty any``: no grading, the generator's plain result."""
TARGETS = ("easy", "medium", "hard")
"""The levels ``generate --difficulty`` can aim at."""
TRIES = 5
"""Fresh candidates (new loop, new cover ...) a generator may make while the level asked for is not reached."""


def rank(level: str) -> int:
    """The position of a level among easy, medium, hard, needs search."""
    return LEVEL_NAMES.index(level)


def grade_level(rules: Rules[Any, Any], instance: Any, name: str, extras: dict[str, Any] | None = None) -> str:
    """The grade ``--analyze`` gives ``instance`` (same settings as the command line's defaults)."""
    outcome = solve(rules, instance, Settings(analyze=True, extras=dict(extras or {})), name)
    if outcome.analysis is None or outcome.analysis.grade is None:
        raise ValueError(f"{name}: the analysis gave no grade")
    return outcome.analysis.grade.level


class Picked(Record, Generic[T]):
    """A chosen puzzle, its grade, and whether that is the level asked for."""

    item: T
    level: str
    reached: bool


def pick(chain: Sequence[T], level_of: Callable[[T], str], target: str) -> Picked[T]:
    """The last puzzle of ``chain`` (easiest first) whose grade is at most ``target``, found by bisection.

    When even the first is harder, the first is returned; ``reached`` says whether the grade is the target.
    """
    if not chain:
        raise ValueError("no puzzle to pick from")
    levels: dict[int, str] = {}

    def level(index: int) -> str:
        if index not in levels:
            levels[index] = level_of(chain[index])
        return levels[index]

    goal = rank(target)
    if rank(level(0)) > goal:
        return Picked(chain[0], level(0), False)
    low, high = 0, len(chain) - 1  # level(low) is at most the target
    if rank(level(high)) <= goal:
        return Picked(chain[high], level(high), level(high) == target)
    while high - low > 1:  # invariant: level(low) <= goal < level(high)
        middle = (low + high) // 2
        if rank(level(middle)) <= goal:
            low = middle
        else:
            high = middle
    if level(low) != target:  # levels need not climb one by one: any puzzle graded at the target will do
        low = max((index for index, found in levels.items() if found == target), default=low)
    return Picked(chain[low], level(low), level(low) == target)


def closer(best: Picked[T] | None, new: Picked[T], target: str) -> Picked[T]:
    """Of two picks, the one whose grade is nearer the target (the earlier on a tie)."""
    if best is None:
        return new
    distance = lambda picked: abs(rank(picked.level) - rank(target))  # noqa: E731
    return new if distance(new) < distance(best) else best


GRADE_COMMENT = "# grade: "
"""How a puzzle made with --difficulty starts: ``# grade: LEVEL``, or ``... (asked for TARGET: not reached)``."""
_NOT_REACHED = " (asked for "


def grade_comment(level: str, target: str) -> str:
    """The first line of a puzzle made with --difficulty: its grade, and the target when it was not reached."""
    return f"{GRADE_COMMENT}{level}\n" if level == target else f"{GRADE_COMMENT}{level}{_NOT_REACHED}{target}: not reached)\n"


def read_grade_comment(text: str) -> tuple[str, bool] | None:
    """The grade a made puzzle's first line gives (:func:`grade_comment`) and whether it was the target; None
    when the text has none."""
    first = text.split("\n", 1)[0]
    if not first.startswith(GRADE_COMMENT):
        return None
    level, _, asked = first[len(GRADE_COMMENT):].partition(_NOT_REACHED)
    return level, not asked


def shortfall(name: str, picked: Picked[Any], target: str, tries: int) -> str:
    """The warning when the level asked for was not reached: what was obtained instead."""
    return (f"warning: no {name} graded {target} turned up in {tries} tries; "
            f"this one is graded {picked.level}")
