"""A recorded deal rebuilt for the replay viewer (no pygame): every position of the deal, from
the deal as dealt to its end, and where each trick or round begins.

The deal's start is rebuilt from the database: a session whose match can ``fast_forward``
(Run Fast) goes straight to the deal with the running totals it began with; any other match
replays its earlier deals' stored actions (a Guandan or Shengji match is short).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TypedDict, cast

from game import registry
from game.history.db import Database
from game.rules.base import Action, Combo, DealState, Record
from game.rules.cards import Card
from game.rules.options import OptionValue
from game.table.frame import is_leading
from game.table.record import ActionData, MatchStart, ReplayError, find_action, rebuild_match
from game.table.summary import DealRow

#: What :meth:`ReplayDeal.table_plays` lays in front of a seat that passed.
PASS = "pass"
#: What lies in front of a seat: the cards it played, or :data:`PASS`.
Laid = tuple[Card, ...] | str
#: A play's meaning and the cards that led its trick or round (None for the lead itself).
PlayKind = tuple[Combo | None, tuple[Card, ...] | None]


class DealSource(TypedDict, total=False):
    """How to rebuild a deal (:func:`rebuild`), as plain data (JSON for the review worker):
    the game, its house rules (None: the defaults) and the match's seed, where the deal sits
    in its match (``before``: the earlier deals' actions; ``start``: the deal a session's saved
    totals start at) and the deal's own actions. An imported one is checked by its reader."""

    preset: str
    options: dict[str, OptionValue] | None
    seed: int
    actions: list[ActionData]
    before: list[list[ActionData]]
    start: MatchStart


@dataclass
class ReplayDeal:
    """The positions of one recorded deal: ``states[0]`` as dealt, ``states[i]`` after the
    deal's ``i``-th stored action; ``rounds`` the positions where a trick or round begins."""

    row: DealRow | None
    states: list[DealState]
    rounds: list[int]
    preset: str = ""
    #: How to rebuild the deal (plain data, :func:`rebuild`): the game, house rules, seed,
    #: where the deal sits in its match (``start`` or ``before``) and its actions; None when
    #: unknown. The AI review's worker process gets this, as JSON.
    source: DealSource | None = None

    def played(self, ply: int) -> Record:
        """The log record of the action taken at position ``ply`` (from ``states[ply]`` to
        ``states[ply + 1]``; the auto records around it left out)."""
        before = len(self.states[ply].log)
        return next(r for r in self.states[ply + 1].log[before:] if not r.auto)

    def table_plays(
        self,
        position: int,
        laid_by: Callable[[Action], Iterable[Card] | None] | None = None,
        clears: tuple[str, ...] = (),
        cuts: tuple[str, ...] = (),
    ) -> tuple[dict[int, Laid], dict[int, PlayKind]]:
        """(the cards lying in front of each seat at ``position``, each play's (meaning, the
        cards that led its trick or round, None for the lead itself)) by the live table's rule:
        a play that leads clears the table, every play lies in front of its seat and a pass is
        marked (``PASS``) until then; ``laid_by(action)`` gives the cards another action leaves
        at its seat (a declaration) or None, a record of a kind in ``clears`` (the rules'
        own, such as taking the kitty) clears the table, and one of a kind in ``cuts`` (a
        failed throw) leaves of the play just made only its own cards, the trick's lead."""
        states = self.states
        plays: dict[int, Laid] = {}
        kinds: dict[int, PlayKind] = {}
        lead: tuple[Card, ...] | None = None
        last: int | None = None  # the seat of the latest play
        for ply in range(position):
            for record in states[ply + 1].log[len(states[ply].log) :]:
                action = record.action
                if record.auto:
                    if action.kind in clears:
                        plays, kinds, lead = {}, {}, None
                    elif action.kind in cuts and last is not None:
                        lead = plays[last] = tuple(action.cards)
                        kinds[last] = (None, None)
                    continue
                cards = tuple(action.cards)
                seat = record.seat
                assert seat is not None  # a player's own action has its seat
                if action.kind == "play":
                    if is_leading(states[ply]):
                        plays, kinds, lead = {}, {}, None
                    plays.pop(seat, None)  # in play order, the latest last
                    plays[seat] = cards
                    last = seat
                    kinds[seat] = (action.combo, lead)
                    if lead is None:
                        lead = cards
                elif action.kind == "pass":
                    plays.pop(seat, None)
                    plays[seat] = PASS
                elif laid_by is not None and laid_by(action):
                    plays[seat] = tuple(cast(Iterable[Card], laid_by(action)))  # not None above
        return plays, kinds

    def next_round(self, position: int) -> int:
        return next((p for p in self.rounds if p > position), len(self.states) - 1)

    def previous_round(self, position: int) -> int:
        return next((p for p in reversed(self.rounds) if p < position), 0)


def deal_source(row: DealRow, database: Database) -> DealSource:
    """How to rebuild ``row``'s deal (see :attr:`ReplayDeal.source`); ReplayError when its
    match's earlier deals are not in the history."""
    module = registry.get(row.preset).rules
    options = row.options or None
    match = (
        module.new_match(seed=row.seed, options=options)
        if options
        else module.new_match(seed=row.seed)
    )
    source: DealSource = {
        "preset": row.preset, "options": options, "seed": row.seed, "actions": row.actions,
    }  # fmt: skip
    if callable(getattr(match, "fast_forward", None)) and row.totals_after is not None:
        before = [int(t - r) for t, r in zip(row.totals_after, row.returns, strict=True)]
        start: DealSource = {"start": {"deal_index": row.deal_index, "totals": before}}
        return source | start
    earlier = database.match_actions(row.match_key, row.deal_index)
    if earlier is None:
        raise ReplayError("the earlier deals of this match are not in the history")
    earlier_deals: DealSource = {"before": earlier}
    return source | earlier_deals


def source_start(source: DealSource) -> DealState:
    """The state as dealt of the deal that ``source`` describes."""
    module = registry.get(source["preset"]).rules
    before = [*source.get("before", []), []]
    options = source.get("options") or None
    return rebuild_match(module, source["seed"], before, source.get("start"), options).state


def deal_start(row: DealRow, database: Database) -> DealState:
    """The state of ``row``'s deal as dealt; ReplayError when it cannot be rebuilt."""
    return source_start(deal_source(row, database))


def rebuild(source: DealSource) -> ReplayDeal:
    """Every position of the deal ``source`` describes (ReplayError, ValueError, KeyError or
    TypeError when it does not replay)."""
    state = source_start(source)
    states = [state.clone()]
    for data in source["actions"]:
        state.apply(find_action(state, data))
        states.append(state.clone())
    return from_states(source["preset"], states, source=source)


def load(database: Database, deal_id: int) -> ReplayDeal:
    """Every position of a recorded deal; ReplayError (a ValueError) when it does not replay."""
    row = database.deal(deal_id)
    if row is None:
        raise ReplayError(f"no deal {deal_id} in the history")
    deal = rebuild(deal_source(row, database))
    deal.row = row
    return deal


def from_states(
    preset: str,
    states: list[DealState],
    row: DealRow | None = None,
    source: DealSource | None = None,
) -> ReplayDeal:
    """A replay of ready positions (an imported deal has no row in the database)."""
    rounds = [0] + [
        index
        for index, state in enumerate(states)
        if index and getattr(state, "leading", False) and not state.is_terminal
    ]
    return ReplayDeal(row, states, rounds, preset, source)
