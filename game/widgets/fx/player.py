"""The effect player: starts effects by name, runs their clocks at the player's speed, draws
them under the film look, shakes and lights the table, and ends them all on any key or click.

Speed and reduced motion are honoured here, in one place: at ``"off"`` nothing starts (the
table is as it was before effects); ``"fast"`` runs every effect twice as fast; under reduced
motion no effect throws particles, shakes or flashes. Whatever an effect asks, the table never
waits for one start longer than :data:`MAX_HOLD` seconds at normal speed.

Every start draws from one random state, seeded anew for each deal (:meth:`EffectPlayer.reseed`):
the same deal shows the same effects, frame for frame, for the same times.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

import pygame

from game.widgets.fx import sprites
from game.widgets.fx.effect import Anchor, Effect, Style
from game.widgets.fx.kinds import kind
from game.widgets.fx.rehearsal import REHEARSED_BELOW, STEP, Rehearsal, Stage, rehearse

#: The speeds a player may choose and their time factors (0: no effects).
SPEEDS: dict[str, float] = {"off": 0.0, "fast": 2.0, "normal": 1.0}
#: The longest the table waits for one effect, in seconds at normal speed.
MAX_HOLD = 1.2
#: What of a picture is drawn: all of it, all but the effects that are only added light
#: (the table under the light), or those alone (game/film_light.py, issue 54).
Part = Literal["all", "under", "light"]
#: A sprite of light as it is added to a graded picture (game/film_light.py).
Tone = Callable[[pygame.Surface], pygame.Surface]


@dataclass(frozen=True)
class Motion:
    """The player's choices: effect ``speed`` (a key of :data:`SPEEDS`) and ``reduced``
    motion."""

    speed: str = "normal"
    reduced: bool = False

    @property
    def factor(self) -> float:
        return SPEEDS.get(self.speed, 1.0)

    @property
    def on(self) -> bool:
        return self.factor > 0.0


class EffectPlayer:
    """The effects running on one table (see the module docstring). ``motion`` is read live
    (the settings may change mid-deal)."""

    def __init__(self, motion: Callable[[], Motion], seed: int = 0) -> None:
        self.motion = motion
        self.effects: list[Effect] = []
        self.rng = random.Random(seed)
        self.scale = 1.0
        self.screen = pygame.Rect(0, 0, 1920, 1080)
        #: Twins of the running effects making their sprites ahead of them (rehearsal.py),
        #: and the seconds since they last had a frame's budget (one a 60th of a second: the
        #: app updates 120 times a second, issue 54).
        self.rehearsals: list[tuple[Rehearsal, Effect]] = []
        self.unrehearsed = 0.0

    def reseed(self, seed: int) -> None:
        """A new random state (a new deal: its effects repeat for its seed)."""
        self.rng = random.Random(seed)

    def place(self, scale: float, screen: pygame.Rect) -> None:
        """The look's scale and the table's rectangle (after a relayout)."""
        self.scale = scale
        self.screen = screen.copy()

    @property
    def on(self) -> bool:
        return self.motion().on

    def start(
        self, name: str, anchor: Anchor, strength: float = 1.0, *, variant: str = ""
    ) -> float:
        """Start the effect ``name`` at ``anchor``; returns how long the table should wait
        for it, in seconds of real time (0 when effects are off)."""
        motion = self.motion()
        if not motion.on:
            return 0.0
        style = Style(self.scale, self.screen, motion.reduced, variant)
        seed = self.rng.getrandbits(32)
        effect = kind(name)(anchor, strength, style, random.Random(seed))
        self.effects.append(effect)
        if not motion.reduced and self.screen.width < REHEARSED_BELOW:  # run ahead of it
            twin = kind(name)(anchor, strength, style, random.Random(seed))
            self.rehearsals.append((Rehearsal(twin, STEP * motion.factor), effect))
        return min(effect.hold, MAX_HOLD) / motion.factor

    def update(self, dt: float) -> None:
        """Move every effect on by ``dt`` seconds at the chosen speed."""
        factor = self.motion().factor
        if factor <= 0.0:
            self.effects = []
            self.rehearsals = []
            return
        for effect in self.effects:
            effect.update(dt * factor)
        self.effects = [effect for effect in self.effects if not effect.done]
        running = [(r, e) for r, e in self.rehearsals if e in self.effects]
        self.unrehearsed += dt
        if running and self.unrehearsed >= STEP - 1e-9:
            self.unrehearsed = 0.0
            running = rehearse(running, Stage(self.screen))
        self.rehearsals = running

    def skip(self) -> bool:
        """End every effect now (any key or click); True when one was running."""
        running = bool(self.effects)
        self.effects = []
        self.rehearsals = []
        return running

    @property
    def active(self) -> bool:
        return bool(self.effects)

    def offset(self) -> tuple[int, int]:
        """The camera's shake now (none under reduced motion)."""
        if self.motion().reduced:
            return 0, 0
        x = sum(effect.offset()[0] for effect in self.effects)
        y = sum(effect.offset()[1] for effect in self.effects)
        return round(x), round(y)

    def flash(self) -> int:
        """The light the whole picture gains now (none under reduced motion)."""
        if self.motion().reduced:
            return 0
        return min(180, sum(effect.flash() for effect in self.effects))

    def whole(self) -> bool:
        """Whether the whole table moves now (a shake or a flash)."""
        return self.offset() != (0, 0) or self.flash() > 0

    def areas(self) -> list[pygame.Rect]:
        """What the running effects cover (the frame's moving places)."""
        found = [effect.area() for effect in self.effects]
        clipped = [rect.clip(self.screen) for rect in found if rect is not None]
        return [rect for rect in clipped if rect.width and rect.height]

    def lights(self) -> list[pygame.Rect]:
        """What the running effects that are only added light cover (of :meth:`areas`)."""
        found = [effect.area() for effect in self.effects if effect.light_only()]
        clipped = [rect.clip(self.screen) for rect in found if rect is not None]
        return [rect for rect in clipped if rect.width and rect.height]

    def draw(self, surface: pygame.Surface, part: Part = "all", tone: Tone | None = None) -> None:
        """Every running effect of ``part``, in the order started (only those that meet the
        surface's clip: a moving place is drawn again alone); with ``tone`` each sprite of
        light passes through it (sprites.toning)."""
        if tone is not None:
            with sprites.toning(tone):
                self.draw(surface, part)
            return
        clip = surface.get_clip()
        for effect in self.effects:
            if part != "all" and effect.light_only() != (part == "light"):
                continue
            area = effect.area()
            if area is not None and clip.colliderect(area):
                effect.draw(surface)

    def apply_camera(self, surface: pygame.Surface) -> None:
        """Light and shake the finished table (its film look comes after)."""
        light = self.flash()
        if light > 0:
            surface.fill((light, light, int(light * 0.85)), special_flags=pygame.BLEND_RGB_ADD)
        dx, dy = self.offset()
        if dx or dy:
            surface.scroll(dx, dy)
