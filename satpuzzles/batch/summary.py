"""The end-of-batch summary: counts per puzzle and status (and uniqueness), time, median and 95th percentile,
slowest five, and every error row with its reason."""

from __future__ import annotations

import math
import shutil
import statistics
from collections import Counter
from collections.abc import Sequence
from typing import Any

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text

from satpuzzles.core.errors import ExitStatus
from satpuzzles.core.words import counted
from satpuzzles.present.terminal import STATUS_STYLE
from satpuzzles.solve.grading import LEVEL_NAMES, NOT_UNIQUE

STATUSES = ("solved", "unsolvable", "unknown", "error")
STYLES = {**STATUS_STYLE, "error": "bold magenta"}
SLOWEST = 5


class LeftCut:
    """A file path that, in a column too narrow for it, loses its start (``…/tatham/hard_60x60.loopy``), so its file
    name stays and every row reads alike."""

    def __init__(self, path: str) -> None:
        self.path = path

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        """As wide as the path; at least its file name after "…/"."""
        whole = cell_len(self.path)
        return Measurement(min(whole, cell_len(self.path.rsplit("/", 1)[-1]) + 2), whole).clamp(max_width=options.max_width)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        """The path, or "…" and as much of its end as fits."""
        path, width = self.path, options.max_width
        while cell_len(path) > width and len(path) > 1:
            path = "…" + path[2:] if path.startswith("…") else "…" + path[1:]
        yield Text(path, no_wrap=True, overflow="crop")


class Wrapped:
    """A table no wider than the terminal, or than ``COLUMNS`` (80 when unset) where output is not a terminal: the
    console there is as wide as any line, so a long error reason would otherwise make one line of its row."""

    def __init__(self, table: Table) -> None:
        self.table = table

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        """The table's own measure, within the width."""
        return Measurement.get(console, self._within(options), self.table)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        """The table, its long cells folded to the width."""
        yield from console.render(self.table, self._within(options))

    @staticmethod
    def _within(options: ConsoleOptions) -> ConsoleOptions:
        """The options with their width bounded by the terminal's (or COLUMNS, else 80)."""
        return options.update_width(min(options.max_width, shutil.get_terminal_size((80, 24)).columns))


