"""Numberlink (Arukone, Flow Free): join equal labels with paths that never cross (fill or open rules).

This module is the puzzle's spec, registered in pyproject.toml under the
``satpuzzles.puzzles`` entry-point group. Read model.py for the rules, encoding.py for the CNF.
"""

from __future__ import annotations

from satpuzzles.core.records import deferred
from satpuzzles.core.spec import Option, PuzzleSpec, View, Writer
from satpuzzles.puzzles.numberlink import view
from satpuzzles.puzzles.numberlink.formats import READERS
from satpuzzles.puzzles.numberlink.janko import JANKO_READER
from satpuzzles.puzzles.numberlink.jsoninput import JSON
from satpuzzles.puzzles.numberlink.model import RULE_NAMES, NumberlinkInstance
from satpuzzles.puzzles.numberlink.pzprv3 import (
    PZPRV3_READER,
    URL_READER,
    pzprv3_answer,
    pzprv3_caveat,
    pzprv3_under,
    to_pzprv3,
)
from satpuzzles.puzzles.numberlink.staging import ENCODINGS
from satpuzzles.puzzles.numberlink.stated import RULES_KEY, stated_comment
from satpuzzles.puzzles.numberlink.unique import RULES
from satpuzzles.puzzles.numberlink.url import to_url, url_caveat, url_under


def _puzzle_text(instance: NumberlinkInstance) -> str:
    """Puzzle.text(): the text board, or the JSON input where no text board reads back as the puzzle."""
    from satpuzzles.puzzles.numberlink.textform import puzzle_text  # Puzzle.text() only

    return puzzle_text(SPEC, instance)


SPEC = PuzzleSpec(
    name="numberlink",
    summary="Join equal labels with non-crossing paths (Numberlink, Arukone, Flow Free).",
    rules=RULES,
    readers=(URL_READER, PZPRV3_READER, JANKO_READER, *READERS),
    comment_keys=(RULES_KEY,),
    view=View(
        facts=view.facts,
        text=view.text,
        text_heading=stated_comment,
        puzzle_text=_puzzle_text,
        solution_json=view.solution_json,
        styled=view.styled,
        styled_together=view.styled_together,
        svg=view.svg,
        outcome_lines=view.outcome_lines,
        outcome_json=view.outcome_json,
        result_file=view.result_file,
        explanation_json=view.explanation_json,
        conflict=view.conflict,
        analysis=deferred("satpuzzles.puzzles.numberlink.analysis", "ANALYSIS"),  # --analyze only
    ),
    json=JSON,
    writers=(Writer("url", to_url, "Print the puzzle as a puzz.link URL instead of solving (arukone under the "
                    "fill rule, numlin under open).", write_under=url_under, caveat=url_caveat,
                    options=("rules", "no_self_touch")),
             Writer("pzprv3", to_pzprv3, "Print the puzzle as a puzz.link file (pzprv3), which puzz.link's File > "
                    "Open reads, instead of solving (arukone under the fill rule, numlin under open).",
                    write_under=pzprv3_under, caveat=pzprv3_caveat, options=("rules", "no_self_touch"),
                    whole_file=True, answer=pzprv3_answer, title="a puzz.link file")),
    generator=deferred("satpuzzles.puzzles.numberlink.generator", "GENERATOR"),  # loaded by `generate` only
    options=(
        Option("rules", ("--rules",), "fill: every cell is used (Flow Free, arukone URLs); open: cells may stay "
               "empty (Nikoli, janko.at, numlin URLs). Default: a puzz.link URL's or file's own rule or a '# rules: open' line "
               "above the board (or a JSON input's rules), else fill.", kind="choice",
               choices=RULE_NAMES, default=None, affects_solving=True),
        Option("no_self_touch", ("--no-self-touch",), "Paths never run beside themselves (no two cells of one "
               "path adjacent unless consecutive), for solving, --count and --unique; --self-touch allows it. "
               "Default: as a '# rules: open, no-self-touch' line above the board (or a JSON input) says, else "
               "allowed.", affects_solving=True, off="--self-touch"),
        Option("numbers", ("--numbers",), "Print the numbered board (labels in every cell) too."),
        Option("encoding", ("--encoding",), "auto: strengthened first, complete when it finds nothing (on huge "
               "sparse boards a compressed board first, under --rules open a filling first); strengthened or "
               "complete: that encoding alone. strengthened alone cannot prove unsolvability.", kind="choice", choices=ENCODINGS, default="auto",
               affects_solving=True),
    ),
    examples=(".,2\n.,1\n2,1\n", "1,.,.\n.,.,1\n2,.,2\n", "https://puzz.link/p?numlin/5/5/j1g2j3i12g3l"),
    rules_text="Join each pair of equal labels by a path through adjacent cells; paths never cross or share "
    "a cell. Under the fill rule they fill the board; under the open rule cells may stay empty.",
    sources=("Flow Free (fill)", "puzz.link arukone (fill)", "Nikoli, janko.at Arukone, puzz.link numlin (open)"),
)
