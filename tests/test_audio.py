"""Sounds and music (issue 32): the files, the table of event sounds, volumes, mute, no device.

A fake mixer records what would be heard; the table scene plays whole deals of each game with it
(autoplay), and a scripted run of events reaches every entry of the table.
"""

from __future__ import annotations

import math
from pathlib import Path
from types import SimpleNamespace
from typing import cast

import numpy as np
import pygame
import pytest

from game import audio, settings
from game.audio import EVENT_SOUNDS, MUSIC, Audio, sound_for
from game.paths import assets_dir
from game.rules.base import Action, DealResult
from game.rules.cards import as_cards
from game.scenes.table import TableScene
from game.table.controller import TableController, TableEvent
from tests.fake_app import FakeApp

SOUNDS = assets_dir() / "sounds"
CHIMES = {"turn", "deal_won", "deal_lost", "match_won"}


# --- the files ---------------------------------------------------------------------------------
def decoded(name: str) -> np.ndarray:
    """The file's samples as floats -1..1, channels averaged (pygame's own decoder)."""
    if not pygame.mixer.get_init():
        pygame.mixer.init(frequency=44100, size=-16, channels=2)
    samples = pygame.sndarray.array(pygame.mixer.Sound(str(SOUNDS / f"{name}.ogg")))
    samples = samples.astype(np.float64) / 32768.0
    return samples.mean(axis=1) if samples.ndim == 2 else samples


def mixer_rate() -> int:
    """The open mixer's sample rate (a file was decoded, so the mixer is open)."""
    init = pygame.mixer.get_init()
    assert init is not None
    return init[0]


def db(value: float) -> float:
    return 20 * math.log10(max(value, 1e-10))


def loudest_50ms_db(mono: np.ndarray, rate: int) -> float:
    size = int(rate * 0.05)
    energy = np.convolve(mono**2, np.ones(size) / size, mode="valid")
    return 10 * math.log10(max(float(energy.max()), 1e-20))


def test_every_sound_the_game_names_is_a_file_and_nothing_else_is_there():
    wanted = set(EVENT_SOUNDS.values()) | set(MUSIC.values())
    present = {path.stem for path in SOUNDS.glob("*.ogg")}
    assert wanted == present


def test_all_sounds_together_are_at_most_3_mb():
    total = sum(path.stat().st_size for path in SOUNDS.glob("*.ogg"))
    assert 100_000 < total <= 3 * 1024 * 1024


@pytest.mark.parametrize("name", sorted(set(EVENT_SOUNDS.values()) | set(MUSIC.values())))
def test_each_file_decodes_with_its_peak_and_loudness_in_range(name):
    """Effects: the loudest 50 ms at -16 dBFS RMS (chimes softer, -22); music: whole RMS -27;
    every peak below -0.5 dBFS (no clipping) and none nearly silent."""
    mono = decoded(name)
    rate = mixer_rate()
    peak = db(float(np.abs(mono).max()))
    assert -24.0 < peak <= -0.5, peak
    if name in MUSIC.values():
        level = db(float(np.sqrt(np.mean(mono**2))))
        assert -29.0 <= level <= -25.0, level
        assert len(mono) / rate > 30  # long enough not to nag
    else:
        level = loudest_50ms_db(mono, rate)
        target = -22.0 if name in CHIMES else -16.0
        assert target - 2 <= level <= target + 2, level
        assert len(mono) / rate < 4  # effects are short


@pytest.mark.parametrize("name", sorted(MUSIC.values()))
def test_music_loops_without_a_seam(name):
    mono = decoded(name)
    steps = np.abs(np.diff(mono))
    # Going from the last sample back to the first is no bigger a step than the music makes.
    assert abs(mono[0] - mono[-1]) <= np.percentile(steps, 99.9)


# --- the table of event sounds -----------------------------------------------------------------
def play(cards: str, combo: str | None = None) -> Action:
    return Action(
        "play", tuple(as_cards(cards.split())), SimpleNamespace(kind=combo) if combo else None
    )


def action_event(action: Action, seat: int = 1, lead: bool = False) -> TableEvent:
    return TableEvent("action", 0, seat=seat, action=action, lead=lead)


