"""The notices under the top bar (:class:`Notices`, issue 53: out of the app shell): a line from
the locale shown for a few seconds, newest lowest, each drawn once per language and size."""

from __future__ import annotations

from typing import Any

import pygame

from game import i18n, text
from game.widgets.common import INK, panel, scaled

#: How long a notice stays up (seconds).
TOAST_SECONDS = 7.0


class Notices:
    """The notices up (``shown``: each ``[key, params, image or None, seconds left]``)."""

    def __init__(self) -> None:
        # Any: each notice's four fields, of their own types (see the class docstring)
        self.shown: list[list[Any]] = []

    def add(self, key: str, **params: object) -> None:
        """Show the locale's ``key`` (with ``params``) for :data:`TOAST_SECONDS`."""
        self.shown.append([key, params, None, TOAST_SECONDS])

    def update(self, dt: float) -> None:
        """Time passes: a notice whose time is up goes."""
        for notice in self.shown:
            notice[3] -= dt
        self.shown = [notice for notice in self.shown if notice[3] > 0]

    def relayout(self) -> None:
        """The size, scale or language changed: each notice is drawn again."""
        for notice in self.shown:
            notice[2] = None

    @staticmethod
    def _text(key: str, params: dict[str, object]) -> str:
        # A folder path is left-to-right text: marks keep its slashes in place in Persian.
        if "folder" in params and text.is_rtl():
            params = {**params, "folder": f"\u200e{params['folder']}\u200e"}
        return i18n.tr(key, **params)

    def draw(self, surface: pygame.Surface, size: tuple[int, int], scale: float, top: int) -> None:
        """The notices below ``top`` (the top bar's height), centred in a window of ``size``."""
        s = scale
        y = top + scaled(16, s)
        for notice in self.shown:
            key, params, image, _ = notice
            if image is None:
                image = text.render(
                    self._text(key, params),
                    scaled(22, s),
                    INK,
                    max_width=scaled(900, s),
                    align="center",
                )
                notice[2] = image
            rect = image.get_rect(midtop=(size[0] // 2, y + scaled(14, s)))
            box = rect.inflate(scaled(48, s), scaled(28, s))
            panel(surface, box, s, alpha=235, radius=12)
            surface.blit(image, rect)
            y = box.bottom + scaled(10, s)
