"""Cardinality constraints: exactly / at most / at least k of a set of literals.

Small sets use the direct combinatorial form (one clause per forbidden subset);
larger ones pysat.card's sequential counter. ``bench/bench_cardinality.py``
measured planted systems of "exactly k of n": the direct form encodes and
solves fastest up to n = 8 (about 65 clauses a constraint, no auxiliaries);
from n = 10 (about 220 clauses) the sequential counter wins, ahead of the
totalizers and sorting networks. Hence the switch at DIRECT_LIMIT clauses
for each side. The counter's n k auxiliaries make a huge one (a whole board's mine total) take
gigabytes, so past SEQUENTIAL_LIMIT of them cardinality networks take over.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from itertools import combinations
from math import comb

from satpuzzles.cnf.formula import Clause, Formula

TYPE_CHECKING = False
if TYPE_CHECKING:
    import numpy as np

DIRECT_LIMIT = 70
"""Largest clause count for which the direct form is used."""

LARGE_ENCODING = "seqcounter"
"""pysat.card encoding (an EncType name) used above DIRECT_LIMIT; pysat.card is imported only then."""


HUGE_ENCODING = "cardnetwrk"
"""pysat.card encoding for constraints whose sequential counter would need more than SEQUENTIAL_LIMIT auxiliaries:
cardinality networks, O(n log^2 k) clauses. A 100x100 Minesweeper's total, exactly 1,433 of 7,529 cells: the counter
17.5 M variables and 34.9 M clauses in 112 s (7.8 GB under --explain), the networks 1.2 M and 1.8 M in 0.6 s (0.95
GB). The counter searches faster where it fits: `--method cnf` with a total took 1.1 against 6.0 s of CPU for
`--unique` on a 30x30 (670 unknown cells), 42 s against more than 84 s on a 50x50 (1,905), so only huge ones switch."""

SEQUENTIAL_LIMIT = 10_000_000
"""The most auxiliary variables (as counted by counter_encoding) a sequential counter may take: past it, HUGE_ENCODING
(about 2 GB of clauses in a solver by then)."""


def counter_encoding(kind: str, n: int, k: int) -> str:
    """The pysat.card encoding (an EncType name) for ``kind`` (atmost, atleast, equals) k of n literals, past the
    direct form: LARGE_ENCODING, or HUGE_ENCODING where that would take more than SEQUENTIAL_LIMIT auxiliaries."""
    size = {"atmost": n * k, "atleast": n * (n - k)}.get(kind, n * n)  # exactly: both
    return LARGE_ENCODING if size <= SEQUENTIAL_LIMIT else HUGE_ENCODING


def _counter(formula: Formula, kind: str, lits: list[int], k: int) -> None:
    """``kind`` (atmost, atleast, equals) by pysat.card's counter_encoding, auxiliaries taken from the pool."""
    from pysat.card import CardEnc, EncType

    encode = getattr(CardEnc, kind)
    enc = encode(lits, bound=k, top_id=formula.pool.top, encoding=getattr(EncType, counter_encoding(kind, len(lits), k)))
    formula.pool.top = max(formula.pool.top, enc.nv)
    formula.clauses.extend(enc.clauses)


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
        _counter(formula, "atmost", lits, k)


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
        _counter(formula, "atleast", lits, k)


@cache
def _direct_patterns(n: int, k: int) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    """Positions of the direct form of "exactly k of n": the at-most subsets, then the at-least ones."""
    return (_subsets(n, k + 1) if k < n else (), _subsets(n, n - k + 1) if k > 0 else ())


def direct_exactly(lits: Sequence[int], k: int) -> list[Clause]:
    """The direct form of "exactly ``k`` of ``lits``" (Python ints, 0 <= k <= len(lits)): one clause per
    subset of k + 1 that may not all hold, then one per subset of n - k + 1 that may not all fail."""
    return direct_exactly_builder(len(lits), k)(*lits)


