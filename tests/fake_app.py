"""A small stand-in for the app that scenes can be tested with: every part of the
:class:`game.services.Services` protocol, no window, no top bar, silent unless given a sound."""

from __future__ import annotations

from typing import Any

from game.audio import Audio
from game.history import db
from game.scenes.base import SceneStack
from game.settings import Settings
from game.widgets.topbar_parts import bar_height


class DirectHistory:
    """The deal-end service for tests: records each finished deal at once, on the calling
    thread (the app's own is :class:`game.history.writer.HistoryWriter`, with its thread)."""

    def __init__(self) -> None:
        self.rows: list[Any] = []

    def record(self, row: Any) -> None:
        self.rows.append(row)
        db.record_deal(row)


class FakeApp:
    """The app as a scene sees it: settings, a scene stack, a silent audio, a window size."""

    def __init__(
        self,
        size: tuple[int, int] = (1920, 1080),
        *,
        settings: Settings | None = None,
        audio: Audio | None = None,
        autoplay: bool = False,
        seed: int | None = None,
    ) -> None:
        self.stack = SceneStack()
        # Effects off (issue 54): the table exactly as before them, as the older tests expect.
        self.settings = settings or Settings(ai_delay_ms=0, animation_speed=100, effects="off")
        self.audio = audio or Audio()  # never started: silent
        self.history = DirectHistory()
        self.presets: dict[str, Any] = {}
        self.autoplay = autoplay
        self.seed = seed
        self.quit_when_done = False
        self.fullscreen = False
        self.size = size
        self.quits = 0
        self.toasts: list[tuple[str, dict[str, object]]] = []

    @property
    def scale(self) -> float:
        return min(self.size[0] / 1920, self.size[1] / 1080)

    @property
    def topbar_height(self) -> int:
        return bar_height(self.size, self.scale)

    @property
    def menu_open(self) -> bool:
        return False

    def anim_factor(self) -> float:
        return self.settings.animation_factor()

    def set_setting(self, name: str, value: object) -> None:
        setattr(self.settings, name, value)

    def set_language(self, code: str) -> None:
        from game import i18n

        i18n.set_language(code)
        self.stack.relayout()

    def toggle_fullscreen(self) -> None:
        self.fullscreen = not self.fullscreen

    def toast(self, key: str, **params: object) -> None:
        self.toasts.append((key, params))

    def quit(self) -> None:
        self.quits += 1
