"""The coach (issue 41): a scripted blunder gets a note, a good move does not; the note says
what Hard would play and why in the game's terms; a coached deal is marked in the history."""

from __future__ import annotations

import time

import pygame
import pytest

from game import i18n, save
from game.history import coach as coach_module
from game.history import review
from game.history.coach import Coach, reason
from game.rules import guandan
from game.rules.base import Action
from game.rules.cards import parse_cards
from game.scenes.table import TableScene
from game.scenes.table import coach as table_coach
from game.settings import Settings
from game.table import info
from game.table.controller import TableController
from game.table.summary import DealRow
from tests.fake_app import FakeApp
from tests.test_table_scene import DT, do_human

# An opponent (seat 3) leads a single 3♥; the player holds a bomb of 9s and small singles
# (G5: a bomb beats any single, but spending it on a 3 gives the bomb away for nothing).
HANDS = [
    "9S 9H 9D 9C 3C 4D 6S 8H",
    "5C JD QD 7S 7C 4H 4S KC",
    "TH TD 3S 6D 8C KS QS JC",
    "AS 6H 5H 3H 8D TS JS 7D",
]


def opening() -> guandan.State:
    state = guandan.new_deal(hands=HANDS, level="2", leader=3)
    state.apply(state.actions_for(parse_cards("3H"))[0])
    return state


def judged(before, cards: str, *, process: bool):
    after = before.clone()
    after.apply(after.actions_for(parse_cards(cards))[0])
    coach = Coach("guandan", process=process)
    assert coach.observe(before.clone(), after)
    advice = None
    for _ in range(6000):  # the review runs elsewhere; poll as the frame loop does
        advice = coach.poll()
        if not coach.busy:
            break
        time.sleep(0.01)
    assert not coach.busy and coach.judged == 1
    return advice


def test_a_bomb_spent_on_an_opponents_single_gets_a_note_and_a_small_single_does_not():
    before = opening()
    advice = judged(before, "9S 9H 9D 9C", process=True)
    assert advice is not None
    assert advice.best.kind == "play" and not advice.best.combo.is_bomb
    assert advice.why == "keep_bomb"
    assert advice.loss >= coach_module.threshold("guandan")
    assert judged(before, "4D", process=False) is None


# (game state, played, Hard's choice, the key of why): the sentence follows what the search saw.
def test_reasons_follow_the_kind_of_mistake():
    state = opening()
    bomb = state.actions_for(parse_cards("9S 9H 9D 9C"))[0]
    single = state.actions_for(parse_cards("4D"))[0]
    high = state.actions_for(parse_cards("8H"))[0]
    passing = Action("pass")
    cases = [
        (bomb, single, "keep_bomb"),
        (single, passing, "wait"),
        (passing, single, "take_lead"),
        (passing, bomb, "bomb_now"),
        (high, single, "save_high"),
    ]
    for played, best, why in cases:
        assert reason("guandan", state, played, best, -1.0)[0] == why, (played, best)
    key, params = reason("runfast", state, single, single, -6.0)
    assert key == "points" and params == {"value": 6}


def test_partner_holding_the_round_is_named():
    state = guandan.new_deal(hands=HANDS, level="2", leader=2)
    state.apply(state.actions_for(parse_cards("KS"))[0])  # the partner leads
    state.apply(Action("pass"))
    bomb = state.actions_for(parse_cards("9S 9H 9D 9C"))[0]
    assert reason("guandan", state, bomb, Action("pass"), -1.0)[0] == "partner"


@pytest.fixture
def scene():
    pygame.init()
    i18n.set_language("en")
    save.clear_autosave()
    app = FakeApp(settings=Settings(ai_delay_ms=0, animation_speed=100, coach="on"))
    controller = TableController("guandan", seed=1, think_delay=0.0, threaded=False)
    table = TableScene(app, "guandan", controller=controller)
    table.coach.process = False
    controller.use_deal(opening())
    app.stack.push(table)
    yield table
    table.coach.reset()
    save.clear_autosave()


def until(table, done, limit=6000):
    for _ in range(limit):
        table.update(DT)
        if done():
            return
        time.sleep(0.002)
    raise AssertionError("not reached")


