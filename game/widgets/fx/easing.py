"""Easing curves by their usual names (those of easings.net): each maps the share of time gone,
0 to 1, to the share of the way gone (which may overshoot for the "back" and "elastic" curves).

    EASINGS["easeOutBack"](0.5)      # by name, as a game's declaration names them
    ease("easeOutCubic", 0.25)       # the same, clamped to 0..1 first
"""

from __future__ import annotations

import math
from collections.abc import Callable

Easing = Callable[[float], float]

_BACK = 1.70158
_BACK_OUT = _BACK + 1.0
_BACK_IN_OUT = _BACK * 1.525


def linear(t: float) -> float:
    return t


def ease_in_sine(t: float) -> float:
    return 1.0 - math.cos(t * math.pi / 2.0)


def ease_out_sine(t: float) -> float:
    return math.sin(t * math.pi / 2.0)


def ease_in_out_sine(t: float) -> float:
    return -(math.cos(math.pi * t) - 1.0) / 2.0


def ease_in_quad(t: float) -> float:
    return t * t


def ease_out_quad(t: float) -> float:
    return 1.0 - (1.0 - t) * (1.0 - t)


def ease_in_out_quad(t: float) -> float:
    return 2.0 * t * t if t < 0.5 else 1.0 - (-2.0 * t + 2.0) ** 2 / 2.0


def ease_in_cubic(t: float) -> float:
    return t * t * t


def ease_out_cubic(t: float) -> float:
    return 1.0 - (1.0 - t) ** 3


def ease_in_out_cubic(t: float) -> float:
    return 4.0 * t * t * t if t < 0.5 else 1.0 - (-2.0 * t + 2.0) ** 3 / 2.0


def ease_out_quart(t: float) -> float:
    return 1.0 - (1.0 - t) ** 4


def ease_in_expo(t: float) -> float:
    return 0.0 if t <= 0.0 else math.pow(2.0, 10.0 * t - 10.0)


def ease_out_expo(t: float) -> float:
    return 1.0 if t >= 1.0 else 1.0 - math.pow(2.0, -10.0 * t)


def ease_in_back(t: float) -> float:
    return _BACK_OUT * t * t * t - _BACK * t * t


def ease_out_back(t: float) -> float:
    """Overshoots a little and settles: a card landing on the felt."""
    return 1.0 + _BACK_OUT * (t - 1.0) ** 3 + _BACK * (t - 1.0) ** 2


def ease_in_out_back(t: float) -> float:
    c = _BACK_IN_OUT
    if t < 0.5:
        return ((2.0 * t) ** 2 * ((c + 1.0) * 2.0 * t - c)) / 2.0
    return ((2.0 * t - 2.0) ** 2 * ((c + 1.0) * (t * 2.0 - 2.0) + c) + 2.0) / 2.0


def ease_out_elastic(t: float) -> float:
    """A spring let go: past the end and back a few times, settling (a selected card)."""
    if t <= 0.0 or t >= 1.0:
        return min(1.0, max(0.0, t))
    return math.pow(2.0, -10.0 * t) * math.sin((t * 10.0 - 0.75) * (2.0 * math.pi / 3.0)) + 1.0


def ease_out_bounce(t: float) -> float:
    n, d = 7.5625, 2.75
    if t < 1.0 / d:
        return n * t * t
    if t < 2.0 / d:
        t -= 1.5 / d
        return n * t * t + 0.75
    if t < 2.5 / d:
        t -= 2.25 / d
        return n * t * t + 0.9375
    t -= 2.625 / d
    return n * t * t + 0.984375


#: Every curve by its easings.net name.
EASINGS: dict[str, Easing] = {
    "linear": linear,
    "easeInSine": ease_in_sine,
    "easeOutSine": ease_out_sine,
    "easeInOutSine": ease_in_out_sine,
    "easeInQuad": ease_in_quad,
    "easeOutQuad": ease_out_quad,
    "easeInOutQuad": ease_in_out_quad,
    "easeInCubic": ease_in_cubic,
    "easeOutCubic": ease_out_cubic,
    "easeInOutCubic": ease_in_out_cubic,
    "easeOutQuart": ease_out_quart,
    "easeInExpo": ease_in_expo,
    "easeOutExpo": ease_out_expo,
    "easeInBack": ease_in_back,
    "easeOutBack": ease_out_back,
    "easeInOutBack": ease_in_out_back,
    "easeOutElastic": ease_out_elastic,
    "easeOutBounce": ease_out_bounce,
}


def ease(name: str, t: float) -> float:
    """The curve ``name`` at ``t``, exactly 0 at and before the start and exactly 1 at and after
    the end; KeyError naming the known curves."""
    try:
        curve = EASINGS[name]
    except KeyError:
        raise KeyError(f"no easing {name!r}; known: {', '.join(EASINGS)}") from None
    if t <= 0.0:
        return 0.0
    return 1.0 if t >= 1.0 else curve(t)
