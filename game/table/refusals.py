"""The rules' refusals in the player's language: an engine's ``IllegalActionError`` (a reason
code and details) as a sentence from ``reason.<game>.<code>``, then ``reason.<code>``, then the
engine's English message. Card notation in the details is shown as rank and suit symbol
(``4♠ 4♦``, jokers by name), ranks in the language's digits.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from game import i18n
from game.rules.base import Action, DealState
from game.rules.cards import Card, as_cards
from game.rules.errors import IllegalActionError, RulesError
from game.table import info
from game.words import Words

#: Refusal details that hold card notation (shown as ``4♠ 4♦``) and ranks (shown as on cards).
CARD_DETAILS = frozenset({"cards", "last", "lead", "standing"})
RANK_DETAILS = frozenset({"level", "rank", "last_rank"})


def refusal_params(details: Mapping[str, object]) -> dict[str, object]:
    """An engine's refusal details made readable: card notation as rank and suit symbol,
    ranks in the language's digits, suits by name (numbers are formatted by ``i18n.tr``)."""
    params: dict[str, object] = {}
    for name, value in details.items():
        if name in CARD_DETAILS and isinstance(value, str):
            value = info.cards_label(value)
        elif name in RANK_DETAILS and isinstance(value, str):
            value = info.rank_label(value)
        elif name == "suit" and isinstance(value, str) and value in info.SUIT_SYMBOLS:
            value = i18n.tr(f"table.suit_{value}")
        params[name] = value
    return params


def describe_refusal(preset: str, error: IllegalActionError) -> Words:
    """The sentence for a refused action (see the module docstring), as words: said in the
    language of the moment it is shown, however long the table keeps it (issue 55)."""
    return Words.later(lambda: _sentence(preset, error))


def _sentence(preset: str, error: IllegalActionError) -> str:
    params = refusal_params(dict(getattr(error, "details", {})))
    for key in (f"reason.{preset}.{error.reason}", f"reason.{error.reason}"):
        text = i18n.tr(key, **params)
        if text != key:
            return text
    return str(error)


# --- the player's selection: what it may mean, and why it may not be played -----------------


def explain(state: DealState, cards: list[Card]) -> IllegalActionError | None:
    """Why the current player may not play ``cards`` (None: it may); an engine that raises
    instead of returning is heard the same way."""
    try:
        return state.explain(cards)
    except RulesError as error:
        if isinstance(error, IllegalActionError):
            return error
        return IllegalActionError(str(error), reason="illegal")


def pass_refusal(state: DealState, preset: str) -> Words:
    """Why the current player may not pass (words in the language of the moment)."""
    # A climbing engine may say why passing is refused (Run Fast R3.4); else explain([]).
    refusal = getattr(state, "pass_refusal", None)
    error = refusal() if callable(refusal) else explain(state, [])
    if error is not None:
        return describe_refusal(preset, error)
    return Words("table.cannot_pass")


def selection_actions(state: DealState, cards: Iterable[Card | str]) -> list[Action]:
    """The current player's legal actions that use exactly ``cards`` (one per meaning)."""
    chosen = as_cards(list(cards))
    if not chosen:
        return []
    try:
        actions = list(state.actions_for(chosen))
    except RulesError:
        return []
    return [a for a in actions if a.kind != "pass"]


def selection_refusal(state: DealState, preset: str, cards: Iterable[Card | str]) -> Words | None:
    """Why ``cards`` cannot be played now (words), or None when they can."""
    chosen = as_cards(list(cards))
    if not chosen or selection_actions(state, chosen):
        return None
    error = explain(state, chosen)
    if error is None:
        error = IllegalActionError("not a legal action", reason="illegal")
    return describe_refusal(preset, error)


def distinct_meanings(actions: list[Action]) -> list[Action]:
    """One action per distinct meaning (G5.5 chooser); order kept."""
    seen: set[tuple[object, ...]] = set()
    out = []
    for action in actions:
        combo = action.combo
        key = (
            action.kind,
            combo.kind if combo is not None else None,
            combo.rank if combo is not None else None,
            combo.chain if combo is not None else 0,  # Run Fast VR1: airplanes of 2 or 3
        )
        if key not in seen:
            seen.add(key)
            out.append(action)
    return out