@cache
def direct_exactly_builder(n: int, k: int) -> Callable[..., list[Clause]]:
    """A function of ``n`` literals returning :func:`direct_exactly`'s clauses for ``k``, written out literal by
    literal and compiled once (as ``collections.namedtuple`` compiles its classes): a grid cell's "exactly 2 of
    4 links" comes out 6x faster than by comprehensions over the subsets, and Numberlink builds one per cell."""
    most, least = _direct_patterns(n, k)
    names = [f"x{i}" for i in range(n)]
    clauses = [[f"-{names[i]}" for i in subset] for subset in most] + [[names[i] for i in subset] for subset in least]
    body = ", ".join("[" + ", ".join(clause) + "]" for clause in clauses)
    return eval(f"lambda {', '.join(names)}: [{body}]")  # the source is made of the names above alone


def exactly(formula: Formula, lits: Sequence[int], k: int, guard: int | None = None) -> None:
    """Exactly ``k`` of ``lits`` are true (only when ``guard`` is true, if one is given)."""
    if guard is not None:
        guarded = Formula(formula.pool)
        exactly(guarded, lits, k)
        formula.clauses.extend([*clause, -guard] for clause in guarded.clauses)
        return
    lits = [int(lit) for lit in lits]
    if k < 0 or k > len(lits):
        formula.add([])
        return
    if comb(len(lits), k + 1) + comb(len(lits), len(lits) - k + 1) <= 2 * DIRECT_LIMIT:
        formula.clauses.extend(direct_exactly(lits, k))
    else:
        _counter(formula, "equals", lits, k)


@cache
def _none_or_exactly_patterns(n: int, k: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Clauses over positions 0..n-1 as (position, sign): forbid 1..k-1 true, and more than k."""
    patterns = []
    for size in range(1, min(k, n + 1)):
        for subset in combinations(range(n), size):
            patterns.append(tuple((i, -1 if i in subset else 1) for i in range(n)))
    patterns += [tuple((i, -1) for i in subset) for subset in combinations(range(n), k + 1)]
    return tuple(patterns)


def none_or_exactly(formula: Formula, lits: Sequence[int], k: int) -> None:
    """Either none of ``lits`` or exactly ``k`` of them (k = 2: a dot of a loop has degree 0 or 2)."""
    formula.clauses.extend(
        [sign * lits[i] for i, sign in pattern] for pattern in _none_or_exactly_patterns(len(lits), k)
    )


def exactly_rows(formula: Formula, rows: np.ndarray, k: int, guards: np.ndarray | None = None) -> None:
    """:func:`exactly` in the direct form for every row of a small 2-D literal array at once.

    With ``guards`` (one literal per row) each row's clauses hold only when its guard is true.
    """
    import numpy as np

    if rows.size == 0:
        return
    n = rows.shape[1]
    if not 0 <= k <= n:
        formula.extend([[-g] for g in guards.tolist()] if guards is not None else [[]])
        return
    tail = None if guards is None else -guards[:, None]
    for subset in _subsets(n, k + 1):
        clauses = -rows[:, list(subset)]
        formula.clauses.extend((clauses if tail is None else np.hstack([clauses, tail])).tolist())
    for subset in _subsets(n, n - k + 1):
        clauses = rows[:, list(subset)]
        formula.clauses.extend((clauses if tail is None else np.hstack([clauses, tail])).tolist())


def none_or_exactly_rows(formula: Formula, rows: np.ndarray, k: int) -> None:
    """:func:`none_or_exactly` for every row of a 2-D literal array at once (numpy, no Python loop per row)."""
    import numpy as np

    if rows.size == 0:
        return
    for pattern in _none_or_exactly_patterns(rows.shape[1], k):
        positions = [i for i, _ in pattern]
        signs = np.array([sign for _, sign in pattern], dtype=rows.dtype)
        formula.clauses.extend((rows[:, positions] * signs).tolist())


def none_or_exactly_patterns(n: int, k: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """:func:`none_or_exactly`'s clauses over positions 0..n-1, as (position, sign) pairs."""
    return _none_or_exactly_patterns(n, k)


@cache
def exactly_patterns(n: int, k: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """The direct form of "exactly k of n" over positions 0..n-1 as (position, sign) pairs, in
    :func:`exactly_rows`'s order (0 <= k <= n)."""
    atmost = [tuple((i, -1) for i in subset) for subset in _subsets(n, k + 1)]
    return tuple(atmost + [tuple((i, 1) for i in subset) for subset in _subsets(n, n - k + 1)])
