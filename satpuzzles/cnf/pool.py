"""Variable pool: readable keys mapped to DIMACS variable ids."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Hashable
from dataclasses import dataclass

import numpy as np
from pysat.formula import IDPool


@dataclass(frozen=True)
class Block:
    """A contiguous run of variables sharing a name, indexed like a numpy array."""

    name: str
    shape: tuple[int, ...]
    first: int

    @property
    def size(self) -> int:
        """Number of variables in the block."""
        return int(np.prod(self.shape, dtype=np.int64)) if self.shape else 1

    def key_of(self, var: int) -> tuple[object, ...]:
        """Readable key of a variable inside this block, e.g. ('bit', 3, 4, 0)."""
        index = np.unravel_index(var - self.first, self.shape)
        return (self.name, *(int(i) for i in index))


class VarPool:
    """Variable ids keyed by readable tuples, on top of PySAT's IDPool.

    Single variables are created with :meth:`var`; bulk variables (one per cell,
    per edge, ...) with :meth:`block`, which reserves a contiguous id range and
    returns a numpy array of ids so encoders never loop over dictionary look-ups.
    """

    def __init__(self) -> None:
        self._ids = IDPool()
        self._blocks: list[Block] = []
        self._block_starts: list[int] = []

    @property
    def top(self) -> int:
        """The largest variable id handed out so far."""
        return self._ids.top

    @property
    def idpool(self) -> IDPool:
        """The underlying IDPool, for pysat.card encoders that take ``vpool=``."""
        return self._ids

    def var(self, key: Hashable) -> int:
        """The id of the variable named ``key``, created on first use."""
        return self._ids.id(key)

    def fresh(self) -> int:
        """A new anonymous auxiliary variable."""
        return self._ids.id()

    def block(self, name: str, shape: tuple[int, ...]) -> np.ndarray:
        """Reserve ``prod(shape)`` consecutive ids named ``(name, *index)``."""
        first = self._ids.top + 1
        block = Block(name, tuple(shape), first)
        last = first + block.size - 1
        if block.size:
            self._ids.occupy(first, last)
            self._ids.top = last
            self._blocks.append(block)
            self._block_starts.append(first)
        return np.arange(first, last + 1, dtype=np.int64).reshape(shape)

    def name_of(self, var: int) -> object | None:
        """The readable key of ``var`` (None for anonymous auxiliaries)."""
        var = abs(var)
        named = self._ids.obj(var)
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
        named = [(vid, key) for key, vid in self._ids.obj2id.items()]
        for block in self._blocks:
            named.extend((v, block.key_of(v)) for v in range(block.first, block.first + block.size))
        return sorted(named, key=lambda pair: pair[0])
