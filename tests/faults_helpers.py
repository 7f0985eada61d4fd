"""Running the real CLI as a user's shell would, and finding what it leaves behind (processes, files)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

from tests.conftest import ROOT

TAG_VARIABLE = "SATPUZZLES_TEST_TAG"
"""Set in the environment of a CLI under test: every process it starts inherits it, whatever its process group."""


def cli(*args: object) -> list[str]:
    """The argv of the real command line."""
    return [sys.executable, "-m", "satpuzzles", *(str(a) for a in args)]


def _as_from_a_shell() -> None:
    # A test runner may run with SIGINT ignored (a background job); a user's shell does not.
    signal.signal(signal.SIGINT, signal.SIG_DFL)


class Run:
    """A CLI process started in its own session, tagged, with a private TMPDIR."""

    def __init__(self, args: list[object], tmp: Path, stdin: str | None = None, stdout: object = subprocess.DEVNULL,
                 limits: dict[int, int] | None = None, ignore_sigint: bool = False) -> None:
        self.tag = uuid.uuid4().hex
        self.tmpdir = tmp / f"tmpdir-{self.tag[:8]}"
        self.tmpdir.mkdir()
        env = {**os.environ, TAG_VARIABLE: self.tag, "TMPDIR": str(self.tmpdir), "NO_COLOR": "1"}

        def prepare() -> None:
            if ignore_sigint:
                signal.signal(signal.SIGINT, signal.SIG_IGN)
            else:
                _as_from_a_shell()
            if limits:
                import resource

                for kind, value in limits.items():
                    resource.setrlimit(kind, (value, value))

        self.process = subprocess.Popen(
            cli(*args), stdin=subprocess.PIPE if stdin is not None else subprocess.DEVNULL, stdout=stdout,
            stderr=subprocess.PIPE, text=True, cwd=ROOT, env=env, start_new_session=True, preexec_fn=prepare,
        )
        if stdin is not None:
            assert self.process.stdin is not None
            self.process.stdin.write(stdin)
            self.process.stdin.close()

    def wait_for_stderr(self, words: str) -> str:
        """Read standard error up to a line holding ``words`` (the run has reached that point)."""
        assert self.process.stderr is not None
        seen = []
        for line in self.process.stderr:
            seen.append(line)
            if words in line:
                return "".join(seen)
        raise AssertionError(f"the run ended before saying {words!r}: {''.join(seen)[-500:]}")

    def interrupt(self) -> None:
        """Ctrl-C as a terminal sends it: to the whole foreground process group."""
        os.killpg(self.process.pid, signal.SIGINT)

    def finish(self, timeout: float = 60) -> tuple[int, str]:
        """The exit status and the rest of standard error."""
        assert self.process.stderr is not None
        err = self.process.stderr.read()
        return self.process.wait(timeout=timeout), err

    def leftovers(self, grace: float = 20) -> list[str]:
        """Processes still carrying this run's tag (waiting up to ``grace`` s for them to go), as text."""
        deadline = time.monotonic() + grace
        while True:
            found = tagged_processes(self.tag)
            if not found or time.monotonic() > deadline:
                return found
            time.sleep(0.1)

    def temporary_files(self) -> list[str]:
        """Whatever the run left in its TMPDIR."""
        return sorted(str(path.relative_to(self.tmpdir)) for path in self.tmpdir.rglob("*"))


def tagged_processes(tag: str) -> list[str]:
    """Live processes (not zombies) whose environment holds ``tag``: their pid and command line."""
    marker = f"{TAG_VARIABLE}={tag}".encode()
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            if marker not in (entry / "environ").read_bytes().split(b"\0"):
                continue
            state = (entry / "stat").read_text().rsplit(")", 1)[1].split()[0]
            command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        if state != "Z":
            found.append(f"{entry.name} {command[:120]}")
    return found


def closed_pipe() -> int:
    """The write end of a pipe whose reader is already gone."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    return write_end


def run_into_closed_pipe(args: list[object], timeout: float = 120) -> tuple[int, str]:
    """Exit status and standard error of the CLI writing into a pipe whose reader has gone before the first write."""
    write_end = closed_pipe()
    try:
        done = subprocess.run(cli(*args), stdin=subprocess.DEVNULL, stdout=write_end, stderr=subprocess.PIPE,
                              text=True, cwd=ROOT, timeout=timeout)
    finally:
        os.close(write_end)
    return done.returncode, done.stderr


def run_into_pipe_closed_mid_write(args: list[object], timeout: float = 120) -> tuple[int, str]:
    """The CLI writing into a pipe whose reader takes the first bytes and goes, while a large write is under way."""
    read_end, write_end = os.pipe()
    process = subprocess.Popen(cli(*args), stdin=subprocess.DEVNULL, stdout=write_end, stderr=subprocess.PIPE,
                               text=True, cwd=ROOT)
    os.close(write_end)
    os.read(read_end, 10)  # the writer is now inside its write, the pipe full behind these bytes
    os.close(read_end)
    err = process.stderr.read() if process.stderr else ""
    return process.wait(timeout=timeout), err
