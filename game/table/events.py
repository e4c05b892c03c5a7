"""What the table controller tells the scene (:class:`TableEvent`): every record the engine
logged, a deal's start and end, the match's end, in order, for the scene to animate."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from game.rules.base import Action, DealResult, Record


@dataclass(frozen=True, slots=True)
class TableEvent:
    """Something the scene may animate or announce.

    ``kind``: ``"action"`` (a log record: ``seat``, ``action``, ``auto``), ``"deal_start"``,
    ``"deal_end"`` (``result`` is the deal's ``state.result``), ``"match_end"``. ``lead`` marks
    a play that opened a new round or trick (the scene clears the table's last plays then).
    """

    kind: str
    deal_index: int
    seat: int | None = None
    action: Action | None = None
    auto: bool = False
    result: DealResult | None = None
    lead: bool = False


def record_events(
    log: Sequence[Record], start: int, deal_index: int, leads: Mapping[int, bool]
) -> list[TableEvent]:
    """The ``"action"`` events of ``log``'s records from index ``start`` on; ``leads`` marks by
    log index the plays that opened a round or trick."""
    return [
        TableEvent(
            "action",
            deal_index,
            seat=record.seat,
            action=record.action,
            auto=bool(record.auto),
            lead=leads.get(index, False),
        )
        for index, record in enumerate(log[start:], start)
    ]


def applied_index(log: Sequence[Record], before: int) -> int:
    """The index in ``log`` of the record just applied, the first not auto from ``before``
    (auto records may come around it)."""
    for index in range(before, len(log)):
        if not log[index].auto:
            return index
    return before
