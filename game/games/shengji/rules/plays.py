"""Shengji plays against a trump (S4, VS4): lead formats, follow legality, trick winners;
declaration strength (S2.3) and the outcome table (S5). The follows ``legal_actions()`` lists
are in follows.py, a throw's components and judgement in throws.py."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TypedDict

from game.games.shengji.rules.options import KITTY_MULTIPLIER, THROWS, TRACTOR_DUTY, checked
from game.games.shengji.rules.throws import (
    largest_fit,
    match_rank,
    split,
    throw_format,
    tractor_lengths,
)
from game.games.shengji.rules.trump import (
    BLACK_JOKER,
    RED_JOKER,
    TRUMP,
    Format,
    Trump,
    count_cards,
    trump_of,
)
from game.rules import validate
from game.rules.cards import Card, as_cards, format_cards
from game.rules.errors import BadArgumentError, RulesError


def throws_on(options: Mapping[str, object] | None) -> bool:
    """Whether VS4 (throws) is on in ``options``."""
    return options is not None and bool(checked(options)[THROWS])


def format_of(cards: Sequence[Card], trump: Trump, throws: bool = False) -> Format | None:
    """The lead's Format (S4.2, S4.3); with ``throws`` any one-suit set is one (VS4.1)."""
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
    fmt = _plain_format(cards, suit, trump)
    if fmt is None and throws:
        parts = split(cards, trump)
        return None if parts is None else throw_format(parts)
    return fmt


def _plain_format(cards: Sequence[Card], suit: str, trump: Trump) -> Format | None:
    """A pair or a tractor of ``suit`` (S4.2, S4.3), or None."""
    n = len(cards)
    if n % 2:
        return None
    counts = count_cards(cards)
    if any(count != 2 for count in counts.values()):
        return None
    step = trump.steps
    if n == 2:
        return Format("pair", suit, 1, step[cards[0].index], 2)
    steps = {step[card.index] for card in counts}
    if len(steps) != len(counts):
        return None  # two off-suit level pairs share a step
    spans = list(Trump.runs(steps))
    if len(spans) != 1:
        return None
    return Format("tractor", suit, len(steps), spans[0][1], n)


def lead_format(
    cards: Iterable[Card] | str, trump: Trump, options: Mapping[str, object] | None = None
) -> Format | None:
    """The format of a lead, or ``None`` when the cards are not a legal lead (S4.2, S4.3);
    with VS4 on, cards of one effective suit are always a lead, maybe a throw (VS4.1)."""
    return format_of(as_cards(cards), trump_of(trump), throws_on(options))


def contains_cards(hand: dict[Card, int], cards: Iterable[Card]) -> bool:
    for card, count in count_cards(cards).items():
        if hand.get(card, 0) < count:
            return False
    return True


def _longest_tractor(cards: dict[Card, int], suit: str, trump: Trump) -> int:
    """Pairs in the longest tractor of ``suit`` among ``cards`` (1 for a lone pair, 0: none)."""
    eff = trump.effective_suits
    pairs = [c for c, m in cards.items() if m >= 2 and eff[c.index] == suit]
    steps = trump.pairs_by_step(pairs).get(suit, {})
    return max((high - low + 1 for low, high in Trump.runs(steps)), default=0)


