"""The unit of batch work in plain data: a file's text and puzzle indices in, one result row per puzzle out.

The same code runs in local worker processes and inside Dask tasks. A row is a plain
dict; every failure becomes a row with status "error" instead of an exception.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Iterator, Mapping
from typing import Any, TypedDict

from satpuzzles.cnf.formula import collector_paused
from satpuzzles.core import registry
from satpuzzles.core.errors import ExitStatus, InputError, SatPuzzlesError, VerificationError
from satpuzzles.core.outcome import Outcome, Settings, SolveStats
from satpuzzles.core.spec import PuzzleSpec, settle
from satpuzzles.core.words import counted
from satpuzzles.io.reading import read_instances
from satpuzzles.solve.deadline import solve_within_limit
from satpuzzles.solve.pipeline import with_defaults


class Part(TypedDict):
    """Puzzles of one file to solve: the file's name and text, the puzzle, 1-based indices."""

    file: str
    puzzle: str
    text: str
    indices: list[int]


Options = dict[str, Any]
"""Plain solve options: solver, count, unique, analyze, timeout, extras (per puzzle name), answers (the answer files
to make: present.answers.ANSWER_FILES names; a row then carries their texts, see batch.answers)."""
Row = dict[str, Any]

_PARSED: OrderedDict[tuple[str, str, str], list[Any]] = OrderedDict()
"""The last files parsed in this process, by (file, puzzle, text): one parse serves all of a file's puzzles."""
_PARSED_KEEP = 2


def one_line(text: str) -> str:
    """``text`` on one line (report cells and progress stay one row each)."""
    return " ".join(text.split())


def error_row(file: str, index: int, puzzle: str, message: str, seconds: float = 0.0) -> Row:
    """The row of a puzzle that could not be solved at all."""
    return {"file": file, "index": index, "puzzle": puzzle, "status": "error", "unique": None, "verified": None,
            "seconds": round(seconds, 6), "error": one_line(message), "stats": {}, "facts": {}}


def settings_for(puzzle: str, options: Options) -> Settings:
    """The Settings of one puzzle from plain options (extras only where the puzzle has the option; --analyze only
    where it can be analysed: the others of a mixed batch are solved without an analysis)."""
    analyze = bool(options.get("analyze")) and registry.get(puzzle).rules.analyzable
    return Settings(solver=options.get("solver"), method=options.get("method") or "auto", count=options.get("count", 1),
                    unique=options.get("unique", False), analyze=analyze,
                    timeout=options.get("timeout"), extras=dict(options.get("extras", {}).get(puzzle, {})))


def rules_in_force(puzzle: str, options: Options, stated: Mapping[str, Any] | None) -> dict[str, Any] | None:
    """The rules a puzzle is solved under: each of its options that an instance can state (Rules.stated), as the
    options give it, else as the instance ``stated`` it (``settle``); None for a puzzle without such options, or
    when what the instance states is not known (a file that could not be read)."""
    try:
        has_stated = registry.get(puzzle).rules.stated is not None
    except KeyError:
        return None
    if not has_stated or stated is None:
        return None
    settled = settle(dict(options.get("extras", {}).get(puzzle, {})), stated)
    return {name: settled.get(name) for name in sorted(stated)}


def _instances(part: Part) -> list[Any]:
    key = (part["file"], part["puzzle"], part["text"])
    if key not in _PARSED:
        try:
            _PARSED[key] = read_instances(registry.get(part["puzzle"]), part["text"], named=True)
        except InputError as exc:
            raise exc.located(part["file"]) from None
        while len(_PARSED) > _PARSED_KEEP:
            _PARSED.popitem(last=False)
    _PARSED.move_to_end(key)
    return _PARSED[key]


def _plain(value: object) -> object:
    return value if isinstance(value, (int, float, str, bool)) or value is None else str(value)


