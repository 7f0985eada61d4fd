"""Batch solving: many puzzle files in parallel worker processes or on a Dask cluster, with a report.

inputs   paths, folders and globs; each file's puzzle detected and counted
work     one puzzle solved in plain data (text and options in, a row dict out)
pool     local worker processes          cluster  the same on a Dask scheduler
engine   files -> parts -> rows          report   CSV / JSON-lines rows, --resume
summary  the end-of-batch tables         answers  the answer files: made in workers, named and written here
(the ``satpuzzles batch`` command is cli/batch.py)
"""
