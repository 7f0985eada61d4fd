"""Shared test helpers: paths, running the real CLI, golden files."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from hypothesis import settings

from satpuzzles.testing import Driver, Run, run_cli

__all__ = ["GOLDEN", "INSTANCES", "ROOT", "Driver", "Run", "drain_terminal", "mask_timings", "run_cli"]

ROOT = Path(__file__).resolve().parent.parent
INSTANCES = ROOT / "instances"
GOLDEN = Path(__file__).resolve().parent / "golden"

# The same random boards on every run, so a run of `make test` is reproducible (CI must not fail one time in
# five); `HYPOTHESIS_PROFILE=explore` draws new boards each run, to look for bugs the fixed ones miss.
settings.register_profile("fixed", derandomize=True, database=None)
settings.register_profile("explore")
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "fixed"))


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--update-goldens", action="store_true", help="Rewrite tests/golden/ from current output.")


def drain_terminal(leader: int) -> bytes:
    """Everything drawn on a pty until the process on it closes it (read as it comes, so it never blocks)."""
    drawn = b""
    while True:
        try:
            chunk = os.read(leader, 65536)
        except OSError:  # the process has closed the terminal
            break
        if not chunk:
            break
        drawn += chunk
    os.close(leader)
    return drawn


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

