"""Issue 26: every moment clear at the table (hand order, no controls while dealing, prompts
clear of the played cards, the meaning chooser's pictures, the result panel)."""

from __future__ import annotations

import random

import pygame
import pytest

from game import i18n
from game.rules import shengji
from game.scenes.table.scene import hand_orders
from game.table.sorting import sort_hand
from tests.test_table_scene import DT, _pygame, key, make_app, make_scene, step_until  # noqa: F401

#: Buttons that only change the view, never the game (they stay live while dealing).
VIEW_ONLY = {"table.sort_suit", "table.sort_rank", "table.last_trick"}


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
        assert scene._message() is None
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
            scene._message() is not None
        )


def _shown_order_is_the_game_order(scene) -> bool:
    frame = scene.frame
    expected = sort_hand(
        list(frame.hand), scene.preset, by_suit=scene.by_suit, **scene.view.hand_order(frame)
    )
    return scene.hand.cards == expected


@pytest.mark.parametrize("seed", [1, 4, 7])
def test_shengji_hand_resorts_when_trump_changes(seed):
    """Issue 26 point 1, S3: the hand shows the trump order from the moment trump is fixed,
    grouped by suit by default with all trumps together at the left."""
    scene = make_scene("shengji", seed)
    # Not the dealer: the hand does not change between the declarations and the first play.
    scene.controller.use_deal(shengji.new_deal(seed=seed, level="2", dealer=1))
    assert scene.by_suit  # the default order of a follow-suit game
    trumps_seen = set()
    for _ in range(3000):
        scene.update(DT)
        trump = scene.frame.seat_view.trump
        trumps_seen.add(None if trump is None else trump.suit)
        assert _shown_order_is_the_game_order(scene)
        if scene.controller.is_human_turn() and not scene.busy():
            if scene.frame.phase != "declare":
                break
            scene._pass()  # the bots declare: trump changes while the hand stays the same
    trump = scene.frame.seat_view.trump
    assert trump is not None and len(trumps_seen) >= 2, trumps_seen
    assert _shown_order_is_the_game_order(scene)
    rules_trump = shengji.Trump.shared(scene.frame.seat_view.level, trump.suit)
    kinds = [rules_trump.is_trump(card) for card in scene.hand.cards]
    assert kinds == sorted(kinds, reverse=True), "trumps together at the left"
    plain = [c.suit for c in scene.hand.cards if not rules_trump.is_trump(c)]
    runs = [suit for i, suit in enumerate(plain) if i == 0 or plain[i - 1] != suit]
    assert len(runs) == len(set(runs)), f"each plain suit in one group: {plain}"


def test_the_chosen_hand_order_is_remembered_per_game():
    app = make_app()
    app.set_setting = lambda name, value: setattr(app.settings, name, value)
    scene = make_scene("guandan", 1, app=app)
    assert not scene.by_suit
    scene._resort()
    assert hand_orders(app.settings.hand_orders) == {"guandan": "suit"}
    again = make_scene("guandan", 2, app=app)
    assert again.by_suit
    other = make_scene("shengji", 2, app=app)
    assert other.by_suit  # Shengji's own default, untouched by Guandan's choice
    other._resort()
    assert hand_orders(app.settings.hand_orders) == {"guandan": "suit", "shengji": "rank"}
    assert not make_scene("shengji", 3, app=app).by_suit


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
