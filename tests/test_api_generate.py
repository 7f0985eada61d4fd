"""satpuzzles.generate: the generator's warnings reach the caller, and what it makes loads back."""

from __future__ import annotations

import warnings

import pytest

import satpuzzles
from satpuzzles.core.errors import GeneratorWarning
from tests.conftest import run_cli


@pytest.mark.parametrize(("options", "arguments"), [
    ({"difficulty": "hard", "url": True}, ["--difficulty", "hard", "--url"]),
    ({"no_self_touch": True, "url": True}, ["--no-self-touch", "--url"]),
])
def test_the_warnings_the_cli_prints_are_generator_warnings(options: dict, arguments: list[str]) -> None:
    with pytest.warns(GeneratorWarning) as caught:
        made = satpuzzles.generate("numberlink", 5, 5, seed=3, **options)
    cli = run_cli("generate", "numberlink", "5", "5", "--seed", "3", *arguments)
    assert cli.code == 0 and cli.out == made
    assert cli.err == "".join(f"satpuzzles: warning: {warning.message}\n" for warning in caught)
    assert all(warning.filename == __file__ for warning in caught)  # the caller's line, not the generator's


def test_a_puzzle_made_as_asked_warns_of_nothing() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        satpuzzles.generate("numberlink", 5, 5, seed=3, url=True)
