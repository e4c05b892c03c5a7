"""Records of a Guandan deal: its phases, the tribute events, the round's turns, the result
(G1.2) and what one seat may know."""

from __future__ import annotations

from dataclasses import dataclass

from game.games.guandan.rules.combos import Combo, level_of
from game.games.guandan.rules.options import DEFAULTS
from game.rules.base import GamePhase, Record
from game.rules.cards import Card
from game.rules.options import Options


class Phase(GamePhase):
    """Guandan's phases: a tribute's return (G3.5), playing, and the deal over."""

    RETURN = "return"
    PLAY = "play"
    OVER = "over"


@dataclass(frozen=True, slots=True)
class TributeEvent:
    """A card handed over before play: ``kind`` is ``"tribute"``, ``"return"`` or
    ``"anti_tribute"`` (then ``card`` is a Red Joker shown by ``giver`` and ``receiver`` is
    None). In a view, ``card`` is None when that seat did not see it (another pair's return)."""

    kind: str
    giver: int
    receiver: int | None
    card: Card | None


@dataclass(frozen=True, slots=True)
class Turn:
    """One step of the current round: ``combo`` is None for a pass."""

    seat: int
    combo: Combo | None


@dataclass(frozen=True, slots=True)
class DealResult:
    """The frozen summary of a finished deal: ``finish_order`` all four seats from 1st to 4th
    (after a 1-2 finish the other two follow by cards left, then turn order), the
    ``winning_team`` (seat % 2), ``levels_gained`` (3/2/1, G1.2) and the deal's ``level``."""

    finish_order: tuple[int, ...]
    winning_team: int
    levels_gained: int
    level: str

    def returns(self) -> tuple[float, ...]:
        """Levels gained by each seat's team, negative for the losing team (G1.2)."""
        won = float(self.levels_gained)
        return tuple(won if seat % 2 == self.winning_team else -won for seat in range(4))


@dataclass(frozen=True, slots=True)
class View:
    """What one seat may know (the AI and the UI see only this). Other hands appear only as
    counts in ``hand_counts``; ``history`` is the log with unseen return cards left out."""

    seat: int
    hand: tuple[Card, ...]
    level: str
    team_levels: tuple[str, str]
    hand_counts: tuple[int, ...]
    current_player: int | None
    phase: Phase
    leader: int | None
    round: tuple[Turn, ...]
    last_play: Combo | None
    last_seat: int | None
    played: tuple[Card, ...]
    played_by: tuple[tuple[Card, ...], ...]
    finish_order: tuple[int, ...]
    tributes: tuple[TributeEvent, ...]
    anti_tribute: bool
    pending_returns: tuple[tuple[int, int], ...]
    history: tuple[Record, ...]
    previous_finish: tuple[int, ...] | None
    result: DealResult | None
    options: Options = DEFAULTS
    #: VG3: deals each team has played at its own level A without winning (0 without VG3).
    a_tries: tuple[int, int] = (0, 0)

    @property
    def wild(self) -> Card:
        return level_of(self.level).wild
