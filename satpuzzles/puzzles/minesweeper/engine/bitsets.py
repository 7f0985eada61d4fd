"""Sets of mine counts as rows of uint64 words (bit m: m mines), shifted and merged with numpy.

The exact counting (counting.py) can carry, instead of a number of ways, the set of mine
totals that reach a state: for a ``mines N`` line only which totals are possible matters,
and a set needs no m in the state's key, so the frontier stays as small as without a total.
"""

from __future__ import annotations

import numpy as np

WORD = 64


def words_for(bits: int) -> int:
    """uint64 words needed for bits 0..bits-1."""
    return max(1, (bits + WORD - 1) // WORD)


def single(bit: np.ndarray | int, rows: int, words: int) -> np.ndarray:
    """``rows`` sets each holding just ``bit``."""
    out = np.zeros((rows, words), dtype=np.uint64)
    bits = np.broadcast_to(np.asarray(bit, dtype=np.int64), (rows,))
    out[np.arange(rows), bits // WORD] = np.left_shift(np.uint64(1), (bits % WORD).astype(np.uint64))
    return out


def shift_up(sets: np.ndarray, by: np.ndarray) -> np.ndarray:
    """Each row's set with ``by`` (0..63, per row) added to every member."""
    by = by.astype(np.uint64)[:, None]
    carry = np.zeros_like(sets)
    carry[:, 1:] = sets[:, :-1]
    spill = np.where(by > 0, np.right_shift(carry, (np.uint64(WORD) - by) % np.uint64(WORD)), np.uint64(0))
    return np.left_shift(sets, by) | spill


def shift_down(sets: np.ndarray, by: np.ndarray) -> np.ndarray:
    """Each row's set with ``by`` (0..63, per row) taken from every member (members below ``by`` drop out)."""
    by = by.astype(np.uint64)[:, None]
    carry = np.zeros_like(sets)
    carry[:, :-1] = sets[:, 1:]
    spill = np.where(by > 0, np.left_shift(carry, (np.uint64(WORD) - by) % np.uint64(WORD)), np.uint64(0))
    return np.right_shift(sets, by) | spill


def union_by(groups: np.ndarray, sets: np.ndarray, count: int) -> np.ndarray:
    """For each group 0..count-1, the union of the rows of ``sets`` whose entry in ``groups`` is that group."""
    out = np.zeros((count, sets.shape[1]), dtype=np.uint64)
    if not len(groups):
        return out
    order = np.argsort(groups, kind="stable")
    ordered = groups[order]
    starts = np.flatnonzero(np.r_[True, ordered[1:] != ordered[:-1]])
    out[ordered[starts]] = np.bitwise_or.reduceat(sets[order], starts, axis=0)
    return out


def members(sets: np.ndarray) -> list[list[int]]:
    """Each row's members, as sorted lists."""
    bits = np.unpackbits(sets.view(np.uint8), axis=1, bitorder="little")
    return [np.flatnonzero(row).tolist() for row in bits]


def to_int(row: np.ndarray) -> int:
    """One set as a Python int (bit m set when m is a member)."""
    return int.from_bytes(row.astype("<u8").tobytes(), "little")


def from_ints(values: list[int], words: int) -> np.ndarray:
    """Python-int sets as rows of ``words`` words."""
    raw = b"".join(value.to_bytes(words * 8, "little") for value in values)
    return np.frombuffer(raw, dtype="<u8").reshape(len(values), words).astype(np.uint64)
