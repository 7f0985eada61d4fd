"""Minesweeper boards: random ones, no-guess games and puzzles with one answer.

A no-guess game is a mine layout and a first click from which pure deduction opens
every safe cell: the click's neighbourhood is kept free of mines so it opens an area,
then ``play`` reveals what the rules prove, asks SAT for the backbone when the rules
are stuck, and uses the mine total in the endgame. Layouts are drawn until one plays through
(within an attempt budget); a board with few possible layouts has each tried once instead.

A unique puzzle starts from every safe cell revealed and hides counts in random
order while the analysis still forces every unknown cell.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable

import numpy as np

from satpuzzles.core.errors import ExitStatus, SatPuzzlesError, UsageError
from satpuzzles.core.naming import CLI, Naming
from satpuzzles.core.records import Record
from satpuzzles.core.spec import Generator, Option, Progress, naming_of
from satpuzzles.core.words import counted
from satpuzzles.geometry import count8
from satpuzzles.io.textgrid import board_size
from satpuzzles.puzzles.minesweeper.engine import DEFAULT_SOLVER
from satpuzzles.puzzles.minesweeper.engine import propagate as engine
from satpuzzles.puzzles.minesweeper.engine.components import analyze
from satpuzzles.puzzles.minesweeper.engine.total import with_total
from satpuzzles.puzzles.minesweeper.formats import LIMIT, board_text
from satpuzzles.puzzles.minesweeper.generator_options import (ATTEMPTS, MINE_DENSITY, REVEAL_DENSITY, check_options,
                                                               densities, layout_attempts, mines_named, parse_cell)
from satpuzzles.puzzles.minesweeper.model import MINE, UNKNOWN, CellAnalysis

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

TotalAnalysis = Callable[[np.ndarray, int], CellAnalysis | None]
"""The analysis of a board that also uses the total number of mines (the whole-board formula)."""


ENDGAME_CELLS = 40
"""The mine total is used once this few cells stay unknown (the whole-board formula costs more on more)."""


class GenerationFailed(SatPuzzlesError):
    """The attempt budget ran out before a board with the asked-for property turned up."""

    exit_status = ExitStatus.UNKNOWN


class Game(Record):
    """A mine layout, the first click, and the board as it stands after that click opened."""

    mines: np.ndarray
    first: tuple[int, int]
    opening: np.ndarray


def random_board(rows: int, cols: int, mine_density: float, reveal_density: float, rng: np.random.Generator) -> np.ndarray:
    """The random mode: mines by density, then a share of the safe cells revealed."""
    mines = rng.random((rows, cols)) < mine_density
    revealed = (rng.random((rows, cols)) < reveal_density) & ~mines
    return np.where(revealed, count8(mines), UNKNOWN).astype(np.int8)


def deduce(cells: np.ndarray, total: int, use_total: TotalAnalysis | None) -> tuple[np.ndarray, np.ndarray]:
    """Unknown cells proved safe and proved mined: the trivial rules, else SAT's backbone, else with the total."""
    unknown = cells == UNKNOWN
    deduction = engine.propagate(cells)
    if deduction.broken is not None:
        raise AssertionError("deduction contradicted a real layout")  # a bug, never a property of the board
    safe, mine = deduction.safe & unknown, deduction.mine & unknown
    if safe.any() or mine.any():
        return safe, mine
    analysis, _, _ = analyze(cells, DEFAULT_SOLVER)
    assert analysis is not None
    if analysis.forced_safe.any() or analysis.forced_mine.any() or use_total is None or unknown.sum() > ENDGAME_CELLS:
        return analysis.forced_safe, analysis.forced_mine
    with_total = use_total(cells, total)
    assert with_total is not None
    return with_total.forced_safe, with_total.forced_mine


