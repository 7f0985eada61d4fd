"""How an outcome is shown as plain text and as the JSON envelope (the terminal's colours are in terminal.py)."""

from __future__ import annotations

from collections.abc import Callable, Hashable

from satpuzzles.core.outcome import Analysis, Outcome, Settings
from satpuzzles.core.spec import PuzzleSpec
from satpuzzles.core.words import columns, counted
from satpuzzles.present.styles import ANALYSIS_LEGEND

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

RULE = "-" * 40


def _solvable(outcome: Outcome[Any]) -> str:
    if outcome.status == "solved":
        return "True"
    if outcome.status == "unsolvable":
        return f"False ({outcome.message})" if outcome.message else "False"
    return f"unknown ({outcome.message})" if outcome.message else "unknown"


MINIMAL = " (a minimal set)"
NOT_MINIMAL = " (checked to conflict; not shown minimal)"
"""How the Conflict line ends for a set shown to conflict but not minimised (Outcome.explanation_minimal False): one
--timeout cut the minimisation of (the Solvable line then says the explanation timed out), or one a puzzle's method
found without minimising it (Minesweeper's bands of counts refuting a mine total on a large board)."""


def conflict_sentence(size: int, also: str = "") -> str:
    """The Conflict line for ``size`` clues (minimal), with ``also`` naming what else takes part (the mine total)."""
    if also:
        if size == 0:
            return f"{also} cannot hold"
        if size == 1:
            return f"this clue and {also} cannot both hold"
        return f"these {size} clues and {also} cannot all hold{MINIMAL}"
    if size == 0:
        return "no solution whatever the clues"
    if size == 1:
        return "this clue cannot hold"
    return f"these {size} clues cannot all hold{MINIMAL}"


def conflict_line(outcome: Outcome[Any], conflict: Callable[[list[Hashable]], str] | None) -> str:
    """The Conflict line of an outcome's explanation: the puzzle's words (``conflict``) or conflict_sentence's, said
    not to be minimal when it was not minimised (--timeout cut it, or the puzzle's method checked it alone)."""
    keys = outcome.explanation or []
    line = conflict(keys) if conflict is not None else conflict_sentence(len(keys))
    return line if outcome.explanation_minimal else line.removesuffix(MINIMAL) + NOT_MINIMAL


def unique_addable(puzzle: PuzzleSpec[Any, Any], settings: Settings) -> bool:
    """Whether the puzzle would take --unique beside ``settings`` (Minesweeper's --probabilities and --hint, which
    cover every layout, do not)."""
    from satpuzzles.core.errors import UsageError
    from satpuzzles.core.records import replace

    check = puzzle.rules.check_settings
    if settings.unique or check is None:
        return True
    try:
        check(replace(settings, unique=True))
    except UsageError:
        return False
    return True


def proof_claim(outcome: Outcome[Any]) -> str:
    """What a written certificate proves, for the JSON: ``unsolvable``, ``unique`` (no solution besides the one
    found) or ``exhausted`` (none besides the several found by --count)."""
    claim = outcome.certificate.claim if outcome.certificate is not None else ""
    return "exhausted" if claim == "unique" and len(outcome.solutions) > 1 else claim


def proof_line(outcome: Outcome[Any], settings: Settings, unique_addable: bool = True) -> str:
    """What --proof certified, or why there is nothing to certify (``unique_addable``: whether to suggest --unique,
    which certifies that a solution is the only one)."""
    certificate = outcome.certificate
    if certificate is not None:
        found = len(outcome.solutions)
        what = ("no solution" if certificate.claim == "unsolvable" else "no solution besides the one shown"
                if found <= 1 else f"no solution besides the {found} found")
        cuts = "; the CNF beside it lists the cuts" if certificate.cuts else ""
        return f"DRAT proof that {what} exists ({certificate.solver}{cuts})"
    if outcome.status == "solved" and outcome.uniqueness(settings) is False:
        return "none: a second solution was found"
    if outcome.status == "solved" and settings.count > 1 and not outcome.exhausted:
        return (f"none: the search stopped at --count {settings.count}, more solutions may exist (a --count above "
                "the number of solutions certifies that there are no more)")
    if outcome.status == "solved" and not settings.unique:
        return "none needed: the solution is checked by the rules" + (
            " (add --unique to certify that it is the only one)" if unique_addable else "")
    if outcome.status == "unknown" and "stronger than the rules" in (outcome.message or ""):
        return (f"none: the formula refuted ({', '.join(outcome.stats.stages)}) is stronger than the rules, so its "
                "refutation certifies nothing (--encoding complete gives one that does)")
    return "none: the solver did not finish a refutation"


