"""A puzz.link URL or file of a type no registered puzzle reads is one line naming the type and the types read."""

from __future__ import annotations

import json
from pathlib import Path

from satpuzzles.core import registry
from tests.conftest import INSTANCES, run_cli


def _one_line_error(*args: object, stdin: str | None = None) -> str:
    result = run_cli(*args, stdin=stdin)
    assert result.code == 2 and result.out == "", (result.code, result.out, result.err)
    assert len(result.err.splitlines()) == 1 and "Traceback" not in result.err, result.err
    return result.err


def _declared(kind: str) -> list[str]:
    """The types each registered puzzle's reader of ``kind`` (url, pzprv3) declares, as the error lists them."""
    from satpuzzles.io.puzzlink import ForeignUrl

    found = []
    text = "https://puzz.link/p?zzz/1/1/" if kind == "url" else "pzprv3\nzzz\n1\n1\n. \n"
    for name, puzzle in registry.puzzles().items():
        for reader in puzzle.readers:
            if reader.name == kind:
                try:
                    reader.read(text)
                except ForeignUrl as exc:
                    found.append(f"{', '.join(exc.types)} ({name})")
    return found


def _listed(declared: list[str]) -> str:
    """The readers as the error lists them: 'a and b', or 'a, b and c'."""
    return " and ".join(declared) if len(declared) < 3 else f"{', '.join(declared[:-1])} and {declared[-1]}"


def test_a_url_of_a_type_no_puzzle_reads_is_one_line_listing_the_types_read() -> None:
    url = "https://puzz.link/p?nurikabe/3/3/g1h"
    err = _one_line_error("solve", url)
    assert err.startswith(f"satpuzzles: error: {url}:1:21: a puzz.link 'nurikabe' puzzle, a type this tool does not "
                          "read: it reads puzz.link URLs of types ")
    for declared in _declared("url"):  # every registered puzzle's, plugins' too: none hard-coded
        assert declared in err
    assert "numlin, arukone, numberlink (numberlink)" in err and "mines (minesweeper)" in err
    assert "not a Numberlink URL" not in err and "name it with --puzzle" not in err


def test_a_file_of_a_type_no_puzzle_reads_is_one_line_listing_the_file_types_read(tmp_path: Path) -> None:
    path = tmp_path / "pearls.pzprv3"
    path.write_text("pzprv3\nmashu\n2\n2\n. . \n. . \n0 \n0 \n0 0 \n")
    err = _one_line_error("solve", path)
    assert err == (f"satpuzzles: error: {path}:2:1: a puzz.link 'mashu' puzzle, a type this tool does not read: it "
                   f"reads puzz.link files of types {_listed(_declared('pzprv3'))}\n")
    assert "numlin" in err and "slither" in err
    assert _one_line_error("solve", "-", stdin=path.read_text()).endswith(err.split(": ", 2)[2].split(":", 2)[2])


def test_a_type_one_puzzle_reads_is_still_that_puzzle_s_own_error() -> None:
    err = _one_line_error("solve", "https://puzz.link/p?slither/2/2/5!")
    assert "puzz.link 'slither' puzzle" not in err and "a type this tool does not read" not in err


_NUMLIN = "https://puzz.link/p?numlin/2/2/1g1\n"


def test_a_later_url_of_a_type_no_puzzle_reads_is_one_line_at_that_line(tmp_path: Path) -> None:
    path = tmp_path / "links.txt"
    path.write_text(_NUMLIN * 2 + "https://puzz.link/p?nurikabe/3/3/g1h\n")
    for command in ("solve", "batch"):
        err = _one_line_error(command, path) if command == "solve" else run_cli(command, "--format", "json", path).out
        assert (f"{path}:3:21: a puzz.link 'nurikabe' puzzle, a type this tool does not read: it reads puzz.link URLs "
                "of types ") in err, err
        assert all(declared in err for declared in _declared("url")) and "not a Slitherlink URL" not in err
    assert _one_line_error("numberlink", path) == (f"satpuzzles: error: {path}:3:21: not a Numberlink URL: puzzle "
                                                   "type 'nurikabe', expected 'numlin', 'arukone' or 'numberlink'\n")


