"""Shengji deals consistent with a seat's view, for the search bot (:func:`sample_state`)."""

from __future__ import annotations

import random
from typing import cast

from game.games.shengji.rules.checks import KITTY_SIZE
from game.games.shengji.rules.deal import ShengjiState
from game.games.shengji.rules.records import (
    ShengjiView,
)
from game.games.shengji.rules.trump import (
    Trump,
    canon_cards,
    count_cards,
    expand_counts,
)
from game.rules.base import Action, Record
from game.rules.cards import Card, double_pack
from game.rules.errors import RulesError

# --- sampling hidden cards (for the search bot) ------------------------------------------------


def sample_state(view: ShengjiView, rng: random.Random) -> ShengjiState:
    """A full state equal to the real one in everything ``view.seat`` knows, with the hidden
    cards (other hands, the kitty when unseen) redealt at random: card counts kept, played
    and seen cards excluded, shown voids respected, declared cards kept with their declarer,
    a revealed kitty kept with the dealer (in hand or buried)."""
    seat = view.seat
    trump = view.trump
    state = _public_state(view)
    unknown, capacity, pins = _hidden_pool(view)
    free: list[tuple[Card, tuple[int, ...] | None]] = [
        (card, None) for card in expand_counts({c: m for c, m in unknown.items() if m > 0})
    ]
    assignment = _deal_hidden([*pins, *free], capacity, seat, view, trump, rng)
    hands = [dict[Card, int]() for _ in range(4)]
    for card in view.hand:
        hands[seat][card] = hands[seat].get(card, 0) + 1
    kitty: list[Card] = list(view.kitty or ())
    for card, holder in assignment:
        if holder == 4:
            kitty.append(card)
        else:
            hands[holder][card] = hands[holder].get(card, 0) + 1
    state.hands = hands
    state.kitty = kitty
    taken = [r.action.cards for r in view.history if r.action.kind == "take" and r.action.cards]
    state.dealt_kitty = taken[0] if taken else tuple(kitty)
    state.log = [
        Record(r.seat, Action("bury", canon_cards(kitty, trump)), r.auto)
        if r.action.kind == "bury" and not r.action.cards
        else r
        for r in view.history
    ]
    state.deal_args = {}
    return state


def _public_state(view: ShengjiView) -> ShengjiState:
    """A state holding what ``view`` shows to everyone (no hands, no kitty yet)."""
    state = ShengjiState()
    state.seed = None
    state.options = view.options
    state.level = view.level
    state.dealer = view.dealer
    state.starting_seat = view.starting_seat
    state.phase = view.phase
    state._turn = view.current_player
    state.declarations = list(view.declarations)
    state.standing = view.standing
    state.first_declarer = view.first_declarer
    state.revealed_kitty = view.revealed_kitty
    state.trump = view.trump
    state.tricks = list(view.tricks)
    state.trick = list(view.trick)
    state.leader = view.leader
    state.lead = view.lead
    state.team_points = list(view.team_points)
    state.taken_back = list(view.taken_back)
    state.voids = [set(v) for v in view.voids]
    state.result = view.result
    # Passes since the last declaration (so the declaring round continues the same way).
    passes = 0
    for record in view.history:
        if record.action.kind == "declare":
            passes = 0
        elif record.action.kind == "pass":
            passes += 1
    state._passes = passes
    return state


