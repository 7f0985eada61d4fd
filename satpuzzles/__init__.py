"""satpuzzles: logic puzzles (Numberlink, Minesweeper, Slitherlink and plugins) solved by reduction to SAT.

The Python API (satpuzzles.api) is available from the package itself::

    import satpuzzles
    result = satpuzzles.load("puzzle.txt").solve(unique=True)
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:  # what type checkers see; at run time the API is imported on first use (__getattr__)
    from typing import Any

    from satpuzzles.api import Cnf, Puzzle, Result, generate, load, load_all, puzzle_names, read


__version__ = "0.1.0"

_API = ("Cnf", "Puzzle", "Result", "generate", "load", "load_all", "puzzle_names", "read")
__all__ = ["Cnf", "Puzzle", "Result", "__version__", "generate", "load", "load_all", "puzzle_names", "read"]


def __getattr__(name: str) -> Any:
    """The API's names, imported on first use (so ``satpuzzles --version`` stays quick)."""
    if name in _API:
        from satpuzzles import api

        return getattr(api, name)
    raise AttributeError(f"module 'satpuzzles' has no attribute {name!r}")


def __dir__() -> list[str]:
    """The module's names with the API's, which are imported on first use."""
    return sorted({*globals(), *_API})
