"""How Minesweeper is shown: the board with counts, mines, the analysis and the probabilities; JSON; the result file."""

from __future__ import annotations

from collections.abc import Collection, Hashable

from satpuzzles.core.outcome import Outcome, Settings
from satpuzzles.core.spec import StyledBoard
from satpuzzles.core.words import counted
from satpuzzles.present.bands import banded
from satpuzzles.present.report import analysed_unique_line
from satpuzzles.present.styles import MARKED, UNSURE
from satpuzzles.puzzles.minesweeper.model import (
    MINE,
    TOTAL,
    TOTAL_CAPTION,
    UNKNOWN,
    CellAnalysis,
    MinesweeperInstance,
    MinesweeperSolution,
)
from satpuzzles.puzzles.minesweeper.odds import percent, rounded

TYPE_CHECKING = False
if TYPE_CHECKING:
    import numpy as np

HINT_STYLES = {"o": "bold reverse green4", "!": "bold reverse orange3"}
"""The cells a hint says to open: certainly safe (o), or the lowest risk when none is (!)."""
COUNT_STYLES = ("dim", "dodger_blue2", "green4", "red3", "blue_violet", "dark_red", "dark_cyan", "magenta3", "grey50")
"""The classic colours of the counts 0-8, of middle lightness so that dark and light terminals both show them."""


def facts(instance: MinesweeperInstance) -> dict[str, object]:
    """Width, height and unknown cells (and the total, when given)."""
    rows, cols = instance.cells.shape
    facts: dict[str, object] = {"width": cols, "height": rows, "unknown cells": int((instance.cells == UNKNOWN).sum())}
    if instance.mines is not None:
        facts["mines"] = instance.mines
    return facts


def solution_json(instance: MinesweeperInstance, solution: MinesweeperSolution, settings: Settings) -> dict[str, object]:
    """``mines``: a row-major grid of 0/1."""
    return {"mines": solution.mines.astype(int).tolist()}


def explanation_json(instance: MinesweeperInstance, keys: list[Hashable]) -> dict[str, object]:
    """The conflicting counts as [row, col, count] (0-based), and ``mines`` when the total takes part."""
    cells = sorted(_marked_cells(keys))
    explanation: dict[str, object] = {"clues": [[r, c, int(instance.cells[r, c])] for r, c in cells]}
    if TOTAL in keys:
        explanation["mines"] = instance.mines
    return explanation


def conflict(instance: MinesweeperInstance, keys: list[Hashable]) -> str:
    """The Conflict line: the counts that take part, and the mine total when it does (it is no clue)."""
    from satpuzzles.present.report import conflict_sentence

    counts = [key for key in keys if key != TOTAL]
    return conflict_sentence(len(counts), "the mine total" if TOTAL in keys else "")


def _symbols(instance: MinesweeperInstance, solution: MinesweeperSolution | None) -> np.ndarray:
    import numpy as np  # loaded with a board, not with the spec (strategy.py says why)

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
    advice = solution.hint if solution is not None else None
    if advice is not None:
        for r, c in advice.safe:
            symbols[r, c] = "o"
        if advice.guess is not None:
            symbols[advice.guess] = "!"
    return symbols


def outcome_lines(instance: MinesweeperInstance, outcome: Outcome[MinesweeperSolution],
                  settings: Settings) -> list[tuple[str, str]]:
    """With --analyze: how many unknown cells the rules and SAT forced, and how many stay open.

    Without it, a reminder that the placement shown may be one of many (when no search said whether it is).
    """
    analysis = outcome.solution.analysis if outcome.solution is not None else None
    if _unsolvable_analysed(outcome, settings):
        return [("Unique", "False")]
    if analysis is None:
        if len(outcome.solutions) == 1 and not outcome.exhausted and outcome.uniqueness(settings) is None:
            return [("Placement", "one placement that fits the counts, maybe one of many; "
                     "--analyze shows which cells every placement agrees on")]
        return []
    rules, sat = _split(analysis)
    undetermined = int(analysis.undetermined.sum())
    advice = outcome.solution.hint if outcome.solution is not None else None
    hint_line = [("Hint", advice.sentence(instance.mines is not None))] if advice is not None else []
    return hint_line + [
        ("Forced by rules", f"{rules['mine'] + rules['safe']} ({counted(rules['mine'], 'mine')}, {rules['safe']} safe)"),
        ("Forced by SAT", f"{sat['mine'] + sat['safe']} ({counted(sat['mine'], 'mine')}, {sat['safe']} safe)"),
        ("Undetermined", str(undetermined)),
        analysed_unique_line(undetermined == 0, "cell", "placements"),
    ] + _probability_lines(instance, outcome.solution)


