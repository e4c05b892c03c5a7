"""What the Guandan bot's learned evaluation reads of a play (issue 31, 42): the inputs shared
by one decision's actions (the card counting, done once per decision) and each action's input
vector (game/games/guandan/value.py turns it into the network's features).
"""

from __future__ import annotations

from typing import TypedDict

from game.games.guandan import value as guandan_value
from game.games.guandan.plan import STRENGTH_CACHE, rank_counts
from game.games.guandan.rules import BOMB_KINDS
from game.games.guandan.seen import Seen, combo_power, is_boss
from game.rules.base import Action
from game.rules.cards import Card

#: Plays whose rivals the learned evaluation counts among the unseen cards (by main rank).
COUNTED_KINDS = frozenset({"single", "pair", "triple", "full_house"})


class DecisionContext(TypedDict):
    """What :func:`decision_context` finds once per decision: the card counting
    (``counted``, ``stronger``), the seat's view, the planner's play count before acting, and
    where the partner and the opponents stand."""

    counted: tuple[float, ...]
    stronger: list[int]
    seen: Seen
    plays_before: int
    partner_left: int
    danger_min: int
    danger_max: int
    opponents_out: int
    live_counts: list[int]
    leading: bool
    over_partner: bool
    over_opponent: bool


def decision_context(
    seen: Seen,
    base_plays: int,
    live_opponents: list[int],
    unseen: tuple[list[int], int] | None,
) -> DecisionContext:
    """What the learned evaluation's inputs share across this decision's actions (the card
    counting once per decision, issue 42)."""
    partner = (seen.seat + 2) % 4
    counts = [seen.counts[o] for o in live_opponents]
    left = guandan_value.unseen_counts(seen.hand, seen.played)
    return {
        "counted": guandan_value.counting(left, seen.level),
        "stronger": guandan_value.stronger(*unseen) if unseen is not None else [0] * 15,
        "seen": seen,
        "plays_before": base_plays,
        "partner_left": 0 if partner in seen.finished else seen.counts[partner],
        "danger_min": min(counts, default=99),
        "danger_max": max(counts, default=0),
        "opponents_out": sum(1 for s in seen.finished if s % 2 != seen.seat % 2),
        "live_counts": counts,
        "leading": seen.last is None,
        "over_partner": seen.last_seat == partner and seen.last is not None,
        "over_opponent": seen.last is not None
        and seen.last_seat in ((seen.seat + 1) % 4, (seen.seat + 3) % 4),
    }


def action_inputs(
    context: DecisionContext,
    rest: list[Card],
    value: float,
    plays: int,
    action: Action | None,
    unseen: tuple[list[int], int] | None,
) -> list[float]:
    """The learned evaluation's input vector for ``action`` (None: a pass) leaving
    ``rest`` (the planner's ``value`` and ``plays``)."""
    seen: Seen = context["seen"]
    level = seen.level
    nat, wilds, bj, rj = rank_counts(rest, level)
    strength = STRENGTH_CACHE[level]
    bombs = sum(1 for c in nat if c >= 4) + (1 if bj == 2 and rj == 2 else 0)
    control = wilds + bj + rj + sum(c for i, c in enumerate(nat) if strength[i] >= 11)
    if action is None:
        combo, size, is_bomb, boss, play_strength = None, 0, False, False, 0.0
        holder = seen.last_seat
        holder_left = seen.counts[holder] if holder is not None else 0
    else:
        combo = action.combo
        size = len(action.cards)
        is_bomb = getattr(combo, "kind", "") in BOMB_KINDS
        boss = unseen is not None and not is_bomb and is_boss(combo, level, unseen)
        play_strength = float(min(combo_power(combo, level)[2], 14))
        holder_left = 0
    above = 0
    if action is not None and getattr(combo, "kind", "") in COUNTED_KINDS:
        above = context["stronger"][int(play_strength)]
    return guandan_value.features(
        plays_after=plays if rest else 0,
        value_after=value if rest else 0.0,
        cards_after=len(rest),
        plays_before=context["plays_before"],
        is_pass=action is None,
        is_bomb=is_bomb,
        leading=context["leading"],
        over_partner=context["over_partner"],
        over_opponent=context["over_opponent"],
        play_strength=play_strength,
        play_size=size,
        partner_left=context["partner_left"],
        danger_min=context["danger_min"],
        danger_max=context["danger_max"],
        opponents_out=context["opponents_out"],
        boss=boss,
        size_match=action is not None
        and size <= 3
        and any(n == size for n in context["live_counts"]),
        bombs_after=bombs,
        control_after=control,
        wilds_after=wilds,
        holder_left=holder_left,
        counted=context["counted"],
        stronger_out=above,
        partner=guandan_value.partner_terms(
            partner_left=context["partner_left"],
            is_pass=action is None,
            over_partner=context["over_partner"],
            leading=context["leading"],
            play_size=size,
        ),
    )
