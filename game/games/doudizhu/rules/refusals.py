"""Why a set of cards cannot be played now (the reason codes of the package docstring)."""

from __future__ import annotations

from game.games.doudizhu.rules.combos import RUN_LIMITS, Combo, beats, counts_of, describe
from game.rules.cards import Card, format_cards

_SHORTEST = {1: RUN_LIMITS["straight"][0], 2: RUN_LIMITS["pair_run"][0], 3: 2}


def _shape(cards: tuple[Card, ...]) -> tuple[str, str, dict[str, object]]:
    """Why ``cards`` form no combination: (message, reason, details)."""
    counts = counts_of(cards)
    present = [v for v, n in enumerate(counts) if n]
    shape = {counts[v] for v in present}
    if len(shape) == 1 and len(present) > 1:
        per = shape.pop()
        if per in _SHORTEST and any(v >= 12 for v in present) and len(present) >= _SHORTEST[per]:
            return "sequences use 3 to A only, never a 2 or a joker", "sequence_with_two", {}
        if per in (1, 2) and len(present) < _SHORTEST[per]:
            need = _SHORTEST[per]
            what = "single" if per == 1 else "pair"
            return (
                f"a sequence of {what}s needs at least {need} consecutive ranks",
                "too_short",
                {"need": need, "kind": what},
            )
    if max(counts) >= 3 and len(cards) > 3:
        return (
            "the attached cards do not fit (a trio takes one card or a pair, a four two cards "
            "or two pairs, each airplane trio one card or one pair)",
            "bad_attachment",
            {},
        )
    return "they form no Dou Dizhu combination", "no_combination", {}


def refusal(
    cards: tuple[Card, ...], combos: list[Combo], last: Combo | None
) -> tuple[str, str, dict[str, object]] | None:
    """None when some reading of ``cards`` may be played on ``last`` (None: a lead), else
    (message, reason code, details)."""
    text = format_cards(cards)
    if not combos:
        message, reason, details = _shape(cards)
        return message, reason, {"cards": text, **details}
    if last is None or any(beats(c, last) for c in combos):
        return None
    combo = combos[0]
    details = {"cards": text, "last": format_cards(last.cards), "last_kind": last.kind}
    if last.kind == "rocket":
        return "nothing beats the rocket", "rocket_unbeatable", details
    if last.kind == "bomb" and combo.kind != "bomb":
        return (
            f"only a higher bomb or the rocket beats {describe(last)}",
            "only_bomb_beats",
            details,
        )
    if combo.kind == last.kind and len(combo.cards) == len(last.cards):
        return f"it does not beat {describe(last)}", "does_not_beat", details
    return (
        f"{describe(combo)} cannot answer {describe(last)} (same kind and size needed)",
        "wrong_shape",
        details,
    )
