"""Reading inputs and writing output files safely."""

from __future__ import annotations

import os
import stat
import sys
from collections.abc import Iterable

from satpuzzles.core.errors import InputError, OutputClosed, UsageError

TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path
    from typing import BinaryIO

MAX_INPUT_BYTES = 128 * 2**20
"""Largest input read (128 MiB): more than the largest board any built-in puzzle accepts, in any format."""


def _read_limited(stream: BinaryIO, name: str) -> bytes:
    data = stream.read(MAX_INPUT_BYTES + 1)
    if len(data) > MAX_INPUT_BYTES:
        raise InputError(f"input larger than {MAX_INPUT_BYTES // 2**20} MiB: no puzzle this tool reads is that large "
                         "(see docs/reliability.md)", source=name)
    return data


def read_input(path: str) -> tuple[str, str]:
    """The text of ``path`` (``-`` is standard input) and the name to report it by.

    BOM, CRLF line ends and tabs are the readers' business; here: closed or unreadable
    input, size, and text that is not UTF-8 (located at its first bad byte).
    """
    if path == "-":
        name = "<stdin>"
        stdin = getattr(sys.stdin, "buffer", None)
        if stdin is None:
            raise InputError("cannot read input: standard input is closed", source=name)
        try:
            data = _read_limited(stdin, name)
        except (OSError, ValueError) as exc:
            raise InputError(f"cannot read input: {getattr(exc, 'strerror', None) or exc}", source=name) from exc
    else:
        name = path
        try:
            with open(path, "rb") as stream:
                data = _read_limited(stream, name)
        except IsADirectoryError as exc:
            raise InputError("cannot read input: a folder, not a file (`satpuzzles batch FOLDER` solves every puzzle "
                             "in one)", source=path) from exc
        except FileNotFoundError as exc:
            hint = " (a URL is given as the SOURCE argument, not as a file)" if "://" in path else ""
            raise InputError(f"cannot read input: {exc.strerror}{hint}", source=path) from exc
        except OSError as exc:
            raise InputError(f"cannot read input: {exc.strerror}", source=path) from exc
    return decode_input(data, name), name


def decode_input(data: bytes, name: str = "") -> str:
    """The text of input bytes: UTF-8, a leading BOM dropped; a located InputError at the first bad byte. Bytes that
    start with a UTF-16 byte-order mark are UTF-16 (what Windows PowerShell 5's ``>`` and Notepad's "Unicode" write)."""
    if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
        try:
            return data.decode("utf-16")  # the mark gives the byte order, and is dropped
        except UnicodeDecodeError as exc:
            raise InputError("not UTF-16 text, though it starts with UTF-16's byte-order mark", 1, 1,
                             source=name) from exc
    try:
        # as data.decode("utf-8-sig") (error offsets after the BOM too), without loading that codec's module
        return (data[3:] if data[:3] == b"\xef\xbb\xbf" else data).decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        column = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
        raise InputError("not UTF-8 text", line, column, source=name) from exc


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


STREAMS = {"/dev/stdout": 1, "/dev/stderr": 2}
"""Paths that name this process's own output streams, whatever file the shell sent them to."""
STREAM_FOLDERS = ("/dev/fd/", "/proc/self/fd/")
_MAX_LINK_HOPS = 40  # as the kernel's limit on symbolic links in one lookup


def _stream_fd(path: str) -> int | None:
    """The descriptor of this process that ``path`` names (``/dev/stdout``: 1, ``/dev/fd/3``: 3), or None. Such a
    path may lead to a regular file the shell redirected to: it is written through that descriptor, at its
    offset, never reopened (which would truncate it) nor replaced."""
    for _ in range(_MAX_LINK_HOPS):  # a link to /dev/stdout names the stream too
        if path in STREAMS:
            return STREAMS[path]
        folder = next((folder for folder in STREAM_FOLDERS if path.startswith(folder)), None)
        number = path[len(folder):] if folder is not None else ""
        if number.isascii() and number.isdigit():  # not "²", which int() refuses
            return int(number)
        try:
            hop = os.readlink(path)
        except (OSError, ValueError):
            return None
        path = os.path.normpath(os.path.join(os.path.dirname(path), hop))
    return None


def _is_special(path: str) -> bool:
    """Whether ``path`` exists and is no regular file (a device, a pipe: ``/dev/stdout`` into ``| head``), or
    names an open stream of this process.

    Such a path is opened by its own name: resolving it can give a name that does not exist
    (``/proc/PID/fd/pipe:[...]``).
    """
    if _stream_fd(path) is not None:
        return True
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return False
    return not (stat.S_ISREG(mode) or stat.S_ISDIR(mode))


def _same_file(a: str, b: str) -> bool:
    try:
        return os.path.samefile(a, b)
    except (OSError, ValueError):
        return False


