"""Variable pool: readable keys mapped to DIMACS variable ids.

Plain Python: numpy is imported only by :meth:`VarPool.block`, so a puzzle that builds its
clauses from lists never pays for it (start-up matters when one process solves one puzzle).
"""

from __future__ import annotations

from bisect import bisect_right
from math import prod

from satpuzzles.core.records import Record, field

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Hashable
    from typing import Any

    import numpy as np


class Block(Record, frozen=True):
    """A contiguous run of variables sharing a name, indexed like an array of ``shape``."""

    name: str
    shape: tuple[int, ...]
    first: int
    at: Any = field(default=None, compare=False)
    """For a block over scattered places (:meth:`VarPool.block_at`): the index each variable names, one row each."""

    @property
    def size(self) -> int:
        """Number of variables in the block."""
        return prod(self.shape)

    def key_of(self, var: int) -> tuple[object, ...]:
        """Readable key of a variable inside this block, e.g. ('bit', 3, 4, 0)."""
        offset = var - self.first
        if self.at is not None:
            return (self.name, *(int(part) for part in self.at[offset]))
        index = []
        for extent in reversed(self.shape):
            offset, at = divmod(offset, extent)
            index.append(at)
        return (self.name, *reversed(index))


def _nested(first: int, shape: tuple[int, ...]) -> Any:
    """Consecutive ids from ``first`` as nested lists of ``shape`` (row-major)."""
    if all(shape):  # slices of one run of ids, innermost axis first (no call per row)
        nested: Any = list(range(first, first + prod(shape)))
        for extent in reversed(shape[1:]):
            nested = [nested[i : i + extent] for i in range(0, len(nested), extent)]
        return nested
    if len(shape) == 1:
        return list(range(first, first + shape[0]))
    step = prod(shape[1:])
    return [_nested(first + i * step, shape[1:]) for i in range(shape[0])]


class VarPool:
    """Variable ids keyed by readable tuples.

    Single variables are created with :meth:`var`; bulk variables (one per cell, per
    edge, ...) with :meth:`block` (a numpy array of ids) or :meth:`block_lists` (nested
    lists), which reserve a contiguous id range so encoders never loop over dictionary
    look-ups.
    """

    def __init__(self) -> None:
        self.top = 0
        """The largest variable id handed out so far."""
        self._id_of: dict[Hashable, int] = {}
        self._key_of: dict[int, Hashable] = {}
        self._blocks: list[Block] = []
        self._block_starts: list[int] = []

    def var(self, key: Hashable) -> int:
        """The id of the variable named ``key``, created on first use."""
        found = self._id_of.get(key)
        if found is None:
            self.top += 1
            found = self._id_of[key] = self.top
            self._key_of[found] = key
        return found

    def fresh(self) -> int:
        """A new anonymous auxiliary variable."""
        self.top += 1
        return self.top

    def reserve(self, count: int) -> int:
        """Reserve ``count`` anonymous ids (for encoders that number their own auxiliaries); the first one."""
        first = self.top + 1
        self.top += max(count, 0)
        return first

    def _block(self, name: str, shape: tuple[int, ...]) -> Block:
        block = Block(name, tuple(int(n) for n in shape), self.top + 1)
        if block.size:
            self.top += block.size
            self._blocks.append(block)
            self._block_starts.append(block.first)
        return block

    def block(self, name: str, shape: tuple[int, ...]) -> np.ndarray:
        """Reserve ``prod(shape)`` consecutive ids named ``(name, *index)``, as a numpy array."""
        import numpy as np

        block = self._block(name, shape)
        return np.arange(block.first, block.first + block.size, dtype=np.int64).reshape(block.shape)

    def block_at(self, name: str, at: np.ndarray) -> np.ndarray:
        """Reserve one id per row of ``at`` (indices, as numpy's argwhere gives them), named ``(name, *row)``."""
        import numpy as np

        block = Block(name, (len(at),), self.top + 1, at)
        if block.size:
            self.top += block.size
            self._blocks.append(block)
            self._block_starts.append(block.first)
        return np.arange(block.first, block.first + block.size, dtype=np.int64)

    def block_lists(self, name: str, shape: tuple[int, ...]) -> Any:
        """:meth:`block` as nested Python lists (no numpy)."""
        block = self._block(name, shape)
        if not block.shape:
            return block.first
        return _nested(block.first, block.shape)  # zero-length axes give empty lists, as numpy's tolist()

    def name_of(self, var: int) -> object | None:
        """The readable key of ``var`` (None for anonymous auxiliaries)."""
        var = abs(var)
        named = self._key_of.get(var)
        if named is not None:
            return named
        at = bisect_right(self._block_starts, var) - 1
        if at >= 0:
            block = self._blocks[at]
            if var < block.first + block.size:
                return block.key_of(var)
        return None

    def names(self) -> list[tuple[int, object]]:
        """Every named variable as (id, key), in id order."""
        named: list[tuple[int, object]] = [(vid, key) for key, vid in self._id_of.items()]
        for block in self._blocks:
            named.extend((v, block.key_of(v)) for v in range(block.first, block.first + block.size))
        return sorted(named, key=lambda pair: pair[0])
