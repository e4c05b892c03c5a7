"""The player's input at the table: clicks and keys, on the table and on its overlays (a part
of :class:`TableScene`; the keys are listed in the package docstring)."""

from __future__ import annotations

import pygame

from game import text
from game.scenes.table.bar import RESULT_KEYS
from game.scenes.table.house import OVERLAY as HOUSE


class TableInput:
    """How the scene takes the player's events."""

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.VIDEORESIZE:
            return False
        self._track_keys(event)
        handled = self.lesson_handle(event)
        if handled is not None:
            return handled
        if self._skip_ceremony(event):
            return True
        if self.overlay == "result" and self.result_guarded(event):
            return True  # a moment after it opens, and a key held since, do nothing
        if self.overlay == "result" and self.result_panel.celebrating:
            if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
                self.result_panel.skip()  # any key or click: straight to the final panel
                return True
        if self.overlay is not None:
            for button in self.overlay_buttons:
                if button.handle_event(event):
                    return True
            if event.type == pygame.KEYDOWN:
                return self._overlay_key(event)
            # An overlay is modal: clicks elsewhere do nothing (the last trick closes).
            if event.type == pygame.MOUSEBUTTONUP and self.overlay in ("last_trick", HOUSE):
                self._close_overlay()
            return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
        for button in self.buttons:
            if button.handle_event(event):
                return True
        if self.can_act() and self.hand.handle_event(event):
            self.show_focus = False
            self.notice = None
            return True
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        return False

    def _overlay_key(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_r and self.overlay == HOUSE:
            self._toggle_house()
            return True
        if event.key == pygame.K_ESCAPE:
            if self.overlay in ("chooser", "last_trick", HOUSE):
                self._close_overlay()
                return True
            return False
        if self.overlay == "chooser":
            number = event.key - pygame.K_1
            if 0 <= number < len(self.chooser):
                self._do(self.chooser[number])
                return True
        if self.overlay == "result" and event.key in RESULT_KEYS:
            if self.frame.match_over and self.lesson is None:
                self._new_match()
            else:
                self._next_deal()
            return True
        if self.overlay == "last_trick" and event.key in (pygame.K_l, pygame.K_RETURN):
            self._close_overlay()
            return True
        return False

    def _key(self, event: pygame.event.Event) -> bool:
        key = event.key
        rtl = text.is_rtl()
        human = self.can_act()
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            step = -1 if key == pygame.K_LEFT else 1
            self.hand.move_focus(-step if rtl else step)
            self.show_focus = True
            return True
        if key == pygame.K_SPACE and human:
            self.hand.toggle_focus()
            self.show_focus = True
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER) and human:
            self._primary()
            return True
        if key == pygame.K_p and human:
            self._pass()
            return True
        if key == pygame.K_h and human:
            self._hint()
            return True
        if key == pygame.K_s:
            self._resort()
            return True
        if key == pygame.K_c:
            self._toggle_counter()
            return True
        if key == pygame.K_r and self.controller.options:
            self._toggle_house()
            return True
        if key == pygame.K_u or (key == pygame.K_z and event.mod & pygame.KMOD_CTRL):
            self._undo()
            return True
        if key == pygame.K_l and self.view.has_last_trick:
            self._toggle_last_trick()
            return True
        return False
