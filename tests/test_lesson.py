"""Learn to play (issue 41): each game's lesson played through by its expected moves, wrong
moves refused with the lesson's reason, and each lesson played to its end at the table by
clicks and by keys."""

from __future__ import annotations

import pygame
import pytest

from game import i18n, save
from game.games.doudizhu.rules.bidding import bid_value
from game.rules.base import Action, DealState
from game.scenes.table import TableScene
from game.table.lesson import LessonRunner, lesson_for, made
from game.text import is_rtl as rtl
from tests.fake_app import FakeApp
from tests.test_table_scene import DT, click, do_human, key
from tests.typed import known

GAMES = ("guandan", "shengji", "runfast", "doudizhu")


def play_part(runner: LessonRunner, state: DealState) -> list[Action]:
    """Play the part's script (every seat, the player included) with every note read."""
    moves: list[Action] = []
    while True:
        while runner.note(state) is not None:
            runner.read(state)
        step = runner.step(state)
        if step is None:
            return moves
        action = runner.scripted(state, list(state.legal_actions()))
        assert action is not None, f"the script's step {made(state)} is not legal: {step}"
        if step.seat == 0:
            assert runner.refusal(state, action) is None
            moves.append(action)
        state.apply(action)


@pytest.mark.parametrize("game", GAMES)
def test_each_lesson_plays_through_by_its_expected_moves(game):
    lesson = lesson_for(game)
    assert lesson is not None and lesson.game == game
    runner = LessonRunner(lesson)
    state = runner.deal()
    while True:
        assert play_part(runner, state), "the player makes moves in every part"
        if runner.last_part:
            break
        assert state.is_terminal  # a part that leads to another is a whole deal
        state = runner.next_part()
    assert runner.finished(state)


# The lesson's words for a wrong move at one of its steps (game, the wrong move's cards or
# "pass", the refusal key). Shengji's follow (S4.4) and Run Fast's must-beat (R3.4) are refused
# by the lesson before the engine is asked.
WRONG = [
    ("guandan", "9S 9H", "lesson.guandan.want_pair"),
    ("guandan", "pass", "lesson.guandan.want_pair"),
    ("shengji", "pass", "lesson.shengji.want_declare"),
    ("shengji", "2S 2S", "lesson.shengji.want_declare"),
    ("runfast", "3H", "lesson.runfast.want_sky"),
    ("doudizhu", "BJ RJ", "lesson.doudizhu.want_stand"),
]


@pytest.mark.parametrize("game,cards,reason", WRONG)
def test_a_wrong_first_move_is_refused_with_the_lessons_reason(game, cards, reason):
    runner = LessonRunner(known(lesson_for(game)))
    state = runner.deal()
    while known(runner.step(state)).seat != 0:  # the AI seats' scripted moves up to the player's
        state.apply(known(runner.scripted(state, list(state.legal_actions()))))
    while runner.note(state) is not None:
        assert runner.refusal(state, Action("pass")) == "lesson.read_first"
        runner.read(state)
    if cards == "pass":
        wrong = Action("pass")
    elif cards.startswith("bid "):  # Dou Dizhu's bidding (D2.3): a bid the lesson does not want
        wrong = next(a for a in state.legal_actions() if bid_value(a) == int(cards.split()[1]))
    else:
        wrong = state.actions_for(cards)[0]
    assert runner.refusal(state, wrong) == reason
    assert i18n.tr(reason) != reason


@pytest.mark.parametrize("bid", [0, 1, 2])
def test_a_bid_below_the_lessons_is_refused_with_its_reason(bid):
    """D2.3: in the second Dou Dizhu deal the player speaks first and the lesson waits for
    the bid of 3 its strong hand deserves; a pass or a lower bid is refused with that reason."""
    runner = LessonRunner(known(lesson_for("doudizhu")))
    state = runner.next_part()
    while runner.note(state) is not None:
        runner.read(state)
    wrong = next(a for a in state.legal_actions() if bid_value(a) == bid)
    assert runner.refusal(state, wrong) == "lesson.doudizhu.want_bid"
    right = next(a for a in state.legal_actions() if bid_value(a) == 3)
    assert runner.refusal(state, right) is None


def test_every_player_step_that_refuses_has_a_reason_in_the_catalog():
    for game in GAMES:
        for part in known(lesson_for(game)).parts:
            for step in part.steps:
                keys = [n.key for n in step.notes] + ([step.refuse] if step.refuse else [])
                if step.seat == 0:
                    assert step.refuse, f"{game}: a player's step without its reason"
                for key_name in keys:
                    assert i18n.tr(key_name) != key_name, key_name
            for note in part.closing:
                assert i18n.tr(note.key) != note.key


# --- at the table ------------------------------------------------------------------------
@pytest.fixture(autouse=True)
def _pygame():
    pygame.init()
    i18n.set_language("en")
    save.clear_autosave()
    yield
    save.clear_autosave()
    i18n.set_language("en")


def lesson_scene(game: str, app: FakeApp | None = None) -> TableScene:
    app = app or FakeApp()
    scene = known(TableScene.for_lesson(app, game, threaded=False))  # every game has a lesson
    app.stack.push(scene)
    return scene


