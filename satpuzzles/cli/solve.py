"""``satpuzzles solve SOURCE...``: any registered puzzle, from files, standard input, URLs or game ids."""

from __future__ import annotations

import sys
from typing import Any

import click

from satpuzzles.cli.options import (
    analyze_option,
    any_method_option,
    color_option,
    count_options,
    index_option,
    output_options,
    owned_help,
    puzzle_option,
    solver_option,
    timeout_option,
    to_click,
    verbose_option,
)
from satpuzzles.cli.puzzle_command import EXIT_HELP
from satpuzzles.cli.solve_run import run_solve, union_options
from satpuzzles.core import registry

def _union_writers() -> list[tuple[str, str]]:
    """Every puzzle's ``--to-NAME`` writers, each name once, sorted, with a help naming the puzzles that have it (the
    shortest of their helps, the others adding details of their own)."""
    found: dict[str, tuple[str, list[str]]] = {}
    for puzzle in registry.puzzles().values():
        for writer in puzzle.writers:
            shortest, owners = found.setdefault(writer.name, (writer.help, []))
            owners.append(puzzle.heading)
            found[writer.name] = (min(shortest, writer.help, key=len), owners)
    return [(name, owned_help(owners, text)) for name, (text, owners) in sorted(found.items())]


def solve_command() -> click.Command:
    """The ``solve`` command, with every registered puzzle's options."""

    def callback(**options: Any) -> None:
        sys.exit(run_solve(options))

    puzzle_options = []
    for option, owners in union_options():
        made = to_click(option)
        made.help = owned_help([registry.get(owner).heading for owner in owners], option.help)  # as batch says it
        made.default = False if option.kind == "flag" and not option.off else None
        made.show_default = False
        puzzle_options.append(made)
    explainable = [puzzle.heading for puzzle in registry.puzzles().values() if puzzle.rules.explainable]
    return click.Command(
        "solve",
        callback=callback,
        params=[
            click.Argument(["sources"], nargs=-1, required=True, metavar="SOURCE..."),
            puzzle_option("The puzzle of every SOURCE (default: detected; required when a text reads as two)."),
            *output_options(),
            solver_option(),
            any_method_option("How to solve (see each puzzle's --help)."),
            verbose_option(),
            color_option(),
            timeout_option("status 'unknown' (exit 3)"),
            *count_options(),
            index_option("Solve only the N-th puzzle of each source (a source holding fewer is refused "
                         "before any is solved)."),
            click.Option(["--explain"], is_flag=True,
                         help=f"{'/'.join(explainable)} only: on an unsolvable puzzle, name a minimal set of clues "
                              "that cannot all hold."),
            analyze_option(),
            *(click.Option([f"--to-{name}", f"to_{name}"], is_flag=True, help=text) for name, text in _union_writers()),
            *puzzle_options,
        ],
        help="Solve any puzzle: each SOURCE is a file, '-' (standard input), a puzz.link / pzv.jp URL, or a "
             "game id (as copied from Simon Tatham's puzzle pages, with or without the leading '#', or the "
             f"page's whole URL). The puzzle is detected from the text; it never guesses.\n\n{EXIT_HELP}",
        short_help="Solve any puzzle from files, URLs or game ids (detected).",
    )
