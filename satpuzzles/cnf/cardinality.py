"""Cardinality constraints: exactly / at most / at least k of a set of literals.

Small sets use the direct combinatorial form (one clause per forbidden subset);
larger ones pysat.card's sequential counter. ``bench/bench_cardinality.py``
measured planted systems of "exactly k of n": the direct form encodes and
solves fastest up to n = 8 (about 65 clauses a constraint, no auxiliaries);
from n = 10 (about 220 clauses) the sequential counter wins, ahead of the
totalizers and sorting networks. Hence the switch at DIRECT_LIMIT clauses
for each side.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache
from itertools import combinations
from math import comb

from pysat.card import CardEnc, EncType

from satpuzzles.cnf.formula import Clause, Formula

DIRECT_LIMIT = 70
"""Largest clause count for which the direct form is used."""

LARGE_ENCODING = EncType.seqcounter
"""pysat.card encoding used above DIRECT_LIMIT."""


@cache
def _subsets(n: int, size: int) -> tuple[tuple[int, ...], ...]:
    return tuple(combinations(range(n), size))


def _direct_atmost(lits: Sequence[int], k: int) -> list[Clause]:
    return [[-lits[i] for i in subset] for subset in _subsets(len(lits), k + 1)]


def _direct_atleast(lits: Sequence[int], k: int) -> list[Clause]:
    return [[lits[i] for i in subset] for subset in _subsets(len(lits), len(lits) - k + 1)]


def atmost(formula: Formula, lits: Sequence[int], k: int) -> None:
    """At most ``k`` of ``lits`` are true."""
    lits = [int(lit) for lit in lits]
    if k >= len(lits):
        return
    if k < 0:
        formula.add([])
        return
    if comb(len(lits), k + 1) <= DIRECT_LIMIT:
        formula.clauses.extend(_direct_atmost(lits, k))
    else:
        enc = CardEnc.atmost(lits, bound=k, vpool=formula.pool.idpool, encoding=LARGE_ENCODING)
        formula.clauses.extend(enc.clauses)


def atleast(formula: Formula, lits: Sequence[int], k: int) -> None:
    """At least ``k`` of ``lits`` are true."""
    lits = [int(lit) for lit in lits]
    if k <= 0:
        return
    if k > len(lits):
        formula.add([])
        return
    if comb(len(lits), len(lits) - k + 1) <= DIRECT_LIMIT:
        formula.clauses.extend(_direct_atleast(lits, k))
    else:
        enc = CardEnc.atleast(lits, bound=k, vpool=formula.pool.idpool, encoding=LARGE_ENCODING)
        formula.clauses.extend(enc.clauses)


def exactly(formula: Formula, lits: Sequence[int], k: int) -> None:
    """Exactly ``k`` of ``lits`` are true."""
    lits = [int(lit) for lit in lits]
    if k < 0 or k > len(lits):
        formula.add([])
        return
    small = comb(len(lits), k + 1) + comb(len(lits), len(lits) - k + 1) <= 2 * DIRECT_LIMIT
    if small:
        atmost(formula, lits, k)
        atleast(formula, lits, k)
    else:
        enc = CardEnc.equals(lits, bound=k, vpool=formula.pool.idpool, encoding=LARGE_ENCODING)
        formula.clauses.extend(enc.clauses)
