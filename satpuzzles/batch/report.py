"""The batch report: one CSV or JSON-lines row per puzzle, appended and flushed as results arrive.

Every row carries the solve options of the batch that wrote it (``options``, a JSON
object) and the rules its puzzle was solved under (``rules``), so ``--resume`` continues a
report only under the same options, keeping no row whose puzzle it would solve under other
rules (batch.resume). A report
is read back whole and checked before anything is written to it: a file that is not a
report, or one with a damaged row, is refused untouched. Only a last line cut short
by an interruption (no newline at its end, as a killed batch leaves it) is dropped,
and its puzzle solved again.
"""

from __future__ import annotations

import contextlib
import csv
import io
import json
import math
import os
import shutil
from pathlib import Path
from typing import Any, TextIO

from satpuzzles.batch.resume import SOLVE_OPTIONS, Restated, Stated, differences, rules_refusal, to_pass
from satpuzzles.batch.work import Options, Row
from satpuzzles.core.errors import UsageError
from satpuzzles.io.files import check_folder_can_be_made, check_writable, make_folder

COLUMNS = ["file", "index", "puzzle", "status", "unique", "verified", "seconds", "variables", "clauses",
           "cut_iterations", "error", "encoding", "sat_calls", "encode_seconds", "solve_seconds", "decode_seconds",
           "options"]
"""Report columns, in order (the first eleven are the summary of a puzzle, then solve statistics, then the options)."""
STATS_COLUMNS = ["variables", "clauses", "cut_iterations", "encoding", "sat_calls", "encode_seconds", "solve_seconds",
                 "decode_seconds"]
ANALYSIS_COLUMNS = ["undetermined", "grade"]
"""Columns after ``options`` in a report made with --analyze: undetermined decisions and the grade's level."""
COUNT_COLUMNS = ["solutions", "exhausted"]
"""Columns after ``options`` in a report made with --count N (N > 1): the solutions found, and whether they are all
(the solver proved there is no other)."""
RULES_COLUMN = "rules"
"""The last column: the rules the row's puzzle was solved under, a JSON object of each of its options that an input
can state (Numberlink: ``{"no_self_touch": false, "rules": "open"}``, work.rules_in_force), as the options gave it,
else as its input stated it; empty for a puzzle without such options and for a row of a file never solved. Reports
made before it lack the column (CSV) or the member (JSON lines): see resume.other_rules."""
LAYOUTS = (COLUMNS, COLUMNS + ANALYSIS_COLUMNS, COLUMNS + COUNT_COLUMNS)
"""The columns before ``rules``: plain, with --analyze, and with --count N (a --count report made before the count
columns has the plain layout, and --resume goes on writing it so)."""
HEADERS = tuple(layout + [RULES_COLUMN] for layout in LAYOUTS) + LAYOUTS
"""The headers of a CSV report: each layout with the rules column, and without it as reports made before it have
them (--resume adds it: Report._with_rules_column)."""
FORMATS = (".csv", ".jsonl")
STATUSES = ("solved", "unsolvable", "unknown", "error")


def options_text(options: Options) -> str:
    """The solve options as the report stores them: canonical JSON (PySAT aliases by their canonical names, CaDiCaL's
    options sorted: solver_names.normal_solver_name)."""
    from satpuzzles.solve.solver_names import normal_solver_name

    solver = options.get("solver")
    plain = {name: options.get(name) for name in SOLVE_OPTIONS}
    plain["solver"] = normal_solver_name(solver) if solver else None
    plain["extras"] = {puzzle: dict(values) for puzzle, values in sorted((options.get("extras") or {}).items())
                       if values}
    return json.dumps(plain, sort_keys=True, separators=(",", ":"))


def report_columns(options: Options) -> list[str]:
    """The columns of a report made with ``options``: the analysis's too with --analyze, the count's with --count N
    (N > 1; the two are never given together), and the rules column last."""
    if options.get("analyze"):
        return COLUMNS + ANALYSIS_COLUMNS + [RULES_COLUMN]
    return (COLUMNS + COUNT_COLUMNS if (options.get("count") or 1) > 1 else COLUMNS) + [RULES_COLUMN]


