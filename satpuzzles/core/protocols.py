"""The protocols a puzzle's encodings and games follow (see core/spec.py, which names them too).

Kept apart from the spec records because ``typing.Protocol`` needs ``typing`` at run time, which a
plain solve does not import; ``isinstance`` against :class:`Decisions` and :class:`Segments` is used by
--analyze.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, TypeVar, runtime_checkable

if TYPE_CHECKING:
    from collections.abc import Collection, Hashable

    from satpuzzles.cnf.formula import Clause, Formula
    from satpuzzles.cnf.model import Model

S = TypeVar("S")
S_contra = TypeVar("S_contra", contravariant=True)


class Encoding(Protocol[S]):
    """A puzzle instance as CNF, plus what the lazy-cut loop needs to read and refine models.

    Optional: an encoding that also has the two methods of :class:`Decisions` can be
    analysed (--analyze), in a complete stage only; one whose cuts ban what breaks a rule
    (rather than only refine) names it in ``lazy_rules`` (a plural noun phrase, "second
    loops"), which the header of its DIMACS file (-o) then explains; one whose formula is not the input's
    own (Numberlink's compressed board) says in ``dimacs_note`` how a model reads, for that header; one that searched while
    it was built (Numberlink's fill first) gives that search's SolveStats as ``searched``,
    whose SAT calls, cuts and seconds the stage's statistics then count.
    """

    name: str
    complete: bool
    formula: Formula
    selectors: dict[Hashable, int]
    """Per-clue selector variables (empty unless built for --explain); solved assumed true."""

    def decode(self, model: Model) -> S:
        """The puzzle solution a model describes (it may still break the lazily enforced rules)."""
        ...

    def cuts(self, solution: S) -> list[Clause]:
        """Clauses excluding what ``solution`` breaks of the lazily enforced rules; [] when none."""
        ...

    def block(self, solution: S) -> Clause:
        """A clause that excludes exactly ``solution`` (over the decision variables)."""
        ...


@runtime_checkable
class Decisions(Protocol[S_contra]):
    """What --analyze reports on, named by an encoding: the optional part of :class:`Encoding`.

    The decisions must determine a solution (two solutions that make the same ones are one). A model
    may make decisions beside its solution (a loop puzzle's model can hold extra closed loops); the
    analysis then decodes those stray decisions alone (every other variable false), so ``decode``
    must accept such an assignment and ``cuts`` ban only what breaks a rule on its own.
    """

    def decisions(self) -> dict[Hashable, int]:
        """Each decision by a readable key (an edge, a link, a cell ...): its variable, true when it is made."""
        ...

    def decided(self, solution: S_contra) -> Collection[Hashable]:
        """The keys of the decisions ``solution`` makes (true), read from the solution and not from a model."""
        ...


@runtime_checkable
class Segments(Protocol):
    """Optional, beside :class:`Decisions`: decisions that are line segments (edges, links) between points.

    The grade then judges a loop they close as the lazy-cut loop would: it decodes the loop
    alone (every other variable false) and, where the encoding's cuts ban it, refutes the probe.
    """

    def ends(self) -> dict[Hashable, tuple[Hashable, Hashable]]:
        """The two end points of each decision that is a segment, by its key (others are left out)."""
        ...


class GameState(Protocol):
    """One game in progress, for ``satpuzzles play NAME``; a cell is (row, col), 0-based."""

    rows: int
    cols: int
    status: str
    """``playing``, ``won`` or ``lost``."""

    def cells(self) -> list[list[tuple[str, str]]]:
        """The board as it shows now: one (text, style) piece per cell, all of one width."""
        ...

    def act(self, action: str, cell: tuple[int, int]) -> str:
        """Do ``action`` (one of the game's action names) at ``cell``; a short message for the player."""
        ...

    def hint(self) -> tuple[tuple[int, int] | None, str]:
        """A cell worth playing next (None when there is none) and why."""
        ...

    def summary(self) -> str:
        """One line on the game's state (mines left, cells to open ...)."""
        ...