@pytest.mark.parametrize(
    "action,key",
    [
        (play("4S", "single"), "play_one"),
        (play("4S"), "play_one"),  # a Shengji follow: no combo
        (play("4S 4H", "pair"), "play_several"),
        (play("4S 4H 5D 5C"), "play_several"),
        (play("3S 4H 5D 6C 7S", "straight"), "play_several"),
        (play("9S 9H 9D 9C", "bomb"), "bomb"),
        (play("AS AH AD", "ace_bomb"), "bomb"),  # Run Fast's three aces
        (play("2S 2H 2D 2C", "sky_bomb"), "joker_bomb"),
        (play("BJ BJ RJ RJ", "joker_bomb"), "joker_bomb"),
        (play("3S 4S 5S 6S 7S", "straight_flush"), "straight_flush"),
        (play("5H 5H 6H 6H", "tractor"), "tractor"),
        (Action("pass"), "pass"),
        (Action("declare", tuple(as_cards(["2H"]))), "declare"),
        (Action("reveal", tuple(as_cards("4S 5S 6S 7S 8S 9S TS JS".split()))), "kitty_revealed"),
        (Action("take", tuple(as_cards("4S 5S 6S 7S 8S 9S TS JS".split()))), "kitty_taken"),
        (Action("bury", tuple(as_cards("4S 5S 6S 7S 8S 9S TS JS".split()))), "kitty_buried"),
        (Action("tribute", tuple(as_cards(["AS"]))), "tribute"),
        (Action("return", tuple(as_cards(["3S"]))), "return"),
        (Action("anti_tribute"), "no_tribute"),
    ],
)
def test_sound_for_each_action(action, key):
    assert sound_for(action_event(action), 0) == [key]


def stand_in(word: str) -> DealResult:
    """A deal's result as these tests' outcome functions read it: a word, no game's result."""
    return cast(DealResult, word)


def test_a_deal_is_won_or_lost_by_the_games_outcome_for_the_persons_seat():
    end = TableEvent("deal_end", 0, result=stand_in("result"))
    assert sound_for(end, 0, lambda result, seat: 2.0 if seat == 0 else -2.0) == ["deal_won"]
    assert sound_for(end, 0, lambda result, seat: -1.0) == ["deal_lost"]
    assert sound_for(TableEvent("deal_start", 0), 0) == ["deal_start"]


# --- a fake mixer --------------------------------------------------------------------------------
class FakeSound:
    def __init__(self, path: str, heard: list[str]) -> None:
        self.name = Path(path).stem
        self.heard = heard
        self.volume = 1.0
        assert Path(path).is_file(), path

    def play(self) -> None:
        self.heard.append(self.name)

    def set_volume(self, volume: float) -> None:
        self.volume = volume


class FakeMusic:
    def __init__(self) -> None:
        self.calls: list[tuple[object, ...]] = []
        self.volume = 1.0

    def load(self, path: str) -> None:
        assert Path(path).is_file(), path
        self.calls.append(("load", Path(path).stem))

    def play(self, loops: int = 0, start: float = 0.0, fade_ms: int = 0) -> None:
        self.calls.append(("play", loops))

    def fadeout(self, ms: int) -> None:
        self.calls.append(("fadeout",))

    def set_volume(self, volume: float) -> None:
        self.volume = volume


class FakeMixer:
    def __init__(self, device: bool = True) -> None:
        self.device = device
        self.heard: list[str] = []
        self.music = FakeMusic()

    def get_init(self):
        return (44100, -16, 2) if self.device else None

    def Sound(self, path: str) -> FakeSound:  # noqa: N802 - pygame's name
        return FakeSound(path, self.heard)


def started_audio() -> tuple[Audio, FakeMixer]:
    mixer = FakeMixer()
    sound = Audio(mixer=mixer)
    assert sound.start()
    return sound, mixer


