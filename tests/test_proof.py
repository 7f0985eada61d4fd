"""--proof: DRAT certificates of unsolvability and uniqueness, checked by an independent checker (dratify)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from dratify import check_proof, parse_dimacs
from pysat.solvers import Solver

from satpuzzles.solve.solver_names import PROOF_SOLVERS
from tests.conftest import INSTANCES, run_cli

NL = INSTANCES / "numberlink" / "seed"


def checks(cnf: Path, proof: Path, drop: str | None = None) -> bool:
    """Whether the proof refutes the CNF (without the section titled ``drop``, if given)."""
    lines = cnf.read_text().splitlines()
    if drop is not None:
        at = lines.index(f"c {drop}:")
        section = [line for line in lines[at + 1:] if not line.startswith("c ")]
        lines = lines[:at] + lines[at + 1 + len(section):]
        header = next(i for i, line in enumerate(lines) if line.startswith("p cnf"))
        _, _, variables, clauses = lines[header].split()
        lines[header] = f"p cnf {variables} {int(clauses) - len(section)}"
    result = check_proof(parse_dimacs("\n".join(lines) + "\n"), proof.read_text())
    return bool(result.ok and result.reached_empty)


def test_unsolvable_puzzle_certificate(tmp_path: Path) -> None:
    proof = tmp_path / "instance_4.drat"
    result = run_cli("numberlink", NL / "instance_4.txt", "--proof", proof)
    assert result.code == 1 and "Proof = DRAT proof that no solution exists" in result.out
    cnf = tmp_path / "instance_4.cnf"
    assert checks(cnf, proof)
    solvable = tmp_path / "instance_1.cnf"
    assert run_cli("numberlink", NL / "instance_1.txt", "--encoding", "complete", "-o", solvable).code == 0
    assert not checks(solvable, proof)  # the checker is no rubber stamp


def test_a_proof_named_cnf_keeps_its_name_and_its_formula_goes_beside_it(tmp_path: Path) -> None:
    proof = tmp_path / "refuted.cnf"
    assert run_cli("numberlink", NL / "instance_4.txt", "--proof", proof).code == 1
    assert checks(tmp_path / "refuted.cnf.cnf", proof)
    assert sorted(path.name for path in tmp_path.iterdir()) == ["refuted.cnf", "refuted.cnf.cnf"]


def test_a_board_an_argument_refutes_is_certified_by_its_formula(tmp_path: Path) -> None:
    """Without a proof the parity argument decides this 8x8 board; with one the complete encoding does. -o keeps the
    argument's answer and writes the complete encoding, which the argument proves unsatisfiable."""
    board = tmp_path / "parity.txt"
    rows = [["."] * 8 for _ in range(8)]
    rows[0][0] = rows[0][2] = "1"
    rows[7][7] = rows[5][7] = "2"
    board.write_text("\n".join("".join(row) for row in rows) + "\n")
    plain = run_cli("numberlink", board)
    assert plain.code == 1 and "encoding = parity argument" in plain.out
    proof = tmp_path / "parity.drat"
    result = run_cli("numberlink", board, "--proof", proof)
    assert result.code == 1 and "encoding = complete" in result.out
    assert checks(tmp_path / "parity.cnf", proof)
    dimacs = tmp_path / "formula.cnf"
    written = run_cli("numberlink", board, "-o", dimacs)
    assert written.code == 1 and "encoding = parity argument" in written.out
    header = dimacs.read_text().splitlines()[:2]
    assert header[0] == "c satpuzzles numberlink, encoding parity argument"
    assert header[1].startswith("c the formula of the rules (the complete encoding, detached cycles left to the lazy")
    clauses = [[int(lit) for lit in line.split()[:-1]] for line in dimacs.read_text().splitlines()
               if line and not line.startswith(("c", "p"))]
    assert len(clauses) > 100
    with Solver(name="cadical195", bootstrap_with=clauses) as solver:
        assert solver.solve() is False


