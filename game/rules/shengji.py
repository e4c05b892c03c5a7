"""Shengji (Tractor): the rules engine (shared/spec/shengji.md, rule ids S1–S5).

Public API (rules-api.md, "Shengji"): :class:`Trump`, :func:`lead_format`,
:func:`is_legal_follow`, :func:`trick_winner`, :func:`declaration_strength`,
:func:`deal_outcome`, :func:`kitty_multiplier`; the state protocol through :func:`new_deal`
and :func:`new_match`; :func:`sample_state` for the search bot.

Phases of a deal (``state.phase``): ``"declare"`` (S2.3–S2.6), ``"bury"`` (S2.7), ``"play"``
(S4), ``"over"`` (S5). Action kinds: ``"pass"`` and ``"declare"`` while declaring, ``"bury"``
(exactly 8 cards), ``"play"``. Lead actions carry a :class:`Format` as ``combo``; follows
carry ``combo=None`` (a follow need not have any shape).

Reason codes (``IllegalActionError.reason``; the English sentence is the locale key
``reason.shengji.<code>`` in locale/en.toml, placeholders from ``details``):
``deal_over`` the deal has ended; ``wrong_phase`` that kind of action is not
allowed in this phase; ``not_in_hand`` the player does not hold these cards;
``empty_play`` no cards chosen; ``not_a_declaration`` the cards declare
nothing (S2.3); ``declaration_too_weak`` not stronger than the standing declaration;
``bury_count`` a bury of other than 8 cards; ``lead_mixed_suits`` a lead of
cards from several effective suits (S4.2); ``not_a_lead`` cards of one suit that are
not a single, a pair or a tractor (S4.2, S4.3); ``wrong_count`` a follow of another
size than the lead (S4.1); ``must_follow_suit`` other cards played while holding
enough of the led suit (S4.4); ``must_play_all_suit`` too few cards of the led suit,
and not all of them played (S4.4); ``must_play_pairs`` too few pairs of the led suit
(S4.4); ``deal_not_over`` ``match.advance()`` before the deal ended;
``match_over`` the match has been won.

Choices where the spec is silent (also in the tests):
- Declaring (S2.3): any declaration strictly stronger than the standing one is legal; equal
  strength never overcalls. Under S2.4 the turn never returns to a player whose declaration
  still stands (its three successors either all pass, fixing the trump, or one overcalls it),
  so the "strengthen its own declaration" case of S2.3 never arises in play; the code would
  accept any stronger declaration there (tests/test_shengji_spec.py checks the turn order).
- Kitty with only jokers (S2.5): impossible, since the pack has 4 jokers and the kitty 8
  cards; a scripted kitty that somehow held no suited card would give no-trump.
- Defenders' points (S5.1) are the point cards in tricks the defenders won plus the points
  buried in the kitty, so ``attackers' trick points + defender_points == 200`` always; the
  kitty bonus (S5.2) is added to the attackers only.
- Outcome (S5.3) for points above 200 (kitty bonus): the same rule, one more level per 40.
- Levels (S1.3): a team at A that takes over without promotion stays at A; only a promotion
  beyond A wins. ``match.levels`` keeps "A" for the winner.
- Voids shown (for views and sampling): a follower who plays fewer cards of the led effective
  suit than the lead is void in that suit from then on. Nothing else is inferred.
- Legal follows: when a follow has at most ``FOLLOW_EXACT_LIMIT`` legal distinct card sets,
  ``legal_actions()`` lists them all. Otherwise it lists (a) every play that could win the
  trick (a play of the lead's shape in the led suit, or in trumps when void in a non-trump
  led suit) and (b) for every *shape* -- how many cards come from each effective suit and how
  many pairs among them -- two representatives: the cheapest cards (fewest points, lowest
  strength) and the richest (most points, lowest strength). ``apply`` and ``actions_for``
  accept every legal play.
- Burying: ``legal_actions()`` lists a few sensible buries (lowest cards; voiding the
  shortest side suits; the kitty as dealt); ``apply``/``actions_for`` accept any 8 cards.
- Speed: ``apply`` skips its checks for an action object taken from the state's current
  ``legal_actions()`` list (random play and search rollouts); any other action is checked.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from game.rules import validate
from game.rules.base import Action, Phase, Record
from game.rules.cards import RANKS, SUITS, Card, as_cards, double_pack, format_cards
from game.rules.errors import BadArgumentError, IllegalActionError, RulesError

__all__ = [
    "REASONS",
    "Trump",
    "Format",
    "Declaration",
    "Trick",
    "DealResult",
    "ShengjiState",
    "ShengjiView",
    "Match",
    "lead_format",
    "legal_follows",
    "is_legal_follow",
    "trick_winner",
    "declaration_strength",
    "deal_outcome",
    "kitty_multiplier",
    "card_points",
    "new_deal",
    "new_match",
    "rewind_play",
    "sample_state",
]

TRUMP = "trump"
#: Every ``IllegalActionError.reason`` this engine raises (module docstring).
REASONS: tuple[str, ...] = (
    "deal_over",
    "wrong_phase",
    "not_in_hand",
    "empty_play",
    "not_a_declaration",
    "declaration_too_weak",
    "bury_count",
    "lead_mixed_suits",
    "not_a_lead",
    "wrong_count",
    "must_follow_suit",
    "must_play_all_suit",
    "must_play_pairs",
    "deal_not_over",
    "match_over",
)
HAND_SIZE = 25
KITTY_SIZE = 8
TOTAL_POINTS = 200
#: Largest number of legal follows that ``legal_actions()`` lists exhaustively.
FOLLOW_EXACT_LIMIT = 120

_POINTS = {"5": 5, "T": 10, "K": 10}
_BJ = Card("BJ")
_RJ = Card("RJ")
_ALL_CARDS: tuple[Card, ...] = tuple(sorted(set(double_pack()), key=lambda c: c.index))
_INDEX: dict[Card, int] = {card: card.index for card in _ALL_CARDS}


_CARD_POINTS: dict[Card, int] = {card: _POINTS.get(card.rank, 0) for card in _ALL_CARDS}


def card_points(card: Card) -> int:
    """Points of one card (S5.1): 5 for a five, 10 for a ten or a king, else 0."""
    try:
        return _POINTS.get(card.rank, 0)
    except (AttributeError, TypeError):
        raise BadArgumentError(f"not a card: {card!r:.60}") from None


def points_of(cards: Iterable[Card]) -> int:
    """Total points of ``cards`` (S5.1)."""
    return sum(_POINTS.get(card.rank, 0) for card in cards)


# --- Trump: card order, effective suit, adjacency (S3, S4.3) -------------------------------


class Trump:
    """Card order of one deal: the level rank and the trump suit (``None``: no-trump).

    Every card gets an effective suit (S3.4) and a *step*: its strength inside its effective
    suit with the level rank taken out (S3, S4.3). Side suits use steps 0..11 (2..A without
    the level). Trumps continue the trump suit's 0..11 with: off-suit level cards 12 (all
    equal), trump-suit level cards 13, Black Joker 14, Red Joker 15; in no-trump the level
    cards are 12, BJ 13 and RJ 14. Two pairs are consecutive when their steps differ by one;
    :meth:`runs` is the one place that applies this (lead format, lead actions, follows, bots).
    """

    # Public read-only attributes (``__setattr__`` refuses writes: deals share one Trump). The
    # tables are indexed by ``card.index`` for the hot loops (one tuple lookup per card).
    __slots__ = (
        "level",
        "suit",
        "effective_suits",  # effective_suit() of every card
        "steps",  # step() of every card
        "sort_key",  # key function: side suits grouped, trumps last, by strength
        "single_leads",  # the single lead action of every card (built once)
        "pair_leads",  # the pair lead action of every card
        "single_follows",  # the one-card follow action of every card
    )

    def __init__(self, level: str, suit: str | None) -> None:
        if level not in RANKS:
            raise RulesError(f"no such level rank: {level!r}")
        if suit is not None and suit not in SUITS:
            raise RulesError(f"no such trump suit: {suit!r}")
        others = [rank for rank in RANKS if rank != level]
        eff: list[str] = [""] * 54
        step: list[int] = [0] * 54
        order: list[int] = [0] * 54
        for card in _ALL_CARDS:
            i = card.index
            if card.suit is None:
                eff[i] = TRUMP
                base = 13 if suit is None else 14
                step[i] = base + (card.rank == "RJ")
            elif card.rank == level:
                eff[i] = TRUMP
                step[i] = 13 if card.suit == suit else 12
            else:
                eff[i] = TRUMP if card.suit == suit else card.suit
                step[i] = others.index(card.rank)
            # Display/canonical order: side suits by suit, trumps above them.
            group = 4 if eff[i] == TRUMP else SUITS.index(card.suit)
            order[i] = group * 1000 + step[i] * 10 + (SUITS.index(card.suit) if card.suit else 0)
        single: list[Action | None] = [None] * 54
        pair: list[Action | None] = [None] * 54
        for card in _ALL_CARDS:
            i = card.index
            single[i] = Action("play", (card,), Format("single", eff[i], 0, step[i], 1))
            pair[i] = Action("play", (card, card), Format("pair", eff[i], 1, step[i], 2))
        fields = {
            "level": level,
            "suit": suit,
            "effective_suits": tuple(eff),
            "steps": tuple(step),
            # a dict's C-level __getitem__ keeps sorting by this key fast
            "sort_key": {card: order[card.index] for card in _ALL_CARDS}.__getitem__,
            "single_leads": tuple(single),
            "pair_leads": tuple(pair),
            "single_follows": tuple(Action("play", (card,)) for card in _ALL_CARDS),
        }
        for name, value in fields.items():
            object.__setattr__(self, name, value)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"Trump is read-only: cannot set {name!r}")

    def __reduce__(self) -> tuple[type[Trump], tuple[str, str | None]]:
        return Trump, (self.level, self.suit)

    @classmethod
    def shared(cls, level: str, suit: str | None) -> Trump:
        """The one shared ``Trump(level, suit)`` (they are immutable; building one costs)."""
        return _shared_trump(level, suit)

    def __repr__(self) -> str:
        return f"Trump({self.level!r}, {self.suit!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Trump) and (self.level, self.suit) == (other.level, other.suit)

    def __hash__(self) -> int:
        return hash((self.level, self.suit))

    def is_trump(self, card: Card) -> bool:
        """Whether ``card`` is a trump (S3.1, S3.2)."""
        return self.effective_suits[card.index] == TRUMP

    def effective_suit(self, card: Card) -> str:
        """``"trump"`` for a trump, otherwise the card's suit (S3.4)."""
        return self.effective_suits[card.index]

    def step(self, card: Card) -> int:
        """Strength of ``card`` inside its effective suit, counted in adjacency steps (S4.3)."""
        return self.steps[card.index]

    @staticmethod
    def runs(steps: Collection[int]) -> Iterator[tuple[int, int]]:
        """The maximal runs of consecutive ``steps`` (S4.3) as (lowest, highest), in the order
        their lowest steps come in ``steps``; a repeated lowest step yields its run again."""
        for low in steps:
            if low - 1 in steps:
                continue  # not the lowest step of its run
            high = low
            while high + 1 in steps:
                high += 1
            yield low, high

    def pairs_by_step(self, pairs: Iterable[Card]) -> dict[str, dict[int, list[Card]]]:
        """Pair cards by effective suit, then by step (off-suit level cards share one), in the
        order given: what :meth:`runs` and :meth:`chains` build tractors from."""
        eff = self.effective_suits
        step = self.steps
        by_suit: dict[str, dict[int, list[Card]]] = {}
        for card in pairs:
            i = card.index
            by_suit.setdefault(eff[i], {}).setdefault(step[i], []).append(card)
        return by_suit

    @staticmethod
    def chains(steps: Mapping[int, list[Card]], low: int, high: int) -> Iterator[list[Card]]:
        """Every tractor over the steps ``low``..``high`` of ``steps`` (one suit's
        :meth:`pairs_by_step`): one pair card per step, low to high."""
        if low > high:
            yield []
            return
        for card in steps[low]:
            for rest in Trump.chains(steps, low + 1, high):
                yield [card, *rest]

    def compare(self, a: Card, b: Card) -> int:
        """-1, 0 or 1 as ``a`` is weaker than, as strong as, or stronger than ``b`` when both
        are in the same effective suit; a trump beats a non-trump; two different side suits
        compare as equal (neither can beat the other)."""
        ea, eb = self.effective_suits[a.index], self.effective_suits[b.index]
        if ea != eb:
            if ea == TRUMP:
                return 1
            if eb == TRUMP:
                return -1
            return 0
        sa, sb = self.steps[a.index], self.steps[b.index]
        return (sa > sb) - (sa < sb)

    def sorted(self, cards: Iterable[Card], *, strongest_first: bool = True) -> list[Card]:
        """``cards`` sorted by ``sort_key``."""
        return sorted(cards, key=self.sort_key, reverse=strongest_first)


