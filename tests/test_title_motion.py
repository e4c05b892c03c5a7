"""The title's gentle motion (issue 32, part 4): the fans open and breathe, the light sweeps
the wordmark and rests, and the pictures are made once."""

from __future__ import annotations

import pygame
import pytest

from game.widgets import title_art


@pytest.fixture(autouse=True)
def _pygame():
    pygame.init()


def test_the_fans_open_then_breathe_a_little():
    opened = title_art.OPEN_DELAY + title_art.OPEN_TIME
    assert title_art.fan_step(0.0) is None  # the first frames: no fans yet
    assert title_art.fan_step(title_art.OPEN_DELAY) == 0
    assert title_art.fan_step(opened) == title_art.STEPS
    steps = [title_art.fan_step(opened + t / 10) for t in range(100)]
    lowest = round((1 - title_art.BREATH_DEPTH) * title_art.STEPS)
    assert None not in steps
    assert (
        min(s for s in steps if s is not None) == lowest
        and max(s for s in steps if s is not None) == title_art.STEPS
    )


def test_a_fan_is_drawn_once_per_spread_and_size():
    fan = title_art.deck_fan(8, 90, False, False)
    assert title_art.deck_fan(8, 90, False, False) is fan
    wider = title_art.deck_fan(title_art.STEPS, 90, False, False)
    assert wider.get_width() > title_art.deck_fan(0, 90, False, False).get_width()


def test_the_light_falls_on_the_letters_only_and_then_rests():
    word = pygame.Surface((200, 60), pygame.SRCALPHA)
    pygame.draw.rect(word, (200, 160, 80, 255), pygame.Rect(80, 10, 40, 40))  # one "letter"
    shimmer = title_art.Shimmer(word)
    half = title_art.SHIMMER_TIME / 2

    def frame(time: float) -> pygame.Surface:
        surface = pygame.Surface((200, 60))
        surface.fill((20, 60, 40))
        shimmer.draw(surface, (0, 0), time)
        return surface

    lit = frame(half * (100 + 30) / (200 + 60))  # the band's middle over the letter
    assert lit.get_at((100, 30)) != pygame.Color(20, 60, 40)
    assert lit.get_at((100, 5)) == pygame.Color(20, 60, 40)  # no letter there: untouched
    rest = frame(half * 1.5)
    assert rest.get_at((100, 30)) == pygame.Color(20, 60, 40)
