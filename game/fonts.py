"""Fonts: which file draws each script, its faces per size, weight and direction, and which
characters each font covers. :mod:`game.text` lays text out with these faces (and re-exports
the public names, so callers keep using ``game.text``).

Kinds: ``latin`` (Noto Sans), ``arabic`` (Noto Sans Arabic), ``cjk`` (the Noto Sans CJK SC
subset) or ``cjk:<file>`` for a CJK language with glyph shapes of its own (its catalog's
``font``). A language's fallback chain is its own kind first, then the others in KINDS order.

Choices where the spec was silent
    * Persian lines: Noto Sans Arabic's declared 2.1 em line box is trimmed to the ink the
      catalogs need (1.15 em above, 0.65 em below the baseline; pitch 1.65 em).
    * Bold is SDL_ttf's synthetic bold of the variable fonts' default (regular) instance.
    * Suit symbols ♠♥♦♣ are not in Noto Sans nor Noto Sans Arabic: the CJK subset always
      carries them (tools/make_cjk_font.py), so the fallback chain finds them there.

Fonts come from the PyPI packages fontpkg-noto-sans and fontpkg-noto-sans-arabic (collected
into the executable by tools/build_exe.py) and from ``assets/fonts/CardaviaCJKsc-Regular.otf``
(built by tools/make_cjk_font.py from the characters the catalogs use and the common hanzi).
"""

from __future__ import annotations

import logging
import math
import unicodedata
import weakref
from functools import cache, lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game import i18n
from game.paths import assets_dir, resource_root

if TYPE_CHECKING:
    import pygame.freetype

log = logging.getLogger(__name__)

#: Font kinds in the order a fallback chain tries them after the character's own script.
KINDS: tuple[str, ...] = ("latin", "arabic", "cjk")
#: The primary (first) font kind of each language.


def script_of(lang: str | None = None) -> str:
    """The font kind of ``lang``: its catalog header's ``script`` (latin, cjk or arabic), or
    ``cjk:<file>`` for a CJK language with glyph shapes of its own (its header's ``font``)."""
    info = i18n.info(lang)
    if info.script == "cjk" and info.font:
        return f"cjk:{info.font}"
    return info.script


def _rtl(lang: str | None) -> bool:
    return i18n.info(lang).rtl


CJK_FONT_NAME = "CardaviaCJKsc-Regular.otf"


# --------------------------------------------------------------------------------------------
# Fonts and coverage


def _package_folders(package: str) -> list[Path]:
    """Where a font package's ``files/`` may be: beside its module, or (in the executable,
    where tools/build_exe.py copies them) under the resource root."""
    folders = [resource_root() / package / "files"]
    try:
        # Literal imports, so that PyInstaller sees the packages.
        if package == "fontpkg_noto_sans":
            import fontpkg_noto_sans as module
        else:
            import fontpkg_noto_sans_arabic as module
    except ImportError:
        return folders
    return [Path(module.__file__).parent / "files", *folders]


def _package_font(package: str) -> str | None:
    for folder in _package_folders(package):
        for path in sorted(folder.glob("*.[to]tf")):
            if "Italic" not in path.name:
                return str(path)
    return None


@cache
def font_path(kind: str) -> str | None:
    """The file of a font kind (``latin``, ``arabic``, ``cjk``), or None when it is absent
    (logged once: that script then falls back to another font and may show boxes)."""
    if kind == "latin":
        path = _package_font("fontpkg_noto_sans")
    elif kind == "arabic":
        path = _package_font("fontpkg_noto_sans_arabic")
    elif kind == "cjk" or kind.startswith("cjk:"):
        own = assets_dir() / "fonts" / kind.partition(":")[2] if ":" in kind else None
        subset = (
            own if own is not None and own.is_file() else assets_dir() / "fonts" / CJK_FONT_NAME
        )
        path = str(subset) if subset.is_file() else None
    else:
        raise ValueError(f"unknown font kind {kind!r}")
    if path is None:
        log.error("no %s font found; its script falls back to another font", kind)
    return path


