"""A new Dou Dizhu deal (D2.1; issue 53: out of :mod:`.deal`, the state machine it starts): the
seeded shuffle or scripted hands and kitty, the first bidder, and a landlord set without
bidding (tests, puzzles)."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence

from game.games.doudizhu.rules.combos import HAND_SIZE, KITTY_SIZE, SEATS
from game.games.doudizhu.rules.deal import DoudizhuState, split_hands
from game.games.doudizhu.rules.options import checked
from game.rules import validate
from game.rules.cards import Card, single_pack
from game.rules.climbing import fresh_seed
from game.rules.errors import BadArgumentError


def new_deal(
    *,
    seed: int | None = None,
    hands: Sequence[Iterable[Card] | str] | None = None,
    kitty: Iterable[Card] | str | None = None,
    first_bidder: int | None = None,
    landlord: int | None = None,
    base: int = 1,
    options: Mapping[str, object] | None = None,
) -> DoudizhuState:
    """A Dou Dizhu deal: 17 cards each and a kitty of 3 from the 54-card pack shuffled by
    ``random.Random(seed)`` (D2.1), or the scripted ``hands`` and ``kitty`` (the kitty defaults
    to the cards no hand holds). ``first_bidder`` bids first (default: drawn from the seed, or
    seat 0 for scripted hands). ``landlord`` skips the bidding (tests, puzzles): that seat
    takes the kitty with the bid ``base`` and leads. ``options``: VD1-VD3."""
    options = checked(options)
    seed = validate.seed(seed)
    first_bidder = validate.optional_seat(first_bidder, SEATS, "first_bidder")
    landlord = validate.optional_seat(landlord, SEATS, "landlord")
    if base not in (1, 2, 3):
        raise BadArgumentError(f"base must be 1, 2 or 3, not {base!r:.20}")
    if hands is not None:
        extra = [] if kitty is None else validate.cards(kitty, "kitty")
        dealt = validate.hands(hands, SEATS, single_pack(), "Dou Dizhu", extra=extra)
        if kitty is None:
            held = {card for hand in dealt for card in hand}
            extra = [card for card in single_pack() if card not in held]
            extra = extra if len(extra) == KITTY_SIZE else []
        first = 0 if first_bidder is None else first_bidder
    else:
        if kitty is not None:
            raise BadArgumentError("a kitty can only be scripted together with the hands")
        if seed is None:
            seed = fresh_seed()
        pack = single_pack()
        rng = random.Random(seed)
        rng.shuffle(pack)
        dealt, extra = split_hands(pack), pack[SEATS * HAND_SIZE :]
        drawn = rng.randrange(SEATS)
        first = drawn if first_bidder is None else first_bidder
    state = DoudizhuState(dealt, extra, seed=seed, first_bidder=first, options=options)
    if landlord is not None:
        state._take_kitty(landlord, base)
    return state
