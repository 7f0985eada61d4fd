"""Fuzzing the readers of every registered puzzle: inputs (noise, mutations of real puzzles) and the property.

The property: any bytes given to a puzzle, in any of its formats, are read into puzzles,
or refused with one located line (InputError with a line number); a small puzzle read is
then solved, proved unsolvable or left unknown, every solution passing the puzzle's own
verifier; through the command line the exit status is one of the contract's 0-3 and
standard error holds at most one line, never an internal error. Shared by
tests/test_fuzz.py (bounded, deterministic) and bench/fuzz_campaign.py (long, random).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from satpuzzles.core import registry
from satpuzzles.core.errors import InputError
from satpuzzles.core.outcome import Settings
from satpuzzles.io.files import decode_input
from satpuzzles.io.reading import read_instances
from satpuzzles.solve.pipeline import solve

ROOT = Path(__file__).resolve().parent.parent
SMALL_CELLS = 64
"""Puzzles up to this many cells are solved in the property (larger ones are only read)."""
INPUT_CODES = {0, 1, 2, 3}
"""Exit statuses an input may cause: solved, unsolvable, bad input, unknown."""
ALPHABET = "0123456789.?-*F#ABCxyzgvaeft:/,;{}[]\" \t\n\r\x00é☃"
INSERTS: tuple[bytes, ...] = (
    b"9" * 5000, b"99999999999", b"-1", b"0", b"100000 100000", b"\x00", b"\xff\xfe", b"\xc3", b"\t", b"\r\n",
    b"\xef\xbb\xbf", b"[" * 3000, b"{" * 3000, b'{"width": 1e999}', b"NaN", b"https://puzz.link/p?", b"/", b":", b",",
    b"\xe2\x80\xa8", b"\x0b", b"\x1c", b"1e400", b"z" * 50,
)
"""What a mutation may insert: huge numbers, control bytes, bytes that are not UTF-8, deep nesting, line breaks."""


def names() -> list[str]:
    """Every registered puzzle (plugins included once installed)."""
    return registry.names()


def formats(name: str) -> list[str]:
    """The puzzle's --input-format choices."""
    return registry.get(name).input_formats


def seeds(name: str, max_bytes: int = 4096) -> list[bytes]:
    """Real puzzles to mutate: the puzzle's examples, their JSON and writer forms, small bundled instances."""
    puzzle = registry.get(name)
    found = [example.encode() for example in puzzle.examples]
    for example in puzzle.examples:
        for instance in read_instances(puzzle, example):
            if puzzle.json is not None:
                found.append(json.dumps({"puzzle": name, "input": puzzle.json.to_json(instance)}).encode())
            for writer in puzzle.writers:
                try:
                    found.append(writer.write(instance).encode())
                except ValueError:
                    pass
    folder = ROOT / "instances" / name
    if folder.is_dir():
        for path in sorted(folder.rglob("*")):
            if path.is_file() and path.suffix in (".txt", ".in", ".url", ".pzprv3") and path.stat().st_size <= max_bytes:
                found.append(path.read_bytes())
    return found


def mutate(data: bytes, rng: random.Random) -> bytes:
    """One to three mutations of ``data``: cuts, swaps, repeats, inserts, line ends (CRLF, lone CR), BOM, UTF-16,
    tabs."""
    for _ in range(rng.randint(1, 3)):
        at = rng.randint(0, len(data))
        kind = rng.randrange(11)
        if kind == 0:
            data = data[:at]
        elif kind == 1 and len(data) > 1:
            i, j = sorted(rng.sample(range(len(data)), 2))
            data = data[:i] + data[j:j + 1] + data[i + 1:j] + data[i:i + 1] + data[j + 1:]
        elif kind == 2:
            data = data[:at] + rng.choice(INSERTS) + data[at:]
        elif kind == 3:
            data = data.replace(b"\n", b"\r\n")
        elif kind == 4:
            data = b"\xef\xbb\xbf" + data
        elif kind == 5:
            data = data.replace(b" ", b"\t")
        elif kind == 6:
            end = min(len(data), at + rng.randint(1, 20))
            data = data[:at] + data[end:]
        elif kind == 7:
            lines = data.split(b"\n")
            if lines:
                k = rng.randrange(len(lines))
                lines.insert(k, lines[k])
            data = b"\n".join(lines)
        elif kind == 9:
            data = data.replace(b"\r\n", b"\n").replace(b"\n", b"\r")
        elif kind == 10:
            data = data.decode("utf-8", errors="replace").encode(rng.choice(["utf-16", "utf-16-le", "utf-16-be"]))
        else:
            data = data[:at] + bytes([rng.randrange(256)]) + data[at:]
    return data


