"""Modal questions: leaving the game (:class:`QuitDialog`), and one asked once before something
is given up, a new match over one in progress (:class:`ConfirmDialog`).

:class:`ConfirmDialog` dims the screen under it and shows the question, a line naming what
would be lost, and two buttons: the action (Enter) and keeping things as they are (Esc, the
default focus). It is modal; nothing under it reacts while it is open.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game import i18n, text
from game.scenes.base import Scene
from game.widgets.common import (
    INK,
    INK_DIM,
    Button,
    FocusRing,
    dialog,
    scaled,
)

if TYPE_CHECKING:  # pragma: no cover
    from game.services import Services


class ConfirmDialog(Scene):
    """``question`` and ``detail`` (texts already translated); ``confirm_key`` runs
    ``on_confirm`` after the dialog closes, ``keep_key`` (or Esc) just closes it."""

    opaque = False
    title_key = "app.name"

    def __init__(
        self,
        app: Services,
        question: str,
        detail: str,
        on_confirm: Callable[[], object],
        *,
        confirm_key: str = "save.new_match",
        keep_key: str = "save.keep_match",
    ) -> None:
        super().__init__(app)
        self.question = question
        self.detail = detail
        self.on_confirm = on_confirm
        self.confirm_button = Button(confirm_key, self.confirm, style="primary", size_px=24)
        self.keep_button = Button(keep_key, self.go_back, size_px=24)
        self.focus = FocusRing()
        self.box = pygame.Rect(0, 0, 0, 0)

    def confirm(self) -> None:
        self.app.stack.pop()
        self.on_confirm()

    def relayout(self) -> None:
        s = self.app.scale
        width, height = self.app.size
        self.box = pygame.Rect(0, 0, min(scaled(860, s), width - scaled(40, s)), 0)
        inner = self.box.width - scaled(80, s)
        words = self._words(inner)
        self.box.height = sum(image.get_height() for image in words) + scaled(190, s)
        self.box.center = (width // 2, height // 2)
        bw = max(
            self.confirm_button.natural_width(s), self.keep_button.natural_width(s), scaled(200, s)
        )
        first, second = self.confirm_button, self.keep_button
        if text.is_rtl():
            first, second = second, first
        first.rect = pygame.Rect(0, 0, bw, scaled(54, s))
        second.rect = pygame.Rect(0, 0, bw, scaled(54, s))
        bottom = self.box.bottom - scaled(30, s)
        first.rect.bottomright = (self.box.centerx - scaled(12, s), bottom)
        second.rect.bottomleft = (self.box.centerx + scaled(12, s), bottom)
        self.focus.set([self.confirm_button, self.keep_button], 1)

    def _words(self, width: int) -> list[pygame.Surface]:
        s = self.app.scale
        question = text.render(
            self.question, scaled(28, s), INK, bold=True, max_width=width, align="center"
        )
        detail = text.render(self.detail, scaled(21, s), INK_DIM, max_width=width, align="center")
        return [question, detail]

    def handle_event(self, event: pygame.event.Event) -> bool:
        for button in (self.confirm_button, self.keep_button):
            if button.handle_event(event):
                return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.go_back()
            return True
        if self.focus.handle_key(event):
            return True
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
        self.confirm_button.draw(surface, s)
        self.keep_button.draw(surface, s)


def ask_new_match(app: Services, game: str, state_words: str, start: Callable[[], object]) -> None:
    """Ask once before a new match of ``game`` gives up the one in progress (described by
    ``state_words``); ``start`` runs when the player says yes."""
    name = i18n.tr(f"preset.{game}.name")
    question = i18n.tr("save.confirm_question", game=name)
    detail = i18n.tr("save.confirm_detail", state=state_words)
    app.stack.push(ConfirmDialog(app, question, detail, start))


class QuitDialog(Scene):
    """Asks before leaving the game: Enter (or Quit) quits, Esc (or Stay) goes back."""

    opaque = False
    title_key = "app.name"

    def __init__(self, app: Services) -> None:
        super().__init__(app)
        self.quit_button = Button("title.quit", app.quit, style="primary", size_px=26)
        self.stay_button = Button("title.stay", self.go_back, size_px=26)
        self.focus = FocusRing()
        self.box = pygame.Rect(0, 0, 0, 0)

    def relayout(self) -> None:
        s = self.app.scale
        width, height = self.app.size
        self.box = pygame.Rect(0, 0, scaled(620, s), scaled(250, s))
        self.box.center = (width // 2, height // 2)
        bw = max(
            self.quit_button.natural_width(s), self.stay_button.natural_width(s), scaled(180, s)
        )
        first, second = self.quit_button, self.stay_button
        if text.is_rtl():
            first, second = second, first
        first.rect = pygame.Rect(0, 0, bw, scaled(56, s))
        second.rect = pygame.Rect(0, 0, bw, scaled(56, s))
        first.rect.bottomright = (self.box.centerx - scaled(12, s), self.box.bottom - scaled(34, s))
        second.rect.bottomleft = (self.box.centerx + scaled(12, s), self.box.bottom - scaled(34, s))
        self.focus.set([self.quit_button, self.stay_button], 0)

    def handle_event(self, event: pygame.event.Event) -> bool:
        for button in (self.quit_button, self.stay_button):
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
        veil.fill((0, 0, 0, 140))
        surface.blit(veil, (0, 0))
        dialog(surface, self.box, s)
        question = text.render(i18n.tr("title.quit_question"), self.text_px(30), INK, bold=True)
        surface.blit(
            question, question.get_rect(center=(self.box.centerx, self.box.top + scaled(72, s)))
        )
        self.quit_button.draw(surface, s)
        self.stay_button.draw(surface, s)