def duty_lengths(
    lead: list[Card], trump: Trump, options: Mapping[str, object] | None
) -> list[int] | None:
    """The pairs of each tractor of ``lead`` owed a fit under VS1 (VS4.5), or None when VS1
    asks nothing of this lead (off, or no tractor in it)."""
    if options is None or len(lead) < 4:
        return None
    chosen = checked(options)
    if not chosen[TRACTOR_DUTY]:
        return None
    if not chosen[THROWS]:
        return [len(lead) // 2]  # without VS4 a lead of four cards or more is a tractor
    return tractor_lengths(lead, trump) or None


def owed_tractor(
    hand: dict[Card, int], lead: list[Card], trump: Trump, options: Mapping[str, object] | None
) -> int:
    """VS1 (VS4.5): the pairs of the largest fit a follower must play to ``lead`` (0: none)."""
    lengths = duty_lengths(lead, trump, options)
    if lengths is None:
        return 0
    eff = trump.effective_suits
    suit = eff[lead[0].index]
    if sum(m for c, m in hand.items() if eff[c.index] == suit) < len(lead):
        return 0  # short of the suit: S4.4 as written
    if len(lengths) == 1:
        held = _longest_tractor(hand, suit, trump)
        return min(held, lengths[0]) if held >= 2 else 0
    return largest_fit(hand, suit, lengths, trump)


def _played_fit(
    play: list[Card], lead: list[Card], trump: Trump, options: Mapping[str, object] | None
) -> int:
    """The largest fit (VS4.5; one tractor: VS1's longest tractor) of ``play`` to ``lead``."""
    lengths = duty_lengths(lead, trump, options) or []
    suit = trump.effective_suits[lead[0].index]
    if len(lengths) == 1:
        return min(_longest_tractor(count_cards(play), suit, trump), lengths[0])
    return largest_fit(count_cards(play), suit, lengths, trump)


class FollowDetails(TypedDict, total=False):
    """What a refused follow names (:func:`follow_problem`): the suit to follow, how many
    cards it needs (or how many were played) and how many pairs it must hold to."""

    suit: str
    count: int
    played: int
    pairs: int


def follow_problem(
    hand: dict[Card, int],
    lead: list[Card],
    play: list[Card],
    trump: Trump,
    options: Mapping[str, object] | None = None,
) -> tuple[str, FollowDetails] | None:
    """Why ``play`` is not a legal follow to ``lead`` from ``hand`` (S4.4, VS1, VS4.5), or
    None; ``lead`` may be a throw (it is judged by its cards alone)."""
    n = len(lead)
    eff = trump.effective_suits
    suit = eff[lead[0].index]
    if len(play) != n:
        return "wrong_count", {"count": n, "played": len(play)}
    if not contains_cards(hand, play):
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
        lead_pairs = sum(count // 2 for count in count_cards(lead).values())
        need = min(lead_pairs, held_pairs)
        if need:
            got = sum(count // 2 for count in count_cards(play).values())
            if got < need:
                return "must_play_pairs", {"suit": suit, "pairs": need}
        duty = owed_tractor(hand, lead, trump, options)
        if duty and _played_fit(play, lead, trump, options) < duty:
            return "must_play_tractor", {"suit": suit, "pairs": duty, "count": duty}
    elif played < held:
        return "must_play_all_suit", {"suit": suit, "count": held}
    return None


def is_legal_follow(
    hand: Iterable[Card] | str,
    lead: Iterable[Card] | str,
    play: Iterable[Card] | str,
    trump: Trump,
    options: Mapping[str, object] | None = None,
) -> bool:
    """Whether ``play`` (part of ``hand``) legally follows ``lead`` (S4.1, S4.4, VS1; a throw
    with VS4 on, VS4.5)."""
    lead_cards = as_cards(lead)
    if not lead_cards:
        raise RulesError("a follow needs a lead")
    hand_counts = count_cards(as_cards(hand))
    return follow_problem(hand_counts, lead_cards, as_cards(play), trump, options) is None


def trick_winner_index(
    plays: list[list[Card]] | list[tuple[Card, ...]], trump: Trump, lead: Format | None = None
) -> int:
    """Index of the winning play (S4.5; VS4.6 for a throw); ``lead`` is the format of
    ``plays[0]`` if known (without it the lead must be an ordinary one)."""
    if lead is None:
        lead = format_of(plays[0], trump)
        if lead is None:
            raise RulesError(f"not a legal lead: {format_cards(plays[0])!r}")
    if lead.kind == "throw":
        return _throw_winner(plays, trump, lead)
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
        fmt = format_of(plays[i], trump)
        if fmt is None or fmt.kind != lead.kind or fmt.pairs != lead.pairs:
            continue  # S4.5: only the lead's shape and size can win
        if fmt.suit == lead.suit:
            if not trumped and fmt.high > best_high:
                best, best_high = i, fmt.high
        elif fmt.suit == TRUMP and (not trumped or fmt.high > best_high):
            best, best_high, trumped = i, fmt.high, True
    return best


def _throw_winner(
    plays: list[list[Card]] | list[tuple[Card, ...]], trump: Trump, lead: Format
) -> int:
    """VS4.6: the throw is best at first; a later matching play becomes best when it is the
    first all-trump one on a side-suit lead, or of the best play's suit and of higher rank."""
    eff = trump.effective_suits
    best, best_suit, best_rank = 0, lead.suit, lead.high
    for i in range(1, len(plays)):
        rank = match_rank(plays[i], lead, trump)
        if rank is None:
            continue  # VS4.6: no other play wins
        suit = eff[plays[i][0].index]
        if suit == best_suit:
            if rank > best_rank:
                best, best_rank = i, rank
        elif suit == TRUMP and best_suit != TRUMP:
            best, best_suit, best_rank = i, TRUMP, rank
    return best


def trick_winner(
    plays: Iterable[Iterable[Card] | str], trump: Trump, options: Mapping[str, object] | None = None
) -> int:
    """Index of the winning play; ``plays`` in turn order, the lead first (S4.5, S3.5; with VS4
    on the lead may be a throw, VS4.6: ``plays[0]`` is what the leader actually played)."""
    if isinstance(plays, str) or not isinstance(plays, Iterable):
        raise BadArgumentError(f"plays must be a list of card lists, not {plays!r:.60}")
    parsed = [validate.cards(play, "a play") for play in plays]
    if not parsed or any(len(play) != len(parsed[0]) for play in parsed) or not parsed[0]:
        raise BadArgumentError("a trick is one or more plays of the same number of cards")
    trump = trump_of(trump)
    lead = format_of(parsed[0], trump, throws_on(options))
    if lead is None:
        raise RulesError(f"not a legal lead: {format_cards(parsed[0])!r}")
    return trick_winner_index(parsed, trump, lead)


def follow_kind(
    lead: Iterable[Card] | str,
    play: Iterable[Card] | str,
    trump: Trump,
    options: Mapping[str, object] | None = None,
) -> str:
    """What a follow is to its trick's lead, for the table's tag (S4.4, S4.5): the lead's kind
    (``"single"``, ``"pair"``, ``"tractor"``) in the lead's shape and suit; ``"ruff"`` in the
    lead's shape, all trump, on a side-suit lead (it can win); ``"follow"`` all of the led suit
    in another shape (a throw's suit, VS4.6, whatever its shape); ``"discard"`` short of the
    led suit and not a ruff."""
    trump = trump_of(trump)
    led = format_of(validate.cards(lead, "the lead"), trump, throws_on(options))
    if led is None:
        raise RulesError(f"not a legal lead: {lead!r:.60}")
    cards = validate.cards(play, "a play")
    if len(cards) != led.length:
        raise RulesError(f"a follow plays {led.length} cards, not {len(cards)} (S4.1)")
    eff = trump.effective_suits
    if led.kind == "throw":
        if led.suit != TRUMP and eff[cards[0].index] == TRUMP:
            if match_rank(cards, led, trump) is not None:
                return "ruff"
    else:
        shape = format_of(cards, trump)
        if shape is not None and shape.kind == led.kind and shape.pairs == led.pairs:
            if shape.suit == led.suit:
                return led.kind
            if shape.suit == TRUMP:
                return "ruff"
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
        if card == BLACK_JOKER:
            return 3
        if card == RED_JOKER:
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


def kitty_multiplier(cards_per_player: int, options: Mapping[str, object] | None = None) -> int:
    """Kitty bonus multiplier for a last trick of that many cards per player (S5.2; VS2
    "power": a single 2, a pair 4, a tractor of n pairs 2^(n+1))."""
    if not validate.is_int(cards_per_player):
        raise BadArgumentError(f"cards per player must be an integer, not {cards_per_player!r:.60}")
    if cards_per_player < 1:
        raise RulesError(f"a trick has at least one card per player, not {cards_per_player}")
    if options is not None and checked(options)[KITTY_MULTIPLIER] == "power":
        return 2 if cards_per_player == 1 else 2 ** (cards_per_player // 2 + 1)
    return 2 * cards_per_player