def play(mines: np.ndarray, cells: np.ndarray, use_total: TotalAnalysis | None) -> np.ndarray:
    """Open every cell deduction proves safe (and flag proved mines) from ``cells`` on; the board where it stops."""
    counts = count8(mines)
    cells = cells.copy()
    total = int(mines.sum())
    while True:
        safe, mine = deduce(cells, total, use_total)
        if (safe & mines).any() or (mine & ~mines).any():
            raise AssertionError("deduction claimed a wrong cell")
        if not (safe.any() or mine.any()):
            return cells
        cells[safe] = counts[safe]
        cells[mine] = MINE


def solved(mines: np.ndarray, cells: np.ndarray) -> bool:
    """Whether every safe cell is open."""
    return not ((cells == UNKNOWN) & ~mines).any()


def opening_board(mines: np.ndarray, first: tuple[int, int]) -> np.ndarray:
    """The board right after the first click: the click and the area of zeros it opens, with their borders."""
    counts = count8(mines)
    cells = np.full(mines.shape, UNKNOWN, dtype=np.int8)
    cells[first] = counts[first]
    while True:
        grow = engine.dilate8(cells == 0) & (cells == UNKNOWN)
        if not grow.any():
            return cells
        cells[grow] = counts[grow]


def perturb(mines: np.ndarray, cells: np.ndarray, keep_clear: np.ndarray, rng: np.random.Generator) -> bool:
    """Move one mine so that the stuck frontier changes; False when no move is possible.

    A random unknown cell next to an open count swaps with a random unknown cell of the
    other kind, far from the open area when possible, so the mine total stays the same.
    """
    unknown = (cells == UNKNOWN) & ~keep_clear
    frontier = unknown & engine.dilate8(cells >= 0)
    if not frontier.any():
        return False
    spots = np.argwhere(frontier)
    x = tuple(spots[rng.integers(len(spots))])
    other = unknown & (mines != mines[x])
    far = other & ~engine.dilate8(cells >= 0)
    pool = np.argwhere(far if far.any() else other & ~frontier if (other & ~frontier).any() else other)
    if not len(pool):
        return False
    y = tuple(pool[rng.integers(len(pool))])
    mines[x], mines[y] = mines[y], mines[x]
    return True


def no_guess_game(rows: int, cols: int, mine_count: int, first: tuple[int, int], rng: np.random.Generator,
                  attempts: int, use_total: TotalAnalysis | None, progress: Progress | None = None,
                  advice: str = "", named: str = "") -> Game:
    """A layout that deduction solves from ``first`` (whose neighbourhood stays mine-free).

    Each attempt draws a layout, then plays; where deduction gets stuck, one mine moves
    (see :func:`perturb`) and play goes on from there. A layout that got through is
    replayed from the first click alone, since moved mines change counts that earlier
    steps relied on; only a clean replay counts. A board with no more layouts than the
    attempts could visit has each played once instead (:func:`_every_layout`), so a board
    that has no such game says so at once. ``advice`` ends the message when the attempts run out; ``named``
    (the option that gave the mines, as the caller spelt it) starts the refusal of more mines than fit.
    """
    r, c = first
    keep_clear = np.zeros((rows, cols), dtype=bool)
    keep_clear[max(0, r - 1) : r + 2, max(0, c - 1) : c + 2] = True
    places = np.flatnonzero(~keep_clear)
    if mine_count > len(places):
        plural = "mine does" if mine_count == 1 else "mines do"
        raise UsageError(f"{named}: " * bool(named) + f"{mine_count} {plural} not fit: the first click's area leaves {counted(len(places), 'cell')}")
    if math.comb(len(places), mine_count) <= attempts * MOVES_PER_ATTEMPT:
        return _every_layout(rows, cols, mine_count, first, places, rng, use_total, progress)
    moves = 0
    for attempt in range(1, attempts + 1):
        if progress is not None:
            progress(f"no-guess: attempt {attempt} of {attempts}, {moves} mine moves so far")
        placed = np.zeros(rows * cols, dtype=bool)
        placed[rng.choice(places, size=mine_count, replace=False)] = True
        mines = placed.reshape(rows, cols)
        cells = play(mines, opening_board(mines, first), use_total)
        for _ in range(MOVES_PER_ATTEMPT):
            if solved(mines, cells):
                opening = opening_board(mines, first)
                cells = play(mines, opening, use_total)  # the replay from the first click alone
                if solved(mines, cells):
                    return Game(mines, first, opening)
                continue
            if not perturb(mines, cells, keep_clear, rng):
                break
            moves += 1
            cells = play(mines, _recount(cells, mines), use_total)
    raise GenerationFailed(f"no no-guess board turned up in {counted(attempts, 'attempt')}" + (f": {advice}" if advice else ""))


