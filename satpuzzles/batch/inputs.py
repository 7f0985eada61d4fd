"""Which puzzles a batch holds: paths, folders and globs expanded; each file's puzzle detected and counted."""

from __future__ import annotations

import glob
import os
from collections.abc import Collection, Iterable
from dataclasses import dataclass
from typing import Any

from satpuzzles.batch.report import is_jsonl_report
from satpuzzles.core import registry
from satpuzzles.core.errors import InputError, SatPuzzlesError, UsageError
from satpuzzles.core.spec import PuzzleSpec
from satpuzzles.io.detect import detect_file, named_puzzle
from satpuzzles.io.files import read_input
from satpuzzles.io.reading import read_instances
from satpuzzles.io.sources import file_pointed, foreign_pointed
from satpuzzles.io.textgrid import statements

PUZZLE_SUFFIXES = (".txt", ".in", ".url", ".loopy", ".pzprv3", ".json", ".jsonl")
"""Files taken from a folder; a file named on the command line (or by a glob) is always taken."""

@dataclass(frozen=True)
class PuzzleFile:
    """One input file: its puzzle and how many puzzles it holds, or why it cannot be solved."""

    path: str
    puzzle: str = ""
    count: int = 0
    error: str = ""
    stated: tuple[dict[str, Any], ...] = ()
    """What each of its puzzles states of the puzzle's own options (Rules.stated), in order; () when they state none."""
    restated: tuple[str, ...] = ()
    """The options (of ``stated``) whose value the file's comment lines (PuzzleSpec.comment_keys: Numberlink's
    ``# rules:``) change for one of its puzzles, by which --resume judges a row that does not record its rules
    (batch.resume.other_rules): earlier versions did not read these lines, or not as this one does."""


def expand_paths(paths: Iterable[str], leave_out: Iterable[str] = (),
                 leave_out_ids: Collection[tuple[int, int]] = ()) -> list[str]:
    """Every file named by ``paths`` (files, folders walked recursively, globs), first mention kept.

    ``leave_out`` files (the batch's own report) and the files whose (device, inode) is in ``leave_out_ids`` (its
    standard output redirected to a file, which the shell made before the scan) are never taken as puzzles.
    """
    found: list[str] = []
    seen: set[str] = {os.path.realpath(path) for path in leave_out}

    def add(path: str) -> None:
        key = os.path.realpath(path)
        if key not in seen and not (leave_out_ids and _file_id(path) in leave_out_ids):
            seen.add(key)
            found.append(path)

    for path in paths:
        if os.path.isdir(path):
            for name in _folder_files(path):
                add(name)
        elif os.path.exists(path):
            add(path)
        elif glob.has_magic(path):
            matches = sorted(glob.glob(path, recursive=True))
            if not matches:
                raise UsageError(f"{path}: no file matches")
            for match in matches:
                for name in _folder_files(match) if os.path.isdir(match) else [match]:
                    add(name)
        else:
            raise UsageError(f"{path}: no such file or folder")
    if not found:
        raise UsageError(f"no puzzle files ({', '.join(PUZZLE_SUFFIXES)}) in {', '.join(paths)}")
    return found


def _file_id(path: str) -> tuple[int, int] | None:
    """A file's (device, inode), None when it cannot be read."""
    try:
        info = os.stat(path)
    except OSError:
        return None
    return info.st_dev, info.st_ino


def _folder_files(folder: str) -> list[str]:
    """The puzzle files under a folder: by suffix, without hidden ones and batch reports (JSON lines of results)."""
    names = []
    for root, dirs, files in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        names += [os.path.join(root, f) for f in sorted(files)
                  if not f.startswith(".") and f.lower().endswith(PUZZLE_SUFFIXES)]
    return [name for name in names if not (name.lower().endswith(".jsonl") and is_jsonl_report(name))]


def scan_file(path: str, puzzle: str | None) -> PuzzleFile:
    """Read, detect and count one file; an unreadable or malformed file comes back with its error."""
    try:
        text, source = read_input(path)
        if puzzle is None:
            name, instances = detect_file(text, source, path)
        else:
            name = puzzle
            try:
                instances = read_instances(registry.get(name), text, named=True)
            except InputError as exc:  # a puzz.link file or URLs of another type: the puzzle that reads them
                raise foreign_pointed(file_pointed(exc, text), source, text).located(source) from None
        if not instances:
            raise InputError("no puzzle found", source=source)
        spec = registry.get(name)
        stated = tuple(spec.rules.stated(instance) for instance in instances) if spec.rules.stated is not None else ()
        return PuzzleFile(path, name, len(instances), stated=stated if any(stated) else (),
                          restated=_restated(spec, text, stated))
    except SatPuzzlesError as exc:
        return PuzzleFile(path, puzzle or named_puzzle(path) or "", 0, str(exc))
    except Exception as exc:  # noqa: BLE001 - a parser bug: this file's error row, the batch goes on
        return PuzzleFile(path, puzzle or "", 0, f"internal error: {type(exc).__name__}: {exc}")


def _restated(spec: PuzzleSpec[Any, Any], text: str, stated: tuple[dict[str, Any], ...]) -> tuple[str, ...]:
    """The options in ``stated`` whose value differs, for one of the text's puzzles, from what the text states with
    its comment lines (``# rules:``) blanked; every one when it then reads otherwise (or not at all)."""
    lines = sorted({number for key in spec.comment_keys for _, number in statements(text, key)})
    if not lines or spec.rules.stated is None:
        return ()
    names = tuple(sorted({name for said in stated for name in said}))
    rows = text.split("\n")
    for number in lines:
        rows[number - 1] = "#"
    try:
        plain = read_instances(spec, "\n".join(rows), named=True)
    except Exception:  # noqa: BLE001 - any failure: every option may have been read otherwise
        return names
    if len(plain) != len(stated):
        return names
    return tuple(name for name in names if any(said.get(name) != spec.rules.stated(instance).get(name)
                                               for said, instance in zip(stated, plain, strict=True)))


def read_text(path: str) -> str:
    """The file's text, as the scan read it."""
    return read_input(path)[0]
