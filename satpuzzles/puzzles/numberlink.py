"""Numberlink: join each pair of equal labels by a path; paths never share a cell and fill the board.

Encoding: a variable per link between adjacent cells and a binary (log-encoded)
colour per cell. Endpoints have degree 1 and their label's colour, other cells
degree 2, and a used link joins cells of equal colour. Cycles detached from the
endpoints are removed lazily by the shared cut loop.

The *strengthened* stage adds two consequences of "a path never touches
itself": a cell next to an endpoint has its colour only if linked to it, and
no 2x2 block uses 3 of its links (a tight U-turn). Neither is a rule of the
game, but published puzzles satisfy them and they make them far faster (the
full "same-colour neighbours are linked" rule, with its auxiliary variables,
is slower); when it finds nothing, the *complete* stage decides by the real
rules alone.
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Callable, Collection, Hashable, Sequence
from dataclasses import dataclass
from typing import Any

import click
import numpy as np
from rich.console import RenderableType
from rich.text import Text

from satpuzzles.cnf import Clause, Formula, exactly
from satpuzzles.errors import UsageError
from satpuzzles.geometry import Cell, Grid
from satpuzzles.puzzle import Outcome, Puzzle, Settings
from satpuzzles.puzzles.numberlink_formats import (
    EMPTY,
    INPUT_FORMATS,
    NumberlinkInstance,
    numberlink_from_json,
    numberlink_to_json,
    parse_numberlink,
    to_text,
    to_url,
)
from satpuzzles.puzzles.numberlink_svg import numberlink_svg
from satpuzzles.render import palette_style
from satpuzzles.solvers.loop import Stage
from satpuzzles.solvers.model import Model


@dataclass(frozen=True)
class NumberlinkSolution:
    """Each label's route from one endpoint to the other; ``loops`` are detached cycles (invalid)."""

    routes: dict[str, tuple[Cell, ...]]
    loops: tuple[tuple[Cell, ...], ...] = ()

    def label_grid(self, instance: NumberlinkInstance) -> list[list[str]]:
        """Row-major grid of the label whose path covers each cell."""
        grid = [[EMPTY] * instance.grid.cols for _ in range(instance.grid.rows)]
        for label, route in self.routes.items():
            for r, c in route:
                grid[r][c] = label
        return grid

    def links(self) -> set[tuple[Cell, Cell]]:
        """The used links, each as (smaller cell, larger cell)."""
        used = set()
        for route in self.routes.values():
            for a, b in zip(route, route[1:]):
                used.add((min(a, b), max(a, b)))
        return used


