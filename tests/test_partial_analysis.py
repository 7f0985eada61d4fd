"""--analyze cut by --timeout shows what it had decided: the partial reports agree with the complete analysis."""

from __future__ import annotations

import json
import re

import pytest

import satpuzzles
import satpuzzles.solve.analysis as analysis_module
from satpuzzles.core import registry
from satpuzzles.core.outcome import Analysis, Settings
from satpuzzles.solve.deadline import solve_within_limit
from satpuzzles.solve.pipeline import solve
from tests.conftest import INSTANCES, run_cli

JANKO = INSTANCES / "numberlink" / "janko-arukone" / "janko.txt"
OPEN = {"rules": "open", "no_self_touch": False, "encoding": "auto"}


def test_a_partial_analysis_decides_uniqueness_only_from_what_it_found() -> None:
    complete = Analysis(forced_true=[1], forced_false=[2], undetermined=[])
    assert not complete.partial and complete.unique is True
    assert Analysis([1], [2], [3], undecided=[4]).unique is False  # two solutions differ on 3: not unique
    cut = Analysis([1], [2], [], undecided=[4])
    assert cut.partial and cut.unique is None and cut.states() == {1: "true", 2: "false", 4: "undecided"}


@pytest.mark.parametrize(("puzzle", "source", "extras"), [
    ("numberlink", "janko #1", OPEN),
    ("slitherlink", "4 4\n. . . .\n. 3 . .\n. . . .\n. . . .\n", {}),
], ids=["numberlink-open", "slitherlink"])
def test_every_partial_report_is_part_of_the_complete_analysis(monkeypatch: pytest.MonkeyPatch, puzzle: str,
                                                               source: str, extras: dict) -> None:
    """Each report the --timeout parent may keep: forced and undetermined keys as the end result says, the rest
    undecided, every key once."""
    monkeypatch.setattr(analysis_module, "PROGRESS_EVERY", 0.0)  # every step reported
    spec = registry.get(puzzle)
    if source.startswith("janko"):
        instance = satpuzzles.read(JANKO)[0].instance
    else:
        instance = satpuzzles.load(source, puzzle=puzzle).instance
    reports: list[Analysis] = []
    settings = Settings(analyze=True, extras={**{o.name: o.default for o in spec.options}, **extras},
                        on_progress=lambda kind, found, stats: reports.append(found) if kind == "analysis" else None)
    final = solve(spec.rules, instance, settings, puzzle).analysis
    assert final is not None and final.undetermined  # not unique: witnesses found one by one
    partials = [report for report in reports if report.partial]
    assert len(partials) >= 3
    assert not reports[-1].partial and set(reports[-1].undetermined) == set(final.undetermined)  # before grading
    truth = final.states()
    for report in reports:
        keys = [*report.forced_true, *report.forced_false, *report.undetermined, *report.undecided]
        assert len(keys) == len(set(keys)) == len(truth)
        for key, state in report.states().items():
            assert state == "undecided" or state == truth[key]
    assert len(partials[0].undecided) > len(partials[-1].undecided)  # it grows


def test_the_cli_shows_an_analysis_cut_by_the_timeout() -> None:
    """Janko #22 under open takes its analysis about 20 s; at 4 s the witnesses are found and the proof runs."""
    text = run_cli("numberlink", JANKO, "--index", "22", "--rules", "open", "--analyze", "--timeout", "4")
    assert text.code == 0, text.err
    assert "Analysis = partial (timed out after 4 s; " in text.out and re.search(r" \d+ decisions? undecided\)", text.out)
    assert "undetermined, " in text.out and " undecided\n" in text.out  # on the Links line
    assert "blank: undecided (timed out)" in text.out
    assert "Grade" not in text.out and "Unique = False" in text.out
    envelope = json.loads(run_cli("numberlink", JANKO, "--index", "22", "--rules", "open", "--analyze",
                                  "--timeout", "4", "--format", "json").out)
    analysis = envelope["analysis"]
    assert envelope["status"] == "solved" and envelope["unique"] is False and analysis["grade"] is None
    assert envelope["stats"]["method"] == "cnf"  # set by the solve the timeout cut short, as by a finished one
    assert analysis["counts"]["undecided"] == len(analysis["undecided"]) > 0
    assert analysis["counts"]["undetermined"] > 0 and "undecided" in analysis["cells"]["counts"]


def test_a_view_that_cannot_show_undecided_decisions_gets_no_partial_analysis() -> None:
    spec = registry.get("numberlink")
    instance = satpuzzles.read(JANKO)[21].instance
    settings = Settings(analyze=True, timeout=2, extras={**{o.name: o.default for o in spec.options}, **OPEN})
    outcome = solve_within_limit(spec.rules, instance, settings, "numberlink")  # partial_analysis=False
    assert outcome.status == "solved" and outcome.analysis is None and outcome.message == "timed out after 2 s"
