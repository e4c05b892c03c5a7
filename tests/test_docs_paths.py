"""Every repository path the docs name exists (issue 53): the paths of ``README.md`` and
``docs/*.md`` (in backticks or in the prose, starting at a top folder: ``game/``, ``tools/``,
``tests/``, ``docs/``, ``locale/`` …) and their links. A placeholder (``<id>``, ``<lang>``, ``<game>``) or a ``*``
matches any name, so ``game/games/<id>/view.py`` needs one game with a view; ``file.py:123``
names the file; a link is read from the document's folder.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
#: The repository's top folders a path in the docs starts with.
TOP = ("game", "tools", "tests", "docs", "locale", "assets", "packaging")
PATH = re.compile(rf"(?<![\w./\\-])(?:{'|'.join(TOP)})/[\w./<>*…{{}}-]*")
LINK = re.compile(r"\]\(([^)\s#]+)(?:#[^)]*)?\)")
PLACEHOLDER = re.compile(r"<[^>/]*>")


def named_paths(text: str) -> list[str]:
    """The repository paths ``text`` names, as they are written."""
    return PATH.findall(text)


def linked_paths(text: str) -> list[str]:
    """The link targets of ``text`` that are files of the repository (not a web address)."""
    return [t for t in LINK.findall(text) if "://" not in t and not t.startswith("mailto:")]


def pattern_of(written: str) -> str:
    """A path as written, as a glob from the repository's root: placeholders and ``…`` match
    any name, a trailing ``:line`` or punctuation is dropped."""
    path = re.sub(r":\d+.*$", "", written).rstrip(".,;:")
    path = PLACEHOLDER.sub("*", path).replace("…", "*")
    path = re.sub(r"\{[^}]*\}", "*", path)
    return path.rstrip("/") or "."


def exists(root: Path, pattern: str) -> bool:
    if any(mark in pattern for mark in "*?["):
        return next(root.glob(pattern), None) is not None
    return (root / pattern).exists()


def missing(document: Path, root: Path = ROOT) -> list[str]:
    """The paths ``document`` names that are not in the repository under ``root``."""
    text = document.read_text(encoding="utf-8")
    gone = [w for w in named_paths(text) if not exists(root, pattern_of(w))]
    for target in linked_paths(text):
        linked = (document.parent / target).resolve()
        if not linked.is_relative_to(root) or not exists(
            root, pattern_of(linked.relative_to(root).as_posix())
        ):
            gone.append(target)
    return gone


@pytest.mark.parametrize("document", DOCUMENTS, ids=[d.name for d in DOCUMENTS])
def test_every_path_the_docs_name_exists(document: Path) -> None:
    assert missing(document) == []


def test_the_reader_finds_what_a_document_names(tmp_path: Path) -> None:
    """The check can fail: a backticked path, a placeholder path and a link that are gone are
    each reported, and what is there is not."""
    for name in ("game/games/zheng/view.py", "tools/golden.py", "docs/a.md", "tests/t.py"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("", encoding="utf-8")
    document = tmp_path / "docs" / "a.md"
    document.write_text(
        "Run `python tools/golden.py --update`; `tests/t.py:12` and `game/games/<id>/view.py`"
        " are there, `game/games/<id>/plan.py`, tools/gone.py and [b](b.md) are not;"
        " [a](a.md#top) and [web](https://example.com/x.md) are fine.",
        encoding="utf-8",
    )
    assert missing(document, tmp_path) == ["game/games/<id>/plan.py", "tools/gone.py", "b.md"]


@pytest.mark.parametrize(
    ("written", "pattern"),
    [
        ("game/games/<id>/view.py", "game/games/*/view.py"),
        ("tests/test_table_scene.py:568", "tests/test_table_scene.py"),
        ("game/scenes/table/", "game/scenes/table"),
        ("tools/train_<game>_value.py", "tools/train_*_value.py"),
        ("locale/<lang>.toml", "locale/*.toml"),
    ],
)
def test_a_written_path_becomes_a_glob(written: str, pattern: str) -> None:
    assert pattern_of(written) == pattern
