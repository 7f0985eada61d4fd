"""What a puzzle provides: a small frozen spec of plain functions, grouped by role.

Required: a name and summary, the rules (encoding stages and a verifier written from the
rules alone), at least one reader, and a view (facts, a text board, the solution as JSON).
Everything else is optional, and the command line offers a feature only where a puzzle
provides it: a coloured board, an SVG picture, writers (``--to-url``), a JSON codec (JSON
input and the envelope's ``input``), a generator, a game to play in the terminal,
strategies that are not one CNF formula, and the puzzle's own options, declared as data.

Nothing here imports click, rich, a SAT solver, ``typing`` or ``dataclasses``, so a spec loads fast and
anywhere. The records are frozen but compare by identity and have no generated repr. The protocols an
encoding or a game follows (:class:`Encoding`, :class:`Decisions`, :class:`Segments`, :class:`GameState`)
live in core/protocols.py, which imports ``typing``; they can still be imported from here, as can the records
kept in modules of their own: Option (core/options.py), View and AnalysisView (core/views.py), Generator and Game
(core/making.py).
"""

from __future__ import annotations

from collections.abc import Callable

from satpuzzles.core.generic import Generic, TypeVar
from satpuzzles.core.options import Option as Option
from satpuzzles.core.outcome import CNF_METHOD
from satpuzzles.core.records import Record, field
from satpuzzles.core.views import AnalysisView as AnalysisView
from satpuzzles.core.views import StyledBoard as StyledBoard
from satpuzzles.core.views import View as View

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Hashable, Mapping, Sequence
    from typing import Any

    from satpuzzles.core.making import MAX_GENERATED_CELLS as MAX_GENERATED_CELLS
    from satpuzzles.core.making import NEGATIVE_SEEDS_FROM as NEGATIVE_SEEDS_FROM
    from satpuzzles.core.making import WARNING as WARNING
    from satpuzzles.core.making import Game as Game
    from satpuzzles.core.making import Generator as Generator
    from satpuzzles.core.making import GeneratorOptions as GeneratorOptions
    from satpuzzles.core.making import Progress as Progress
    from satpuzzles.core.making import naming_of as naming_of
    from satpuzzles.core.making import stream_seed as stream_seed
    from satpuzzles.core.outcome import Outcome, Settings, SolveStats
    from satpuzzles.core.protocols import Encoding

_PROTOCOLS = ("Decisions", "Encoding", "GameState", "Segments")
_MAKING = ("MAX_GENERATED_CELLS", "NEGATIVE_SEEDS_FROM", "WARNING", "Game", "Generator", "GeneratorOptions", "Progress",
           "naming_of", "stream_seed")
"""Names from core/making.py, loaded on first use: a solve makes no puzzle."""

I = TypeVar("I")  # noqa: E741 - the conventional name for the instance type
S = TypeVar("S")
S_co = TypeVar("S_co", covariant=True)


class Stage(Record, Generic[S_co], frozen=True, eq=False, repr=False):
    """One encoding to try: ``complete`` stages prove unsolvability when they fail."""

    name: str
    complete: bool
    build: Callable[[], Encoding[S_co]]



class Reader(Record, Generic[I], frozen=True, eq=False, repr=False):
    """A text format: ``read`` returns every instance in a text or raises a located InputError.

    ``sniff`` says cheaply whether a text looks like this format; in automatic detection the
    first reader whose sniff accepts the text reads it (a reader without sniff accepts all).
    """

    name: str
    read: Callable[[str], list[I]]
    sniff: Callable[[str], bool] | None = None
    summary: str = ""
    aliases: tuple[str, ...] = ()
    """Older names still accepted by --input-format."""
    typed: str = ""
    """What of a SOURCE typed on the command line it reads, for --help: "a puzz.link URL", "a game id"; "" none."""


class Writer(Record, Generic[I], frozen=True, eq=False, repr=False):
    """Another way to write a puzzle (``--to-NAME`` prints it instead of solving)."""

    name: str
    write: Callable[[I], str]
    help: str
    write_under: Callable[[I, Settings], str] | None = None
    """Used instead of ``write`` when given: the text depends on the options in force (such as rules)."""
    caveat: Callable[[I, Settings], str | None] | None = None
    """What the written text cannot say of the puzzle under these options (printed once on standard error), or
    None."""
    options: tuple[str, ...] | None = None
    """The puzzle's own options (by name) that ``write_under`` or ``caveat`` read; any other one given beside
    ``--to-NAME`` would do nothing, and is refused. None: all of them for a writer with either, none without."""
    whole_file: bool = False
    """The text is a whole file of one puzzle (a puzz.link file): a collection's puzzles are written one at a time,
    chosen by --index, as several run together would read as the first alone."""
    answer: Callable[[I, Any, Settings], str] | None = None
    """The puzzle with a solution drawn in, as this form writes a solved puzzle (a puzz.link file's lines): the
    ``-r`` file of ``--result-format NAME`` and ``Result.write(NAME)``; it follows the options as ``write_under``,
    warns as ``caveat`` and raises ValueError for what the form cannot hold as ``write`` does. None: no such form."""
    title: str = ""
    """What the text is, in a few words (``a puzz.link file``), for the help and refusals of ``--result-format``."""

    def ignores(self, option: Option) -> bool:
        """Whether what this writer writes (and warns) never depends on the puzzle's ``option``."""
        if self.options is None:
            return self.write_under is None and self.caveat is None
        return option.name not in self.options


