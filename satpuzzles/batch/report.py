"""The batch report: one CSV or JSON-lines row per puzzle, appended and flushed as results arrive."""

from __future__ import annotations

import csv
import io
import json
import os
from pathlib import Path
from typing import Any, TextIO

from satpuzzles.batch.work import Row
from satpuzzles.core.errors import UsageError
from satpuzzles.io.files import check_writable

COLUMNS = ["file", "index", "puzzle", "status", "unique", "verified", "seconds", "variables", "clauses",
           "cut_iterations", "error", "encoding", "sat_calls", "encode_seconds", "solve_seconds", "decode_seconds"]
"""Report columns, in order (the first eleven are the summary of a puzzle, the rest solve statistics)."""
STATS_COLUMNS = ["variables", "clauses", "cut_iterations", "encoding", "sat_calls", "encode_seconds", "solve_seconds",
                 "decode_seconds"]
FORMATS = (".csv", ".jsonl")


def report_record(row: Row) -> dict[str, Any]:
    """The report's columns of a result row (statistics are empty when the puzzle never ran)."""
    stats = row.get("stats") or {}
    record = {name: row.get(name) for name in COLUMNS}
    for name in STATS_COLUMNS:
        record[name] = stats.get(name)
    return record


def _csv_cell(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _from_csv(record: dict[str, str]) -> dict[str, Any]:
    parsed: dict[str, Any] = dict(record)
    for name in ("unique", "verified"):
        parsed[name] = {"true": True, "false": False}.get(record.get(name, ""))
    try:
        parsed["index"] = int(record["index"])
        parsed["seconds"] = float(record["seconds"] or 0)
    except (KeyError, ValueError):
        raise ValueError("a row without a number in index or seconds") from None
    return parsed


def _from_json(line: str) -> dict[str, Any]:
    record = json.loads(line)
    if not isinstance(record, dict) or not isinstance(record.get("index"), int) or not {"file", "status"} <= set(record):
        raise ValueError("a line that is not a row with file, index and status")
    return record


class Report:
    """An open report file: earlier rows (with --resume) and appending new ones."""

    @staticmethod
    def check(path: str) -> None:
        """Refuse a report name that cannot work, before any puzzle is read."""
        if Path(path).suffix.lower() not in FORMATS:
            raise UsageError(f"--report {path}: name a .csv or .jsonl file")
        check_writable(path)

    def __init__(self, path: str, resume: bool) -> None:
        self.check(path)
        self.path = path
        self.kind = Path(path).suffix.lower()
        self.previous: list[dict[str, Any]] = self._read() if resume and os.path.exists(path) else []
        self.out: TextIO = open(path, "a" if self.previous else "w", encoding="utf-8", newline="")  # noqa: SIM115 - open for the whole batch
        self.writer = csv.DictWriter(self.out, fieldnames=COLUMNS) if self.kind == ".csv" else None
        if self.writer is not None and not self.previous:
            self.writer.writeheader()
            self.out.flush()

    def _read(self) -> list[dict[str, Any]]:
        """Rows already in the file; a last line cut short by an interruption is dropped."""
        try:
            data = Path(self.path).read_bytes()
        except OSError as exc:
            raise UsageError(f"--resume: cannot read {self.path}: {exc.strerror}") from exc
        complete = data[: data.rfind(b"\n") + 1]
        if len(complete) != len(data):
            with open(self.path, "r+b") as out:
                out.truncate(len(complete))
        text = complete.decode("utf-8", errors="replace")
        try:
            if self.kind == ".csv":
                return self._read_csv(text)
            return [_from_json(line) for line in text.splitlines() if line.strip()]
        except (ValueError, KeyError) as exc:
            raise UsageError(f"--resume: {self.path} is not a satpuzzles batch report ({exc})") from None

    def _read_csv(self, text: str) -> list[dict[str, Any]]:
        if not text:
            return []
        reader = csv.DictReader(io.StringIO(text, newline=""))
        if reader.fieldnames != COLUMNS:
            raise ValueError("its header differs")
        return [_from_csv(record) for record in reader]

    def done(self) -> set[tuple[str, int]]:
        """The (file, index) pairs the report already holds."""
        return {(row["file"], int(row["index"])) for row in self.previous}

    def write(self, row: Row) -> None:
        """Append one row and flush it, so an interrupted batch keeps every finished puzzle."""
        record = report_record(row)
        try:
            if self.writer is not None:
                self.writer.writerow({name: _csv_cell(value) for name, value in record.items()})
            else:
                self.out.write(json.dumps(record, ensure_ascii=False) + "\n")
            self.out.flush()
        except OSError as exc:
            raise UsageError(f"cannot write the report {self.path}: {exc.strerror}") from exc

    def close(self) -> None:
        """Close the file."""
        self.out.close()
