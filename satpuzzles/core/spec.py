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
live in core/protocols.py, which imports ``typing``; they can still be imported from here.
"""

from __future__ import annotations

from collections.abc import Callable

from satpuzzles.core.errors import UsageError
from satpuzzles.core.generic import Generic, TypeVar
from satpuzzles.core.naming import CLI, Naming
from satpuzzles.core.outcome import CNF_METHOD, PUZZLE_ONLY, Outcome
from satpuzzles.core.records import Record, field

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Collection, Hashable, Mapping, Sequence
    from typing import Any, Literal

    from satpuzzles.core.outcome import Analysis, Settings, SolveStats
    from satpuzzles.core.protocols import Encoding, GameState
    from satpuzzles.io.textgrid import SizeLimit

_PROTOCOLS = ("Decisions", "Encoding", "GameState", "Segments")

I = TypeVar("I")  # noqa: E741 - the conventional name for the instance type
S = TypeVar("S")
S_co = TypeVar("S_co", covariant=True)

StyledBoard = list[list[tuple[str, str]]]
"""A board for a terminal: lines of (text, style) pieces; a style is a rich style string ("" for none)."""
Progress = Callable[[str], None]
"""Takes a short status text (a long generator reports what it is doing); one that starts ``warning: `` is
printed on standard error too (say so when a puzzle falls short of what was asked: never silently), and is a
GeneratorWarning in the Python API."""
WARNING = "warning: "
"""How a Progress text that is a warning starts."""


class Stage(Record, Generic[S_co], frozen=True, eq=False, repr=False):
    """One encoding to try: ``complete`` stages prove unsolvability when they fail."""

    name: str
    complete: bool
    build: Callable[[], Encoding[S_co]]


class Option(Record, frozen=True, eq=False, repr=False):
    """A puzzle's own command-line option, as data (the CLI turns it into a click option).

    ``kind`` is ``flag``, ``choice`` (one of ``choices``), ``int``, ``float`` (both within
    ``minimum``/``maximum``) or ``text`` (``convert`` turns it into a value, raising ValueError
    with a message for the user). ``affects_solving`` options reach ``satpuzzles batch`` too. A flag with
    ``off`` (``--self-touch`` for ``--no-self-touch``) is a pair: True, False, or None when neither is given (then
    what the input states holds).
    """

    name: str
    flags: tuple[str, ...]
    help: str
    kind: Literal["flag", "choice", "int", "float", "text"] = "flag"
    default: Any = None
    choices: tuple[str, ...] = ()
    minimum: float | None = None
    maximum: float | None = None
    metavar: str | None = None
    affects_solving: bool = False
    convert: Callable[[str], Any] | None = None
    off: str = ""

    def given(self, value: Any) -> bool:
        """Whether ``value`` is one the user gave, not the option's absence (None, or a plain flag off): a value typed
        out, even the default's, is given, so callers pass None for an option not given (as the CLI does)."""
        return value is not None if self.off else value not in (None, False)

    def typed(self, value: Any) -> str:
        """How the command line gives ``value``: ``--no-self-touch``, ``--self-touch`` (a pair's off), ``--rules
        open``; '' when it is the option's absence (None, or a plain flag off)."""
        flag = self.flags[0] if self.flags else self.name
        if self.kind == "flag":
            return flag if value else self.off if value is False else ""
        return "" if value is None else f"{flag} {value}"

    def check(self, value: Any, naming: Naming = CLI) -> None:
        """Refuse (UsageError) a value the option does not take, for callers without click (the Python API),
        naming the option as ``naming`` spells it."""
        flag = naming.flag(self.name, self.flags[0] if self.flags else self.name)
        given = naming.given(self.name, value, flag)
        if self.kind == "flag":
            if not isinstance(value, bool) and not (self.off and value is None):  # None: neither of a pair
                raise UsageError(f"{flag}: expected True or False, found {value!r}")
        elif value is None or self.kind == "text":
            return
        elif self.kind == "choice":
            if value not in self.choices:
                raise UsageError(f"{given}: choose one of {', '.join(self.choices)}")
        else:
            kinds = (int,) if self.kind == "int" else (int, float)
            number = isinstance(value, kinds) and not isinstance(value, bool) and value == value
            low = self.minimum is None or (number and value >= self.minimum)
            high = self.maximum is None or (number and value <= self.maximum)
            if not (number and low and high):
                bounds = [f"{self.minimum:g} <=" if self.minimum is not None else "", "x",
                          f"<= {self.maximum:g}" if self.maximum is not None else ""]
                what = "a whole number" if self.kind == "int" else "a number"
                raise UsageError(f"{given}: expected {what} ({' '.join(b for b in bounds if b)})")

    def converted(self, value: Any, naming: Naming = CLI) -> Any:
        """``value`` through ``convert`` when it is text and the option has one (UsageError when it refuses it,
        naming the option as ``naming`` spells it), as the CLI converts what is typed; else ``value`` itself."""
        if self.convert is None or not isinstance(value, str):
            return value
        try:
            return self.convert(value)
        except ValueError as exc:
            flag = self.flags[0] if self.flags else self.name
            raise UsageError(f"{naming.given(self.name, value, flag)}: {exc}") from None

    def initial(self) -> Any:
        """The value when the option is not given, as the CLI passes it on: a flag's default as a bool, else
        the default, through ``convert`` when it has one (as click's option does)."""
        if self.kind == "flag":
            return None if self.off else bool(self.default)
        if self.default is None or self.convert is None:
            return self.default
        return self.convert(self.default)


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
    """The protocols, from core/protocols.py on first use (it imports ``typing``)."""
    if name in _PROTOCOLS:
        from satpuzzles.core import protocols

        return getattr(protocols, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
