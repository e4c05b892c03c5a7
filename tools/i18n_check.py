"""Check the locale catalogs: exit 0 when every catalog is complete and consistent.

Usage: ``python tools/i18n_check.py [--locale DIR] [--strict] [LANG ...]``
and ``python tools/i18n_check.py --stamp LANG|all [KEY ...]``

Otherwise it prints one line per problem and exits 1. Checked, for every catalog in the
folder (or the languages named):

* the file exists and parses as TOML, values are strings; its ``[language]`` header
  (game/language.py) is complete and its plural rules read;
* every key of ``en`` is present; a plural group of ``en`` (a table of CLDR categories with
  ``other``) must hold exactly the categories of the language (its header's rules);
* no key that ``en`` lacks (unknown extra keys), no empty string;
* the same ``{placeholders}`` as ``en`` (for plural forms: only placeholders the English group
  uses, plus ``{count}``; every non-``count`` placeholder of English ``other`` in each form);
  braces well formed;
* Persian uses Persian yeh and kaf (ی ک), not the Arabic letters;
* every character is drawn by the fonts ``game/fonts.py`` chooses for that language (no box
  glyph); re-run tools/make_cjk_font.py when Chinese characters are reported.

Stale translations (issue 44, ``tools/i18n_source.py``): every entry whose English text changed
since it was translated is listed, and entries with no stamp yet are counted. They fail the
check (exit 1) only with ``--strict``, so that a change of English merged before its
translators have looked keeps the suite green while the report names the work left.
``--stamp LANG [KEY ...]`` records that those entries of LANG (every entry when no key is
given; a key also covers the keys under it, ``rules.guandan``; LANG ``all`` for every
catalog) now translate today's English.
"""

from __future__ import annotations