@pytest.mark.parametrize("solver", ["glucose4", "cadical195"])
def test_uniqueness_certificate_covers_cuts_and_blocks(tmp_path: Path, solver: str) -> None:
    """Glucose, used incrementally, leaves the empty clause out of its log when a clause added after a call is
    refuted by propagation alone: the certificate ends with it, and it checks."""
    proof = tmp_path / "loop.drat"
    source = INSTANCES / "slitherlink" / "pzprjs" / "puzzlekit_meta_10x10.url"
    result = run_cli("slitherlink", source, "--unique", "--proof", proof, "-s", solver)
    assert result.code == 0 and "Unique = True" in result.out and "besides the one shown" in result.out
    assert f"({solver}; the CNF beside it lists the cuts)" in result.out
    cnf = tmp_path / "loop.cnf"
    text = cnf.read_text()
    assert "c clauses added by the lazy-cut loop" in text and "c clauses blocking the solutions already found" in text
    assert checks(cnf, proof)
    assert not checks(cnf, proof, drop="clauses blocking the solutions already found")  # the solution itself exists


def test_minesweeper_proof_uses_the_whole_board_formula(tmp_path: Path) -> None:
    proof = tmp_path / "mines.drat"
    record = json.loads(run_cli("minesweeper", INSTANCES / "minesweeper" / "seed" / "small-unsat.in", "--proof",
                                proof, "--format", "json").out)
    assert record["status"] == "unsolvable" and record["stats"]["method"] == "cnf"
    assert record["proof"] == {"claim": "unsolvable", "solver": "glucose4"}  # minicard, its usual solver, logs none
    assert checks(tmp_path / "mines.cnf", proof)
    text = run_cli("minesweeper", INSTANCES / "minesweeper" / "seed" / "small-unsat.in", "--proof", proof).out
    assert "Proof = DRAT proof that no solution exists (glucose4)\n" in text  # Minesweeper has no cuts to list


def test_a_certificate_after_several_solutions_says_how_many_and_a_cut_count_says_why_there_is_none(
        tmp_path: Path) -> None:
    proof = tmp_path / "p.drat"
    janko = INSTANCES / "numberlink" / "janko-arukone" / "janko.txt"
    every = run_cli("numberlink", janko, "--index", "1", "--count", "1000", "--proof", proof).out
    assert "Solutions = 25 (all)" in every and "DRAT proof that no solution besides the 25 found exists" in every
    assert checks(tmp_path / "p.cnf", proof)
    stopped = run_cli("numberlink", janko, "--index", "1", "--count", "3", "--proof", proof).out
    assert "Proof = none: the search stopped at --count 3, more solutions may exist" in stopped
    assert "none needed" not in stopped


def test_the_json_claim_of_a_certificate_after_several_solutions_is_not_unique(tmp_path: Path) -> None:
    """--count N with every solution found certifies that there are no more: the JSON's proof claimed "unique" for a
    puzzle with 25 solutions, where the text report says "no solution besides the 25 found"."""
    proof = tmp_path / "p.drat"
    janko = INSTANCES / "numberlink" / "janko-arukone" / "janko.txt"
    record = json.loads(run_cli("numberlink", janko, "--index", "1", "--count", "1000", "--proof", proof,
                                "--format", "json").out)
    assert record["count"] == 25 and record["exhausted"] is True
    assert record["proof"] == {"claim": "exhausted", "solver": "glucose4"}
    one = json.loads(run_cli("numberlink", NL / "instance_1.txt", "--count", "5", "--proof", proof, "--format",
                             "json").out)
    assert one["count"] == 1 and one["proof"] == {"claim": "unique", "solver": "glucose4"}


