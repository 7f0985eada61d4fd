"""The shape of the code: no import cycles, no click or rich below the CLI, no puzzle named in the core.

The import graph is read from the source with ``ast`` (imports inside functions count,
imports only for type checkers do not), so a cycle hidden in a function fails here.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from satpuzzles.core import registry
from tests.conftest import ROOT

PACKAGE = ROOT / "satpuzzles"
UI_LIBRARIES = ("click", "rich")
MAX_PUZZLE_MODULE_LINES = 400


def module_name(path: Path) -> str:
    """The dotted name of a source file under satpuzzles/."""
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def _type_checking_only(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _import_nodes(tree: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.If) and _type_checking_only(node):
            continue
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
        yield from _import_nodes(node)


def imports_of(name: str) -> set[str]:
    """Every module ``name`` imports at run time (satpuzzles submodules resolved, others by top package)."""
    found: set[str] = set()
    for node in _import_nodes(ast.parse(MODULES[name].read_text())):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        else:
            base = node.module or ""
            if node.level:
                anchor = name.split(".")[: -node.level] if not MODULES[name].name == "__init__.py" else name.split(".")
                base = ".".join([*anchor, base] if base else anchor)
            targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in MODULES else base for alias in node.names]
        for target in targets:
            found.add(target if target.startswith("satpuzzles") else target.split(".")[0])
    return found


GRAPH = {name: {target for target in imports_of(name) if target in MODULES} for name in MODULES}


def strongly_connected(graph: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's components of more than one module (or a module importing itself)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for successor in sorted(graph[node]):
            if successor not in index:
                visit(successor)
                low[node] = min(low[node], low[successor])
            elif successor in on_stack:
                low[node] = min(low[node], index[successor])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1 or node in graph[node]:
                components.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return components


def reachable(start: str) -> set[str]:
    """Every satpuzzles module ``start`` imports, directly or not (itself included)."""
    seen, todo = {start}, [start]
    while todo:
        for target in GRAPH[todo.pop()]:
            if target not in seen:
                seen.add(target)
                todo.append(target)
    return seen


def test_no_import_cycles() -> None:
    assert strongly_connected(GRAPH) == []


def test_cycle_detection_finds_a_cycle() -> None:
    assert strongly_connected({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


@pytest.mark.parametrize("root", ["satpuzzles.api", "satpuzzles.core.spec", "satpuzzles.core.registry",
                                  *(name for name in MODULES if name.startswith("satpuzzles.puzzles."))])
def test_api_specs_and_puzzles_import_no_ui_library(root: str) -> None:
    for module in reachable(root):
        used = imports_of(module) & set(UI_LIBRARIES)
        assert not used, f"{root} reaches {module}, which imports {sorted(used)}"


def test_ui_check_would_see_a_ui_import() -> None:
    assert "click" in imports_of("satpuzzles.cli.commands")


def _code_strings(tree: ast.AST) -> Iterator[str]:
    """String constants that are not docstrings."""
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
                  and node.body and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            yield node.value


def test_the_core_names_no_puzzle() -> None:
    names = set(registry.names())
    for module, path in MODULES.items():
        if module.startswith("satpuzzles.puzzles"):
            continue
        assert not any(target.startswith("satpuzzles.puzzles.") for target in GRAPH[module]), module
        named = [text for text in _code_strings(ast.parse(path.read_text())) if text.lower() in names]
        assert not named, f"{module} names {named}"


def test_puzzle_modules_read_in_one_sitting() -> None:
    long = {name: len(path.read_text().splitlines()) for name, path in MODULES.items()
            if name.startswith("satpuzzles.puzzles.")}
    assert {name: lines for name, lines in long.items() if lines > MAX_PUZZLE_MODULE_LINES} == {}


LIST_LAYERS = ["satpuzzles.cnf", "satpuzzles.cnf.model", "satpuzzles.solve.model", "satpuzzles.solve.loop", "satpuzzles.solve.pipeline",
               "satpuzzles.solve.explain", "satpuzzles.solve.backbone", "satpuzzles.geometry", "satpuzzles.core.registry",
               "satpuzzles.core.spec", "satpuzzles.present.svg", "satpuzzles.io.reading", "satpuzzles.present.report"]
"""Layers a puzzle built on lists uses: importing them must not import numpy (start-up time)."""


def _imported_by(code: str) -> set[str]:
    result = subprocess.run([sys.executable, "-c", f"import sys; {code}; print(' '.join(sorted(sys.modules)))"],
                            capture_output=True, text=True, timeout=60, check=True)
    return set(result.stdout.split())


def test_shared_layers_import_no_numpy() -> None:
    modules = _imported_by("; ".join(f"import {name}" for name in LIST_LAYERS))
    assert "numpy" not in modules and "rich" not in modules


def test_the_command_line_loads_no_puzzle_and_no_solver_up_front() -> None:
    modules = _imported_by("from satpuzzles.cli.app import main; from satpuzzles.core import registry; registry.names()")
    heavy = {name for name in modules if name.split(".")[0] in ("numpy", "rich", "pysat")}
    assert heavy == set() and not any(name.startswith("satpuzzles.puzzles") for name in modules)


def test_ruff_finds_nothing() -> None:
    """Unused imports and variables, undefined names, syntax errors: none (the rules in pyproject.toml)."""
    done = subprocess.run([sys.executable, "-m", "ruff", "check", "--output-format", "concise", "satpuzzles", "tests",
                           "bench", "examples"], cwd=ROOT, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr


def test_mypy_finds_nothing() -> None:
    """The package and the example plugin type-check (mypy, pinned in the test extra; settings in pyproject.toml)."""
    done = subprocess.run([sys.executable, "-m", "mypy"], cwd=ROOT, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_model_keeps_its_first_import_path_for_plugins() -> None:
    from satpuzzles.cnf.model import Model
    from satpuzzles.solve.model import Model as FirstName

    assert FirstName is Model
