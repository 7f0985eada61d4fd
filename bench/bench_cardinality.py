"""Which cardinality encoding for which size: direct clauses against pysat.card encodings.

Builds planted random systems of "exactly k of these n variables" constraints
(like Minesweeper clues or vertex degrees), encodes each with every candidate,
solves with minisat22 and prints clauses and seconds. ``satpuzzles.cnf.cardinality``
uses the direct form while it needs at most DIRECT_LIMIT clauses.

    python bench/bench_cardinality.py
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from itertools import combinations
from math import comb
from pathlib import Path

from pysat.card import CardEnc, EncType
from pysat.formula import IDPool
from pysat.solvers import Solver

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

CANDIDATES = {
    "direct": None,
    "seqcounter": EncType.seqcounter,
    "totalizer": EncType.totalizer,
    "sortnetwrk": EncType.sortnetwrk,
    "cardnetwrk": EncType.cardnetwrk,
    "mtotalizer": EncType.mtotalizer,
    "kmtotalizer": EncType.kmtotalizer,
}


def system(num_vars: int, size: int, count: int, seed: int) -> list[tuple[list[int], int]]:
    """``count`` constraints over random ``size``-subsets, satisfied by a planted assignment."""
    rng = random.Random(seed)
    planted = [rng.random() < 0.3 for _ in range(num_vars + 1)]
    constraints = []
    for _ in range(count):
        lits = rng.sample(range(1, num_vars + 1), size)
        constraints.append((lits, sum(planted[v] for v in lits)))
    return constraints


def encode(constraints: list[tuple[list[int], int]], num_vars: int, encoding: EncType | None) -> list[list[int]]:
    """All constraints as clauses with one encoding."""
    pool = IDPool(start_from=num_vars + 1)
    clauses: list[list[int]] = []
    for lits, k in constraints:
        if encoding is None:
            clauses += [[-v for v in s] for s in combinations(lits, k + 1)]
            clauses += [list(s) for s in combinations(lits, len(lits) - k + 1)]
        else:
            clauses += CardEnc.equals(lits, bound=k, vpool=pool, encoding=encoding).clauses
    return clauses


def main() -> None:
    """Print one row per (size, encoding)."""
    argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter).parse_args()
    print(f"{'n':>3} {'direct clauses/constraint':>26} {'encoding':>12} {'clauses':>9} {'encode s':>9} {'solve s':>9}")
    for size in (3, 4, 5, 6, 8, 10, 12, 16):
        num_vars = 400
        constraints = system(num_vars, size, 300, seed=size)
        direct = sum(comb(size, k + 1) + comb(size, size - k + 1) for _, k in constraints) / len(constraints)
        for name, encoding in CANDIDATES.items():
            start = time.perf_counter()
            clauses = encode(constraints, num_vars, encoding)
            encoded = time.perf_counter() - start
            with Solver(name="minisat22", bootstrap_with=clauses) as solver:
                start = time.perf_counter()
                assert solver.solve()
                solved = time.perf_counter() - start
            print(f"{size:>3} {direct:>26.1f} {name:>12} {len(clauses):>9} {encoded:>9.4f} {solved:>9.4f}")


if __name__ == "__main__":
    main()
