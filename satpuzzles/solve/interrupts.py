"""Stopping a SAT call on Ctrl-C or SIGTERM without PySAT's longjmp.

PySAT stops a native solver on Ctrl-C by installing a SIGINT handler that ``longjmp``s
out of the solver. A signal that lands inside ``malloc`` or ``free`` then leaves the
allocator locked (a permanent hang) or corrupted (``double free``), and a run started with
SIGINT ignored has that handler installed anyway. This module turns it off and stops
calls another way:

- solvers with PySAT's ``interrupt()`` (Glucose, MiniSat, Gluecard, Maple*, ...) solve with
  ``solve_limited(expect_interrupt=True)``, which releases the GIL; Python's own signal
  handler writes the signal to a wakeup pipe, a watcher thread reads it and interrupts
  the solver, and the call returns to Python, where the handler raises KeyboardInterrupt
  (or the CLI's Terminated); a solver that does not return within STOP_GRACE seconds
  (it checks now and then only) is ended with the process, by the signal's default action;
- solvers without it (CaDiCaL, Lingeling, Kissat) cannot be stopped from Python, so during
  their calls SIGINT and SIGTERM get their default action back: the process ends at once
  by the signal (a shell reports 130 or 143), which is safe, since nothing is being
  written then and child processes die with their parent.

Outside the main thread, where signals are not delivered, calls simply run.
"""

from __future__ import annotations

import _signal
import os
import threading
import time

from satpuzzles.core.errors import Terminated

TYPE_CHECKING = False  # typing, signal's enums and contextlib stay unloaded: a plain solve is ~60 ms
if TYPE_CHECKING:
    from collections.abc import Callable, Sequence
    from types import TracebackType
    from typing import Any

INTERRUPTIBLE = frozenset({
    "ergo", "gluecard3", "gluecard4", "glucose3", "glucose4", "glucose42", "maplechrono", "maplecm", "maplesat",
    "mergesat3", "minicard", "minisat22", "minisatep",
})
"""Canonical PySAT names whose solve_limited takes expect_interrupt (checked by tests/test_faults.py)."""

SIGNALS_TO_STOP = (_signal.SIGINT, _signal.SIGTERM, _signal.SIGHUP)
STOP_GRACE = 2.0
"""Seconds an interrupted solver has to return before the process ends by the signal itself."""


_received: list[int] = []
"""Stopping signals the CLI's handlers have received. Their exception can be lost: raised while a
finaliser (``__del__``, say a PySAT solver's) runs, Python prints "Exception ignored" and goes on."""


_PYSAT_WRAPPERS = os.path.join("pysat", "solvers.py")


def _unsafe_to_raise_in(frame: Any) -> bool:
    """Whether an exception raised now would land in a finaliser or in PySAT's own bookkeeping.

    PySAT's Solver.delete() frees the native solver and then forgets its pointer: an exception
    between the two (a Ctrl-C as the collector frees a solver) makes the inner object free it
    again later (a double free: seen as SIGSEGV or SIGABRT, 2 in 50 Ctrl-Cs).
    """
    while frame is not None:
        code = frame.f_code
        if code.co_name == "__del__" or code.co_filename.endswith(_PYSAT_WRAPPERS):
            return True
        frame = frame.f_back
    return False


def raise_interrupt(signum: int, frame: Any) -> None:
    """The CLI's Ctrl-C handler: remember the signal, then unwind with KeyboardInterrupt (at the next SAT
    call or the end of the command instead, when raising now would land inside a finaliser or PySAT)."""
    _received.append(signum)
    if not _unsafe_to_raise_in(frame):
        raise KeyboardInterrupt


def raise_terminated(signum: int, frame: Any) -> None:
    """A handler for SIGTERM and SIGHUP: remember the signal, then unwind with Terminated, so cleanup runs
    (deferred like Ctrl-C where raising now is unsafe)."""
    _received.append(signum)
    if not _unsafe_to_raise_in(frame):
        raise Terminated(signum)


def forget_stop_signals() -> None:
    """Start a command with no stopping signal received (the CLI may run many times in one process)."""
    _received.clear()


def stop_signal_received() -> int | None:
    """The first stopping signal the CLI's handlers received (None: none)."""
    return _received[0] if _received else None


def raise_if_stopped() -> None:
    """Raise again a stop whose exception was lost in a finaliser (called before every SAT call)."""
    if _received:
        if _received[0] == _signal.SIGINT:
            raise KeyboardInterrupt
        raise Terminated(_received[0])


_STOPPING_HANDLERS = (_signal.default_int_handler, raise_interrupt, raise_terminated)


def disable_pysat_longjmp() -> None:
    """Make PySAT believe it never runs in the main thread, so it never installs its longjmp SIGINT handler."""
    from pysat import _utils

    _utils.MainThread.check = staticmethod(lambda: False)


class _Call:
    """The SAT call in progress: its solver, whether a signal interrupted it, whether it has ended."""

    __slots__ = ("ended", "previous_fd", "signalled", "solver")

    def __init__(self, solver: Any, previous_fd: int) -> None:
        self.solver = solver
        self.previous_fd = previous_fd
        self.signalled = False
        self.ended = False


def _stops_the_process(sig: int) -> bool:
    return _signal.getsignal(sig) in _STOPPING_HANDLERS


