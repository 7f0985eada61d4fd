"""Minesweeper consistency: is there a mine placement that agrees with every revealed count?

This module is the puzzle's spec, registered in pyproject.toml under the
``satpuzzles.puzzles`` entry-point group. Read model.py for the rules, encoding.py for the
whole-board CNF, strategy.py and engine/ for the method that scales to millions of cells.
"""

from __future__ import annotations

from satpuzzles.core.records import deferred
from satpuzzles.core.spec import Option, PuzzleSpec, View, Writer
from satpuzzles.puzzles.minesweeper import view
from satpuzzles.puzzles.minesweeper.encoding import RULES
from satpuzzles.puzzles.minesweeper.engine import DEFAULT_BUDGET
from satpuzzles.puzzles.minesweeper.formats import JSON, READERS, to_text
from satpuzzles.puzzles.minesweeper.janko import JANKO_READER
from satpuzzles.puzzles.minesweeper.puzzlink import PZPRV3_READER, URL_READER, pzprv3_answer, to_pzprv3, to_url

SPEC = PuzzleSpec(
    name="minesweeper",
    summary="Is there a mine placement that agrees with every revealed count? (Minesweeper consistency)",
    rules=RULES,
    readers=(URL_READER, PZPRV3_READER, JANKO_READER, *READERS),
    view=View(
        facts=view.facts,
        text=view.text,
        solution_json=view.solution_json,
        styled=view.styled,
        svg=view.svg,
        puzzle_svg=view.puzzle_svg,
        outcome_lines=view.outcome_lines,
        outcome_json=view.outcome_json,
        explanation_json=view.explanation_json,
        conflict=view.conflict,
        result_file=view.result_file,
        size=lambda instance: instance.cells.shape,
        puzzle_text=to_text,
    ),
    json=JSON,
    writers=(Writer("url", to_url, "Print the puzzle as a puzz.link URL (its mines type) instead of solving."),
             Writer("pzprv3", to_pzprv3, "Print the puzzle as a puzz.link file (pzprv3), which puzz.link's File > "
                    "Open reads, instead of solving.", whole_file=True, answer=pzprv3_answer,
                    title="a puzz.link file"),),
    generator=deferred("satpuzzles.puzzles.minesweeper.generator", "GENERATOR"),  # loaded by `generate` only
    game=deferred("satpuzzles.puzzles.minesweeper.game", "GAME"),  # loaded by `play` only
    options=(
        Option("probabilities", ("--probabilities",), "Also give each unknown cell's exact mine probability (all "
               "layouts equally likely)."),
        Option("hint", ("--hint",), "The next move: the cells safe in every placement (o), the first named with the "
               "counts that leave it no room for a mine, or when none is safe, the cell least likely to hold a mine "
               "(!) with its exact probability."),
        Option("probability_budget", ("--probability-budget",), "Counting steps per component for --probabilities "
               f"(and --hint's guess); beyond it: not computed (default {DEFAULT_BUDGET:,}).", kind="int", minimum=1,
               metavar="NODES"),
    ),
    examples=("3 3\n1 ? ?\n? ? ?\n? ? 1\n", "2 3\n1 ? 1\n? ? ?\nmines 1\n"),
    rules_text="Place mines so that every revealed number counts exactly the mines among its eight neighbours; "
    "flagged cells hold mines; a 'mines N' line fixes the total.",
    sources=("Windows Minesweeper", "Simon Tatham's Mines", "minesweeper.online", "puzz.link (mines)"),
)
