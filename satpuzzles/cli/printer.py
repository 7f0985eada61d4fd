"""Where reports go: plain text, colour on a terminal (or when asked), or one JSON object per puzzle."""

from __future__ import annotations

from satpuzzles.cli.output import say, stdout
from satpuzzles.core.outcome import Outcome, Settings
from satpuzzles.core.spec import PuzzleSpec
from satpuzzles.present.colour import is_terminal, use_colour
from satpuzzles.present.report import board_width, json_record, plain_report

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


class Printer:
    """Prints outcomes in the chosen format to standard output (closed pipes become exit 141)."""

    def __init__(self, output_format: str = "text", color: str = "auto") -> None:
        self.output_format = output_format
        self.out = stdout()
        self.colour = output_format == "text" and use_colour(self.out, color)
        self.printed = 0
        self._console: Any = None

    def console(self) -> Any:
        """The rich console (made on first use: plain output never imports rich)."""
        if self._console is None:
            from satpuzzles.present.terminal import make_console

            self._console = make_console(self.out, colour=True)
        return self._console

    def line(self, text: str) -> None:
        """One line of plain text (a conversion such as --to-url)."""
        self.out.write(text + "\n")

    def outcome(self, puzzle: PuzzleSpec[Any, Any], instance: Any, outcome: Outcome[Any], settings: Settings,
                heading: str | None = None, index: int | None = None, source: str | None = None) -> None:
        """One puzzle's report: a heading when there are several, then the report or the JSON envelope (with
        ``index`` in a collection, and ``source`` when several sources are solved in one run)."""
        if self.output_format == "json":
            record = json_record(puzzle, instance, outcome, settings)
            if source is not None:
                record["source"] = source
            if index is not None:
                record["index"] = index
            import json  # only for --format json

            self.out.write(json.dumps(record, ensure_ascii=False) + "\n")
            return
        if heading is not None:
            heading = ("\n" if self.printed else "") + heading
        if self.colour:
            from satpuzzles.present.terminal import rich_report

            if heading is not None:
                self.console().print(heading, style="bold", markup=False)
            self.console().print(rich_report(puzzle, instance, outcome, settings))
        else:
            if heading is not None:
                self.out.write(heading + "\n")
            self.out.write(plain_report(puzzle, instance, outcome, settings) + "\n")
        self.printed += 1
        if is_terminal(self.out):
            self._say_if_wider(board_width(puzzle, instance, outcome, settings))

    def _say_if_wider(self, width: int) -> None:
        """A note on standard error when the board is wider than the terminal (its rows wrap into a jumble)."""
        import shutil

        terminal = shutil.get_terminal_size().columns
        if width > terminal:
            self.out.flush()
            say(f"satpuzzles: the board is {width} columns wide and the terminal {terminal}, so its rows wrap; "
                "see it whole with --svg FILE, or through less -S")

    def flush(self) -> None:
        """Flush standard output."""
        self.out.flush()
