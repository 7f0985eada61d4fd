"""The ``# rules:`` comment line of a Numberlink text: the rule set and the no-self-touch convention of the boards
below it, as a puzz.link ``numlin`` URL's type carries its rule (and no URL can carry the convention)."""

from __future__ import annotations

from bisect import bisect_left, bisect_right

from satpuzzles.core.errors import InputError
from satpuzzles.core.records import Record, replace
from satpuzzles.io.textgrid import Line, statements
from satpuzzles.puzzles.numberlink.model import FILL, RULE_NAMES, NumberlinkInstance, RuleSet, rules_in_force

RULES_KEY = "rules"
"""A text names its rule set in a comment line ``# rules: open`` (or ``fill``) above a board, as a puzz.link
``numlin`` URL does by its type, and the no-self-touch convention after it (``# rules: open, no-self-touch``), which
no URL can say; ``generate`` writes it. It holds for every board below it, up to the next such line."""
NO_SELF_TOUCH = "no-self-touch"
_SEPARATORS = str.maketrans(dict.fromkeys(",;+_-", " "))
"""Between a rules line's words; the convention may be spelt ``no-self-touch``, ``no self-touch`` (as reports say
it), ``no_self_touch``."""


class StatedRules(Record, frozen=True):
    """What one ``# rules:`` line says: a rule set (None when it names only the convention), and the convention."""

    rules: str | None
    no_self_touch: bool
    line: int
    value: str


def rules_comment(rules: RuleSet) -> str:
    """The comment line above a text board made under rules other than the default that reading it back assumes:
    ``# rules: open``, ``# rules: fill, no-self-touch`` ..., which the readers honour; else nothing."""
    if rules.is_default:
        return ""
    return f"# {RULES_KEY}: {rules.name}{'' if rules.self_touch else f', {NO_SELF_TOUCH}'}\n"


def stated_comment(instance: NumberlinkInstance) -> str:
    """The ``# rules:`` line that keeps what ``instance`` states (a URL's rule, a text's or JSON's line) when its
    board is written as text; nothing when it states only the default."""
    return rules_comment(rules_in_force(instance, {}))


def stated_options(instance: NumberlinkInstance) -> dict[str, object]:
    """The options ``instance`` states itself, which hold where the command line gives none (Rules.stated): its rule
    set (a URL's type, a text's line, else fill) and whether it states the no-self-touch convention."""
    return {"rules": instance.rules or FILL, "no_self_touch": instance.no_self_touch}


def parse_rules_line(value: str, number: int) -> StatedRules:
    """The ``# rules: VALUE`` line on line ``number``; a located InputError for a line that says anything else."""
    words = " ".join(value.translate(_SEPARATORS).split()).replace("no self touch", NO_SELF_TOUCH).split()
    names = [word for word in words if word in RULE_NAMES]
    convention = words.count(NO_SELF_TOUCH)
    if not words or len(names) > 1 or convention > 1 or len(names) + convention != len(words):
        raise InputError(f"'# {RULES_KEY}: {value}': expected one of {', '.join(RULE_NAMES)}, optionally followed by "
                         f"{NO_SELF_TOUCH} (as in '# {RULES_KEY}: {RULE_NAMES[-1]}, {NO_SELF_TOUCH}')",
                         number, 1)
    return StatedRules(names[0] if names else None, bool(convention), number, value)


def rules_lines(text: str) -> list[StatedRules]:
    """Every ``# rules:`` line of the text, in order, each checked."""
    return [parse_rules_line(value, number) for value, number in statements(text, RULES_KEY)]


def no_rules_lines_in_json(text: str) -> None:
    """JsonCodec.check_comments: a ``# rules:`` line above (or between) JSON objects is refused where it stands, as
    a JSON input states its rules in its own members (JSON input skips comment lines: it would be lost)."""
    for value, number in statements(text, RULES_KEY):
        raise InputError(f"'# {RULES_KEY}: {value}' is for text boards and URLs: a JSON input states its rules as its "
                         "'rules' and 'no_self_touch' members (as --format json writes them)", number, 1)


def board_ends(lines: list[Line], instances: list[NumberlinkInstance], headed: bool = False) -> list[int]:
    """The number of each instance's last row among the content ``lines`` (``headed``: a ``W H`` line on the
    instance's first line comes before its rows), so that a rules line between its first line and that one is seen
    to stand inside it."""
    index = {line.number: at for at, line in enumerate(lines)}
    ends = []
    for instance in instances:
        at = index.get(instance.line)
        last = None if at is None else at + instance.grid.rows - (0 if headed else 1)
        ends.append(lines[last].number if last is not None and 0 <= last < len(lines) else instance.line)
    return ends


def under_stated_rules(text: str, instances: list[NumberlinkInstance], typed: bool = False,
                       ends: list[int] | None = None, kind: str = "URL") -> list[NumberlinkInstance]:
    """Each instance under the last ``# rules:`` line above it (instances below no such line as they are).
    ``typed``: the instances name their own rule (URLs, puzz.link files, janko.at blocks: ``kind`` names them), which
    a line may repeat but not contradict (one whose rule is None states none, and takes the line's); ``ends``: each instance's last line (board_ends), a rules line inside a board being
    an error there."""
    lines = rules_lines(text)
    if not lines:
        return instances
    numbers = [stated.line for stated in lines]
    for instance, end in zip(instances, ends or (), strict=False):
        below = bisect_right(numbers, instance.line)  # the first line below the instance's first
        if below < len(lines) and numbers[below] < end:
            raise InputError(f"'# {RULES_KEY}: {lines[below].value}' holds for no board: it stands inside the board on "
                             f"lines {instance.line}-{end} (a rules line holds for the boards below it, up to the next "
                             "such line); put it right above the first board it is for", numbers[below], 1)
    ruled = []
    governing: set[int] = set()  # the lines that hold for a board
    for instance in instances:
        above = bisect_left(numbers, instance.line)  # the lines above the instance's first
        if not above:
            ruled.append(instance)
            continue
        stated = lines[above - 1]
        governing.add(stated.line)
        if typed and stated.rules is not None and instance.rules is not None and stated.rules != instance.rules:
            raise InputError(f"'# {RULES_KEY}: {stated.value}' contradicts the {kind} on line {instance.line}, whose "
                             f"type means {instance.rules}: state only '{NO_SELF_TOUCH}', or drop the line",
                             stated.line, 1)
        ruled.append(replace(instance, rules=stated.rules or instance.rules, no_self_touch=stated.no_self_touch))
    check_each_governs(lines, governing)
    return ruled


def check_each_governs(lines: list[StatedRules], governing: set[int]) -> None:
    """A located InputError for the first line in ``lines`` whose number is not in ``governing`` (those holding for a
    board): one inside a board, below the last or right above another would otherwise be dropped without a word."""
    for stated in lines:
        if stated.line not in governing:
            raise InputError(f"'# {RULES_KEY}: {stated.value}' holds for no board: it holds for the boards below it, "
                             "up to the next such line; put it right above the first board it is for",
                             stated.line, 1)
