"""Command-line options, declared once: the solve options every puzzle command and ``batch`` share,
and the conversion of a puzzle's declared options (core.spec.Option) into click options (their values become
Settings in settings.py, re-exported here)."""

from __future__ import annotations

from typing import Any

import click

from satpuzzles.cli.settings import MAX_TIMEOUT, check_seconds, puzzle_extras, settings_from
from satpuzzles.core import registry
from satpuzzles.core.errors import UsageError
from satpuzzles.core.outcome import DEFAULT_SOLVER, MIN_TIMEOUT, seconds_text
from satpuzzles.core.spec import Option, PuzzleSpec
from satpuzzles.present.colour import CHOICES as COLOUR_CHOICES

__all__ = ["MAX_TIMEOUT", "check_seconds", "puzzle_extras", "settings_from"]


def plain(value: Any) -> bool:
    """Whether a typed number is written as users type one: ASCII, without the ``_`` between digits that Python's
    int() and float() take (``1_0``), as they take digits of other scripts (``١``, ``２``); a value not typed (a
    default) passes."""
    return not isinstance(value, str) or (value.isascii() and "_" not in value)


def _check_plain(kind: click.ParamType, value: Any, param: click.Parameter | None, ctx: click.Context | None,
                 what: str) -> None:
    """A usage error for a number not written in plain digits (:func:`plain`), or not a number at all (click's
    ranges would call it no valid 'integer range' or 'float range'), saying ``what`` is expected."""
    if not plain(value):
        kind.fail(f"{value!r} is not {what} in plain digits (0-9).", param, ctx)
    if isinstance(value, str):
        try:
            int(value) if what == "a whole number" else float(value)
        except ValueError:
            kind.fail(f"{value!r} is not {what}.", param, ctx)


