"""Puzzles come from the registry: entry points (built-in and plugins alike), broken plugins only warn."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from satpuzzles.core import registry
from satpuzzles.core.spec import PuzzleSpec, Reader, Rules, Stage, View
from tests.conftest import ROOT, run_cli


def _fake_distribution(folder: Path, entry: str) -> None:
    """A dist-info folder whose entry point names ``entry`` (importlib.metadata finds it on sys.path)."""
    info = folder / "fake_plugin-0.1.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: fake-plugin\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text(f"[satpuzzles.puzzles]\n{entry}\n")


MASYU = ROOT / "examples" / "masyu"
"""This checkout's Masyu plugin: the one the child imports, not whichever checkout the environment installed."""


def _run_with_plugin(folder: Path, *args: str, cache: Path | None = None,
                     code: str = "from satpuzzles.cli.app import main; sys.exit(main())") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", f"import sys; {code}", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=60, env={"PYTHONPATH": os.pathsep.join([str(folder), str(MASYU)]),
                                                      "PATH": "/usr/bin:/bin",
                                                      "SATPUZZLES_CACHE_DIR": str(cache or "")})


def test_a_plugin_that_fails_to_import_is_one_warning(tmp_path: Path) -> None:
    _fake_distribution(tmp_path, "broken = no_such_module_here:SPEC")
    listed = _run_with_plugin(tmp_path, "puzzles")
    assert listed.returncode == 0 and "numberlink" in listed.stdout and "broken" not in listed.stdout
    assert listed.stderr.count("\n") == 1 and "puzzle plugin 'broken'" in listed.stderr
    assert "Traceback" not in listed.stderr
    used = _run_with_plugin(tmp_path, "broken", "x.txt")
    assert used.returncode == 2 and "puzzle plugin 'broken'" in used.stderr and "Traceback" not in used.stderr
    assert "The puzzle plugin registered as 'broken' failed to load (the warning above says why)" in used.stderr
    generating = _run_with_plugin(tmp_path, "generate", "broken", "3", "3")
    assert generating.returncode == 2 and "registered as 'broken' failed to load" in generating.stderr


def test_the_api_lists_only_puzzles_that_load_and_says_why_a_plugin_does_not(tmp_path: Path) -> None:
    """puzzle_names() listed the broken plugin, then load(puzzle='broken') said "unknown puzzle" and the list lost it."""
    _fake_distribution(tmp_path, "broken = no_such_module_here:SPEC")
    code = ("import satpuzzles; print(satpuzzles.puzzle_names())\n"
            "for use in (lambda: satpuzzles.load('x.txt', puzzle='broken'), lambda: satpuzzles.generate('broken', 3, 3)):\n"
            "    try:\n        use()\n    except satpuzzles.core.errors.UsageError as exc:\n        print(exc)\n"
            "print(satpuzzles.puzzle_names())")
    result = _run_with_plugin(tmp_path, code=code)
    first, *errors, last = result.stdout.strip().splitlines()
    assert result.returncode == 0 and first == last and "'numberlink'" in first and "broken" not in first
    assert errors == ["plugin 'broken' failed to load: ModuleNotFoundError: No module named 'no_such_module_here'"] * 2


def test_a_command_loads_only_its_own_puzzle(tmp_path: Path) -> None:
    _fake_distribution(tmp_path, "broken = no_such_module_here:SPEC")
    result = _run_with_plugin(tmp_path, "numberlink", str(ROOT / "instances/numberlink/seed/instance_1.txt"),
                              code="from satpuzzles.cli.app import main; main(); "
                                   "print(sorted(m for m in sys.modules if m.startswith('satpuzzles.puzzles.')))")
    assert result.returncode == 0 and "Solvable = True" in result.stdout
    assert result.stderr == ""  # the broken plugin was never imported, so there is nothing to warn about
    loaded = result.stdout.strip().splitlines()[-1]
    assert "numberlink" in loaded and "minesweeper" not in loaded and "slitherlink" not in loaded


