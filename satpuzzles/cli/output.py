"""Standard output through one door: a reader that goes away (``| head``) is reported as exit 141, always.

Libraries handle a broken pipe their own ways (click and rich exit with status 1, which
would claim "proved unsolvable"), so everything the tool prints goes through a stream
that turns BrokenPipeError into OutputClosed, an error no library catches, and any other
write failure (``> /dev/full``) into OutputFailed, a one-line error with exit status 2.

Large texts are written in a loop that checks how much went out: CPython's buffered
writer can return early from a big write into a pipe whose reader has just gone (the
kernel's partial count), and a text stream then drops the rest without a word, so a
2 MB write into ``| head -c 10`` used to end with status 0.
"""

from __future__ import annotations

import errno
import os
import sys

from satpuzzles.core.errors import OutputClosed, SatPuzzlesError

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, TextIO

__all__ = ["OutputClosed", "OutputFailed", "PipeSafe", "output_error", "silence_stdout", "stdout"]

LARGE_WRITE = 4096
"""Texts at least this long are written through the checked loop (smaller ones are buffered whole)."""


class OutputFailed(SatPuzzlesError):
    """Standard output cannot be written (a full disk, /dev/full, an I/O error)."""


def output_error(exc: OSError) -> SatPuzzlesError:
    """The tool's error for a failed write to standard output."""
    if isinstance(exc, BrokenPipeError) or exc.errno in (errno.EPIPE, errno.ECONNRESET):
        return OutputClosed("standard output closed")
    return OutputFailed(f"cannot write standard output: {exc.strerror or exc}")


class PipeSafe:
    """A text stream that raises OutputClosed or OutputFailed where the stream it wraps raises OSError."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        """Write all of ``text``, or raise OutputClosed / OutputFailed."""
        try:
            buffer = getattr(self._stream, "buffer", None)
            if buffer is None or len(text) < LARGE_WRITE:
                self._stream.write(text)
                return len(text)
            self._stream.flush()
            data = memoryview(text.encode(self._stream.encoding or "utf-8", self._stream.errors or "strict"))
            while data:
                written = buffer.write(data)
                if written is None:  # a non-blocking stream that is full: no answer will come
                    raise OSError(errno.EAGAIN, "the output would block")
                data = data[written:]
            buffer.flush()
            return len(text)
        except OSError as exc:
            raise output_error(exc) from None

    def flush(self) -> None:
        """Flush, or raise OutputClosed / OutputFailed."""
        try:
            self._stream.flush()
        except OSError as exc:
            raise output_error(exc) from None

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def stdout() -> PipeSafe:
    """Standard output, pipe-safe."""
    return sys.stdout if isinstance(sys.stdout, PipeSafe) else PipeSafe(sys.stdout)


class one_door:  # noqa: N801 - used as the function it was: ``with one_door():``
    """Make ``sys.stdout`` pipe-safe while the CLI runs, so whatever prints (click's help, rich) goes through it.

    click turns a broken pipe it sees into exit status 1, and an error it does not know into a traceback.
    (A class: contextlib is not loaded for it.)
    """

    __slots__ = ("original",)

    def __enter__(self) -> None:
        self.original = sys.stdout
        if self.original is not None and not isinstance(self.original, PipeSafe):
            sys.stdout = PipeSafe(self.original)

    def __exit__(self, *exc: object) -> None:
        if isinstance(sys.stdout, PipeSafe):
            sys.stdout = self.original


def flush_stdout() -> None:
    """Flush what is left in standard output's buffers (OutputClosed / OutputFailed when it cannot go)."""
    if sys.stdout is not None:
        PipeSafe(sys.stdout).flush()


def silence_stdout() -> None:
    """After a failed write: send what is left (the interpreter's last flush) nowhere."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass
    sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - lives until the process ends


def say(message: str) -> None:
    """One line on standard error; nothing when standard error itself cannot be written."""
    try:
        if sys.stderr is not None:
            sys.stderr.write(message + "\n")
            sys.stderr.flush()
    except (OSError, ValueError):
        pass