def _every_layout(rows: int, cols: int, mine_count: int, first: tuple[int, int], places: np.ndarray,
                  rng: np.random.Generator, use_total: TotalAnalysis | None, progress: Progress | None) -> Game:
    """The first layout in random order that deduction solves from ``first``; UsageError when none does.

    Few layouts: 2 rows of 6 cells with 3 mines have 20, none a no-guess game, which 200
    attempts of random layouts and mine moves took minutes to give up on.
    """
    few = min(mine_count, len(places) - mine_count)  # choose the mines, or the safe cells when they are fewer
    choices = list(itertools.combinations(places.tolist(), few))
    free = np.zeros(rows * cols, dtype=bool)
    free[places] = True
    for tried, index in enumerate(rng.permutation(len(choices)).tolist()):
        if progress is not None and tried % LAYOUTS_PER_REPORT == 0:
            progress(f"no-guess: {tried:,} of the {len(choices):,} possible layouts tried")
        chosen = np.zeros(rows * cols, dtype=bool)
        chosen[list(choices[index])] = True
        mines = (chosen if few == mine_count else free & ~chosen).reshape(rows, cols)
        opening = opening_board(mines, first)
        if solved(mines, play(mines, opening, use_total)):
            return Game(mines, first, opening)
    raise UsageError(f"no board of {board_size(rows, cols)} with {counted(mine_count, 'mine')} is a no-guess game from row {first[0] + 1}, "
                     f"column {first[1] + 1}: each of its {len(choices):,} layouts needs a guess "
                     "(fewer mines, a larger board or another first click may have one)")


LAYOUTS_PER_REPORT = 20
"""How often trying every layout reports how far it is."""


MOVES_PER_ATTEMPT = 200
"""Mine moves per attempt before a fresh layout is drawn."""


def _recount(cells: np.ndarray, mines: np.ndarray) -> np.ndarray:
    """The open counts of ``cells`` brought up to date with ``mines`` (flags stay where mines still are)."""
    updated = cells.copy()
    shown = cells >= 0
    updated[shown] = count8(mines)[shown]
    updated[(cells == MINE) & ~mines] = UNKNOWN
    return updated


def unique_puzzle(mines: np.ndarray, rng: np.random.Generator, progress: Progress | None = None) -> np.ndarray:
    """Counts revealed so that they force every unknown cell, as few as a greedy pass in random order keeps.

    ``mines`` must have no isolated mine (see :func:`isolated_mines`): no count could place it.
    """
    counts = count8(mines)
    cells = np.where(mines, UNKNOWN, counts).astype(np.int8)
    revealed = np.argwhere(~mines)
    order = rng.permutation(len(revealed))
    for step, index in enumerate(order.tolist(), start=1):
        if progress is not None and step % 50 == 0:
            progress(f"hiding counts: {step} of {len(order)} tried")
        r, c = revealed[index]
        cells[r, c] = UNKNOWN
        analysis, _, _ = analyze(cells, DEFAULT_SOLVER)
        if analysis is None or analysis.undetermined.any():
            cells[r, c] = counts[r, c]
    return cells


def isolated_mines(mines: np.ndarray) -> np.ndarray:
    """Mines with no safe neighbour: no count can ever see them."""
    return mines & (count8(~mines) == 0)


