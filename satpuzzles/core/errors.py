"""The tool's own error types and its exit statuses."""

from __future__ import annotations

from enum import IntEnum


class ExitStatus(IntEnum):
    """Process exit codes: a public contract for scripts (docs/reliability.md); extended, never renumbered."""

    SOLVED = 0
    UNSOLVABLE = 1
    BAD_INPUT = 2
    """Bad usage or input, or an output that cannot be written."""
    UNKNOWN = 3
    """No answer within the limits (--timeout, memory): neither solved nor proved unsolvable."""
    INTERNAL_ERROR = 4
    """A bug in the tool (an exception it did not expect, an answer that failed verification)."""
    INTERRUPTED = 130
    """Ctrl-C (SIGINT): 128 + 2."""
    OUTPUT_CLOSED = 141
    """Standard output closed early (``| head``): 128 + SIGPIPE."""
    TERMINATED = 143
    """SIGTERM: 128 + 15 (SIGHUP gives 129)."""


class SatPuzzlesError(Exception):
    """Base of every error the CLI reports as a one-line message."""

    exit_status = ExitStatus.BAD_INPUT


class InputError(SatPuzzlesError):
    """Malformed puzzle text, located by source, line and column (1-based)."""

    def __init__(self, message: str, line: int | None = None, column: int | None = None, source: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.line = line
        self.column = column
        self.source = source

    def located(self, source: str) -> InputError:
        """The same error attributed to ``source`` when it has none yet."""
        if not self.source:
            self.source = source
        return self

    def __str__(self) -> str:
        where = [part for part in (self.source, self.line, self.column) if part not in (None, "")]
        prefix = ":".join(str(part) for part in where)
        return f"{prefix}: {self.message}" if prefix else self.message


class UsageError(SatPuzzlesError):
    """Options that cannot work together, or an unknown solver name."""


class SolverError(SatPuzzlesError):
    """An external solver failed or answered in a way we cannot read."""

    exit_status = ExitStatus.UNKNOWN


class VerificationError(SatPuzzlesError):
    """A decoded answer broke the puzzle's rules: a bug, never printed as a solution."""

    exit_status = ExitStatus.INTERNAL_ERROR


class OutOfMemory(SatPuzzlesError):
    """The work needed more memory than the process may have: no answer (status unknown)."""

    exit_status = ExitStatus.UNKNOWN


class OutputClosed(SatPuzzlesError):
    """Standard output (or a pipe written as a file) was closed early: the reader, like ``head``, has gone."""

    exit_status = ExitStatus.OUTPUT_CLOSED


class Terminated(BaseException):
    """SIGTERM or SIGHUP arrived: unwinds like KeyboardInterrupt, so cleanup runs, then exit 128 + signal."""

    def __init__(self, signum: int) -> None:
        super().__init__(f"terminated by signal {signum}")
        self.signum = signum
