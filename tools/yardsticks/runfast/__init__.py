"""Run Fast yardsticks (see tools/yardsticks/__init__.py)."""