@dataclass(frozen=True, slots=True)
class Format:
    """A legal lead (S4.2): ``kind`` single/pair/tractor, ``suit`` its effective suit,
    ``pairs`` the number of pairs (0 for a single), ``high`` the step of its strongest card
    (S4.3) and ``length`` the number of cards."""

    kind: str
    suit: str
    pairs: int
    high: int
    length: int

    @property
    def rank(self) -> int:
        """Alias of ``high`` (Combo-like)."""
        return self.high


_TRUMPS: dict[tuple[str, str | None], Trump] = {}


def _shared_trump(level: str, suit: str | None) -> Trump:
    """One Trump per (level, suit) for the engine's deals (they are immutable)."""
    trump = _TRUMPS.get((level, suit))
    if trump is None:
        trump = _TRUMPS[(level, suit)] = Trump(level, suit)
    return trump


def _trump_of(trump: Trump) -> Trump:
    if not isinstance(trump, Trump):
        raise RulesError(f"expected a Trump, got {trump!r}")
    return trump


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


def _follow_problem(
    hand: dict[Card, int], lead: list[Card], play: list[Card], trump: Trump
) -> tuple[str, dict[str, Any]] | None:
    """Why ``play`` is not a legal follow to ``lead`` from ``hand`` (S4.4), or None."""
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
    elif played < held:
        return "must_play_all_suit", {"suit": suit, "count": held}
    return None


