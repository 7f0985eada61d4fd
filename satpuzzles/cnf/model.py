"""A satisfying assignment, readable one variable or a numpy array of them at a time.

numpy is used only when an array is asked for (or was imported anyway), so puzzles that
read their models variable by variable run without it.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from itertools import compress
from operator import itemgetter, ne

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    import numpy as np


class Model:
    """Truth values of variables 1..n from a solver's model."""

    def __init__(self, literals: Sequence[int], num_vars: int, ordered: bool = False) -> None:
        """``ordered``: ``literals[i]`` is variable i + 1 or its negation (as the directly driven solvers give every
        model, solve.direct), which lets :meth:`true_among_first` read them without a table of truth values."""
        self.num_vars = num_vars
        self._literals = literals
        self._ordered = ordered
        self._truth: Any = None
        if "numpy" in sys.modules:
            self._numpy_truth()

    def _numpy_truth(self) -> np.ndarray:
        import numpy as np

        if self._truth is None or not isinstance(self._truth, np.ndarray):
            truth = np.zeros(self.num_vars + 1, dtype=bool)
            lits = np.asarray(self._literals, dtype=np.int64)
            lits = lits[(lits > 0) & (lits <= self.num_vars)]
            truth[lits] = True
            self._truth = truth
        return self._truth

    def _plain_truth(self) -> Any:
        if self._truth is None:
            truth = bytearray(self.num_vars + 1)
            top = self.num_vars
            for lit in self._literals:
                if 0 < lit <= top:
                    truth[lit] = 1
            self._truth = truth
        return self._truth

    @property
    def truth(self) -> np.ndarray:
        """Truth of every variable as a boolean numpy array indexed by id (index 0 unused)."""
        return self._numpy_truth()

    def __getitem__(self, var: Any) -> Any:
        """Value of one variable, or element-wise values of an array of variables."""
        if isinstance(var, int):
            return bool(self._plain_truth()[var])
        if type(var).__module__ == "numpy" and getattr(var, "ndim", 0) == 0:
            return bool(self._plain_truth()[int(var)])
        return self._numpy_truth()[var]

    def values(self, variables: Sequence[int]) -> list[bool]:
        """Values of a list of variables, in order (plain Python: no numpy needed)."""
        truth = self._truth if self._truth is not None else self._plain_truth()
        if len(variables) < 2:
            return [bool(truth[var]) for var in variables]
        return list(map(bool, itemgetter(*variables)(truth)))

    def run_values(self, first: int, count: int) -> list[bool]:
        """Values of the variables ``first`` .. ``first + count - 1``, in order: the same as ``values(range(first,
        first + count))``, read from an ordered model's literals without a table of truth values."""
        literals = self._literals
        last = first + count - 1
        if self._ordered and count > 0 and first > 0 and len(literals) >= last and abs(literals[last - 1]) == last:
            return [literal > 0 for literal in literals[first - 1:last]]
        return self.values(range(first, last + 1))

    def true_positions(self, variables: Sequence[int]) -> list[int]:
        """The positions in ``variables`` of those set true, in increasing order."""
        truth = self._truth if self._truth is not None else self._plain_truth()
        if len(variables) < 2:
            return [position for position, var in enumerate(variables) if truth[var]]
        return list(compress(range(len(variables)), itemgetter(*variables)(truth)))

    def true_among_first(self, count: int) -> list[int]:
        """The positions (0-based) of the true variables among 1..``count``, in increasing order: the same as
        ``true_positions(range(1, count + 1))``."""
        literals = self._literals
        if self._ordered and count and len(literals) >= count and abs(literals[count - 1]) == count:
            return [literal - 1 for literal in literals[:count] if literal > 0]
        return self.true_positions(range(1, count + 1))

    def differing_among_first(self, literals: Sequence[int]) -> list[int]:
        """The positions i (0-based, increasing) where variable i + 1's value differs from ``literals[i]`` (which is
        i + 1 or -(i + 1)): for a model close to a known one, one pass in C rather than a Python step per variable."""
        count = len(literals)
        mine = self._literals
        if self._ordered and count and len(mine) >= count and abs(mine[count - 1]) == count:
            return list(compress(range(count), map(ne, mine[:count], literals)))
        truth = self._truth if self._truth is not None else self._plain_truth()
        return [index for index, literal in enumerate(literals) if bool(truth[index + 1]) != (literal > 0)]

    def true_vars(self) -> np.ndarray:
        """Ids of the variables set true."""
        import numpy as np

        return np.flatnonzero(self._numpy_truth())


def broken_clause(literals: Sequence[int], clauses: Sequence[Sequence[int]]) -> int | None:
    """The number (from 1) of the first of ``clauses`` that the assignment ``literals`` (the true variables as
    positive literals; a variable missing from it is false) breaks, or None when it satisfies them all."""
    true = {lit for lit in literals if lit > 0}
    for number, clause in enumerate(clauses, 1):
        if not any((lit in true) if lit > 0 else (-lit not in true) for lit in clause):
            return number
    return None
