"""A portrait's face in one of the moods an AI seat shows (issue 54): calm, thinking while it
decides, pleased and dismayed. Drawn by the project's own code over the portrait's head
(:func:`game.widgets.seats.avatar`), at the portrait's drawing size, before it is scaled down.
"""

from __future__ import annotations

import math

import pygame

#: The moods a face can show (``game.table.moments.MOODS``).
MOODS = ("calm", "thinking", "pleased", "dismayed")

_INK = (46, 30, 26)
_MOUTH = (150, 62, 58)
_BLUSH = (236, 120, 120, 90)
_SWEAT = (150, 210, 250)


def _shade(colour: tuple[int, int, int], k: float) -> tuple[int, int, int]:
    r, g, b = colour
    return (int(r * k), int(g * k), int(b * k))


def draw_face(
    surface: pygame.Surface, head: pygame.Rect, mood: str, skin: tuple[int, int, int]
) -> None:
    """Eyes, brows and mouth of ``mood`` on the face in ``head`` (the face's oval)."""
    w, h = head.width, head.height
    cx = head.centerx
    eye_y = head.top + h * 0.50
    gap = w * 0.23
    line = max(2, round(w * 0.06))
    for side in (-1, 1):
        _eye(surface, (cx + side * gap, eye_y), w, mood, side, line)
        _brow(surface, (cx + side * gap, eye_y - h * 0.14), w, mood, side, line)
    _mouth(surface, (cx, head.top + h * 0.76), w, h, mood, line, skin)
    if mood == "pleased":
        for side in (-1, 1):
            blush = pygame.Rect(0, 0, w * 0.18, h * 0.08)
            blush.center = (round(cx + side * w * 0.30), round(eye_y + h * 0.15))
            patch = pygame.Surface(blush.size, pygame.SRCALPHA)
            pygame.draw.ellipse(patch, _BLUSH, patch.get_rect())
            surface.blit(patch, blush)
    if mood == "dismayed":
        drop = [
            (head.right - w * 0.06, head.top + h * 0.18),
            (head.right - w * 0.12, head.top + h * 0.34),
            (head.right, head.top + h * 0.34),
        ]
        pygame.draw.polygon(surface, _SWEAT, drop)
        pygame.draw.circle(surface, _SWEAT, (head.right - w * 0.06, head.top + h * 0.34), w * 0.06)


def _eye(
    surface: pygame.Surface, at: tuple[float, float], w: int, mood: str, side: int, line: int
) -> None:
    x, y = at
    r = w * 0.085
    if mood == "pleased":  # closed and smiling: an upturned arc
        box = pygame.Rect(0, 0, r * 2.4, r * 3.2)
        box.center = (round(x), round(y + r * 1.1))
        pygame.draw.arc(surface, _INK, box, math.radians(15), math.radians(165), line + 1)
        return
    pygame.draw.ellipse(surface, (250, 248, 240), pygame.Rect(x - r * 1.2, y - r, r * 2.4, r * 2))
    look = {"thinking": (0.45, -0.45), "dismayed": (0.0, 0.35)}.get(mood, (0.0, 0.0))
    pupil = (x + look[0] * r * side if mood != "thinking" else x + look[0] * r, y + look[1] * r)
    pygame.draw.circle(surface, _INK, pupil, r * 0.72)
    pygame.draw.circle(
        surface, (255, 255, 255), (pupil[0] - r * 0.25, pupil[1] - r * 0.25), r * 0.2
    )


def _brow(
    surface: pygame.Surface, at: tuple[float, float], w: int, mood: str, side: int, line: int
) -> None:
    x, y = at
    half = w * 0.11
    # Inner end (towards the nose) and outer end heights, by mood.
    inner, outer = {
        "thinking": (-w * 0.02, -w * 0.09) if side > 0 else (w * 0.02, w * 0.02),
        "pleased": (-w * 0.04, -w * 0.04),
        "dismayed": (-w * 0.09, w * 0.04),
    }.get(mood, (0.0, 0.0))
    start = (x - side * half, y + inner)
    end = (x + side * half, y + outer)
    pygame.draw.line(surface, _INK, start, end, line + 1)


def _mouth(
    surface: pygame.Surface,
    at: tuple[float, float],
    w: int,
    h: int,
    mood: str,
    line: int,
    skin: tuple[int, int, int],
) -> None:
    x, y = at
    if mood == "pleased":  # an open smile
        box = pygame.Rect(0, 0, w * 0.44, h * 0.22)
        box.midtop = (round(x), round(y - h * 0.07))
        pygame.draw.ellipse(surface, _MOUTH, box)
        pygame.draw.rect(surface, skin, pygame.Rect(box.left, box.top, box.width, box.height // 2))
        pygame.draw.line(surface, _shade(_MOUTH, 0.7), box.midleft, box.midright, line)
        return
    if mood == "dismayed":  # a frown
        box = pygame.Rect(0, 0, w * 0.36, h * 0.18)
        box.midtop = (round(x), round(y - h * 0.02))
        pygame.draw.arc(surface, _MOUTH, box, math.radians(20), math.radians(160), line + 2)
        return
    if mood == "thinking":  # pursed, off to one side
        mouth = pygame.Rect(x + w * 0.02, y - h * 0.02, w * 0.13, h * 0.08)
        pygame.draw.ellipse(surface, _MOUTH, mouth)
        return
    box = pygame.Rect(0, 0, w * 0.3, h * 0.12)  # calm: a small smile
    box.midbottom = (round(x), round(y + h * 0.02))
    pygame.draw.arc(surface, _MOUTH, box, math.radians(200), math.radians(340), line + 1)
