"""Slitherlink as CNF: a variable per lattice edge, a single loop, an exact count per clue.

The loop comes from the shared single-cycle block (every dot of degree 0 or 2, some
edge used, sub-loops cut lazily). A model's loop that keeps every clue on its own is
the answer, even when other, clue-free loops come with it (banning those would be
unsound). Otherwise every loop of the model breaks some clue on its own, so each is
banned exactly.

For --explain every clue gets a selector literal, and a loop ban carries the selector
of a clue that the banned loop breaks on its own, so it stays sound under any set of
assumed clues.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from itertools import compress
from operator import itemgetter, neg

from satpuzzles.cnf import Clause, Formula
from satpuzzles.cnf.cardinality import exactly_patterns
from satpuzzles.cnf.formula import collector_paused
from satpuzzles.cnf.model import Model
from satpuzzles.constraints.loops import SingleCycle
from satpuzzles.constraints.patterns import add_pattern_rows
from satpuzzles.core.outcome import Settings
from satpuzzles.core.records import deferred
from satpuzzles.core.spec import Rules, SolverBySize, Stage
from satpuzzles.geometry import Edge
from satpuzzles.puzzles.slitherlink.corners import absorbing_corners, corner_clauses
from satpuzzles.puzzles.slitherlink.model import SlitherlinkInstance, SlitherlinkSolution, verify
from satpuzzles.puzzles.slitherlink.small_loops import small_loop_bans

TYPE_CHECKING = False
if TYPE_CHECKING:
    from satpuzzles.constraints.near_loop import NearLoop


CORNER_MIN_CELLS = 2000
"""Boards with fewer cells get no corner clauses. The corner clauses make a formula a quarter larger; below
about 2,000 cells the search they shorten is too small a part of the time for that to pay (instructions, no
corners against corners: 10x10 and 20x20 boards from Loopy -10 %, its 30x30 Hard -3 %, the public puzzles
-10 %; its 60x60 Hard +3 %), while over Tatham's large Hard boards they halved the SAT time
(docs/performance.md)."""


class SlitherlinkEncoding:
    """CNF for one instance: edge variables, the single loop, clue counts (optionally selected).

    Built with plain lists, never numpy: importing numpy cost every process 130-250 ms, more than building
    all but the largest boards.
    """

    name = "loop"
    complete = True
    lazy_rules = "second loops (a solution is one loop)"

    def __init__(self, instance: SlitherlinkInstance, with_selectors: bool, corners: bool | None = None) -> None:
        """``corners``: add the corner clauses (None: on boards of CORNER_MIN_CELLS cells or more)."""
        with collector_paused():
            self._build(instance, with_selectors, corners)

    def _build(self, instance: SlitherlinkInstance, with_selectors: bool, corners: bool | None) -> None:
        """Every clause: the loop's degrees, the clue counts, the corner clauses, the small-loop bans."""
        self.instance = instance
        self.formula = Formula()
        grid = instance.grid
        rows, cols = grid.rows, grid.cols
        self.h_vars: list[list[int]] = self.formula.pool.block_lists("h", (rows + 1, cols))
        self.v_vars: list[list[int]] = self.formula.pool.block_lists("v", (rows, cols + 1))
        self._edges: list[Edge] | None = None
        self._edge_vars: dict[Edge, int] | None = None  # each edge's variable, made on first use (block)
        self.near: NearLoop | None = None
        """Set by a caller whose models lie near a known loop (the generator's checks): their loops are read from where
        they differ from it rather than walked edge by edge, the same loops in the same order."""
        self._single: tuple[SlitherlinkSolution, list[int]] | None = None  # the last one-loop solution, its indices
        edge_vars = [var for row in self.h_vars for var in row] + [var for row in self.v_vars for var in row]
        dots = (rows + 1) * (cols + 1)
        self.clue_cells = sorted(instance.clues)
        self.clue_values = [instance.clues[cell] for cell in self.clue_cells]
        self.corners = bool(self.clue_cells) and (corners if corners is not None else rows * cols >= CORNER_MIN_CELLS)
        # where the clues' clauses always hold, a 1 or 3 at a dot stands in for some of its degree clauses
        absorbing = absorbing_corners(cols, self.clue_cells, self.clue_values) \
            if self.corners and not with_selectors and not instance.visit_all else {}
        if instance.visit_all or absorbing:
            self.cycle = SingleCycle(self.formula, edge_vars, _dot_pairs(rows, cols), dots, [instance.visit_all] * dots,
                                     absorbing)
        else:
            self.cycle = _lattice_loop(rows, cols, edge_vars).clone(self.formula)
        self.selectors: dict[Hashable, int] = {}
        if with_selectors:
            self.selectors = {cell: self.formula.pool.var(("clue", *cell)) for cell in self.clue_cells}
        self.guards: list[int] | None = list(self.selectors.values()) if self.selectors else None
        # the selectors are made one after another: a model's values of them are one run of its literals
        self._guard_run = self.guards is not None and self.guards == list(range(self.guards[0],
                                                                                  self.guards[0] + len(self.guards)))
        self._clues()
        self._clue_sides: list[tuple[int, int, int, int]] | None = None  # made on first use (_sides_of_clues)
        self.positive = [clue for clue, value in enumerate(self.clue_values) if value > 0]
        if self.corners:
            corner_clauses(self.formula, self.h_vars, self.v_vars, self.clue_cells, self.clue_values, self.guards,
                           absorbing)
        small_loop_bans(self.formula, self.h_vars, self.v_vars, self.clue_cells, self.clue_values, self.guards,
                        instance.visit_all)

    @property
    def edges(self) -> list[Edge]:
        """Every lattice edge, in variable order (made on first use: only a final loop needs the tuples)."""
        if self._edges is None:
            self._edges = self.instance.grid.edges()
        return self._edges

    def _clues(self) -> None:
        """Each clue counts its cell's four sides (top, right, bottom, left); with selectors, each clue's clauses
        are guarded by its own. Clauses go value by value, pattern by pattern, as numpy's row-wise encoder did."""
        h, v, guards = self.h_vars, self.v_vars, self.guards
        table = _clue_table(h, v) if guards is None and len(v) * len(h[0]) <= _CLUE_TABLE_CELLS else None
        if table is not None:
            self._clues_from_table(table)
            return
        by_value: dict[int, list[list[int]]] = {}
        for index, ((r, c), value) in enumerate(zip(self.clue_cells, self.clue_values)):
            sides = [h[r][c], v[r][c + 1], h[r + 1][c], v[r][c]]
            by_value.setdefault(value, []).append(sides if guards is None else [*sides, -guards[index]])
        tail = [] if guards is None else [(4, 1)]
        for value in sorted(by_value):
            rows = by_value[value]
            if not 0 <= value <= 4:  # a count no cell can have
                self.formula.extend([[row[4]] for row in rows] if guards is not None else [[]])
                continue
            patterns = exactly_patterns(4, value)
            if value == 3 and self.corners and guards is None:  # "at least three": absorbed by its corner clauses
                patterns = tuple(pattern for pattern in patterns if pattern[0][1] < 0)
            add_pattern_rows(self.formula, [[*pattern, *tail] for pattern in patterns], rows)

    def _clue_patterns(self, value: int) -> tuple[tuple[tuple[int, int], ...], ...]:
        """The patterns of a clue ``value`` (0-4) over its sides (top, right, bottom, left), unguarded."""
        patterns = exactly_patterns(4, value)
        if value == 3 and self.corners:  # "at least three": absorbed by its corner clauses
            patterns = tuple(pattern for pattern in patterns if pattern[0][1] < 0)
        return patterns

    def _clues_from_table(self, table: _ClueTable) -> None:
        """_clues without selectors from the shape's clauses of each cell (the same clauses in the same order)."""
        cols = len(self.h_vars[0])
        by_value: dict[int, list[int]] = {}  # each value's clue cells, by their row-major number
        for (r, c), value in zip(self.clue_cells, self.clue_values):
            by_value.setdefault(value, []).append(r * cols + c)
        clauses = self.formula.clauses
        for value in sorted(by_value):
            if not 0 <= value <= 4:  # a count no cell can have
                clauses.append([])
                continue
            for of_cell in table.clauses(self._clue_patterns(value)):
                clauses.extend(map(of_cell.__getitem__, by_value[value]))

    def _sides_of_clues(self) -> list[tuple[int, int, int, int]]:
        """Each clue's four sides (top, right, bottom, left) as edge indices, in clue order (made on first use: only a
        model of several loops needs them)."""
        if self._clue_sides is None:
            rows, cols = self.instance.grid.rows, self.instance.grid.cols
            across, width = (rows + 1) * cols, cols + 1
            self._clue_sides = [(r * cols + c, across + r * width + c + 1, (r + 1) * cols + c, across + r * width + c)
                                for r, c in self.clue_cells]
        return self._clue_sides

    def decode(self, model: Model) -> SlitherlinkSolution:
        """The model's loops; the solution is a loop that alone keeps every clue the model enforces."""
        loops = self.cycle.walk(self.cycle.used(model)) if self.near is None else self.near.loops(model)
        count = len(loops)
        if count == 1:  # the model's one loop keeps every clue the model enforces: no need to count them
            solution = SlitherlinkSolution(self._edge_keys(loops[0]))
            self._single = (solution, loops[0])
            return solution
        sides, values = self._sides_of_clues(), self.clue_values
        if self.guards is None:
            enforced = self.positive
        else:
            chosen = model.run_values(self.guards[0], len(self.guards)) if self._guard_run \
                else model.values(self.guards)
            enforced = list(compress(self.positive, map(chosen.__getitem__, self.positive)))
        # A loop with no side at the first enforced clue breaks it (a positive count): most loops of a model with
        # many are far from it, and need no count of their sides.
        away = frozenset(sides[enforced[0]]).isdisjoint if enforced else None
        violated: list[int | None] = []  # the first enforced clue each loop breaks on its own
        for loop in loops:
            if away is not None and away(loop):
                violated.append(enforced[0])
                continue
            # the clues in order, each's sides on this loop counted, up to the first it breaks: a clue the loop does
            # not reach soon comes (a set of the loop's edges costs a fraction of counting the clues beside each edge)
            on_loop = set(loop).__contains__
            violated.append(next((clue for clue in enforced if sum(map(on_loop, sides[clue])) != values[clue]), None))
        keeps_all = [broken is None for broken in violated]
        if not (self.instance.visit_all and count > 1) and True in keeps_all:
            return SlitherlinkSolution(self._edge_keys(loops[keeps_all.index(True)]))
        cells = tuple(None if broken is None else self.clue_cells[broken] for broken in violated)
        return SlitherlinkSolution(frozenset(), tuple(tuple(loop) for loop in loops), cells)

    def _edge_keys(self, indices: Sequence[int]) -> frozenset[Edge]:
        """The edges of the given indices, as :attr:`edges` has them (worked out from the index: a loop has far fewer
        edges than the board, whose list of every edge took a tenth of a large board's decoding)."""
        if self._edges is not None:
            return frozenset(map(self._edges.__getitem__, indices))
        cols = self.instance.grid.cols
        across, width = (self.instance.grid.rows + 1) * cols, cols + 1
        return frozenset(("h", *divmod(index, cols)) if index < across else ("v", *divmod(index - across, width))
                         for index in indices)

    def cuts(self, solution: SlitherlinkSolution) -> list[Clause]:
        """Ban each loop of the model, guarded by the selector of a clue it breaks on its own."""
        return [
            self.cycle.ban(loop, self.selectors[broken] if self.selectors and broken is not None else None)
            for loop, broken in zip(solution.loops, solution.violated)
        ]

    def block(self, solution: SlitherlinkSolution) -> Clause:
        """Another single loop cannot contain every edge of this one."""
        if self._single is not None and self._single[0] is solution:  # just decoded: its edge indices are at hand
            return sorted(map(neg, map(self.cycle.edge_vars_list.__getitem__, self._single[1])))
        if self._edge_vars is None:
            self._edge_vars = dict(zip(self.edges, self.cycle.edge_vars_list))
        # sorted: a frozenset of ("h"/"v", r, c) keys iterates in an order Python's string hashing varies by process
        return sorted(map(neg, map(self._edge_vars.__getitem__, solution.edges)))

    def decisions(self) -> dict[Hashable, int]:
        """For --analyze: every edge, by its key ("h" or "v", row, col)."""
        return dict(zip(self.edges, self.cycle.edge_vars_list))

    def decided(self, solution: SlitherlinkSolution) -> frozenset[Edge]:
        """For --analyze: the edges of the solution's loop."""
        return solution.edges

    def ends(self) -> dict[Hashable, tuple[Hashable, Hashable]]:
        """For the grade: the two dots of every edge."""
        return {edge: self.instance.grid.edge_vertices(edge) for edge in self.edges}