def solve_one(puzzle: PuzzleSpec[Any, Any], file: str, index: int, instance: Any, options: Options) -> Row:
    """Solve (every solution verified by the rules in the pipeline) and describe one instance; never raises for a
    failing puzzle."""
    settings = with_defaults(puzzle.rules, settings_for(puzzle.name, options), instance)
    stated = puzzle.rules.stated(instance) if puzzle.rules.stated is not None else None
    rules = rules_in_force(puzzle.name, options, stated)  # the report's record of them (see report.RULES_COLUMN)
    start = time.perf_counter()
    try:
        with collector_paused():  # as the CLI does: a solve's clause lists hold no cycles, collections freed nothing
            outcome = solve_within_limit(puzzle.rules, instance, settings, puzzle.name)  # verifies every solution
    except VerificationError as exc:
        failed = error_row(file, index, puzzle.name, str(exc), time.perf_counter() - start)
        failed.update(verified=False, rules=rules)
        return failed
    except SatPuzzlesError as exc:
        failed = error_row(file, index, puzzle.name, str(exc), time.perf_counter() - start)
        if exc.exit_status == ExitStatus.UNKNOWN:  # no answer (an external solver gave none, out of memory)
            failed["status"] = "unknown"  # as the CLI's exit status 3 says, not an error of the input
        failed["rules"] = rules
        return failed
    except Exception as exc:  # noqa: BLE001 - a bug in one puzzle's solve is that puzzle's error row
        failed = error_row(file, index, puzzle.name, f"internal error: {type(exc).__name__}: {exc}",
                           time.perf_counter() - start)
        failed["rules"] = rules
        return failed
    seconds = time.perf_counter() - start
    row: Row = {
        "file": file, "index": index, "puzzle": puzzle.name, "status": outcome.status,
        "unique": outcome.uniqueness(settings), "verified": True if outcome.solutions else None,
        "seconds": round(seconds, 6), "error": one_line(outcome.message),
        "stats": {} if _nothing_ran(outcome.stats, settings) else outcome.stats.as_dict(),
        "facts": {name: _plain(value) for name, value in puzzle.view.facts(instance).items()}, "rules": rules,
    }
    if settings.analyze:
        row.update(_analysed(puzzle, instance, outcome, settings))
    if (options.get("count") or 1) > 1:  # the report's count columns
        row.update(solutions=len(outcome.solutions), exhausted=outcome.exhausted)
    if options.get("answers"):
        from satpuzzles.batch.answers import make_answers  # --result-dir, --svg-dir, --svg-puzzle-dir only

        row["answers"], row["answers_missing"] = make_answers(puzzle, instance, outcome, settings, options["answers"])
    return row


def _analysed(puzzle: PuzzleSpec[Any, Any], instance: Any, outcome: Outcome[Any], settings: Settings) -> Row:
    """With --analyze: the undetermined decisions, the grade's level, and uniqueness, which the analysis
    decides (unique exactly when no decision is undetermined); all None without an analysis."""
    from satpuzzles.present.report import analysis_summary  # --analyze only

    found = analysis_summary(puzzle, instance, outcome, settings)
    if found is None:
        return {"undetermined": None, "grade": None}
    undetermined, level, unique = found
    return {"undetermined": undetermined, "grade": level, "unique": unique}


def solve_part(part: Part, options: Options) -> Iterator[Row]:
    """One row per index of ``part``, in order, as each puzzle finishes."""
    try:
        instances = _instances(part)
    except SatPuzzlesError as exc:
        yield from (error_row(part["file"], index, part["puzzle"], str(exc)) for index in part["indices"])
        return
    except Exception as exc:  # noqa: BLE001 - a parser bug: error rows for this file, the batch goes on
        message = f"internal error: {type(exc).__name__}: {exc}"
        yield from (error_row(part["file"], index, part["puzzle"], message) for index in part["indices"])
        return
    puzzle = registry.get(part["puzzle"])
    for index in part["indices"]:
        if not 1 <= index <= len(instances):
            yield error_row(part["file"], index, puzzle.name, f"{part['file']} holds {counted(len(instances), 'puzzle')}, not {index}")
            continue
        yield solve_one(puzzle, part["file"], index, instances[index - 1], options)


def _nothing_ran(stats: SolveStats, settings: Settings) -> bool:
    """Whether the statistics are those of a solve stopped before it built anything (a timeout at once)."""
    return stats == SolveStats(solver=str(settings.solver), method=stats.method)
