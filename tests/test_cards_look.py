"""The look of the deck and the table (issue 32 part 3): court figures, jokers, card backs, felt
colours, and a four-colour deck that colour-blind players can tell apart."""

from __future__ import annotations

import itertools
import math

import pygame
import pytest

from game import settings
from game.rules.cards import Card, parse_cards
from game.widgets import card_backs, cards, common, figures

COURTS = [Card(rank, suit) for suit in "SHDC" for rank in "JQK"]


@pytest.fixture(scope="module", autouse=True)
def display():
    pygame.display.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((64, 64))


def pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


def share_near(surface: pygame.Surface, colour: tuple[int, int, int], tolerance: int = 12) -> float:
    """Fraction of the pixels within ``tolerance`` of ``colour`` (per channel)."""
    data = pygame.image.tobytes(surface, "RGB")
    count = total = 0
    for i in range(0, len(data), 3):
        total += 1
        if all(abs(data[i + k] - colour[k]) <= tolerance for k in range(3)):
            count += 1
    return count / total


# --- court figures and jokers -------------------------------------------------------------------
@pytest.mark.parametrize("height", (60, 150, 400))
def test_all_twelve_courts_and_both_jokers_are_different_pictures(height):
    images = {card: pixels(cards.face(card, height)) for card in COURTS + parse_cards("RJ BJ")}
    assert len(set(images.values())) == len(images)


@pytest.mark.parametrize("card", COURTS, ids=str)
def test_a_court_card_shows_a_face_not_a_letter(card):
    """A portrait: skin and the robe in the suit's ink take a visible share of the card, and
    the picture is double-headed (the bottom half is the top half turned)."""
    image = cards.face(card, 300)
    assert share_near(image, figures.SKIN) > 0.01
    assert share_near(image, cards.suit_colour(card.suit)) > 0.04
    width, height = image.get_size()
    top = image.subsurface(pygame.Rect(0, 0, width, height // 2))
    bottom = pygame.transform.rotate(
        image.subsurface(pygame.Rect(0, height - height // 2, width, height // 2)), 180
    )
    same = sum(
        top.get_at((x, y))[:3] == bottom.get_at((x, y))[:3]
        for x in range(0, width, 5)
        for y in range(0, height // 2, 5)
    )
    assert same / ((width // 5 + 1) * (height // 10 + 1)) > 0.8


def test_the_red_joker_is_red_and_gold_the_black_joker_black_and_silver():
    red, black = cards.face(Card("RJ"), 300), cards.face(Card("BJ"), 300)
    assert share_near(red, cards.RED) > 0.03 and share_near(red, cards.GOLD, 20) > 0.03
    assert share_near(black, cards.RED) < 0.001
    assert share_near(black, (150, 156, 166), 12) > 0.03


@pytest.mark.parametrize("height", (40, 75, 150, 300, 600))
def test_court_cards_keep_their_size_at_every_height(height):
    for card in COURTS[:3] + parse_cards("RJ"):
        assert cards.face(card, height).get_size() == cards.card_size(height)


# --- card backs and felt ------------------------------------------------------------------------
def test_three_card_backs_differ_and_the_chosen_one_is_drawn():
    images = {name: pixels(card_backs.back_of(120, name)) for name in card_backs.BACKS}
    assert len(card_backs.BACKS) >= 3 and len(set(images.values())) == len(images)
    for name in card_backs.BACKS:
        assert pixels(card_backs.back(120, name)) == images[name]
        assert card_backs.back(120, name) is card_backs.back_of(120, name)  # cached
    assert pixels(card_backs.back(120, "no such back")) == images["lattice"]


def test_three_felt_colours_differ_and_the_chosen_one_is_drawn():
    size = (320, 180)
    images = {name: pixels(common.felt_of(size, name)) for name in common.FELTS}
    assert len(common.FELTS) >= 3 and len(set(images.values())) == len(images)
    for name in common.FELTS:
        assert pixels(common.felt(size, name)) == images[name]
    assert pixels(common.felt(size, "no such felt")) == images["green"]


def test_the_game_menu_settings_change_the_back_and_the_felt_and_persist(app, tmp_path):
    menu = {spec.key for spec in settings.placed(settings.MENU)}
    assert {"card_back", "felt"} <= menu
    app.set_setting("card_back", "navy")
    app.set_setting("felt", "wine")
    app.tick(1 / 60)
    app.draw(app.screen)  # the title is drawn on the chosen felt, passed in from the settings
    spot = (4, app.size[1] // 2)
    drawn, wine = app.screen.get_at(spot), common.felt_of(app.size, "wine").get_at(spot)
    assert all(abs(a - b) <= 6 for a, b in zip(drawn[:3], wine[:3], strict=True)), (drawn, wine)
    path = tmp_path / "look.toml"
    settings.save(app.settings, path)
    loaded, _ = settings.load(path)
    assert (loaded.card_back, loaded.felt) == ("navy", "wine")
    path.write_text('version = 1\ncard_back = "plaid"\nfelt = "purple"\n', encoding="utf-8")
    loaded, _ = settings.load(path)
    assert (loaded.card_back, loaded.felt) == ("lattice", "green")  # unknown: the defaults


# --- a four-colour deck for colour-blind players --------------------------------------------------
#: Machado, Oliveira and Fernandes (2009) simulation matrices at full severity, linear RGB.
DEFICIENCIES = {
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}


def _linear(colour):
    out = []
    for c in colour:
        c /= 255
        out.append(c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4)
    return out


def _lab(rgb):
    rgb = [min(1.0, max(0.0, c)) for c in rgb]
    x = 0.4124 * rgb[0] + 0.3576 * rgb[1] + 0.1805 * rgb[2]
    y = 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2]
    z = 0.0193 * rgb[0] + 0.1192 * rgb[1] + 0.9505 * rgb[2]

    def f(t):
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    fx, fy, fz = f(x / 0.9505), f(y), f(z / 1.089)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def _seen(colour, matrix=None):
    rgb = _linear(colour)
    if matrix is not None:
        rgb = [sum(m * c for m, c in zip(row, rgb, strict=True)) for row in matrix]
    return _lab(rgb)


@pytest.mark.parametrize("vision", [None, *DEFICIENCIES])
def test_the_four_suit_colours_stay_apart_for_colour_blind_players(vision):
    """Every two suits differ by at least ΔE 20 (CIE 1976) as seen with each deficiency
    (40 with normal vision), and each stays dark enough to read on the ivory face."""
    matrix = DEFICIENCIES.get(vision) if vision else None
    inks = {suit: cards.suit_colour(suit, True) for suit in "SHDC"}
    for (a, ca), (b, cb) in itertools.combinations(inks.items(), 2):
        distance = math.dist(_seen(ca, matrix), _seen(cb, matrix))
        assert distance >= (40 if vision is None else 20), (vision, a, b, distance)
    ivory = _seen(cards.IVORY)[0]
    assert all(ivory - _seen(ink)[0] >= 35 for ink in inks.values())


def test_the_old_red_and_green_deck_would_fail_that_check():
    """The check is strong enough: red hearts with green clubs are too close for protanopia."""
    old_red, old_green = (196, 30, 44), (20, 122, 64)
    matrix = DEFICIENCIES["protanopia"]
    assert math.dist(_seen(old_red, matrix), _seen(old_green, matrix)) < 20
