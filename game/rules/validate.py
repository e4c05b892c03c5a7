"""Checks of the arguments that reach the rules engines' public entry points (issue 33).

Every engine calls these at its boundary (``new_deal``, ``new_match``, ``apply``'s checked path,
``actions_for``, ``explain``, ``view``), never in its inner loops, so a wrong type or value
raises :class:`BadArgumentError` naming the problem instead of an ``AttributeError`` or a
``KeyError`` from deep inside, and a deal can never start in a position nobody can play.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, TypeGuard

from game.rules.base import Action
from game.rules.cards import RANKS, Card, as_cards
from game.rules.errors import BadArgumentError

__all__ = [
    "action",
    "cards",
    "hands",
    "is_int",
    "optional_seat",
    "permutation",
    "rank",
    "seat",
    "seed",
]


def _show(value: object) -> str:
    """A short description of a bad value for a message (never the whole of a huge value)."""
    try:
        text = repr(value)
    except Exception:  # a value whose repr fails is still named by its type
        text = "?"
    if len(text) > 60:
        text = text[:57] + "..."
    return f"{text} ({type(value).__name__})"


def is_int(value: object) -> TypeGuard[int]:
    """A real integer: ``True``/``False`` are not seats or seeds."""
    return isinstance(value, int) and not isinstance(value, bool)


def seed(value: object) -> int | None:
    """A deal or match seed: an integer, or None for a fresh one."""
    if value is None or is_int(value):
        return value
    raise BadArgumentError(f"seed must be an integer or None, not {_show(value)}")


def seat(value: object, seats: int, name: str = "seat") -> int:
    """A seat number ``0 .. seats-1``."""
    if is_int(value) and 0 <= value < seats:
        return value
    raise BadArgumentError(f"{name} must be a seat number 0..{seats - 1}, not {_show(value)}")


def optional_seat(value: object, seats: int, name: str) -> int | None:
    return None if value is None else seat(value, seats, name)


def rank(value: object, name: str = "level") -> str:
    """A level rank character ``2``..``A``."""
    if isinstance(value, str) and value in RANKS:
        return value
    raise BadArgumentError(f"{name} must be a rank 2..9, T, J, Q, K or A, not {_show(value)}")


def permutation(value: object, seats: int, name: str) -> tuple[int, ...]:
    """Every seat exactly once (a finishing order)."""
    if isinstance(value, str | bytes) or not isinstance(value, Sequence):
        raise BadArgumentError(f"{name} must be a sequence of seats, not {_show(value)}")
    order = tuple(value)
    if len(order) != seats or not all(is_int(s) for s in order) or set(order) != set(range(seats)):
        raise BadArgumentError(
            f"{name} must list each seat 0..{seats - 1} exactly once, not {_show(value)}"
        )
    return order


# Any: a caller's argument of any shape, which as_cards checks token by token
def cards(value: Any, name: str = "cards") -> list[Card]:
    """Cards, card notation text, or notation tokens (``as_cards`` names a bad token)."""
    if value is None or isinstance(value, Mapping):
        raise BadArgumentError(f"{name} must be cards or card notation, not {_show(value)}")
    return as_cards(value)


def hands(
    value: object,
    count: int,
    pack: Iterable[Card],
    pack_name: str,
    *,
    extra: Iterable[Card] = (),
) -> list[list[Card]]:
    """``count`` non-empty hands of cards the pack holds (with ``extra``, e.g. a kitty, no card
    more often than the pack has it). An empty hand would start a deal nobody can play."""
    if isinstance(value, str | bytes | Mapping) or not isinstance(value, Iterable):
        raise BadArgumentError(f"hands must be a list of {count} hands, not {_show(value)}")
    dealt = [cards(hand, "a hand") for hand in value]
    if len(dealt) != count:
        raise BadArgumentError(f"{pack_name} has {count} hands, not {len(dealt)}")
    available = Counter(pack)
    used = Counter(card for hand in dealt for card in hand)
    used.update(extra)
    for card, n in used.items():
        if not available[card]:
            raise BadArgumentError(f"{card} is not in the {pack_name} pack")
        if n > available[card]:
            copies = "once" if available[card] == 1 else f"{available[card]} times"
            raise BadArgumentError(
                f"{card} is dealt {n} times; the {pack_name} pack holds it {copies}"
            )
    for index, hand in enumerate(dealt):
        if not hand:
            raise BadArgumentError(f"hand {index} is empty: every seat needs cards to play")
    return dealt


def action(value: object, combo_type: type | tuple[type, ...]) -> Action:
    """An :class:`Action` of a well-formed shape: a text kind, a tuple of cards, a combo of
    this engine's type or None, and no cards or combo on a pass."""
    if not isinstance(value, Action):
        raise BadArgumentError(f"not an action: {_show(value)}")
    if not isinstance(value.kind, str):
        raise BadArgumentError(f"an action's kind must be text, not {_show(value.kind)}")
    if not isinstance(value.cards, tuple) or not all(isinstance(c, Card) for c in value.cards):
        raise BadArgumentError(
            f"a {value.kind!r} action's cards must be a tuple of cards, not {_show(value.cards)}"
        )
    if value.kind == "pass" and (value.cards or value.combo is not None):
        raise BadArgumentError(f"a pass uses no cards and no combination: {_show(value)}")
    if value.combo is not None and not isinstance(value.combo, combo_type):
        raise BadArgumentError(
            f"a {value.kind!r} action's combo is not a combination of this game: "
            f"{_show(value.combo)}"
        )
    return value
