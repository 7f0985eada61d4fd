"""The Python API: load a puzzle, solve it, get the answer as data, text, SVG or CNF.

    >>> import satpuzzles
    >>> puzzle = satpuzzles.load("https://puzz.link/p?slither/5/5/cbcbcddad")
    >>> result = puzzle.solve(unique=True)
    >>> result.status, result.unique
    ('solved', True)
    >>> satpuzzles.load("#5x5t0:a2a1c1c22c3b3b2b").solve(unique=True).unique    # a Loopy game id, as copied
    False

Every solution is checked by the puzzle's verifier, written from its rules, before it is
returned. Errors are the exceptions of satpuzzles.core.errors (InputError for bad input,
with line and column; UsageError for options that cannot work). Objects show themselves
as SVG pictures in Jupyter. Nothing here imports click or rich.
"""

from __future__ import annotations

import os
import warnings
from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import Any

from satpuzzles.core import registry
from satpuzzles.core.errors import GeneratorWarning, InputError, SatPuzzlesWarning, UsageError
from satpuzzles.core.naming import PYTHON
from satpuzzles.core.outcome import Settings, check_seconds
from satpuzzles.core.spec import WARNING, AnalysisView, GeneratorOptions, Option, PuzzleSpec, stream_seed
from satpuzzles.core.words import counted
from satpuzzles.io.detect import detect_file, named_puzzle, stated_puzzle, stated_unknown, with_stated_puzzle
from satpuzzles.io.reading import read_instances
from satpuzzles.io.source_paths import looks_like_path, named_like_a_file, names_anything, text_of
from satpuzzles.io.sources import check_claimed, located
from satpuzzles.result import Result, warn_caveat

__all__ = ["Cnf", "Puzzle", "Result", "generate", "load", "load_all", "puzzle_names", "read"]


def puzzle_names() -> list[str]:
    """The names of every registered puzzle that loads (built-in and plugins), built-in ones first; loads them all,
    so a plugin that fails to import is never listed (using its name raises UsageError saying why)."""
    return list(registry.puzzles())


def _spec(name: str) -> PuzzleSpec[Any, Any]:
    try:
        return registry.get(name)
    except KeyError:
        failure = registry.failure(name)
        if failure is not None:
            raise UsageError(f"plugin {name!r} failed to load: {failure}") from None
        raise UsageError(f"unknown puzzle {name!r}: choose one of {', '.join(puzzle_names())}") from None


def read(source: str | os.PathLike[str], puzzle: str | None = None, input_format: str = "auto") -> list[Puzzle]:
    """Every puzzle in ``source``: a file path, a URL or a game id as the CLI reads a SOURCE (a Tatham game id with
    its '#', or its puzzle page's URL), or the puzzle's text itself.

    ``puzzle`` names the puzzle type; without it a line ``# puzzle: NAME`` above the board may name it, else a
    file's path (a puzzle's name as a word in the file name or a folder above it), else the type is detected (an
    error when the text reads as more than one). ``input_format`` is one of the type's formats, or auto (a format
    other than auto needs the type: ``puzzle``, the ``# puzzle:`` line or the path).
    """
    if isinstance(source, str) and not source.strip():
        raise UsageError("empty source: give a puzzle file's path, or the puzzle's text or URL")
    text, name, path = text_of(source)
    named = puzzle
    if named is None and input_format != "auto":
        stated = stated_puzzle(text)  # a '# puzzle: NAME' line, else a path naming one, as detection reads them
        named = stated[0] if stated is not None and stated[0] in registry.names() else None
        if named is None and path is not None:
            named = named_puzzle(path)
        if named is None:
            raise UsageError(f"input_format={input_format!r} needs puzzle= (or a line '# puzzle: NAME' above the "
                             "board): each puzzle type has its own formats")
    try:
        if named is None:
            kind, instances = detect_file(text, name, path, PYTHON)
            unknown = stated_unknown(text)
            if unknown is not None:
                warnings.warn(f"{name}: {unknown}; read as {kind}, the one puzzle that reads it", SatPuzzlesWarning,
                              stacklevel=2)
        else:
            if input_format == "auto":
                check_claimed(_spec(named), name, text)
            kind, instances = named, read_instances(_spec(named), text, input_format, PYTHON, named=True)
    except InputError as exc:
        if name == "<text>" and puzzle is None and looks_like_path(source) and not names_anything(source):
            raise UsageError(f"{os.fspath(source).strip()}: no such file, and not a puzzle's text either") from None
        if name == "<text>" and puzzle is not None and named_like_a_file(source) and not names_anything(source):
            raise UsageError(f"{os.fspath(source).strip()}: no such file, and not a {puzzle} puzzle's text either "
                             f"({exc})") from None
        raise located(exc, name) from None
    return [Puzzle(_spec(kind), instance) for instance in instances]


def load(source: str | os.PathLike[str], puzzle: str | None = None, input_format: str = "auto") -> Puzzle:
    """The (first) puzzle in ``source``; see :func:`read`."""
    return read(source, puzzle, input_format)[0]


load_all = read


