"""Run Fast (Pao De Kuai) rules engine: combinations, the must-beat deal, settlement, sessions.

Spec: shared/spec/runfast.md (rule ids R1–R5) and the Run Fast section of rules-api.md.

Three players (seats 0, 1, 2; turns 0 → 1 → 2 → 0), a 48-card pack, 16 cards each. The holder
of 3H leads and its first play must contain 3H (R2.2). A player who can beat the last play must
(R3.4): Pass is a legal action only when no response exists, so when Pass is legal it is the only
legal action. The deal ends the moment a hand is empty (R1.2) and settles at once (R5).

Rank order (R3.2): ``3 4 5 6 7 8 9 T J Q K A 2``. ``Combo.kind`` is one of ``single pair triple
straight pair_run bomb ace_bomb sky_bomb``; ``Combo.rank`` is a rank character (a sequence: its
highest card; three aces: ``"A"``; the sky bomb: ``"3"``).

Reason codes of :class:`IllegalActionError` (locale keys ``reason.runfast.<code>``; details in
parentheses, all plain strings or numbers; ``seat`` is always given):

- ``deal_over``: the deal has ended (R1.2).
- ``unknown_action``: an action kind other than ``play`` or ``pass`` (``kind``).
- ``no_cards``: a play without cards.
- ``not_in_hand``: cards the player does not hold, or a card twice (``cards``).
- ``no_combination``: the cards form no Run Fast combination (``cards``) (R4).
- ``attachment``: a triple or four of a kind with cards attached, or an airplane (``cards``) (R4.5).
- ``sequence_with_two``: a sequence containing the 2; aces are high only (``cards``) (R4.2).
- ``straight_too_short``: fewer than five consecutive singles (``cards``) (R4.1).
- ``must_contain_3h``: the first play of the deal must contain 3H (``cards``) (R2.2).
- ``wrong_shape``: a combination of another kind or size than the last play (``cards``,
  ``last``, ``last_kind``) (R3.3).
- ``does_not_beat``: same kind and size but not higher, or a bomb not stronger (``cards``,
  ``last``, ``last_kind``) (R3.3, R4.3).
- ``only_bomb_beats``: the last play is a bomb; only a stronger bomb beats it (``cards``,
  ``last``, ``last_kind``) (R3.3).
- ``not_that_combination``: the cards are legal but not with the meaning the action names
  (``cards``, ``kind``).
- ``leader_cannot_pass``: the player leads and may not pass (R3.4).
- ``must_beat``: passing while a response exists (``last``, ``last_kind``) (R3.4).
- ``deal_not_over``: ``match.advance()`` before the deal has ended.

Choices where the spec is silent (written here as the spec asks):

- Spring (R5.1): a player who never played pays its card payment twice. ``state.payments`` lists
  this as two payments of equal points: one with reason ``"cards"`` (one point per card) and one
  with reason ``"spring"`` (the doubling, the same amount again). Surcharges are never doubled.
- Bomb bonus (R5.3): a bomb played on another player's play is *pending* while it stands; it is
  earned when both other players pass after it (its round ends) or at once when it empties the
  bomber's hand. A stronger bomb that beats it replaces it as the pending bomb. The bonus is paid
  as two payments of 10 (one from each opponent) with reason ``"bomb_bonus"``; they appear in
  ``state.bonus_events`` and ``state.payments`` the moment they are earned, and count in the
  settlement of the deal in which they are earned.
- Held bombs (R5.2): four of a kind of any rank 3..K and three aces each cost 10; the 2 of spades
  another 10. A hand can hold several bombs, each pays.
- ``new_deal(hands=...)`` with scripted hands: the holder of 3H leads; when no hand holds 3H,
  seat ``leader`` (default 0) leads with no 3H requirement. Hands may be of any size.
- Four 3s as the first play are only the sky bomb (one meaning); later they are the lowest bomb.
  In a dealt deal 3H is always in the first play (R2.2), so four 3s can never be played or
  held after it: the "later" meaning only shows with scripted hands without 3H.
- ``new_deal(seed=None)`` and ``new_match(seed=None)`` draw a fresh seed from the system and keep it
  in ``.seed`` so the deal can be replayed.
- Session deals: deal ``i`` of a match with seed ``s`` is shuffled by ``random.Random(f"{s}:{i}")``.
- Sampling (``sample_state``): a pass reveals that the passer had no response then (R3.4); samples honour
  those constraints (and that 3H lies with the first leader before the first play) by repairing a
  random split with card swaps. If a consistent split is not found within the budget (never seen
  in the tests) the least inconsistent one is used.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from game.rules import validate
from game.rules.base import Action, Phase, Record
from game.rules.cards import Card, as_cards, format_cards, runfast_pack
from game.rules.errors import BadArgumentError, IllegalActionError, RulesError

__all__ = [
    "ORDER",
    "KINDS",
    "BOMB_KINDS",
    "Combo",
    "Payment",
    "BonusEvent",
    "RunFastResult",
    "RunFastView",
    "RunFastState",
    "RunFastMatch",
    "interpretations",
    "beats",
    "has_response",
    "held_bombs",
    "describe",
    "new_deal",
    "new_match",
    "sample_state",
    "rank_value",
]

SEATS = 3
HAND_SIZE = 16
#: Rank order, low to high (R3.2).
ORDER = "3456789TJQKA2"
_VALUE = {rank: value for value, rank in enumerate(ORDER)}
_ACE = _VALUE["A"]
_TWO = _VALUE["2"]
_SUIT_ORDER = {"S": 0, "H": 1, "D": 2, "C": 3}
THREE_HEARTS = Card("3", "H")
TWO_SPADES = Card("2", "S")
BOMB_POINTS = 10
SPADE_TWO_POINTS = 10
BOMB_BONUS_EACH = 10

KINDS: tuple[str, ...] = (
    "single",
    "pair",
    "triple",
    "straight",
    "pair_run",
    "bomb",
    "ace_bomb",
    "sky_bomb",
)
BOMB_KINDS: frozenset[str] = frozenset({"bomb", "ace_bomb", "sky_bomb"})

_RANK_NAMES = {"T": "10", "J": "jack", "Q": "queen", "K": "king", "A": "ace", "2": "two"}


def rank_value(rank: str) -> int:
    """Position of ``rank`` in the Run Fast order: 3 → 0 … A → 11, 2 → 12 (R3.2)."""
    return _VALUE[rank]


def _key(card: Card) -> tuple[int, int]:
    return (_VALUE[card.rank], _SUIT_ORDER[card.suit or "S"])


def _sorted(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=_key))


def _rank_plural(rank: str) -> str:
    name = _RANK_NAMES.get(rank, rank)
    return name + ("es" if name.endswith("x") else "s")


@dataclass(frozen=True, slots=True)
class Combo:
    """A combination: ``kind`` (one of :data:`KINDS`), ``rank`` (rank character), ``cards``."""

    kind: str
    rank: str
    cards: tuple[Card, ...]

    @property
    def value(self) -> int:
        """The rank's position in the Run Fast order (R3.2)."""
        return _VALUE[self.rank]

    @property
    def size(self) -> int:
        return len(self.cards)

    @property
    def is_bomb(self) -> bool:
        return self.kind in BOMB_KINDS

    @property
    def strength(self) -> int:
        """Bomb strength (R4.3): four of a kind by rank, then three aces, then the sky bomb."""
        if self.kind == "bomb":
            return self.value
        if self.kind == "ace_bomb":
            return 20
        if self.kind == "sky_bomb":
            return 30
        return -1

    def __str__(self) -> str:
        return describe(self)


