"""Run Fast's house rules (variants.md VR1-VR3); the defaults play runfast.md unchanged."""

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

#: VR1: triple with two and airplanes exist (R4.5 lifted).
ATTACHMENTS = "attachments"
#: VR2: true: the first play must contain 3H (R2.2); false: any legal lead.
FIRST_PLAY_WITH_THREE = "first_play_with_three"
#: VR3: "always" (R3.4) or "warned_only" (must beat only a single when the next holds one card).
MUST_BEAT = "must_beat"
ALWAYS = "always"
WARNED_ONLY = "warned_only"

SCHEMA: dict[str, Option] = {
    ATTACHMENTS: boolean(ATTACHMENTS, False),
    FIRST_PLAY_WITH_THREE: boolean(FIRST_PLAY_WITH_THREE, True),
    MUST_BEAT: choice(MUST_BEAT, ALWAYS, ALWAYS, WARNED_ONLY),
}
DEFAULTS: Options = resolve(SCHEMA, None)


def options_schema() -> dict[str, OptionSpec]:
    """Every Run Fast option key with its type, default and allowed values."""
    return schema_dict(SCHEMA)


def checked(options: Mapping[str, object] | None) -> Options:
    """``options`` with every key present; raises BadOptionError naming a bad key."""
    return DEFAULTS if options is None else resolve(SCHEMA, options)
