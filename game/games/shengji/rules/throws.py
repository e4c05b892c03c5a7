"""Throws (甩牌, variants.md VS4): a lead's components (VS4.2), whether a throw stands and the
component it is cut down to when it fails (VS4.3, VS4.4), the tractor fit a follower owes under
VS1 (VS4.5) and the rank of a play that matches a throw (VS4.6). Pure functions over a
:class:`Trump`; the deal applies them (deal.py), plays.py and follows.py ask them."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from game.games.shengji.rules.trump import (
    Format,
    Trump,
    canon_cards,
    card_points,
    count_cards,
    trump_of,
)
from game.rules.cards import Card, as_cards
from game.rules.errors import BadArgumentError, RulesError

#: A component: its Format and its cards (a tractor's highest pair first).
Part = tuple[Format, tuple[Card, ...]]
#: VS4.2's tie-break among cards of equal step: a suit earlier in S, H, D, C counts as higher.
_TIE = {"S": 3, "H": 2, "D": 1, "C": 0}


def fine(card: Card, trump: Trump) -> int:
    """``card``'s step, then VS4.2's suit tie-break, as one number (order only, never a trick)."""
    suit = card.suit
    return trump.steps[card.index] * 4 + (_TIE[suit] if suit is not None else 0)


def split(cards: Sequence[Card], trump: Trump) -> list[Part] | None:
    """The components of ``cards`` (VS4.2) in VS4.2 order (most cards first, then strongest
    first); None when they are not all of one effective suit, or hold a card thrice."""
    if not cards:
        return None
    eff, step = trump.effective_suits, trump.steps
    suit = eff[cards[0].index]
    if any(eff[card.index] != suit for card in cards):
        return None
    counts = count_cards(cards)
    if any(count > 2 for count in counts.values()):
        return None
    parts: list[Part] = [
        (Format("single", suit, 0, step[c.index], 1), (c,)) for c, m in counts.items() if m == 1
    ]
    by_step: dict[int, list[Card]] = {}
    for card, count in counts.items():
        if count == 2:
            by_step.setdefault(step[card.index], []).append(card)
    for pairs in by_step.values():
        pairs.sort(key=lambda c: fine(c, trump), reverse=True)  # the run takes the first
    for low, high in list(Trump.runs(by_step)):
        if high > low:
            chain = [by_step[s].pop(0) for s in range(high, low - 1, -1)]
            tractor = tuple(c for card in chain for c in (card, card))
            parts.append((Format("tractor", suit, len(chain), high, len(tractor)), tractor))
    for high, pairs in by_step.items():
        parts += [(Format("pair", suit, 1, high, 2), (c, c)) for c in pairs]
    parts.sort(key=lambda part: (part[0].length, fine(part[1][0], trump)), reverse=True)
    return parts


def throw_format(parts: list[Part]) -> Format:
    """The lead's Format: the one component's own, or a throw of them all (VS4.1)."""
    if len(parts) == 1:
        return parts[0][0]
    comps = tuple(fmt for fmt, _ in parts)
    pairs = sum(fmt.pairs for fmt in comps)
    length = sum(fmt.length for fmt in comps)
    return Format("throw", comps[0].suit, pairs, comps[0].high, length, comps)


def _pair_steps(hand: dict[Card, int], suit: str, trump: Trump) -> set[int]:
    eff, step = trump.effective_suits, trump.steps
    return {step[c.index] for c, m in hand.items() if m >= 2 and eff[c.index] == suit}


def can_beat(hand: dict[Card, int], part: Format, trump: Trump) -> bool:
    """Whether ``hand`` holds, in the component's effective suit, a higher single, pair or
    tractor of as many pairs (VS4.3; parts of larger combinations count, equal steps do not)."""
    suit = part.suit
    if part.kind == "single":
        eff, step = trump.effective_suits, trump.steps
        return any(eff[c.index] == suit and step[c.index] > part.high for c in hand)
    steps = _pair_steps(hand, suit, trump)
    if part.kind == "pair":
        return any(s > part.high for s in steps)
    return any(high > part.high and high - low + 1 >= part.pairs for low, high in Trump.runs(steps))


def judge(
    parts: list[Part], others: Sequence[dict[Card, int]], trump: Trump
) -> tuple[Part, int] | None:
    """None when the lead stands (VS4.3; a lead of one component always does), else the forced
    component and the index in ``others`` of the revealer (VS4.4). ``others``: the other hands
    in turn order after the leader."""
    if len(parts) < 2:
        return None
    forced: Part | None = None
    for part in parts:  # VS4.2 order: the last one beatable has the fewest cards, then is weakest
        if any(can_beat(hand, part[0], trump) for hand in others):
            forced = part
    if forced is None:
        return None
    revealer = next(i for i, hand in enumerate(others) if can_beat(hand, forced[0], trump))
    return forced, revealer


def resolve_throw(
    cards: Iterable[Card] | str, others: Sequence[Iterable[Card] | str], trump: Trump
) -> tuple[tuple[Card, ...], int | None]:
    """The cards the leader of ``cards`` plays (all of them when the throw stands or is an
    ordinary lead) and the revealer's index in ``others`` (the three other hands in turn order
    after the leader), or None (VS4.3, VS4.4). The judgement of VS4 whatever the options."""
    trump = trump_of(trump)
    items = as_cards(cards)
    if isinstance(others, str) or len(others) != 3:
        raise BadArgumentError("others are the three other hands in turn order after the leader")
    parts = split(items, trump)
    if parts is None:
        raise RulesError(f"not one effective suit: {' '.join(map(str, items))!r}")
    verdict = judge(parts, [count_cards(as_cards(hand)) for hand in others], trump)
    if verdict is None:
        return canon_cards(items, trump), None
    (_, forced), revealer = verdict
    return canon_cards(forced, trump), revealer


# --- matching a throw (VS4.6) and the tractor fit (VS4.5) ------------------------------------


def _pairs_at(counts: dict[Card, int], suit: str, trump: Trump) -> dict[int, int]:
    """How many different pairs of ``suit`` ``counts`` holds at each step."""
    eff, step = trump.effective_suits, trump.steps
    avail: dict[int, int] = {}
    for card, count in counts.items():
        if count >= 2 and eff[card.index] == suit:
            avail[step[card.index]] = avail.get(step[card.index], 0) + 1
    return avail


def _without(avail: dict[int, int], low: int, high: int) -> dict[int, int] | None:
    """``avail`` less one pair at each step ``low``..``high``, or None when one is missing."""
    if any(avail.get(s, 0) < 1 for s in range(low, high + 1)):
        return None
    left = dict(avail)
    for s in range(low, high + 1):
        left[s] -= 1
    return left


def _place(avail: dict[int, int], lengths: Sequence[int], pairs: int) -> bool:
    """Whether disjoint tractors of ``lengths`` fit in ``avail`` with ``pairs`` pairs left."""
    if not lengths:
        return sum(avail.values()) >= pairs
    if sum(avail.values()) < sum(lengths) + pairs:
        return False
    k = lengths[0]
    for start in sorted(avail):
        left = _without(avail, start, start + k - 1)
        if left is not None and _place(left, lengths[1:], pairs):
            return True
    return False


def match_rank(play: Sequence[Card], throw: Format, trump: Trump) -> int | None:
    """The rank of ``play`` against ``throw`` (VS4.6): None when it does not match (one
    effective suit split into parts of exactly the throw's component shapes), else the greatest
    strength of a part of the throw's largest shape over all such splits."""
    if len(play) != throw.length or not play:
        return None
    eff, step = trump.effective_suits, trump.steps
    suit = eff[play[0].index]
    if any(eff[c.index] != suit for c in play):
        return None
    comps = throw.components
    if comps[0].kind == "single":  # singles only: every card is a part
        return max(step[c.index] for c in play)
    avail = _pairs_at(count_cards(play), suit, trump)
    lengths = [fmt.pairs for fmt in comps if fmt.kind == "tractor"]
    pairs = sum(1 for fmt in comps if fmt.kind == "pair")
    if comps[0].kind == "pair":
        return max(avail) if avail and sum(avail.values()) >= pairs else None
    k = lengths[0]
    for high in sorted(avail, reverse=True):
        left = _without(avail, high - k + 1, high)
        if left is not None and _place(left, lengths[1:], pairs):
            return high
    return None


def tractor_lengths(lead: Sequence[Card], trump: Trump) -> list[int]:
    """The pairs of each tractor component of ``lead`` (VS4.2), longest first."""
    parts = split(lead, trump) or []
    return [fmt.pairs for fmt, _ in parts if fmt.kind == "tractor"]


def largest_fit(counts: dict[Card, int], suit: str, lengths: Sequence[int], trump: Trump) -> int:
    """The size of the largest fit of ``counts`` (VS4.5): disjoint tractors of ``suit``, each
    matched to a different tractor component of ``lengths`` pairs and no longer than it."""
    if not lengths:
        return 0
    return _best_fit(_pairs_at(counts, suit, trump), sorted(lengths, reverse=True))


def _best_fit(avail: dict[int, int], lengths: Sequence[int]) -> int:
    if not lengths:
        return 0
    ceiling = min(sum(lengths), sum(avail.values()))
    best = _best_fit(avail, lengths[1:])  # this component left unmatched
    steps = {s for s, n in avail.items() if n}
    for low, high in Trump.runs(steps):
        for start in range(low, high):
            for end in range(start + 1, min(high, start + lengths[0] - 1) + 1):
                left = _without(avail, start, end)
                assert left is not None  # a run of held steps
                best = max(best, end - start + 1 + _best_fit(left, lengths[1:]))
                if best >= ceiling:
                    return best
    return best


# --- a few matching plays, for the follows legal_actions() lists ------------------------------


def match_plays(pool: dict[Card, int], throw: Format, suit: str, trump: Trump) -> list[list[Card]]:
    """Two plays of ``suit`` from ``pool`` that match ``throw`` (VS4.6), when any does: the
    parts of its largest shape as strong as they go, the rest cheapest; and all cheapest."""
    eff = trump.effective_suits
    cards = {c: m for c, m in pool.items() if eff[c.index] == suit}
    if sum(cards.values()) < throw.length:
        return []

    def cheap(card: Card) -> tuple[int, int]:
        return card_points(card), fine(card, trump)

    plays: list[list[Card]] = []
    for strong in (True, False):
        play = _one_match(cards, throw, trump, cheap, strong)
        if play is not None and play not in plays:
            plays.append(play)
    return plays


def _one_match(
    cards: dict[Card, int],
    throw: Format,
    trump: Trump,
    cheap: Callable[[Card], tuple[int, int]],
    strong: bool,
) -> list[Card] | None:
    step = trump.steps
    comps = throw.components
    by_step: dict[int, list[Card]] = {}
    for card in sorted((c for c, m in cards.items() if m >= 2), key=cheap):
        by_step.setdefault(step[card.index], []).append(card)
    lengths = [fmt.pairs for fmt in comps if fmt.kind == "tractor"]
    pairs = sum(1 for fmt in comps if fmt.kind == "pair")
    chosen = _tractors(by_step, lengths, pairs, strong)
    if chosen is None:
        return None
    play = [c for card in chosen for c in (card, card)]
    rest = dict(cards)
    for card in chosen:
        rest[card] -= 2
    left_pairs = sorted((c for c, m in rest.items() if m >= 2), key=cheap)
    if pairs and strong and not lengths:
        left_pairs.reverse()  # the pairs are the largest shape: the strongest first
    for card in left_pairs[:pairs]:
        play += [card, card]
        rest[card] -= 2
    singles = sorted((c for c, m in rest.items() for _ in range(m)), key=cheap)
    count = throw.length - len(play)
    if strong and comps[0].kind == "single" and singles:
        top = max(singles, key=lambda c: fine(c, trump))
        singles.remove(top)
        singles.insert(0, top)
    return play + singles[:count]


def _tractors(
    by_step: dict[int, list[Card]], lengths: Sequence[int], pairs: int, strong: bool
) -> list[Card] | None:
    """One pair card per step of disjoint tractors of ``lengths`` with ``pairs`` pairs left,
    each placed as high (``strong``, the first only) or as low as it goes; None: none fit."""
    if not lengths:
        return [] if sum(len(v) for v in by_step.values()) >= pairs else None
    k = lengths[0]
    for start in sorted(by_step, reverse=strong):
        if all(by_step.get(s) for s in range(start, start + k)):
            left = {s: list(v) for s, v in by_step.items()}
            taken = [left[s].pop(0) for s in range(start, start + k)]
            rest = _tractors(left, lengths[1:], pairs, False)
            if rest is not None:
                return taken + rest
    return None