def generate(puzzle: str, rows: int, cols: int, seed: int | None = None, **options: Any) -> str:
    """A new puzzle's text, as ``satpuzzles generate`` writes it. ``rows`` come first, as everywhere in the API,
    whatever order the command line takes: ``generate numberlink`` and ``generate slitherlink`` take WIDTH HEIGHT
    (columns first), ``generate minesweeper`` ROWS COLS (a generator's ``width_first`` says which); ``options``
    are the generator's own, by their Python names (``mine_count`` for ``--mines``: ``spec.generator.options``).
    What the command prints as a warning (a ``difficulty`` not reached ...) is a ``GeneratorWarning`` here."""
    spec = _spec(puzzle)
    if spec.generator is None:
        raise UsageError(f"{puzzle} has no generator")
    values = {option.name: option.default for option in spec.generator.options}
    unknown = set(options) - set(values)
    if unknown:
        raise UsageError(f"the {puzzle} generator has no option {sorted(unknown)[0]!r}; it has {', '.join(values)}")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise UsageError(f"seed {seed!r}: expected a whole number, or None for a fresh puzzle each time")
    spec.generator.check_size(rows, cols, f"rows={rows!r}, cols={cols!r}")
    options = _checked_options(spec.generator.options, options)
    warned: list[str] = []  # a generator's progress, kept when it is a warning (graded candidates repeat them)
    made = with_stated_puzzle(puzzle, spec.generator.make(rows, cols, stream_seed(seed),
                                                          GeneratorOptions({**values, **options}, PYTHON),
                                                          lambda text: warned.append(text) if text.startswith(WARNING)
                                                          else None))
    if warned:
        for text in dict.fromkeys(warned):
            warnings.warn(text[len(WARNING):], GeneratorWarning, stacklevel=2)
    return made


def _checked_options(declared: tuple[Option, ...], values: dict[str, Any]) -> dict[str, Any]:
    """``values`` checked as the CLI checks them, and text given to an option with a converter converted
    (``first_click="8,15"``, as on the command line)."""
    checked = dict(values)
    for option in declared:
        if option.name in checked:
            option.check(checked[option.name], PYTHON)
            checked[option.name] = option.converted(checked[option.name], PYTHON)
    return checked


@dataclass(frozen=True)
class Cnf:
    """A puzzle's formula: clauses over variables 1..num_vars, with the readable name of each named variable."""

    clauses: list[list[int]]
    num_vars: int
    names: dict[int, Hashable]
    encoding: str
    dimacs: str = field(repr=False)


