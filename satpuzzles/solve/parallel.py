"""Independent pieces of work on every core, by fork (works inside daemonic batch workers too).

The children inherit the parent's memory, so the work needs no pickling on the way in;
each child sends its result back through a pipe as a pickle. Small jobs stay in-process.
"""

from __future__ import annotations

import os
import pickle
import sys
from collections.abc import Callable, Sequence
from typing import TypeVar

T = TypeVar("T")
R = TypeVar("R")


CORES_VARIABLE = "SATPUZZLES_CORES"
"""Environment variable capping the cores one solve uses (batch workers set it to 1)."""


def usable_cores() -> int:
    """Cores this process may run on (at most $SATPUZZLES_CORES when that is set)."""
    cap = os.environ.get(CORES_VARIABLE, "")
    if cap.isdigit() and int(cap) >= 1:
        return int(cap)
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def forked_map(work: Callable[[T], R], parts: Sequence[T], workers: int | None = None) -> list[R]:
    """``[work(part) for part in parts]``, the parts spread over forked children and this process."""
    workers = min(workers or usable_cores(), len(parts))
    if workers <= 1 or not hasattr(os, "fork"):
        return [work(part) for part in parts]
    shares = [list(range(i, len(parts), workers)) for i in range(workers)]
    children = []
    for share in shares[1:]:
        read_end, write_end = os.pipe()
        pid = os.fork()
        if pid == 0:  # the child: compute its share, send it, leave without cleanup handlers
            os.close(read_end)
            status = 0
            try:
                payload = pickle.dumps([(i, work(parts[i])) for i in share], protocol=pickle.HIGHEST_PROTOCOL)
            except BaseException as exc:  # noqa: BLE001 - reported to the parent, which raises it
                payload, status = pickle.dumps(RuntimeError(f"worker failed: {type(exc).__name__}: {exc}")), 1
            with os.fdopen(write_end, "wb") as pipe:
                pipe.write(payload)
            sys.stdout.flush()
            os._exit(status)
        os.close(write_end)
        children.append((pid, read_end))
    results: dict[int, R] = {}
    failure: BaseException | None = None
    try:
        results.update((i, work(parts[i])) for i in shares[0])
    except BaseException as exc:  # noqa: BLE001 - raised once the children are reaped
        failure = exc
    for pid, read_end in children:
        with os.fdopen(read_end, "rb") as pipe:
            data = pipe.read()
        _, status = os.waitpid(pid, 0)
        received = pickle.loads(data) if data else RuntimeError(f"worker {pid} died (status {status})")
        if isinstance(received, BaseException):
            failure = failure or received
        else:
            results.update(received)
    if failure is not None:
        raise failure
    return [results[i] for i in range(len(parts))]
