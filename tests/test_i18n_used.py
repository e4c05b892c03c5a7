"""Every English catalog key is read by the game: a key nothing asks for is a string eleven
translators keep up for nobody (the rules page's old examples heading, the AI chip's first
words and a title hint were found so). A key counts as read when the code names it whole, or
builds it from a literal that begins it (an f-string's head, a ``choice_prefix``, a head joined
with ``+``)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PLURAL = {"zero", "one", "two", "few", "many", "other"}
QUOTED = re.compile(r"""["']([A-Za-z0-9_.\-]+)["']""")
F_HEAD = re.compile(r"""f["']([A-Za-z0-9_.\-]+)\{""")


def english_keys() -> list[str]:
    catalog = tomllib.loads((ROOT / "locale" / "en.toml").read_text(encoding="utf-8"))
    keys: list[str] = []

    def walk(path: list[str], table: dict[str, object]) -> None:
        for name, value in table.items():
            if not path and name in ("language", "source"):
                continue
            if isinstance(value, dict) and not set(value) <= PLURAL:
                walk([*path, name], value)
            else:
                keys.append(".".join([*path, name]))

    walk([], catalog)
    return keys


def source_text() -> str:
    files = [*(ROOT / "game").rglob("*.py"), *(ROOT / "game").rglob("*.toml")]
    files += (ROOT / "tools").glob("*.py")
    return "\n".join(path.read_text(encoding="utf-8") for path in files)


def unread(keys: list[str], source: str) -> list[str]:
    whole = set(QUOTED.findall(source))
    heads = set(F_HEAD.findall(source))
    # A quoted head such as "look.back" or "history.review_differs" that code extends.
    heads |= {s for s in whole if "." in s and not s.endswith(".") and s.split(".")[-1]}
    return [
        key
        for key in keys
        if key not in whole and not any(key.startswith(head) and key != head for head in heads)
    ]


def test_every_english_key_is_read_somewhere():
    assert unread(english_keys(), source_text()) == []


def test_the_check_finds_a_key_nothing_reads():
    source = 'tr("table.pass")\ntr(f"ai.level.{level}")\nkey = "look.back" + "." + name\n'
    keys = ["table.pass", "table.dead", "ai.level.easy", "look.back.navy", "title.gone"]
    assert unread(keys, source) == ["table.dead", "title.gone"]
