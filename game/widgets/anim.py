"""Tweens: values that move from a start to an end over time with an easing curve.

The tables use them for dealing, playing and sliding cards. Durations are the designed
lengths; the :class:`Tweener` multiplies time by a speed factor (the app passes
``settings.animation_factor()``, so the player's animation-speed setting applies everywhere).

    tweener = Tweener(speed=lambda: app.anim_factor())
    tweener.move(sprite, (x, y), 0.25, ease_out_cubic)     # sprite.pos glides there
    tweener.add(Tween(0.0, 1.0, 0.4, on_step=set_alpha))    # any value
    tweener.update(dt)                                      # once per fixed step
"""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

# The curves live with the effects layer (issue 54); these names stay for the table's callers.
from game.widgets.fx.easing import (
    ease_in_cubic,
    ease_in_out_cubic,
    ease_out_back,
    ease_out_cubic,
    ease_out_sine,
    linear,
)

__all__ = [
    "Number",
    "Tween",
    "Tweener",
    "Value",
    "ease_in_cubic",
    "ease_in_out_cubic",
    "ease_out_back",
    "ease_out_cubic",
    "ease_out_sine",
    "linear",
]

Number = float
Value = float | tuple[float, ...]


def _mix(start: Value, end: Value, k: float) -> Value:
    if isinstance(start, tuple):  # ``end`` has the shape of ``start``
        ends = cast(tuple[float, ...], end)
        return tuple(a + (b - a) * k for a, b in zip(start, ends, strict=True))
    return start + (cast(float, end) - start) * k


class Tween:
    """A value going from ``start`` to ``end`` in ``duration`` seconds after ``delay``.

    ``on_step(value)`` runs on every update, ``on_done()`` once at the end. Values may be
    numbers or tuples of numbers (positions, colours).
    """

    def __init__(
        self,
        start: Value,
        end: Value,
        duration: float,
        easing: Callable[[float], float] = ease_out_cubic,
        *,
        delay: float = 0.0,
        on_step: Callable[[Value], None] | None = None,
        on_done: Callable[[], None] | None = None,
        tag: object = None,
    ) -> None:
        self.start = start
        self.end = end
        self.duration = max(0.0, duration)
        self.easing = easing
        self.delay = max(0.0, delay)
        self.on_step = on_step
        self.on_done = on_done
        self.tag = tag
        self.elapsed = 0.0
        self.done = False

    @property
    def value(self) -> Value:
        if self.duration <= 0.0:
            return self.end
        t = min(1.0, max(0.0, (self.elapsed - self.delay) / self.duration))
        return _mix(self.start, self.end, self.easing(t))

    def update(self, dt: float) -> None:
        if self.done:
            return
        self.elapsed += dt
        if self.elapsed < self.delay:
            return
        if self.on_step is not None:
            self.on_step(self.value)
        if self.elapsed >= self.delay + self.duration:
            self.done = True
            if self.on_done is not None:
                self.on_done()

    def finish(self) -> None:
        """Jump to the end (runs the callbacks)."""
        self.elapsed = self.delay + self.duration
        self.done = False
        self.update(0.0)


class Tweener:
    """Runs tweens; ``speed()`` scales time (animation-speed setting)."""

    def __init__(self, speed: Callable[[], float] | None = None) -> None:
        self.tweens: list[Tween] = []
        self.speed = speed or (lambda: 1.0)

    def add(self, tween: Tween) -> Tween:
        self.tweens.append(tween)
        return tween

    def move(
        self,
        target: object,
        pos: tuple[float, float],
        duration: float,
        easing: Callable[[float], float] = ease_out_cubic,
        *,
        delay: float = 0.0,
        attr: str = "pos",
        on_done: Callable[[], None] | None = None,
    ) -> Tween:
        """Glide ``target.<attr>`` (a pair) to ``pos``; replaces a running move of the same."""
        self.cancel(target, attr)
        start = tuple(float(v) for v in getattr(target, attr))
        return self.add(
            Tween(
                start,
                (float(pos[0]), float(pos[1])),
                duration,
                easing,
                delay=delay,
                on_step=lambda value: setattr(target, attr, value),
                on_done=on_done,
                tag=(id(target), attr),
            )
        )

    def cancel(self, target: object, attr: str = "pos") -> None:
        tag = (id(target), attr)
        self.tweens = [tween for tween in self.tweens if tween.tag != tag]

    @property
    def busy(self) -> bool:
        return bool(self.tweens)

    def update(self, dt: float) -> None:
        step = dt * self.speed()
        for tween in list(self.tweens):
            tween.update(step)
        self.tweens = [tween for tween in self.tweens if not tween.done]

    def finish_all(self) -> None:
        """Complete every running tween at once (e.g. the player clicked to skip)."""
        while self.tweens:
            tweens, self.tweens = self.tweens, []
            for tween in tweens:
                tween.finish()
