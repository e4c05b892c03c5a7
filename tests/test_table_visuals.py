"""The table's pictures (issue 32, part 2): play-kind labels from the catalogs, fanned backs
that match the hands, art cached per size, and the bomb's flash and shake skipped at the
fastest animation speed."""

from __future__ import annotations

from types import SimpleNamespace

import pygame
import pytest

from game import i18n
from game.games.guandan.rules.combos import Combo
from game.i18n import LANGUAGES
from game.rules import guandan, runfast, shengji
from game.rules.base import Action
from game.rules.cards import parse_cards
from game.settings import animation_factor
from game.table import info
from game.table.controller import TableEvent
from game.widgets import effects, seats
from game.widgets.felt import table_felt
from tests.test_table_scene import make_app, make_scene

#: Every kind a play can have: Guandan's and Run Fast's combos, Shengji's lead formats and
#: what a Shengji follow is to its lead (S4.4, S4.5).
SHENGJI_KINDS = {"single", "pair", "tractor", "ruff", "follow", "discard"}
ALL_KINDS = sorted(set(guandan.KINDS) | set(runfast.KINDS) | SHENGJI_KINDS)


@pytest.fixture(autouse=True)
def _english():
    pygame.init()
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def kind(name: str) -> SimpleNamespace:
    return SimpleNamespace(kind=name)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", ALL_KINDS)
def test_every_play_kind_has_a_label_in_every_language(lang, name):
    i18n.set_language(lang)
    label = info.play_kind_label(kind(name), 6)
    assert label and "combo" not in label and "{" not in label
    if lang != "en":  # written in the language, not English left in place
        i18n.set_language("en")
        english = info.play_kind_label(kind(name), 6)
        i18n.set_language(lang)
        assert (
            label != english
            or (lang == "es" and name == "tractor")  # "tractor" is Spanish too
            or lang in ("id", "hu", "tr", "pl")
            and name
            in (
                "full_house",
                "straight",
                "straight_flush",
            )
        )


@pytest.mark.parametrize(
    "lang, name, count, expected",
    [
        # G2: a bomb's size is what ranks it, said as cards, not as a factor beside the
        # stakes' "×4" (issue 55)
        ("en", "bomb", 6, "6-card bomb"),
        ("en", "bomb", 4, "4-card bomb"),
        ("en", "tractor", 4, "Tractor"),  # S4.2
        ("en", "ruff", 2, "Ruff"),  # S4.5: a follow in trumps that can win
        ("zh", "discard", 2, "垫牌"),  # S4.4: short of the led suit
        ("zh", "follow", 4, "跟牌"),
        ("en", "plate", 6, "Plate"),
        ("en", "straight_flush", 5, "Straight flush"),
        ("en", "joker_bomb", 4, "Four-joker bomb"),
        ("en", "pair_run", 6, "Pair run"),  # R2
        ("en", "sky_bomb", 4, "Sky bomb"),
        ("zh", "bomb", 6, "6 张炸弹"),
        ("zh", "tractor", 4, "拖拉机"),
        ("fa", "bomb", 6, "بمب ۶ کارتی"),
        ("pl", "bomb", 5, "Bomba 5-kartowa"),
        ("es", "bomb", 4, "Bomba de 4 cartas"),
        ("ar", "bomb", 4, "قنبلة من ٤ أوراق"),
    ],
)
def test_play_kind_labels(lang, name, count, expected):
    i18n.set_language(lang)
    assert info.play_kind_label(kind(name), count) == expected


def test_a_play_without_a_shape_has_no_label():
    # A play without a meaning has no tag; an unknown kind is not guessed at.
    assert info.play_kind_label(None, 3) is None
    assert info.play_kind_label("ruff", 2) == "Ruff"  # a kind's name is read as the kind
    assert info.play_kind_label(kind("no_such_kind"), 3) is None


def test_bombs_are_known_by_their_combo():
    bomb = Combo("bomb", "7", tuple(parse_cards("7S 7H 7D 7C 7S 7H")))
    pair = Combo("pair", "7", tuple(parse_cards("7S 7H")))
    assert info.is_bomb(bomb) and not info.is_bomb(pair) and not info.is_bomb(None)


