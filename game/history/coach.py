"""The coach at the table (issue 41; no pygame).

After each of the player's own decisions (a position with more than one legal action) the
review of :mod:`game.history.review` judges it from that seat's view only: Hard's search, in a
worker process fed by a thread, so the frame loop only polls. When Hard's choice is better by
at least the game's ``coach_threshold`` (its registry entry; in the game's outcome unit), the
coach speaks: what Hard would play and one line of why, chosen from what the search saw
(:func:`reason`; docs/ai-notes.md says how and how often). A newer decision cancels the review
of an older one: its note would be gone by then anyway.

Only the review's public names are used (``job_data``, ``Worker``, ``judge``,
``seed_of``, ``Verdict``), so the worker's job format is the review's own business: the job
carries the deal's source (from the table's snapshot) and the decision's place in the deal.
"""

from __future__ import annotations

import logging
import subprocess
import threading
from dataclasses import dataclass

from game import registry
from game.history import review, review_worker
from game.history.replay import DealSource, from_states
from game.history.review import Verdict
from game.rules.base import Action, DealState
from game.table import info
from game.table.frame import is_leading
from game.table.record import find_action

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Advice:
    """A coach's note: Hard's ``best`` action at position ``ply`` and why (``why`` a catalog key
    under ``coach.why`` and its parameters); ``loss`` what the played move gave away."""

    ply: int
    best: Action
    why: str
    params: dict[str, object]
    loss: float


def threshold(preset: str) -> float:
    """How much better Hard's choice must be for the coach to speak (the game's registry entry:
    ``coach_threshold``, in its ``outcome_unit``)."""
    return registry.get(preset).coach_threshold


def _bomb(action: Action) -> bool:
    return action.kind == "play" and info.is_bomb(action.combo)


def _partner_holds(preset: str, state: DealState, seat: int | None) -> bool:
    """The seat's partner made the last play of the round still open (passes after it)."""
    spec = registry.get(preset)
    team = next((t for t in spec.teams if seat in t), ())
    if len(team) < 2:
        return False
    for record in reversed(state.log):
        if record.auto:
            continue
        if record.action.kind == "pass":
            continue
        if record.action.kind != "play":
            return False
        return record.seat in team and record.seat != seat and not is_leading(state)
    return False


def _higher(preset: str, state: DealState, a: Action, b: Action) -> bool:
    """Whether ``a``'s highest card ranks above ``b``'s (the hand's display order by rank puts
    the strongest card first, so its key is the smallest)."""
    level = getattr(state, "level", None)
    level = getattr(level, "rank", level)
    trump = getattr(getattr(state, "trump", None), "suit", None)
    try:
        order = registry.get(preset).sort_key(level=level, trump_suit=trump)
        return min(map(order, a.cards)) < min(map(order, b.cards))
    except (TypeError, ValueError):
        return False


def reason(
    preset: str, state: DealState, played: Action, best: Action, loss: float
) -> tuple[str, dict[str, object]]:
    """Why Hard's ``best`` beats ``played`` at ``state`` (before the move), in the game's
    terms: a ``coach.why.*`` key and its parameters (see the module docstring)."""
    seat = state.current_player
    partner = _partner_holds(preset, state, seat)
    if _bomb(played) and not _bomb(best):
        return ("partner" if partner and best.kind == "pass" else "keep_bomb"), {}
    if best.kind == "pass" and played.kind != "pass":
        return ("partner" if partner else "wait"), {}
    if played.kind == "pass" and best.kind == "play":
        return ("bomb_now" if _bomb(best) else "take_lead"), {}
    if played.kind == best.kind == "play":
        if len(best.cards) > len(played.cards):
            return "shed", {}
        if _higher(preset, state, played, best):
            return "save_high", {}
    unit = registry.get(preset).outcome_unit
    return unit, {"value": round(abs(loss), 1 if unit == "levels" else 0)}