def is_legal_follow(
    hand: Iterable[Card] | str,
    lead: Iterable[Card] | str,
    play: Iterable[Card] | str,
    trump: Trump,
) -> bool:
    """Whether ``play`` (part of ``hand``) legally follows ``lead`` (S4.1, S4.4)."""
    lead_cards = as_cards(lead)
    if not lead_cards:
        raise RulesError("a follow needs a lead")
    return _follow_problem(_count(as_cards(hand)), lead_cards, as_cards(play), trump) is None


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


def kitty_multiplier(cards_per_player: int) -> int:
    """Kitty bonus multiplier for a last trick of that many cards per player (S5.2)."""
    if not validate.is_int(cards_per_player):
        raise BadArgumentError(f"cards per player must be an integer, not {cards_per_player!r:.60}")
    if cards_per_player < 1:
        raise RulesError(f"a trick has at least one card per player, not {cards_per_player}")
    return 2 * cards_per_player


# --- Records of a deal ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Declaration:
    """A declaration made in the declaring round (S2.3)."""

    seat: int
    cards: tuple[Card, ...]
    strength: int

    @property
    def suit(self) -> str | None:
        """The trump suit it names (``None``: no-trump)."""
        return self.cards[0].suit


@dataclass(frozen=True, slots=True)
class Trick:
    """A finished trick: who led, the plays in turn order, the winner and its points."""

    leader: int
    plays: tuple[tuple[int, tuple[Card, ...]], ...]
    winner: int
    points: int


@dataclass(frozen=True, slots=True)
class DealResult:
    """The end of a deal (S5).

    ``trick_points`` the attackers' points from tricks; ``defender_points`` the defenders'
    trick points plus the kitty's points (so the two add to 200); ``attacker_points`` the
    attackers' final points with the kitty bonus; ``outcome`` ``"defenders"`` or
    ``"attackers"``, ``winning_team`` its team number, ``levels_gained`` its promotion
    (S5.3); ``next_dealer`` the dealer of the next deal.
    """

    level: str
    trump_suit: str | None
    dealer: int
    attackers: int
    trick_points: int
    defender_points: int
    kitty: tuple[Card, ...]
    kitty_points: int
    kitty_multiplier: int
    kitty_bonus: int
    attacker_points: int
    last_trick_winner: int
    outcome: str
    winning_team: int
    levels_gained: int
    next_dealer: int

    def returns(self) -> tuple[float, ...]:
        """Levels gained by each seat's team, negative for the losing team (S5.3)."""
        won = float(self.levels_gained)
        return tuple(won if seat % 2 == self.winning_team else -won for seat in range(4))


@dataclass(frozen=True, slots=True)
class ShengjiView:
    """What one seat may know (rules-api.md ``state.view``).

    ``hand`` the seat's own cards (strongest first when trump is known); ``hand_sizes`` every
    seat's card count; ``kitty`` the buried cards, only for the dealer after burying, or for
    everyone once the deal is over; ``revealed_kitty`` the kitty shown by S2.5 (the cards the
    dealer took; None when none was shown); ``tricks`` finished tricks, ``trick`` the current
    one as (seat, cards); ``voids`` per seat the effective suits it has shown void;
    ``history`` the public log (a bury's cards are hidden from all but the dealer).
    """

    seat: int
    phase: Phase
    level: str
    trump: Trump | None
    dealer: int | None
    starting_seat: int | None
    first_declarer: int | None
    current_player: int | None
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    declarations: tuple[Declaration, ...]
    standing: Declaration | None
    revealed_kitty: tuple[Card, ...] | None
    kitty: tuple[Card, ...] | None
    tricks: tuple[Trick, ...]
    trick: tuple[tuple[int, tuple[Card, ...]], ...]
    leader: int | None
    lead: Format | None
    team_points: tuple[int, int]
    voids: tuple[frozenset[str], ...]
    history: tuple[Record, ...]
    result: DealResult | None

    @property
    def hand_counts(self) -> tuple[int, ...]:
        """Every seat's card count (the protocol's name for ``hand_sizes``)."""
        return self.hand_sizes

    @property
    def attackers(self) -> int | None:
        """The attacking team (S1.2), once the dealer is known."""
        return None if self.dealer is None else (self.dealer + 1) % 2

    @property
    def attacker_points(self) -> int:
        """Points the attackers have won in tricks so far."""
        return 0 if self.dealer is None else self.team_points[(self.dealer + 1) % 2]

    def played_cards(self) -> list[Card]:
        """Every card played so far, finished tricks first."""
        cards = [card for trick in self.tricks for _, play in trick.plays for card in play]
        cards += [card for _, play in self.trick for card in play]
        return cards


# --- The deal ---------------------------------------------------------------------------------


def _canon(cards: Iterable[Card], trump: Trump | None) -> tuple[Card, ...]:
    if trump is None:
        return tuple(sorted(cards, key=_INDEX.__getitem__, reverse=True))
    return tuple(sorted(cards, key=trump.sort_key, reverse=True))


def _expand(counts: dict[Card, int]) -> list[Card]:
    return [card for card, count in counts.items() for _ in range(count)]


def _suit_name(suit: str) -> str:
    return {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}.get(suit, "trumps")


