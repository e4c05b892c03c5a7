"""Locale catalogs: every user-visible string comes from ``locale/<lang>.toml`` by key.

Catalogs are TOML; nested tables flatten to dotted keys (``[title] play = "…"`` is
``title.play``). Placeholders are named: ``"{player} wins {points}"``.

Public API
    ``tr(key, **params)``: the current language's text with placeholders filled; numbers
    (int/float params) are formatted for the language (:func:`format_number`). With
    ``count=n`` and a plural group under ``key`` the right form is chosen (see below).
    ``tr_plural(key, n, **params)`` is the same as ``tr(key, count=n, **params)``.
    Words kept between frames (``Words``) and labels that keep their key (``label``) are in
    :mod:`game.words`. A placeholder written ``{name:said}`` takes the catalog's
    ``said.<key>`` for a label or words of ``key`` (Spanish "Esperando a {name:said}" says "al
    de la derecha" where the seat's plate says "Derecha"), ``{name:Said}`` the same with a
    capital (a sentence's start); a value with no such form is put as it is.
    ``set_language``, ``language``, ``system_language()``, ``LANGUAGES`` (the codes of the
    catalogs in ``locale/``, in menu order), ``info(code)`` (the :class:`game.language.Language`
    its catalog's ``[language]`` header describes), ``catalog``, ``language_name(code)`` (a
    language's name in its own language, for the language menu), ``on_change(callback)``
    (called with the new code after :func:`set_language` changes it; returns an unsubscribe
    function), ``format_number(n, *, signed, lang)``, ``digits(text)`` (ASCII digits in a
    string written as the language's digits: ranks, levels), ``plural_category(n, lang)``,
    ``PLURAL_CATEGORIES``.

Plurals (CLDR categories, integer counts)
    A plural group is a table whose keys are plural categories and that has ``other``::

        [table.cards_left]
        one = "{count} card left"
        other = "{count} cards left"

    Each language writes the categories it has, as its header's CLDR rules name them
    (``[language.plural]``): en/hu/tr/fa ``one``, ``other``; pl ``one``, ``few``, ``many``,
    ``other``; zh/id ``other`` only. ``tr("table.cards_left", count=3)``
    picks ``table.cards_left.other``; a missing category falls back to ``other``, then to
    English. ``{count}`` is available in the text.

Fallback
    A key missing from the current language, or a language file that is missing or cannot be
    parsed, falls back to English; each problem is logged once. A key missing from English too
    is shown as the key itself (and logged once).

Languages
    Everything the code knows about a language is in its catalog's ``[language]`` header
    (:mod:`game.language`): adding a language is adding its file. ``lang.<code>`` keys read the
    language's own name from its header.

Choices where the spec was silent
    * Persian digits ۰–۹ in Persian, with the Persian decimal separator ``٫`` and thousands
      separator ``٬``; a minus or plus sign in Persian is preceded by a left-to-right mark so
      that bidi keeps it on the number's left (as CLDR writes it).
    * Thousands are grouped from 1 000 (``1,000`` en/zh, ``1.000`` tr/id, ``1 000`` with a
      no-break space in hu/pl, ``۱٬۰۰۰`` fa), except that Hungarian and Polish leave four-digit
      numbers ungrouped (``1000``), as their typography does.
    * Booleans passed as params are not numbers; strings are never reformatted (card notation,
      names stay as given).
"""

from __future__ import annotations

import locale
import logging
import os
import re
import string
import tomllib
from collections.abc import Callable, Iterable, Mapping
from functools import cache
from typing import Any

from game.language import Language, LanguageError, read_header
from game.paths import locale_dir

log = logging.getLogger(__name__)

DEFAULT_LANG = "en"
_ENGLISH = Language(code="en", name="English", plural={"one": "i = 1 and v = 0"})


def _scan() -> dict[str, Language]:
    """Every catalog's language, in menu order; a file with a broken header is left out."""
    found: dict[str, Language] = {}
    for path in sorted(locale_dir().glob("*.toml")):
        try:
            found[path.stem] = read_header(path)
        except LanguageError as error:
            log.warning("locale %s left out: %s", path.stem, error)
    found.setdefault(DEFAULT_LANG, _ENGLISH)
    return dict(sorted(found.items(), key=lambda item: (item[1].order, item[0])))


_INFO: dict[str, Language] = _scan()
#: Language codes in the order the language menu lists them.
LANGUAGES: tuple[str, ...] = tuple(_INFO)
#: CLDR plural categories (cardinal) each language distinguishes.
PLURAL_CATEGORIES: dict[str, tuple[str, ...]] = {c: i.categories for c, i in _INFO.items()}
ALL_PLURAL_CATEGORIES = frozenset({"zero", "one", "two", "few", "many", "other"})

_current = DEFAULT_LANG
_listeners: list[Callable[[str], None]] = []
_logged: set[tuple[str, ...]] = set()


def _log_once(*what: str) -> bool:
    if what in _logged:
        return False
    _logged.add(what)
    return True


