"""The public path of the cards (rules-api.md): ``Card``, its notation and the packs. They live
on the ground floor, in :mod:`game.protocol.cards`, below the game registry, which names them."""

from game.protocol.cards import (
    JOKERS,
    RANKS,
    SUITS,
    Card,
    as_cards,
    double_pack,
    format_cards,
    parse_cards,
    single_pack,
)

__all__ = [
    "JOKERS",
    "RANKS",
    "SUITS",
    "Card",
    "as_cards",
    "double_pack",
    "format_cards",
    "parse_cards",
    "single_pack",
]