def test_an_answer_that_claims_no_refutation_comes_from_the_puzzles_own_method(tmp_path: Path) -> None:
    """--unique finding a second solution, or --count N finding N, certifies nothing: the unique method answers (the
    whole-board formula took over 40 s to find janko.at #60's second solution); a unique puzzle is still proved."""
    proof = tmp_path / "p.drat"
    janko = INSTANCES / "numberlink" / "janko-arukone" / "janko.txt"
    for extra in (["--unique"], ["--count", "3"]):
        record = json.loads(run_cli("numberlink", janko, "--index", "1", *extra, "--proof", proof, "--format",
                                    "json").out)
        assert record["stats"]["method"] == "unique" and record["proof"] is None and not proof.exists(), extra
        assert record["count"] == (2 if extra == ["--unique"] else 3)
    unique = json.loads(run_cli("numberlink", NL / "instance_1.txt", "--unique", "--proof", proof, "--format",
                                "json").out)
    assert unique["unique"] is True and unique["proof"] == {"claim": "unique", "solver": "glucose4"}
    assert unique["stats"]["method"] == "cnf" and checks(tmp_path / "p.cnf", proof)
    whole_board_only = json.loads(run_cli("numberlink", NL / "instance_1.txt", "--unique", "--proof", proof,
                                          "--method", "cnf", "--format", "json").out)
    assert unique["stats"]["sat_calls"] > whole_board_only["stats"]["sat_calls"]  # the first try's calls count


def test_nothing_to_certify_and_refused_combinations(tmp_path: Path) -> None:
    proof = tmp_path / "p.drat"
    solved = run_cli("numberlink", NL / "instance_1.txt", "--proof", proof)
    assert solved.code == 0 and "Proof = none needed" in solved.out and not proof.exists()
    for extra in (["-s", "minisat22"], ["--explain"], ["--method", "engine"]):
        refused = run_cli("minesweeper", INSTANCES / "minesweeper" / "seed" / "small-unsat.in", "--proof", proof, *extra)
        assert refused.code == 2 and refused.err.count("\n") == 1, extra


@pytest.mark.parametrize("solver", sorted(set(PROOF_SOLVERS) - {"glucose4", "cadical195"}))
def test_every_proof_solver_writes_certificates_that_check(tmp_path: Path, solver: str) -> None:
    """Lazy cuts and a block are added between calls: each solver offered for --proof must log a proof that still
    checks (MapleSAT's did not, so it is refused)."""
    proof = tmp_path / "p.drat"
    result = run_cli("numberlink", NL / "instance_1.txt", "--unique", "--proof", proof, "-s", solver)
    if result.code == 2 and "not installed" in result.err:
        pytest.skip(f"{solver} is not in this PySAT build")
    assert result.code == 0 and "Unique = True" in result.out, result.err
    assert checks(tmp_path / "p.cnf", proof)


def test_a_solver_whose_proofs_do_not_check_is_refused() -> None:
    result = run_cli("slitherlink", INSTANCES / "slitherlink" / "pzprjs" / "puzzlekit_meta_10x10.url", "--unique",
                     "--proof", "p.drat", "-s", "maplesat")
    assert result.code == 2 and "proofs that do not check" in result.err and len(result.err.splitlines()) == 1


@pytest.mark.parametrize(("cuts", "heading"), [("sub-loop cuts", "c clauses added by the lazy-cut loop (sub-loop cuts):"),
                                               ("", "c clauses added by the lazy-cut loop:")])
def test_the_cuts_section_of_a_certificate_is_named_as_the_puzzle_names_its_cuts(cuts: str, heading: str) -> None:
    """The heading said "(sub-loop and cycle cuts)" for every puzzle, a plugin's too; now Rules.cuts names them."""
    from satpuzzles.core import registry
    from satpuzzles.core.outcome import Settings
    from satpuzzles.core.records import replace
    from satpuzzles.io.reading import read_instances
    from satpuzzles.solve.pipeline import run_stages

    spec = registry.get("slitherlink")
    text = (INSTANCES / "slitherlink" / "pzprjs" / "puzzlekit_meta_10x10.url").read_text()
    instance = read_instances(spec, text)[0]
    outcome = run_stages(replace(spec.rules, cuts=cuts), instance, Settings(count=2, proof=True), "slitherlink")
    assert outcome.certificate is not None and heading in outcome.certificate.cnf.splitlines()


