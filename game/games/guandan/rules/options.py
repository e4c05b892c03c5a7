"""Guandan's house rules (variants.md VG1-VG3); the defaults play guandan.md unchanged."""

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

#: VG1: a one-suit five-card sequence may also be played as a plain straight (G5.5 chooser).
STRAIGHT_FLUSH_AS_STRAIGHT = "straight_flush_as_straight"
#: VG2: a return card (G3.5) may not be of the deal's level rank.
RETURN_EXCLUDES_LEVEL = "return_excludes_level"
#: VG3: a team at A drops back to 2 after this many deals at A without winning (0: never).
A_LEVEL_TRIES = "a_level_tries"

SCHEMA: dict[str, Option] = {
    STRAIGHT_FLUSH_AS_STRAIGHT: boolean(STRAIGHT_FLUSH_AS_STRAIGHT, False),
    RETURN_EXCLUDES_LEVEL: boolean(RETURN_EXCLUDES_LEVEL, False),
    A_LEVEL_TRIES: choice(A_LEVEL_TRIES, 0, 0, 3),
}
DEFAULTS: Options = resolve(SCHEMA, None)


def options_schema() -> dict[str, OptionSpec]:
    """Every Guandan option key with its type, default and allowed values."""
    return schema_dict(SCHEMA)


def checked(options: Mapping[str, object] | None) -> Options:
    """``options`` with every key present; raises BadOptionError naming a bad key."""
    return DEFAULTS if options is None else resolve(SCHEMA, options)
