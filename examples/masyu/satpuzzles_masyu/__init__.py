"""Masyu (Nikoli; Pearl in Simon Tatham's collection): one loop through every circle, as a satpuzzles plugin.

This module is the puzzle's spec, registered in this package's pyproject.toml under the
``satpuzzles.puzzles`` entry-point group. Read model.py for the rules, encoding.py for the CNF.
"""

from __future__ import annotations

from satpuzzles.core.spec import PuzzleSpec, View, Writer
from satpuzzles_masyu import view
from satpuzzles_masyu.encoding import RULES
from satpuzzles_masyu.formats import JSON, READERS, to_text
from satpuzzles_masyu.pearl import to_pearl
from satpuzzles_masyu.url import to_url

PZPRJS_EXAMPLE = "https://puzz.link/p?mashu/6/6/1063000i3000"
"""The example of pzprjs' own tests (robx/pzprjs test/script/mashu.js)."""

SPEC = PuzzleSpec(
    name="masyu",
    summary="Draw one loop through cell centres and every circle: straight on white, turning on black.",
    rules=RULES,
    readers=READERS,
    view=View(facts=view.facts, text=view.text, solution_json=view.solution_json, styled=view.styled, svg=view.svg,
              analysis=view.ANALYSIS, puzzle_text=lambda instance: to_url(instance) + "\n" if instance.visit_all
              else to_text(instance)),  # Puzzle.text(): what reads back (a grid cannot say 'visits every cell')
    json=JSON,
    writers=(Writer("url", to_url, "Print the puzzle as a puzz.link URL instead of solving."),
             Writer("pearl", to_pearl, "Print the puzzle as a game id of Simon Tatham's Pearl (WxH:DESC) instead of "
                    "solving."),),
    examples=(PZPRJS_EXAMPLE, "5 5\n.....\nw..b.\n.....\nw....\n..w..\n"),
    rules_text="Draw one closed loop through the centres of cells, never crossing or touching itself, through "
    "every circle. On a white circle the loop goes straight, and turns in the cell before or after it; on a black "
    "circle it turns, and goes straight through the cells before and after it.",
    sources=("Nikoli", "puzz.link (mashu)", "Simon Tatham's Pearl", "janko.at"),
)