def advise(preset: str, state: DealState, played: Action, verdict: Verdict) -> Advice | None:
    """The note for ``verdict`` on ``played`` at ``state``, or None when the coach keeps quiet
    (Hard agrees, or its choice is not better by the game's threshold)."""
    if verdict.agrees or -verdict.difference < threshold(preset):
        return None
    best = find_action(state.clone(), verdict.best)
    why, params = reason(preset, state, played, best, verdict.difference)
    return Advice(verdict.ply, best, why, params, -verdict.difference)


class _Review:
    """One decision's verdict, worked out off the frame loop: in a review worker process fed
    the deal's ``source`` as the replay's review does (``review_worker.job_data``), else (no source,
    as for a scripted deal, or no process) in this thread with ``review.judge``."""

    def __init__(
        self,
        preset: str,
        before: DealState,
        after: DealState,
        source: DealSource | None,
        process: bool,
    ) -> None:
        self.preset, self.before, self.source = preset, before, source
        self.played = from_states(preset, [before, after]).played(0).action
        # The decision's place in the whole deal (its stored actions before it) and its seed.
        self.ply = sum(1 for record in before.log if not record.auto)
        self.deal = from_states(preset, [after], source=source)
        self.seed = review.seed_of(self.deal, self.ply)
        self.use_process = process and source is not None
        self.verdict: Verdict | None = None
        self.done = False
        self._cancel = threading.Event()
        self._process: subprocess.Popen[bytes] | None = None
        threading.Thread(target=self._run, name="cardavia-coach", daemon=True).start()

    def _run(self) -> None:
        try:
            found = self._in_process() if self.use_process else None
            if found is None and not self._cancel.is_set():
                found = review.judge(
                    self.preset, self.ply, self.before, self.played, self.seed,
                    cancel=self._cancel,
                )  # fmt: skip
            self.verdict = found
        except review.Cancelled:
            pass
        except Exception:  # noqa: BLE001 - a failed review must not take the table down
            log.exception("the coach's review failed")
        finally:
            self.done = True

    def _in_process(self) -> Verdict | None:
        try:
            worker = review_worker.Worker(
                review_worker.job_data(self.deal, [self.ply], review.SAMPLES)
            )
        except (OSError, ValueError) as error:
            log.warning("no coach's review worker (%s); judging in a thread", error)
            return None
        self._process = worker.process
        try:
            for found in worker.verdicts(self._cancel):
                if found.ply == self.ply:
                    return found
        except OSError as error:
            if not self._cancel.is_set():
                log.warning("the coach's review worker failed (%s); judging in a thread", error)
        return None

    def cancel(self) -> None:
        self._cancel.set()
        review_worker.stop_worker(self._process)


class Coach:
    """Judges the player's decisions in the background (see the module docstring)."""

    def __init__(self, preset: str, seat: int = 0, *, process: bool = True) -> None:
        self.preset = preset
        self.seat = seat
        self.process = process
        self.job: _Review | None = None
        self.judged = 0  # decisions judged so far (for tools and tests)
        self.spoken = 0  # notes given

    def observe(
        self, before: DealState, after: DealState, source: DealSource | None = None
    ) -> bool:
        """The player moved from ``before`` to ``after`` (clones): judge it when it was a
        decision. ``source`` is the deal's source for a review worker (``ReplayDeal.source``:
        the game, house rules, seed, where the deal sits in its match, and its actions up to
        and with this move); without one the review runs in a thread. Returns whether a
        review started."""
        self.cancel()
        if before.current_player != self.seat or len(before.legal_actions()) < 2:
            return False
        self.job = _Review(self.preset, before, after, source, self.process)
        return True

    def poll(self) -> Advice | None:
        """The note for the decision under review, once its verdict is in (else None)."""
        job = self.job
        if job is None or not job.done:
            return None
        self.job = None
        if job.verdict is None:
            return None
        self.judged += 1
        advice = advise(self.preset, job.before, job.played, job.verdict)
        if advice is not None:
            self.spoken += 1
        return advice

    @property
    def busy(self) -> bool:
        return self.job is not None

    def cancel(self) -> None:
        if self.job is not None:
            self.job.cancel()
        self.job = None
