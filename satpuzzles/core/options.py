"""A puzzle's, generator's or game's own option, declared as data (the CLI turns it into a click option)."""

from __future__ import annotations

from collections.abc import Callable

from satpuzzles.core.errors import UsageError
from satpuzzles.core.naming import CLI, Naming
from satpuzzles.core.records import Record

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Literal


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

