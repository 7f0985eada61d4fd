"""A click choice whose full list is found only when it is needed, so that a command's options can offer what
other puzzles have without loading them: ``satpuzzles numberlink FILE --format json`` imports no other puzzle."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import click


class LazyChoice(click.Choice):
    """A choice of ``known`` values (the command's own), which pass as they are, and of those ``every`` lists (every
    puzzle's, loaded only for another value, the usage error naming them all, completion or --help's listing)."""

    def __init__(self, known: Sequence[str], every: Callable[[], Sequence[str]]) -> None:
        self.every: Callable[[], Sequence[str]] | None = None
        super().__init__(known)
        self.known = tuple(known)
        self.every = every

    @property
    def choices(self) -> tuple[Any, ...]:
        """Every value the choice takes (loading whatever ``every`` needs, once)."""
        if self.every is not None:
            self._choices = tuple(self.every())
            self.every = None
        return self._choices

    @choices.setter
    def choices(self, value: Sequence[Any]) -> None:
        self._choices = tuple(value)

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        """``value`` when it is one of the known values typed exactly, else as click's choice converts it."""
        if isinstance(value, str) and value in self.known and self.case_sensitive and (
                ctx is None or ctx.token_normalize_func is None):
            return value
        return super().convert(value, param, ctx)