class JsonCodec(Record, Generic[I], frozen=True, eq=False, repr=False):
    """The puzzle as the JSON envelope's ``input`` object, and back (errors located at line, column)."""

    to_json: Callable[[I], dict[str, object]]
    from_json: Callable[[Any, int, int], I]
    to_json_under: Callable[[I, Settings], dict[str, object]] | None = None
    """Used instead of ``to_json`` in the envelope when given: the puzzle as the run read it, with the options in
    force that are part of it (Numberlink's rules), so that the envelope read back is solved the same way."""
    check_comments: Callable[[str], None] | None = None
    """Refuses (a located InputError) a comment line of a JSON text that the puzzle's text formats read as part of
    the puzzle (Numberlink's ``# rules:`` line): JSON input skips comment lines, so it would be lost without a word."""


class Strategy(Record, Generic[I, S], frozen=True, eq=False, repr=False):
    """A way to solve that is not the staged CNF pipeline (``--method NAME``).

    ``solve`` returns an outcome whose solutions the pipeline still verifies by the rules;
    ``refuses`` says why it cannot serve some settings (None when it can), so ``--method
    auto`` passes it over and an explicit ``--method NAME`` is a usage error. A strategy may
    report solutions as it finds them (``settings.on_progress``, kept when --timeout stops it):
    the pipeline verifies each first, and then reports only the outcome's solutions after as
    many as were reported, so a strategy reports them in its outcome's order.
    """

    name: str
    summary: str
    solve: Callable[[I, Settings], Outcome[S]]
    refuses: Callable[[Settings], str | None] = lambda settings: None
    declines: Callable[[I, Settings], str | None] | None = None
    """Why it cannot serve the settings on this instance (None when it can), asked once the instance is known:
    ``--method auto`` then passes it over as it does a refusal."""


class SolverBySize(Record, frozen=True, eq=False):
    """A puzzle's default solver that depends on the board: ``small`` below ``cells`` cells, ``large`` from there
    (``size`` gives an instance's cells)."""

    small: str
    large: str
    cells: int
    size: Callable[[Any], int]

    def __call__(self, instance: Any) -> str:
        """The solver for ``instance``."""
        return self.large if self.size(instance) >= self.cells else self.small

    def __str__(self) -> str:
        return f"{self.small} below {self.cells:,} cells, {self.large} from there"


class Rules(Record, Generic[I, S], frozen=True, eq=False, repr=False):
    """What makes an answer right: encoding stages, a verifier from the rules, solving options."""

    stages: Callable[[I, Settings], Sequence[Stage[S]]]
    """Encodings to try in order; the last must be complete (see solve.pipeline)."""
    verify: Callable[[I, S], list[str]]
    """Rule violations of a solution, checked from the rules alone (not the CNF); [] when valid."""
    check_settings: Callable[[Settings], None] | None = None
    """Raises UsageError for option combinations the puzzle cannot honour; an option not given (None) that an
    instance may state (``stated``) is checked again for each instance, as that states it."""
    explainable: bool = False
    """Whether the stages can select clues (--explain names a minimal conflicting set)."""
    strategies: tuple[Strategy[I, S], ...] = ()
    default_solver: str | SolverBySize | None = None
    """The solver used when none is named (None: the tool's default), or one chosen by the board's size."""
    analyzable: bool = False
    """Whether --analyze is offered: the complete stage's encodings have :class:`Decisions` (or a strategy
    analyses by itself, reading ``Settings.analyze``)."""
    unique_given: Callable[[I, Settings, S, SolveStats], bool | None] | None = None
    """Optional: whether a verified solution is the only one (None: undecided), by the puzzle's own fast
    reasoning, its SAT calls, cuts and seconds added to the SolveStats (as SolveStats.absorb adds them);
    --analyze then skips its backbone search on a puzzle proved unique."""
    witnesses: Callable[[I, Settings, S, set[Hashable], Callable[[S], None], SolveStats], set[Hashable]] | None = (
        field(default=None, deferrable=True))
    """Optional, for --analyze: ``(instance, settings, first, left, found, stats)`` looks for other solutions by
    the puzzle's own cheap means before the backbone's whole-board questions, handing each to ``found``, which
    verifies it and removes from ``left`` the decision keys it sets otherwise than ``first`` does; its SAT calls
    are added to ``stats``. Returns the keys of ``left`` it proved forced (set as in ``first`` by every solution)."""
    implied: Callable[[I, Settings, Any], list[list[int]]] | None = field(default=None, deferrable=True)
    """Optional, for --analyze: ``(instance, settings, encoding)`` gives clauses every solution satisfies (over the
    complete encoding's variables and fresh ones it takes from its pool), added to the backbone's questions only,
    not to what the grade propagates."""
    unsolvable_reason: Callable[[I, Settings, Outcome[S]], None] | None = None
    """Optional: ``(instance, settings, outcome)`` says why the encoding stages found no solution, as the puzzle's
    strategy would: its ``message`` (and ``explanation``, when one clue is the conflict)."""
    cuts: str = ""
    """Optional: what the encodings' ``cuts`` are called (``sub-loop cuts``), named in the heading of their section
    in --proof's CNF; empty: the heading names none."""
    stated: Callable[[I], dict[str, Any]] | None = None
    """Optional: the values of the puzzle's own options (``Settings.extras``) that an instance states itself, which
    hold where the option is not given (None): Numberlink's rule set and no-self-touch convention, from a board's
    ``# rules:`` line or a URL's type. ``check_settings`` sees them for each instance (``settle``), and batch
    ``--resume`` compares a report's options by them."""


