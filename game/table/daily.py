"""The deal of the day (issue 59): for each game, one deal seeded by the calendar date, the
same on every machine that day, played as one stand-alone deal at the normal table.

The seed is the first four bytes of the SHA-256 of ``"<ISO date>:<game id>"`` (never Python's
salted ``hash``), so it depends on the date and the game only. The deal is the first deal of a
fresh match with that seed (levels at 2, totals at 0), the game's default house rules (the
caller passes the preset's defaults, never the player's own), and the player's AI level. Its
row in the history carries the date (``DealRow.daily``); the best of a day's rows is the
player's result on that day's deal, in the game's unit (``GameSpec.outcome_unit``).
"""

from __future__ import annotations

import datetime
import hashlib
from collections.abc import Mapping
from typing import Any

from game.rules.options import OptionValue
from game.table.controller import TableController

#: The seeds the rules take (``random.Random(seed)``): 1 .. 2**31 - 1, as the table's own.
SEED_SPAN = 2**31 - 1


def daily_seed(game: str, day: datetime.date) -> int:
    """The seed of ``game``'s deal of the day ``day`` (stable across machines and runs)."""
    digest = hashlib.sha256(f"{day.isoformat()}:{game}".encode()).digest()
    return int.from_bytes(digest[:4], "big") % SEED_SPAN + 1


def today() -> datetime.date:
    """The player's calendar date (the local clock: the deal changes at local midnight)."""
    return datetime.date.today()


def parse_day(value: object) -> datetime.date | None:
    """A stored ISO date read back, or None when it is not one (a damaged row)."""
    if not isinstance(value, str):
        return None
    try:
        return datetime.date.fromisoformat(value)
    except ValueError:
        return None


def daily_controller(
    game: str,
    day: datetime.date,
    *,
    options: Mapping[str, OptionValue] | None = None,
    **table: Any,  # Any: the controller's keywords, passed on
) -> TableController:
    """A controller playing ``game``'s deal of ``day`` (``table``: the controller's keyword
    arguments, such as the AI level and the clock); ``options`` the game's default house
    rules. Its match is one deal: see :attr:`TableController.daily`."""
    controller = TableController(game, seed=daily_seed(game, day), options=options, **table)
    controller.daily = day.isoformat()
    return controller


__all__ = ["SEED_SPAN", "daily_controller", "daily_seed", "parse_day", "today"]
