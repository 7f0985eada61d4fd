"""A PySAT backend with limits, for generators: a check that cannot decide in time gives up.

Generators ask many "is there another solution?" questions; an undecided one is
answered conservatively by the caller (keep the clue, add an endpoint), so a few
hard proofs cannot stall a whole generation.
"""

from __future__ import annotations

from collections.abc import Sequence

from satpuzzles.solve.backends import PySatBackend

LIMITED_SOLVER = "glucose4"
"""A solver with conflict budgets (PySAT's MiniSat family)."""


class SearchLimit(Exception):
    """A check used up its SAT calls or the conflicts of one call without deciding."""


class LimitedBackend(PySatBackend):
    """A PySAT solver whose calls raise SearchLimit after ``calls_left`` calls or ``conflicts`` conflicts in one.

    None means no limit. Glucose checks its conflict budget only between restarts, so
    a call may run a little past it; MiniSat and CaDiCaL stop at it.
    """

    def __init__(self, conflicts: int | None, name: str = LIMITED_SOLVER) -> None:
        super().__init__(name)
        self.conflicts = conflicts
        self.calls_left: int | None = None

    def solve(self, assumptions: Sequence[int] = ()) -> bool:
        """PySatBackend.solve within the limits."""
        if self.calls_left is not None:
            if self.calls_left <= 0:
                raise SearchLimit("out of SAT calls")
            self.calls_left -= 1
        if self.conflicts is None:
            return super().solve(assumptions)
        self._solver.conf_budget(self.conflicts)
        answer = self.solve_limited(assumptions)
        if answer is None:
            raise SearchLimit("out of conflicts")
        return bool(answer)
