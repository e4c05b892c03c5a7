"""The phases of a Dou Dizhu deal and what one seat may know of it (D2.5: the kitty once the
landlord is known); the deal builds its views (``DoudizhuState.view``)."""

from __future__ import annotations

from dataclasses import dataclass, field

from game.games.doudizhu.rules.combos import Combo
from game.games.doudizhu.rules.options import checked
from game.games.doudizhu.rules.settlement import DoudizhuResult
from game.rules.base import Action, GamePhase, Record
from game.rules.cards import Card
from game.rules.options import Options


class Phase(GamePhase):
    """Dou Dizhu's phases: the bidding (D2.3, VD1), VD2's doubling, playing, the deal over."""

    BID = "bid"
    DOUBLE = "double"
    PLAY = "play"
    OVER = "over"


#: The phases by name (``state.stage`` is ``state.phase``).
BID, DOUBLE, PLAY, OVER = Phase.BID, Phase.DOUBLE, Phase.PLAY, Phase.OVER


@dataclass(frozen=True)
class DoudizhuView:
    """What ``seat`` may know: its hand, every hand's size, the bidding, the kitty once the
    landlord is known (D2.5; None before), and the public history."""

    seat: int
    hand: tuple[Card, ...]
    hand_counts: tuple[int, ...]
    current_player: int | None
    stage: Phase
    phase: Phase
    first_bidder: int
    bids: tuple[tuple[int, str, int], ...]
    landlord: int | None
    base: int
    multiplier: int
    kitty: tuple[Card, ...] | None
    doubled: tuple[bool, ...]
    last_play: Combo | None
    last_seat: int | None
    passes: int
    played: tuple[tuple[Card, ...], ...]
    plays_made: tuple[int, ...]
    redeals: int
    log: tuple[Record, ...]
    winner: int | None
    legal: tuple[Action, ...] = field(default=(), compare=False)
    result: DoudizhuResult | None = None
    options: Options = field(default_factory=lambda: checked(None))

    @property
    def is_leading(self) -> bool:
        return self.current_player == self.seat and self.stage == PLAY and self.last_play is None
