"""Our puzz.link URL reading and writing against pzprjs' own code, run by node (a QA campaign, not a CI test).

pzprjs' src/pzpr/parser.js and src/variety-common/Encode.js are loaded from a checkout (robx/pzprjs, what
puzz.link runs; x-sheep/pzprjs, pzprxs.vercel.app's, has the same files) with puzz.link's page step in front
(src-ui/js/ui/Boot.js: location.search, its KEY=VALUE& options passed over). Three checks:

- random URLs of numlin, arukone and slither (hosts, options, _edit/_play, aliases, v:, flags, wide numbers,
  runs, '.', bodies cut short or with stray characters, tails such as '&x=1', '//', '?fbclid=', fragments):
  every URL we read must give the cells, size and flags pzprjs gives; those we refuse are counted by reason;
- random boards written by our encoders and by pzprjs' encoders must be the same text, read back alike;
- every bundled Numberlink (fill and open) and Slitherlink puzzle: --to-url, read back by us and by pzprjs.

    python bench/pzprjs_urls.py --pzprjs /path/to/pzprjs [--count 2000] [--seed 1]

Prints the counts and every mismatch; exit status 1 when there is one.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
import warnings
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import satpuzzles  # noqa: E402
from satpuzzles.core.errors import InputError  # noqa: E402
from satpuzzles.geometry import Grid  # noqa: E402
from satpuzzles.io.puzzlink import MAX_NUMBER, decode_number16, encode_number16, read_head, url  # noqa: E402
from satpuzzles.io.textgrid import Line  # noqa: E402
from satpuzzles.puzzles.numberlink.url import URL_TYPES as NUMLIN_TYPES  # noqa: E402
from satpuzzles.puzzles.slitherlink import url as slither  # noqa: E402
from satpuzzles.puzzles.slitherlink.model import SlitherlinkInstance  # noqa: E402

DRIVER = r"""
const fs = require("fs"), src = process.argv[2], enc = {};
global.pzpr = {classmgr: {makeCommon: (o) => Object.assign(enc, o.Encode)}, MetaData: function () {},
  variety: {toPID: (n) => ({numberlink: "numlin", slitherlink: "slither"}[n] ||
                            (["numlin", "arukone", "slither"].includes(n) ? n : ""))}};
eval(fs.readFileSync(src + "/src/pzpr/parser.js", "utf8"));
eval(fs.readFileSync(src + "/src/variety-common/Encode.js", "utf8"));
function decode(url) {
  const q = url.indexOf("?"); if (q < 0) return {error: "no query"};
  let s = url.slice(q + 1).split("#")[0], m;
  while ((m = s.match(/^(\w+)\=(\w+)\&(.*)/))) s = m[3];
  const pzl = pzpr.parser.parseURL(s);
  if (!pzl.pid) return {error: "no puzzle type"};
  if (!(pzl.cols > 0 && pzl.rows > 0)) return {error: "no size"};
  const cells = Array.from({length: pzl.cols * pzl.rows}, () => ({qnum: -1}));
  const e = Object.assign({}, enc, {board: {cell: cells}, outbstr: pzl.body || "", pflag: pzl.pflag || ""});
  if (pzl.pid === "slither") e.decode4Cell(); else e.decodeNumber16();
  return {pid: pzl.pid, pflag: pzl.pflag || "", cols: pzl.cols, rows: pzl.rows, q: cells.map((c) => c.qnum)};
}
function encode(job) {
  const e = Object.assign({}, enc, {board: {cell: job.q.map((v) => ({qnum: v}))}, outbstr: ""});
  if (job.pid === "slither") e.encode4Cell(); else e.encodeNumber16();
  const pzl = new pzpr.parser.URLData("");
  Object.assign(pzl, {type: pzl.URL_PZPRV3, pid: job.pid, pflag: job.pflag || null, cols: job.cols,
                      rows: job.rows, body: e.outbstr});
  return {url: "https://puzz.link/p?" + job.pid + "/" + pzl.outputURLData()};
}
const jobs = JSON.parse(fs.readFileSync(0, "utf8"));
process.stdout.write(JSON.stringify(jobs.map((job) => {
  try { return job.url !== undefined ? decode(job.url) : encode(job); } catch (err) { return {error: String(err)}; }
})));
"""
HEX = "0123456789abcdef"
WIDE = {"-": 2, "+": 3, "=": 3, "@": 3, "%": 3, "*": 4, "$": 5}
HOSTS = ["https://puzz.link/p?", "http://pzv.jp/p.html?", "https://pzprxs.vercel.app/p?", "puzz.link/p?",
         "https://puzz.link/p?type=player&", "https://puzz.link/p?embed=1&type=editor&", "https://puzz.link/p?x?",
         "https://puzz.link/p?a=1&b?type=editor&"]
TAILS = ["", "", "", "/", "//", "&x=1", "&fbclid=IwAR0", "?fbclid=IwAR0", "?numlin/2/1/11", "#top", "/#x", "&a=b/c"]
STRAY = ["&", "/", "?", "!", "&x=1", "=", "A", "G", ".", " ", "%2F"]


class Pzprjs:
    """pzprjs' parser and encoders in one node process per batch of jobs."""

    def __init__(self, checkout: Path) -> None:
        self.checkout = checkout
        self.driver = Path(tempfile.mkdtemp()) / "pzprjs_urls.js"
        self.driver.write_text(DRIVER)

    def run(self, jobs: list[dict[str, object]]) -> list[dict[str, object]]:
        """pzprjs' answer to each job: a URL decoded ({"url": ...}) or a board encoded ({"pid", "cols", ...})."""
        done = subprocess.run(["node", str(self.driver), str(self.checkout)], input=json.dumps(jobs),
                              capture_output=True, text=True, check=True)
        return list(json.loads(done.stdout))