class NumberlinkEncoding:
    """CNF for one instance: link variables, log-encoded colours, degree and colour rules."""

    def __init__(self, instance: NumberlinkInstance, strengthened: bool) -> None:
        self.instance = instance
        self.name = "strengthened" if strengthened else "complete"
        self.complete = not strengthened
        self.formula = Formula()
        self.selectors: dict[Hashable, int] = {}
        if not instance.labels:
            self.formula.add([])  # no path can cover a cell
        self._links()
        self._degrees()
        self._colours(strengthened)
        self._squares(strengthened)

    def _links(self) -> None:
        """One variable per link: ``right(r, c)`` joins (r, c)-(r, c+1), ``down(r, c)`` (r, c)-(r+1, c)."""
        pool, grid = self.formula.pool, self.instance.grid
        rows, cols = grid.rows, grid.cols
        self.right = pool.block("right", (rows, max(cols - 1, 0))).tolist()
        self.down = pool.block("down", (max(rows - 1, 0), cols)).tolist()
        self.link_var: dict[tuple[Cell, Cell], int] = {
            (u, v): (self.right if u[0] == v[0] else self.down)[u[0]][u[1]] for u, v in grid.links()
        }
        self.link_vars = np.array(list(self.link_var.values()), dtype=np.int64)
        self.link_pairs = list(self.link_var)

    def _degrees(self) -> None:
        """Endpoints use exactly one of their links, every other cell exactly two."""
        incident: dict[Cell, list[int]] = defaultdict(list)
        for (u, v), link in self.link_var.items():
            incident[u].append(link)
            incident[v].append(link)
        for cell in self.instance.grid.cells():
            exactly(self.formula, incident[cell], 1 if cell in self.instance.givens else 2)

    def _squares(self, strengthened: bool) -> None:
        """No 2x2 block uses all 4 of its links (a detached 4-cycle).

        When paths never touch themselves a block uses at most 2: any 3 join its
        4 cells into one path, whose 4th adjacent pair would then touch. That
        form (4 clauses of 3 literals) made the strengthened stage 20-50x faster
        on the big handmade puzzles.
        """
        right, down, clauses = self.right, self.down, self.formula.clauses
        for r in range(self.instance.grid.rows - 1):
            for c in range(self.instance.grid.cols - 1):
                square = [-right[r][c], -right[r + 1][c], -down[r][c], -down[r][c + 1]]
                if strengthened:
                    clauses.extend(square[:i] + square[i + 1 :] for i in range(4))
                else:
                    clauses.append(square)

    def _colours(self, strengthened: bool) -> None:
        """Log-encoded colours (3x faster than one-hot on the janko set) tied to the links.

        Strengthened: a cell next to an endpoint of its own colour is linked to it.
        """
        formula, pool, instance = self.formula, self.formula.pool, self.instance
        grid, labels, givens = instance.grid, instance.labels, instance.givens
        width = max(1, (len(labels) - 1).bit_length())
        colour = pool.block("colour", (grid.rows, grid.cols, width)).tolist()
        code = {label: index for index, label in enumerate(labels)}
        clauses = formula.clauses

        def is_code(cell: Cell, label: str) -> list[int]:
            value = code[label]
            return [v if value >> b & 1 else -v for b, v in enumerate(colour[cell[0]][cell[1]])]

        for cell, label in givens.items():
            clauses.extend([lit] for lit in is_code(cell, label))
        for (u, v), link in self.link_var.items():
            label_u, label_v = givens.get(u), givens.get(v)
            if label_u is not None and label_v is not None:
                if label_u != label_v:
                    clauses.append([-link])
                elif strengthened:
                    clauses.append([link])
            elif label_u is not None or label_v is not None:
                label, free = (label_u, v) if label_u is not None else (label_v, u)
                same = is_code(free, label)
                clauses.extend([-link, lit] for lit in same)
                if strengthened:
                    clauses.append([link, *(-lit for lit in same)])
            else:
                bits_u, bits_v = colour[u[0]][u[1]], colour[v[0]][v[1]]
                for bu, bv in zip(bits_u, bits_v):
                    formula.equal_if(link, bu, bv)

    def decode(self, model: Model) -> NumberlinkSolution:
        """Routes from each label's first endpoint, plus any detached cycles."""
        on = model[self.link_vars]
        neighbours: dict[Cell, list[Cell]] = defaultdict(list)
        for used, (u, v) in zip(on, self.link_pairs):
            if used:
                neighbours[u].append(v)
                neighbours[v].append(u)
        seen: set[Cell] = set()

        def walk(start: Cell) -> tuple[Cell, ...]:
            route, previous, here = [start], None, start
            seen.add(start)
            while True:
                step = [n for n in neighbours[here] if n != previous and n not in seen]
                if not step:
                    return tuple(route)
                previous, here = here, step[0]
                seen.add(here)
                route.append(here)

        routes = {label: walk(a) for label, (a, _) in self.instance.endpoints.items()}
        loops = tuple(walk(cell) for cell in list(neighbours) if cell not in seen)
        return NumberlinkSolution(routes, loops)

    def cuts(self, solution: NumberlinkSolution) -> list[Clause]:
        """For each detached cycle: some link must leave its cells (they hold no endpoint)."""
        cuts = []
        for loop in solution.loops:
            inside = set(loop)
            leaving = [
                var for (u, v), var in self.link_var.items() if (u in inside) != (v in inside)
            ]
            cuts.append(leaving)
        return cuts

    def block(self, solution: NumberlinkSolution) -> Clause:
        """Every valid solution uses cells - paths links, so another one drops one of these."""
        return [-self.link_var[link] for link in solution.links()]


GLYPHS = {
    frozenset("UD"): "│",
    frozenset("LR"): "─",
    frozenset("UR"): "└",
    frozenset("UL"): "┘",
    frozenset("DR"): "┌",
    frozenset("DL"): "┐",
}


def _connections(solution: NumberlinkSolution) -> dict[Cell, set[str]]:
    sides: dict[Cell, set[str]] = defaultdict(set)
    for route in solution.routes.values():
        for (r1, c1), (r2, c2) in zip(route, route[1:]):
            if r1 == r2:
                left, right = ((r1, c1), (r2, c2)) if c1 < c2 else ((r2, c2), (r1, c1))
                sides[left].add("R")
                sides[right].add("L")
            else:
                up, down = ((r1, c1), (r2, c2)) if r1 < r2 else ((r2, c2), (r1, c1))
                sides[up].add("D")
                sides[down].add("U")
    return sides


@dataclass(frozen=True)
class BoardCell:
    """One cell of the drawn board: its padded text, bare glyph, owning label, endpoint or not."""

    text: str
    glyph: str
    label: str | None
    endpoint: bool


