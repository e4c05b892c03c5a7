"""Issue 26: every moment clear at the table (hand order, no controls while dealing, prompts
clear of the played cards, the meaning chooser's pictures, the result panel)."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from types import SimpleNamespace

import pygame
import pytest

from game import i18n
from game.games.shengji.view.side_panel import draw_points
from game.rules import guandan, shengji
from game.scenes.table import TableScene
from game.scenes.table.hand import hand_orders
from game.table.sorting import sort_hand
from tests.test_table_scene import (  # noqa: F401
    DT,
    _pygame,
    _return_deal,
    key,
    make_app,
    make_scene,
    play_deal,
    step_until,
)
from tests.typed import known, narrow

#: Buttons that only change the view, never the game (they stay live while dealing).
VIEW_ONLY = {"table.sort_suit", "table.sort_rank", "table.last_trick", "house.button"}


@pytest.mark.parametrize("preset,seed", [("guandan", 1), ("shengji", 2), ("runfast", 3)])
def test_no_action_is_enabled_while_the_deal_is_shown(preset, seed):
    """Issue 26 point 3: while the cards are dealt no button acts, no prompt is shown and the
    keys do nothing; once every card has arrived the player's turn starts."""
    app = make_app()
    app.settings.animation_speed = 50  # the designed deal length, long enough to look into
    scene = make_scene(preset, seed, app=app)
    scene.update(0.0)
    checked = 0
    while scene.dealing():
        live = [b.key for b in scene.buttons if b.enabled and b.key not in VIEW_ONLY]
        assert live == [], f"{live} enabled while dealing"
        assert scene.message_line.message(scene.frame) is None
        before = len(scene.controller.state.log)
        for code in (pygame.K_RETURN, pygame.K_p, pygame.K_h):
            key(scene, code)
        assert len(scene.controller.state.log) == before
        checked += 1
        scene.update(DT / 4)
    assert checked >= 3
    step_until(scene, lambda: scene.can_act() or scene.overlay == "result")
    if scene.can_act():
        assert any(b.enabled for b in scene.buttons if b.key not in VIEW_ONLY) or (
            scene.message_line.message(scene.frame) is not None
        )


def _shown_order_is_the_game_order(scene: TableScene) -> bool:
    frame = scene.frame
    expected = sort_hand(
        list(frame.hand),
        scene.preset,
        by_suit=scene.player_hand.by_suit,
        **scene.view.hand_order(frame),
    )
    return scene.hand.cards == expected


@pytest.mark.parametrize("seed", [1, 4, 7])
def test_shengji_hand_resorts_when_trump_changes(seed):
    """Issue 26 point 1, S3: the hand shows the trump order from the moment trump is fixed,
    grouped by suit by default with all trumps together at the left."""
    scene = make_scene("shengji", seed)
    # Not the dealer: the hand does not change between the declarations and the first play.
    scene.controller.use_deal(shengji.new_deal(seed=seed, level="2", dealer=1))
    assert scene.player_hand.by_suit  # the default order of a follow-suit game
    trumps_seen = set()
    for _ in range(3000):
        scene.update(DT)
        trump = narrow(shengji.ShengjiView, scene.frame.seat_view).trump
        trumps_seen.add(None if trump is None else trump.suit)
        assert _shown_order_is_the_game_order(scene)
        if scene.controller.is_human_turn() and not scene.busy():
            if scene.frame.phase != "declare":
                break
            scene.moves.pass_turn()  # the bots declare: trump changes while the hand stays the same
    view = narrow(shengji.ShengjiView, scene.frame.seat_view)
    trump = view.trump
    assert trump is not None and len(trumps_seen) >= 2, trumps_seen
    assert _shown_order_is_the_game_order(scene)
    rules_trump = shengji.Trump.shared(view.level, trump.suit)
    kinds = [rules_trump.is_trump(card) for card in scene.hand.cards]
    assert kinds == sorted(kinds, reverse=True), "trumps together at the left"
    plain = [c.suit for c in scene.hand.cards if not rules_trump.is_trump(c)]
    runs = [suit for i, suit in enumerate(plain) if i == 0 or plain[i - 1] != suit]
    assert len(runs) == len(set(runs)), f"each plain suit in one group: {plain}"


def test_the_chosen_hand_order_is_remembered_per_game():
    app = make_app()
    scene = make_scene("guandan", 1, app=app)
    assert not scene.player_hand.by_suit
    scene.player_hand.resort()
    assert hand_orders(app.settings.hand_orders) == {"guandan": "suit"}
    again = make_scene("guandan", 2, app=app)
    assert again.player_hand.by_suit
    other = make_scene("shengji", 2, app=app)
    assert other.player_hand.by_suit  # Shengji's own default, untouched by Guandan's choice
    other.player_hand.resort()
    assert hand_orders(app.settings.hand_orders) == {"guandan": "suit", "shengji": "rank"}
    assert not make_scene("shengji", 3, app=app).player_hand.by_suit