def random_body(rng: random.Random, numbers: bool, size: int, strays: bool) -> str:
    """A body of about ``size`` cells; with ``strays`` some are cut short, stray characters, bad wide numbers."""
    out, cells, stray = [], 0, strays and rng.random() < .3
    while cells < size + (rng.randrange(3) if strays and rng.random() < .2 else 0):
        draw = rng.random()
        if stray and draw < .05:
            out.append(rng.choice(STRAY))
            continue
        if numbers and draw < .3 or not numbers and draw < .35:
            out.append(rng.choice(HEX if numbers else "01234"))
            cells += 1
        elif numbers and draw < .4:
            prefix = rng.choice(list(WIDE))
            digits = rng.randrange(WIDE[prefix]) if strays and rng.random() < .1 else WIDE[prefix]
            out.append(prefix + "".join(rng.choice(HEX + "ABCDEF" if rng.random() < .2 else HEX)
                                        for _ in range(digits)))
            cells += 1
        elif not numbers and draw < .6:
            skip = 1 if draw < .5 else 2
            out.append(rng.choice("56789" if skip == 1 else "abcde"))
            cells += 1 + skip
        elif draw < .65:
            out.append(".")
            cells += 1
        else:
            run = rng.randrange(1, 21)
            out.append(chr(ord("f") + run))
            cells += run
        if strays and rng.random() < .03:
            break
    return "".join(out)


def random_url(rng: random.Random, kind: str, strays: bool) -> str:
    """A URL of ``kind`` as a fan might paste it (``strays``: with the faults of hand-edited ones)."""
    width, height = rng.randrange(1, 25), rng.randrange(1, 25)
    flags = {"arukone": "e/", "slither": "f/"}.get(kind, "") if rng.random() < .3 else ""
    alias = rng.choice({"numlin": ["numlin", "numberlink"], "slither": ["slither", "slitherlink"]}.get(kind, [kind]))
    return (f"{rng.choice(HOSTS)}{alias}{rng.choice(['', '', '_edit', '_play'])}/{'v:abc/' * (rng.random() < .05)}"
            f"{flags}{width}/{height}/{random_body(rng, kind != 'slither', width * height, strays)}"
            f"{rng.choice(TAILS)}")


def our_cells(text: str, kind: str) -> dict[str, object]:
    """What our reader makes of a URL, in pzprjs' terms (qnum per cell: -1 none, -2 a '?')."""
    line = Line(1, text)
    if kind == "slither":
        head = read_head(line, slither.URL_TYPES, "Slitherlink", slither.FLAGS)
        clues, unknown = slither._decode_body(head)
        cells = {r * head.width + c: value for (r, c), value in clues.items()} | \
            {r * head.width + c: -2 for r, c in unknown}
    else:
        head = read_head(line, NUMLIN_TYPES, "Numberlink", {"e": "cells may stay empty"})
        cells = {index: -2 if value is None else value for index, (value, _) in decode_number16(head).items()}
    return {"cols": head.width, "rows": head.height, "pflag": head.flags,
            "q": [cells.get(index, -1) for index in range(head.size)]}


def check_decoding(js: Pzprjs, rng: random.Random, count: int, strays: bool, bad: list[str]) -> None:
    """Random URLs read by us and by pzprjs: the same board wherever we read one."""
    urls = [(kind, random_url(rng, kind, strays)) for kind in ("numlin", "arukone", "slither") for _ in range(count)]
    same, refused = 0, Counter[str]()
    for (kind, text), theirs in zip(urls, js.run([{"url": text} for _, text in urls])):
        try:
            ours = our_cells(text, kind)
        except InputError as exc:
            refused[exc.message.split(":")[0][:50] + ("" if "q" in theirs else " (pzprjs too)")] += 1
            continue
        if ours != {key: theirs.get(key) for key in ours}:
            bad.append(f"decoded differently: {text}")
        else:
            same += 1
    print(f"{'hand-edited' if strays else 'clean'} URLs: {same} read as pzprjs reads them, {sum(refused.values())} "
          f"refused, {len(bad)} mismatches so far")
    for reason, times in refused.most_common():
        print(f"    refused {times:6d}  {reason}")


