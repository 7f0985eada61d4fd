"""A spinner on a terminal's standard error while a slow solve runs: shown after a second, wiped before the report.

A thread draws it with carriage returns only (no rich, no escape codes: the plain path stays light, a dumb
terminal shows it too); nothing at all when standard error is not a terminal.
"""

from __future__ import annotations

import os
import sys
import threading
import time

from satpuzzles.present.colour import is_terminal

FRAMES = "|/-\\"
DELAY = 1.0
"""Seconds before the spinner shows: a quick solve prints its report without it (SATPUZZLES_SPINNER_DELAY sets
another, in seconds; 0 shows it at once)."""
TICK = 0.2


class Spinner:
    """``with Spinner("solving numberlink"):`` shows ``| solving numberlink, 3 s`` on stderr after DELAY seconds."""

    def __init__(self, text: str, shown: bool = True, delay: float | None = None) -> None:
        self.text, self.delay = text, _delay() if delay is None else delay
        self.shown = shown and is_terminal(sys.stderr)
        self.stop = threading.Event()
        self.thread: threading.Thread | None = None

    def __enter__(self) -> Spinner:
        if self.shown:
            self.thread = threading.Thread(target=self._draw, name="spinner", daemon=True)
            self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop.set()
        if self.thread is not None:
            self.thread.join()

    def _draw(self) -> None:
        """Wait DELAY seconds, then redraw the line every TICK until stopped; then wipe it."""
        start = time.monotonic()
        if self.stop.wait(self.delay):
            return
        width = 0
        frame = 0
        while not self.stop.is_set():
            line = f"{FRAMES[frame % len(FRAMES)]} {self.text}, {time.monotonic() - start:.0f} s"
            width = max(width, len(line))
            _write(f"\r{line}")
            frame += 1
            self.stop.wait(TICK)
        _write("\r" + " " * width + "\r")


def _delay() -> float:
    """DELAY, or the seconds SATPUZZLES_SPINNER_DELAY gives (a value that is no number of seconds is ignored)."""
    try:
        seconds = float(os.environ.get("SATPUZZLES_SPINNER_DELAY", DELAY))
    except ValueError:
        return DELAY
    return seconds if 0 <= seconds < float("inf") else DELAY


def _write(text: str) -> None:
    """Write to stderr, never failing (a terminal that went away loses the spinner, not the solve)."""
    try:
        sys.stderr.write(text)
        sys.stderr.flush()
    except (OSError, ValueError):
        pass
