"""Dou Dizhu at the table (issue 43): the bid buttons and the standing bid (D2.3), the kitty
shown and the landlord's badge (D2.5), bombs and warnings announced (D5.1), the result with the
base, the doublings and the payments (D5.3), all through clicks on the real scene."""

from __future__ import annotations

import random
from typing import cast

import pygame
import pytest

from game import i18n
from game.games.doudizhu import rules as ddz
from game.games.doudizhu.rules.bidding import bid_value
from game.games.doudizhu.view import bid_label
from game.rules.cards import parse_cards
from game.scenes.table import TableScene
from game.table.frame import TableFrame
from game.widgets.ladder import Totals
from tests.test_table_scene import (  # noqa: F401 - the autouse fixture sets up pygame and English
    DT,
    _pygame,
    click_button,
    do_human,
    key,
    make_scene,
    past_guard,
    step_until,
)
from tests.typed import known, narrow


def play_deal(
    scene: TableScene, rng: random.Random, limit: int = 20000, draw_every: int = 0
) -> int:
    """The deal to its result panel; the player bids, doubles and plays by clicks."""
    surface = pygame.Surface(scene.size)
    moves = 0
    for frame in range(limit):
        if scene.overlay == "result":
            return moves
        scene.update(DT)
        if draw_every and frame % draw_every == 0:
            scene.draw(surface)
        ctl = scene.controller
        if ctl.is_human_turn() and not scene.busy() and scene.overlay is None:
            before = len(ctl.state.log)
            action = rng.choice(ctl.human_options())
            if action.kind in ("bid", "call", "rob", "double"):
                key = "table.declare" if bid_value(action) else "table.pass"
                click_button(scene, key, bid_label(action))
            else:
                do_human(scene, action)
            assert len(ctl.state.log) > before, f"{action} was not applied"
            moves += 1
    raise AssertionError("the deal did not reach its result panel")


def idle(scene: TableScene) -> bool:
    return scene.controller.is_human_turn() and not scene.busy()


def seen(scene: TableScene) -> ddz.DoudizhuView:
    """The player's view of the deal at the table, Dou Dizhu's own."""
    return narrow(ddz.DoudizhuView, scene.frame.seat_view)


def dealt(scene: TableScene) -> ddz.DoudizhuState:
    """The deal the table plays, Dou Dizhu's own."""
    return narrow(ddz.DoudizhuState, scene.controller.state)


def labels(scene: TableScene) -> list[str]:
    return [button.text() for button in scene.buttons]


def test_bidding_buttons_the_standing_bid_and_the_kitty() -> None:
    """D2.3: the player bids by button, only above the standing bid; D2.5: the kitty is shown
    to all and joins the landlord's hand; the header shows the stakes."""
    scene = make_scene("doudizhu", 14)
    scene.controller.use_deal(ddz.new_deal(seed=14, first_bidder=0))
    step_until(scene, lambda: idle(scene))
    assert {"1 point", "2 points", "3 points", "Pass"} <= set(labels(scene))
    assert known(scene.view.phase_prompt(scene.frame))[0].startswith("Bid to be the landlord")
    click_button(scene, "table.declare", "2 points")
    step_until(scene, lambda: seen(scene).landlord is not None or idle(scene))
    view = seen(scene)
    assert view.bids[0] == (0, "bid", 2)
    if view.landlord is None:  # a bot outbid the player: only 3 or Pass are offered
        assert set(labels(scene)) >= {"3 points", "Pass"} and "2 points" not in labels(scene)
        click_button(scene, "table.declare", "3 points")
        step_until(scene, lambda: seen(scene).landlord is not None)
    view = seen(scene)
    assert view.landlord is not None and view.kitty is not None and len(view.kitty) == 3
    assert set(view.kitty) <= set(scene.controller.state.hand(view.landlord))
    header = dict((row[0], row[1]) for row in scene.view.header_lines(scene.frame))
    assert header["Stakes"] == f"{view.base} ×1"
    surface = pygame.Surface(scene.size)
    scene.draw(surface)  # the badge, the kitty in the middle and in the side panel


