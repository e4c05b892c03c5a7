"""What a Run Fast hand can play (R3.3, R3.4, R4): one play per meaning that answers a play
or leads, whether any answer exists (then the must-beat rule forbids a pass), and the bombs a
hand holds (R4.3, R5.2). Hands are read as cards grouped or counted by rank value (3 → 0 …
2 → 12, R3.2)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from game.games.runfast.rules.combos import (
    ATTACHED_KINDS,
    BOMB_KINDS,
    ORDER,
    Combo,
    as_combo,
    rank_value,
    sorted_cards,
    value_counts,
)
from game.rules import validate
from game.rules.cards import Card
from game.rules.errors import BadArgumentError

_ACE = rank_value("A")


def _window_exists(counts: list[int], need: int, length: int, min_top: int) -> bool:
    """Whether ``length`` consecutive ranks, each with ``need`` cards, end above ``min_top - 1``
    and at the ace at most (sequences never hold the 2, R4.2)."""
    run = 0
    for value in range(_ACE + 1):
        run = run + 1 if counts[value] >= need else 0
        if run >= length and value >= min_top:
            return True
    return False


def has_response_counts(counts: list[int], last: Combo) -> bool:
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
    if kind == "triple_two":  # VR1: five cards, or a whole hand of a triple and fewer
        return any(counts[v] >= 3 for v in range(value + 1, _ACE))
    if kind == "airplane":  # VR1: as many consecutive triples 3..K (a short whole hand too)
        run = 0
        for v in range(_ACE):
            run = run + 1 if counts[v] >= 3 else 0
            if run >= last.chain and v > value:
                return True
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
    return has_response_counts(value_counts(_hand_cards(hand)), as_combo(last))


def held_bombs(hand: Iterable[Card] | str) -> list[Combo]:
    """The bombs held in ``hand`` (R4.3, R5.2): each four of a kind 3..K and three aces."""
    cards = _hand_cards(hand)
    by_value: list[list[Card]] = [[] for _ in range(13)]
    for card in sorted_cards(cards):
        by_value[rank_value(card.rank)].append(card)
    bombs = [
        Combo("bomb", ORDER[v], tuple(by_value[v])) for v in range(_ACE) if len(by_value[v]) == 4
    ]
    if len(by_value[_ACE]) >= 3:
        bombs.append(Combo("ace_bomb", "A", tuple(by_value[_ACE][:3])))
    return bombs


def group_by_value(hand: Sequence[Card]) -> list[list[Card]]:
    groups: list[list[Card]] = [[] for _ in range(13)]
    for card in hand:  # hands are kept sorted, so groups are in suit order
        groups[rank_value(card.rank)].append(card)
    return groups


def _attached_plays(groups: list[list[Card]], last: Combo | None) -> list[Combo]:
    """VR1 plays, one card choice per meaning: the triples and the lowest other cards as the
    attachments (the whole hand when it is shorter), for a lead or against ``last``."""
    counts = [len(g) for g in groups]
    total = sum(counts)
    kind = None if last is None else last.kind
    floor = 0 if last is None else last.value + 1
    plays: list[Combo] = []

    def attach(core: list[Card], need: int) -> tuple[Card, ...] | None:
        if total - len(core) < need:
            return None if total >= len(core) + need else tuple(c for g in groups for c in g)
        used = set(core)
        rest = [c for g in groups for c in g if c not in used]
        return sorted_cards(core + rest[:need])

    if kind in (None, "triple_two"):
        for v in range(floor, _ACE):
            if counts[v] >= 3:  # fewer than five cards: the whole hand
                cards = attach(groups[v][:3], 2)
                if cards is not None:
                    plays.append(Combo("triple_two", ORDER[v], cards))
    chains = range(2, 6) if last is None else (last.chain,) if last.kind == "airplane" else ()
    for k in chains:
        for top in range(max(k - 1, floor), _ACE):
            if all(counts[v] >= 3 for v in range(top - k + 1, top + 1)):
                core = [c for v in range(top - k + 1, top + 1) for c in groups[v][:3]]
                cards = attach(core, 2 * k)
                if cards is not None:
                    plays.append(Combo("airplane", ORDER[top], cards, k))
    return plays


def plays_on(
    groups: list[list[Card]], last: Combo | None, first_play: bool, attachments: bool = False
) -> list[Combo]:
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
    if attachments and (last is None or last.kind in ATTACHED_KINDS):
        plays += _attached_plays(groups, last)
    return plays
