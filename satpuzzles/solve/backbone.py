"""The backbone: which literals every model agrees on, by flipping with assumptions in one incremental solver.

From a first model, the search asks for a model that makes at least one remaining
candidate literal true (a clause over them, guarded by a fresh selector, with phases set
toward the flips). Every literal such a model makes true cannot be forced; when no model
makes any of them true, the rest are forced. The solver keeps what it learned between
calls, so a whole board costs a handful of SAT calls rather than one per cell.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from satpuzzles.solve.backends import Backend

SINGLE_CHECK_TAIL = 2
"""At this many candidates or fewer, each is checked on its own (a guarded clause costs more)."""


def flip_search(backend: Backend, flips: Iterable[int], assumptions: Sequence[int] = (),
                on_model: Callable[[list[int]], None] = lambda model: None) -> tuple[set[int], int]:
    """The literals of ``flips`` that no model (under ``assumptions``) makes true, and the SAT calls made.

    Each model found goes to ``on_model`` as the solver's literal list; a literal it makes
    true leaves the set. Selectors come from ``backend.new_var()`` and are retired after use.
    """
    calls = 0
    flips = set(flips)
    while flips:
        if len(flips) <= SINGLE_CHECK_TAIL:
            stuck = set()
            for lit in flips:
                calls += 1
                if backend.solve([*assumptions, lit]):
                    on_model(backend.model_literals())
                else:
                    stuck.add(lit)
            return stuck, calls
        selector = backend.new_var()
        backend.add_clauses([[-selector, *flips]])
        backend.set_phases(list(flips))  # ask for a model that flips as many as it can
        calls += 1
        satisfiable = backend.solve([*assumptions, selector])
        model = backend.model_literals() if satisfiable else None  # read before adding clauses (CaDiCaL forgets it)
        backend.add_clauses([[-selector]])
        if model is None:
            return flips, calls
        on_model(model)
        flips = {lit for lit in flips if model[abs(lit) - 1] != lit}
    return set(), calls
