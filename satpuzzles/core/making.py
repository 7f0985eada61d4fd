"""What makes new puzzles and games: a puzzle's Generator (``satpuzzles generate``) and Game (``satpuzzles play``),
their options' values, seeds and progress reports."""

from __future__ import annotations

from collections.abc import Callable

from satpuzzles.core.errors import UsageError
from satpuzzles.core.naming import CLI, Naming
from satpuzzles.core.options import Option
from satpuzzles.core.records import Record

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from satpuzzles.core.protocols import GameState
    from satpuzzles.io.textgrid import SizeLimit

Progress = Callable[[str], None]
"""Takes a short status text (a long generator reports what it is doing); one that starts ``warning: `` is
printed on standard error too (say so when a puzzle falls short of what was asked: never silently), and is a
GeneratorWarning in the Python API."""
WARNING = "warning: "
"""How a Progress text that is a warning starts."""


MAX_GENERATED_CELLS = 25_000_000
"""Largest board ``generate`` makes (5000x5000; a few hundred MB while it builds the text)."""


class GeneratorOptions(dict):  # dict[str, Any] as a base would need typing loaded at run time
    """A generator's option values by name, with the naming its messages use: the command line's (``--mines 5``)
    or, from the Python API, its keyword arguments (``mine_count=5``). A plain dict reads as the command line's."""

    def __init__(self, values: dict[str, Any], naming: Naming = CLI) -> None:
        super().__init__(values)
        self.naming = naming


def naming_of(options: dict[str, Any]) -> Naming:
    """How a generator's messages name its options (see GeneratorOptions)."""
    return getattr(options, "naming", CLI)


NEGATIVE_SEEDS_FROM = 2**128
"""Where the streams of seeds below 0 start (see stream_seed)."""


def stream_seed(seed: int | None) -> int | None:
    """The seed a generator's random stream starts from: the user's seed, except that a seed below 0 gets a stream of
    its own, NEGATIVE_SEEDS_FROM + |seed| (Python's random reads -5 as 5, so --seed -2 --count 5 made two puzzles
    twice; numpy refuses it)."""
    return seed if seed is None or seed >= 0 else NEGATIVE_SEEDS_FROM - seed


class Generator(Record, frozen=True, eq=False, repr=False):
    """``satpuzzles generate NAME``: ``make(rows, cols, seed, options, progress)`` returns a new puzzle's text;
    ``options`` is a GeneratorOptions, whose ``naming`` (naming_of) its messages name the options in."""

    make: Callable[[int, int, int | None, dict[str, Any], Progress], str]
    options: tuple[Option, ...] = ()
    width_first: bool = False
    """Whether the size is given as W H (width first) instead of ROWS COLS."""
    limit: SizeLimit | None = None
    """The largest board the puzzle's readers accept (their ``SizeLimit``): a larger size is refused before any
    work, in the readers' words, rather than made into a puzzle that no reader would take back."""

    def check_size(self, rows: Any, cols: Any, named: str = "") -> None:
        """Refuse (UsageError) a size that is not two positive whole numbers, over ``limit``, or larger than any
        generator makes; ``named`` says where the size came from (``WIDTH 1500, HEIGHT 1500``), before the reason."""
        for value in (rows, cols):
            if not isinstance(value, int) or isinstance(value, bool) or value < 1:
                raise UsageError(f"board size {value!r}: expected a whole number of cells, at least 1")
        prefix = f"{named}: " if named else ""
        if self.limit is not None and not self.limit.allows(rows, cols):
            raise UsageError(prefix + self.limit.refusal(rows, cols))
        if rows * cols > MAX_GENERATED_CELLS:
            raise UsageError(f"{prefix}{rows}x{cols} is {rows * cols:,} cells: generate at most {MAX_GENERATED_CELLS:,}")


class Game(Record, frozen=True, eq=False, repr=False):
    """``satpuzzles play NAME``: ``new(options, progress)`` starts a game (reporting what it does while that takes
    time); ``actions`` are (key, name, help), the first on Enter."""

    new: Callable[[dict[str, Any], Progress], GameState]
    actions: tuple[tuple[str, str, str], ...]
    options: tuple[Option, ...] = ()
    help: str = ""
    size: Callable[[dict[str, Any]], tuple[int, int]] | None = None
    """The rows and columns the options ask for, so that a terminal too narrow is told before a game is made."""
    check: Callable[[dict[str, Any]], None] | None = None
    """Refuses (UsageError) options that do not go together, such as one the others leave nothing to do, before a
    terminal is needed."""
