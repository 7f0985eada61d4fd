"""Slitherlink: draw one closed loop along the dot lattice; each clue counts its cell's loop sides.

Encoding: a variable per lattice edge; every dot has degree 0 or 2; each clue
is an exact count of its cell's four edges; at least one edge is used. That the
edges form a single loop is enforced lazily. A model's loop that keeps every
clue on its own is the answer, even when other, clue-free loops come with it
(banning those would be unsound). Otherwise every loop of the model breaks
some clue on its own, so each is banned exactly.

For --explain every clue gets a selector literal, and a loop ban carries the
selector of a clue that the banned loop breaks on its own, so it stays sound
under any set of assumed clues.
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

from satpuzzles.cnf import Clause, Formula, exactly_rows, none_or_exactly_rows
from satpuzzles.geometry import Cell, Edge, Grid, Vertex
from satpuzzles.puzzle import Outcome, Puzzle, Settings
from satpuzzles.puzzles.slitherlink_formats import (
    INPUT_FORMATS,
    SlitherlinkInstance,
    parse_slitherlink,
    slitherlink_from_json,
    slitherlink_to_json,
    to_text,
    to_url,
)
from satpuzzles.puzzles.slitherlink_svg import slitherlink_svg
from satpuzzles.solvers.loop import Stage
from satpuzzles.solvers.model import Model

Loop = frozenset[Edge]


@dataclass(frozen=True)
class SlitherlinkSolution:
    """The loop's edges; empty while the model's loops still need cuts.

    ``loops`` are the model's loops as edge indices; ``violated`` names, for each,
    a clue it breaks on its own (None only in the visit-every-dot variant, where a
    loop alone is ruled out by the dots it leaves unvisited).
    """

    edges: Loop
    loops: tuple[tuple[int, ...], ...] = ()
    violated: tuple[Cell | None, ...] = ()


def inside_cells(grid: Grid, edges: Collection[Edge]) -> list[list[bool]]:
    """Cells enclosed by the loop: crossing parity of the vertical edges to their left."""
    inside = []
    for r in range(grid.rows):
        row, parity = [], False
        for c in range(grid.cols):
            parity ^= ("v", r, c) in edges
            row.append(parity)
        inside.append(row)
    return inside


class SlitherlinkEncoding:
    """CNF for one instance: edge variables, dot degrees, clue counts (optionally selected)."""

    name = "loop"
    complete = True

    def __init__(self, instance: SlitherlinkInstance, with_selectors: bool) -> None:
        self.instance = instance
        self.formula = Formula()
        grid = instance.grid
        self.h_block = self.formula.pool.block("h", (grid.rows + 1, grid.cols))
        self.v_block = self.formula.pool.block("v", (grid.rows, grid.cols + 1))
        self.edges = grid.edges()
        self.edge_vars = np.array([self._var(edge) for edge in self.edges], dtype=np.int64)
        self.edge_vars_list = self.edge_vars.tolist()
        self.edge_var = dict(zip(self.edges, self.edge_vars_list))
        self.formula.add(self.edge_vars_list)
        self._dots()
        self.clue_cells = sorted(instance.clues)
        self.clue_values = np.array([instance.clues[cell] for cell in self.clue_cells], dtype=np.int64)
        self.selectors: dict[Hashable, int] = {}
        if with_selectors:
            self.selectors = {cell: self.formula.pool.var(("clue", *cell)) for cell in self.clue_cells}
        self.selector_array = np.array(list(self.selectors.values()), dtype=np.int64)
        self._clues()
        self._decoding_tables()

    def _var(self, edge: Edge) -> int:
        kind, r, c = edge
        return int((self.h_block if kind == "h" else self.v_block)[r, c])

    def _dots(self) -> None:
        """Every dot has degree 0 or 2 (exactly 2 in the visit-every-dot variant); dots grouped by degree."""
        grid = self.instance.grid
        by_degree: dict[int, list[list[int]]] = defaultdict(list)
        for vertex in grid.vertices():
            around = [self._var(edge) for edge in grid.vertex_edges(vertex)]
            by_degree[len(around)].append(around)
        for rows in by_degree.values():
            lits = np.array(rows, dtype=np.int64)
            if self.instance.visit_all:
                exactly_rows(self.formula, lits, 2)
            else:
                none_or_exactly_rows(self.formula, lits, 2)

    def _clues(self) -> None:
        """Each clue counts its cell's four sides; with selectors, each clue's clauses are guarded by its own."""
        clues = self.instance.clues
        for value in sorted(set(clues.values())):
            cells = [cell for cell in self.clue_cells if clues[cell] == value]
            r, c = np.array(cells, dtype=np.int64).T
            h, v = self.h_block, self.v_block
            sides = np.stack([h[r, c], v[r, c + 1], h[r + 1, c], v[r, c]], axis=-1)
            guards = np.array([self.selectors[cell] for cell in cells], dtype=np.int64) if self.selectors else None
            exactly_rows(self.formula, sides, value, guards)

    def _decoding_tables(self) -> None:
        """Per used-edge look-ups for decoding: its two dots and the clues beside it."""
        grid = self.instance.grid
        dot = {vertex: index for index, vertex in enumerate(grid.vertices())}
        self.edge_dots_array = np.array([[dot[v] for v in grid.edge_vertices(e)] for e in self.edges], dtype=np.int64)
        clue_number = {cell: k for k, cell in enumerate(self.clue_cells)}
        beside = [[clue_number[c] for c in grid.edge_cells(e) if c in clue_number] for e in self.edges]
        none = len(self.clue_cells)
        self.edge_clue_index = np.array([b + [none] * (2 - len(b)) for b in beside], dtype=np.int64).reshape(-1, 2)

    def _loop_labels(self, on: np.ndarray) -> np.ndarray:
        """For each used edge, the number (0, 1, ...) of the loop it lies on.

        Every dot of a model has degree 0 or 2. Each used edge has two ends, and at a
        dot the two ends there are partners: going from an end to the other end of its
        edge, then to that end's partner, walks a loop. So loops are the cycles of a
        permutation of ends, and pointer jumping labels each cycle by its smallest end
        in log2(length) numpy steps.
        """
        ends = self.edge_dots_array[on].ravel()
        order = np.argsort(ends, kind="stable").reshape(-1, 2)
        partner = np.empty_like(ends)
        partner[order[:, 0]] = order[:, 1]
        partner[order[:, 1]] = order[:, 0]
        step = partner ^ 1
        label = np.arange(ends.size)
        for _ in range(int(ends.size).bit_length()):
            label = np.minimum(label, label[step])
            step = step[step]
        return np.unique(np.minimum(label[0::2], label[1::2]), return_inverse=True)[1]

    def decode(self, model: Model) -> SlitherlinkSolution:
        """The model's loops; the solution is a loop that alone keeps every clue the model enforces."""
        on = np.flatnonzero(model[self.edge_vars])
        loop_of = self._loop_labels(on)
        count = int(loop_of.max()) + 1
        sides = np.zeros((count, len(self.clue_cells) + 1), dtype=np.int64)
        np.add.at(sides, (loop_of[:, None], self.edge_clue_index[on]), 1)
        enforced = self.clue_values > 0
        if self.selectors:
            enforced &= model[self.selector_array]
        wrong = sides[:, :-1][:, enforced] != self.clue_values[enforced]
        keeps_all = ~wrong.any(axis=1)
        alone = [] if self.instance.visit_all and count > 1 else np.flatnonzero(keeps_all).tolist()
        if alone:
            return SlitherlinkSolution(frozenset(self.edges[i] for i in on[loop_of == alone[0]].tolist()))
        cells = np.flatnonzero(enforced)
        violated = [self.clue_cells[cells[row.argmax()]] if row.any() else None for row in wrong]
        loops = tuple(tuple(on[loop_of == k].tolist()) for k in range(count))
        return SlitherlinkSolution(frozenset(), loops, tuple(violated))

    def cuts(self, solution: SlitherlinkSolution) -> list[Clause]:
        """Ban each loop of the model, guarded by the selector of a clue it breaks on its own."""
        var = self.edge_vars_list
        cuts = []
        for loop, broken in zip(solution.loops, solution.violated):
            ban = [-var[i] for i in loop]
            if self.selectors and broken is not None:
                ban.append(-self.selectors[broken])
            cuts.append(ban)
        return cuts

    def block(self, solution: SlitherlinkSolution) -> Clause:
        """Another single loop cannot contain every edge of this one."""
        return [-self.edge_var[e] for e in solution.edges]


