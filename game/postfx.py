"""Film look over the whole frame: contrast, animated grain, colour temperature.

Everything runs as SDL blend-mode fills and blits (``BLEND_RGB_MULT/ADD/SUB``), which pygame
runs with SIMD over whole surfaces; there is no per-pixel Python and no numpy. Each effect is
driven by a 0–100 % slider; contrast and temperature leave the image exactly unchanged at 50 %,
grain at 0 % (the pass is skipped).

- Contrast: ``out = 128 + k·(in − 128)``. Below 50 %, ``k`` falls to 0.65 (multiply, then add
  the grey lift). Above, ``k`` rises to 1.5 (both ends strong, yet text and cards stay
  legible, issue 26): subtract ``128·(k−1)/k`` first (clamping at 0 is
  then exact), multiply by ``k/2`` and add the frame to a copy of itself, so highlights
  saturate to white instead of turning grey (the doubling costs one bit of precision, which
  the eye does not see).
- Colour temperature: one per-channel multiply. Above 50 % is warmer (amber), below is cooler
  (blue), as on a photo editor's temperature slider.
- Grain: a few pre-made noise tiles (gaussian noise plus twice its deviation, added in one
  pass; the constant is subtracted first, inside the contrast fill when there is one) and a
  small set of patterns (a tile and an offset, ``game.grained.PATTERNS``, made once per
  seed), one drawn at random about 24 times a second (never the same twice running), so it
  moves like film rather than sitting as a static pattern. Issue 40 (over app.md's "50 %
  neutral"): grain runs from none at 0 % to strong at 100 %, its amount growing with the value;
  up to 50 % it is fine, single-pixel grain, above it coarse, clumped grain (like fast film).
  Settings of version 1 (50 % none) are migrated by :mod:`game.settings`.

A still picture is graded once: ``apply(..., keep=True)`` keeps the graded frame before its
grain, and :meth:`PostFX.regrain` then only copies it back and adds the next grain pattern
(two passes instead of five, and nothing at all while the grain pattern stays the same); a
new pattern reaches it one band a frame (:data:`_BANDS`: half the frame, a quarter at 4K).
A still picture keeps a grained copy of itself per pattern (:mod:`game.grained`), so once
each pattern has been shown, a new pattern's band is one copy instead of a copy and a blend.
A picture where only a few places move (a turning ring, cards in flight) is graded in those
places only (:meth:`PostFX.regrade`): they are graded into the kept frame, and only they get
the grain again while the grain pattern stays the same.

The camera of the table's effects (issue 54: a shake and a flash of light) moves and lights
the finished frame: :mod:`game.film_camera`. The grading's numbers: :mod:`game.grading`.
"""

from __future__ import annotations

import random

import pygame

from game import grading
from game.film_camera import REST, Camera, FilmCamera
from game.film_light import Grade, Painter, Tone, Underlay, placed_like
from game.grading import Tint
from game.grained import PATTERNS as _PATTERNS
from game.grained import Grained, Pattern, equal

_TILE = 256
_TILES = 4
#: Seconds each grain pattern stays on screen (about the 24 frames a second of film).
_GRAIN_PERIOD = 1.0 / 24.0
#: Strongest grain (standard deviation in 0–255 levels) at 100 %: visible film,
#: yet small text and card indices stay readable through it.
_GRAIN_SIGMA = 11.0
#: The grain value that adds none, and the last one of fine grain (coarse above).
GRAIN_NONE = 0
GRAIN_FINE_UP_TO = 50
_STRENGTH_STEPS = 25

#: A new grain pattern reaches a kept still picture in this many bands across it, one band a
#: frame (issue 54: at 4K the whole frame copied back and grained at once was the costliest
#: frame; the bands differ for one frame, a sixtieth of a second, in a pattern of noise).
_BANDS = 2
#: From this width up the film look takes its cheaper 4K paths (issue 54, look changes
#: authorised at 4K only): a new grain pattern reaches the picture in :data:`_WIDE_BANDS`
#: bands taken in turn (half the picture copied and grained was 6 ms of a moment's frame),
#: and a camera step leaves the moving places for the next frame (game/frames.py).
WIDE = 2560
_WIDE_BANDS = 4
#: From this width up a place that holds only added light is shown over the kept graded
#: table under it (game/film_light.py); below it the light's toned sprites, made in the
#: frame, cost more than the table and grading they spare (issue 54, docs/performance.md).
LIT_FROM = WIDE

__all__ = ["REST", "WIDE", "Camera", "PostFX"]