class ShengjiState:
    """One deal of Shengji through the state protocol (rules-api.md).

    Build it with :func:`new_deal`. ``phase`` is ``declare``/``bury``/``play``/``over``;
    ``current_player`` is None once the deal is over and ``result`` is a :class:`DealResult`.
    """

    def __init__(self) -> None:
        # Filled by new_deal / sample_state / clone.
        self.seed: int | None = None
        self.deal_args: dict[str, Any] = {}
        self.level = "2"
        self.hands: list[dict[Card, int]] = [{}, {}, {}, {}]
        self.kitty: list[Card] = []
        self.dealt_kitty: tuple[Card, ...] = ()
        self.dealer: int | None = None
        self.starting_seat: int | None = None
        self.phase = Phase.DECLARE
        self._turn: int | None = 0
        self.declarations: list[Declaration] = []
        self.standing: Declaration | None = None
        self.first_declarer: int | None = None
        self._passes = 0
        self.revealed_kitty: tuple[Card, ...] | None = None
        self.trump: Trump | None = None
        self.tricks: list[Trick] = []
        self.trick: list[tuple[int, tuple[Card, ...]]] = []
        self.leader: int | None = None
        self.lead: Format | None = None
        self.team_points = [0, 0]
        self.voids: list[set[str]] = [set(), set(), set(), set()]
        self.result: DealResult | None = None
        self.log: list[Record] = []
        # The last legal_actions() list and the ids of its actions: apply() trusts an action
        # that is one of these very objects (search rollouts and random play) and skips the
        # checks. Every change of the state clears it (see _changed).
        self._legal: list[Action] | None = None
        self._legal_ids: frozenset[int] = frozenset()

    # -- protocol basics --

    @property
    def current_player(self) -> int | None:
        return self._turn

    @property
    def is_terminal(self) -> bool:
        return self.phase == "over"

    @property
    def attackers(self) -> int | None:
        return None if self.dealer is None else (self.dealer + 1) % 2

    @property
    def attacker_points(self) -> int:
        """The attackers' points from tricks so far (before any kitty bonus)."""
        return 0 if self.dealer is None else self.team_points[(self.dealer + 1) % 2]

    @property
    def hand_counts(self) -> tuple[int, ...]:
        return tuple(sum(hand.values()) for hand in self.hands)

    @property
    def finish_order(self) -> tuple[int, ...]:
        """Nobody goes out in Shengji: every seat plays to the last trick."""
        return ()

    def returns(self) -> tuple[float, ...]:
        """The finished deal's levels per seat (``DealResult.returns``), zeros before."""
        return self.result.returns() if self.result is not None else (0.0,) * 4

    def hand(self, seat: int) -> list[Card]:
        """Seat's cards, strongest first (by the trump once known)."""
        return list(_canon(_expand(self.hands[validate.seat(seat, 4)]), self.trump))

    def clone(self) -> ShengjiState:
        other = ShengjiState.__new__(ShengjiState)
        other.__dict__.update(self.__dict__)
        other.deal_args = dict(self.deal_args)
        other.hands = [dict(hand) for hand in self.hands]
        other.kitty = list(self.kitty)
        other.declarations = list(self.declarations)
        other.tricks = list(self.tricks)
        other.trick = list(self.trick)
        other.team_points = list(self.team_points)
        other.voids = [set(v) for v in self.voids]
        other.log = list(self.log)
        return other

    def __repr__(self) -> str:
        return (
            f"<ShengjiState phase={self.phase} level={self.level} trump={self.trump} "
            f"dealer={self.dealer} turn={self._turn}>"
        )

    # -- errors --

    def _error(self, code: str, message: str, **details: Any) -> IllegalActionError:
        seat = self._turn
        return IllegalActionError(
            f"seat {seat} cannot {message}", reason=code, player=seat, **details
        )

    # -- legal actions --

    def legal_actions(self) -> list[Action]:
        """The current player's legal actions (see the module docstring for the grouping of
        follows and buries)."""
        legal = self._legal
        if legal is None:
            legal = self._list_actions()
            self._legal = legal
            # The list keeps its actions alive, so their ids stay unique while it is cached.
            self._legal_ids = frozenset(map(id, legal))
        return list(legal)

    def _list_actions(self) -> list[Action]:
        if self.phase == "declare":
            return self._declare_actions()
        if self.phase == "bury":
            return self._bury_actions()
        if self.phase == "play":
            hand = self.hands[self._turn]  # type: ignore[index]
            if not self.trick:
                return self._lead_actions(hand)
            single = self.trump.single_follows  # type: ignore[union-attr]
            return [
                single[cards[0].index] if len(cards) == 1 else Action("play", cards)
                for cards in self._follow_plays(hand)
            ]
        return []

    def _changed(self) -> None:
        """Forget the cached legal actions (the state is about to change)."""
        self._legal = None
        self._legal_ids = frozenset()

    def _declare_actions(self) -> list[Action]:
        hand = self.hands[self._turn]  # type: ignore[index]
        floor = self.standing.strength if self.standing else 0
        actions = [Action("pass")]
        level_cards = sorted(
            (c for c in hand if c.rank == self.level and c.suit is not None),
            key=lambda c: SUITS.index(c.suit),  # type: ignore[arg-type]
        )
        if floor < 1:
            actions += [Action("declare", (card,)) for card in level_cards]
        if floor < 2:
            actions += [Action("declare", (c, c)) for c in level_cards if hand[c] == 2]
        if floor < 3 and hand.get(_BJ, 0) == 2:
            actions.append(Action("declare", (_BJ, _BJ)))
        if floor < 4 and hand.get(_RJ, 0) == 2:
            actions.append(Action("declare", (_RJ, _RJ)))
        return actions

    def _bury_actions(self) -> list[Action]:
        trump = self.trump
        assert trump is not None
        hand = self.hands[self._turn]  # type: ignore[index]
        cards = _expand(hand)
        step = trump.steps
        eff = trump.effective_suits

        order = trump.sort_key
        # cheapest to bury first; the order key makes ties independent of hand order
        costs = {
            card: (
                eff[card.index] == TRUMP,
                _CARD_POINTS[card],
                step[card.index],
                order(card),
            )
            for card in hand
        }
        cost = costs.__getitem__

        options: list[tuple[Card, ...]] = []
        lowest = sorted(cards, key=cost)
        options.append(tuple(lowest[:KITTY_SIZE]))
        # Void the shortest side suits first (points kept unless the suit goes whole).
        by_suit: dict[str, list[Card]] = {}
        for card in cards:
            if eff[card.index] != TRUMP:
                by_suit.setdefault(eff[card.index], []).append(card)
        suits = sorted(by_suit, key=lambda s: (len(by_suit[s]), SUITS.index(s)))
        for take in range(1, len(suits) + 1):
            chosen: list[Card] = []
            for suit in suits[:take]:
                chosen += sorted(by_suit[suit], key=cost)
            if len(chosen) > KITTY_SIZE and take > 1:
                break
            rest = _count(cards)
            for card in chosen[:KITTY_SIZE]:
                rest[card] -= 1
            fill = sorted(_expand(rest), key=cost)
            options.append(tuple((chosen[:KITTY_SIZE] + fill)[:KITTY_SIZE]))
        # Low cards without points (keeps points out of the kitty).
        safe = [c for c in lowest if card_points(c) == 0]
        if len(safe) >= KITTY_SIZE:
            options.append(tuple(safe[:KITTY_SIZE]))
        options.append(tuple(self.dealt_kitty))
        seen: set[tuple[Card, ...]] = set()
        actions = []
        for option in options:
            key = _canon(option, trump)
            if len(key) == KITTY_SIZE and key not in seen and _contains(hand, key):
                seen.add(key)
                actions.append(Action("bury", key))
        return actions

    def _lead_actions(self, hand: dict[Card, int]) -> list[Action]:
        trump = self.trump
        assert trump is not None
        single = trump.single_leads
        pair = trump.pair_leads
        canon = _canon(hand, trump)  # distinct cards, strongest first
        actions = [single[c.index] for c in canon]
        pairs = [card for card in canon if hand[card] == 2]
        actions += [pair[card.index] for card in pairs]
        if len(pairs) < 2:
            return actions  # no tractor without two pairs
        for suit, steps in trump.pairs_by_step(pairs).items():
            for low, high in Trump.runs(steps):
                for start in range(low, high):
                    for end in range(start + 1, high + 1):
                        for chain in Trump.chains(steps, start, end):
                            cards = tuple(c for card in reversed(chain) for c in (card, card))
                            fmt = Format("tractor", suit, end - start + 1, end, len(cards))
                            actions.append(Action("play", cards, fmt))
        return actions

    def _follow_plays(self, hand: dict[Card, int]) -> list[tuple[Card, ...]]:
        assert self.trump is not None and self.lead is not None
        return _follow_plays(hand, self.lead, self.trump)

    # -- explain / actions_for --

    def _problem(self, action: Action) -> IllegalActionError | None:
        """Why ``action`` is illegal now, or None."""
        kind = action.kind
        cards = list(action.cards)
        seat = self._turn
        if self.phase == "over":
            return IllegalActionError(f"no one can {kind}: the deal is over", reason="deal_over")
        if self.phase == "declare":
            if kind == "pass":
                return (
                    None
                    if not cards
                    else self._error(
                        "wrong_phase", f"pass with cards {format_cards(cards)!r}", action=kind
                    )
                )
            if kind != "declare":
                return self._error(
                    "wrong_phase", f"{kind} while trumps are being declared", action=kind
                )
            text = format_cards(cards)
            strength = declaration_strength(cards, self.level)
            if strength == 0:
                return self._error(
                    "not_a_declaration",
                    f"declare {text!r}: it is not a level-{self.level} card, a pair of them "
                    f"or a pair of jokers",
                    cards=text,
                    level=self.level,
                )
            if not _contains(self.hands[seat], cards):  # type: ignore[index]
                return self._error("not_in_hand", f"declare {text!r}: not in hand", cards=text)
            if self.standing is not None and strength <= self.standing.strength:
                standing = format_cards(self.standing.cards)
                return self._error(
                    "declaration_too_weak",
                    f"declare {text!r}: it is not stronger than {standing!r}",
                    cards=text,
                    standing=standing,
                )
            return None
        if self.phase == "bury":
            if kind != "bury":
                return self._error("wrong_phase", f"{kind} before burying the kitty", action=kind)
            text = format_cards(cards)
            if len(cards) != KITTY_SIZE:
                return self._error(
                    "bury_count",
                    f"bury {len(cards)} cards: exactly {KITTY_SIZE} must be buried",
                    count=KITTY_SIZE,
                    chosen=len(cards),
                )
            if not _contains(self.hands[seat], cards):  # type: ignore[index]
                return self._error("not_in_hand", f"bury {text!r}: not in hand", cards=text)
            return None
        # play
        if kind != "play":
            return self._error("wrong_phase", f"{kind} during the play of tricks", action=kind)
        if not cards:
            return self._error("empty_play", "play no cards")
        hand = self.hands[seat]  # type: ignore[index]
        trump = self.trump
        assert trump is not None
        if not self.trick:
            if _contains(hand, cards) and _format(cards, trump) is not None:
                return None
            text = format_cards(cards)
            if not _contains(hand, cards):
                return self._error("not_in_hand", f"play {text!r}: not in hand", cards=text)
            if _format(cards, trump) is None:
                suits = {trump.effective_suits[c.index] for c in cards}
                if len(suits) > 1:
                    return self._error(
                        "lead_mixed_suits",
                        f"lead {text!r}: a lead must be in one suit (trumps count as one)",
                        cards=text,
                    )
                return self._error(
                    "not_a_lead",
                    f"lead {text!r}: a lead is a single, a pair or a tractor",
                    cards=text,
                )
            return None
        lead_cards = list(self.trick[0][1])
        problem = _follow_problem(hand, lead_cards, cards, trump)
        if problem is None:
            return None
        code, details = problem
        text = format_cards(cards)
        lead_text = format_cards(lead_cards)
        suit = details.get("suit", "")
        messages = {
            "wrong_count": f"play {text!r}: {len(lead_cards)} cards must follow {lead_text!r}",
            "not_in_hand": f"play {text!r}: not in hand",
            "must_follow_suit": f"play {text!r}: it holds enough {_suit_name(suit)} and must "
            f"follow {lead_text!r} with them",
            "must_play_all_suit": f"play {text!r}: it must play all its {_suit_name(suit)} "
            f"to {lead_text!r}",
            "must_play_pairs": f"play {text!r}: it must play {details.get('pairs')} "
            f"{'pair' if details.get('pairs') == 1 else 'pairs'} of {_suit_name(suit)} "
            f"to {lead_text!r}",
        }
        return self._error(code, messages[code], cards=text, lead=lead_text, **details)

    def explain(self, cards: Iterable[Card] | str) -> IllegalActionError | None:
        """Why the current player cannot use exactly these cards now, or None when some legal
        action uses them (an empty selection means a pass while declaring)."""
        items = validate.cards(cards)
        if self.phase == "declare":
            action = Action("declare" if items else "pass", tuple(items))
        elif self.phase == "bury":
            action = Action("bury", tuple(items))
        else:
            action = Action("play", tuple(items))
        return self._problem(action)

    def actions_for(self, cards: Iterable[Card] | str) -> list[Action]:
        """The legal actions that use exactly ``cards`` (``[]`` when none)."""
        items = validate.cards(cards)
        if self.explain(items) is not None:
            return []
        if self.phase == "declare":
            return [Action("declare", tuple(items))] if items else [Action("pass")]
        if self.phase == "bury":
            return [Action("bury", _canon(items, self.trump))]
        canon = _canon(items, self.trump)
        combo = _format(list(canon), self.trump) if not self.trick else None  # type: ignore[arg-type]
        return [Action("play", canon, combo)]

    # -- applying --

    def apply(self, action: Action) -> None:
        """Apply ``action`` for the current player; raises IllegalActionError (and changes
        nothing) when it is not legal."""
        # Fast path: an action object taken from the current legal_actions() list is legal
        # and already canonical (cards strongest first, a lead's Format as its combo).
        trusted = id(action) in self._legal_ids
        if not trusted:
            validate.action(action, Format)
            problem = self._problem(action)
            if problem is not None:
                raise problem
        seat = self._turn
        assert seat is not None
        self._changed()
        if self.phase == "declare":
            self._apply_declare(seat, action)
        elif self.phase == "bury":
            self._apply_bury(seat, action)
        else:
            self._apply_play(seat, action, trusted)

    def _take(self, seat: int, cards: Iterable[Card]) -> None:
        hand = self.hands[seat]
        for card in cards:
            count = hand[card] - 1
            if count:
                hand[card] = count
            else:
                del hand[card]

    def _apply_declare(self, seat: int, action: Action) -> None:
        self.log.append(Record(seat, Action(action.kind, tuple(action.cards))))
        if action.kind == "declare":
            strength = declaration_strength(action.cards, self.level)
            declaration = Declaration(seat, tuple(action.cards), strength)
            self.declarations.append(declaration)
            self.standing = declaration
            if self.first_declarer is None:
                self.first_declarer = seat
            self._passes = 0
        else:
            self._passes += 1
        if self.standing is not None and self._passes >= 3:
            # S2.4 three passes fix the trump; S2.6 the first declarer deals the first deal.
            if self.dealer is None:
                self.dealer = self.first_declarer
            self._start_bury(_shared_trump(self.level, self.standing.suit))
        elif self.standing is None and self._passes >= 4:
            # S2.5 the kitty is shown; its first suited card names trump.
            if self.dealer is None:
                self.dealer = self.starting_seat
            self.revealed_kitty = tuple(self.kitty)
            self.log.append(Record(None, Action("reveal", tuple(self.kitty)), auto=True))
            suit = next((c.suit for c in self.kitty if c.suit is not None), None)
            self._start_bury(_shared_trump(self.level, suit))
        else:
            self._turn = (seat + 1) % 4

    def _start_bury(self, trump: Trump) -> None:
        self.trump = trump
        dealer = self.dealer
        assert dealer is not None
        hand = self.hands[dealer]
        for card in self.kitty:
            hand[card] = hand.get(card, 0) + 1
        self.log.append(Record(dealer, Action("take", tuple(self.kitty)), auto=True))
        self.kitty = []
        self.phase = Phase.BURY
        self._turn = dealer

    def _apply_bury(self, seat: int, action: Action) -> None:
        cards = _canon(action.cards, self.trump)
        self._take(seat, cards)
        self.kitty = list(cards)
        self.log.append(Record(seat, Action("bury", cards)))
        self.phase = Phase.PLAY
        self.leader = seat
        self._turn = seat

    def _apply_play(self, seat: int, action: Action, trusted: bool = False) -> None:
        trump = self.trump
        assert trump is not None
        cards = action.cards if trusted else _canon(action.cards, trump)
        if not self.trick:
            self.lead = action.combo if trusted else _format(list(cards), trump)
            combo = self.lead
        else:
            combo = None
            lead = self.lead
            assert lead is not None
            eff = trump.effective_suits
            suit = lead.suit
            if lead.length == 1:
                short = eff[cards[0].index] != suit
            else:
                short = sum(1 for c in cards if eff[c.index] == suit) < lead.length
            if short:
                self.voids[seat].add(suit)
        self._take(seat, cards)
        self.trick.append((seat, cards))
        if not trusted and (action.cards != cards or action.combo != combo):
            action = Action("play", cards, combo)
        self.log.append(Record(seat, action))
        if len(self.trick) < 4:
            self._turn = (seat + 1) % 4
            return
        plays = [play for _, play in self.trick]
        winner_index = _winner(plays, trump, self.lead)  # type: ignore[arg-type]
        winner = self.trick[winner_index][0]
        points = sum(_CARD_POINTS[card] for play in plays for card in play)
        self.team_points[winner % 2] += points
        self.tricks.append(Trick(self.leader, tuple(self.trick), winner, points))  # type: ignore[arg-type]
        n = len(cards)
        self.trick = []
        self.lead = None
        self.leader = winner
        if any(self.hands[s] for s in range(4)):
            self._turn = winner
        else:
            self._finish(winner, n)

    def _finish(self, last_winner: int, cards_per_player: int) -> None:
        dealer = self.dealer
        assert dealer is not None and self.trump is not None
        attackers = (dealer + 1) % 2
        trick_points = self.team_points[attackers]
        kitty_points = points_of(self.kitty)
        multiplier = kitty_multiplier(cards_per_player)
        bonus = kitty_points * multiplier if last_winner % 2 == attackers else 0
        total = trick_points + bonus
        outcome, gained = deal_outcome(total)
        if outcome == "defenders":
            team, next_dealer = dealer % 2, (dealer + 2) % 4
        else:
            team, next_dealer = attackers, (dealer + 1) % 4
        self.result = DealResult(
            level=self.level,
            trump_suit=self.trump.suit,
            dealer=dealer,
            attackers=attackers,
            trick_points=trick_points,
            defender_points=self.team_points[dealer % 2] + kitty_points,
            kitty=tuple(self.kitty),
            kitty_points=kitty_points,
            kitty_multiplier=multiplier,
            kitty_bonus=bonus,
            attacker_points=total,
            last_trick_winner=last_winner,
            outcome=outcome,
            winning_team=team,
            levels_gained=gained,
            next_dealer=next_dealer,
        )
        self.phase = Phase.OVER
        self._turn = None

    # -- views --

    def view(self, seat: int) -> ShengjiView:
        """What ``seat`` may know now."""
        validate.seat(seat, 4)
        kitty: tuple[Card, ...] | None = None
        if self.phase == "over" or (self.phase == "play" and seat == self.dealer):
            kitty = tuple(self.kitty)
        history = []
        for record in self.log:
            if record.action.kind == "bury" and seat != self.dealer and self.phase != "over":
                record = Record(record.seat, Action("bury"), record.auto)
            elif (
                record.action.kind == "take"
                and seat != self.dealer
                and self.revealed_kitty is None
                and self.phase != "over"
            ):
                record = Record(record.seat, Action("take"), record.auto)
            history.append(record)
        return ShengjiView(
            seat=seat,
            phase=self.phase,
            level=self.level,
            trump=self.trump,
            dealer=self.dealer,
            starting_seat=self.starting_seat,
            first_declarer=self.first_declarer,
            current_player=self._turn,
            hand=_canon(_expand(self.hands[seat]), self.trump),
            hand_sizes=tuple(sum(h.values()) for h in self.hands),
            declarations=tuple(self.declarations),
            standing=self.standing,
            revealed_kitty=self.revealed_kitty,
            kitty=kitty,
            tricks=tuple(self.tricks),
            trick=tuple(self.trick),
            leader=self.leader,
            lead=self.lead,
            team_points=(self.team_points[0], self.team_points[1]),
            voids=tuple(frozenset(v) for v in self.voids),
            history=tuple(history),
            result=self.result,
        )


