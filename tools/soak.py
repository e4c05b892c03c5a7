"""Soak (issue 10): thousands of bot-only deals per preset through the state protocol.

Whole matches are played (``new_match``, ``advance``; a new match when one ends), so later deals
with tribute (Guandan G3), a known dealer (Shengji S2.6) and running totals (Run Fast R5) are
covered, not only first deals. After every action these invariants are checked:

- cards are conserved: the hands, the kitty (Shengji) and the cards played add up to the
  packs dealt (G2.1, S2.1, R2.1), and no card appears more often than the packs hold;
- only the current player acts: every new non-auto log record belongs to the seat that was to
  act, and only that seat's hand lost cards in a play;
- every bot action is legal (``game.ai.base.decide`` reports no fallback: the action is in
  ``legal_actions()`` or ``actions_for`` its cards; checked once more on the clone steps);
- the deal always ends (within a generous bound of actions), then ``current_player`` is None
  and ``legal_actions()`` is empty;
- the settlement adds up: Run Fast's net points sum to zero and equal the payments (R5);
  Shengji's attackers and defenders share all 200 points and the outcome is ``deal_outcome``
  of the attackers' points (S5); Guandan's finish order is all four seats and the promotion is
  ``promotion(finish_order)`` (G1.2);
- every so often a clone given the same action ends up with the same log, and each seat's
  view shows exactly its own hand.

Run it as ``python tools/soak.py [--preset ID ...] [--deals N] [--seed S]`` (the issue's 2,000
deals per game: about 12 minutes of one core for Guandan); the test suite plays a sample of the
same loop (tests/test_soak.py).

Bots (measured; see the report): in every other deal one seat, rotating, plays the preset's
heuristic at Normal or Easy (zero think budget: the heuristics do not search), and all other
seats play the random bot — random play reaches odd positions, the heuristic plays real
combinations (bombs, tractors, tribute choices). A heuristic seat in every deal made the
Guandan run twice as long (the heuristic costs about 4× a random decision there).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


import random  # noqa: E402
import time  # noqa: E402
from collections import Counter  # noqa: E402
from typing import Any  # noqa: E402

from game import registry  # noqa: E402
from game.ai.base import decide, is_legal  # noqa: E402
from game.ai.random_bot import RandomBot  # noqa: E402
from game.ai.registry import make_bot  # noqa: E402
from game.rules.cards import Card  # noqa: E402

SEATS = {"guandan": 4, "shengji": 4, "runfast": 3}
PACK = {"guandan": 108, "shengji": 108, "runfast": 48}
#: No deal may take more actions than this (the longest seen are a few hundred).
MAX_ACTIONS = 3000
SOAK_DEALS = 2000
QUICK_DEALS = 12
#: One action in this many is also applied to a clone and compared.
CLONE_EVERY = 29


def held(state: Any, seat: int) -> list[Card]:
    hand = getattr(state, "hand", None)
    if callable(hand):
        return list(hand(seat))
    return list(state.hands[seat])


def kitty(state: Any) -> list[Card]:
    """Shengji's kitty (buried or still to be taken); nothing in the other games."""
    return list(getattr(state, "kitty", None) or ())


def all_cards(state: Any, seats: int) -> Counter[Card]:
    """Every card of the deal counted afresh: hands, the kitty, and the cards played so far."""
    cards: Counter[Card] = Counter()
    for seat in range(seats):
        cards.update(held(state, seat))
    cards.update(kitty(state))
    for record in state.log:
        if record.action.kind == "play":
            cards.update(record.action.cards)
    return cards


def check_result(preset: str, module: Any, state: Any, seats: int) -> None:
    result = state.result
    assert result is not None, "a finished deal has a result"
    if preset == "runfast":
        assert sum(state.settlement.values()) == 0  # R5
        assert sum(result.settlement) == 0
        net: Counter[int] = Counter()
        for payment in state.payments:
            assert payment.points > 0 and payment.payer != payment.payee
            net[payment.payer] -= payment.points
            net[payment.payee] += payment.points
        assert all(net[s] == state.settlement[s] for s in range(seats))
        assert not held(state, result.winner)  # R1.2: the winner emptied its hand
    elif preset == "shengji":
        assert result.trick_points + result.defender_points == 200  # S5.1
        assert module.deal_outcome(result.attacker_points) == (
            result.outcome,
            result.levels_gained,
        )  # S5.3
        assert all(not held(state, s) for s in range(seats))
        assert len(result.kitty) == 8
    else:
        order = result.finish_order
        assert sorted(order) == [0, 1, 2, 3]
        team, gained = module.promotion(list(order))  # G1.2
        assert (result.winning_team, result.levels_gained) == (team, gained)


