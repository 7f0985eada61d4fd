"""Independent pieces of work on every core, by fork (works inside daemonic batch workers too).

The children inherit the parent's memory, so the work needs no pickling on the way in;
each child sends its result back through a pipe as a pickle. Small jobs stay in-process.

The children never outlive the parent and never speak for it: they ignore Ctrl-C and die
with the parent (solve.children); when the parent stops early (an interrupt, an error in
its own share) it kills and reaps them before it goes on; and whatever a child sends or
fails to send becomes at most one error of the parent's own making.
"""

from __future__ import annotations

import os
import pickle
import sys
from collections.abc import Callable, Sequence

from satpuzzles.core.generic import TypeVar
from satpuzzles.solve.children import child_signals, kill_group, signals_held

TYPE_CHECKING = False  # typing stays unloaded on the solve path
if TYPE_CHECKING:
    from typing import Any

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


class WorkerFailed(RuntimeError):
    """A forked worker could not send its share back."""


def _child(work: Callable[[T], R], parts: Sequence[T], share: list[int], write_end: int) -> None:
    """The child's whole life: compute its share, send it, leave without running the parent's cleanup."""
    status = 0
    try:
        try:
            payload = pickle.dumps([(i, work(parts[i])) for i in share], protocol=pickle.HIGHEST_PROTOCOL)
        except BaseException as exc:  # noqa: BLE001 - reported to the parent, which raises it
            payload, status = pickle.dumps(WorkerFailed(f"worker failed: {type(exc).__name__}: {exc}")), 1
        with os.fdopen(write_end, "wb") as pipe:
            pipe.write(payload)
    except BaseException:  # noqa: BLE001 - the parent sees a missing result and says so
        status = 1
    finally:
        os._exit(status)


def _decode(pid: int, data: bytes, status: int) -> dict[int, Any] | BaseException:
    """A child's results, or the WorkerFailed saying why there are none."""
    if not data:
        return WorkerFailed(f"worker {pid} died without a result (wait status {status})")
    try:
        return pickle.loads(data)
    except Exception as exc:  # noqa: BLE001 - a cut or damaged pickle
        return WorkerFailed(f"worker {pid} sent an unreadable result ({type(exc).__name__})")


def forked_map(work: Callable[[T], R], parts: Sequence[T], workers: int | None = None) -> list[R]:
    """``[work(part) for part in parts]``, the parts spread over forked children and this process."""
    workers = min(workers or usable_cores(), len(parts))
    if workers <= 1 or not hasattr(os, "fork"):
        return [work(part) for part in parts]
    shares = [list(range(i, len(parts), workers)) for i in range(workers)]
    for stream in (sys.stdout, sys.stderr):  # a child must not write the parent's buffered text a second time
        if stream is not None:
            stream.flush()
    children: list[tuple[int, int]] = []
    try:
        for share in shares[1:]:
            read_end, write_end = os.pipe()
            with signals_held():
                pid = os.fork()
                if pid == 0:
                    child_signals()
                if pid != 0:
                    children.append((pid, read_end))
            if pid == 0:
                os.close(read_end)
                _child(work, parts, share, write_end)
            os.close(write_end)
        results: dict[int, R] = {i: work(parts[i]) for i in shares[0]}
        failure: BaseException | None = None
        while children:
            pid, read_end = children[0]
            with os.fdopen(read_end, "rb", closefd=False) as pipe:
                data = pipe.read()
            children.pop(0)  # its pipe is at its end: it is leaving, never to be killed (its pid may be reused)
            os.close(read_end)
            _, status = os.waitpid(pid, 0)
            received = _decode(pid, data, status)
            if isinstance(received, BaseException):
                failure = failure or received
            else:
                results.update(received)
        if failure is not None:
            raise failure
        return [results[i] for i in range(len(parts))]
    finally:
        for pid, read_end in children:  # stopped early: the children go first
            kill_group(pid)
            os.close(read_end)
            try:
                os.waitpid(pid, 0)
            except ChildProcessError:
                pass
