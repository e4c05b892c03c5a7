"""What each translated entry was translated from (issue 44), for ``tools/i18n_check.py``.

Every catalog but English ends with a ``[source]`` table: for each entry (a key, or a plural
group's name) the first 8 hex digits of the SHA-256 of the English text it was translated from,
written when a translator last brought it up to date (``--stamp``). An entry is

* **stale** when English has changed since: its stamp differs from the hash of today's English;
* **unstamped** when it has no stamp (a string added since the last stamp).

A plural group's English text is its forms, ``category=text`` lines in category order, so a
change to any English form makes every form of the group stale.
"""

from __future__ import annotations

import hashlib
import json
import re
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game import i18n

SOURCE = "source"
_HEADER = (
    "# What each entry was translated from (issue 44): key = the first 8 hex digits of the\n"
    "# SHA-256 of the English text it was last translated or checked against. Written by\n"
    "# `python tools/i18n_check.py --stamp <lang> [KEY ...]` (docs/adding-a-language.md).\n"
)
#: The ``[source]`` table with the comment above it, up to the first blank line, comment or
#: table after it.
_TABLE = re.compile(r"(?:^#[^\n]*\n)*^\[source\]\n(?:(?![\[#\n])[^\n]+(?:\n|$))*", re.M)


@dataclass(frozen=True, slots=True)
class Entry:
    """One entry of a catalog whose source is tracked: a key, or a plural group."""

    lang: str
    key: str
    status: str  # "stale" or "unstamped"

    def __str__(self) -> str:
        if self.status == "stale":
            why = "stale: the English text changed since it was translated"
        else:
            why = "unstamped: no record of the English it was translated from"
        return f"locale/{self.lang}.toml: {self.key}: {why}"


def digest(text: str) -> str:
    """The stamp of an English text: 8 hex digits of its SHA-256."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:8]


def english_entries(en: dict[str, str], groups: Iterable[str]) -> dict[str, str]:
    """Each tracked entry of English (keys outside plural groups, and the groups) → its text's
    stamp, in the English catalog's order."""
    groups = set(groups)
    out: dict[str, str] = {}
    for key, value in en.items():
        group = key.rsplit(".", 1)[0] if "." in key else ""
        if group in groups:
            if group not in out:
                forms = sorted(
                    (k.rsplit(".", 1)[1], v) for k, v in en.items() if k.startswith(group + ".")
                )
                out[group] = digest("\n".join(f"{name}={text}" for name, text in forms))
        else:
            out[key] = digest(value)
    return out


def read_stamps(table: dict[str, Any]) -> dict[str, str]:
    """The ``[source]`` table of a loaded catalog (key → stamp)."""
    stamps = table.get(SOURCE, {})
    return {str(k): str(v) for k, v in stamps.items()} if isinstance(stamps, dict) else {}


def _translated(table: dict[str, Any], entries: Iterable[str]) -> list[str]:
    """The tracked entries the catalog has (a key, or any form of a group)."""
    body = {k: v for k, v in table.items() if k not in ("language", SOURCE)}
    flat = i18n.flatten(body)
    return [e for e in entries if e in flat or any(k.startswith(e + ".") for k in flat)]


def status(lang: str, table: dict[str, Any], english: dict[str, str]) -> list[Entry]:
    """The stale and unstamped entries of ``lang``'s catalog ``table``."""
    stamps = read_stamps(table)
    found = []
    for entry in _translated(table, english):
        stamp = stamps.get(entry)
        if stamp is None:
            found.append(Entry(lang, entry, "unstamped"))
        elif stamp != english[entry]:
            found.append(Entry(lang, entry, "stale"))
    return found


def render(stamps: dict[str, str]) -> str:
    """The ``[source]`` table as text (with its comment)."""
    lines = [
        f"{json.dumps(key, ensure_ascii=False)} = {json.dumps(value)}"
        for key, value in stamps.items()
    ]
    return _HEADER + "[source]\n" + "\n".join(lines) + "\n"


def stamp(path: Path, english: dict[str, str], keys: Iterable[str] = ()) -> list[str]:
    """Record in the catalog ``path`` that its entries ``keys`` (every entry when empty; a key
    also stamps every entry under it, such as ``rules.guandan``) now translate today's
    English. Other stamps are kept; stamps of entries English no longer has are dropped.
    Returns the entries stamped."""
    text = path.read_text(encoding="utf-8")
    table = tomllib.loads(text)
    stamps = read_stamps(table)
    wanted = list(keys)
    chosen = [
        entry
        for entry in _translated(table, english)
        if not wanted or any(entry == k or entry.startswith(k + ".") for k in wanted)
    ]
    for entry in chosen:
        stamps[entry] = english[entry]
    ordered = {entry: stamps[entry] for entry in english if entry in stamps}
    path.write_text(_place(text, render(ordered)), encoding="utf-8")
    return chosen


def _place(text: str, table: str) -> str:
    """``text`` with its ``[source]`` table replaced by ``table``; a catalog without one gets
    it after its ``[language]`` header, away from the end where new strings are appended."""
    found = _TABLE.search(text)
    if found:
        return text[: found.start()] + table + text[found.end() :]
    lines = text.splitlines(keepends=True)
    at = len(lines)
    for index, line in enumerate(lines):
        if line.startswith("[") and not line.startswith("[language"):
            at = index
            while at > 0 and lines[at - 1].startswith("#"):  # keep a table's comment with it
                at -= 1
            break
    return "".join(lines[:at]) + table + "\n" + "".join(lines[at:])