@pytest.mark.parametrize("preset, seed", [("guandan", 3), ("shengji", 4), ("runfast", 2)])
def test_fanned_backs_match_every_hand(preset, seed):
    scene = make_scene(preset, seed)
    surface = pygame.Surface((1920, 1080))
    for _ in range(40):  # the deal's animation, then some plays
        scene.controller.run_bots_until_human()
        scene.update(0.1)
    scene.draw(surface)
    counts = scene.frame.hand_counts
    assert set(scene.seat_plates.fans) == set(
        range(1, scene.seats)
    )  # every opponent, not the player
    for seat, (shown, count) in scene.seat_plates.fans.items():
        assert count == counts[seat]
        assert shown == min(counts[seat], seats.FAN_CAP)


@pytest.mark.parametrize("count", [0, 1, 5, seats.FAN_CAP, 27])
def test_a_fan_is_as_wide_as_its_cards(count):
    fan = seats.hand_fan(count, 40, "lattice")
    one = seats.hand_fan(1, 40, "lattice")
    if count > 1:
        assert fan.get_width() > one.get_width()
    assert seats.fan_size(count) == min(count, seats.FAN_CAP)
    assert seats.hand_fan(count, 40, "lattice") is fan  # drawn once per count and size


def test_the_table_art_is_drawn_once_per_size():
    big, small = table_felt((1920, 1080), "green"), table_felt((1024, 600), "green")
    assert table_felt((1920, 1080), "green") is big and table_felt((1024, 600), "green") is small
    assert big.get_size() == (1920, 1080) and small.get_size() == (1024, 600)
    assert seats.avatar(1, 80) is seats.avatar(1, 80)
    assert seats.finish_badge(1, 40) is seats.finish_badge(1, 40)
    # The rim is wood, not felt: the corner is brown, the middle green.
    corner, middle = big.get_at((2, 540)), big.get_at((960, 540))
    assert corner.r > corner.g and middle.g > middle.r


def test_the_portraits_differ_per_seat():
    pictures = {pygame.image.tobytes(seats.avatar(seat, 64), "RGBA") for seat in range(4)}
    assert len(pictures) == 4


def _flash_frame(factor: float) -> tuple[bytes, bytes]:
    impact = effects.Impact()
    surface = pygame.Surface((64, 36))
    surface.fill((40, 90, 60))
    before = pygame.image.tobytes(surface, "RGB")
    impact.trigger(0.0, factor)
    impact.apply(surface, 0.05, 1.0)
    return before, pygame.image.tobytes(surface, "RGB")


def test_a_bomb_flashes_at_normal_speed_and_not_at_the_fastest():
    before, after = _flash_frame(animation_factor(50))
    assert before != after
    before, after = _flash_frame(animation_factor(100))
    assert before == after


def test_the_effect_is_shorter_at_a_faster_speed_and_ends():
    impact = effects.Impact()
    impact.trigger(0.0, animation_factor(75))  # twice as fast: half as long
    assert impact.progress(effects.IMPACT_TIME / 2 - 0.01) is not None
    assert impact.progress(effects.IMPACT_TIME / 2 + 0.01) is None
    assert impact.start is None


@pytest.mark.parametrize("speed, expected", [(50, True), (100, False)])
def test_a_bomb_played_at_the_table_shakes_it_unless_fastest(speed, expected):
    app = make_app()
    app.settings.animation_speed = speed
    scene = make_scene("guandan", 3, app=app)
    cards = tuple(parse_cards("7S 7H 7D 7C"))
    combo = Combo("bomb", "7", cards)
    scene.flow.show(TableEvent("action", 0, seat=1, action=Action("play", cards, combo)))
    assert (scene.ceremonies.impact.start is not None) is expected
    assert scene.board.play_kinds[1] == (cards, combo)


@pytest.mark.parametrize("seed", range(6))
def test_the_attackers_captured_cards_add_up_to_their_points(seed):
    # S4.1: 5s, 10s and Ks won in the attackers' tricks are their points; the cards gathered
    # beside the points bar are exactly those.
    import random

    from game.games.shengji.counting import captured_cards
    from game.rules import shengji

    rng = random.Random(seed)
    state = shengji.new_deal(seed=seed)
    checked = 0
    while not state.is_terminal:
        view = state.view(0)
        cards = captured_cards(view)
        if view.dealer is not None:
            assert sum(shengji.card_points(c) for c in cards) == view.attacker_points
            checked += 1
        state.apply(rng.choice(state.legal_actions()))
    assert checked > 20


