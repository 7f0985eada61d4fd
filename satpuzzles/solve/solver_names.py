"""What a solver name means: PySAT's solvers and their aliases, CaDiCaL's options written after its name, DIMACS
solver executables, and which solvers write proofs. Plain strings in and out: no solver is made here."""

from __future__ import annotations

import os

from satpuzzles.core.errors import UsageError
from satpuzzles.solve.direct import DIRECT_SOLVERS


def pysat_solver_names() -> dict[str, tuple[str, ...]]:
    """Canonical PySAT solver names with their aliases."""
    from pysat.solvers import SolverNames

    return {name: aliases for name, aliases in vars(SolverNames).items() if not name.startswith("_")}


def canonical_pysat_name(name: str) -> str | None:
    """The canonical PySAT name for ``name`` or one of its aliases, else None."""
    if name in DIRECT_SOLVERS:  # the defaults: answered without importing PySAT's solver wrappers
        return name
    if not name or name.split()[0] != name:  # a name with options, or a command: no PySAT name has a space
        return None
    for canonical, aliases in pysat_solver_names().items():
        if name == canonical or name in aliases:
            return canonical
    return None


def pysat_includes(canonical: str) -> bool:
    """Whether this PySAT installation includes the solver of that canonical name (it knows more than it has)."""
    if canonical in DIRECT_SOLVERS:  # the defaults, answered without importing PySAT's wrappers (or shutil's re)
        return True
    if canonical not in _INCLUDED:
        from pysat.solvers import NoSuchSolverError, Solver

        try:
            Solver(name=canonical).delete()
            _INCLUDED[canonical] = True
        except (NoSuchSolverError, AssertionError):  # CryptoMiniSat asserts that its module is present
            _INCLUDED[canonical] = False
    return _INCLUDED[canonical]


_INCLUDED: dict[str, bool] = {}
"""pysat_includes's answers so far (making a solver to find out costs a few milliseconds)."""


CONFIGURABLE = "cadical195"
"""The PySAT solver that takes options in its name (CaDiCaL's own syntax): ``cadical195 --inprocessing=0``."""


def pysat_base(name: str) -> str | None:
    """The canonical name of the PySAT solver that ``name`` makes (make_backend), alone or followed by options; None
    for a DIMACS executable: a PySAT name alone wins over an executable of that name (unless this PySAT lacks that
    solver: ``cryptominisat5`` runs the binary when PySAT has no CryptoMiniSat), a command's first word that is an
    executable wins over PySAT's alias (``kissat --unsat`` runs Kissat's binary when there is one)."""
    canonical = canonical_pysat_name(name.strip())
    if canonical is not None and not pysat_includes(canonical) and executable(name.strip()):
        return None  # PySAT knows the name but lacks the solver (CryptoMiniSat needs a module of its own)
    if canonical is not None or executable(name):
        return canonical
    words = command_words(name)
    return canonical_pysat_name(words[0]) if len(words) > 1 and not executable(words[0]) else None


def pysat_with_options(name: str) -> tuple[str, dict[str, int]] | None:
    """(canonical PySAT name, CaDiCaL options) for a PySAT solver named alone or followed by options
    (``--NAME=VALUE``, ``--NAME`` for 1, ``--no-NAME`` for 0); None for anything else (see pysat_base).
    UsageError for options on another PySAT solver, or one CaDiCaL 1.9.5 does not have, or out of its range."""
    canonical = pysat_base(name)
    if canonical is None:
        return None
    if len(name.split()) < 2:  # a name alone: no need for shlex (which loads re)
        return canonical, {}
    words = command_words(name)
    if canonical != CONFIGURABLE:
        raise UsageError(f"solver {name!r}: no {words[0]!r} executable was found on PATH, and PySAT's {words[0]} "
                         f"takes no options (options are for {CONFIGURABLE}, CaDiCaL's own as --inprocessing=0, "
                         "and for DIMACS solver executables)")
    return canonical, dict(_cadical_option(name, word) for word in words[1:])


def normal_solver_name(name: str) -> str:
    """A solver name as reports and statistics give it: a PySAT alias by its canonical name, CaDiCaL's options
    sorted and written ``--NAME=VALUE``; any other name (a command) as given. (UsageError for bad options.)"""
    configured = pysat_with_options(name)
    if configured is None:
        return name
    canonical, options = configured
    return " ".join([canonical, *(f"--{key}={value}" for key, value in sorted(options.items()))])