def describe(combo: Combo) -> str:
    """An English description for messages and logs, e.g. ``"the pair of 9s"``."""
    if not isinstance(combo, Combo) or combo.kind not in KINDS or combo.rank not in _VALUE:
        raise BadArgumentError(f"not a Run Fast combination: {combo!r:.60}")
    kind, rank = combo.kind, combo.rank
    if kind == "single":
        return f"the single {_RANK_NAMES.get(rank, rank)}"
    if kind == "pair":
        return f"the pair of {_rank_plural(rank)}"
    if kind == "triple":
        return f"the triple of {_rank_plural(rank)}"
    if kind == "bomb":
        return f"the bomb of {_rank_plural(rank)}"
    if kind == "ace_bomb":
        return "the three aces"
    if kind == "sky_bomb":
        return "the sky bomb"
    low = combo.cards[0].rank
    low = _RANK_NAMES.get(low, low)
    high = _RANK_NAMES.get(rank, rank)
    if kind == "straight":
        return f"the straight {low} to {high}"
    return f"the pair run {low} to {high}"


@dataclass(frozen=True, slots=True)
class Payment:
    """One payment of a deal (R5): ``payer`` pays ``points`` to ``payee`` for ``reason``
    (``"cards" "spring" "spade_two" "held_bomb" "bomb_bonus"``); ``cards`` are the cards it is
    for (the cards left, the 2 of spades, the held or played bomb)."""

    payer: int
    payee: int
    points: int
    reason: str
    cards: tuple[Card, ...] = ()


@dataclass(frozen=True, slots=True)
class BonusEvent:
    """A bomb bonus earned during play (R5.3): ``seat`` earned ``points`` with ``combo``;
    ``play_index`` is the index in ``state.log`` of the bomb's play."""

    seat: int
    combo: Combo
    points: int
    play_index: int


@dataclass(frozen=True, slots=True)
class RunFastResult:
    """Summary of a finished deal: the winner, net points per seat (tuple by seat), every
    payment, and the cards left in each hand."""

    winner: int
    settlement: tuple[int, ...]
    payments: tuple[Payment, ...]
    cards_left: tuple[tuple[Card, ...], ...]
    bonus_events: tuple[BonusEvent, ...]

    def returns(self) -> tuple[float, ...]:
        """Each seat's net points (R5)."""
        return tuple(float(points) for points in self.settlement)


# --- Combinations (R4) ---------------------------------------------------------------------