def test_a_scripted_run_of_events_plays_every_entry_of_the_table():
    sound, mixer = started_audio()
    win = lambda result, seat: 1.0 if result == "won" else -1.0  # noqa: E731
    script = [
        (TableEvent("deal_start", 0), ["deal"]),
        (action_event(Action("declare", tuple(as_cards(["2H"])))), ["card"]),
        (action_event(Action("reveal", tuple(as_cards("4S 5S".split())))), ["cards"]),
        (action_event(Action("take", tuple(as_cards("4S 5S".split())))), ["kitty_take"]),
        (action_event(Action("bury", tuple(as_cards("4S 5S".split())))), ["kitty_bury"]),
        (action_event(Action("tribute", tuple(as_cards(["AS"])))), ["slide"]),
        (action_event(Action("return", tuple(as_cards(["3S"])))), ["slide"]),
        (action_event(Action("anti_tribute")), ["pass"]),
        (action_event(play("4S", "single"), lead=True), ["card"]),  # the deal's first lead
        (action_event(Action("pass")), ["pass"]),
        (action_event(play("9S 9H 9D 9C", "bomb")), ["bomb"]),
        (action_event(play("3S 4S 5S 6S 7S", "straight_flush")), ["straight_flush"]),
        (action_event(play("BJ BJ RJ RJ", "joker_bomb")), ["joker_bomb"]),
        (action_event(play("5H 5H 6H 6H", "tractor"), lead=True), ["trick", "tractor"]),
        (action_event(play("5H 6H")), ["cards"]),
        (TableEvent("deal_end", 0, result=stand_in("lost")), ["deal_lost"]),
        (TableEvent("match_end", 0), []),  # lost match: nothing more
        (TableEvent("deal_start", 1), ["deal"]),
        (TableEvent("deal_end", 1, result=stand_in("won")), ["deal_won"]),
        (TableEvent("match_end", 1), ["match_won"]),
    ]
    for event, expected in script:
        del mixer.heard[:]
        sound.on_table_event(event, 0, win)
        sound.update(1.0)  # delayed sounds (a lead after the sweep) come out
        assert mixer.heard == expected, event
    sound.on_turn(True)
    sound.on_turn(True)  # once per turn, not every frame
    sound.on_turn(False)
    sound.on_turn(True)
    assert mixer.heard[-2:] == ["turn", "turn"] and len(mixer.heard) == 3
    heard = {name for _, names in script for name in names} | {"turn"}
    assert heard == set(EVENT_SOUNDS.values())


def test_the_lead_card_sounds_just_after_the_sweep_of_the_round_taken():
    sound, mixer = started_audio()
    sound.on_table_event(TableEvent("deal_start", 0), 0)
    sound.on_table_event(action_event(play("4S", "single"), lead=True), 0)
    sound.on_table_event(action_event(play("5S", "single")), 0)
    del mixer.heard[:]
    sound.on_table_event(action_event(play("6S", "single"), lead=True), 0)
    assert mixer.heard == ["trick"]
    sound.update(audio.LEAD_AFTER_SWEEP / 2)
    assert mixer.heard == ["trick"]
    sound.update(audio.LEAD_AFTER_SWEEP)
    assert mixer.heard == ["trick", "card"]


def make_app(sound: Audio) -> FakeApp:
    return FakeApp((1280, 720), audio=sound, autoplay=True)


@pytest.mark.parametrize("preset,seed", [("guandan", 2), ("shengji", 3), ("runfast", 4)])
def test_the_table_scene_plays_a_deal_of_each_game_through_the_mixer(preset, seed):
    pygame.init()
    sound, mixer = started_audio()
    app = make_app(sound)
    controller = TableController(preset, seed=seed, think_delay=0.0, threaded=False, autoplay=True)
    scene = TableScene(app, preset, controller=controller)
    app.stack.push(scene)
    heard_events: list[str] = []
    original = sound.on_table_event

    def spy(event, seat, outcome=None):
        heard_events.extend(sound_for(event, seat, outcome))
        original(event, seat, outcome)

    sound.on_table_event = spy  # type: ignore[method-assign]  # a spy that passes each on
    for _ in range(20000):
        scene.update(0.1)
        sound.update(0.1)
        if controller.awaiting_next and scene.overlay == "result":
            break
    else:
        raise AssertionError("the deal did not end")
    sound.update(1.0)  # a last delayed sound
    # Every event the scene showed made its sound, in the order the table showed them.
    expected = [EVENT_SOUNDS[key] for key in heard_events]
    heard = [name for name in mixer.heard if name not in ("trick", "turn")]
    assert heard == expected
    assert heard[0] == "deal"
    assert heard[-1] in ("deal_won", "deal_lost")
    assert {"card", "pass", "trick"} <= set(mixer.heard)
    assert heard_events.count("deal_won") + heard_events.count("deal_lost") == 1


