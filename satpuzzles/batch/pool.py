"""Local worker processes for a batch: one puzzle at a time each, replaced when one dies.

Workers are forked from a clean forkserver (the parent runs a progress thread, and forking a
threaded process is unsafe), are not daemonic (so ``--timeout`` can fork its own killable
child per puzzle, see solvers.isolation) and lead their own process group (so an external
solver they started dies with them when the batch kills them).

They also die with the batch, even in the middle of a long solve: each holds the read end of a
"lifeline" pipe that only the batch can write to, armed to raise SIGIO (whose default action
ends the process) when it becomes readable, which first happens when the batch is gone.
(Their parent is the forkserver, which outlives the batch while they live, so the parent-death
signal of solvers.isolation would not reach them.)
"""

from __future__ import annotations

import fcntl
import multiprocessing
import os
import signal
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from multiprocessing.connection import Connection, wait
from multiprocessing.process import BaseProcess

from satpuzzles.batch.work import Options, Part, Row, error_row, solve_part
from satpuzzles.core.outcome import seconds_text
from satpuzzles.solve.children import kill_group
from satpuzzles.solve.exits import exit_description
from satpuzzles.solve.parallel import CORES_VARIABLE

DEADLINE_GRACE = 10.0
"""Seconds past --timeout after which a worker that has not answered is killed (a safety net:
the timeout itself is enforced inside the worker, keeping solutions found before it)."""


FORKSERVER_TMPDIR_LIMIT = 70
"""Longest temporary folder the forkserver's socket fits under (a Unix socket path has 107 bytes at most)."""


def _context() -> multiprocessing.context.ForkServerContext | multiprocessing.context.SpawnContext:
    if ("forkserver" in multiprocessing.get_all_start_methods()
            and len(tempfile.gettempdir()) <= FORKSERVER_TMPDIR_LIMIT):
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(["satpuzzles.batch.work"])
        return context
    return multiprocessing.get_context("spawn")


class _ChildrenIgnoreInterrupts:
    """While a new interpreter is started (the forkserver, or a spawned worker), SIGINT is ignored in this process:
    the child inherits that across exec, so a Ctrl-C while it imports its modules cannot print a traceback. (Python
    gives a child a KeyboardInterrupt handler only when SIGINT is at its default; the forkserver ignores it once its
    modules are loaded, the workers as they start.) Starting a process takes milliseconds, so a Ctrl-C in this window
    is what is lost, only in the main thread, where signal handlers can be set."""

    def __enter__(self) -> None:
        self.active = _main_thread()
        if self.active:
            self.previous = signal.signal(signal.SIGINT, signal.SIG_IGN)

    def __exit__(self, *exc: object) -> None:
        if self.active:  # a handler not set from Python (None) cannot be put back: the default then
            signal.signal(signal.SIGINT, signal.SIG_DFL if self.previous is None else self.previous)


def _main_thread() -> bool:
    import threading

    return threading.current_thread() is threading.main_thread()


def _start(context: multiprocessing.context.BaseContext, process: BaseProcess) -> None:
    """Start a worker; the interpreter started for it (the forkserver, the first time, or a spawned worker) starts
    with SIGINT ignored."""
    if isinstance(context, multiprocessing.context.ForkServerContext):
        from multiprocessing import forkserver

        with _ChildrenIgnoreInterrupts():
            forkserver.ensure_running()  # spawns the server once, without waiting for its preloaded modules
        process.start()
    else:
        with _ChildrenIgnoreInterrupts():
            process.start()


def _die_with_batch(lifeline: Connection) -> None:
    fd = lifeline.fileno()
    signal.signal(signal.SIGIO, signal.SIG_DFL)
    fcntl.fcntl(fd, fcntl.F_SETOWN, os.getpid())
    fcntl.fcntl(fd, fcntl.F_SETFL, fcntl.fcntl(fd, fcntl.F_GETFL) | os.O_ASYNC)
    if lifeline.poll():  # the batch ended before the signal was armed
        os._exit(1)


def _worker_main(conn: Connection, lifeline: Connection, options: Options) -> None:
    os.environ[CORES_VARIABLE] = "1"  # the batch spreads puzzles over the cores; one puzzle keeps to one
    os.setpgid(0, 0)
    _die_with_batch(lifeline)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for sig in (signal.SIGTERM, signal.SIGHUP):  # the batch decides; a worker told to stop stops at once
        signal.signal(sig, signal.SIG_DFL)
    while True:
        try:
            part = conn.recv()
        except (EOFError, OSError):
            return
        for row in solve_part(part, options):
            conn.send(row)


