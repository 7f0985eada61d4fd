"""Minesweeper's engine: numpy propagation, then SAT component by component, band sweeps, counting."""

DEFAULT_SOLVER = "minicard"
"""The engine's solver when none is named: native cardinality constraints suit the counts."""
