"""The title's gentle motion: a fanned deck on each side of the wordmark that opens when the
screen appears and then breathes slowly, and a soft band of light that sweeps the wordmark
now and then. Every picture is made once (fans at a few spreads, the light's mask) and the
frame only blits: a few small images, no text drawn again."""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from game import text
from game.rules.cards import Card
from game.widgets import cards as card_art
from game.widgets.common import BRASS

#: The cards of the fan, from the back of the hand to the front.
FAN_CARDS = (
    Card("A", "S"),
    Card("K", "H"),
    Card("Q", "C"),
    Card("J", "D"),
    Card("RJ", None),
)
#: Spreads a fan is drawn at (0 closed .. STEPS open): the motion picks the nearest.
STEPS = 16
#: Seconds before the fans appear (their card faces are drawn then, not at start-up).
OPEN_DELAY = 0.3
#: Seconds to open, the breath's period and how far it closes, the shimmer's period.
OPEN_TIME = 1.4
BREATH_TIME = 7.0
BREATH_DEPTH = 0.12
SHIMMER_TIME = 6.0


@lru_cache(maxsize=2 * (STEPS + 1))
def deck_fan(step: int, height: int, four_colour: bool, mirrored: bool) -> pygame.Surface:
    """The fan of :data:`FAN_CARDS` opened ``step``/:data:`STEPS` of the way."""
    spread = 11.0 * step / STEPS  # degrees between neighbours
    width = card_art.card_size(height)[0]
    pivot = height * 1.2
    count = len(FAN_CARDS)
    size = (int(width + 2 * pivot + height), int(height * 2.2))
    fan = pygame.Surface(size, pygame.SRCALPHA)
    origin = (size[0] / 2, size[1] - height * 0.35)  # the hand's pivot, under the cards
    # The mirrored fan (right of the wordmark) opens the other way, its front card nearest
    # the wordmark; the faces themselves are never flipped (their indices stay readable).
    sign = 1 if mirrored else -1
    for i, card in enumerate(FAN_CARDS):
        angle = (i - (count - 1) / 2) * spread * sign
        image = card_art.face(card, height, four_colour)
        turned = pygame.transform.rotozoom(image, angle, 1.0)
        rad = math.radians(angle)
        centre = (origin[0] - math.sin(rad) * pivot, origin[1] - math.cos(rad) * pivot)
        fan.blit(turned, turned.get_rect(center=(round(centre[0]), round(centre[1]))))
    return fan.subsurface(fan.get_bounding_rect()).copy()


def fan_step(time: float) -> int | None:
    """How open the fans are ``time`` seconds after the title appeared; None before they
    appear (OPEN_DELAY: the first frame does not wait for their faces to be drawn)."""
    if time < OPEN_DELAY:
        return None
    time -= OPEN_DELAY
    if time < OPEN_TIME:
        t = time / OPEN_TIME
        amount = 1.0 - (1.0 - t) ** 3  # eases to rest
    else:
        phase = (time - OPEN_TIME) / BREATH_TIME * math.tau
        amount = 1.0 - BREATH_DEPTH * (1.0 - math.cos(phase)) / 2
    return max(0, min(STEPS, round(amount * STEPS)))


class Shimmer:
    """A soft band of light crossing ``word`` (the wordmark) once every SHIMMER_TIME."""

    def __init__(self, word: pygame.Surface) -> None:
        width, height = word.get_size()
        self.width = width
        # The letters in warm white on black: added to the screen, only the letters light up.
        white = word.copy()
        white.fill((255, 240, 200, 0), special_flags=pygame.BLEND_RGBA_MAX)
        self.light = pygame.Surface((width, height))
        self.light.fill((0, 0, 0))
        self.light.blit(white, (0, 0))
        self.band = max(8, height)
        # Grey levels across the band: how much of the light each column lets through.
        self.mask = pygame.Surface((self.band, height))
        for x in range(self.band):
            v = round(120 * math.sin(math.pi * x / max(1, self.band - 1)) ** 2)
            pygame.draw.line(self.mask, (v, v, v), (x, 0), (x, height))

    def draw(self, surface: pygame.Surface, at: tuple[int, int], time: float) -> None:
        """Draw the band where it is at ``time`` over the wordmark drawn at ``at``."""
        sweep = (time % SHIMMER_TIME) / SHIMMER_TIME * 2.0  # the second half is a rest
        if sweep >= 1.0:
            return
        x = round(-self.band + sweep * (self.width + self.band))
        area = pygame.Rect(x, 0, self.band, self.light.get_height()).clip(self.light.get_rect())
        if area.width <= 0:
            return
        piece = self.light.subsurface(area).copy()
        piece.blit(self.mask, (0, 0), area.move(-x, 0), special_flags=pygame.BLEND_RGB_MULT)
        surface.blit(piece, (at[0] + area.x, at[1]), special_flags=pygame.BLEND_RGB_ADD)


def _fan_cards(
    cards: tuple[Card, ...],
    wild: frozenset[Card],
    centre: tuple[int, int],
    height: int,
    four_colour: bool,
    spread: float,
) -> list[tuple[pygame.Surface, pygame.Rect]]:
    """Each card of the fan turned to its angle, and where it lies."""
    count = len(cards)
    width, _ = card_art.card_size(height)
    placed = []
    for i, card in enumerate(cards):
        t = i - (count - 1) / 2
        image = card_art.face(card, height, four_colour, wild=card in wild)
        rotated = pygame.transform.rotozoom(image, -t * spread, 1.0)
        x = centre[0] + t * width * 0.42
        y = centre[1] + abs(t) * height * 0.05
        placed.append((rotated, rotated.get_rect(center=(round(x), round(y)))))
    return placed


def fan_rect(
    cards: tuple[Card, ...], centre: tuple[int, int], height: int, *, spread: float = 9.0
) -> pygame.Rect:
    """All that :func:`draw_fan` covers (its turned cards' boxes)."""
    placed = _fan_cards(cards, frozenset(), centre, height, False, spread)
    if not placed:
        return pygame.Rect(centre, (0, 0))
    rects = [rect for _, rect in placed]
    return rects[0].unionall(rects)


def draw_fan(
    surface: pygame.Surface,
    cards: tuple[Card, ...],
    wild: frozenset[Card],
    centre: tuple[int, int],
    height: int,
    four_colour: bool,
    *,
    spread: float = 9.0,
) -> None:
    """A small fan of cards (decoration on the title and preset screens)."""
    for image, rect in _fan_cards(cards, wild, centre, height, four_colour, spread):
        surface.blit(image, rect)


def wordmark(word: str, size: int, offset: int) -> pygame.Surface:
    """The title's wordmark at ``size`` px: Latin capitals letter-spaced as on a printed card
    box, each with its shadow ``offset`` px down and right; other scripts as one line."""
    if not word.isascii():
        return text.render(word, size, BRASS, bold=True)
    letters = [text.render(ch, size, BRASS, bold=True) for ch in word]
    spacing = round(size * 0.16)
    width = sum(img.get_width() for img in letters) + spacing * (len(letters) - 1)
    height = max(img.get_height() for img in letters)
    surface = pygame.Surface((width + offset, height + offset), pygame.SRCALPHA)
    x = 0
    for letter in letters:
        # The shadow is the letter itself turned black (no second text render).
        dark = letter.copy()
        dark.fill((0, 0, 0), special_flags=pygame.BLEND_RGB_MULT)
        dark.set_alpha(110)
        surface.blit(dark, (x + offset, offset))
        surface.blit(letter, (x, 0))
        x += letter.get_width() + spacing
    return surface
