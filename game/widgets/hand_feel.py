"""How the player's hand moves when effects are on (issue 54): each card's lift follows a
spring (a selected card springs up and settles, the card under the pointer rises a little),
a refused selection shakes once, and the fan opens from a stack as the deal ends.

The springs move by a fixed step, so the same input gives the same hand whatever the frame
rate; a card at rest reports no movement, so a still hand costs no frame.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from game.widgets.fx.easing import ease

#: The spring's stiffness and damping (per second²; per second): a little overshoot.
STIFFNESS = 520.0
DAMPING = 24.0
#: How high the card under the pointer rises, as a share of a selected card's rise.
HOVER_LIFT = 0.3
#: The shake of a refused selection: seconds, swings a second, widest swing (card widths).
SHAKE_TIME = 0.36
SHAKE_RATE = 9.0
SHAKE_WIDTH = 0.09
#: The fan's opening: seconds, and how closed it starts (a share of its width).
OPEN_TIME = 0.5
CLOSED = 0.12
STEP = 1.0 / 120.0
_REST = 0.002


class Feel:
    """The hand's moving parts (see the module docstring)."""

    def __init__(self) -> None:
        self._lift: list[float] = []
        self._speed: list[float] = []
        self._shaken: frozenset[int] = frozenset()
        self._shake_t = SHAKE_TIME
        self._open_t = OPEN_TIME
        self._left = 0.0

    # --- what the widget reads ----------------------------------------------------------------
    def lift(self, index: int) -> float:
        """How far card ``index`` is raised (1: a selected card's full rise)."""
        return self._lift[index] if 0 <= index < len(self._lift) else 0.0

    def shake_x(self, index: int, width: int) -> float:
        """Card ``index``'s sideways swing now, in pixels."""
        if index not in self._shaken or self._shake_t >= SHAKE_TIME:
            return 0.0
        k = self._shake_t / SHAKE_TIME
        return math.sin(self._shake_t * SHAKE_RATE * math.tau) * SHAKE_WIDTH * width * (1.0 - k)

    @property
    def spread(self) -> float:
        """How far the fan is open (a share of its full width)."""
        # No overshoot: the fan never opens wider than the hand's place (drawn again there).
        k = ease("easeOutQuart", self._open_t / OPEN_TIME)
        return CLOSED + (1.0 - CLOSED) * k

    def moving(self) -> bool:
        return (
            self._shake_t < SHAKE_TIME
            or self._open_t < OPEN_TIME
            or any(abs(v) > _REST for v in self._speed)
        )

    # --- what moves it ------------------------------------------------------------------------
    def refuse(self, cards: Iterable[int]) -> None:
        """Shake ``cards`` once (a refused selection)."""
        self._shaken = frozenset(cards)
        self._shake_t = 0.0

    def open_fan(self, closed: bool = False) -> None:
        """Open the fan from a stack (``closed``: hold it shut until the next call)."""
        self._open_t = -math.inf if closed else 0.0

    def update(self, dt: float, count: int, selected: set[int], hover: int | None) -> None:
        """Move on by ``dt`` seconds for a hand of ``count`` cards."""
        if len(self._lift) != count:
            self._lift = [1.0 if i in selected else 0.0 for i in range(count)]
            self._speed = [0.0] * count
        self._shake_t = min(SHAKE_TIME, self._shake_t + dt)
        if self._open_t > -math.inf:
            self._open_t = min(OPEN_TIME, self._open_t + dt)
        targets = [
            1.0 if i in selected else (HOVER_LIFT if i == hover else 0.0) for i in range(count)
        ]
        self._left += dt
        while self._left >= STEP:
            self._left -= STEP
            self._step(targets)

    def _step(self, targets: list[float]) -> None:
        for i, target in enumerate(targets):
            x, v = self._lift[i], self._speed[i]
            if abs(target - x) < _REST and abs(v) < _REST:
                self._lift[i], self._speed[i] = target, 0.0
                continue
            v += (STIFFNESS * (target - x) - DAMPING * v) * STEP
            self._lift[i], self._speed[i] = x + v * STEP, v
