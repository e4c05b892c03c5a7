"""The shared effects layer (issue 54): easing curves, tweens and count-ups, particles, light,
trails, the camera's shake, the catalogue of effect kinds and the player that runs them.

A game never draws an effect itself: it declares in its folder which of its moments starts
which kind, how strong (``game/games/<id>/moments.py``, read through
:mod:`game.table.moments`), and the table asks :class:`EffectPlayer` to start it.
"""

from game.widgets.fx.effect import Anchor, Effect, Style
from game.widgets.fx.kinds import KINDS
from game.widgets.fx.player import MAX_HOLD, SPEEDS, EffectPlayer, Motion
from game.widgets.fx.tween import CountUp, Tween

__all__ = [
    "KINDS",
    "MAX_HOLD",
    "SPEEDS",
    "Anchor",
    "CountUp",
    "Effect",
    "EffectPlayer",
    "Motion",
    "Style",
    "Tween",
]
