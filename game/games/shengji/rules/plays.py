"""Shengji plays against a trump (S4): lead formats, follow legality, trick winners, the
follows ``legal_actions()`` lists; declaration strength (S2.3) and the outcome table (S5)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from game.games.shengji.rules.options import KITTY_MULTIPLIER, TRACTOR_DUTY, checked
from game.games.shengji.rules.trump import (
    _BJ,
    _RJ,
    TRUMP,
    Format,
    Trump,
    _canon,
    _expand,
    _trump_of,
    card_points,
)
from game.rules import validate
from game.rules.cards import Card, as_cards, format_cards
from game.rules.errors import BadArgumentError, RulesError

#: Largest number of legal follows that ``legal_actions()`` lists exhaustively.
FOLLOW_EXACT_LIMIT = 120


def _format(cards: list[Card], trump: Trump) -> Format | None:
    n = len(cards)
    if n == 0:
        return None
    eff = trump.effective_suits
    step = trump.steps
    suit = eff[cards[0].index]
    for card in cards:
        if eff[card.index] != suit:
            return None
    if n == 1:
        return Format("single", suit, 0, step[cards[0].index], 1)
    if n % 2:
        return None
    counts: dict[Card, int] = {}
    for card in cards:
        counts[card] = counts.get(card, 0) + 1
    if any(count != 2 for count in counts.values()):
        return None
    if n == 2:
        return Format("pair", suit, 1, step[cards[0].index], 2)
    steps = {step[card.index] for card in counts}
    if len(steps) != len(counts):
        return None  # two off-suit level pairs share a step
    spans = list(Trump.runs(steps))
    if len(spans) != 1:
        return None
    return Format("tractor", suit, len(steps), spans[0][1], n)


def lead_format(cards: Iterable[Card] | str, trump: Trump) -> Format | None:
    """The format of a lead, or ``None`` when the cards are not a legal lead (S4.2, S4.3)."""
    return _format(as_cards(cards), _trump_of(trump))


def _count(cards: Iterable[Card]) -> dict[Card, int]:
    counts: dict[Card, int] = {}
    for card in cards:
        counts[card] = counts.get(card, 0) + 1
    return counts


def _contains(hand: dict[Card, int], cards: Iterable[Card]) -> bool:
    for card, count in _count(cards).items():
        if hand.get(card, 0) < count:
            return False
    return True


def _longest_tractor(cards: dict[Card, int], suit: str, trump: Trump) -> int:
    """Pairs in the longest tractor of ``suit`` among ``cards`` (1 for a lone pair, 0: none)."""
    eff = trump.effective_suits
    pairs = [c for c, m in cards.items() if m >= 2 and eff[c.index] == suit]
    steps = trump.pairs_by_step(pairs).get(suit, {})
    return max((high - low + 1 for low, high in Trump.runs(steps)), default=0)


def _tractor_duty(
    hand: dict[Card, int], lead: list[Card], trump: Trump, options: Mapping[str, Any] | None
) -> int:
    """VS1: the pairs of the tractor a follower must play to a tractor ``lead`` (0: none)."""
    if options is None or not checked(options)[TRACTOR_DUTY] or len(lead) < 4:
        return 0
    eff = trump.effective_suits
    suit = eff[lead[0].index]
    if sum(m for c, m in hand.items() if eff[c.index] == suit) < len(lead):
        return 0  # short of the suit: S4.4 as written
    held = _longest_tractor(hand, suit, trump)
    return min(held, len(lead) // 2) if held >= 2 else 0


def _follow_problem(
    hand: dict[Card, int],
    lead: list[Card],
    play: list[Card],
    trump: Trump,
    options: Mapping[str, Any] | None = None,
) -> tuple[str, dict[str, Any]] | None:
    """Why ``play`` is not a legal follow to ``lead`` from ``hand`` (S4.4, VS1), or None."""
    n = len(lead)
    eff = trump.effective_suits
    suit = eff[lead[0].index]
    if len(play) != n:
        return "wrong_count", {"count": n, "played": len(play)}
    if not _contains(hand, play):
        return "not_in_hand", {}
    held = 0
    held_pairs = 0
    for card, count in hand.items():
        if eff[card.index] == suit:
            held += count
            held_pairs += count // 2
    played = sum(1 for card in play if eff[card.index] == suit)
    if held >= n:
        if played < n:
            return "must_follow_suit", {"suit": suit, "count": n}
        lead_pairs = sum(count // 2 for count in _count(lead).values())
        need = min(lead_pairs, held_pairs)
        if need:
            got = sum(count // 2 for count in _count(play).values())
            if got < need:
                return "must_play_pairs", {"suit": suit, "pairs": need}
        duty = _tractor_duty(hand, lead, trump, options)
        if duty and _longest_tractor(_count(play), suit, trump) < duty:
            return "must_play_tractor", {"suit": suit, "pairs": duty, "count": duty}
    elif played < held:
        return "must_play_all_suit", {"suit": suit, "count": held}
    return None


def is_legal_follow(
    hand: Iterable[Card] | str,
    lead: Iterable[Card] | str,
    play: Iterable[Card] | str,
    trump: Trump,
    options: Mapping[str, Any] | None = None,
) -> bool:
    """Whether ``play`` (part of ``hand``) legally follows ``lead`` (S4.1, S4.4, VS1)."""
    lead_cards = as_cards(lead)
    if not lead_cards:
        raise RulesError("a follow needs a lead")
    hand_counts = _count(as_cards(hand))
    return _follow_problem(hand_counts, lead_cards, as_cards(play), trump, options) is None


def _winner(
    plays: list[list[Card]] | list[tuple[Card, ...]], trump: Trump, lead: Format | None = None
) -> int:
    """Index of the winning play (S4.5); ``lead`` is the format of ``plays[0]`` if known."""
    if lead is None:
        lead = _format(plays[0], trump)  # type: ignore[arg-type]
        if lead is None:
            raise RulesError(f"not a legal lead: {format_cards(plays[0])!r}")
    if lead.length == 1:
        # Singles (most tricks): no format to build, only effective suits and steps.
        eff = trump.effective_suits
        step = trump.steps
        best = 0
        best_suit = lead.suit
        best_high = lead.high
        for i in range(1, len(plays)):
            play = plays[i]
            if len(play) != 1:
                continue  # S4.5: only the lead's shape and size can win
            index = play[0].index
            suit = eff[index]
            if suit == best_suit:
                if step[index] > best_high:
                    best, best_high = i, step[index]
            elif suit == TRUMP:  # the first trump on a side-suit lead
                best, best_suit, best_high = i, TRUMP, step[index]
        return best
    best = 0
    best_high = lead.high
    trumped = False
    for i in range(1, len(plays)):
        fmt = _format(plays[i], trump)  # type: ignore[arg-type]
        if fmt is None or fmt.kind != lead.kind or fmt.pairs != lead.pairs:
            continue  # S4.5: only the lead's shape and size can win
        if fmt.suit == lead.suit:
            if not trumped and fmt.high > best_high:
                best, best_high = i, fmt.high
        elif fmt.suit == TRUMP and (not trumped or fmt.high > best_high):
            best, best_high, trumped = i, fmt.high, True
    return best


def trick_winner(plays: Iterable[Iterable[Card] | str], trump: Trump) -> int:
    """Index of the winning play; ``plays`` in turn order, the lead first (S4.5, S3.5)."""
    if isinstance(plays, str) or not isinstance(plays, Iterable):
        raise BadArgumentError(f"plays must be a list of card lists, not {plays!r:.60}")
    parsed = [validate.cards(play, "a play") for play in plays]
    if not parsed or any(len(play) != len(parsed[0]) for play in parsed) or not parsed[0]:
        raise BadArgumentError("a trick is one or more plays of the same number of cards")
    return _winner(parsed, _trump_of(trump))


def follow_kind(lead: Iterable[Card] | str, play: Iterable[Card] | str, trump: Trump) -> str:
    """What a follow is to its trick's lead, for the table's tag (S4.4, S4.5): the lead's kind
    (``"single"``, ``"pair"``, ``"tractor"``) in the lead's shape and suit; ``"ruff"`` in the
    lead's shape, all trump, on a side-suit lead (it can win); ``"follow"`` all of the led suit
    in another shape; ``"discard"`` short of the led suit and not a ruff."""
    trump = _trump_of(trump)
    led = _format(validate.cards(lead, "the lead"), trump)
    if led is None:
        raise RulesError(f"not a legal lead: {lead!r:.60}")
    cards = validate.cards(play, "a play")
    if len(cards) != led.length:
        raise RulesError(f"a follow plays {led.length} cards, not {len(cards)} (S4.1)")
    shape = _format(cards, trump)
    if shape is not None and shape.kind == led.kind and shape.pairs == led.pairs:
        if shape.suit == led.suit:
            return led.kind
        if shape.suit == TRUMP:
            return "ruff"
    eff = trump.effective_suits
    return "follow" if all(eff[card.index] == led.suit for card in cards) else "discard"


def declaration_strength(cards: Iterable[Card] | str, level: str) -> int:
    """0 when ``cards`` declare nothing, else 1..4 (S2.3): one level card, a pair of identical
    level cards, a pair of Black Jokers, a pair of Red Jokers."""
    items = as_cards(cards)
    if len(items) == 1:
        return 1 if items[0].rank == level and items[0].suit is not None else 0
    if len(items) == 2 and items[0] == items[1]:
        card = items[0]
        if card.rank == level and card.suit is not None:
            return 2
        if card == _BJ:
            return 3
        if card == _RJ:
            return 4
    return 0


def deal_outcome(attacker_points: int) -> tuple[str, int]:
    """(``"defenders"`` or ``"attackers"``, levels gained) for the attackers' points (S5.3)."""
    if not validate.is_int(attacker_points):
        raise BadArgumentError(f"attacker points must be an integer, not {attacker_points!r:.60}")
    if attacker_points < 0:
        raise RulesError(f"attacker points cannot be negative: {attacker_points}")
    if attacker_points == 0:
        return "defenders", 3
    if attacker_points < 40:
        return "defenders", 2
    if attacker_points < 80:
        return "defenders", 1
    if attacker_points < 120:
        return "attackers", 0
    return "attackers", 1 + (attacker_points - 120) // 40


