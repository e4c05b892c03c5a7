"""Locale catalogs: every user-visible string comes from ``locale/<lang>.toml`` by key.

Catalogs are TOML; nested tables flatten to dotted keys (``[title] play = "…"`` is
``title.play``). Placeholders are named: ``"{player} wins {points}"``. A key missing from the
current language falls back to English.
"""

from __future__ import annotations

import logging
import tomllib
from functools import cache
from typing import Any

from game.paths import locale_dir

log = logging.getLogger(__name__)

DEFAULT_LANG = "en"
#: Language codes in the order the language menu lists them.
LANGUAGES: tuple[str, ...] = ("en", "zh", "hu", "tr", "pl", "id", "fa")

_current = DEFAULT_LANG


def _flatten(table: dict[str, Any], prefix: str = "") -> dict[str, str]:
    flat: dict[str, str] = {}
    for key, value in table.items():
        name = f"{prefix}{key}"
        if isinstance(value, dict):
            flat.update(_flatten(value, name + "."))
        else:
            flat[name] = value
    return flat


@cache
def catalog(lang: str) -> dict[str, str]:
    """The flattened catalog of ``lang`` ({} when the file is missing or broken, logged)."""
    path = locale_dir() / f"{lang}.toml"
    try:
        with path.open("rb") as handle:
            return _flatten(tomllib.load(handle))
    except (OSError, tomllib.TOMLDecodeError) as error:
        log.warning("locale %s unreadable (%s); English is used for its strings", lang, error)
        return {}


def set_language(lang: str) -> None:
    global _current
    _current = lang if lang in LANGUAGES else DEFAULT_LANG


def language() -> str:
    return _current


def tr(key: str, /, **params: Any) -> str:
    """The current language's text for ``key`` with ``{placeholders}`` filled in."""
    text = catalog(_current).get(key)
    if text is None:
        text = catalog(DEFAULT_LANG).get(key)
        if text is None:
            log.warning("missing locale key %s", key)
            return key
    if params:
        try:
            return text.format(**params)
        except (KeyError, IndexError, ValueError):
            log.warning("bad placeholders in %s/%s", _current, key)
            return text
    return text
