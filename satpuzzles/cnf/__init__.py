"""CNF building blocks: variable pool, formula, cardinality, DIMACS."""

from satpuzzles.cnf.cardinality import (
    atleast,
    atmost,
    exactly,
    exactly_rows,
    none_or_exactly,
    none_or_exactly_rows,
)
from satpuzzles.cnf.dimacs import dimacs_lines, dimacs_text
from satpuzzles.cnf.formula import Clause, Formula
from satpuzzles.cnf.pool import VarPool

__all__ = ["Clause", "Formula", "VarPool", "atleast", "atmost", "dimacs_lines", "dimacs_text", "exactly", "exactly_rows", "none_or_exactly", "none_or_exactly_rows"]
