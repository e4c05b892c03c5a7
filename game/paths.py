"""Where the game's read-only resources and the user's files live.

Resources (``assets/``, ``locale/``) are found in this order: inside the bundle of the
standalone executable (PyInstaller's ``sys._MEIPASS``); inside the installed package
(``game/assets``, ``game/locale``: setup.py copies them into the wheel), found with
importlib.resources; beside the ``game`` package in a checkout (the editable install).
User files go to the platform's directories (platformdirs), never beside the program.
"""

from __future__ import annotations

import sys
from importlib import resources
from pathlib import Path

APP_NAME = "Cardavia"


def resource_root() -> Path:
    """The folder that holds ``assets/`` and ``locale/``."""
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        return Path(bundle)
    # The game reads its files by path (fonts, theme), so the package must be on disk.
    installed = Path(str(resources.files("game")))
    if (installed / "locale").is_dir():
        return installed
    return Path(__file__).resolve().parent.parent


def assets_dir() -> Path:
    return resource_root() / "assets"


def locale_dir() -> Path:
    return resource_root() / "locale"


def games_dir() -> Path:
    """The folder of the game folders (``game/games/<id>/``, each with its ``preset.toml``):
    beside this module in a checkout, a wheel and the executable's bundle alike."""
    return Path(__file__).resolve().parent / "games"


def preset_files() -> list[Path]:
    """Every game folder's title card, ``game/games/<id>/preset.toml``."""
    return sorted(games_dir().glob("*/preset.toml"))


def config_dir() -> Path:
    """The user's config folder (settings); tests point it elsewhere with CARDAVIA_HOME."""
    import os

    override = os.environ.get("CARDAVIA_HOME")
    if override:
        return Path(override) / "config"
    from platformdirs import user_config_dir

    return Path(user_config_dir(APP_NAME, appauthor=False))


def data_dir() -> Path:
    """The user's data folder (autosave, logs, crash reports)."""
    import os

    override = os.environ.get("CARDAVIA_HOME")
    if override:
        return Path(override) / "data"
    from platformdirs import user_data_dir

    return Path(user_data_dir(APP_NAME, appauthor=False))
