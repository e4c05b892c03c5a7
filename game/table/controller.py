"""Running one match at the table: the match's flow, the player's actions, hints and undo.
The flow is one state machine (whose turn, a deal's end, the next deal, undo), whose steps
read the same fields; its parts that stand alone are the modules below.

Its parts live beside it: what the player may do now (legal actions, passes, refusals of a
selection) in ``choices.py``, the AI seats and their worker-thread jobs in ``bots.py``, an AI
turn under way and the hint asked for in ``turns.py``, the frame the scene draws in
``presenter.py``, the events it hands the scene (and those it has yet to) in ``events.py``, the autosave's
snapshot (and its replay) and the history's row in ``session.py``, the undo log in ``undo.py``,
and the refusals in the player's language in ``refusals.py``.

The controller never imports pygame. The scene calls :meth:`TableController.update` once per
frame; it returns the new :class:`TableEvent` s (every record the engine logged, deal ends,
match end) for the scene to animate. AI seats think in a background thread (or inline when
``threaded=False``, as tests and screenshots use) and their action is applied no sooner than
``think_delay`` seconds after their turn began, so the frame loop never waits on a bot. An
update that returns new records starts no AI move: the scene sees every record (and may hold
the table to show it) before the next one is made. :meth:`TableController.frame` hands the
scene one immutable snapshot of the table (``game.table.frame``) per position.

Choices where the spec is silent (and, for the AI seats, in ``bots.py``):
- When a deal ends the match is advanced at once (levels, totals and ``is_over`` are then
  known for the result panel) but the finished deal stays on display until :meth:`next_deal`.
- With ``autoplay`` the human seat is played by the Normal bot and the next deal starts on its
  own after ``autoplay_pause`` seconds; a finished match stays on its result panel.
- Refusals are localized (see ``game.table.refusals``).
"""

from __future__ import annotations

import logging
import random
import time
from collections.abc import Callable, Mapping
from typing import Any

from game import registry
from game.rules.base import Action, DealResult, DealState
from game.rules.errors import IllegalActionError, RulesError
from game.rules.options import OptionValue
from game.table import session
from game.table.bots import BotJob, BotSeats, default_bot_factory, is_legal
from game.table.choices import PlayerChoices
from game.table.events import EventFeed, TableEvent
from game.table.frame import TableFrame, is_leading
from game.table.presenter import FramePresenter
from game.table.record import ActionData, Snapshot, non_auto_actions, replay_deal
from game.table.refusals import describe_refusal, refusal_params
from game.table.session import SNAPSHOT_VERSION, Resumed
from game.table.summary import DealRow
from game.table.turns import BotTurns, play_answer
from game.table.undo import UndoLog
from game.words import Words

log = logging.getLogger(__name__)


