"""The app's frames: what one frame draws and in what order, and drawing only what changed.

A whole frame: the visible scenes; over a film screen (the table) post-processing grades its
table (``draw_film``) and then its panels (``draw_over``), the screens above it, the top bar,
its menus and any notice are drawn as they are. A frame whose picture did not change is not
drawn again: when every visible scene and the top bar report the same key (None: something
moves) and the last full draw is under 0.5 s old, only the film grain is put anew over the
kept graded picture (PostFX.regrain), and an unchanged frame is not flipped. Where only a few
places move (game/places.py), only they are drawn and graded again. The keys hold what input
changes (hover, focus, pressed and selected parts): input draws no whole frame (issue 54), it
only has a strip of the picture drawn anew each frame for a while, so a change no key holds
still shows within half a second. Below 2560 wide, among moving places, the strip waits for a
frame that shows neither a camera step nor a new grain band (PostFX.busy; issue 54: at 1080
the strip's pass was 0.5–1 ms of every such frame), so while a moment plays the strips go
round three to four times more slowly; a round so left unfinished is finished, a strip a
frame, before a still picture is drawn whole again. From 2560 wide a frame where the table's
camera moves (a shake's or a flash's step) shows only the kept picture through it and leaves
the moving places for the next frame (issue 54).
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

import pygame

from game import i18n
from game.places import Places, changed_places
from game.postfx import WIDE

if TYPE_CHECKING:  # pragma: no cover
    from game.postfx import PostFX
    from game.scenes.base import SceneStack
    from game.services import Screen
    from game.settings import Settings
    from game.widgets.topbar import TopBar

#: After any input one strip of the picture is drawn anew each frame for this long (see the
#: module docstring and game/places.py's BANDS).
REDRAW_AFTER_INPUT_S = 1.5
#: A still frame is drawn anew at least this often anyway (a missed change shows soon).
REDRAW_EVERY_S = 0.5
#: From this width up (the film look's 4K paths), a frame where the camera moves (a shake's or
#: a flash's step: the whole picture shown anew) leaves the moving places for the next frame,
#: which the camera holds (issue 54: at 4K the two together made the slowest frames).
HALF_RATE_WIDTH = WIDE
#: Below this width a frame with moving places that also shows a camera step or a new grain
#: band leaves its strip for a later frame (issue 54). From it a new grain band reaches a
#: quarter of the picture nearly every frame, so the strips would seldom go round and a whole
#: frame would follow each moment; covering the strips owed later cost more than it saved.
STRIP_WAITS_BELOW = WIDE


class Shell(Protocol):
    """What the presenter uses of the app (game.app.App)."""

    screen: pygame.Surface
    settings: Settings
    stack: SceneStack
    topbar: TopBar
    postfx: PostFX

    @property
    def size(self) -> tuple[int, int]: ...
    @property
    def topbar_height(self) -> int: ...
    @property
    def notices_shown(self) -> bool: ...
    def draw_notices(self, surface: pygame.Surface) -> None: ...


class FramePresenter:
    """Draws the app's frames, whole or only where they changed, and shows them."""

    def __init__(self, app: Shell) -> None:
        self.app = app
        # Still frames (see draw_if_changed): what the last drawn frame showed, when it was
        # drawn, until when input keeps strips redrawn, and whether the window needs a flip.
        self.drawn_key: object = None
        self.drawn_at = 0.0
        self.input_until = 0.0
        self.changed = True
        # Moving places (see draw_if_changed and game/places.py).
        self.places = Places()
        #: How the frame loop's frames were made: "full" (drawn and graded whole), "places"
        #: (only the moving places again), "grain" (only new grain), "none" (nothing changed),
        #: "camera" (only the kept picture through a moved camera, :meth:`camera_only`).
        self.frame_kinds: Counter[str] = Counter()
        #: Whether the last frame left its moving places for this one (:meth:`camera_only`).
        self.deferred = False

    def draw_whole(self) -> None:
        """Draw the whole frame and forget the still picture (every frame of tests)."""
        self.draw(self.app.screen)
        self.drawn_key = None
        self.changed = True

    def draw(self, surface: pygame.Surface, *, keep: bool = False) -> None:
        """Draw one whole frame (scenes, top bar, notices, post-processing); ``keep`` keeps
        the graded picture so that a still frame only gets new grain (PostFX.regrain)."""
        visible = self.app.stack.visible()
        target = self.film_area(surface)
        if target is None:
            for scene in visible:
                scene.draw(surface)
        else:
            # The film look grades the table and its cards only: the table's own panels, the
            # screens over it, the top bar, its menus and the notices come after (issue 26).
            visible[0].draw_film(surface)
            s = self.app.settings
            camera = visible[0].camera()
            self.app.postfx.apply(
                target, s.contrast, s.grain, s.temperature, keep=keep, camera=camera
            )
        self.draw_over(surface, visible, film=target is not None)

    def draw_over(self, surface: pygame.Surface, visible: list[Screen], *, film: bool) -> None:
        """What lies over the graded table: its panels, the screens above it, the notices and
        the top bar with its menus."""
        if film:
            visible[0].draw_over(surface)
            for scene in visible[1:]:
                scene.draw(surface)
        # The notices lie under the bar's open menus (issue 55: "Match saved" was drawn over
        # the language list), below the bar itself.
        if self.app.notices_shown:
            self.app.draw_notices(surface)
        self.app.topbar.draw(surface)

    def over_shown(self, visible: list[Screen]) -> bool:
        """Whether anything ungraded lies over the film area (redrawn after new grain)."""
        return (
            len(visible) > 1
            or self.app.topbar.menu is not None
            or self.app.notices_shown
            or (bool(visible) and visible[0].over_shown())
        )

    def film_area(self, surface: pygame.Surface) -> pygame.Surface | None:
        """The part of the frame the film look grades: below the top bar, on a screen that
        asks for it (the table); None on menus, whose controls stay as drawn."""
        visible = self.app.stack.visible()
        if not visible or not visible[0].film:
            return None
        top = min(max(0, int(self.app.topbar_height)), surface.get_height())
        return surface.subsurface((0, top, surface.get_width(), surface.get_height() - top))

    def motion(self) -> tuple[object, list[pygame.Rect]] | None:
        """What the visible picture depends on outside the places that move, and those places
        (screen rectangles; none when the picture is still); None when something moves that
        no rectangle holds (a scene whose ``motion`` is None, a notice on screen, an open menu
        of the top bar)."""
        if self.app.notices_shown or self.app.topbar.menu is not None:
            return None
        keys = []
        rects: list[pygame.Rect] = []
        for scene in self.app.stack.visible():
            found = scene.motion()
            if found is None:
                return None
            key, moving = found
            rects.extend(moving)
            keys.append((scene, key))
        settings = tuple(vars(self.app.settings).values())
        bar = self.app.topbar.still_key()
        return (tuple(keys), bar, self.app.size, i18n.language(), settings), rects

    def still_key(self) -> object:
        """The key of a picture where nothing moves, else None (see :meth:`motion`)."""
        motion = self.motion()
        return motion[0] if motion is not None and not motion[1] else None

    def draw_if_changed(self) -> None:
        """Draw the frame only where its picture may have changed: a still picture gets only
        new film grain over the kept graded picture (or nothing at all changes); a picture
        where only a few places move is drawn, graded and grained again in those places only
        (their rectangles of this frame and the last)."""
        motion = self.motion()
        key, moved = motion if motion is not None else (None, [])
        moving = moved
        now = time.monotonic()
        target = self.film_area(self.app.screen)
        settled = key is not None and key == self.drawn_key
        if not settled and key is not None and self.drawn_key is not None and target is not None:
            # Only parts of the picture changed (a play): their places, old and new, are
            # drawn again like moving places (game/places.py's Parts); else a whole frame.
            parts = changed_places(self.drawn_key, key)
            if parts is not None:
                film = pygame.Rect(target.get_abs_offset(), target.get_size())
                moving = moving + [r.clip(film) for r in parts]
                settled = True
        inputting = now < self.input_until
        fresh = now - self.drawn_at < REDRAW_EVERY_S
        places = self.places
        behind = places.waited  # a round of strips a moment left unfinished: finish it first
        if settled and target is not None and (fresh or moving or inputting or behind):
            s = self.app.settings
            look = (s.contrast, s.grain, s.temperature)
            visible = self.app.stack.visible()
            camera = visible[0].camera()  # the table's shake and flash (issue 54)
            dirty = places.dirty(moving, target)
            if dirty == [] and fresh and not inputting:
                regrained = self.app.postfx.regrain(target, *look, camera)
                if regrained is not None:
                    self.drawn_key = key  # parts that changed with no place: the same picture
                    self.changed = regrained
                    places.moved = []
                    self.frame_kinds["grain" if regrained else "none"] += 1
                    if regrained and self.over_shown(visible):
                        self.draw_over(self.app.screen, visible, film=True)  # new grain covered it
                    return
            elif dirty is not None:  # moving places, or input: a strip at least
                if not self.deferred and self.camera_only(camera, target, look):
                    self.changed = self.deferred = True  # the places and the key wait a frame
                    self.frame_kinds["camera"] += 1
                    return
                self.deferred = False
                painter = _Painter(self.app.screen, target, visible[0], places)
                lit, lights = self.lit_places(dirty, moving, target, look, painter)
                dirty, last = self.with_strip(dirty, camera, target, s.grain)
                rest = [r for r in dirty if all(r is not p for p in lit)]
                fresh_pixels = places.draw(self.app.screen, target, rest, visible[0].draw_film)
                changed = self.app.postfx.regrade(
                    target, fresh_pixels, rest, *look, camera, spare=True, lit=lit, painter=painter
                )  # the canvas is drawn anew where it is read: graded where it lies
                if changed is not None:  # the table under the light, there too
                    self.relight(rest, look, painter)
                if changed is not None:
                    if self.over_shown(visible):  # what lies over the table, there again
                        for rect in changed:
                            self.app.screen.set_clip(rect.move(target.get_abs_offset()))
                            self.draw_over(self.app.screen, visible, film=True)
                        self.app.screen.set_clip(None)
                    if last:  # every strip was drawn anew: as good as a whole frame
                        self.drawn_at = now
                        places.waited = False
                    self.drawn_key = key
                    places.moved, places.lights = moved, lights
                    self.changed = True
                    self.frame_kinds["places"] += 1
                    return
        self.frame_kinds["full"] += 1
        self.draw(self.app.screen, keep=key is not None)
        self.drawn_key = key
        self.drawn_at = now
        places.band, places.waited = 0, False
        places.moved, places.lights = moved, []
        self.changed = True

    def with_strip(
        self,
        dirty: list[pygame.Rect],
        camera: tuple[int, int, int],
        target: pygame.Surface,
        grain: int,
    ) -> tuple[list[pygame.Rect], bool]:
        """``dirty`` and the next strip round them, unless it waits (:meth:`strip_waits`);
        whether that strip ends the round."""
        places = self.places
        if dirty and self.strip_waits(camera, target, grain):
            places.waited = True
            return dirty, False
        band, last = places.next_band(target)
        return dirty + places.around(band, dirty), last

    def strip_waits(self, camera: tuple[int, int, int], target: pygame.Surface, grain: int) -> bool:
        """Below :data:`STRIP_WAITS_BELOW`, whether this frame with moving places leaves the
        strip for a later one: it also shows a camera step or a new grain band."""
        return target.get_width() < STRIP_WAITS_BELOW and self.app.postfx.busy(camera, grain)

    def camera_only(
        self, camera: tuple[int, int, int], target: pygame.Surface, look: tuple[int, int, int]
    ) -> bool:
        """At :data:`HALF_RATE_WIDTH` and up, when the camera moves: only the kept picture is
        shown anew through it (True); the moving places are drawn the next frame (never two
        frames running: at a low frame rate the camera may move every frame)."""
        postfx = self.app.postfx
        if target.get_width() < HALF_RATE_WIDTH or camera == postfx.camera:
            return False
        shown = postfx.regrade(target, target, [], *look, camera)
        if shown is None:
            return False
        visible = self.app.stack.visible()
        if self.over_shown(visible):  # what lies over the table, there again
            self.draw_over(self.app.screen, visible, film=True)
        return True

    def lit_places(
        self,
        dirty: list[pygame.Rect],
        moving: list[pygame.Rect],
        target: pygame.Surface,
        look: tuple[int, int, int],
        painter: _Painter,
    ) -> tuple[list[pygame.Rect], list[pygame.Rect]]:
        """Of ``dirty``, the places that hold only the scene's light (of this frame or the
        last) over a still table: shown as the kept graded table under it plus the light
        graded apart (game/film_light.py, issue 54), the table under them made ready (none
        when the look or the width cannot); and where the scene's light lies this frame."""
        postfx, places = self.app.postfx, self.places
        lighting = postfx.lighting(target, look)
        lights = painter.scene.lights() if lighting is not None else []
        if lighting is None or not (lights or places.lights):
            postfx.under.forget()  # no light: nothing to keep up to date
            return [], lights
        others = _without(moving, lights) + _without(places.moved, places.lights)
        offset_y = target.get_abs_offset()[1]
        others = [r.move(0, -offset_y) for r in others]
        lit = [place for place in dirty if place.collidelist(others) < 0]
        light = [r.move(0, -offset_y) for r in lights + places.lights]
        return postfx.under.cover(target, lit, light, look, *lighting, painter), lights

    def relight(
        self, drawn: list[pygame.Rect], look: tuple[int, int, int], painter: _Painter
    ) -> None:
        """The table was drawn anew in ``drawn``: the kept table under the light too."""
        postfx = self.app.postfx
        lighting = postfx.lighting(painter.target, look)
        if lighting is not None and postfx.under.look == look:
            postfx.under.refresh(drawn, *lighting, painter)

    def note_input(self) -> None:
        """Input arrived: a strip of the picture is drawn anew each frame for a while (what
        input changes is in the keys; this shows soon anything a key missed)."""
        self.input_until = time.monotonic() + REDRAW_AFTER_INPUT_S

    def present(self) -> None:
        """Show the frame drawn by :meth:`tick` (an unchanged frame is not sent again)."""
        if self.changed:
            pygame.display.flip()
            self.changed = False


class _Painter:
    """The scene drawn on the moving places' canvas for the table under the light
    (game/film_light.py's Painter): without its light, or the light alone."""

    def __init__(
        self, screen: pygame.Surface, target: pygame.Surface, scene: Screen, places: Places
    ) -> None:
        self.screen, self.target, self.scene, self.places = screen, target, scene, places

    def under(self, rects: list[pygame.Rect]) -> pygame.Surface:
        return self.places.draw(self.screen, self.target, rects, self.scene.draw_under)

    def light(
        self,
        rects: list[pygame.Rect],
        tone: Callable[[pygame.Surface], pygame.Surface],
        onto: pygame.Surface,
    ) -> None:
        whole, offset = onto.get_parent(), onto.get_offset()
        for rect in rects:
            whole.set_clip(rect.move(offset))
            self.scene.draw_light(whole, tone)
        whole.set_clip(None)


def _without(rects: list[pygame.Rect], taken: list[pygame.Rect]) -> list[pygame.Rect]:
    """``rects`` less one of each of ``taken`` (equal rectangles counted apart)."""
    left = list(rects)
    for rect in taken:
        if rect in left:
            left.remove(rect)
    return left
