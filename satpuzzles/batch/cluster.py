"""The batch on a Dask distributed scheduler: chunks of plain-data puzzles in, plain row dicts out.

Dask is imported only here, and only for ``--dask`` (the optional extra ``satpuzzles[dask]``).
Dask cannot stop a running task, so each task enforces ``--timeout`` per puzzle itself: it
solves its chunk in a local worker process like a one-job local batch (batch.pool).
"""

from __future__ import annotations

import math
import multiprocessing
import re
import socket
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from satpuzzles.batch.pool import run_local
from satpuzzles.batch.work import Options, Part, Row, error_row, one_line
from satpuzzles.core.errors import UsageError

CHUNK = 64
"""Most puzzles per Dask task: large enough that scheduler overhead stays small."""
CONNECT_SECONDS = 10

class _ChildrenAllowed:
    """Let a daemonic Dask worker fork the per-puzzle child that enforces --timeout.

    multiprocessing refuses children in daemonic processes so that none outlive them; the
    solve child cannot (it is killed at its deadline and dies with its parent, see
    solvers.isolation), so the flag is lifted while any task of this worker runs.
    """

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.users = 0
        self.saved: object = None

    @contextmanager
    def __call__(self) -> Iterator[None]:
        config: dict[str, object] = getattr(multiprocessing.current_process(), "_config")  # private; no public switch
        with self.lock:
            if self.users == 0:
                self.saved = config.get("daemon")
                config["daemon"] = False
            self.users += 1
        try:
            yield
        finally:
            with self.lock:
                self.users -= 1
                if self.users == 0:
                    config["daemon"] = self.saved


_children_allowed = _ChildrenAllowed()


def solve_chunk(chunk: list[Part], options: Options) -> list[Row]:
    """Every row of a chunk (runs on a Dask worker; plain data in and out).

    The puzzles run in one local worker process: its main thread can arm the --timeout
    machinery (a Dask task runs in a thread), and a puzzle that crashes it is that
    puzzle's error row while the rest of the chunk goes on.
    """
    rows: list[Row] = []
    with _children_allowed():
        run_local(iter(chunk), options, 1, rows.append)
    return rows


def chunks(parts: Iterator[Part], size: int) -> Iterator[list[Part]]:
    """Group parts into chunks of at most ``size`` puzzles, splitting a part when needed."""
    chunk: list[Part] = []
    held = 0
    for part in parts:
        indices = part["indices"]
        while indices:
            room = size - held
            chunk.append({**part, "indices": indices[:room]})
            held += len(indices[:room])
            indices = indices[room:]
            if held == size:
                yield chunk
                chunk, held = [], 0
    if chunk:
        yield chunk


ADDRESS = re.compile(r"^((tcp|tls|ws|wss|ucx)://)?(\[[0-9a-fA-F:]+\]|[^:/\s]+):\d+/?$")
"""What a Dask scheduler address looks like (checked before connecting: a malformed one fails slowly)."""


_CLIENTS: dict[str, Any] = {}
"""Clients connected ahead of the run (connect), taken by run_dask."""


def connect(address: str) -> None:
    """Connect to the scheduler at ``address`` now (UsageError when it cannot be reached), for run_dask to use:
    the batch checks it before it opens its report, which a usage error must leave as it was."""
    _CLIENTS[address] = _CLIENTS.get(address) or _connect(address)


def _connect(address: str) -> Any:
    try:
        from distributed import Client
    except ImportError:
        raise UsageError("--dask needs Dask: pip install 'satpuzzles[dask]'") from None
    if not ADDRESS.match(address):
        raise UsageError(f"--dask {address}: give the scheduler's address as tcp://HOST:PORT (or HOST:PORT)")
    refused = _refused(address)
    if refused:  # Dask's Client retries a refused port until its timeout: 10 s to say what is known at once
        raise UsageError(f"--dask {address}: cannot reach a Dask scheduler there ({refused})")
    outcome: dict[str, Any] = {}

    def connect() -> None:
        try:
            outcome["client"] = Client(address, timeout=CONNECT_SECONDS, set_as_default=False)
        except BaseException as exc:  # noqa: BLE001 - handed to the caller below
            outcome["error"] = exc

    # Client's own timeout does not cover the handshake: a port that accepts the connection but
    # is no scheduler (a web server, the dashboard) would hang it forever, so it gets a thread.
    thread = threading.Thread(target=connect, name="dask-connect", daemon=True)
    thread.start()
    thread.join(CONNECT_SECONDS + 5)
    if "client" in outcome:
        return outcome["client"]
    sys.unraisablehook = lambda _: None  # a half-built Client complains when collected; we are exiting
    error = outcome.get("error")
    why = f"{one_line(str(error)) or type(error).__name__}" if error is not None else "no answer to the handshake"
    raise UsageError(f"--dask {address}: cannot reach a Dask scheduler there ({why})") from None


def _refused(address: str) -> str | None:
    """Why a TCP connection to a TCP-borne ``address`` fails at once (a refused port, an unknown host), or None."""
    scheme, _, rest = address.rpartition("://")
    if scheme == "ucx":
        return None
    host, _, port = rest.rstrip("/").rpartition(":")
    try:
        with socket.create_connection((host.strip("[]"), int(port)), timeout=CONNECT_SECONDS):
            return None
    except TimeoutError:
        return None  # the Client's own timeout speaks for a host that does not answer
    except OSError as exc:
        return one_line(exc.strerror or str(exc)) or type(exc).__name__


def run_dask(address: str, parts: Iterator[Part], total: int, options: Options, on_row: Callable[[Row], None]) -> None:
    """Solve every part on the scheduler at ``address``, calling ``on_row`` as chunks finish."""
    client = _CLIENTS.pop(address, None) or _connect(address)
    try:
        from distributed import as_completed

        threads = max(1, sum(client.nthreads().values()))
        size = max(1, min(CHUNK, math.ceil(total / (4 * threads))))
        source = chunks(parts, size)
        in_flight: dict[Any, list[Part]] = {}
        window = as_completed(loop=client.loop)

        def submit(chunk: list[Part]) -> None:
            future = client.submit(solve_chunk, chunk, options, pure=False)
            in_flight[future] = chunk
            window.add(future)

        for chunk in source:
            submit(chunk)
            if len(in_flight) >= 2 * threads + 2:
                break
        for future in window:
            chunk = in_flight.pop(future)
            try:
                rows = future.result()
            except Exception as exc:  # noqa: BLE001 - a task that crashed its worker: retry its puzzles one by one
                _retry_or_fail(chunk, exc, submit, on_row)
            else:
                for row in rows:
                    on_row(row)
            following = next(source, None)
            if following is not None:
                submit(following)
    finally:
        client.close()


def _retry_or_fail(chunk: list[Part], exc: Exception, submit: Callable[[list[Part]], None],
                   on_row: Callable[[Row], None]) -> None:
    singles: list[list[Part]] = [[{**part, "indices": [index]}] for part in chunk for index in part["indices"]]
    if len(singles) > 1:
        for single in singles:
            submit(single)
        return
    part = chunk[0]
    on_row(error_row(part["file"], part["indices"][0], part["puzzle"],
                     f"internal error: Dask task failed: {type(exc).__name__}: {exc}"))