def _gauss_table(sigma: float) -> list[float]:
    """Inverse normal CDF of 256 evenly spaced probabilities, times ``sigma``."""
    from statistics import NormalDist

    normal = NormalDist(0.0, sigma)
    return [normal.inv_cdf((i + 0.5) / 256.0) for i in range(256)]


class PostFX:
    """Applies the film look in place to a frame; one instance per window."""

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)
        self._noise: list[bytes] = [self._rng.randbytes(_TILE * _TILE) for _ in range(_TILES)]
        self._tiles: dict[tuple[int, int, bool, int], pygame.Surface] = {}
        self._scratch: pygame.Surface | None = None
        self._clock = 0.0
        self._patterns: list[Pattern] = [
            (i % _TILES, self._rng.randrange(_TILE), self._rng.randrange(_TILE))
            for i in range(_PATTERNS)
        ]
        self._index = 0
        self._pattern = self._patterns[0]
        self._grained = Grained()
        self.cell = 1
        #: The last graded frame before its grain (``apply(keep=True)``), the look and size it
        #: was graded with, and the grain pattern each band of the screen shows (_BANDS).
        self._kept: pygame.Surface | None = None
        self._kept_look: tuple[int, int, int, tuple[int, int]] | None = None
        self._bands: list[Pattern | None] = [None] * _BANDS
        self._turn = 0  # the band a new pattern reaches next, when there are more than two
        #: The camera the frame on screen was shown with and the finished frame it moves.
        self.lens = FilmCamera()
        #: The table under its light, graded (issue 54: lit places, game/film_light.py).
        self.under = Underlay()

    @property
    def camera(self) -> Camera:
        """The camera the frame on screen was shown with."""
        return self.lens.shown

    def set_scale(self, scale: float) -> None:
        """Grain grain size follows the layout scale (a 4K frame gets bigger grains)."""
        cell = max(1, round(scale))
        if cell != self.cell:
            self.cell = cell
            self._tiles.clear()
            self._kept_look = None
            self._grained.forget()
            self.under.forget()

    def update(self, dt: float) -> None:
        """Advance the grain animation by ``dt`` seconds."""
        self._clock += dt
        if self._clock >= _GRAIN_PERIOD:
            self._clock %= _GRAIN_PERIOD
            self._index = (self._index + 1 + self._rng.randrange(_PATTERNS - 1)) % _PATTERNS
            self._pattern = self._patterns[self._index]

    def apply(
        self,
        frame: pygame.Surface,
        contrast: int,
        grain: int,
        temperature: int,
        *,
        keep: bool = False,
        camera: Camera = REST,
    ) -> None:
        """Grade ``frame`` in place; each value is a percent; 50 (grain 0) changes nothing. With
        ``keep`` the graded frame before its grain (and its camera) is kept for
        :meth:`regrain`; ``camera`` shifts and lights the graded frame."""
        self._grade(frame, contrast, grain, temperature)
        self.under.forget()  # a whole frame: the table may have changed anywhere
        if keep:
            self._keep(frame, (contrast, grain, temperature, frame.get_size()))
        else:
            self._kept_look = None
            self._grained.forget()
        if grain != GRAIN_NONE:
            self._grain(frame, grain)
        self._bands = [self._pattern] * (_WIDE_BANDS if frame.get_width() >= WIDE else _BANDS)
        self.lens.shown = REST
        if camera != REST:
            self.lens.hold(frame)
            self.lens.aim(frame, camera)

    def _keep(self, frame: pygame.Surface, look: tuple[int, int, int, tuple[int, int]]) -> None:
        """Keep the graded ``frame`` for :meth:`regrain`. The grained copies of the picture
        kept stay when it is the same picture (a still picture is drawn whole anew every half
        second in case a change was missed: issue 54)."""
        kept = self._kept
        if kept is None or kept.get_size() != frame.get_size():
            kept = self._kept = placed_like(frame)
            self.lens.ready(frame)  # what a shake will need, made now (game/film_camera.py)
            if frame.get_width() >= LIT_FROM:  # and the table under the light (film_light.py)
                self.under.ready(frame)
        elif look == self._kept_look and self._grained.bounded(frame):
            new = self._scratch_for(frame)
            new.blit(frame, (0, 0))
            if equal(new, kept):  # still through a whole redraw: worth its grained copies
                self._grained.settle()
            else:
                self._kept, self._scratch = new, kept
                self._grained.forget()
            return
        kept.blit(frame, (0, 0))
        self._kept_look = look
        self._grained.forget()

    def regrain(
        self,
        frame: pygame.Surface,
        contrast: int,
        grain: int,
        temperature: int,
        camera: Camera = REST,
    ) -> bool | None:
        """The same picture again: only the grain (or the camera) moves. None when no graded
        frame of this look and size is kept (draw and :meth:`apply` instead); False when
        ``frame`` already shows it (nothing to do); True when the kept frame was shown anew
        through ``camera`` (the whole frame with the current grain pattern) or, the camera at
        rest, one more band of it got the current pattern."""
        if self._kept is None or self._kept_look != (
            contrast,
            grain,
            temperature,
            frame.get_size(),
        ):
            return None
        still = camera == self.lens.shown
        if still and not self._band_due(camera, grain):
            return False  # a moved camera holds the finished frame's grain (issue 54)
        if still:
            self._refresh_band(frame, grain, cache=True)
        else:
            if self.lens.shown == REST:
                self.lens.hold(frame)
            self.lens.aim(frame, camera)
        return True

    def busy(self, camera: Camera, grain: int) -> bool:
        """Whether places shown now (:meth:`regrade`) also show the whole frame through a
        moved ``camera`` or a band of a new grain pattern: the frame loop's costliest extras
        (issue 54: game/frames.py leaves its strip for a frame without them)."""
        return camera != self.lens.shown or self._band_due(camera, grain)

    def _band_due(self, camera: Camera, grain: int) -> bool:
        """Whether a band of a new grain pattern is shown now: at rest (a moved camera holds
        the grain), with grain, a band still in an old pattern."""
        return (
            camera == self.lens.shown == REST and grain != GRAIN_NONE and self._stale() is not None
        )

    def _band_rects(self, frame: pygame.Surface) -> list[pygame.Rect]:
        """The bands a new grain pattern reaches one a frame, top to bottom."""
        width, height = frame.get_size()
        count = len(self._bands)
        cuts = [height * i // count for i in range(count + 1)]
        return [pygame.Rect(0, cuts[i], width, cuts[i + 1] - cuts[i]) for i in range(count)]

    def _stale(self) -> int | None:
        """The next band not showing the current grain pattern (the first of two; of more,
        the first from the one after the last shown: none waits while patterns keep coming),
        None when all do."""
        count = len(self._bands)
        start = self._turn if count > _BANDS else 0
        order = (i % count for i in range(start, start + count))
        return next((i for i in order if self._bands[i] != self._pattern), None)

    def _refresh_band(
        self, frame: pygame.Surface, grain: int, *, cache: bool = False
    ) -> pygame.Rect:
        """The first stale band of the kept frame shown anew with the current grain, through
        the camera it is shown with; its rectangle. With ``cache`` (a still picture) the
        band is copied from, or kept in, the grained copy of the current pattern."""
        index = self._stale()
        assert self._kept is not None and index is not None
        band = self._band_rects(frame)[index]
        copy = self._grained.copy(frame, self._pattern) if cache else None
        if copy is not None and self._grained.holds(self._pattern, index):
            frame.blit(copy, band, band)
        else:
            self._show_part(frame, grain, band)
            if copy is not None:
                copy.blit(frame, band, band)
                self._grained.add(self._pattern, index)
        self._bands[index] = self._pattern
        self._turn = (index + 1) % len(self._bands)
        return band

    def _show_part(
        self, frame: pygame.Surface, grain: int, part: pygame.Rect, pattern: Pattern | None = None
    ) -> None:
        """``part`` of the finished frame at rest (``frame``) shown anew from the kept graded
        frame with the grain of ``pattern`` (the current one by default)."""
        assert self._kept is not None
        frame.blit(self._kept, part, part)
        if grain != GRAIN_NONE:
            frame.set_clip(part)
            self._grain(frame, grain, pattern)
            frame.set_clip(None)

    def regrade(
        self,
        frame: pygame.Surface,
        fresh: pygame.Surface,
        rects: list[pygame.Rect],
        contrast: int,
        grain: int,
        temperature: int,
        camera: Camera = REST,
        *,
        spare: bool = False,
        lit: list[pygame.Rect] | None = None,
        painter: Painter | None = None,
    ) -> list[pygame.Rect] | None:
        """The kept picture with only ``rects`` changed: their ungraded pixels are taken from
        ``fresh`` (a surface the size of ``frame``), graded into the kept frame and shown
        with the grain (each band's own pattern: a new one reaches one band a frame at rest),
        through the camera; grading is pointwise, so this equals grading the whole new picture.
        Returns the rectangles of ``frame`` that changed (all of it when the camera moves);
        None (nothing done) when no graded frame of this look and size is kept. With ``spare`` ``fresh`` is graded where
        it lies (a pass fewer) in each place that overlaps no other. Each of ``lit`` (held by
        :attr:`under`) is shown as the kept table under it plus its light, drawn graded by
        ``painter`` (game/film_light.py)."""
        kept = self._kept
        if kept is None or self._kept_look != (contrast, grain, temperature, frame.get_size()):
            return None
        lit = lit or []
        if painter is not None:  # the table under the light, where these show it
            self.under.note(rects, fresh)
        for i, rect in enumerate(rects):
            if spare and rect.collidelist(rects[:i] + rects[i + 1 :] + lit) < 0:  # overlaps none
                self._grade(fresh, contrast, grain, temperature, rect, into=kept)
            else:  # ``fresh`` left ungraded where another place reads it
                kept.blit(fresh, rect, rect)
                self._grade(kept, contrast, grain, temperature, rect)
        if painter is not None:
            self.under.keep(rects, kept)
        for rect in lit:  # after the others: a strip across a lit place is overwritten
            assert painter is not None
            self.under.show(kept, rect, painter)
        rects = rects + lit
        if rects:
            self._grained.forget()  # the kept picture changed
        if camera != REST and self.lens.shown == REST:
            self.lens.hold(frame)  # the places go into the finished frame at rest
        resting = camera == self.lens.shown == REST  # a moved camera holds the grain (issue 54)
        rest = frame if resting else self.lens.finished
        assert rest is not None
        changed = []
        if self._band_due(camera, grain):
            changed.append(self._refresh_band(rest, grain))
        # The band just shown anew shows the places already (the kept frame holds them).
        bands = [
            (band, pattern)
            for band, pattern in zip(self._band_rects(frame), self._bands, strict=True)
            if band not in changed
        ]
        for rect in rects:  # only the changed places, in the pattern of their band
            for band, pattern in bands:
                part = rect.clip(band)
                if part.width and part.height:
                    self._show_part(rest, grain, part, pattern)
            changed.append(rect)
        if camera != self.lens.shown:  # the camera moved: the whole finished frame through it
            self.lens.aim(frame, camera)
            return [frame.get_rect()]
        return self.lens.through(frame, changed)

    def tone(self, contrast: int, grain: int, temperature: int) -> Tone | None:
        """The look's grading as :class:`game.film_light.Tone` (:meth:`_grade`'s passes); None
        below 50 % contrast (its lift comes after the multiply: no place is lit apart)."""
        if contrast < 50:
            return None
        mean, tint, k = self._factors(contrast, grain, temperature)
        if contrast == 50:
            pre = grading.levels(tint) if temperature != 50 else None
            return Tone(pre, mean, None, False, tint)
        gain = tuple(k * t for t in tint)
        post = grading.levels(k / 2.0 * t for t in tint)
        return Tone(None, grading.sink(k, mean), post, True, gain)

    def lighting(
        self, frame: pygame.Surface, look: tuple[int, int, int]
    ) -> tuple[Tone, Grade] | None:
        """The look's :meth:`tone` and its grading of a rectangle into another surface, for
        the table under the light (:attr:`under`); None without a tone or below LIT_FROM."""
        if frame.get_width() < LIT_FROM:  # asked every frame with moving places: width first
            return None
        tone = self.tone(*look)
        if tone is None:
            return None

        def grade(surface: pygame.Surface, rect: pygame.Rect, into: pygame.Surface) -> None:
            self._grade(surface, *look, rect, into=into)

        return tone, grade

    def _grade(
        self,
        frame: pygame.Surface,
        contrast: int,
        grain: int,
        temperature: int,
        rect: pygame.Rect | None = None,
        into: pygame.Surface | None = None,
    ) -> None:
        """Contrast and temperature, with the grain's mean taken off (its tile adds it back);
        only inside ``rect`` when one is given; the result in ``into`` when one is given
        (``frame`` is then left half done)."""
        # Fewest whole-frame passes: the temperature tint rides on the contrast multiply, and
        # the grain's mean (its tile is noise + mean, added in one pass) on the contrast's
        # add or subtract.
        mean, tint, k = self._factors(contrast, grain, temperature)
        if contrast < 50:
            frame.fill(grading.levels(k * t for t in tint), rect, pygame.BLEND_RGB_MULT)
            lift = [round(128 * (1.0 - k) * t) - mean for t in tint]
            grading.add_signed(frame, lift, rect)
        elif contrast > 50:
            sink = grading.sink(k, mean)
            frame.fill((sink, sink, sink), rect, pygame.BLEND_RGB_SUB)
            # Scale by k/2 (with the tint), then add the frame to a copy of itself: ×k with
            # the highlights clamping at white, in four passes.
            frame.fill(grading.levels(k / 2.0 * t for t in tint), rect, pygame.BLEND_RGB_MULT)
            area = rect if rect is not None else frame.get_rect()
            if into is not None:  # the half-way frame itself is the copy to add
                into.blit(frame, area, area)
                into.blit(frame, area, area, pygame.BLEND_RGB_ADD)
                return
            scratch = self._scratch_for(frame)
            scratch.blit(frame, area, area)
            frame.blit(scratch, area, area, pygame.BLEND_RGB_ADD)
        else:
            if temperature != 50:
                frame.fill(grading.levels(tint), rect, pygame.BLEND_RGB_MULT)
            if mean:
                frame.fill((mean, mean, mean), rect, pygame.BLEND_RGB_SUB)
        if into is not None:
            area = rect if rect is not None else frame.get_rect()
            into.blit(frame, area, area)

    # --- effects -----------------------------------------------------------------------------

    @staticmethod
    def _level(grain: int) -> int:
        return max(1, round(grain / 100.0 * _STRENGTH_STEPS))

    def _factors(self, contrast: int, grain: int, temperature: int) -> tuple[int, Tint, float]:
        """A look's grain mean, temperature tint and contrast multiply (game/grading.py)."""
        mean = self._grain_mean(grain) if grain != GRAIN_NONE else 0
        return (mean, *grading.factors(contrast, temperature))

    def _grain_mean(self, grain: int) -> int:
        # Two standard deviations keep almost all of the noise above zero.
        return round(2.0 * _GRAIN_SIGMA * self._level(grain) / _STRENGTH_STEPS)

    def _grain(self, frame: pygame.Surface, grain: int, pattern: Pattern | None = None) -> None:
        """Add the grain (of ``pattern``, the current one by default)."""
        coarse = grain > GRAIN_FINE_UP_TO
        level = self._level(grain)
        index, dx, dy = pattern or self._pattern
        tile = self._tile(index, level, coarse, frame)
        width, height = frame.get_size()
        size = tile.get_width()
        dx %= size
        dy %= size
        spots = [(x, y) for y in range(-dy, height, size) for x in range(-dx, width, size)]
        whole = tile.get_rect()
        frame.blits([(tile, spot, whole, pygame.BLEND_RGB_ADD) for spot in spots], doreturn=False)

    # --- cached surfaces ---------------------------------------------------------------------

    def _scratch_for(self, frame: pygame.Surface) -> pygame.Surface:
        if self._scratch is None or self._scratch.get_size() != frame.get_size():
            self._scratch = placed_like(frame)  # it may become the kept picture (_keep)
        return self._scratch

    def _tile(self, index: int, level: int, coarse: bool, frame: pygame.Surface) -> pygame.Surface:
        key = (index, level, coarse, frame.get_bitsize())
        tile = self._tiles.get(key)
        if tile is None:
            sigma = _GRAIN_SIGMA * level / _STRENGTH_STEPS
            mean = 2.0 * sigma
            palette = [
                (v, v, v) for v in (min(255, max(0, round(t + mean))) for t in _gauss_table(sigma))
            ]
            tile = self._paletted(index, palette, coarse, frame)
            self._tiles[key] = tile
        return tile

    def _paletted(
        self,
        index: int,
        palette: list[tuple[int, int, int]],
        coarse: bool,
        frame: pygame.Surface,
    ) -> pygame.Surface:
        # One byte of noise per pixel read as an 8-bit palette image: the palette maps the
        # uniform byte to a gaussian amount, so no per-pixel Python is needed.
        paletted = pygame.image.frombuffer(self._noise[index], (_TILE, _TILE), "P")
        paletted.set_palette(palette)
        # Same pixel format as the frame: blend blits between equal formats take the fast path.
        surface = pygame.Surface((_TILE, _TILE), 0, frame)
        surface.blit(paletted, (0, 0))
        cell = self.cell * (2 if coarse else 1)
        if cell > 1:
            size = _TILE * cell
            # Smooth scaling softens the square cells into round clumps, like film grain.
            surface = pygame.transform.smoothscale(surface, (size, size))
        return surface
