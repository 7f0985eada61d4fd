"""A batch's answer files (``--result-dir``, ``--svg-dir``, ``--svg-puzzle-dir``): made where a puzzle is solved,
written by the batch itself into one file per puzzle, named after the input file it came from.

Workers (local or on Dask) return the texts in the puzzle's row, so remote workers need no access to the folders;
the batch writes them, each atomically, before the row reaches the report: a puzzle the report holds (and
``--resume`` skips) has its files.
"""

from __future__ import annotations

import os
from collections import defaultdict

from satpuzzles.core.errors import SatPuzzlesError, UsageError
from satpuzzles.io.files import make_folder, write_atomic

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Collection
    from typing import Any

    from satpuzzles.batch.work import Row
    from satpuzzles.core.outcome import Outcome, Settings
    from satpuzzles.core.spec import PuzzleSpec

FOLDER_FLAGS = {"result": "--result-dir", "svg": "--svg-dir", "svg_puzzle": "--svg-puzzle-dir"}
"""The option naming each answer file's folder, by the answer file's name (present.answers.ANSWER_FILES)."""
SUFFIXES = {"result": ".sol", "svg": ".svg", "svg_puzzle": ".svg"}
"""Each answer file's suffix (``.sol``, as puzzlekit names its answers: never taken as a puzzle from a folder)."""
ANSWERED = ("solved", "unsolvable")
"""The statuses whose puzzles get answer files: an unknown or an error has no answer to write."""


def make_answers(puzzle: PuzzleSpec[Any, Any], instance: Any, outcome: Outcome[Any], settings: Settings,
                 wanted: Collection[str]) -> tuple[dict[str, str], dict[str, str]]:
    """The answer files in ``wanted`` as the puzzle commands make them (none unless the puzzle is ANSWERED), and
    why any could not be (a board too large to draw, a drawing that failed): the puzzle's row stands either way."""
    from satpuzzles.present.answers import PICTURES, answer_texts, check_drawable, draws

    texts: dict[str, str] = {}
    missing: dict[str, str] = {}
    if outcome.status not in ANSWERED:
        return texts, missing
    for name in wanted:
        try:
            if name in PICTURES and draws(puzzle, name):
                check_drawable(puzzle, instance, FOLDER_FLAGS[name])
            texts.update(answer_texts(puzzle, instance, outcome, settings, [name]))
        except SatPuzzlesError as exc:
            missing[name] = str(exc)
        except Exception as exc:  # noqa: BLE001 - a drawing bug costs that file, not the puzzle's row
            missing[name] = f"internal error: {type(exc).__name__}: {exc}"
    return texts, missing


def prepare_folders(folders: dict[str, str]) -> None:
    """Create each answer folder that is missing; a located UsageError when one cannot be a folder to write in."""
    from satpuzzles.present.answers import PICTURES

    pictures = [os.path.realpath(folders[name]) for name in PICTURES if folders.get(name)]
    if len(pictures) == 2 and pictures[0] == pictures[1]:
        raise UsageError("--svg-dir and --svg-puzzle-dir name the same folder: give each its own (a puzzle's two "
                         "pictures have the same name)")
    for name, folder in folders.items():
        flag = FOLDER_FLAGS[name]
        if not folder:
            raise UsageError(f"{flag}: give the name of a folder")
        make_folder(flag, folder)
        if not os.access(folder, os.W_OK | os.X_OK):
            raise UsageError(f"{flag} {folder}: the folder is not writable")


def answer_names(files: list[tuple[str, int]]) -> dict[tuple[str, int], str]:
    """Each puzzle's file name in the answer folders, without a suffix, by (input file, index), for the files and
    their puzzle counts: the file's path below the common folder of all the files, without its suffix, and for a
    file of several puzzles ``.N`` (zero-padded: ``janko.017``). Files that would then share a name keep their
    suffixes (``a.txt``, ``a.url``); a UsageError when even that leaves two the same."""
    absolute = {path: os.path.abspath(path) for path, _ in files}
    root = os.path.commonpath([os.path.dirname(path) for path in absolute.values()]) if absolute else ""

    def named(path: str, count: int, keep_suffix: bool) -> dict[tuple[str, int], str]:
        below = os.path.relpath(absolute[path], root)
        stem = below if keep_suffix else os.path.splitext(below)[0]
        if count == 1:
            return {(path, 1): stem}
        width = len(str(count))
        return {(path, index): f"{stem}.{index:0{width}d}" for index in range(1, count + 1)}

    def clashes(names: dict[tuple[str, int], str]) -> dict[str, list[str]]:
        owners: dict[str, list[str]] = defaultdict(list)
        for (path, _), name in names.items():
            if path not in owners[name]:
                owners[name].append(path)
        return {name: paths for name, paths in owners.items() if len(paths) > 1}

    names = {key: name for path, count in files for key, name in named(path, count, False).items()}
    keep = {path for paths in clashes(names).values() for path in paths}
    if keep:
        names = {key: name for path, count in files for key, name in named(path, count, path in keep).items()}
        for name, paths in clashes(names).items():
            raise UsageError(f"{paths[0]} and {paths[1]} would both write the answer files {name}.*: rename one, or "
                             "solve them in two batches")
    return names


class AnswerFolders:
    """The answer folders of one batch: each row's answer files written there as the row arrives."""

    def __init__(self, folders: dict[str, str], files: list[tuple[str, int]]) -> None:
        self.folders = folders
        self.names = answer_names(files)
        self.check_not_over_inputs()
        self.notes: list[str] = []
        """One line per answer file not written (a board too large to draw), for the end of the batch."""

    def path(self, name: str, key: tuple[str, int]) -> str:
        """Where the answer file ``name`` of the puzzle ``key`` (input file, index) is written."""
        return os.path.join(self.folders[name], self.names[key] + SUFFIXES[name])

    def check_not_over_inputs(self) -> None:
        """A UsageError naming the option when an answer file would replace an input file (``x.sol`` solved into
        its own folder): made before anything is solved."""
        inputs = {os.path.realpath(path): path for path, _ in self.names}
        for name, folder in self.folders.items():
            real = os.path.realpath(folder)  # once per folder: a batch may hold many thousands of puzzles
            for key, stem in self.names.items():
                over = inputs.get(os.path.join(real, stem + SUFFIXES[name]))
                if over is not None:
                    raise UsageError(f"{FOLDER_FLAGS[name]} {folder}: {self.path(name, key)} would be written over "
                                     f"the input file {over}: choose another folder")

    def write(self, row: Row) -> None:
        """Write the row's answer files, each atomically, and take them out of the row."""
        texts: dict[str, str] = row.pop("answers", None) or {}
        for name, text in texts.items():
            path = self.path(name, (row["file"], row["index"]))
            make_folder(FOLDER_FLAGS[name], os.path.dirname(path))
            write_atomic(path, [text])
        for name, why in (row.pop("answers_missing", None) or {}).items():
            self.notes.append(f"{row['file']} puzzle {row['index']}: {FOLDER_FLAGS[name]}: no file written: {why}")