def test_seat_plates_are_drawn_once_per_look_and_size():
    app = make_app()
    scene = make_scene("guandan", 3, app=app)
    for _ in range(30):
        scene.update(0.1)
    scene.controller.think_delay = 1e9  # the table holds still while frames are drawn
    surface = pygame.Surface((1920, 1080))
    scene.draw(surface)
    first = {seat: picture for seat, (_, picture) in scene.seat_plates.plates.items()}
    scene.draw(surface)
    assert all(scene.seat_plates.plates[seat][1] is first[seat] for seat in first)
    small = pygame.Surface((1024, 600))
    scene.draw(small)
    assert all(scene.seat_plates.plates[seat][1] is not first[seat] for seat in first)
    assert scene.seat_plates.plates[0][1].get_width() < first[0].get_width()


@pytest.mark.parametrize("seed", [4, 9])
def test_shengji_follows_are_tagged_by_what_they_are_to_the_lead(seed):
    # S4.4, S4.5: a whole deal; every follow on the table carries its kind to the lead.
    from game.rules.shengji import follow_kind

    scene = make_scene("shengji", seed, autoplay=True, autoplay_pause=0.0)
    seen: list[str] = []
    for _ in range(6000):
        scene.update(0.2)
        seen_by = scene.frame.seat_view
        assert isinstance(seen_by, shengji.ShengjiView)
        trump = seen_by.trump
        plays = list(scene.board.plays.items())
        if not plays or scene.board.play_kinds.get(plays[0][0], ((),))[0] != plays[0][1]:
            continue  # no trick on the table (declarations, the kitty)
        assert trump is not None  # a trick is played once the trump is settled
        for seat, cards in plays[1:]:
            shown, kind = scene.board.play_kinds[seat]
            assert shown == cards and kind == follow_kind(plays[0][1], cards, trump)
            assert info.play_kind_label(kind, len(cards))
            seen.append(kind)
        if scene.frame.is_terminal:
            break
    assert scene.frame.is_terminal and len(seen) > 50 and set(seen) <= SHENGJI_KINDS
    assert {"single", "discard"} <= set(seen), set(seen)


@pytest.mark.parametrize("preset, seed", [("shengji", 4), ("guandan", 3), ("runfast", 2)])
def test_plays_restored_from_a_save_keep_their_tags(preset, seed):
    from game.scenes.table import TableScene
    from game.scenes.table.view import PASS_MARK

    scene = make_scene(preset, seed, autoplay=True, autoplay_pause=0.0)

    def two_plays() -> bool:  # two plays on the table, and the position restores them
        restorable = scene.view.restore_plays(scene.frame, scene.controller.round_start())
        shown = [
            s for s, p in restorable.items() if p != PASS_MARK and scene.board.plays.get(s) == p
        ]
        return len(shown) >= 1 and sum(p != PASS_MARK for p in scene.board.plays.values()) >= 2

    for _ in range(4000):
        scene.update(0.2)
        if two_plays():
            break
    again = TableScene(make_app(), preset, snapshot=scene.controller.snapshot(), threaded=False)
    played = {seat: cards for seat, cards in again.board.plays.items() if cards != PASS_MARK}
    assert played, preset
    for seat, cards in played.items():
        # The tag of each restored play is the one the table showed when it was played.
        assert again.board.play_kinds[seat][0] == cards
        label = info.play_kind_label(again.board.play_kinds[seat][1], len(cards))
        assert label, (preset, seat)
        if scene.board.plays.get(seat) == cards:
            live = scene.board.play_kinds[seat]
            assert label == info.play_kind_label(live[1], len(cards)), (preset, seat)


@pytest.mark.parametrize("lang", ["fa", "ar", "hu", "zh", "en"])
@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720), (800, 600)])
@pytest.mark.parametrize("preset", ["guandan", "doudizhu"])
def test_seat_plates_keep_name_chip_and_fan_apart(preset, size, lang):
    # Issue 40: in fa and ar the AI chip was squeezed and touched the fan of backs.
    i18n.set_language(lang)
    scene = make_scene(preset, 3)
    for _ in range(30):
        scene.update(0.1)
    scene.draw(pygame.Surface(size))
    checked = 0
    for seat in range(1, len(scene.drawer.layout.rects["seats"])):
        rows = scene.seat_plates.plate_rows[seat]
        plate = scene.drawer.layout.rects["seats"][seat]
        assert rows.chip is not None
        assert not rows.chip.colliderect(rows.fan) and not rows.chip.colliderect(rows.name)
        assert not rows.name.colliderect(rows.fan)
        assert plate.contains(rows.chip) and plate.contains(rows.fan)
        checked += 1
    assert checked >= 2
    # Plates side by side say the same: the whole words on all, or the level alone on all.
    chips = [scene.seat_plates.plate_rows[seat].chip for seat in range(1, checked + 1)]
    assert len({chip.width for chip in chips if chip is not None}) == 1 and None not in chips
