"""The tool's own error types and its exit statuses."""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator
    from typing import ClassVar

    from satpuzzles.core.outcome import SolveStats


class _Statuses(type):
    """ExitStatus's class behaviour as an IntEnum's: iterating gives the members, calling looks one up by value."""

    _members: dict[int, ExitStatus]

    def __iter__(cls) -> Iterator[ExitStatus]:
        return iter(cls._members.values())

    def __len__(cls) -> int:
        return len(cls._members)

    def __call__(cls, value: int) -> ExitStatus:
        try:
            return cls._members[value]
        except (KeyError, TypeError):
            raise ValueError(f"{value!r} is not a valid ExitStatus") from None

    def __getitem__(cls, name: str) -> ExitStatus:
        for member in cls._members.values():
            if member.name == name:
                return member
        raise KeyError(name)


class ExitStatus(int, metaclass=_Statuses):
    """Process exit codes: a public contract for scripts (docs/reliability.md); extended, never renumbered.

    Its members are ints, iterate, compare, print and look up as an ``enum.IntEnum``'s would: an
    IntEnum class took longer to make than the rest of this module, and ``enum`` itself loaded for it alone.
    """

    name: str

    SOLVED: ClassVar[ExitStatus]
    UNSOLVABLE: ClassVar[ExitStatus]
    BAD_INPUT: ClassVar[ExitStatus]
    """Bad usage or input, or an output that cannot be written."""
    UNKNOWN: ClassVar[ExitStatus]
    """No answer within the limits (--timeout, memory): neither solved nor proved unsolvable."""
    INTERNAL_ERROR: ClassVar[ExitStatus]
    """A bug in the tool (an exception it did not expect, an answer that failed verification)."""
    INTERRUPTED: ClassVar[ExitStatus]
    """Ctrl-C (SIGINT): 128 + 2."""
    OUTPUT_CLOSED: ClassVar[ExitStatus]
    """Standard output closed early (``| head``): 128 + SIGPIPE."""
    TERMINATED: ClassVar[ExitStatus]
    """SIGTERM: 128 + 15 (SIGHUP gives 129)."""

    @property
    def value(self) -> int:
        """The exit code."""
        return int(self)

    def __repr__(self) -> str:
        return f"<ExitStatus.{self.name}: {int(self)}>"

    __str__ = int.__repr__
    __format__ = int.__format__

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return ExitStatus, (int(self),)


def _members(**codes: int) -> dict[int, ExitStatus]:
    found = {}
    for name, code in codes.items():
        member = int.__new__(ExitStatus, code)
        member.name = name
        setattr(ExitStatus, name, member)
        found[code] = member
    return found


ExitStatus._members = _members(SOLVED=0, UNSOLVABLE=1, BAD_INPUT=2, UNKNOWN=3, INTERNAL_ERROR=4, INTERRUPTED=130,
                               OUTPUT_CLOSED=141, TERMINATED=143)


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
    stats: SolveStats | None = None
    """The solve's statistics up to the failure, when the solve loop knew them."""


class SatPuzzlesWarning(UserWarning):
    """What the CLI prints as ``satpuzzles: warning: ...``, given to the Python API through the warnings module
    (such as what a written form of a puzzle cannot say)."""


class GeneratorWarning(SatPuzzlesWarning):
    """A generated puzzle falls short of what was asked (a difficulty not reached, an option its URL cannot say)."""


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
