"""Drawing text (first version: one Latin font; issue 8 adds scripts, shaping and bidi).

Scenes and widgets draw every string through this module so that fonts per script, Arabic
shaping, bidi order and right-to-left alignment live in one place.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from game import i18n


@lru_cache(maxsize=1)
def _latin_font_path() -> str:
    from pathlib import Path

    import fontpkg_noto_sans  # noqa: F401  (the package ships the font files)

    folder = Path(fontpkg_noto_sans.__file__).parent / "files"
    return str(next(p for p in sorted(folder.glob("*.ttf")) if "Italic" not in p.name))


@lru_cache(maxsize=256)
def get_font(size_px: int, *, bold: bool = False, lang: str | None = None) -> pygame.font.Font:
    """A font for ``lang`` (default: the current language) at ``size_px`` pixels."""
    if not pygame.font.get_init():
        pygame.font.init()
    font = pygame.font.Font(_latin_font_path(), max(4, int(size_px)))
    font.bold = bold
    return font


def is_rtl(lang: str | None = None) -> bool:
    """Whether ``lang`` (default: the current language) is written right to left."""
    return (lang or i18n.language()) == "fa"


def render(
    text: str,
    size_px: int,
    color: tuple[int, int, int] | pygame.Color,
    *,
    bold: bool = False,
    max_width: int | None = None,
    align: str = "start",
) -> pygame.Surface:
    """``text`` drawn on a transparent surface; wrapped to ``max_width`` when given.

    ``align`` is ``"start"`` (left, or right in a right-to-left language), ``"center"`` or
    ``"end"``.
    """
    font = get_font(size_px, bold=bold)
    if max_width is None:
        return font.render(text, True, color)
    return font.render(text, True, color, wraplength=max_width)
