"""Typesetting per script (issue 55): what a language's typography asks of a line beyond its
fonts and its direction, in functions :mod:`game.text` applies to every string it draws.

Public API
    ``native_digits(text, lang)``: the numbers of a Persian or Arabic text in the language's
    own digits (catalog text, formatted numbers and the strings put into it: a deal number, a
    team's level ``"2"``); a card keeps the Latin index of its face (``10♠``, issue 40), and a
    token that holds Latin letters or a path separator keeps its digits (``F11``,
    ``1280x720``, a file name), since it is no number of the sentence.
    ``keep_company(text, starts, breaks)``: the line starts of a wrapped paragraph with its
    last line never one character alone (Chinese and Japanese set no 民 or 2 by itself under
    a full line, nor does Arabic a lone ٠; the previous line gives up its last unit).
    ``quote(text, lang)`` and ``QUOTE_MARKS``: the language's own quotation marks (its
    header's ``quotes``: “…” in English and Chinese, 「…」 in Japanese and Traditional
    Chinese, „…” in Hungarian and Polish, «…» in Spanish, Persian and Arabic).
    ``CLOSING``, ``OPENING``: punctuation that never starts, or never ends, a line (the
    line breaker of :mod:`game.text` keeps them with their neighbour).
    ``korean_particles(text, lang)``: a Korean particle written for either word ("이(가)",
    "을(를)") as the one the word before it takes ("오른쪽이", "파트너가"); kept as written
    after a card's suit or another sign that has no Korean reading.
    ``glued(paragraph, lang)``: the spaces no line may break at: after a number, so that it
    stays with the word it counts ("1 / poziom", "55 / punktów"), before one, so that no line
    starts with it ("على / ٢"), and in Polish after a
    one-letter word ("o", "w", "z", "i"), which Polish never leaves at a line's end.
    ``kept_whole(paragraph, lang)``: the indices inside a word where no line may start: a
    word of the language's list (its header's ``words``: "农民", "底牌", "爆弾") and a
    Japanese katakana word ("チー / ム", "ジョー / カー"), unless it is wider than a line.
    ``phrase_bounds(paragraph, lang)``: where the phrases of a Japanese paragraph meet
    (BudouX's model), so that a line breaks between them ("あなたのチー / ム", "対農 / 民"
    read as broken words), or None in a language without such a model.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import cache, lru_cache
from typing import TYPE_CHECKING

from game import i18n

if TYPE_CHECKING:  # pragma: no cover
    from budoux import Parser

#: Never at the start of a line: closing brackets and quotes, stops, commas, the iteration
#: and prolonged-sound marks of Japanese, small kana (the kinsoku of JIS X 4051, simplified).
CLOSING = frozenset(
    "，。、；：？！）》」』】〕〉…‥·・—–-,.;:?!)]}%％'\"’”»›ー々ゝゞぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ"
    "\u00a0\u2007\u202f"
)
#: Never at the end of a line: opening brackets and quotes.
OPENING = frozenset("（《「『【〔〈([{‘“„«‹\u00a0\u2007\u202f")

#: Every quotation mark a catalog may use (the apostrophe ’ aside: it is also a letter's).
QUOTE_MARKS = frozenset('"“”„‟«»‹›「」『』‘‚')

_NUMBER = re.compile(r"[0-9]+")
_TOKEN = re.compile(r"\S+")
#: A token with one of these is a card (ranks stay the cards' Latin, issue 40), a name, a path
#: or a key, not a number of the sentence.
_TECHNICAL = re.compile(r"[A-Za-z/\\_@♠♥♦♣]")


def native_digits(text: str, lang: str | None = None) -> str:
    """``text`` with the ASCII digits of its numbers in ``lang``'s digits (unchanged in a
    language that writes 0-9); tokens with Latin letters or path separators are left alone."""
    style = i18n.info(lang)
    if style.digits == "latn" or not any("0" <= ch <= "9" for ch in text):
        return text

    def token(match: re.Match[str]) -> str:
        word = match.group(0)
        if _TECHNICAL.search(word):
            return word
        return _NUMBER.sub(lambda number: style.to_digits(number.group(0)), word)

    return _TOKEN.sub(token, text)


def _alone(line: str) -> bool:
    """A line that holds one character, closing punctuation and spaces aside."""
    body = "".join(ch for ch in line if not ch.isspace() and ch not in CLOSING)
    return len(body) == 1


def ends_alone(text: str, starts: Sequence[int]) -> bool:
    """Whether the last of the lines starting at ``starts`` holds one character alone."""
    return len(starts) > 1 and _alone(text[starts[-1] :])


def keep_company(text: str, starts: Sequence[int], breaks: Sequence[int]) -> list[int]:
    """The line starts ``starts`` of ``text`` (a paragraph), with a last line of one character
    alone started one break earlier (``breaks``: where a line may start), when the line before
    has a break to give."""
    found = list(starts)
    if not ends_alone(text, found):
        return found
    earlier = [point for point in breaks if found[-2] < point < found[-1]]
    if earlier:
        found[-1] = earlier[-1]
    return found


def quote(text: str, lang: str | None = None) -> str:
    """``text`` between ``lang``'s primary quotation marks."""
    marks = i18n.info(lang).quotes
    return f"{marks[0]}{text}{marks[1]}"


