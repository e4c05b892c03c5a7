"""Issue 40: a seat plate's AI chip is sized from its shaped words (never squeezed) and the
name, the chip and the fan of backs never touch, in Persian, Arabic, Hungarian, Chinese and
English, at the plate sizes of a 1920×1080 and an 800×600 window."""

from __future__ import annotations

import itertools

import pygame
import pytest

from game import i18n, text
from game.widgets import seats
from game.widgets.common import INK

#: (column width, column height, name px, chip px, smallest px, card height, gap): a seat
#: plate's text column as the table lays it out at 1920×1080 and at 800×600.
PLATES = {
    "1920x1080": (184, 124, 26, 17, 14, 36, 10),
    "800x600": (102, 69, 14, 12, 12, 20, 6),
}


@pytest.fixture(autouse=True)
def _lang():
    pygame.init()
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("size", list(PLATES))
@pytest.mark.parametrize("lang", ["fa", "ar", "hu", "zh", "en"])
@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
@pytest.mark.parametrize("seat", ["left", "right", "partner"])
def test_the_ai_chip_fits_its_words_and_touches_nothing(lang, size, level, seat):
    i18n.set_language(lang)
    width, height, name_px, chip_px, floor_px, card_h, gap = PLATES[size]
    column = pygame.Rect(600, 100, width, height)
    said = i18n.tr(f"ai.level.{level}")
    words = i18n.tr("table.ai_level_badge", level=said)
    name = i18n.tr(f"table.seat_{seat}")
    name_size = text.size(name, name_px, bold=True)
    fan = seats.hand_fan(27, card_h, "classic").get_size()
    rows, chip = seats.seat_plate(
        column,
        name_size,
        (words, said),
        fan,
        px=chip_px,
        floor_px=floor_px,
        gap=gap,
        rtl=text.is_rtl(),
        ink=INK,
    )
    assert chip is not None and rows.chip is not None and rows.chip.size == chip.get_size()
    # Never squeezed: the chip holds its words (or the level alone) at no less than the floor.
    narrowest = min(text.size(w, floor_px, bold=True)[0] for w in (words, said))
    assert chip.get_width() >= narrowest + 8
    assert chip.get_width() <= column.width
    parts = {"name": rows.name, "chip": rows.chip, "fan": rows.fan}
    assert rows.chip is not None
    for part, rect in parts.items():
        assert column.contains(rect), (part, rect, column)
    for (a, ra), (b, rb) in itertools.combinations(parts.items(), 2):
        assert not ra.colliderect(rb), (a, ra, b, rb)
    assert rows.fan.height >= card_h * 3 // 4  # the fan keeps three quarters of a card


def test_a_chip_shrinks_its_text_before_it_gives_up_words():
    sizes = [seats.chip_text_px(lambda p: 10 * p, 17, 12, room, 4) for room in (300, 150, 100)]
    assert sizes == [17, 14, 12]  # 10 px per px of text: fits 17, then 14, then the floor
