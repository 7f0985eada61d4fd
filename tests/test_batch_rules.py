"""``satpuzzles batch``: each row records the rules its puzzle was solved under, and ``--resume`` keeps no row whose
puzzle this run would solve under other rules (real files, the real CLI, real solvers)."""

from __future__ import annotations

import csv
import json
import shutil
from pathlib import Path

import pytest

from satpuzzles.batch.report import COLUMNS, RULES_COLUMN
from tests.conftest import INSTANCES, run_cli
from tests.test_batch import jsonl, without_rules_record

NL = INSTANCES / "numberlink"
OPEN_ONLY = "1 1 .\n. . .\n. 2 2\n"
"""A board that has no solution under the fill rule (a cell no path can take) and one under the open rule."""
FILL = {"no_self_touch": False, "rules": "fill"}
OPEN = {"no_self_touch": False, "rules": "open"}


def rows_of(report: Path) -> list[dict]:
    """The report's rows, the rules parsed (CSV: JSON text, empty for none)."""
    if report.suffix == ".jsonl":
        return jsonl(report)
    with report.open(newline="") as handle:
        rows = list(csv.DictReader(handle))
    for row in rows:
        row[RULES_COLUMN] = json.loads(row[RULES_COLUMN]) if row.get(RULES_COLUMN) else None
    return rows


def keep_header_only(report: Path) -> None:
    """Delete every row of the report, as a user told to delete them does (a CSV report keeps its header)."""
    report.write_text(report.read_text().splitlines(keepends=True)[0] if report.suffix == ".csv" else "")


@pytest.mark.parametrize("suffix", [".jsonl", ".csv"])
def test_an_old_report_is_refused_for_a_board_whose_rules_line_it_did_not_read(tmp_path: Path, suffix: str) -> None:
    """The reproduced defect: a report made before '# rules:' lines were read ('rules' null meant a URL's type, else
    fill) holds 'unsolvable' for a board solved under fill; the board's line says open, under which it has a
    solution. Resuming must not keep that row beside the same board solved under open (it did, exit 0)."""
    board, twin = tmp_path / "numberlink-a.txt", tmp_path / "numberlink-b.txt"
    board.write_text(OPEN_ONLY)  # what the earlier version solved: the line unread
    report = tmp_path / f"r{suffix}"
    assert run_cli("batch", board, "--self-touch", "--report", report).code == 0  # no_self_touch stored false then
    without_rules_record(report)
    assert [row["status"] for row in rows_of(report)] == ["unsolvable"]
    board.write_text("# rules: open\n" + OPEN_ONLY)
    shutil.copy(board, twin)
    before = report.read_bytes()
    refused = run_cli("batch", board, twin, "--report", report, "--resume")
    assert refused.code == 2 and refused.out == "" and refused.err.count("\n") == 1
    line = 2 if suffix == ".csv" else 1
    assert f"{board} puzzle 1 records no rules, as an earlier satpuzzles wrote it" in refused.err
    assert "and its file's comment lines state rules 'open', which earlier versions ignored" in refused.err
    assert refused.err.endswith(f"delete it (line {line}) and resume to solve it again, or write a new report\n")
    assert report.read_bytes() == before  # nothing written, nothing solved
    keep_header_only(report)  # as the refusal says
    again = run_cli("batch", board, twin, "--report", report, "--resume")
    assert again.code == 0, again.err
    rows = rows_of(report)
    assert sorted((Path(row["file"]).name, row["status"], json.dumps(row[RULES_COLUMN])) for row in rows) == [  # -j 2
        ("numberlink-a.txt", "solved", json.dumps(OPEN)), ("numberlink-b.txt", "solved", json.dumps(OPEN))]