_CLUE_TABLE_CELLS = 1024
"""Boards of up to this many cells take their clue clauses from a table of their shape (_ClueTable); a larger
board is rarely met twice in a row, and its table would be larger than its formula."""


class _ClueTable:
    """The clauses a clue pattern gives each cell of one board shape, made once per pattern and shared by every
    formula of that shape (the lists are never changed: a Formula only ever appends clauses)."""

    def __init__(self, firsts: list[list[int]], signed: list[list[int]]) -> None:
        self.firsts = firsts  # the first row of h and v variables the table was made from
        self.signed = signed  # each cell's sides (top, right, bottom, left), then their negations
        self.made: dict[tuple[tuple[int, int], ...], list[Clause]] = {}

    def clauses(self, patterns: Sequence[Sequence[tuple[int, int]]]) -> list[list[Clause]]:
        """For each pattern, its clause at every cell (row-major), as add_pattern_rows makes it for a row."""
        out = []
        for pattern in patterns:
            key = tuple(pattern)
            made = self.made.get(key)
            if made is None:
                picks = [position if sign > 0 else position + 4 for position, sign in pattern]
                if len(picks) == 1:
                    made = [[row[picks[0]]] for row in self.signed]
                else:
                    made = list(map(list, map(itemgetter(*picks), self.signed)))
                self.made[key] = made
            out.append(made)
        return out