def font_files() -> dict[str, str]:
    """Every font file the game draws with, by kind (for packaging and the checker)."""
    return {kind: path for kind in KINDS if (path := font_path(kind)) is not None}


@cache
def _coverage_face(path: str) -> pygame.freetype.Font:
    import pygame.freetype

    if not pygame.freetype.get_init():
        pygame.freetype.init()
    return pygame.freetype.Font(path, 16)


_covered: dict[tuple[str, str], bool] = {}


def covers(kind: str, char: str) -> bool:
    """Whether the font of ``kind`` has a glyph for ``char`` (controls count as covered)."""
    if unicodedata.category(char) in ("Cc", "Cf", "Zl", "Zp"):
        return True
    path = font_path(kind)
    if path is None:
        return False
    key = (kind, char)
    found = _covered.get(key)
    if found is None:
        # pygame.freetype reports None for a glyph the font lacks (pygame.font does not).
        found = _coverage_face(path).get_metrics(char)[0] is not None
        _covered[key] = found
    return found


def language_kinds(lang: str | None = None) -> tuple[str, ...]:
    """The fallback chain of font kinds for ``lang``: its primary font first."""
    first = script_of(lang)
    return (first, *(k for k in KINDS if k != first))


def uncovered(text: str, lang: str | None = None) -> set[str]:
    """The characters of ``text`` that no font of ``lang``'s chain can draw (box glyphs)."""
    chain = language_kinds(lang)
    return {ch for ch in set(text) if not ch.isspace() and not any(covers(k, ch) for k in chain)}


@lru_cache(maxsize=256)
def load_face(kind: str, size_px: int, bold: bool, rtl: bool) -> pygame.font.Font:
    """An SDL_ttf font set up once for one kind, size, weight and direction (never mutated)."""
    if not pygame.font.get_init():
        pygame.font.init()
    path = font_path(kind) or font_path("latin")
    font = pygame.font.Font(path, max(4, int(size_px)))
    font.bold = bold
    if kind == "arabic":
        font.set_script("Arab")
    elif kind.startswith("cjk"):
        font.set_script("Hani")
    if rtl:
        font.set_direction(pygame.DIRECTION_RTL)
    ascent, descent = font.get_ascent(), font.get_height() - font.get_ascent()
    pitch = font.get_height()
    if kind == "arabic":
        # Noto Sans Arabic declares 1.37 em above and 0.74 em below the baseline (room for
        # stacked marks); the ink of every catalog string stays within 1.1 em above and
        # 0.55 em below (measured), so the line box is trimmed to 1.15 + 0.65 em and lines
        # are pitched at 1.65 em, instead of 2.1 em that would space Persian twice as loosely.
        size = max(4, int(size_px))
        ascent = min(ascent, math.ceil(1.15 * size))
        descent = min(descent, math.ceil(0.65 * size))
        pitch = min(pitch, round(1.65 * size))
    font_extents[font] = (ascent, descent, pitch)
    return font


#: Line box of each face: (ascent, descent, line pitch) in pixels.
font_extents: weakref.WeakKeyDictionary[pygame.font.Font, tuple[int, int, int]] = (
    weakref.WeakKeyDictionary()
)


def get_font(size_px: int, *, bold: bool = False, lang: str | None = None) -> pygame.font.Font:
    """The primary font of ``lang`` (default: the current language) at ``size_px`` pixels.

    Good for one-script text only (it shapes Persian right to left); use :func:`render` for
    anything that may mix scripts, digits or Latin names. Do not change its settings: it is
    shared.
    """
    lang = lang or i18n.language()
    return load_face(script_of(lang), int(size_px), bold, _rtl(lang))


def is_rtl(lang: str | None = None) -> bool:
    """Whether ``lang`` (default: the current language) is written right to left."""
    return _rtl(lang)


def line_height(size_px: int, lang: str | None = None, *, bold: bool = False) -> int:
    """The line pitch of wrapped text in ``lang`` at ``size_px`` (primary font)."""
    return font_extents[get_font(size_px, bold=bold, lang=lang)][2]
