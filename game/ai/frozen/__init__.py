"""Frozen copies of earlier bots, kept as yardsticks for tools/arena.py (issue 31)."""
