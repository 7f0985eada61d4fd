"""Run work in a child process that can really be stopped at a deadline.

PySAT's CaDiCaL cannot be interrupted from Python, so a hard ``--timeout`` runs
the solve in a forked child (in its own process group, so an external solver
it started dies with it) and kills the group when time is up.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import time
import traceback
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import TypeVar

from satpuzzles.errors import SatPuzzlesError

T = TypeVar("T")


class Timeout(Exception):
    """The deadline passed before the work finished."""


def _child(conn: Connection, work: Callable[[], object]) -> None:
    os.setpgid(0, 0)
    try:
        conn.send(("ok", work()))
    except SatPuzzlesError as exc:
        conn.send(("error", exc))
    except BaseException:  # noqa: BLE001 - report any crash to the parent, which re-raises it
        conn.send(("crash", traceback.format_exc()))
    finally:
        conn.close()


def _kill_group(pid: int) -> None:
    for kill in (lambda: os.killpg(pid, signal.SIGKILL), lambda: os.kill(pid, signal.SIGKILL)):
        try:
            kill()
        except (ProcessLookupError, PermissionError):
            pass


def run_with_deadline(work: Callable[[], T], seconds: float) -> T:
    """Return ``work()`` computed in a child process, or raise Timeout after ``seconds``."""
    context = multiprocessing.get_context("fork")
    receiver, sender = context.Pipe(duplex=False)
    process = context.Process(target=_child, args=(sender, work), daemon=True)
    deadline = time.monotonic() + seconds
    process.start()
    sender.close()
    try:
        if not receiver.poll(max(0.0, deadline - time.monotonic())):
            raise Timeout()
        try:
            kind, payload = receiver.recv()
        except EOFError:
            process.join()
            raise RuntimeError(f"solver process died (exit code {process.exitcode})") from None
    finally:
        _kill_group(process.pid)
        process.join()
        receiver.close()
    if kind == "error":
        raise payload
    if kind == "crash":
        raise RuntimeError(f"solver process failed:\n{payload}")
    return payload
