"""Moments with ceremony at the table (:class:`Ceremonies`, issue 40 point 10): a
bomb lands with a flash, a shake and a burst as heavy as the bomb (a four-joker bomb the
heaviest), a deal's end brings a level-up or a double finish to the middle of the table, and
between rounds a small brass pointer in the middle shows who leads next.

Every ceremony holds the table (the AI waits) until it ends or a key or click skips it, and
none is shown at the fastest animation speed.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import lru_cache

import pygame

from game import i18n
from game.scenes.table.geometry import TableLayout
from game.scenes.table.layout import PASS_MARK, Play, rendered
from game.scenes.table.moments import TableMoments
from game.scenes.table.state import TableState
from game.scenes.table.view import GameView
from game.table import info
from game.table.frame import TableFrame
from game.table.info import PlayKind
from game.widgets.ceremony import Ceremony, bomb_weight
from game.widgets.common import BRASS, Colour, panel, scaled, shadow
from game.widgets.effects import Impact
from game.widgets.fx import MAX_HOLD
from game.widgets.fx.player import Part

#: The words of a ceremony at the 1920×1080 reference, in pixels.
WORDS_PX = 54
#: The smallest share of their size a ceremony's words shrink to where the table is short.
LEAST_FIT = 0.6


@lru_cache(maxsize=16)
def _words(label: str, colour: tuple[int, ...], scale: float, lang: str, px: int) -> pygame.Surface:
    """A ceremony's words on a dark plate rimmed in their colour, drawn once per label."""
    image = rendered(label, px, colour, True, lang)
    rect = image.get_rect().inflate(scaled(56, scale), scaled(22, scale))
    margin = scaled(24, scale)
    plate = pygame.Surface(rect.inflate(2 * margin, 2 * margin).size, pygame.SRCALPHA)
    box = rect.move(margin, margin)
    shadow(plate, box, scale)
    rim = (colour[0], colour[1], colour[2])  # the words' colour as the panel's RGB rim
    panel(plate, box, scale, alpha=230, border=rim, radius=18)
    plate.blit(image, image.get_rect(center=box.center))
    return plate


