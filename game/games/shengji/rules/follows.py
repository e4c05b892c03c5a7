"""The follows a Shengji deal lists (S4.4, VS1, VS4.5): every legal follow when there are
few, else the plays that can win and two representatives of every shape (rules/__init__.py)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping

from game.games.shengji.rules.plays import (
    duty_lengths,
    follow_problem,
    format_of,
    owed_tractor,
    throws_on,
)
from game.games.shengji.rules.throws import match_plays
from game.games.shengji.rules.trump import (
    TRUMP,
    Format,
    Trump,
    canon_cards,
    card_points,
    count_cards,
    expand_counts,
    trump_of,
)
from game.rules.cards import Card, as_cards, format_cards
from game.rules.errors import RulesError

#: Largest number of legal follows that ``legal_actions()`` lists exhaustively.
FOLLOW_EXACT_LIMIT = 120


def follow_plays(
    hand: dict[Card, int],
    lead: Format,
    trump: Trump,
    options: Mapping[str, object] | None = None,
    lead_cards: list[Card] | None = None,
) -> list[tuple[Card, ...]]:
    if lead_cards is not None and owed_tractor(hand, lead_cards, trump, options):
        return _duty_plays(hand, lead, trump, lead_cards, options)
    eff = trump.effective_suits
    key = trump.sort_key
    n = lead.length
    suit = lead.suit
    # Fast paths for the common single and pair leads (random play spends its time here).
    if n == 1:
        pool = [c for c in hand if eff[c.index] == suit] or hand
        return [(c,) for c in sorted(pool, key=key, reverse=True)]
    suit_pool = {c: m for c, m in hand.items() if eff[c.index] == suit}
    held = sum(suit_pool.values())
    if n == 2 and held >= 2 and lead.kind == "pair":
        ordered = sorted(suit_pool, key=key, reverse=True)
        pairs: list[tuple[Card, ...]] = [(c, c) for c in ordered if suit_pool[c] == 2]
        if pairs:
            return pairs
        if len(ordered) * (len(ordered) - 1) // 2 <= FOLLOW_EXACT_LIMIT:
            return [
                (a, ordered[j]) for i, a in enumerate(ordered) for j in range(i + 1, len(ordered))
            ]
    if n == 2 and held == 1:
        (forced,) = suit_pool
        return [
            canon_cards((forced, c), trump)
            for c in sorted(hand, key=key, reverse=True)
            if c is not forced
        ]
    plays: list[tuple[Card, ...]] = []
    if held >= n:
        need = min(lead.pairs, sum(m // 2 for m in suit_pool.values()))
        for combo in _choose(suit_pool, n, need, trump, lead):
            plays.append(canon_cards(combo, trump))
    else:
        held_cards = expand_counts(suit_pool)
        others = {c: m for c, m in hand.items() if eff[c.index] != lead.suit}
        winning = lead if held == 0 and lead.suit != TRUMP else None
        for combo in _choose(others, n - held, 0, trump, winning):
            plays.append(canon_cards(held_cards + combo, trump))
    seen: set[tuple[Card, ...]] = set()
    unique = []
    for play in plays:
        if play not in seen:
            seen.add(play)
            unique.append(play)
    return unique


def _duty_plays(
    hand: dict[Card, int],
    lead: Format,
    trump: Trump,
    lead_cards: list[Card],
    options: Mapping[str, object] | None,
) -> list[tuple[Card, ...]]:
    """VS1 follows: tractors of the duty's size in the led suit (one tractor, or a fit of a
    throw's tractors, VS4.5), the rest chosen as S4.4 asks of the cards left (its pair count
    included)."""
    duty = owed_tractor(hand, lead_cards, trump, options)
    suit_pool = {c: m for c, m in hand.items() if trump.effective_suits[c.index] == lead.suit}
    pairs_left = min(lead.pairs, sum(m // 2 for m in suit_pool.values())) - duty
    lengths = duty_lengths(lead_cards, trump, options) or []
    if len(lengths) == 1:
        shape = Format("tractor", lead.suit, duty, 0, 2 * duty)
        fits = _format_plays(suit_pool, shape, lead.suit, trump)
    else:
        fits = list(_fits(suit_pool, lead.suit, lengths, duty, trump))
    plays: dict[tuple[Card, ...], None] = {}
    for fit in fits:
        rest = dict(suit_pool)
        for card in fit:
            rest[card] -= 1
        rest = {c: m for c, m in rest.items() if m}
        for more in _choose(rest, lead.length - 2 * duty, max(0, pairs_left), trump, None):
            play = fit + more
            if follow_problem(hand, lead_cards, play, trump, options) is None:
                plays[canon_cards(play, trump)] = None
    return list(plays)


#: Fits (VS4.5) that ``_duty_plays`` builds follows from, at most.
FIT_LIMIT = 8


def _fits(
    pool: dict[Card, int], suit: str, lengths: list[int], size: int, trump: Trump
) -> Iterator[list[Card]]:
    """Up to :data:`FIT_LIMIT` fits of ``size`` pairs in ``pool``: disjoint tractors of
    ``suit``, each matched to a different tractor of ``lengths`` and no longer than it."""
    pairs = [c for c, m in pool.items() if m >= 2 and trump.effective_suits[c.index] == suit]
    found = 0

    def walk(index: int, steps: dict[int, list[Card]], got: list[Card]) -> Iterator[list[Card]]:
        nonlocal found
        if len(got) // 2 == size:
            found += 1
            yield list(got)
            return
        if index == len(lengths) or found >= FIT_LIMIT:
            return
        for low, high in Trump.runs({s for s, cards in steps.items() if cards}):
            for start in range(low, high):
                for end in range(start + 1, min(high, start + lengths[index] - 1) + 1):
                    if len(got) // 2 + end - start + 1 > size:
                        break
                    left = {s: list(cards) for s, cards in steps.items()}
                    chain = [left[s].pop(0) for s in range(start, end + 1)]
                    yield from walk(
                        index + 1, left, got + [c for card in chain for c in (card, card)]
                    )
        yield from walk(index + 1, steps, got)

    yield from walk(0, trump.pairs_by_step(pairs).get(suit, {}), [])


def legal_follows(
    hand: Iterable[Card] | str,
    lead: Iterable[Card] | str,
    trump: Trump,
    options: Mapping[str, object] | None = None,
) -> list[tuple[Card, ...]]:
    """The follows ``legal_actions()`` lists for ``hand`` to ``lead`` (S4.4, VS1, VS4.5;
    grouping in the module docstring), each as canonical cards, strongest first."""
    lead_cards = as_cards(lead)
    fmt = format_of(lead_cards, trump_of(trump), throws_on(options))
    if fmt is None:
        raise RulesError(f"not a legal lead: {format_cards(lead_cards)!r}")
    return follow_plays(count_cards(as_cards(hand)), fmt, trump, options, lead_cards)


def _count_choices(pool: list[tuple[Card, int]], m: int, need: int) -> int:
    """Number of distinct multisets of ``m`` cards from ``pool`` with at least ``need`` pairs."""
    ways: dict[tuple[int, int], int] = {(0, 0): 1}
    for _, count in pool:
        nxt: dict[tuple[int, int], int] = dict(ways)
        for (size, pairs), w in ways.items():
            if size + 1 <= m:
                key = (size + 1, pairs)
                nxt[key] = nxt.get(key, 0) + w
            if count == 2 and size + 2 <= m:
                key = (size + 2, pairs + 1)
                nxt[key] = nxt.get(key, 0) + w
        ways = nxt
    return sum(w for (size, pairs), w in ways.items() if size == m and pairs >= need)


def _enumerate(pool: list[tuple[Card, int]], m: int, need: int) -> Iterator[list[Card]]:
    """Every distinct multiset of ``m`` cards from ``pool`` with at least ``need`` pairs."""
    chosen: list[Card] = []

    def walk(i: int, left: int, pairs: int) -> Iterator[list[Card]]:
        if left == 0:
            if pairs >= need:
                yield list(chosen)
            return
        if i == len(pool):
            return
        card, count = pool[i]
        if count == 2 and left >= 2:
            chosen.extend((card, card))
            yield from walk(i + 1, left - 2, pairs + 1)
            del chosen[-2:]
        chosen.append(card)
        yield from walk(i + 1, left - 1, pairs)
        chosen.pop()
        yield from walk(i + 1, left, pairs)

    yield from walk(0, m, 0)


def _format_plays(pool: dict[Card, int], fmt: Format, suit: str, trump: Trump) -> list[list[Card]]:
    """Every play of ``fmt``'s shape (kind and number of pairs) in ``suit`` from ``pool``; for
    a throw (VS4.6), two that match it (:func:`match_plays`)."""
    if fmt.kind == "throw":
        return match_plays(pool, fmt, suit, trump)
    eff = trump.effective_suits
    cards = [c for c in pool if eff[c.index] == suit]
    if fmt.kind == "single":
        return [[c] for c in cards]
    pairs = [c for c in cards if pool[c] == 2]
    if fmt.kind == "pair":
        return [[c, c] for c in pairs]
    steps = trump.pairs_by_step(pairs).get(suit, {})
    run_high = {s: high for low, high in Trump.runs(steps) for s in range(low, high + 1)}
    plays = []
    for start in steps:
        end = start + fmt.pairs - 1
        if run_high[start] >= end:
            for chain in Trump.chains(steps, start, end):
                plays.append([c for card in chain for c in (card, card)])
    return plays


def _choose(
    pool: dict[Card, int], m: int, need: int, trump: Trump, winning: Format | None
) -> list[list[Card]]:
    """Legal selections of ``m`` cards from ``pool`` with at least ``need`` pairs: all of
    them when few, otherwise the plays that can win (``winning``: the lead's shape) and two
    representatives of every shape (cards and pairs per effective suit)."""
    if m == 0:
        return [[]]
    items = sorted(pool.items(), key=lambda item: trump.sort_key(item[0]))
    if _count_choices(items, m, need) <= FOLLOW_EXACT_LIMIT:
        return list(_enumerate(items, m, need))
    result: list[list[Card]] = []
    if winning is not None:
        # In the led suit (enough of it) or in trumps (void in a non-trump led suit).
        in_lead = any(trump.effective_suits[c.index] == winning.suit for c in pool)
        result += _format_plays(pool, winning, winning.suit if in_lead else TRUMP, trump)
    step = trump.steps
    groups: dict[str, list[tuple[Card, int]]] = {}
    for card, count in items:
        groups.setdefault(trump.effective_suits[card.index], []).append((card, count))
    names = list(groups)
    options: list[list[tuple[int, int]]] = []
    for name in names:
        group = groups[name]
        total = sum(count for _, count in group)
        distinct = len(group)
        pairs = sum(1 for _, count in group if count == 2)
        feasible = []
        for c in range(0, min(total, m) + 1):
            for q in range(0, min(pairs, c // 2) + 1):
                if c - 2 * q <= distinct - q:
                    feasible.append((c, q))
        options.append(feasible)

    def cheap(card: Card) -> tuple[int, int]:
        return (card_points(card), step[card.index])

    def rich(card: Card) -> tuple[int, int]:
        return (-card_points(card), step[card.index])

    def pick(
        group: list[tuple[Card, int]], c: int, q: int, key: Callable[[Card], tuple[int, int]]
    ) -> list[Card]:
        ordered = sorted(group, key=lambda item: key(item[0]))
        pair_cards = [card for card, count in ordered if count == 2][:q]
        singles = [card for card, _ in ordered if card not in pair_cards][: c - 2 * q]
        return [x for card in pair_cards for x in (card, card)] + singles

    def walk(i: int, left: int, pairs: int, shape: list[tuple[int, int]]) -> None:
        if i == len(names):
            if left == 0 and pairs >= need:
                for key in (cheap, rich):
                    play: list[Card] = []
                    for name, (c, q) in zip(names, shape, strict=True):
                        if c:
                            play += pick(groups[name], c, q, key)
                    result.append(play)
            return
        for c, q in options[i]:
            if c <= left:
                shape.append((c, q))
                walk(i + 1, left - c, pairs + q, shape)
                shape.pop()

    walk(0, m, 0, [])
    return result
