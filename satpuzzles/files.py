"""Reading inputs and writing output files safely."""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Iterable
from pathlib import Path

from satpuzzles.errors import InputError


def read_input(path: str) -> tuple[str, str]:
    """The text of ``path`` (``-`` is standard input) and the name to report it by."""
    if path == "-":
        data, name = sys.stdin.buffer.read(), "<stdin>"
    else:
        try:
            data, name = Path(path).read_bytes(), path
        except OSError as exc:
            raise InputError(f"cannot read input: {exc.strerror}", source=path) from exc
    try:
        return data.decode("utf-8-sig"), name
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        column = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
        raise InputError("not UTF-8 text", line, column, source=name) from exc


def write_atomic(path: str | Path, chunks: Iterable[str]) -> None:
    """Write ``chunks`` to a temporary file beside ``path`` and rename it into place."""
    target = Path(path)
    directory = target.parent if str(target.parent) else Path(".")
    try:
        fd, temporary = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=directory)
    except OSError as exc:
        raise InputError(f"cannot write {target}: {exc.strerror}") from exc
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            for chunk in chunks:
                out.write(chunk)
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def numbered_path(path: str, index: int, total: int) -> str:
    """``out.cnf`` for a single puzzle, ``out.3.cnf`` for the third of several."""
    if total <= 1:
        return path
    target = Path(path)
    return str(target.with_name(f"{target.stem}.{index}{target.suffix}"))