class Ceremonies:
    """The ceremonies over the table's ``state`` and ``layout``, and the next leader's pointer
    (see the module docstring)."""

    def __init__(
        self, state: TableState, layout: TableLayout, view: GameView, moments: TableMoments
    ) -> None:
        self.state = state
        self.layout = layout
        self.view = view
        self.moments = moments  # the effects (issue 54): they shake the table when on
        self.impact = Impact()  # a bomb's flash and shake
        self.ceremony = Ceremony()  # a bomb's burst, a level-up, a double finish (issue 40)
        #: Where the banner's plate lies (the scene sets the drawer's): the words keep clear.
        self.banner_box: Callable[[], pygame.Rect | None] = lambda: None

    def active(self) -> bool:
        return self.ceremony.active(self.state.time)

    def moving(self) -> bool:
        """The whole table moves: a bomb's shake and flash (effects off)."""
        return self.impact.start is not None

    def areas(self) -> list[pygame.Rect]:
        """Where a running ceremony's burst and words lie (a moving place, issue 54)."""
        if not self.active():
            return []  # no place to work out (it asks the banner's) between ceremonies
        centre, reach, _ = self._place()
        area = self.ceremony.area(self.state.time, self.layout.scale, centre, reach)
        return [] if area is None else [area]

    def _place(self) -> tuple[tuple[int, int], float, float]:
        """The ceremony's centre and its words' share of their size (:meth:`words_place`),
        and how far it may reach: clear of the plate above it (the seat across) or of the
        top bar."""
        centre, fit = self.words_place()
        return centre, centre[1] - self._top(centre) - self.layout.u(8), fit

    def _top(self, centre: tuple[int, int]) -> int:
        """The lower edge of the seat plate above ``centre``, or of the top bar."""
        layout = self.layout
        x, y = centre
        above = [r.bottom for r in layout.rects["seats"].values() if r.left < x < r.right]
        return int(max([bottom for bottom in above if bottom < y] + [layout.rects["top"]]))

    def _start(self, label: str | None, colour: Colour, weight: float) -> None:
        state, layout = self.state, self.layout
        words = None
        if label:
            px = max(layout.arrangement.min_text, layout.u(WORDS_PX))
            words = _words(label, tuple(colour), layout.scale, i18n.language(), px)
        if self.ceremony.trigger(state.time, state.factor(), words, weight=weight, colour=colour):
            end = self.ceremony.end() or state.time
            if self.moments.on:  # no moment holds the table longer than MAX_HOLD (issue 54)
                end = min(end, state.time + MAX_HOLD / state.factor())
            state.hold_until = max(state.hold_until, end)

    def bomb(self, combo: PlayKind, count: int) -> None:
        """A bomb lands: flash and shake as strong as it is big, and its name in a burst."""
        kind = getattr(combo, "kind", None)
        weight = bomb_weight(kind, count)
        if not self.moments.on:  # with effects on, the game's declared effects shake it
            self.impact.trigger(self.state.time, self.state.factor(), weight)
        self._start(info.play_kind_label(combo, count), BRASS, weight)

    def deal_end(self, frame: TableFrame) -> None:
        """The deal's end: the game's moment (a double finish, a level-up) before the result
        panel, which waits for it."""
        moment = self.view.deal_ceremony(frame)
        if moment is None:
            return
        label, colour, weight = moment
        self._start(label, colour, weight)
        end = self.ceremony.end()
        if end is not None and self.state.result_at is not None:
            self.state.result_at = max(self.state.result_at, end)

    def take(self, event: pygame.event.Event) -> bool | None:
        """Any key or click ends a running ceremony and every running effect (and does
        nothing else when they held the table): True; None when neither held it or ``event``
        is neither (the table's input goes on)."""
        if event.type not in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            return None
        state = self.state
        held = self.moments.skip()
        if not self.ceremony.active(state.time):
            return True if held else None
        self.ceremony.skip()
        self.impact.start = None
        state.hold_until = min(state.hold_until, state.time)
        if state.result_at is not None:
            state.result_at = min(state.result_at, state.time)
        return True

    def draw_burst(self, surface: pygame.Surface) -> None:
        """A running ceremony's burst: under the banner, whose sentence it must not cross."""
        self._draw(surface, burst=True)

    def draw(self, surface: pygame.Surface, part: Part = "all") -> None:
        """The moments' effects (issue 54; of ``part``), then a ceremony's words (over the
        banner; they keep clear of its plate)."""
        self.moments.draw(surface, part)
        self._draw(surface, burst=False)

    def _draw(self, surface: pygame.Surface, *, burst: bool) -> None:
        """A running ceremony's burst (``burst``) or its words, at :meth:`_place`."""
        if not self.active():
            return  # every frame between ceremonies: no place to work out
        centre, reach, fit = self._place()
        time, scale = self.state.time, self.layout.scale
        self.ceremony.draw(
            surface, time, scale, centre, reach, fit=fit, burst=burst, words=not burst
        )

    def words_place(self) -> tuple[tuple[int, int], float]:
        """Where a ceremony's burst and words go, and the share of their size the words keep:
        clear of the plays (:meth:`_clear_of_plays`), and raised above the banner where they
        would cover its sentence and the room above allows (a rocket's name hid "Left has one
        card left!")."""
        (x, y), fit = self._clear_of_plays()
        words, banner = self.ceremony.words, self.banner_box()
        if words is None or banner is None:
            return (x, y), fit
        half = math.ceil(words.get_height() * fit / 2)
        gap = self.layout.u(8)
        if y - half >= banner.bottom or y + half <= banner.top - gap:
            return (x, y), fit
        raised = banner.top - gap - half
        across = self._across_box()
        ceiling = across.bottom if across is not None else self._top((x, y))
        return ((x, raised) if raised - half >= ceiling else (x, y)), fit

    def _across_box(self) -> pygame.Rect | None:
        """All the play of the seat across covers, or None when it has none."""
        x = self.layout.ceremony_centre()[0]
        seats = self.layout.rects["seats"].items()
        across = [s for s, r in seats if s and r.left < x < r.right]
        play = self.state.plays.get(across[0]) if across else None
        return None if play is None or play == PASS_MARK else self._box(across[0], play)

    def _clear_of_plays(self) -> tuple[tuple[int, int], float]:
        """The middle of the table, moved down until the words clear the play of the seat
        across (its cards, ring and kind tag: a bomb's name must not hide the bomb), and made
        smaller (down to :data:`LEAST_FIT`) to stay above the player's own play or its empty
        place."""
        words, layout = self.ceremony.words, self.layout
        centre = layout.ceremony_centre()
        x, y = centre
        across = self._across_box()
        if words is None or across is None:
            return centre, 1.0
        # the player's play, or its empty place down to the message line
        mine = self.state.plays.get(0)
        if mine is None or mine == PASS_MARK:
            floor = int(layout.rects["message_top"])
        else:
            floor = self._box(0, mine).top
        ceiling = across.bottom
        fit = min(1.0, max(LEAST_FIT, (floor - ceiling) / words.get_height()))
        half = math.ceil(words.get_height() * fit / 2)
        y = max(y, ceiling + half)
        if y + half > floor:
            y = max(ceiling + half, floor - half)
        return (x, y), fit

    def _box(self, seat: int, play: Play) -> pygame.Rect:
        """All ``seat``'s play covers (its cards, a won trick's ring and the kind tag)."""
        return self.layout.play_box(seat, play, self.state.shown_combo(seat, play))

    def lead_marker_seat(self, frame: TableFrame) -> int | None:
        """The seat the lead pointer turns to, or None when it is not shown."""
        state = self.state
        if state.plays or frame.phase != "play" or frame.is_terminal or state.dealing():
            return None
        seat = frame.current_player
        if seat is None or not frame.leading or self.active():
            return None
        return seat

    def lead_marker_area(self) -> pygame.Rect:
        """All the lead pointer may cover."""
        radius = self.layout.u(30) + 2
        box = pygame.Rect(0, 0, 2 * radius, 2 * radius)
        box.center = self.layout.ceremony_centre()
        return box

    def draw_lead_marker(self, surface: pygame.Surface, frame: TableFrame) -> None:
        """Between rounds (the table clear, a new round or trick to open), a small brass
        pointer in the middle turned towards the seat that leads next."""
        seat = self.lead_marker_seat(frame)
        if seat is None:
            return
        u = self.layout.u
        cx, cy = self.layout.ceremony_centre()
        tx, ty = self.layout.seat_center(seat)
        angle = math.atan2(ty - cy, tx - cx)
        radius = u(30)
        pygame.draw.circle(surface, (16, 40, 32), (cx, cy), radius)
        pygame.draw.circle(surface, BRASS, (cx, cy), radius, max(1, u(2)))
        tip = (cx + math.cos(angle) * radius * 0.75, cy + math.sin(angle) * radius * 0.75)
        side = radius * 0.45
        back = (cx - math.cos(angle) * radius * 0.35, cy - math.sin(angle) * radius * 0.35)
        left = (
            back[0] + math.cos(angle + math.pi / 2) * side,
            back[1] + math.sin(angle + math.pi / 2) * side,
        )
        right = (
            back[0] + math.cos(angle - math.pi / 2) * side,
            back[1] + math.sin(angle - math.pi / 2) * side,
        )
        pygame.draw.polygon(surface, BRASS, [tip, left, right])
