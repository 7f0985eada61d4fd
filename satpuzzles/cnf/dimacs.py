"""DIMACS CNF output with comment lines that name every variable."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from itertools import islice

from satpuzzles.cnf.formula import Formula


def _describe(key: object) -> str:
    if isinstance(key, tuple) and key and isinstance(key[0], str):
        return f"{key[0]}({', '.join(str(part) for part in key[1:])})"
    return str(key)


def dimacs_lines(
    formula: Formula,
    extra: Sequence[Sequence[int]] = (),
    header: Iterable[str] = (),
    assumed: Sequence[int] = (),
    sections: Sequence[tuple[str, Sequence[Sequence[int]]]] = (),
) -> Iterable[str]:
    """Yield the lines of ``formula`` (plus ``extra`` clauses, e.g. cuts, named ``sections`` of clauses, and
    ``assumed`` units) in DIMACS."""
    for line in header:
        yield f"c {line}\n"
    if formula.num_vars:
        yield "c variables:\n"
        name_of = formula.pool.name_of
        for var in range(1, formula.num_vars + 1):
            key = name_of(var)
            yield f"c {var} {_describe(key) if key is not None else 'auxiliary'}\n"
    added = sum(len(clauses) for _, clauses in sections)
    yield f"p cnf {formula.num_vars} {formula.num_clauses + len(extra) + added + len(assumed)}\n"
    yield from map(_clause_line, formula.clauses)
    if extra:
        yield "c clauses added by the lazy-cut loop:\n"
        yield from map(_clause_line, extra)
    for title, clauses in sections:
        if clauses:
            yield f"c {title}:\n"
            yield from map(_clause_line, clauses)
    if assumed:
        yield "c selector literals the solver assumed true (one per clue):\n"
        for lit in assumed:
            yield f"{lit} 0\n"


def _clause_line(clause: Sequence[int]) -> str:
    return f"{' '.join(map(str, clause))} 0\n" if clause else "0\n"


LINES_PER_CHUNK = 10_000
"""How many lines dimacs_chunks joins into one string."""


def dimacs_chunks(formula: Formula, header: Iterable[str] = (), assumed: Sequence[int] = ()) -> Iterator[str]:
    """The DIMACS text of ``formula`` in pieces of LINES_PER_CHUNK lines, to be written one by one: a million-cell
    board's text is 135 MB, which as one string (and the list of its 5 million lines) doubled the peak memory."""
    lines = dimacs_lines(formula, header=header, assumed=assumed)
    while chunk := "".join(islice(lines, LINES_PER_CHUNK)):
        yield chunk


def dimacs_text(
    formula: Formula, extra: Sequence[Sequence[int]] = (), header: Iterable[str] = (), assumed: Sequence[int] = (),
    sections: Sequence[tuple[str, Sequence[Sequence[int]]]] = (),
) -> str:
    """The whole DIMACS text of ``formula`` as one string."""
    return "".join(dimacs_lines(formula, extra, header, assumed, sections))


def header_lines(name: str, stage: str, complete: bool = True, encoding: object = None) -> list[str]:
    """The DIMACS header's comments: the puzzle and stage, and what a model of the formula means."""
    lines = [f"satpuzzles {name}, encoding {stage}" if name else f"satpuzzles, encoding {stage}"]
    lazy_rules, note = getattr(encoding, "lazy_rules", ""), getattr(encoding, "dimacs_note", "")
    if note:  # a formula of another board than the input's (Numberlink's compressed stage) says how to read it
        lines.append(note)
    elif not complete:  # a stage tried before the complete encoding: UNSAT proves nothing; a model may hold lazy rules
        lines.append("this stage's formula is stronger than the rules: " + (
            "its models are solutions, but not all of them" if not lazy_rules else "not every solution is a model, so "
            f"unsatisfiable proves nothing, and {lazy_rules} are banned only as they appear, by the lazy-cut loop: a "
            "model may hold them") + " (--encoding complete, where the puzzle has it, writes the formula of the rules alone)")
    elif lazy_rules:  # the encoding's Encoding.lazy_rules: what only the lazy-cut loop enforces
        lines.append(f"the rules, but {lazy_rules} are banned only as they appear, by the lazy-cut loop: every "
                     "solution is a model and unsatisfiable proves there is no solution, but a model may hold them "
                     "(the cuts learned follow the formula)")
    return lines