@pytest.mark.parametrize(
    "value,expected",
    [
        ("", {}),
        ("guandan:suit shengji:rank", {"guandan": "suit", "shengji": "rank"}),
        ("guandan:sideways :suit nonsense runfast:suit", {"runfast": "suit"}),
    ],
)
def test_hand_orders_reads_only_good_words(value, expected):
    assert hand_orders(value) == expected


def test_the_return_prompt_says_who_receives_the_card():
    """Issue 26 point 8, G3: the return prompt names the seat that paid the player tribute."""
    scene = make_scene("guandan", 2)
    scene.controller.use_deal(_return_deal(10))
    step_until(scene, lambda: scene.can_act())
    payer = next(
        e.giver
        for e in narrow(guandan.View, scene.frame.seat_view).tributes
        if e.kind == "tribute" and e.receiver == 0
    )
    expected = i18n.tr("guandan.prompt_return", name=scene.names.seat_name(payer))
    assert known(scene.message_line.message(scene.frame))[0] == expected
    assert scene.names.seat_name(payer) in expected


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6])
def test_shengji_result_is_told_in_plain_sentences(seed):
    """Issue 26 point 6, S4/S5: one sentence each for tricks, kitty, total and levels, with
    no seat or team name used as a pronoun."""
    scene = make_scene("shengji", seed)
    play_deal(scene, random.Random(seed))
    r = narrow(shengji.DealResult, scene.frame.result)  # Shengji's own result
    _title, rows, _cards = scene.view.result_content(scene.frame)
    said = [row[0] for row in rows]
    assert said[0] == i18n.tr("shengji.said_tricks", count=r.trick_points)
    kitty = "shengji.said_kitty_counts" if r.kitty_bonus else "shengji.said_kitty_lost"
    assert (
        i18n.tr(
            kitty,
            points=r.kitty_points,
            count=r.kitty_points,
            multiplier=r.kitty_multiplier,
            bonus=r.kitty_bonus,
        )
        in said
    )
    assert all("(Your team)" not in line and "(The opponents)" not in line for line in said)
    assert any(line.endswith(".") and ("Your team" in line or "opponents" in line) for line in said)


@pytest.mark.parametrize(
    ("lang", "penalty", "expected"),
    [
        ("en", -30, "Failed throws cost the attackers 30 points."),
        ("en", 10, "Failed throws by the defenders give the attackers 10 points."),
        ("pl", -30, "Nieudane rzuty kosztują atakujących 30 punktów."),
        ("pl", -20, "Nieudane rzuty kosztują atakujących 20 punktów."),
        ("ar", -10, "كلّفت الرميات الفاشلة المهاجمين ١٠ نقاط."),
    ],
)
def test_shengji_result_says_the_throw_penalty_with_its_plural(lang, penalty, expected):
    """VS4.8, issue 58: the result panel says the failed throws' points as a counted noun."""
    scene = make_scene("shengji", 1)
    play_deal(scene, random.Random(1))
    result = dataclasses.replace(
        narrow(shengji.DealResult, scene.frame.result), throw_penalty=penalty
    )
    frame = dataclasses.replace(scene.frame, result=result)
    i18n.set_language(lang)
    try:
        _title, rows, _cards = scene.view.result_content(frame)
    finally:
        i18n.set_language("en")
    assert expected in [row[0] for row in rows]


def test_the_points_bar_fills_from_the_right_in_persian():
    """Issue 26 point 9: a right-to-left reader's bar grows from the right."""
    fills = {}
    for lang in ("en", "fa"):
        i18n.set_language(lang)
        scene = make_scene("shengji", 1)
        surface = pygame.Surface(scene.size)
        scene.relayout()
        box = pygame.Rect(100, 100, 400, 140)
        surface.fill((0, 0, 0))
        draw_points(surface, scene.view.ctx, box, 40)  # a quarter of the bar's 160
        u = scene.layout.u
        y = box.top + u(12) + u(76) + u(7)
        row = [surface.get_at((x, y))[:3] for x in range(box.left + u(18), box.right - u(18))]
        lit = [i for i, c in enumerate(row) if c[0] > 150 and c[2] < 120]  # the brass fill
        fills[lang] = (min(lit), max(lit), len(row))
    i18n.set_language("en")
    lo, hi, n = fills["en"]
    assert lo <= 2 and hi < n // 2
    lo, hi, n = fills["fa"]
    assert hi >= n - 3 and lo > n // 2


