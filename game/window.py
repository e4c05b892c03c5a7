"""The game's window: the display opened, the window at its size or full screen, never
smaller than MIN_WINDOW, and the scale of the layouts in it.

Choices where the spec is silent:
- Without any display device, an unattended run (``--frames``) falls back to SDL's off-screen
  driver; an interactive start raises ``pygame.error``, and ``game.launch.main`` prints why the
  window could not open and exits 1.
- The scale factor is ``min(height / 1080, width / 1920)``: layouts are designed at 1920×1080
  and a narrow window shrinks them rather than cutting them off (the table picks its own
  arrangement per size: game/scenes/table/layout.py). The window is at least MIN_WINDOW
  (800×600): ``--windowed`` below it is raised with a message, and a resize is held there.
"""

from __future__ import annotations

import logging
import os
import warnings
from collections.abc import Callable

import pygame

from game import i18n
from game.startup import MIN_WINDOW, at_least_minimum, window_icon

log = logging.getLogger(__name__)

#: Reference layout size; the scale is 1.0 there.
REFERENCE = (1920, 1080)


def layout_scale(size: tuple[int, int]) -> float:
    """The layouts' scale in a window of ``size`` (1.0 at REFERENCE)."""
    width, height = size
    return min(height / REFERENCE[1], width / REFERENCE[0])


def init_display(unattended: bool) -> None:
    """Start the display, the fonts, the window's caption and icon. Without a display SDL
    falls back to its invisible off-screen driver: a person would get a game nobody can see,
    so that raises ``pygame.error`` unless the run is ``unattended`` (or asked for it)."""
    pygame.display.init()
    if (
        pygame.display.get_driver() == "offscreen"
        and not unattended
        and os.environ.get("SDL_VIDEODRIVER") != "offscreen"
    ):
        pygame.display.quit()
        raise pygame.error("no display found (SDL chose its off-screen driver)")
    pygame.font.init()
    pygame.display.set_caption(i18n.tr("app.name"))
    pygame.display.set_icon(window_icon())


def open_window(fullscreen: bool, windowed_size: tuple[int, int]) -> pygame.Surface:
    """The window: full screen at the desktop size, or resizable at ``windowed_size``."""
    if fullscreen:
        return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
    screen = pygame.display.set_mode(windowed_size, pygame.RESIZABLE)
    try:  # the window manager stops a resize at the smallest arrangement
        with warnings.catch_warnings():  # (deprecated for drawing, not for this)
            warnings.simplefilter("ignore", DeprecationWarning)
            pygame.Window.from_display_module().minimum_size = MIN_WINDOW
    except (AttributeError, pygame.error) as error:
        log.info("no minimum window size: %s", error)
    return screen


def first_window(opener: Callable[[], pygame.Surface], unattended: bool) -> pygame.Surface:
    """The first window ``opener`` opens; with no display at all an ``unattended`` run (not
    already on the dummy driver) goes on off-screen, anything else raises ``pygame.error``."""
    try:
        return opener()
    except pygame.error as error:
        if not unattended or os.environ.get("SDL_VIDEODRIVER") == "dummy":
            raise
        log.warning("no display (%s): running off-screen", error)
        pygame.display.quit()
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        pygame.display.init()
        return opener()


def resized_surface(fullscreen: bool) -> pygame.Surface | None:
    """The display's surface after a resize, a window held at MIN_WINDOW at the least (None:
    no surface)."""
    surface = pygame.display.get_surface()
    if surface is not None and not fullscreen:
        clamped = at_least_minimum(surface.get_size())
        if clamped != surface.get_size():  # resized below the smallest arrangement
            surface = pygame.display.set_mode(clamped, pygame.RESIZABLE)
    return surface