def _follow_plays(hand: dict[Card, int], lead: Format, trump: Trump) -> list[tuple[Card, ...]]:
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
        pairs = [(c, c) for c in ordered if suit_pool[c] == 2]
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
        forced = _expand(suit_pool)
        others = {c: m for c, m in hand.items() if eff[c.index] != lead.suit}
        winning = lead if held == 0 and lead.suit != TRUMP else None
        for combo in _choose(others, n - held, 0, trump, winning):
            plays.append(_canon(forced + combo, trump))
    seen: set[tuple[Card, ...]] = set()
    unique = []
    for play in plays:
        if play not in seen:
            seen.add(play)
            unique.append(play)
    return unique


def legal_follows(
    hand: Iterable[Card] | str, lead: Iterable[Card] | str, trump: Trump
) -> list[tuple[Card, ...]]:
    """The follows ``legal_actions()`` lists for ``hand`` to ``lead`` (S4.4; grouping in the
    module docstring), each as canonical cards, strongest first."""
    fmt = lead_format(lead, trump)
    if fmt is None:
        raise RulesError(f"not a legal lead: {format_cards(lead)!r}")
    return _follow_plays(_count(as_cards(hand)), fmt, trump)


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


# --- construction -----------------------------------------------------------------------------


def _fresh_seed() -> int:
    # Only when the caller gave no seed: an OS-entropy seed, kept in state.seed for replays.
    return random.SystemRandom().randrange(1 << 31)