def check_views(state: Any, seats: int) -> None:
    for seat in range(seats):
        assert Counter(state.view(seat).hand) == Counter(held(state, seat))


def make_bots(preset: str, seats: int, deal_number: int, seed: int) -> dict[int, Any]:
    """Random bots; every other deal one seat (rotating) plays the heuristic, Normal or Easy."""
    bots: dict[int, Any] = {seat: RandomBot() for seat in range(seats)}
    if deal_number % 2:
        return bots
    turn = deal_number // 2
    level = "easy" if turn % (2 * seats) >= seats else "normal"
    bots[turn % seats] = make_bot(preset, level, seed=seed)
    return bots


def play_deal(
    preset: str, module: Any, state: Any, bots: dict[int, Any], rng: random.Random
) -> int:
    """Play one deal to its end checking the invariants; returns the number of actions."""
    seats = SEATS[preset]
    dealt = all_cards(state, seats)
    assert sum(dealt.values()) == PACK[preset]
    most = 2 if PACK[preset] == 108 else 1
    assert max(dealt.values()) <= most
    # Kept up to date action by action (a full recount per action made the run twice as long).
    hands = [Counter(held(state, s)) for s in range(seats)]
    played = all_cards(state, seats) - sum(hands, Counter()) - Counter(kitty(state))
    actions = 0
    while not state.is_terminal:
        assert actions < MAX_ACTIONS, f"{preset} deal {state!r} does not end"
        seat = state.current_player
        assert seat is not None and 0 <= seat < seats
        # decide() gives the bot the view and the legal list and checks its answer with
        # is_legal (in legal_actions, or actions_for its cards); a fallback means it was not.
        turn = decide(state, bots[seat], rng)
        assert not turn.fallback, f"bot at seat {seat}: {turn.error}"
        before_log = len(state.log)
        twin = None
        if actions % CLONE_EVERY == 0:
            assert is_legal(state, turn.action, state.legal_actions())  # checked again here
            twin = state.clone()
        state.apply(turn.action)
        actions += 1
        new = state.log[before_log:]
        assert [r.seat for r in new if not r.auto] == [seat], "only the current player acts"
        for record in new:
            if record.action.kind == "play":
                played.update(record.action.cards)
        after = [Counter(held(state, s)) for s in range(seats)]
        if turn.action.kind == "play":
            assert hands[seat] - after[seat] == Counter(turn.action.cards)
            assert all(after[o] == hands[o] for o in range(seats) if o != seat)
        hands = after
        total = Counter(played)
        for hand in hands:
            total.update(hand)
        total.update(kitty(state))
        assert total == dealt, "cards are conserved"
        if twin is not None:
            twin.apply(turn.action)
            assert twin.log == state.log and twin.current_player == state.current_player
            assert all_cards(state, seats) == dealt
            check_views(state, seats)
    assert state.current_player is None and state.legal_actions() == []
    check_result(preset, module, state, seats)
    return actions


def soak(preset: str, deals: int, seed: int) -> dict[str, Any]:
    """Play ``deals`` deals of whole matches; returns counts and timing."""
    module = registry.get(preset).rules
    rng = random.Random(seed)
    match: Any = module.new_match(seed=seed)  # each game's match, read for its own fields
    matches, actions = 1, 0
    start = time.perf_counter()
    for number in range(deals):
        bots = make_bots(preset, SEATS[preset], number, rng.randrange(2**31))
        actions += play_deal(preset, module, match.state, bots, rng)
        if preset == "runfast":
            totals = dict(match.totals)
        match.advance()
        if preset == "runfast":
            assert sum(match.totals.values()) == 0
            assert all(
                match.totals[s] == totals[s] + match.results[-1].settlement[s]
                for s in range(SEATS[preset])
            )
        if match.is_over:
            assert match.winner in (0, 1)
            match = module.new_match(seed=rng.randrange(2**31))
            matches += 1
    return {
        "deals": deals,
        "matches": matches,
        "actions": actions,
        "seconds": time.perf_counter() - start,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preset", nargs="*", default=list(SEATS), choices=list(SEATS))
    parser.add_argument("--deals", type=int, default=SOAK_DEALS)
    parser.add_argument("--seed", type=int, default=20260)
    args = parser.parse_args(argv)
    for preset in args.preset:
        print(json.dumps({"preset": preset, **soak(preset, args.deals, seed=args.seed)}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
