"""The backbone: which literals every model agrees on, by flipping with assumptions in one incremental solver.

From a first model, the search asks for a model that makes at least one remaining
candidate literal true (a clause over them, guarded by a fresh selector, with phases set
toward the flips). Every literal such a model makes true cannot be forced; when no model
makes any of them true, the rest are forced. The solver keeps what it learned between
calls, so a whole board costs a handful of SAT calls rather than one per cell.

``narrow`` is that loop; what counts as a model that flips (a plain SAT model, or one that
has been through a puzzle's lazy cuts and verifier, solve.analysis) is its caller's
``witness``. ``flip_search`` is the plain-model case.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from satpuzzles.solve.backends import Backend

SINGLE_CHECK_TAIL = 2
"""At this many candidates or fewer, each is checked on its own (a guarded clause costs more)."""

Witness = Callable[[list[int], set[int]], "set[int] | None"]
"""Given the assumptions of one question and the candidates, the candidates some model makes true
(never empty), or None when no model under those assumptions makes any of them true."""


def narrow(backend: Backend, candidates: Iterable[int], witness: Witness, assumptions: Sequence[int] = (),
           single_tail: int = SINGLE_CHECK_TAIL, prefer_flips: bool = True) -> set[int]:
    """The literals of ``candidates`` that no witness makes true (the forced ones' negations, for a backbone).

    Selectors come from ``backend.new_var()`` and are retired after use; at ``single_tail``
    candidates or fewer each is asked on its own, as an assumption. ``prefer_flips``: the
    candidates are the solver's preferred phases in each question.
    """
    left = set(candidates)
    while left:
        if len(left) <= single_tail:
            stuck = set()
            for lit in sorted(left, key=abs):
                if lit not in left:
                    continue
                flipped = witness([*assumptions, lit], left)
                if flipped is None:
                    stuck.add(lit)
                    left.discard(lit)
                else:
                    left -= flipped
            return stuck
        selector = backend.new_var()
        ordered = sorted(left, key=abs)
        backend.add_clauses([[-selector, *ordered]])
        if prefer_flips:
            backend.set_phases(ordered)  # ask for a model that flips as many as it can
        flipped = witness([*assumptions, selector], left)
        backend.add_clauses([[-selector]])
        if flipped is None:
            return left
        left -= flipped
    return set()


def flip_search(backend: Backend, flips: Iterable[int], assumptions: Sequence[int] = (),
                on_model: Callable[[list[int]], None] = lambda model: None) -> tuple[set[int], int]:
    """The literals of ``flips`` that no model (under ``assumptions``) makes true, and the SAT calls made.

    Each model found goes to ``on_model`` as the solver's literal list; a literal it makes
    true leaves the set.
    """
    calls = 0

    def model_flips(question: list[int], left: set[int]) -> set[int] | None:
        nonlocal calls
        calls += 1
        if not backend.solve(question):
            return None
        model = backend.model_literals()  # read before adding clauses (CaDiCaL forgets it)
        on_model(model)
        return {lit for lit in left if model[abs(lit) - 1] == lit}

    return narrow(backend, flips, model_flips, assumptions), calls
