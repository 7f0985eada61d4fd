"""The contract every registered puzzle keeps, built-in or plugin: run over the registry, never a fixed list.

Its examples parse, solve, verify by its own rules, round-trip through JSON and its
writers, print as text, coloured board and SVG, and go through the real CLI.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

import satpuzzles
from satpuzzles.core import registry
from satpuzzles.core.outcome import Settings
from satpuzzles.core.spec import PuzzleSpec
from satpuzzles.io.reading import read_instances
from tests.conftest import run_cli

NAMES = registry.names()
EXAMPLES = [(name, index) for name in NAMES for index in range(len(registry.get(name).examples))]


def spec(name: str) -> PuzzleSpec[Any, Any]:
    """The registered puzzle."""
    return registry.get(name)


def example(name: str, index: int) -> str:
    """One of the puzzle's own examples."""
    return spec(name).examples[index]


def test_the_built_in_puzzles_and_the_example_plugin_are_registered() -> None:
    """The example plugin is expected only where it is installed (``pip install .`` alone leaves it out)."""
    from importlib.util import find_spec

    expected = {"numberlink", "minesweeper", "slitherlink"}
    if find_spec("satpuzzles_masyu") is not None:
        expected.add("masyu")
    assert expected <= set(NAMES)
    assert registry.load_warnings() == []


@pytest.mark.parametrize("name", NAMES)
def test_spec_is_complete(name: str) -> None:
    puzzle = spec(name)
    assert puzzle.summary and puzzle.rules_text and puzzle.examples
    assert all(reader.summary for reader in puzzle.readers)
    for option in [*puzzle.options, *(puzzle.generator.options if puzzle.generator else ())]:
        assert option.name.isidentifier() and option.help and all(flag.startswith("--") for flag in option.flags)


@pytest.mark.parametrize(("name", "index"), EXAMPLES)
def test_example_solves_and_verifies(name: str, index: int) -> None:
    puzzle = satpuzzles.load(example(name, index), puzzle=name)
    result = puzzle.solve(count=2)
    assert result.status in ("solved", "unsolvable")
    for solution in result.solutions:
        assert puzzle.verify(solution) == []
    if result.status == "solved":
        assert result.board() and result.text().startswith(name.capitalize())


@pytest.mark.parametrize(("name", "index"), EXAMPLES)
def test_example_round_trips_through_json_and_writers(name: str, index: int) -> None:
    puzzle = spec(name)
    (instance,) = read_instances(puzzle, example(name, index))
    if puzzle.json is not None:
        data = puzzle.json.to_json(instance)
        envelope = json.dumps({"puzzle": name, "input": data})
        (again,) = read_instances(puzzle, envelope)
        assert puzzle.json.to_json(again) == data
    for writer in puzzle.writers:
        try:
            written = writer.write(instance)
        except ValueError as exc:  # what the form cannot hold (a Minesweeper total in a puzz.link URL): one line
            assert str(exc) and "\n" not in str(exc), (writer.name, str(exc))
            continue
        (again,) = read_instances(puzzle, written)
        assert writer.write(again) == written


@pytest.mark.parametrize("name", NAMES)
def test_every_writer_writes_some_example(name: str) -> None:
    """A writer may refuse what its form cannot hold, but not every example: one that refused all would pass
    the round trip above while writing nothing."""
    puzzle = spec(name)
    instances = [read_instances(puzzle, text)[0] for text in puzzle.examples]
    for writer in puzzle.writers:
        written = []
        for instance in instances:
            try:
                written.append(writer.write(instance))
            except ValueError:
                continue
        assert written, f"{name}'s --to-{writer.name} refuses every example"


@pytest.mark.parametrize(("name", "index"), EXAMPLES)
def test_example_prints_in_every_view(name: str, index: int) -> None:
    puzzle = spec(name)
    (instance,) = read_instances(puzzle, example(name, index))
    outcome = satpuzzles.load(example(name, index), puzzle=name).solve().outcome
    view, settings = puzzle.view, Settings()
    assert view.text(instance, None, settings, ())
    assert set(view.facts(instance)) >= {"width", "height"}
    if outcome.solution is not None:
        assert view.text(instance, outcome.solution, settings, ()) != ""
        json.dumps(view.solution_json(instance, outcome.solution, settings))
    if view.styled is not None:
        board = view.styled(instance, outcome.solution, settings, ())
        assert all(isinstance(text, str) and isinstance(style, str) for line in board for text, style in line)
    if view.svg is not None:
        assert view.svg(instance, outcome, settings).startswith("<?xml")
    if view.draws_puzzle:  # the puzzle to publish: its name and size, no words about solutions
        picture = view.puzzle_picture(instance, settings)
        assert picture.startswith("<?xml") and re.search(r"<title>[^<:]*</title>", picture)


@pytest.mark.parametrize(("name", "index"), EXAMPLES)
def test_example_through_the_cli(name: str, index: int, tmp_path: Path) -> None:
    source = tmp_path / "puzzle.txt"
    source.write_text(example(name, index))
    text = run_cli(name, source)
    assert text.code in (0, 1) and text.err == "" and name.capitalize() in text.out
    record = json.loads(run_cli(name, "-i", source, "--format", "json", "--unique").out)
    assert record["puzzle"] == name and record["status"] in ("solved", "unsolvable")
    assert record["stats"]["method"] in spec(name).methods
    dimacs = tmp_path / "formula.cnf"
    assert run_cli(name, "-i", source, "-o", dimacs, "--timeout", "20").code in (0, 1)
    assert "p cnf" in dimacs.read_text()
    batch = run_cli("batch", source, "--puzzle", name, "-j", "1")
    assert batch.code == 0 and name in batch.out


@pytest.mark.parametrize("name", NAMES)
def test_bad_input_is_one_located_line(name: str) -> None:
    result = run_cli(name, "-i", "-", stdin="\u2603\n")
    assert result.code == 2 and result.err.count("\n") == 1 and "<stdin>" in result.err


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize(("command", "feature", "has"), [("play", "game to play in the terminal", "game"),
                                                          ("generate", "generator", "generator")])
def test_a_puzzle_without_a_game_or_generator_is_told_so(name: str, command: str, feature: str, has: str) -> None:
    """``play masyu`` said click's "No such command 'masyu'", as for a puzzle that does not exist."""
    if getattr(spec(name), has) is not None:
        pytest.skip(f"{name} has a {has}")
    refused = run_cli(command, name, "3", "3")
    having = [other for other in NAMES if getattr(spec(other), has) is not None]
    assert refused.code == 2 and refused.out == "" and refused.err.count("\n") == 1
    assert f"{spec(name).heading} has no {feature}; the puzzles with one: {', '.join(having)}" in refused.err
    assert "No such command" not in refused.err
    unknown = run_cli(command, "no_such_puzzle")  # a name that is no puzzle is still click's unknown command
    assert unknown.code == 2 and "No such command 'no_such_puzzle'" in unknown.err