_CLUE_TABLES: dict[tuple[int, int], _ClueTable | None] = {}
_CLUE_TABLES_KEEP = 4


def _clue_table(h: list[list[int]], v: list[list[int]]) -> _ClueTable | None:
    """The clue table of the shape of ``h`` and ``v`` (the edge variables, by row), made for the second board of
    that shape in a row; None for the first (a board met once builds its clues directly: a table covers every cell,
    a board's clauses only its clues, so a shape met once in the public puzzles cost 8 % more to build)."""
    rows, cols = len(v), len(h[0])
    firsts = [h[0], v[0]]
    if (rows, cols) not in _CLUE_TABLES:
        if len(_CLUE_TABLES) >= _CLUE_TABLES_KEEP:
            _CLUE_TABLES.clear()  # one call, safe beside another thread
        _CLUE_TABLES[rows, cols] = None
        return None
    table = _CLUE_TABLES.get((rows, cols))
    if table is None or table.firsts != firsts:
        sides = [[h[r][c], v[r][c + 1], h[r + 1][c], v[r][c]] for r in range(rows) for c in range(cols)]
        table = _ClueTable([list(h[0]), list(v[0])], [[*row, *map(neg, row)] for row in sides])
        if len(_CLUE_TABLES) >= _CLUE_TABLES_KEEP:
            _CLUE_TABLES.clear()  # one call, safe beside another thread (Dask workers run tasks in threads)
        _CLUE_TABLES[rows, cols] = table
    return table