def test_at_the_table_the_note_speaks_of_the_move_just_made_beside_that_play(scene):
    """M4 (issue 55): the note came at the player's next turn and read as advice for the
    position then ("Hard would play J♠" while J♠ could not beat the 2♠ on the table). It is
    about the move just made: "Instead of 9♠ 9♥ 9♦ 9♣ you could have played 4♦:", shown
    before the others play on, beside that play, and it goes when the play leaves the table."""
    ctl = scene.controller
    until(scene, lambda: ctl.is_human_turn() and scene.can_act())
    bomb = ctl.state.actions_for(parse_cards("9S 9H 9D 9C"))[0]
    do_human(scene, bomb)
    made = len(ctl.state.log)
    assert ctl.coached and scene.coach.holds()
    landed = tuple(bomb.cards)
    until(scene, lambda: scene.board.plays.get(0) == landed and not scene.busy(), limit=200)
    for _ in range(6000):  # the table's clock stands still: a verdict in the thread takes long
        scene.update(0.0)
        if scene.coach.note is not None:
            break
        time.sleep(0.002)
    assert len(ctl.state.log) == made, "the others waited for the verdict on the move"
    head, why = scene.coach.lines()
    advice = scene.coach.note
    best = advice.best
    assert head == i18n.tr(
        "coach.instead", played=info.cards_label(bomb.cards), best=info.cards_label(best.cards)
    )
    assert why == i18n.tr("coach.why.keep_bomb") and "Hard would" not in head
    surface = pygame.Surface(scene.size)
    scene.draw(surface)
    note = scene.coach.rect()
    play = scene.layout.play_box(0, scene.board.plays[0])
    assert abs(note.centery - play.centery) < play.height and not note.colliderect(play)
    for card in scene.hand.positions():
        assert not note.colliderect(card)
    for button in scene.buttons:
        assert not note.colliderect(button.rect)
    assert note.bottom <= scene.layout.rects["message_top"]
    # The round goes on; the note stays beside the bomb while it lies there, and goes at the
    # player's next move or when the bomb leaves the table.
    until(scene, lambda: ctl.is_human_turn() and scene.can_act() or ctl.state.is_terminal)
    if scene.board.plays.get(0) == landed:
        assert scene.coach.note is not None
    if ctl.is_human_turn():
        do_human(scene, ctl.pass_action() or ctl.legal()[0])
        assert scene.coach.note is None
    scene.coach.note, scene.coach.played = advice, bomb  # as if the bomb still lay there
    scene.board.plays.pop(0, None)
    scene.update(DT)
    assert scene.coach.note is None, "its play left the table"


def test_the_table_waits_for_the_verdict_only_a_moment(scene):
    """A verdict that takes long does not stop the table: it waits at most coach.WAIT."""
    ctl = scene.controller
    until(scene, lambda: ctl.is_human_turn() and scene.can_act())
    do_human(scene, ctl.state.actions_for(parse_cards("4D"))[0])
    scene.coach.asked_at = scene.board.time - table_coach.WAIT - 0.1
    assert not scene.coach.holds()


def test_the_coach_is_off_at_normal_by_default_and_on_at_easy():
    assert not Settings().coach_on()
    assert Settings(ai_level="easy").coach_on()
    assert Settings(coach="on", ai_level="hard").coach_on()
    assert not Settings(coach="off", ai_level="easy").coach_on()


def play_to_end(state) -> None:
    while not state.is_terminal:
        state.apply(state.legal_actions()[0])


def test_a_coached_deal_is_marked_in_its_history_row(scene, monkeypatch):
    """The controller owns the mark (as undo's and the hints'); its deal-end callback hands
    the row straight to the history's writer, not through the scene (issue 53)."""
    from game.history import db as history_db
    from game.table import session

    recorded: list[DealRow] = []
    monkeypatch.setattr(history_db, "record_deal", recorded.append)
    ctl = scene.controller
    monkeypatch.setattr(ctl, "state", guandan.new_deal(seed=1))
    play_to_end(ctl.state)
    ctl.on_deal_end(ctl, session.deal_row(ctl))
    ctl.coached = True
    ctl.on_deal_end(ctl, session.deal_row(ctl))
    assert [r.coached for r in recorded] == [False, True]
    assert not hasattr(scene, "_record_deal")


def test_a_real_deal_is_judged_by_the_review_worker_from_its_source(monkeypatch):
    """At a seeded table the coach sends the deal's source to a worker process (the replay's
    review job); its verdict is on the decision that was played."""

    def not_here(*args, **kwargs):
        raise AssertionError("judged in this process, not in the worker")

    monkeypatch.setattr(review, "judge", not_here)
    pygame.init()
    app = FakeApp(settings=Settings(ai_delay_ms=0, animation_speed=100, coach="on"))
    controller = TableController("runfast", seed=4, think_delay=0.0, threaded=False)
    table = TableScene(app, "runfast", controller=controller)
    app.stack.push(table)
    for _ in range(200):
        controller.run_bots_until_human()
        if len(controller.legal()) > 1:
            break
        table.moves.do(controller.legal()[0])
    source = table.coach.source()
    assert source is not None and source["seed"] == 4
    before = controller.state.clone()
    table.moves.do(controller.legal()[-1])
    assert table.coach.reviewer is not None
    job = table.coach.reviewer.job
    assert job is not None and job.use_process
    assert job.ply == sum(1 for r in before.log if not r.auto)
    for _ in range(6000):
        if job.done:
            break
        time.sleep(0.01)
    assert job.verdict is not None and job.verdict.ply == job.ply and job.verdict.seat == 0
    table.coach.reset()
