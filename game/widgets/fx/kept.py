"""Sprites made once and kept (an LRU cache of bounded size, as ``functools.lru_cache``), and
noted instead of made while a rehearsal draws (:mod:`game.widgets.fx.rehearsal`, issue 54): a
sprite not kept yet is then only noted, in the order asked, and a stand-in returned; the
rehearsal makes the noted sprites one at a time, within its time budget, so that no frame
makes many at once.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from functools import _CacheInfo, lru_cache, partial, update_wrapper
from typing import Generic, ParamSpec, TypeVar

P = ParamSpec("P")
T = TypeVar("T")

#: Sprite asked for while noting: a sprite to make later.
Later = Callable[[], object]


class _Noted(Exception):
    """A sprite not kept, asked for while noting (it is not made, so not cached)."""


#: While a rehearsal draws: the sprites asked for and not kept, by their call, in order.
_noted: dict[tuple[object, ...], Later] | None = None


class Kept(Generic[P, T]):
    """``make`` called once per arguments and its result kept (at most ``maxsize``, the
    least recently used dropped first); while :func:`noting`, a call not kept returns
    ``stand_in()`` and is noted instead."""

    def __init__(self, make: Callable[P, T], maxsize: int, stand_in: Callable[[], T]) -> None:
        self._make = make
        self.name = make.__name__
        self._stand_in = stand_in
        self._cached = lru_cache(maxsize=maxsize)(self._body)
        update_wrapper(self, make)

    def _body(self, *args: Hashable, **options: Hashable) -> T:
        if _noted is not None:
            key = (self, args, tuple(options.items()))
            _noted.setdefault(key, partial(self._cached, *args, **options))
            raise _Noted
        make: Callable[..., T] = self._make  # called with the arguments given to __call__
        return make(*args, **options)

    def __call__(self, *args: P.args, **options: P.kwargs) -> T:
        cached: Callable[..., T] = self._cached
        try:
            return cached(*args, **options)
        except _Noted:
            return self._stand_in()

    def cache_info(self) -> _CacheInfo:
        """The cache's hits, misses and size (``functools.lru_cache``'s)."""
        return self._cached.cache_info()

    def cache_clear(self) -> None:
        self._cached.cache_clear()


def kept(maxsize: int, stand_in: Callable[[], T]) -> Callable[[Callable[P, T]], Kept[P, T]]:
    """The decorator of :class:`Kept`."""

    def wrap(make: Callable[P, T]) -> Kept[P, T]:
        return Kept(make, maxsize, stand_in)

    return wrap


@contextmanager
def noting() -> Iterator[dict[tuple[object, ...], Later]]:
    """Inside, sprites not kept are noted (in the dictionary yielded) instead of made."""
    global _noted
    _noted = {}
    try:
        yield _noted
    finally:
        _noted = None