#: The BudouX model of each language whose lines break between phrases. Japanese only:
#: Chinese is set breaking between any two characters, and its models cut words apart that a
#: reader keeps together ("两 / 副牌", "对方 / 打 2"), so it keeps that (issue 55).
_PHRASE_MODELS = {"ja": "load_default_japanese_parser"}


@cache
def _parser(lang: str) -> Parser | None:
    """The language's BudouX parser, loaded when first asked for (None: no model)."""
    loader = _PHRASE_MODELS.get(lang)
    if loader is None:
        return None
    try:
        import budoux
    except ImportError:  # pragma: no cover - without it lines break at any character, as before
        return None
    load: Callable[[], Parser] = getattr(budoux, loader)
    return load()


@lru_cache(maxsize=4096)
def phrase_bounds(paragraph: str, lang: str) -> frozenset[int] | None:
    """The indices of ``paragraph`` where one of its phrases ends and the next begins, or
    None when ``lang`` has no phrase model (its lines break at spaces, or anywhere)."""
    parser = _parser(lang)
    if parser is None:
        return None
    bounds, at = set(), 0
    for chunk in parser.parse(paragraph)[:-1]:
        at += len(chunk)
        bounds.add(at)
    return frozenset(bounds)


#: Korean particles a catalog writes for either word: the written form -> (after a final
#: consonant, after a vowel). "으로(로)" also takes 로 after ㄹ.
_PARTICLE_PAIRS = {
    "이(가)": ("이", "가"),
    "은(는)": ("은", "는"),
    "을(를)": ("을", "를"),
    "과(와)": ("과", "와"),
    "으로(로)": ("으로", "로"),
}
_PARTICLE = re.compile("|".join(re.escape(form) for form in _PARTICLE_PAIRS))
#: Whether a digit or a Latin capital read in Korean ends on a consonant (일, 삼, 엘, 엠 …).
_READ_FINAL = {**dict.fromkeys("013678", True), **dict.fromkeys("2459", False)}
_RIEUL = 8  # the final ㄹ


def _final(char: str) -> int | None:
    """The final consonant of ``char`` read in Korean (0: none), or None when unknown."""
    if "가" <= char <= "힣":
        return (ord(char) - 0xAC00) % 28
    if char in _READ_FINAL:
        return _RIEUL if char in "178" else (1 if _READ_FINAL[char] else 0)
    if char.isascii() and char.isalpha():
        return {"L": _RIEUL, "R": _RIEUL, "M": 16, "N": 4}.get(char.upper(), 0)
    return None


def korean_particles(text: str, lang: str | None = None) -> str:
    """``text`` with each particle written for either word ("이(가)") as the one the word
    before it takes; unchanged in another language or after a sign with no Korean reading."""
    if (lang or i18n.language()) != "ko" or "(" not in text:
        return text

    def pick(match: re.Match[str]) -> str:
        final = _final(text[match.start() - 1]) if match.start() else None
        if final is None:
            return match.group(0)
        after_consonant, after_vowel = _PARTICLE_PAIRS[match.group(0)]
        if match.group(0) == "으로(로)" and final == _RIEUL:
            return after_vowel
        return after_consonant if final else after_vowel

    return _PARTICLE.sub(pick, text)


#: One-letter words a language never leaves at the end of a line (Polish typography).
_ONE_LETTER_WORDS = {"pl": frozenset("aiouwzAIOUWZ")}
_GLUE = re.compile(r"(?:(?<=\s)|^)(\S+) (?=\w)")
_NUMBER_AFTER = re.compile(r"(?<=\w) (\d+)(?=[\s,.،:;!?%)]|$)")


def glued(paragraph: str, lang: str) -> frozenset[int]:
    """The indices just after a space of ``paragraph`` where no line may start: after a
    number (its word follows it) and, in Polish, after a one-letter word."""
    letters = _ONE_LETTER_WORDS.get(lang, frozenset())
    found = set()
    for match in _GLUE.finditer(paragraph):
        word = match.group(1)
        if word.isdigit() or (len(word) == 1 and word in letters):
            found.add(match.end())
    # nor does a line start with a number: it stays with the word before it too ("فريقك على
    # / ٢" read "your team at / 2" on the title's Guandan card; issue 55)
    found.update(match.start(1) for match in _NUMBER_AFTER.finditer(paragraph))
    return frozenset(found)


#: Runs of letters a language never breaks inside: Japanese katakana words (the middle dot
#: ・ between two words left out, a line may break after it).
_WORD_RUNS = {"ja": re.compile("[\u30a1-\u30fa\u30fc-\u30ff]{2,}")}


@lru_cache(maxsize=4096)
def kept_whole(paragraph: str, lang: str) -> frozenset[int]:
    """The indices of ``paragraph`` inside one of ``lang``'s words (its listed words, its
    katakana words) where no line may start."""
    found: set[int] = set()
    for word in i18n.info(lang).words:
        start = paragraph.find(word)
        while start >= 0:
            found.update(range(start + 1, start + len(word)))
            start = paragraph.find(word, start + 1)
    runs = _WORD_RUNS.get(lang)
    if runs is not None:
        for match in runs.finditer(paragraph):
            found.update(range(match.start() + 1, match.end()))
    return frozenset(found)
