"""The command line (app.py is its entry point)."""

FIXED_COMMANDS = ("batch", "generate", "play", "puzzles", "solve", "solvers")
"""The commands that are not puzzles; they come before any puzzle of the same name."""