def select_by_keys(scene: TableScene, cards) -> None:
    """Select ``cards`` with the arrow keys and Space (copies matched one by one)."""
    wanted = list(cards)
    for index, shown in enumerate(scene.hand.cards):
        if shown in wanted and index not in scene.hand.selected:
            wanted.remove(shown)
            while scene.hand.focus != index:
                step = 1 if scene.hand.focus < index else -1
                key(scene, pygame.K_RIGHT if step > 0 else pygame.K_LEFT)
            key(scene, pygame.K_SPACE)
    assert not wanted


def act_by_keys(scene: TableScene, action: Action) -> None:
    if action.kind == "pass" or (action.kind == "bid" and not bid_value(action)):  # P: no bid too
        key(scene, pygame.K_p)
        return
    if action.kind == "bid":  # the number keys bid that many points
        key(scene, pygame.K_0 + bid_value(action))
        return
    select_by_keys(scene, action.cards)
    key(scene, pygame.K_RETURN)
    if scene.overlay == "chooser":
        key(scene, pygame.K_1)


def play_lesson(scene: TableScene, by_keys: bool, limit: int = 20000) -> dict[str, int]:
    """Play the lesson to its end at the table: notes read, the player's expected moves made
    (a wrong one first, once, to see it refused), results continued. Counts what happened."""
    app, runner, ctl = scene.app, known(scene.lesson.runner), scene.controller
    seen = {"notes": 0, "moves": 0, "refused": 0, "results": 0}
    for _ in range(limit):
        if app.stack.top is not scene:
            return seen
        scene.update(DT)
        if scene.lesson.note is not None:
            seen["notes"] += 1
            if by_keys:
                key(scene, pygame.K_RETURN)
            else:
                button = scene.lesson.buttons[0]
                click(scene, button.rect.center)
            continue
        if scene.overlay == "result":
            seen["results"] += 1
            if by_keys:  # pressed and let go (the panel ignores a key held since it opened)
                key(scene, pygame.K_RETURN)
                scene.handle_event(pygame.event.Event(pygame.KEYUP, key=pygame.K_RETURN, mod=0))
            else:
                click(scene, scene.overlays.buttons[0].rect.center)
            continue
        if ctl.is_human_turn() and scene.can_act():
            state = ctl.state
            action = known(runner.scripted(state, ctl.legal()))
            before = made(state)
            if seen["refused"] == 0 and action.kind not in ("pass", "bid"):
                scene.moves.pass_turn()  # the lesson waits for a play: a pass is refused with its words
                assert made(state) == before and scene.board.notice == i18n.tr(
                    known(runner.step(state)).refuse
                )
                seen["refused"] += 1
            (act_by_keys if by_keys else do_human)(scene, action)
            assert made(ctl.state) == before + 1, f"{action} was not made"
            seen["moves"] += 1
    raise AssertionError("the lesson did not end")


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("by_keys", [False, True], ids=["clicks", "keys"])
def test_each_lesson_is_played_to_its_end_at_the_table(game, by_keys):
    app = FakeApp()
    scene = lesson_scene(game, app)
    seen = play_lesson(scene, by_keys)
    lesson = known(lesson_for(game))
    notes = sum(len(s.notes) for p in lesson.parts for s in p.steps)
    notes += sum(len(p.closing) for p in lesson.parts)
    assert seen["notes"] == notes
    assert seen["refused"] == 1 and seen["moves"] >= 4
    assert app.settings.lesson_done(game)
    assert app.stack.top is None


def until_note(scene: TableScene) -> None:
    for _ in range(2000):
        scene.update(DT)
        if scene.lesson.note is not None:
            return
    raise AssertionError("no note came")


def test_a_lesson_can_be_left_at_any_time_and_taken_again():
    app = FakeApp()
    scene = lesson_scene("runfast", app)
    until_note(scene)
    assert not scene.can_act()
    key(scene, pygame.K_ESCAPE)  # Escape leaves, the lesson is not marked
    assert app.stack.top is None and not app.settings.lesson_done("runfast")
    again = lesson_scene("runfast", app)
    until_note(again)
    assert made(again.controller.state) == 0  # taken again from its start
    leave = next(b for b in again.lesson.buttons if b.key == "lesson.leave")
    click(again, leave.rect.center)
    assert app.stack.top is None and not app.settings.lesson_done("runfast")


def test_learn_on_the_table_tab_opens_the_lesson_and_shows_when_it_is_done():
    from game.scenes.preset import PresetScene, load_presets

    app = FakeApp()
    preset = PresetScene(app, load_presets()["runfast"])
    app.stack.push(preset)
    preset.relayout()
    preset.enter()
    assert preset.learn_button.text() == i18n.tr("lesson.learn")
    click(preset, preset.learn_button.rect.center)
    table = app.stack.top
    assert isinstance(table, TableScene) and table.lesson.runner is not None
    assert not {"table.undo", "house.button"} & {b.key for b in table.buttons}
    play_lesson(table, by_keys=False)
    assert app.stack.top is preset
    assert preset.learn_button.text() == i18n.tr("lesson.learn_done")


