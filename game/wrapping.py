"""Cutting text into lines in every language (step 1 of :mod:`game.text`'s drawing): break
after spaces and around CJK characters, never before closing or after opening punctuation,
between Japanese phrases where that takes no more lines, no paragraph ending on one character
or one word alone; widths measured by the pieces' shaped widths.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from functools import lru_cache

from game import i18n, typeset
from game.fonts import load_face
from game.runs import breaks_anywhere, split_runs

# Line breaking (simplified UAX #14 for CJK): never start a line with closing punctuation,
# never end one with opening punctuation (the sets are game.typeset's).
_NO_LINE_START = typeset.CLOSING
_NO_LINE_END = typeset.OPENING


#: Below this size the Latin font's word space (a quarter em, 2–3 px) is drawn as U+2004 (a
#: third of an em), so small words never seem to run together (issue 40).
_WIDE_SPACE_BELOW = 18


def spaced(chars: str, kind: str, size_px: int) -> str:
    """``chars`` of a run with its word spaces widened below _WIDE_SPACE_BELOW (Latin)."""
    if kind == "latin" and size_px < _WIDE_SPACE_BELOW and " " in chars:
        return chars.replace(" ", "\u2004")
    return chars


def text_width(text: str, size_px: int, bold: bool, lang: str) -> int:
    """The width of ``text`` drawn on one line, run by run."""
    return sum(
        load_face(run.kind, size_px, bold, run.rtl).size(spaced(run.text, run.kind, size_px))[0]
        for run in split_runs(text, lang, visual=False)
        if run.text
    )


_NO_BREAK_SPACES = frozenset("\u00a0\u2007\u202f")


def _is_break_space(ch: str) -> bool:
    return ch.isspace() and ch not in _NO_BREAK_SPACES


def _break_points(paragraph: str) -> list[int]:
    """Indices where a line may start (besides 0)."""
    points = []
    for i in range(1, len(paragraph)):
        before, ch = paragraph[i - 1], paragraph[i]
        if _is_break_space(ch):
            continue
        if _is_break_space(before):
            word_end = paragraph[:i].rstrip()[-1:]  # "农 ，" keeps its comma, "（ 农" its bracket
            if ch not in _NO_LINE_START and word_end not in _NO_LINE_END:
                points.append(i)
        elif (breaks_anywhere(before) or breaks_anywhere(ch)) and (
            ch not in _NO_LINE_START and before not in _NO_LINE_END
        ):
            points.append(i)
    return points


def _split_long(piece: str, fits: Callable[[str], bool]) -> list[str]:
    """Cut a piece wider than the line at character boundaries (keeping marks and joiners),
    still never starting a part with closing punctuation (it hangs at the end of the line
    before, as CJK typesetting lets it) nor ending one with opening punctuation."""
    parts: list[str] = []
    current = ""
    for ch in piece:
        glue = unicodedata.combining(ch) or ch in "\u200c\u200d" or ch in _NO_LINE_START
        if current and not glue and not fits(current + ch):
            bare = current.rstrip()
            cut = len(bare)
            while cut and bare[cut - 1] in _NO_LINE_END:
                cut = len(bare[: cut - 1].rstrip())  # "（ （" goes down whole, spaces too
            if cut < len(bare):  # an opening mark goes down with what it opens
                current, carry = current[:cut], current[cut:]
            else:
                carry = ""
            if current:
                parts.append(current)
            current = carry + ch
        else:
            current += ch
    if current:
        parts.append(current)
    return parts


@lru_cache(maxsize=16384)
def _piece_width(piece: str, size_px: int, bold: bool, lang: str) -> int:
    return text_width(piece, size_px, bold, lang)


def _line_starts(
    paragraph: str, points: list[int], size_px: int, max_width: int, bold: bool, lang: str
) -> list[int]:
    """Where each line of ``paragraph`` starts when it is filled greedily to ``max_width``."""
    cuts = [0, *points, len(paragraph)]
    starts = [0]
    line_width = 0
    for a, b in zip(cuts, cuts[1:], strict=False):
        piece = paragraph[a:b]
        full = _piece_width(piece, size_px, bold, lang)
        bare = piece.rstrip()
        trimmed = full if bare == piece else _piece_width(bare, size_px, bold, lang)
        if line_width + trimmed <= max_width:
            line_width += full
            continue
        if a > starts[-1]:
            starts.append(a)
        if trimmed <= max_width:
            line_width = full
            continue

        def fits(s: str) -> bool:
            return text_width(s.rstrip(), size_px, bold, lang) <= max_width

        *whole, last = _split_long(piece, fits)
        for part in whole:
            starts.append(starts[-1] + len(part))
        line_width = _piece_width(last, size_px, bold, lang)
    return starts


def _refined(
    paragraph: str,
    coarse: list[int],
    fine: list[int],
    size_px: int,
    max_width: int,
    bold: bool,
    lang: str,
) -> list[int]:
    """``coarse`` break points with the ``fine`` ones added inside each piece wider than a
    line, so that a phrase too long for a line is cut where a word ends ("スー / ト" was cut
    at a character when its phrase "ストレート：スートを" had no room)."""
    found: list[int] = []
    for a, b in zip([0, *coarse], [*coarse, len(paragraph)], strict=True):
        if _piece_width(paragraph[a:b].rstrip(), size_px, bold, lang) > max_width:
            found.extend(p for p in fine if a < p < b)
        if b < len(paragraph):
            found.append(b)
    return found


def _no_runt(
    paragraph: str,
    starts: list[int],
    points: list[int],
    size_px: int,
    max_width: int,
    bold: bool,
    lang: str,
) -> list[int]:
    """``starts`` with a last line of one word ("67 % / won") started one break earlier
    when the two words fit the line together and the line before keeps a word."""
    if len(starts) < 2 or any(p > starts[-1] for p in points):
        return starts
    earlier = [p for p in points if starts[-2] < p < starts[-1]]
    if not earlier:
        return starts
    last = paragraph[earlier[-1] :].rstrip()
    if text_width(last, size_px, bold, lang) > max_width:
        return starts
    return [*starts[:-1], earlier[-1]]


def wrap(
    text: str, size_px: int, max_width: int | None, *, bold: bool = False, lang: str | None = None
) -> list[str]:
    """``text`` cut into logical lines no wider than ``max_width`` (at ``\\n`` always).

    A line's width is the sum of its pieces' widths (words with their spaces, or single CJK
    characters), each measured once: shaping never joins across a break opportunity. Japanese
    breaks between its phrases (:func:`game.typeset.phrase_bounds`) wherever that takes no
    more lines than breaking at any character. No line breaks inside a word the language
    lists or a katakana word (:func:`game.typeset.kept_whole`) that fits a line. A
    paragraph never ends on one character alone (:func:`game.typeset.keep_company`: a CJK
    character, a digit such as Arabic's ٠ under "مجموعك المتراكم"), nor on one word when
    the word before it fits beside it ("67 % / won").
    """
    lang = lang or i18n.language()
    lines: list[str] = []
    for paragraph in text.split("\n"):
        if max_width is None or not paragraph:
            lines.append(paragraph)
            continue
        held = typeset.glued(paragraph, lang) | typeset.kept_whole(paragraph, lang)
        points = [p for p in _break_points(paragraph) if p not in held]
        starts = _line_starts(paragraph, points, size_px, max_width, bold, lang)
        starts = typeset.keep_company(paragraph, starts, points)
        phrases = typeset.phrase_bounds(paragraph, lang) if len(starts) > 1 else None
        if phrases is not None:  # between words where that takes no more lines
            between = [p for p in points if p in phrases or _is_break_space(paragraph[p - 1])]
            between = _refined(paragraph, between, points, size_px, max_width, bold, lang)
            by_phrase = _line_starts(paragraph, between, size_px, max_width, bold, lang)
            by_phrase = typeset.keep_company(paragraph, by_phrase, between)
            if len(by_phrase) <= len(starts) and not typeset.ends_alone(paragraph, by_phrase):
                starts = by_phrase
        starts = _no_runt(paragraph, starts, points, size_px, max_width, bold, lang)
        ends = [*starts[1:], len(paragraph)]
        lines.extend(paragraph[a:b].rstrip() for a, b in zip(starts, ends, strict=True))
    return lines