@pytest.mark.parametrize("suffix", [".jsonl", ".csv"])
def test_an_old_report_resumes_where_every_version_read_the_same_rules(tmp_path: Path, suffix: str) -> None:
    """Rows without the record are kept where no comment line changes their puzzle's rules: a board stating
    nothing, one whose '# rules: fill' line states what it would be anyway, a numlin URL (open by its type, read so
    by every version). A CSV report gets the rules column, its earlier rows' cells empty and otherwise as they were."""
    plain, fill, url = tmp_path / "numberlink-plain.txt", tmp_path / "numberlink-fill.txt", tmp_path / "n.url"
    shutil.copy(NL / "seed" / "instance_1.txt", plain)
    fill.write_text("# rules: fill\n" + OPEN_ONLY)
    shutil.copy(NL / "pzprjs" / "numlin_test_5x5.url", url)
    report = tmp_path / f"r{suffix}"
    assert run_cli("batch", plain, fill, url, "--self-touch", "--report", report, "-j", "1").code == 0
    without_rules_record(report)
    old = report.read_bytes()
    result = run_cli("batch", plain, fill, url, NL / "seed" / "instance_9.txt", "--report", report, "--resume")
    assert result.code == 0, result.err
    assert "3 of them from the report's earlier runs" in result.out
    rows = rows_of(report)
    assert [row.get(RULES_COLUMN) for row in rows] == [None, None, None, FILL]
    if suffix == ".csv":
        lines, earlier = report.read_bytes().split(b"\r\n"), old.split(b"\r\n")
        assert lines[0] == earlier[0] + b",rules"
        assert lines[1:4] == [line + b"," for line in earlier[1:4]]  # each earlier row's cells kept
    else:
        assert report.read_bytes().startswith(old)


@pytest.mark.parametrize("suffix", [".jsonl", ".csv"])
def test_each_row_records_its_rules_and_the_report_resumes_as_it_is(tmp_path: Path, suffix: str) -> None:
    stated_open, stated_fill = tmp_path / "numberlink-open.txt", tmp_path / "numberlink-nst.txt"
    stated_open.write_text("# rules: open\n" + OPEN_ONLY)
    stated_fill.write_text("# rules: fill, no-self-touch\n" + (NL / "seed" / "instance_1.txt").read_text())
    files = [stated_open, stated_fill, NL / "pzprjs" / "numlin_test_5x5.url", NL / "pzprjs" / "arukone_test_4x4.url",
             INSTANCES / "slitherlink" / "puzzlekit" / "1005_10x18.txt"]
    report = tmp_path / f"r{suffix}"
    first = run_cli("batch", *files, "--report", report, "-j", "2")
    assert first.code == 0, first.err
    records = {Path(row["file"]).name: (row["status"], row[RULES_COLUMN]) for row in rows_of(report)}
    assert records == {"numberlink-open.txt": ("solved", OPEN),
                       "numberlink-nst.txt": ("solved", {"no_self_touch": True, "rules": "fill"}),
                       "numlin_test_5x5.url": ("solved", OPEN), "arukone_test_4x4.url": ("solved", FILL),
                       "1005_10x18.txt": ("solved", None)}  # a puzzle without rule sets records none
    text = report.read_text()
    if suffix == ".csv":
        assert text.splitlines()[0] == ",".join([*COLUMNS, RULES_COLUMN])
        assert ',"{""no_self_touch"":false,""rules"":""open""}"\n' in text  # compact JSON, keys sorted
    again = run_cli("batch", *files, "--report", report, "--resume")
    assert again.code == 0 and "5 of them from the report's earlier runs" in again.out
    assert report.read_text() == text
    printed = run_cli("batch", NL / "seed" / "instance_1.txt", "--rules", "open", "--no-self-touch", "--format", "json")
    assert json.loads(printed.out)[RULES_COLUMN] == {"no_self_touch": True, "rules": "open"}  # as given