# Any: a catalog as parsed (TOML), its leaves strings by the catalog's own check
def flatten(table: dict[str, Any], prefix: str = "") -> dict[str, str]:
    """A nested catalog table as dotted keys (``[title] play`` is ``title.play``)."""
    flat: dict[str, str] = {}
    for key, value in table.items():
        name = f"{prefix}{key}"
        if isinstance(value, dict):
            flat.update(flatten(value, name + "."))
        else:
            flat[name] = value
    return flat


@cache
def catalog(lang: str) -> dict[str, str]:
    """The flattened catalog of ``lang`` ({} when the file is missing or broken, logged)."""
    path = locale_dir() / f"{lang}.toml"
    try:
        with path.open("rb") as handle:
            data = tomllib.load(handle)
        data.pop("language", None)  # the header describes the language; it holds no strings
        data.pop(
            "source", None
        )  # stamps of the English each entry translates (tools/i18n_check.py)
        flat = flatten(data)
    except (OSError, ValueError) as error:  # ValueError: bad TOML or bytes that are not UTF-8
        if _log_once("file", lang):
            log.warning("locale %s unreadable (%s); English is used for its strings", lang, error)
        return {}
    # A value that is not text (a number, a list) would break drawing: English is shown instead.
    bad = sorted(key for key, value in flat.items() if not isinstance(value, str))
    if bad and _log_once("types", lang):
        log.warning("locale %s: %s not text; English is used for them", lang, ", ".join(bad))
    return {key: value for key, value in flat.items() if isinstance(value, str)}


def reload() -> None:
    """Forget the loaded catalogs and read the languages again (after they change on disk;
    tests)."""
    global _INFO, LANGUAGES, PLURAL_CATEGORIES
    catalog.cache_clear()
    _logged.clear()
    _INFO = _scan()
    LANGUAGES = tuple(_INFO)
    PLURAL_CATEGORIES = {code: info.categories for code, info in _INFO.items()}


def info(code: str | None = None) -> Language:
    """The language ``code`` (default: the current one); English for an unknown code."""
    return _INFO.get(code or _current) or _INFO[DEFAULT_LANG]


def set_language(lang: str) -> None:
    """Switch the language (unknown codes mean English) and tell the listeners."""
    global _current
    new = lang if lang in LANGUAGES else DEFAULT_LANG
    if new != lang and _log_once("unknown", lang):
        log.info("no catalog for language %s; English is used", lang)
    if new == _current:
        return
    _current = new
    for callback in list(_listeners):
        try:
            callback(new)
        except Exception:  # one broken listener must not stop the others re-laying out
            log.exception("language listener %r failed", callback)


def language() -> str:
    """The current language code."""
    return _current


