"""Modal questions asked before something is given up, all one :class:`ConfirmDialog`:
leaving the game (:func:`ask_quit`), a new match over one in progress (:func:`ask_new_match`)
and wiping the statistics (the statistics screen).

The dialog dims the screen under it and shows the question, an optional line naming what
would be lost, and two buttons: the action (Enter when focused) and keeping things as they are
(Esc). It is modal; nothing under it reacts while it is open.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game import text
from game.scenes.base import Scene
from game.widgets.common import (
    INK,
    INK_DIM,
    Button,
    FocusRing,
    dialog,
    scaled,
)
from game.words import Words

if TYPE_CHECKING:  # pragma: no cover
    from game.services import Services


class ConfirmDialog(Scene):
    """``question`` and ``detail`` (words, said in the language of each frame; ``detail``
    may be empty);
    ``confirm_key`` runs ``on_confirm`` after the dialog closes, ``keep_key`` (or Esc) just
    closes it. ``focus_confirm`` puts the first focus on the action (Enter does it at once)
    rather than on keeping things."""

    opaque = False
    title_key = "app.name"

    def __init__(
        self,
        app: Services,
        question: str | Words,
        detail: str | Words,
        on_confirm: Callable[[], object],
        *,
        confirm_key: str = "save.new_match",
        keep_key: str = "save.keep_match",
        focus_confirm: bool = False,
    ) -> None:
        super().__init__(app)
        self.question = question
        self.detail = detail
        self.on_confirm = on_confirm
        self.confirm_button = Button(confirm_key, self.confirm, style="primary", size_px=24)
        self.keep_button = Button(keep_key, self.go_back, size_px=24)
        self.focus_confirm = focus_confirm
        self.focus = FocusRing()
        self.box = pygame.Rect(0, 0, 0, 0)

    def confirm(self) -> None:
        self.app.stack.pop()
        self.on_confirm()

    def buttons(self) -> list[Button]:
        return [self.confirm_button, self.keep_button]

    def relayout(self) -> None:
        s = self.app.scale
        width, height = self.app.size
        self.box = pygame.Rect(0, 0, min(scaled(860, s), width - scaled(40, s)), 0)
        words = self._words(self.box.width - scaled(80, s))
        self.box.height = sum(image.get_height() for image in words) + scaled(190, s)
        self.box.center = (width // 2, height // 2)
        bw = max(
            self.confirm_button.natural_width(s), self.keep_button.natural_width(s), scaled(200, s)
        )
        bw = min(bw, (self.box.width - scaled(64, s)) // 2)
        first, second = self.confirm_button, self.keep_button
        if text.is_rtl():
            first, second = second, first
        first.rect = pygame.Rect(0, 0, bw, scaled(54, s))
        second.rect = pygame.Rect(0, 0, bw, scaled(54, s))
        bottom = self.box.bottom - scaled(30, s)
        first.rect.bottomright = (self.box.centerx - scaled(12, s), bottom)
        second.rect.bottomleft = (self.box.centerx + scaled(12, s), bottom)
        self.focus.set(self.buttons(), 0 if self.focus_confirm else 1)

    def _words(self, width: int) -> list[pygame.Surface]:
        s = self.app.scale
        question = text.render(
            self.question, scaled(28, s), INK, bold=True, max_width=width, align="center"
        )
        if not self.detail:
            return [question]
        detail = text.render(self.detail, scaled(21, s), INK_DIM, max_width=width, align="center")
        return [question, detail]

    def handle_event(self, event: pygame.event.Event) -> bool:
        for button in self.buttons():
            if button.handle_event(event):
                return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.go_back()
            return True
        if self.focus.handle_key(event):
            return True
        # Modal: nothing under the dialog reacts while it is open.
        return event.type in (
            pygame.KEYDOWN,
            pygame.MOUSEBUTTONDOWN,
            pygame.MOUSEBUTTONUP,
            pygame.MOUSEWHEEL,
        )

    def draw(self, surface: pygame.Surface) -> None:
        s = self.app.scale
        veil = pygame.Surface(self.app.size, pygame.SRCALPHA)
        veil.fill((0, 0, 0, 150))
        surface.blit(veil, (0, 0))
        dialog(surface, self.box, s)
        y = self.box.top + scaled(34, s)
        for image in self._words(self.box.width - scaled(80, s)):
            surface.blit(image, image.get_rect(midtop=(self.box.centerx, y)))
            y += image.get_height() + scaled(14, s)
        for button in self.buttons():
            button.draw(surface, s)


def ask_new_match(
    app: Services, game: str, state_words: str | Words, start: Callable[[], object]
) -> None:
    """Ask once before a new match of ``game`` gives up the one in progress (described by
    ``state_words``); ``start`` runs when the player says yes."""
    name = Words(f"preset.{game}.name")
    question = Words("save.confirm_question", game=name)
    detail = Words("save.confirm_detail", state=state_words)
    app.stack.push(ConfirmDialog(app, question, detail, start))


def ask_quit(app: Services) -> ConfirmDialog:
    """Ask before leaving the game: Enter (or Quit) quits, Esc (or Stay) goes back."""
    dialog_ = ConfirmDialog(
        app,
        Words("title.quit_question"),
        "",
        app.quit,
        confirm_key="title.quit",
        keep_key="title.stay",
        focus_confirm=True,
    )
    app.stack.push(dialog_)
    return dialog_
