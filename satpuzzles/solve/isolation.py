"""Run work in a child process that can really be stopped at a deadline.

PySAT's CaDiCaL cannot be interrupted from Python, so a hard ``--timeout`` runs
the solve in a forked child (in its own process group, so an external solver
it started dies with it) and kills the group when time is up. The child may
report progress (each solution found, a proof of unsolvability) before it
finishes; every report comes back with the timeout. The child also dies when
the parent is terminated.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading
import time
import traceback
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any, NamedTuple, TypeVar

from satpuzzles.core.errors import ExitStatus, OutOfMemory, SatPuzzlesError
from satpuzzles.solve import solver_process
from satpuzzles.solve.children import HELD_SIGNALS, child_signals, kill_group, signals_held
from satpuzzles.solve.exits import exit_description
from satpuzzles.solve.interrupts import raise_terminated

T = TypeVar("T")
Report = Callable[[object], None]


class Timeout(Exception):
    """The deadline passed before the work finished; ``reports`` are its progress reports so far, and
    ``quiet_seconds`` the time from the last of them (or the start) to the deadline."""

    def __init__(self, reports: list[Any], quiet_seconds: float = 0.0) -> None:
        super().__init__("deadline passed")
        self.reports = reports
        self.quiet_seconds = quiet_seconds


def _child(conn: Connection, work: Callable[[Report], object]) -> None:
    os.setpgid(0, 0)
    solver_process.group_watcher = lambda event, group: conn.send(("group", (event, group)))
    solver_process.folder_watcher = lambda event, folder: conn.send(("folder", (event, folder)))
    try:
        conn.send(("ok", work(lambda progress: conn.send(("progress", progress)))))
    except SatPuzzlesError as exc:
        if exc.exit_status == ExitStatus.INTERNAL_ERROR:
            exc.details = traceback.format_exc()  # type: ignore[attr-defined]  # for SATPUZZLES_DEBUG in the parent
        conn.send(("error", exc))
    except MemoryError:
        conn.send(("error", OutOfMemory("out of memory: the puzzle needs more memory than this process may use")))
    except BaseException as exc:  # noqa: BLE001 - report any crash to the parent, which re-raises it
        conn.send(("crash", (f"{type(exc).__name__}: {exc}", traceback.format_exc())))
    finally:
        conn.close()


def _start(process: BaseProcess) -> None:
    """Start the child with Ctrl-C and SIGTERM held back until it has set its own handlers."""
    with signals_held():
        process.start()


def _child_main(conn: Connection, work: Callable[[Report], object]) -> None:
    child_signals()
    signal.pthread_sigmask(signal.SIG_UNBLOCK, HELD_SIGNALS)
    _child(conn, work)


@contextmanager
def _termination_raises() -> Iterator[None]:
    """Turn SIGTERM and SIGHUP into Terminated (unless someone already handles them), so the child is killed."""
    previous = {sig: signal.signal(sig, raise_terminated) for sig in (signal.SIGTERM, signal.SIGHUP)
                if signal.getsignal(sig) == signal.SIG_DFL and threading.current_thread() is threading.main_thread()}
    try:
        yield
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)


class SolverCrashed(RuntimeError):
    """The child failed with an unexpected exception (a bug); ``details`` holds its traceback."""

    def __init__(self, summary: str, details: str) -> None:
        super().__init__(summary)
        self.details = details


class Superseding(NamedTuple):
    """A progress report that replaces the earlier one with the same ``key``: only the latest is kept (a partial
    result sent again and again as it grows)."""

    key: str
    value: object


def run_with_deadline(work: Callable[[Report], T], seconds: float, on_report: Report | None = None) -> T:
    """Return ``work(report)`` computed in a child process, or raise Timeout after ``seconds``.

    ``report(progress)`` sends a partial result to the parent, which passes it to
    ``on_report`` as it arrives; Timeout carries them all (of Superseding ones, the latest per key).
    """
    context = multiprocessing.get_context("fork")
    receiver, sender = context.Pipe(duplex=False)
    process = context.Process(target=_child_main, args=(sender, work), daemon=True)
    last_heard = time.monotonic()
    deadline = last_heard + seconds
    reports: list[object] = []
    groups: set[int] = set()  # external solvers' process groups running in the child
    folders: set[str] = set()  # and the temporary folders of their files (solver_process.formula_files)
    with _termination_raises():
        _start(process)
        sender.close()
        try:
            while True:
                if not receiver.poll(max(0.0, deadline - time.monotonic())):
                    raise Timeout(reports, max(0.0, deadline - last_heard))
                try:
                    kind, payload = receiver.recv()
                except EOFError:
                    process.join()
                    raise _died(process.exitcode) from None
                if kind in ("group", "folder"):
                    _follow(groups if kind == "group" else folders, payload)
                    continue
                if kind != "progress":
                    break
                if isinstance(payload, Superseding):
                    reports = [old for old in reports if not (isinstance(old, Superseding) and old.key == payload.key)]
                reports.append(payload)
                last_heard = time.monotonic()
                if on_report is not None:
                    on_report(payload)
        finally:
            if process.pid is not None:
                kill_group(process.pid)
            process.join()
            _kill_solver_groups(receiver, groups, folders)
            receiver.close()
    if kind == "error":
        raise payload
    if kind == "crash":
        raise SolverCrashed(*payload)
    return payload


def _follow(tracked: set[Any], event: tuple[str, Any]) -> None:
    """Note a solver group (or folder) the child started (made), or forget one that is gone."""
    what, item = event
    if what in ("started", "made"):
        tracked.add(item)
    else:
        tracked.discard(item)


def _kill_solver_groups(receiver: Connection, groups: set[int], folders: set[str]) -> None:
    """After the child is dead: SIGKILL the solver groups it left running (the programs a solver started live
    on in its group when the solver itself dies with the child), and remove the folders of their files it left.
    The child's last messages say which ended."""
    try:
        while receiver.poll():
            kind, payload = receiver.recv()
            if kind in ("group", "folder"):
                _follow(groups if kind == "group" else folders, payload)
    except (EOFError, OSError):
        pass
    for group in groups:
        try:
            os.killpg(group, signal.SIGKILL)  # the group only: its leader's pid may be another process's by now
        except (ProcessLookupError, PermissionError):
            pass
    if folders:
        import shutil  # only where a solver was given named files (Kissat writing a proof)

        for folder in folders:
            shutil.rmtree(folder, ignore_errors=True)


def _died(exitcode: int | None) -> Exception:
    """The error for a child that ended without a word (a signal, such as SIGSEGV or the OOM killer's SIGKILL)."""
    if exitcode is not None and exitcode < 0:
        how = exit_description(exitcode)
        if -exitcode == signal.SIGKILL:
            return OutOfMemory(f"the solver process was {how} (out of memory?)")
        return SolverCrashed(f"the solver process was {how}", "")
    return SolverCrashed(f"the solver process died (exit code {exitcode})", "")