def test_urls_of_two_types_puzzles_read_are_one_line_at_the_first_of_the_second(tmp_path: Path) -> None:
    path = tmp_path / "links.txt"
    path.write_text(_NUMLIN + "https://puzz.link/p?slither/2/2/h\n" + _NUMLIN)
    err = _one_line_error("solve", path)
    assert err == (f"satpuzzles: error: {path}:2:21: a puzz.link 'slither' puzzle, which slitherlink reads, after "
                   "numberlink puzzles (puzz.link URLs of types numlin, arukone, numberlink) on the lines above: one "
                   "file holds puzzles of one type; give it a file of its own\n")
    path.write_text("https://puzz.link/p?slither/2/2/h\n" + _NUMLIN)
    assert f"{path}:2:21: a puzz.link 'numlin' puzzle, which numberlink reads, after slitherlink" in _one_line_error(
        "solve", path)


def test_a_file_of_urls_of_another_type_names_the_command_that_reads_it(tmp_path: Path) -> None:
    # As a puzz.link file (pzprv3) of another type does: a typed URL points to 'satpuzzles solve', a file of them
    # said only that it was not a Numberlink URL.
    slither = tmp_path / "slither.url"
    slither.write_text("https://puzz.link/p?slither/5/5/cbcbcddad\nhttps://puzz.link/p?slither/4/4/dgdh2c71\n")
    assert _one_line_error("numberlink", slither) == (
        f"satpuzzles: error: {slither}:1:21: not a Numberlink URL: puzzle type 'slither', expected 'numlin', 'arukone' or 'numberlink'; "
        "'satpuzzles slitherlink FILE' reads it\n")
    assert _one_line_error("slitherlink", "-", stdin=_NUMLIN).endswith(
        "not a Slitherlink URL: puzzle type 'numlin', expected 'slither' or 'slitherlink'; 'satpuzzles numberlink FILE' reads it\n")
    broken = tmp_path / "broken.url"
    broken.write_text("https://puzz.link/p?slither/3/3/g~\n")
    assert _one_line_error("numberlink", broken).endswith(
        "'satpuzzles slitherlink FILE' reads its type, and refuses this file: 1:34: unknown character '~' in URL "
        "body: expected 0-9, a-e, g-z or '.'\n")
    # A file of two types, or of a type no puzzle reads, is refused as before: no command reads all of it.
    mixed = tmp_path / "mixed.url"
    mixed.write_text(_NUMLIN + "https://puzz.link/p?slither/4/4/dgdh2c71\n")
    assert _one_line_error("slitherlink", mixed) == (
        f"satpuzzles: error: {mixed}:1:21: not a Slitherlink URL: puzzle type 'numlin', expected 'slither' or 'slitherlink'\n")


def test_batch_with_a_named_puzzle_points_its_error_rows_to_the_puzzle_that_reads_the_file(tmp_path: Path) -> None:
    # As the puzzle commands do: a puzz.link file and a file of URLs of another type, given to batch --puzzle.
    pzprv3, urls = tmp_path / "s.pzprv3", tmp_path / "u.url"
    pzprv3.write_text((INSTANCES / "slitherlink" / "pzprjs" / "pzprjs_test_5x5.pzprv3").read_text())
    urls.write_text("https://puzz.link/p?slither/5/5/1j2h3m1h2j3\n")
    run = run_cli("batch", pzprv3, urls, "--puzzle", "numberlink", "--format", "json")
    rows = {Path(row["file"]).name: row for row in map(json.loads, run.out.splitlines()) if row.get("file")}
    assert {name: row["status"] for name, row in rows.items()} == {"s.pzprv3": "error", "u.url": "error"}
    for row in rows.values():
        assert row["error"].endswith("; 'satpuzzles slitherlink FILE' reads it"), row["error"]