def report_record(row: Row, options: str = "", columns: list[str] = COLUMNS) -> dict[str, Any]:
    """The report's ``columns`` of a result row (statistics are empty when the puzzle never ran)."""
    stats = row.get("stats") or {}
    record = {name: row.get(name) for name in COLUMNS}
    record["error"] = record.get("error") or None  # empty (JSON null) when nothing went wrong, as documented
    record["puzzle"] = record.get("puzzle") or None  # empty when the file's puzzle was not detected
    for name in STATS_COLUMNS:
        record[name] = stats.get(name)
    record["options"] = options or None
    record.update((name, row.get(name)) for name in columns[len(COLUMNS):])
    return record


def json_line(row: Row, options: str, columns: list[str] = COLUMNS) -> str:
    """A result row as a line of a JSON-lines report (``options`` as options_text gives them)."""
    record = report_record(row, options, columns)
    record["options"] = json.loads(options) if options else None
    return json.dumps(record, ensure_ascii=False) + "\n"


def csv_lines(records: list[dict[str, Any]], columns: list[str]) -> str:
    """Rows (``columns`` as keys; the header when a record is None) as lines of a CSV report, CRLF-ended as
    Python's csv module writes them."""
    out = io.StringIO(newline="")
    writer = csv.writer(out)
    for record in records:
        writer.writerow([_csv_cell(record.get(name)) for name in columns])
    return out.getvalue()


def csv_header(columns: list[str]) -> str:
    """The first line of a CSV report with ``columns``."""
    return csv_lines([{name: name for name in columns}], columns)


def csv_line(row: Row, options: str, columns: list[str] = COLUMNS) -> str:
    """A result row as a line of a CSV report (``options`` as options_text gives them)."""
    return csv_lines([report_record(row, options, columns)], columns)


def is_jsonl_report(path: str) -> bool:
    """Whether a file starts with a row of a JSON-lines batch report (what --report and --format json write)."""
    try:
        with open(path, "rb") as handle:
            first = handle.readline(1 << 16)
        row = json.loads(first)
    except (OSError, ValueError, RecursionError):
        return False
    return isinstance(row, dict) and {"file", "index", "status", "options"} <= row.keys()


def _csv_cell(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):  # the rules: compact JSON, keys sorted, as the options
        return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return str(value)


class DamagedRow(ValueError):
    """A row that is not what a batch writes."""


def _checked(record: dict[str, Any]) -> dict[str, Any]:
    """A row as read back, its fields checked (DamagedRow otherwise)."""
    if not isinstance(record.get("file"), str) or not record["file"]:
        raise DamagedRow("no file name")
    index = record.get("index")
    if not isinstance(index, int) or isinstance(index, bool) or index < 0:
        raise DamagedRow(f"index {index!r} is not a puzzle number")
    if record.get("status") not in STATUSES:
        raise DamagedRow(f"status {record.get('status')!r} is not one of {', '.join(STATUSES)}")
    seconds = record.get("seconds")
    if not isinstance(seconds, (int, float)) or isinstance(seconds, bool) or not math.isfinite(seconds) or seconds < 0:
        raise DamagedRow(f"seconds {seconds!r} is not a duration")
    for name in ("unique", "verified", "exhausted"):
        if record.get(name) not in (True, False, None):
            raise DamagedRow(f"{name} {record.get(name)!r} is not true, false or empty")
    try:
        options = json.loads(record.get("options") or "")
    except (TypeError, ValueError):
        raise DamagedRow("no solve options (a report of an older satpuzzles? start a new report)") from None
    if not isinstance(options, dict):
        raise DamagedRow("its options are not a JSON object")
    record["options"] = options
    if not isinstance(record.get(RULES_COLUMN), (dict, type(None))):
        raise DamagedRow("its rules are not a JSON object")
    return record


def _from_csv(record: dict[str, str | None]) -> dict[str, Any]:
    if None in record.values() or None in record:
        raise DamagedRow("a row with more or fewer cells than the header")
    parsed: dict[str, Any] = dict(record)
    for name in ("unique", "verified"):
        parsed[name] = {"true": True, "false": False, "": None}.get(record[name] or "", record[name])
    try:
        parsed["index"] = int(record["index"] or "")
        parsed["seconds"] = float(record["seconds"] or "")
        for name in ("undetermined", "solutions"):
            if record.get(name):
                parsed[name] = int(record[name] or "")
    except ValueError:
        raise DamagedRow("index, seconds, undetermined or solutions is not a number") from None
    if "exhausted" in record:
        parsed["exhausted"] = {"true": True, "false": False, "": None}.get(record["exhausted"] or "", record["exhausted"])
    cell = record.get(RULES_COLUMN)
    try:
        parsed[RULES_COLUMN] = json.loads(cell) if cell else None
    except ValueError:
        raise DamagedRow("its rules are not JSON") from None
    return _checked(parsed)