@pytest.mark.parametrize("solver", sorted(set(PROOF_SOLVERS) - {"glucose4", "cadical195"} | {"cadical300"}))
def test_every_proof_solver_certifies_a_uniqueness_reached_through_cuts(tmp_path: Path, solver: str) -> None:
    """A Slitherlink whose search adds sub-loop cuts, then a block, between calls: CaDiCaL 3.0.0's log did not
    check then (a lemma neither RUP nor RAT), so it is refused as MapleSAT is; every solver offered must check."""
    proof = tmp_path / "p.drat"
    result = run_cli("slitherlink", INSTANCES / "slitherlink" / "pzprjs" / "puzzlekit_meta_10x10.url", "--unique",
                     "--proof", proof, "-s", solver)
    if result.code == 2 and "not installed" in result.err:
        pytest.skip(f"{solver} is not in this PySAT build")
    if solver not in PROOF_SOLVERS:
        assert result.code == 2 and "proofs that do not check" in result.err and len(result.err.splitlines()) == 1
        assert not proof.exists()
        return
    assert result.code == 0 and "Unique = True" in result.out, result.err
    assert "c clauses added by the lazy-cut loop" in (tmp_path / "p.cnf").read_text()
    assert checks(tmp_path / "p.cnf", proof)


def test_no_certificate_from_a_formula_stronger_than_the_rules_says_why(tmp_path: Path) -> None:
    """--encoding strengthened refutes this board, but its formula is stronger than the rules: no certificate, and
    the Proof line said 'the solver did not finish a refutation', which it had (of that formula)."""
    proof = tmp_path / "p.drat"
    result = run_cli("numberlink", INSTANCES / "numberlink" / "flowfree" / "unsolvable_cross.txt", "--encoding",
                     "strengthened", "--proof", proof)
    assert result.code == 3 and not proof.exists()
    assert ("Proof = none: the formula refuted (strengthened) is stronger than the rules, so its refutation certifies "
            "nothing (--encoding complete gives one that does)") in result.out
    timed = run_cli("slitherlink", INSTANCES / "slitherlink" / "tatham" / "hard_100x100.loopy", "--timeout", "0.2",
                    "--proof", proof)
    assert timed.code == 3 and "Proof = none: the solver did not finish a refutation\n" in timed.out


def test_a_proof_sent_to_a_device_or_pipe_is_refused_before_solving(tmp_path: Path) -> None:
    """The CNF a proof refutes goes beside it, FILE.cnf: --proof /dev/stdout made a file /dev/stdout.cnf in /dev
    (as root), and a pipe's /dev/fd/N.cnf failed as 'No such file or directory'. Both are one clear line, exit 2."""
    import os

    board = INSTANCES / "numberlink" / "flowfree" / "unsolvable_cross.txt"
    read, write = os.pipe()
    try:
        for target in ("/dev/stdout", f"/dev/fd/{write}"):
            result = run_cli("numberlink", board, "--proof", target)
            assert result.code == 2 and len(result.err.splitlines()) == 1, result.err
            assert f"--proof {target}: a proof goes in a file, with the CNF it refutes beside it" in result.err
            assert not os.path.exists(target + ".cnf")
    finally:
        os.close(read)
        os.close(write)


@pytest.mark.parametrize(("extra", "suggested"), [([], True), (["--probabilities"], False), (["--hint"], False)])
def test_none_needed_suggests_unique_only_where_it_would_be_taken(tmp_path: Path, extra: list[str],
                                                                  suggested: bool) -> None:
    board = INSTANCES / "minesweeper" / "seed" / "small-sat.in"
    result = run_cli("minesweeper", board, "--proof", tmp_path / "p.drat", *extra)
    assert result.code == 0 and "Proof = none needed: the solution is checked by the rules" in result.out
    assert ("add --unique" in result.out) is suggested
    if suggested:
        assert run_cli("minesweeper", board, "--unique", *extra).code == 0
    else:  # the suggestion would have been refused
        assert run_cli("minesweeper", board, "--unique", *extra).code == 2
