"""satpuzzles.generate: the generator's warnings reach the caller, and what it makes loads back."""

from __future__ import annotations

import warnings

import pytest

import satpuzzles
from satpuzzles.core import registry
from satpuzzles.core.errors import GeneratorWarning, InputError, UsageError
from tests.conftest import run_cli


@pytest.mark.parametrize(("options", "arguments"), [
    ({"difficulty": "hard", "url": True}, ["--difficulty", "hard", "--url"]),
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


GENERATED = [name for name in satpuzzles.puzzle_names() if registry.get(name).generator is not None]


@pytest.mark.parametrize("puzzle", GENERATED)
@pytest.mark.parametrize(("rows", "cols"), [(4, 4), (8, 8), (3, 7)])
def test_what_generate_makes_loads_back_as_its_puzzle(puzzle: str, rows: int, cols: int) -> None:
    """A small Minesweeper board of '?' and counts up to 4, or a Numberlink grid of '.' and small labels, is
    also a Slitherlink grid: the text names its puzzle, so load() needs no puzzle= (it did for 29 of 30 boards)."""
    for seed in range(8 if puzzle == "minesweeper" else 3):
        made = satpuzzles.generate(puzzle, rows, cols, seed=seed)
        loaded = satpuzzles.load(made)
        assert loaded.name == puzzle and (loaded.facts["height"], loaded.facts["width"]) == (rows, cols)
        assert loaded.to_json() == satpuzzles.load(made, puzzle=puzzle).to_json()


def test_generates_text_reads_back_through_the_cli_too(tmp_path) -> None:
    board = tmp_path / "board.txt"
    board.write_text(run_cli("generate", "minesweeper", "8", "8", "--seed", "1").out)
    assert satpuzzles.generate("minesweeper", 8, 8, seed=1) == board.read_text()
    without = "".join(line for line in board.read_text().splitlines(keepends=True) if not line.startswith("#"))
    with pytest.raises(InputError, match="reads as minesweeper and slitherlink"):
        satpuzzles.load(without)
    solved = run_cli("solve", board)
    assert solved.code == 0 and solved.out.startswith("Minesweeper")


@pytest.mark.parametrize(("puzzle", "size", "options", "said"), [
    ("minesweeper", (4, 4), {"mine_count": 5, "mine_density": 0.3}, "mine_count=5 and mine_density=0.3 both set"),
    ("minesweeper", (4, 4), {"mine_count": 100}, "mine_count=100: a board of 4 rows x 4 columns has 16 cells"),
    ("minesweeper", (4, 4), {"no_guess": True, "unique_board": True}, "no_guess makes a game, unique_board a puzzle"),
    ("minesweeper", (4, 4), {"unique_board": True, "reveal_density": 0.5}, "reveal_density is for random boards"),
    ("minesweeper", (4, 4), {"no_guess": True, "first_click": "9,9"}, "first_click='9,9' is outside the board of 4 rows x 4 columns"),
    ("minesweeper", (4, 4), {"unique_board": True, "mine_count": 16}, "(unique_board reveals counts); lower mine_count"),
    ("minesweeper", (4, 4), {"unique_board": True, "mine_count": 13}, "mine_count=13 leaves 3 safe cells"),
    ("minesweeper", (5, 5), {"no_guess": True, "mine_count": 17}, "mine_count=17: 17 mines do not fit"),
    ("minesweeper", (5, 5), {"no_guess": True, "mine_density": 0.99}, "mine_density=0.99: 25 mines do not fit"),
    ("numberlink", (5, 5), {"allow_short_paths": True, "min_length": 5},
     "allow_short_paths is min_length=2, which min_length=5 contradicts"),
    ("minesweeper", (4, 4), {"mine_count": 5, "mine_density": 0.2}, "mine_count=5 and mine_density=0.2 both set"),
    ("minesweeper", (4, 4), {"no_guess": True, "reveal_density": 0.3}, "reveal_density is for random boards"),
    ("numberlink", (5, 5), {"allow_short_paths": True, "min_length": 3},
     "allow_short_paths is min_length=2, which min_length=3 contradicts"),
])
def test_generator_refusals_name_the_keyword_arguments(puzzle: str, size: tuple[int, int], options: dict,
                                                       said: str) -> None:
    with pytest.raises(UsageError) as refused:
        satpuzzles.generate(puzzle, *size, seed=1, **options)
    assert said in str(refused.value) and "--" not in str(refused.value)