def settle(extras: Mapping[str, Any], stated: Mapping[str, Any]) -> dict[str, Any]:
    """A puzzle's options ``extras`` with each one not given (None, or missing) as an instance states it
    (``stated``: Rules.stated's values)."""
    return {**extras, **{name: value for name, value in stated.items() if extras.get(name) is None}}





class PuzzleSpec(Record, Generic[I, S], frozen=True, eq=False, repr=False):
    """Everything the framework knows about one puzzle type."""

    name: str
    summary: str
    rules: Rules[I, S]
    readers: tuple[Reader[I], ...]
    view: View[I, S]
    json: JsonCodec[I] | None = None
    writers: tuple[Writer[I], ...] = ()
    generator: Generator | None = field(default=None, deferrable=True)
    game: Game | None = field(default=None, deferrable=True)
    """A game a person plays in the terminal (``satpuzzles play NAME``)."""
    options: tuple[Option, ...] = ()
    examples: tuple[str, ...] = ()
    """Small puzzles in a text format, for the contract tests and the documentation."""
    rules_text: str = ""
    """The rules in a sentence or two, for ``satpuzzles puzzles --markdown`` (the README's table) and its JSON."""
    sources: tuple[str, ...] = ()
    """Where people play it (sites, apps), for the README's puzzle list."""
    title: str = ""
    """How reports, help texts and games title the puzzle (``Light Up``); default: the name, capitalised."""
    comment_keys: tuple[str, ...] = ()
    """Keys of comment lines (``# KEY: VALUE``) only this puzzle reads, such as Numberlink's ``rules``: a text holding
    one is this puzzle's when others read it too (detection)."""

    def __post_init__(self) -> None:
        if not self.name.isidentifier() or not self.name.islower():
            raise ValueError(f"puzzle name {self.name!r}: lower-case letters, digits and '_' only")
        if not self.readers:
            raise ValueError(f"puzzle {self.name!r} has no reader")
        names = [name for reader in self.readers for name in (reader.name, *reader.aliases)]
        if len(set(names)) != len(names) or {"auto", "json"} & set(names):
            raise ValueError(f"puzzle {self.name!r}: reader names must be distinct and not 'auto' or 'json'")

    @property
    def heading(self) -> str:
        """The puzzle's title as reports and help texts show it: ``title``, else the name capitalised."""
        return self.title or self.name.capitalize()

    @property
    def input_formats(self) -> list[str]:
        """Every --input-format choice shown: ``auto``, the readers, ``json`` with a codec (old names aside)."""
        return ["auto", *(reader.name for reader in self.readers), *(["json"] if self.json else [])]

    @property
    def input_format_aliases(self) -> dict[str, str]:
        """Old --input-format names, still accepted though no longer shown, with the names they now go by."""
        return {alias: reader.name for reader in self.readers for alias in reader.aliases}

    @property
    def methods(self) -> list[str]:
        """Every --method choice besides ``auto``: the strategies, then ``cnf``."""
        return [strategy.name for strategy in self.rules.strategies] + [CNF_METHOD]


def __getattr__(name: str) -> Any:
    """The protocols, from core/protocols.py on first use (it imports ``typing``); generators' and games' records
    from core/making.py likewise."""
    if name in _PROTOCOLS:
        from satpuzzles.core import protocols

        return getattr(protocols, name)
    if name in _MAKING:
        from satpuzzles.core import making

        return getattr(making, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