@dataclass
class _Worker:
    process: BaseProcess
    conn: Connection
    lifeline: Connection
    part: Part | None = None
    started: float = 0.0
    done: list[int] = field(default_factory=list)


def _kill(worker: _Worker) -> None:
    if worker.process.pid is not None:
        kill_group(worker.process.pid)
    worker.process.join()
    worker.conn.close()
    worker.lifeline.close()


class _Pool:
    """The workers of one local batch: parts handed out one at a time, rows passed on as they arrive, a worker
    that dies or overruns the deadline replaced (its part's remaining puzzles go back to the queue)."""

    def __init__(self, parts: Iterator[Part], options: Options, on_row: Callable[[Row], None]) -> None:
        self.context = _context()
        self.options, self.on_row = options, on_row
        self.limit = None if options.get("timeout") is None else options["timeout"] + DEADLINE_GRACE
        self.workers: list[_Worker] = []
        self.pending: list[Part] = []
        self.source = iter(parts)

    def start(self) -> _Worker:
        """A new worker process, idle."""
        mine, theirs = self.context.Pipe()
        # one lifeline per worker: the SIGIO owner belongs to the pipe, so a shared one would signal only one worker
        lifeline, holder = self.context.Pipe(duplex=False)
        process = self.context.Process(target=_worker_main, args=(theirs, lifeline, self.options),
                                       name="satpuzzles-batch")
        _start(self.context, process)
        theirs.close()
        lifeline.close()
        worker = _Worker(process, mine, holder)
        self.workers.append(worker)
        return worker

    def replace(self, worker: _Worker, message: str, status: str = "error") -> _Worker:
        """Kill ``worker``, report the puzzle it was on with ``message`` and ``status``, queue the rest of its part;
        the new worker started in its place."""
        part = worker.part
        assert part is not None
        _kill(worker)
        self.workers.remove(worker)
        remaining = [i for i in part["indices"] if i not in worker.done]
        row = error_row(part["file"], remaining[0], part["puzzle"], message, time.monotonic() - worker.started)
        row["status"] = status
        self.on_row(row)
        if len(remaining) > 1:
            self.pending.insert(0, {**part, "indices": remaining[1:]})
        return self.start()

    def next_part(self) -> Part | None:
        """A part given back by a replaced worker first, else the next new one; None when there are none left."""
        if self.pending:
            return self.pending.pop(0)
        return next(self.source, None)

    def receive(self, worker: _Worker) -> _Worker | None:
        """Take the row ``worker`` sent (or learn that it died); the worker that is idle now, if any."""
        try:
            row = worker.conn.recv()
        except (EOFError, OSError):
            worker.process.join()
            return self.replace(worker, f"internal error: worker process died "
                                        f"({exit_description(worker.process.exitcode)})")
        self.on_row(row)
        worker.done.append(row["index"])
        worker.started = time.monotonic()
        if worker.part is None or len(worker.done) == len(worker.part["indices"]):
            worker.part = None
            return worker
        return None

    def run(self, jobs: int) -> None:
        """Start ``jobs`` workers and keep them busy until every part is done."""
        for _ in range(jobs):
            self.start()
        idle = list(self.workers)
        while True:
            for worker in idle:
                part = self.next_part()
                if part is None:
                    break
                worker.part, worker.started, worker.done = part, time.monotonic(), []
                worker.conn.send(part)
            busy = [w for w in self.workers if w.part is not None]
            if not busy:
                return
            limit = self.limit
            wait_for = None if limit is None else max(0.0, min(w.started for w in busy) + limit - time.monotonic())
            ready = wait([w.conn for w in busy], wait_for)
            idle = []
            for worker in busy:
                if worker.conn in ready:
                    now_idle = self.receive(worker)
                    if now_idle is not None:
                        idle.append(now_idle)
                elif limit is not None and time.monotonic() - worker.started > limit:
                    idle.append(self.replace(worker, f"timed out after {seconds_text(self.options['timeout'])} s (worker stopped)",
                                             status="unknown"))

    def close(self) -> None:
        """Kill every worker."""
        for worker in self.workers:
            _kill(worker)


def run_local(parts: Iterator[Part], options: Options, jobs: int, on_row: Callable[[Row], None]) -> None:
    """Solve every part in ``jobs`` worker processes, calling ``on_row`` in the parent as rows arrive."""
    pool = _Pool(parts, options, on_row)
    try:
        pool.run(jobs)
    finally:
        pool.close()
