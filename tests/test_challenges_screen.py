"""The Challenges screens (issue 59), driven by clicks and keys as a person would: the title
card's button, a game's list of puzzles, a puzzle played to its stars (with hints, without
them), a wrong move that lets the defence win and Retry, undo, and the progress kept in the
player's data folder (a round trip, a restart, a broken file set aside)."""

from __future__ import annotations

import json

import pygame
import pytest

from game import storage
from game.ai import puzzles as puzzle_data
from game.challenge_progress import Progress, progress_path
from game.rules.base import Action
from game.scenes.challenges import ChallengesScene, PuzzleScene
from game.scenes.title import TitleScene
from game.widgets.common import Button
from game.widgets.hand import HandWidget

GAMES = puzzle_data.games_with_puzzles()


# --- input ---------------------------------------------------------------------------------
def click(scene, pos: tuple[int, int]) -> None:  # noqa: ANN001 - any scene
    scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos))
    scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos))
    scene.update(0.0)


def key(scene, code: int, mod: int = 0) -> None:  # noqa: ANN001
    scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode=""))
    scene.update(0.0)


def button(scene: PuzzleScene, key_name: str) -> Button:
    found = [b for b in scene.live_buttons() if b.key == key_name]
    assert found, f"no {key_name} among {[b.key for b in scene.live_buttons()]}"
    return found[0]


def settle(scene: PuzzleScene) -> None:
    """Let the defence answer until the person is to move or the goal is decided."""
    for _ in range(200):
        scene.update(0.0)
        if scene.run.mine() or scene.result() is not None:
            return
    raise AssertionError("the defence never answered")


def mover(scene: PuzzleScene) -> HandWidget:
    """The hand of the seat to move (the person's, while the puzzle waits for them)."""
    widget = scene.board.mover()
    assert widget is not None
    return widget


def click_action(scene: PuzzleScene, action: Action) -> None:
    """Make the person's ``action`` with clicks: its cards in the hand to move, then Play (a
    meaning chosen from the chooser when the cards have several), or Pass."""
    if action.kind == "pass":
        click(scene, button(scene, "table.pass").rect.center)
        return
    widget = scene.board.mover()
    assert widget is not None
    for card in action.cards:
        index = next(
            i for i, shown in enumerate(widget.cards) if shown == card and i not in widget.selected
        )
        rect = widget.positions()[index]
        click(scene, (rect.left + 4, rect.bottom - 6))
    click(scene, button(scene, "table.play").rect.center)
    if scene.choices:  # several meanings (G5.5): the one meant
        chosen = next(
            b for b, a in zip(scene.choice_buttons, scene.choices, strict=False) if a == action
        )
        click(scene, chosen.rect.center)


@pytest.fixture
def screen(app):  # noqa: ANN001 - the App of conftest
    """The title, then one game's Challenges list opened by its title-card button."""

    def open_game(game: str) -> ChallengesScene:
        app.settings.ai_delay_ms = 0
        title = app.stack.push(TitleScene(app))
        app.tick(1 / 60)
        click(title, title.challenge_buttons[game].rect.center)
        listing = app.stack.top
        assert isinstance(listing, ChallengesScene) and listing.game == game
        listing.threaded = False  # the solver's answers inline: the test runs one frame at a time
        return listing

    return open_game


def open_puzzle(listing: ChallengesScene, index: int) -> PuzzleScene:
    click(listing, listing.tiles[index].rect.center)
    scene = listing.app.stack.top
    assert isinstance(scene, PuzzleScene) and scene.index == index
    settle(scene)
    return scene


# --- the way in ------------------------------------------------------------------------------
def test_every_title_card_with_puzzles_has_a_challenges_button_with_its_progress(app):
    app.stack.push(TitleScene(app))
    app.tick(1 / 60)
    title = app.stack.top
    assert set(title.challenge_buttons) == set(GAMES) and len(GAMES) == 4
    for game in GAMES:
        words = title.challenge_buttons[game].text()
        assert "Challenges" in words and f"0 / {len(puzzle_data.load(game))}" in words


def test_keys_move_over_the_list_and_enter_opens_a_puzzle(screen):
    listing = screen("runfast")
    key(listing, pygame.K_RIGHT)
    key(listing, pygame.K_DOWN)  # a row down: puzzle 1 + a row
    index = 1 + listing.columns
    assert listing.tiles[index].focused
    key(listing, pygame.K_RETURN)
    assert isinstance(listing.app.stack.top, PuzzleScene)
    assert listing.app.stack.top.index == index


