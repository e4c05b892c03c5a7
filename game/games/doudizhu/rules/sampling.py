"""Sampling the hidden cards of a Dou Dizhu deal for the search bot (Hard)."""

from __future__ import annotations

import random

from game.games.doudizhu.rules.bidding import BidAction, Bidding
from game.games.doudizhu.rules.combos import KITTY_SIZE, SEATS, sort_cards
from game.games.doudizhu.rules.deal import DoudizhuState
from game.games.doudizhu.rules.seat_view import DOUBLE, DoudizhuView
from game.rules.cards import Card, single_pack


def sample_state(view: DoudizhuView, rng: random.Random) -> DoudizhuState:
    """A full state equal to the real one in everything ``view.seat`` knows: the unseen cards
    are dealt at random to the other seats with their hand sizes (and, during the bidding, to
    the kitty); the landlord keeps the kitty cards it has not played (D2.5: they are public).
    Passing is always allowed (D3.2), so a pass reveals nothing."""
    seat, landlord = view.seat, view.landlord
    kept: list[Card] = []
    if landlord is not None and landlord != seat:
        kept = [card for card in view.kitty or () if card not in view.played[landlord]]
    known = set(view.hand) | set(kept)
    for cards in view.played:
        known.update(cards)
    pool = [card for card in single_pack() if card not in known]
    rng.shuffle(pool)
    hands: list[list[Card]] = [[] for _ in range(SEATS)]
    for other in range(SEATS):
        if other == seat:
            hands[other] = list(view.hand)
            continue
        fixed = kept if other == landlord else []
        need = view.hand_counts[other] - len(fixed)
        hands[other] = fixed + pool[:need]
        pool = pool[need:]
    kitty = tuple(view.kitty) if view.kitty is not None else tuple(pool[:KITTY_SIZE])
    state = DoudizhuState(
        hands, kitty, seed=None, first_bidder=view.first_bidder, options=view.options
    )
    _restore(state, view)
    return state


def _restore(state: DoudizhuState, view: DoudizhuView) -> None:
    """Give ``state`` the public facts of ``view`` (bidding, doubling, play so far)."""
    state.log = list(view.log)
    state.redeals = view.redeals
    bidding = Bidding(view.first_bidder, view.options)
    for bidder, kind, value in view.bids:
        bidding.apply(bidder, BidAction.of(kind, value))
    state.bidding = bidding
    state.stage = view.stage
    state.current_player = view.current_player
    state.landlord = view.landlord
    state.base = view.base
    state.doubled = list(view.doubled)
    if view.stage == DOUBLE and view.landlord is not None:
        done = sum(1 for r in view.log if r.action.kind == "double")
        state._double_queue = [(view.landlord + i) % SEATS for i in range(done, SEATS)]
    kinds = [
        r.action.combo.kind
        for r in view.log
        if r.action.kind == "play" and r.action.combo is not None
    ]
    state.bombs = kinds.count("bomb")
    state.rockets = kinds.count("rocket")
    state.last_play, state.last_seat, state.passes = view.last_play, view.last_seat, view.passes
    state.played = [list(cards) for cards in view.played]
    state.plays_made = list(view.plays_made)
    state.hands = [list(sort_cards(hand)) for hand in state.hands]
