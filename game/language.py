"""What the code knows about a language, read from its own catalog (issue 44).

Each ``locale/<code>.toml`` opens with a ``[language]`` table: its name in its own script, its
direction and script (which picks the fonts), its CLDR plural rules, its digits and how it
writes numbers, and its place in the language menu. Adding a language is adding its catalog;
nothing in the code lists the languages (docs/adding-a-language.md)::

    [language]
    name = "Polski"                 # in its own script, for the language menu
    english = "Polish"
    order = 50                      # the language menu lists languages by this, then by code
    direction = "ltr"               # or "rtl"
    script = "latin"                # "latin", "cjk" or "arabic": the fonts that draw it
    digits = "latn"                 # "latn" 0-9, "arabext" ۰-۹ (Persian), "arab" ٠-٩ (Arabic)
    decimal = ","
    group = " "                     # the thousands separator (here a no-break space)
    group_from = 10000              # the smallest number written with groups
    minus = "-"                     # optional: how a negative sign is written (default "-")
    plus = "+"                      # optional
    separator = " · "               # optional: between the items of a list on one line
    quotes = "„”»«"                 # optional: its quotation marks, outer pair then inner
    words = []                      # optional: words no line breaks inside (Chinese, Japanese)
    contractions = {}               # optional: {"a el" = "al"}, made where a name is said
    font = ""                       # optional: a font file of its own in assets/fonts (CJK)
    [language.plural]               # CLDR cardinal rules; "other" is every number left over
    one = "i = 1 and v = 0"
    few = "v = 0 and i % 10 = 2..4 and i % 100 != 12..14"
    many = "v = 0 and i != 1 and i % 10 = 0..1 or v = 0 and i % 10 = 5..9 or v = 0 and i % 100 = 12..14"

Only the header is read at start (the text up to the next table), so listing the languages
costs a few small reads; the strings are parsed when a language is first used.
"""

from __future__ import annotations

import logging
import re
import tomllib
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from pathlib import Path

log = logging.getLogger(__name__)

DIGITS = {"latn": "0123456789", "arabext": "۰۱۲۳۴۵۶۷۸۹", "arab": "٠١٢٣٤٥٦٧٨٩"}
SCRIPTS = ("latin", "cjk", "arabic")
PLURAL_CATEGORIES = ("zero", "one", "two", "few", "many", "other")


@dataclass(frozen=True)
class Language:
    """One language as its catalog's ``[language]`` table describes it (see the module)."""

    code: str
    name: str
    english: str = ""
    order: int = 1000
    direction: str = "ltr"
    script: str = "latin"
    digits: str = "latn"
    decimal: str = "."
    group: str = ","
    group_from: int = 1000
    minus: str = "-"
    plus: str = "+"
    #: Between the items of a list on one line ("a · b"); Arabic script takes its own comma
    #: (a middle dot beside the Arabic-Indic zero "٠" reads as one more dot).
    separator: str = " · "
    #: Its quotation marks: the primary pair, then the pair used inside it ("“”‘’" in English,
    #: "「」『』" in Japanese, "«»“”" in Persian); every quote of its catalog is one of these.
    quotes: str = "“”‘’"
    #: The font file (in assets/fonts) that draws this language's script, when it needs glyph
    #: shapes of its own (Traditional Chinese, Japanese, Korean); empty: the script's default.
    font: str = ""
    #: Words a line never breaks inside: Chinese and Japanese put no space between words, and a
    #: line breaking at any character cut "农 / 民", "爆 / 弾" (issue 55).
    words: tuple[str, ...] = ()
    #: Contractions the language always makes, made where a placeholder said with its article
    #: (``{name:said}``) follows a preposition: Spanish "a el" -> "al", "de el" -> "del".
    contractions: tuple[tuple[str, str], ...] = ()
    #: CLDR rule per plural category, in CLDR's order; "other" is implied.
    plural: dict[str, str] = field(default_factory=dict)

    @property
    def rtl(self) -> bool:
        return self.direction == "rtl"

    @property
    def categories(self) -> tuple[str, ...]:
        """The plural categories the language distinguishes, ``other`` last."""
        return (*(c for c in PLURAL_CATEGORIES if c in self.plural), "other")

    def plural_category(self, n: int | float) -> str:
        """The CLDR cardinal category of ``n``."""
        operands = _operands(n)
        for category in self.categories[:-1]:
            if _matches(self.plural[category], operands):
                return category
        return "other"

    def to_digits(self, text: str) -> str:
        """``text`` with its ASCII digits written in the language's digits."""
        if self.digits == "latn":
            return text
        return text.translate(str.maketrans("0123456789", DIGITS[self.digits]))


class LanguageError(ValueError):
    """A ``[language]`` header that cannot be used; the message names the file and the field."""


_HEADER = re.compile(r"^\[language\][ \t]*(?:#.*)?$", re.MULTILINE)
_NEXT_TABLE = re.compile(r"^\[(?!language[.\]])", re.MULTILINE)