def outcome_json(instance: MinesweeperInstance, outcome: Outcome[MinesweeperSolution],
                 settings: Settings) -> dict[str, object]:
    """With --analyze: ``analysis`` with the forced cells as [row, col] (0-based) and the split by method."""
    import numpy as np

    analysis = outcome.solution.analysis if outcome.solution is not None else None
    if _unsolvable_analysed(outcome, settings):
        return {"unique": False}
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
    if outcome.solution is not None and outcome.solution.hint is not None:
        record["hint"] = outcome.solution.hint.as_json()
    chances = outcome.solution.probabilities if outcome.solution is not None else None
    if chances is not None:
        shown = np.round(chances, 6)
        uncertain = (((shown == 0) & (chances > 0)) | ((shown == 1) & (chances < 1))).nonzero()  # odds.rounded's cases
        shown = shown.astype(object)
        shown[uncertain] = [rounded(float(chance)) for chance in chances[uncertain]]
        shown[np.isnan(chances)] = None
        record["probabilities"] = {
            "grid": shown.tolist(),
            "not_computed": np.argwhere(np.isnan(chances) & (instance.cells == UNKNOWN)).tolist(),
        }
    return record


def _unsolvable_analysed(outcome: Outcome[MinesweeperSolution], settings: Settings) -> bool:
    """Whether --hint or --probabilities (which analyse every placement, as --analyze does) met a board proved
    unsolvable: not unique, as --analyze and --unique say it (they say it themselves)."""
    analysing = any(settings.extras.get(name) for name in ("hint", "probabilities"))
    return outcome.status == "unsolvable" and analysing and not (settings.unique or settings.analyze)


def _marked_cells(marked: Collection[Hashable]) -> set[tuple[int, ...]]:
    """The cells among an explanation's marks, as (row, column) tuples (the mine total is not a cell)."""
    return {cell for cell in marked if isinstance(cell, tuple)}


def text(instance: MinesweeperInstance, solution: MinesweeperSolution | None, settings: Settings,
         marked: Collection[Hashable] = ()) -> str:
    """Counts kept, ``*`` for mines, ``.`` for safe cells (``?`` while unsolved); conflicting counts end in ``!``."""
    symbols = _symbols(instance, solution)
    if not marked:
        board = "\n".join(" ".join(row) for row in symbols.tolist())
        if solution is not None and solution.probabilities is not None:
            board += f"\n\n{PROBABILITY_HEADING}\n" + _probability_board(instance, solution.probabilities)
        return board
    marks = _marked_cells(marked)
    board = "\n".join(
        "".join(f"{symbol}{'!' if (r, c) in marks else ' '}" for c, symbol in enumerate(row)).rstrip()
        for r, row in enumerate(symbols.tolist())
    )
    return board + (f"\n{TOTAL_CAPTION}" if TOTAL in marked else "")


def styled(instance: MinesweeperInstance, solution: MinesweeperSolution | None, settings: Settings,
           marked: Collection[Hashable] = ()) -> StyledBoard:
    """Counts in their classic colours, mines in red, conflicting counts highlighted."""
    symbols = _symbols(instance, solution).tolist()
    marks = _marked_cells(marked)
    board: StyledBoard = []
    for r, row in enumerate(symbols):
        line = []
        for c, symbol in enumerate(row):
            if (r, c) in marks:
                style = MARKED
            elif solution is not None and solution.analysis is not None and not symbol.isdigit():
                style = _analysis_style(solution.analysis, r, c, symbol)
            elif symbol.isdigit():
                style = COUNT_STYLES[int(symbol)]
            else:
                style = {"*": "bold red3", ".": "dim", "?": "dim"}[symbol]
            line += [(symbol, style), (" ", "")]
        board.append(line)
    if TOTAL in marked:
        board.append([(TOTAL_CAPTION, MARKED)])
    if solution is not None and solution.probabilities is not None:
        board += [[], *([(line, "bold")] for line in PROBABILITY_HEADING.split("\n"))]
        for number, (caption, rows) in enumerate(_probability_bands(instance, solution.probabilities)):
            if number:
                board.append([])
            if caption is not None:
                board.append([(caption, "bold")])
            board += [[piece for word in row for piece in ((" " * (PROBABILITY_CELL - len(word)), ""),
                                                            (word + " ", _probability_style(word)))] for row in rows]
    return board


def svg(instance: MinesweeperInstance, outcome: Outcome[MinesweeperSolution], settings: Settings) -> str:
    """The board with the (first) placement's mines, or unsolved with conflicting counts outlined."""
    from satpuzzles.present.svg import outcome_state, solutions_picture  # --svg only
    from satpuzzles.puzzles.minesweeper.svg import minesweeper_svg

    solution = outcome.solution
    if solution is not None and solution.analysis is not None:
        advice = solution.hint
        mode = "hint" if advice is not None else "probabilities" if solution.probabilities is not None else "analysis"
        return minesweeper_svg(instance.cells, solution.mines, solution.analysis.forced_safe,
                               solution.analysis.forced_mine, marked=outcome.explanation or (),
                               probabilities=solution.probabilities, mode=mode,
                               state=outcome_state(outcome, settings),
                               hint_safe=advice.safe if advice else (), hint_guess=advice.guess if advice else None,
                               hint_chance=advice.chance if advice else None,
                               hint_reason=advice.reason if advice else None)
    return solutions_picture(outcome, settings, lambda placement, words: minesweeper_svg(
        instance.cells, placement.mines if placement is not None else None, marked=outcome.explanation or (),
        total=instance.mines, state=words), "conflicting counts outlined")


