"""App shell (being built in issue 6): command line, window, scene stack and frame loop."""

from __future__ import annotations


def main(argv: list[str] | None = None) -> int:
    """Start the game; returns the process exit code."""
    raise SystemExit("The Cardavia window is not built yet (issue 6).")
