"""The puzzles the tool knows, found through the ``satpuzzles.puzzles`` entry-point group.

Built-in puzzles register exactly as third-party ones do, one line each in a
``pyproject.toml``::

    [project.entry-points."satpuzzles.puzzles"]
    masyu = "satpuzzles_masyu:SPEC"

The object named is a PuzzleSpec (or a function returning one). Specs load one at a time,
when first asked for: ``satpuzzles numberlink`` imports Numberlink and nothing of
Minesweeper or Slitherlink. The scan of the entry points is cached (see entry_cache.py).
A plugin that fails to load, or names a puzzle already registered, is left out with a
one-line warning; it never stops the tool.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module

from satpuzzles.core import entry_cache

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from satpuzzles.core.spec import PuzzleSpec

GROUP = entry_cache.GROUP

_entries: dict[str, str] | None = None
"""Registered name -> entry-point value ("module:attribute"), built-in puzzles first."""
_specs: dict[str, PuzzleSpec[Any, Any]] = {}
_failed: dict[str, str] = {}
"""Name -> why it failed to load ("ModuleNotFoundError: No module named ...")."""
_added: dict[str, PuzzleSpec[Any, Any]] = {}
_warnings: list[str] = []


def _table() -> dict[str, str]:
    """The entry points by name, read once per process (from the cache when it is fresh)."""
    global _entries
    if _entries is None:
        found = entry_cache.entry_points()
        found.sort(key=lambda pair: (not pair[1].startswith("satpuzzles."), pair[0]))
        table: dict[str, str] = {}
        for name, value in found:
            if name not in table:
                table[name] = value
            elif table[name] != value:
                _warnings.append(f"puzzle plugin {value!r} left out: {name!r} is already registered")
        _entries = table
    return _entries


def _load(name: str, value: str) -> PuzzleSpec[Any, Any]:
    from satpuzzles.core.spec import PuzzleSpec

    module, _, attribute = value.split("[")[0].partition(":")  # "module:attribute [extras]"
    loaded: Any = import_module(module.strip())
    for part in attribute.strip().split(".") if attribute.strip() else ():
        loaded = getattr(loaded, part)
    spec = loaded() if callable(loaded) and not isinstance(loaded, PuzzleSpec) else loaded
    if not isinstance(spec, PuzzleSpec):
        raise TypeError(f"{value} is a {type(spec).__name__}, not a PuzzleSpec")
    if spec.name != name:
        raise ValueError(f"{value} describes {spec.name!r}, registered as {name!r}")
    return spec


def _spec(name: str) -> PuzzleSpec[Any, Any] | None:
    """The spec registered as ``name``, loaded now if needed (None when it fails to load or is unknown)."""
    if name in _added:
        return _added[name]
    if name in _specs:
        return _specs[name]
    value = _table().get(name)
    if value is None or name in _failed:
        return None
    try:
        _specs[name] = _load(name, value)
    except Exception as exc:  # noqa: BLE001 - a broken plugin must not stop the tool
        _failed[name] = f"{type(exc).__name__}: {exc}"
        _warnings.append(f"puzzle plugin {name!r} ({value}) failed to load: {_failed[name]}")
        return None
    return _specs[name]


def names() -> list[str]:
    """The registered puzzles' names, built-in ones first, without loading any of them.

    A plugin that turns out not to load leaves the list once it has been tried.
    """
    return [name for name in _table() if name not in _failed] + [name for name in _added if name not in _table()]


def puzzles() -> dict[str, PuzzleSpec[Any, Any]]:
    """Every registered puzzle by name, built-in ones first (loads them all)."""
    found = {}
    for name in names():
        spec = _spec(name)
        if spec is not None:
            found[name] = spec
    return found


def get(name: str) -> PuzzleSpec[Any, Any]:
    """The puzzle called ``name``, loading only it (KeyError when none is registered or it fails to load)."""
    spec = _spec(name)
    if spec is None:
        raise KeyError(name)
    return spec


def find(name: str) -> PuzzleSpec[Any, Any] | None:
    """The puzzle called ``name``, or None when there is none (loading only it)."""
    return _spec(name)


def failure(name: str) -> str | None:
    """Why the plugin registered as ``name`` fails to load ("ModuleNotFoundError: ..."; trying it now if it was
    not yet), or None when it loads or no puzzle is registered by that name."""
    _spec(name)
    return _failed.get(name)


def load_warnings() -> list[str]:
    """One line per plugin that could not be registered (every plugin is tried)."""
    puzzles()
    return list(_warnings)


def plugin_at_fault(exc: BaseException) -> tuple[str, str] | None:
    """(name, package) of the loaded puzzle plugin (not a built-in puzzle) whose code was running when ``exc`` was
    raised: the innermost frame of its traceback in a plugin's package; None when no plugin's code was running."""
    packages = {value.partition(":")[0].strip().split(".")[0]: name for name, value in (_entries or {}).items()
                if name in _specs and not value.startswith("satpuzzles.")}
    packages.pop("satpuzzles", None)
    found = None
    tb = exc.__traceback__
    while tb is not None and packages:
        module = tb.tb_frame.f_globals.get("__name__", "")
        package = module.split(".")[0] if isinstance(module, str) else ""
        if package in packages:
            found = (packages[package], package)
        tb = tb.tb_next
    return found


def warnings_seen() -> list[str]:
    """The warnings about the plugins tried so far in this process (nothing more is loaded)."""
    return list(_warnings)


def register(spec: PuzzleSpec[Any, Any]) -> Callable[[], None]:
    """Add ``spec`` for this process (tests, notebooks); returns a function that removes it again."""
    if spec.name in names():
        raise ValueError(f"a puzzle called {spec.name!r} is already registered")
    _added[spec.name] = spec

    def unregister() -> None:
        _added.pop(spec.name, None)

    return unregister


def loaded() -> bool:
    """Whether the registry has been read in this process."""
    return _entries is not None
