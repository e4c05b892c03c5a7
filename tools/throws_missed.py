"""The throws Shengji's Normal misses (house rule VS4, issue 58): ``throws_gain.py --missed``.

At every lead of A's seats the hidden hands say, per effective suit, which throw would stand
(:func:`true_throw`: the components of the leader's cards of the suit that no other seat can
beat, VS4.3, when two or more are) and whether an opponent could ruff it (void in the suit,
holding a trump: VS4.6). Each such throw is classed by what the bot did (:func:`why`):

- ``made``: it led exactly that throw; ``made smaller``: a throw of part of it;
  ``made larger``: a throw of the suit with a part that does not stand (it fails, VS4.4);
- ``late``: not offered after the deal's first tricks (``THROW_TRICKS``, throw_plan.py);
- ``unproved``: the bot's view neither proves two of its parts nor finds them standing in
  its sampled deals; ``rule``: offered but cut by a rule of ``with_throws`` (trump throws,
  the deal's first lead); ``ruff risk`` / ``chance``: offered but never led, its chance of a
  ruff above ``MAX_RUFF`` or of standing below ``STANDS`` (leading.py gives 0 to a throw that
  is not master: an opponent shown void in the suit while trumps are unseen);
- ``part scored higher``: the bot led part of the suit instead; ``other lead scored higher``.

Each class counts leads, games (a suit counted once per game, at its first lead with a
standing throw), cards and points, and the ``clean`` ones (no opponent can ruff) apart. The
throws the bot led that failed or were ruffed are the replay's classes (``throws_gain.py``).

:func:`calibration` asks the truth of the bot's search: at each lead in the deal's first tricks,
per suit, the throw of the parts its view proves or that stand alone in at least
:data:`CANDIDATE` of its sampled deals (when it is not proved whole), how often the whole throw
stood in those deals, and whether it would stand (:func:`summarize_calibration` bands them).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from game.games.shengji.leading import ThrowMarks, lead_scores
from game.games.shengji.memory import Memory, unseen_cards
from game.games.shengji.rules import TRUMP, Format, ShengjiState, card_points
from game.games.shengji.rules.throws import can_beat, split, throw_format
from game.games.shengji.throw_plan import (
    MAX_RUFF,
    THROW_TRICKS,
    ThrowJudge,
    is_throw,
    pairless_suits,
)
from game.rules.base import Action
from game.rules.cards import Card

#: The classes of a standing throw, in the order the summary lists them.
REASONS = (
    "made",
    "made smaller",
    "made larger",
    "late",
    "unproved",
    "rule",
    "ruff risk",
    "chance",
    "part scored higher",
    "other lead scored higher",
)


def true_throw(state: ShengjiState, seat: int, suit: str) -> tuple[Card, ...] | None:
    """The throw of ``seat``'s cards of the effective suit ``suit`` that would stand against
    the hands as dealt now (VS4.3): every component no other seat can beat, when two or more."""
    trump = state.trump
    assert trump is not None  # play has begun
    cards = [c for c, n in state.hands[seat].items() for _ in range(n)]
    cards = [c for c in cards if trump.effective_suit(c) == suit]
    others = [state.hands[(seat + k) % 4] for k in (1, 2, 3)]
    parts = split(cards, trump) or []
    standing = [cs for fmt, cs in parts if not any(can_beat(h, fmt, trump) for h in others)]
    if len(standing) < 2:
        return None
    chosen = tuple(trump.sorted(c for cs in standing for c in cs))
    again = split(chosen, trump)
    assert again is not None  # cards of one suit
    fmt = throw_format(again)
    if fmt.kind != "throw":
        return None
    if any(can_beat(h, part, trump) for part in fmt.components for h in others):
        return None  # regrouped into a component someone beats
    return chosen


def ruffable(state: ShengjiState, seat: int, suit: str) -> bool:
    """Whether an opponent of ``seat`` holds no card of the side suit ``suit`` and a trump."""
    trump = state.trump
    assert trump is not None
    if suit == TRUMP:
        return False
    for opponent in ((seat + 1) % 4, (seat + 3) % 4):
        suits = {trump.effective_suit(c) for c in state.hands[opponent]}
        if suit not in suits and TRUMP in suits:
            return True
    return False


def why(
    state: ShengjiState, seat: int, suit: str, standing: tuple[Card, ...], action: Action
) -> str:
    """The class (:data:`REASONS`) of the standing throw ``standing`` of ``suit`` at this lead
    of ``seat``, where the bot led ``action``."""
    trump = state.trump
    assert trump is not None
    led = Counter(action.cards)
    mine = Counter(standing)
    if is_throw(action) and isinstance(action.combo, Format) and action.combo.suit == suit:
        if led == mine:
            return "made"
        return "made smaller" if not led - mine else "made larger"
    view = state.view(seat)
    if len(view.tricks) >= THROW_TRICKS and len(standing) != len(view.hand):
        return "late"
    memory = Memory(pairless_suits(view))
    judge = _judge(state, seat)
    offered = [a for a in judge.throws(view.hand) if _suit(a) == suit]
    if not offered:
        return "unproved"
    legal = list(state.legal_actions())
    marks = ThrowMarks()
    scored = lead_scores(view, legal, memory, True, marks)
    weighed = [a for _, a in scored if is_throw(a) and _suit(a) == suit]
    if not weighed:
        return "rule"
    throw = weighed[0]
    if id(throw) in marks.risky:
        return "ruff risk" if judge.ruff_chance(suit) > MAX_RUFF else "chance"
    if all(trump.effective_suit(c) == suit for c in action.cards) and not led - mine:
        return "part scored higher"
    return "other lead scored higher"


#: The share of sampled deals in which a part must stand alone to join a throw whose
#: calibration is counted (lower than the bot's own ``STANDS``, to see below it).
CANDIDATE = 0.5
#: The bands of the sampled share in which the calibration counts throws.
SHARES = (0.6, 0.7, 0.8, 0.9, 2.0)


def calibration(state: ShengjiState, seat: int) -> list[dict[str, Any]]:
    """Per suit of ``seat``'s hand, at a lead in the deal's first ``THROW_TRICKS`` tricks: the
    candidate throw's sampled share (``sampled``), its unproved parts' kinds and whether it
    would stand (``stands``); none for a throw the view proves whole."""
    trump = state.trump
    assert trump is not None
    if len(state.tricks) >= THROW_TRICKS:
        return []
    judge = _judge(state, seat)
    others = [state.hands[(seat + k) % 4] for k in (1, 2, 3)]
    by_suit: dict[str, list[Card]] = {}
    for card, n in state.hands[seat].items():
        by_suit.setdefault(trump.effective_suit(card), []).extend([card] * n)
    found = []
    for suit, cards in sorted(by_suit.items()):
        parts = split(cards, trump) or []
        kept = [cs for fmt, cs in parts if judge.proved(fmt) or judge.stands([fmt]) >= CANDIDATE]
        again = split([c for cs in kept for c in cs], trump) if len(kept) >= 2 else None
        fmt = throw_format(again) if again else None
        if fmt is None or fmt.kind != "throw" or judge.safe(fmt):
            continue
        comps = list(fmt.components)
        found.append(
            {
                "suit": suit,
                "sampled": judge.stands(comps),
                "unproved": sorted(part.kind for part in comps if not judge.proved(part)),
                "stands": not any(can_beat(h, part, trump) for part in comps for h in others),
            }
        )
    return found


def summarize_calibration(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Per band of the sampled share (from 0, then :data:`CANDIDATE`, up to each of
    :data:`SHARES`): the candidate throws counted, their mean sampled share and the share of
    them that would stand."""
    bands = []
    for low, top in zip((0.0, CANDIDATE, *SHARES), (CANDIDATE, *SHARES), strict=False):
        inside = [r for r in records if low <= r["sampled"] < top]
        if inside:
            n = len(inside)
            bands.append(
                {
                    "from": low,
                    "throws": n,
                    "sampled": round(sum(r["sampled"] for r in inside) / n, 3),
                    "stood": round(sum(r["stands"] for r in inside) / n, 3),
                }
            )
    return bands