def _hidden_pool(
    view: ShengjiView,
) -> tuple[dict[Card, int], list[int], list[tuple[Card, tuple[int, ...]]]]:
    """The cards hidden from ``view.seat`` that are free to deal, the capacity of each holder
    (seats 0..3, 4 = the kitty), and the hidden cards pinned to holders."""
    seat = view.seat
    unknown = count_cards(double_pack())
    for card in view.hand:
        unknown[card] -= 1
    for card in view.played_cards():
        unknown[card] -= 1
    kitty_known = view.kitty is not None
    if kitty_known:
        for card in view.kitty or ():
            unknown[card] -= 1
    # Holders: seats 0..3 and 4 = the kitty. Capacities of what is hidden.
    capacity = [0, 0, 0, 0, 0]
    for s in range(4):
        if s != seat:
            capacity[s] = view.hand_sizes[s]
    if view.phase in ("declare",):
        capacity[4] = KITTY_SIZE
    elif view.phase in ("play",) and not kitty_known:
        capacity[4] = KITTY_SIZE
    # Cards pinned to a holder: declared cards still unplayed (with their seat), a revealed
    # kitty's unplayed cards (with the dealer, or the kitty once buried).
    played_by = [dict[Card, int]() for _ in range(4)]
    for trick in view.tricks:
        for s, play in trick.plays:
            for card in play:
                played_by[s][card] = played_by[s].get(card, 0) + 1
    for s, play in view.trick:
        for card in play:
            played_by[s][card] = played_by[s].get(card, 0) + 1
    pins: list[tuple[Card, tuple[int, ...]]] = []
    if seat != view.dealer and view.revealed_kitty is not None and view.phase != "declare":
        dealer = cast(int, view.dealer)  # known once the kitty is revealed (S2.5)
        holders = (dealer, 4) if capacity[4] else (dealer,)
        rk = count_cards(view.revealed_kitty)
        for card, count in played_by[dealer].items():
            if card in rk:
                rk[card] = max(0, rk[card] - count)
        for card, count in rk.items():
            for _ in range(min(count, unknown.get(card, 0))):
                pins.append((card, holders))
                unknown[card] -= 1
    declared: dict[int, dict[Card, int]] = {}
    for d in view.declarations:
        if d.seat == seat:
            continue
        mine = declared.setdefault(d.seat, {})
        for card, count in count_cards(d.cards).items():
            mine[card] = max(mine.get(card, 0), count)
    for s, cards in declared.items():
        holders = (s, 4) if (s == view.dealer and capacity[4]) else (s,)
        for card, count in cards.items():
            left = count - played_by[s].get(card, 0)
            for _ in range(max(0, min(left, unknown.get(card, 0)))):
                pins.append((card, holders))
                unknown[card] -= 1
    return unknown, capacity, pins


def _deal_hidden(
    cards: list[tuple[Card, tuple[int, ...] | None]],
    capacity: list[int],
    seat: int,
    view: ShengjiView,
    trump: Trump | None,
    rng: random.Random,
) -> list[tuple[Card, int]]:
    """Give each hidden card a holder (0..3, 4 = kitty) within capacities and voids."""

    def allowed(card: Card, pinned: tuple[int, ...] | None) -> list[int]:
        holders = pinned if pinned is not None else tuple(h for h in range(5) if h != seat)
        if trump is None:
            return [h for h in holders if capacity[h] > 0]
        suit = trump.effective_suits[card.index]
        return [h for h in holders if capacity[h] > 0 and (h == 4 or suit not in view.voids[h])]

    base = [(card, pinned, allowed(card, pinned)) for card, pinned in cards]
    # A scripted deal (``new_deal(hands=...)``) may hold fewer than 108 cards: then some hidden
    # cards are in no hand and no kitty, and that many free cards may be left out.
    extra = len(base) - sum(capacity)
    for _attempt in range(50):
        left = list(capacity)
        order = list(base)
        rng.shuffle(order)
        order.sort(key=lambda item: len(item[2]))
        out: list[tuple[Card, int]] = []
        ok = True
        spare = extra
        for card, pinned, holders in order:
            options = [h for h in holders if left[h] > 0]
            if not options and pinned is None and spare > 0:
                spare -= 1
                continue
            if not options:
                ok = False
                break
            weights = [left[h] for h in options]
            holder = rng.choices(options, weights)[0]
            left[holder] -= 1
            out.append((card, holder))
        if ok:
            return out
    # Fall back to a matching that ignores randomness but respects every constraint.
    return _match_hidden(base, capacity)


def _match_hidden(
    base: list[tuple[Card, tuple[int, ...] | None, list[int]]], capacity: list[int]
) -> list[tuple[Card, int]]:
    slots = [h for h in range(5) for _ in range(capacity[h])]
    owner: list[int | None] = [None] * len(slots)

    def augment(i: int, seen: set[int]) -> bool:
        for j, holder in enumerate(slots):
            if holder in base[i][2] and j not in seen:
                seen.add(j)
                if (held := owner[j]) is None or augment(held, seen):
                    owner[j] = i
                    return True
        return False

    spare = len(base) - len(slots)  # cards in no hand of a scripted deal (see _deal_hidden)
    for i in range(len(base)):
        if not augment(i, set()):
            if base[i][1] is None and spare > 0:
                spare -= 1
                continue
            raise RulesError("no deal of the hidden cards fits this view")
    return [(base[i][0], slots[j]) for j, i in enumerate(owner) if i is not None]
