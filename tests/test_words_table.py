"""The table's smaller faults of issue 55, each checked where it showed: Dou Dizhu coloured the
opponents' numbers while Run Fast kept them plain, showed no face-down kitty during the bidding
(D2.1) and said only the deal of its match in progress on the Table tab."""

from __future__ import annotations

import dataclasses

import pygame
import pytest

from game import i18n, save
from game.games.doudizhu.view import View as DoudizhuTable
from game.rules import doudizhu as dz
from game.rules.base import DealState
from game.save import SaveStatus
from game.scenes.table import TableScene
from game.scenes.table.view import GOOD, score_colour, view_class
from game.table.controller import TableController
from game.widgets.common import DANGER, INK
from tests.fake_app import FakeApp
from tests.test_table_scene import DT


@pytest.fixture(autouse=True)
def _english():
    pygame.init()
    i18n.set_language("en")
    save.clear_autosave()
    yield
    save.clear_autosave()
    i18n.set_language("en")


def scene_at(game: str, seed: int = 3) -> TableScene:
    app = FakeApp()
    controller = TableController(game, seed=seed, think_delay=0.0, threaded=False)
    table = TableScene(app, game, controller=controller)
    app.stack.push(table)
    for _ in range(400):
        table.update(DT)
        if not table.busy():
            break
    return table


def test_one_colour_rule_for_running_totals():
    assert score_colour(5) == GOOD and score_colour(-5) == DANGER and score_colour(0) == INK
    assert score_colour(5, own=False) == INK and score_colour(-5, own=False) == INK


@pytest.mark.parametrize("game", ["runfast", "doudizhu"])
def test_the_opponents_totals_are_plain_in_both_points_games(game):
    table = scene_at(game)
    frame = table.frame
    frame = dataclasses.replace(frame, totals=(6, -12, 6))
    rows = table.view.header_lines(frame)
    colours = {label: colour for label, _value, colour in rows}
    names = [table.view.seat_name(seat) for seat in range(3)]
    own = next(colour for label, colour in colours.items() if names[0] in label)
    others = [colour for label, colour in colours.items() if names[1] in label or names[2] in label]
    assert own == GOOD and others and all(colour == INK for colour in others)


class BlitSpy(pygame.Surface):
    """A surface that keeps what is blitted on it (source, where)."""

    def __init__(self, size: tuple[int, int]) -> None:
        super().__init__(size)
        self.blitted: list[tuple[pygame.Surface, pygame.Rect]] = []

    def blit(self, source, dest, *args, **kwargs):  # type: ignore[override]  # a recording surface, looser than pygame's
        rect = super().blit(source, dest, *args, **kwargs)
        self.blitted.append((source, rect))
        return rect


def test_the_kitty_lies_face_down_during_the_bidding(monkeypatch):
    """D2.1: three cards lie face down in the middle until the landlord takes them (none lay
    there during the bidding, issue 55): three single card backs are blitted on the table
    (the other seats' hands are fans, pictures of their own)."""
    from game.widgets import card_backs

    table = scene_at("doudizhu")
    view = table.frame.seat_view
    assert isinstance(view, dz.DoudizhuView)  # Dou Dizhu's own view
    assert view.stage == "bid"
    backs: set[int] = set()
    real = card_backs.back_of

    def back_of(height: int, name: str) -> pygame.Surface:
        image = real(height, name)
        backs.add(id(image))
        return image

    monkeypatch.setattr(card_backs, "back_of", back_of)
    surface = BlitSpy(table.size)
    table.draw(surface)
    assert len([rect for source, rect in surface.blitted if id(source) in backs]) == 3


def test_a_points_game_says_its_running_total_in_the_menus():
    """Dou Dizhu's Table tab said "deal 1" where Run Fast said "deal 1, your running total"."""
    status: SaveStatus = {"deal": 0, "levels": None, "totals": [-12, 6, 6]}
    for game in ("runfast", "doudizhu"):
        words = view_class(game).saved_words(status)
        assert words == "deal 1, your running total -12", game


