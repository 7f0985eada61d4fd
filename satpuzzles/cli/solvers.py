"""``satpuzzles solvers``: the SAT solvers ``-s`` can name, what each offers, and CaDiCaL's options."""

from __future__ import annotations

import json
import shutil
from typing import Any

import click

from satpuzzles.cli.options import format_option
from satpuzzles.core import registry
from satpuzzles.core.outcome import DEFAULT_SOLVER
from satpuzzles.core.errors import UsageError
from satpuzzles.solve.backends import make_backend
from satpuzzles.solve.solver_names import (
    CONFIGURABLE,
    NON_INCREMENTAL,
    PROOF_SOLVERS,
    UNCHECKED_PROOFS,
    pysat_base,
    pysat_solver_names,
    writes_drat,
)

KNOWN_EXECUTABLES = ("cadical", "kissat", "minisat", "glucose", "glucose-syrup", "cryptominisat5", "lingeling",
                     "plingeling", "treengeling", "picosat", "clasp", "riss")
"""DIMACS solvers looked for on PATH (any other executable can be named too)."""


def pysat_solvers() -> list[dict[str, Any]]:
    """Every PySAT solver: its name, aliases, whether this installation has it, and what it offers here."""
    made = []
    for name, aliases in pysat_solver_names().items():
        proofs = "DRAT (--proof)" if name in PROOF_SOLVERS else UNCHECKED_PROOFS.get(name, "none")
        row = {"kind": "pysat", "name": name, "aliases": [alias for alias in aliases if alias != name],
               "available": _available(name), "proofs": proofs, "incremental": name not in NON_INCREMENTAL,
               "options": name == CONFIGURABLE}
        if not row["available"]:  # its names that run a DIMACS solver on PATH instead (pysat_base)
            row["instead"] = {alias: path for alias in (name, *aliases) if (path := shutil.which(alias))}
        made.append(row)
    return made


def _available(name: str) -> bool:
    """Whether this PySAT installation includes the solver (CryptoMiniSat, for one, needs a module of its own)."""
    try:
        make_backend(name).close()
    except UsageError:
        return False
    return True


def executables() -> list[dict[str, str]]:
    """The known DIMACS solvers found on PATH, with the proofs --proof takes from them; ``pysat`` names the PySAT
    solver that ``-s NAME`` alone runs instead, when this installation has one of that name (Kissat, Lingeling)."""
    found = []
    for name in KNOWN_EXECUTABLES:
        if path := shutil.which(name):
            row = {"kind": "executable", "name": name, "path": path,
                   "proofs": "DRAT (--proof)" if writes_drat(path) else "none"}
            if (shadow := pysat_base(name)) is not None:
                row["pysat"] = shadow
            found.append(row)
    return found


def _executable_line(found: dict[str, str]) -> str:
    shadow = found.get("pysat")
    note = (f" (-s {found['name']} alone is PySAT's {shadow}: give this path, or options after the name, to run it)"
            if shadow else "")
    proofs = f"; proofs: {found['proofs']}" if found["proofs"] != "none" else ""
    return f"  {found['name']}: {found['path']}{note}{proofs}\n"


def defaults() -> dict[str, str]:
    """Each puzzle's solver when none is named."""
    return {name: str(spec.rules.default_solver or DEFAULT_SOLVER) for name, spec in registry.puzzles().items()}


def cadical_option_rows() -> list[dict[str, Any]]:
    """CaDiCaL 1.9.5's options a solver name may set, with their ranges."""
    from satpuzzles.solve.cadical_options import CADICAL195_OPTIONS

    return [{"name": name, "low": low, "high": high, "help": text}
            for name, (low, high, text) in CADICAL195_OPTIONS.items()]


def _text() -> None:
    click.echo("PySAT's solvers (in-process; -s NAME or an alias):")
    for solver in pysat_solvers():
        aliases = f" ({', '.join(solver['aliases'])})" if solver["aliases"] else ""
        if not solver["available"]:
            instead = "".join(f"; -s {alias} runs the DIMACS solver {path}" for alias, path in solver["instead"].items())
            click.echo(f"  {solver['name']}{aliases}: not in this PySAT installation{instead}")
            continue
        notes = [f"proofs: {solver['proofs']}"]
        if not solver["incremental"]:
            notes.append("not incremental: a fresh solver for every call")
        if solver["options"]:
            notes.append("takes CaDiCaL's options: -s 'cadical195 --inprocessing=0' (satpuzzles solvers "
                         "--cadical-options)")
        click.echo(f"  {solver['name']}{aliases}: {'; '.join(notes)}")
    found = executables()
    click.echo("DIMACS solvers found on PATH (any executable can be named, with its options: -s 'kissat --unsat'):")
    click.echo("".join(map(_executable_line, found)).rstrip("\n") or "  none")
    click.echo("Defaults:")
    for puzzle, default in defaults().items():
        click.echo(f"  {puzzle}: {default}")


@click.command("solvers", short_help="List the SAT solvers -s can name, and the puzzles' defaults.", params=[format_option("one JSON object per line, by kind: each PySAT solver (pysat: name, "
                                                  "aliases, available, proofs, incremental, options, and when it is not available "
                                                  "instead: its names that run an executable on PATH), each DIMACS solver found "
                                                  "on PATH (executable: name, path, proofs, and pysat when -s NAME alone runs that PySAT solver), the puzzles' defaults "
                                                  "(defaults); with --cadical-options one object per option (name, "
                                                  "low, high, help).")])
@click.option("--cadical-options", is_flag=True,
              help="List the options of CaDiCaL 1.9.5 that -s 'cadical195 --NAME=VALUE ...' can set, with their ranges.")
def solvers_command(cadical_options: bool, output_format: str) -> None:
    """List the SAT solvers -s can name: PySAT's, the DIMACS solvers on PATH, the puzzles' defaults."""
    if cadical_options:
        options = cadical_option_rows()
        if output_format == "json":
            click.echo("\n".join(json.dumps(option) for option in options))
            return
        width = max(len(option["name"]) for option in options) + 2
        for option in options:
            click.echo(f"--{option['name']:<{width}}{option['low']}..{option['high']}  {option['help']}")
        return
    if output_format == "json":
        lines = [*pysat_solvers(), *executables(), {"kind": "defaults", "defaults": defaults()}]
        click.echo("\n".join(json.dumps(line) for line in lines))
        return
    _text()
