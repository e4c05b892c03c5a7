"""The table's picture (issue 53: split from ``scene.py``): its layers drawn bottom to top,
the table the film look grades (felt, seats, plays, hand, message, bar, the moments' effects)
and the panels drawn over it after the grading; and what the picture shows while still, with
the places that move, so the app redraws only those."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.scenes.table.bar import ActionBar
from game.scenes.table.ceremony import Ceremonies
from game.scenes.table.coach import TableCoach
from game.scenes.table.counter_panel import CardCounter
from game.scenes.table.drawing import TableDrawer
from game.scenes.table.geometry import TableLayout
from game.scenes.table.lesson import TableLesson
from game.scenes.table.message import MessageLine
from game.scenes.table.modals import Overlay
from game.scenes.table.moments import TableMoments
from game.scenes.table.overlays import Overlays
from game.scenes.table.seating import SeatPlates
from game.scenes.table.shown import TableShown
from game.scenes.table.state import TableState
from game.table.frame import TableFrame
from game.widgets.fx.player import Part, Tone
from game.widgets.hand import HandWidget


@dataclass(frozen=True)
class Layers:
    """The parts that draw the table, in the order they are drawn: under the film look the
    drawer (the felt and panels, then the seats' plates, the plays, the next leader's pointer,
    the hand), the message line, the bar and the ceremonies (with the moments' effects); over it
    the card counter, the coach's note, the panel up and a lesson's note; ``shown`` says what
    each part under the film look shows, and where (issue 54: a play redraws only its parts)."""

    drawer: TableDrawer
    seats: SeatPlates
    message_line: MessageLine
    bar: ActionBar
    ceremonies: Ceremonies
    moments: TableMoments
    counter: CardCounter
    coach: TableCoach
    overlays: Overlays
    lesson: TableLesson
    shown: TableShown


class TablePicture:
    """The picture of the table (see the module docstring) drawn by its ``layers`` over the
    ``state`` at the ``layout``'s size; ``frame`` is the table's frame now, ``hand`` the
    player's hand and ``can_act`` whether the player may act now."""

    def __init__(
        self,
        layers: Layers,
        state: TableState,
        layout: TableLayout,
        frame: Callable[[], TableFrame],
        hand: HandWidget,
        can_act: Callable[[], bool],
    ) -> None:
        self.layers = layers
        self.state = state
        self.layout = layout
        self.frame = frame
        self.hand = hand
        self.can_act = can_act

    def draw_film(self, surface: pygame.Surface, part: Part = "all") -> None:
        """The table and its cards: the part the film look grades (the app grades it before
        :meth:`draw_over`); of ``part`` (game/widgets/fx/player.py): all, or all but the
        effects that are only light (:meth:`draw_light`, game/film_light.py)."""
        layers = self.layers
        if self.layout.fit(surface.get_size()):
            self.state.refresh()
        frame = self.frame()
        layers.drawer.draw_ground(surface, frame)
        clip = surface.get_clip()  # a place drawn again skips the plates it misses (issue 54)
        for seat in range(len(frame.hand_counts)):
            if clip.colliderect(layers.seats.area(seat)):
                layers.seats.draw(surface, seat, frame)
        layers.drawer.draw_plays(surface, frame)
        layers.ceremonies.draw_lead_marker(surface, frame)  # the next leader's pointer
        layers.drawer.draw_hand(surface, frame, self.can_act())
        layers.message_line.draw(surface, frame)
        layers.bar.draw(surface)
        layers.drawer.draw_air(surface)
        layers.ceremonies.draw_burst(surface)  # under the banner's sentence
        layers.drawer.draw_banner(surface)
        layers.ceremonies.draw(surface, part)  # the moments' effects, then a ceremony's words
        layers.ceremonies.impact.apply(surface, self.state.time, self.layout.scale)

    def draw_light(self, surface: pygame.Surface, tone: Tone) -> None:
        """Only the effects that are only light, each sprite through ``tone``."""
        self.layers.moments.fx.draw(surface, "light", tone)

    def lights(self) -> list[pygame.Rect]:
        """The moving places of effects that are only added light (:meth:`motion`'s)."""
        return self.layers.moments.fx.lights()

    def over_shown(self) -> bool:
        """Whether a panel lies over the table (the chooser, a result, the last trick, the
        card counter, a lesson's note)."""
        return self.layers.overlays.shown() or self.layers.lesson.note is not None

    def draw_over(self, surface: pygame.Surface) -> None:
        """The panels over the table, drawn after the film look so that they stay as drawn."""
        layers = self.layers
        layers.counter.draw(surface)
        layers.coach.draw(surface)
        layers.overlays.draw(surface)
        layers.lesson.draw(surface)

    def still_key(self) -> object:
        """What the picture shows while nothing on it moves, else None (see :meth:`motion`)."""
        motion = self.motion()
        return motion[0] if motion is not None and not motion[1] else None

    def motion(self) -> tuple[object, list[pygame.Rect]] | None:
        """What the picture shows outside the places that move (the controller's frame, the
        hand and selection, the plays, the buttons, the overlay, the banner) and those
        places: the turning ring of a seat that thinks, the cards in flight and the place of
        the play they land on, a ceremony's burst. None while the whole table moves: the deal
        is dealt or a bomb's shake and flash play."""
        board, layers = self.state, self.layers
        if board.dealing() or layers.ceremonies.moving():
            return None
        if board.modals.up(Overlay.RESULT) and layers.overlays.result.moving:  # ladder, confetti
            return None
        frame = self.frame()
        over = self.over_shown()  # a panel over the table may show anything of the frame
        buttons = tuple(
            (b.key, b.text(), b.enabled, b.hovered, b.focused) for b in layers.overlays.buttons
        )
        shown, moving = layers.moments.motion_parts()  # faces, warnings; effects (issue 54)
        key = (
            layers.shown.rest(frame, whole=over),  # the parts a play changes: apart (issue 54)
            shown if over else None,
            layers.shown.parts(
                frame,
                layers.message_line.message(frame),
                layers.bar.buttons,
                self.hand,
                board.show_focus and self.can_act(),
            ),
            board.modals.top,
            buttons,
            board.kitty_shown,
            str(board.banner[0]) if board.banner is not None else None,
            (str(board.notice) if board.notice is not None else None, board.notice_color),
            board.show_counter,
            (layers.lesson.note, tuple(b.hovered for b in layers.lesson.buttons)),
            layers.coach.note,
        )
        return key, layers.drawer.moving(frame) + moving + layers.ceremonies.areas()
