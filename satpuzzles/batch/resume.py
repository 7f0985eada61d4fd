"""Which rows of a report ``--resume`` may keep: those solved under the solve options and the rules this run gives.

Two checks, each refusing the report (a one-line UsageError, the file left as it is) rather than continuing it with
rows that would now be solved otherwise:

* the options (``_differences``): the report's rows were made with this run's solve options, except an option
  given on one side and left to the input on the other where the row's puzzle gets the same rules either way;
* the rules (``rules_refusal``): each row's puzzle, as this run reads it, is solved under the rules the row records
  (``rules``); a row without the record (made before reports had it) only where every earlier version read its
  puzzle's rules as this one does: its file states none in a comment line (``# rules: open``), which versions
  before such lines were read, or read per board, took otherwise.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from satpuzzles.core.errors import UsageError
from satpuzzles.core.spec import settle
from satpuzzles.core.words import counted, listed

Stated = Callable[[str, int], Mapping[str, Any] | None]
"""What the puzzle at (file, index) states of its own options (Rules.stated), as this batch read it; None when the
batch has no such puzzle."""
Restated = Callable[[str], tuple[str, ...]]
"""The options whose value a file's comment lines (``# rules:``) change for one of its puzzles (PuzzleFile.restated)."""
SOLVE_OPTIONS = ("solver", "method", "count", "unique", "analyze", "timeout")
"""The options stored in every row; one a report does not hold is None there (an earlier version's report)."""
SHOWN_ROWS = 3
"""How many rows a refusal describes (it counts the rest)."""


def differences(stored: dict[str, Any], current: dict[str, Any], row: dict[str, Any] | None = None,
                stated: Stated | None = None) -> list[str]:
    """The options that differ (for puzzles both know: a newly installed plugin changes nothing).

    A puzzle's option given on one side and not on the other (None: the input decides, as a report made before
    the input could state it stored the default) differs only for the ``row`` of that puzzle whose input, as this
    batch reads it (``stated``), is not solved under the rules the row was (_same_rules)."""
    def shown(value: object) -> str:
        return "the default" if value is None else repr(value)

    found = [f"{name} {shown(stored.get(name))} there, {shown(current.get(name))} here"
             for name in SOLVE_OPTIONS if stored.get(name) != current.get(name)]
    for puzzle in sorted(set(stored.get("extras", {})) & set(current.get("extras", {}))):
        there, here = stored["extras"][puzzle], current["extras"][puzzle]
        if there == here or _same_rules(puzzle, there, here, row, stated):
            continue
        found.append(f"{puzzle} options {there} there, {here} here")
        if row is not None and row.get("puzzle") == puzzle and _left_to_input(there, here):
            found[-1] += _what_it_states(there, here, row, stated)
    return found


def _what_it_states(there: dict[str, Any], here: dict[str, Any], row: dict[str, Any], stated: Stated | None) -> str:
    """What the input of ``row`` is read with (stated, or the default) of the options that differ, as a refusal adds
    it."""
    said = stated(row["file"], row["index"]) if stated is not None else None
    where = f", and {row['file']} puzzle {row['index']}"
    if said is None:
        return f"{where} is not in this batch to say"
    names = sorted(name for name in _differing(there, here) if name in said)
    return f"{where} is read with {', '.join(f'{name} {said[name]!r}' for name in names)}" if names else ""


def _differing(there: dict[str, Any], here: dict[str, Any]) -> set[str]:
    """The names of the options that differ between ``there`` and ``here``."""
    return {name for name in there.keys() | here.keys() if there.get(name) != here.get(name)}


def _left_to_input(there: dict[str, Any], here: dict[str, Any]) -> bool:
    """Whether each option that differs is given on one side and not on the other (None: the input decides)."""
    return all((there.get(name) is None) != (here.get(name) is None) for name in _differing(there, here))


def in_force(extras: Mapping[str, Any], said: Mapping[str, Any]) -> dict[str, Any]:
    """The values of the options an instance states (``said``) under a puzzle's options ``extras`` (settle)."""
    settled = settle(extras, said)
    return {name: settled.get(name) for name in sorted(said)}