# --- volumes, mute, music, no device ---------------------------------------------------------------
def test_volumes_and_mute_reach_the_mixer_and_mute_silences_everything():
    sound, mixer = started_audio()
    sound.set_music("title")
    assert mixer.music.calls[-2:] == [("load", "music_title"), ("play", -1)]
    sound.configure(40, 20, False)
    assert all(s.volume == pytest.approx(0.4) for s in sound.sounds.values())
    assert mixer.music.volume == pytest.approx(0.2)
    sound.configure(40, 20, True)
    assert all(s.volume == 0.0 for s in sound.sounds.values())
    assert mixer.music.calls[-1] == ("fadeout",)
    sound.on_table_event(TableEvent("deal_start", 0), 0)
    sound.on_turn(True)
    assert mixer.heard == []
    sound.configure(40, 20, False)
    assert mixer.music.calls[-2:] == [("load", "music_title"), ("play", -1)]
    sound.set_music("table")
    assert mixer.music.calls[-2:] == [("load", "music_table"), ("play", -1)]
    sound.configure(40, 0, False)  # music volume 0: the music stops
    assert mixer.music.calls[-1] == ("fadeout",)


def test_without_a_device_everything_is_silent_and_harmless():
    mixer = FakeMixer(device=False)
    sound = Audio(mixer=mixer)
    assert sound.start() is False
    sound.set_music("table")
    sound.configure(100, 100, False)
    sound.on_table_event(TableEvent("deal_start", 0), 0)
    sound.on_turn(True)
    sound.update(1.0)
    assert mixer.heard == [] and mixer.music.calls == []


def test_a_broken_sound_file_leaves_the_game_silent_with_one_log_line(tmp_path, caplog):
    sound = Audio(mixer=FakeMixer(), folder=tmp_path)  # no files there
    with caplog.at_level("INFO", logger="game.audio"):
        assert sound.start() is False
    assert len(caplog.records) == 1
    sound.on_table_event(TableEvent("deal_start", 0), 0)  # no error


def test_music_asked_for_before_the_device_opens_starts_with_it():
    mixer = FakeMixer()
    sound = Audio(mixer=mixer)
    sound.set_music("title")
    assert mixer.music.calls == []
    sound.start()
    assert mixer.music.calls == [("load", "music_title"), ("play", -1)]


# --- settings and the app ---------------------------------------------------------------------------
def test_sound_settings_persist_and_are_clamped(tmp_path):
    path = tmp_path / "settings.toml"
    saved = settings.Settings(effects_volume=35, music_volume=0, mute=True)
    assert settings.save(saved, path)
    loaded, notice = settings.load(path)
    assert notice is None
    assert (loaded.effects_volume, loaded.music_volume, loaded.mute) == (35, 0, True)
    path.write_text("version = 1\neffects_volume = 250\nmusic_volume = -5\n", encoding="utf-8")
    loaded, _ = settings.load(path)
    assert (loaded.effects_volume, loaded.music_volume) == (100, 0)
    defaults = settings.Settings()
    assert defaults.music_volume < defaults.effects_volume and not defaults.mute
    menu = [spec.key for spec in settings.placed(settings.MENU)]
    assert {"effects_volume", "music_volume", "mute"} <= set(menu)


def test_the_app_follows_the_settings_and_the_screens_music(app):
    mixer = FakeMixer()
    app.audio = Audio(mixer=mixer)
    app.audio.start()
    app.tick(1 / 30)
    assert mixer.music.calls[-2:] == [("load", "music_title"), ("play", -1)]
    app.settings.effects_volume = 10
    app.settings.mute = True
    app.tick(1 / 30)
    assert app.audio.muted and app.audio.effects_volume == pytest.approx(0.1)
    assert mixer.music.calls[-1] == ("fadeout",)


# --- the generator ---------------------------------------------------------------------------------
def test_the_generator_is_deterministic_and_made_the_committed_files():
    """tools/make_sounds.py gives the same samples every run, and a short effect rendered now
    has the loudness and length of the committed file (so the files come from this script)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(
        "make_sounds", Path(__file__).resolve().parent.parent / "tools" / "make_sounds.py"
    )
    assert spec is not None and spec.loader is not None  # a Python file: a source loader
    make_sounds = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(make_sounds)
    assert set(make_sounds.SOUNDS) == set(EVENT_SOUNDS.values()) | set(MUSIC.values())
    for name in ("card", "pass", "turn"):
        first, second = make_sounds.render(name), make_sounds.render(name)
        assert np.array_equal(first, second)
        committed = decoded(name)
        rate = mixer_rate()
        assert abs(len(committed) / rate - len(first) / make_sounds.RATE) < 0.01
        level = loudest_50ms_db(committed, rate)
        assert abs(level - make_sounds.loudest_window_db(first)) < 1.0