def status_lines(outcome: Outcome[Any], settings: Settings,
                 conflict: Callable[[list[Hashable]], str] | None = None,
                 puzzle: PuzzleSpec[Any, Any] | None = None) -> list[tuple[str, str]]:
    """Solvable, and Unique / Solutions / Proof when they were asked for (``conflict`` words the Conflict line;
    ``puzzle`` says whether the Proof line may suggest --unique); Unique under --analyze too when the puzzle is
    proved unsolvable (a solved one's analysis says it)."""
    lines = [("Solvable", _solvable(outcome))]
    if settings.unique or (settings.analyze and outcome.status == "unsolvable"):  # no analysis says it then
        unique = outcome.uniqueness(settings)
        undecided = f"unknown ({outcome.message})" if outcome.message else "unknown"
        lines.append(("Unique", undecided if unique is None else str(unique)))
    if settings.analyze and outcome.status == "solved" and outcome.message:  # a solution came before the deadline
        if outcome.analysis is None:
            lines.append(("Analysis", f"unknown ({outcome.message})"))
        elif outcome.analysis.partial:
            lines.append(("Analysis", f"partial ({outcome.message})"))
        elif outcome.analysis.grade is None:
            lines.append(("Analysis", f"complete, without a grade ({outcome.message})"))
    if outcome.explanation is not None:
        lines.append(("Conflict", conflict_line(outcome, conflict)))
    elif settings.explain and outcome.status == "solved":  # said, as --proof's 'none needed' is: not left out
        lines.append(("Conflict", "none: the clues all hold in the solution shown"))
    if settings.count > 1 and outcome.status == "solved":
        found = len(outcome.solutions)
        why = outcome.message or f"stopped at --count {settings.count}"
        lines.append(("Solutions", f"{found} (all)" if outcome.exhausted else f"{found} ({why})"))
    if settings.proof:
        lines.append(("Proof", proof_line(outcome, settings, puzzle is None or unique_addable(puzzle, settings))))
    return lines


def analysed_unique_line(unique: bool | None, decision: str = "decision", solutions: str = "solutions") -> tuple[str, str]:
    """The ``Unique`` line of an analysis: every ``decision`` forced (True), some undetermined (False), or None
    when a cut analysis found none undetermined."""
    return ("Unique", f"True (every {decision} is forced)" if unique is True
            else f"False (the undetermined {decision}s differ between {solutions})" if unique is False
            else f"unknown (no {decision} found undetermined before the analysis was cut)")


def analysed_instance(puzzle: PuzzleSpec[Any, Any], instance: Any, settings: Settings) -> Any:
    """``instance`` as the puzzle's analysis saw it under ``settings`` (AnalysisView.analysed), for showing it."""
    view = puzzle.view.analysis
    return view.analysed(instance, settings) if view is not None and view.analysed is not None else instance