_LATTICE_LOOPS: dict[tuple[int, int], SingleCycle] = {}
"""The single-loop block of the last board shapes encoded (a batch solves hundreds of one size in a row)."""
_LATTICE_KEEP = 4


def _dot_pairs(rows: int, cols: int) -> list[tuple[int, int]]:
    """The two dots of every edge in variable order; dot (r, c) is number ``r * (cols + 1) + c``."""
    width = cols + 1
    ends = [(r * width + c, r * width + c + 1) for r in range(rows + 1) for c in range(cols)]
    return ends + [(r * width + c, (r + 1) * width + c) for r in range(rows) for c in range(cols + 1)]


def _lattice_loop(rows: int, cols: int, edge_vars: list[int]) -> SingleCycle:
    """The single-loop block of a rows x cols board whose edge variables are ``edge_vars`` (always 1, 2, ...:
    the first variables of every Slitherlink formula), built once per shape, in a formula of its own."""
    loop = _LATTICE_LOOPS.get((rows, cols))
    if loop is None or loop.edge_vars_list != edge_vars:
        loop = SingleCycle(Formula(), edge_vars, _dot_pairs(rows, cols), (rows + 1) * (cols + 1))
        if len(_LATTICE_LOOPS) >= _LATTICE_KEEP:
            _LATTICE_LOOPS.clear()  # one call, safe beside another thread (Dask workers run tasks in threads)
        _LATTICE_LOOPS[rows, cols] = loop
    return loop