def _on_board(grid: Grid, edge: Edge) -> bool:
    kind, r, c = edge
    if kind == "h":
        return 0 <= r <= grid.rows and 0 <= c < grid.cols
    return kind == "v" and 0 <= r < grid.rows and 0 <= c <= grid.cols


def _check_loop(grid: Grid, edges: frozenset[Edge], visit_all: bool) -> list[str]:
    """Rule check: edges on the board, every dot of degree 0 or 2, one closed loop."""
    if not edges:
        return ["no loop drawn"]
    off = [edge for edge in edges if not _on_board(grid, edge)]
    if off:
        return [f"edge {off[0]} is off the board"]
    at: dict[Vertex, list[Edge]] = defaultdict(list)
    for edge in edges:
        for vertex in grid.edge_vertices(edge):
            at[vertex].append(edge)
    odd = next((vertex for vertex, there in at.items() if len(there) != 2), None)
    if odd is not None:
        return [f"dot {odd} has {len(at[odd])} loop edges"]
    problems = []
    if visit_all and len(at) != (grid.rows + 1) * (grid.cols + 1):
        problems.append("some dots are not on the loop")
    start = next(iter(edges))
    edge, vertex, walked = start, grid.edge_vertices(start)[1], 0
    while True:
        walked += 1
        first, second = at[vertex]
        edge = second if first == edge else first
        if edge == start:
            break
        a, b = grid.edge_vertices(edge)
        vertex = b if a == vertex else a
    if walked != len(edges):
        problems.append("the edges form more than one loop")
    return problems