def analysis_lines(puzzle: PuzzleSpec[Any, Any], instance: Any, analysis: Analysis) -> list[tuple[str, str]]:
    """--analyze's summary: how many decisions are forced each way and undetermined, and the grade."""
    view = puzzle.view.analysis
    if view is not None and view.lines is not None:
        lines = view.lines(instance, analysis)
    else:
        yes, no = view.words if view is not None else ("true", "false")
        forced = len(analysis.forced_true) + len(analysis.forced_false)
        lines = [("Forced", f"{forced} ({len(analysis.forced_true)} {yes}, {len(analysis.forced_false)} {no})"),
                 ("Undetermined", str(len(analysis.undetermined)))]
        if analysis.partial:
            lines.append(("Undecided", str(len(analysis.undecided))))
    lines.append(analysed_unique_line(analysis.unique))
    grade = analysis.grade
    if grade is not None:
        probes = counted(grade.probes, "probe")
        if grade.rounds:
            how = f"{counted(grade.rounds, 'round')} of propagation and probing, {probes}"
        else:  # round 0 is unit propagation: "0 rounds of propagation and probing" read as if nothing ran
            how = f"unit propagation, {probes}, none refuting" if grade.left else f"unit propagation alone, {probes}"
        if grade.left:
            how += f"; {counted(grade.left, 'forced decision')} left to search"
        if analysis.undetermined:
            how = f"a grade needs one solution; deducing the forced part took {how}"
        lines.append(("Grade", f"{grade.level} ({how})"))
    return lines


def puzzle_lines(puzzle: PuzzleSpec[Any, Any], instance: Any, outcome: Outcome[Any], settings: Settings) -> list[tuple[str, str]]:
    """The puzzle's own report lines (an analysis summary ...), after --analyze's."""
    view = puzzle.view
    lines = (analysis_lines(puzzle, analysed_instance(puzzle, instance, settings), outcome.analysis)
             if outcome.analysis is not None else [])  # no instance rebuilt for a report without an analysis
    return lines + (view.outcome_lines(instance, outcome, settings) if view.outcome_lines is not None else [])


def analysis_text(puzzle: PuzzleSpec[Any, Any], instance: Any, analysis: Analysis) -> str:
    """The --analyze board: the puzzle's own, else the keys listed."""
    if puzzle.view.analysis is not None:
        return puzzle.view.analysis.text(instance, analysis)
    return "\n".join(f"{name}: {', '.join(map(str, keys)) or '-'}" for name, keys in _lists(analysis).items())


def _lists(analysis: Analysis) -> dict[str, list[Any]]:
    lists = {"true": analysis.forced_true, "false": analysis.forced_false, "undetermined": analysis.undetermined}
    return {**lists, "undecided": analysis.undecided} if analysis.partial else lists


def _plain(key: Any) -> Any:
    """A key as JSON: tuples become lists, all the way down."""
    return [_plain(part) for part in key] if isinstance(key, tuple) else key


def analysis_json(puzzle: PuzzleSpec[Any, Any], instance: Any, analysis: Analysis) -> dict[str, object]:
    """The ``analysis`` object: the puzzle's lists and counts (default: the keys as lists), the SAT calls,
    the seconds and the grade."""
    if puzzle.view.analysis is not None:
        record = dict(puzzle.view.analysis.json(instance, analysis))
    else:
        lists = _lists(analysis)
        record = {name: [_plain(key) for key in keys] for name, keys in lists.items()}
        record["counts"] = {name: len(keys) for name, keys in lists.items()}
    record["sat_calls"] = analysis.sat_calls
    record["seconds"] = round(analysis.seconds, 6)
    record["grade"] = analysis.grade.as_dict() if analysis.grade is not None else None
    return record


def analysis_summary(puzzle: PuzzleSpec[Any, Any], instance: Any, outcome: Outcome[Any],
                     settings: Settings) -> tuple[int, str | None, bool] | None:
    """With --analyze: how many decisions are undetermined, the grade's level (None where the puzzle has no
    grade) and uniqueness; None when there is no analysis (the puzzle was not solved, or time ran out first)."""
    record = json_record(puzzle, instance, outcome, settings)
    analysis = record.get("analysis")
    if not isinstance(analysis, dict):
        return None
    grade = analysis.get("grade")
    level = grade.get("level") if isinstance(grade, dict) else None
    # Every undetermined decision: the JSON's own list may hold some kinds only (Numberlink lists its cells apart)
    decisions = outcome.analysis.undetermined if outcome.analysis is not None else analysis.get("undetermined")
    return len(decisions or ()), level, bool(record["unique"])


