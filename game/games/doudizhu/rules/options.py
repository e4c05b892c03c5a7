"""Dou Dizhu's house rules (doudizhu.md VD1-VD3); the defaults play D1-D5 unchanged."""

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

#: VD1: "points" (叫分, D2.3) or "rob" (叫地主/抢地主).
BIDDING = "bidding"
POINTS = "points"
ROB = "rob"
#: VD2: after the kitty is shown, each player may double (加倍).
DOUBLING = "doubling"
#: VD3: 0 for no cap, else the highest factor of one payment.
MULTIPLIER_CAP = "multiplier_cap"

SCHEMA: dict[str, Option] = {
    BIDDING: choice(BIDDING, POINTS, POINTS, ROB),
    DOUBLING: boolean(DOUBLING, False),
    MULTIPLIER_CAP: choice(MULTIPLIER_CAP, 0, 0, 8, 16, 32, 64),
}
DEFAULTS: Options = resolve(SCHEMA, None)


def options_schema() -> dict[str, OptionSpec]:
    """Every Dou Dizhu option key with its type, default and allowed values."""
    return schema_dict(SCHEMA)


def checked(options: Mapping[str, object] | None) -> Options:
    """``options`` with every key present; raises BadOptionError naming a bad key."""
    return DEFAULTS if options is None else resolve(SCHEMA, options)