def new_deal(
    *,
    seed: int | None = None,
    hands: Iterable[Iterable[Card] | str] | None = None,
    kitty: Iterable[Card] | str | None = None,
    level: str = "2",
    dealer: int | None = None,
    starting_seat: int | None = None,
) -> ShengjiState:
    """A Shengji deal in its declaring round (S2).

    ``seed`` shuffles the double pack (25 cards each and an 8-card kitty); ``hands`` (four card
    lists of equal length) and ``kitty`` (8 cards) script the deal instead. ``dealer`` starts
    the declaring round of a later deal; otherwise ``starting_seat`` (default: drawn from the
    seed) starts the first deal's round and the first declarer becomes dealer (S2.6).
    """
    level = validate.rank(level)
    seed = validate.seed(seed)
    dealer = validate.optional_seat(dealer, 4, "dealer")
    starting_seat = validate.optional_seat(starting_seat, 4, "starting_seat")
    if dealer is not None and starting_seat is not None:
        raise BadArgumentError("give either dealer (a later deal) or starting_seat (a first deal)")
    if seed is None:
        seed = _fresh_seed()
    rng = random.Random(seed)
    deck = double_pack()
    rng.shuffle(deck)
    if hands is None:
        if kitty is not None:
            raise BadArgumentError("a scripted kitty needs scripted hands")
        dealt = [deck[i * HAND_SIZE : (i + 1) * HAND_SIZE] for i in range(4)]
        kitty_cards = deck[4 * HAND_SIZE :]
    else:
        given = None if kitty is None else validate.cards(kitty, "kitty")
        dealt = validate.hands(hands, 4, deck, "Shengji", extra=given or ())
        if len({len(h) for h in dealt}) != 1:
            raise BadArgumentError("hands must be four card lists of equal length")
        used = _count(c for h in dealt for c in h)
        if given is not None:
            kitty_cards = given
        else:
            rest = _count(deck)
            for card, count in used.items():
                rest[card] = rest.get(card, 0) - count
            kitty_cards = [c for c in deck if rest.get(c, 0) > 0]
            kitty_cards = _take_first(kitty_cards, rest)[:KITTY_SIZE]
        if len(kitty_cards) != KITTY_SIZE:
            raise BadArgumentError(f"the kitty holds {KITTY_SIZE} cards, not {len(kitty_cards)}")
    if dealer is None and starting_seat is None:
        starting_seat = rng.randrange(4)
    state = ShengjiState()
    state.seed = seed
    state.deal_args = {
        "seed": seed,
        "hands": None if hands is None else [format_cards(h) for h in dealt],
        "kitty": None if hands is None else format_cards(kitty_cards),
        "level": level,
        "dealer": dealer,
        "starting_seat": starting_seat,
    }
    state.level = level
    state.hands = [_count(hand) for hand in dealt]
    state.kitty = list(kitty_cards)
    state.dealt_kitty = tuple(kitty_cards)
    state.dealer = dealer
    state.starting_seat = starting_seat
    state._turn = dealer if dealer is not None else starting_seat
    return state