def test_the_entry_point_cache_follows_installed_packages(tmp_path: Path) -> None:
    cache, site = tmp_path / "cache", tmp_path / "site"
    site.mkdir()
    names = "from satpuzzles.core import registry; print(registry.names())"
    first = _run_with_plugin(site, cache=cache, code=names)
    assert "'numberlink'" in first.stdout and "toy" not in first.stdout
    assert len(list(cache.iterdir())) == 1
    again = _run_with_plugin(site, cache=cache, code="import importlib.util as u; " + names +
                             "; print('importlib.metadata' in sys.modules)")
    assert again.stdout.splitlines() == [first.stdout.strip(), "False"]  # answered from the cache
    _fake_distribution(site, "toy = satpuzzles.puzzles.slitherlink:SPEC")  # "installing" a plugin
    installed = _run_with_plugin(site, cache=cache, code=names)
    assert "'toy'" in installed.stdout
    entry_points = site / "fake_plugin-0.1.dist-info" / "entry_points.txt"
    entry_points.write_text("[satpuzzles.puzzles]\nbroken = no_such_module_here:SPEC\n")  # edited in place
    stat = entry_points.stat()
    os.utime(entry_points, ns=(stat.st_atime_ns, stat.st_mtime_ns + 10**9))
    edited = _run_with_plugin(site, cache=cache, code=names)
    assert "'broken'" in edited.stdout and "'toy'" not in edited.stdout
    shutil.rmtree(site / "fake_plugin-0.1.dist-info")  # "uninstalling" it
    removed = _run_with_plugin(site, cache=cache, code=names)
    assert removed.stdout == first.stdout


def test_the_cache_sees_a_distribution_gain_its_first_entry_point_in_place(tmp_path: Path) -> None:
    """An .egg-info in a source folder is rewritten in place: its folder's time need not change."""
    cache, site = tmp_path / "cache", tmp_path / "site"
    _fake_distribution(site, "other = nothing:here")
    entry_points = site / "fake_plugin-0.1.dist-info" / "entry_points.txt"
    entry_points.write_text("[console_scripts]\nfake = fake:main\n")
    names = "from satpuzzles.core import registry; print(registry.names())"
    before = _run_with_plugin(site, cache=cache, code=names)
    assert "toy" not in before.stdout
    folder_time = site.stat().st_mtime_ns
    entry_points.write_text("[satpuzzles.puzzles]\ntoy = satpuzzles.puzzles.slitherlink:SPEC\n")
    stat = entry_points.stat()
    os.utime(entry_points, ns=(stat.st_atime_ns, stat.st_mtime_ns + 10**9))
    os.utime(site, ns=(folder_time, folder_time))
    assert "'toy'" in _run_with_plugin(site, cache=cache, code=names).stdout


