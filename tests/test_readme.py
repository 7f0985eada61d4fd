"""The README cannot go stale: its Python examples, its quick start and its table of puzzles are all checked, and
so are the solving commands of its `sh` blocks and of docs/formats.md, that page's JSON envelope example and
docs/batch.md's example of a report's `options`; every option of a command shown anywhere in the docs exists.

``python -m tests.test_readme --write`` (``make readme``) rewrites the table of puzzles from the registry.
"""

from __future__ import annotations

import doctest
import os
from collections.abc import Iterator
from contextlib import contextmanager
import re
import subprocess
import sys
from pathlib import Path

import pytest

from satpuzzles.core import registry
from tests.conftest import ROOT, mask_timings, run_cli

README = ROOT / "README.md"
TABLE_START, TABLE_END = "<!-- puzzles:start", "<!-- puzzles:end"


OURS = ("satpuzzles.", "satpuzzles_masyu:")
"""How the entry points of this repository's puzzles begin: the built-in ones and the example plugin."""


@contextmanager
def repository_puzzles_only() -> Iterator[None]:
    """The registry without the puzzle plugins installed from outside this repository, which the README does not
    list (with one installed beside it, the table and the ``puzzle_names()`` example failed, and ``make readme``
    would have written it into the table)."""
    table = registry._table()
    registry._entries = {name: value for name, value in table.items() if value.strip().startswith(OURS)}
    try:
        yield
    finally:
        registry._entries = table


def puzzle_table() -> str:
    """The markdown table ``satpuzzles puzzles --markdown`` prints for this repository's puzzles."""
    with repository_puzzles_only():
        return run_cli("puzzles", "--markdown").out


def with_table(text: str, table: str) -> str:
    """The README text with its table of puzzles replaced."""
    start = text.index("\n", text.index(TABLE_START)) + 1
    return text[:start] + table + text[text.index(TABLE_END):]


def console_examples(text: str) -> list[tuple[str, str]]:
    """Every ``$ command`` of the README's console blocks with the output printed under it."""
    examples = []
    for block in re.findall(r"```console\n(.*?)```", text, re.DOTALL):
        for chunk in re.split(r"^\$ ", block, flags=re.MULTILINE)[1:]:
            command, _, output = chunk.partition("\n")
            examples.append((command, output))
    return examples


def test_python_api_examples_in_the_readme_run() -> None:
    with repository_puzzles_only():
        failures, tried = doctest.testfile(str(README), module_relative=False,
                                           optionflags=doctest.NORMALIZE_WHITESPACE)
    assert tried > 10 and failures == 0


def test_the_table_of_puzzles_is_the_registry() -> None:
    text = README.read_text()
    assert with_table(text, puzzle_table()) == text, "run `make readme` to rewrite the table from the registry"


EXAMPLES = console_examples(README.read_text())


