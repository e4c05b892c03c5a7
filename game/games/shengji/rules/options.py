"""Shengji's house rules (variants.md VS1-VS4); the defaults play shengji.md unchanged."""

from __future__ import annotations

from collections.abc import Mapping

from game.rules.options import (
    Option,
    Options,
    OptionSpec,
    boolean,
    choice,
    resolve,
    schema_dict,
)

#: VS1: a follower holding a tractor of the led suit must play one against a tractor lead.
TRACTOR_DUTY = "tractor_duty"
#: VS2: "linear" (S5.2, twice the cards per player) or "power" (2, 4, 2^(n+1)).
KITTY_MULTIPLIER = "kitty_multiplier"
#: VS3: "random" (S2.3/S2.6) or "first_declarer" (the standing declaration's seat deals).
FIRST_DEALER = "first_dealer"
#: VS4: throws (甩牌), multi-part leads of one suit, judged against the hidden hands.
THROWS = "throws"

SCHEMA: dict[str, Option] = {
    TRACTOR_DUTY: boolean(TRACTOR_DUTY, False),
    KITTY_MULTIPLIER: choice(KITTY_MULTIPLIER, "linear", "linear", "power"),
    FIRST_DEALER: choice(FIRST_DEALER, "random", "random", "first_declarer"),
    THROWS: boolean(THROWS, False),
}
DEFAULTS: Options = resolve(SCHEMA, None)


def options_schema() -> dict[str, OptionSpec]:
    """Every Shengji option key with its type, default and allowed values."""
    return schema_dict(SCHEMA)


def checked(options: Mapping[str, object] | None) -> Options:
    """``options`` with every key present; raises BadOptionError naming a bad key."""
    return DEFAULTS if options is None else resolve(SCHEMA, options)


def first_dealer(options: Options, first_declarer: int | None, standing: int | None) -> int | None:
    """Who deals the first deal after a declaration stood (S2.6; VS3 "first_declarer": the seat
    whose declaration stands)."""
    return standing if options[FIRST_DEALER] == "first_declarer" else first_declarer
