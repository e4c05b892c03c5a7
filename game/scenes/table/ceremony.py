"""Moments with ceremony at the table (a part of :class:`TableScene`, issue 40 point 10): a
bomb lands with a flash, a shake and a burst as heavy as the bomb (a four-joker bomb the
heaviest), a deal's end brings a level-up or a double finish to the middle of the table, and
between rounds a small brass pointer in the middle shows who leads next.

Every ceremony holds the table (the AI waits) until it ends or a key or click skips it, and
none is shown at the fastest animation speed.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

import pygame

from game import i18n
from game.scenes.table.layout import _rendered
from game.table import info
from game.widgets.ceremony import bomb_weight
from game.widgets.common import BRASS, panel, scaled, shadow

#: The words of a ceremony at the 1920×1080 reference, in pixels.
WORDS_PX = 54


@lru_cache(maxsize=16)
def _words(label: str, colour: tuple[int, ...], scale: float, lang: str, px: int) -> pygame.Surface:
    """A ceremony's words on a dark plate rimmed in their colour, drawn once per label."""
    image = _rendered(label, px, colour, True, lang)
    rect = image.get_rect().inflate(scaled(56, scale), scaled(22, scale))
    margin = scaled(24, scale)
    plate = pygame.Surface(rect.inflate(2 * margin, 2 * margin).size, pygame.SRCALPHA)
    box = rect.move(margin, margin)
    shadow(plate, box, scale)
    panel(plate, box, scale, alpha=230, border=colour, radius=18)
    plate.blit(image, image.get_rect(center=box.center))
    return plate


class TableCeremony:
    """The ceremonies and the next leader's pointer (see the module docstring)."""

    def _ceremony_centre(self) -> tuple[int, int]:
        """The middle of the table: between the play of the seat across (or the top of the
        table) and the kind tag over the player's play."""
        x = self.size[0] // 2
        below = self._play_rects(0, 1)[0].top - self._u(44)
        across = [s for s, r in self._rects["seats"].items() if s and r.left < x < r.right]
        if across:
            above = self._play_rects(across[0], 1)[0].bottom
        else:  # three seats: from the side plates' tops
            above = min(r.top for s, r in self._rects["seats"].items() if s)
        return (x, (above + below) // 2)

    def _start_ceremony(self, label: str | None, colour: Any, weight: float) -> None:
        words = None
        if label:
            px = max(self.arrangement.min_text, self._u(WORDS_PX))
            words = _words(label, tuple(colour), self.scale, i18n.language(), px)
        if self.ceremony.trigger(
            self.time, self._anim_factor(), words, weight=weight, colour=colour
        ):
            self.hold_until = max(self.hold_until, self.ceremony.end() or self.time)

    def _bomb_ceremony(self, combo: Any, count: int) -> None:
        """A bomb lands: flash and shake as strong as it is big, and its name in a burst."""
        kind = getattr(combo, "kind", None)
        weight = bomb_weight(kind, count)
        self.impact.trigger(self.time, self._anim_factor(), weight)
        self._start_ceremony(info.play_kind_label(combo, count), BRASS, weight)

    def _deal_ceremony(self) -> None:
        """The deal's end: the game's moment (a double finish, a level-up) before the result
        panel, which waits for it."""
        moment = self.view.deal_ceremony(self.frame)
        if moment is None:
            return
        label, colour, weight = moment
        self._start_ceremony(label, colour, weight)
        end = self.ceremony.end()
        if end is not None and self.result_at is not None:
            self.result_at = max(self.result_at, end)

    def _skip_ceremony(self, event: pygame.event.Event) -> bool:
        """Any key or click ends a running ceremony (and does nothing else)."""
        if event.type not in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            return False
        if not self.ceremony.active(self.time):
            return False
        self.ceremony.skip()
        self.impact.start = None
        self.hold_until = min(self.hold_until, self.time)
        if self.result_at is not None:
            self.result_at = min(self.result_at, self.time)
        return True

    def _draw_ceremony(self, surface: pygame.Surface) -> None:
        centre = self._ceremony_centre()
        # Clear of the plate above it (the seat across) or of the top bar.
        x, y = centre
        above = [r.bottom for r in self._rects["seats"].values() if r.left < x < r.right]
        top = max([bottom for bottom in above if bottom < y] + [self._rects["top"]])
        self.ceremony.draw(surface, self.time, self.scale, centre, centre[1] - top - self._u(8))

    def _draw_lead_marker(self, surface: pygame.Surface, frame: Any) -> None:
        """Between rounds (the table clear, a new round or trick to open), a small brass
        pointer in the middle turned towards the seat that leads next."""
        if self.plays or frame.phase != "play" or frame.is_terminal or self.dealing():
            return
        seat = frame.current_player
        if seat is None or not frame.leading or self.ceremony.active(self.time):
            return
        u = self._u
        cx, cy = self._ceremony_centre()
        tx, ty = self._seat_center(seat)
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