def _take_first(cards: list[Card], available: dict[Card, int]) -> list[Card]:
    left = dict(available)
    out = []
    for card in cards:
        if left.get(card, 0) > 0:
            left[card] -= 1
            out.append(card)
    return out


def replay(state: ShengjiState) -> ShengjiState:
    """A fresh deal rebuilt from ``state.deal_args`` with the non-auto log re-applied."""
    fresh = new_deal(**state.deal_args)
    for record in state.log:
        if not record.auto:
            fresh.apply(record.action)
    return fresh


def rewind_play(state: ShengjiState) -> tuple[ShengjiState, list[Record]] | None:
    """The same deal at the first lead of its play phase, with the cards each seat has played
    since put back in its hand, and the play records that lead from there to ``state``; None
    before the first play. Used by the search to ask how plausible a sampled deal makes the
    plays seen so far."""
    start = len(state.log)
    while start and state.log[start - 1].action.kind == "play":
        start -= 1
    records = state.log[start:]
    if not records:
        return None
    other = state.clone()
    plays = [play for trick in state.tricks for play in trick.plays] + list(state.trick)
    for seat, cards in plays:
        hand = other.hands[seat]
        for card in cards:
            hand[card] = hand.get(card, 0) + 1
    other.phase = Phase.PLAY
    other.tricks = []
    other.trick = []
    other.lead = None
    other.leader = records[0].seat
    other._turn = other.leader
    other.team_points = [0, 0]
    other.voids = [set(), set(), set(), set()]
    other.result = None
    other.log = other.log[:start]
    other._changed()
    return other, records


# --- sampling hidden cards (for the search bot) ------------------------------------------------


