"""Plain data records, as dataclasses make them, without importing ``dataclasses``.

``dataclasses`` (with ``inspect``, which it imports) and the methods it compiles for every class when
its module loads were a quarter of a one-puzzle run. A :class:`Record` subclass reads its fields
from its annotations when the class is made and shares one ``__init__``, ``__eq__``, ``__hash__``
and ``__repr__`` with every other record, so nothing is compiled at start-up::

    class Point(Record, frozen=True):
        x: int
        y: int = 0
        tags: list[str] = field(default_factory=list, compare=False)

They behave as the dataclass with the same options would: positional and keyword arguments in
field order, defaults and factories, ``init=False`` fields (set in ``__post_init__``), equality
over the compared fields between instances of one class, a hash when frozen (None when
mutable), the dataclass ``repr``, assignment refused when frozen, pickling and copying through
the instance ``__dict__``. :func:`replace` and :func:`as_dict` stand in for the dataclasses
functions. Type checkers see the fields through ``dataclass_transform``. A record made in large
numbers (a parsed token) may define its own ``__init__``, which then sets the fields in its
``__dict__``.

A field declared ``field(deferrable=True)`` may be given :func:`deferred` ("module", "NAME"): the
module is imported the first time the field is read (a puzzle's generator, which a solve never uses).
"""

from __future__ import annotations

from importlib import import_module
from operator import attrgetter

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any, ClassVar, TypeVar, dataclass_transform

    R = TypeVar("R", bound="Record")
else:
    def dataclass_transform(**_options: object) -> object:
        """typing's decorator for type checkers only: nothing to do at run time."""
        return lambda cls: cls

_MISSING = object()


class FrozenInstanceError(AttributeError):
    """Assignment to a field of a frozen record (as ``dataclasses.FrozenInstanceError``)."""


class Field:
    """How one field behaves: its default or default factory, and whether it is an argument, compared, shown."""

    __slots__ = ("default", "default_factory", "init", "compare", "repr", "deferrable")

    def __init__(self, default: Any, default_factory: Any, init: bool, compare: bool, repr: bool,  # noqa: A002
                 deferrable: bool = False) -> None:
        self.default, self.default_factory = default, default_factory
        self.init, self.compare, self.repr, self.deferrable = init, compare, repr, deferrable


def field(*, default: Any = _MISSING, default_factory: Callable[[], Any] | None = None, init: bool = True,
          compare: bool = True, repr: bool = True, deferrable: bool = False) -> Any:  # noqa: A002
    """A field with options, as ``dataclasses.field`` (default or default_factory, init, compare, repr), and
    ``deferrable``: the field may be given a :func:`deferred` value."""
    return Field(default, default_factory, init, compare, repr, deferrable)


class Deferred:
    """What :func:`deferred` gives: a module's attribute, imported when the field holding it is first read."""

    __slots__ = ("module", "name")

    def __init__(self, module: str, name: str) -> None:
        self.module, self.name = module, name

    def __repr__(self) -> str:
        return f"deferred({self.module!r}, {self.name!r})"

    def __reduce__(self) -> tuple[object, tuple[str, str]]:
        return Deferred, (self.module, self.name)

    def load(self) -> Any:
        """The attribute itself (importing its module)."""
        return getattr(import_module(self.module), self.name)


def deferred(module: str, name: str) -> Any:
    """``module``'s ``name``, imported when first read, as the value of a ``field(deferrable=True)``."""
    return Deferred(module, name)