# --- playing ---------------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_a_puzzle_solved_by_keys_and_clicks_with_hints_earns_two_stars(screen, game):
    """H selects a winning move's cards (or lights Pass), Enter or the Play button plays it;
    the solver defends; the goal met at the first try with hints is two stars, kept."""
    listing = screen(game)
    scene = open_puzzle(listing, 0)
    for _ in range(60):
        if scene.result() is not None:
            break
        key(scene, pygame.K_h)
        hinted = scene.run.hinted
        assert hinted is not None, "a proven puzzle always has a winning move to hint"
        if hinted.kind == "pass":
            key(scene, pygame.K_p)
        elif len(mover(scene).selection()) and not _several_meanings(scene):
            key(scene, pygame.K_RETURN)
        else:
            click_action(scene, hinted)
        settle(scene)
    assert scene.result() is True
    assert scene.run.stars == 2 and scene.run.challenge.hints > 0
    assert Progress().stars(game, scene.puzzle.id) == 2
    assert [b.key for b in scene.live_buttons()][0] == "challenges.next"
    key(scene, pygame.K_RETURN)  # Enter: the next puzzle
    assert scene.index == 1 and scene.result() is None


def _several_meanings(scene: PuzzleScene) -> bool:
    from game.table import refusals

    cards = mover(scene).selection()
    return len(refusals.distinct_meanings(refusals.selection_actions(scene.run.state, cards))) > 1


@pytest.mark.parametrize("game", GAMES)
def test_the_winning_line_played_by_clicks_without_hints_earns_three_stars(screen, game):
    listing = screen(game)
    scene = open_puzzle(listing, 1)
    coach = scene.puzzle.solver()  # the test's own solver: no hint is asked of the screen
    for _ in range(60):
        if scene.result() is not None:
            break
        move = coach.hint(scene.run.state)
        assert move is not None
        click_action(scene, move)
        settle(scene)
    assert scene.result() is True and scene.run.challenge.hints == 0
    assert scene.run.stars == 3
    listing.app.stack.pop()
    assert listing.stars(1) == 3


def _losing_first_move(scene: PuzzleScene) -> Action:
    verdict = scene.puzzle.solver().analyse(scene.run.state)
    return next(move.action for move in verdict.moves if not move.wins)


@pytest.mark.parametrize("game", GAMES)
def test_a_wrong_move_lets_the_defence_win_then_retry_restarts(screen, game):
    """A first move that does not force the goal: the solver's defence wins whatever the
    person plays after it; the screen says so, and Retry sets the puzzle up again."""
    listing = screen(game)
    puzzle = next(i for i, p in enumerate(listing.puzzles) if p.winning < p.moves)
    scene = open_puzzle(listing, puzzle)
    seats = range(scene.board.seats)
    start = {seat: sorted(map(str, scene.run.state.hand(seat))) for seat in seats}
    click_action(scene, _losing_first_move(scene))
    settle(scene)
    for _ in range(60):
        if scene.result() is not None:
            break
        click_action(scene, scene.run.state.legal_actions()[0])
        settle(scene)
    assert scene.result() is False
    assert [b.key for b in scene.live_buttons()][0] == "challenges.retry"
    click(scene, button(scene, "challenges.retry").rect.center)
    settle(scene)
    assert scene.result() is None and scene.run.challenge.tries == 2
    assert {s: sorted(map(str, scene.run.state.hand(s))) for s in start} == start
    assert Progress().stars(game, scene.puzzle.id) == 0


def test_undo_takes_back_the_move_and_the_defence_reply(screen):
    listing = screen("doudizhu")
    scene = open_puzzle(listing, 2)
    before = sorted(map(str, scene.run.state.hand(0)))
    shown = len(scene.run.states)
    assert not button(scene, "table.undo").enabled or not scene.run.can_undo()
    move = scene.puzzle.solver().hint(scene.run.state)
    assert move is not None  # a proven puzzle has a winning move
    click_action(scene, move)
    settle(scene)
    assert len(scene.run.states) > shown
    key(scene, pygame.K_z, pygame.KMOD_CTRL)  # Ctrl+Z is U
    assert sorted(map(str, scene.run.state.hand(0))) == before
    assert len(scene.run.states) == shown and scene.run.mine()
    key(scene, pygame.K_u)  # nothing more to take back: nothing changes
    assert len(scene.run.states) == shown