def stopped_by(sig: int) -> str:
    """What a stop signal did, for the user: ``interrupted`` (SIGINT), ``hung up`` (SIGHUP) or ``terminated``."""
    return {_signal.SIGINT: "interrupted", _signal.SIGHUP: "hung up"}.get(sig, "terminated")


def _die_by(sig: int) -> None:
    """End the process by ``sig``'s default action, from any thread (the solver would not stop)."""
    name = stopped_by(sig)
    try:
        os.write(2, f"satpuzzles: {name} (the solver did not stop within {STOP_GRACE:g} s)\n".encode())
    except OSError:
        pass
    libc_signal = _libc_signal()
    if libc_signal is not None:
        libc_signal(sig, None)  # SIG_DFL; signal.signal() works in the main thread only
        os.kill(os.getpid(), sig)
        time.sleep(STOP_GRACE)
    os._exit(128 + sig)


def _libc_signal() -> Callable[[int, Any], Any] | None:
    import ctypes  # only when a solver would not stop: 2 M instructions otherwise spent by every process

    try:
        function = ctypes.CDLL(None).signal
    except (OSError, AttributeError):
        return None
    function.argtypes = [ctypes.c_int, ctypes.c_void_p]
    function.restype = ctypes.c_void_p
    return function



class _Watcher:
    """A wakeup pipe for Python's signal handlers and a thread that interrupts the solvers in a call.

    A solver checks for an interrupt only now and then (Glucose between restarts), and a
    long stretch without one has been seen to last minutes: when a stopping signal has not
    ended the call within STOP_GRACE seconds, the process ends by the signal.
    """

    def __init__(self) -> None:
        self.read_fd, self.write_fd = os.pipe()
        os.set_blocking(self.write_fd, False)
        self.current: _Call | None = None
        """Calls are made one at a time, by the main thread; the watcher only reads this."""
        thread = threading.Thread(target=self._watch, name="satpuzzles-interrupts", daemon=True)
        thread.start()

    def _watch(self) -> None:
        while True:
            try:
                data = os.read(self.read_fd, 64)
            except OSError:
                return
            if not data:
                return
            call = self.current
            if call is None or call.ended:
                continue
            call.signalled = True
            call.solver.interrupt()
            if call.previous_fd >= 0:  # pass the signal on to whoever listened before (an asyncio loop)
                try:
                    os.write(call.previous_fd, data)
                except OSError:
                    pass
            stopping = [sig for sig in set(data) if sig in SIGNALS_TO_STOP and _stops_the_process(sig)]
            if stopping and not _ends_within(call, STOP_GRACE):
                _die_by(stopping[0])


def _ends_within(call: _Call, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while not call.ended:
        if time.monotonic() > deadline:
            return False
        time.sleep(0.01)
    return True


_watcher: _Watcher | None = None


def _forget_watcher() -> None:
    """In a forked child the watcher thread is gone: start afresh (the parent keeps its pipe)."""
    global _watcher
    if _watcher is not None:
        for fd in (_watcher.read_fd, _watcher.write_fd):
            try:
                os.close(fd)
            except OSError:
                pass
    _watcher = None


os.register_at_fork(after_in_child=_forget_watcher)


def _in_main_thread() -> bool:
    return threading.current_thread() is threading.main_thread()


def solve_interruptibly(solver: Any, assumptions: Sequence[int]) -> bool | None:
    """``solver.solve_limited(assumptions)`` (a PySAT Solver with interrupt()) that a signal can stop.

    None means the solver's own limits (a conflict budget) ended the call undecided.
    """
    global _watcher
    if not _in_main_thread():
        return solver.solve_limited(assumptions=list(assumptions))
    raise_if_stopped()
    if _watcher is None:
        _watcher = _Watcher()
    watcher = _watcher
    while True:
        solver.clear_interrupt()
        call = _Call(solver, _signal.set_wakeup_fd(watcher.write_fd, warn_on_full_buffer=False))
        watcher.current = call
        try:
            answer = solver.solve_limited(assumptions=list(assumptions), expect_interrupt=True)
        finally:
            call.ended = True
            watcher.current = None
            _signal.set_wakeup_fd(call.previous_fd)
        # A signal whose handler raises has raised by now (or deferred itself: raised here); one whose
        # handler returned lets the search go on.
        raise_if_stopped()
        if answer is not None or not call.signalled:
            return answer


class default_signal_actions:  # noqa: N801 (used as a context manager, like the function it was)
    """While the body runs, Ctrl-C and SIGTERM/SIGHUP end the process at once (for solvers that cannot be stopped).

    Only the handlers that would stop the process anyway are swapped: Python's KeyboardInterrupt
    and the CLI's Terminated; an ignored signal stays ignored, a caller's own handler stays.
    """

    __slots__ = ("swapped",)

    def __init__(self) -> None:
        self.swapped: dict[int, Any] = {}

    def __enter__(self) -> None:
        if _in_main_thread():
            for sig in SIGNALS_TO_STOP:
                if _signal.getsignal(sig) in _STOPPING_HANDLERS:
                    self.swapped[sig] = _signal.signal(sig, _signal.SIG_DFL)

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        for sig, handler in self.swapped.items():
            _signal.signal(sig, handler)
        self.swapped.clear()


def call_without_interrupt(call: Callable[[], Any]) -> Any:
    """``call()`` (a native solve that cannot be interrupted), during which a stopping signal ends the process."""
    raise_if_stopped()
    with default_signal_actions():
        return call()
