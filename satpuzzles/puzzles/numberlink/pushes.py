"""Uniqueness under the fill rule with self-touch allowed: U-turns pushed onto the link beyond their bump.

A *U-turn* is a path using three links of a 2x2 block: it runs from a to the block's far side,
across it (the *bump*: two cells joined by a link) and back to b, beside a. When the link beyond
the bump, parallel to it in the next row or column, is used by some path Q (the same path or
another), the bump may move over to Q (a *push*): the first path goes straight from a to b, and Q
runs through the bump instead of along that link. Every cell keeps a path and its number of links
(the bump's two cells keep two; a, b and Q's two cells swap one link for another). When Q is
another path, its link e-f becomes e, bump, f: still one path. When Q is the U-turn's own path,
e-f lies outside the U-turn's three links, so going straight from a to b and threading the bump
between e and f leaves one path with the same ends. So the result is another fill solution, with
the mirror image of the pattern one row or column further.

Pushes counted here go up (a U-turn opening down, a horizontal link above its bump) or right
(a U-turn opening left, a vertical link right of its bump). Potential: (sum over vertical links
of ``r + 1``, for a link between rows r and r + 1; sum over horizontal links of ``cols - c``, for
a link between columns c and c + 1), compared lexicographically. A push up moves two vertical
links one row up (the first sum falls by 2); a push right keeps the first sum (one vertical link
leaves and one arrives in the same rows) and moves two horizontal links one column right (the
second falls by 2); the 2-opt move of twoopt.py drops two vertical links (the first sum falls).
So any sequence of these moves ends, and twoopt.py's theorem holds with all three patterns: if
S has neither the reverse of a push (``reverse_push``) nor of a 2-opt move, S is unique exactly
when every other solution has one of the three patterns. The reverse of a push is a push down or
left, valid by the same argument.

Measured (proof CPU seconds, glucose4, no windows): the 56 janko puzzles unique under fill 8.0 s
-> 3.1 s in all, slowest 3.7 s (#269) -> 0.9 s (#105); the seed's 42x25 board 2.0 s -> 1.1 s.
Pushes down instead of up gave the same janko total but 4.3 s on the 42x25 board, 5.2 s with
down and right: a SAT solver's luck, so the choice here is the measured best.
"""

from __future__ import annotations

from collections.abc import Collection

from satpuzzles.constraints.paths import trace
from satpuzzles.core.records import replace
from satpuzzles.geometry import Link
from satpuzzles.puzzles.numberlink.encoding import NumberlinkEncoding
from satpuzzles.puzzles.numberlink.model import NumberlinkInstance, NumberlinkSolution, verify


def push_patterns(rows: int, cols: int) -> list[tuple[Link, list[Link], list[Link]]]:
    """Every push up or right on the board: (the bump's link, the links it replaces, the links after)."""
    moves: list[tuple[Link, list[Link], list[Link]]] = []
    for r in range(1, rows - 1):  # bump in row r, U-turn opening down (legs to row r + 1), link in row r - 1
        for c in range(cols - 1):
            a, b, c1, d, e, f = (r + 1, c), (r + 1, c + 1), (r, c), (r, c + 1), (r - 1, c), (r - 1, c + 1)
            moves.append(((c1, d), [(c1, a), (d, b), (e, f)], [(a, b), (e, c1), (f, d)]))
    for c in range(1, cols - 1):  # bump in column c, U-turn opening left (legs to column c - 1), link in c + 1
        for r in range(rows - 1):
            a, c1, b, d, e, f = (r, c - 1), (r + 1, c - 1), (r, c), (r + 1, c), (r, c + 1), (r + 1, c + 1)
            moves.append(((b, d), [(a, b), (c1, d), (e, f)], [(a, c1), (b, e), (d, f)]))
    return moves


def reverse_push(instance: NumberlinkInstance, solution: NumberlinkSolution) -> NumberlinkSolution | None:
    """S with one U-turn pushed down or left onto the link beyond its bump (None: S has no such place)."""
    links = solution.links()
    for bump, before, after in push_patterns(instance.grid.rows, instance.grid.cols):
        if bump in links and all(link in links for link in after):
            decoded = trace(instance.endpoints, (links - set(after)) | set(before))
            other = replace(solution, routes=decoded.routes, loops=decoded.loops)
            if not verify(instance, other):
                return other
    return None


def exclude_pushes(encoding: NumberlinkEncoding, instance: NumberlinkInstance, kept: Collection[Link] = ()) -> None:
    """Forbid the pattern of every push up or right: the U-turn with the link beyond its bump; but not of the pushes
    that change a link of ``kept`` (for --analyze, witnesses.py)."""
    link_var, clauses = encoding.link_var, encoding.formula.clauses
    keep = set(kept)
    for bump, before, after in push_patterns(instance.grid.rows, instance.grid.cols):
        if keep and not keep.isdisjoint((*before, *after)):
            continue
        clauses.append([-link_var[bump], *(-link_var[link] for link in before)])
