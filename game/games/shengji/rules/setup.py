"""Building a Shengji deal (:func:`new_deal`), replaying it from its log (:func:`replay`) and
rewinding it to its first lead for the search's inference (:func:`rewind_play`)."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping

from game.games.shengji.rules.checks import HAND_SIZE, KITTY_SIZE
from game.games.shengji.rules.deal import ShengjiState
from game.games.shengji.rules.options import checked
from game.games.shengji.rules.records import Phase
from game.games.shengji.rules.trump import count_cards
from game.rules import validate
from game.rules.base import Record
from game.rules.cards import Card, double_pack, format_cards
from game.rules.errors import BadArgumentError

# --- construction -----------------------------------------------------------------------------


def fresh_seed() -> int:
    # Only when the caller gave no seed: an OS-entropy seed, kept in state.seed for replays.
    return random.SystemRandom().randrange(1 << 31)


def new_deal(
    *,
    seed: int | None = None,
    hands: Iterable[Iterable[Card] | str] | None = None,
    kitty: Iterable[Card] | str | None = None,
    level: str = "2",
    dealer: int | None = None,
    starting_seat: int | None = None,
    options: Mapping[str, object] | None = None,
) -> ShengjiState:
    """A Shengji deal in its declaring round (S2).

    ``seed`` shuffles the double pack (25 cards each and an 8-card kitty); ``hands`` (four card
    lists of equal length) and ``kitty`` (8 cards) script the deal instead. ``dealer`` starts
    the declaring round of a later deal; otherwise ``starting_seat`` (default: drawn from the
    seed) starts the first deal's round and the first declarer becomes dealer (S2.6).
    ``options``: the house rules (variants.md VS1-VS4; a bad one raises ``bad_option``)."""
    level, chosen = validate.rank(level), checked(options)
    seed = validate.seed(seed)
    dealer = validate.optional_seat(dealer, 4, "dealer")
    starting_seat = validate.optional_seat(starting_seat, 4, "starting_seat")
    if dealer is not None and starting_seat is not None:
        raise BadArgumentError("give either dealer (a later deal) or starting_seat (a first deal)")
    if seed is None:
        seed = fresh_seed()
    rng = random.Random(seed)
    deck = double_pack()
    rng.shuffle(deck)
    if hands is None:
        if kitty is not None:
            raise BadArgumentError("a scripted kitty needs scripted hands")
        dealt = [deck[i * HAND_SIZE : (i + 1) * HAND_SIZE] for i in range(4)]
        kitty_cards = deck[4 * HAND_SIZE :]
    else:
        given = None if kitty is None else validate.cards(kitty, "kitty")
        dealt = validate.hands(hands, 4, deck, "Shengji", extra=given or ())
        if len({len(h) for h in dealt}) != 1:
            raise BadArgumentError("hands must be four card lists of equal length")
        used = count_cards(c for h in dealt for c in h)
        if given is not None:
            kitty_cards = given
        else:
            rest = count_cards(deck)
            for card, count in used.items():
                rest[card] = rest.get(card, 0) - count
            kitty_cards = [c for c in deck if rest.get(c, 0) > 0]
            kitty_cards = _take_first(kitty_cards, rest)[:KITTY_SIZE]
        if len(kitty_cards) != KITTY_SIZE:
            raise BadArgumentError(f"the kitty holds {KITTY_SIZE} cards, not {len(kitty_cards)}")
    if dealer is None and starting_seat is None:
        starting_seat = rng.randrange(4)
    state = ShengjiState()
    state.seed = seed
    state.deal_args = {
        "seed": seed,
        "hands": None if hands is None else [format_cards(h) for h in dealt],
        "kitty": None if hands is None else format_cards(kitty_cards),
        "level": level,
        "dealer": dealer,
        "starting_seat": starting_seat,
        "options": chosen.as_dict(),
    }
    state.options = chosen
    state.level = level
    state.hands = [count_cards(hand) for hand in dealt]
    state.kitty = list(kitty_cards)
    state.dealt_kitty = tuple(kitty_cards)
    state.dealer = dealer
    state.starting_seat = starting_seat
    state._turn = dealer if dealer is not None else starting_seat
    return state


def _take_first(cards: list[Card], available: dict[Card, int]) -> list[Card]:
    left = dict(available)
    out = []
    for card in cards:
        if left.get(card, 0) > 0:
            left[card] -= 1
            out.append(card)
    return out


def replay(state: ShengjiState) -> ShengjiState:
    """A fresh deal rebuilt from ``state.deal_args`` with the non-auto log re-applied."""
    fresh = new_deal(**state.deal_args)
    for record in state.log:
        if not record.auto:
            fresh.apply(record.action)
    return fresh


def rewind_play(state: ShengjiState) -> tuple[ShengjiState, list[Record]] | None:
    """The same deal at the first lead of its play phase, with the cards each seat has played
    since put back in its hand, and the play records that lead from there to ``state``; None
    before the first play. Used by the search to ask how plausible a sampled deal makes the
    plays seen so far."""
    start = len(state.log)
    while start and state.log[start - 1].action.kind in ("play", "throw_failed"):
        start -= 1
    # a failed throw's automatic record is not re-applied: the throw fails again (VS4.4)
    records = [record for record in state.log[start:] if not record.auto]
    if not records:
        return None
    other = state.clone()
    plays = [play for trick in state.tricks for play in trick.plays] + list(state.trick)
    for seat, cards in plays:
        hand = other.hands[seat]
        for card in cards:
            hand[card] = hand.get(card, 0) + 1
    other.phase = Phase.PLAY
    other.tricks = []
    other.trick = []
    other.lead = None
    other.leader = records[0].seat
    other._turn = other.leader
    other.team_points = [0, 0]
    other.taken_back = [0, 0]
    other.voids = [set(), set(), set(), set()]
    other.result = None
    other.log = other.log[:start]
    other._changed()
    return other, records