def noise(rng: random.Random, name: str) -> bytes:
    """Text that looks a little like a puzzle: a head the readers know, then characters they read."""
    heads = ["", "3 3\n", "1\n3 3\n", "4x4t0:", "https://puzz.link/p?", f"https://puzz.link/p?{name}/3/3/",
             "https://puzz.link/p?slither/4/4/", "https://puzz.link/p?numlin/3/3/", '{"width": 3, "height": 3, "grid": ',
             f'{{"puzzle": "{name}", "input": ', "mines 3\n", "0 0\n"]
    body = "".join(rng.choice(ALPHABET) for _ in range(rng.randint(0, 120)))
    return (rng.choice(heads) + body).encode("utf-8", errors="surrogatepass")


@dataclass
class Verdict:
    """What one input did: ``kind`` is read, refused, solved, unsolvable, unknown, or bug (with the details)."""

    kind: str
    detail: str = ""


def _cells(name: str, instance: Any) -> int:
    view = registry.get(name).view
    if view.size is not None:
        rows, cols = view.size(instance)
        return rows * cols
    facts = view.facts(instance)
    width, height = facts.get("width"), facts.get("height")
    return width * height if isinstance(width, int) and isinstance(height, int) else SMALL_CELLS + 1


def check_input(name: str, data: bytes, input_format: str = "auto", solve_small: bool = True) -> Verdict:
    """The property for one input, read and (when small) solved in-process."""
    puzzle = registry.get(name)
    try:
        instances = read_instances(puzzle, decode_input(data), input_format)
    except InputError as exc:
        if "\n" in str(exc) or exc.line is None:
            return Verdict("bug", f"error not one located line: {str(exc)[:200]!r}")
        return Verdict("refused", exc.message[:80])
    except Exception as exc:  # noqa: BLE001 - what the property is about
        return Verdict("bug", f"{type(exc).__name__}: {str(exc)[:200]}")
    kind = "read"
    for instance in instances[:3] if solve_small else ():
        if _cells(name, instance) > SMALL_CELLS:
            continue
        try:
            outcome = solve(puzzle.rules, instance, Settings(), name)
        except Exception as exc:  # noqa: BLE001
            return Verdict("bug", f"solving: {type(exc).__name__}: {str(exc)[:200]}")
        problems = [p for solution in outcome.solutions for p in puzzle.rules.verify(instance, solution)]
        if problems:
            return Verdict("bug", f"a solution breaks the rules: {problems[0]}")
        kind = outcome.status
    return Verdict(kind)


def check_cli(run_cli: Callable[..., Any], name: str, data: bytes, extra: tuple[str, ...] = ()) -> Verdict:
    """The property through the real command line (in-process): exit status and standard error."""
    text = data.decode("utf-8", errors="replace")  # the runner passes text; bytes were checked by check_input
    result = run_cli(name, "-", *extra, stdin=text)
    if result.code not in INPUT_CODES:
        return Verdict("bug", f"exit status {result.code}: {result.err[:200]!r}")
    if result.err.count("\n") > 1 or "internal error" in result.err or "Traceback" in result.err:
        return Verdict("bug", f"standard error: {result.err[:300]!r}")
    return Verdict({0: "solved", 1: "unsolvable", 2: "refused", 3: "unknown"}[result.code])