def _from_json(line: str) -> dict[str, Any]:
    try:
        record = json.loads(line)
    except (ValueError, RecursionError):
        raise DamagedRow("not a JSON object") from None
    if not isinstance(record, dict):
        raise DamagedRow("not a JSON object")
    options = record.get("options")
    record["options"] = json.dumps(options, sort_keys=True, separators=(",", ":")) if isinstance(options, dict) else None
    return _checked(record)


class Report:
    """An open report file: earlier rows (with --resume) and appending new ones."""

    @staticmethod
    def check(path: str) -> None:
        """Refuse a report name that cannot work, before any puzzle is read (a missing folder for it that can be
        made is made when the report is opened)."""
        if Path(path).suffix.lower() not in FORMATS:
            raise UsageError(f"--report {path}: name a .csv or .jsonl file")
        folder = os.path.dirname(path)
        check_folder_can_be_made("--report", folder, path)  # a missing one is made when the report is opened
        if os.path.isdir(folder or "."):
            check_writable(path)

    def __init__(self, path: str, resume: bool, options: Options | None = None, stated: Stated | None = None,
                 restated: Restated | None = None) -> None:
        """Open the report at ``path`` (with ``resume``, read and checked first); ``stated`` tells what each puzzle of
        the batch states of its options and ``restated`` which of them its comment lines change, by which a row's
        options and rules are compared (batch.resume)."""
        self.check(path)
        self.path = path
        self.stated = stated
        self.restated = restated
        self.add_rules_column = False  # a CSV report made before the rules column, which --resume adds
        self.kind = Path(path).suffix.lower()
        self.options = options_text(options or {})
        self.columns = report_columns(options or {})
        self.previous: list[dict[str, Any]] = []
        keep = 0
        if resume and os.path.exists(path):
            self.previous, keep = self._read()
        make_folder("--report", os.path.dirname(path) or ".")  # missing, as the answer folders are made
        try:
            if keep and self.add_rules_column:
                self._with_rules_column()  # the cut line dropped too
            elif keep:
                with open(path, "r+b") as out:  # only now, the file known to be a report: drop the cut line
                    out.truncate(keep)
            # surrogateescape: a file name that is not UTF-8 is written as the bytes the file system holds
            self.out: TextIO = open(path, "a" if keep else "w", encoding="utf-8", errors="surrogateescape",  # noqa: SIM115 - open for the whole batch
                                    newline="")
        except OSError as exc:
            raise UsageError(f"cannot write the report {path}: {exc.strerror}") from exc
        self.writer = csv.DictWriter(self.out, fieldnames=self.columns) if self.kind == ".csv" else None
        if self.writer is not None and not keep:
            self._guarded(self.writer.writeheader)

    def _read(self) -> tuple[list[dict[str, Any]], int]:
        """Rows already in the file and how many bytes of it to keep; UsageError for anything else."""
        try:
            data = Path(self.path).read_bytes()
        except OSError as exc:
            raise UsageError(f"--resume: cannot read {self.path}: {exc.strerror}") from exc
        complete = data[: data.rfind(b"\n") + 1]
        cut = data[len(complete):]
        if not complete and cut and not self._starts_like_a_report(cut):
            raise self._refusal("it does not start like one")
        text = complete.decode("utf-8", errors="surrogateescape")  # file names as written (above)
        rows = self._read_csv(text) if self.kind == ".csv" else self._read_jsonl(text)
        seen: set[tuple[str, int]] = set()
        current = json.loads(self.options)
        for number, row in rows:
            key = (row["file"], row["index"])
            if key in seen:
                raise self._refusal(f"line {number} repeats {row['file']} puzzle {row['index']}")
            seen.add(key)
            differing = differences(row["options"], current, row, self.stated)
            if differing:
                flags = to_pass(row["options"], current)
                same = f"run with the same options ({' and '.join(flags)})" if flags else "run with the same options"
                raise UsageError(f"--resume: {self.path} was made with other solve options ({'; '.join(differing)}): "
                                 f"{same}, or write a new report")
        refusal = rules_refusal(self.path, rows, current, self.stated, self.restated)
        if refusal is not None:
            raise refusal
        if self.kind == ".csv" and text:
            self._take_header(text.splitlines()[0].split(","))
        return [row for _, row in rows], len(complete)

    def _take_header(self, header: list[str]) -> None:
        """Go on in the CSV report's own layout: the one its options give, or a --count report's made before the
        count columns (its rows stay alike); the rules column added when it lacks one (made before it)."""
        layout = self.columns[:-1]
        layouts = [layout, COLUMNS] if layout[len(COLUMNS):] == COUNT_COLUMNS else [layout]
        for columns in layouts:
            if header in (columns, columns + [RULES_COLUMN]):
                self.columns = columns + [RULES_COLUMN]
                self.add_rules_column = header == columns
                return
        raise self._refusal("its header is not the one its options give")  # the rows' options say otherwise

    def _with_rules_column(self) -> None:
        """Rewrite a CSV report made before the rules column with it (empty: not recorded) and without a cut last
        line, through a file beside it renamed over it, so that an interruption leaves one or the other whole."""
        text = Path(self.path).read_bytes().decode("utf-8", errors="surrogateescape")
        complete = text[: text.rfind("\n") + 1]
        records = list(csv.DictReader(io.StringIO(complete, newline="")))
        made = f"{self.path}.{os.getpid()}.tmp"
        try:
            with open(made, "w", encoding="utf-8", errors="surrogateescape", newline="") as out:
                writer = csv.DictWriter(out, fieldnames=self.columns)
                writer.writeheader()
                writer.writerows({**record, RULES_COLUMN: ""} for record in records)
            shutil.copymode(self.path, made)
            os.replace(made, self.path)
        except OSError:
            with contextlib.suppress(OSError):
                os.unlink(made)
            raise

    def _starts_like_a_report(self, text: bytes) -> bool:
        """Whether ``text`` (a file's only line, cut short) is the start of what a batch writes first."""
        firsts = [",".join(header).encode() for header in HEADERS] if self.kind == ".csv" else [b'{"file": ']
        return any(first.startswith(text) or text.startswith(first) for first in firsts)

    def _refusal(self, why: str) -> UsageError:
        return UsageError(f"--resume: {self.path} is not a satpuzzles batch report, or it is damaged ({why}); "
                          "it was left as it is")

    def _read_csv(self, text: str) -> list[tuple[int, dict[str, Any]]]:
        if not text:
            return []
        reader = csv.DictReader(io.StringIO(text, newline=""))
        try:
            if reader.fieldnames not in HEADERS:
                raise self._refusal("its header is not the report's")
            return [(reader.line_num, _from_csv(record)) for record in reader]
        except DamagedRow as exc:
            raise self._refusal(f"line {reader.line_num}: {exc}") from None
        except csv.Error as exc:
            raise self._refusal(f"line {reader.line_num}: {exc}") from None

    def _read_jsonl(self, text: str) -> list[tuple[int, dict[str, Any]]]:
        rows = []
        for number, line in enumerate(text.splitlines(), start=1):
            if not line.strip():
                continue
            try:
                rows.append((number, _from_json(line)))
            except DamagedRow as exc:
                raise self._refusal(f"line {number}: {exc}") from None
        return rows

    def done(self) -> set[tuple[str, int]]:
        """The (file, index) pairs the report already holds."""
        return {(row["file"], int(row["index"])) for row in self.previous}

    def _guarded(self, write: Any, *args: Any) -> None:
        try:
            write(*args)
            self.out.flush()
        except OSError as exc:
            raise UsageError(f"cannot write the report {self.path}: {exc.strerror}") from exc

    def write(self, row: Row) -> None:
        """Append one row and flush it, so an interrupted batch keeps every finished puzzle."""
        if self.writer is not None:
            self._guarded(self.out.write, csv_line(row, self.options, self.columns))
        else:
            self._guarded(self.out.write, json_line(row, self.options, self.columns))

    def close(self) -> None:
        """Close the file."""
        try:
            self.out.close()
        except OSError:
            pass
