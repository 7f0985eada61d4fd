"""The model class under its first name: it lives in ``satpuzzles.cnf.model`` now, beside the formulas whose
variables it reads; plugins written against ``satpuzzles.solve.model`` keep working."""

from satpuzzles.cnf.model import Model

__all__ = ["Model"]