def _judge(state: ShengjiState, seat: int) -> ThrowJudge:
    view = state.view(seat)
    return ThrowJudge(view, unseen_cards(view), pairless_suits(view))


def _suit(action: Action) -> str | None:
    combo = action.combo
    return combo.suit if isinstance(combo, Format) else None


def missed_at(state: ShengjiState, seat: int, action: Action) -> list[dict[str, Any]]:
    """One record per effective suit in which ``seat``, about to lead ``action``, holds a
    throw that would stand: its suit, class, cards, components, points and whether clean."""
    trump = state.trump
    assert trump is not None
    suits = {trump.effective_suit(c) for c in state.hands[seat]}
    found = []
    for suit in sorted(suits):
        standing = true_throw(state, seat, suit)
        if standing is None:
            continue
        parts = split(standing, trump) or []
        judge = _judge(state, seat)
        found.append(
            {
                "suit": suit,
                "trick": len(state.tricks) + 1,
                "class": why(state, seat, suit, standing, action),
                "cards": len(standing),
                "parts": len(parts),
                "points": sum(card_points(c) for c in standing),
                "clean": not ruffable(state, seat, suit),
                "trump": suit == TRUMP,
                "attack": state.attackers is not None and seat % 2 == state.attackers % 2,
                # the bot's own view: parts it proves, how often the throw stands in its
                # sampled deals, the chance it gives a ruff
                "proved_parts": sum(judge.proved(fmt) for fmt, _ in parts),
                "sampled": judge.stands([fmt for fmt, _ in parts]),
                "ruff": round(judge.ruff_chance(suit), 3),
            }
        )
    return found


def summarize_missed(games: list[list[dict[str, Any]]]) -> dict[str, dict[str, int]]:
    """Per class: ``leads``, ``games`` (each suit of a game counted at its first lead with a
    standing throw), ``cards``, ``points``, the same four for the ``clean`` ones, and the clean
    leads by how often the throw stood in the bot's sampled deals (:data:`BANDS`)."""
    table = {r: dict.fromkeys(_KEYS, 0) for r in REASONS}
    for records in games:
        seen: set[str] = set()
        for record in records:
            first = record["suit"] not in seen
            seen.add(record["suit"])
            for prefix in ("", "clean_") if record["clean"] else ("",):
                row = table[record["class"]]
                row[prefix + "leads"] += 1
                row[prefix + "games"] += first
                row[prefix + "cards"] += record["cards"]
                row[prefix + "points"] += record["points"]
            if record["clean"]:
                table[record["class"]][_band(record["sampled"])] += 1
    return {r: row for r, row in table.items() if row["leads"]}


#: How often a clean standing throw stands in the bot's own sampled deals: the bands counted.
BANDS = ((0.5, "clean_sampled_below_50"), (0.8, "clean_sampled_50_80"), (2.0, "clean_sampled_80"))
_KEYS = tuple(p + k for p in ("", "clean_") for k in ("leads", "games", "cards", "points")) + tuple(
    name for _, name in BANDS
)


def _band(share: float) -> str:
    return next(name for top, name in BANDS if share < top)


__all__ = [
    "REASONS",
    "calibration",
    "summarize_calibration",
    "missed_at",
    "ruffable",
    "summarize_missed",
    "true_throw",
    "why",
]
