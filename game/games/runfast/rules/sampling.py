"""Sampling hidden cards for the Run Fast search: a full deal consistent with one seat's view
(what passes revealed, R3.4; 3H with the first leader, R2.2)."""

from __future__ import annotations

import random

from game.games.runfast.rules.combos import SEATS, THREE_HEARTS, Combo, value_counts
from game.games.runfast.rules.deal import RunFastState, RunFastView, runfast_pack
from game.games.runfast.rules.options import MUST_BEAT, WARNED_ONLY
from game.games.runfast.rules.responses import has_response_counts
from game.rules.cards import Card


def _pass_constraints(view: RunFastView) -> list[tuple[int, Combo, list[Card]]]:
    """For every pass by another seat: (seat, the play it could not beat, cards it played
    after that pass). Its hand then was its hidden hand now plus those later cards."""
    constraints = []
    last: Combo | None = None
    for index, record in enumerate(view.log):
        action = record.action
        if action.kind == "play":
            assert isinstance(action.combo, Combo)  # the log holds this engine's plays
            last = action.combo
        elif (
            action.kind == "pass"
            and record.seat is not None
            and record.seat != view.seat
            and last is not None
        ):
            later = [
                card
                for r in view.log[index + 1 :]
                if r.seat == record.seat and r.action.kind == "play"
                for card in r.action.cards
            ]
            constraints.append((record.seat, last, later))
    return constraints


def sample_state(view: RunFastView, rng: random.Random) -> RunFastState:
    """A full state equal to the real one in everything ``view.seat`` knows: the hidden cards
    are redealt at random to the other seats with their hand sizes, honouring what passes
    revealed (R3.4) and an unseen 3H with the seat that led first (R2.2, VR2)."""
    seat = view.seat
    others = [s for s in range(SEATS) if s != seat]
    known = set(view.hand)
    for cards in view.played:
        known.update(cards)
    pool = [card for card in runfast_pack() if card not in known]
    rng.shuffle(pool)
    fixed: dict[int, list[Card]] = {s: [] for s in others}
    first = view.log[0].seat if view.log else view.current_player
    if THREE_HEARTS in pool:
        # 3H unseen is still with the seat that led first (R2.2; under VR2 it need not have
        # played it); when that is this seat, a scripted deal dealt 3H to nobody. Dealt to
        # another seat, it would hand that seat the first lead of the sample.
        pool.remove(THREE_HEARTS)
        if first in fixed and view.hand_counts[first]:
            fixed[first].append(THREE_HEARTS)
    need = {s: view.hand_counts[s] - len(fixed[s]) for s in others}
    a, b = others
    hand_a = fixed[a] + pool[: need[a]]
    hand_b = fixed[b] + pool[need[a] : need[a] + need[b]]
    # A pass reveals "no response" only where R3.4 forbade passing (VR3 "always").
    constraints = _pass_constraints(view) if view.options[MUST_BEAT] != WARNED_ONLY else []
    if constraints:
        hand_a, hand_b = _repair(hand_a, hand_b, a, b, fixed, constraints, rng)
    hidden = {a: hand_a, b: hand_b, seat: list(view.hand)}
    originals = [hidden[s] + list(view.played[s]) for s in range(SEATS)]
    state = RunFastState(originals, leader=first, options=view.options)
    for record in view.log:
        if record.action.kind == "play":
            combo = record.action.combo
            assert isinstance(combo, Combo)  # the log holds this engine's plays
            state._do_play(combo)
        else:
            state._do_pass()
    return state


def _violations(
    hand: list[Card], seat: int, constraints: list[tuple[int, Combo, list[Card]]]
) -> int:
    count = 0
    for who, last, later in constraints:
        if who == seat and has_response_counts(value_counts(hand + later), last):
            count += 1
    return count


def _repair(
    hand_a: list[Card],
    hand_b: list[Card],
    a: int,
    b: int,
    fixed: dict[int, list[Card]],
    constraints: list[tuple[int, Combo, list[Card]]],
    rng: random.Random,
    budget: int = 400,
) -> tuple[list[Card], list[Card]]:
    """Swap cards between the two hidden hands until no pass constraint is broken."""
    bad = _violations(hand_a, a, constraints) + _violations(hand_b, b, constraints)
    locked = set(fixed[a]) | set(fixed[b])
    for _ in range(budget):
        if bad == 0 or not hand_a or not hand_b:
            break
        i = rng.randrange(len(hand_a))
        j = rng.randrange(len(hand_b))
        if hand_a[i] in locked or hand_b[j] in locked:
            continue
        hand_a[i], hand_b[j] = hand_b[j], hand_a[i]
        new_bad = _violations(hand_a, a, constraints) + _violations(hand_b, b, constraints)
        if new_bad <= bad:
            bad = new_bad
        else:
            hand_a[i], hand_b[j] = hand_b[j], hand_a[i]
    return hand_a, hand_b
