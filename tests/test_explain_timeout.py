"""--explain cut by --timeout names the smallest unsolvable set found by then, said not to be minimal: every set
the minimisation reports on the way is unsolvable, and the --timeout parent shows the last one."""

from __future__ import annotations

from collections.abc import Hashable

import pytest

import satpuzzles.solve.explain as explain_module
from satpuzzles.core import registry
from satpuzzles.core.outcome import Settings, SolveStats
from satpuzzles.present.report import NOT_MINIMAL, json_record, status_lines
from satpuzzles.present.svg import outcome_state
from satpuzzles.puzzles.slitherlink.model import SlitherlinkInstance
from satpuzzles.solve.deadline import timed_out_outcome
from satpuzzles.solve.isolation import Superseding, Timeout
from tests.conftest import Driver
from tests.test_slitherlink import GENERATED_20

PUZZLE = Driver("slitherlink")


def changed_board() -> SlitherlinkInstance:
    """The generated 20x20 with its clue at (4, 18) changed from 1 to 0: unsolvable, its conflict not local."""
    (original,) = PUZZLE.parse(GENERATED_20)
    return SlitherlinkInstance(original.grid, {**original.clues, (4, 18): 0})


def test_every_set_reported_while_shrinking_is_unsolvable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(explain_module, "PROGRESS_EVERY", 0.0)  # every step reported
    instance = changed_board()
    reports: list[list[Hashable]] = []
    settings = Settings(explain=True, on_progress=lambda kind, found, stats: reports.append(found)
                        if kind == "explanation" else None)
    outcome = PUZZLE.solve(instance, settings)
    assert outcome.status == "unsolvable" and outcome.explanation and outcome.explanation_minimal
    distinct = [keys for i, keys in enumerate(reports) if i == 0 or set(keys) != set(reports[i - 1])]
    assert len(distinct) >= 2  # the solver's core (16 clues of 148), then smaller
    assert set(distinct[0]) <= set(instance.clues) and len(distinct[0]) > len(outcome.explanation)
    for before, after in zip(distinct, distinct[1:]):
        assert set(after) < set(before)
    assert set(outcome.explanation) <= set(distinct[-1])
    for keys in distinct:  # each one, solved afresh with only its clues, has no solution
        kept = {cell: instance.clues[cell] for cell in keys}
        assert PUZZLE.solve(SlitherlinkInstance(instance.grid, kept), Settings()).status == "unsolvable"


def test_the_timeout_parent_shows_the_last_set_as_not_minimal() -> None:
    spec = registry.get("slitherlink")
    instance = changed_board()
    settings = Settings(explain=True, timeout=5)
    stats = SolveStats(solver="glucose4")
    small = sorted(instance.clues)[:30]
    kept = [Superseding("stage", ("stage", None, stats)), ("unsolvable", None, stats),
            Superseding("explanation", ("explanation", small, stats))]  # the latest of each kind, as the parent keeps
    outcome = timed_out_outcome(Timeout(kept), settings, "cnf", False)
    assert outcome.status == "unsolvable" and outcome.explanation == small and not outcome.explanation_minimal
    lines = dict(status_lines(outcome, settings))
    assert lines["Solvable"] == "False (explanation timed out after 5 s)"
    assert lines["Conflict"] == f"these 30 clues cannot all hold{NOT_MINIMAL}"
    record = json_record(spec, instance, outcome, settings)
    assert record["explanation"]["minimal"] is False and len(record["explanation"]["clues"]) == 30
    assert outcome_state(outcome, settings) == "no solution (conflicting clues ringed, not shown minimal)"
    nothing = timed_out_outcome(Timeout([("unsolvable", None, stats)]), settings, "cnf", False)
    assert nothing.explanation is None and not nothing.explanation_minimal
    assert "Conflict" not in dict(status_lines(nothing, settings))


def test_a_puzzles_own_conflict_words_are_said_not_minimal() -> None:
    from satpuzzles.core.outcome import Outcome
    from satpuzzles.present.report import conflict_line
    from satpuzzles.puzzles.minesweeper.model import TOTAL
    from satpuzzles.puzzles.minesweeper.view import conflict

    keys: list[Hashable] = [(0, 0), (0, 1), TOTAL]
    cut = Outcome(status="unsolvable", explanation=keys, explanation_minimal=False)
    assert conflict_line(cut, lambda found: conflict(None, found)) == (  # type: ignore[arg-type]
        f"these 2 clues and the mine total cannot all hold{NOT_MINIMAL}")
    whole = Outcome(status="unsolvable", explanation=keys)
    assert conflict_line(whole, lambda found: conflict(None, found)).endswith("(a minimal set)")  # type: ignore[arg-type]


def test_the_api_calls_no_explanation_not_minimal() -> None:
    import satpuzzles

    board = satpuzzles.load("3 3\n1?2\n???\n2?1\n", puzzle="minesweeper")  # no placement meets every count
    plain = board.solve()
    assert plain.status == "unsolvable" and plain.explanation is None and not plain.explanation_minimal
    explained = board.solve(explain=True)
    assert explained.explanation and explained.explanation_minimal
