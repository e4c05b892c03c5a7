"""Actions as plain data (for the autosave) and replaying a match from its seed.

A match is fully determined by its seed and the non-auto actions applied to each deal (the
common brief), so the autosave stores only those, one list per deal, and replays them through
the public state protocol: ``actions_for`` for card actions, ``legal_actions`` otherwise.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from typing import TypedDict

from game.rules.base import Action, Combo, DealState, Match, RulesModule
from game.rules.cards import Card, format_cards, parse_cards
from game.rules.options import OptionValue

#: A play's meaning as stored: ``[kind, rank, size]`` (see :func:`combo_key`).
ComboKey = list[str | int | None]


class ActionData(TypedDict, total=False):
    """One stored action as JSON-able data (:func:`action_to_data` writes all four keys; one
    read from a file may lack some, so readers ask with ``get``, and its values are checked
    where they are used): the seat that acted (None: the deal's own), the action's kind, its
    cards in card notation and its meaning's :func:`combo_key`."""

    seat: int | None
    kind: str
    cards: str
    combo: ComboKey | None


class MatchStart(TypedDict):
    """Where a saved session's stored deals begin (a match that can ``fast_forward``): that
    deal's index and each seat's running total before it."""

    deal_index: int
    totals: list[int]


class SnapshotStatus(TypedDict, total=False):
    """What the menus show of a saved match without replaying it: the deal's number (from
    0), the teams' levels (the team games) or the seats' running totals (the points games)."""

    deal: int
    levels: list[str]
    totals: list[int]


class Snapshot(TypedDict, total=False):
    """The autosave (``game.table.session.snapshot``; ``game.save`` checks one read from a
    file before it is used): the match's game, seed and AI level, the non-auto actions of each
    deal kept (the last one still in play), where they begin (``start``, a session saved from
    a later deal), the house rules, the match's history key and whether undo or hints were
    used."""

    start: MatchStart
    status: SnapshotStatus
    version: int
    preset: str
    seed: int
    ai_level: str
    deals: list[list[ActionData]]
    options: dict[str, OptionValue]
    match_key: str | None
    undo_used: bool
    hints_used: bool


class ReplayError(ValueError):
    """A stored action is not legal where it is replayed (an edited or stale save)."""


def combo_key(combo: Combo | None) -> ComboKey | None:
    """A plain summary of a play's meaning: ``[kind, rank, size]``, or None (``Combo.size``:
    None for a shape without cards, Shengji's lead format, as saves have always stored it)."""
    if combo is None:
        return None
    rank = combo.rank
    return [combo.kind, None if rank is None else str(rank), combo.size]


def action_to_data(seat: int | None, action: Action) -> ActionData:
    """One action as JSON-able data."""
    return {
        "seat": seat,
        "kind": action.kind,
        "cards": format_cards(action.cards),
        "combo": combo_key(action.combo),
    }


def _same(action: Action, kind: str, cards: Counter[Card], combo: object) -> bool:
    return (
        action.kind == kind
        and Counter(action.cards) == cards
        and (combo is None or combo_key(action.combo) == combo)
    )


def find_action(state: DealState, data: ActionData) -> Action:
    """The legal action of ``state`` that ``data`` describes; raises ReplayError if none."""
    kind = str(data.get("kind", ""))
    cards = parse_cards(str(data.get("cards", "")))
    combo = data.get("combo")
    wanted = Counter(cards)
    candidates: list[Action] = []
    if cards:
        try:
            candidates = [a for a in state.actions_for(cards) if _same(a, kind, wanted, combo)]
        except Exception:  # an engine refusing odd input is the same as "not found" here
            candidates = []
    if not candidates:
        candidates = [a for a in state.legal_actions() if _same(a, kind, wanted, combo)]
    if not candidates:
        raise ReplayError(
            f"seat {state.current_player} has no legal {kind} {format_cards(cards)!r} "
            f"({combo}) at this point of the deal"
        )
    return candidates[0]


def non_auto_actions(state: DealState) -> list[ActionData]:
    """The non-auto records of a deal's log as data, in order."""
    return [action_to_data(r.seat, r.action) for r in state.log if not r.auto]


def replay_match(
    module: RulesModule,
    seed: int,
    deals: list[list[ActionData]],
    options: Mapping[str, object] | None = None,
) -> Match:
    """A new match of ``module`` with ``seed`` and ``options`` (house rules) and the stored
    actions of each deal re-applied.

    Every deal but the last must have ended; the match is advanced after each of them.
    """
    return rebuild_match(module, seed, deals, options=options)


def rebuild_match(
    module: RulesModule,
    seed: int,
    deals: list[list[ActionData]],
    start: MatchStart | None = None,
    options: Mapping[str, object] | None = None,
) -> Match:
    """:func:`replay_match`, or, with ``start`` (``{"deal_index", "totals"}``), the stored
    deals replayed from that deal of a session whose match can ``fast_forward`` to it."""
    match = module.new_match(seed=seed, options=options) if options else module.new_match(seed=seed)
    if start is not None:
        # Run Fast's sessions: deals in a row whose running totals carry on
        forward: Callable[[int, list[int]], None] | None = getattr(match, "fast_forward", None)
        if not callable(forward):
            raise ReplayError("this game's saves cannot start at a later deal")
        forward(int(start["deal_index"]), list(start["totals"]))
    return replay_from(match, deals)


def replay_from(match: Match, deals: list[list[ActionData]]) -> Match:
    """``match`` with the stored actions of each deal re-applied (see :func:`replay_match`)."""
    for index, actions in enumerate(deals):
        state = match.state
        replay_deal(state, actions, index)
        if index < len(deals) - 1:
            if not state.is_terminal:
                raise ReplayError(f"deal {index + 1} is stored unfinished but is not the last")
            if match.is_over:
                raise ReplayError("the stored match ended before its last stored deal")
            match.advance()
    return match


def replay_deal(state: DealState, actions: list[ActionData], index: int = 0) -> None:
    """Apply the stored ``actions`` to ``state`` (deal number ``index`` in messages)."""
    for data in actions:
        if state.is_terminal:
            raise ReplayError(f"deal {index + 1} ended before all stored actions were played")
        seat = data.get("seat")
        if seat is not None and seat != state.current_player:
            raise ReplayError(
                f"deal {index + 1}: stored action of seat {seat} but seat "
                f"{state.current_player} is to act"
            )
        state.apply(find_action(state, data))
