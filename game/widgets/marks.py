"""Small drawn marks of the controls: a switch, a caret, a back chevron, a slider's neutral tick
and value (issue 40). One look for every switch (the top bar, the Game menu, house rules)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

import pygame

from game import text
from game.widgets.common import BRASS, INK, PANEL_LINE, blit_text, scaled

if TYPE_CHECKING:
    from game.settings import SettingSpec
    from game.widgets.topbar_parts import Control

#: The slider theme's sliding_button_width (assets/theme.json), in pixels.
KNOB_W = 16


def switch(surface: pygame.Surface, body: pygame.Rect, on: bool, scale: float) -> None:
    """A switch filling ``body``: a brass track with the knob at the end side when on, a dim
    track with the knob at the start side when off (mirrored right to left)."""
    h = body.height
    pygame.draw.rect(surface, BRASS if on else PANEL_LINE, body, border_radius=h // 2)
    if not on:  # a dark groove, so off reads as empty rather than as another colour
        groove = body.inflate(-scaled(4, scale), -scaled(4, scale))
        pygame.draw.rect(surface, (10, 24, 19), groove, border_radius=groove.height // 2)
    at_end = on != text.is_rtl()
    knob_x = body.right - h // 2 if at_end else body.left + h // 2
    knob = INK if on else (150, 160, 150)
    pygame.draw.circle(surface, knob, (knob_x, body.centery), h // 2 - scaled(2, scale))


def switch_at_end(surface: pygame.Surface, rect: pygame.Rect, scale: float, on: bool) -> None:
    """A small switch (30×16 reference pixels) at the end side inside ``rect``."""
    w, h = scaled(30, scale), scaled(16, scale)
    rtl = text.is_rtl()
    x = rect.left + scaled(10, scale) if rtl else rect.right - scaled(10, scale) - w
    switch(surface, pygame.Rect(x, rect.centery - h // 2, w, h), on, scale)


def caret(surface: pygame.Surface, rect: pygame.Rect, scale: float, *, open_: bool) -> None:
    """The little triangle of a menu button: down when closed, up when open."""
    size = scaled(6, scale)
    x = rect.left + scaled(16, scale) if text.is_rtl() else rect.right - scaled(16, scale)
    y = rect.centery
    points = [(x - size, y - size // 2), (x + size, y - size // 2), (x, y + size // 2)]
    if open_:
        points = [(x - size, y + size // 2), (x + size, y + size // 2), (x, y - size // 2)]
    pygame.draw.polygon(surface, BRASS, points)


def chevron(surface: pygame.Surface, rect: pygame.Rect, scale: float) -> None:
    """The Back button's chevron, pointing back (left, or right in a right-to-left language)."""
    size = scaled(7, scale)
    rtl = text.is_rtl()
    x = rect.right - scaled(2, scale) if rtl else rect.left + scaled(2, scale)
    tip = x + size if rtl else x - size
    y = rect.centery
    pygame.draw.lines(
        surface, BRASS, False, [(x, y - size), (tip, y), (x, y + size)], scaled(3, scale)
    )


def neutral_x(rect: pygame.Rect, spec: SettingSpec, scale: float) -> int:
    """Where the knob's centre stands at the setting's neutral value on a slider in ``rect``."""
    knob = scaled(KNOB_W, scale)
    assert spec.neutral is not None  # only a slider with a neutral value has the tick
    share = (spec.neutral - spec.low) / (spec.high - spec.low)
    if text.is_rtl():  # the slider runs high to low
        share = 1.0 - share
    return rect.left + knob // 2 + round(share * (rect.width - knob))


def slider_marks(
    surface: pygame.Surface,
    controls: Iterable[Control],
    settings: object,
    scale: float,
    px: int,
) -> None:
    """Under every slider of ``controls`` a tick where it changes nothing, and a bar slider's
    value in its ``value_rect`` (a menu slider's is written by the menu)."""
    for control in controls:
        spec = control.spec
        if control.setting is None or spec is None or spec.high <= spec.low:
            continue
        rect = control.rect
        if spec.neutral is not None:
            x = neutral_x(rect, spec, scale)
            tick = max(3, scaled(6, scale))
            width = max(1, scaled(2, scale))
            pygame.draw.line(surface, BRASS, (x, rect.bottom + 1), (x, rect.bottom + tick), width)
        if control.value_rect is not None:
            image = text.render(spec.shown(getattr(settings, spec.key)), px, INK)
            blit_text(surface, image, control.value_rect)
