"""Card images: every card at several sizes, both jokers distinct, states, four colours, sprites."""

from __future__ import annotations

import pygame
import pytest

from game.rules.cards import Card, parse_cards, single_pack
from game.widgets import card_backs, card_sprites, cards
from game.widgets.anim import (
    Tween,
    Tweener,
    ease_in_out_cubic,
    ease_out_back,
    ease_out_cubic,
    linear,
)

SIZES = (48, 96, 150, 260)


@pytest.fixture(scope="module", autouse=True)
def display():
    pygame.display.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((64, 64))


def pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


def colours(surface: pygame.Surface) -> set[tuple[int, int, int]]:
    data = pygame.image.tobytes(surface, "RGB")
    return {(data[i], data[i + 1], data[i + 2]) for i in range(0, len(data), 3)}


@pytest.mark.parametrize("height", SIZES)
def test_every_card_renders_at_every_size(height):
    width, _ = cards.card_size(height)
    seen: dict[bytes, Card] = {}
    for card in single_pack():
        image = cards.face(card, height)
        assert image.get_size() == (width, height)
        # Corners are transparent (rounded), the middle is opaque.
        assert image.get_at((0, 0)).a < 128
        assert image.get_at((width // 2, height // 2)).a == 255
        key = pixels(image)
        assert key not in seen, f"{card} looks exactly like {seen.get(key)}"
        seen[key] = card


def test_images_are_cached_per_size():
    card = Card("Q", "H")
    assert cards.face(card, 120) is cards.face(card, 120)
    assert cards.face(card, 120) is not cards.face(card, 121)
    assert card_backs.back(120, "lattice") is card_backs.back(120, "lattice")


def test_jokers_differ_and_red_joker_is_red():
    red, black = cards.face(Card("RJ"), 150), cards.face(Card("BJ"), 150)
    assert pixels(red) != pixels(black)
    assert cards.RED in colours(red)
    assert cards.RED not in colours(black)


def test_four_colour_deck_changes_diamonds_and_clubs_only():
    for card in parse_cards("5D KD 7C AC"):
        assert pixels(cards.face(card, 150, True)) != pixels(cards.face(card, 150, False))
    for card in parse_cards("5S KH RJ"):
        assert pixels(cards.face(card, 150, True)) == pixels(cards.face(card, 150, False))
    assert cards.suit_colour("D", True) == cards.FOUR_COLOURS["D"]
    assert cards.suit_colour("C", True) == cards.FOUR_COLOURS["C"]


def test_states_are_distinct_and_keep_the_size():
    card = Card("2", "H")  # G2.2: a heart of the level rank is wild
    plain = cards.face(card, 150)
    variants = {
        "selected": cards.face(card, 150, selected=True),
        "disabled": cards.face(card, 150, disabled=True),
        "wild": cards.face(card, 150, wild=True),
    }
    assert len({pixels(plain), *(pixels(v) for v in variants.values())}) == 4
    for image in variants.values():
        assert image.get_size() == plain.get_size()
    # Dimmed means darker on average.
    assert sum(pixels(variants["disabled"])) < sum(pixels(plain))
    # The wild marker sits on the left edge, visible in a fan that covers the right part.
    left_strip = pygame.Rect(0, 0, plain.get_width() // 4, plain.get_height())
    assert pixels(plain.subsurface(left_strip).copy()) != pixels(
        variants["wild"].subsurface(left_strip).copy()
    )


def test_back_differs_from_every_face():
    back = pixels(card_backs.back(96, "lattice"))
    assert all(pixels(cards.face(card, 96)) != back for card in single_pack())


def test_width_based_helpers_match_the_ratio():
    image = cards.card_surface(Card("A", "S"), 100)
    assert image.get_width() == pytest.approx(100, abs=1)
    assert cards.back_surface(100).get_size() == image.get_size()


def test_sprite_rises_when_selected_and_follows_state():
    sprite = card_sprites.CardSprite(Card("K", "S"), 140, pos=(100, 200))
    assert sprite.rect is not None and sprite.rect.topleft == (100, 200)
    sprite.selected = True
    sprite.refresh()
    assert sprite.rect is not None and sprite.rect.topleft == (100, 200 - sprite.raise_px)
    assert sprite.image is cards.face(Card("K", "S"), 140, False, True, False, False)
    sprite.face_up = False
    sprite.refresh()
    assert sprite.image is card_backs.back(140, "lattice")
    assert sprite.rect is not None and sprite.rect.topleft == (
        100,
        200,
    )  # a face-down card never rises


def test_layer_finds_the_topmost_card():
    layer = card_sprites.CardLayer()
    low = card_sprites.CardSprite(Card("3", "D"), 100, pos=(0, 0), layer=0)
    high = card_sprites.CardSprite(Card("4", "D"), 100, pos=(30, 0), layer=1)
    layer.add(high, low)
    assert layer.card_at((40, 50)) is high
    assert layer.card_at((10, 50)) is low
    assert layer.card_at((500, 500)) is None
    layer.change_layer(low, 5)
    assert layer.card_at((40, 50)) is low


@pytest.mark.parametrize("easing", [linear, ease_out_cubic, ease_in_out_cubic, ease_out_back])
def test_easings_start_at_0_and_end_at_1(easing):
    assert easing(0.0) == pytest.approx(0.0, abs=1e-9)
    assert easing(1.0) == pytest.approx(1.0, abs=1e-9)


def test_tweener_moves_a_sprite_and_honours_speed():
    sprite = card_sprites.CardSprite(Card("9", "C"), 100, pos=(0, 0))
    done: list[bool] = []
    speed = [1.0]
    tweener = Tweener(speed=lambda: speed[0])
    tweener.move(sprite, (100, 50), 0.5, linear, on_done=lambda: done.append(True))
    tweener.update(0.25)
    assert sprite.pos == pytest.approx((50.0, 25.0))
    speed[0] = 2.0  # twice as fast: the remaining 0.25 s pass in 0.125 s
    tweener.update(0.125)
    assert sprite.pos == pytest.approx((100.0, 50.0))
    assert done == [True] and not tweener.busy


def test_tween_delay_and_finish():
    values: list[float | tuple[float, ...]] = []
    tween = Tween(0.0, 10.0, 1.0, linear, delay=0.5, on_step=values.append)
    tween.update(0.4)
    assert values == []
    tween.finish()
    assert values[-1] == 10.0 and tween.done
