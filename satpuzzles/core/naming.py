"""How a message names an option: as the command line spells it (``--no-self-touch``) or as the Python API's
keyword argument (``no_self_touch``), so that one message serves both."""

from __future__ import annotations

from satpuzzles.core.records import Record

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


class Naming(Record, frozen=True):
    """The command line's spelling of options (the default), or with ``python`` the API's keyword arguments."""

    python: bool = False

    def flag(self, name: str, flag: str | None = None) -> str:
        """The option called ``name`` in Python: ``--no-self-touch`` (``flag`` when the command line spells it
        otherwise, as ``--mines`` for ``mine_count``), or ``no_self_touch``."""
        if self.python:
            return name
        return flag or "--" + name.replace("_", "-")

    def given(self, name: str, value: Any, flag: str | None = None, typed: str | None = None) -> str:
        """The option with a value: ``--rules 'bogus'`` (``typed``, when given, shows the value as typed:
        ``--method bogus``), or ``rules='bogus'``."""
        if self.python:
            return f"{name}={value!r}"
        return f"{self.flag(name, flag)} {typed if typed is not None else repr(value)}"


CLI = Naming()
"""Options as the command line spells them."""
PYTHON = Naming(python=True)
"""Options as the Python API's keyword arguments."""
