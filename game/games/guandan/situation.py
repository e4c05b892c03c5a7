"""The Guandan bot's hand-made situation terms (issue 11): what leading, following the partner,
following an opponent and bombing are worth beyond the plan value of the hand a play leaves.

- leading: never lead a bomb unless it finishes; when the partner is close to going out, lead
  something small of a size it can follow; when an opponent is close to going out, avoid
  leading a weak play of the size it holds;
- following the partner: pass unless the play finishes the hand;
- following an opponent: beat it even when that breaks a small group (the lead is worth it,
  issue 31); bomb only when an opponent is close to going out or the bomb leaves at most two
  plays (so it can finish); passing on an opponent close to going out costs.

Choices where the spec is silent: "close to going out" is 6 cards or fewer for an opponent and
5 or fewer for the partner.
"""

from __future__ import annotations

from game.games.guandan.seen import Seen

OPPONENT_DANGER = 6
PARTNER_CLOSE = 5
#: Situation terms in value units (see GuandanBot.scores): passing on a dangerous opponent,
#: feeding a close partner, an idle bomb, beating an opponent's play without a bomb.
PASS_DANGER = 8.0
FEED_GAIN = 8.0
IDLE_BOMB = 14.0
FOLLOW_GAIN = 16.0


def pass_cost(seen: Seen, last_by_opponent: bool) -> float:
    """What passing on an opponent close to going out costs (it may go out unopposed)."""
    last = seen.last_seat
    if not last_by_opponent or last is None or seen.counts[last] > OPPONENT_DANGER:
        return 0.0
    return PASS_DANGER * (OPPONENT_DANGER + 1 - seen.counts[last]) / OPPONENT_DANGER


def situation_terms(
    seen: Seen,
    *,
    leading: bool,
    is_bomb: bool,
    plays: int,
    size: int,
    power: tuple[int, int, int],
    base_plays: int,
    partner_left: int,
    danger: int,
    live_opponents: list[int],
    last_by_partner: bool,
    last_by_opponent: bool,
) -> float:
    """The hand-made situation terms of a play (see the module docstring): leading, over
    the partner, bombing, beating an opponent (the round held by ``last_by_partner`` or
    ``last_by_opponent``)."""
    score = 0.0
    weakness = 1.0 - min(power[2], 14) / 14.0
    if leading:
        if is_bomb and plays > 1:
            score -= 12.0
        if 0 < partner_left <= PARTNER_CLOSE and base_plays > 2 and size <= partner_left:
            # feed the partner: something small it can follow and then go out
            score += FEED_GAIN * weakness * (1.5 if size == partner_left else 1.0)
        for o in live_opponents:
            if seen.counts[o] == size and size <= 3 and not is_bomb:
                # an opponent holding exactly this many cards may go out on it
                score -= 40.0 / size * weakness
    else:
        if last_by_partner:
            score -= 30.0  # do not overtake a partner who is winning the round
            if plays <= 1 and not is_bomb:
                score += 15.0
        elif is_bomb:
            if danger <= OPPONENT_DANGER and last_by_opponent:
                score += 10.0 + 3.0 * (OPPONENT_DANGER - danger)
            elif plays <= 2:
                score += 4.0
            else:
                score -= IDLE_BOMB
        else:
            score += FOLLOW_GAIN  # winning the lead back is worth a little
    return score