def puzzle_svg(instance: MinesweeperInstance, settings: Settings) -> str:
    """The unsolved board to publish: the revealed counts and flags, and the mine total under it when one is given."""
    from satpuzzles.puzzles.minesweeper.svg import minesweeper_svg  # --svg-puzzle only

    total = [f"Mines: {instance.mines}"] if instance.mines is not None else []
    return minesweeper_svg(instance.cells, None, notes=total)


def result_file(instance: MinesweeperInstance, solution: MinesweeperSolution) -> str:
    """The grid format with the placement filled in: ``rows cols``, counts, ``F`` for mines, ``.`` for safe cells."""
    symbols = _symbols(instance, solution)
    symbols[symbols == "*"] = "F"
    rows, cols = instance.cells.shape
    return f"{rows} {cols}\n" + "\n".join(" ".join(row) for row in symbols.tolist()) + "\n"


def _split(analysis: CellAnalysis) -> tuple[dict[str, int], dict[str, int]]:
    """Forced mines and safe cells counted by what decided them: the trivial rules, then SAT."""
    rules = analysis.by_rules
    return (
        {"mine": int((analysis.forced_mine & rules).sum()), "safe": int((analysis.forced_safe & rules).sum())},
        {"mine": int((analysis.forced_mine & ~rules).sum()), "safe": int((analysis.forced_safe & ~rules).sum())},
    )


def _analysis_style(analysis: CellAnalysis, r: int, c: int, symbol: str) -> str:
    """Forced cells in red (mines) or green (safe), bold when SAT was needed; undetermined in amber (yellow in 16 colours); hints stand out."""
    if symbol == "?":
        return UNSURE
    if symbol in HINT_STYLES:
        return HINT_STYLES[symbol]
    colour = "red3" if symbol == "*" else "green4"
    return f"bold {colour} reverse" if not analysis.by_rules[r, c] and (analysis.forced_mine[r, c] or analysis.forced_safe[r, c]) else colour


def _probability_lines(instance: MinesweeperInstance, solution: MinesweeperSolution | None) -> list[tuple[str, str]]:
    """How many unknown cells got an exact probability (and how many were over the budget); the 50 % caveat."""
    import numpy as np

    if solution is None or solution.probabilities is None:
        return []
    unknown = instance.cells == UNKNOWN
    missing = int((np.isnan(solution.probabilities) & unknown).sum())
    done = int(unknown.sum()) - missing
    lines = [("Probabilities", f"exact for {counted(done, 'unknown cell')}" + (f", not computed for {missing}" if missing else ""))]
    if instance.mines is None:
        from satpuzzles.geometry import dilate8

        unseen = bool((unknown & ~dilate8(instance.cells >= 0)).any())  # no revealed count beside them
        lines.append(("Note", "without a 'mines N' line every placement counts alike"
                      + (", so cells no count sees are at 50%" if unseen else "") + "; give the mine total for the real odds"))
    return lines


PROBABILITY_HEADING = ("Mine probability per unknown cell\n('.' safe, '*' mine, '-' not computed;\n"
                       "bare numbers are revealed counts):")
"""Over the probability board, in lines of at most 38 columns (one line was 107 wide, which the note on a board
wider than the terminal took for the board's width)."""


PROBABILITY_CELL = 4
"""Columns a cell of the probability board takes (``>99%``), right-aligned, cells one space apart."""


def _probability_words(instance: MinesweeperInstance, chances: np.ndarray) -> list[list[str]]:
    """Unknown cells by probability (see odds.percent); revealed counts and flags as on the board."""
    cells = instance.cells
    return [[percent(float(chances[r, c])) if cells[r, c] == UNKNOWN else "*" if cells[r, c] == MINE
             else str(int(cells[r, c])) for c in range(cells.shape[1])] for r in range(cells.shape[0])]


def _probability_bands(instance: MinesweeperInstance, chances: np.ndarray) -> list[tuple[str | None, list[list[str]]]]:
    """The probability board in bands of columns as wide as the terminal (80 columns where output is not one):
    a 30-column board's 150-column rows wrapped into a jumble."""
    return banded(_probability_words(instance, chances), PROBABILITY_CELL)


def _probability_board(instance: MinesweeperInstance, chances: np.ndarray) -> str:
    """The probability board as text: its bands one after another, a blank line and a caption before each."""
    blocks = []
    for caption, rows in _probability_bands(instance, chances):
        lines = [" ".join(f"{word:>{PROBABILITY_CELL}}" for word in row) for row in rows]
        blocks.append("\n".join(([caption] if caption is not None else []) + lines))
    return "\n\n".join(blocks)


def _probability_style(word: str) -> str:
    """Green for safe, red for sure mines, amber below 50%, red from it; counts in their colours."""
    if word == ".":
        return "green4"
    if word == "*":
        return "bold red3"
    if word.isdigit():
        return COUNT_STYLES[int(word)]
    if not word.endswith("%"):
        return "dim"
    value = 0 if word.startswith("<") else 100 if word.startswith(">") else int(word[:-1])
    return "red3" if value >= 50 else "orange3"
