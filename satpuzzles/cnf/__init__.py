"""CNF building blocks: variable pool, formula, cardinality, DIMACS."""

from satpuzzles.cnf.cardinality import atleast, atmost, exactly
from satpuzzles.cnf.dimacs import dimacs_lines, dimacs_text
from satpuzzles.cnf.formula import Clause, Formula
from satpuzzles.cnf.pool import VarPool

__all__ = ["Clause", "Formula", "VarPool", "atleast", "atmost", "dimacs_lines", "dimacs_text", "exactly"]
