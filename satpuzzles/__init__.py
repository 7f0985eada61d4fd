"""satpuzzles: Numberlink, Minesweeper and Slitherlink solved by reduction to SAT."""

__version__ = "0.1.0"