def fact_lines(puzzle: PuzzleSpec[Any, Any], instance: Any, outcome: Outcome[Any]) -> list[tuple[str, str]]:
    """The instance's sizes and the solve statistics (the SAT ones only when a formula was made or solved)."""
    stats = outcome.stats
    sat = [("sat real time", f"{stats.solve_seconds:.6f} s"), ("number of variables", str(stats.variables)),
           ("number of clauses", str(stats.clauses))]
    if not stats.sat_calls and not stats.variables:  # decided before any formula (Minesweeper's propagation)
        sat = []
    return [(name, str(value)) for name, value in puzzle.view.facts(instance).items()] + [
        *sat, ("encoding", stats.encoding or "-")]


def boards(outcome: Outcome[Any], settings: Settings) -> list[tuple[str, Any]]:
    """The boards to show, each with its heading: the solutions asked for, or the bare puzzle."""
    if not outcome.solutions:
        return [("", None)]
    shown = outcome.solutions if settings.count > 1 or settings.unique else outcome.solutions[:1]
    if len(shown) == 1:
        return [("", shown[0])]
    return [(f"Solution {number}", solution) for number, solution in enumerate(shown, 1)]  # --unique's two alike


def marked(outcome: Outcome[Any]) -> list[Hashable]:
    """The keys a board marks: the clues of an explanation."""
    return outcome.explanation or []


def conflict_words(puzzle: PuzzleSpec[Any, Any], instance: Any) -> Callable[[list[Hashable]], str] | None:
    """The puzzle's own wording of the Conflict line for ``instance``, if it has one."""
    conflict = puzzle.view.conflict
    return None if conflict is None else lambda keys: conflict(instance, keys)


def plain_report(puzzle: PuzzleSpec[Any, Any], instance: Any, outcome: Outcome[Any], settings: Settings) -> str:
    """The report: title, status, sizes and statistics, then the board(s)."""
    out = [puzzle.heading, RULE]
    out += [f"{name} = {value}"
            for name, value in status_lines(outcome, settings, conflict_words(puzzle, instance), puzzle)]
    out += [f"{name} = {value}" for name, value in puzzle_lines(puzzle, instance, outcome, settings)]
    out.append(RULE)
    out += [f"{name} = {value}" for name, value in fact_lines(puzzle, instance, outcome)]
    out.append(RULE)
    return "\n".join(out + text_boards(puzzle, instance, outcome, settings))


def text_boards(puzzle: PuzzleSpec[Any, Any], instance: Any, outcome: Outcome[Any], settings: Settings) -> list[str]:
    """The report's boards as text (the --analyze board, or each board after its heading line if it has one)."""
    if outcome.analysis is not None:
        return [analysis_text(puzzle, analysed_instance(puzzle, instance, settings), outcome.analysis)]
    out = []
    for heading, solution in boards(outcome, settings):
        if heading:
            out.append(f"{heading}:")
        out.append(puzzle.view.text(instance, solution, settings, marked(outcome)))
    return out


def board_width(puzzle: PuzzleSpec[Any, Any], instance: Any, outcome: Outcome[Any], settings: Settings) -> int:
    """Terminal columns the widest line of the report's boards takes (--analyze's legend line above a board is
    prose, which wraps harmlessly: not counted)."""
    return max((columns(line) for board in text_boards(puzzle, instance, outcome, settings)
                for line in board.splitlines() if not line.startswith(ANALYSIS_LEGEND)), default=0)