class TableController(PlayerChoices):
    """One match of ``preset`` with the human at seat 0 (see the module docstring)."""

    def __init__(
        self,
        preset: str,
        *,
        seed: int | None = None,
        ai_level: str = "normal",
        think_delay: float = 0.8,
        autoplay: bool = False,
        autoplay_pause: float = 2.5,
        threaded: bool = True,
        clock: Callable[[], float] = time.monotonic,
        # Any: a bot, or a lesson's script or a test's double (which need no ``name``)
        bot_factory: Callable[[str, str, int], Any] | None = None,
        on_change: Callable[[TableController], None] | None = None,
        on_deal_end: Callable[[TableController, DealRow], None] | None = None,
        undo: bool = False,
        match_key: str | None = None,
        options: Mapping[str, OptionValue] | None = None,
        resumed: Resumed | None = None,
    ) -> None:
        self.preset = preset
        spec = registry.get(preset)
        self.module = spec.rules
        self.seats = spec.seats
        self.human_seat = 0
        self.ai_level = ai_level
        self.think_delay = max(0.0, float(think_delay))
        self.autoplay = autoplay
        self.autoplay_pause = autoplay_pause
        self.threaded = threaded
        self.clock = clock
        self.on_change = on_change
        self.on_deal_end = on_deal_end
        #: Whether the player may take back actions (the Game menu's undo option).
        self.undo_enabled = bool(undo)
        #: The wall clock, for a deal's length in the history (a test may set another).
        self.wall_clock: Callable[[], float] = time.time
        self._bot_factory = bot_factory or default_bot_factory
        if seed is None:
            seed = random.SystemRandom().randrange(1, 2**31)
        self.seed = int(seed)
        resumed = resumed or Resumed(self._fresh_match(self.seed, options))
        self.match = resumed.match
        #: The house rules the match plays by (variants.md); fixed until a new match.
        self.options: dict[str, OptionValue] = dict(getattr(self.match, "options", None) or {})
        self.finished_deals: list[list[ActionData]] = list(resumed.finished)
        # Where finished_deals begin (a session saved from a later deal); None: at deal 0.
        self.first_deal = resumed.start.copy() if resumed.start is not None else None
        self.match_key = match_key or self._new_match_key()
        self.scripted = False
        #: The date (ISO) of the deal of the day this match plays (``game.table.daily``): one
        #: deal, its next deal the same deal again; None for a normal match.
        self.daily: str | None = None
        self.presenter = FramePresenter(self)
        self._setup_bots()
        self._start_deal_view()

    # --- construction -------------------------------------------------------------------
    # Any: the game's own match class, whose fields the controller reads (as Resumed.match)
    def _fresh_match(self, seed: int, options: Mapping[str, OptionValue] | None) -> Any:
        """A new match of the game; ``options`` only when the game has house rules."""
        if options:
            return self.module.new_match(seed=seed, options=options)
        return self.module.new_match(seed=seed)

    def _setup_bots(self) -> None:
        self.ai = BotSeats(
            self.preset, self.ai_level, self.seed, self.seats, self.human_seat, self._bot_factory
        )
        self.bots = self.ai.bots
        self.turns = BotTurns(self.ai, self.threaded)

    def _new_match_key(self) -> str:
        """Names one match in the history database (a seed may be played twice)."""
        return f"{self.preset}:{self.seed}:{random.SystemRandom().getrandbits(48):012x}"

    def _start_deal_view(self) -> None:
        self._generation = getattr(self, "_generation", 0) + 1
        self.state: DealState = self.match.state
        # The deal as dealt: undo replays the kept actions from it (and marks the deal).
        self._undo = UndoLog(self.state)
        self.deal_started_wall = self.wall_clock()
        self.undo_used = False
        self.hints_used = False
        #: The coach judged a move of this deal: its history row is marked (issue 41).
        self.coached = False
        self.deal_index = int(self.match.deal_index)
        self.awaiting_next = False
        self.deal_result: DealResult | None = None
        self.levels_before: dict[int, str] | None = self.levels()
        self.levels_after: dict[int, str] | None = None
        self.totals_before: list[int] | None = self.totals()
        self.turns.restart(self.clock())
        self._ended_at: float | None = None
        self._feed = EventFeed(self.deal_index)  # what the scene is yet to be handed

    @classmethod
    # Any: the constructor's keywords, passed on
    def from_snapshot(cls, data: Snapshot, **options: Any) -> TableController:
        """Rebuild a controller from :meth:`snapshot` data by replaying the match (see
        :func:`game.table.session.saved_match`).

        Raises ``ValueError`` (``ReplayError``, ``RulesError``, ``KeyError`` wrapped) when the
        data does not replay.
        """
        saved = session.saved_match(data)
        options.setdefault("ai_level", saved.ai_level)
        options.setdefault("match_key", saved.match_key)
        resumed = Resumed(saved.match, saved.deals[:-1], saved.start)
        controller = cls(saved.preset, seed=saved.seed, resumed=resumed, **options)
        try:
            replay_deal(controller.state, saved.deals[-1], len(saved.deals) - 1)
        except (KeyError, TypeError, RulesError) as error:
            raise ValueError(f"the saved match does not replay: {error}") from error
        controller.undo_used = bool(data.get("undo_used", False))
        controller.hints_used = bool(data.get("hints_used", False))
        return controller

    def use_deal(self, state: DealState) -> None:
        """Play ``state`` (a scripted ``new_deal(hands=...)``) as the match's current deal.

        For tests and screenshots: such a deal cannot be replayed from the seed, so the match
        is marked ``scripted`` and is no longer autosaved.
        """
        self.scripted = True
        self.match.state = state
        self._start_deal_view()

    # --- queries ------------------------------------------------------------------------
    def levels(self) -> dict[int, str] | None:
        return session.match_levels(self.match)

    def totals(self) -> list[int] | None:
        return session.match_totals(self.match, self.seats)

    @property
    def match_over(self) -> bool:
        return bool(self.awaiting_next and self.match.is_over)

    @property
    def ended(self) -> bool:
        """Whether nothing follows the deal shown: its match is over, or it was the day's deal."""
        return self.match_over or bool(self.daily and self.awaiting_next)

    def is_human_turn(self) -> bool:
        """Whether the table waits for the person (not in autoplay, not at a deal's end)."""
        return (
            not self.autoplay
            and not self.awaiting_next
            and not self.state.is_terminal
            and self.state.current_player == self.human_seat
        )

    def frame(self) -> TableFrame:
        """The table as the scene shows it now (see :class:`FramePresenter`)."""
        return self.presenter.frame()

    # --- human actions ------------------------------------------------------------------
    def human_apply(self, action: Action) -> Words | None:
        """Apply the human's ``action``; returns the refusal (words) or None when applied."""
        if not self.is_human_turn():
            return Words("table.not_your_turn")
        lead, before = self.leading(), len(self.state.log)
        mine = UndoLog.player_actions(self.state, self.human_seat)
        try:
            self.state.apply(action)  # the AI's random states are the same before and after
            self._feed.applied(self.state.log, before, lead)
            self._undo.mark(mine, self.ai.all_rngs())
        except IllegalActionError as error:
            return describe_refusal(self.preset, error)
        self._after_apply()
        return None

    def request_hint(self) -> None:
        """Ask the Normal bot for the human's move; :meth:`take_hint` returns it when ready."""
        if self.is_human_turn() and self.turns.ask_hint(
            self.state, self.human_seat, self._state_key(), self.legal, self.clock()
        ):
            self.hints_used = True

    def take_hint(self) -> Action | None:
        """The hint once computed for the current turn (then forgotten), else None."""
        return self.turns.take_hint(self._state_key(), self.is_legal)

    @property
    def hint_pending(self) -> bool:
        return self.turns.hint_pending

    # --- flow ---------------------------------------------------------------------------
    def position(self) -> tuple[object, ...]:
        """A key that changes whenever the table's position changes (for caches)."""
        return self._state_key()

    def _state_key(self) -> tuple[object, ...]:
        """Identifies the position: every shown deal gets a new generation, every action
        lengthens the log."""
        return (self._generation, len(self.state.log))

    def update(self, *, hold: bool = False) -> list[TableEvent]:
        """Advance the table; returns the new events. ``hold`` pauses the AI (animations)."""
        self._collect_log()
        now = self.clock()
        if self.state.is_terminal:
            if not self.awaiting_next:
                self._finish_deal(now)
            elif (
                self.autoplay
                and not hold
                and not self.ended
                and self._ended_at is not None
                and now - self._ended_at >= self.autoplay_pause
            ):
                self.next_deal()
                self._collect_log()
            return self._drain()
        if hold or self._feed.has_action():
            # New records go to the scene first: it may pause the table to show them (a
            # revealed kitty, a play in flight) before the next AI move is even started.
            return self._drain()
        seat = self.state.current_player
        key = self._state_key()
        self.turns.begin(key, now)
        if seat is None or self.is_human_turn():
            return self._drain()
        job = self.turns.ready(self.state, seat, key, self.legal, self.think_delay, now)
        if job is not None:
            self._apply_bot(seat, job)
            self._collect_log()
        return self._drain()

    def thinking_seat(self) -> int | None:
        """The seat whose bot is choosing its action right now (the player's own seat under
        autoplay), or None: nobody is, e.g. while the table holds for cards in flight."""
        if self.state.is_terminal or not self.turns.thinking(self._state_key()):
            return None
        return self.state.current_player

    def is_legal(self, action: Action) -> bool:
        """Whether ``action`` (a bot's answer) is legal now (see :func:`bots.is_legal`)."""
        return is_legal(self.state, self.legal(), action)

    def _apply_bot(self, seat: int, job: BotJob) -> None:
        lead, before = self.leading(), len(self.state.log)
        play_answer(self.state, seat, job, self.legal)
        self._feed.applied(self.state.log, before, lead)
        self._after_apply()

    def leading(self) -> bool:
        """Whether the player to act opens a trick or a round (``frame.is_leading``)."""
        return is_leading(self.state)

    def round_start(self) -> int | None:
        """The log index of the play that opened the current round or trick (None before the
        first play; see :meth:`UndoLog.round_start`)."""
        return self._undo.round_start(self.state.log)

    def _after_apply(self) -> None:
        self.turns.hint_job = None
        if self.on_change is not None:
            self.on_change(self)

    def run_bots_until_human(self, limit: int = 10_000) -> None:
        """Play AI turns at once (no pacing) until the human is to act or the deal ends."""
        delay, self.think_delay = self.think_delay, 0.0
        try:
            for _ in range(limit):
                if self.state.is_terminal or self.is_human_turn():
                    break
                seat = self.state.current_player
                assert seat is not None  # a deal not over has a seat to act
                job = self.turns.start(
                    self.state, seat, self._state_key(), self.legal(), self.clock()
                )
                job.wait()
                self._apply_bot(seat, job)
        finally:
            self.think_delay = delay
        self._collect_log()

    def _collect_log(self) -> None:
        self._feed.collect(self.state.log)

    def _drain(self) -> list[TableEvent]:
        return self._feed.drain()

    def _finish_deal(self, now: float) -> None:
        self.awaiting_next = True
        self._ended_at = now
        self.turns.stop()
        self.deal_result = self.state.result
        self.finished_deals.append(non_auto_actions(self.state))
        self.match.advance()
        self.levels_after = self.levels()
        if self.on_deal_end is not None and not self.scripted:
            self.on_deal_end(self, self.deal_row())
        self._feed.add("deal_end", result=self.deal_result)
        if self.match.is_over:
            self._feed.add("match_end")
        if self.on_change is not None:
            self.on_change(self)

    def next_deal(self) -> None:
        """Show the next deal (after a deal's result panel)."""
        if not self.awaiting_next or self.match_over:
            return
        if self.daily:  # the day's deal is one deal: it is dealt again
            self.new_match()
            return
        self._start_deal_view()
        if self.on_change is not None:
            self.on_change(self)

    def new_match(self, seed: int | None = None) -> None:
        """Start over (G1.6, S5.4): a new match, levels back to 2, history forgotten (the day's
        deal starts again with its own seed)."""
        if self.daily:
            seed = self.seed
        self.seed = int(seed if seed is not None else random.SystemRandom().randrange(1, 2**31))
        self.match = self._fresh_match(self.seed, self.options)  # the same house rules
        self.finished_deals = []
        self.first_deal = None
        self.match_key = self._new_match_key()
        self.scripted = False
        self._setup_bots()
        self._start_deal_view()
        if self.on_change is not None:
            self.on_change(self)

    # --- saving -------------------------------------------------------------------------
    def snapshot(self, *, full: bool = False) -> Snapshot:
        """What the autosave stores (see :func:`game.table.session.snapshot`)."""
        return session.snapshot(self, full=full)

    def deal_row(self) -> DealRow:
        """The finished deal (after its end, before :meth:`next_deal`) as the database's row."""
        return session.deal_row(self)

    # --- undo -----------------------------------------------------------------------------
    def can_undo(self) -> bool:
        """Whether the player may take back an action now: undo is on, the deal is still
        being played and the player has made an action in it."""
        if not self.undo_enabled or self.autoplay or self.scripted or self.awaiting_next:
            return False
        if self.state.is_terminal:
            return False
        return any(r.seat == self.human_seat and not r.auto for r in self.state.log)

    def undo(self) -> bool:
        """Take back the player's last action and every AI action made after it (the deal
        is replayed from its start with the earlier actions); False when there is none."""
        if not self.can_undo():
            return False
        state = self._undo.rewind(self.state, self.human_seat, self.ai.all_rngs())
        self.match.state = state
        self.state = state
        self.undo_used = True
        self._generation += 1
        self._feed.rewind(state.log)
        self.turns.stop()
        if self.on_change is not None:
            self.on_change(self)
        return True


# Names other modules and tests import from here.
__all__ = [
    "SNAPSHOT_VERSION",
    "TableController",
    "TableEvent",
    "describe_refusal",
    "refusal_params",
]
