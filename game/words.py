"""Words kept between frames, and labels that keep their key (issue 55).

``Words(key, **params)`` are words said in the language current when they are shown
(``str(words)``): what a screen keeps between frames is kept as words, so a switch of language
redraws them in the new one; ``Words.joined(parts)`` puts several on one line. ``label(key)``
is the text of ``key`` as a :class:`Label`, a string that keeps its key, so that a catalog may
say it inside a sentence in another form (``{name:said}``, see :mod:`game.i18n`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from game.i18n import join, tr


class Label(str):
    """Text said from one catalog key, which it keeps (see :func:`label`)."""

    key: str

    def __new__(cls, text: str, key: str) -> Label:
        found = super().__new__(cls, text)
        found.key = key
        return found


def label(key: str) -> Label:
    """The current language's text of ``key``, keeping the key for ``{…:said}``."""
    return Label(tr(key), key)


@dataclass(frozen=True, init=False, eq=False)
class Words:
    """A catalog key and its parameters, said in the language of the moment ``str()`` is
    called: what a screen keeps to draw later (a message, a banner, a saved match's line) is
    kept as words, never as text of the language it was made in (issue 55). A parameter may be
    words too (a seat's name); ``Words.joined`` puts several on one line with the language's
    separator, ``Words.literal`` wraps text that is no catalog's (a file path) and
    ``Words.later`` text a function makes when it is said. Words compare equal to the text
    they say now."""

    key: str
    params: tuple[tuple[str, object], ...]
    parts: tuple[Words, ...]
    maker: Callable[[], str] | None

    def __init__(self, key: str = "", /, **params: object) -> None:
        object.__setattr__(self, "key", key)
        object.__setattr__(self, "params", tuple(params.items()))
        object.__setattr__(self, "parts", ())
        object.__setattr__(self, "maker", None)

    @classmethod
    def joined(cls, parts: Iterable[Words | str]) -> Words:
        found = cls()
        said = tuple(w if isinstance(w, Words) else cls.literal(w) for w in parts)
        object.__setattr__(found, "parts", said)
        return found

    @classmethod
    def literal(cls, value: str) -> Words:
        """Text that stays as it is in every language."""
        return cls("", text=value)

    @classmethod
    def later(cls, maker: Callable[[], str]) -> Words:
        """The text ``maker()`` gives when the words are said."""
        found = cls()
        object.__setattr__(found, "maker", maker)
        return found

    def __str__(self) -> str:
        if self.maker is not None:
            return str(self.maker())
        if self.parts:
            return join(str(part) for part in self.parts)
        values = {name: v.said() if isinstance(v, Words) else v for name, v in self.params}
        if not self.key:
            return str(values.get("text", ""))
        return tr(self.key, **values)

    def said(self) -> str:
        """What the words say now, as a :class:`Label` of their key when they are one key's
        text (a seat's name given as words keeps its ``said`` form)."""
        if self.maker is not None:
            made = self.maker()
            return made if isinstance(made, str) else str(made)
        if self.key and not self.params and not self.parts:
            return Label(str(self), self.key)
        return str(self)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Words | str):
            return str(self) == str(other)
        return NotImplemented

    #: Unhashable: what they say changes with the language, so they key nothing (say them first).
    __hash__ = None  # type: ignore[assignment]  # typeshed types it a method; None is the idiom

    def __contains__(self, part: str) -> bool:
        return part in str(self)
