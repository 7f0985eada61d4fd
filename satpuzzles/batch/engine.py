"""Run a batch: the files' puzzles become plain-data parts, solved locally or on Dask, rows reported as they arrive."""

from __future__ import annotations

import os
from collections.abc import Callable, Collection, Iterator

from satpuzzles.batch.inputs import PuzzleFile, read_text
from satpuzzles.batch.work import Options, Part, Row, error_row
from satpuzzles.core.errors import SatPuzzlesError
from satpuzzles.core.words import counted


def file_error_rows(files: list[PuzzleFile], done: Collection[tuple[str, int]]) -> list[Row]:
    """Error rows (index 0: the file as a whole) for files that could not be read, recognised or parsed."""
    return [error_row(f.path, 0, f.puzzle, f.error) for f in files if f.error and (f.path, 0) not in done]


def parts(files: list[PuzzleFile], done: Collection[tuple[str, int]], on_row: Callable[[Row], None],
          per_part: int | None = None) -> Iterator[Part]:
    """The puzzles still to solve, file by file, at most ``per_part`` indices per part (all when None).

    Each file is read again only when its turn comes, so the batch holds one text at a time.
    """
    for f in files:
        indices = [i for i in range(1, f.count + 1) if (f.path, i) not in done]
        if f.error or not indices:
            continue
        try:
            text = read_text(f.path)
        except SatPuzzlesError as exc:
            for index in indices:
                on_row(error_row(f.path, index, f.puzzle, str(exc)))
            continue
        step = per_part or len(indices)
        for start in range(0, len(indices), step):
            yield {"file": f.path, "puzzle": f.puzzle, "text": text, "indices": indices[start:start + step]}


def pending_count(files: list[PuzzleFile], done: Collection[tuple[str, int]]) -> int:
    """How many puzzles the batch will still solve."""
    return sum((f.path, i) not in done for f in files if not f.error for i in range(1, f.count + 1))


def default_jobs() -> int:
    """One worker per core."""
    return os.cpu_count() or 1


def run_batch(files: list[PuzzleFile], options: Options, on_row: Callable[[Row], None], jobs: int | None = None,
              dask: str | None = None, done: Collection[tuple[str, int]] = frozenset()) -> str:
    """Solve every puzzle of ``files`` not in ``done``, locally in ``jobs`` processes or on the Dask scheduler ``dask``.

    Returns where the puzzles ran, for the summary.
    """
    for row in file_error_rows(files, done):
        on_row(row)
    total = pending_count(files, done)
    if dask is not None:
        if total:
            from satpuzzles.batch.cluster import run_dask

            run_dask(dask, parts(files, done, on_row), total, options, on_row)
        return f"Dask scheduler {dask}"
    workers = min(jobs or default_jobs(), total)
    if workers:
        from satpuzzles.batch.pool import run_local

        run_local(parts(files, done, on_row, per_part=1), options, workers, on_row)
    return f"{counted(workers, 'local worker')}"
