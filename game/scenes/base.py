"""The scene stack: every screen is a :class:`Scene`; the app keeps them on a :class:`SceneStack`.

Life cycle: ``enter()`` when a scene becomes the top (pushed, or uncovered by a pop),
``leave()`` when it stops being the top (covered, popped or replaced). Only the top scene gets
events and ``update(dt)`` (a fixed step, see :mod:`game.app`); ``draw`` runs for the top scene
and, when it is not ``opaque``, for the scenes under it down to the first opaque one (so a
dialog can dim the screen behind it). ``relayout()`` runs on every scene in the stack when the
window size, the scale or the language changes, so the next frame is laid out anew.

A scene reaches everything through ``self.app``, typed as :class:`game.services.Services`
(``app.settings``, ``app.size``, ``app.scale`` (1.0 at 1920×1080), ``app.stack``,
``app.autoplay``, ``app.seed``, ``app.anim_factor()``, ``app.toast(key)``, ``app.quit()`` …):
scenes never import the app.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, ClassVar, TypeVar

import pygame

from game.widgets.common import min_text, scaled
from game.widgets.sheet import Sheet, SheetStyle

if TYPE_CHECKING:  # pragma: no cover
    from game.services import Screen, Services
    from game.widgets.common import Button


#: The kind of scene :meth:`SceneStack.find` looks for.
Found = TypeVar("Found")
#: A scene :meth:`SceneStack.push` puts on top (and hands back).
Pushed = TypeVar("Pushed", bound="Screen")


class Scene:
    """One screen. Subclasses override what they need; every hook has a harmless default."""

    #: An opaque scene covers the whole window, so scenes under it are not drawn.
    opaque: bool = True
    #: Locale key of the screen's name, shown in the top bar.
    title_key: str = "app.name"
    #: Music while this screen is up (a key of ``game.audio.MUSIC``); None: that of the screen
    #: under it.
    music: str | None = None
    #: The film look (contrast, grain, temperature) grades this screen; menus stay untouched.
    film: bool = False

    def __init__(self, app: Services) -> None:
        self.app = app

    def enter(self) -> None:
        """Became the top scene (pushed, or the scene above it went away)."""

    def leave(self) -> None:
        """Stopped being the top scene (covered, popped or replaced)."""

    def handle_event(self, event: pygame.event.Event) -> bool:
        """React to one event; True when it was used (then nothing else sees it)."""
        return False

    def update(self, dt: float) -> None:
        """Advance by one fixed step of ``dt`` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the scene onto the whole ``surface`` (the window's frame)."""

    def still_key(self) -> object:
        """None while anything on this screen moves (the default: drawn every frame). A
        screen that can tell returns a value naming what its picture shows while still; the
        app draws it again only when that value changes (or on input)."""
        return None

    def motion(self) -> tuple[object, list[pygame.Rect]] | None:
        """What the picture shows outside the places that move, and those places (screen
        rectangles); None while something moves that no rectangle holds. The default: the
        picture is still when :meth:`still_key` says so, and nothing moves in it."""
        key = self.still_key()
        return None if key is None else (key, [])

    # The film look (``film``): the app grades what draw_film draws, then draws over it.
    def draw_film(self, surface: pygame.Surface) -> None:
        """What the film look grades (the default: the whole screen)."""
        self.draw(surface)

    def draw_under(self, surface: pygame.Surface) -> None:
        """:meth:`draw_film` without the moving places that are only added light (issue 54,
        game/film_light.py; the default: there are none)."""
        self.draw_film(surface)

    def draw_light(
        self, surface: pygame.Surface, tone: Callable[[pygame.Surface], pygame.Surface]
    ) -> None:
        """Only the light :meth:`draw_under` leaves out, each sprite of it added through
        ``tone`` (the default: none)."""

    def lights(self) -> list[pygame.Rect]:
        """The moving places (of :meth:`motion`) that hold only added light over a still
        picture (the default: none)."""
        return []

    def draw_over(self, surface: pygame.Surface) -> None:
        """What lies over the graded picture, drawn as it is (the default: nothing)."""

    def over_shown(self) -> bool:
        """Whether :meth:`draw_over` draws anything now (redrawn after new grain)."""
        return False

    def camera(self) -> tuple[int, int, int]:
        """How the film look's camera moves the graded picture now: its shift (dx, dy) and
        the light added (issue 54: the table's shake and flash); at rest by default."""
        return (0, 0, 0)

    def relayout(self) -> None:
        """The window size, the scale or the language changed: recompute layout and text."""

    def text_px(self, value: float) -> int:
        """A text size given at the 1920×1080 reference, in pixels for this window, never below
        its smallest text (12 px below 1280×720, 14 px from there; issue 40)."""
        return max(min_text(self.app.size), scaled(value, self.app.scale))

    def go_back(self) -> None:
        """What Esc and the top bar's back button do: leave this screen by default."""
        self.app.stack.pop()

    @property
    def can_go_back(self) -> bool:
        """Whether a back button makes sense (something is under this scene)."""
        return len(self.app.stack) > 1


class PageScene(Scene):
    """A screen on one page of the felt (About, House rules, History, Statistics): the page is
    laid out and drawn first, the subclass adds its content; its ``buttons()`` see events first."""

    #: Size and look of the page.
    sheet_style: ClassVar[SheetStyle]

    def __init__(self, app: Services) -> None:
        super().__init__(app)
        self.sheet = Sheet(self.sheet_style)

    def buttons(self) -> list[Button]:
        """The buttons on the page now, in focus order."""
        return []

    def handle_event(self, event: pygame.event.Event) -> bool:
        return any(button.handle_event(event) for button in self.buttons())

    def relayout(self) -> None:
        self.sheet.layout(self.app.size, self.app.scale, self.app.topbar_height)

    def draw(self, surface: pygame.Surface) -> None:
        self.sheet.draw(surface, self.app.scale, self.app.settings.felt)


class SceneStack:
    """A stack of scenes; the last one is on top (the app's :class:`game.services.Stack`)."""

    def __init__(self) -> None:
        self._scenes: list[Screen] = []

    def __len__(self) -> int:
        return len(self._scenes)

    def __iter__(self) -> Iterator[Screen]:
        """The scenes, bottom first."""
        return iter(list(self._scenes))

    @property
    def top(self) -> Screen | None:
        return self._scenes[-1] if self._scenes else None

    def push(self, scene: Pushed) -> Pushed:
        """Put ``scene`` on top; the old top leaves, the new one enters."""
        if self._scenes:
            self._scenes[-1].leave()
        self._scenes.append(scene)
        scene.relayout()
        scene.enter()
        return scene

    def pop(self) -> Screen | None:
        """Remove the top scene (it leaves); the one under it enters again."""
        if not self._scenes:
            return None
        scene = self._scenes.pop()
        scene.leave()
        if self._scenes:
            self._scenes[-1].enter()
        return scene

    def replace(self, scene: Screen) -> Screen:
        """Swap the top scene for ``scene``."""
        if self._scenes:
            self._scenes.pop().leave()
        self._scenes.append(scene)
        scene.relayout()
        scene.enter()
        return scene

    def clear(self) -> None:
        """Pop every scene (each leaves), top first."""
        while self._scenes:
            self._scenes.pop().leave()

    def find(self, kind: type[Found]) -> Found | None:
        """The topmost scene of class ``kind``, if any."""
        for scene in reversed(self._scenes):
            if isinstance(scene, kind):
                return scene
        return None

    def pop_to(self, scene: Screen) -> None:
        """Pop until ``scene`` is on top (it must be in the stack)."""
        while self._scenes and self._scenes[-1] is not scene:
            self.pop()

    def handle_event(self, event: pygame.event.Event) -> bool:
        top = self.top
        return top.handle_event(event) if top is not None else False

    def update(self, dt: float) -> None:
        top = self.top
        if top is not None:
            top.update(dt)

    def visible(self) -> list[Screen]:
        """The scenes drawn this frame, bottom first: from the topmost opaque one up."""
        start = 0
        for index in range(len(self._scenes) - 1, -1, -1):
            if self._scenes[index].opaque:
                start = index
                break
        return self._scenes[start:]

    def draw(self, surface: pygame.Surface) -> None:
        for scene in self.visible():
            scene.draw(surface)

    def relayout(self) -> None:
        for scene in list(self._scenes):
            scene.relayout()
