"""Helpers for testing satpuzzles and its plugins: the real CLI in-process, and a puzzle driven by its spec.

A plugin's tests import these (``from satpuzzles.testing import run_cli, Driver``) instead of
copying them. Nothing here mocks anything: ``run_cli`` runs the real entry point, and
``Driver`` the real readers, pipeline and solvers.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from click.testing import CliRunner

from satpuzzles.cli.app import main
from satpuzzles.core import registry
from satpuzzles.core.outcome import Outcome, Settings
from satpuzzles.core.spec import stream_seed
from satpuzzles.io.reading import read_instances
from satpuzzles.solve.pipeline import solve


@dataclass
class Run:
    """What one CLI invocation printed and returned."""

    code: int
    out: str
    err: str


def run_cli(*args: object, stdin: str | None = None) -> Run:
    """Run the real ``satpuzzles`` entry point in-process, capturing its streams."""
    runner = CliRunner()
    with runner.isolation(input=stdin) as streams:
        code = main([str(a) for a in args])
        out, err = streams[0].getvalue(), streams[1].getvalue()
    return Run(int(code), out.decode(errors="surrogateescape"), err.decode(errors="surrogateescape"))  # bytes of odd file names kept


class Driver:
    """A registered puzzle's spec driven directly (read, solve, verify, generate), below the CLI."""

    def __init__(self, name: str) -> None:
        self.spec = registry.get(name)
        self.name = name

    def parse(self, text: str, input_format: str = "auto") -> list[Any]:
        """Every instance in ``text``."""
        return read_instances(self.spec, text, input_format, named=True)

    def solve(self, instance: Any, settings: Settings) -> Outcome[Any]:
        """The pipeline's outcome for ``instance`` (every solution verified)."""
        return solve(self.spec.rules, instance, settings, self.name)

    def verify(self, instance: Any, solution: Any) -> list[str]:
        """The rules ``solution`` breaks."""
        return self.spec.rules.verify(instance, solution)

    def generate(self, rows: int, cols: int, seed: int | None, options: dict[str, Any]) -> str:
        """A generated puzzle's text (the generator's option defaults filled in)."""
        generator = self.spec.generator
        if generator is None:
            raise ValueError(f"{self.name} has no generator")
        values = {option.name: option.default for option in generator.options}
        values.update(options)
        return generator.make(rows, cols, stream_seed(seed), values, lambda text: None)

    def result_file(self, instance: Any, solution: Any) -> str:
        """The ``-r`` file's text."""
        from satpuzzles.present.report import result_text

        return result_text(self.spec, instance, solution)
