"""Minesweeper consistency: is there a mine placement that satisfies every revealed count?

A plain solve goes through the engine (numpy propagation, then SAT band by band;
see minesweeper_engine). The whole board as one CNF formula (a variable per
unknown cell, an exact count per revealed number, the total when the input
gives one) is the complete stage behind ``-o``, ``--count``, ``--unique``,
``--explain`` and boards with a ``mines N`` line.
"""

from __future__ import annotations

from collections.abc import Collection, Hashable, Sequence
from dataclasses import dataclass
from typing import Any

import click
import numpy as np
from pysat.solvers import Solver
from rich.console import RenderableType
from rich.text import Text

from satpuzzles.cnf import Clause, Formula, exactly
from satpuzzles.errors import UsageError, VerificationError
from satpuzzles.geometry import Cell, count8
from satpuzzles.puzzle import Outcome, Puzzle, Settings
from satpuzzles.puzzles import minesweeper_engine as engine
from satpuzzles.puzzles import minesweeper_generator as generator
from satpuzzles.puzzles.minesweeper_analysis import Analysis, analyze, assemble, find_layout, flip_search, with_total
from satpuzzles.puzzles.minesweeper_probability import DEFAULT_BUDGET, probabilities
from satpuzzles.puzzles.minesweeper_formats import MINE, UNKNOWN, MinesweeperInstance, parse_minesweeper
from satpuzzles.puzzles.minesweeper_svg import minesweeper_svg
from satpuzzles.puzzles.minesweeper_formats import minesweeper_from_json, minesweeper_to_json
from satpuzzles.solvers.backends import DEFAULT_SOLVER, canonical_pysat_name
from satpuzzles.solvers.loop import SolveStats, Stage, Timer
from satpuzzles.solvers.model import Model
from satpuzzles.solvers.pipeline import run_stages

TOTAL = "mines"
"""The --explain key of the ``mines N`` total, beside the (row, col) keys of the counts."""

COUNT_STYLES = ("dim", "blue", "green", "red", "dark_blue", "dark_red", "cyan", "magenta", "grey50")
"""The classic colours of the counts 0-8."""


@dataclass(frozen=True, eq=False)
class MinesweeperSolution:
    """One mine placement: ``mines[r, c]`` is True where a mine lies; with --analyze, the forced cells too."""

    mines: np.ndarray
    analysis: Analysis | None = None
    probabilities: np.ndarray | None = None
    """With --probabilities: each unknown cell's exact mine probability (NaN where not computed)."""


class MinesweeperEncoding:
    """The whole board as CNF: a variable per unknown cell, each count exact, the total if given."""

    name = "board"
    complete = True

    def __init__(self, instance: MinesweeperInstance, with_selectors: bool) -> None:
        cells = instance.cells
        self.instance = instance
        self.formula = formula = Formula()
        unknown = cells == UNKNOWN
        self.var = np.zeros(cells.shape, dtype=np.int64)
        self.var[unknown] = formula.pool.block("mine", (int(unknown.sum()),)) if unknown.any() else []
        self.unknown_vars = self.var[unknown]
        known = (cells == MINE).astype(np.int16)
        known_around = count8(known)
        padded = np.pad(self.var, 1)
        self.selectors: dict[Hashable, int] = {}
        for r, c in np.argwhere(cells >= 0).tolist():
            lits = [int(v) for v in padded[r : r + 3, c : c + 3].ravel() if v]
            need = int(cells[r, c]) - int(known_around[r, c])
            if with_selectors:
                self.selectors[(r, c)] = formula.pool.var(("count", r, c))
            exactly(formula, lits, need, self.selectors.get((r, c)))
        if instance.mines is not None:
            if with_selectors:
                self.selectors[TOTAL] = formula.pool.var(("total",))
            exactly(formula, self.unknown_vars.tolist(), instance.mines - int(known.sum()), self.selectors.get(TOTAL))

    def decode(self, model: Model) -> MinesweeperSolution:
        """Known mines plus the unknown cells the model marks."""
        mines = self.instance.cells == MINE
        unknown = self.instance.cells == UNKNOWN
        mines[unknown] = model[self.unknown_vars]
        return MinesweeperSolution(mines)

    def cuts(self, solution: MinesweeperSolution) -> list[Clause]:
        """Nothing is enforced lazily."""
        return []

    def block(self, solution: MinesweeperSolution) -> Clause:
        """Some unknown cell must change."""
        placed = solution.mines[self.instance.cells == UNKNOWN]
        return [int(-v if mine else v) for v, mine in zip(self.unknown_vars.tolist(), placed.tolist())]


