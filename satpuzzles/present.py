"""How an outcome is shown: seed-style plain text, rich terminal panels and the JSON envelope."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from satpuzzles.puzzle import Outcome, Puzzle, Settings

RULE = "-" * 40
STATUS_STYLE = {"solved": "bold green", "unsolvable": "bold red", "unknown": "bold yellow"}


def _solvable(outcome: Outcome[Any]) -> str:
    if outcome.status == "solved":
        return "True"
    if outcome.status == "unsolvable":
        return f"False ({outcome.message})" if outcome.message else "False"
    return f"unknown ({outcome.message})" if outcome.message else "unknown"


def _conflict(size: int) -> str:
    if size == 0:
        return "no solution whatever the clues"
    if size == 1:
        return "this clue cannot hold"
    return f"these {size} clues cannot all hold (a minimal set)"


def status_lines(outcome: Outcome[Any], settings: Settings) -> list[tuple[str, str]]:
    """Solvable, and Unique / Solutions when they were asked for."""
    lines = [("Solvable", _solvable(outcome))]
    if settings.unique:
        unique = outcome.uniqueness(settings)
        undecided = f"unknown ({outcome.message})" if outcome.message else "unknown"
        lines.append(("Unique", undecided if unique is None else str(unique)))
    if outcome.explanation is not None:
        lines.append(("Conflict", _conflict(len(outcome.explanation))))
    if settings.count > 1 and outcome.status == "solved":
        found = len(outcome.solutions)
        why = outcome.message or f"stopped at --count {settings.count}"
        lines.append(("Solutions", f"{found} (all)" if outcome.exhausted else f"{found} ({why})"))
    return lines


def fact_lines(puzzle: Puzzle[Any, Any], instance: Any, outcome: Outcome[Any]) -> list[tuple[str, str]]:
    """The instance's sizes and the solve statistics."""
    stats = outcome.stats
    return [(name, str(value)) for name, value in puzzle.facts(instance).items()] + [
        ("sat real time", f"{stats.solve_seconds:.6f} s"),
        ("number of variables", str(stats.variables)),
        ("number of clauses", str(stats.clauses)),
        ("encoding", stats.encoding or "-"),
    ]


def _boards(outcome: Outcome[Any], settings: Settings) -> list[tuple[str, Any]]:
    if not outcome.solutions:
        return [("", None)]
    shown = outcome.solutions if settings.count > 1 or settings.unique else outcome.solutions[:1]
    if len(shown) == 1:
        return [("", shown[0])]
    names = ["Solution 1", "Second solution"] if settings.unique else [f"Solution {i}" for i in range(1, len(shown) + 1)]
    return list(zip(names, shown))


def plain_report(puzzle: Puzzle[Any, Any], instance: Any, outcome: Outcome[Any], settings: Settings) -> str:
    """Seed 000's report: title, status, sizes and statistics, then the board(s)."""
    out = [puzzle.name.capitalize(), RULE]
    out += [f"{name} = {value}" for name, value in status_lines(outcome, settings)]
    out += [f"{name} = {value}" for name, value in puzzle.outcome_lines(instance, outcome, settings)]
    out.append(RULE)
    out += [f"{name} = {value}" for name, value in fact_lines(puzzle, instance, outcome)]
    out.append(RULE)
    for heading, solution in _boards(outcome, settings):
        if heading:
            out.append(f"{heading}:")
        out.append(puzzle.board_text(instance, solution, settings, outcome.explanation or ()))
    return "\n".join(out)


def rich_report(puzzle: Puzzle[Any, Any], instance: Any, outcome: Outcome[Any], settings: Settings) -> RenderableType:
    """The same report for a terminal: coloured status, a facts table, coloured boards."""
    table = Table.grid(padding=(0, 2))
    table.add_column(style="dim")
    table.add_column()
    for name, value in status_lines(outcome, settings) + puzzle.outcome_lines(instance, outcome, settings):
        table.add_row(name, Text(value, style=STATUS_STYLE[outcome.status] if name == "Solvable" else "bold"))
    for name, value in fact_lines(puzzle, instance, outcome):
        table.add_row(name, value)
    parts: list[RenderableType] = [Text(puzzle.name.capitalize(), style="bold underline"), table, Text("")]
    for heading, solution in _boards(outcome, settings):
        if heading:
            parts.append(Text(f"{heading}:", style="bold"))
        parts.append(puzzle.board_rich(instance, solution, settings, outcome.explanation or ()))
    return Group(*parts)


def json_record(puzzle: Puzzle[Any, Any], instance: Any, outcome: Outcome[Any], settings: Settings) -> dict[str, object]:
    """The JSON envelope: puzzle, status, solution, unique, stats (plus enumeration fields) and input."""
    record: dict[str, object] = {
        "puzzle": puzzle.name,
        "status": outcome.status,
        "solution": puzzle.solution_json(instance, outcome.solution, settings) if outcome.solution is not None else None,
        "unique": outcome.uniqueness(settings),
        "stats": outcome.stats.as_dict(),
    }
    if settings.count > 1 or settings.unique:
        record["solutions"] = [puzzle.solution_json(instance, s, settings) for s in outcome.solutions]
        record["count"] = len(outcome.solutions)
        record["exhausted"] = outcome.exhausted
    if outcome.explanation is not None:
        record["explanation"] = puzzle.explanation_json(instance, outcome.explanation)
    if outcome.message:
        record["message"] = outcome.message
    for name, value in puzzle.outcome_json(instance, outcome, settings).items():
        record.setdefault(name, value)
    given = puzzle.instance_json(instance)
    if given is not None:
        record["input"] = given
    return record
