"""Terminal style names shared by the puzzles' coloured boards (plain strings: no rich import here)."""

from __future__ import annotations

PALETTE = (
    "red3", "dodger_blue2", "green4", "magenta3", "dark_orange3", "dark_cyan", "purple", "deep_pink3",
    "chartreuse4", "royal_blue1", "orange_red1", "medium_violet_red", "dark_goldenrod", "steel_blue",
    "indian_red", "medium_purple3", "sea_green3", "hot_pink3", "blue_violet", "dark_khaki",
)
"""Distinct foreground colours of middle lightness, readable on dark and on light terminals alike
(no yellow, white, or pale tones); reused in order when a puzzle has more items."""

PALETTE_16 = ("red", "bright_blue", "green", "magenta", "yellow", "cyan", "bright_red", "blue", "bright_magenta")
"""PALETTE's stand-ins on a 16-colour terminal (TERM=xterm, screen, tmux's default), which would round several of
its colours to white or to one another: the basic colours readable on dark and light themes (no white, black,
grey, bright green, bright cyan or bright yellow)."""

UNSURE = "bold orange3"
"""Something undecided (an unknown status, an undetermined cell): amber, not yellow, which vanishes on white; on a
16-colour terminal it becomes (dark) yellow, apart from the reds (dark_orange became bright red there)."""
SOFT_BACKGROUND = "on grey50"
"""A shading that both black and white text stay readable on (the inside of a Slitherlink loop)."""

SOFT_BACKGROUND_16 = "reverse"
"""SOFT_BACKGROUND on a 16-colour terminal, whose nearest grey is light grey, under which a dark theme's white
clues vanish: the theme's own two colours swapped are readable on any theme."""

MARKED = "bold white on red"
"""A clue named by --explain."""


def palette_style(index: int) -> str:
    """The style of the ``index``-th item (path, loop ...)."""
    return PALETTE[index % len(PALETTE)]

def sixteen_colours(style: str) -> str:
    """``style`` for a 16-colour terminal: palette colours and the soft background by their stand-ins."""
    style = style.replace(SOFT_BACKGROUND, SOFT_BACKGROUND_16)
    return " ".join(_SIXTEEN.get(word, word) for word in style.split())


_SIXTEEN = {name: PALETTE_16[index % len(PALETTE_16)] for index, name in enumerate(PALETTE)}
_SIXTEEN["blue_violet"] = "blue"  # Minesweeper's 4 (classic navy), apart from its 1 (bright blue) and 3 (red)


def add_stand_ins(stand_ins: dict[str, str]) -> None:
    """Give colours outside PALETTE (a puzzle's own, as Flow Free's) their 16-colour stand-ins, which
    sixteen_colours then uses; a puzzle (a plugin too) calls it once, when it loads its colours."""
    _SIXTEEN.update(stand_ins)

ANALYSIS_STYLES = {"true": "bold magenta3", "false": "dim", "undetermined": UNSURE, "undecided": ""}
"""--analyze's kinds of decision on a terminal: forced true (drawn), forced false (crossed), undetermined, and
undecided (a partial analysis, cut by --timeout: left blank)."""
ANALYSIS_ACROSS = {"true": "───", "false": " × ", "undetermined": "┄┄┄", "undecided": "   "}
"""A line segment between two points side by side, by its state (three columns)."""
ANALYSIS_DOWN = {"true": "│", "false": "×", "undetermined": "┆", "undecided": " "}
"""A line segment between two points one above the other, by its state (one column)."""
ANALYSIS_LEGEND = "─ forced on   × forced off   ┄ undetermined"
"""The first line of an --analyze board (it reads without colour)."""
PARTIAL_LEGEND = "   blank: undecided (timed out)"
"""Added to the legend of a partial analysis."""


def analysis_legend(partial: bool) -> str:
    """The legend of an --analyze board of links or edges, and of its blanks when the analysis is partial."""
    return ANALYSIS_LEGEND + (PARTIAL_LEGEND if partial else "")
