"""``python -m game`` and the ``cardavia`` launcher start the game here.

Nothing here imports pygame: when a dependency is missing the player gets one line that says
which and how to install it, not a traceback.
"""

import sys
from importlib.util import find_spec

#: Import name -> the distribution that provides it (pyproject.toml's dependencies).
DEPENDENCIES = {
    "pygame": "pygame-ce",
    "pygame_gui": "pygame_gui",
    "platformdirs": "platformdirs",
    "bidi": "python-bidi",
    "fontpkg_noto_sans": "fontpkg-noto-sans",
    "fontpkg_noto_sans_arabic": "fontpkg-noto-sans-arabic",
}


def missing_dependencies() -> list[str]:
    """The distributions whose modules this Python cannot import."""
    return [dist for module, dist in DEPENDENCIES.items() if find_spec(module) is None]


def main() -> int:
    missing = missing_dependencies()
    if missing:
        print(
            f"cardavia: missing {', '.join(missing)} in this Python ({sys.executable}); "
            "install the game with `pip install .`, or start it with `python3 tools/dev.py play`.",
            file=sys.stderr,
        )
        return 1
    from game.app import main as app_main

    return app_main()


if __name__ == "__main__":
    sys.exit(main())
