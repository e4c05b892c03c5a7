"""What scenes and widgets may ask of the app: small typed protocols, so they never import it.

:class:`game.app.App` provides :class:`Services`; :class:`game.scenes.base.SceneStack` provides
:class:`Stack` and every :class:`game.scenes.base.Scene` is a :class:`Screen`. Scenes and
widgets are handed a ``Services`` and type against it, which keeps the imports one way: the app
imports the scenes and the top bar, never the reverse. A part that needs only the settings types
its ``app`` as :class:`SettingsReader` (or :class:`SettingsKeeper` when it changes one), so
what it may ask of the app is written where it is made.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

if TYPE_CHECKING:  # pragma: no cover
    import pygame

    from game.audio import Audio
    from game.settings import Settings
    from game.table.summary import DealRow


@runtime_checkable
class Screen(Protocol):
    """One screen on the stack (a :class:`game.scenes.base.Scene`)."""

    #: An opaque screen covers the window, so screens under it are not drawn.
    opaque: bool

    #: The film look grades this screen (what draw_film draws; draw_over goes over it).
    film: bool

    @property
    def title_key(self) -> str:
        """Locale key of the screen's name, shown in the top bar (read-only here, so a screen
        may work it out)."""
        ...

    @property
    def music(self) -> str | None:
        """The music loop while it is the topmost screen that names one (game.audio), or None
        (read-only here, so a screen that always plays one may say ``str``)."""
        ...

    def enter(self) -> None: ...

    def leave(self) -> None: ...

    def handle_event(self, event: pygame.event.Event) -> bool: ...

    def update(self, dt: float) -> None: ...

    def draw(self, surface: pygame.Surface) -> None: ...

    def draw_film(self, surface: pygame.Surface) -> None: ...

    def draw_under(self, surface: pygame.Surface) -> None: ...

    def draw_light(
        self, surface: pygame.Surface, tone: Callable[[pygame.Surface], pygame.Surface]
    ) -> None: ...

    def lights(self) -> list[pygame.Rect]: ...

    def draw_over(self, surface: pygame.Surface) -> None: ...

    def over_shown(self) -> bool: ...

    def camera(self) -> tuple[int, int, int]: ...

    def motion(self) -> tuple[object, list[pygame.Rect]] | None: ...

    def relayout(self) -> None: ...

    def go_back(self) -> None: ...

    @property
    def can_go_back(self) -> bool: ...


@runtime_checkable
class Stack(Protocol):
    """The screens as scenes and widgets use them (a :class:`game.scenes.base.SceneStack`)."""

    @property
    def top(self) -> Screen | None: ...

    def __len__(self) -> int: ...

    def push(self, scene: Screen) -> Screen: ...

    def pop(self) -> Screen | None: ...


@runtime_checkable
class DealRecorder(Protocol):
    """The deal-end service (:class:`game.history.writer.HistoryWriter`): the table hands it
    each finished deal; it records the deal in the history off the frame loop."""

    def record(self, row: DealRow) -> None: ...


@runtime_checkable
class SettingsReader(Protocol):
    """The app as a part that only reads the settings sees it (issue 53: a part receives what
    it uses, not the whole app)."""

    @property
    def settings(self) -> Settings: ...


@runtime_checkable
class SettingsKeeper(SettingsReader, Protocol):
    """The app as a part that reads the settings and changes one sees it."""

    def set_setting(self, name: str, value: object) -> None: ...


@runtime_checkable
class Services(Protocol):
    """The app as scenes and widgets see it (method names as the scenes already call them)."""

    settings: Settings
    #: Sound effects and music (the table plays its events through it).
    audio: Audio
    autoplay: bool
    seed: int | None
    #: With --autoplay the table quits the game once the match is over.
    quit_when_done: bool
    fullscreen: bool

    # Read-only to the scenes, so the app's own richer types (its SceneStack, its presets'
    # dict, its HistoryWriter) satisfy them.
    @property
    def stack(self) -> Stack: ...

    @property
    # Any: game.presets.Preset, a floor above this protocol (which it may not import)
    def presets(self) -> Mapping[str, Any]:
        """The presets (:class:`game.presets.Preset`) by id, in title-screen order."""
        ...

    @property
    def history(self) -> DealRecorder:
        """Where the table hands each finished deal (the history's writer)."""
        ...

    @property
    def size(self) -> tuple[int, int]: ...

    @property
    def scale(self) -> float: ...

    @property
    def topbar_height(self) -> int: ...

    @property
    def menu_open(self) -> bool:
        """Whether a top-bar menu is open (the table's AI waits meanwhile)."""
        ...

    def anim_factor(self) -> float: ...

    def set_setting(self, name: str, value: object) -> None: ...

    def set_language(self, code: str) -> None: ...

    def toggle_fullscreen(self) -> None: ...

    def toast(self, key: str, **params: object) -> None: ...

    def quit(self) -> None: ...
