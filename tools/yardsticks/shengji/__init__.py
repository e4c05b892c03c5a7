"""Shengji yardsticks (see tools/yardsticks/__init__.py)."""