def _cadical_option(name: str, word: str) -> tuple[str, int]:
    """One CaDiCaL option word, checked against CaDiCaL 1.9.5's options."""
    from satpuzzles.solve.cadical_options import CADICAL195_OPTIONS, WITHHELD

    key, equals, text = word.removeprefix("--").partition("=")
    value: int | None = 1
    if not equals and key.startswith("no-"):
        key, value = key[3:], 0
    elif equals:
        value = {"true": 1, "false": 0}.get(text.lower())
        digits = text.removeprefix("-")
        if value is None and digits and all("0" <= ch <= "9" for ch in digits):  # not isdigit(): '²' is one
            value = int(text)
    known = CADICAL195_OPTIONS.get(key)
    if word.startswith("--") and key in WITHHELD:
        raise UsageError(f"solver {name!r}: {word!r}: CaDiCaL's {key} prints, checks or writes proofs, which a solver "
                         "name may not ask for (--proof FILE writes a DRAT proof; -v reports the solve)")
    if not word.startswith("--") or known is None:
        raise UsageError(f"solver {name!r}: {word!r} is not an option of CaDiCaL 1.9.5 (write --NAME=VALUE, as "
                         "--inprocessing=0; 'satpuzzles solvers --cadical-options' lists them)")
    low, high, _ = known
    if value is None or not low <= value <= high:
        raise UsageError(f"solver {name!r}: {word!r}: CaDiCaL's {key} takes a whole number from {low} to {high}")
    return key, value


NON_INCREMENTAL = frozenset({"kissat404"})
"""PySAT solvers that take no clause after a call and ignore assumptions (Kissat aborts the process on the first,
and silently drops the second): each call runs a fresh one."""


def _is_executable_file(path: str) -> bool:
    return os.path.isfile(path) and os.access(path, os.X_OK)


def is_pysat_solver(name: str) -> bool:
    """Whether ``name`` is one of PySAT's in-process solvers (or an alias), alone or with its options."""
    return pysat_base(name) is not None


PROOF_SOLVERS = ("glucose4", "glucose3", "glucose42", "cadical195", "cadical153", "cadical103", "lingeling",
                 "maplechrono", "maplecm", "gluecard3", "gluecard4", "ergo")
"""PySAT's solvers that log DRAT proofs (``with_proof``) that an independent checker accepts after searches with
clauses added between calls (tests/test_proof.py checks each)."""
_ADDED_BETWEEN_CALLS = ("writes proofs that do not check when clauses are added between calls (a lemma is neither "
                        "RUP nor RAT)")
UNCHECKED_PROOFS = {"maplesat": _ADDED_BETWEEN_CALLS, "cadical300": _ADDED_BETWEEN_CALLS}
"""PySAT's solvers that log DRAT proofs a checker refuses, and why."""


DRAT_EXECUTABLES = ("cadical", "kissat")
"""DIMACS solver executables, by the start of their file's name (``cadical-1.9.5`` too), that write a DRAT proof
to the file named after the formula's, in text with ``--binary=false`` (solve.fresh_backends runs them so);
MiniSat writes none, CryptoMiniSat 5.11 a FRAT proof, which DRAT checkers do not read."""


def writes_drat(command: str) -> bool:
    """Whether the executable ``command`` (a path or a file's name) is one that writes DRAT proofs (DRAT_EXECUTABLES)."""
    return os.path.basename(command).lower().startswith(DRAT_EXECUTABLES)


def solver_executable(name: str) -> str | None:
    """The path of the executable a solver name that is no PySAT solver runs (the name, or its command's first
    word), else None."""
    if path := executable(name):
        return path
    words = command_words(name)
    return executable(words[0]) if len(words) > 1 else None


def check_proof_solver(name: str) -> None:
    """Refuse, before any work, a solver that cannot write a proof."""
    canonical = pysat_base(name)
    if canonical in PROOF_SOLVERS:
        return
    command = solver_executable(name) if canonical is None else None
    if command is not None and writes_drat(command):
        return
    checked = f"{', '.join(PROOF_SOLVERS[:6])}, ..., or a CaDiCaL or Kissat executable such as -s cadical"
    if command is not None:
        raise UsageError(f"--proof: the DIMACS solver {name} writes no DRAT proof; name one whose proofs check "
                         f"({checked})")
    why = UNCHECKED_PROOFS.get(canonical or "", "writes no proof")
    # -s kissat alone is PySAT's Kissat, even with a kissat executable on PATH
    aliases = pysat_solver_names().get(canonical, ()) if canonical else ()
    shadowed = next((path for alias in aliases if (path := executable(alias)) and writes_drat(path)), None)
    hint = (f" (-s {os.path.basename(shadowed)} alone is PySAT's {canonical}: give the executable's path, {shadowed}, "
            "or options after the name, to run it)" if shadowed else "")
    raise UsageError(f"--proof: solver {name} {why}{hint}; name one whose proofs check ({checked})")


def executable(name: str) -> str | None:
    """The path of the executable ``name`` (a path, or a command found on PATH), or None."""
    import shutil

    return shutil.which(name) if os.sep not in name else (name if _is_executable_file(name) else None)


def command_words(command: str) -> list[str]:
    """A solver command line split as a shell would (no words when its quotes do not close)."""
    import shlex

    try:
        return shlex.split(command)
    except ValueError:
        return []