@pytest.mark.parametrize("suffix", [".jsonl", ".csv"])
def test_a_row_whose_board_now_states_other_rules_is_not_kept(tmp_path: Path, suffix: str) -> None:
    """The board's rules changed between runs (its '# rules:' line added, then changed): its row is not resumed
    but named, with the lines to delete; a row of a file this run does not read is kept as it is."""
    board, other = tmp_path / "numberlink-a.txt", tmp_path / "numberlink-b.txt"
    board.write_text(OPEN_ONLY)
    shutil.copy(NL / "seed" / "instance_1.txt", other)
    report = tmp_path / f"r{suffix}"
    assert run_cli("batch", other, board, "--report", report, "-j", "1").code == 0
    assert [row[RULES_COLUMN] for row in rows_of(report)] == [FILL, FILL]
    before = report.read_bytes()
    board.write_text("# rules: open\n" + OPEN_ONLY)
    line = 3 if suffix == ".csv" else 2
    refused = run_cli("batch", other, board, "--report", report, "--resume")
    assert refused.code == 2 and refused.err.count("\n") == 1 and report.read_bytes() == before
    assert f"holds 1 row not known to be solved under the rules this run gives its puzzle ({board} puzzle 1: rules 'fill' " \
           f"there, 'open' here): delete it (line {line})" in refused.err
    board.write_text("# rules: fill, no-self-touch\n" + OPEN_ONLY)
    refused = run_cli("batch", board, "--report", report, "--resume")
    assert refused.code == 2 and f"{board} puzzle 1: no_self_touch False there, True here" in refused.err
    assert run_cli("batch", other, "--report", report, "--resume").code == 0  # the board is not in this batch
    lines = report.read_text().splitlines(keepends=True)
    report.write_text("".join(lines[:line - 1] + lines[line:]))  # its row deleted, as the refusal says
    again = run_cli("batch", other, board, "--report", report, "--resume")
    assert again.code == 0 and "1 of them from the report's earlier runs" in again.out
    assert rows_of(report)[-1][RULES_COLUMN] == {"no_self_touch": True, "rules": "fill"}


def test_a_refusal_names_three_rows_and_every_line_to_delete(tmp_path: Path) -> None:
    """Several rows under other rules: the first three named, the rest counted, every line to delete given."""
    boards = [tmp_path / f"numberlink-{n}.txt" for n in range(5)]
    for board in boards:
        board.write_text(OPEN_ONLY)
    report = tmp_path / "r.jsonl"
    assert run_cli("batch", *boards, "--report", report, "-j", "1").code == 0
    for board in boards:
        board.write_text("# rules: open\n" + OPEN_ONLY)
    refused = run_cli("batch", *boards, "--report", report, "--resume")
    assert refused.code == 2 and "holds 5 rows not known to be solved under the rules this run gives their puzzles" in refused.err
    assert refused.err.count("rules 'fill' there, 'open' here") == 3 and "; and 2 more rows)" in refused.err
    assert "delete them (lines 1-5) and resume to solve them again" in refused.err


@pytest.mark.parametrize(("suffix", "damage", "why"), [
    (".csv", lambda text: text.replace('"{""no_self_touch"":false,""rules"":""fill""}"', "fill"), "its rules are not JSON"),
    (".jsonl", lambda text: text.replace('"rules": {"no_self_touch": false, "rules": "fill"}', '"rules": "fill"'),
     "its rules are not a JSON object"),
])
def test_a_damaged_rules_record_is_refused(tmp_path: Path, suffix: str, damage, why: str) -> None:  # noqa: ANN001
    report = tmp_path / f"r{suffix}"
    assert run_cli("batch", NL / "seed" / "instance_1.txt", "--report", report).code == 0
    damaged = damage(report.read_text())
    assert damaged != report.read_text()
    report.write_text(damaged)
    refused = run_cli("batch", NL / "seed" / "instance_1.txt", "--report", report, "--resume")
    assert refused.code == 2 and why in refused.err and "it was left as it is" in refused.err
    assert report.read_text() == damaged
