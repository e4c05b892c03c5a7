"""The cards in flight at the table: the deal, each play, a tribute or return handed over, the
kitty taken up (issue 40 point 3). :class:`Flights` adds :class:`~game.scenes.table.layout.Flyer`
objects to the table's state; the drawer draws them, the scene's clock moves them."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

import pygame

from game.rules.cards import Card
from game.scenes.table.geometry import TableLayout
from game.scenes.table.layout import (
    DEAL_TIME,
    EXCHANGE_HOLD,
    EXCHANGE_TIME,
    FLY_TIME,
    Flyer,
)
from game.scenes.table.state import TableState
from game.widgets import card_backs
from game.widgets import cards as card_art

if TYPE_CHECKING:  # pragma: no cover
    from game.services import SettingsReader


class Flights:
    """Cards set flying over the table's ``layout`` into its ``state``; a wild card (as the
    layout's hand tells it) is drawn with its mark."""

    def __init__(self, app: SettingsReader, state: TableState, layout: TableLayout) -> None:
        self.app = app
        self.state = state
        self.layout = layout

    def back(self, height: int) -> pygame.Surface:
        """A face-down card in the player's chosen back."""
        return card_backs.back(height, self.app.settings.card_back)

    def fly_cards(
        self,
        seat: int | None,
        cards: Iterable[Card],
        end: int | tuple[int, int],
        *,
        face: bool = True,
        slow: bool = False,
    ) -> None:
        """Cards glide from ``seat`` to ``end``: a seat number (its plays) or a point. A
        ``slow`` flight (a tribute or a return, issue 40) takes longer and rests where it
        lands, so that who gives what to whom can be read."""
        layout = self.layout
        cards = list(cards)
        targets: list[tuple[float, float]]
        if isinstance(end, tuple):
            height = layout.u(120)
            targets = [
                (end[0] + (i - (len(cards) - 1) / 2) * layout.u(30), end[1])
                for i in range(len(cards))
            ]
        else:
            height = layout.rects["play_h"]
            targets = [rect.center for rect in layout.play_rects(end, len(cards))]
        start = layout.seat_edge(seat, card_art.card_size(height))
        four = layout.hand.four_colour
        for i, card in enumerate(cards):
            image = (
                card_art.face(card, height, four, False, False, self.layout.hand.wild(card))
                if face
                else self.back(height)
            )
            landing = end if not isinstance(end, tuple) else None
            time, hold = (EXCHANGE_TIME, EXCHANGE_HOLD) if slow else (FLY_TIME, 0.0)
            self.state.flyers.append(
                Flyer(image, start, targets[i], time, delay=i * 0.02, seat=landing, hold=hold)
            )

    def take_back(self, seat: int, play: Iterable[Card], cards: Iterable[Card]) -> None:
        """``cards`` leave ``seat``'s play (``play``, as it lies) and glide back to its hand:
        the player's own cards to their places in the hand, another seat's to its seat."""
        layout = self.layout
        laid: list[Card | None] = list(play)
        height = layout.rects["play_h"]
        rects = layout.play_rects(seat, len(laid))
        four = layout.hand.four_colour
        for i, card in enumerate(cards):
            where = laid.index(card) if card in laid else 0
            start = rects[min(where, len(rects) - 1)].center
            if card in laid:
                laid[where] = None  # a second copy of the card starts from its own place
            end = layout.receive_point(seat, [card]) if seat == 0 else layout.seat_center(seat)
            image = card_art.face(card, height, four, False, False, layout.hand.wild(card))
            self.state.flyers.append(Flyer(image, start, end, FLY_TIME * 1.5, delay=i * 0.05))

    def take_flyers(self, seat: int | None, cards: Iterable[Card] | None) -> None:
        """The kitty glides from the centre to the dealer: face up when it was revealed or
        the dealer is the player, else as backs."""
        cards = list(cards or ())
        count = len(cards) or 8
        height = self.layout.u(100)
        face_up = self.state.kitty_shown is not None or seat == 0
        end = self.layout.seat_center(seat)
        for i, rect in enumerate(self.layout.kitty_rects(count, height)):
            image = (
                card_art.face(cards[i], height, self.layout.hand.four_colour)
                if face_up and i < len(cards)
                else self.back(height)
            )
            self.state.flyers.append(Flyer(image, rect.center, end, FLY_TIME * 1.5, delay=i * 0.04))

    def deal_flyers(self, seats: int) -> None:
        """The deal: backs fly from the middle to every seat, six rounds of them."""
        layout = self.layout
        height = layout.u(100)
        image = self.back(height)
        centre = (layout.size[0] // 2, layout.size[1] // 2 - layout.u(60))
        rounds = 6
        for r in range(rounds):
            for seat in range(seats):
                self.state.flyers.append(
                    Flyer(
                        image,
                        centre,
                        layout.seat_center(seat),
                        FLY_TIME * 0.8,
                        delay=(r * seats + seat) * DEAL_TIME / (rounds * seats + 2),
                    )
                )