def kitty_multiplier(cards_per_player: int, options: Mapping[str, Any] | None = None) -> int:
    """Kitty bonus multiplier for a last trick of that many cards per player (S5.2; VS2
    "power": a single 2, a pair 4, a tractor of n pairs 2^(n+1))."""
    if not validate.is_int(cards_per_player):
        raise BadArgumentError(f"cards per player must be an integer, not {cards_per_player!r:.60}")
    if cards_per_player < 1:
        raise RulesError(f"a trick has at least one card per player, not {cards_per_player}")
    if options is not None and checked(options)[KITTY_MULTIPLIER] == "power":
        return 2 if cards_per_player == 1 else 2 ** (cards_per_player // 2 + 1)
    return 2 * cards_per_player


def _follow_plays(
    hand: dict[Card, int],
    lead: Format,
    trump: Trump,
    options: Mapping[str, Any] | None = None,
    lead_cards: list[Card] | None = None,
) -> list[tuple[Card, ...]]:
    if lead_cards is not None and _tractor_duty(hand, lead_cards, trump, options):
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
    if n == 2 and held >= 2:
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
            _canon((forced, c), trump)
            for c in sorted(hand, key=key, reverse=True)
            if c is not forced
        ]
    plays: list[tuple[Card, ...]] = []
    if held >= n:
        need = min(lead.pairs, sum(m // 2 for m in suit_pool.values()))
        for combo in _choose(suit_pool, n, need, trump, lead):
            plays.append(_canon(combo, trump))
    else:
        held_cards = _expand(suit_pool)
        others = {c: m for c, m in hand.items() if eff[c.index] != lead.suit}
        winning = lead if held == 0 and lead.suit != TRUMP else None
        for combo in _choose(others, n - held, 0, trump, winning):
            plays.append(_canon(held_cards + combo, trump))
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
    options: Mapping[str, Any] | None,
) -> list[tuple[Card, ...]]:
    """VS1 follows: a tractor of the duty's length in the led suit, the rest chosen as S4.4
    asks of the cards left (its pair count included)."""
    duty = _tractor_duty(hand, lead_cards, trump, options)
    suit_pool = {c: m for c, m in hand.items() if trump.effective_suits[c.index] == lead.suit}
    pairs_left = min(lead.pairs, sum(m // 2 for m in suit_pool.values())) - duty
    shape = Format("tractor", lead.suit, duty, 0, 2 * duty)
    plays: dict[tuple[Card, ...], None] = {}
    for tractor in _format_plays(suit_pool, shape, lead.suit, trump):
        rest = dict(suit_pool)
        for card in tractor:
            rest[card] -= 1
        rest = {c: m for c, m in rest.items() if m}
        for more in _choose(rest, lead.length - 2 * duty, max(0, pairs_left), trump, None):
            play = tractor + more
            if _follow_problem(hand, lead_cards, play, trump, options) is None:
                plays[_canon(play, trump)] = None
    return list(plays)


def legal_follows(
    hand: Iterable[Card] | str,
    lead: Iterable[Card] | str,
    trump: Trump,
    options: Mapping[str, Any] | None = None,
) -> list[tuple[Card, ...]]:
    """The follows ``legal_actions()`` lists for ``hand`` to ``lead`` (S4.4, VS1; grouping in
    the module docstring), each as canonical cards, strongest first."""
    fmt = lead_format(lead, trump)
    if fmt is None:
        raise RulesError(f"not a legal lead: {format_cards(lead)!r}")
    return _follow_plays(_count(as_cards(hand)), fmt, trump, options, as_cards(lead))


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
    """Every play of ``fmt``'s shape (kind and number of pairs) in ``suit`` from ``pool``."""
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

    def pick(group: list[tuple[Card, int]], c: int, q: int, key: Any) -> list[Card]:
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
