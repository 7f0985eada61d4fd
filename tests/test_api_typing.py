"""The API's names are listed and typed for users' tools, though imported only on first use."""

from __future__ import annotations

import subprocess
import sys
import tomllib

import satpuzzles
from tests.conftest import ROOT


def test_dir_lists_the_api_without_importing_it() -> None:
    assert set(satpuzzles.__all__) <= set(dir(satpuzzles))
    listed = subprocess.run([sys.executable, "-c", "import satpuzzles, sys; names = dir(satpuzzles); "
                             "print('load' in names, 'satpuzzles.api' in sys.modules)"],
                            cwd=ROOT, capture_output=True, text=True, check=True)
    assert listed.stdout.split() == ["True", "False"]


def test_the_package_is_marked_typed_and_ships_the_marker() -> None:
    assert (ROOT / "satpuzzles" / "py.typed").is_file()
    package_data = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]
    assert "py.typed" in package_data["satpuzzles"]


def test_type_checkers_see_the_api_through_the_package(tmp_path) -> None:
    """What ``satpuzzles.load`` returns is a Puzzle to mypy, not Any (which accepts anything)."""
    program = tmp_path / "use.py"
    program.write_text("import satpuzzles\n"
                       "puzzle: int = satpuzzles.load('x')\n"
                       "found: str = satpuzzles.load('x').solve().exhausted\n")
    done = subprocess.run([sys.executable, "-m", "mypy", "--cache-dir", str(tmp_path / "cache"), str(program)],
                          cwd=ROOT, capture_output=True, text=True, check=False)  # the settings of pyproject.toml
    assert done.returncode == 1
    assert 'expression has type "Puzzle", variable has type "int"' in done.stdout
    assert 'expression has type "bool", variable has type "str"' in done.stdout
