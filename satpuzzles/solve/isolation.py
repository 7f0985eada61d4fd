"""Run work in a child process that can really be stopped at a deadline.

PySAT's CaDiCaL cannot be interrupted from Python, so a hard ``--timeout`` runs
the solve in a forked child (in its own process group, so an external solver
it started dies with it) and kills the group when time is up. The child may
report progress (each solution found, a proof of unsolvability) before it
finishes; every report comes back with the timeout. The child also dies when
the parent is terminated.
"""

from __future__ import annotations

import ctypes
import multiprocessing
import os
import signal
import sys
import time
import traceback
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from multiprocessing.connection import Connection
from typing import TypeVar

from satpuzzles.core.errors import SatPuzzlesError

T = TypeVar("T")
Report = Callable[[object], None]

PR_SET_PDEATHSIG = 1


class Timeout(Exception):
    """The deadline passed before the work finished; ``reports`` are its progress reports so far."""

    def __init__(self, reports: list[object]) -> None:
        super().__init__("deadline passed")
        self.reports = reports


def _die_with_parent() -> None:
    if sys.platform.startswith("linux"):
        try:
            ctypes.CDLL(None).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
        except (OSError, AttributeError):
            pass


def _child(conn: Connection, work: Callable[[Report], object]) -> None:
    os.setpgid(0, 0)
    _die_with_parent()
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        conn.send(("ok", work(lambda progress: conn.send(("progress", progress)))))
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


@contextmanager
def _termination_raises() -> Iterator[None]:
    """Turn SIGTERM and SIGHUP into SystemExit so that cleanup (killing the child) runs."""

    def stop(signum: int, frame: object) -> None:
        raise SystemExit(128 + signum)

    previous = {sig: signal.signal(sig, stop) for sig in (signal.SIGTERM, signal.SIGHUP)}
    try:
        yield
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)


def run_with_deadline(work: Callable[[Report], T], seconds: float, on_report: Report | None = None) -> T:
    """Return ``work(report)`` computed in a child process, or raise Timeout after ``seconds``.

    ``report(progress)`` sends a partial result to the parent, which passes it to
    ``on_report`` as it arrives; Timeout carries them all.
    """
    context = multiprocessing.get_context("fork")
    receiver, sender = context.Pipe(duplex=False)
    process = context.Process(target=_child, args=(sender, work), daemon=True)
    deadline = time.monotonic() + seconds
    reports: list[object] = []
    with _termination_raises():
        process.start()
        sender.close()
        try:
            while True:
                if not receiver.poll(max(0.0, deadline - time.monotonic())):
                    raise Timeout(reports)
                try:
                    kind, payload = receiver.recv()
                except EOFError:
                    process.join()
                    raise RuntimeError(f"solver process died (exit code {process.exitcode})") from None
                if kind != "progress":
                    break
                reports.append(payload)
                if on_report is not None:
                    on_report(payload)
        finally:
            _kill_group(process.pid)
            process.join()
            receiver.close()
    if kind == "error":
        raise payload
    if kind == "crash":
        raise RuntimeError(f"solver process failed:\n{payload}")
    return payload
