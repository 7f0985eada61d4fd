"""About 2,000 Slitherlinks for the batch row of the performance table, made by Simon Tatham's Loopy.

Loopy's own generator (`sgt-loopy --generate N PARAMS`, Debian's `sgt-puzzles` package) prints N
game ids; the set is 500 each of 10x10 Normal, Tricky and Hard, 350 20x20 Normal, 20 30x30 Hard and
5 60x60 Hard, one `.loopy` file per kind (the 60x60s take about 100 s each to generate). With the
bundled public puzzles and Tatham boards beside them it makes the ~2,000 of issue 15's batch row:

    python bench/make_loopy_set.py /tmp/loopy2000
    cp instances/slitherlink/{puzzlekit/*.txt,puzzleloop/*.txt,pzprjs/*.url,tatham/*.loopy} /tmp/loopy2000
    satpuzzles batch /tmp/loopy2000 --puzzle slitherlink -j 1 --report /tmp/loopy2000.jsonl

Loopy draws from its own random seed, so each run makes other puzzles; the figures in
docs/performance.md name the run they come from.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
from pathlib import Path

KINDS = (("10x10_normal", 500, "10x10t0dn"), ("10x10_tricky", 500, "10x10t0dt"), ("10x10_hard", 500, "10x10t0dh"),
         ("20x20_normal", 350, "20x20t0dn"), ("30x30_hard", 20, "30x30t0dh"), ("60x60_hard", 5, "60x60t0dh"))
"""(file name, how many, Loopy's parameters: size, t0 the square grid, d and the difficulty letter)."""


def main() -> None:
    """Write one .loopy file of game ids per kind into the folder given."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("folder", type=Path)
    args = parser.parse_args()
    loopy = shutil.which("sgt-loopy") or shutil.which("sgt-loopy", path="/usr/games")
    if loopy is None:
        sys.exit("make_loopy_set: sgt-loopy not found (apt-get install sgt-puzzles)")
    args.folder.mkdir(parents=True, exist_ok=True)
    for name, count, params in KINDS:
        made = subprocess.run([loopy, "--generate", str(count), params], capture_output=True, text=True, check=True)
        (args.folder / f"{name}.loopy").write_text(made.stdout)
        print(f"{name}: {len(made.stdout.splitlines())} game ids", file=sys.stderr)


if __name__ == "__main__":
    main()
