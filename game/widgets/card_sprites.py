"""Cards as sprites on the table: :class:`CardSprite` (one card that moves, rises when selected,
turns face up or down) and :class:`CardLayer` (their z-order, and the card under the mouse).
"""

from __future__ import annotations

import pygame

from game.rules.cards import Card
from game.widgets.card_backs import DEFAULT_BACK, back
from game.widgets.cards import face


class CardSprite(pygame.sprite.Sprite):
    """One card on the table. Move it by setting ``pos`` (top-left, floats) or by a tween.

    ``selected`` raises it by ``raise_px`` (18 % of its height) and outlines it; ``disabled``
    dims it; ``wild`` marks it; ``face_up`` False shows the back. Put it in a
    :class:`CardLayer` with a ``layer`` for z-order.
    """

    def __init__(
        self,
        card: Card,
        height: int,
        *,
        face_up: bool = True,
        four_colour: bool = False,
        pos: tuple[float, float] = (0.0, 0.0),
        layer: int = 0,
        back_name: str = DEFAULT_BACK,
    ) -> None:
        self._layer = layer
        super().__init__()
        self.card = card
        self._height = int(height)
        self.face_up = face_up
        self.four_colour = four_colour
        self.selected = False
        self.disabled = False
        self.wild = False
        self.hovered = False
        self.pos: tuple[float, float] = pos
        self._key: tuple[object, ...] = ()
        self.back_name = back_name
        self.image = back(self._height, back_name)
        self.rect = self.image.get_rect()
        self.refresh()

    @property
    def height(self) -> int:
        return self._height

    @height.setter
    def height(self, value: int) -> None:
        self._height = int(value)

    @property
    def raise_px(self) -> int:
        return round(self._height * 0.18)

    def refresh(self) -> None:
        """Pick the image for the current state and place the rect at ``pos``."""
        key = (
            self.face_up,
            self._height,
            self.four_colour,
            self.selected,
            self.disabled,
            self.wild,
        )
        if key != self._key:
            self._key = key
            if self.face_up:
                self.image = face(
                    self.card,
                    self._height,
                    self.four_colour,
                    self.selected,
                    self.disabled,
                    self.wild,
                )
            else:
                self.image = back(self._height, self.back_name)
            self.rect = self.image.get_rect()
        lift = self.raise_px if self.selected and self.face_up else 0
        rect = self.rect
        assert rect is not None  # set in __init__ (pygame's Sprite types it optional)
        rect.topleft = (round(self.pos[0]), round(self.pos[1]) - lift)

    def update(self, *args: object, **kwargs: object) -> None:
        self.refresh()


class CardLayer(pygame.sprite.LayeredUpdates["CardSprite"]):
    """Card sprites in z-order; ``card_at(pos)`` finds the topmost card under the mouse."""

    def card_at(self, pos: tuple[int, int]) -> CardSprite | None:
        for sprite in reversed(self.sprites()):
            rect, image = sprite.rect, sprite.image
            if rect is None or image is None:  # a CardSprite always has both (pygame's types)
                continue
            if isinstance(sprite, CardSprite) and rect.collidepoint(pos):
                # The rounded corners are transparent: test the pixel, not just the box.
                x, y = pos[0] - int(rect.x), pos[1] - int(rect.y)
                if image.get_at((x, y)).a > 0:
                    return sprite
        return None
