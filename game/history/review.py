"""The AI review of a recorded deal (issue 27 item 3; no pygame).

At each of the player's decisions (the player's seat to act with more than one legal action)
Hard's search is asked, from that seat's view at that point only (rebuilt from the action log
by the replay), what it would play and how much more or less it values the move that was
played: both are rolled out on the same sampled deals, so the difference is the search's own
paired estimate, in the game's outcome units (levels, or points in Run Fast). The search uses a
fixed number of samples and a seed made from the deal's actions and the decision's number, so
the same decision always gets the same verdict.

:class:`~game.history.review_job.ReviewJob` works through a deal's decisions in a worker process (``python -m game
--review-worker``, or the executable itself, fed by a thread; in that thread when no process
can be started), so the frame loop only polls it; it can be cancelled at any time and hands
each verdict back to the caller, which caches it in the database's ``reviews`` table.
"""

from __future__ import annotations

import logging
import math
import random
import threading
import zlib
from dataclasses import dataclass
from typing import TypedDict, TypeGuard, cast

from game.ai.registry import make_bot
from game.history.replay import ReplayDeal
from game.rules.base import Action, DealState
from game.table.record import ActionData, action_to_data

log = logging.getLogger(__name__)

#: Changes when the review's search changes; cached verdicts of another version are redone.
VERSION = 1
#: Sampled deals per decision (fixed: no clock is read, so a verdict repeats exactly).
SAMPLES = 24


class VerdictData(TypedDict):
    """A :class:`Verdict` as stored (the database's ``reviews``) and as a worker writes it:
    the review's version (``v``) and the verdict's fields but its ply."""

    v: int
    seat: int
    played: ActionData
    best: ActionData
    difference: float
    samples: int


@dataclass(frozen=True, slots=True)
class Verdict:
    """Hard's opinion of one decision: ``played`` and ``best`` as action data
    (:func:`game.table.record.action_to_data`), ``difference`` the search's value of the played
    move minus that of its own choice (0 when they agree)."""

    ply: int
    seat: int
    played: ActionData
    best: ActionData
    difference: float
    samples: int

    @property
    def agrees(self) -> bool:
        return _same(self.played, self.best)

    def as_data(self) -> VerdictData:
        return {
            "v": VERSION,
            "seat": self.seat,
            "played": self.played,
            "best": self.best,
            "difference": self.difference,
            "samples": self.samples,
        }

    @classmethod
    def from_data(cls, ply: object, data: object) -> Verdict | None:
        """A cached (or a worker's) verdict, or None when it is of another version or
        malformed (every value is checked: the replay reads them without asking)."""
        if not isinstance(data, dict) or data.get("v") != VERSION or type(ply) is not int:
            return None
        seat: object = data.get("seat")
        samples: object = data.get("samples")
        difference: object = data.get("difference")
        played: object = data.get("played")
        best: object = data.get("best")
        if not (_action_data(played) and _action_data(best)):
            return None
        if type(seat) is not int or type(samples) is not int or not 0 <= seat < 16:
            return None
        if type(difference) not in (int, float):
            return None
        difference = cast(float, difference)  # an int or a float, as just checked
        if not math.isfinite(difference):
            return None
        return cls(ply, seat, played.copy(), best.copy(), float(difference), samples)


def _action_data(value: object) -> TypeGuard[ActionData]:
    """Whether ``value`` is an action as :func:`action_to_data` writes it (kind and cards)."""
    return (
        isinstance(value, dict)
        and isinstance(value.get("kind"), str)
        and isinstance(value.get("cards"), str)
    )


def _same(a: ActionData, b: ActionData) -> bool:
    return (a["kind"], sorted(a["cards"].split()), a["combo"]) == (
        b["kind"],
        sorted(b["cards"].split()),
        b["combo"],
    )


def played_action(deal: ReplayDeal, ply: int) -> Action:
    """The action taken at position ``ply`` (from ``states[ply]`` to ``states[ply + 1]``)."""
    action: Action = deal.played(ply).action
    return action


def decisions(deal: ReplayDeal, seat: int) -> list[int]:
    """The positions where ``seat`` acted with a choice of more than one legal action."""
    plies = []
    for ply, state in enumerate(deal.states[:-1]):
        if state.current_player == seat and len(state.legal_actions()) > 1:
            plies.append(ply)
    return plies


def deal_key(deal: ReplayDeal) -> int:
    """A number that names the deal: the CRC of its game and actions (a recorded deal and its
    exported copy get the same)."""
    final = deal.states[-1]
    words = [deal.preset] + [str(action_to_data(r.seat, r.action)) for r in final.log]
    return zlib.crc32("\n".join(words).encode("utf-8"))


def review_decision(
    preset: str,
    state: DealState,
    played: Action,
    *,
    seed: int,
    samples: int = SAMPLES,
    cancel: threading.Event | None = None,
) -> tuple[Action, float, int]:
    """(Hard's choice, the played move's value minus that choice's, samples) at ``state``,
    seen only through ``state.view`` of the seat to act. ``cancel`` set stops it at the next
    rollout (:class:`Cancelled`)."""
    from game.ai.search import SearchBot

    seat = state.current_player
    assert seat is not None  # a decision: some seat is to act
    bot = make_bot(preset, "hard", samples=samples)
    if not isinstance(bot, SearchBot):
        raise TypeError(f"Hard of {preset!r} is not a search")
    if cancel is not None:
        rollout = bot.rollout

        def stoppable(state: DealState, seat: int, rng: random.Random) -> float:
            if cancel.is_set():
                raise Cancelled
            return rollout(state, seat, rng)

        # This one bot's rollouts look at the cancel flag first (it is never reused).
        bot.rollout = stoppable  # type: ignore[method-assign]  # on purpose: this bot only
    view = state.view(seat)
    return bot.appraise(view, list(state.legal_actions()), played, random.Random(seed))


class Cancelled(Exception):
    """The review was cancelled (the replay closed)."""


def seed_of(deal: ReplayDeal, ply: int) -> int:
    """The search's seed at decision ``ply`` of ``deal`` (fixed: the verdict repeats)."""
    return deal_key(deal) * 1009 + ply


def judge(
    preset: str,
    ply: int,
    state: DealState,
    played: Action,
    seed: int,
    *,
    samples: int = SAMPLES,
    cancel: threading.Event | None = None,
) -> Verdict:
    """The verdict on ``played`` at ``state`` (position ``ply``)."""
    seat = state.current_player
    assert seat is not None  # a decision: some seat is to act
    best, difference, used = review_decision(
        preset, state.clone(), played, seed=seed, samples=samples, cancel=cancel
    )
    return Verdict(
        ply,
        seat,
        action_to_data(seat, played),
        action_to_data(seat, best),
        round(difference, 4),
        used,
    )


def verdict(
    deal: ReplayDeal, ply: int, *, samples: int = SAMPLES, cancel: threading.Event | None = None
) -> Verdict:
    """The verdict on the decision at ``ply`` of ``deal`` (the same every time)."""
    return judge(
        deal.preset,
        ply,
        deal.states[ply],
        played_action(deal, ply),
        seed_of(deal, ply),
        samples=samples,
        cancel=cancel,
    )
