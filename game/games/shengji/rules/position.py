"""A Shengji deal set up in the last tricks (issue 59: the challenges' end games).

:func:`position` builds the state that the level, the trump suit, the dealer, every hand, the
buried kitty, the attackers' points so far and the trick in progress describe. The declaring
and the burial are long over; the cards not in a hand, the kitty or the trick went to earlier
tricks, whose points the defenders took unless the attackers' count says otherwise (S5.1). The
rest plays through the ordinary state protocol.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

from game.games.shengji.rules.checks import KITTY_SIZE, TOTAL_POINTS
from game.games.shengji.rules.deal import ShengjiState
from game.games.shengji.rules.options import checked
from game.games.shengji.rules.plays import format_of, is_legal_follow
from game.games.shengji.rules.records import Phase
from game.games.shengji.rules.trump import canon_cards, count_cards, points_of, shared_trump
from game.rules import validate
from game.rules.cards import SUITS, Card
from game.rules.errors import BadArgumentError


def position(
    hands: Sequence[Iterable[Card] | str],
    *,
    level: str,
    trump: str | None,
    dealer: int,
    kitty: Iterable[Card] | str,
    points: int,
    leader: int,
    trick: Sequence[Iterable[Card] | str] = (),
    options: Mapping[str, object] | None = None,
) -> ShengjiState:
    """The deal at ``level`` with trump suit ``trump`` (None: no-trump), ``dealer``'s team
    defending, these ``hands``, the buried ``kitty`` (8 cards), the attackers' trick
    ``points`` so far, and ``leader`` leading the trick in progress whose plays so far are
    ``trick`` (in turn order). Raises :class:`BadArgumentError` for what the rules cannot
    reach: cards beyond the double pack, hands of unequal sizes, an illegal follow."""
    level = validate.rank(level)
    if trump is not None and trump not in SUITS:
        raise BadArgumentError(f"trump must be a suit S, H, D, C or none, not {trump!r:.20}")
    dealer = validate.seat(dealer, 4, "dealer")
    leader = validate.seat(leader, 4, "leader")
    dealt = [validate.cards(hand, "a hand") for hand in hands]
    buried = validate.cards(kitty, "kitty")
    played = [validate.cards(play, "a play") for play in trick]
    if len(dealt) != 4 or len(buried) != KITTY_SIZE or len(played) > 3:
        raise BadArgumentError("give four hands, an 8-card kitty and at most three plays")
    used = Counter(card for group in (*dealt, buried, *played) for card in group)
    if any(n > 2 for n in used.values()):
        raise BadArgumentError("a card is used more often than the two packs hold it")
    sizes = [len(hand) for hand in dealt]
    for index, play in enumerate(played):
        sizes[(leader + index) % 4] += len(play)
    if len(set(sizes)) != 1 or not sizes[0] or any(len(p) != len(played[0]) for p in played):
        raise BadArgumentError("every seat holds as many cards at the trick's start")
    state = ShengjiState()
    state.options = checked(options)
    state.level = level
    state.trump = deck_trump = shared_trump(level, trump)
    state.dealer = dealer
    state.phase = Phase.PLAY
    state.hands = [count_cards(hand) for hand in dealt]
    state.kitty = list(buried)
    state.dealt_kitty = tuple(buried)
    live = points_of(card for group in (*dealt, *played) for card in group)
    defenders = TOTAL_POINTS - points - live - points_of(buried)
    if not validate.is_int(points) or points < 0 or points % 5 or defenders < 0:
        raise BadArgumentError(f"the attackers cannot have {points!r:.20} points here")
    attackers = (dealer + 1) % 2
    state.team_points = [0, 0]
    state.team_points[attackers], state.team_points[1 - attackers] = points, defenders
    state.leader = leader
    for index, play in enumerate(played):
        seat = (leader + index) % 4
        cards = list(canon_cards(play, deck_trump))
        if index == 0:
            state.lead = format_of(cards, deck_trump)
            if state.lead is None:
                raise BadArgumentError("the trick's first play is not a lead (S4.2)")
        else:
            if not is_legal_follow(dealt[seat] + cards, played[0], cards, deck_trump, options):
                raise BadArgumentError(f"seat {seat}'s play does not follow the lead (S4.4)")
            suit = state.lead.suit if state.lead is not None else ""
            if sum(deck_trump.effective_suit(c) == suit for c in cards) < len(cards):
                state.voids[seat].add(suit)
        state.trick.append((seat, tuple(cards)))
    state._turn = (leader + len(played)) % 4
    return state
