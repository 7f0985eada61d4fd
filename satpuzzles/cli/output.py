"""Standard output through one door: a reader that goes away (``| head``) is reported as exit 141, always.

Libraries handle a broken pipe their own ways (click and rich exit with status 1, which
would claim "proved unsolvable"), so everything the tool prints goes through a stream
that turns BrokenPipeError into OutputClosed, an error no library catches.
"""

from __future__ import annotations

import os
import sys
from typing import Any, TextIO

from satpuzzles.core.errors import OutputClosed

__all__ = ["OutputClosed", "PipeSafe", "silence_stdout", "stdout"]


class PipeSafe:
    """A text stream that raises OutputClosed where the stream it wraps raises BrokenPipeError."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        """Write, or raise OutputClosed."""
        try:
            return self._stream.write(text)
        except BrokenPipeError:
            raise OutputClosed("standard output closed") from None

    def flush(self) -> None:
        """Flush, or raise OutputClosed."""
        try:
            self._stream.flush()
        except BrokenPipeError:
            raise OutputClosed("standard output closed") from None

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def stdout() -> PipeSafe:
    """Standard output, pipe-safe."""
    return PipeSafe(sys.stdout)


def silence_stdout() -> None:
    """After the reader has gone: send what is left (the interpreter's last flush) nowhere."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass
    sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - lives until the process ends
