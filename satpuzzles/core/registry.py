"""The puzzles the tool knows, found through the ``satpuzzles.puzzles`` entry-point group.

Built-in puzzles register exactly as third-party ones do, one line each in a
``pyproject.toml``::

    [project.entry-points."satpuzzles.puzzles"]
    masyu = "satpuzzles_masyu:SPEC"

The object named is a PuzzleSpec (or a function returning one). A plugin that fails to
load, or names a puzzle already registered, is left out with a one-line warning in
``load_warnings()``; it never stops the tool.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from satpuzzles.core.spec import PuzzleSpec

GROUP = "satpuzzles.puzzles"

_puzzles: dict[str, PuzzleSpec[Any, Any]] | None = None
_warnings: list[str] = []


def _entry_points() -> list[Any]:
    from importlib.metadata import entry_points

    found = sorted(entry_points(group=GROUP), key=lambda ep: (not ep.value.startswith("satpuzzles."), ep.name))
    unique: dict[tuple[str, str], Any] = {}
    for ep in found:  # an editable install can list the same entry point twice
        unique.setdefault((ep.name, ep.value), ep)
    return list(unique.values())


def _load(ep: Any) -> PuzzleSpec[Any, Any]:
    loaded = ep.load()
    spec = loaded() if callable(loaded) and not isinstance(loaded, PuzzleSpec) else loaded
    if not isinstance(spec, PuzzleSpec):
        raise TypeError(f"{ep.value} is a {type(spec).__name__}, not a PuzzleSpec")
    if spec.name != ep.name:
        raise ValueError(f"{ep.value} describes {spec.name!r}, registered as {ep.name!r}")
    return spec


def _discover() -> dict[str, PuzzleSpec[Any, Any]]:
    found: dict[str, PuzzleSpec[Any, Any]] = {}
    for ep in _entry_points():
        if ep.name in found:
            _warnings.append(f"puzzle plugin {ep.value!r} left out: {ep.name!r} is already registered")
            continue
        try:
            found[ep.name] = _load(ep)
        except Exception as exc:  # noqa: BLE001 - a broken plugin must not stop the tool
            _warnings.append(f"puzzle plugin {ep.name!r} ({ep.value}) failed to load: {type(exc).__name__}: {exc}")
    return found


def puzzles() -> dict[str, PuzzleSpec[Any, Any]]:
    """Every registered puzzle by name, built-in ones first."""
    global _puzzles
    if _puzzles is None:
        _puzzles = _discover()
    return _puzzles


def names() -> list[str]:
    """The registered puzzles' names."""
    return list(puzzles())


def get(name: str) -> PuzzleSpec[Any, Any]:
    """The puzzle called ``name`` (KeyError when none is registered)."""
    return puzzles()[name]


def load_warnings() -> list[str]:
    """One line per plugin that could not be registered."""
    puzzles()
    return list(_warnings)


def register(spec: PuzzleSpec[Any, Any]) -> Callable[[], None]:
    """Add ``spec`` for this process (tests, notebooks); returns a function that removes it again."""
    table = puzzles()
    if spec.name in table:
        raise ValueError(f"a puzzle called {spec.name!r} is already registered")
    table[spec.name] = spec
    return lambda: table.pop(spec.name, None)


def loaded() -> bool:
    """Whether the registry has been read in this process."""
    return _puzzles is not None