# --- panels over the table ----------------------------------------------------------------------
def lesson_note(game: str, name: str, size: tuple[int, int]) -> TableScene:
    """A lesson at its note ``name`` (the notes before read, the moves before made)."""
    app = FakeApp(size)
    table = TableScene.for_lesson(app, game, threaded=False)
    assert table is not None  # the game has a lesson
    app.stack.push(table)
    runner, ctl = table.lesson.runner, table.controller
    assert runner is not None
    for _ in range(20000):
        table.update(DT)
        note = table.lesson.note
        if note is not None:
            if note.key.endswith("." + name):
                return table
            table.lesson.read()
        elif ctl.is_human_turn() and table.can_act():
            move = runner.scripted(ctl.state, ctl.legal())
            assert move is not None  # the script has the player's every move
            table.moves.do(move)
    raise AssertionError(f"no note {name}")


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)])
def test_the_lesson_note_keeps_clear_of_the_banner_and_the_plays(size, monkeypatch):
    """The Dou Dizhu lesson's rocket note covered the "Bomb! Stakes ×2" banner and the bomb's
    tag, and the felt showed through it (issue 55)."""
    from game.scenes.table import lesson as lesson_panel
    from game.scenes.table.layout import BANNER_Y

    table = lesson_note("doudizhu", "rocket", size)
    note = table.lesson.rect()
    assert table.board.banner is not None
    layout = table.layout
    banner_bottom = int(size[1] * BANNER_Y) + layout.tu(30) // 2
    assert note.top >= banner_bottom
    for seat, play in table.board.plays.items():
        if seat != 0 and play != "pass":
            assert play is not None
            cards, combo = table.board.play_kinds[seat]
            assert not note.colliderect(layout.play_box(seat, play, combo)), seat
    alphas = []
    monkeypatch.setattr(lesson_panel, "panel", lambda *args, alpha=255, **kw: alphas.append(alpha))
    table.lesson.draw(pygame.Surface(size))
    assert alphas == [255]


@pytest.mark.parametrize("game", ["doudizhu", "guandan"])
@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720), (800, 600)])
def test_the_result_panel_never_cuts_through_the_scoreboard(game, size):
    from tests.test_table_scene import make_scene, random_bots

    table = make_scene(game, 5, app=FakeApp(size), bots=random_bots)
    for _ in range(30000):
        table.update(DT)
        if table.overlay == "result":
            break
        ctl = table.controller
        if ctl.is_human_turn() and table.can_act():
            table.moves.do(ctl.legal()[0])
    assert table.overlay == "result"
    box = table.overlays.result.rect()
    header = table.layout.rects["header"]
    rows = len(table.view.header_lines(table.frame))
    bottom = header.top + table.layout.u(22) + rows * table.layout.u(36)
    assert not header.top < box.top < bottom, (box, header.top, bottom)


@pytest.mark.parametrize("game", ["doudizhu", "guandan"])
def test_the_result_panel_is_opaque(game, monkeypatch):
    """The result panel let the felt and the cards show through (issue 55): its panel is
    drawn at full opacity."""
    from game.scenes.table import result_panel
    from tests.test_table_scene import make_scene, random_bots

    table = make_scene(game, 5, app=FakeApp((1280, 720)), bots=random_bots)
    for _ in range(30000):
        table.update(DT)
        if table.overlay == "result":
            break
        if table.controller.is_human_turn() and table.can_act():
            table.moves.do(table.controller.legal()[0])
    assert table.overlay == "result"
    alphas = []
    monkeypatch.setattr(result_panel, "panel", lambda *args, alpha=255, **kw: alphas.append(alpha))
    table.overlays.result._draw_still()
    assert alphas == [255]


# --- the plays on the table after a resume or an undo -----------------------------------------
def shown(table: TableScene) -> dict[int, object]:
    return dict(table.board.plays)


@pytest.mark.parametrize("game, seed", [("guandan", 3), ("runfast", 2), ("doudizhu", 5)])
def test_a_resumed_table_lays_every_play_of_the_round(game, seed):
    """G4.2, R3.5, D3.3: the plays of the round in progress lie in front of their seats, the
    beaten ones too; a resume (issue 55) brought back only the standing play and the passes."""
    from tests.test_table_scene import make_scene

    table = make_scene(game, seed, autoplay=True, autoplay_pause=0.0)
    for _ in range(6000):
        table.update(0.2)
        plays = [p for p in table.board.plays.values() if p != "pass"]
        ctl = table.controller
        in_deal = not ctl.state.is_terminal and not ctl.awaiting_next and table.frame.log
        if len(plays) >= 2 and in_deal and not table.busy() and not table.board.queue:
            break
    assert len([p for p in shown(table).values() if p != "pass"]) >= 2
    again = TableScene(FakeApp(), game, snapshot=table.controller.snapshot(), threaded=False)
    assert shown(again) == shown(table)
    assert list(shown(again)) == list(shown(table))  # in the order made