def check_not_input(path: str, input_path: str | None) -> None:
    """Refuse ``path`` when it is the file ``input_path`` names: the output would write over the puzzle."""
    if input_path not in (None, "-") and _same_file(path, input_path):
        raise UsageError(f"cannot write {path}: it is the input file (choose another name)")


def check_writable(path: str, input_path: str | None = None) -> None:
    """Fail early, before any solving, when ``path`` cannot become an output file (or is the input)."""
    if not path or path == "-":
        raise UsageError(f"output file name {path!r}: give the name of a file to write")
    check_not_input(path, input_path)
    if _is_special(path):
        return
    from pathlib import Path  # here and below: pathlib only when a file is written

    target = Path(os.path.realpath(path))
    if target.is_dir():
        raise UsageError(f"cannot write {path}: it is a directory")
    directory = target.parent
    if not directory.is_dir():
        raise UsageError(f"cannot write {path}: no directory {directory}")
    if target.exists() and not target.is_file():
        return
    if not os.access(directory, os.W_OK):
        raise UsageError(f"cannot write {path}: directory {directory} is not writable")


def make_folder(flag: str, folder: str) -> None:
    """Make ``folder`` and the folders above it, when missing; a UsageError naming ``flag`` when it cannot be."""
    if os.path.exists(folder) and not os.path.isdir(folder):
        raise UsageError(f"{flag} {folder}: it is a file, not a folder")
    try:
        os.makedirs(folder, exist_ok=True)
    except OSError as exc:
        raise UsageError(f"{flag} {folder}: cannot create the folder: {exc.strerror}") from None


def check_folder_can_be_made(flag: str, folder: str, named: str) -> None:
    """Refuse (a UsageError naming ``flag`` and ``named``, the path as given) a missing ``folder`` that make_folder
    could not make: a file in the way of it or of a folder above it, or the nearest folder above it not writable.
    Nothing is made; an existing folder passes."""
    path = os.path.normpath(folder or ".")
    while not os.path.lexists(path) and os.path.dirname(path) not in ("", path):
        path = os.path.dirname(path)
    if not os.path.lexists(path):  # a relative path none of whose folders exists: its first one is made here
        path = "."
    if not os.path.isdir(path):
        raise UsageError(f"{flag} {named}: {path} is a file, not a folder")
    if path != os.path.normpath(folder or ".") and not os.access(path, os.W_OK | os.X_OK):
        raise UsageError(f"{flag} {named}: cannot create the folder {folder}: {path} is not writable")


def check_distinct(outputs: dict[str, str]) -> None:
    """Refuse two outputs (named by their flags) that are one file, which the second would overwrite.

    Devices and pipes (``/dev/null``) may be shared.
    """
    seen: dict[str, str] = {}
    for flag, path in outputs.items():
        if _is_special(path):
            continue
        real = os.path.realpath(path)
        if real in seen:
            raise UsageError(f"{seen[real]} and {flag} name the same file {path}: give each output its own name")
        seen[real] = flag


def write_atomic(path: str | Path, chunks: Iterable[str]) -> None:
    """Write ``chunks`` to a temporary file beside ``path`` and rename it into place.

    A symbolic link is followed (its target is replaced, the link kept); a device
    or a named pipe (``/dev/null``, a FIFO) is written directly, never replaced.
    """
    if _is_special(str(path)):
        fd = _stream_fd(str(path))
        if fd is not None:  # what this process wrote to its streams comes first
            for stream in (sys.stdout, sys.stderr):
                if stream is not None:
                    stream.flush()
        try:
            with (open(path, "w", encoding="utf-8") if fd is None
                  else os.fdopen(os.dup(fd), "w", encoding="utf-8")) as out:
                for chunk in chunks:
                    out.write(chunk)
        except BrokenPipeError:
            raise OutputClosed(f"{path} was closed by its reader") from None
        except OSError as exc:
            raise UsageError(f"cannot write {path}: {exc.strerror}") from exc
        return
    from pathlib import Path

    target = Path(os.path.realpath(path))
    try:
        import tempfile  # only when writing a file: 4 ms of every process otherwise

        fd, temporary = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    except OSError as exc:
        raise UsageError(f"cannot write {path}: {exc.strerror}") from exc
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            for chunk in chunks:
                out.write(chunk)
        os.chmod(temporary, 0o666 & ~_umask())
        os.replace(temporary, target)
    except OSError as exc:
        Path(temporary).unlink(missing_ok=True)
        raise UsageError(f"cannot write {path}: {exc.strerror}") from exc
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def numbered_path(path: str, index: int, total: int) -> str:
    """``out.cnf`` for a single puzzle, ``out.3.cnf`` for the third of several; a device or stream (``/dev/null``,
    ``/dev/stdout``) takes them all, one after another."""
    if total <= 1 or _is_special(path):
        return path
    from pathlib import Path

    target = Path(path)
    return str(target.with_name(f"{target.stem}.{index}{target.suffix}"))
