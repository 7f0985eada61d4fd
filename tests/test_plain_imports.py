"""What a plain ``satpuzzles PUZZLE SOURCE`` imports: no UI library, no numpy for Numberlink and Slitherlink,
and none of our modules on the way imports ``typing``, ``dataclasses``, ``inspect``, ``json``, ``pathlib``, ``re``,
``enum``, ``signal``, ``contextlib``, ``ctypes``, ``tempfile`` or PySAT's Python wrappers when it loads (each was measured a noticeable part of a one-puzzle run; see docs/performance.md).

Checked without timing: a child process runs the plain command line and lists the modules loaded, and the
module-level imports of ours among them are read from their source. PySAT's own modules are left out,
but the default solvers are driven without them (solve/direct.py).
"""

from __future__ import annotations

import ast
import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BOARDS = {
    "numberlink": ROOT / "instances" / "numberlink" / "flowfree" / "extreme_10x10_01.txt",
    "slitherlink": ROOT / "instances" / "slitherlink" / "puzzlekit" / "1005_10x18.txt",
    "minesweeper": ROOT / "instances" / "minesweeper" / "seed" / "small-unsat.in",
}
NEVER_LOADED = {"click", "rich"}
NO_NUMPY = {"numberlink", "slitherlink"}
SLOW_AT_IMPORT = {"typing", "dataclasses", "inspect", "json", "pathlib", "re", "pysat"}
ALSO_SLOW_WITHOUT_NUMPY = {"enum", "signal", "contextlib", "ctypes", "tempfile"}
"""Loaded by numpy anyway, so they count only where numpy is not loaded (Minesweeper's forked children need them)."""
LEAN = {"numberlink", "slitherlink"}

LOOPY_BOARD = ROOT / "instances" / "slitherlink" / "tatham" / "hard_30x30.loopy"

DRIVER = """
import contextlib, io, sys
from satpuzzles.cli.app import main
with contextlib.redirect_stdout(io.StringIO()):
    status = main(sys.argv[1:])
modules = sorted(sys.modules)
import json  # after the list: json loads re
print(json.dumps([status, modules]))
"""


def loaded_modules(name: str, board: Path | None = None) -> tuple[int, list[str]]:
    """The exit status of ``satpuzzles NAME BOARD`` run plainly in a child process, and its modules."""
    done = subprocess.run([sys.executable, "-c", DRIVER, name, str(board or BOARDS[name])], capture_output=True,
                          text=True, timeout=120, check=True, cwd=ROOT)
    status, modules = json.loads(done.stdout.strip().splitlines()[-1])
    return status, modules


def imported_at_load(module: str) -> set[str]:
    """Top-level names of the modules ``module`` imports when it loads (not under TYPE_CHECKING, not in a def)."""
    spec = importlib.util.find_spec(module)
    assert spec is not None and spec.origin is not None
    tree = ast.parse(Path(spec.origin).read_text())
    found: set[str] = set()

    def visit(nodes: list[ast.stmt]) -> None:
        for node in nodes:
            if isinstance(node, ast.Import):
                found.update(alias.name.split(".")[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                found.add(node.module.split(".")[0])
            elif isinstance(node, ast.If):
                if not (isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING"):
                    visit(node.body)
                visit(node.orelse)
            elif isinstance(node, ast.Try):
                visit(node.body)
                for handler in node.handlers:
                    visit(handler.body)
                visit(node.orelse)
                visit(node.finalbody)

    visit(tree.body)
    return found


@pytest.mark.parametrize("name", sorted(BOARDS))
def test_a_plain_solve_loads_no_ui_library(name: str) -> None:
    status, modules = loaded_modules(name)
    assert status in (0, 1)
    top = {module.split(".")[0] for module in modules}
    assert not NEVER_LOADED & top
    if name in NO_NUMPY:
        assert "numpy" not in top
        assert "pysat.solvers" not in modules  # the default solver is driven directly (solve/direct.py)


def test_a_large_slitherlink_drives_its_configured_cadical_directly() -> None:
    """From 2,000 cells the default is 'cadical195 --inprocessing=0': its name must not cost PySAT's wrappers."""
    status, modules = loaded_modules("slitherlink", ROOT / "instances" / "slitherlink" / "tatham" / "hard_45x45.loopy")
    assert status == 0 and "pysat.solvers" not in modules


@pytest.mark.parametrize("name", sorted(BOARDS))
def test_our_modules_on_the_plain_path_import_nothing_slow(name: str) -> None:
    _, modules = loaded_modules(name)
    ours = [module for module in modules if module.startswith("satpuzzles")]
    assert "satpuzzles.core.spec" in ours
    unwanted = SLOW_AT_IMPORT | (ALSO_SLOW_WITHOUT_NUMPY if name in LEAN else set())
    slow = {module: sorted(imported_at_load(module) & unwanted) for module in ours}
    assert {module: names for module, names in slow.items() if names} == {}


def test_a_loopy_game_id_is_read_without_regular_expressions() -> None:
    status, modules = loaded_modules("slitherlink", LOOPY_BOARD)
    assert status == 0
    assert "re" not in modules  # 5 ms of a 50 ms solve


def test_the_check_sees_a_module_level_import() -> None:
    assert "dataclasses" in imported_at_load("satpuzzles.api")
    assert "typing" not in imported_at_load("satpuzzles.core.records")  # only under TYPE_CHECKING


@pytest.mark.parametrize("name", sorted(NO_NUMPY))
def test_detecting_the_puzzle_loads_no_numpy(name: str) -> None:
    status, modules = loaded_modules("solve", BOARDS[name])  # every puzzle's reader tries the file
    assert status == 0
    assert "satpuzzles.puzzles.minesweeper" in modules  # so Minesweeper's spec was loaded, and read it
    assert "numpy" not in {module.split(".")[0] for module in modules}
