"""Shared test helpers: paths, running the real CLI, golden files."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner

from satpuzzles.cli.app import main

ROOT = Path(__file__).resolve().parent.parent
INSTANCES = ROOT / "instances"
GOLDEN = Path(__file__).resolve().parent / "golden"


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--update-goldens", action="store_true", help="Rewrite tests/golden/ from current output.")


@dataclass
class Run:
    """What one CLI invocation printed and returned."""

    code: int
    out: str
    err: str


def run_cli(*args: str, stdin: str | None = None) -> Run:
    """Run the real ``satpuzzles`` entry point in-process, capturing its streams."""
    runner = CliRunner()
    with runner.isolation(input=stdin) as streams:
        code = main([str(a) for a in args])
        out, err = streams[0].getvalue(), streams[1].getvalue()
    return Run(int(code), out.decode(), err.decode())


def mask_timings(text: str) -> str:
    """Replace run-dependent seconds so output can be compared with a golden file."""
    return re.sub(r"sat real time = [0-9.]+ s", "sat real time = <t> s", text)


@pytest.fixture
def golden(request: pytest.FixtureRequest):
    """Compare text with tests/golden/NAME, or rewrite it under --update-goldens."""

    def check(name: str, text: str) -> None:
        path = GOLDEN / name
        if request.config.getoption("--update-goldens"):
            path.write_text(text, encoding="utf-8")
        assert path.exists(), f"no golden file {path.name}: run pytest --update-goldens and review it"
        assert text == path.read_text(encoding="utf-8")

    return check


class Driver:
    """A registered puzzle's spec driven directly (read, solve, verify, generate), for tests below the CLI."""

    def __init__(self, name: str) -> None:
        from satpuzzles.core import registry

        self.spec = registry.get(name)
        self.name = name

    def parse(self, text: str, input_format: str = "auto") -> list:
        """Every instance in ``text``."""
        from satpuzzles.io.reading import read_instances

        return read_instances(self.spec, text, input_format)

    def solve(self, instance, settings):
        """The pipeline's outcome for ``instance`` (every solution verified)."""
        from satpuzzles.solve.pipeline import solve

        return solve(self.spec.rules, instance, settings, self.name)

    def verify(self, instance, solution) -> list[str]:
        """The rules ``solution`` breaks."""
        return self.spec.rules.verify(instance, solution)

    def generate(self, rows: int, cols: int, seed: int | None, options: dict) -> str:
        """A generated puzzle's text (the generator's option defaults filled in)."""
        generator = self.spec.generator
        values = {option.name: option.default for option in generator.options}
        values.update(options)
        return generator.make(rows, cols, seed, values, lambda text: None)

    def result_file(self, instance, solution) -> str:
        """The ``-r`` file's text."""
        return self.spec.view.result_file(instance, solution)