def read_header(path: Path) -> Language:
    """The :class:`Language` of the catalog at ``path`` (only its header is parsed)."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeError) as error:
        raise LanguageError(f"{path.name}: {error}") from error
    start = _HEADER.search(text)
    if start is None:
        raise LanguageError(f"{path.name}: no [language] table")
    end = _NEXT_TABLE.search(text, start.end())
    try:
        data = tomllib.loads(text[start.start() : end.start() if end else len(text)])["language"]
    except (tomllib.TOMLDecodeError, KeyError) as error:
        raise LanguageError(f"{path.name}: {error}") from error
    return language_from(path.stem, data, path.name)


_FIELDS: dict[str, type] = {
    "name": str, "english": str, "order": int, "direction": str, "script": str, "digits": str,
    "decimal": str, "group": str, "group_from": int, "minus": str, "plus": str, "separator": str, "plural": dict,
    "font": str, "quotes": str, "words": list, "contractions": dict,
}  # fmt: skip


def language_from(code: str, data: dict[str, object], where: str = "") -> Language:
    """A :class:`Language` from a parsed header; :class:`LanguageError` on a bad field."""
    where = where or code
    values: dict[str, object] = {}
    for key, value in data.items():
        if key not in _FIELDS:
            raise LanguageError(f"{where}: unknown field {key!r} in [language]")
        if type(value) is not _FIELDS[key]:
            raise LanguageError(f"{where}: [language] {key} must be {_FIELDS[key].__name__}")
        values[key] = value
    if not values.get("name"):
        raise LanguageError(f"{where}: [language] needs its name")
    checks = (("direction", ("ltr", "rtl")), ("script", SCRIPTS), ("digits", tuple(DIGITS)))
    for key, allowed in checks:
        if key in values and values[key] not in allowed:
            raise LanguageError(f"{where}: [language] {key} must be one of {allowed}")
    quotes = values.get("quotes", "“”‘’")
    if not isinstance(quotes, str) or len(quotes) != 4:
        raise LanguageError(f"{where}: [language] quotes must be four marks: “”‘’")
    words = values.get("words", [])
    if not isinstance(words, list) or not all(isinstance(w, str) and w for w in words):
        raise LanguageError(f"{where}: [language] words must be a list of words")
    values["words"] = tuple(words)
    contractions = values.get("contractions", {})
    assert isinstance(contractions, dict)
    if not all(isinstance(v, str) and v and " " in k for k, v in contractions.items()):
        raise LanguageError(f"{where}: [language] contractions map words to one word")
    values["contractions"] = tuple(contractions.items())
    plural = values.get("plural", {})
    assert isinstance(plural, dict)
    for category, rule in plural.items():
        if category not in PLURAL_CATEGORIES[:-1] or not isinstance(rule, str):
            raise LanguageError(f"{where}: [language.plural] {category!r} is no CLDR category")
        try:
            _matches(rule, _operands(1))
        except ValueError as error:
            raise LanguageError(f"{where}: [language.plural] {category}: {error}") from error
    return Language(code=code, **values)  # type: ignore[arg-type]  # each checked above


# --- CLDR plural rules (cardinal; operands n, i, v, f, t; integers and decimals) -------------


def _operands(n: int | float) -> dict[str, Decimal]:
    """CLDR's operands of ``n``: n absolute value, i its integer digits, v the count of
    visible fraction digits, f those digits, t the same without trailing zeros."""
    value = abs(Decimal(str(n))) if not isinstance(n, bool) else Decimal(int(n))
    if isinstance(n, float) and n.is_integer():
        value = value.to_integral_value()
    sign, digits, exponent = value.as_tuple()
    fraction = (
        "".join(map(str, digits[exponent:])) if isinstance(exponent, int) and exponent < 0 else ""
    )
    trimmed = fraction.rstrip("0")
    return {
        "n": value,
        "i": Decimal(int(value)),
        "v": Decimal(len(fraction)),
        "f": Decimal(int(fraction or "0")),
        "t": Decimal(int(trimmed or "0")),
    }


_RELATION = re.compile(r"^\s*([nivft])\s*(?:%\s*(\d+))?\s*(!=|=)\s*([\d.,\s]+?)\s*$")


def _matches(rule: str, operands: dict[str, Decimal]) -> bool:
    """Whether ``operands`` satisfy a CLDR rule (``or`` of ``and`` of relations)."""
    return any(
        all(_relation(part, operands) for part in alternative.split(" and "))
        for alternative in rule.split(" or ")
    )


def _relation(text: str, operands: dict[str, Decimal]) -> bool:
    match = _RELATION.match(text)
    if match is None:
        raise ValueError(f"cannot read the relation {text.strip()!r}")
    name, modulus, operator, ranges = match.groups()
    value = operands[name] % int(modulus) if modulus else operands[name]
    found = False
    for item in ranges.split(","):
        low, _, high = item.strip().partition("..")
        try:
            low_d, high_d = Decimal(low), Decimal(high or low)
        except InvalidOperation as error:
            raise ValueError(f"cannot read the range {item.strip()!r}") from error
        # A range holds integers only: 2..4 matches 3 but not 3.5.
        inside = low_d <= value <= high_d and (not high or value == value.to_integral_value())
        found = found or inside
    return found if operator == "=" else not found