def check_encoding(js: Pzprjs, rng: random.Random, count: int, bad: list[str]) -> None:
    """Random boards (numbers up to Number16's largest, '?' clues, 'f'): our URL is pzprjs' URL, read back alike."""
    jobs: list[dict[str, object]] = []
    ours: list[str] = []
    for _ in range(count):
        width, height, density = rng.randrange(1, 40), rng.randrange(1, 40), rng.random()
        bound = rng.choice([16, 256, 4096, 8192, 12240, 77776, MAX_NUMBER + 1])
        numbers = [rng.randrange(bound) if rng.random() < density else -1 for _ in range(width * height)]
        jobs.append({"pid": "numlin", "cols": width, "rows": height, "q": numbers})
        ours.append(url("numlin", width, height, encode_number16([None if v < 0 else v for v in numbers])))
        clues = [rng.choice([0, 1, 2, 3, 4, -2]) if rng.random() < density else -1 for _ in range(width * height)]
        visit_all = rng.random() < .3
        jobs.append({"pid": "slither", "cols": width, "rows": height, "q": clues, "pflag": "f" * visit_all})
        cells = list(Grid(height, width).cells())
        ours.append(slither.to_url(SlitherlinkInstance(
            Grid(height, width), {cells[i]: v for i, v in enumerate(clues) if v >= 0},
            frozenset(cells[i] for i, v in enumerate(clues) if v == -2), visit_all, 1)))
    theirs = [str(answer["url"]) for answer in js.run(jobs)]
    for job, mine, text, back in zip(jobs, ours, theirs, js.run([{"url": text} for text in theirs])):
        if mine != text or back.get("q") != job["q"] or our_cells(text, str(job["pid"]))["q"] != job["q"]:
            bad.append(f"encoded differently: ours {mine[:100]} pzprjs {text[:100]}")
    print(f"boards written: {len(jobs)} (numlin and slither), {len(bad)} mismatches so far")


def _pairs(cells: dict[tuple[int, int], object]) -> list[tuple[tuple[int, int], ...]]:
    found: dict[object, list[tuple[int, int]]] = {}
    for cell, label in cells.items():
        found.setdefault(label, []).append(cell)
    return sorted(tuple(sorted(pair)) for pair in found.values())


def check_bundled(js: Pzprjs, bad: list[str]) -> None:
    """Every bundled puzzle -> URL -> read back by us and by pzprjs: the same board, pairs and rules."""
    written: list[tuple[str, object, str, str]] = []
    for name in ("numberlink", "slitherlink"):
        for path in sorted((ROOT / "instances" / name).rglob("*")):
            if not path.is_file() or path.suffix in (".sol", ".md", ".json"):
                continue
            for puzzle in satpuzzles.read(path, name):
                for rules in (["fill", "open"] if name == "numberlink" else [""]):
                    options = {"rules": rules} if rules else {}
                    written.append((name, puzzle.instance, rules, puzzle.write("url", **options)))
    for (name, instance, rules, text), theirs in zip(written, js.run([{"url": text} for *_, text in written])):
        back = satpuzzles.read(text, name)[0].instance
        cols = int(theirs.get("cols") or 1)
        marks = {divmod(i, cols): v for i, v in enumerate(theirs.get("q") or []) if v != -1}
        if name == "numberlink":
            ok = (back.grid == instance.grid and _pairs(back.givens) == _pairs(instance.givens) == _pairs(marks)
                  and back.rules == rules and theirs.get("pid") == ("arukone" if rules == "fill" else "numlin"))
        else:
            mine = dict(instance.clues) | {cell: -2 for cell in instance.unknown}
            ok = (back.clues, back.unknown, back.visit_all) == (instance.clues, instance.unknown, instance.visit_all) \
                and marks == mine and (theirs.get("pflag") == "f") == instance.visit_all
        if not ok:
            bad.append(f"bundled puzzle changed: {text[:120]}")
    print(f"bundled puzzles written and read back: {len(written)}, {len(bad)} mismatches so far")


def main() -> int:
    """Run the three checks; 1 when any mismatch was found."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pzprjs", type=Path, required=True, help="a pzprjs checkout (its src/ folder is read)")
    parser.add_argument("--count", type=int, default=2000, help="random URLs and boards per puzzle type")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    warnings.simplefilter("ignore")  # what a URL cannot say (no-self-touch) is no concern here
    js, rng, bad = Pzprjs(args.pzprjs), random.Random(args.seed), []
    check_decoding(js, rng, args.count, False, bad)
    check_decoding(js, rng, args.count, True, bad)
    check_encoding(js, rng, args.count, bad)
    check_bundled(js, bad)
    for mismatch in bad[:50]:
        print(mismatch)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