def stages(instance: SlitherlinkInstance, settings: Settings) -> Sequence[Stage[SlitherlinkSolution]]:
    """One complete encoding, with clue selectors when --explain is asked for; --analyze's grade counts what
    propagation decides, so it always gets the corner clauses (on any board, as before the size rule)."""
    corners = True if settings.analyze else None
    return [Stage("loop", True,
                  lambda: SlitherlinkEncoding(instance, with_selectors=settings.explain, corners=corners))]


LARGE_BOARD_SOLVER = "cadical195 --inprocessing=0"
"""CaDiCaL 1.9.5 without inprocessing (elimination, subsumption, probing, vivification between searches). Its first
search then takes more conflicts, each cheaper, and ends sooner on the largest boards. CPU seconds of whole solves
(encoding, search, loop cuts), Tatham's Hard boards and their 8 rotations and reflections each, the same in two runs:
80x80 to 100x100 (24 boards) 23.2 -> 20.2 s, 55x55 to 70x70 (32) 9.7 -> 9.1 s, 45x45 and 50x50 (16) 1.8 -> 1.8 s
(their searches end before inprocessing starts); the 100x100 as bundled 1.38 -> 1.15 s."""

DEFAULT_SOLVER = SolverBySize("glucose4", LARGE_BOARD_SOLVER, CORNER_MIN_CELLS, lambda instance: instance.grid.size)
"""Slitherlink's solver when none is named: Glucose 4.1 on boards under CORNER_MIN_CELLS cells, CaDiCaL 1.9.5 on
larger ones (which get the corner clauses too). Instructions of whole solves, Glucose against CaDiCaL: 150 10x10
and 60 20x20 boards made by Loopy 5.04 G against 5.75 G, the 67 public puzzles up to 60x60 10.5 G against 11.4 G;
on Tatham's Hard boards from 45x45 the two are even (20.1 G against 19.7 G for the twelve, CaDiCaL ahead on the
100x100 by a tenth); docs/performance.md."""

RULES: Rules[SlitherlinkInstance, SlitherlinkSolution] = Rules(stages=stages, verify=verify, explainable=True,
                                                               default_solver=DEFAULT_SOLVER, analyzable=True,
                                                               cuts="sub-loop cuts",  # witnesses: --analyze only
                                                               witnesses=deferred("satpuzzles.puzzles.slitherlink"
                                                                                  ".witnesses", "seek_witnesses"))
"""How Slitherlink is solved and checked."""
