"""``python -m game`` starts the game (same as the ``cardavia`` console script)."""

import sys

from game.app import main

if __name__ == "__main__":
    sys.exit(main())
