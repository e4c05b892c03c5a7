"""How the Shengji bot scores its leads (issue 11; throws, VS4, issue 58).

Each legal lead is scored: master leads cash (tractors most, then pairs, then aces); the strong
side (many trumps) pulls trumps; otherwise low cards of short side suits, suits the partner can
ruff, never suits an opponent has shown void in, and never points into a trick the bot cannot
win. With throws (VS4) it also weighs, per suit, the largest throw that its view proves will
stand, or that stands in nearly every deal of a small search of sampled hidden hands
(throw_plan.py): worth the best lead of one of its components and a bonus, less the expected
penalty and the chance of a ruff, in the deal's first tricks only (later, only the whole hand);
any other throw scores far below every other lead, so it is never played.
"""

from __future__ import annotations

import dataclasses
from collections import Counter

from game.games.shengji.memory import Memory, keep_value, unseen_cards
from game.games.shengji.rules import TRUMP, Format, ShengjiView, lead_format, points_of
from game.games.shengji.throw_plan import MAX_RUFF, RISKY_THROW, STANDS, ThrowJudge, with_throws
from game.rules.base import Action


@dataclasses.dataclass
class ThrowMarks:
    """Per decision, by ``id`` of the action: the throws that may fail or be ruffed (sunk below
    the other leads), and for those it will risk their chance of standing and of a ruff."""

    risky: set[int] = dataclasses.field(default_factory=set)
    chances: dict[int, float] = dataclasses.field(default_factory=dict)
    ruffs: dict[int, tuple[float, float]] = dataclasses.field(default_factory=dict)


def lead_scores(
    view: ShengjiView, legal: list[Action], memory: Memory, throws: bool, marks: ThrowMarks
) -> list[tuple[float, Action]]:
    """(score, lead) of every legal lead, and of the throws ``throws`` lets it weigh, which it
    marks in ``marks``."""
    trump = view.trump
    assert trump is not None  # known from the bury on (S2.6)
    seat = view.seat
    hand = view.hand
    unseen = unseen_cards(view)
    opponents = [(seat + 1) % 4, (seat + 3) % 4]
    partner = (seat + 2) % 4
    my_trumps = sum(1 for c in hand if trump.is_trump(c))
    unseen_trumps = sum(n for c, n in unseen.items() if trump.is_trump(c))
    strong_side = my_trumps >= 6 and my_trumps * 2 >= unseen_trumps * 0.8
    suit_len = Counter(trump.effective_suit(c) for c in hand)
    scored: list[tuple[float, Action]] = []
    judge = ThrowJudge(view, unseen, memory.pairless)
    for action in with_throws(view, legal, judge, throws):
        cards = action.cards
        fmt = action.combo if isinstance(action.combo, Format) else lead_format(cards, trump)
        if fmt is None:
            continue
        master = memory.is_master(cards, fmt, trump, unseen, view, opponents, fmt.suit)
        if fmt.kind == "throw":
            chance = judge.chance(fmt, cards) if master else 0.0
            ruff = judge.ruff_cost(fmt, cards, lambda c: keep_value(c, trump))
            if chance < STANDS or ruff[0] > MAX_RUFF:  # it may fail, or be ruffed
                marks.risky.add(id(action))  # never led (place_throws)
                scored.append((RISKY_THROW, action))
                continue
            marks.chances[id(action)], marks.ruffs[id(action)] = chance, ruff
        points = points_of(cards)
        spent = sum(keep_value(c, trump) for c in cards)
        score = 0.0
        if master:
            score += 6.0 + 4.0 * fmt.pairs + 2.0 * len(cards) + points
            if fmt.suit == TRUMP:
                score += 2.0 if strong_side else -4.0
                score -= 0.3 * spent
        else:
            score -= 0.6 * spent + 1.2 * points
            if fmt.suit == TRUMP:
                # pulling trumps with small ones while strong; saving them otherwise
                score += 2.5 if strong_side else -6.0
            else:
                score += 0.8 * max(0, 6 - suit_len[fmt.suit])
                if fmt.suit in view.voids[partner] and not any(
                    fmt.suit in view.voids[o] for o in opponents
                ):
                    score += 5.0  # the partner can ruff
        if fmt.suit != TRUMP and any(fmt.suit in view.voids[o] for o in opponents):
            score -= 8.0 + points  # an opponent ruffs
        scored.append((score, action))
    return scored or [(0.0, legal[0])]


__all__ = ["ThrowMarks", "lead_scores"]