import argparse
import os
import string
import sys
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from game import i18n  # noqa: E402
from game.language import LanguageError, read_header  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
import i18n_source  # noqa: E402


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with one catalog."""

    lang: str
    key: str
    message: str

    def __str__(self) -> str:
        where = f"locale/{self.lang}.toml"
        return f"{where}: {self.key}: {self.message}" if self.key else f"{where}: {self.message}"


def _plural_groups(table: dict[str, Any], prefix: str = "") -> set[str]:
    """Dotted names of the tables that are plural groups."""
    groups: set[str] = set()
    for key, value in table.items():
        if isinstance(value, dict):
            name = f"{prefix}{key}"
            if "other" in value and set(value) <= i18n.ALL_PLURAL_CATEGORIES:
                groups.add(name)
            else:
                groups |= _plural_groups(value, name + ".")
    return groups


def placeholders(text: str) -> set[str]:
    """The named placeholders of a format string (ValueError when braces are broken)."""
    names = set()
    for _, field, _, _ in string.Formatter().parse(text):
        if field is not None:
            names.add(field.split(".")[0].split("[")[0])
    return names


def _load(path: Path) -> tuple[dict[str, Any] | None, str | None]:
    try:
        with path.open("rb") as handle:
            return tomllib.load(handle), None
    except OSError as error:
        return None, f"cannot read ({error.strerror or error})"
    except tomllib.TOMLDecodeError as error:
        return None, f"not valid TOML ({error})"


def check(locale_dir: Path, langs: list[str] | None = None) -> list[Problem]:
    """Every problem of the catalogs in ``locale_dir`` (all languages unless ``langs``)."""
    from game import text

    problems: list[Problem] = []
    en_table, error = _load(locale_dir / "en.toml")
    if en_table is None:
        return [Problem("en", "", error or "missing")]
    en_table.pop("language", None)
    en = i18n.flatten(en_table)
    groups = _plural_groups(en_table)
    in_group = {f"{g}.{c}": g for g in groups for c in i18n.ALL_PLURAL_CATEGORIES}
    en_forms = {g: {k.rsplit(".", 1)[1] for k in en if in_group.get(k) == g} for g in groups}
    try:
        en_categories = set(read_header(locale_dir / "en.toml").categories)
    except LanguageError as header_error:
        problems.append(Problem("en", "language", str(header_error)))
        en_categories = {"other"}
    for group, forms in en_forms.items():
        missing = en_categories - forms
        if missing:
            problems.append(Problem("en", group, f"plural forms missing: {sorted(missing)}"))

    for lang in langs or catalogs(locale_dir):
        table, error = _load(locale_dir / f"{lang}.toml")
        if table is None:
            problems.append(Problem(lang, "", error or "missing"))
            continue
        try:
            categories = set(read_header(locale_dir / f"{lang}.toml").categories)
        except LanguageError as header_error:
            problems.append(Problem(lang, "language", str(header_error)))
            categories = {"other"}
        table.pop("language", None)
        table.pop(i18n_source.SOURCE, None)
        flat = i18n.flatten(table)

        for key, value in flat.items():
            if not isinstance(value, str):
                problems.append(Problem(lang, key, f"not a string ({type(value).__name__})"))
                continue
            if not value.strip():
                problems.append(Problem(lang, key, "empty string"))
            plural = in_group.get(key)
            if plural is not None:
                if key.rsplit(".", 1)[1] not in categories:
                    problems.append(
                        Problem(lang, key, f"plural form not used in {lang} {sorted(categories)}")
                    )
            elif key not in en:
                problems.append(Problem(lang, key, "unknown key (not in en)"))

        # Keys and placeholders.
        for key, en_value in en.items():
            if in_group.get(key) is not None or not isinstance(en_value, str):
                continue
            said = flat.get(key)
            if said is None:
                problems.append(Problem(lang, key, "missing"))
                continue
            if not isinstance(said, str):
                continue
            problems.extend(_compare_placeholders(lang, key, said, en_value))
        for group in sorted(groups):
            wanted = placeholders_of_group(en, group)
            other = en.get(f"{group}.other")
            required = (placeholders(other) if isinstance(other, str) else set()) - {"count"}
            for category in sorted(categories):
                key = f"{group}.{category}"
                form = flat.get(key)
                if form is None:
                    problems.append(Problem(lang, key, "missing plural form"))
                    continue
                if not isinstance(form, str):
                    continue
                try:
                    names = placeholders(form)
                except ValueError as error:
                    problems.append(Problem(lang, key, f"broken braces ({error})"))
                    continue
                if names - wanted - {"count"}:
                    problems.append(
                        Problem(lang, key, f"unknown placeholders {sorted(names - wanted)}")
                    )
                if required - names:
                    problems.append(
                        Problem(lang, key, f"placeholders missing {sorted(required - names)}")
                    )

        # Persian is written with Persian yeh and kaf (ی ک), not the Arabic letters (ي ك).
        if lang == "fa":
            for key, value in flat.items():
                if isinstance(value, str) and ("\u064a" in value or "\u0643" in value):
                    problems.append(Problem(lang, key, "Arabic yeh/kaf (ي ك): write Persian ی ک"))

        # Fonts: every character must be drawable in this language.
        missing_chars: dict[str, str] = {}
        for key, value in flat.items():
            if isinstance(value, str):
                for ch in text.uncovered(value, lang):
                    missing_chars.setdefault(ch, key)
        for ch, key in sorted(missing_chars.items()):
            problems.append(
                Problem(
                    lang,
                    key,
                    f"character {ch!r} (U+{ord(ch):04X}) is in none of the fonts for {lang} "
                    "(re-run tools/make_cjk_font.py for Chinese characters)",
                )
            )
    return problems


def catalogs(locale_dir: Path) -> list[str]:
    """The language codes of the catalogs in ``locale_dir``."""
    return sorted(path.stem for path in locale_dir.glob("*.toml"))


def placeholders_of_group(en: Mapping[str, object], group: str) -> set[str]:
    names: set[str] = set()
    for category in i18n.ALL_PLURAL_CATEGORIES:
        value = en.get(f"{group}.{category}")
        if isinstance(value, str):
            names |= placeholders(value)
    return names


def _compare_placeholders(lang: str, key: str, value: str, en_value: str) -> list[Problem]:
    try:
        want = placeholders(en_value)
    except ValueError as error:
        return [Problem("en", key, f"broken braces ({error})")] if lang == "en" else []
    try:
        got = placeholders(value)
    except ValueError as error:
        return [Problem(lang, key, f"broken braces ({error})")]
    problems = []
    if want - got:
        problems.append(Problem(lang, key, f"placeholders missing {sorted(want - got)}"))
    if got - want:
        problems.append(Problem(lang, key, f"unknown placeholders {sorted(got - want)}"))
    return problems


def english_sources(locale_dir: Path) -> dict[str, str]:
    """Each tracked entry of the English catalog → the stamp of its text."""
    table, error = _load(locale_dir / "en.toml")
    if table is None:
        raise SystemExit(f"locale/en.toml: {error}")
    table.pop("language", None)
    return i18n_source.english_entries(i18n.flatten(table), _plural_groups(table))


def sources(locale_dir: Path, langs: list[str] | None = None) -> list[i18n_source.Entry]:
    """The stale and unstamped entries of every catalog but English (or of ``langs``)."""
    english = english_sources(locale_dir)
    found: list[i18n_source.Entry] = []
    for lang in langs or catalogs(locale_dir):
        table, _ = _load(locale_dir / f"{lang}.toml")
        if lang != i18n.DEFAULT_LANG and table is not None:
            found.extend(i18n_source.status(lang, table, english))
    return found


def _stamp(locale_dir: Path, lang: str, keys: list[str]) -> int:
    english = english_sources(locale_dir)
    langs = [c for c in catalogs(locale_dir) if c != i18n.DEFAULT_LANG] if lang == "all" else [lang]
    for code in langs:
        path = locale_dir / f"{code}.toml"
        if code == i18n.DEFAULT_LANG or not path.is_file():
            print(f"--stamp: no translated catalog {code!r}")
            return 2
        done = i18n_source.stamp(path, english, keys)
        print(f"locale/{code}.toml: {len(done)} entries stamped as translating today's English")
    return 0


def _report_sources(entries: list[i18n_source.Entry], strict: bool) -> bool:
    """Print the stale entries (and, when strict, the unstamped ones); True when any is stale
    or unstamped."""
    stale = [e for e in entries if e.status == "stale"]
    unstamped = [e for e in entries if e.status == "unstamped"]
    for entry in stale + (unstamped if strict else []):
        print(entry)
    if stale:
        print(f"{len(stale)} stale translation(s): update them, then --stamp LANG KEY ...")
    if unstamped:
        langs = len({e.lang for e in unstamped})
        print(
            f"{len(unstamped)} entr(ies) in {langs} catalog(s) not stamped yet (--strict lists them)"
        )
    return bool(entries)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "langs", nargs="*", help="languages to check (default: all); keys with --stamp"
    )
    parser.add_argument("--locale", type=Path, default=ROOT / "locale")
    parser.add_argument(
        "--strict", action="store_true", help="fail on stale or unstamped translations too"
    )
    parser.add_argument(
        "--stamp", metavar="LANG", help="stamp LANG's entries (the KEYs given, else all) as current"
    )
    args = parser.parse_args(argv)
    if args.stamp:
        return _stamp(args.locale, args.stamp, args.langs)
    problems = check(args.locale, args.langs or None)
    for problem in problems:
        print(problem)
    langs = args.langs or catalogs(args.locale)
    out_of_date = _report_sources(sources(args.locale, args.langs or None), args.strict)
    if problems or (args.strict and out_of_date):
        print(f"{len(problems)} problem(s) in {len(langs)} catalog(s)")
        return 1
    print(f"{len(langs)} catalogs complete and consistent")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
