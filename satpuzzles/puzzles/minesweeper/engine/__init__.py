"""Minesweeper's engine: numpy propagation, then SAT component by component, band sweeps, counting."""

DEFAULT_SOLVER = "minicard"
"""The engine's solver when none is named: native cardinality constraints suit the counts."""

DEFAULT_BUDGET = 5_000_000
"""Transitions of the counting programme allowed per component (the --probability-budget default); beyond
them a component's cells are "not computed"."""