class Minesweeper(Puzzle[MinesweeperInstance, MinesweeperSolution]):
    """Minesweeper: place mines so that every revealed number counts its neighbouring mines."""

    name = "minesweeper"
    summary = "Is there a mine placement that agrees with every revealed count? (Minesweeper consistency)"
    explainable = True

    def options(self) -> list[click.Option]:
        """--analyze: the forced cells of every layout."""
        return [
            click.Option(["--analyze"], is_flag=True,
                         help="Show which unknown cells are forced safe, forced mines or undetermined (the backbone)."),
            click.Option(["--probabilities"], is_flag=True,
                         help="Also give each unknown cell's exact mine probability (all layouts equally likely)."),
            click.Option(["--probability-budget"], type=click.IntRange(min=1), default=DEFAULT_BUDGET, show_default=True,
                         metavar="NODES", help="Counting steps per component for --probabilities; beyond it: not computed."),
        ]

    def check_settings(self, settings: Settings) -> None:
        """--analyze covers every layout at once, so it takes neither --count nor --unique; it needs a PySAT solver."""
        if settings.extras.get("analyze") or settings.extras.get("probabilities"):
            if settings.wanted > 1:
                raise UsageError("--analyze already covers every layout: drop --count and --unique")
            if canonical_pysat_name(settings.solver) is None:
                raise UsageError("--analyze needs an incremental PySAT solver, not an external executable")

    def generator_options(self) -> list[click.Option]:
        """Seed 002's random mode (densities), exact mine counts, no-guess games and unique puzzles."""
        return [
            click.Option(["--mine-density"], type=click.FloatRange(0, 1), default=0.2, show_default=True,
                         help="Share of cells holding a mine."),
            click.Option(["--reveal-density"], type=click.FloatRange(0, 1), default=0.3, show_default=True,
                         help="Share of safe cells whose count is revealed (random mode)."),
            click.Option(["--mines", "mine_count"], type=click.IntRange(min=0), metavar="N",
                         help="Exactly N mines (instead of --mine-density)."),
            click.Option(["--no-guess"], is_flag=True,
                         help="A game that pure deduction solves from the first click; written with its opening "
                         "revealed and the mine total."),
            click.Option(["--first-click"], metavar="ROW,COL", callback=_parse_cell,
                         help="Where the --no-guess game starts, 1-based (default: the centre)."),
            click.Option(["--attempts"], type=click.IntRange(min=1), default=100, show_default=True, metavar="N",
                         help="Mine layouts --no-guess (or --unique with --mines) may draw before it gives up (exit 3)."),
            click.Option(["--unique", "unique_board"], is_flag=True,
                         help="A puzzle whose revealed counts determine every mine (counts hidden while that holds)."),
        ]

    def generate(self, rows: int, cols: int, seed: int | None, options: dict[str, Any]) -> str:
        """A board in seed 002's format: random (solvable by construction), a no-guess game, or a unique puzzle."""
        rng = np.random.default_rng(seed)
        count = options.get("mine_count")
        if count is not None and count > rows * cols:
            raise UsageError(f"--mines {count}: a {rows}x{cols} board has {rows * cols} cells")
        if options.get("no_guess") and options.get("unique_board"):
            raise UsageError("--no-guess makes a game, --unique a puzzle: choose one")
        progress = options.get("progress")
        if options.get("no_guess"):
            first = options.get("first_click") or ((rows - 1) // 2, (cols - 1) // 2)
            if not (0 <= first[0] < rows and 0 <= first[1] < cols):
                raise UsageError(f"--first-click {first[0] + 1},{first[1] + 1} is outside the {rows}x{cols} board")
            if count is None:
                count = round(options["mine_density"] * rows * cols)
            game = generator.no_guess_game(rows, cols, count, first, rng, options["attempts"], self._with_total, progress)
            return generator.game_text(game)
        mines = _draw_mines(rows, cols, count, options["mine_density"], rng)
        if options.get("unique_board"):
            # No count can place a mine with no safe neighbour: by density such mines are
            # dropped, with an exact --mines N the layout is drawn again.
            for _ in range(options["attempts"]):
                if count is None or not generator.isolated_mines(mines).any():
                    break
                mines = _draw_mines(rows, cols, count, options["mine_density"], rng)
            else:
                raise generator.GenerationFailed(
                    f"every one of {options['attempts']} layouts had a mine no count can see: "
                    "lower --mines or raise --attempts")
            mines &= ~generator.isolated_mines(mines)
            return generator.board_text(generator.unique_puzzle(mines, rng, progress), None,
                                        "every mine is determined by the counts")
        revealed = (rng.random((rows, cols)) < options["reveal_density"]) & ~mines
        return generator.board_text(np.where(revealed, count8(mines), UNKNOWN).astype(np.int8))

    def _with_total(self, cells: np.ndarray, total: int) -> Analysis | None:
        """The analysis of a board that also uses its mine total (the no-guess player's last resort)."""
        return with_total(cells, total, settle=True)[0]

    def parse(self, text: str) -> list[MinesweeperInstance]:
        """The board: seed 002's format and its extensions."""
        return parse_minesweeper(text)

    def input_formats(self) -> dict[str, Any]:
        """One text format (seed 002's grid) besides JSON."""
        return {"grid": parse_minesweeper}

    def instance_json(self, instance: MinesweeperInstance) -> dict[str, object]:
        """The board as the envelope's ``input``."""
        return minesweeper_to_json(instance)

    def instance_from_json(self, data: Any, line: int, column: int) -> MinesweeperInstance:
        """The board of an ``input`` object."""
        return minesweeper_from_json(data, line, column)

    def stages(self, instance: MinesweeperInstance, settings: Settings) -> Sequence[Stage[MinesweeperSolution]]:
        """The whole board as one formula."""
        return [Stage("board", True, lambda: MinesweeperEncoding(instance, with_selectors=settings.explain))]

    def solve(self, instance: MinesweeperInstance, settings: Settings) -> Outcome[MinesweeperSolution]:
        """Components for one placement; the whole-board formula to count, explain or keep a total."""
        if settings.extras.get("analyze") or settings.extras.get("probabilities"):
            return self._analyze(instance, settings)
        if settings.wanted > 1 or settings.explain or settings.solver != DEFAULT_SOLVER:
            return run_stages(self, instance, settings)
        if instance.mines is not None:
            analysis, deduction, stats = with_total(instance.cells, instance.mines, settle=False)
            mines = analysis.layout if analysis is not None else None
        else:
            mines, deduction, stats = find_layout(instance.cells)
        if mines is None:
            return self._unsolvable(instance, deduction, stats)
        return self._verified(instance, MinesweeperSolution(mines), stats, settings)

    def _analyze(self, instance: MinesweeperInstance, settings: Settings) -> Outcome[MinesweeperSolution]:
        """The backbone: by the engine, or on the whole-board formula when a total couples every cell."""
        if settings.solver != DEFAULT_SOLVER:
            analysis, deduction, stats = self._analyze_whole_board(instance, settings.solver)
        elif instance.mines is not None:
            analysis, deduction, stats = with_total(instance.cells, instance.mines, settle=True)
        else:
            analysis, deduction, stats = analyze(instance.cells)
        if analysis is None:
            return run_stages(self, instance, settings) if settings.explain else self._unsolvable(instance, deduction, stats)
        chances = None
        if settings.extras.get("probabilities"):
            with Timer(stats, "solve_seconds"):
                chances = probabilities(instance.cells, deduction, instance.mines, settings.extras["probability_budget"])
        return self._verified(instance, MinesweeperSolution(analysis.layout, analysis, chances), stats, settings)

    def _analyze_whole_board(
        self, instance: MinesweeperInstance, solver_name: str
    ) -> tuple[Analysis | None, engine.Deduction, SolveStats]:
        """The flip loop of minesweeper_analysis over the whole-board formula (every unknown cell a candidate)."""
        stats = SolveStats(encoding="board+backbone", solver=solver_name, stages=["propagate", "board"])
        cells = instance.cells
        with Timer(stats, "propagate_seconds"):
            deduction = engine.propagate(cells)
        if deduction.broken is not None:
            return None, deduction, stats
        with Timer(stats, "encode_seconds"):
            encoding = MinesweeperEncoding(instance, with_selectors=False)
        formula = encoding.formula
        stats.variables, stats.clauses = formula.pool.top, formula.num_clauses
        with Timer(stats, "solve_seconds"), Solver(name=canonical_pysat_name(solver_name), bootstrap_with=formula.clauses) as solver:
            stats.sat_calls += 1
            if not solver.solve():
                return None, deduction, stats
            values = Model(solver.get_model(), formula.pool.top)[encoding.unknown_vars]
            flips = set(np.where(values, -encoding.unknown_vars, encoding.unknown_vars).tolist())
            stuck, _, calls = flip_search(solver, flips, [], lambda _: None, formula.pool.top + 1)
            stats.sat_calls += calls
        layout = cells == MINE
        layout[cells == UNKNOWN] = values
        forced = np.zeros(cells.shape, dtype=bool)
        forced[cells == UNKNOWN] = np.isin(encoding.unknown_vars, np.abs(np.fromiter(stuck, dtype=np.int64, count=len(stuck))))
        return assemble(cells, deduction, layout, forced), deduction, stats

    def _unsolvable(self, instance: MinesweeperInstance, deduction: engine.Deduction, stats: SolveStats) -> Outcome[MinesweeperSolution]:
        outcome: Outcome[MinesweeperSolution] = Outcome("unsolvable", exhausted=True, stats=stats)
        if deduction.broken is not None:
            r, c = deduction.broken
            outcome.message = f"the count {instance.cells[r, c]} at row {r + 1}, column {c + 1} cannot be met"
        else:
            total = " and the mine total" if instance.mines is not None else ""
            outcome.message = f"no placement meets every count{total} (--explain names a minimal conflicting set)"
        return outcome

    def _verified(self, instance: MinesweeperInstance, solution: MinesweeperSolution, stats: SolveStats,
                  settings: Settings) -> Outcome[MinesweeperSolution]:
        with Timer(stats, "verify_seconds"):
            problems = self.verify(instance, solution)
        if problems:
            raise VerificationError(f"internal error: the engine gave an invalid answer: {problems[0]}")
        if settings.on_progress is not None:
            settings.on_progress("solution", solution, stats)
        return Outcome("solved", [solution], stats=stats)

    def verify(self, instance: MinesweeperInstance, solution: MinesweeperSolution) -> list[str]:
        """Counts hold no mine and see exactly their number of mines; flagged mines stay; the total if given."""
        cells, mines = instance.cells, solution.mines
        problems = []
        if mines.shape != cells.shape:
            return [f"placement of shape {mines.shape} for a board of shape {cells.shape}"]
        counts = cells >= 0
        if (mines & counts).any():
            problems.append(f"a mine on the revealed cell {tuple(np.argwhere(mines & counts)[0])}")
        if not mines[cells == MINE].all():
            problems.append("a flagged mine was removed")
        wrong = counts & (count8(mines) != cells)
        if wrong.any():
            r, c = np.argwhere(wrong)[0]
            problems.append(f"the count at {(int(r), int(c))} sees {int(count8(mines)[r, c])} mines")
        if instance.mines is not None and int(mines.sum()) != instance.mines:
            problems.append(f"{int(mines.sum())} mines where the board says {instance.mines}")
        analysis = solution.analysis
        if analysis is not None and ((analysis.forced_mine & ~mines).any() or (analysis.forced_safe & mines).any()):
            problems.append("the placement disagrees with a cell the analysis calls forced")
        chances = solution.probabilities
        if analysis is not None and chances is not None:
            computed = ~np.isnan(chances)
            if (computed & analysis.forced_mine & (chances != 1)).any() or (computed & analysis.forced_safe & (chances != 0)).any():
                problems.append("a forced cell has a probability other than 0 or 1")
            if (computed & analysis.undetermined & ((chances <= 0) | (chances >= 1))).any():
                problems.append("an undetermined cell has probability 0 or 1")
        return problems

    def facts(self, instance: MinesweeperInstance) -> dict[str, object]:
        """Width, height and unknown cells (and the total, when given)."""
        rows, cols = instance.cells.shape
        facts: dict[str, object] = {"width": cols, "height": rows, "unknown cells": int((instance.cells == UNKNOWN).sum())}
        if instance.mines is not None:
            facts["mines"] = instance.mines
        return facts

    def solution_json(self, instance: MinesweeperInstance, solution: MinesweeperSolution, settings: Settings) -> dict[str, object]:
        """``mines``: a row-major grid of 0/1."""
        return {"mines": solution.mines.astype(int).tolist()}

    def explanation_json(self, instance: MinesweeperInstance, keys: list[Cell]) -> dict[str, object]:
        """The conflicting counts as [row, col, count] (0-based), and ``mines`` when the total takes part."""
        cells = sorted(key for key in keys if key != TOTAL)
        explanation: dict[str, object] = {"clues": [[r, c, int(instance.cells[r, c])] for r, c in cells]}
        if TOTAL in keys:
            explanation["mines"] = instance.mines
        return explanation

    def _symbols(self, instance: MinesweeperInstance, solution: MinesweeperSolution | None) -> np.ndarray:
        cells = instance.cells
        symbols = np.full(cells.shape, "?" if solution is None else ".", dtype="<U1")
        counts = cells >= 0
        symbols[counts] = cells[counts].astype("<U1")
        symbols[cells == MINE] = "*"
        if solution is not None and solution.analysis is not None:
            symbols[solution.analysis.forced_mine] = "*"
            symbols[solution.analysis.undetermined] = "?"
        elif solution is not None:
            symbols[solution.mines] = "*"
        return symbols

    def outcome_lines(self, instance: MinesweeperInstance, outcome: Outcome[MinesweeperSolution],
                      settings: Settings) -> list[tuple[str, str]]:
        """With --analyze: how many unknown cells the rules and SAT forced, and how many stay open."""
        analysis = outcome.solution.analysis if outcome.solution is not None else None
        if analysis is None:
            return []
        rules, sat = _split(analysis)
        return [
            ("Forced by rules", f"{rules['mine'] + rules['safe']} ({rules['mine']} mines, {rules['safe']} safe)"),
            ("Forced by SAT", f"{sat['mine'] + sat['safe']} ({sat['mine']} mines, {sat['safe']} safe)"),
            ("Undetermined", str(int(analysis.undetermined.sum()))),
        ] + _probability_lines(instance, outcome.solution)

    def outcome_json(self, instance: MinesweeperInstance, outcome: Outcome[MinesweeperSolution],
                     settings: Settings) -> dict[str, object]:
        """With --analyze: ``analysis`` with the forced cells as [row, col] (0-based) and the split by method."""
        analysis = outcome.solution.analysis if outcome.solution is not None else None
        if analysis is None:
            return {}
        rules, sat = _split(analysis)
        record: dict[str, object] = {"analysis": {
            "safe": np.argwhere(analysis.forced_safe).tolist(),
            "mine": np.argwhere(analysis.forced_mine).tolist(),
            "undetermined": np.argwhere(analysis.undetermined).tolist(),
            "by_rules": rules,
            "by_sat": sat,
        }}
        chances = outcome.solution.probabilities if outcome.solution is not None else None
        if chances is not None:
            shown = np.where(np.isnan(chances), None, np.round(chances, 6).astype(object))
            record["probabilities"] = {
                "grid": shown.tolist(),
                "not_computed": np.argwhere(np.isnan(chances) & (instance.cells == UNKNOWN)).tolist(),
            }
        return record

    def board_text(
        self,
        instance: MinesweeperInstance,
        solution: MinesweeperSolution | None,
        settings: Settings,
        marked: Collection[Cell] = (),
    ) -> str:
        """Counts kept, ``*`` for mines, ``.`` for safe cells (``?`` while unsolved); conflicting counts end in ``!``."""
        symbols = self._symbols(instance, solution)
        if not marked:
            board = "\n".join(" ".join(row) for row in symbols.tolist())
            if solution is not None and solution.probabilities is not None:
                board += "\n\nMine probability (%, - not computed):\n" + _probability_board(instance, solution.probabilities)
            return board
        marks = {tuple(cell) for cell in marked if cell != TOTAL}
        return "\n".join(
            "".join(f"{symbol}{'!' if (r, c) in marks else ' '}" for c, symbol in enumerate(row)).rstrip()
            for r, row in enumerate(symbols.tolist())
        )

    def board_rich(
        self,
        instance: MinesweeperInstance,
        solution: MinesweeperSolution | None,
        settings: Settings,
        marked: Collection[Cell] = (),
    ) -> RenderableType:
        """Counts in their classic colours, mines in red, conflicting counts highlighted."""
        symbols = self._symbols(instance, solution).tolist()
        marks = {tuple(cell) for cell in marked if cell != TOTAL}
        text = Text()
        for r, row in enumerate(symbols):
            if r:
                text.append("\n")
            for c, symbol in enumerate(row):
                if (r, c) in marks:
                    style = "bold white on red"
                elif solution is not None and solution.analysis is not None and not symbol.isdigit():
                    style = _analysis_style(solution.analysis, r, c, symbol)
                elif symbol.isdigit():
                    style = COUNT_STYLES[int(symbol)]
                else:
                    style = {"*": "bold red", ".": "dim", "?": "dim"}[symbol]
                text.append(symbol, style=style)
                text.append(" ")
        if solution is not None and solution.probabilities is not None:
            text.append("\n\nMine probability (%, - not computed):\n", style="bold")
            for line in _probability_board(instance, solution.probabilities).split("\n"):
                for word in line.split(" "):
                    text.append(word + " ", style=_probability_style(word) if word else "")
                text.append("\n")
            text.rstrip()
        return text

    def svg(self, instance: MinesweeperInstance, outcome: Outcome[MinesweeperSolution], settings: Settings) -> str:
        """The board with the (first) placement's mines, or unsolved with conflicting counts outlined."""
        solution = outcome.solution
        if solution is not None and solution.analysis is not None:
            return minesweeper_svg(instance.cells, solution.mines, solution.analysis.forced_safe,
                                   solution.analysis.forced_mine, marked=outcome.explanation or ())
        mines = solution.mines if solution is not None else None
        return minesweeper_svg(instance.cells, mines, marked=outcome.explanation or ())

    def result_file(self, instance: MinesweeperInstance, solution: MinesweeperSolution) -> str:
        """Seed 002's format with the placement: ``rows cols``, then counts, ``F`` for mines, ``.`` for safe cells."""
        symbols = self._symbols(instance, solution)
        symbols[symbols == "*"] = "F"
        rows, cols = instance.cells.shape
        return f"{rows} {cols}\n" + "\n".join(" ".join(row) for row in symbols.tolist()) + "\n"



def _split(analysis: Analysis) -> tuple[dict[str, int], dict[str, int]]:
    """Forced mines and safe cells counted by what decided them: the trivial rules, then SAT."""
    rules = analysis.by_rules
    return (
        {"mine": int((analysis.forced_mine & rules).sum()), "safe": int((analysis.forced_safe & rules).sum())},
        {"mine": int((analysis.forced_mine & ~rules).sum()), "safe": int((analysis.forced_safe & ~rules).sum())},
    )


def _analysis_style(analysis: Analysis, r: int, c: int, symbol: str) -> str:
    """Forced cells in red (mines) or green (safe), bold when SAT was needed; undetermined in yellow."""
    if symbol == "?":
        return "bold yellow"
    colour = "red" if symbol == "*" else "green"
    return f"bold {colour} reverse" if not analysis.by_rules[r, c] and (analysis.forced_mine[r, c] or analysis.forced_safe[r, c]) else colour


def _probability_lines(instance: MinesweeperInstance, solution: MinesweeperSolution | None) -> list[tuple[str, str]]:
    """How many unknown cells got an exact probability, and how many were over the budget."""
    if solution is None or solution.probabilities is None:
        return []
    unknown = instance.cells == UNKNOWN
    missing = int((np.isnan(solution.probabilities) & unknown).sum())
    done = int(unknown.sum()) - missing
    return [("Probabilities", f"exact for {done} unknown cells" + (f", not computed for {missing}" if missing else ""))]


def _probability_board(instance: MinesweeperInstance, chances: np.ndarray) -> str:
    """Unknown cells as whole percentages (``-`` when not computed); other cells keep their symbol."""
    cells = instance.cells
    rows = []
    for r in range(cells.shape[0]):
        row = []
        for c in range(cells.shape[1]):
            if cells[r, c] == UNKNOWN:
                row.append("-" if np.isnan(chances[r, c]) else str(int(round(100 * chances[r, c]))))
            else:
                row.append("*" if cells[r, c] == MINE else str(int(cells[r, c])))
        rows.append(" ".join(f"{x:>3}" for x in row))
    return "\n".join(rows)


def _probability_style(word: str) -> str:
    """Green for safe, red for sure mines, yellow to red as the chance grows."""
    if not word.isdigit():
        return "dim"
    value = int(word)
    return "green" if value == 0 else "bold red" if value == 100 else "red" if value >= 50 else "yellow"


def _parse_cell(ctx: click.Context, param: click.Parameter, value: str | None) -> tuple[int, int] | None:
    """ROW,COL (1-based) as a 0-based cell."""
    if value is None:
        return None
    parts = value.replace(" ", "").split(",")
    if len(parts) != 2 or not all(part.isdigit() and int(part) >= 1 for part in parts):
        raise click.BadParameter("give ROW,COL with positive whole numbers, e.g. 8,15")
    return int(parts[0]) - 1, int(parts[1]) - 1


def _draw_mines(rows: int, cols: int, count: int | None, density: float, rng: np.random.Generator) -> np.ndarray:
    """Mines by density (seed 002), or exactly ``count`` of them at random."""
    if count is None:
        return rng.random((rows, cols)) < density
    mines = np.zeros(rows * cols, dtype=bool)
    mines[rng.choice(rows * cols, size=count, replace=False)] = True
    return mines.reshape(rows, cols)
