"""The ``satpuzzles.puzzles`` entry points, cached between runs so start-up skips importlib.metadata.

Importing importlib.metadata and scanning every installed distribution cost about a
quarter of a one-puzzle run (20-40 ms of ~100 ms). The scan's result is kept in a small
text file in the user's cache folder, valid while nothing it depends on has changed:

- the interpreter and its ``sys.path``, and the modification time of every folder on it:
  installing or removing a package adds or removes a ``*.dist-info`` folder there, which
  changes the folder's time (pip never edits an installed distribution in place);
- the modification time of each ``entry_points.txt`` that contributed an entry point.

When anything differs, the entry points are scanned again and the file rewritten
(atomically; a cache that cannot be read or written is simply not used).
``SATPUZZLES_CACHE_DIR`` names another folder; set it empty to turn the cache off.
"""

from __future__ import annotations

import os
import sys
import zlib

GROUP = "satpuzzles.puzzles"
FORMAT = "satpuzzles entry-point cache 1"
RECORDS = 4
"""Different sys.path set-ups kept per interpreter (a script and ``python -m`` differ in sys.path[0])."""

Entries = list[tuple[str, str]]


def cache_file() -> str | None:
    """Where this interpreter's cache lives (None: caching is off)."""
    folder = os.environ.get("SATPUZZLES_CACHE_DIR")
    if folder is None:
        base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
        folder = os.path.join(base, "satpuzzles")
    if not folder:
        return None
    tag = zlib.crc32(f"{sys.executable}\0{sys.prefix}".encode()) & 0xFFFFFFFF
    return os.path.join(folder, f"entry-points-{tag:08x}.txt")


def _mtime(path: str) -> int:
    try:
        return os.stat(path).st_mtime_ns
    except OSError:
        return -1


def path_key() -> str:
    """The interpreter, sys.path and each sys.path folder's modification time, as one line."""
    parts = [sys.executable, sys.version.split()[0]]
    for entry in sys.path:
        parts.append(f"{entry}={_mtime(entry or os.getcwd())}")
    return "\x1f".join(parts)


def scan() -> tuple[Entries, list[str]]:
    """The group's (name, value) pairs from importlib.metadata, and the files they depend on: every
    distribution's ``entry_points.txt``, present or not, since one edited in place (an ``.egg-info`` in a
    source folder) can gain an entry without its folder's time changing."""
    from importlib.metadata import distributions, entry_points

    found: Entries = [(ep.name, ep.value) for ep in entry_points(group=GROUP)]
    files: set[str] = set()
    for dist in distributions():
        folder = getattr(dist, "_path", None)
        if folder is not None:
            files.add(os.path.join(str(folder), "entry_points.txt"))
    return found, sorted(files)


def _read_records(path: str) -> list[list[str]]:
    """The cached records, each a list of lines (key line first)."""
    try:
        with open(path, encoding="utf-8") as handle:
            text = handle.read()
    except (OSError, UnicodeDecodeError):
        return []
    blocks = text.split("\n\x1e\n")
    if not blocks or blocks[0] != FORMAT:
        return []
    return [block.split("\n") for block in blocks[1:] if block]


def _fresh(record: list[str], key: str) -> Entries | None:
    """The entries of ``record`` when it was made under ``key`` and its files are unchanged."""
    if not record or record[0] != key:
        return None
    entries: Entries = []
    for line in record[1:]:
        kind, _, rest = line.partition("\t")
        first, _, second = rest.partition("\t")
        if kind == "file":
            if str(_mtime(first)) != second:
                return None
        elif kind == "entry":
            entries.append((first, second))
        else:
            return None
    return entries


def _write_records(path: str, records: list[list[str]]) -> None:
    text = "\n\x1e\n".join([FORMAT, *("\n".join(record) for record in records)])
    temporary = f"{path}.{os.getpid()}.tmp"
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(temporary, "w", encoding="utf-8") as handle:
            handle.write(text)
        os.replace(temporary, path)
    except OSError:
        try:
            os.unlink(temporary)
        except OSError:
            pass


def entry_points() -> Entries:
    """The ``satpuzzles.puzzles`` entry points as (name, value), from the cache when it is still valid."""
    path = cache_file()
    key = path_key()
    records = _read_records(path) if path else []
    for record in records:
        entries = _fresh(record, key)
        if entries is not None:
            return entries
    entries, files = scan()
    if path and "\n" not in key:
        record = [key, *(f"file\t{name}\t{_mtime(name)}" for name in files),
                  *(f"entry\t{name}\t{value}" for name, value in entries)]
        kept = [old for old in records if old and old[0] != key]
        _write_records(path, [record, *kept][:RECORDS])
    return entries