def explanation_json(puzzle: PuzzleSpec[Any, Any], instance: Any, keys: list[Hashable]) -> dict[str, object]:
    """The ``explanation`` object: the puzzle's own form, or the clue keys as lists."""
    if puzzle.view.explanation_json is not None:
        return puzzle.view.explanation_json(instance, keys)
    return {"clues": [list(key) if isinstance(key, tuple) else key for key in keys]}


def unique_by_analysis(analysis: object) -> bool | None:
    """Uniqueness as --analyze decides it from its JSON ``analysis`` object: unique exactly when no decision is
    undetermined (every solution agrees on all of them); None without an analysis, or when a partial one found
    nothing undetermined before it was cut."""
    if not isinstance(analysis, dict):
        return None
    if analysis.get("undetermined"):
        return False
    return None if analysis.get("undecided") else True


def analysed_unique(puzzle: PuzzleSpec[Any, Any], instance: Any, outcome: Outcome[Any],
                    settings: Settings) -> bool | None:
    """:func:`unique_by_analysis` without building the whole envelope: from the outcome's analysis, or the
    puzzle's own (Minesweeper keeps it in the solution and shows it through ``outcome_json``)."""
    if outcome.analysis is not None:
        return outcome.analysis.unique
    view = puzzle.view
    own = view.outcome_json(instance, outcome, settings) if view.outcome_json is not None else {}
    decided = own.get("unique")  # Minesweeper's --hint on a board proved unsolvable: False
    return decided if isinstance(decided, bool) else unique_by_analysis(own.get("analysis"))


def json_record(puzzle: PuzzleSpec[Any, Any], instance: Any, outcome: Outcome[Any], settings: Settings) -> dict[str, object]:
    """The JSON envelope: puzzle, status, solution, unique, stats (plus enumeration fields) and input; ``unique``
    is decided by --unique's search, or else by the backbone of the analysis shown (--analyze's, or one a puzzle's
    own option made, as Minesweeper's --hint), as the report's Unique line says it."""
    view = puzzle.view
    record: dict[str, object] = {
        "puzzle": puzzle.name,
        "status": outcome.status,
        "solution": view.solution_json(instance, outcome.solution, settings) if outcome.solution is not None else None,
        "unique": outcome.uniqueness(settings),
        "stats": outcome.stats.as_dict(),
    }
    if settings.count > 1 or settings.unique:
        record["solutions"] = [view.solution_json(instance, s, settings) for s in outcome.solutions]
        record["count"] = len(outcome.solutions)
        record["exhausted"] = outcome.exhausted
    if outcome.explanation is not None:
        record["explanation"] = {**explanation_json(puzzle, instance, outcome.explanation),
                                 "minimal": outcome.explanation_minimal}
    if outcome.message:
        record["message"] = outcome.message
    if outcome.analysis is not None:
        record["analysis"] = analysis_json(puzzle, analysed_instance(puzzle, instance, settings), outcome.analysis)
    if settings.proof:
        certificate = outcome.certificate
        record["proof"] = None if certificate is None else {"claim": proof_claim(outcome), "solver": certificate.solver}
    if view.outcome_json is not None:
        for name, value in view.outcome_json(instance, outcome, settings).items():
            if name == "unique" and record["unique"] is None:  # a puzzle's own analysing option decided it
                record["unique"] = value
            record.setdefault(name, value)
    if record["unique"] is None and "analysis" in record:  # --analyze, or Minesweeper's --hint and --probabilities
        record["unique"] = unique_by_analysis(record["analysis"])
    codec = puzzle.json
    if codec is not None:
        record["input"] = (codec.to_json_under(instance, settings) if codec.to_json_under is not None
                           else codec.to_json(instance))
    return record


def result_text(puzzle: PuzzleSpec[Any, Any], instance: Any, solution: Any) -> str:
    """The ``-r`` file's text: the view's result file, else its text board; ending with a newline either way."""
    view = puzzle.view
    text = (view.result_file(instance, solution) if view.result_file is not None
            else view.text(instance, solution, Settings(), ()))
    return text if text.endswith("\n") else text + "\n"
