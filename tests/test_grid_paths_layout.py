"""The paths block's per-shape layout (constraints/paths.py): formulas of one shape share its clause lists, and
none of them may change another's."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

import pytest

from satpuzzles.constraints import paths
from satpuzzles.core import registry
from satpuzzles.io.reading import read_instances
from satpuzzles.puzzles.numberlink.encoding import NumberlinkEncoding
from satpuzzles.puzzles.numberlink.model import NumberlinkInstance, RuleSet

JANKO = Path(__file__).resolve().parent.parent / "instances" / "numberlink" / "janko-arukone" / "janko.txt"
RULE_SETS = [RuleSet(fill, self_touch) for fill in (True, False) for self_touch in (True, False)]


def same_shape_puzzles(count: int) -> list[NumberlinkInstance]:
    """``count`` janko puzzles of one board shape and colour width (the most common one)."""
    by_shape: dict[tuple[int, int, int], list[NumberlinkInstance]] = defaultdict(list)
    for instance in read_instances(registry.get("numberlink"), JANKO.read_text()):
        by_shape[(instance.grid.rows, instance.grid.cols, (len(instance.labels) - 1).bit_length())].append(instance)
    largest = max(by_shape.values(), key=len)
    assert len(largest) >= count and largest[0].grid.size <= paths.LAYOUT_CACHE_CELLS
    return largest[:count]


def clauses(instance: NumberlinkInstance, strengthened: bool, rules: RuleSet) -> list[list[int]]:
    """A copy of the clauses of ``instance``'s encoding."""
    return [list(clause) for clause in NumberlinkEncoding(instance, strengthened, rules).formula.clauses]


@pytest.mark.parametrize("rules", RULE_SETS, ids=str)
@pytest.mark.parametrize("strengthened", [True, False])
def test_a_formula_is_the_same_whether_its_shape_was_built_before_or_not(strengthened: bool, rules: RuleSet) -> None:
    first, second, third = same_shape_puzzles(3)
    paths._kept_layout.cache_clear()
    cold = [clauses(puzzle, strengthened, rules) for puzzle in (first, second, third)]
    warm = [clauses(puzzle, strengthened, rules) for puzzle in (third, second, first)][::-1]
    assert warm == cold
    assert cold[0] != cold[1]  # they are different puzzles: the comparison could fail
    paths._kept_layout.cache_clear()
    assert clauses(second, strengthened, rules) == cold[1]
