"""How Numberlink is solved: the stages tried in order for an instance under the rules in force.

1. an argument (arguments.py) that refutes the board, on boards of ARGUMENTS_FROM_CELLS or more (not when a
   DRAT proof or the formula's DIMACS is asked for: those are of the complete encoding);
2. on huge sparse boards, the compressed board widened back (compress.py, incomplete);
   under the open rule, a filling of the board sought within a budget (fillfirst.py, incomplete), then the
   pairs joined by shortest routes (routed.py, incomplete), then a canonical solution sought within a budget
   (canonical.py, incomplete);
3. the strengthened encoding (incomplete; not under --no-self-touch, where the rule is encoded), and under the
   fill rule the same with its endpoint rule lifted where refutations need it (relaxed.py, incomplete), then an
   open solution with its empty cells filled (holes.py, incomplete);
4. the complete encoding, which decides.
"""

from __future__ import annotations

from collections.abc import Sequence

from satpuzzles.core.errors import UsageError
from satpuzzles.core.outcome import Settings
from satpuzzles.core.spec import Rules, Stage
from satpuzzles.puzzles.numberlink.arguments import ENCODING_SUFFIX, refute
from satpuzzles.puzzles.numberlink.canonical import canonical_first, canonical_stage_name
from satpuzzles.puzzles.numberlink.encoding import NumberlinkEncoding, Refuted
from satpuzzles.puzzles.numberlink.fillfirst import fill_first, fill_stage_name
from satpuzzles.puzzles.numberlink.holes import filled_first, holes_stage_name
from satpuzzles.puzzles.numberlink.model import COMPRESS_FROM_CELLS, NumberlinkInstance, NumberlinkSolution, rules_in_force, verify
from satpuzzles.puzzles.numberlink.preset import PresetEncoding
from satpuzzles.puzzles.numberlink.relaxed import relaxed_first, relaxed_stage_name
from satpuzzles.puzzles.numberlink.routed import ROUTED_STAGE, shortest_routes
from satpuzzles.puzzles.numberlink.stated import stated_options

ENCODINGS = ("auto", "strengthened", "complete")
ARGUMENTS_FROM_CELLS = 64
"""Boards this large are first tried against the arguments (arguments.py); smaller ones SAT decides in
well under a millisecond, and their reports stay as they were before the arguments existed."""


def stages(instance: NumberlinkInstance, settings: Settings) -> Sequence[Stage[NumberlinkSolution]]:
    """An argument's refutation when one applies (boards of ARGUMENTS_FROM_CELLS or more; not with --explain, as an
    argument names no clues); else the compressed board on huge sparse ones, then strengthened and complete (or the
    one --encoding names; complete alone under no self-touch, where the rule itself is encoded). With --explain the
    complete stage has a selector per clue (conflicts.py)."""
    rules = rules_in_force(instance, settings.extras)
    if instance.grid.size >= ARGUMENTS_FROM_CELLS and not settings.proof and not settings.explain:  # a DRAT proof is the solver's refutation
        refuted = refute(instance, rules)
        if refuted is not None:
            argument = refuted[0]
            rules_alone = (lambda: NumberlinkEncoding(instance, False, rules).formula) if settings.want_dimacs else None
            return [Stage(argument + ENCODING_SUFFIX, True,
                          lambda: Refuted(argument, rules_alone() if rules_alone else None))]
    drop_loops = not settings.analyze  # the analysis reads the models' own literals, stray loops too
    complete = Stage("complete", True, lambda: NumberlinkEncoding(instance, False, rules, drop_loops))
    if settings.explain:  # clue selectors, in which a minimal conflict is sought when the board has no solution
        from satpuzzles.puzzles.numberlink.conflicts import ConflictEncoding

        complete = Stage("complete", True, lambda: ConflictEncoding(instance, rules))
    choice = settings.extras.get("encoding") or "auto"
    first: list[Stage[NumberlinkSolution]] = []
    if choice == "auto":  # an encoding named by --encoding is used alone: no compressed board, no filling first
        if instance.grid.size >= COMPRESS_FROM_CELLS:  # numpy and the widening are imported for huge boards only
            from satpuzzles.puzzles.numberlink.compress import CompressedEncoding, compressible

            if compressible(instance, rules):
                first.append(Stage("compressed", False, lambda: CompressedEncoding(instance, rules)))
        if not rules.fill:
            solver = str(settings.solver)
            first.append(Stage(fill_stage_name(solver), False, lambda: fill_first(instance, rules, solver)))
            first.append(Stage(ROUTED_STAGE, False, lambda: PresetEncoding(ROUTED_STAGE, instance, rules,
                                                                          shortest_routes(instance, rules))))
            first.append(Stage(canonical_stage_name(solver), False, lambda: canonical_first(instance, rules, solver)))
    if not rules.self_touch:
        return [*first, complete]
    strengthened = Stage("strengthened", False, lambda: NumberlinkEncoding(instance, True, rules, drop_loops))
    if choice != "auto":
        return first + {"strengthened": [strengthened], "complete": [complete]}[choice]
    if not rules.fill:  # an open solution breaking the endpoint rule has a shortcut that keeps it
        return [*first, strengthened, complete]
    solver = str(settings.solver)
    relaxed = Stage(relaxed_stage_name(solver), False, lambda: relaxed_first(instance, rules, solver))
    holes = Stage(holes_stage_name(solver), False, lambda: filled_first(instance, rules, solver))
    return [*first, strengthened, relaxed, holes, complete]


def check_settings(settings: Settings) -> None:
    """--numbers prints a solution's board of labels, which --analyze's board replaces. --count, --unique and --analyze
    count by the full rules, which --encoding strengthened leaves out; under no self-touch the complete encoding runs
    alone (stages), so they may. Whether paths may touch themselves is the
    command line's, else the board's (Rules.stated: checked again for each board, the convention it states)."""
    extras, flag = settings.extras, settings.naming.flag
    if extras.get("numbers") and settings.analyze:  # the analysis board is shown instead of a solution's
        raise UsageError(f"{flag('numbers')} prints a solution's board of labels, which {flag('analyze')} (what every "
                         f"solution agrees on) does not show: drop {flag('numbers')}, or {flag('analyze')}")
    if extras.get("encoding") != "strengthened" or extras.get("no_self_touch") is not False:
        return  # another encoding, no self-touch, or not given: the board says (Rules.settled)
    full = f"use {settings.naming.given('encoding', 'auto', typed='auto')} or complete"
    if settings.wanted > 1:
        raise UsageError(f"{flag('count')} and {flag('unique')} count by the full rules: {full}")
    if settings.analyze:
        raise UsageError(f"{flag('analyze')} covers every solution by the full rules: {full}")


STAGED: Rules[NumberlinkInstance, NumberlinkSolution] = Rules(stages=stages, verify=verify,
                                                               check_settings=check_settings, analyzable=True, explainable=True,
                                                               cuts="cycle cuts", stated=stated_options)
"""The stages and the verifier (unique.py adds the uniqueness strategy: RULES)."""
