"""A deal as a small text file to share (issue 27 item 3): export and import.

The file is UTF-8 text: the line ``Cardavia deal 1`` and then one JSON object with the game,
its house rules, the seed, where the deal sits in its match (``start``: the deal number and
running totals, for a session that can jump there; otherwise ``before``: the stored actions of
the match's earlier deals) and the deal's own actions. Importing checks all of it and replays
it; anything wrong raises :class:`ShareError` whose ``key`` and ``params`` name a locale
message that says what is wrong, and nothing is stored or lost.
"""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING, TypedDict, cast

from game import registry, save, storage
from game.history.db import Database
from game.rules.base import DealState
from game.rules.options import OptionValue
from game.table.record import ActionData, MatchStart, ReplayError, find_action, rebuild_match
from game.table.summary import DealRow

if TYPE_CHECKING:  # pragma: no cover
    from game.history.replay import DealSource, ReplayDeal

HEADER = "Cardavia deal"
VERSION = 1
#: What a version number in the header may look like.
VERSION_TEXT = re.compile(r"[0-9]{1,9}")
#: A shared deal is small; anything larger is not one (a real match is far below this).
MAX_BYTES = 1024 * 1024


class SharedDeal(TypedDict, total=False):
    """A shared deal's JSON (after its header line): the replay's ``DealSource`` (game,
    house rules, seed, actions, and ``start`` or ``before``) and the deal's number."""

    preset: str
    options: dict[str, OptionValue]
    seed: int
    deal_index: int
    actions: list[ActionData]
    start: MatchStart
    before: list[list[ActionData]]


class ShareError(ValueError):
    """A file that is not a usable shared deal; ``key`` is the locale key of the message."""

    def __init__(self, key: str, **params: object) -> None:
        super().__init__(f"{key} {params}")
        self.key = key
        self.params = params


def export_text(row: DealRow, database: Database) -> str:
    """The text of the shared deal ``row`` (its match's earlier deals read from ``database``)."""
    data: SharedDeal = {
        "preset": row.preset,
        "options": row.options or {},
        "seed": row.seed,
        "deal_index": row.deal_index,
        "actions": row.actions,
    }
    match = registry.get(row.preset).rules.new_match(seed=row.seed)
    if callable(getattr(match, "fast_forward", None)) and row.totals_after is not None:
        totals = [int(t - r) for t, r in zip(row.totals_after, row.returns, strict=True)]
        data["start"] = {"deal_index": row.deal_index, "totals": totals}
    else:
        before = database.match_actions(row.match_key, row.deal_index)
        if before is None:
            raise ShareError("history.cannot_replay")
        data["before"] = before
    return f"{HEADER} {VERSION}\n" + json.dumps(data, ensure_ascii=False, indent=1) + "\n"


def import_text(raw: bytes) -> tuple[str, list[DealState]]:
    """(preset, the deal's states from dealt to the last action) of a shared deal's bytes."""
    preset, states, _source = _import(raw)
    return preset, states


def import_deal(raw: bytes) -> ReplayDeal:
    """The replay (:class:`game.history.replay.ReplayDeal`, with its ``source``) of a shared
    deal's bytes; :class:`ShareError` as :func:`import_text`."""
    from game.history import replay

    preset, states, source = _import(raw)
    return replay.from_states(preset, states, source=source)


def _import(raw: bytes) -> tuple[str, list[DealState], DealSource]:
    if len(raw) > MAX_BYTES:
        raise ShareError("share.too_large")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise ShareError("share.not_a_deal") from error
    first, _, body = text.partition("\n")
    words = first.strip().rsplit(" ", 1)
    # ASCII digits only, and few: "²", "①" or a 5,000-digit number is no version (issue 45).
    if len(words) != 2 or words[0] != HEADER or not VERSION_TEXT.fullmatch(words[1]):
        raise ShareError("share.not_a_deal")
    if int(words[1]) > VERSION:
        raise ShareError("share.newer")
    try:
        data = json.loads(body)
    except (ValueError, RecursionError) as error:
        raise ShareError("share.broken") from error
    if not isinstance(data, dict):
        raise ShareError("share.broken")
    preset = data.get("preset")
    if not isinstance(preset, str) or preset not in registry.ids():
        raise ShareError("share.unknown_game", game=str(preset)[:32])
    seed: object = data.get("seed")
    actions = data.get("actions")
    before = data.get("before", [])
    if not storage.whole(seed) or not isinstance(actions, list) or not isinstance(before, list):
        raise ShareError("share.broken")  # a seed beyond 64 bits could never be stored
    if data.get("start") is not None and save.start_problem(data["start"]) is not None:
        raise ShareError("share.broken")
    options = data.get("options") or None
    if options is not None and not isinstance(options, dict):
        raise ShareError("share.broken")
    try:
        module = registry.get(preset).rules
        state = rebuild_match(module, seed, [*before, []], data.get("start"), options).state
        states = [state.clone()]
        for number, action in enumerate(actions, 1):
            if not isinstance(action, dict):
                raise ShareError("share.bad_action", number=number)
            try:
                # an action as parsed: find_action reads it by get and checks each value
                state.apply(find_action(state, cast(ActionData, action)))
            except (ReplayError, TypeError, ValueError) as error:
                raise ShareError("share.bad_action", number=number) from error
            states.append(state.clone())
    except ShareError:
        raise
    except Exception as error:  # noqa: BLE001 - any other failure is a broken file
        raise ShareError("share.broken") from error
    # the file's values, checked above (the actions by replaying them)
    source: DealSource = {"preset": preset, "options": options, "seed": seed, "actions": actions}
    where: DealSource = (
        {"start": data["start"]} if data.get("start") is not None else {"before": before}
    )
    return preset, states, source | where
