"""Masyu --analyze against brute force: every link forced on, forced off or undetermined across all loops.

The plugin adds only its encoding's decisions and an analysis view; the backbone search is the
framework's (satpuzzles.solve.analysis), run here on boards whose models can carry circle-free
loops beside their solution.
"""

from __future__ import annotations

import json
import random

import pytest
from masyu_testing import brute_force, random_instance, run_cli, solve_masyu
from satpuzzles_masyu.formats import to_json
from satpuzzles_masyu.model import MasyuInstance

from satpuzzles.core.outcome import Settings
from satpuzzles.geometry import Grid

SIZES = [(2, 2), (2, 3), (3, 3), (3, 4), (4, 4), (4, 5)]


def expected(instance: MasyuInstance) -> dict:
    loops = brute_force(instance)
    states = {}
    for link in instance.grid.links():
        made = {link in loop for loop in loops}
        states[link] = "undetermined" if len(made) == 2 else "true" if made == {True} else "false"
    return states


@pytest.mark.parametrize("seed", range(60))
def test_analysis_agrees_with_brute_force(seed: int) -> None:
    rng = random.Random(900 + seed)
    instance = random_instance(rng, *SIZES[seed % len(SIZES)])
    outcome = solve_masyu(instance, Settings(analyze=True))
    if not brute_force(instance):
        assert outcome.status == "unsolvable" and outcome.analysis is None
        return
    assert outcome.analysis is not None and outcome.analysis.states() == expected(instance)


def test_no_circles_leaves_every_link_undetermined() -> None:
    instance = MasyuInstance(Grid(3, 3), {})
    outcome = solve_masyu(instance, Settings(analyze=True))
    assert outcome.analysis is not None and outcome.analysis.states() == expected(instance)


def test_cli_analyze_board_json_and_svg(tmp_path) -> None:
    text = "5 5\n.....\nw..b.\n.....\nw....\n..w..\n"
    board = run_cli("masyu", "-i", "-", "--analyze", stdin=text)
    assert board.code == 0 and "─ forced on   × forced off   ┄ undetermined" in board.out
    assert "Unique = True" in board.out and "Grade = " in board.out
    picture = tmp_path / "analysis.svg"
    record = json.loads(run_cli("masyu", "-i", "-", "--analyze", "--format", "json", "--svg", str(picture),
                                stdin=text).out)
    analysis = record["analysis"]
    assert analysis["counts"] == {"on": len(analysis["on"]), "off": len(analysis["off"]), "undetermined": 0}
    assert analysis["grade"]["level"] in ("easy", "medium", "hard", "needs search")
    svg = picture.read_text()
    assert svg.count('class="forced-on"') == len(analysis["on"])
    assert svg.count('class="forced-off"') == len(analysis["off"])
    assert to_json(MasyuInstance(Grid(5, 5), {}))  # the plugin's JSON codec still serves --format json input