def _counts(cards: Sequence[Card]) -> list[int]:
    counts = [0] * 13
    for card in cards:
        counts[_VALUE[card.rank]] += 1
    return counts


def _interpret(cards: tuple[Card, ...], first_play: bool) -> list[Combo]:
    """Meanings of ``cards`` (already sorted by :func:`_key`, distinct)."""
    n = len(cards)
    if n == 0:
        return []
    first = cards[0].rank
    if all(card.rank == first for card in cards):
        value = _VALUE[first]
        if n == 1:
            return [Combo("single", first, cards)]
        if n == 2:
            return [Combo("pair", first, cards)]
        if n == 3:
            return [Combo("ace_bomb" if value == _ACE else "triple", first, cards)]
        if n == 4 and value < _ACE:
            if value == 0 and first_play:
                return [Combo("sky_bomb", first, cards)]
            return [Combo("bomb", first, cards)]
        return []
    counts = _counts(cards)
    present = [v for v in range(13) if counts[v]]
    low, high = present[0], present[-1]
    consecutive = high - low + 1 == len(present)
    if not consecutive or high > _ACE:
        return []
    if n >= 5 and all(counts[v] == 1 for v in present):
        return [Combo("straight", ORDER[high], cards)]
    if len(present) >= 2 and all(counts[v] == 2 for v in present):
        return [Combo("pair_run", ORDER[high], cards)]
    return []


def _shape_reason(cards: tuple[Card, ...]) -> str:
    """Why cards that form no combination are refused (for :meth:`RunFastState.explain`)."""
    counts = [c for c in _counts(cards) if c]
    if max(counts) >= 3 and len(counts) >= 2:
        return "attachment"  # R4.5: triple or four with attachments, airplanes
    if TWO_SPADES in cards and all(c == 1 for c in counts) and len(cards) >= 5:
        return "sequence_with_two"  # J-Q-K-A-2, A-2-3-4-5 and the like (R4.2)
    values = sorted({_VALUE[card.rank] for card in cards})
    consecutive = values[-1] - values[0] + 1 == len(values)
    if consecutive and all(c == 1 for c in counts) and 3 <= len(cards) < 5:
        return "straight_too_short"
    return "no_combination"


def interpretations(cards: Iterable[Card] | str, *, first_play: bool = False) -> list[Combo]:
    """Every meaning of exactly these cards under R4, strongest first; ``[]`` when none.

    ``first_play`` says whether this is the very first play of the deal (four 3s are then the
    sky bomb, R4.4). In Run Fast a card set has at most one meaning.
    """
    given = as_cards(cards)
    if any(card.suit is None for card in given):
        return []  # jokers are not in the Run Fast pack (R2.1): they mean nothing
    cs = _sorted(given)
    if len(set(cs)) != len(cs):
        return []
    return _interpret(cs, first_play)


def _as_combo(combo: Combo | Iterable[Card] | str) -> Combo:
    if isinstance(combo, Combo):
        return combo
    meanings = interpretations(combo)
    if not meanings:
        raise RulesError(f"not a Run Fast combination: {format_cards(as_cards(combo))!r}")
    return meanings[0]


def beats(play: Combo | str, last: Combo | str) -> bool:
    """Whether ``play`` may answer ``last`` (R3.3, R4.3). Notation is read as a later play."""
    play, last = _as_combo(play), _as_combo(last)
    if play.kind in BOMB_KINDS:
        if last.kind in BOMB_KINDS:
            return play.strength > last.strength
        return True
    if last.kind in BOMB_KINDS:
        return False
    return play.kind == last.kind and len(play.cards) == len(last.cards) and play.value > last.value


def _window_exists(counts: list[int], need: int, length: int, min_top: int) -> bool:
    """Whether ``length`` consecutive ranks, each with ``need`` cards, end above ``min_top - 1``
    and at the ace at most (sequences never hold the 2, R4.2)."""
    run = 0
    for value in range(_ACE + 1):
        run = run + 1 if counts[value] >= need else 0
        if run >= length and value >= min_top:
            return True
    return False


