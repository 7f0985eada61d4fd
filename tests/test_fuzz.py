"""Property tests for the readers of every registered puzzle (plugins too), bounded and deterministic for CI.

Any bytes, in any format a puzzle reads, give puzzles or one located error line, never
an exception; small puzzles read are solved with verified answers; the command line
answers with an exit status of the contract and at most one line on standard error.
The long campaign (tens of thousands of inputs, timings) is bench/fuzz_campaign.py.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import run_cli
from tests.fuzzing import check_cli, check_input, formats, mutate, names, noise, seeds

BOUNDED = settings(derandomize=True, deadline=None, database=None, max_examples=25,
                   suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
"""Fixed examples (the same on every run) and no time limits: a loaded machine changes nothing."""

PAIRS = [(name, input_format) for name in names() for input_format in formats(name)]
SEEDS = {name: seeds(name) for name in names()}


@pytest.mark.parametrize(("name", "input_format"), PAIRS)
@BOUNDED
@given(rng=st.randoms(use_true_random=False))
def test_any_text_is_read_or_refused_on_one_located_line(name: str, input_format: str, rng) -> None:
    verdict = check_input(name, noise(rng, name), input_format)
    assert verdict.kind != "bug", verdict.detail


@pytest.mark.parametrize("name", names())
@settings(BOUNDED, max_examples=400)
@given(rng=st.randoms(use_true_random=False))
def test_mutated_real_puzzles_are_read_or_refused(name: str, rng) -> None:
    data = mutate(rng.choice(SEEDS[name]), rng)
    verdict = check_input(name, data)
    assert verdict.kind != "bug", f"{verdict.detail} for {data[:200]!r}"


@pytest.mark.parametrize("name", names())
@settings(BOUNDED, max_examples=60)
@given(rng=st.randoms(use_true_random=False))
def test_the_command_line_answers_mutants_within_the_contract(name: str, rng) -> None:
    data = mutate(rng.choice(SEEDS[name]), rng)
    verdict = check_cli(run_cli, name, data)
    assert verdict.kind != "bug", f"{verdict.detail} for {data[:200]!r}"


@pytest.mark.parametrize("name", names())
def test_every_seed_itself_is_read(name: str) -> None:
    for data in SEEDS[name]:
        assert check_input(name, data, solve_small=False).kind == "read", data[:200]
