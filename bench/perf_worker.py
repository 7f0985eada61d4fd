"""In-process splits for bench/perf.py, run in a child process against one checkout (PYTHONPATH).

    python bench/perf_worker.py split PUZZLE FILE [FLAG ...]    one puzzle: parse, encode, solve, decode, ...
    python bench/perf_worker.py sum PUZZLE FILE ...             the splits summed over many puzzles

Prints one JSON object. Seconds are wall-clock inside this process; ``cpu`` is its CPU time.
"""

from __future__ import annotations

import json
import sys
import time
from typing import Any

FIELDS = ("propagate_seconds", "encode_seconds", "solve_seconds", "decode_seconds", "verify_seconds")


def split(puzzle: str, path: str, flags: list[str]) -> dict[str, object]:
    """Parse and solve one file's first puzzle with the API; the outcome's statistics."""
    import satpuzzles

    start = time.perf_counter()
    loaded = satpuzzles.load(path, puzzle=puzzle)
    return solved(loaded, flags, time.perf_counter() - start)


def splits(puzzle: str, path: str) -> list[dict[str, object]]:
    """Parse and solve every puzzle of one file; the parse time is shared out evenly."""
    import satpuzzles

    start = time.perf_counter()
    puzzles = satpuzzles.read(path, puzzle=puzzle)
    parse = (time.perf_counter() - start) / max(1, len(puzzles))
    return [solved(loaded, [], parse) for loaded in puzzles]


def solved(loaded: Any, flags: list[str], parse: float) -> dict[str, object]:
    """Solve one loaded puzzle; its statistics, with ``parse`` seconds added to the total."""
    options = {flag.lstrip("-").replace("-", "_"): True for flag in flags}
    parsed = time.perf_counter()
    start = parsed - parse
    result = loaded.solve(**options)
    done = time.perf_counter()
    stats = result.outcome.stats
    row: dict[str, object] = {"parse": parsed - start, "total": done - start, "status": result.status,
                              "sat_calls": stats.sat_calls, "cut_rounds": stats.cut_iterations, "cuts": stats.cuts,
                              "variables": stats.variables, "clauses": stats.clauses, "encoding": stats.encoding}
    for field in FIELDS:
        row[field.replace("_seconds", "")] = getattr(stats, field, 0.0)
    return row


def main() -> None:
    """Run the request on the command line and print the JSON answer (this docstring's usage for --help)."""
    if len(sys.argv) < 4 or sys.argv[1] not in ("split", "sum"):  # its FLAGs are the CLI's, so no argparse
        print("usage: " + __doc__.strip(), file=sys.stdout if sys.argv[1:2] in (["-h"], ["--help"]) else sys.stderr)
        sys.exit(0 if sys.argv[1:2] in (["-h"], ["--help"]) else 2)
    kind, puzzle, *rest = sys.argv[1:]
    cpu = time.process_time()
    if kind == "split":
        path, *flags = rest
        out = split(puzzle, path, flags)
    else:
        rows = [row for path in rest for row in splits(puzzle, path)]
        out = {key: sum(row[key] for row in rows) for key in rows[0] if isinstance(rows[0][key], (int, float))}
        out["puzzles"] = len(rows)
        out["statuses"] = sorted({str(row["status"]) for row in rows})
    out["cpu"] = time.process_time() - cpu
    print(json.dumps(out))


if __name__ == "__main__":
    main()
