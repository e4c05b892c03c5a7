"""Every kind of effect by the name a game's declaration uses (``game/games/<id>/moments.py``):
the shared catalogue. A kind's ``strength`` scales it (1 an ordinary moment of its kind)."""

from __future__ import annotations

from game.widgets.fx.bursts import Bomb, Fireworks, Gloom, Glow, Rocket, Sparkle
from game.widgets.fx.effect import Effect
from game.widgets.fx.marks import Chain, Ladder, Reveal, Sweep
from game.widgets.fx.paths import Airplane, Coins, Gather, Trade, Trail

#: Name -> the kind's class.
KINDS: dict[str, type[Effect]] = {
    "trail": Trail,  # a play slides to the table
    "gather": Gather,  # a trick or round swept to its winner
    "sparkle": Sparkle,  # the last card out (1), a partner's cheer (below 1)
    "glow": Glow,  # the pack as the deal begins
    "bomb": Bomb,  # a thump at 1, a blast from 1.5
    "rocket": Rocket,  # the rocket, a four-joker bomb
    "sweep": Sweep,  # a straight flush
    "airplane": Airplane,  # an airplane, variant "wings" with attached cards
    "chain": Chain,  # a tractor
    "fireworks": Fireworks,  # a spring, a double finish, a match won
    "gloom": Gloom,  # a match lost
    "ladder": Ladder,  # a level-up
    "trade": Trade,  # a tribute or a return handed over
    "reveal": Reveal,  # the kitty turned over
    "coins": Coins,  # points or a payment flying to the winner
}


def kind(name: str) -> type[Effect]:
    """The kind ``name``; KeyError naming the known kinds."""
    try:
        return KINDS[name]
    except KeyError:
        raise KeyError(f"no effect {name!r}; known: {', '.join(sorted(KINDS))}") from None
