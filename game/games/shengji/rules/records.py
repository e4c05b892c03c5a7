"""Records of a Shengji deal: declarations, tricks, the result (S5) and a seat's view."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.games.shengji.rules.options import DEFAULTS
from game.games.shengji.rules.trump import (
    Format,
    Trump,
)
from game.rules.base import Action, GamePhase, Record
from game.rules.cards import Card
from game.rules.options import Options

# --- Records of a deal ------------------------------------------------------------------------


class Phase(GamePhase):
    """Shengji's phases: declaring trumps (S2.3-S2.6), burying the kitty (S2.7), playing, and
    the deal over."""

    DECLARE = "declare"
    BURY = "bury"
    PLAY = "play"
    OVER = "over"


@dataclass(frozen=True, slots=True)
class Declaration:
    """A declaration made in the declaring round (S2.3)."""

    seat: int
    cards: tuple[Card, ...]
    strength: int

    @property
    def suit(self) -> str | None:
        """The trump suit it names (``None``: no-trump)."""
        return self.cards[0].suit


@dataclass(frozen=True, slots=True)
class Trick:
    """A finished trick: who led, the plays in turn order, the winner and its points."""

    leader: int
    plays: tuple[tuple[int, tuple[Card, ...]], ...]
    winner: int
    points: int


@dataclass(frozen=True, slots=True)
class DealResult:
    """The end of a deal (S5).

    ``trick_points`` the attackers' points from tricks; ``defender_points`` the defenders'
    trick points plus the kitty's points (so the two add to 200); ``attacker_points`` the
    attackers' final points with the kitty bonus and ``throw_penalty`` (VS4.8: the signed
    points failed throws add to the attackers, 10 per card the defenders took back, minus 10
    per card the attackers took back; 0 without VS4), at least 0; ``outcome`` ``"defenders"`` or
    ``"attackers"``, ``winning_team`` its team number, ``levels_gained`` its promotion
    (S5.3); ``next_dealer`` the dealer of the next deal.
    """

    level: str
    trump_suit: str | None
    dealer: int
    attackers: int
    trick_points: int
    defender_points: int
    kitty: tuple[Card, ...]
    kitty_points: int
    kitty_multiplier: int
    kitty_bonus: int
    attacker_points: int
    last_trick_winner: int
    outcome: str
    winning_team: int
    levels_gained: int
    next_dealer: int
    throw_penalty: int = 0

    def returns(self) -> tuple[float, ...]:
        """Levels gained by each seat's team, negative for the losing team (S5.3)."""
        won = float(self.levels_gained)
        return tuple(won if seat % 2 == self.winning_team else -won for seat in range(4))


@dataclass(frozen=True, slots=True)
class ShengjiView:
    """What one seat may know (rules-api.md ``state.view``).

    ``hand`` the seat's own cards (strongest first when trump is known); ``hand_sizes`` every
    seat's card count; ``kitty`` the buried cards, only for the dealer after burying, or for
    everyone once the deal is over; ``revealed_kitty`` the kitty shown by S2.5 (the cards the
    dealer took; None when none was shown); ``tricks`` finished tricks, ``trick`` the current
    one as (seat, cards); ``voids`` per seat the effective suits it has shown void;
    ``history`` the public log (a bury's cards are hidden from all but the dealer; a failed
    throw shows as its play and the ``throw_failed`` record after it, VS4.4); ``taken_back``
    per team the cards its failed throws took back (VS4.8).
    """

    seat: int
    phase: Phase
    level: str
    trump: Trump | None
    dealer: int | None
    starting_seat: int | None
    first_declarer: int | None
    current_player: int | None
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    declarations: tuple[Declaration, ...]
    standing: Declaration | None
    revealed_kitty: tuple[Card, ...] | None
    kitty: tuple[Card, ...] | None
    tricks: tuple[Trick, ...]
    trick: tuple[tuple[int, tuple[Card, ...]], ...]
    leader: int | None
    lead: Format | None
    team_points: tuple[int, int]
    voids: tuple[frozenset[str], ...]
    history: tuple[Record, ...]
    result: DealResult | None
    options: Options = DEFAULTS
    taken_back: tuple[int, int] = (0, 0)

    @property
    def hand_counts(self) -> tuple[int, ...]:
        """Every seat's card count (the protocol's name for ``hand_sizes``)."""
        return self.hand_sizes

    @property
    def attackers(self) -> int | None:
        """The attacking team (S1.2), once the dealer is known."""
        return None if self.dealer is None else (self.dealer + 1) % 2

    @property
    def attacker_points(self) -> int:
        """Points the attackers have won in tricks so far."""
        return 0 if self.dealer is None else self.team_points[(self.dealer + 1) % 2]

    @property
    def throw_penalty(self) -> int:
        """The signed points failed throws have added to the attackers so far (VS4.8)."""
        if self.dealer is None:
            return 0
        return 10 * (self.taken_back[self.dealer % 2] - self.taken_back[(self.dealer + 1) % 2])

    def played_cards(self) -> list[Card]:
        """Every card played so far, finished tricks first."""
        cards = [card for trick in self.tricks for _, play in trick.plays for card in play]
        cards += [card for _, play in self.trick for card in play]
        return cards


def seen_log(log: Sequence[Record], sees_kitty: bool, kitty_shown: bool) -> tuple[Record, ...]:
    """The deal's ``log`` as a seat may know it: the buried cards only when it ``sees_kitty``
    (the dealer, or after the deal), the kitty taken only when also ``kitty_shown`` (revealed,
    or after the deal)."""
    seen = []
    for record in log:
        kind = record.action.kind
        if (kind == "bury" and not sees_kitty) or (
            kind == "take" and not sees_kitty and not kitty_shown
        ):
            record = Record(record.seat, Action(kind), record.auto)
        seen.append(record)
    return tuple(seen)
