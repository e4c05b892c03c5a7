"""Tribute, return and promotion (G1.2, G3)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from game.games.guandan.rules.combos import Level, level_of
from game.games.guandan.rules.options import RETURN_EXCLUDES_LEVEL, checked
from game.rules import validate
from game.rules.cards import Card, as_cards, double_pack
from game.rules.errors import BadArgumentError

_RED_JOKER = Card("RJ")
#: G3.5: face ranks a recipient may give back.
_RETURN_RANKS = frozenset("23456789T")


@dataclass(frozen=True, slots=True)
class TributePlan:
    """What G3 decides before a deal's play: ``payments`` as (payer, receiver, card) in the
    order they are paid (first place's first), or none with ``anti_tribute``; ``leader`` the
    seat that leads once the returns are done (G3.6, G3.4)."""

    anti_tribute: bool
    payments: list[tuple[int, int, Card]]
    leader: int


def promotion(finish_order: Sequence[int]) -> tuple[int, int]:
    """G1.2: (winning team, levels gained): 3, 2 or 1 as the partner of the first finisher
    came 2nd, 3rd or 4th. The team of seat s is ``s % 2``."""
    order = validate.permutation(finish_order, 4, "finish_order")
    first = order[0]
    place = order.index((first + 2) % 4)  # 1, 2 or 3 (0-based)
    return first % 2, 4 - place


def tribute_card(hand: Iterable[Card | str], level: Level | str) -> Card:
    """G3.3: the payer's strongest single card by G4.3, never a wild (ties: the first suit in
    ``S H D C`` order, so the choice is deterministic)."""
    lv = level_of(level)
    best: Card | None = None
    for card in as_cards(hand):
        if lv.is_wild(card):
            continue
        if (
            best is None
            or lv.card_strength(card) > lv.card_strength(best)
            or (lv.card_strength(card) == lv.card_strength(best) and card.index < best.index)
        ):
            best = card
    if best is None:
        raise BadArgumentError("a tribute payer holds no card but wilds")
    return best


def plan_tribute(
    finish_order: Sequence[int],
    hands: Sequence[Iterable[Card | str]],
    level: Level | str,
) -> TributePlan:
    """G3.1–G3.4 and G3.6 for a new deal's ``hands`` (indexed by seat) after the previous deal
    finished in ``finish_order`` (seats from 1st to 4th); ``level`` is the new deal's level."""
    lv = level_of(level)
    order = validate.permutation(finish_order, 4, "finish_order")
    first = order[0]
    cards = validate.hands(hands, 4, double_pack(), "Guandan")
    if order[1] == (first + 2) % 4:  # G3.2: a 1-2 finish, both opponents pay
        payers = [order[2], order[3]]
    else:  # G3.1: last place pays first place
        payers = [order[3]]
    red_jokers = sum(cards[seat].count(_RED_JOKER) for seat in payers)
    if red_jokers >= 2:  # G3.4
        return TributePlan(anti_tribute=True, payments=[], leader=first)
    if len(payers) == 1:
        payer = payers[0]
        return TributePlan(False, [(payer, first, tribute_card(cards[payer], lv))], payer)
    # G3.2: the higher tribute to first place; on equal strength the payer who comes first in
    # turn order after first place pays first place.
    by_turn = sorted(payers, key=lambda seat: (seat - first) % 4)
    paid = {seat: tribute_card(cards[seat], lv) for seat in by_turn}
    strongest = max(by_turn, key=lambda seat: lv.card_strength(paid[seat]))  # first on ties
    other = by_turn[1] if strongest == by_turn[0] else by_turn[0]
    second = order[1]
    payments = [(strongest, first, paid[strongest]), (other, second, paid[other])]
    return TributePlan(False, payments, strongest)


def return_options(
    hand: Iterable[Card | str], level: Level | str, options: Mapping[str, object] | None = None
) -> list[Card]:
    """G3.5: the distinct cards a tribute recipient may give back: non-wild cards of face rank
    2..10 (VG2: not of the level rank either); when it holds none, its lowest-strength non-wild
    card(s) (G4.3)."""
    lv = level_of(level)
    no_level = options is not None and checked(options)[RETURN_EXCLUDES_LEVEL]
    held = sorted(set(as_cards(hand)))
    allowed = [
        card
        for card in held
        if card.rank in _RETURN_RANKS
        and not lv.is_wild(card)
        and not (no_level and card.rank == lv.rank)
    ]
    if allowed:
        return allowed
    plain = [card for card in held if not lv.is_wild(card)] or held
    if not plain:
        return []
    weakest = min(lv.card_strength(card) for card in plain)
    return [card for card in plain if lv.card_strength(card) == weakest]