def mine(state) -> int:
    return sum(1 for r in state.log if r.seat == 0 and not r.auto)


# --- in the real app, by events through its own queue --------------------------------------
class RealInput:
    """Clicks and keys posted to pygame's queue and taken by the app's own frame."""

    def __init__(self, app) -> None:
        self.app = app

    def frame(self) -> None:
        self.app.frame(DT)

    def click(self, pos) -> None:
        for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            pygame.event.post(pygame.event.Event(kind, button=1, pos=pos))
        self.frame()

    def key(self, code: int) -> None:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=""))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=code, mod=0, unicode=""))
        self.frame()

    def button(self, scene: TableScene, key_name: str, label: str | None = None) -> None:
        found = [
            b
            for b in scene.overlays.buttons + scene.buttons
            if b.key == key_name and (label is None or b.text() == label)
        ]
        assert found and found[0].enabled, key_name
        self.click(found[0].rect.center)

    def act(self, scene: TableScene, action: Action, by_keys: bool) -> None:
        if action.kind == "pass":
            self.key(pygame.K_p) if by_keys else self.button(scene, "table.pass")
            return
        if action.kind == "bid":  # Dou Dizhu's bid buttons; P says no bid
            label = scene.view.action_label(action)
            if by_keys and not bid_value(action):
                self.key(pygame.K_p)
            else:
                self.button(scene, "table.declare" if bid_value(action) else "table.pass", label)
            return
        if action.kind == "declare" and not by_keys:
            self.button(scene, "table.declare", scene.view.action_label(action))
            return
        wanted = list(action.cards)
        for index, shown in enumerate(scene.hand.cards):
            if shown in wanted and index not in scene.hand.selected:
                wanted.remove(shown)
                if by_keys:
                    # Right to left, the arrows follow the screen: Left moves to the next card.
                    ahead, back = (pygame.K_LEFT, pygame.K_RIGHT)[:: -1 if not rtl() else 1]
                    for _ in range(60):
                        if scene.hand.focus == index:
                            break
                        self.key(ahead if scene.hand.focus < index else back)
                    assert scene.hand.focus == index, "the arrow keys do not reach the hand"
                    self.key(pygame.K_SPACE)
                else:
                    rect = scene.hand.positions()[index]
                    self.click((rect.left + 4, rect.bottom - 6))
        if by_keys:
            self.key(pygame.K_RETURN)
        else:
            primary = {"return": "table.give_back", "bury": "table.bury"}.get(
                action.kind, "table.play"
            )
            self.button(scene, primary)
        if scene.overlay == "chooser":
            self.key(pygame.K_1)


@pytest.mark.parametrize(
    "game,lang,by_keys",
    [
        ("guandan", "en", False),
        ("guandan", "zh", True),
        ("guandan", "fa", False),
        ("shengji", "en", True),
        ("shengji", "zh", False),
        ("shengji", "fa", True),
        ("runfast", "en", False),
        ("runfast", "zh", True),
        ("runfast", "fa", True),
        ("doudizhu", "en", False),
        ("doudizhu", "zh", True),
        ("doudizhu", "fa", True),
        ("doudizhu", "fa", False),
    ],
)
def test_each_lesson_to_its_end_in_the_real_app_by_its_own_events(app, game, lang, by_keys):
    from game.scenes.preset import PresetScene

    app.settings.ai_delay_ms = 0
    app.settings.animation_speed = 100
    app.set_language(lang)
    preset = app.stack.push(PresetScene(app, app.presets[game]))
    real = RealInput(app)
    real.frame()
    real.click(preset.learn_button.rect.center)
    scene = app.stack.top
    assert isinstance(scene, TableScene) and scene.lesson.runner is not None
    runner, ctl = scene.lesson.runner, scene.controller
    notes = moves = 0
    for _ in range(20000):
        if app.stack.top is not scene:
            break
        real.frame()
        if scene.lesson.note is not None:
            notes += 1
            if by_keys:
                real.key(pygame.K_RETURN)
            else:
                real.click(scene.lesson.buttons[0].rect.center)
        elif scene.overlay == "result":
            real.key(pygame.K_RETURN) if by_keys else real.click(
                scene.overlays.buttons[0].rect.center
            )
        elif ctl.is_human_turn() and scene.can_act():
            before = mine(ctl.state)
            real.act(scene, known(runner.scripted(ctl.state, ctl.legal())), by_keys)
            assert mine(ctl.state) == before + 1  # the AI seats may have moved on since
            moves += 1
    assert app.stack.top is preset and app.settings.lesson_done(game)
    assert notes >= 5 and moves >= 4


def test_a_game_without_a_lesson_shows_no_learn_button():
    from game import registry
    from game.scenes.preset import PresetScene, load_presets

    presets = load_presets()
    app = FakeApp()
    for game in registry.ids():
        preset = PresetScene(app, presets[game])
        shown = preset.learn_button in preset._table_buttons()
        assert shown == (lesson_for(game) is not None), game
