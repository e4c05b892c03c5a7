"""How the Shengji bot scores its follows (issue 11).

Each legal follow is scored by the expected change in the team's points: the trick's points
(and, on the last trick, the kitty bonus) times the chance that the team keeps the trick
(winning plays that are master or last in turn keep it; a partner's master play keeps it),
minus the value of the cards spent. So it wins cheaply when it can, gives points to a partner
who is winning the trick, and throws its cheapest non-point cards to opponents, preferring
discards that empty a side suit (a void to ruff later).
"""

from __future__ import annotations

from collections import Counter

from game.games.shengji.memory import Memory, keep_value, unseen_cards
from game.games.shengji.rules import ShengjiView, lead_format, points_of, trick_winner
from game.rules.base import Action

#: Chance that a partner still to play takes a trick an opponent is winning.
PARTNER_RESCUE = 0.3
#: Chance that a winning play that is not master keeps the trick.
NON_MASTER_HOLD = 0.35
#: Points an unseen kitty is assumed to hold.
KITTY_GUESS = 10.0


def follow_scores(
    view: ShengjiView, legal: list[Action], memory: Memory
) -> list[tuple[float, Action]]:
    """(score, follow) of every legal follow."""
    trump = view.trump
    assert trump is not None  # known from the bury on (S2.6)
    seat = view.seat
    team = seat % 2
    unseen = unseen_cards(view)
    trick = list(view.trick)
    lead_cards = trick[0][1]
    options = view.options
    lead = view.lead or lead_format(lead_cards, trump, options)
    assert lead is not None
    led_suit = lead.suit
    order = [(trick[0][0] + k) % 4 for k in range(4)]
    later = order[len(trick) + 1 :]
    later_opponents = [s for s in later if s % 2 != team]
    partner_later = any(s % 2 == team for s in later)
    table_points = sum(points_of(p) for _, p in trick)
    plays = [list(p) for _, p in trick]
    current = trick_winner(plays, trump, options)
    last_trick = len(view.hand) == len(lead_cards)
    attackers = view.attackers
    kitty_points = points_of(view.kitty) if view.kitty is not None else KITTY_GUESS
    size = lead.components[0].length if lead.components else len(lead_cards)  # VS4.7
    bonus = kitty_points * 2 * size if last_trick else 0.0
    hand_counts = Counter(view.hand)
    suit_count = Counter(trump.effective_suit(c) for c in view.hand)
    scored: list[tuple[float, Action]] = []
    for action in legal:
        cards = action.cards
        winner_index = trick_winner([*plays, list(cards)], trump, options)
        winner_seat = seat if winner_index == len(trick) else trick[winner_index][0]
        total = table_points + points_of(cards)
        if winner_seat % 2 == team:
            if winner_seat == seat:
                fmt = lead_format(cards, trump, options)
                master = fmt is not None and memory.is_master(
                    cards, fmt, trump, unseen, view, later_opponents, led_suit
                )
            else:
                winning_cards = trick[current][1]
                fmt = lead_format(winning_cards, trump, options)
                master = fmt is not None and memory.is_master(
                    winning_cards, fmt, trump, unseen, view, later_opponents, led_suit
                )
            keep = 1.0 if master else NON_MASTER_HOLD
        else:
            keep = PARTNER_RESCUE if partner_later else 0.0
        ours = total + (bonus if team == attackers else 0.0)
        theirs = total + (bonus if team != attackers else 0.0)
        score = keep * ours - (1.0 - keep) * theirs
        if winner_seat == seat:
            score += 1.0  # the lead has some worth
        spent = 0.0
        used = Counter(cards)
        for card in cards:
            spent += keep_value(card, trump)
            if hand_counts[card] == 2 and used[card] == 1:
                spent += 2.0  # a broken pair
        score -= 0.5 * spent
        # Emptying a side suit makes a void to ruff later.
        for suit_name, n in Counter(
            trump.effective_suit(c) for c in cards if not trump.is_trump(c)
        ).items():
            if suit_name != led_suit and n == suit_count[suit_name]:
                score += 1.5
        scored.append((score, action))
    return scored


__all__ = ["KITTY_GUESS", "NON_MASTER_HOLD", "PARTNER_RESCUE", "follow_scores"]