def test_a_bomb_and_the_last_cards_are_announced_and_the_result_explains_the_stakes() -> None:
    """D5.1: the bomb doubles the stakes, announced with the new multiplier; a seat down to two
    cards is flagged; D5.3: the result lists the base, the bomb and the payments."""
    scene = make_scene("doudizhu", 7)
    hands = ["4S 4H 4D 4C 9S KD", "3S 3H 8S JD", "6S 7C 8D TC"]
    scene.controller.use_deal(ddz.new_deal(hands=hands, landlord=1, base=2))
    step_until(scene, lambda: idle(scene))
    bomb = scene.controller.selection_actions(parse_cards("4S 4H 4D 4C"))
    scene.moves.do(bomb[0])
    step_until(
        scene, lambda: scene.board.banner is not None and "Bomb" in str(scene.board.banner[0]), 200
    )
    banner = str(known(scene.board.banner)[0])
    assert "×2" in banner and "two cards left" in banner
    play_deal(scene, random.Random(3))
    title, rows, beside = scene.view.result_content(scene.frame)
    texts = [row[0] for row in rows]
    assert texts[0] == "Base (the bid)" and rows[0][1] == "2"
    assert "Bomb" in texts and "Multiplier" in texts
    result = narrow(ddz.DoudizhuResult, scene.frame.result)
    assert sum(result.settlement) == 0 and len([t for t in texts if "×" in t]) == 2
    table = known(scene.view.result_table(scene.frame))
    assert [row.cells[1] for row in table.rows] == [
        i18n.tr("doudizhu.landlord" if seat == 1 else "doudizhu.peasant") for seat in range(3)
    ]


def test_whole_deals_with_clicks_in_every_language() -> None:
    """A deal with bidding played to its result panel by clicks, then the next deal starts
    with the next first bidder (D2.3); the result is drawn in each language."""
    for lang in ("en", "zh", "fa"):
        i18n.set_language(lang)
        scene = make_scene("doudizhu", 21)
        first = seen(scene).first_bidder
        play_deal(scene, random.Random(1), draw_every=25)
        assert scene.overlay == "result"
        scene.draw(pygame.Surface(scene.size))
        past_guard(scene)
        click_button(scene, "table.next_deal")
        assert scene.overlay is None and scene.controller.deal_index == 1
        assert seen(scene).first_bidder == (first + 1) % 3
    i18n.set_language("en")


def test_hint_during_the_bidding_says_the_bid() -> None:
    """D2.3: Hint while bidding names the bid the Normal bot would make (an action without
    cards is said in the message line, nothing is selected in the hand)."""
    scene = make_scene("doudizhu", 14)
    scene.controller.use_deal(ddz.new_deal(seed=14, first_bidder=0))
    step_until(scene, lambda: idle(scene))
    scene.controller.request_hint()
    hint = scene.controller.take_hint()
    assert hint is not None and hint.kind in ("bid", "call", "rob") and not hint.cards
    scene.actions.show_hint(hint)
    assert scene.board.notice == i18n.tr("table.hint_is", action=bid_label(hint))
    assert scene.hand.selection() == []


def test_the_p_key_says_no_bid() -> None:
    """D2.3: during the bidding P is the Pass button (no bid), as it is Pass in the play."""
    scene = make_scene("doudizhu", 14)
    scene.controller.use_deal(ddz.new_deal(seed=14, first_bidder=0))
    step_until(scene, lambda: idle(scene))
    key(scene, pygame.K_p)
    assert dealt(scene).bidding.history[0] == (0, "bid", 0)


@pytest.mark.parametrize(("press", "value"), [(pygame.K_1, 1), (pygame.K_2, 2), (pygame.K_KP3, 3)])
def test_the_number_keys_bid_their_points(press, value) -> None:
    """D2.3: 1, 2 and 3 (main row or keypad) bid that many points, as their buttons do."""
    scene = make_scene("doudizhu", 14)
    scene.controller.use_deal(ddz.new_deal(seed=14, first_bidder=0))
    step_until(scene, lambda: idle(scene))
    key(scene, press)
    assert dealt(scene).bidding.history[0] == (0, "bid", value)


