"""The top bar's input: mouse (buttons, sliders, a click on a slider's track, the wheel) and
keyboard (F10 opens the Game menu, Tab and arrows between controls, Enter, Esc); see
game.widgets.topbar."""

from __future__ import annotations

import pygame
import pygame_gui

from game import text
from game.widgets.topbar_parts import Bar


def handle_event(bar: Bar, event: pygame.event.Event) -> bool:
    """True when the bar used the event (the scene then does not see it)."""
    if event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED:
        for name, slider in bar.sliders.items():
            if event.ui_element is slider:
                bar.app.set_setting(name, int(round(slider.get_current_value())))
                return True
        return False
    if event.type == pygame.KEYDOWN:
        return handle_key(bar, event)
    if event.type == pygame.MOUSEWHEEL:
        mouse = pygame.mouse.get_pos()
        for control in bar.all_controls() + bar.controls:
            if control.setting is not None and control.rect.inflate(8, 16).collidepoint(mouse):
                direction = 1 if event.y > 0 else -1
                bar.adjust(control, direction)  # up is more, in any direction of writing
                return True
        return bar.menu is not None and bar.menu_rect.collidepoint(mouse)
    if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
        if jump_slider(bar, event.pos):
            return True
    if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        used = bar.manager.process_events(event)
        for control in bar.controls + bar.menu_controls:
            if control.button is not None and control.button.handle_event(event):
                return True
        if event.type == pygame.MOUSEMOTION:
            return False
        inside = bar.rect.collidepoint(event.pos) or (
            bar.menu is not None and bar.menu_rect.collidepoint(event.pos)
        )
        if bar.menu is not None and not inside and event.type == pygame.MOUSEBUTTONDOWN:
            # A click outside an open menu closes it and is not passed on.
            bar.close_menu()
            return True
        return used or inside
    bar.manager.process_events(event)
    return False


def jump_slider(bar: Bar, pos: tuple[int, int]) -> bool:
    """A click on a slider's track (not its knob) sets the value under the pointer."""
    for control in bar.all_controls() + bar.controls:
        slider = bar.sliders.get(control.name)
        if slider is None or control.setting is None or not control.rect.collidepoint(pos):
            continue
        if slider.sliding_button is not None and slider.sliding_button.rect.collidepoint(pos):
            return False
        fraction = (pos[0] - control.rect.left) / max(1, control.rect.width)
        if text.is_rtl():
            fraction = 1.0 - fraction
        value = control.low + fraction * (control.high - control.low)
        value = round(value / control.step) * control.step
        bar.app.set_setting(control.setting, max(control.low, min(control.high, int(value))))
        bar.sync_values()
        return True
    return False


def open_by_key(bar: Bar) -> None:
    """F10: the Game menu (the settings) opens with the keyboard on its first control."""
    bar.focus = next((i for i, c in enumerate(bar.controls) if c.name == "game"), 0)
    bar.open_menu("game")
    bar.menu_by_key = True
    bar.menu_focus = 0
    bar.sync_focus()


def leave(bar: Bar) -> None:
    """The keyboard goes back to the screen: any menu closes and the bar loses its focus."""
    bar.close_menu()
    bar.menu_by_key = False
    bar.focus = None
    bar.sync_focus()


def to_menu_button(bar: Bar) -> None:
    """Up from a menu's first row: the menu closes and its button on the bar has the focus."""
    name = bar.menu
    bar.close_menu()
    bar.menu_by_key = False
    bar.focus = next((i for i, c in enumerate(bar.controls) if c.name == name), 0)
    bar.sync_focus()


def handle_key(bar: Bar, event: pygame.event.Event) -> bool:
    key = event.key
    if key == pygame.K_F10:
        if bar.has_focus:
            leave(bar)
        else:
            open_by_key(bar)
        return True
    if not bar.has_focus:
        return False
    rtl = text.is_rtl()
    forward = pygame.K_LEFT if rtl else pygame.K_RIGHT
    backward = pygame.K_RIGHT if rtl else pygame.K_LEFT
    controls = bar.all_controls()
    in_menu = bar.menu is not None
    index = bar.menu_focus if in_menu else (bar.focus or 0)
    if not controls:
        return True
    index = min(index, len(controls) - 1)
    current = controls[index]
    move = 0
    if key == pygame.K_ESCAPE:
        if in_menu and not bar.menu_by_key:
            bar.close_menu()  # back to the menu's button on the bar
            bar.sync_focus()
        else:
            leave(bar)  # a menu F10 opened closes at once, back to the screen
        return True
    if in_menu and key == pygame.K_UP and index == 0:
        to_menu_button(bar)
        return True
    if key == pygame.K_TAB:
        move = -1 if event.mod & pygame.KMOD_SHIFT else 1
    elif (
        current.setting is not None
        and key in (forward, backward, pygame.K_UP, pygame.K_DOWN)
        and not (in_menu and key in (pygame.K_UP, pygame.K_DOWN))
    ):
        bar.adjust(current, 1 if key in (forward, pygame.K_UP) else -1)
        return True
    elif key in (forward, pygame.K_DOWN if in_menu else None):
        move = 1
    elif key in (backward, pygame.K_UP if in_menu else None):
        move = -1
    elif key == pygame.K_DOWN and current.name in ("language", "game"):
        bar.open_menu(current.name)
        bar.menu_by_key = False
        return True
    elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
        if current.button is not None:
            current.button.activate()
        return True
    if move:
        index = (index + move) % len(controls)
        if in_menu:
            bar.menu_focus = index
        else:
            bar.focus = index
        bar.sync_focus()
    return True
