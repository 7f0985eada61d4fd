"""Reading a puzzle's instances from text: its own formats, detected or named, and JSON envelopes."""

from __future__ import annotations

from satpuzzles.core.errors import InputError, UsageError
from satpuzzles.core.spec import PuzzleSpec

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


def looks_like_json(text: str) -> bool:
    """Whether ``text`` starts like a JSON object (what ``--format json`` prints)."""
    return text.lstrip().startswith("{")


def read_instances(puzzle: PuzzleSpec[Any, Any], text: str, input_format: str = "auto") -> list[Any]:
    """Every instance in ``text``; ``auto`` picks JSON or the first reader whose sniff accepts the text."""
    if input_format == "json" or (input_format == "auto" and puzzle.json is not None and looks_like_json(text)):
        from satpuzzles.io.jsonio import read_json_instances  # JSON input only

        return read_json_instances(puzzle, text)
    if input_format == "auto":
        for reader in puzzle.readers:
            if reader.sniff is None or reader.sniff(text):
                return reader.read(text)
        raise InputError(f"not a {puzzle.name} puzzle in any format this tool reads", 1, 1)
    for reader in puzzle.readers:
        if input_format in (reader.name, *reader.aliases):
            return reader.read(text)
    raise UsageError(f"--input-format {input_format}: {puzzle.name} reads {', '.join(puzzle.input_formats)}")
