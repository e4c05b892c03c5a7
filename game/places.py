"""Moving places of the frame loop (issue 30): a frame where only a few places move (a
turning ring, cards in flight) is drawn, graded and grained again in those places only.

A scene's ``motion()`` answers what its picture shows outside the places that move (a key)
and those places (screen rectangles). While the key stays the same the app draws the scenes
again clipped to the places of this frame and the last, on a canvas the size of the window,
and :meth:`game.postfx.PostFX.regrade` grades those places into the kept graded picture.
Drawing is clipped, so the places equal the whole frame drawn anew pixel for pixel (only
SDL's arc and anti-aliased lines move with the clip: draw those apart and blit them).
Besides, one strip of the picture is drawn again with each such frame, so anything a key
missed shows within :data:`BANDS` frames, without the stall of a whole frame; while places
move, a frame below 2560 wide that also shows a camera step or a new grain band leaves its
strip for the next frame without them (game/frames.py, issue 54).

A key may hold :class:`Parts`: parts of the picture, each with what it shows and where it
lies. When only parts change (a play: the seat's cards, its plate, the message line), the
frame draws only their places, old and new (:func:`changed_places`), not the whole picture.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

import pygame

#: More separate places than this are joined, the two that add the least area first (each
#: place is one more pass of the drawing code: about 0.6 ms at 1080p, 1.2 ms at 4K).
MAX_PLACES = 6
#: The rectangles a part of a picture may cover (screen coordinates); None: it may draw
#: anywhere (a change draws the whole frame); or a function giving them (asked only when the
#: part changed: it must not read what may change after).
Where = list[pygame.Rect] | None | Callable[[], list[pygame.Rect] | None]
#: What one part of a picture shows (any value compared with ==) and where it lies.
Part = tuple[object, Where]
#: Strips of the graded area drawn again one per frame while places move: the whole picture
#: is renewed within this many frames (about half a second at 60 frames a second).
BANDS = 30


class Places:
    """Where things moved last frame, the canvas they are drawn on and the next strip."""

    def __init__(self) -> None:
        self.moved: list[pygame.Rect] = []
        #: Of :attr:`moved`, the places that held only light (game/film_light.py).
        self.lights: list[pygame.Rect] = []
        self.band = 0
        #: Whether a strip of this round waited (game/frames.py): the round is then finished
        #: by strips, not by a whole frame, when the picture comes to rest.
        self.waited = False
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
        return [r.move(0, -offset_y) for r in _fewest(merged)]

    def next_band(self, target: pygame.Surface) -> tuple[pygame.Rect, bool]:
        """The next of :data:`BANDS` strips across ``target`` (in its coordinates), and
        whether it is the last (the whole picture has been drawn anew)."""
        width, height = target.get_size()
        top, bottom = (height * i // BANDS for i in (self.band, self.band + 1))
        self.band = (self.band + 1) % BANDS
        return pygame.Rect(0, top, width, bottom - top), self.band == 0

    @staticmethod
    def around(band: pygame.Rect, places: list[pygame.Rect]) -> list[pygame.Rect]:
        """What of the strip ``band`` the ``places`` (none overlapping) leave: the pieces
        beside those that cross it top to bottom, so that no two places overlap and each is
        graded where it was drawn (game/postfx.py's ``spare``); the whole strip when one
        covers only part of its height."""
        crossing = sorted((p for p in places if p.colliderect(band)), key=lambda p: p.left)
        if any(p.top > band.top or p.bottom < band.bottom for p in crossing):
            return [band]
        pieces, left = [], band.left
        for place in crossing:
            if place.left > left:
                pieces.append(pygame.Rect(left, band.top, place.left - left, band.height))
            left = max(left, place.right)
        if left < band.right:
            pieces.append(pygame.Rect(left, band.top, band.right - left, band.height))
        return pieces

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


def _fewest(rects: list[pygame.Rect]) -> list[pygame.Rect]:
    """``rects`` joined two at a time (the pair whose union adds the least area first, joining
    any it then overlaps) until at most :data:`MAX_PLACES` are left."""
    rects = list(rects)
    while len(rects) > MAX_PLACES:
        pairs = [(i, j) for i in range(len(rects)) for j in range(i + 1, len(rects))]
        i, j = min(pairs, key=lambda p: _added(rects[p[0]], rects[p[1]]))
        joined = rects[i].union(rects[j])
        rest = [r for k, r in enumerate(rects) if k not in (i, j)]
        while any(joined.colliderect(r) for r in rest):
            hit = next(r for r in rest if joined.colliderect(r))
            joined.union_ip(hit)
            rest.remove(hit)
        rects = [*rest, joined]
    return rects


def _added(a: pygame.Rect, b: pygame.Rect) -> int:
    """The pixels the rectangle round ``a`` and ``b`` covers that neither does."""
    union = a.union(b)
    return union.width * union.height - a.width * a.height - b.width * b.height


class Parts:
    """Parts of a picture by name, each what it shows and where (:data:`Part`). Equal when
    every part shows the same; :meth:`changed` gives the places of those that do not."""

    __slots__ = ("parts",)

    def __init__(self, parts: Mapping[str, Part]) -> None:
        self.parts = dict(parts)

    def _shown(self) -> dict[str, object]:
        return {name: shown for name, (shown, _) in self.parts.items()}

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Parts) and self._shown() == other._shown()

    def changed(self, old: Parts) -> list[pygame.Rect] | None:
        """Where the picture may differ from ``old``'s: the places, old and new, of each part
        that shows something else; None when one of them may draw anywhere or the parts are
        not the same ones."""
        if self.parts.keys() != old.parts.keys():
            return None
        found: list[pygame.Rect] = []
        for name, (shown, where) in self.parts.items():
            was, where_before = old.parts[name]
            if shown == was:
                continue
            rects, before = _rects(where), _rects(where_before)
            if rects is None or before is None:
                return None
            found += before + rects
        return found


def _rects(where: Where) -> list[pygame.Rect] | None:
    return where() if callable(where) else where


def changed_places(old: object, new: object) -> list[pygame.Rect] | None:
    """Where a picture of key ``new`` may differ from one of key ``old`` (screen rectangles;
    empty when the keys are equal); None when anything else than :class:`Parts` (in tuples
    of the same length) differs: the whole picture may have changed."""
    if old == new:
        return []
    if isinstance(old, Parts) and isinstance(new, Parts):
        return new.changed(old)
    if type(old) is tuple and type(new) is tuple and len(old) == len(new):
        found: list[pygame.Rect] = []
        for was, now in zip(old, new, strict=True):
            part = changed_places(was, now)
            if part is None:
                return None
            found += part
        return found
    return None