class _Loading:
    """The class attribute of a deferrable field: reads the instance's value, loading a deferred one once."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def __get__(self, record: Any, owner: type | None = None) -> Any:
        if record is None:
            return self
        value = record.__dict__[self.name]
        if isinstance(value, Deferred):
            value = record.__dict__[self.name] = value.load()
        return value

    def __set__(self, record: Any, value: Any) -> None:
        record.__dict__[self.name] = value


def _no_key(_record: object) -> tuple[()]:
    return ()


def _eq(self: Any, other: Any) -> bool:
    if other.__class__ is self.__class__:
        return self._record_key(self) == other._record_key(other)
    return NotImplemented


def _hash(self: Any) -> int:
    return hash(self._record_key(self))


def _repr(self: Any) -> str:
    shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._record_shown)
    return f"{self.__class__.__qualname__}({shown})"


def _frozen_setattr(self: object, name: str, value: object) -> None:
    raise FrozenInstanceError(f"cannot assign to field {name!r}")


def _frozen_delattr(self: object, name: str) -> None:
    raise FrozenInstanceError(f"cannot delete field {name!r}")


@dataclass_transform(field_specifiers=(field,))
class Record:
    """Base of the package's data classes: fields from annotations, behaviour as a dataclass with the same options."""

    _record_fields: ClassVar[dict[str, Field]] = {}
    _record_init: ClassVar[tuple[str, ...]] = ()
    _record_set: ClassVar[frozenset[str]] = frozenset()
    _record_shown: ClassVar[tuple[str, ...]] = ()
    _record_key: ClassVar[Callable[[Any], Any]] = _no_key
    _record_post: ClassVar[Callable[[Any], None] | None] = None

    def __init_subclass__(cls, *, frozen: bool = False, eq: bool = True, repr: bool = True,  # noqa: A002
                          **options: Any) -> None:
        super().__init_subclass__(**options)
        fields = dict(cls._record_fields)
        for name, annotation in cls.__dict__.get("__annotations__", {}).items():
            if str(annotation).startswith(("ClassVar", "typing.ClassVar")):
                continue
            value = cls.__dict__.get(name, _MISSING)
            if isinstance(value, Field):
                spec = value
                if spec.default is _MISSING:
                    delattr(cls, name)
                else:
                    setattr(cls, name, spec.default)
            else:
                spec = Field(value, None, True, True, True)
            fields.pop(name, None)
            fields[name] = spec
            if spec.deferrable:
                setattr(cls, name, _Loading(name))
        cls._record_fields = fields
        cls._record_init = tuple(name for name, spec in fields.items() if spec.init)
        cls._record_set = frozenset(cls._record_init)
        cls._record_shown = tuple(name for name, spec in fields.items() if spec.repr)
        compared = [name for name, spec in fields.items() if spec.compare]
        key = attrgetter(*compared) if compared else _no_key
        if len(compared) == 1:
            key = attrgetter(compared[0], compared[0])  # a tuple, as a dataclass compares
        cls._record_key = staticmethod(key)
        cls._record_post = getattr(cls, "__post_init__", None)
        own = cls.__dict__
        if eq and "__eq__" not in own:
            cls.__eq__ = _eq  # type: ignore[method-assign]
            if "__hash__" not in own:
                cls.__hash__ = _hash if frozen else None  # type: ignore[method-assign, assignment]
        if repr and "__repr__" not in own:
            cls.__repr__ = _repr  # type: ignore[method-assign]
        if frozen:
            cls.__setattr__ = _frozen_setattr  # type: ignore[method-assign]
            cls.__delattr__ = _frozen_delattr  # type: ignore[method-assign]
        setattr(cls, "__match_args__", cls._record_init)  # noqa: B010 - type checkers know it as read-only

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        cls = self.__class__
        names = cls._record_init
        if len(args) > len(names):
            raise TypeError(f"{cls.__qualname__}() takes {len(names)} positional arguments but {len(args)} were given")
        values = dict(zip(names, args))
        for name, value in kwargs.items():
            if name in values or name not in cls._record_set:
                problem = "got multiple values for argument" if name in values else "got an unexpected keyword argument"
                raise TypeError(f"{cls.__qualname__}() {problem} {name!r}")
            values[name] = value
        fields = cls._record_fields
        if len(values) < len(fields):
            for name, spec in fields.items():
                if name not in values:
                    if spec.default is not _MISSING:
                        values[name] = spec.default
                    elif spec.default_factory is not None:
                        values[name] = spec.default_factory()
                    elif spec.init:
                        raise TypeError(f"{cls.__qualname__}() missing required argument: {name!r}")
        self.__dict__.update(values)
        if cls._record_post is not None:
            cls._record_post(self)


def replace(record: R, /, **changes: Any) -> R:
    """A copy of ``record`` with some fields changed, through its ``__init__`` (as ``dataclasses.replace``)."""
    cls = record.__class__
    for name in changes:
        if name not in cls._record_set:
            if name in cls._record_fields:
                raise ValueError(f"field {name} is declared with init=False, it cannot be specified with replace()")
            raise TypeError(f"{cls.__qualname__}() got an unexpected keyword argument {name!r}")
    values = {name: changes[name] if name in changes else getattr(record, name) for name in cls._record_init}
    return cls(**values)


def as_dict(record: Record) -> dict[str, Any]:
    """The fields by name, lists, tuples and dicts copied (as ``dataclasses.asdict`` gives plain data)."""
    return {name: _copied(getattr(record, name)) for name in record._record_fields}


def _copied(value: Any) -> Any:
    if isinstance(value, Record):
        return as_dict(value)
    if isinstance(value, (list, tuple)):
        return type(value)(_copied(item) for item in value)
    if isinstance(value, dict):
        return {_copied(key): _copied(item) for key, item in value.items()}
    return value