def _same_rules(puzzle: str, there: dict[str, Any], here: dict[str, Any], row: dict[str, Any] | None,
                stated: Stated | None) -> bool:
    """Whether a puzzle's options ``there`` (a report row's) and ``here`` (this run's), which differ only in options
    given on one side and left to the input on the other, solve ``row`` under the same rules: it is another
    puzzle's, or a puzzle of the file as a whole (an error: never solved), or, its input read by this batch, the
    rules it records are this run's (without the record: ``there`` settled by what the input states now; the rules
    check then asks whether an earlier version read the input so)."""
    if row is None or not _left_to_input(there, here):
        return False
    if row.get("puzzle") != puzzle or row["index"] == 0:
        return True
    said = stated(row["file"], row["index"]) if stated is not None else None
    if said is None:
        return False
    if row.get("rules") is not None:
        return bool(row["rules"] == in_force(here, said))
    return settle(there, said) == settle(here, said)


def to_pass(stored: dict[str, Any], current: dict[str, Any]) -> list[str]:
    """The flags that give a puzzle's options as ``stored`` has them where this run's differ (``--self-touch``), or
    'drop --FLAG' for one given here and not there, as far as the puzzles' options say."""
    from satpuzzles.core import registry

    said = []
    for puzzle in sorted(set(stored.get("extras", {})) & set(current.get("extras", {}))):
        there, here = stored["extras"][puzzle], current["extras"][puzzle]
        try:
            declared = {option.name: option for option in registry.get(puzzle).options}
        except KeyError:
            continue
        for name in sorted(there.keys() | here.keys()):
            option = declared.get(name)
            if option is None or there.get(name) == here.get(name):
                continue
            typed = option.typed(there.get(name))
            said.append(f"pass {typed}" if typed else f"drop {option.typed(here.get(name))}")
    return list(dict.fromkeys(said))


def other_rules(row: dict[str, Any], current: dict[str, Any], stated: Stated | None,
                restated: Restated | None) -> str:
    """Why ``row`` was solved, or may have been, under other rules than this run gives its puzzle; '' when it was
    not, or nothing says (an error row claims nothing; a puzzle not in this batch is not solved by it)."""
    puzzle = row.get("puzzle")
    here = current.get("extras", {}).get(puzzle) if puzzle else None
    said = stated(row["file"], row["index"]) if stated is not None and row["index"] else None
    if row["status"] == "error" or here is None or said is None:
        return ""
    now, record = in_force(here, said), row.get("rules")
    where = f"{row['file']} puzzle {row['index']}"
    if record is not None:
        names = sorted(name for name in now.keys() | record.keys() if now.get(name) != record.get(name))
        return f"{where}: {'; '.join(f'{name} {record.get(name)!r} there, {now.get(name)!r} here' for name in names)}" \
            if names else ""
    there = (row["options"].get("extras") or {}).get(puzzle) or {}
    names = [name for name in (restated(row["file"]) if restated is not None else ()) if there.get(name) is None]
    if names:
        return (f"{where} records no rules, as an earlier satpuzzles wrote it, and its file's comment lines state "
                f"{listed([f'{name} {now[name]!r}' for name in names])}, which earlier versions ignored or read "
                "otherwise")
    earlier = in_force(there, said)
    names = sorted(name for name in now if now[name] != earlier[name])
    return f"{where}: {'; '.join(f'{name} {earlier[name]!r} there, {now[name]!r} here' for name in names)}" \
        if names else ""


def spans(numbers: list[int]) -> str:
    """Line numbers as short ranges: ``2-5, 9``."""
    found: list[list[int]] = []
    for number in sorted(numbers):
        if found and number == found[-1][1] + 1:
            found[-1][1] = number
        else:
            found.append([number, number])
    return ", ".join(f"{low}-{high}" if high > low else str(low) for low, high in found)


def rules_refusal(path: str, rows: list[tuple[int, dict[str, Any]]], current: dict[str, Any],
                  stated: Stated | None, restated: Restated | None) -> UsageError | None:
    """The refusal of a report some of whose ``rows`` (line number, row) this run would solve under other rules
    (other_rules), naming them and the lines to delete; None when there are none."""
    found = [(number, why) for number, row in rows if (why := other_rules(row, current, stated, restated))]
    if not found:
        return None
    shown = "; ".join(why for _, why in found[:SHOWN_ROWS])
    more = f"; and {counted(len(found) - SHOWN_ROWS, 'more row')}" if len(found) > SHOWN_ROWS else ""
    them, lines = ("it", "line") if len(found) == 1 else ("them", "lines")
    return UsageError(f"--resume: {path} holds {counted(len(found), 'row')} not known to be solved under the rules "
                      f"this run gives {'its puzzle' if len(found) == 1 else 'their puzzles'} ({shown}{more}): delete {them} "
                      f"({lines} {spans([number for number, _ in found])}) and resume to solve "
                      f"{them} again, or write a new report")