@dataclass
class Puzzle:
    """One puzzle instance with its type; solve it, show it, or get its CNF."""

    spec: PuzzleSpec[Any, Any]
    instance: Any

    @property
    def name(self) -> str:
        """The puzzle type's name (``numberlink`` ...)."""
        return self.spec.name

    @property
    def facts(self) -> dict[str, object]:
        """Sizes that describe the puzzle (width, height, ...)."""
        return self.spec.view.facts(self.instance)

    def solve(self, *, count: int = 1, unique: bool = False, explain: bool = False, timeout: float | None = None,
              solver: str | None = None, method: str = "auto", analyze: bool = False, **options: Any) -> Result:
        """Solve the puzzle; ``analyze=True`` adds the backbone and the grade (``result.analysis``);
        ``options`` are the puzzle's own (``rules="open"`` for Numberlink ...)."""
        from satpuzzles.solve.deadline import solve_within_limit
        from satpuzzles.solve.pipeline import check_settings

        extras = self._extras(options)
        if not isinstance(count, int) or isinstance(count, bool) or count < 1:
            raise UsageError(f"{PYTHON.given('count', count)}: expected a whole number of solutions, at least 1")
        if timeout is not None and (not isinstance(timeout, (int, float)) or isinstance(timeout, bool)):
            raise UsageError(f"{PYTHON.given('timeout', timeout)}: expected a number of seconds")
        check_seconds("--timeout", timeout, PYTHON)
        for flag, value in (("unique", unique), ("explain", explain), ("analyze", analyze)):
            if not isinstance(value, bool):
                raise UsageError(f"{PYTHON.given(flag, value)}: expected True or False")
        if solver is not None and not isinstance(solver, str):
            raise UsageError(f"{PYTHON.given('solver', solver)}: expected a solver's name (a str such as 'glucose4'), "
                             "or None for the puzzle's default")
        settings = Settings(solver=solver, method=method, count=count, unique=unique, explain=explain,
                            timeout=timeout, analyze=analyze, extras=extras, naming=PYTHON)
        check_settings(self.spec.rules, settings, self.instance)
        outcome = solve_within_limit(self.spec.rules, self.instance, settings, self.name,
                                     AnalysisView.shows_partial(self.spec.view.analysis))
        return Result(self, outcome, settings)

    def _extras(self, options: dict[str, Any]) -> dict[str, Any]:
        """The puzzle's own options with their defaults, checked as the CLI checks them (UsageError)."""
        known = {option.name: option.default for option in self.spec.options}
        unknown = set(options) - set(known)
        if unknown:
            raise UsageError(f"{self.name} has no option {sorted(unknown)[0]!r}; it has {', '.join(known) or 'none'}")
        return {**known, **_checked_options(self.spec.options, options)}

    def verify(self, solution: Any) -> list[str]:
        """The rules ``solution`` breaks ([] when it is a valid solution); TypeError when it is no well-formed
        solution object of this puzzle (one like ``result.solution``: the right class, holding what it holds)."""
        try:
            return self.spec.rules.verify(self.instance, solution)
        except (AttributeError, TypeError, ValueError, IndexError, KeyError) as exc:
            raise TypeError(f"not a well-formed {self.name} solution: a {type(solution).__name__} the verifier cannot "
                            f"read ({type(exc).__name__}: {exc}); give a result's solution, or one built like it"
                            ) from exc

    def text(self) -> str:
        """The unsolved puzzle as a text board, headed by what it states that the board cannot show (a Numberlink
        board's ``# rules: open, no-self-touch`` line): read back (``load(text, puzzle=...)``), it is solved under
        the same rules."""
        if self.spec.view.puzzle_text is not None:  # the board is a drawing: the puzzle's own text form
            return self.spec.view.puzzle_text(self.instance)
        heading = self.spec.view.text_heading
        board = self.spec.view.text(self.instance, None, Settings(), ())
        return (heading(self.instance) if heading is not None else "") + board

    def svg(self, **options: Any) -> str:
        """The unsolved puzzle as an SVG picture to publish (what ``--svg-puzzle`` writes): its clues, titled with its
        name and size, nothing solved; under the puzzle's own ``options`` as ``solve`` takes them (``rules="open"``)."""
        if not self.spec.view.draws_puzzle:
            raise UsageError(f"{self.name} has no SVG picture")
        return self.spec.view.puzzle_picture(self.instance, Settings(extras=self._extras(options)))

    def to_json(self) -> dict[str, object]:
        """The puzzle as the JSON envelope's ``input`` object."""
        if self.spec.json is None:
            raise UsageError(f"{self.name} has no JSON form")
        return self.spec.json.to_json(self.instance)

    def write(self, writer: str, **options: Any) -> str:
        """The puzzle in another form (``url`` for a puzz.link URL, where the type has it), under the puzzle's own
        ``options`` as ``solve`` takes them (``rules="open"`` writes a Numberlink URL as numlin, as ``--to-url
        --rules open`` does); what the form cannot say of them is a SatPuzzlesWarning."""
        chosen = next((candidate for candidate in self.spec.writers if candidate.name == writer), None)
        if chosen is None:
            raise UsageError(f"{self.name} has no {writer!r} writer; it has "
                             f"{', '.join(w.name for w in self.spec.writers) or 'none'}")
        settings = Settings(extras=self._extras(options), naming=PYTHON)
        for option in self.spec.options:  # one that does nothing here is refused, as beside --to-NAME
            if option.name in options and option.given(options[option.name]) and chosen.ignores(option):
                raise UsageError(f"{PYTHON.given(option.name, options[option.name])} does not change what the "
                                 f"{writer} writer writes: leave it out")
        warn_caveat(chosen, self.instance, settings)
        try:
            return chosen.write_under(self.instance, settings) if chosen.write_under is not None \
                else chosen.write(self.instance)
        except ValueError as exc:
            raise UsageError(f"{writer}: {exc}") from None

    def cnf(self, stage: int = 0, **options: Any) -> Cnf:
        """The formula of an encoding stage (0: the first), with variable names."""
        from satpuzzles.cnf.dimacs import dimacs_text, header_lines

        settings = Settings(extras=self._extras(options))
        stages = self.spec.rules.stages(self.instance, settings)
        if not isinstance(stage, int) or isinstance(stage, bool) or not -len(stages) <= stage < len(stages):
            raise UsageError(f"{PYTHON.given('stage', stage)}: this puzzle has "
                             f"{counted(len(stages), 'encoding stage')}, 0 to {len(stages) - 1}")
        chosen = stages[stage]
        formula = (encoding := chosen.build()).formula
        names = {var: key for var, key in formula.pool.names()}
        header = header_lines(self.name, chosen.name, chosen.complete, encoding)  # what a model means, as -o says
        return Cnf(formula.clauses, formula.num_vars, names, chosen.name, dimacs_text(formula, header=header))

    def _repr_svg_(self) -> str | None:
        return self.svg() if self.spec.view.draws_puzzle else None

    def __repr__(self) -> str:
        facts = ", ".join(f"{name}={value}" for name, value in self.facts.items())
        return f"<{self.name} puzzle: {facts}>"

    def __reduce__(self) -> tuple[Any, tuple[str, Any]]:
        """Pickled as its type's name and its instance (a spec holds functions): the process that loads it finds
        the type in its own registry, as ``load(..., puzzle=NAME)`` would."""
        return _unpickled, (self.name, self.instance)


def _unpickled(name: str, instance: Any) -> Puzzle:
    """A pickled Puzzle again (see Puzzle.__reduce__)."""
    return Puzzle(_spec(name), instance)
