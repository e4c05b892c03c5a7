"""Moving places of the frame loop (issue 30): a frame where only a few places move (a
turning ring, cards in flight) is drawn, graded and grained again in those places only.

A scene's ``motion()`` answers what its picture shows outside the places that move (a key)
and those places (screen rectangles). While the key stays the same the app draws the scenes
again clipped to the places of this frame and the last, on a canvas the size of the window,
and :meth:`game.postfx.PostFX.regrade` grades those places into the kept graded picture.
Drawing is clipped, so the places equal the whole frame drawn anew pixel for pixel (only
SDL's arc and anti-aliased lines move with the clip: draw those apart and blit them).
Besides, one strip of the picture is drawn again with each such frame, so anything a key
missed shows within :data:`BANDS` frames, without the stall of a whole frame.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

#: More separate moving places than this are drawn again as one rectangle round them all.
MAX_PLACES = 3
#: Strips of the graded area drawn again one per frame while places move: the whole picture
#: is renewed within this many frames (about half a second at 60 frames a second).
BANDS = 30


class Places:
    """Where things moved last frame, the canvas they are drawn on and the next strip."""

    def __init__(self) -> None:
        self.moved: list[pygame.Rect] = []
        self.band = 0
        self._canvas: pygame.Surface | None = None

    def dirty(self, moving: list[pygame.Rect], target: pygame.Surface) -> list[pygame.Rect] | None:
        """The places to draw again (in ``target``'s coordinates): where things move now and
        where they were last frame, merged where they overlap; None when one reaches outside
        ``target`` (the graded area; the bar above it is not graded: draw all instead)."""
        offset_y = target.get_abs_offset()[1]
        area = pygame.Rect(0, offset_y, *target.get_size())
        places = [r for r in (*self.moved, *moving) if r.width > 0 and r.height > 0]
        if not places:
            return []
        if any(not area.contains(r) for r in places):
            return None
        merged: list[pygame.Rect] = []
        for rect in places:
            rect = rect.copy()
            joined = True
            while joined:
                joined = False
                for other in merged:
                    if rect.colliderect(other):
                        rect.union_ip(other)
                        merged.remove(other)
                        joined = True
                        break
            merged.append(rect)
        if len(merged) > MAX_PLACES:
            merged = [merged[0].unionall(merged[1:])]
        return [r.move(0, -offset_y) for r in merged]

    def next_band(self, target: pygame.Surface) -> tuple[pygame.Rect, bool]:
        """The next of :data:`BANDS` strips across ``target`` (in its coordinates), and
        whether it is the last (the whole picture has been drawn anew)."""
        width, height = target.get_size()
        top, bottom = (height * i // BANDS for i in (self.band, self.band + 1))
        self.band = (self.band + 1) % BANDS
        return pygame.Rect(0, top, width, bottom - top), self.band == 0

    def canvas(self, screen: pygame.Surface) -> pygame.Surface:
        """A surface like the window's, to draw the scenes on before they are graded."""
        if self._canvas is None or self._canvas.get_size() != screen.get_size():
            self._canvas = pygame.Surface(screen.get_size(), 0, screen)
        return self._canvas

    def draw(
        self,
        screen: pygame.Surface,
        target: pygame.Surface,
        dirty: list[pygame.Rect],
        draw: Callable[[pygame.Surface], None],
    ) -> pygame.Surface:
        """``draw`` the scenes on the canvas clipped to each of ``dirty`` (``target``'s
        coordinates); the canvas's part under ``target``, ungraded."""
        canvas = self.canvas(screen)
        offset = target.get_abs_offset()
        for rect in dirty:
            canvas.set_clip(rect.move(offset))
            draw(canvas)
        canvas.set_clip(None)
        return canvas.subsurface(offset, target.get_size())
