"""Stars drawn as shapes, not glyphs (the fonts have no ★ in any script): a row of won and
unwon stars (a challenge's result, issue 59), a star beside a number ("★ 15") and a button
whose label ends in one ("Challenges 7 / 24 ★ 15")."""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from game import i18n, text
from game.widgets.common import BRASS, INK_DIM, Button, scaled

#: The rim of a star not won.
UNWON = (120, 132, 118)


def star_points(centre: tuple[float, float], radius: float) -> list[tuple[float, float]]:
    """The ten corners of a five-pointed star standing on two points."""
    x, y = centre
    inner = radius * 0.45
    corners = []
    for i in range(10):
        angle = -math.pi / 2 + i * math.pi / 5
        r = radius if i % 2 == 0 else inner
        corners.append((x + r * math.cos(angle), y + r * math.sin(angle)))
    return corners


def draw_star(
    surface: pygame.Surface,
    centre: tuple[float, float],
    radius: float,
    *,
    won: bool,
    colour: tuple[int, int, int] = BRASS,
) -> None:
    """One star: filled when ``won``, else only its rim."""
    corners = star_points(centre, radius)
    if won:
        pygame.draw.polygon(surface, colour, corners)
    else:
        pygame.draw.polygon(surface, UNWON, corners, max(1, round(radius / 6)))


def star_row(
    won: int, of: int, height: int, gap: float = 0.25, grown: float | None = None
) -> pygame.Surface:
    """``of`` stars ``height`` pixels high side by side, the first ``won`` filled. With
    ``grown`` (0 to ``won``), the won stars are still growing in one after another: star ``i``
    at ``grown - i`` of its size (a rim until it starts)."""
    step = round(height * (1 + gap))
    image = pygame.Surface((max(1, step * of - (step - height)), height), pygame.SRCALPHA)
    for i in range(of):
        centre = (i * step + height / 2, height * 0.53)
        size = 1.0 if grown is None or i >= won else min(1.0, max(0.0, grown - i))
        if i < won and size < 1.0:
            draw_star(image, centre, height / 2, won=False)
        if size > 0:
            # A growing star overshoots a little before it settles (a pop, not a slide).
            pop = size * (1.0 + 0.25 * math.sin(math.pi * size)) if size < 1.0 else 1.0
            draw_star(image, centre, height / 2 * pop, won=i < won)
    return image


def star_count(number: int, px: int, colour: tuple[int, int, int] = BRASS) -> pygame.Surface:
    """A star and ``number`` (in the language's digits) beside it, in reading order."""
    digits = text.render(i18n.format_number(number), px, colour, bold=True)
    size = round(px * 0.95)
    gap = round(px * 0.3)
    height = max(size, digits.get_height())
    image = pygame.Surface((size + gap + digits.get_width(), height), pygame.SRCALPHA)
    star_x = image.get_width() - size if text.is_rtl() else 0
    digits_x = 0 if text.is_rtl() else size + gap
    draw_star(image, (star_x + size / 2, height / 2), size / 2, won=True, colour=colour)
    image.blit(digits, (digits_x, (height - digits.get_height()) // 2))
    return image


class StarButton(Button):
    """A button whose label ends with a star and a number (``stars()``, read when drawn)."""

    def __init__(
        self,
        key: str,
        on_click: Callable[[], None],
        stars: Callable[[], int],
        *,
        style: str = "secondary",
        size_px: float = 26,
    ) -> None:
        super().__init__(key, on_click, style=style, size_px=size_px)
        self.stars = stars

    def _tail(self, scale: float) -> pygame.Surface:
        return star_count(self.stars(), self.px(scale), BRASS if self.enabled else INK_DIM)

    def natural_width(self, scale: float) -> int:
        return super().natural_width(scale) + self._tail(scale).get_width() + scaled(10, scale)

    def draw(self, surface: pygame.Surface, scale: float) -> None:
        tail = self._tail(scale)
        room = tail.get_width() + scaled(10, scale)
        self.end_space = room / scale if scale else 0.0
        label_w = text.size(self.text(), self.px(scale), bold=True)[0]
        super().draw(surface, scale)
        # The label is centred in the room left of the tail (right of it in a right-to-left
        # language); the tail follows the label's end.
        middle = self.rect.centerx + (room // 2 if text.is_rtl() else -room // 2)
        if text.is_rtl():
            x = middle - label_w // 2 - scaled(10, scale) - tail.get_width()
        else:
            x = middle + label_w // 2 + scaled(10, scale)
        surface.blit(tail, (x, self.rect.centery - tail.get_height() // 2))
