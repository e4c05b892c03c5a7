"""The table's moments (issue 54): the controller's events turned into the game's moments
(its ``MomentRules``), each moment's cues started on the shared effect player, the seats'
moods, the warning pulse of a seat with one or two cards left, and the hand's feel.

:class:`TableMoments` is a part the scene holds and calls (``deal_start``, ``played``,
``acted``, ``deal_end``; ``update``, ``draw``, ``skip``); it reads the table's state and
layout and writes only the state's hold (how long the AI and the next event wait) and the
result panel's time. At "off" it starts nothing and the hand has no feel: the table is as it
was before effects.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

import pygame

from game.rules.base import Action
from game.rules.cards import Card
from game.scenes.table.anchors import Anchors, Pictures, Scene
from game.scenes.table.geometry import TableLayout
from game.scenes.table.layout import FLY_TIME, PASS_MARK, Play
from game.scenes.table.state import TableState
from game.table.frame import TableFrame
from game.table.info import PlayKind
from game.table.moments import Moment, MomentRules, Played
from game.widgets import cards as card_art
from game.widgets.common import Button
from game.widgets.fx import EffectPlayer, Motion
from game.widgets.fx.marks import button_glow, warning_pulse
from game.widgets.fx.player import Part
from game.widgets.hand import HandWidget
from game.widgets.hand_feel import Feel

if TYPE_CHECKING:  # pragma: no cover
    from game.services import Services

#: Seconds a seat keeps the face a moment gave it (at normal speed).
MOOD_TIME = 2.6
#: Steps of the warning pulse a second (its picture changes no more often).
PULSE_STEPS = 16


def motion_of(app: Services) -> Callable[[], Motion]:
    """The effects' speed and reduced motion, read live from ``app``'s settings."""

    def motion() -> Motion:
        settings: Any = app.settings  # made at run time from its SPECS: no fields to type
        return Motion(str(settings.effects), bool(settings.reduced_motion))

    return motion


class TableMoments:
    """The moments of the table over ``state`` and ``layout`` (see the module docstring)."""

    def __init__(
        self,
        state: TableState,
        layout: TableLayout,
        rules: MomentRules,
        hand: HandWidget,
        frame: Callable[[], TableFrame],
        buttons: Callable[[], list[Button]],
    ) -> None:
        self.state = state
        self.layout = layout
        self.rules = rules
        self.hand = hand
        self.motion = state.motion
        self.frame = frame  # the table's frame, read live
        self.buttons = buttons  # the action bar's buttons (the main one pulses), read live
        self.fx = EffectPlayer(state.motion)
        self.anchors = Anchors(layout)
        self.moods: dict[int, tuple[str, float]] = {}  # seat -> (mood, until)
        self._dealing = False

    @property
    def on(self) -> bool:
        return self.motion().on

    # --- the controller's events ----------------------------------------------------------------
    def deal_start(self, seed: int) -> None:
        """A new deal: its effects repeat for ``seed``; the pack glows, the fan waits shut."""
        self.fx.skip()
        self.fx.reseed(seed)
        self.moods = {}
        if not self.on:
            return
        self.show(Moment("deal"), Scene())
        if self.hand.feel is not None:
            self.hand.feel.open_fan(closed=True)
        self._dealing = True

    def played(
        self, frame: TableFrame, seat: int, action: Action, shown: PlayKind, won_by: int | None
    ) -> None:
        """``seat``'s play (before it is laid on the table's state): when it opens a new trick
        or round, the last one gathered to the seat that won it (``won_by``), then its
        trail, its own moments (``shown`` is the meaning its tag names) and its last card."""
        if not self.on:
            return
        plays = self.state.plays
        lead = won_by is not None
        if won_by is not None:
            self._gather(plays, won_by)
        beaten = next((s for s, p in reversed(plays.items()) if p != PASS_MARK and s != seat), None)
        cards = tuple(action.cards)
        span = FLY_TIME / self.state.factor() * self.motion().factor
        self.show(Moment("play", seat, len(cards)), Scene(cards=cards, span=span))
        played = Played(action, shown, None if lead else beaten)
        for moment in self.rules.play(frame, seat, played):
            self.show(moment, Scene(cards=cards), frame)
        counts = frame.hand_counts
        if seat < len(counts) and counts[seat] == 0:
            self.show(Moment("last_card", seat), Scene(), frame)

    def acted(self, frame: TableFrame, seat: int | None, action: Action) -> None:
        """An action other than a play or a pass (a tribute, the kitty)."""
        if self.on:
            for moment in self.rules.action(frame, seat, action):
                self.show(moment, Scene(cards=tuple(action.cards), middle=len(action.cards)), frame)

    def deal_end(self, frame: TableFrame, won_by: int | None) -> None:
        """The deal's moments (a spring, a level-up, payments, the match), the last plays
        gathered to the seat that won them (``won_by``), and every seat's face for the
        result."""
        if not self.on:
            return
        if won_by is not None:
            self._gather(self.state.plays, won_by)
        for moment in self.rules.deal_end(frame):
            self.show(moment, Scene(), frame)
        for seat, mood in self.rules.moods(frame).items():
            self.moods[seat] = (mood, math.inf)

    def _gather(self, plays: Mapping[int, Play | None], winner: int) -> None:
        """The cards on the table sweep to the seat that won them."""
        shown: list[tuple[int, Play]] = [(s, p) for s, p in plays.items() if p != PASS_MARK and p]
        if shown:
            self.show(Moment("gather", winner), Scene(gathered=self._pictures(shown)))

    def _pictures(self, shown: list[tuple[int, Play]]) -> Pictures:
        layout = self.layout
        height = layout.rects["play_h"]
        wild = layout.hand.wild
        found = []
        for seat, cards in shown:
            for card, rect in zip(cards, layout.play_rects(seat, len(cards)), strict=False):
                if isinstance(card, Card):
                    image = card_art.face(
                        card, height, layout.hand.four_colour, False, False, wild(card)
                    )
                    found.append((image, rect))
        return tuple(found)

    # --- one moment -----------------------------------------------------------------------------
    def show(self, moment: Moment, scene: Scene, frame: TableFrame | None = None) -> None:
        """Start ``moment``'s effects where they go; the table waits for them (the longest
        hold), and the seats react."""
        state = self.state
        hold = 0.0
        for cue in self.rules.cues.get(moment.name, ()):
            anchor = self.anchors.of(cue, moment, scene)
            if anchor is not None:
                strength = cue.strength_for(moment.size)
                hold = max(hold, self.fx.start(cue.effect, anchor, strength, variant=cue.variant))
        if hold > 0.0:
            state.hold_until = max(state.hold_until, state.time + hold)
            if state.result_at is not None:
                state.result_at = max(state.result_at, state.time + hold)
        if frame is not None:
            self._react(moment, frame)

    def _react(self, moment: Moment, frame: TableFrame) -> None:
        reaction = self.rules.reactions.get(moment.name)
        if reaction is None:
            return
        until = self.state.time + MOOD_TIME / max(0.05, self.motion().factor)
        if reaction.actor is not None and moment.seat is not None:
            self.moods[moment.seat] = (reaction.actor, until)
        if reaction.target is not None and moment.target is not None:
            self.moods[moment.target] = (reaction.target, until)
        if reaction.praised and moment.seat == 0:
            for partner in self.rules.partners(frame, 0):
                self.moods[partner] = ("pleased", until)
                self.show(Moment("cheer", partner), Scene())

    # --- the frame ------------------------------------------------------------------------------
    def mood(self, seat: int, frame: TableFrame) -> str:
        """The face ``seat`` shows now: thinking while its bot decides, else a moment's."""
        if not self.on:
            return "calm"
        if frame.thinking_seat == seat and not frame.is_terminal:
            return "thinking"
        mood, until = self.moods.get(seat, ("calm", 0.0))
        return mood if self.state.time < until else "calm"

    def moods_key(self) -> tuple[tuple[int, str], ...]:
        """The faces shown now besides thinking (the still picture changes with them)."""
        now = self.state.time
        return tuple(sorted((s, m) for s, (m, until) in self.moods.items() if now < until))

    def update(self, dt: float) -> None:
        """Effects, the hand's feel and the fan's opening once the deal is dealt. The effects
        move within the felt below the top bar (the part the film look grades)."""
        self.fx.place(self.layout.scale, self.anchors.table())
        on = self.on
        if on and self.hand.feel is None:
            self.hand.feel = Feel()
        elif not on:
            self.hand.feel = None
        self.fx.update(dt)
        if self._dealing and not self.state.dealing():
            self._dealing = False
            if self.hand.feel is not None:
                self.hand.feel.open_fan()
        self.hand.update(dt)

    def skip(self) -> bool:
        """Any key or click: every effect ends; True when they held the table."""
        running = self.fx.skip()
        state = self.state
        if running and state.hold_until > state.time:
            state.hold_until = state.time
            if state.result_at is not None:
                state.result_at = min(state.result_at, state.time)
            return True
        return False

    def warned(self, frame: TableFrame) -> list[tuple[int, int]]:
        """The AI seats with a warning's number of cards left, and that number."""
        if not self.on or frame.is_terminal or self.state.dealing():
            return []
        counts = frame.hand_counts
        return [(s, counts[s]) for s in range(1, len(counts)) if counts[s] in self.rules.warn_at]

    def _beat(self) -> float:
        """The pulses' clock, stepped :data:`PULSE_STEPS` times a second (a still table
        stays cheap); still under reduced motion."""
        if self.motion().reduced:
            return 0.0
        return math.floor(self.state.time * PULSE_STEPS) / PULSE_STEPS

    def pulsing(self, buttons: list[Button]) -> Button | None:
        """The main button while the selection it plays is legal (it pulses softly)."""
        if not self.on or not self.hand.selected:
            return None
        return next((b for b in buttons if b.style == "primary" and b.enabled), None)

    def _warning_places(
        self, frame: TableFrame, warned: list[tuple[int, int]] | None = None
    ) -> list[tuple[int, tuple[int, int], int]]:
        """Each warned seat's number of cards, portrait centre and pulse radius (``warned``:
        :meth:`warned`, when already known)."""
        found = []
        for seat, count in self.warned(frame) if warned is None else warned:
            face, _ = self.layout.seat_parts(self.layout.rects["seats"][seat])
            found.append((count, face.center, face.width // 2 + self.layout.u(10)))
        return found

    def warning_areas(self, frame: TableFrame) -> dict[int, pygame.Rect]:
        """All each warned seat's pulse may cover, by seat."""
        found = {}
        warned = self.warned(frame)
        for (seat, _), (_, (x, y), radius) in zip(
            warned, self._warning_places(frame, warned), strict=True
        ):
            reach = round(radius * 1.2) + self.layout.u(12)
            found[seat] = pygame.Rect(x - reach, y - reach, 2 * reach, 2 * reach)
        return found

    def draw(self, surface: pygame.Surface, part: Part = "all") -> None:
        """The warnings, the main button's pulse and every running effect (of ``part``: the
        warnings and pulse are under the light)."""
        frame, buttons = self.frame(), self.buttons()
        beat, still = self._beat(), self.motion().reduced
        for count, centre, radius in self._warning_places(frame):
            warning_pulse(surface, centre, radius, beat, count, still=still)
        button = self.pulsing(buttons)
        if button is not None:
            button_glow(surface, button.rect, beat, self.layout.u(14), still=still)
        self.fx.draw(surface, part)

    def motion_parts(self) -> tuple[object, list[pygame.Rect]]:
        """What the moments show besides their moving places (the seats' faces, which seats
        are warned) and those places (see :meth:`areas`)."""
        frame = self.frame()
        return (self.moods_key(), tuple(self.warned(frame))), self.areas(frame, self.buttons())

    def camera(self) -> tuple[int, int, int]:
        """The effects' shake and flash (none at "off" or under reduced motion)."""
        dx, dy = self.fx.offset()
        return (dx, dy, self.fx.flash())

    def areas(self, frame: TableFrame, buttons: list[Button]) -> list[pygame.Rect]:
        """The places the running effects, the moving hand and the pulsing button cover."""
        found = self.fx.areas()
        if self.hand.moving():
            found.append(self.layout.hand_area())
        if not self.motion().reduced:
            found += self.warning_areas(frame).values()
        button = self.pulsing(buttons)
        if button is not None and not self.motion().reduced:
            found.append(button.rect.inflate(self.layout.u(40), self.layout.u(40)))
        return found