def system_language() -> str:
    """The two-letter language of the environment (LC_ALL, LC_MESSAGES, LANG, the locale);
    it may have no catalog (then :func:`set_language` means English)."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name)
        if value:
            return value[:2].lower()
    code = locale.getlocale()[0] or ""
    return code[:2].lower()


def on_change(callback: Callable[[str], None]) -> Callable[[], None]:
    """Call ``callback(lang)`` whenever the language changes; returns an unsubscribe function."""
    _listeners.append(callback)

    def unsubscribe() -> None:
        if callback in _listeners:
            _listeners.remove(callback)

    return unsubscribe


def language_name(code: str) -> str:
    """The name of language ``code`` written in that language (its header's ``name``)."""
    known = _INFO.get(code)
    return known.name if known is not None else code


# --------------------------------------------------------------------------------------------
# Plurals


def plural_category(n: int | float, lang: str | None = None) -> str:
    """The CLDR cardinal plural category of ``n`` in ``lang`` (default: current language)."""
    return info(lang).plural_category(n)


# --------------------------------------------------------------------------------------------
# Numbers


def format_number(
    n: int | float, *, signed: bool = False, decimals: int | None = None, lang: str | None = None
) -> str:
    """``n`` written for ``lang`` (default: current): digits, separators, sign.

    ``signed`` shows ``+`` on positive numbers (score changes). ``decimals`` fixes the
    number of decimals; floats otherwise lose trailing zeros.
    """
    style = info(lang)
    point, group, threshold = style.decimal, style.group, style.group_from
    negative = n < 0
    magnitude = abs(n)
    if decimals is not None:
        body = f"{magnitude:.{decimals}f}"
    elif isinstance(magnitude, float) and not magnitude.is_integer():
        body = f"{magnitude:.6f}".rstrip("0")
    else:
        body = str(int(magnitude))
    whole, _, frac = body.partition(".")
    if int(whole) >= threshold:
        head = len(whole) % 3 or 3
        parts = [whole[:head]] + [whole[k : k + 3] for k in range(head, len(whole), 3)]
        whole = group.join(parts)
    text = style.to_digits(whole + (point + frac if frac else ""))
    sign = style.minus if negative else (style.plus if signed and n > 0 else "")
    return sign + text


def join(parts: Iterable[str], lang: str | None = None) -> str:
    """The items of a list on one line, with ``lang``'s separator (a middle dot, an Arabic
    comma in Persian and Arabic)."""
    return info(lang).separator.join(parts)


#: Sentence ends after which Chinese and Japanese start the next sentence with no space.
_FULL_WIDTH_ENDS = tuple("。！？」』）")


def sentences(parts: Iterable[str]) -> str:
    """Sentences one after another on a line: one space after a sentence that ends in a
    Latin stop, none after a full-width one (Chinese and Japanese put no space between
    sentences; the statistics joined them with two spaces, issue 55)."""
    said = ""
    for part in parts:
        if said and part:
            said += "" if said.endswith(_FULL_WIDTH_ENDS) else " "
        said += part
    return said


def digits(text: str, lang: str | None = None) -> str:
    """``text`` with its ASCII digits written as ``lang``'s digits (Persian ۰–۹ in Persian),
    for numbers that are not quantities: a rank ``"10"``, a level ``"2"``, a deal number."""
    return info(lang).to_digits(text)


#: The format specs of a placeholder said inside a sentence (see the module docstring).
_SAID = ("said", "Said")


class _SaidFormatter(string.Formatter):
    """``str.format`` with the ``said`` and ``Said`` specs."""

    def format_field(self, value: object, format_spec: str) -> str:
        if format_spec not in _SAID:
            return str(super().format_field(value, format_spec))
        said_now = getattr(value, "said", None)  # words (game.words) say themselves first
        if callable(said_now):
            value = said_now()
        key = getattr(value, "key", "")
        said = _lookup(f"said.{key}") if key else None
        words = str(value) if said is None else said
        return words[:1].upper() + words[1:] if format_spec == "Said" else words


_FORMATTER = _SaidFormatter()


def _fill(text: str, params: Mapping[str, object]) -> str:
    """``text`` with its placeholders filled (``{x:said}`` forms too)."""
    if ":said}" not in text and ":Said}" not in text:
        return text.format(**params)
    filled = _FORMATTER.vformat(text, (), params)
    for long, short in info(_current).contractions:  # "a el de la derecha" -> "al de …"
        for a, b in ((long, short), (long[:1].upper() + long[1:], short[:1].upper() + short[1:])):
            filled = re.sub(rf"\b{re.escape(a)}\b", b, filled)
    return filled


def _prepare(params: dict[str, object]) -> dict[str, object]:
    return {
        name: format_number(value)
        if isinstance(value, int | float) and not isinstance(value, bool)
        else value
        for name, value in params.items()
    }


# --------------------------------------------------------------------------------------------
# Lookup


def _lookup(key: str) -> str | None:
    if key.startswith("lang.") and key[5:] in _INFO:  # a language's name, from its header
        return _INFO[key[5:]].name
    text = catalog(_current).get(key)
    if text is None and _current != DEFAULT_LANG:
        text = catalog(DEFAULT_LANG).get(key)
        if text is not None and _log_once("key", _current, key):
            log.warning("locale %s lacks %s; English is shown", _current, key)
    return text


def _plural_text(key: str, count: int | float) -> str | None:
    own = catalog(_current)
    category = plural_category(count)
    for lang, cat in ((_current, category), (_current, "other")):
        text = catalog(lang).get(f"{key}.{cat}")
        if text is not None:
            return text
    if own.get(key) is not None:
        return own[key]
    english = catalog(DEFAULT_LANG)
    for cat in (plural_category(count, DEFAULT_LANG), "other"):
        text = english.get(f"{key}.{cat}")
        if text is not None:
            if _current != DEFAULT_LANG and _log_once("key", _current, key):
                log.warning("locale %s lacks %s; English is shown", _current, key)
            return text
    return english.get(key)


#: Every digit a catalog may use, read back as ASCII.
_DIGITS_BACK = str.maketrans("۰۱۲۳۴۵۶۷۸۹٠١٢٣٤٥٦٧٨٩", "01234567890123456789")


def _as_number(value: object) -> int | float | None:
    """A count as a number; a count already formatted by :func:`format_number` is read back."""
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, int | float):
        return value
    if isinstance(value, str):
        style = info()
        plain = value.replace(style.group, "").replace(style.decimal, ".").translate(_DIGITS_BACK)
        plain = "".join(ch for ch in plain if ch in "0123456789.-\u2212")
        try:
            return float(plain.replace("\u2212", "-"))
        except ValueError:
            return None
    return None


def tr(key: str, /, **params: object) -> str:
    """The current language's text for ``key`` with ``{placeholders}`` filled in.

    ``count=n`` selects the plural form when ``key`` is a plural group (a count passed
    already formatted, e.g. ``format_number(n)``, works too).
    """
    count = _as_number(params.get("count"))
    text = _plural_text(key, count) if count is not None else _lookup(key)
    if text is None and count is None:
        text = _lookup(f"{key}.other")  # a plural group asked for without a count
    if text is None:
        if _log_once("missing", key):
            log.warning("missing locale key %s", key)
        return key
    if params:
        try:
            return _fill(text, _prepare(params))
        except (KeyError, IndexError, ValueError):
            if _log_once("format", _current, key):
                log.warning("bad placeholders in %s/%s", _current, key)
            return text
    return text


def tr_plural(key: str, n: int | float, /, **params: object) -> str:
    """The plural form of ``key`` for the count ``n`` (also available as ``{count}``)."""
    return tr(key, count=n, **params)
