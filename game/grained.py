"""Grained copies of a still picture (issue 54): the film grain of game/postfx.py cycles
through a few patterns made once per seed, so a still picture can keep itself grained once
per pattern, and an idle frame's new grain is then one copy instead of a copy and a blend.

The copies are made only for a picture found the same by a whole redraw (still for half a
second: issue 54, the tail of a moment or a pause between plays is grained directly, where
making a copy cost its frame 5–7 ms at 1080), then kept for every later picture of that size.
They are filled band by band as each pattern first reaches them (the same bands as the
grain's), forgotten when the kept picture changes, and kept within :data:`CACHE_BYTES`:
at 1920×1080 six copies of the graded area take about 48 MB; a bigger picture (2560×1440 and
up: 85 MB and more) keeps none and is grained as before.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

import pygame

if TYPE_CHECKING:  # pragma: no cover
    from typing_extensions import Buffer  # a pygame BufferProxy is one; its stubs miss it

#: A grain pattern: its noise tile and its offset.
Pattern = tuple[int, int, int]
#: How many grain patterns a seed makes (each a tile and an offset).
PATTERNS = 6
#: The most memory the grained copies of one picture may take.
CACHE_BYTES = 64 * 1024 * 1024


class Grained:
    """One grained copy of the kept still picture per grain pattern and the bands of each
    that hold it (made on first use; the surfaces outlive a change of the picture)."""

    def __init__(self) -> None:
        self._copies: dict[Pattern, pygame.Surface] = {}
        self._bands: dict[Pattern, set[int]] = {}
        self._size = (0, 0)
        self._settled = False  # the kept picture was found the same by a whole redraw

    def forget(self) -> None:
        """The kept picture changed: no band of any copy holds it any more."""
        self._bands.clear()
        self._settled = False

    def settle(self) -> None:
        """The kept picture was drawn whole anew and found the same: worth its copies."""
        self._settled = True

    @staticmethod
    def bounded(frame: pygame.Surface) -> bool:
        """Whether the copies of a picture like ``frame`` fit in :data:`CACHE_BYTES`."""
        width, height = frame.get_size()
        return PATTERNS * width * height * frame.get_bytesize() <= CACHE_BYTES

    def copy(self, frame: pygame.Surface, pattern: Pattern) -> pygame.Surface | None:
        """The copy for ``pattern`` of a picture like ``frame``; None when the copies of a
        picture that size would not fit (:meth:`bounded`), or when it is not made yet and
        the picture has not settled (:meth:`settle`)."""
        if not self.bounded(frame):
            return None
        made = frame.get_size() == self._size and pattern in self._copies
        if not made and not self._settled:
            return None
        if frame.get_size() != self._size or (
            pattern not in self._copies and len(self._copies) >= PATTERNS
        ):  # another size, or patterns set from outside (tests): start afresh
            self._copies.clear()
            self._bands.clear()
            self._size = frame.get_size()
        copy = self._copies.get(pattern)
        if copy is None:
            copy = self._copies[pattern] = pygame.Surface(frame.get_size(), 0, frame)
        return copy

    def holds(self, pattern: Pattern, band: int) -> bool:
        """Whether band ``band`` of ``pattern``'s copy shows the kept picture."""
        return band in self._bands.get(pattern, ())

    def add(self, pattern: Pattern, band: int) -> None:
        """Band ``band`` of ``pattern``'s copy now shows the kept picture."""
        self._bands.setdefault(pattern, set()).add(band)


def equal(a: pygame.Surface, b: pygame.Surface) -> bool:
    """Whether two surfaces of one size and format hold the same pixels (compared eight bytes
    at a time: about 3 ms for 1920×1040 here)."""
    if a.get_size() != b.get_size() or a.get_pitch() != b.get_pitch():
        return False
    pixels = (cast("Buffer", surface.get_buffer()) for surface in (a, b))
    with memoryview(next(pixels)) as first, memoryview(next(pixels)) as second:
        with first.cast("B") as x, second.cast("B") as y:
            if x.nbytes % 8:
                return x == y
            with x.cast("Q") as wide_x, y.cast("Q") as wide_y:
                return wide_x == wide_y
