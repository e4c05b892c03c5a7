"""``python -m game`` and the ``cardavia`` launcher start the game here.

Nothing here imports pygame: when a dependency is missing the player gets one line (from the
locale, in the system's language when there is a catalog for it) that says which and how to
install it, not a traceback.
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
    "tomli_w": "tomli-w",
    "budoux": "budoux",
}


def missing_dependencies() -> list[str]:
    """The distributions whose modules this Python cannot import."""
    return [dist for module, dist in DEPENDENCIES.items() if find_spec(module) is None]


def main() -> int:
    if sys.argv[1:2] == [
        "--review-worker"
    ]:  # the AI review's worker (game/history/review_worker.py)
        from game.history.review_worker import worker_main

        return worker_main()
    missing = missing_dependencies()
    if missing:
        from game import i18n  # the standard library only

        i18n.set_language(i18n.system_language())  # an unknown code falls back to English
        line = i18n.tr("cli.missing", packages=", ".join(missing), python=sys.executable)
        print(line, file=sys.stderr)
        return 1
    from game.launch import main as app_main

    return app_main()


if __name__ == "__main__":
    sys.exit(main())
