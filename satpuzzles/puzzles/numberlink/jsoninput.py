"""Numberlink's JSON ``input`` object (what ``--format json`` prints as ``input``), read and written."""

from __future__ import annotations

from functools import partial

from satpuzzles.core.errors import InputError
from satpuzzles.core.records import replace
from satpuzzles.core.spec import JsonCodec
from satpuzzles.io.textgrid import Token
from satpuzzles.puzzles.numberlink.formats import LIMIT, build_instance
from satpuzzles.puzzles.numberlink.model import EMPTY, RULE_NAMES, NumberlinkInstance, rules_in_force
from satpuzzles.puzzles.numberlink.stated import no_rules_lines_in_json

TYPE_CHECKING = False
if TYPE_CHECKING:
    from satpuzzles.core.outcome import Settings


def to_json(instance: NumberlinkInstance) -> dict[str, object]:
    """The envelope's ``input``: width, height and a row-major grid of labels, ``.`` for empty cells;
    ``rules`` (fill or open) when the source named them (a puzz.link URL, a ``# rules:`` line), and
    ``no_self_touch`` (true) when it states that convention."""
    grid = instance.grid
    cells = [[instance.givens.get((r, c), EMPTY) for c in range(grid.cols)] for r in range(grid.rows)]
    data: dict[str, object] = {"width": grid.cols, "height": grid.rows, "grid": cells}
    if instance.rules is not None:
        data["rules"] = instance.rules
    if instance.no_self_touch:
        data["no_self_touch"] = True
    return data


def to_json_under(instance: NumberlinkInstance, settings: Settings) -> dict[str, object]:
    """The envelope's ``input`` with ``rules`` the rules in force, when they are not the default fill or the
    instance named its own, and ``no_self_touch`` when that convention was in force: read back, the JSON is solved
    under the same rules."""
    rules = rules_in_force(instance, settings.extras)
    name = None if instance.rules is None and rules.fill else rules.name
    return to_json(replace(instance, rules=name, no_self_touch=not rules.self_touch))


def from_json(data: object, line: int, column: int) -> NumberlinkInstance:
    """The puzzle an ``input`` object describes (as :func:`to_json` writes it)."""
    from satpuzzles.io.jsonio import JsonReader, shown  # JSON input only

    reader = JsonReader(data, line, column)
    width, height = reader.size("width"), reader.size("height")
    LIMIT.check(height, width, line, column, partial(reader.holds_only, "grid", None))
    rows = reader.rows("grid", height, width, as_lists=True)
    for r, row in enumerate(rows):
        bad = next((cell for cell in row if not cell.isprintable() or cell.split() != [cell]), None)
        if bad is not None:
            raise reader.error(f"input.grid[{r}]", f"bad label {bad!r}: printable text without spaces, '.' for none")
    rules = reader.data.get("rules")
    if rules is not None and rules not in RULE_NAMES:
        raise reader.error("input.rules", f"expected one of {', '.join(map(shown, RULE_NAMES))}, found {shown(rules)}")
    no_self_touch = reader.data.get("no_self_touch", False)
    if not isinstance(no_self_touch, bool):
        raise reader.error("input.no_self_touch", f"expected true or false, found {shown(no_self_touch)}")
    tokens = [[Token(cell, line, column) for cell in row] for row in rows]
    try:
        instance = build_instance(tokens, line, width, char_grid=True)
    except InputError as exc:
        raise reader.error("input.grid", exc.message) from None
    return replace(instance, rules=rules, no_self_touch=no_self_touch)


JSON = JsonCodec(to_json, from_json, to_json_under, check_comments=no_rules_lines_in_json)
