"""A 30x30 Slitherlink with a third of its clues removed, for timing --analyze (deterministic).

A loop is drawn as ``generate slitherlink`` draws one (seed 30), every cell gets its clue, and a
third of the clues, picked at random with the same seed, are removed (the same file as long as the
generator draws loops the same way). The puzzle is solvable
(the loop keeps every clue left) but need not be unique, so --analyze has undetermined edges to find.

    python bench/make_third_removed.py > instances/slitherlink/generated/30x30_third_removed.txt
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from satpuzzles.geometry import Grid  # noqa: E402
from satpuzzles.puzzles.slitherlink.formats import to_text  # noqa: E402
from satpuzzles.puzzles.slitherlink.generator import all_clues, random_loop  # noqa: E402
from satpuzzles.puzzles.slitherlink.model import SlitherlinkInstance  # noqa: E402


def main(size: int = 30, seed: int = 30) -> None:
    """Print the puzzle."""
    grid, rng = Grid(size, size), random.Random(seed)
    clues = all_clues(grid, random_loop(grid, rng))
    gone = set(rng.sample(sorted(clues), len(clues) // 3))
    kept = {cell: value for cell, value in clues.items() if cell not in gone}
    print(to_text(SlitherlinkInstance(grid, kept)), end="")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--size", type=int, default=30, help="rows and columns (default 30)")
    parser.add_argument("--seed", type=int, default=30, help="the loop's and the removal's seed (default 30)")
    arguments = parser.parse_args()
    main(arguments.size, arguments.seed)