def test_a_refused_selection_says_the_engine_reason_and_changes_nothing(screen):
    listing = screen("runfast")
    scene = open_puzzle(listing, 0)
    state = scene.run.state
    widget = mover(scene)
    # Two cards of different ranks are never a play in Run Fast (R2.1).
    pair = next(
        (i, j)
        for i in range(len(widget.cards))
        for j in range(i + 1, len(widget.cards))
        if widget.cards[i].rank != widget.cards[j].rank
    )
    for index in pair:
        rect = widget.positions()[index]
        click(scene, (rect.left + 4, rect.bottom - 6))
    log = len(state.log)
    key(scene, pygame.K_RETURN)
    assert len(scene.run.state.log) == log
    assert scene.run.message is not None and str(scene.run.message)


# --- progress --------------------------------------------------------------------------------
def test_progress_round_trip_keeps_the_best_stars(tmp_path):
    path = tmp_path / "challenges.json"
    progress = Progress(path)
    assert progress.record("runfast", "runfast-01", 2)
    assert not progress.record("runfast", "runfast-01", 1)  # a replay with fewer keeps 2
    assert progress.record("runfast", "runfast-01", 3)
    assert progress.record("guandan", "guandan-05", 1)
    again = Progress(path)
    assert again.stars("runfast", "runfast-01") == 3 and again.stars("guandan", "guandan-05") == 1
    summary = again.summary("runfast", ["runfast-01", "runfast-02"])
    assert (summary.solved, summary.total, summary.stars) == (1, 2, 3)
    assert json.loads(path.read_text())["version"] == 1


@pytest.mark.parametrize(
    "content",
    [b"{not json", b'{"version": 1, "games": {"runfast": {"runfast-01": 9}}}', b"[]", b"\xff\xfe"],
)
def test_a_broken_progress_file_is_set_aside_and_the_title_still_starts(app, content, monkeypatch):
    told: list[str] = []
    monkeypatch.setattr(storage, "notice", lambda key, **params: told.append(key))
    path = progress_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(content)
    title = app.stack.push(TitleScene(app))
    app.tick(1 / 60)
    assert "0 / 24" in title.challenge_buttons["runfast"].text()
    assert not path.exists()
    assert list(path.parent.glob("challenges.json.broken-*"))
    assert told == ["challenges.progress_unreadable"]


def test_progress_survives_a_restart(tmp_path):
    """Stars won in one run of the game are on the title card of the next."""
    from game import i18n
    from game.app import App, parse_args

    Progress().record("shengji", puzzle_data.load("shengji")[0].id, 3)
    i18n.set_language("en")
    again = App(parse_args(["--windowed", "1280x720"]), settings_path=tmp_path / "s.toml")
    try:
        again.start()
        again.tick(1 / 60)
        again.stack.clear()
        title = again.stack.push(TitleScene(again))
        again.tick(1 / 60)
        words = title.challenge_buttons["shengji"].text()
        assert "1 / 24" in words and title.challenges.stars["shengji"] == 3
    finally:
        again.stack.clear()


def test_the_stars_grow_in_and_a_key_shows_them_whole(screen):
    """Feel: the stars won grow in one after another; any key or click shows them whole,
    and with reduced motion (or the effects off) they are shown whole at once."""
    listing = screen("runfast")
    app = listing.app
    app.settings.effects = "normal"
    scene = open_puzzle(listing, 1)
    coach = scene.puzzle.solver()
    while scene.result() is None:
        move = coach.hint(scene.run.state)
        assert move is not None  # a proven puzzle has a winning move
        click_action(scene, move)
        settle(scene)
    assert scene.stars_grown() == 0.0  # the panel is up, its stars not grown yet
    scene.update(0.5)
    stars = scene.run.stars
    assert stars is not None  # the puzzle is solved: its stars are known
    grown = scene.stars_grown()
    assert grown is not None and 0.0 < grown < stars
    key(scene, pygame.K_SPACE)
    assert scene.stars_grown() is None
    scene.result_clock = 0.0
    app.settings.reduced_motion = True
    assert scene.stars_grown() is None