def board_cells(instance: NumberlinkInstance, solution: NumberlinkSolution | None) -> list[list[BoardCell]]:
    """Each cell's fixed-width text (box drawing or label) and the label whose path it belongs to.

    With labels longer than one character every cell gets one more column, so
    that neighbouring labels never run together ("13 12", not "1312").
    """
    longest = max((len(label) for label in instance.labels), default=1)
    width = longest if longest == 1 else longest + 1
    sides = _connections(solution) if solution else {}
    owner = solution.label_grid(instance) if solution else None
    rows = []
    for r in range(instance.grid.rows):
        row = []
        for c in range(instance.grid.cols):
            cell = (r, c)
            joined = sides.get(cell, set())
            given = instance.givens.get(cell)
            glyph = given if given is not None else GLYPHS.get(frozenset(joined), EMPTY)
            label = owner[r][c] if owner else given
            text = glyph.rjust(width, "─" if "L" in joined else " ")
            row.append(BoardCell(text, glyph, label if label != EMPTY else None, given is not None))
        rows.append(row)
    return rows


class Numberlink(Puzzle[NumberlinkInstance, NumberlinkSolution]):
    """The Numberlink (Arukone, Flow Free) puzzle."""

    name = "numberlink"
    generator_width_first = True
    summary = "Join equal labels with paths that fill the board (Numberlink, Arukone, Flow Free)."

    def options(self) -> list[click.Option]:
        """--numbers, --encoding and --to-url."""
        return [
            click.Option(["--to-url"], is_flag=True, help="Print the puzzle as a puzz.link URL instead of solving."),
            click.Option(["--numbers"], is_flag=True, help="Print the numbered board (labels in every cell) too."),
            click.Option(
                ["--encoding"],
                type=click.Choice(["auto", "strengthened", "complete"]),
                default="auto",
                show_default=True,
                help="auto: strengthened first, complete when it finds nothing; "
                "strengthened alone cannot prove unsolvability.",
            ),
        ]

    def check_settings(self, settings: Settings) -> None:
        """--count and --unique count by the full rules, which --encoding strengthened leaves out."""
        if settings.extras.get("encoding") == "strengthened" and settings.wanted > 1:
            raise UsageError("--count and --unique count by the full rules: use --encoding auto or complete")

    def parse(self, text: str) -> list[NumberlinkInstance]:
        """Every puzzle in the text, in any supported format."""
        return parse_numberlink(text)

    def input_formats(self) -> dict[str, Callable[[str], list[NumberlinkInstance]]]:
        """comma, seed001, collection, grid and url."""
        return INPUT_FORMATS

    def instance_json(self, instance: NumberlinkInstance) -> dict[str, object]:
        """Width, height and the grid of labels."""
        return numberlink_to_json(instance)

    def instance_from_json(self, data: Any, line: int, column: int) -> NumberlinkInstance:
        """The puzzle of an ``input`` object."""
        return numberlink_from_json(data, line, column)

    def replacement_output(self, instance: NumberlinkInstance, settings: Settings) -> str | None:
        """The puzz.link URL with --to-url."""
        return to_url(instance) if settings.extras.get("to_url") else None

    def generator_options(self) -> list[click.Option]:
        """--difficulty and --url."""
        return [
            click.Option(["--difficulty"], type=click.Choice(["easy", "hard"]), default="easy", show_default=True,
                         help="hard: then join paths end to end while the solution stays unique (fewer, longer "
                         "paths; about 3x slower)."),
            click.Option(["--url"], is_flag=True, help="Write each puzzle as a puzz.link URL."),
        ]

    def generate(self, rows: int, cols: int, seed: int | None, options: dict[str, Any]) -> str:
        """A puzzle whose only solution by the full rules the solver has proved (see numberlink_generator)."""
        from satpuzzles.puzzles.numberlink_generator import generate_numberlink  # here: that module imports this one

        progress = options.get("progress") or (lambda text: None)
        join = options.get("difficulty") == "hard"
        instance = generate_numberlink(Grid(rows, cols), random.Random(seed), progress, join)
        return to_url(instance) + "\n" if options.get("url") else to_text(instance)

    def stages(self, instance: NumberlinkInstance, settings: Settings) -> Sequence[Stage[NumberlinkSolution]]:
        """Strengthened then complete (or just the one chosen by --encoding)."""
        choice = settings.extras.get("encoding") or "auto"
        strengthened = Stage("strengthened", False, lambda: NumberlinkEncoding(instance, strengthened=True))
        complete = Stage("complete", True, lambda: NumberlinkEncoding(instance, strengthened=False))
        return {"auto": [strengthened, complete], "strengthened": [strengthened], "complete": [complete]}[choice]

    def verify(self, instance: NumberlinkInstance, solution: NumberlinkSolution) -> list[str]:
        """Check the rules: one simple path per label between its endpoints, disjoint, covering every cell."""
        problems = []
        if solution.loops:
            problems.append(f"{len(solution.loops)} cycle(s) not attached to any endpoint")
        owner: dict[Cell, str] = {}
        for label, (a, b) in instance.endpoints.items():
            route = solution.routes.get(label, ())
            if len(route) < 2 or {route[0], route[-1]} != {a, b}:
                problems.append(f"path {label!r} does not run from {a} to {b}")
                continue
            for (r1, c1), (r2, c2) in zip(route, route[1:]):
                if abs(r1 - r2) + abs(c1 - c2) != 1:
                    problems.append(f"path {label!r} jumps from {(r1, c1)} to {(r2, c2)}")
            for cell in route:
                if not instance.grid.contains(cell):
                    problems.append(f"path {label!r} leaves the board at {cell}")
                elif cell in owner:
                    problems.append(f"cell {cell} is used by {owner[cell]!r} and {label!r}")
                else:
                    owner[cell] = label
        if set(solution.routes) - set(instance.labels):
            problems.append("paths for labels that are not on the board")
        empty = [cell for cell in instance.grid.cells() if cell not in owner]
        if empty:
            problems.append(f"{len(empty)} cell(s) not covered, first {empty[0]}")
        return problems

    def facts(self, instance: NumberlinkInstance) -> dict[str, object]:
        """Width, height and number of paths."""
        return {"width": instance.grid.cols, "height": instance.grid.rows, "number of paths": len(instance.labels)}

    def solution_json(self, instance: NumberlinkInstance, solution: NumberlinkSolution, settings: Settings) -> dict[str, object]:
        """``paths`` (label per cell), ``board`` (box drawing) and ``routes`` (cells in order)."""
        return {
            "paths": solution.label_grid(instance),
            "board": self._board_lines(instance, solution),
            "routes": {label: [list(cell) for cell in route] for label, route in solution.routes.items()},
        }

    def _board_lines(self, instance: NumberlinkInstance, solution: NumberlinkSolution | None) -> list[str]:
        return ["".join(cell.text for cell in row) for row in board_cells(instance, solution)]

    def _numbers_lines(self, instance: NumberlinkInstance, solution: NumberlinkSolution) -> list[str]:
        width = max((len(label) for label in instance.labels), default=1)
        return [" ".join(label.rjust(width) for label in row) for row in solution.label_grid(instance)]

    def board_text(
        self, instance: NumberlinkInstance, solution: NumberlinkSolution | None, settings: Settings, marked: Collection[Cell] = ()
    ) -> str:
        """Box-drawing board, and the numbered board with --numbers."""
        lines = self._board_lines(instance, solution)
        if solution is not None and settings.extras.get("numbers"):
            lines += ["", *self._numbers_lines(instance, solution)]
        return "\n".join(lines)

    def board_rich(
        self, instance: NumberlinkInstance, solution: NumberlinkSolution | None, settings: Settings, marked: Collection[Cell] = ()
    ) -> RenderableType:
        """Box-drawing board with one colour per path."""
        order = {label: index for index, label in enumerate(instance.labels)}
        text = Text()
        for r, row in enumerate(board_cells(instance, solution)):
            if r:
                text.append("\n")
            for cell in row:
                style = palette_style(order[cell.label]) if cell.label is not None else "dim"
                if cell.endpoint:
                    style += " bold reverse"
                text.append(cell.text, style=style)
        if solution is not None and settings.extras.get("numbers"):
            text.append("\n\n" + "\n".join(self._numbers_lines(instance, solution)))
        return text

    def svg(self, instance: NumberlinkInstance, outcome: Outcome[NumberlinkSolution], settings: Settings) -> str:
        """The routes of the (first) solution over the grid, or the bare puzzle."""
        return numberlink_svg(instance, outcome.solution.routes if outcome.solution is not None else None)

    def result_file(self, instance: NumberlinkInstance, solution: NumberlinkSolution) -> str:
        """Seed 001's result file: the numbers matrix, a blank line, the path matrix."""
        numbers = [" ".join(row) for row in solution.label_grid(instance)]
        glyphs = [" ".join(cell.glyph.replace("│", "|") for cell in row) for row in board_cells(instance, solution)]
        return "\n".join(numbers) + "\n\n" + "\n".join(glyphs) + "\n"
