"""The camera of the table's effects over the film look's finished frame (issue 54: a shake
and a flash of light), split from game/postfx.py.

It moves and lights the finished frame (graded and grained): while it is off rest the finished
frame at rest is kept (:attr:`FilmCamera.finished`), moving places go into it as they would go
on screen, and the screen shows it shifted (the strips uncovered keep it at rest) and lit by an
added fill. A camera step is then one copy and one fill: the grain moves with the picture and
holds its pattern until the camera is back at rest (a shake lasts under a second), and the
flash is not graded. The finished frame is made with the kept graded picture
(:meth:`FilmCamera.ready`), not at a shake's first step: made there, with its fresh pages
touched by the first copy, it took 2–10 ms at 1080 and 18 ms at 4K in the middle of a moment.
"""

from __future__ import annotations

import pygame

#: The camera of a frame: its shift (dx, dy) in pixels and the light added (0–255).
Camera = tuple[int, int, int]
#: The camera at rest.
REST: Camera = (0, 0, 0)


class FilmCamera:
    """The camera the frame on screen was shown with (:attr:`shown`) and the finished frame at
    rest it shows while off rest (:attr:`finished`)."""

    def __init__(self) -> None:
        self.shown: Camera = REST
        self.finished: pygame.Surface | None = None

    def ready(self, frame: pygame.Surface) -> None:
        """Make the finished frame for ``frame``'s size now (a picture is kept: a shake may
        follow), once per size."""
        finished = self.finished
        if finished is None or finished.get_size() != frame.get_size():
            self.finished = pygame.Surface(frame.get_size(), 0, frame)
            self.finished.fill((0, 0, 0))  # its pages touched now, not at the first step

    def hold(self, frame: pygame.Surface) -> None:
        """The camera leaves rest: the screen, the finished frame at rest, is kept."""
        self.ready(frame)
        assert self.finished is not None
        self.finished.blit(frame, (0, 0))

    def aim(self, frame: pygame.Surface, camera: Camera) -> None:
        """The camera moves to ``camera``: the whole finished frame shown through it."""
        self.shown = camera
        if camera == REST:
            assert self.finished is not None
            frame.blit(self.finished, (0, 0))
        else:
            self.through(frame, [frame.get_rect()])

    def through(self, frame: pygame.Surface, parts: list[pygame.Rect]) -> list[pygame.Rect]:
        """The screen where ``parts`` of the finished frame at rest show through the camera,
        drawn anew (shifted, the uncovered strips at rest, lit); those areas of ``frame``."""
        dx, dy, light = self.shown
        if self.shown == REST or self.finished is None:
            return parts
        finished = self.finished
        screen = frame.get_rect()
        shown = [part.union(part.move(dx, dy)).clip(screen) for part in parts]
        width, height = frame.get_size()
        strips = (  # the strips the shift uncovers keep the picture at rest
            pygame.Rect(0 if dx > 0 else width + dx, 0, abs(dx), height),
            pygame.Rect(0, 0 if dy > 0 else height + dy, width, abs(dy)),
        )
        for area in shown:
            frame.set_clip(area)
            frame.blit(finished, (dx, dy))
            for strip in strips:
                if strip.width and strip.height:
                    frame.blit(finished, strip, strip)
            if light > 0:
                frame.fill(_light_colour(light), area, pygame.BLEND_RGB_ADD)
        frame.set_clip(None)
        return shown


def _light_colour(light: int) -> tuple[int, int, int]:
    """What a flash of ``light`` adds to each channel (a warm white)."""
    return (light, light, int(light * 0.85))