LAYOUT_HEADING = "the hidden layout ('*' a mine, '.' a safe cell):"


def game_text(game: Game, reveal_layout: bool = False) -> str:
    """A no-guess game as an instance: its opening revealed and the mine total (and the hidden layout in comments)."""
    r, c = game.first
    count = int(game.mines.sum())
    comment = f"no-guess game: first click at row {r + 1}, column {c + 1}; {counted(count, 'mine')}"
    if reveal_layout:
        layout = "\n".join("".join("*" if mine else "." for mine in row) for row in game.mines.tolist())
        comment += f"\n{LAYOUT_HEADING}\n{layout}"
    return board_text(game.opening, count, comment)


def layout_from_text(text: str) -> np.ndarray:
    """The hidden layout written by :func:`game_text` (for players and tests)."""
    lines = [line[2:] for line in text.splitlines() if line.startswith("# ")]
    rows = []
    for row in lines[lines.index(LAYOUT_HEADING) + 1 :]:  # up to the next comment (generate's '# puzzle: ...')
        if not row or not set(row) <= {"*", "."}:
            break
        rows.append(row)
    return np.array([[char == "*" for char in row] for row in rows], dtype=bool)


def make(rows: int, cols: int, seed: int | None, options: dict[str, Any], progress: Progress) -> str:
    """A board in the grid format: random (solvable by construction), a no-guess game, or a unique puzzle."""
    rng = np.random.default_rng(seed)
    count = options.get("mine_count")
    check_options(rows, cols, options)
    mine_density, reveal_density = densities(options)
    if options.get("no_guess"):
        first = options.get("first_click") or ((rows - 1) // 2, (cols - 1) // 2)
        if count is None:
            count = round(mine_density * rows * cols)
        game = no_guess_game(rows, cols, count, first, rng, layout_attempts(options), total_analysis, progress,
                             f"raise {naming_of(options).flag('attempts')}, or lower the mines", mines_named(options))
        return game_text(game, bool(options.get("reveal_layout")))
    if options.get("unique_board") and count is not None:
        # No count can place a mine with no safe neighbour: with an exact --mines N the layout
        # is drawn again (or, when there are few, each is tried in turn).
        mines = unique_layout(rows, cols, count, layout_attempts(options), rng, naming_of(options))
    else:
        mines = _draw_mines(rows, cols, count, mine_density, rng)
    if options.get("unique_board"):
        if mines.all():  # refused as unique_layout refuses --mines N; dropped below, no mine would be left
            flag = naming_of(options).flag
            raise UsageError(f"{mines_named(options)} fills the board of {board_size(rows, cols)}: no safe cell is left to carry a "
                             f"count ({flag('unique_board', '--unique')} reveals counts); lower {flag('mine_density')}")
        mines &= ~isolated_mines(mines)  # by density such mines are dropped
        return board_text(unique_puzzle(mines, rng, progress), None,
                                    "every mine is determined by the counts")
    revealed = (rng.random((rows, cols)) < reveal_density) & ~mines
    return board_text(np.where(revealed, count8(mines), UNKNOWN).astype(np.int8))


def fewest_safe_cells(rows: int, cols: int) -> int:
    """The fewest safe cells that leave no mine without a safe neighbour (the king graph's domination number)."""
    return math.ceil(rows / 3) * math.ceil(cols / 3)


def unique_layout(rows: int, cols: int, count: int, attempts: int, rng: np.random.Generator,
                  naming: Naming = CLI) -> np.ndarray:
    """``count`` mines at random, none without a safe neighbour; UsageError (naming the options as ``naming``
    does) when no layout has that.

    ``attempts`` layouts are drawn; when none fits (few safe cells), safe cells are spread
    one in every 3x3 block, the rest placed at random, and the board flipped at random.
    """
    cells, safe, need = rows * cols, rows * cols - count, fewest_safe_cells(rows, cols)
    if count and safe < need:
        given = naming.given("mine_count", count, "--mines")
        if not safe:
            raise UsageError(f"{given} fills the board of {board_size(rows, cols)}: no safe cell is left to carry a count "
                             f"({naming.flag('unique_board', '--unique')} reveals counts); lower "
                             f"{naming.flag('mine_count', '--mines')}")
        raise UsageError(f"{given} leaves {counted(safe, 'safe cell')} on the board of {board_size(rows, cols)}, and "
                         f"every mine needs a safe neighbour whose count can place it: that takes at least {need} "
                         f"safe cells, so at most {counted(cells - need, 'mine')}")
    for _ in range(attempts):
        mines = _draw_mines(rows, cols, count, 0.0, rng)
        if not isolated_mines(mines).any():
            return mines
    spread = np.zeros((rows, cols), dtype=bool)
    spread[np.ix_([min(3 * i + 1, rows - 1) for i in range(math.ceil(rows / 3))],
                  [min(3 * j + 1, cols - 1) for j in range(math.ceil(cols / 3))])] = True
    others = np.flatnonzero(~spread)
    spread.flat[rng.choice(others, size=safe - int(spread.sum()), replace=False)] = True
    mines = ~spread
    for axis in (0, 1):
        if rng.random() < 0.5:
            mines = np.flip(mines, axis)
    assert not isolated_mines(mines).any() and int(mines.sum()) == count
    return np.ascontiguousarray(mines)


def total_analysis(cells: np.ndarray, total: int) -> CellAnalysis | None:
    """The analysis of a board that also uses its mine total (the no-guess player's last resort)."""
    return with_total(cells, total, settle=True, solver_name=DEFAULT_SOLVER)[0]


def _draw_mines(rows: int, cols: int, count: int | None, density: float, rng: np.random.Generator) -> np.ndarray:
    """Mines by density, or exactly ``count`` of them at random."""
    if count is None:
        return rng.random((rows, cols)) < density
    mines = np.zeros(rows * cols, dtype=bool)
    mines[rng.choice(rows * cols, size=count, replace=False)] = True
    return mines.reshape(rows, cols)


GENERATOR = Generator(
    make=make,
    options=(
        Option("mine_density", ("--mine-density",), f"Share of cells holding a mine (default {MINE_DENSITY}).",
               kind="float", minimum=0, maximum=1),
        Option("reveal_density", ("--reveal-density",), "Share of safe cells whose count is revealed (random mode; "
               f"default {REVEAL_DENSITY}).", kind="float", minimum=0, maximum=1),
        Option("mine_count", ("--mines",), "Exactly N mines (instead of --mine-density).", kind="int", minimum=0,
               metavar="N"),
        Option("no_guess", ("--no-guess",), "A game that pure deduction solves from the first click; written with "
               "its opening revealed and the mine total."),
        Option("first_click", ("--first-click",), "Where the --no-guess game starts, 1-based (default: the centre).",
               kind="text", metavar="ROW,COL", convert=parse_cell),
        Option("attempts", ("--attempts",), f"Mine layouts --no-guess may draw before it gives up (exit 3; default "
               f"{ATTEMPTS}); a board with at most N x {MOVES_PER_ATTEMPT} layouts has each tried once (exit 2 when "
               "none is a no-guess game). --unique --mines N draws as many, then spreads the safe cells itself; exit "
               "2 when too few are left to place every mine. Refused where no layouts are drawn (a random board, "
               "--unique without --mines).", kind="int", minimum=1, metavar="N"),
        Option("unique_board", ("--unique",), "A puzzle whose revealed counts determine every mine (counts hidden "
               "while that holds)."),
        Option("reveal_layout", ("--reveal-layout",), "With --no-guess: also write the hidden mine layout, in comment "
               "lines (spoils the game; for replays and tests). `satpuzzles play minesweeper` plays without it."),
    ),
    limit=LIMIT,
)