@pytest.mark.parametrize("game, seed", [("guandan", 3), ("runfast", 4)])
def test_an_undo_lays_the_round_as_it_lay_before_the_move(game, seed):
    from game.settings import Settings
    from tests.test_table_scene import make_scene

    app = FakeApp(settings=Settings(ai_delay_ms=0, animation_speed=100, undo="on"))
    table = make_scene(game, seed, app=app)
    ctl = table.controller
    before = None
    for _ in range(20000):
        table.update(DT)
        if ctl.is_human_turn() and table.can_act() and not table.board.queue:
            on_table = [p for p in table.board.plays.values() if p != "pass"]
            if before is None and len(on_table) >= 2 and not ctl.leading():
                before = shown(table)
                table.moves.do(ctl.legal()[-1])
            elif before is not None:
                break
            else:
                table.moves.do(ctl.legal()[0])
    assert before is not None
    table._undo()
    assert shown(table) == before


def test_the_replay_says_when_a_deal_was_thrown_in():
    """D2.4: when all three pass, the cards are thrown in and dealt again; the table says so
    and the replay said nothing (issue 55)."""
    from game.history import replay
    from game.scenes.replay import ReplayScene

    state = dz.new_deal(seed=11)
    states: list[DealState] = [state.clone()]
    for _ in range(3):
        state.apply(
            next(a for a in state.legal_actions() if isinstance(a, dz.BidAction) and a.value == 0)
        )
        states.append(state.clone())
    assert any(r.auto and r.action.kind == "redeal" for r in state.log)
    scene = ReplayScene(FakeApp(), replay.from_states("doudizhu", states))
    assert [scene.said_here(p) for p in range(3)] == [None, None, None]
    assert scene.said_here(3) == i18n.tr("doudizhu.said_redeal")
    i18n.set_language("ja")
    assert scene.said_here(3) == i18n.tr("doudizhu.said_redeal")


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720), (800, 600)])
@pytest.mark.parametrize("lang", ["en", "ja", "pl", "hu", "fa"])
def test_the_ai_chip_says_the_same_at_every_table(size, lang):
    """ "AI · Normal" at the four-seat tables and "Normal" at the three-seat ones (issue 55):
    the chip says the same at every game's table of one window and language."""
    i18n.set_language(lang)
    said = set()
    for game in ("guandan", "shengji", "runfast", "doudizhu"):
        app = FakeApp(size)
        controller = TableController(game, seed=1, think_delay=0.0, threaded=False)
        table = TableScene(app, game, controller=controller)
        app.stack.push(table)
        said.add(table.seat_plates._badge()[0])
    assert len(said) == 1, said


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720), (800, 600)])
@pytest.mark.parametrize("game", ["guandan", "shengji"])
def test_the_headers_labels_share_one_size(size, game):
    """Japanese "あなたのチーム" was drawn smaller than "相手チーム" (issue 55): a label too
    wide for the header makes every label of the header smaller alike."""
    i18n.set_language("ja")
    app = FakeApp(size)
    controller = TableController(game, seed=1, think_delay=0.0, threaded=False)
    table = TableScene(app, game, controller=controller)
    app.stack.push(table)
    lines = table.view.header_lines(table.frame)
    size_units = table.drawer.header_label_size(lines)
    heights = {
        table.pen.line_image(
            label, size_units, (0, 0, 0), bold=False, max_width=table.layout.u(230)
        ).get_height()
        for label, _, _ in lines
    }
    assert len(heights) == 1, heights


