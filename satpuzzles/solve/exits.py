"""How a child process ended, in words: the same phrase for a worker, a solver child and an external solver."""

from __future__ import annotations


def exit_description(code: int | None) -> str:
    """``killed by SIGSEGV`` for a negative (signal) exit code, ``exit code N`` otherwise."""
    if code is not None and code < 0:
        import signal  # only for a signal's name: the solve path does not load it

        try:
            return f"killed by {signal.Signals(-code).name}"
        except ValueError:
            return f"killed by signal {-code}"
    return f"exit code {code}"