@pytest.mark.parametrize(("command", "output"), EXAMPLES, ids=[command[:40] for command, _ in EXAMPLES])
def test_quick_start_commands_print_what_the_readme_shows(command: str, output: str, tmp_path: Path) -> None:
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}
    env.pop("FORCE_COLOR", None)
    (tmp_path / "instances").symlink_to(ROOT / "instances", target_is_directory=True)  # files it writes stay here
    done = subprocess.run(["bash", "-c", command], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert mask_timings(done.stdout) == mask_timings(output)


def test_there_are_quick_start_examples_for_every_built_in_puzzle() -> None:
    commands = " ".join(command for command, _ in EXAMPLES)
    assert all(name in commands for name in ("numberlink", "slitherlink", "minesweeper", "solve", "generate"))


if __name__ == "__main__" and sys.argv[1:] == ["--write"]:
    README.write_text(with_table(README.read_text(), puzzle_table()))


def test_the_exit_code_table_lists_every_exit_status() -> None:
    from satpuzzles.core.errors import ExitStatus

    text = README.read_text(encoding="utf-8")
    table = text[text.index("### Exit codes"):text.index("### Pictures")]
    codes = {int(code) for row in re.findall(r"^\| ([\d, ]+) \|", table, re.M) for code in row.split(",")}
    assert codes == {int(status) for status in ExitStatus} | {129}


def test_the_doctests_in_the_package_run() -> None:
    """Every module of the package with examples in its docstrings (the API's) runs them, so they cannot rot."""
    import importlib

    modules = sorted(path for path in (ROOT / "satpuzzles").rglob("*.py") if ">>>" in path.read_text())
    assert ROOT / "satpuzzles" / "api.py" in modules
    for path in modules:
        name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        failures, tried = doctest.testmod(importlib.import_module(name), optionflags=doctest.NORMALIZE_WHITESPACE)
        assert tried > 0 and failures == 0, name


DOCS = ROOT / "docs"


def sh_commands(path: Path) -> list[str]:
    """The ``satpuzzles ...`` lines of a document's ``sh`` blocks (comments after ``#`` dropped)."""
    text = path.read_text(encoding="utf-8")
    lines = (line.split("  #")[0].strip() for block in re.findall(r"```sh\n(.*?)```", text, re.DOTALL)
             for line in block.splitlines())
    return [line for line in lines if line.startswith("satpuzzles ")]


SOLVING_EXAMPLES = [command for path in (README, DOCS / "formats.md") for command in sh_commands(path)
                    if not command.startswith(("satpuzzles batch", "satpuzzles --help"))]


@pytest.mark.parametrize("command", SOLVING_EXAMPLES, ids=[command[11:50] for command in SOLVING_EXAMPLES])
def test_the_solving_examples_of_the_readme_and_the_formats_page_run(command: str, tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """Each shown command answers (solved, or proved unsolvable) and writes the files it names."""
    import shlex

    (tmp_path / "instances").symlink_to(ROOT / "instances", target_is_directory=True)
    args = shlex.split(command)[1:]
    monkeypatch.chdir(tmp_path)
    result = run_cli(*args)
    assert result.code in (0, 1) and result.err == "", result.err
    for flag in ("--svg", "--svg-puzzle", "-o", "-r"):
        if flag in args:
            assert (tmp_path / args[args.index(flag) + 1]).stat().st_size > 0


def test_the_json_envelope_example_has_the_members_the_tool_prints() -> None:
    """docs/formats.md's example envelope (Numberlink, instance_9.txt) lists the real members and statistics."""
    import json

    text = (DOCS / "formats.md").read_text(encoding="utf-8")
    shown = re.search(r"```json\n(.*?)```", text, re.DOTALL)
    assert shown is not None
    result = run_cli("numberlink", "-i", ROOT / "instances/numberlink/seed/instance_9.txt", "--format", "json")
    record = json.loads(result.out)
    example = json.loads(re.sub(r",\s*\.\.\.", "", shown.group(1)))  # the elisions dropped, the rest is JSON
    assert list(example) == list(record) and list(example["stats"]) == list(record["stats"])
    assert list(example["solution"]) == list(record["solution"]) and example["solution"]["board"] == \
        record["solution"]["board"]


def test_the_batch_options_example_is_what_a_batch_without_options_records() -> None:
    """docs/batch.md's `options` column example is the object a plain batch of a Numberlink file writes."""
    import json

    text = (DOCS / "batch.md").read_text(encoding="utf-8")
    shown = re.search(r"`(\{\"analyze\": [^`]*)`", text)
    assert shown is not None
    result = run_cli("batch", ROOT / "instances/numberlink/seed/instance_1.txt", "--format", "json", "-j", "1")
    assert result.code == 0, result.err
    assert json.loads(result.out)["options"] == json.loads(shown.group(1))


def test_the_partial_analysis_lines_the_docs_quote_are_worded_as_the_tool_words_them() -> None:
    """Every `Analysis = partial (...)` the README and docs/ quote reads as the report prints one."""
    from satpuzzles.core.words import counted

    quoted = [(path.name, match) for path in (README, *sorted(DOCS.glob("*.md")))
              for match in re.findall(r"Analysis = partial \(timed out after \d+ s; (\d+ \S+) undecided\)",
                                      path.read_text(encoding="utf-8"))]
    assert quoted
    for name, count in quoted:
        assert count == counted(int(count.split()[0]), "decision"), (name, count)


def documented_commands() -> list[tuple[str, str]]:
    """(document, command line) for every ``satpuzzles ...`` the README, docs/ and the Masyu README show: the lines
    of their code blocks and the commands quoted in their text (each part of a pipeline a command of its own)."""
    commands = []
    for path in (README, *sorted(DOCS.glob("*.md")), ROOT / "examples/masyu/README.md"):
        text = path.read_text(encoding="utf-8").replace("\\|", "|")  # a pipe inside a table cell
        blocks = re.findall(r"```(?:sh|console)?\n(.*?)```", text, re.DOTALL)
        lines = [line.split("  #")[0].strip().removeprefix("$ ") for block in blocks for line in block.splitlines()]
        lines += re.findall(r"`(satpuzzles [^`]+)`", re.sub(r"```.*?```", "", text, flags=re.DOTALL))
        commands += [(path.name, part.strip()) for line in lines for part in re.split(r"\s(?:\||;|&&)\s", line)
                     if part.strip().startswith("satpuzzles ")]
    return commands


DOCUMENTED = documented_commands()


@pytest.mark.parametrize(("document", "command"), DOCUMENTED, ids=[f"{doc}:{cmd[11:50]}" for doc, cmd in DOCUMENTED])
def test_every_option_a_documented_command_gives_exists(document: str, command: str) -> None:
    """Each option of a command the docs show is one its subcommand has (a renamed or dropped flag fails here)."""
    import shlex

    import click

    from satpuzzles.cli.commands import cli

    words = shlex.split(command)[1:]
    words = words[:next((i for i, word in enumerate(words) if word[:1] in "<>" or word.startswith("2>")), len(words))]
    context = click.Context(cli)
    command_object: click.Command = cli
    while isinstance(command_object, click.Group) and words and not words[0].startswith("-"):
        name = words.pop(0)
        if name.isupper() or name == "...":  # a placeholder (`satpuzzles NAME [SOURCE]`): nothing to check
            return
        sub = command_object.get_command(context, name)
        assert sub is not None, f"{document}: `{command}`: {command_object.name} has no command {name!r}"
        command_object = sub
    names = {name for param in command_object.params for name in (*param.opts, *param.secondary_opts)}
    unknown = [word for word in words if word.startswith("-") and word != "-" and not re.fullmatch(r"-\d.*", word)
               and word.split("=")[0] not in names | {"--help", "-h", "--version"}]
    assert not unknown, f"{document}: `{command}`: {command_object.name} has no option {', '.join(unknown)}"


def heading_anchors(path: Path) -> set[str]:
    """The anchors GitHub gives a markdown file's headings (lower case, punctuation dropped, spaces to hyphens,
    ``-1``, ``-2`` ... after a repeated one)."""
    seen: dict[str, int] = {}
    anchors = set()
    text = re.sub(r"```.*?```", "", path.read_text(encoding="utf-8"), flags=re.DOTALL)
    for heading in re.findall(r"^#+ (.*)$", text, re.MULTILINE):
        slug = re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")
        anchors.add(f"{slug}-{seen[slug]}" if slug in seen else slug)
        seen[slug] = seen.get(slug, 0) + 1
    return anchors


def test_every_relative_link_between_the_docs_resolves() -> None:
    """Each `[text](path)` and `[text](path#anchor)` of the README, docs/, the Masyu README and instances/ names a
    file or folder that exists, and a heading of that file."""
    pages = [README, *sorted(DOCS.glob("*.md")), ROOT / "examples/masyu/README.md",
             *sorted((ROOT / "instances").rglob("*.md"))]
    broken = []
    for page in pages:
        text = re.sub(r"`[^`\n]*`", "", re.sub(r"```.*?```", "", page.read_text(encoding="utf-8"), flags=re.DOTALL))
        for link in re.findall(r"\]\(([^)\s]+)\)", text):
            if re.match(r"[a-z]+:", link):
                continue
            target, _, anchor = link.partition("#")
            path = (page.parent / target).resolve() if target else page
            if not path.exists() or (anchor and anchor not in heading_anchors(path)):
                broken.append(f"{page.relative_to(ROOT)}: ({link})")
    assert not broken


GENERATE_EXAMPLES = [(path.name, command.split(" | ")[0].split(" > ")[0])
                     for path in (README, DOCS / "generators.md", DOCS / "authors.md") for command in sh_commands(path)
                     if command.startswith("satpuzzles generate ")]


@pytest.mark.parametrize(("document", "command"), GENERATE_EXAMPLES,
                         ids=[f"{doc}:{cmd[20:60]}" for doc, cmd in GENERATE_EXAMPLES])
def test_the_generate_examples_of_the_docs_make_puzzles_that_read_back(document: str, command: str, tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """Each `satpuzzles generate ...` the docs show makes its puzzles, and they read back and solve: Numberlink's and
    Slitherlink's with exactly one solution (what docs/generators.md promises), Minesweeper's at all."""
    import shlex

    args = shlex.split(command)[1:]
    monkeypatch.chdir(tmp_path)
    made = run_cli(*args)
    assert made.code == 0 and "error" not in made.err, f"{document}: `{command}`: {made.err}"
    puzzle = args[1]
    if "-o" in args:
        name = Path(args[args.index("-o") + 1])
        texts = [path.read_text() for path in sorted(tmp_path.glob(f"{name.stem}*{name.suffix}"))]
        texts = [text for text in texts if len(text) < 100_000]  # the 1000x1000 Minesweeper board: written is enough
        assert texts or (tmp_path / name).stat().st_size > 0
    else:
        texts = [made.out]
    for text in texts:
        read = run_cli(puzzle, "-", *(() if puzzle == "minesweeper" else ("--unique",)), stdin=text)
        assert read.code == 0, f"{document}: `{command}`: {read.err}"
        puzzles = text.count(f"# puzzle: {puzzle}") or len(text.split())  # a text board's line, else URLs, one a line
        assert puzzle == "minesweeper" or read.out.count("Unique = True") == puzzles, read.out


def test_the_two_commands_are_makefile_targets_that_do_what_the_readme_says() -> None:
    """`make run` solves the bundled instance the README names and `make test` runs the whole suite (the Masyu
    plugin's tests included), each after setting up .venv/ (the install target)."""
    import tomllib

    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    targets = dict(re.findall(r"^([a-z-]+):([^\n]*(?:\n\t[^\n]*)*)", makefile, re.MULTILINE))
    block = re.search(r"## Two commands\n+```sh\n(.*?)```", README.read_text(encoding="utf-8"), re.DOTALL)
    assert block is not None
    said = dict(re.findall(r"^make (\w+) +# (.*)$", block.group(1), re.MULTILINE))
    assert set(said) == {"run", "test"} and all(target in targets for target in said)
    solved = re.search(r"solves (\S+)$", said["run"])
    assert solved is not None and (ROOT / solved.group(1)).is_file()
    assert targets["run"].split("\n")[0].split() == ["install"]
    assert f"$(BIN)/satpuzzles numberlink -i {solved.group(1)}" in targets["run"]
    assert "install" in targets["test"].split("\n")[0].split() and "$(BIN)/python -m pytest" in targets["test"]
    testpaths = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["pytest"]["ini_options"]["testpaths"]
    assert set(testpaths) == {"tests", "examples/masyu/tests"}
    assert targets["install"].split() == ["$(STAMP)"] and "\n\t$(PYTHON) -m venv $(VENV)\n" in makefile
    # setuptools' notice that compat editable installs are transitional filled a newcomer's `make run` with two
    # boxes of warnings before the answer: the install silences it (the install itself is unchanged)
    assert 'PYTHONWARNINGS="ignore:Compat editable installs" $(BIN)/pip install' in makefile
