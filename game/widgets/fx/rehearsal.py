"""Sprites made before they are due (issue 54): a moment's first frames made its new glows,
sparks and ring pieces as they drew them (at 4K, 4–15 ms a frame for the rocket's ring).

When an effect starts, a twin of it (the same kind, anchor, strength, style and seed, so its
shapes move exactly as the effect's will) runs ahead of it and draws its shapes onto a stage
that shows nothing, noting the sprites it asks for that are not kept
(:mod:`game.widgets.fx.kept`); they are then made one at a time, within a time budget a
frame, and kept by :mod:`game.widgets.fx.sprites`'s caches, so the effect finds them made
when it gets there. Only frames the effect will draw are rehearsed, one a 60th of a second,
and only on tables narrower than :data:`REHEARSED_BELOW` (at 4K one big sprite outlasts a
frame's budget, docs/performance.md). The twin moves no particle (that would cost as much as the effect's own): each
particle it throws notes its sprite at every fading step it passes through (a particle that
spins, whose turns depend on its frames, is left to the effect). Under reduced motion and at
"off" nothing is rehearsed.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import pygame

from game.widgets.fx import sprites
from game.widgets.fx.effect import Effect
from game.widgets.fx.kept import Later, noting
from game.widgets.fx.particles import Particle

#: Effects are rehearsed on tables narrower than this (see the module docstring).
REHEARSED_BELOW = 2560
#: The frame a rehearsal steps by (effect seconds at normal speed).
STEP = 1.0 / 60.0
#: The longest a frame spends rehearsing, in seconds (a sprite begun is finished).
BUDGET_S = 0.0015


class Stage(pygame.Surface):
    """A surface that shows nothing yet says its clip is the whole table: effects draw on it
    whole (asking for every sprite) while their blits land on one pixel."""

    def __init__(self, screen: pygame.Rect) -> None:
        super().__init__((1, 1))
        self.screen = screen.copy()

    def get_clip(self) -> pygame.Rect:
        return self.screen.copy()


class Rehearsal:
    """One effect's twin running ahead of it (see the module docstring)."""

    def __init__(self, twin: Effect, step: float) -> None:
        self.twin = twin
        self.step = step
        #: The sprites the twin asked for that are still to make, in the order asked.
        self.wanted: list[Later] = []

    @property
    def done(self) -> bool:
        """Whether the twin has run its whole course and its sprites are made."""
        return self.twin.done and not self.wanted

    def advance(self, effect: Effect, stage: Stage) -> None:
        """One sprite made, else the twin moved a step and drawn (if the effect will draw
        that frame), noting the sprites it asks for."""
        if self.wanted:
            self.wanted.pop(0)()
            return
        twin = self.twin
        thrown = twin.rehearse(self.step)
        with noting() as noted:
            _note_particles(thrown)
            if twin.t > effect.t:  # a frame the effect has not drawn yet
                twin.draw_shapes(stage)
        self.wanted = list(noted.values())


def _note_particles(thrown: list[Particle]) -> None:
    """Ask for the sprite of each particle at every fading step (see the module docstring)."""
    kinds = dict.fromkeys((p.shape, p.size, p.colour) for p in thrown if not p.spin)
    for shape, size, colour in kinds:  # in the order thrown: the same every run
        for level in range(1, sprites.LEVELS + 1):
            sprites.sprite(shape, size, colour, level)


def rehearse(
    pairs: list[tuple[Rehearsal, Effect]],
    stage: Stage,
    budget: float | None = None,
    clock: Callable[[], float] = time.perf_counter,
) -> list[tuple[Rehearsal, Effect]]:
    """Run the rehearsals of running effects ahead, the earliest first, for up to ``budget``
    seconds (:data:`BUDGET_S`); the ones with frames left."""
    budget = BUDGET_S if budget is None else budget
    began = clock()
    for rehearsal, effect in pairs:
        while not rehearsal.done and clock() - began < budget:
            rehearsal.advance(effect, stage)
    return [(r, e) for r, e in pairs if not r.done]