def _has_response_counts(counts: list[int], last: Combo) -> bool:
    kind = last.kind
    if kind == "sky_bomb":
        return False
    strength = last.strength
    # Bombs (R3.3, R4.3): four of a kind 3..K, three aces.
    for value in range(_ACE):
        if counts[value] == 4 and value > strength:
            return True
    if counts[_ACE] >= 3 and strength < 20:
        return True
    if kind in BOMB_KINDS:
        return False
    value = last.value
    if kind == "single":
        return any(counts[v] for v in range(value + 1, 13))
    if kind == "pair":
        return any(counts[v] >= 2 for v in range(value + 1, 13))
    if kind == "triple":
        return any(counts[v] >= 3 for v in range(value + 1, _ACE))
    if kind == "straight":
        return _window_exists(counts, 1, len(last.cards), value + 1)
    if kind == "pair_run":
        return _window_exists(counts, 2, len(last.cards) // 2, value + 1)
    return False


def _hand_cards(hand: Iterable[Card] | str) -> list[Card]:
    """Cards of a Run Fast hand; a joker (not in the pack, R2.1) raises BadArgumentError."""
    cards = validate.cards(hand, "hand")
    jokers = [card for card in cards if card.suit is None]
    if jokers:
        raise BadArgumentError(f"{jokers[0]} is not in the Run Fast pack (R2.1)")
    return cards


def has_response(hand: Iterable[Card] | str, last: Combo | str) -> bool:
    """Whether ``hand`` holds a play that beats ``last``, bombs included: then the must-beat
    rule (R3.4) forbids passing."""
    return _has_response_counts(_counts(_hand_cards(hand)), _as_combo(last))


def held_bombs(hand: Iterable[Card] | str) -> list[Combo]:
    """The bombs held in ``hand`` (R4.3, R5.2): each four of a kind 3..K and three aces."""
    cards = _hand_cards(hand)
    by_value: list[list[Card]] = [[] for _ in range(13)]
    for card in _sorted(cards):
        by_value[_VALUE[card.rank]].append(card)
    bombs = [
        Combo("bomb", ORDER[v], tuple(by_value[v])) for v in range(_ACE) if len(by_value[v]) == 4
    ]
    if len(by_value[_ACE]) >= 3:
        bombs.append(Combo("ace_bomb", "A", tuple(by_value[_ACE][:3])))
    return bombs


def _by_value(hand: Sequence[Card]) -> list[list[Card]]:
    groups: list[list[Card]] = [[] for _ in range(13)]
    for card in hand:  # hands are kept sorted, so groups are in suit order
        groups[_VALUE[card.rank]].append(card)
    return groups


def _plays(groups: list[list[Card]], last: Combo | None, first_play: bool) -> list[Combo]:
    """One combo per distinct meaning the hand can play on ``last`` (``None``: a lead).

    Cards within a rank are interchangeable (suits have no order), so each meaning takes the
    first cards of each rank; the caller puts 3H first among the 3s on the first play.
    """
    counts = [len(g) for g in groups]
    plays: list[Combo] = []
    if last is not None and last.kind in BOMB_KINDS:
        kind, size, floor = last.kind, 0, 13
    elif last is not None:
        kind, size, floor = last.kind, len(last.cards), last.value + 1
    else:
        kind, size, floor = None, 0, 0
    if kind is None or kind == "single":
        for v in range(floor, 13):
            if counts[v]:
                plays.append(Combo("single", ORDER[v], (groups[v][0],)))
    if kind is None or kind == "pair":
        for v in range(floor, 13):
            if counts[v] >= 2:
                plays.append(Combo("pair", ORDER[v], tuple(groups[v][:2])))
    if kind is None or kind == "triple":
        for v in range(floor, _ACE):
            if counts[v] >= 3:
                plays.append(Combo("triple", ORDER[v], tuple(groups[v][:3])))
    for seq_kind, need, min_len in (("straight", 1, 5), ("pair_run", 2, 2)):
        if kind is not None and kind != seq_kind:
            continue
        wanted = None if kind is None else size // need
        run = 0
        for top in range(_ACE + 1):
            run = run + 1 if counts[top] >= need else 0
            if top < floor:
                continue
            lengths = range(min_len, run + 1) if wanted is None else (wanted,)
            for length in lengths:
                if length > run:
                    continue
                cards: list[Card] = []
                for v in range(top - length + 1, top + 1):
                    cards.extend(groups[v][:need])
                plays.append(Combo(seq_kind, ORDER[top], tuple(cards)))
    # Bombs (R4.3, R4.4): always playable on an ordinary play, on a bomb only when stronger.
    strength = last.strength if last is not None else -1
    if last is None or last.kind != "sky_bomb":
        for v in range(_ACE):
            if counts[v] == 4 and (last is None or last.kind not in BOMB_KINDS or v > strength):
                sky = v == 0 and first_play
                plays.append(Combo("sky_bomb" if sky else "bomb", ORDER[v], tuple(groups[v])))
        if counts[_ACE] >= 3 and strength < 20:
            plays.append(Combo("ace_bomb", "A", tuple(groups[_ACE][:3])))
    return plays


# --- The deal ------------------------------------------------------------------------------


@dataclass(frozen=True)
class RunFastView:
    """What ``seat`` may know: its hand, every hand's size, and the public history."""

    seat: int
    hand: tuple[Card, ...]
    hand_counts: tuple[int, ...]
    current_player: int | None
    last_play: Combo | None
    last_seat: int | None
    passes: int
    first_play: bool
    played: tuple[tuple[Card, ...], ...]
    has_played: tuple[bool, ...]
    log: tuple[Record, ...]
    bonus_events: tuple[BonusEvent, ...]
    phase: Phase
    winner: int | None
    legal: tuple[Action, ...] = field(default=(), compare=False)
    result: RunFastResult | None = None

    @property
    def is_leading(self) -> bool:
        return self.current_player == self.seat and self.last_play is None


class RunFastState:
    """One Run Fast deal (rules-api.md state protocol). Create it with :func:`new_deal`."""

    def __init__(
        self,
        hands: Sequence[Sequence[Card]],
        *,
        seed: int | None = None,
        leader: int | None = None,
    ) -> None:
        self.seed = seed
        self.hands: list[list[Card]] = [list(_sorted(hand)) for hand in hands]
        self.initial_hands: tuple[tuple[Card, ...], ...] = tuple(tuple(h) for h in self.hands)
        holder = next((s for s in range(SEATS) if THREE_HEARTS in self.hands[s]), None)
        self._must_3h = holder is not None
        self.current_player: int | None = holder if holder is not None else (leader or 0)
        self.first_leader: int = self.current_player
        self.last_play: Combo | None = None
        self.last_seat: int | None = None
        self.passes = 0
        self.first_play = True
        self.played: list[list[Card]] = [[] for _ in range(SEATS)]
        self.has_played = [False] * SEATS
        self.log: list[Record] = []
        self.bonus_events: list[BonusEvent] = []
        self._pending: tuple[int, Combo, int] | None = None
        self._payments: list[Payment] = []
        self.winner: int | None = None
        self.settlement: dict[int, int] | None = None
        self.result: RunFastResult | None = None
        self._legal: list[Action] | None = None

    # -- protocol basics --

    @property
    def is_terminal(self) -> bool:
        return self.winner is not None

    @property
    def phase(self) -> Phase:
        return Phase.OVER if self.winner is not None else Phase.PLAY

    @property
    def hand_counts(self) -> tuple[int, ...]:
        return tuple(len(hand) for hand in self.hands)

    @property
    def finish_order(self) -> tuple[int, ...]:
        """The winner, the only seat that goes out, once the deal is over."""
        return () if self.winner is None else (self.winner,)

    def hand(self, seat: int) -> list[Card]:
        """The cards of ``seat`` (the full state knows every hand)."""
        return list(self.hands[validate.seat(seat, SEATS)])

    def returns(self) -> tuple[float, ...]:
        """The finished deal's net points per seat (``RunFastResult.returns``), zeros before."""
        return self.result.returns() if self.result is not None else (0.0,) * SEATS

    @property
    def payments(self) -> list[Payment]:
        """Payments so far: bomb bonuses as earned, then the final settlement's (R5)."""
        return list(self._payments)

    @property
    def pending_bomb(self) -> tuple[int, Combo] | None:
        """The response bomb standing in the current round, which earns the bonus if it holds."""
        return None if self._pending is None else self._pending[:2]

    def clone(self) -> RunFastState:
        other = object.__new__(RunFastState)
        other.__dict__.update(self.__dict__)
        other.hands = [list(h) for h in self.hands]
        other.played = [list(p) for p in self.played]
        other.has_played = list(self.has_played)
        other.log = list(self.log)
        other.bonus_events = list(self.bonus_events)
        other._payments = list(self._payments)
        other.settlement = None if self.settlement is None else dict(self.settlement)
        other._legal = None
        return other

    def _needs_3h(self) -> bool:
        return self.first_play and self._must_3h

    def _groups(self, seat: int) -> list[list[Card]]:
        groups = _by_value(self.hands[seat])
        if self._needs_3h() and THREE_HEARTS in groups[0]:
            groups[0].remove(THREE_HEARTS)
            groups[0].insert(0, THREE_HEARTS)
        return groups

    def legal_actions(self) -> list[Action]:
        """Every distinct legal meaning, one concrete card choice each; ``[Action("pass")]``
        alone when the player follows and has no response (R3.4)."""
        if self._legal is not None:
            return list(self._legal)
        seat = self.current_player
        if seat is None:
            return []
        combos = _plays(self._groups(seat), self.last_play, self.first_play)
        if self._needs_3h():
            # 3H was put first among the 3s to be chosen; restore the canonical card order.
            combos = [
                Combo(c.kind, c.rank, _sorted(c.cards)) for c in combos if THREE_HEARTS in c.cards
            ]
        actions = [Action("play", c.cards, c) for c in combos]
        if not actions and self.last_play is not None:
            actions = [Action("pass")]
        self._legal = actions
        return list(actions)

    # -- checking --

    def _error(self, message: str, reason: str, **details: Any) -> IllegalActionError:
        seat = self.current_player
        return IllegalActionError(f"seat {seat} {message}", reason=reason, seat=seat, **details)

    def _last_details(self) -> dict[str, Any]:
        last = self.last_play
        assert last is not None
        return {"last": format_cards(last.cards), "last_kind": last.kind, "last_rank": last.rank}

    def _judge(self, cards: Iterable[Card] | str) -> tuple[list[Combo], IllegalActionError | None]:
        """The legal meanings of playing exactly ``cards`` now, or why there are none."""
        cs = validate.cards(cards)
        if self.winner is not None:
            return [], IllegalActionError(
                "the deal is over: no more plays", reason="deal_over", seat=None
            )
        if not cs:
            return [], self._error("cannot play no cards: choose cards or pass", "no_cards")
        if all(card.suit is not None for card in cs):  # a joker has no Run Fast rank to sort by
            cs = _sorted(cs)
        text = format_cards(cs)
        hand = self.hands[self.current_player]  # type: ignore[index]
        if len(set(cs)) != len(cs) or any(card not in hand for card in cs):
            return [], self._error(
                f"cannot play {text!r}: those cards are not all in its hand",
                "not_in_hand",
                cards=text,
            )
        combos = _interpret(cs, self.first_play)
        if not combos:
            reason = _shape_reason(cs)
            why = {
                "attachment": "triples and fours take no attached cards, and there are no airplanes",
                "sequence_with_two": "sequences never contain the 2 (aces are high only)",
                "straight_too_short": "a straight needs at least five consecutive ranks",
                "no_combination": "they form no Run Fast combination",
            }[reason]
            return [], self._error(f"cannot play {text!r}: {why}", reason, cards=text)
        if self._needs_3h() and THREE_HEARTS not in cs:
            return [], self._error(
                f"cannot play {text!r}: the first play of the deal must contain 3H",
                "must_contain_3h",
                cards=text,
            )
        last = self.last_play
        if last is None:
            return combos, None
        legal = [c for c in combos if beats(c, last)]
        if legal:
            return legal, None
        combo = combos[0]
        if last.kind in BOMB_KINDS and combo.kind not in BOMB_KINDS:
            why, reason = f"only a stronger bomb beats {describe(last)}", "only_bomb_beats"
        elif combo.kind in BOMB_KINDS or (
            combo.kind == last.kind and len(combo.cards) == len(last.cards)
        ):
            why, reason = f"it does not beat {describe(last)}", "does_not_beat"
        else:
            why = f"{describe(combo)} cannot answer {describe(last)} (same kind and size needed)"
            reason = "wrong_shape"
        return [], self._error(
            f"cannot play {text!r}: {why}", reason, cards=text, **self._last_details()
        )

    def explain(self, cards: Iterable[Card] | str) -> IllegalActionError | None:
        """Why the current player cannot play exactly ``cards`` now; None when it can."""
        return self._judge(cards)[1]

    def pass_refusal(self) -> IllegalActionError | None:
        """Why the current player may not pass now (R3.4), or None when Pass is legal."""
        if self.winner is not None:
            return IllegalActionError(
                "the deal is over: no more plays", reason="deal_over", seat=None
            )
        if self.last_play is None:
            return self._error("cannot pass: the leader must play", "leader_cannot_pass")
        if _has_response_counts(_counts(self.hands[self.current_player]), self.last_play):  # type: ignore[index]
            return self._error(
                f"cannot pass: it can beat {describe(self.last_play)} and so must",
                "must_beat",
                **self._last_details(),
            )
        return None

    def can_pass(self) -> bool:
        return self.pass_refusal() is None

    def actions_for(self, cards: Iterable[Card] | str) -> list[Action]:
        """The current player's legal actions using exactly ``cards`` (``[]`` when none)."""
        combos, _ = self._judge(cards)
        return [Action("play", c.cards, c) for c in combos]

    # -- applying --

    def apply(self, action: Action) -> None:
        """Apply a legal action; raises :class:`IllegalActionError` and changes nothing if not."""
        if self.winner is not None:
            validate.action(action, Combo)
            raise IllegalActionError(
                f"cannot apply {action}: the deal is over", reason="deal_over", seat=None
            )
        legal = self._legal
        if legal is not None and action in legal:
            # Fast path (search rollouts, benchmarks): an action just listed as legal.
            if action.kind == "pass":
                self._do_pass()
            else:
                self._do_play(action.combo)
            return
        validate.action(action, Combo)
        if action.kind == "pass":
            error = self.pass_refusal()
            if error is not None:
                raise error
            self._do_pass()
            return
        if action.kind != "play":
            raise self._error(
                f"cannot {action.kind}: Run Fast has only play and pass",
                "unknown_action",
                kind=action.kind,
            )
        combos, error = self._judge(action.cards)
        if error is not None:
            raise error
        wanted = action.combo
        if wanted is not None:
            combos = [c for c in combos if c.kind == wanted.kind and c.rank == wanted.rank]
            if not combos:
                text = format_cards(action.cards)
                raise self._error(
                    f"cannot play {text!r} as {wanted.kind}: they are not that combination",
                    "not_that_combination",
                    cards=text,
                    kind=wanted.kind,
                )
        self._do_play(combos[0])

    def _do_play(self, combo: Combo) -> None:
        seat = self.current_player
        assert seat is not None
        self._legal = None
        played = set(combo.cards)
        self.hands[seat] = [card for card in self.hands[seat] if card not in played]
        self.played[seat].extend(combo.cards)
        self.has_played[seat] = True
        self.first_play = False
        self.log.append(Record(seat, Action("play", combo.cards, combo)))
        index = len(self.log) - 1
        if combo.kind in BOMB_KINDS:
            # R5.3: only a bomb on another player's play can earn the bonus; a stronger bomb
            # that beats a pending one takes its place, a led bomb clears the round's slate.
            self._pending = (seat, combo, index) if self.last_play is not None else None
            if combo.kind == "sky_bomb":
                self._pending = None
        if not self.hands[seat]:
            if self._pending is not None and self._pending[0] == seat:
                self._earn_bonus()
            self.winner = seat
            self.current_player = None
            self.last_play, self.last_seat = combo, seat
            self._settle()
            return
        self.last_play, self.last_seat = combo, seat
        self.passes = 0
        self.current_player = (seat + 1) % SEATS

    def _do_pass(self) -> None:
        seat = self.current_player
        assert seat is not None
        self._legal = None
        self.log.append(Record(seat, Action("pass")))
        self.passes += 1
        if self.passes >= SEATS - 1:
            # R3.5: both others passed; the round ends and its last player leads.
            if self._pending is not None:
                self._earn_bonus()
            self.current_player = self.last_seat
            self.last_play = None
            self.passes = 0
        else:
            self.current_player = (seat + 1) % SEATS

    def _earn_bonus(self) -> None:
        assert self._pending is not None
        seat, combo, index = self._pending
        self._pending = None
        self.bonus_events.append(BonusEvent(seat, combo, 2 * BOMB_BONUS_EACH, index))
        for other in range(SEATS):
            if other != seat:
                self._payments.append(
                    Payment(other, seat, BOMB_BONUS_EACH, "bomb_bonus", combo.cards)
                )

    def _settle(self) -> None:
        winner = self.winner
        assert winner is not None
        for seat in range(SEATS):
            if seat == winner:
                continue
            hand = tuple(self.hands[seat])
            pay = self._payments.append
            pay(Payment(seat, winner, len(hand), "cards", hand))
            if not self.has_played[seat]:
                pay(Payment(seat, winner, len(hand), "spring", hand))  # R5.1 doubling
            if TWO_SPADES in hand:
                pay(Payment(seat, winner, SPADE_TWO_POINTS, "spade_two", (TWO_SPADES,)))
            for bomb in held_bombs(hand):
                pay(Payment(seat, winner, BOMB_POINTS, "held_bomb", bomb.cards))
        net = dict.fromkeys(range(SEATS), 0)
        for payment in self._payments:
            net[payment.payer] -= payment.points
            net[payment.payee] += payment.points
        self.settlement = net
        self.result = RunFastResult(
            winner=winner,
            settlement=tuple(net[s] for s in range(SEATS)),
            payments=tuple(self._payments),
            cards_left=tuple(tuple(h) for h in self.hands),
            bonus_events=tuple(self.bonus_events),
        )

    # -- views --

    def view(self, seat: int) -> RunFastView:
        """What ``seat`` may know (own hand, public history, hand sizes)."""
        validate.seat(seat, SEATS)
        legal = tuple(self.legal_actions()) if seat == self.current_player else ()
        return RunFastView(
            seat=seat,
            hand=tuple(self.hands[seat]),
            hand_counts=tuple(len(h) for h in self.hands),
            current_player=self.current_player,
            last_play=self.last_play,
            last_seat=self.last_seat,
            passes=self.passes,
            first_play=self.first_play,
            played=tuple(tuple(p) for p in self.played),
            has_played=tuple(self.has_played),
            log=tuple(self.log),
            bonus_events=tuple(self.bonus_events),
            phase=self.phase,
            winner=self.winner,
            legal=legal,
            result=self.result,
        )

    def __repr__(self) -> str:
        hands = " | ".join(format_cards(h) for h in self.hands)
        return (
            f"<RunFastState {self.phase} to={self.current_player} last={self.last_play} [{hands}]>"
        )


def _fresh_seed() -> int:
    # Only used when the caller gives no seed; the seed is kept so the deal can be replayed.
    return random.SystemRandom().randrange(1 << 62)


def new_deal(
    *,
    seed: int | None = None,
    hands: Sequence[Iterable[Card] | str] | None = None,
    leader: int | None = None,
) -> RunFastState:
    """A Run Fast deal: 16 cards each from the 48-card pack shuffled by ``random.Random(seed)``
    (R2.1), or the scripted ``hands`` (one per seat). The holder of 3H leads (R2.2); ``leader``
    only matters for scripted hands without 3H. Bad arguments raise
    :class:`~game.rules.errors.BadArgumentError`: hands must be three non-empty hands from the
    pack (R2.1), each card once, so that someone always has a play."""
    seed = validate.seed(seed)
    leader = validate.optional_seat(leader, SEATS, "leader")
    if hands is not None:
        parsed = validate.hands(hands, SEATS, runfast_pack(), "Run Fast")
        return RunFastState(parsed, seed=seed, leader=leader)
    if seed is None:
        seed = _fresh_seed()
    pack = runfast_pack()
    random.Random(seed).shuffle(pack)
    dealt = [pack[i * HAND_SIZE : (i + 1) * HAND_SIZE] for i in range(SEATS)]
    return RunFastState(dealt, seed=seed)


# --- Sampling hidden cards for search --------------------------------------------------------


def _pass_constraints(view: RunFastView) -> list[tuple[int, Combo, list[Card]]]:
    """For every pass by another seat: (seat, the play it could not beat, cards it played
    after that pass). Its hand then was its hidden hand now plus those later cards."""
    constraints = []
    last: Combo | None = None
    for index, record in enumerate(view.log):
        action = record.action
        if action.kind == "play":
            last = action.combo
        elif action.kind == "pass" and record.seat != view.seat and last is not None:
            later = [
                card
                for r in view.log[index + 1 :]
                if r.seat == record.seat and r.action.kind == "play"
                for card in r.action.cards
            ]
            constraints.append((record.seat, last, later))
    return constraints


def sample_state(view: RunFastView, rng: random.Random) -> RunFastState:
    """A full state equal to the real one in everything ``view.seat`` knows: the hidden cards
    are redealt at random to the other seats with their hand sizes, honouring what passes
    revealed (R3.4) and 3H with the first leader before the first play."""
    seat = view.seat
    others = [s for s in range(SEATS) if s != seat]
    known = set(view.hand)
    for cards in view.played:
        known.update(cards)
    pool = [card for card in runfast_pack() if card not in known]
    rng.shuffle(pool)
    fixed: dict[int, list[Card]] = {s: [] for s in others}
    if not view.log and THREE_HEARTS in pool and view.current_player in fixed:
        pool.remove(THREE_HEARTS)
        fixed[view.current_player].append(THREE_HEARTS)
    need = {s: view.hand_counts[s] - len(fixed[s]) for s in others}
    a, b = others
    hand_a = fixed[a] + pool[: need[a]]
    hand_b = fixed[b] + pool[need[a] : need[a] + need[b]]
    constraints = _pass_constraints(view)
    if constraints:
        hand_a, hand_b = _repair(hand_a, hand_b, a, b, fixed, constraints, rng)
    hidden = {a: hand_a, b: hand_b, seat: list(view.hand)}
    originals = [hidden[s] + list(view.played[s]) for s in range(SEATS)]
    leader = view.log[0].seat if view.log else view.current_player
    state = RunFastState(originals, leader=leader)
    for record in view.log:
        if record.action.kind == "play":
            state._do_play(record.action.combo)
        else:
            state._do_pass()
    return state


def _violations(
    hand: list[Card], seat: int, constraints: list[tuple[int, Combo, list[Card]]]
) -> int:
    count = 0
    for who, last, later in constraints:
        if who == seat and _has_response_counts(_counts(hand + later), last):
            count += 1
    return count


def _repair(
    hand_a: list[Card],
    hand_b: list[Card],
    a: int,
    b: int,
    fixed: dict[int, list[Card]],
    constraints: list[tuple[int, Combo, list[Card]]],
    rng: random.Random,
    budget: int = 400,
) -> tuple[list[Card], list[Card]]:
    """Swap cards between the two hidden hands until no pass constraint is broken."""
    bad = _violations(hand_a, a, constraints) + _violations(hand_b, b, constraints)
    locked = set(fixed[a]) | set(fixed[b])
    for _ in range(budget):
        if bad == 0 or not hand_a or not hand_b:
            break
        i = rng.randrange(len(hand_a))
        j = rng.randrange(len(hand_b))
        if hand_a[i] in locked or hand_b[j] in locked:
            continue
        hand_a[i], hand_b[j] = hand_b[j], hand_a[i]
        new_bad = _violations(hand_a, a, constraints) + _violations(hand_b, b, constraints)
        if new_bad <= bad:
            bad = new_bad
        else:
            hand_a[i], hand_b[j] = hand_b[j], hand_a[i]
    return hand_a, hand_b


# --- Sessions --------------------------------------------------------------------------------


class RunFastMatch:
    """A session of consecutive deals with running per-seat totals; it never ends by itself
    (the player stops when they like), so ``is_over`` is False and ``winner`` None."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.deal_index = 0
        self.results: list[RunFastResult] = []
        self.totals: dict[int, int] = dict.fromkeys(range(SEATS), 0)
        self.is_over = False
        self.winner: int | None = None
        self.state = new_deal(seed=self.deal_seed(0))

    def deal_seed(self, index: int) -> int:
        """The shuffle seed of deal ``index`` of this session."""
        return random.Random(f"{self.seed}:{index}").randrange(1 << 62)

    def advance(self) -> None:
        """Record the finished deal's result, add it to the totals and deal the next one."""
        if not self.state.is_terminal or self.state.result is None:
            raise IllegalActionError(
                "cannot advance: the current deal is not over", reason="deal_not_over"
            )
        result = self.state.result
        self.results.append(result)
        for seat, points in enumerate(result.settlement):
            self.totals[seat] += points
        self.deal_index += 1
        self.state = new_deal(seed=self.deal_seed(self.deal_index))

    def clone(self) -> RunFastMatch:
        other = object.__new__(RunFastMatch)
        other.__dict__.update(self.__dict__)
        other.results = list(self.results)
        other.totals = dict(self.totals)
        other.state = self.state.clone()
        return other


def new_match(*, seed: int | None = None) -> RunFastMatch:
    """A Run Fast session of consecutive deals with running totals (``match.totals``)."""
    seed = validate.seed(seed)
    return RunFastMatch(_fresh_seed() if seed is None else seed)