class PlainInt(click.types.IntParamType):
    """A whole number, in plain digits (:func:`plain`)."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        """The number, or a usage error when it is not a whole number in plain digits."""
        _check_plain(self, value, param, ctx, "a whole number")
        return super().convert(value, param, ctx)


class PlainIntRange(click.IntRange):
    """A whole number within bounds, in plain digits (:func:`plain`)."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        """The number, or a usage error when it is not a whole number in plain digits, or out of range."""
        _check_plain(self, value, param, ctx, "a whole number")
        return super().convert(value, param, ctx)


class _NumberRange(click.FloatRange):
    """A float range in plain digits (:func:`plain`) that also refuses nan (which every range comparison lets
    through)."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        """The number, or a usage error when it is not in plain digits, nan or out of range."""
        _check_plain(self, value, param, ctx, "a number")
        number = super().convert(value, param, ctx)
        if number != number:
            self.fail(f"{value!r} is not a number.", param, ctx)
        return number


class Seconds(click.ParamType):
    """--timeout or --budget (``flag``): a number of seconds, refused as typed when check_seconds refuses it (0,
    negative, under 1 ms, over 1,000,000, nan) or it is no number (``5s``), so that every refusal reads alike."""

    name = "float"

    def __init__(self, flag: str) -> None:
        self.flag = flag

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        """The number of seconds ``value`` gives, or a UsageError echoing it."""
        if not isinstance(value, str):
            return value
        if not plain(value):
            raise UsageError(f"{self.flag} {value.strip()}: give a number of seconds in plain digits (0-9), as 10 or "
                             "0.5")
        try:
            number = float(value)
        except ValueError:
            raise UsageError(f"{self.flag} {value.strip() or repr(value)}: give a number of seconds, as 10 or 0.5"
                             ) from None
        check_seconds(self.flag, number, typed=value.strip())
        return number


class ChoiceWithAliases(click.Choice):
    """A choice that also takes old names, not shown in help or errors, as the names they now go by."""

    def __init__(self, choices: list[str], aliases: dict[str, str]) -> None:
        super().__init__(choices)
        self.aliases = aliases

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        """The choice ``value`` names, directly or by an old name."""
        return super().convert(self.aliases.get(value, value), param, ctx)


def _convert(option: Option, typed_only: bool = False) -> Any:
    def convert(ctx: click.Context, param: click.Parameter, value: Any) -> Any:
        if typed_only and ctx.get_parameter_source(str(param.name)) is click.core.ParameterSource.DEFAULT:
            return None  # not typed: None, so that a value typed out, even the default's, is given (Option.given)
        if value is None or option.convert is None:
            return value
        try:
            return option.convert(value)
        except ValueError as exc:
            raise click.BadParameter(str(exc)) from None

    return convert


def to_click(option: Option, typed_only: bool = False) -> click.Option:
    """The click option for a puzzle's declared option; with ``typed_only`` its value is None when it is not typed
    (the help still shows its default, which settings.puzzle_extras puts in its place)."""
    common: dict[str, Any] = {"help": option.help, "metavar": option.metavar}
    if option.kind == "flag" and option.off:
        return click.Option([f"{option.flags[0]}/{option.off}", *option.flags[1:], option.name], is_flag=True,
                            default=None, help=option.help)
    if option.kind == "flag":
        return click.Option([*option.flags, option.name], is_flag=True, default=bool(option.default), help=option.help)
    if option.kind == "choice":
        kind: Any = click.Choice(list(option.choices))
    elif option.kind == "int" and option.minimum is None and option.maximum is None:
        kind = PlainInt()  # an IntRange without bounds says "[x<=None]" in the help
    elif option.kind == "int":
        kind = PlainIntRange(min=None if option.minimum is None else int(option.minimum),
                              max=None if option.maximum is None else int(option.maximum))
    elif option.kind == "float":
        kind = _NumberRange(min=option.minimum, max=option.maximum)
    else:
        kind = str
    return click.Option([*option.flags, option.name], type=kind, default=option.default,
                        show_default=option.default is not None, callback=_convert(option, typed_only), **common)


def solver_option(default: str | None = None) -> click.Option:
    """-s/--solver: a PySAT solver name or alias, or a DIMACS executable and its options (``default`` in the help)."""
    shown = default or f"{DEFAULT_SOLVER}, or the puzzle's own (see each puzzle's --help)"
    return click.Option(["-s", "--solver"], metavar="NAME",
                        help=f"PySAT solver name or alias (cadical195, glucose4, minisat22, ...), cadical195 with "
                        f"CaDiCaL's options (quoted: 'cadical195 --inprocessing=0'), or a DIMACS solver executable, "
                        f"with its options if any ('kissat --unsat'). Default: {shown}.")


def timeout_option(what: str) -> click.Option:
    """--timeout SECONDS."""
    return click.Option(["--timeout"], type=Seconds("--timeout"), metavar="SECONDS",
                        help=f"Hard limit per puzzle in seconds (at least {seconds_text(MIN_TIMEOUT)}, at most "
                        f"{MAX_TIMEOUT:,.0f}); {what} when reached.")


def color_option() -> click.Option:
    """--color auto|always|never (auto: FORCE_COLOR, then NO_COLOR, then whether output is a terminal, not TERM=dumb)."""
    return click.Option(["--color", "--colour", "color"], type=click.Choice(COLOUR_CHOICES), default="auto",
                        show_default=True, help="Colour the report: auto colours a terminal (FORCE_COLOR and "
                        "NO_COLOR are honoured, TERM=dumb is plain); always and never win over all three.")


FORMATS = ("text", "json")
"""The --format choices: text (the default) or JSON."""


def format_option(what: str) -> click.Option:
    """--format text|json; ``what`` says what json prints."""
    return click.Option(["--format", "output_format"], type=click.Choice(list(FORMATS)), default="text",
                        show_default=True, help=f"json: {what}")


def output_options(svg: bool = True, svg_puzzle: bool = True, puzzle: str | None = None) -> list[click.Option]:
    """-o (DIMACS), -r (result file) and --result-format (the forms ``puzzle`` has, or any puzzle's), --svg and
    --svg-puzzle (pictures, when the puzzle draws them) and --format."""
    from satpuzzles.cli.results import result_format_option

    options = [
        click.Option(["-o", "--output"], metavar="FILE",
                     help="Write the CNF formula (DIMACS, variables named in comments)."),
        click.Option(["-r", "--result"], metavar="FILE", help="Write the solution as a result file (in the form "
                     "--result-format names)."),
        result_format_option(puzzle),
        format_option("one JSON object per puzzle, one per line."),
    ]
    if svg:
        options.append(click.Option(["--svg"], metavar="FILE",
                                    help="Draw the solution (else the bare puzzle) as an SVG picture."))
    if svg_puzzle:
        options.append(click.Option(["--svg-puzzle"], metavar="FILE",
                                    help="Draw the unsolved puzzle (its clues only, titled with its name and size) as "
                                    "an SVG picture to publish; the puzzle is still solved and reported."))
    options.append(click.Option(["--proof"], metavar="FILE",
                                help="When the solver refutes (unsolvable, or with --unique no second solution): "
                                "a DRAT proof to FILE and the CNF it refutes beside it (FILE's suffix replaced by .cnf: no.drat gives "
                                "no.cnf, and no.cnf gives no.cnf.cnf); from a PySAT solver that logs "
                                "proofs, or a CaDiCaL or Kissat executable."))
    return options


def count_options() -> list[click.Option]:
    """--count N and --unique."""
    return [
        click.Option(["--count"], type=PlainIntRange(min=1), default=1, show_default=True, metavar="N",
                     help="Find up to N solutions (by the full rules)."),
        click.Option(["--unique"], is_flag=True, help="Prove the solution unique, or show a second one."),
    ]


ANALYZE_HELP = ("Show what every solution agrees on (the backbone): each decision forced one way, forced the "
                "other, or undetermined; with the difficulty grade of the deduction (where the puzzle has one).")


def analyze_option() -> click.Option:
    """--analyze: the backbone and the grade, for puzzles that can be analysed."""
    return click.Option(["--analyze"], is_flag=True, help=ANALYZE_HELP)


def method_option(puzzle: PuzzleSpec[Any, Any]) -> list[click.Option]:
    """--method, for a puzzle with strategies besides the CNF pipeline."""
    if not puzzle.rules.strategies:
        return []
    helps = "; ".join(f"{s.name}: {s.summary}" for s in puzzle.rules.strategies)
    return [click.Option(["--method"], type=click.Choice(["auto", *puzzle.methods]), default="auto", show_default=True,
                         help=f"How to solve. {helps}; cnf: the whole puzzle as one formula through the lazy-cut "
                         "loop; auto: the first that serves the other options.")]


def method_choices() -> list[str]:
    """--method choices: auto, every puzzle's strategies, cnf."""
    names = {s.name for puzzle in registry.puzzles().values() for s in puzzle.rules.strategies}
    return ["auto", *sorted(names), "cnf"]


def any_method_option(what: str) -> click.Option:
    """--method for commands that solve any puzzle (``solve``, ``batch``): every puzzle's methods."""
    return click.Option(["--method"], type=click.Choice(method_choices()), default="auto", show_default=True,
                        help=what)


def puzzle_option(what: str) -> click.Option:
    """--puzzle NAME for commands that detect the puzzle; ``what`` is its help."""
    return click.Option(["--puzzle"], type=click.Choice(registry.names()), help=what)


def verbose_option() -> click.Option:
    """-v/--verbose."""
    return click.Option(["-v", "--verbose"], is_flag=True, help="Report phases and solver output on stderr.")


def index_option(what: str) -> click.Option:
    """--index N: one puzzle of a multi-puzzle source; ``what`` is its help."""
    return click.Option(["--index"], type=PlainIntRange(min=1), metavar="N", help=what)


def owned_help(owners: list[str], text: str) -> str:
    """An option's help prefixed by the puzzles that have it: ``Minesweeper only: also give ...`` (the help's
    first word in lower case, unless it is an acronym such as ``URL``); the help alone when every puzzle has it."""
    if len(owners) == len(registry.puzzles()):
        return text
    if text[:1].isupper() and not text[1:2].isupper():
        text = text[0].lower() + text[1:]
    return f"{'/'.join(owners)} only: {text}"
