"""A Ctrl-C or SIGTERM whose exception Python loses inside a finaliser still stops the run with its status.

Python runs signal handlers between bytecodes; when that moment falls inside a ``__del__``
(a PySAT solver being collected, say), the KeyboardInterrupt is printed as "Exception ignored"
and dropped, and the run used to finish with status 0. The CLI remembers the signal and
raises it again before the next SAT call, and no traceback is printed.
"""

from __future__ import annotations

import signal
import subprocess
import sys
import textwrap

import pytest

SCRIPT = textwrap.dedent("""
    import os, signal, sys, time
    from satpuzzles.cli.app import main
    from satpuzzles.solve import backends

    class SignalInFinaliser:
        def __del__(self):
            os.kill(os.getpid(), {sig})
            for _ in range(200):  # the handler runs here, inside the finaliser, and its exception is lost
                time.sleep(0.001)

    solve_limited = backends.PySatBackend.solve_limited

    def solve_after_a_lost_signal(self, assumptions=()):
        SignalInFinaliser()  # made and dropped at once
        return solve_limited(self, assumptions)

    backends.PySatBackend.solve_limited = solve_after_a_lost_signal
    sys.exit(main(["numberlink", "-", "--count", "5"]))
""")


def _as_from_a_shell() -> None:
    """Every stop signal at its default in the child, even when pytest itself runs under ``nohup``
    (an ignored SIGHUP is inherited, and the CLI rightly leaves an ignored signal ignored)."""
    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, signal.SIG_DFL)


@pytest.mark.parametrize(("sig", "status", "said"), [(signal.SIGINT, 130, "interrupted"),
                                                     (signal.SIGTERM, 143, "terminated"),
                                                     (signal.SIGHUP, 129, "hung up")])
def test_a_signal_lost_in_a_finaliser_still_stops_the_run(sig: int, status: int, said: str) -> None:
    done = subprocess.run([sys.executable, "-c", SCRIPT.format(sig=int(sig))], input="1..1\n2..2\n",
                          capture_output=True, text=True, timeout=120, check=False,
                          preexec_fn=_as_from_a_shell)
    assert done.returncode == status, done.stderr
    assert done.stderr.strip().splitlines() == [f"satpuzzles: {said}"]
    assert "Solvable" not in done.stdout


def test_a_signal_is_not_raised_inside_pysats_wrappers_or_a_finaliser() -> None:
    """Raising inside PySAT's delete() between freeing the solver and forgetting it led to a double free."""
    from pysat.solvers import Solver

    from satpuzzles.solve import interrupts

    seen: list[bool] = []

    def clauses():  # type: ignore[no-untyped-def]
        seen.append(interrupts._unsafe_to_raise_in(sys._getframe()))  # called from PySAT's append_formula
        yield [1, 2]

    with Solver(name="glucose4") as solver:
        solver.append_formula(clauses())

    class Finalised:
        def __del__(self) -> None:
            seen.append(interrupts._unsafe_to_raise_in(sys._getframe()))

    Finalised()
    seen.append(interrupts._unsafe_to_raise_in(sys._getframe()))
    assert seen == [True, True, False]
