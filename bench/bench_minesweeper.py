"""Minesweeper scale figures: solve and --analyze end to end, and --no-guess generation (``make bench-sets``).

Prints, per board: end-to-end seconds of the real CLI (parse to printed answer, a fresh
process) and the in-process split (propagate, encode, solve, verify seconds; variables;
SAT calls; forced cells). Then the average time of --no-guess expert games (30x16, 99
mines) made in-process. Figures are measured, never asserted.

    python bench/bench_minesweeper.py               # everything
    python bench/bench_minesweeper.py --games 20    # fewer no-guess games
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402

import satpuzzles  # noqa: E402
from satpuzzles.puzzles.minesweeper import generator  # noqa: E402

GENERATED = ROOT / "bench" / "results" / "generated"
BOARDS = [  # (name, rows, cols, mine density, reveal density); None: the seed's file
    ("extreme-sat", None, None, None, None),
    ("gen 1000x1000 0.15/0.2", 1000, 1000, 0.15, 0.2),
    ("gen 1000x1000 0.2/0.3", 1000, 1000, 0.2, 0.3),
    ("gen 2000x2000 0.15/0.2", 2000, 2000, 0.15, 0.2),
    ("gen 2000x2000 0.2/0.3", 2000, 2000, 0.2, 0.3),
]


def board_path(name: str, rows: int | None, cols: int | None, mines: float | None, reveal: float | None) -> Path:
    """The board's file: the seed's, or generated once with seed 1 and cached."""
    if rows is None:
        return ROOT / "instances" / "minesweeper" / "seed" / f"{name}.in"
    GENERATED.mkdir(parents=True, exist_ok=True)
    path = GENERATED / f"mines_{rows}x{cols}_{mines}_{reveal}.in"
    if not path.exists():
        path.write_text(satpuzzles.generate("minesweeper", rows, cols, 1, mine_density=mines, reveal_density=reveal))
    return path


def end_to_end(path: Path, *flags: str) -> float:
    """Seconds of ``satpuzzles minesweeper -i PATH FLAGS`` in a fresh process, output discarded."""
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "satpuzzles", "minesweeper", "-i", str(path), *flags],
                   stdout=subprocess.DEVNULL, check=False)
    return time.perf_counter() - start


def in_process(path: Path, analyze: bool) -> str:
    """The split of one in-process solve (or analysis) as a table row."""
    start = time.perf_counter()
    puzzle = satpuzzles.load(path, puzzle="minesweeper")
    parsed = time.perf_counter() - start
    outcome = puzzle.solve(analyze=analyze).outcome
    s = outcome.stats
    forced = ""
    if analyze and outcome.solution is not None and outcome.solution.analysis is not None:
        a = outcome.solution.analysis
        forced = f"rules {int(a.by_rules.sum())} sat {int((a.forced_mine | a.forced_safe).sum() - a.by_rules.sum())}"
    return (f"parse {parsed:.2f} propagate {s.propagate_seconds:.2f} encode {s.encode_seconds:.2f} "
            f"solve {s.solve_seconds:.2f} verify {s.verify_seconds:.2f} vars {s.variables} "
            f"sat_calls {s.sat_calls} {outcome.status} {forced}")


def no_guess_games(games: int) -> None:
    """Average seconds of --no-guess expert games made in-process."""
    rng = np.random.default_rng(1)
    start = time.perf_counter()
    for _ in range(games):
        game = generator.no_guess_game(16, 30, 99, (7, 14), rng, 100, generator.total_analysis)
        assert generator.solved(game.mines, generator.play(game.mines, game.opening, generator.total_analysis))
    elapsed = time.perf_counter() - start
    print(f"no-guess expert 30x16/99: {games} games, {elapsed / games:.3f} s each on average (target 0.5)")


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="no-guess games to make (default 100)")
    parser.add_argument("--skip-large", action="store_true", help="only extreme-sat among the large boards")
    args = parser.parse_args()
    for name, *shape in BOARDS[:1] if args.skip_large else BOARDS:
        path = board_path(name, *shape)
        print(f"{name}: solve end to end {end_to_end(path):.2f} s | {in_process(path, False)}")
        if shape[0] in (None, 1000) and shape[2] in (None, 0.15):
            print(f"{name}: --analyze end to end {end_to_end(path, '--analyze'):.2f} s | {in_process(path, True)}")
    no_guess_games(args.games)


if __name__ == "__main__":
    main()
