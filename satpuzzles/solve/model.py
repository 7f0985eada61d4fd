"""A satisfying assignment, readable one variable or a numpy array of them at a time."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np


class Model:
    """Truth values of variables 1..n from a solver's model."""

    def __init__(self, literals: Sequence[int], num_vars: int) -> None:
        truth = np.zeros(num_vars + 1, dtype=bool)
        lits = np.asarray(literals, dtype=np.int64)
        lits = lits[(lits > 0) & (lits <= num_vars)]
        truth[lits] = True
        self.truth = truth

    def __getitem__(self, var: int | np.ndarray) -> bool | np.ndarray:
        """Value of one variable, or element-wise values of an array of variables."""
        if isinstance(var, np.ndarray):
            return self.truth[var]
        return bool(self.truth[int(var)])

    def true_vars(self) -> np.ndarray:
        """Ids of the variables set true."""
        return np.flatnonzero(self.truth)
