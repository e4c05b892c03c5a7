"""Card feel (issue 54): the hand's springs, hover lift, the shake of a refused selection,
the fan opening, and a drag across the hand that never skips a card."""

from __future__ import annotations

import pygame
import pytest

from game.rules.cards import parse_cards
from game.widgets.hand import HandWidget
from game.widgets.hand_feel import SHAKE_TIME, Feel

CARDS = parse_cards("3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS 2S")


def hand(feel: bool) -> HandWidget:
    widget = HandWidget()
    widget.set_cards(CARDS)
    widget.layout(pygame.Rect(100, 500, 1200, 200), 160)
    widget.feel = Feel() if feel else None
    return widget


def press(widget: HandWidget, kind: int, pos: tuple[int, int]) -> None:
    fields = (
        {"pos": pos, "button": 1}
        if kind != pygame.MOUSEMOTION
        else {"pos": pos, "rel": (0, 0), "buttons": (1, 0, 0)}
    )
    widget.handle_event(pygame.event.Event(kind, fields))


def test_a_fast_drag_across_the_hand_selects_every_card_it_passed():
    """The pointer jumps from the first card to the seventh between two frames: the cards
    between are selected too (before issue 54 only the two ends were)."""
    widget = hand(feel=False)
    rects = widget.positions()
    press(widget, pygame.MOUSEBUTTONDOWN, (rects[0].left + 4, rects[0].bottom - 4))
    press(widget, pygame.MOUSEMOTION, (rects[6].left + 4, rects[6].bottom - 4))
    press(widget, pygame.MOUSEBUTTONUP, (rects[6].left + 4, rects[6].bottom - 4))
    assert widget.selected == set(range(7))


def test_a_drag_back_unselects_every_card_it_passed():
    widget = hand(feel=False)
    widget.selected = set(range(10))
    rects = widget.positions()
    press(widget, pygame.MOUSEBUTTONDOWN, (rects[9].centerx, rects[9].top + 4))
    press(widget, pygame.MOUSEMOTION, (rects[2].centerx - 20, rects[2].bottom - 4))
    assert widget.selected == {0, 1}


def test_without_feel_the_hand_is_drawn_as_before():
    widget = hand(feel=False)
    widget.selected = {2}
    rects = widget.positions()
    assert rects[2].top == rects[3].top - widget.raise_px
    widget.update(0.5)
    assert widget.positions() == rects and not widget.moving()


def test_a_selected_card_springs_up_past_its_place_and_settles():
    widget = hand(feel=True)
    widget.update(0.0)
    rest = widget.positions()[4].top
    widget.selected = {4}
    tops = []
    for _ in range(60):
        widget.update(1 / 60)
        tops.append(widget.positions()[4].top)
    assert min(tops) < rest - widget.raise_px  # it overshoots a little
    assert tops[-1] == rest - widget.raise_px and not widget.moving()


def test_the_card_under_the_pointer_lifts_a_little():
    widget = hand(feel=True)
    widget.update(0.0)
    rects = widget.positions()
    press(widget, pygame.MOUSEMOTION, (rects[5].left + 4, rects[5].bottom - 4))
    for _ in range(60):
        widget.update(1 / 60)
    lifted = rects[5].top - widget.positions()[5].top
    assert 0 < lifted < widget.raise_px
    assert widget.positions()[4].top == rects[4].top


def test_a_refused_selection_shakes_once_and_comes_to_rest():
    widget = hand(feel=True)
    widget.selected = {1, 2}
    for _ in range(60):
        widget.update(1 / 60)
    rest = [rect.left for rect in widget.positions()]
    widget.refuse()
    seen = []
    for _ in range(round(SHAKE_TIME * 60) + 2):
        widget.update(1 / 60)
        seen.append([rect.left for rect in widget.positions()])
    assert any(lefts[1] != rest[1] for lefts in seen)
    assert all(lefts[0] == rest[0] for lefts in seen)  # only the refused cards move
    assert seen[-1] == rest and not widget.moving()


def test_the_fan_opens_from_a_stack():
    widget = hand(feel=True)
    assert widget.feel is not None
    widget.feel.open_fan(closed=True)
    widget.update(1 / 60)
    shut = widget.positions()
    assert shut[-1].left - shut[0].left < 0.2 * (widget.rect.width - shut[0].width)
    widget.feel.open_fan()
    for _ in range(60):
        widget.update(1 / 60)
    opened = widget.positions()
    assert opened == hand(feel=False).positions() and not widget.moving()


@pytest.mark.parametrize("steps", [[1 / 30] * 20, [1 / 60] * 40, [1 / 144] * 96])
def test_the_springs_move_alike_at_any_frame_rate(steps):
    widget = hand(feel=True)
    widget.update(0.0)
    widget.selected = {3, 7}
    for dt in steps:
        widget.update(dt)
    reference = hand(feel=True)
    reference.update(0.0)
    reference.selected = {3, 7}
    for _ in range(80):
        reference.update(1 / 120)
    assert widget.positions() == reference.positions()
