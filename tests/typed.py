"""The tests' narrowing helpers (issue 53): a test that knows its game reads the game's own
state, view or result through the shared protocols' values, checked at run time as well."""

from __future__ import annotations

from typing import TypeVar

T = TypeVar("T")


def narrow(kind: type[T], value: object) -> T:
    """``value`` as a ``kind`` (a game's own class behind a shared protocol), which it must be."""
    assert isinstance(value, kind), f"{type(value).__name__} where a {kind.__name__} was due"
    return value


def known(value: T | None) -> T:
    """``value``, which must not be None (an Optional the test knows is there)."""
    assert value is not None
    return value
