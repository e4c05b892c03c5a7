"""The plays in front of the seats: each seat's cards face up with their kind on a plate,
the place they cover (the table and the replay draw their plays with :func:`draw_play`)."""

from __future__ import annotations

from collections.abc import Callable, Sized
from functools import lru_cache

import pygame

from game import i18n
from game.rules.cards import Card
from game.scenes.table.layout import Play, play_rects, rendered
from game.table import info
from game.table.info import PlayKind
from game.widgets import cards as card_art
from game.widgets.common import BRASS, INK, INK_DIM, panel, scaled

#: The longest play the table keeps apart from the other seats' plays (issue 26).
LONG_PLAY = 10


@lru_cache(maxsize=64)
def _kind_plate(label: str, bomb: bool, scale: float, lang: str, px: int) -> pygame.Surface:
    """A play's kind on its small dark plate (brass for a bomb), drawn once per label, in
    ``px`` pixel text."""
    image = rendered(label, px, BRASS if bomb else INK, True, lang)
    rect = image.get_rect().inflate(scaled(20, scale), scaled(6, scale))
    plate = pygame.Surface(rect.size, pygame.SRCALPHA)
    border = BRASS if bomb else (0, 0, 0)
    panel(plate, plate.get_rect(), scale, alpha=190, border=border, radius=10)
    plate.blit(image, image.get_rect(center=plate.get_rect().center))
    return plate


def draw_play(
    surface: pygame.Surface,
    spot: tuple[str, tuple[int, int]],
    play: Play,
    *,
    height: int,
    scale: float,
    four_colour: bool,
    wild: Callable[[Card], bool],
    ringed: bool = False,
    combo: PlayKind = None,
    kind_above: bool = False,
    min_text: int = 0,
    reach: int | None = None,
) -> None:
    """One seat's play at its ``spot`` (the table and the replay draw plays with this): the
    cards face up (``PASS_MARK``: the word for a pass), ringed in brass when they lead the
    round or trick (or won it), and the play's kind ("Tractor", "Bomb ×6") on a small plate under them
    (above them for the player, clear of the message line below). Text is never below
    ``min_text`` pixels."""

    def u(value: float) -> int:  # the layout's unit, once
        return scaled(value, scale)

    align, point = spot
    if isinstance(play, str):  # PASS_MARK
        anchor = {"center": "center", "right": "midright", "left": "midleft"}[align]
        px = max(min_text, u(30))
        image = rendered(i18n.tr("table.pass_mark"), px, INK_DIM, True, i18n.language())
        surface.blit(image, image.get_rect(**{anchor: point}))
        return
    cards = list(play)
    rects = play_rects(spot, height, len(cards), u, reach)
    if ringed:
        # The play that leads the round or trick (or won it, until the next lead) is ringed.
        ring = rects[0].unionall(rects).inflate(u(14), u(14))
        pygame.draw.rect(surface, BRASS, ring, width=max(2, u(4)), border_radius=u(12))
    for card, rect in zip(cards, rects, strict=True):
        surface.blit(card_art.face(card, height, four_colour, False, False, wild(card)), rect)
    kind = _kind_at(
        rects, len(cards), scale=scale, combo=combo, kind_above=kind_above, min_text=min_text,
        align=align,
    )  # fmt: skip
    if kind is not None:
        surface.blit(*kind)


def _kind_at(
    rects: list[pygame.Rect],
    count: int,
    *,
    scale: float,
    combo: PlayKind,
    kind_above: bool,
    min_text: int = 0,
    align: str = "center",
) -> tuple[pygame.Surface, pygame.Rect] | None:
    """The play's kind plate and where it goes (under the cards, or above them), or None;
    its text at least ``min_text`` pixels. A plate wider than the cards of a side seat's
    play (``align`` "left" or "right") grows towards the middle, away from the seat."""

    def u(value: float) -> int:  # the layout's unit, once
        return scaled(value, scale)

    label = info.play_kind_label(combo, count) if combo is not None else None
    if not label:
        return None
    image = _kind_plate(label, info.is_bomb(combo), scale, i18n.language(), max(min_text, u(20)))
    span = rects[0].unionall(rects)
    plate = image.get_rect()
    gap = scaled(6, scale)
    if kind_above:
        plate.midbottom = (span.centerx, span.top - gap)
    else:
        plate.midtop = (span.centerx, span.bottom + gap)
    if plate.width > span.width and align == "left":
        plate.left = span.left
    elif plate.width > span.width and align == "right":
        plate.right = span.right
    return image, plate


def play_box(
    spot: tuple[str, tuple[int, int]],
    play: Sized,
    *,
    height: int,
    scale: float,
    combo: PlayKind = None,
    kind_above: bool = False,
    min_text: int = 0,
    reach: int | None = None,
) -> pygame.Rect:
    """All that :func:`draw_play` covers for a play of cards (not a pass): the cards, the
    winner's ring and the kind's plate (issue 30: the place that changes when they land)."""
    rects = play_rects(spot, height, len(play), lambda value: scaled(value, scale), reach)
    box = rects[0].unionall(rects).inflate(scaled(14, scale) + 8, scaled(14, scale) + 8)
    kind = _kind_at(
        rects, len(play), scale=scale, combo=combo, kind_above=kind_above, min_text=min_text,
        align=spot[0],
    )  # fmt: skip
    return box.union(kind[1]) if kind is not None else box
