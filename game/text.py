"""Drawing text in every language: fonts per script, Arabic shaping, bidi order, wrapping.

Scenes and widgets draw every string through this module so that fonts per script, Arabic
shaping, bidi order and right-to-left alignment live in one place. The fonts themselves (files,
faces, coverage, the fallback chain) are :mod:`game.fonts`, a line's runs by font in visual
order :mod:`game.runs`; their public names are re-exported here.

Public API
    ``render(text, size_px, color, *, bold, max_width, align, lang)`` → a cached transparent
    surface (do not draw on it: it is shared); ``size(...)`` its size; ``get_font(size_px, *,
    bold, lang)`` the primary pygame font of a language (for a one-script string only);
    ``is_rtl(lang)``; ``line_height(size_px, lang)``; the logical lines are
    :func:`game.wrapping.wrap`;
    ``visual_runs(...)`` the laid-out runs of one line; ``uncovered(text, lang)`` characters no
    font can draw (the checker uses it); ``font_files()``; ``clear_cache()``; ``prewarm(...)``.

How a string is drawn
    1. Paragraphs split at ``\\n``; each is wrapped *logically* (break after spaces and around
       CJK characters, never before closing or after opening punctuation) by summing the
       shaped widths of its pieces.
    2. Each line is put in visual order by python-bidi's ``get_display`` (its Python
       implementation, which mirrors brackets; paragraph direction right to left in Persian,
       taken from the first strong character elsewhere).
    3. The visual line is cut into runs by font: a letter takes the font of its script
       (Arabic → Noto Sans Arabic, Han/kana/CJK punctuation → the Noto Sans CJK SC subset,
       other letters → Noto Sans); a neutral (space, digit, punctuation, joiner) keeps the font
       of its neighbour when that font covers it; a character no font of the chain covers falls
       to the next font that does (so no box glyph while any of our fonts has it).
    4. A run in the Arabic font is reversed back to logical order and shaped by SDL_ttf /
       HarfBuzz with ``set_script("Arab")`` and ``DIRECTION_RTL``: reversing a visual run and
       drawing it right to left keeps its visual order and lets the letters join. Characters
       with a bidi mirror (brackets) stay in runs of their own drawn left to right, because
       ``get_display`` has already mirrored them.
    5. Runs are blitted left to right on a common baseline; lines are aligned (``start`` is
       right in a right-to-left language) inside ``max_width`` when given.

Choices where the spec was silent
    * With ``max_width`` the surface is exactly ``max_width`` wide and lines align inside it
      (a caller blits at the box's left edge in every language); without it, it is as wide
      as the text.
    * Rendered surfaces are cached (LRU bounded by count and by pixel bytes, ~48 MB) keyed by
      text, size, colour, bold, width, alignment and language: a frame costs no shaping.


Signed numbers: pass ``i18n.format_number(n, signed=True)``, not ``"+" + format_number(n)``:
in Persian the sign needs the left-to-right mark that format_number puts before it, or bidi
moves it to the right of the digits.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TypedDict, Unpack

import pygame

from game import i18n, typeset
from game.fonts import (
    CJK_FONT_NAME,
    KINDS,
    covers,
    font_extents,
    font_files,
    font_path,
    get_font,
    is_rtl,
    language_kinds,
    line_height,
    load_face,
    script_of,
    uncovered,
)
from game.runs import (
    Run,
    has_rtl,
    script_kind,
    visual_order,
    visual_runs,
)
from game.words import Words
from game.wrapping import spaced, wrap

#: The fonts' names re-exported here (callers use game.text), and this module's own.
__all__ = [
    "CJK_FONT_NAME",
    "KINDS",
    "covers",
    "font_files",
    "font_path",
    "get_font",
    "is_rtl",
    "language_kinds",
    "line_height",
    "script_of",
    "uncovered",
    "Color",
    "Run",
    "clear_cache",
    "has_rtl",
    "prewarm",
    "render",
    "script_kind",
    "size",
    "visual_order",
    "visual_runs",
]

Color = tuple[int, ...] | pygame.Color | str  # an RGB or RGBA tuple, a pygame colour or its name

# --------------------------------------------------------------------------------------------
# Rendering


class _SurfaceCache:
    """LRU of rendered surfaces bounded by entry count and by pixel bytes."""

    def __init__(self, max_entries: int = 2048, max_bytes: int = 48 * 1024 * 1024) -> None:
        self._items: OrderedDict[tuple[object, ...], pygame.Surface] = OrderedDict()
        self._bytes = 0
        self.max_entries = max_entries
        self.max_bytes = max_bytes
        self.hits = 0
        self.misses = 0

    @staticmethod
    def _cost(surface: pygame.Surface) -> int:
        return surface.get_width() * surface.get_height() * 4

    def get(self, key: tuple[object, ...]) -> pygame.Surface | None:
        surface = self._items.get(key)
        if surface is None:
            self.misses += 1
            return None
        self.hits += 1
        self._items.move_to_end(key)
        return surface

    def put(self, key: tuple[object, ...], surface: pygame.Surface) -> None:
        self._items[key] = surface
        self._bytes += self._cost(surface)
        while self._items and (len(self._items) > self.max_entries or self._bytes > self.max_bytes):
            _, old = self._items.popitem(last=False)
            self._bytes -= self._cost(old)

    def clear(self) -> None:
        self._items.clear()
        self._bytes = 0

    def __len__(self) -> int:
        return len(self._items)


_cache = _SurfaceCache()


def clear_cache() -> None:
    """Forget every cached surface (after the display mode changes, for instance)."""
    _cache.clear()


def _rgba(color: Color) -> tuple[int, int, int, int]:
    c = pygame.Color(color) if not isinstance(color, tuple) else pygame.Color(*color)
    return (c.r, c.g, c.b, c.a)


@dataclass(frozen=True, slots=True)
class _Line:
    """One line drawn run by run: (font, run, its picture) left to right, and the width."""

    runs: list[tuple[pygame.font.Font, Run, pygame.Surface]]
    width: int


def _layout_line(line: str, size_px: int, bold: bool, lang: str, rgb: tuple[int, ...]) -> _Line:
    runs = []
    for run in visual_runs(line, lang):
        if run.text:
            font = load_face(run.kind, size_px, bold, run.rtl)
            try:
                picture = font.render(spaced(run.text, run.kind, size_px), True, rgb)
            except pygame.error:  # only zero-width characters (a lone joiner or mark)
                continue
            runs.append((font, run, picture))
    return _Line(runs, sum(picture.get_width() for _, _, picture in runs))


def _x_offset(align: str, free: int, rtl: bool) -> int:
    if align == "center":
        return free // 2
    right = {"start": rtl, "end": not rtl, "left": False, "right": True}.get(align)
    if right is None:
        raise ValueError(f"unknown align {align!r}")
    return free if right else 0


def _draw(
    text: str,
    size_px: int,
    rgba: tuple[int, int, int, int],
    bold: bool,
    max_width: int | None,
    align: str,
    lang: str,
) -> pygame.Surface:
    rgb = rgba[:3]
    lines = [
        _layout_line(line, size_px, bold, lang, rgb)
        for line in wrap(text, size_px, max_width, bold=bold, lang=lang)
    ]
    primary = get_font(size_px, bold=bold, lang=lang)
    fonts = {font for line in lines for font, _, _ in line.runs} | {primary}
    # One line box and pitch for the whole block (the tallest font used), so lines do not jump.
    ascent = max(font_extents[f][0] for f in fonts)
    descent = max(font_extents[f][1] for f in fonts)
    pitch = max(font_extents[f][2] for f in fonts)
    width = max_width if max_width is not None else max((ln.width for ln in lines), default=0)
    height = ascent + descent + pitch * (len(lines) - 1)
    surface = pygame.Surface((max(1, width), max(1, height)), pygame.SRCALPHA)
    rtl = is_rtl(lang)
    for row, line in enumerate(lines):
        x = _x_offset(align, width - line.width, rtl)
        baseline = ascent + row * pitch
        for font, _run, picture in line.runs:
            surface.blit(picture, (x, baseline - font.get_ascent()))
            x += picture.get_width()
    if rgba[3] < 255:
        surface.fill((255, 255, 255, rgba[3]), special_flags=pygame.BLEND_RGBA_MULT)
    return surface


def render(
    text: str | Words,
    size_px: int,
    color: Color,
    *,
    bold: bool = False,
    max_width: int | None = None,
    align: str = "start",
    lang: str | None = None,
    face_digits: bool = False,
) -> pygame.Surface:
    """``text`` drawn on a transparent surface; wrapped to ``max_width`` when given.

    ``align`` is ``"start"`` (left, or right in a right-to-left language), ``"center"``,
    ``"end"``, ``"left"`` or ``"right"``. ``lang`` defaults to the current language. The
    surface is cached and shared: blit it, never draw on it. To fade text, render it once
    and blit a copy with ``set_alpha`` rather than a new colour every frame (each colour is
    a new cache entry). The numbers of Persian and Arabic text are drawn in their own digits
    (:func:`game.typeset.native_digits`) unless ``face_digits`` (a card's printed index).
    """
    lang = lang or i18n.language()
    text = str(text)  # words kept by a screen are said in the language of this frame
    if not face_digits:
        text = typeset.native_digits(text, lang)
    text = typeset.korean_particles(text, lang)
    size_px = max(4, int(size_px))
    rgba = _rgba(color)
    key = (text, size_px, rgba, bold, max_width, align, lang)
    surface = _cache.get(key)
    if surface is None:
        surface = _draw(text, size_px, rgba, bold, max_width, align, lang)
        _cache.put(key, surface)
    return surface


def size(
    text: str | Words,
    size_px: int,
    *,
    bold: bool = False,
    max_width: int | None = None,
    lang: str | None = None,
) -> tuple[int, int]:
    """The size :func:`render` gives ``text`` (rendering it once, then cached)."""
    return render(
        text, size_px, (255, 255, 255), bold=bold, max_width=max_width, lang=lang
    ).get_size()


class RenderOptions(TypedDict, total=False):
    """The keyword options of :func:`render`."""

    bold: bool
    max_width: int | None
    align: str
    lang: str | None
    face_digits: bool


def prewarm(
    texts: Iterable[str], size_px: int, color: Color, **options: Unpack[RenderOptions]
) -> None:
    """Render ``texts`` ahead of time (e.g. while a scene is built) so frames stay smooth."""
    for text in texts:
        render(text, size_px, color, **options)