def sample_state(view: ShengjiView, rng: random.Random) -> ShengjiState:
    """A full state equal to the real one in everything ``view.seat`` knows, with the hidden
    cards (other hands, the kitty when unseen) redealt at random: card counts kept, played
    and seen cards excluded, shown voids respected, declared cards kept with their declarer,
    a revealed kitty kept with the dealer (in hand or buried)."""
    seat = view.seat
    trump = view.trump
    state = ShengjiState()
    state.seed = None
    state.level = view.level
    state.dealer = view.dealer
    state.starting_seat = view.starting_seat
    state.phase = view.phase
    state._turn = view.current_player
    state.declarations = list(view.declarations)
    state.standing = view.standing
    state.first_declarer = view.first_declarer
    state.revealed_kitty = view.revealed_kitty
    state.trump = trump
    state.tricks = list(view.tricks)
    state.trick = list(view.trick)
    state.leader = view.leader
    state.lead = view.lead
    state.team_points = list(view.team_points)
    state.voids = [set(v) for v in view.voids]
    state.result = view.result
    # Passes since the last declaration (so the declaring round continues the same way).
    passes = 0
    for record in view.history:
        if record.action.kind == "declare":
            passes = 0
        elif record.action.kind == "pass":
            passes += 1
    state._passes = passes

    unknown = _count(double_pack())
    for card in view.hand:
        unknown[card] -= 1
    for card in view.played_cards():
        unknown[card] -= 1
    kitty_known = view.kitty is not None
    if kitty_known:
        for card in view.kitty or ():
            unknown[card] -= 1
    # Holders: seats 0..3 and 4 = the kitty. Capacities of what is hidden.
    capacity = [0, 0, 0, 0, 0]
    for s in range(4):
        if s != seat:
            capacity[s] = view.hand_sizes[s]
    if view.phase in ("declare",):
        capacity[4] = KITTY_SIZE
    elif view.phase in ("play",) and not kitty_known:
        capacity[4] = KITTY_SIZE
    # Cards pinned to a holder: declared cards still unplayed (with their seat), a revealed
    # kitty's unplayed cards (with the dealer, or the kitty once buried).
    played_by = [dict[Card, int]() for _ in range(4)]
    for trick in view.tricks:
        for s, play in trick.plays:
            for card in play:
                played_by[s][card] = played_by[s].get(card, 0) + 1
    for s, play in view.trick:
        for card in play:
            played_by[s][card] = played_by[s].get(card, 0) + 1
    pins: list[tuple[Card, tuple[int, ...]]] = []
    if seat != view.dealer and view.revealed_kitty is not None and view.phase != "declare":
        holders = (view.dealer, 4) if capacity[4] else (view.dealer,)
        rk = _count(view.revealed_kitty)
        for card, count in played_by[view.dealer].items():  # type: ignore[index]
            if card in rk:
                rk[card] = max(0, rk[card] - count)
        for card, count in rk.items():
            for _ in range(min(count, unknown.get(card, 0))):
                pins.append((card, holders))  # type: ignore[arg-type]
                unknown[card] -= 1
    declared: dict[int, dict[Card, int]] = {}
    for d in view.declarations:
        if d.seat == seat:
            continue
        mine = declared.setdefault(d.seat, {})
        for card, count in _count(d.cards).items():
            mine[card] = max(mine.get(card, 0), count)
    for s, cards in declared.items():
        holders = (s, 4) if (s == view.dealer and capacity[4]) else (s,)
        for card, count in cards.items():
            left = count - played_by[s].get(card, 0)
            for _ in range(max(0, min(left, unknown.get(card, 0)))):
                pins.append((card, holders))
                unknown[card] -= 1
    free = [(card, None) for card in _expand({c: m for c, m in unknown.items() if m > 0})]
    assignment = _deal_hidden(pins + free, capacity, seat, view, trump, rng)
    hands = [dict[Card, int]() for _ in range(4)]
    for card in view.hand:
        hands[seat][card] = hands[seat].get(card, 0) + 1
    kitty: list[Card] = list(view.kitty or ())
    for card, holder in assignment:
        if holder == 4:
            kitty.append(card)
        else:
            hands[holder][card] = hands[holder].get(card, 0) + 1
    state.hands = hands
    state.kitty = kitty
    taken = [r.action.cards for r in view.history if r.action.kind == "take" and r.action.cards]
    state.dealt_kitty = taken[0] if taken else tuple(kitty)
    state.log = [
        Record(r.seat, Action("bury", _canon(kitty, trump)), r.auto)
        if r.action.kind == "bury" and not r.action.cards
        else r
        for r in view.history
    ]
    state.deal_args = {}
    return state


def _deal_hidden(
    cards: list[tuple[Card, tuple[int, ...] | None]],
    capacity: list[int],
    seat: int,
    view: ShengjiView,
    trump: Trump | None,
    rng: random.Random,
) -> list[tuple[Card, int]]:
    """Give each hidden card a holder (0..3, 4 = kitty) within capacities and voids."""

    def allowed(card: Card, pinned: tuple[int, ...] | None) -> list[int]:
        holders = pinned if pinned is not None else tuple(h for h in range(5) if h != seat)
        if trump is None:
            return [h for h in holders if capacity[h] > 0]
        suit = trump.effective_suits[card.index]
        return [h for h in holders if capacity[h] > 0 and (h == 4 or suit not in view.voids[h])]

    base = [(card, pinned, allowed(card, pinned)) for card, pinned in cards]
    for _attempt in range(50):
        left = list(capacity)
        order = list(base)
        rng.shuffle(order)
        order.sort(key=lambda item: len(item[2]))
        out: list[tuple[Card, int]] = []
        ok = True
        for card, _pinned, holders in order:
            options = [h for h in holders if left[h] > 0]
            if not options:
                ok = False
                break
            weights = [left[h] for h in options]
            holder = rng.choices(options, weights)[0]
            left[holder] -= 1
            out.append((card, holder))
        if ok:
            return out
    # Fall back to a matching that ignores randomness but respects every constraint.
    return _match_hidden(base, capacity)


def _match_hidden(
    base: list[tuple[Card, tuple[int, ...] | None, list[int]]], capacity: list[int]
) -> list[tuple[Card, int]]:
    slots = [h for h in range(5) for _ in range(capacity[h])]
    owner: list[int | None] = [None] * len(slots)

    def augment(i: int, seen: set[int]) -> bool:
        for j, holder in enumerate(slots):
            if holder in base[i][2] and j not in seen:
                seen.add(j)
                if owner[j] is None or augment(owner[j], seen):  # type: ignore[arg-type]
                    owner[j] = i
                    return True
        return False

    for i in range(len(base)):
        if not augment(i, set()):
            raise RulesError("no deal of the hidden cards fits this view")
    return [(base[i][0], slots[j]) for j, i in enumerate(owner) if i is not None]


# --- the match --------------------------------------------------------------------------------


class Match:
    """A Shengji match (S1.3, S2.2, S5.4): team levels from 2, each deal at the dealer team's
    level, until a promotion takes a team beyond A."""

    def __init__(self, seed: int | None = None) -> None:
        self.restart(seed)

    def restart(self, seed: int | None = None) -> None:
        """Start over at level 2 for both teams (S5.4), with ``seed`` (new one when None)."""
        self.seed = _fresh_seed() if validate.seed(seed) is None else seed
        self._rng = random.Random(self.seed)
        self.levels: dict[int, str] = {0: "2", 1: "2"}
        self.results: list[DealResult] = []
        self.deal_index = 0
        self.is_over = False
        self.winner: int | None = None
        self.starting_seat = self._rng.randrange(4)
        self.state = new_deal(
            seed=self._rng.randrange(1 << 31), level="2", starting_seat=self.starting_seat
        )

    def advance(self) -> None:
        """Record the finished deal, promote, and start the next deal unless the match is won."""
        if self.is_over:
            raise IllegalActionError(
                f"the match is over: team {self.winner} won", reason="match_over"
            )
        if not self.state.is_terminal:
            raise IllegalActionError("the deal is not over yet", reason="deal_not_over")
        result = self.state.result
        assert result is not None
        self.results.append(result)
        team = result.winning_team
        index = RANKS.index(self.levels[team]) + result.levels_gained
        if index >= len(RANKS):
            self.levels[team] = RANKS[-1]
            self.is_over = True
            self.winner = team
            return
        self.levels[team] = RANKS[index]
        self.deal_index += 1
        dealer = result.next_dealer
        self.state = new_deal(
            seed=self._rng.randrange(1 << 31), level=self.levels[dealer % 2], dealer=dealer
        )

    def clone(self) -> Match:
        other = Match.__new__(Match)
        other.__dict__.update(self.__dict__)
        other._rng = random.Random()
        other._rng.setstate(self._rng.getstate())
        other.levels = dict(self.levels)
        other.results = list(self.results)
        other.state = self.state.clone()
        return other


def new_match(*, seed: int | None = None) -> Match:
    """A whole match; ``match.state`` is its first deal (rules-api.md)."""
    return Match(validate.seed(seed))