def test_an_unusable_cache_folder_is_ignored(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    result = _run_with_plugin(tmp_path, "puzzles", cache=blocker / "cache")
    assert result.returncode == 0 and "slitherlink" in result.stdout and result.stderr == ""


def test_a_command_with_options_loads_only_its_own_puzzle(tmp_path: Path) -> None:
    """An option sends the command line through click, whose --result-format loaded every puzzle for its choices
    (and warned of a broken plugin the command had no use for); ``play minesweeper`` loaded every puzzle to see
    which have a game."""
    _fake_distribution(tmp_path, "broken = no_such_module_here:SPEC")
    board = str(ROOT / "instances/numberlink/seed/instance_1.txt")
    r_file = str(tmp_path / "r.txt")
    for puzzle, command in (("numberlink", ["numberlink", board, "--format", "json"]),
                            ("numberlink", ["numberlink", "--help"]),
                            ("numberlink", ["numberlink", board, "-r", r_file, "--result-format", "pzprv3"]),
                            ("minesweeper", ["play", "minesweeper", "--help"])):
        result = _run_with_plugin(tmp_path, *command,
                                  code="from satpuzzles.cli.app import main; main(); print(sorted(m for m in "
                                       "sys.modules if m.startswith(('satpuzzles.puzzles.', 'satpuzzles_'))))")
        assert result.returncode == 0 and result.stderr == "", command
        loaded = result.stdout.strip().splitlines()[-1]
        others = {"numberlink", "minesweeper", "slitherlink", "masyu"} - {puzzle}
        assert puzzle in loaded and not any(other in loaded for other in others), (command, loaded)
    assert (tmp_path / "r.txt").read_text().startswith("pzprv3")


def test_a_form_the_command_lacks_loads_every_puzzle_to_say_who_has_it(tmp_path: Path) -> None:
    """Where other puzzles matter to a command line (the forms they have), they are loaded, a broken one warned of."""
    _fake_distribution(tmp_path, "broken = no_such_module_here:SPEC")
    board = str(ROOT / "instances/numberlink/seed/instance_1.txt")
    unknown = _run_with_plugin(tmp_path, "numberlink", board, "-r", str(tmp_path / "r.txt"), "--result-format", "bogus")
    assert unknown.returncode == 2 and "'bogus' is not one of 'text', 'pzprv3'" in unknown.stderr
    assert "puzzle plugin 'broken'" in unknown.stderr
    (tmp_path / "m.txt").write_text("w-b\n---\n---\n")
    lacking = _run_with_plugin(tmp_path, "masyu", str(tmp_path / "m.txt"), "-r", str(tmp_path / "r.txt"),
                               "--result-format", "pzprv3")
    assert lacking.returncode == 2 and "pzprv3 is for minesweeper, numberlink and slitherlink only" in lacking.stderr
    assert "puzzle plugin 'broken'" in lacking.stderr and not (tmp_path / "r.txt").exists()


def test_a_plugin_naming_something_else_is_one_warning(tmp_path: Path) -> None:
    _fake_distribution(tmp_path, "wrong = satpuzzles.core.registry:names")
    result = _run_with_plugin(tmp_path, "puzzles")
    assert result.returncode == 0 and "slitherlink" in result.stdout
    assert "puzzle plugin 'wrong'" in result.stderr and "not a PuzzleSpec" in result.stderr


def test_a_plugin_cannot_take_a_built_in_name(tmp_path: Path) -> None:
    _fake_distribution(tmp_path, "numberlink = satpuzzles.puzzles.slitherlink:SPEC")
    result = _run_with_plugin(tmp_path, "puzzles")
    assert result.returncode == 0 and "already registered" in result.stderr


def _toy_spec() -> PuzzleSpec[int, int]:
    """A puzzle whose instance is a number n and whose answer is any of 1..n (a CNF: at least one variable true)."""

    class Pick:
        name, complete = "pick", True

        def __init__(self, n: int) -> None:
            from satpuzzles.cnf import Formula

            self.formula, self.selectors, self.n = Formula(), {}, n
            self.vars = [self.formula.pool.var(("pick", i)) for i in range(1, n + 1)]
            self.formula.add(self.vars)

        def decode(self, model):  # noqa: ANN001, ANN202
            return next(i for i, v in enumerate(self.vars, 1) if model[v])

        def cuts(self, solution):  # noqa: ANN001, ANN202
            return []

        def block(self, solution):  # noqa: ANN001, ANN202
            return [-self.vars[solution - 1]]

    def read(text: str) -> list[int]:
        return [int(text.split()[0])]

    return PuzzleSpec(
        name="toy", summary="Pick a number.", rules=Rules(stages=lambda n, s: [Stage("pick", True, lambda: Pick(n))],
                                                         verify=lambda n, k: [] if 1 <= k <= n else ["out of range"]),
        readers=(Reader("number", read, None, "one number"),),
        view=View(facts=lambda n: {"width": n, "height": 1}, text=lambda n, k, s, m: f"{k} of {n}",
                  solution_json=lambda n, k, s: {"pick": k}),
        examples=("3",), rules_text="Pick a number from 1 to n.",
    )


def test_a_registered_puzzle_gets_a_command_without_touching_the_core() -> None:
    remove = registry.register(_toy_spec())
    try:
        counted = run_cli("toy", "-", "--count", "9", stdin="3\n")
        assert counted.code == 0 and "Solutions = 3 (all)" in counted.out
        assert run_cli("toy", "-", "--unique", stdin="1\n").out.count("Unique = True") == 1
        assert "--svg" not in run_cli("toy", "--help").out  # the toy has no picture, so no --svg
        assert "toy" in run_cli("puzzles").out
    finally:
        remove()
    assert "toy" not in registry.names()


def test_a_plugins_title_heads_its_reports() -> None:
    """A plugin can title itself ('Light Up'); without a title the report heads it with its name capitalised."""
    from satpuzzles.core.records import replace

    remove = registry.register(replace(_toy_spec(), title="Pick a Number"))
    try:
        assert run_cli("toy", "-", stdin="3\n").out.startswith("Pick a Number\n")
    finally:
        remove()
    assert registry.get("numberlink").heading == "Numberlink"
    assert run_cli("numberlink", "-", stdin="2 2\n1 1\n2 2\n").out.startswith("Numberlink\n")


def test_a_plugins_help_and_result_file_say_only_what_it_has(tmp_path: Path) -> None:
    """--help offered "a puzz.link URL or a game id" as SOURCE to every puzzle; -r wrote a text board with no
    newline at its end."""
    remove = registry.register(_toy_spec())
    try:
        shown = " ".join(run_cli("toy", "--help").out.split())
        assert "give the SOURCE argument: a file or '-'." in shown and "URL" not in shown and "game id" not in shown
        target = tmp_path / "r.txt"
        assert run_cli("toy", "-", "-r", target, stdin="3\n").code == 0
        assert target.read_text() == "1 of 3\n"
    finally:
        remove()
    assert "SOURCE argument: a file, '-' or a puzz.link URL." in " ".join(run_cli("numberlink", "--help").out.split())
    assert "a puzz.link URL or a game id." in " ".join(run_cli("slitherlink", "--help").out.split())
    assert "SOURCE argument: a file, '-' or a puzz.link URL." in " ".join(run_cli("minesweeper", "--help").out.split())


def test_batch_analyses_what_it_can_and_solves_a_puzzle_without_an_analysis() -> None:
    """A mixed batch under --analyze: the toy (no analysis) is solved without one, not refused, and the summary
    says why it has no grade. (Batch workers are other processes, which know installed plugins only.)"""
    from satpuzzles.batch.inputs import PuzzleFile
    from satpuzzles.batch.summary import grade_line
    from satpuzzles.batch.work import settings_for
    from satpuzzles.cli.batch import check_puzzles

    remove = registry.register(_toy_spec())
    try:
        options = {"analyze": True, "extras": {}}
        assert settings_for("toy", options).analyze is False and settings_for("numberlink", options).analyze is True
        check_puzzles([PuzzleFile("pick.txt", "toy", 1), PuzzleFile("nl.txt", "numberlink", 1)], options)
        rows = [{"puzzle": "toy", "status": "solved", "grade": None, "undetermined": None},
                {"puzzle": "numberlink", "status": "solved", "grade": "easy", "undetermined": 0},
                {"puzzle": "numberlink", "status": "solved", "grade": None, "undetermined": None}]
        assert str(grade_line(rows)) == ("Grades: 1 easy, 1 not analysed (a puzzle type without an analysis), "
                                         "1 not analysed (timed out)")
    finally:
        remove()


def test_the_puzzle_listing_as_json_says_what_the_text_says() -> None:
    import json

    listed = run_cli("puzzles", "--format", "json")
    assert listed.code == 0
    records = [json.loads(line) for line in listed.out.splitlines()]
    assert [record["name"] for record in records] == registry.names()
    text = run_cli("puzzles").out
    for record in records:
        spec = registry.get(record["name"])
        assert record["formats"] == list(spec.input_formats[1:]) and record["rules"] == spec.rules_text
        assert f"  methods: {', '.join(record['methods'])}; features: {', '.join(record['features'])}" in text
    numberlink = next(record for record in records if record["name"] == "numberlink")
    assert {"generate", "analyze", "json", "to-url"} <= set(numberlink["features"])


def _sniffing_toy_spec() -> PuzzleSpec[int, int]:
    """The toy with only a reader that sniffs: its texts start with 'toy', and a bad number is located at it."""
    from satpuzzles.core.errors import InputError

    def read(text: str) -> list[int]:
        for number, line in enumerate(text.splitlines(), 1):
            if line.startswith("toy"):
                word = line[3:].strip()
                if not word.isdigit():
                    raise InputError(f"expected a number after 'toy', found {word!r}", number, len(line) - len(word) + 1)
                return [int(word)]
        raise InputError("no 'toy N' line", 1, 1)

    toy = _toy_spec()
    return PuzzleSpec(name="toy", summary=toy.summary, rules=toy.rules, view=toy.view, examples=("toy 3",),
                      rules_text=toy.rules_text,
                      readers=(Reader("toy", read, lambda text: text.lstrip().startswith("toy"), "'toy N'"),))


def test_a_named_puzzle_whose_readers_all_sniff_shows_its_readers_located_error(tmp_path: Path) -> None:
    """A plugin whose only reader sniffs (so that 'solve' does not take other puzzles' texts for its own) reported
    '1:1: not a toy puzzle in any format' for any mistake, even where the user named it; now the reader says where
    the mistake is, wherever the puzzle is named, while detection still keeps to the sniffs."""
    import satpuzzles
    from satpuzzles.core.errors import InputError

    remove = registry.register(_sniffing_toy_spec())
    try:
        bad = tmp_path / "bad.txt"
        bad.write_text("# a comment\ntoy x\n")
        wanted = f"{bad}:2:5: expected a number after 'toy', found 'x'"
        for args in (("toy", bad), ("solve", bad, "--puzzle", "toy")):
            result = run_cli(*args)
            assert result.code == 2 and result.err == f"satpuzzles: error: {wanted}\n", args
        batch = run_cli("batch", bad, "--puzzle", "toy", "-j", "1", "--format", "json")  # the row, whole
        assert batch.code == 2 and json.loads(batch.out)["error"] == wanted
        try:
            satpuzzles.load(bad, puzzle="toy")
            raise AssertionError("read")
        except InputError as exc:
            assert str(exc) == wanted
        stated = tmp_path / "stated.txt"
        stated.write_text("# puzzle: toy\ntoy x\n")
        assert run_cli("solve", stated).err == f"satpuzzles: error: {stated}:2:5: expected a number after 'toy', found 'x'\n"
        good = tmp_path / "good.txt"
        good.write_text("toy 2\n")
        assert run_cli("toy", good, "--count", "9").out.count("Solutions = 2 (all)") == 1
        assert run_cli("solve", good, "--count", "9").out.count("Solutions = 2 (all)") == 1  # detected by its sniff
        detected = run_cli("solve", bad)  # not named: the sniff rejects it, and the toy is not blamed at 2:5
        assert detected.code == 2 and "2:5: expected a number after 'toy'" not in detected.err
    finally:
        remove()


def test_an_internal_error_in_a_plugins_code_names_the_plugin(tmp_path: Path) -> None:
    """A plugin whose reader crashed made 'satpuzzles solve' of any text say only "internal error: IndexError: ...
    (a bug: please report it)", as if the tool were at fault; the line now names the plugin and its package."""
    _fake_distribution(tmp_path, "crashy = crashy_plugin:SPEC")
    (tmp_path / "crashy_plugin.py").write_text(
        "from satpuzzles.core.spec import PuzzleSpec, Reader, Rules, View\n"
        "def read(text):\n    return [][0]\n"
        "SPEC = PuzzleSpec(name='crashy', summary='Crashes.', rules=Rules(stages=lambda i, s: [], verify=lambda i, s: []),\n"
        "    readers=(Reader('any', read, None, 'anything'),),\n"
        "    view=View(facts=lambda i: {}, text=lambda i, s, t, m: '', solution_json=lambda i, s, t: {}))\n")
    board = tmp_path / "board.txt"
    board.write_text("1 1\n?\n")
    for args in (("solve", str(board)), ("crashy", str(board))):
        result = _run_with_plugin(tmp_path, *args)
        assert result.returncode == 4 and result.stderr == (
            "satpuzzles: internal error: IndexError: list index out of range (a bug in the puzzle plugin 'crashy' "
            "(package crashy_plugin): please report it to its authors; SATPUZZLES_DEBUG=1 shows the traceback)\n"), args


def test_a_json_envelope_given_to_a_puzzle_without_json_input_says_so(tmp_path: Path) -> None:
    """A plugin without a JsonCodec got its own --format json output handed to its grid reader, which said what a
    grid reader says of such a text (Light Up: 'a board of 1 row x 473 columns is larger than lightup accepts');
    the toy's reader crashed on it."""
    remove = registry.register(_toy_spec())
    try:
        source = tmp_path / "toy.txt"
        source.write_text("3\n")
        envelope = tmp_path / "out.json"
        envelope.write_text(run_cli("toy", source, "--format", "json").out)
        said = (f"satpuzzles: error: {envelope}:1:1: a JSON envelope (what --format json prints), but toy reads no "
                "JSON input (its formats: number)\n")
        for args in (("toy", envelope), ("solve", envelope), ("solve", envelope, "--puzzle", "toy")):
            result = run_cli(*args)
            assert result.code == 2 and result.err == said, args
    finally:
        remove()


def test_an_empty_file_is_empty_input_whatever_the_plugins_readers_say(tmp_path: Path) -> None:
    """'solve' of an empty file said 'empty input' once only while every puzzle's reader said so; a plugin whose
    reader sniffs said 'not a toy puzzle in any format', and the line listed every puzzle's complaint instead."""
    remove = registry.register(_sniffing_toy_spec())
    try:
        empty = tmp_path / "empty.txt"
        empty.write_text("  \n\n")
        assert run_cli("solve", empty).err == f"satpuzzles: error: {empty}:1:1: empty input: no puzzle found\n"
    finally:
        remove()
