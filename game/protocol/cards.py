"""Cards, card notation and the packs every preset deals from.

Notation (guandan.md, "Card notation"): rank then suit, ``TH`` ``AS`` ``2C``; jokers ``BJ``
(black, small) and ``RJ`` (red, big). Lists are separated by spaces. ``10`` is read as ``T`` and
case does not matter. Copies of a card from two packs are equal (and are the same object: cards
are interned, so comparing and hashing them is cheap in the AI's hot loops).
"""

from __future__ import annotations

from collections.abc import Iterable

from game.protocol.errors import CardNotationError

#: Natural ranks, low to high (ace high). Games apply their own orders on top.
RANKS: tuple[str, ...] = ("2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A")
#: Suits: spades, hearts, diamonds, clubs. Suits have no order in any preset.
SUITS: tuple[str, ...] = ("S", "H", "D", "C")
#: Joker ranks, small then big.
JOKERS: tuple[str, ...] = ("BJ", "RJ")

_RANK_ALIASES = {"10": "T"}


class Card:
    """An immutable, hashable playing card.

    ``rank`` is one of ``2 3 4 5 6 7 8 9 T J Q K A BJ RJ``; ``suit`` is one of ``S H D C``, or
    ``None`` for a joker. ``index`` is a dense id 0..53 (suited cards rank-major, then BJ, RJ)
    that engines may use for counting arrays.
    """

    __slots__ = ("rank", "suit", "index", "_text")
    _interned: dict[tuple[str, str | None], Card] = {}

    rank: str
    suit: str | None
    index: int
    _text: str

    def __new__(cls, rank: str, suit: str | None = None) -> Card:
        key = (rank, suit)
        card = cls._interned.get(key)
        if card is not None:
            return card
        if rank in JOKERS:
            if suit is not None:
                raise CardNotationError(f"a joker has no suit: {rank}{suit}")
            index = 52 + JOKERS.index(rank)
            text = rank
        elif rank in RANKS and suit in SUITS:
            index = RANKS.index(rank) * 4 + SUITS.index(suit)
            text = rank + suit
        else:
            raise CardNotationError(f"no such card: rank {rank!r}, suit {suit!r}")
        card = object.__new__(cls)
        object.__setattr__(card, "rank", rank)
        object.__setattr__(card, "suit", suit)
        object.__setattr__(card, "index", index)
        object.__setattr__(card, "_text", text)
        cls._interned[key] = card
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> tuple[type[Card], tuple[str, str | None]]:
        return (Card, (self.rank, self.suit))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Card:
        return self

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Card({self._text!r})"

    def __hash__(self) -> int:
        return self.index

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Card):
            return self.index == other.index
        return NotImplemented

    def __lt__(self, other: Card) -> bool:
        """Natural order (rank, then suit) for stable display sorting only."""
        return self.index < other.index

    @property
    def is_joker(self) -> bool:
        return self.suit is None

    @classmethod
    def from_str(cls, token: str) -> Card:
        """Read one card in notation; raises :class:`CardNotationError` naming the token."""
        text = token.strip().upper()
        if text in JOKERS:
            return cls(text)
        rank, suit = text[:-1], text[-1:]
        rank = _RANK_ALIASES.get(rank, rank)
        if rank not in RANKS or suit not in SUITS:
            raise CardNotationError(f"not a card: {token!r} (cards look like 'TH', 'AS', 'BJ')")
        return cls(rank, suit)


def parse_cards(text: str) -> list[Card]:
    """Read space-separated card notation (case-insensitive, ``10`` for ``T``)."""
    if not isinstance(text, str):
        raise CardNotationError(f"card notation must be text, not {type(text).__name__}")
    return [Card.from_str(token) for token in text.split()]


def format_cards(cards: Iterable[Card] | str) -> str:
    """Write cards as notation; ``parse_cards(format_cards(x)) == list(x)``."""
    return " ".join(str(card) for card in as_cards(cards))


def as_cards(cards: Iterable[Card | str] | str) -> list[Card]:
    """Accept notation text, cards, or card tokens; return a list of cards."""
    if isinstance(cards, str):
        return parse_cards(cards)
    try:
        items = iter(cards)
    except TypeError:
        raise CardNotationError(
            f"cards must be card notation or a list of cards, not {type(cards).__name__}"
        ) from None
    result: list[Card] = []
    for card in items:
        if isinstance(card, Card):
            result.append(card)
        elif isinstance(card, str):
            result.append(Card.from_str(card))
        else:
            raise CardNotationError(f"not a card: {card!r}")
    return result


def single_pack(*, jokers: bool = True) -> list[Card]:
    """One 52-card pack, plus the Black and Red Jokers when ``jokers`` (54 cards)."""
    pack = [Card(rank, suit) for rank in RANKS for suit in SUITS]
    if jokers:
        pack += [Card("BJ"), Card("RJ")]
    return pack


def double_pack() -> list[Card]:
    """Two full packs with jokers: 108 cards (Guandan G2.1, Shengji S2.1)."""
    return single_pack() + single_pack()
