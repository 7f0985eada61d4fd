"""core/records.py's records behave as the dataclasses they replace (fields, defaults, equality, hash,
repr, frozen, replace, as_dict, pickling)."""

from __future__ import annotations

import copy
import pickle

import pytest

from satpuzzles.core.outcome import Grade, Outcome, Settings, SolveStats
from satpuzzles.core.records import FrozenInstanceError, Record, as_dict, deferred, field, replace
from satpuzzles.geometry import Grid
from satpuzzles.puzzles.numberlink.model import NumberlinkInstance, NumberlinkSolution, RuleSet


class Point(Record, frozen=True):
    """A frozen record with a default, a factory, an uncompared field and a computed one."""

    x: int
    y: int = 0
    tags: list[str] = field(default_factory=list, compare=False)
    double: int = field(init=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "double", 2 * self.x)


class Counter(Record):
    """A mutable record."""

    n: int = 0
    seen: list[int] = field(default_factory=list)


class Named(Record, eq=False, repr=False):
    """Compared by identity, object's repr."""

    name: str = ""


def test_fields_defaults_factories_and_post_init() -> None:
    point = Point(1, tags=["a"])
    assert (point.x, point.y, point.tags, point.double) == (1, 0, ["a"], 2)
    assert Point(1).tags is not Point(1).tags
    assert repr(point) == "Point(x=1, y=0, tags=['a'])"
    assert Point.__match_args__ == ("x", "y", "tags")


def test_argument_errors_are_type_errors() -> None:
    with pytest.raises(TypeError):
        Point()
    with pytest.raises(TypeError):
        Point(1, x=1)
    with pytest.raises(TypeError):
        Point(1, 2, [], 4)
    with pytest.raises(TypeError):
        Point(1, z=3)


def test_equality_and_hash_follow_the_options() -> None:
    assert Point(1, 2, ["a"]) == Point(1, 2, ["b"])
    assert hash(Point(1, 2)) == hash(Point(1, 2, ["c"]))
    assert Point(1) != Point(2)
    assert Point(1) != (1, 0)
    assert Counter(1) == Counter(1)
    assert Counter.__hash__ is None
    first, second = Named("a"), Named("a")
    assert first != second and first == first
    assert hash(first) != hash(second) or first is second
    assert repr(first).startswith("<")


def test_frozen_records_refuse_assignment() -> None:
    point = Point(1)
    with pytest.raises(FrozenInstanceError):
        point.x = 2  # type: ignore[misc]
    with pytest.raises(AttributeError):
        del point.y  # type: ignore[misc]
    counter = Counter()
    counter.n += 1
    assert counter.n == 1


def test_replace_goes_through_init_and_refuses_computed_fields() -> None:
    moved = replace(Point(1, 5), x=3)
    assert (moved.x, moved.y, moved.double) == (3, 5, 6)
    with pytest.raises(ValueError):
        replace(Point(1), double=4)
    with pytest.raises(TypeError):
        replace(Point(1), z=4)


def test_as_dict_and_pickling() -> None:
    stats = SolveStats(encoding="e", stages=["a"])
    data = stats.as_dict()
    assert list(data)[:3] == ["encoding", "solver", "method"] and data["stages"] == ["a"]
    assert data["stages"] is not stats.stages
    assert as_dict(Counter(2, [1])) == {"n": 2, "seen": [1]}
    assert Grade("easy", 1, 2, 3, 0, 0).as_dict()["probes"] == 2
    for value in (Point(1, 2, ["x"]), stats, Settings(count=3, extras={"rules": "open"}),
                  Outcome("solved", [1], True, stats), Grid(2, 3)):
        assert pickle.loads(pickle.dumps(value)) == value
        assert copy.deepcopy(value) == value
    again = pickle.loads(pickle.dumps(Point(4)))
    assert again.double == 8


def test_package_records_keep_their_behaviour() -> None:
    grid = Grid(2, 2)
    instance = NumberlinkInstance(grid, {(0, 0): "1", (1, 1): "1"}, ("1",))
    assert instance.endpoints == {"1": ((0, 0), (1, 1))}
    opened = replace(instance, rules="open")
    assert opened.rules == "open" and opened.endpoints == instance.endpoints and opened != instance
    solution = NumberlinkSolution({"1": ((0, 0), (0, 1), (1, 1))})
    assert solution == replace(solution, rules=RuleSet(fill=False))  # rules are not compared
    assert hash(RuleSet()) == hash(RuleSet(True, True))
    assert Settings() == Settings(on_progress=print)  # on_progress is not compared
    assert "on_progress" not in repr(Settings())
    assert Settings(unique=True).wanted == 2


def test_exit_status_behaves_as_the_int_enum_it_was() -> None:
    from satpuzzles.core.errors import ExitStatus

    assert [int(status) for status in ExitStatus] == [0, 1, 2, 3, 4, 130, 141, 143]
    assert ExitStatus(3) is ExitStatus.UNKNOWN and ExitStatus["TERMINATED"] is ExitStatus.TERMINATED
    assert repr(ExitStatus.SOLVED) == "<ExitStatus.SOLVED: 0>" and str(ExitStatus.BAD_INPUT) == "2"
    assert f"{ExitStatus.INTERRUPTED}" == "130" and ExitStatus.UNSOLVABLE == 1 and isinstance(ExitStatus(1), int)
    assert (ExitStatus.OUTPUT_CLOSED.name, ExitStatus.OUTPUT_CLOSED.value) == ("OUTPUT_CLOSED", 141)
    assert pickle.loads(pickle.dumps(ExitStatus.UNKNOWN)) is ExitStatus.UNKNOWN
    with pytest.raises(ValueError):
        ExitStatus(5)
    with pytest.raises(KeyError):
        ExitStatus["NOPE"]


class Holder(Record, frozen=True, eq=False):
    """A record with a field that may be loaded on first use."""

    value: object = field(default=None, deferrable=True)


def test_a_deferred_field_loads_its_module_when_first_read() -> None:
    import subprocess
    import sys

    holder = Holder(deferred("satpuzzles.core.errors", "ExitStatus"))
    assert holder.__dict__["value"].name == "ExitStatus"
    from satpuzzles.core.errors import ExitStatus

    assert holder.value is ExitStatus and holder.__dict__["value"] is ExitStatus
    assert Holder().value is None and Holder(3).value == 3
    assert pickle.loads(pickle.dumps(Holder(deferred("satpuzzles.core.errors", "ExitStatus")))).value is ExitStatus
    code = ("import sys; from satpuzzles.core import registry; spec = registry.get('numberlink'); "
            "print('satpuzzles.puzzles.numberlink.generator' in sys.modules, spec.generator.width_first, "
            "'satpuzzles.puzzles.numberlink.generator' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True)
    assert done.stdout.split() == ["False", "True", "True"]