#: The window sizes tools/screenshots.py shoots (its --size choices).
SIZES = [(1920, 1080), (1280, 720), (1024, 600)]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", i18n.LANGUAGES)
@pytest.mark.parametrize("preset", ["runfast", "guandan"])
def test_the_prompt_never_covers_the_played_cards(preset, lang, size):
    """Issue 26 point 2: the longest prompts (Run Fast's "you can beat … so you must", a
    Guandan refusal) wrap inside their band, clear of every seat's plays and the buttons."""
    i18n.set_language(lang)
    scene = make_scene(preset, 1, app=make_app(size))
    scene.update(0.0)
    last = "J♠ J♥ J♣ Q♠ Q♥ Q♣ K♠ K♥"
    prompts = [
        i18n.tr("reason.runfast.must_beat", last=last),
        i18n.tr("reason.guandan.does_not_beat", cards=last, last=last),
        i18n.tr("guandan.prompt_return", name=scene.names.seat_name(2)),
    ]
    plays = [scene.layout.play_rects(seat, 10) for seat in range(scene.seats)]
    blocked = [rects[0].unionall(rects) for rects in plays]
    blocked += [b.rect for b in scene.buttons]
    for value in prompts:
        image, rect, plate = scene.message_line.message_box(value, (255, 255, 255))
        assert image.get_height() >= scene.layout.u(24) * 0.9  # readable, not squeezed flat
        for other in blocked:
            assert not plate.colliderect(other), (value, plate, other)
        assert pygame.Rect(0, 0, *size).contains(plate)


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_the_chooser_shows_each_meanings_cards_and_its_key(lang):
    """Issue 26 point 7, G5.5: each meaning's row holds its key (1, 2 …), its button and its
    cards as that meaning lays them out; the wild stands where it counts."""
    from game.rules import guandan
    from game.rules.cards import parse_cards

    i18n.set_language(lang)
    scene = make_scene("guandan", 1)
    deal = guandan.new_deal(
        hands=["6S 7D 8C 9H 2H 3S", "4S 4D", "5S 5D", "KS KD"], level="2", leader=0
    )
    scene.controller.use_deal(deal)
    step_until(scene, lambda: scene.can_act())
    scene.hand.select_cards(parse_cards("6S 7D 8C 9H 2H"))
    scene.actions.primary()
    scene.update(0.0)
    assert scene.overlay == "chooser"
    rows = scene.overlays.chooser.rows
    assert [row[0] for row in rows] == list(range(1, len(scene.board.chooser) + 1))
    shown = {}
    for _number, badge, button, action, area in rows:
        cards = scene.view.meaning_cards(action, scene.frame)
        assert sorted(cards) == sorted(action.cards)
        shown[action.combo.rank] = " ".join(str(c) for c in cards)
        assert not badge.colliderect(button.rect) and not area.colliderect(button.rect)
        assert (badge.centerx > button.rect.centerx) == (lang == "fa")  # key read first
    assert shown == {"T": "6S 7D 8C 9H 2H", "9": "2H 6S 7D 8C 9H"}
    surface = pygame.Surface(scene.size)
    scene.draw(surface)  # draws without error
    before = len(scene.controller.state.log)
    key(scene, pygame.K_1)  # the first row's key plays the first meaning
    played = scene.controller.state.log[before].action
    assert played.combo == rows[0][3].combo


@pytest.mark.parametrize(
    "kind,rank,cards,expected",
    [
        ("straight", "5", "AS 2S 4D 5C 7H", "AS 2S 7H 4D 5C"),  # A2345, wild 7H as the 3
        ("tube", "4", "2S 2D 3S 4S 4D 7H", "2S 2D 3S 7H 4S 4D"),
        ("full_house", "9", "9S 9D 7H 5S 5D", "9S 9D 7H 5S 5D"),
        ("full_house", "5", "9S 9D 7H 5S 5D", "5S 5D 7H 9S 9D"),
        ("bomb", "K", "KS KD KC 7H", "KS KD KC 7H"),
    ],
)
def test_meaning_order_puts_each_wild_where_it_stands(kind, rank, cards, expected):
    """G5: sequences from the lowest rank with wilds in the gaps (level 7: 7H is wild)."""
    from game.games.guandan.view import meaning_order
    from game.rules.cards import parse_cards

    combo = SimpleNamespace(kind=kind, rank=rank)
    laid = meaning_order(combo, parse_cards(cards), lambda c: str(c) == "7H")
    assert " ".join(str(c) for c in laid) == expected


def test_the_kitty_is_marked_new_in_the_dealers_hand_until_the_bury():
    """Issue 26 point 8, S2.5: the 8 kitty cards the player picks up are marked in the hand
    during the bury; after the bury nothing is marked."""
    scene = make_scene("shengji", 3)
    scene.controller.use_deal(shengji.new_deal(seed=5, level="2", dealer=0))
    for _ in range(3000):
        scene.update(DT)
        if scene.can_act() and not scene.busy():
            if scene.frame.phase == "bury":
                break
            scene.moves.do(scene.controller.human_options()[0])  # declare or pass
    assert scene.frame.phase == "bury"
    kitty = narrow(shengji.ShengjiView, scene.frame.seat_view).kitty
    assert sum(scene.hand.new.values()) == 8
    if kitty is not None:
        assert scene.hand.new == Counter(kitty)
    scene.hand.select_cards(scene.hand.cards[-8:])
    scene.actions.primary()
    scene.update(DT)
    assert not scene.hand.new


def test_a_received_tribute_is_marked_new():
    """Issue 26 point 8, G3: the tribute card the player receives is marked in the hand."""
    scene = make_scene("guandan", 2)
    scene.controller.use_deal(_return_deal(10))
    step_until(scene, lambda: scene.can_act())
    received = [
        e.card
        for e in narrow(guandan.View, scene.frame.seat_view).tributes
        if e.kind == "tribute" and e.receiver == 0
    ]
    assert received and scene.hand.new == Counter(received)
