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


class EventFeed:
    """What the controller has yet to hand the scene of the deal ``deal_index``: its start,
    then each record of its log as it comes (marked when the play opened a round or trick),
    its end and the match's."""

    def __init__(self, deal_index: int) -> None:
        self.deal_index = deal_index
        self.seen = 0  # the log's records handed over
        self.leads: dict[int, bool] = {}  # by log index: the play opened a round or trick
        self.pending: list[TableEvent] = [TableEvent("deal_start", deal_index)]

    def applied(self, log: Sequence[Record], before: int, lead: bool) -> None:
        """The action just applied (``log`` was ``before`` records long) opened a round or
        trick when ``lead``."""
        self.leads[applied_index(log, before)] = lead

    def collect(self, log: Sequence[Record]) -> None:
        """The records of ``log`` not yet handed over, as events."""
        self.pending += record_events(log, self.seen, self.deal_index, self.leads)
        self.seen = len(log)

    def add(self, kind: str, result: DealResult | None = None) -> None:
        """A deal's end (with its ``result``) or the match's."""
        self.pending.append(TableEvent(kind, self.deal_index, result=result))

    def has_action(self) -> bool:
        """Whether an action waits to be handed over."""
        return any(event.kind == "action" for event in self.pending)

    def drain(self) -> list[TableEvent]:
        """The events not yet handed over, now handed."""
        events, self.pending = self.pending, []
        return events

    def rewind(self, log: Sequence[Record]) -> None:
        """The deal was taken back to ``log``: what lies past it is forgotten."""
        self.seen = len(log)
        self.leads = {i: lead for i, lead in self.leads.items() if i < len(log)}
        self.pending = []