def test_a_number_key_of_a_bid_no_longer_open_does_nothing() -> None:
    """D2.3: a bid must top the standing one; its greyed button's key is refused too."""
    for seed in range(60):  # the first deal where the AI leaves a bid of 1 or 2 standing
        scene = make_scene("doudizhu", seed)
        scene.controller.use_deal(ddz.new_deal(seed=seed, first_bidder=1))
        step_until(scene, lambda: idle(scene))  # noqa: B023 - called at once, in this turn
        bidding = dealt(scene).bidding
        standing = max((v for _, kind, v in bidding.history if kind == "bid"), default=0)
        if 1 <= standing < 3:
            break
    else:
        raise AssertionError("no deal left a bid of 1 or 2 standing before the player")
    before = list(bidding.history)
    key(scene, pygame.K_1 + standing - 1)
    assert dealt(scene).bidding.history == before
    key(scene, pygame.K_3)
    assert dealt(scene).bidding.history[-1] == (0, "bid", 3)


def test_the_players_payments_and_totals_read_as_gains_and_losses() -> None:
    """D5.3 (issue 40): the player's payments are signed and red or green, the others'
    unsigned; the player's running-total bar takes its colour from its sign."""
    from game.scenes.table.view import GOOD
    from game.widgets.common import DANGER

    scene = make_scene("doudizhu", 7)
    hands = ["4S 4H 4D 4C 9S KD", "3S 3H 8S JD", "6S 7C 8D TC"]
    scene.controller.use_deal(ddz.new_deal(hands=hands, landlord=1, base=2))
    play_deal(scene, random.Random(3))
    result = narrow(ddz.DoudizhuResult, scene.frame.result)
    _, rows, _ = scene.view.result_content(scene.frame)
    paid = {(p.payer, p.payee): p.points for p in result.payments}
    mine = [
        row for row in rows if row[0].startswith(("You pay", "Left pays you", "Right pays you"))
    ]
    assert len(mine) == sum(1 for payer, payee in paid if 0 in (payer, payee)) > 0
    for sentence, value, colour in mine:
        gain = not sentence.startswith("You pay")
        assert value.startswith("+" if gain else ("-", "−")) and colour == (
            GOOD if gain else DANGER
        )
    track = narrow(Totals, scene.view.result_track(scene.frame))  # a points game's totals
    # The player's bar by its sign, the others' grey, as Run Fast's (issue 55).
    assert [lane.colour is None for lane in track.lanes] == [True, False, False]


def test_the_bidding_prompt_names_the_bids_still_open() -> None:
    """D2.3 (issue 40): a bid must top the standing one; the prompt offers only those left."""
    from types import SimpleNamespace

    from game.games.doudizhu.rules import BID
    from game.games.doudizhu.rules.bidding import BidAction

    scene = make_scene("doudizhu", 14)
    for open_bids, said in (
        ((1, 2, 3), "1, 2 or 3 points"),
        ((2, 3), "2 or 3 points"),
        ((3,), ": 3 points"),
    ):
        options = [BidAction.of("bid", 0)] + [BidAction.of("bid", v) for v in open_bids]
        # what the prompt reads of a frame: the view's stage, whose turn, the player's options
        frame = SimpleNamespace(
            seat_view=SimpleNamespace(stage=BID), human_turn=True, options=options
        )
        prompt = known(scene.view.phase_prompt(cast(TableFrame, frame)))[0]
        assert said in prompt and "above" not in prompt
        assert all(str(v) not in prompt.split(":")[1] for v in range(1, 4) if v not in open_bids)


def test_the_bidding_pass_is_an_outlined_button_like_hint():
    """D2.3: Pass in the bidding bar looks like the bar's other open choices (outlined), not
    like a greyed or text-only button (issue 40: it was drawn borderless)."""
    scene = make_scene("doudizhu", 14)
    scene.controller.use_deal(ddz.new_deal(seed=14, first_bidder=0))
    step_until(scene, lambda: idle(scene))
    styles = {b.key: b.style for b in scene.buttons if b.enabled}
    assert styles["table.pass"] == styles["table.hint"] == "secondary"


def test_a_button_refuses_an_unknown_style():
    from game.widgets.common import Button

    with pytest.raises(ValueError, match="unknown button style"):
        Button("table.pass", lambda: None, style="normal")
