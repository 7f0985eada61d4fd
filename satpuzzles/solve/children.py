"""Child processes that never outlive the tool: they die with their parent, ignore Ctrl-C, are killed as a group.

Ctrl-C reaches every process of the terminal's foreground group; the parent alone decides
what an interrupt means (it kills its children and reports "interrupted"), so a child
ignores SIGINT and would otherwise print its own traceback or half a result.
"""

from __future__ import annotations

import ctypes
import os
import signal
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager

PR_SET_PDEATHSIG = 1


def _prctl() -> Callable[..., int] | None:
    if not sys.platform.startswith("linux"):
        return None
    try:
        return ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):
        return None


_PRCTL = _prctl()
"""Looked up once, in the parent: a child between fork and exec must not load libraries."""


def die_with_parent() -> None:
    """In a child: the kernel sends it SIGKILL when its parent dies, however the parent dies (Linux)."""
    if _PRCTL is not None:
        _PRCTL(PR_SET_PDEATHSIG, signal.SIGKILL)


HELD_SIGNALS = {signal.SIGINT, signal.SIGTERM, signal.SIGHUP}


@contextmanager
def signals_held() -> Iterator[None]:
    """Hold back Ctrl-C and SIGTERM around a fork: a child must never unwind the parent's stack.

    A signal arriving meanwhile is delivered when the block ends (in the child, after child_signals).
    """
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, HELD_SIGNALS)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def child_signals() -> None:
    """In a forked child: ignore Ctrl-C (the parent handles it), die at once on SIGTERM or SIGHUP, with the parent too.

    Call it first thing in the child, inside signals_held().
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for sig in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, signal.SIG_DFL)
    die_with_parent()


def kill_group(pid: int) -> None:
    """SIGKILL the process group ``pid`` leads, or the process alone when it leads none."""
    for kill in (lambda: os.killpg(pid, signal.SIGKILL), lambda: os.kill(pid, signal.SIGKILL)):
        try:
            kill()
            return
        except (ProcessLookupError, PermissionError):
            pass
