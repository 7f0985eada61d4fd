"""Slitherlink (Nikoli; Loopy in Simon Tatham's collection): one loop along the dots, numbers count sides.

This module is the puzzle's spec, registered in pyproject.toml under the
``satpuzzles.puzzles`` entry-point group. Read model.py for the rules, encoding.py for the CNF.
"""

from __future__ import annotations

from satpuzzles.core.records import deferred
from satpuzzles.core.spec import PuzzleSpec, View, Writer
from satpuzzles.puzzles.slitherlink import view
from satpuzzles.puzzles.slitherlink.encoding import RULES
from satpuzzles.puzzles.slitherlink.formats import JSON, READERS, puzzle_text
from satpuzzles.puzzles.slitherlink.janko import JANKO_READER
from satpuzzles.puzzles.slitherlink.loopy import to_loopy
from satpuzzles.puzzles.slitherlink.pzprv3 import pzprv3_answer, to_pzprv3
from satpuzzles.puzzles.slitherlink.url import to_url

SPEC = PuzzleSpec(
    name="slitherlink",
    summary="Draw one loop along the dots; each number counts its cell's sides on the loop.",
    rules=RULES,
    readers=(JANKO_READER, *READERS),
    view=View(
        facts=view.facts,
        text=view.text,
        solution_json=view.solution_json,
        styled=view.styled,
        svg=view.svg,
        explanation_json=view.explanation_json,
        result_file=view.result_file,
        analysis=view.ANALYSIS,
        puzzle_text=puzzle_text,
    ),
    json=JSON,
    writers=(Writer("url", to_url, "Print the puzzle as a puzz.link URL instead of solving."),
             Writer("loopy", to_loopy, "Print the puzzle as a game id of Simon Tatham's Loopy (WxHt0:DESC) "
                    "instead of solving."),
             Writer("pzprv3", to_pzprv3, "Print the puzzle as a puzz.link file (pzprv3), which puzz.link's File > "
                    "Open reads, instead of solving.", whole_file=True, answer=pzprv3_answer,
                    title="a puzz.link file"),),
    generator=deferred("satpuzzles.puzzles.slitherlink.generator", "GENERATOR"),  # loaded by `generate` only
    examples=("https://puzz.link/p?slither/5/5/cbcbcddad", "4 4\n3 . . .\n. 1 2 .\n. 2 1 .\n. . . 3\n"),
    rules_text="Draw one closed loop along the dotted lines, never crossing or touching itself; "
    "a number tells how many of its cell's four sides the loop uses.",
    sources=("Nikoli", "puzz.link (slither)", "Simon Tatham's Loopy", "janko.at"),
)