@pytest.mark.parametrize("lang", ["en", "pl", "hu", "tr", "es", "ar"])
def test_the_last_trick_heading_speaks_to_the_player_when_the_trick_was_theirs(lang):
    """ "Last trick: won by You" put a seat's name where each language wanted a person: "bierze
    Ty" (pl), "Te vitte" (hu), "Sen aldı" (tr) are wrong forms of the verb."""
    table = scene_at("shengji")
    i18n.set_language(lang)
    trick = type("Trick", (), {"winner": 0, "points": 5})()
    mine = table.view.last_trick_title(trick)
    assert table.view.seat_name(0) not in mine.split(":")[-1].split("(")[0].split()
    assert mine == i18n.tr("shengji.last_trick_title_you", count=5)
    trick.winner = 1
    theirs = table.view.last_trick_title(trick)
    assert i18n.tr("said.table.seat_right") in theirs  # es: "la gana el de la derecha"


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720), (800, 600)])
@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_the_banner_runs_across_no_seat_plate(size, lang):
    """The Turkish refused tribute ("Haraç reddi: iki Kırmızı Joker de haraç verenlerde, bu
    dağıtımda haraç yok") ran as one line across both side plates at 1280×720: a banner too
    long for the room between them wraps, and keeps its lower edge where one line's is."""
    from tests.test_table_scene import make_scene

    i18n.set_language(lang)
    table = make_scene("guandan", 3, app=FakeApp(size))
    table.update(DT)
    layout = table.layout
    names = {"payer": table.view.seat_name(1), "receiver": table.view.seat_name(3)}
    names["giver"], names["name"], names["cards"] = names["receiver"], names["payer"], "10♠ 10♥"
    for key in ("announce_anti_tribute", "announce_tribute", "announce_return", "announce_declare"):
        value = i18n.tr(f"table.{key}", **names)
        image, rect = table.drawer.banner_place(value)
        box = rect.inflate(layout.u(60), layout.u(28))
        for seat, plate in layout.rects["seats"].items():
            assert not box.colliderect(plate), (key, seat, box, plate)
        one = table.drawer.banner_place("x")[1]
        assert rect.bottom == one.bottom


def test_a_table_line_is_drawn_in_the_language_it_is_kept_for():
    """The table's line caches are keyed by language: a line kept for Persian is drawn as
    Persian (its digits, its direction) whatever the language of the moment it was first
    asked for; a later Persian table never reuses a Persian line drawn as another language's."""
    from game import text
    from game.scenes.table import layout

    line = "۱۲ کارت · 12"
    layout._rendered_text.cache_clear()
    layout.wrapped.cache_clear()
    i18n.set_language("en")
    kept = layout.rendered(line, 25, (0, 0, 0), True, "fa")
    wrapped, _width = layout.wrapped(line, 25, (0, 0, 0), 120, "fa")
    i18n.set_language("fa")
    want = text.render(line, 25, (0, 0, 0), bold=True)
    assert pygame.image.tobytes(kept, "RGBA") == pygame.image.tobytes(want, "RGBA")
    want_wrapped = text.render(line, 25, (0, 0, 0), bold=True, max_width=120, align="center")
    assert pygame.image.tobytes(wrapped, "RGBA") == pygame.image.tobytes(want_wrapped, "RGBA")


@pytest.mark.parametrize("size", [(800, 600), (1280, 720)])
@pytest.mark.parametrize("lang", ["ar", "fa", "ja", "en"])
def test_a_seat_tag_holds_its_words_whole(size, lang, monkeypatch):
    """Dou Dizhu's tags on a seat's plate were a fixed 124 x 26 units: Arabic's "بقيت ورقة
    واحدة!" and "الإقطاعي" ran over them at 800x600, squeezed and their dots cut (issue 55).
    Each tag is as large as its words at the table's text size."""
    from game import text

    app = FakeApp(size)
    controller = TableController("doudizhu", seed=3, think_delay=0.0, threaded=False)
    table = TableScene(app, "doudizhu", controller=controller)
    app.stack.push(table)
    i18n.set_language(lang)
    view = table.view
    assert isinstance(view, DoudizhuTable)  # Dou Dizhu's own table view
    ctx = view.ctx
    tags: list[pygame.Rect] = []
    said: list[dict[str, object]] = []
    real_rect = pygame.draw.rect

    def rect(surface, colour, area, *args, **kwargs):
        tags.append(pygame.Rect(area))
        return real_rect(surface, colour, area, *args, **kwargs)

    def words(*args, **kwargs):
        said.append(kwargs)
        return pygame.Rect(0, 0, 0, 0)

    monkeypatch.setattr(pygame.draw, "rect", rect)
    monkeypatch.setattr(ctx, "text", words)
    plate = ctx.seat_rects()[1]
    try:
        for key, below in (("doudizhu.tag_1", True), ("doudizhu.landlord", False)):
            tags.clear()
            said.clear()
            label = i18n.tr(key)
            view._tag(pygame.Surface(size), plate, label, (200, 0, 0), below=below)
            width, height = text.size(label, ctx.tu(18), bold=True)
            room = said[0]["max_width"]
            assert isinstance(room, int) and width <= room, (key, width, room)
            assert height <= tags[0].height + ctx.u(2), (key, height, tags[0])
            assert tags[0].width <= plate.width  # within its plate's width
    finally:
        i18n.set_language("en")
