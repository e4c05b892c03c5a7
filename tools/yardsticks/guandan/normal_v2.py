"""``normal-v2``: the Guandan Normal of 3 December 2026 before its second learned generation
(issue 42), the yardstick that tools/arena.py measures the current Normal against. Reachable only
from the arena and the tests, never a game level; do not change it (its figures in docs/ai-notes.md
depend on it).

It is the heuristic of ``normal-v3`` (the frozen copy in ``_normal_v3/``, whose heuristic is the
one normal-v2 had) with that day's learned evaluation: its 24 inputs (:data:`FEATURES_V2`,
:func:`features_v2`, built by ``_context`` and ``_inputs`` below, copied unchanged) and its
weights (``game/games/guandan/value_weights_v2.py``, which today's Normal still averages with the
next generation's) at ``LEARNED_WEIGHT`` 40. The second generation changed only the learned
evaluation, and tests/test_ai_guandan_normal_v2.py checks normal-v2's choices against those
recorded before the change.
"""

from __future__ import annotations

from typing import Any

from game.ai.value_net import ValueNet, load
from game.rules.base import Action
from game.rules.cards import Card

from ._normal_v3.bot import BOMB_KINDS, GuandanBot, _Seen, combo_power, is_boss
from ._normal_v3.plan import _STRENGTH_CACHE, _counts

#: The inputs of normal-v2's network, in order.
FEATURES_V2 = (
    "plays_after",  # plays the planner needs for the hand left
    "value_after",  # the planner's value of the hand left (value units / 100)
    "cards_after",  # cards left / 27
    "plays_before",  # plays the hand needed before this action
    "is_pass",
    "is_bomb",
    "leading",  # this action leads a new round
    "over_partner",  # the round is the partner's (pass or overtake)
    "over_opponent",  # the round is an opponent's (pass or beat)
    "play_strength",  # main rank's single strength / 14 (0 for a pass)
    "play_size",  # cards in the play / 10
    "partner_left",  # partner's cards / 27 (0 once out)
    "partner_out",
    "danger_min",  # fewest cards a live opponent holds / 27
    "danger_max",  # most cards a live opponent holds / 27
    "opponents_out",  # opponents already out (0..2) / 2
    "danger_close",  # a live opponent holds at most 6 cards
    "last_play",  # the hand left is a single play
    "boss",  # no unseen group of the play's shape beats it without a bomb
    "size_match",  # a live opponent holds exactly as many cards as this play (size <= 3)
    "bombs_after",  # bombs kept (four of a kind or more, the four jokers) / 4
    "control_after",  # cards of strength A and above kept (aces, level cards, jokers) / 10
    "wilds_after",  # the level's wild hearts kept / 2
    "holder_left",  # cards of the seat holding the round after a pass / 27 (0 otherwise)
)


def features_v2(
    *,
    plays_after: int,
    value_after: float,
    cards_after: int,
    plays_before: int,
    is_pass: bool,
    is_bomb: bool,
    leading: bool,
    over_partner: bool,
    over_opponent: bool,
    play_strength: float,
    play_size: int,
    partner_left: int,
    danger_min: int,
    danger_max: int,
    opponents_out: int,
    boss: bool,
    size_match: bool,
    bombs_after: int,
    control_after: int,
    wilds_after: int,
    holder_left: int,
) -> list[float]:
    """The input vector in :data:`FEATURES_V2` order from what the heuristic already computed."""
    live_min = danger_min if danger_min < 99 else 27
    return [
        plays_after / 10.0,
        value_after / 100.0,
        cards_after / 27.0,
        plays_before / 10.0,
        float(is_pass),
        float(is_bomb),
        float(leading),
        float(over_partner),
        float(over_opponent),
        play_strength / 14.0,
        play_size / 10.0,
        partner_left / 27.0,
        float(partner_left == 0),
        live_min / 27.0,
        (danger_max if danger_max > 0 else 0) / 27.0,
        opponents_out / 2.0,
        float(live_min <= 6),
        float(plays_after == 1),
        float(boss),
        float(size_match),
        bombs_after / 4.0,
        control_after / 10.0,
        wilds_after / 2.0,
        holder_left / 27.0,
    ]


_NET: ValueNet | None = None


class GuandanBotV2(GuandanBot):
    """Normal as it was on 3 December 2026 (issue 42): today's heuristic with the first
    learned evaluation (24 inputs, weight 40)."""

    name = "guandan-normal-v2"
    learned_weight = 40.0

    @staticmethod
    def _ranker() -> Any:
        return None  # the ranker came after normal-v2

    @staticmethod
    def _net() -> Any:
        global _NET
        if _NET is None:
            _NET = load("game.games.guandan.value_weights_v2", FEATURES_V2)
        return _NET

    @staticmethod
    def _context(
        seen: _Seen,
        base_plays: int,
        live_opponents: list[int],
        unseen: tuple[list[int], int] | None = None,
    ) -> dict[str, Any]:
        """What the learned evaluation's inputs share across this decision's actions."""
        partner = (seen.seat + 2) % 4
        counts = [seen.counts[o] for o in live_opponents]
        return {
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

    @staticmethod
    def _inputs(
        context: dict[str, Any],
        rest: list[Card],
        value: float,
        plays: int,
        action: Action | None,
        unseen: tuple[list[int], int] | None,
    ) -> list[float]:
        """The learned evaluation's input vector for ``action`` (None: a pass) leaving
        ``rest`` (the planner's ``value`` and ``plays``)."""
        seen: _Seen = context["seen"]
        level = seen.level
        nat, wilds, bj, rj = _counts(rest, level)
        strength = _STRENGTH_CACHE[level]
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
        return features_v2(
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
        )


#: The yardstick this module is (tools/yardsticks/__init__.py).
YARDSTICK = GuandanBotV2
