"""``Generic`` and ``TypeVar`` for type checkers, without importing ``typing`` at run time.

``typing`` (with ``re`` and ``enum``, which it imports) was an eighth of a one-puzzle run. Type
checkers see typing's own names here; at run time a generic class derives from a bare class
whose subscription gives a ``types.GenericAlias`` (``Outcome[int]`` works as ``list[int]`` does)
and a type variable is its name.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Generic as Generic
    from typing import TypeVar as TypeVar
else:
    from types import GenericAlias

    class Generic:
        """Base of a class generic to type checkers: ``Cls[X]`` is a ``types.GenericAlias``."""

        __slots__ = ()

        def __class_getitem__(cls, parameters):
            """``Generic[T]`` in a class's bases is this class; ``Cls[X]`` of a subclass an alias."""
            return cls if cls is Generic else GenericAlias(cls, parameters)

    def TypeVar(name, *constraints, **options):  # noqa: N802 - typing's name
        """A type variable is only its name at run time."""
        return name
