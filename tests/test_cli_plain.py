"""The plain command lines served without click (``satpuzzles PUZZLE SOURCE``, ``satpuzzles solve SOURCE``,
``--version``) mean exactly what click makes of them: the same settings, the same output and exit status, for every registered puzzle."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from satpuzzles.cli.app import VERSION_LINE, plain_command
from satpuzzles.cli.commands import cli
from satpuzzles.cli.puzzle_command import plain_options, puzzle_command
from satpuzzles.cli.settings import settings_from
from satpuzzles.cli.solve import solve_command
from satpuzzles.cli.solve_run import plain_solve_options
from satpuzzles.core import registry
from satpuzzles.testing import run_cli

NAMES = sorted(registry.puzzles())


def untimed(report: str) -> str:
    """A report with its measured seconds blanked."""
    return re.sub(r"time = [0-9.]+ s", "time = * s", report)


def example_file(tmp_path: Path, name: str, index: int = 0) -> Path:
    """One of the puzzle's own examples, in a file."""
    path = tmp_path / f"{name}_{index}.txt"
    path.write_text(registry.get(name).examples[index])
    return path


def clicked_and_plain(command: str, name: str, source: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """The options click gives ``satpuzzles COMMAND SOURCE`` (COMMAND: the puzzle's own or ``solve``), and the plain
    path's."""
    spec = registry.get(name)
    made = solve_command() if command == "solve" else puzzle_command(spec)
    with made.make_context(command, [source]) as ctx:
        clicked = dict(ctx.params)
    return clicked, plain_solve_options(source) if command == "solve" else plain_options(spec, source)


@pytest.mark.parametrize("own", [True, False], ids=["own command", "solve"])
@pytest.mark.parametrize("name", NAMES)
def test_plain_options_give_the_settings_click_gives(name: str, own: bool, tmp_path: Path) -> None:
    clicked, plain = clicked_and_plain(name if own else "solve", name, str(example_file(tmp_path, name)))
    assert {key: clicked[key] for key in plain} == plain
    spec = registry.get(name)
    assert settings_from(spec, plain) == settings_from(spec, clicked)


@pytest.mark.parametrize("own", [True, False], ids=["own command", "solve"])
@pytest.mark.parametrize("name", NAMES)
def test_plain_run_prints_what_the_click_run_prints(name: str, own: bool, tmp_path: Path) -> None:
    command = name if own else "solve"
    for index in range(len(registry.get(name).examples)):
        source = str(example_file(tmp_path, name, index))
        plain = run_cli(command, source)
        clicked = run_cli(command, "--", source)  # an option-like word: click parses this one
        assert (plain.code, untimed(plain.out), plain.err) == (clicked.code, untimed(clicked.out), clicked.err)


def test_plain_solve_reports_bad_sources_as_click_solve_does(tmp_path: Path) -> None:
    garbage = tmp_path / "garbage.txt"
    garbage.write_text("this is not a puzzle\n")
    for source in (str(tmp_path / "absent.txt"), str(garbage), "https://puzz.link/p?nosuchtype/3/3/abc"):
        plain = run_cli("solve", source)
        clicked = run_cli("solve", "--", source)
        assert plain.code == clicked.code == 2
        assert plain.err == clicked.err and plain.err.startswith("satpuzzles: error:")


def test_plain_version_is_clicks() -> None:
    clicked = CliRunner().invoke(cli, ["--version"], prog_name="satpuzzles")
    plain = run_cli("--version")
    assert (plain.code, plain.out, plain.err) == (clicked.exit_code, clicked.stdout, "")
    assert plain.out == VERSION_LINE + "\n"


def test_what_the_plain_path_takes() -> None:
    assert plain_command(["numberlink", "board.txt"]) == ("numberlink", "board.txt")
    for argv in (["numberlink"], ["numberlink", "-"], ["numberlink", "--", "x"], ["numberlink", "x", "--unique"],
                 ["batch", "x"], ["generate", "numberlink"], ["numberlink", ""], ["-v", "x"]):
        assert plain_command(argv) is None


def test_unknown_puzzle_and_missing_file_still_report_as_before(tmp_path: Path) -> None:
    unknown = run_cli("nosuchpuzzle", "x.txt")
    assert unknown.code == 2 and "No such command 'nosuchpuzzle'" in unknown.err
    missing = run_cli("numberlink", str(tmp_path / "absent.txt"))
    assert missing.code == 2 and missing.err.startswith("satpuzzles: error:")
    assert missing.err == run_cli("numberlink", "--", str(tmp_path / "absent.txt")).err


@pytest.mark.parametrize("command", ["numberlink", "solve"])
def test_a_plain_run_imports_no_click(command: str, tmp_path: Path) -> None:
    source = example_file(tmp_path, "numberlink")
    code = (f"import sys; from satpuzzles.cli.app import main; status = main([{command!r}, {str(source)!r}]); "
            "print(status, 'click' in sys.modules, file=sys.stderr)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True)
    assert done.stderr.split() == ["0", "False"]