class Slitherlink(Puzzle[SlitherlinkInstance, SlitherlinkSolution]):
    """The Slitherlink (Loopy, Fences) puzzle."""

    name = "slitherlink"
    generator_width_first = True
    summary = "Draw one loop along the dots; each number counts its cell's sides on the loop."
    explainable = True

    def options(self) -> list[click.Option]:
        """--to-url."""
        return [click.Option(["--to-url"], is_flag=True, help="Print the puzzle as a puzz.link URL instead of solving.")]

    def parse(self, text: str) -> list[SlitherlinkInstance]:
        """The puzzle: a grid, a puzz.link URL or a Loopy game id."""
        return parse_slitherlink(text)

    def input_formats(self) -> dict[str, Callable[[str], list[SlitherlinkInstance]]]:
        """grid, url and loopy."""
        return INPUT_FORMATS

    def instance_json(self, instance: SlitherlinkInstance) -> dict[str, object]:
        """Width, height, the rows of clues and the visit-every-dot flag."""
        return slitherlink_to_json(instance)

    def instance_from_json(self, data: Any, line: int, column: int) -> SlitherlinkInstance:
        """The puzzle of an ``input`` object."""
        return slitherlink_from_json(data, line, column)

    def replacement_output(self, instance: SlitherlinkInstance, settings: Settings) -> str | None:
        """The puzz.link URL with --to-url."""
        return to_url(instance) if settings.extras.get("to_url") else None

    def generator_options(self) -> list[click.Option]:
        """--clues-ratio and --url."""
        return [
            click.Option(["--clues-ratio"], type=click.FloatRange(0, 1), default=0.0, show_default=True,
                         metavar="R", help="Stop removing clues at R of the cells clued (0: as few as stay unique; "
                         "more clues make easier puzzles)."),
            click.Option(["--url"], is_flag=True, help="Write each puzzle as a puzz.link URL."),
        ]

    def generate(self, rows: int, cols: int, seed: int | None, options: dict[str, Any]) -> str:
        """A puzzle whose only solution the solver has proved (see slitherlink_generator)."""
        from satpuzzles.puzzles.slitherlink_generator import generate_slitherlink  # here: that module imports this one

        progress = options.get("progress") or (lambda text: None)
        instance = generate_slitherlink(Grid(rows, cols), random.Random(seed), options["clues_ratio"], progress)
        return to_url(instance) + "\n" if options.get("url") else to_text(instance)

    def stages(self, instance: SlitherlinkInstance, settings: Settings) -> Sequence[Stage[SlitherlinkSolution]]:
        """One complete encoding, with clue selectors when --explain is asked for."""
        return [Stage("loop", True, lambda: SlitherlinkEncoding(instance, with_selectors=settings.explain))]

    def verify(self, instance: SlitherlinkInstance, solution: SlitherlinkSolution) -> list[str]:
        """One closed loop, every dot of degree 0 or 2, every clue's count right."""
        grid = instance.grid
        problems = _check_loop(grid, solution.edges, instance.visit_all)
        for cell, clue in sorted(instance.clues.items()):
            count = sum(edge in solution.edges for edge in grid.cell_edges(cell))
            if count != clue:
                problems.append(f"clue {clue} at {cell} has {count} loop sides")
        return problems

    def facts(self, instance: SlitherlinkInstance) -> dict[str, object]:
        """Width, height and number of clues."""
        return {"width": instance.grid.cols, "height": instance.grid.rows, "number of clues": len(instance.clues)}

    def solution_json(
        self, instance: SlitherlinkInstance, solution: SlitherlinkSolution, settings: Settings
    ) -> dict[str, object]:
        """``edges`` (horizontal, vertical 0/1 grids) and ``inside`` (0/1 per cell)."""
        grid, edges = instance.grid, solution.edges
        return {
            "edges": {
                "horizontal": [[int(("h", r, c) in edges) for c in range(grid.cols)] for r in range(grid.rows + 1)],
                "vertical": [[int(("v", r, c) in edges) for c in range(grid.cols + 1)] for r in range(grid.rows)],
            },
            "inside": [[int(x) for x in row] for row in inside_cells(grid, edges)],
        }

    def explanation_json(self, instance: SlitherlinkInstance, keys: list[Cell]) -> dict[str, object]:
        """The conflicting clues as [row, col, clue]."""
        return {"clues": [[r, c, instance.clues[(r, c)]] for r, c in sorted(keys)]}

    def _pieces(
        self, instance: SlitherlinkInstance, solution: SlitherlinkSolution | None, marked: Collection[Cell]
    ) -> list[list[tuple[str, str]]]:
        """Rows of (text, role) pieces; roles: dot, loop, gap, clue, marked, inside, outside ("... inside" shaded)."""
        grid = instance.grid
        edges = solution.edges if solution else frozenset()
        inside = inside_cells(grid, edges) if solution else None
        rows: list[list[tuple[str, str]]] = []
        def gap(cell: Cell) -> str:
            within = inside is not None and grid.contains(cell) and inside[cell[0]][cell[1]]
            return "gap inside" if within else "gap"

        for r in range(grid.rows + 1):
            line: list[tuple[str, str]] = [("·", "dot")]
            for c in range(grid.cols):
                line += [("───", "loop") if ("h", r, c) in edges else ("   ", gap((r, c))), ("·", "dot")]
            rows.append(line)
            if r == grid.rows:
                break
            line = []
            for c in range(grid.cols + 1):
                line.append(("│", "loop") if ("v", r, c) in edges else (" ", gap((r, c))))
                if c == grid.cols:
                    break
                cell = (r, c)
                area = "inside" if inside and inside[r][c] else "outside"
                if cell in marked:
                    line.append((f"({instance.clues[cell]})", "marked"))
                elif cell in instance.clues:
                    line.append((f" {instance.clues[cell]} ", f"clue {area}"))
                elif cell in instance.unknown:
                    line.append((" ? ", f"clue {area}"))
                else:
                    line.append(("   ", area))
            rows.append(line)
        return rows

    def board_text(
        self,
        instance: SlitherlinkInstance,
        solution: SlitherlinkSolution | None,
        settings: Settings,
        marked: Collection[Cell] = (),
    ) -> str:
        """Dots, loop segments and clues; conflicting clues in parentheses."""
        return "\n".join("".join(text for text, _ in row).rstrip() for row in self._pieces(instance, solution, marked))

    def board_rich(
        self,
        instance: SlitherlinkInstance,
        solution: SlitherlinkSolution | None,
        settings: Settings,
        marked: Collection[Cell] = (),
    ) -> RenderableType:
        """The loop in colour over dim dots, the inside shaded, conflicting clues highlighted."""
        styles = {"dot": "dim", "loop": "bold bright_yellow", "marked": "bold white on red"}
        text = Text()
        for index, row in enumerate(self._pieces(instance, solution, marked)):
            if index:
                text.append("\n")
            for piece, role in row:
                shade = "on grey23" if role.endswith("inside") else ""
                style = styles.get(role) or (f"bold {shade}" if role.startswith("clue") else shade)
                text.append(piece, style=style.strip())
        return text

    def svg(self, instance: SlitherlinkInstance, outcome: Outcome[SlitherlinkSolution], settings: Settings) -> str:
        """The (first) solution's loop with its inside shaded, or the bare puzzle with conflicting clues ringed."""
        edges = outcome.solution.edges if outcome.solution is not None else None
        inside = inside_cells(instance.grid, edges) if edges is not None else None
        return slitherlink_svg(instance, edges, inside, outcome.explanation or ())

    def result_file(self, instance: SlitherlinkInstance, solution: SlitherlinkSolution) -> str:
        """The puzzlekit .sol format: ``rows cols`` then ``x`` (inside) / ``-`` (outside) per cell."""
        grid = instance.grid
        rows = [" ".join("x" if x else "-" for x in row) for row in inside_cells(grid, solution.edges)]
        return f"{grid.rows} {grid.cols}\n" + "\n".join(rows) + "\n"
