"""A line of text cut into runs, each drawn with one font, in the order they are drawn
(issue 53: out of :mod:`game.text`, which draws them): the font kind each character's script
needs (:func:`script_kind`; a neutral takes its neighbours' font), and a line put in visual
order by the bidi algorithm (:func:`visual_order`, :func:`visual_runs`)."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from game import i18n
from game.fonts import covers, is_rtl, language_kinds


def _is_hangul(char: str) -> bool:
    cp = ord(char)
    return 0x1100 <= cp <= 0x11FF or 0x3130 <= cp <= 0x318F or 0xAC00 <= cp <= 0xD7AF


def breaks_anywhere(char: str) -> bool:
    """Han and kana text may break between any two characters; Korean puts spaces between its
    words and breaks there, like Latin text."""
    return script_kind(char) == "cjk" and not _is_hangul(char)


def script_kind(char: str) -> str | None:
    """The font kind a letter of ``char``'s script needs, or None for a neutral character."""
    cp = ord(char)
    if (
        0x0600 <= cp <= 0x06FF
        or 0x0750 <= cp <= 0x077F
        or 0x08A0 <= cp <= 0x08FF
        or 0xFB50 <= cp <= 0xFDFF
        or 0xFE70 <= cp <= 0xFEFF
    ):
        return "arabic"
    if (
        0x1100 <= cp <= 0x11FF  # Hangul jamo
        or 0x3130 <= cp <= 0x318F
        or 0xAC00 <= cp <= 0xD7AF  # Hangul syllables
        or 0x2E80 <= cp <= 0x9FFF
        or 0xF900 <= cp <= 0xFAFF
        or 0xFE30 <= cp <= 0xFE4F
        or 0xFF00 <= cp <= 0xFFEF
        or cp >= 0x20000
    ):
        return "cjk"
    if unicodedata.category(char)[0] in "LM":
        return "latin"
    return None


def has_rtl(text: str) -> bool:
    """Whether ``text`` holds a right-to-left character (Arabic script or a bidi control)."""
    return any(unicodedata.bidirectional(ch) in ("R", "AL", "RLE", "RLO", "RLI") for ch in text)


@dataclass(frozen=True, slots=True)
class Run:
    """A piece of one line drawn with one font: ``text`` in the order it is shaped."""

    kind: str
    text: str
    rtl: bool


def _font_kinds(chars: str, lang: str) -> list[str]:
    """The font kind of each character of ``chars`` (one line, in any order)."""
    chain = language_kinds(lang)
    own = [script_kind(ch) for ch in chars]
    # The script of the next letter after each position (one backward pass).
    following: list[str | None] = [None] * len(chars)
    upcoming: str | None = None
    for i in range(len(chars) - 1, -1, -1):
        following[i] = upcoming
        if own[i] is not None:
            upcoming = own[i]
    kinds: list[str] = []
    previous: str | None = None  # the script of the last letter seen
    for i, ch in enumerate(chars):
        wanted = own[i]
        if wanted is None:
            # A neutral takes its neighbouring letters' font, so runs are not cut at every
            # space and a digit in Chinese or Persian text matches the words around it.
            candidates = [k for k in (previous, following[i]) if k is not None] + list(chain)
        else:
            previous = wanted
            if wanted == "cjk" and chain[0].startswith("cjk:"):
                wanted = chain[0]  # the language's own CJK glyph shapes first
            candidates = [wanted, *chain]
        kinds.append(next((k for k in candidates if covers(k, ch)), chain[0]))
    return kinds


def split_runs(chars: str, lang: str, *, visual: bool) -> list[Run]:
    """Cut ``chars`` into runs by font.

    ``visual``: ``chars`` is in visual order (after bidi), so runs in the Arabic font are
    reversed back and shaped right to left. Otherwise ``chars`` is logical (measuring only).
    """
    runs: list[Run] = []
    kinds = _font_kinds(chars, lang)
    start = 0
    for i in range(1, len(chars) + 1):
        if i < len(chars) and kinds[i] == kinds[start]:
            # Mirrored characters (brackets) were already mirrored by get_display; HarfBuzz
            # would mirror them again in a right-to-left run, so they stand alone.
            if not (
                visual
                and kinds[i] == "arabic"
                and (unicodedata.mirrored(chars[i]) or unicodedata.mirrored(chars[i - 1]))
            ):
                continue
        piece = chars[start:i]
        rtl = kinds[start] == "arabic" and not (visual and unicodedata.mirrored(piece[0]))
        if rtl and visual:
            piece = piece[::-1]
        runs.append(Run(kinds[start], piece, rtl))
        start = i
    return runs


def _base_dir(lang: str) -> str | None:
    return "R" if is_rtl(lang) else None


# python-bidi's Python algorithm drops zero-width (non-)joiners (class BN, rule X9), which
# Persian needs (می‌خوانم); they travel through it as two unused non-spacing marks instead,
# which stay beside the letter before them.
_JOINER_STANDINS = str.maketrans({"\u200c": "\u0350", "\u200d": "\u0351"})
_JOINER_BACK = str.maketrans({"\u0350": "\u200c", "\u0351": "\u200d"})


def visual_order(line: str, lang: str | None = None) -> str:
    """One line (no newline) in visual order, left to right, brackets mirrored."""
    lang = lang or i18n.language()
    if not is_rtl(lang) and not has_rtl(line):
        return line
    # The Python implementation, unlike the Rust ``bidi.get_display`` of python-bidi 0.6,
    # also mirrors brackets at right-to-left levels (rule L4), which the runs rely on.
    from bidi.algorithm import get_display

    shown: str = get_display(line.translate(_JOINER_STANDINS), base_dir=_base_dir(lang))
    return shown.translate(_JOINER_BACK)


def visual_runs(line: str, lang: str | None = None) -> list[Run]:
    """The runs of one logical line in the order they are drawn, left to right."""
    lang = lang or i18n.language()
    return split_runs(visual_order(line, lang), lang, visual=True)
