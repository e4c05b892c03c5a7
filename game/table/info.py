"""What the table shows about a deal, read from the engines' states without pygame.

Shared ideas are read through the state protocol of game/rules/base.py (``hand_counts``,
``finish_order`` …); the labels for cards, ranks and meanings are built here.
"""

from __future__ import annotations

from collections.abc import Iterable

from game import i18n
from game.rules.base import Combo, DealState, DealView
from game.rules.cards import Card, parse_cards
from game.rules.errors import RulesError


def hand(view: DealView) -> list[Card]:
    """The seat's own cards."""
    return list(view.hand)


def hand_counts(view: DealView, seats: int) -> list[int]:
    """Cards left in every seat's hand (``seats`` is kept for callers; the view knows)."""
    return [int(c) for c in view.hand_counts]


def finish_order(state: DealState) -> list[int]:
    """Seats in finishing order so far (empty in games where nobody goes out)."""
    return list(state.finish_order)


#: Suit symbols used when cards are written in a sentence (the fonts carry them in every
#: language, see game/text.py).
SUIT_SYMBOLS: dict[str, str] = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}


def rank_label(rank: str | None) -> str:
    """A rank as printed on cards (``T`` is 10), jokers by their locale names.

    Always the cards' own Latin 2–10, J, Q, K, A, in every language (issue 40): the card
    faces are Latin, and Persian or Arabic digits beside Latin J, Q, K read as garbage
    ("AKQJ۱۰"). Counts, points and totals keep the language's digits."""
    if rank is None:
        return ""
    if rank in ("BJ", "RJ"):
        return i18n.tr(f"table.card_{rank}")
    return "10" if rank == "T" else rank


def card_label(card: Card) -> str:
    """A card as the player reads it in a sentence: rank and suit symbol (``10♥``), a joker
    by its name."""
    if card.suit is None:
        return rank_label(card.rank)
    return rank_label(card.rank) + SUIT_SYMBOLS.get(card.suit, card.suit)


def cards_label(cards: Iterable[Card] | str) -> str:
    """Cards written for a sentence: ``4♠ 4♦`` (notation strings are read first)."""
    if isinstance(cards, str):
        text = cards
        try:
            cards = parse_cards(text)
        except RulesError:  # not notation after all: shown as given
            return text
    return " ".join(card_label(c) for c in cards)


def combo_label(combo: Combo | None) -> str:
    """A meaning for the chooser: "Straight to 10" (G5.5)."""
    if combo is None:
        return ""
    kind = combo.kind
    name = i18n.tr(f"combo.{kind}")
    if name == f"combo.{kind}":
        name = i18n.tr(f"table.combo_{kind}")
    rank = combo.rank
    if not isinstance(rank, str):  # none (the joker bomb), or a Shengji format's step
        return name
    chain = combo.chain
    if chain >= 2:  # Run Fast VR1: an airplane says its triples
        return i18n.tr("table.meaning_chain", combo=name, rank=rank_label(rank), count=chain)
    return i18n.tr("table.meaning", combo=name, rank=rank_label(rank))


#: What the tag under a play names: its meaning, a kind's name (a Shengji follow's), or None.
PlayKind = Combo | str | None


def play_kind_label(combo: PlayKind, count: int) -> str | None:
    """What a play is, as the tag beside it says: "Tractor", "Plate", "6-card bomb", "Ruff";
    ``combo`` is a meaning or a kind's name; None for a play without one. A plain bomb names
    its size (G2: bigger beats)."""
    kind = combo if isinstance(combo, str) or combo is None else combo.kind
    if not kind:
        return None
    if kind == "bomb":
        return i18n.tr("table.play_bomb", count=count)
    # The short table names first ("Plate"), then the rules' names ("Pair run").
    names = i18n.catalog("en")  # the reference catalog: every key exists there
    for key in (f"table.combo_{kind}", f"combo.{kind}"):
        if key in names:
            return i18n.tr(key)
    return None


def kind_names() -> list[str]:
    """Every kind of play the tag beside a play can name (the catalog's ``table.combo_*`` and
    ``combo.*`` keys), and "bomb"."""
    names = i18n.catalog("en")
    kinds = {key.split(".", 1)[1].removeprefix("combo_") for key in names}
    found = (k for k in kinds if f"table.combo_{k}" in names or f"combo.{k}" in names)
    return sorted({*found, "bomb"})


def is_bomb(combo: PlayKind) -> bool:
    """Whether a play's meaning is a bomb of its game (``combo.is_bomb``; false for no meaning
    or a kind's name alone)."""
    return combo is not None and not isinstance(combo, str) and combo.is_bomb
