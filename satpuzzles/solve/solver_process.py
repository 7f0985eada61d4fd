"""Running an external DIMACS solver binary so that nothing of it outlives the run.

- the formula and the result file are anonymous temporary files (no name on disk, so
  nothing is left behind whatever kills us), handed to the solver as ``/dev/fd/N``;
  where that is not available, or the solver needs their real paths (Kissat writing a
  proof), a temporary folder removed afterwards, by the parent when a ``--timeout`` child
  is killed (only a SIGKILL of the tool itself leaves it behind);
- the solver leads its own process group, killed as a whole when the call ends, is
  interrupted (Ctrl-C, SIGTERM) or fails, and it dies with its parent (Linux), so a
  SIGKILL of the tool or of a ``--timeout`` child takes it along; the programs it started
  in turn are in its group, which a ``--timeout`` child announces to its parent
  (``group_watcher``), and the parent kills the group when it kills the child;
- its output is read up to a bound: a program that prints without end is stopped.
"""

from __future__ import annotations

import os
import selectors
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import IO

from satpuzzles.core.errors import SolverError
from satpuzzles.solve.children import die_with_parent, kill_group

OUTPUT_BASE_LIMIT = 64 * 1024 * 1024
"""Bytes of standard output any solver may print, besides OUTPUT_PER_VARIABLE for each variable."""
OUTPUT_PER_VARIABLE = 32
"""Room per variable in the model lines (``v -1234567`` is 9 bytes)."""
STDERR_KEPT = 64 * 1024
"""The last bytes of the solver's standard error kept for error messages."""
group_watcher: Callable[[str, int], None] | None = None
"""Told ("started", group) when a solver's process group starts and ("ended", group) once it is gone (set in a
``--timeout`` child by solve.isolation, which passes them to the parent)."""
folder_watcher: Callable[[str, str], None] | None = None
"""Told ("made", folder) when a temporary folder is made for a solver's files and ("removed", folder) once it is
gone (set in a ``--timeout`` child by solve.isolation: the parent removes those left when it kills the child)."""


@dataclass
class SolverRun:
    """What a solver run left: its exit code, standard output, the end of its standard error, the result file."""

    returncode: int
    stdout: str
    stderr: str
    result: str


def _fd_paths_work() -> bool:
    return sys.platform.startswith("linux") and os.path.isdir("/proc/self/fd")


@contextmanager
def formula_files(write: Callable[[IO[bytes]], None],
                  named: bool = False) -> Iterator[tuple[str, str, Callable[[], str], tuple[int, ...]]]:
    """The formula ``write`` writes, and an empty result file: their paths, a reader of the result, fds to pass;
    ``named``: files with names, in a temporary folder removed afterwards, even where anonymous ones would do."""
    if _fd_paths_work() and not named:
        with tempfile.TemporaryFile() as cnf, tempfile.TemporaryFile() as result:
            write(cnf)
            cnf.flush()

            def read_result() -> str:
                result.seek(0)
                return result.read().decode("utf-8", errors="replace")

            yield (f"/dev/fd/{cnf.fileno()}", f"/dev/fd/{result.fileno()}", read_result,
                   (cnf.fileno(), result.fileno()))
        return
    folder = tempfile.mkdtemp(prefix="satpuzzles-")
    if folder_watcher is not None:
        folder_watcher("made", folder)
    try:
        cnf_path, result_path = os.path.join(folder, "formula.cnf"), os.path.join(folder, "result.txt")
        with open(cnf_path, "wb") as out:
            write(out)

        def read_named() -> str:
            try:
                with open(result_path, encoding="utf-8", errors="replace") as text:
                    return text.read()
            except OSError:
                return ""

        yield cnf_path, result_path, read_named, ()
    finally:
        shutil.rmtree(folder, ignore_errors=True)
        if folder_watcher is not None:
            folder_watcher("removed", folder)


def _wait_unreaped(pid: int) -> None:
    """Wait until ``pid`` has exited, leaving it unreaped (its group id cannot be reused meanwhile)."""
    if hasattr(os, "waitid"):
        try:
            os.waitid(os.P_PID, pid, os.WEXITED | os.WNOWAIT)
        except ChildProcessError:
            pass


def run_solver(argv: list[str], name: str, num_vars: int, pass_fds: tuple[int, ...] = (),
               read_result: Callable[[], str] = lambda: "") -> SolverRun:
    """Run ``argv`` to its end, reading at most a bounded amount of output; its process group never outlives this."""
    limit = OUTPUT_BASE_LIMIT + OUTPUT_PER_VARIABLE * num_vars
    try:
        process = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                   pass_fds=pass_fds, process_group=0,
                                   preexec_fn=die_with_parent)  # noqa: PLW1509 - one prctl call, looked up before
    except OSError as exc:
        raise SolverError(f"cannot run solver {argv[0]!r}: {exc.strerror}") from exc
    if group_watcher is not None:
        group_watcher("started", process.pid)
    out, err = bytearray(), bytearray()
    try:
        assert process.stdout is not None and process.stderr is not None
        with selectors.DefaultSelector() as selector:
            selector.register(process.stdout, selectors.EVENT_READ, out)
            selector.register(process.stderr, selectors.EVENT_READ, err)
            while selector.get_map():
                for key, _ in selector.select():
                    chunk = os.read(key.fd, 1 << 16)
                    if not chunk:
                        selector.unregister(key.fileobj)
                        continue
                    key.data.extend(chunk)
                    if key.data is err and len(err) > 2 * STDERR_KEPT:
                        del err[:-STDERR_KEPT]
                    if len(out) > limit:
                        raise SolverError(f"solver {name} printed more than {limit // 2**20} MB without an answer: "
                                          "is it a DIMACS SAT solver?")
        _wait_unreaped(process.pid)
        kill_group(process.pid)  # helpers it left behind
        returncode = process.wait()
        return SolverRun(returncode, out.decode("utf-8", errors="replace"),
                         err[-STDERR_KEPT:].decode("utf-8", errors="replace"), read_result())
    finally:
        if process.returncode is None:
            kill_group(process.pid)
            process.wait()
        if group_watcher is not None:
            group_watcher("ended", process.pid)
        process.stdout.close()  # type: ignore[union-attr]
        process.stderr.close()  # type: ignore[union-attr]
