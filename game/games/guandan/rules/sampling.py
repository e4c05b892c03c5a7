"""Guandan deals for the search bot: a deal rewound to its first play, and full deals sampled
from one seat's view (what it knows: card counts, cards played, cards it saw)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from game.games.guandan.rules.checks import expand_counts
from game.games.guandan.rules.combos import (
    CARD_BY_INDEX,
    level_of,
)
from game.games.guandan.rules.deal import RETURN_RANKS, State
from game.games.guandan.rules.dealing import card_counts, clear_play
from game.games.guandan.rules.records import Phase, View
from game.rules.base import Record
from game.rules.cards import Card


def rewind_play(state: State) -> tuple[State, list[Record]] | None:
    """The same deal at the first play of its play phase, with the cards each seat has played
    since put back in its hand, and the play records (``auto`` ones left out) that lead from
    there to ``state``; None before the first play. Used by the search to ask how plausible a
    sampled deal makes the plays seen so far."""
    start = len(state.log)
    while start and state.log[start - 1].action.kind in ("play", "pass"):
        start -= 1
    records = [record for record in state.log[start:] if not record.auto]
    if not records:
        return None
    other = state.clone()
    for seat in range(4):
        for card in state.played_by[seat]:
            other.hands[seat][card.index] += 1
    other.sizes = [sum(hand) for hand in other.hands]
    other.phase = Phase.PLAY
    other.leader = records[0].seat
    other._current = other.leader
    clear_play(other)
    other.log = other.log[:start]
    other.result = None
    return other, records


# -- sampling for search ------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Hidden:
    """What a seat's view says of the cards it cannot see, for sampling: per other seat the
    cards known to be in its hand (``known``, counts by card index) and how many more it holds
    (``need``), the cards left to deal (``pool``) and the card indexes a seat cannot hold
    (``forbidden``: a tribute payer's cards above its tribute, G3.3)."""

    known: tuple[tuple[int, ...], ...]
    need: Mapping[int, int]
    pool: tuple[Card, ...]
    forbidden: Mapping[int, frozenset[int]]


def hidden_cards(view: View) -> Hidden:
    """The :class:`Hidden` constraints of ``view`` (see :func:`sample_state`)."""
    lv = level_of(view.level)
    me = view.seat
    remaining = [2] * 54
    for card in view.hand:
        remaining[card.index] -= 1
    for card in view.played:
        remaining[card.index] -= 1
    known = [[0] * 54 for _ in range(4)]
    ceiling: dict[int, int] = {}  # payer -> strength of its tribute card
    for event in view.tributes:
        if event.card is None:
            continue
        index = event.card.index
        if event.kind == "anti_tribute":
            known[event.giver][index] += 1
            continue
        assert event.receiver is not None  # tributes and returns have a receiver
        known[event.receiver][index] += 1
        if known[event.giver][index]:
            known[event.giver][index] -= 1
        if event.kind == "tribute":
            strength = lv.card_strength(event.card)
            ceiling[event.giver] = min(ceiling.get(event.giver, strength), strength)
    # A receiver whose return this seat did not see may have given back the very tribute card
    # it received (any card of face 2..10 may be returned, G3.5): that card is not known to
    # be there any more.
    for event in view.tributes:
        if event.kind == "return" and event.card is None and event.giver != me:
            for index in range(54):
                if known[event.giver][index] and CARD_BY_INDEX[index].rank in RETURN_RANKS:
                    known[event.giver][index] = 0
    others = [s for s in range(4) if s != me]
    need = {}
    for s in others:
        for card in view.played_by[s]:
            if known[s][card.index]:
                known[s][card.index] -= 1
        for index in range(54):
            take = min(known[s][index], remaining[index])
            known[s][index] = take
            remaining[index] -= take
        need[s] = view.hand_counts[s] - sum(known[s])
    pool = expand_counts(remaining)
    # A payer may since have been given a stronger card back that this seat did not see (a
    # return of face 2..10 can be a level card): such cards stay allowed for it, so the real
    # deal is always among the samples.
    unseen_return = {
        event.receiver for event in view.tributes if event.kind == "return" and event.card is None
    }
    forbidden = {
        s: frozenset(
            i
            for i in range(54)
            if i != lv.wild_index
            and lv.card_strength(CARD_BY_INDEX[i]) > ceiling[s]
            and not (s in unseen_return and CARD_BY_INDEX[i].rank in RETURN_RANKS)
        )
        for s in ceiling
        if s != me
    }
    return Hidden(tuple(tuple(k) for k in known), need, tuple(pool), forbidden)


def sample_state(view: View, rng: random.Random, hidden: Hidden | None = None) -> State:
    """A full state equal to the real one in everything ``view.seat`` knows, with the hidden
    cards dealt at random: hand counts, cards played, the tribute cards (public) and any return
    card that seat saw stay where they are known to be, anti-tribute Red Jokers stay with their
    holders, and a tribute payer gets no natural card stronger than the tribute it paid
    (G3.3: it was its strongest) except one of face 2..10 when it was given a card back that
    this seat did not see (G3.5). The sampled state has ``seed`` None and the seat's history as
    its log. ``hidden`` is :func:`hidden_cards` of ``view``, when the caller already has it."""
    if hidden is None:
        hidden = hidden_cards(view)
    lv = level_of(view.level)
    me = view.seat
    others = [s for s in range(4) if s != me]
    known = hidden.known
    need = dict(hidden.need)
    forbidden = dict(hidden.forbidden)
    pool = list(hidden.pool)
    dealt = _deal_pool(pool, need, forbidden, rng)
    if dealt is None:  # constraints unsatisfiable (should not happen): keep counts only
        dealt = _deal_pool(pool, need, {}, rng)
    assert dealt is not None
    state = State.__new__(State)
    state.level = lv
    state.team_levels = view.team_levels
    state.seed = None
    state.hands = [[0] * 54 for _ in range(4)]
    state.hands[me] = card_counts(view.hand)
    for s in others:
        hand = list(known[s])
        for card in dealt[s]:
            hand[card.index] += 1
        state.hands[s] = hand
    state.sizes = list(view.hand_counts)
    state.phase = view.phase
    state._current = view.current_player
    state.leader = view.leader
    state.round = list(view.round)
    state.last_play = view.last_play
    state.last_seat = view.last_seat
    passes = 0
    for turn in reversed(view.round):
        if turn.combo is not None:
            break
        passes += 1
    state.passes = passes
    state.finished = list(view.finish_order)
    state.out = [s in view.finish_order for s in range(4)]
    state.played = list(view.played)
    state.played_by = [list(cards) for cards in view.played_by]
    state.tributes = list(view.tributes)
    state.anti_tribute = view.anti_tribute
    state.pending_returns = list(view.pending_returns)
    state.next_leader = _next_leader_from_view(view)
    state.log = list(view.history)
    state.result = view.result
    state.previous_finish = view.previous_finish
    state.deal_args = {}
    state.options = view.options
    state.a_tries = view.a_tries
    state._legal = None
    state._legal_ids = None
    return state


def swap_hidden(
    state: State, hidden: Hidden, rng: random.Random
) -> tuple[State, tuple[int, int]] | None:
    """A copy of the sampled ``state`` with one hidden card of one seat exchanged for a
    different hidden card of another, within the :class:`Hidden` constraints it was sampled
    under (known cards stay put, no seat gets a card it cannot hold), and the two seats;
    None when the two cards drawn cannot be exchanged. The search walks through samples
    with it."""
    seats = [s for s in hidden.need if hidden.need[s] > 0]
    if len(seats) < 2:
        return None
    a, b = rng.sample(seats, 2)
    card_a = _free_card(state.hands[a], hidden.known[a], rng)
    card_b = _free_card(state.hands[b], hidden.known[b], rng)
    if card_a == card_b:
        return None
    if card_a in hidden.forbidden.get(b, ()) or card_b in hidden.forbidden.get(a, ()):
        return None
    other = state.clone()
    other.hands[a][card_a] -= 1
    other.hands[a][card_b] += 1
    other.hands[b][card_b] -= 1
    other.hands[b][card_a] += 1
    return other, (a, b)


def _free_card(hand: Sequence[int], known: Sequence[int], rng: random.Random) -> int:
    """The index of a random card of ``hand`` (counts) that is not among the ``known`` ones."""
    pick = rng.randrange(sum(hand) - sum(known))
    for index, count in enumerate(hand):
        pick -= count - known[index]
        if pick < 0:
            return index
    raise AssertionError("no free card")  # the caller checks that the seat has one


def _next_leader_from_view(view: View) -> int | None:
    if view.phase != "return":
        return view.leader
    # G3.6: the payer of first place leads; the first tribute event goes to first place.
    for event in view.tributes:
        if event.kind == "tribute":
            return event.giver
    return view.leader


def _deal_pool(
    pool: list[Card],
    need: dict[int, int],
    forbidden: dict[int, frozenset[int]],
    rng: random.Random,
) -> dict[int, list[Card]] | None:
    """Random cards for each seat's ``need``, never a forbidden card; None on a dead end."""
    seats = list(need)
    for _ in range(20):
        cards = list(pool)
        rng.shuffle(cards)
        if forbidden:
            # The most restricted cards first, so the seats that may take them still have room.
            cards.sort(
                key=lambda card: sum(card.index in forbidden.get(s, ()) for s in seats),
                reverse=True,
            )
        left = dict(need)
        dealt: dict[int, list[Card]] = {s: [] for s in seats}
        # A scripted deal (``new_deal(hands=...)``) may hold fewer than 108 cards: the pool
        # then has cards nobody holds, and those may be left out.
        spare = len(cards) - sum(need.values())
        ok = True
        for card in cards:
            allowed = [s for s in seats if left[s] > 0 and card.index not in forbidden.get(s, ())]
            if not allowed:
                if spare > 0:
                    spare -= 1
                    continue
                ok = False
                break
            total = sum(left[s] for s in allowed)
            pick = rng.randrange(total)
            for s in allowed:
                pick -= left[s]
                if pick < 0:
                    break
            dealt[s].append(card)
            left[s] -= 1
        if ok:
            return dealt
    return None
