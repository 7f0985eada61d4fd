"""Make the giant Numberlink boards of the benchmarks (1002x1002, four pairs from the corners to a central block).

    python bench/make_giants.py            # writes bench/results/giants/*.txt (git-ignored)
    python bench/make_giants.py --size 102 # smaller boards of the same shapes

- ``solvable``: each corner joins the nearest cell of the central 2x2 block; every path
  fills its quadrant by zig-zagging (odd quadrants, corners of one colour).
- ``swapped``: the top two centre labels swapped; paths across the ring between the
  border and the block keep their cyclic order, so no solution (under any rule).
- ``parity``: ``solvable`` plus a fifth pair with both ends on dark cells, which breaks
  the chessboard count a filling needs, so no solution under the fill rule.
"""

from __future__ import annotations

import argparse
from pathlib import Path

OUT = Path(__file__).resolve().parent / "results" / "giants"


def giant(size: int, kind: str) -> str:
    """One board in the several-puzzles format (a ``W H`` line, then rows of characters)."""
    if size % 4 != 2 or size < 6:
        raise ValueError("size must be 2 more than a multiple of 4 (odd quadrants), at least 6")
    last, low, high = size - 1, size // 2 - 1, size // 2
    givens = {(0, 0): "1", (low, low): "1", (0, last): "2", (low, high): "2",
              (last, 0): "3", (high, low): "3", (last, last): "4", (high, high): "4"}
    if kind == "swapped":
        givens[(low, low)], givens[(low, high)] = "2", "1"
    elif kind == "parity":
        givens[(low // 2, low // 2)] = givens[(low // 2, low // 2 + 2)] = "5"
    elif kind != "solvable":
        raise ValueError(kind)
    rows = []
    for r in range(size):
        row = ["."] * size
        for (gr, gc), label in givens.items():
            if gr == r:
                row[gc] = label
        rows.append("".join(row))
    return f"# giant {kind} {size}x{size}\n{size} {size}\n" + "\n".join(rows) + "\n"


KINDS = ("solvable", "swapped", "parity")


def main() -> None:
    """Write the three boards."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--size", type=int, default=1002)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    for kind in KINDS:
        path = args.out / f"giant_{kind}_{args.size}.txt"
        path.write_text(giant(args.size, kind))
        print(path)


if __name__ == "__main__":
    main()
