"""The table under its light, kept graded (issue 54): a place that holds only added light (a
rocket's streak, rings and sparks) is shown as this picture plus the light, graded apart,
instead of drawing the table under it and grading both again each frame.

Grading is per channel ``G(x) = clamp(post·(x − sink))`` (game/postfx.py's ``_grade``), so
for light ``e`` added over a pixel ``x``: ``G(x + e) = G(x) + post·e`` wherever ``x ≥ sink``,
and where ``x < sink`` (the black clamp) ``G(x + e) = max(0, post·e − post·(sink − x))``.
The :class:`Underlay` keeps ``G(x)`` of the table without its light and that *deficit*
``post·max(0, sink − x)``; a lit place is then ``G(x) + post·e − deficit`` (one copy, the
light's grading on black, two adds and a subtract), equal to grading ``x + e`` within the
passes' rounding (a level or two) except where ``x + e`` passes white before grading (the
old path clamps there, then both are white but for the tint).

The underlay covers one rectangle, grown (with a margin) as the lit places grow; where the
table is drawn anew under it for any other reason (a moving card, a changed part, the strip
drawn anew each frame) it is drawn again there, so it never shows an old table. Any whole
frame, a new look or a new size forgets it. PostFX owns it; the frame loop hands it a
:class:`Painter` that draws the scene's table without its light, or its light alone.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

import pygame

Levels = tuple[int, int, int]
#: Grades ``surface`` inside ``rect`` and puts the result into ``into`` (PostFX._grade).
Grade = Callable[[pygame.Surface, pygame.Rect, pygame.Surface], None]
#: About the pixels of one band of the pictures made in a frame (a sixteenth at 4K).
BAND_PIXELS = 500_000
#: The most toned sprites kept (all are forgotten past it; a moment uses a few hundred).
TONED_KEPT = 4096


@dataclass(frozen=True)
class Tone:
    """A look's grading in the form ``post·(pre·x − sink)`` per channel: ``pre`` a multiply
    before the subtract (None: none), ``sink`` the subtract (clamping at black), ``post`` a
    multiply after it (None: none), ``double`` whether the result is added to itself (a
    contrast above 50 multiplies by ``k/2`` and doubles); ``gain`` the whole multiply of each
    channel (what added light gains)."""

    pre: Levels | None
    sink: int
    post: Levels | None
    double: bool
    gain: tuple[float, ...]

    def light(self, image: pygame.Surface) -> pygame.Surface:
        """``image`` (light) times :attr:`gain`: a multiply by the gain up to 1, plus a copy
        multiplied by what it has above 1 (each rounded once, as the grading's passes are)."""
        low = tuple(round(255 * min(1.0, g)) for g in self.gain)
        high = tuple(round(255 * max(0.0, g - 1.0)) for g in self.gain)
        if low == (255, 255, 255):  # every channel gains: the part above 1, plus the light
            found = image.copy()
            found.fill(high, None, pygame.BLEND_RGB_MULT)
            found.blit(image, (0, 0), None, pygame.BLEND_RGB_ADD)
            return found
        found = image.copy()
        found.fill(low, None, pygame.BLEND_RGB_MULT)
        if any(high):
            extra = image.copy()
            extra.fill(high, None, pygame.BLEND_RGB_MULT)
            found.blit(extra, (0, 0), None, pygame.BLEND_RGB_ADD)
        return found


class Painter(Protocol):
    """What the underlay asks of the frame loop, on its canvas in ``rects`` (the graded
    area's coordinates): the scene without its light (:meth:`under`: the canvas's part under
    the graded area), or its light alone added onto ``onto`` (a :func:`placed_like` surface
    of the graded area) with each sprite through ``tone`` (:meth:`light`)."""

    def under(self, rects: list[pygame.Rect]) -> pygame.Surface: ...

    def light(
        self,
        rects: list[pygame.Rect],
        tone: Callable[[pygame.Surface], pygame.Surface],
        onto: pygame.Surface,
    ) -> None: ...


class Underlay:
    """The graded table under the light and its deficit (see the module docstring)."""

    def __init__(self) -> None:
        self.picture: pygame.Surface | None = None
        self.deficit: pygame.Surface | None = None
        #: What the pictures hold (the graded area's coordinates: rows from the top, one
        #: band more each frame), and their look.
        self.area: pygame.Rect | None = None
        self.look: object = None
        #: Where the scene's light lies, this frame and the last (the graded area's
        #: coordinates): a place drawn anew away from it is the table under the light.
        self.lights: list[pygame.Rect] = []
        self._tone: Tone | None = None

    def ready(self, frame: pygame.Surface) -> None:
        """Make the pictures for frames the size of ``frame`` now (two frames' memory,
        allocated with the first kept picture rather than mid-moment: 50 ms at 4K)."""
        size = frame.get_size()
        if self.picture is None or self.picture.get_size() != size:
            self.picture = pygame.Surface(size, 0, frame)
            self.deficit = pygame.Surface(size, 0, frame)
            self.area = None

    def forget(self) -> None:
        """Nothing is held any more (a whole frame, a new look or size)."""
        self.area = None
        self.lights = []

    def cover(
        self,
        frame: pygame.Surface,
        lit: list[pygame.Rect],
        lights: list[pygame.Rect],
        look: object,
        tone: Tone,
        grade: Grade,
        painter: Painter,
    ) -> list[pygame.Rect]:
        """Of ``lit``, the places the pictures hold; one more band of them made (the table
        drawn without its light and graded) while they do not hold all ``frame``;
        ``lights`` where the light lies this frame and the last."""
        self.ready(frame)
        size = frame.get_size()
        if look != self.look:
            self.look, self.area = look, None
        self._tone, self.lights = tone, lights
        if self.area is None:
            self.area = pygame.Rect(0, 0, size[0], 0)
        if self.area.height < size[1]:
            rows = -(-size[1] // max(2, size[0] * size[1] // BAND_PIXELS))
            band = pygame.Rect(0, self.area.bottom, size[0], min(rows, size[1] - self.area.bottom))
            self._draw([band], tone, painter, grade)
            self.area.height += band.height
        return [place for place in lit if self.area.contains(place)]

    def _held(self, rects: list[pygame.Rect], *, near: bool) -> list[pygame.Rect]:
        """What of ``rects`` (drawn anew, not lit) the pictures hold, of those that meet
        the light (``near``) or of those that do not."""
        if self.area is None:
            return []
        parts = [r.clip(self.area) for r in rects if (r.collidelist(self.lights) >= 0) == near]
        return [r for r in parts if r.width and r.height]

    def note(self, rects: list[pygame.Rect], fresh: pygame.Surface) -> None:
        """``rects`` are drawn anew on ``fresh``, not yet graded: the deficit of those away
        from the light (they are the table under it) taken from them."""
        for rect in self._held(rects, near=False):
            assert self._tone is not None
            self._deficit(fresh, rect, self._tone)

    def keep(self, rects: list[pygame.Rect], kept: pygame.Surface) -> None:
        """``rects`` are graded into ``kept``: those away from the light copied from it."""
        for rect in self._held(rects, near=False):
            assert self.picture is not None
            self.picture.blit(kept, rect, rect)

    def refresh(self, drawn: list[pygame.Rect], tone: Tone, grade: Grade, painter: Painter) -> None:
        """The table was drawn anew in ``drawn`` (not lit places): where they meet the
        light, it is drawn again without it for the pictures."""
        parts = self._held(drawn, near=True)
        if parts:
            self._draw(parts, tone, painter, grade)

    def _draw(self, rects: list[pygame.Rect], tone: Tone, painter: Painter, grade: Grade) -> None:
        assert self.picture is not None
        fresh = painter.under(rects)
        for rect in rects:
            self._deficit(fresh, rect, tone)  # before ``fresh`` is graded in place
            grade(fresh, rect, self.picture)

    def _deficit(self, fresh: pygame.Surface, rect: pygame.Rect, tone: Tone) -> None:
        """``post·max(0, sink − pre·x)`` of the ungraded ``fresh`` in ``rect``."""
        deficit = self.deficit
        assert deficit is not None
        if not tone.sink:
            return
        deficit.fill((255, 255, 255), rect)
        deficit.blit(fresh, rect, rect, pygame.BLEND_RGB_SUB)
        if tone.pre is not None:
            deficit.fill(tone.pre, rect, pygame.BLEND_RGB_MULT)
        top = tone.pre or (255, 255, 255)
        deficit.fill(tuple(max(0, v - tone.sink) for v in top), rect, pygame.BLEND_RGB_SUB)
        if tone.post is not None:
            deficit.fill(tone.post, rect, pygame.BLEND_RGB_MULT)
        if tone.double:
            deficit.blit(deficit, rect, rect, pygame.BLEND_RGB_ADD)

    def show(self, kept: pygame.Surface, rect: pygame.Rect, painter: Painter) -> None:
        """``rect`` of the kept graded picture (a :func:`placed_like` surface) made the table
        under it plus its light, drawn graded straight onto it."""
        assert self.picture is not None and self.deficit is not None and self._tone is not None
        kept.blit(self.picture, rect, rect)
        painter.light([rect], self.toned, kept)
        if self._tone.sink:
            kept.blit(self.deficit, rect, rect, pygame.BLEND_RGB_SUB)

    def toned(self, image: pygame.Surface) -> pygame.Surface:
        """``image`` (light) graded as the look grades light added to a picture: made once
        per look and kept (the sprites are themselves kept, so few are made)."""
        tone = self._tone
        assert tone is not None
        found = _TONED.get((tone, image))
        if found is None:
            if len(_TONED) >= TONED_KEPT:
                _TONED.clear()
            found = _TONED[tone, image] = tone.light(image)
        return found


#: The toned sprites by look and sprite (shared by every window, as the sprites are).
_TONED: dict[tuple[Tone, pygame.Surface], pygame.Surface] = {}


def placed_like(frame: pygame.Surface) -> pygame.Surface:
    """A surface like ``frame`` that lies where it lies in a surface the size of the one it is
    part of (the window), so that a scene can draw onto it in the window's coordinates."""
    whole = pygame.Surface(frame.get_abs_parent().get_size(), 0, frame)
    return whole.subsurface(pygame.Rect(frame.get_abs_offset(), frame.get_size()))