def percentile(values: Sequence[float], share: float) -> float:
    """The nearest-rank percentile (``share`` in 0..1) of non-empty ``values``."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(share * len(ordered)) - 1)]


def exit_status(rows: Sequence[dict[str, Any]]) -> ExitStatus:
    """2 when any puzzle is an error row, else 3 when any is unknown, else 0 (solved or proved unsolvable)."""
    statuses = {row["status"] for row in rows}
    if "error" in statuses:
        return ExitStatus.BAD_INPUT
    if "unknown" in statuses:
        return ExitStatus.UNKNOWN
    return ExitStatus.SOLVED


def uniqueness_line(rows: Sequence[dict[str, Any]]) -> Text:
    """How many solved puzzles were proved unique, shown to have a second solution, or left undecided."""
    solved = [row for row in rows if row["status"] == "solved"]
    unique = sum(row.get("unique") is True for row in solved)
    not_unique = sum(row.get("unique") is False for row in solved)
    return Text(f"Uniqueness: {unique} unique, {not_unique} not unique, {len(solved) - unique - not_unique} undecided")


def solutions_line(rows: Sequence[dict[str, Any]], count: int) -> Text:
    """With --count N: how many solved puzzles have each number of solutions, all found or N reached (or, cut short
    by the timeout, at least the number found)."""
    found: Counter[tuple[int, str]] = Counter()
    for row in rows:
        if row["status"] in ("solved", "unknown") and row.get("solutions"):
            number = int(row["solutions"])
            found[(number, "all" if row.get("exhausted") else "limit" if number >= count else "cut")] += 1
    words = {"all": "exactly {}", "limit": "{} or more", "cut": "at least {} (timed out)"}
    parts = [f"{n} with {words[kind].format(number)}" for (number, kind), n in sorted(found.items())]
    return Text(f"Solutions (--count {count}): {', '.join(parts) or 'none found'}")


def _analyzable(puzzle: str) -> bool:
    """Whether the puzzle type (registered now; a resumed report may name one that is not) has an analysis."""
    from satpuzzles.core import registry

    try:
        return registry.get(puzzle).rules.analyzable
    except KeyError:
        return True


def grade_line(rows: Sequence[dict[str, Any]]) -> Text:
    """How many analysed puzzles got each grade (easiest first), how many have none (Minesweeper's analysis),
    and how many solved ones have no analysis (a puzzle type without one, or the timeout came first)."""
    solved = [row for row in rows if row["status"] == "solved"]
    grades = Counter(str(row["grade"]) for row in solved if row.get("grade"))
    known = (*LEVEL_NAMES, NOT_UNIQUE)
    order = [*[level for level in known if level in grades], *sorted(set(grades) - set(known))]
    parts = [f"{grades[level]} {level}" for level in order]
    unanalysed = [row for row in solved if not row.get("grade") and row.get("undetermined") is None]
    cannot = sum(1 for row in unanalysed if not _analyzable(row.get("puzzle") or ""))
    ungraded = len(solved) - sum(grades.values()) - len(unanalysed)
    if ungraded:
        parts.append(f"{ungraded} without a grade")
    if cannot:
        parts.append(f"{cannot} not analysed (a puzzle type without an analysis)")
    if len(unanalysed) > cannot:
        parts.append(f"{len(unanalysed) - cannot} not analysed (timed out)")
    return Text(f"Grades: {', '.join(parts) or 'none'}")


def error_table(rows: Sequence[dict[str, Any]]) -> Wrapped | None:
    """Every error row: file, index (0: the file as a whole) and reason, folded to the terminal's width."""
    errors = [row for row in rows if row["status"] == "error"]
    if not errors:
        return None
    table = Table(title=f"Errors ({len(errors)})", title_justify="left", title_style=STYLES["error"])
    for name, justify in (("file", "left"), ("index", "right"), ("reason", "left")):
        table.add_column(name, justify=justify, overflow="fold")  # type: ignore[arg-type]
    for row in errors:
        table.add_row(str(row["file"]), str(row["index"]), str(row.get("error") or "-"))
    return Wrapped(table)


def summary(rows: Sequence[dict[str, Any]], wall_seconds: float, where: str, earlier: int,
            unique: bool = False, grades: bool = False, count: int = 1) -> RenderableType:
    """Tables of counts, errors and slowest puzzles, and a line of timings (and of uniqueness, of grades and of
    solutions counted when asked)."""
    counts = Counter((row["puzzle"] or "-", row["status"]) for row in rows)
    puzzles = sorted({puzzle for puzzle, _ in counts})
    table = Table(title="Batch", title_justify="left")
    table.add_column("puzzle")
    for status in STATUSES:
        table.add_column(status, justify="right", style=STYLES[status])
    table.add_column("total", justify="right")
    for puzzle in [*puzzles, "all"]:
        cells = [sum(n for (p, s), n in counts.items() if s == status and puzzle in (p, "all")) for status in STATUSES]
        table.add_row(puzzle, *map(str, cells), str(sum(cells)), style="bold" if puzzle == "all" else None)
    seconds = [float(row["seconds"] or 0) for row in rows if row["status"] != "error"]
    timing = f"{counted(len(rows), 'puzzle')} in {wall_seconds:.2f} s ({where})"
    if earlier:
        timing += f", {earlier} of them from the report's earlier runs"
    if seconds:
        timing += (f"; per puzzle: median {statistics.median(seconds):.3f} s, 95th percentile "
                   f"{percentile(seconds, 0.95):.3f} s, total {sum(seconds):.2f} s")
    slowest = Table(title=f"Slowest {min(SLOWEST, len(rows))}", title_justify="left")
    for name, justify in (("file", "left"), ("index", "right"), ("puzzle", "left"), ("status", "left"),
                          ("seconds", "right")):
        slowest.add_column(name, justify=justify)  # type: ignore[arg-type]
    for row in sorted(rows, key=lambda r: -float(r["seconds"] or 0))[:SLOWEST]:
        slowest.add_row(LeftCut(str(row["file"])), str(row["index"]), row["puzzle"] or "-",
                        Text(row["status"], style=STYLES.get(row["status"], "")), f"{float(row['seconds'] or 0):.3f}")
    parts: list[RenderableType] = [table]
    if unique:
        parts.append(uniqueness_line(rows))
    if grades:
        parts.append(grade_line(rows))
    if count > 1:
        parts.append(solutions_line(rows, count))
    parts += [Text(timing), slowest]
    errors = error_table(rows)
    return Group(*parts, *([errors] if errors is not None else []))
