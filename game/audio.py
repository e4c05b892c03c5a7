"""Sound effects and music (app layer): what the table's events sound like, music per scene.

The files in ``assets/sounds/`` are made by ``tools/make_sounds.py``; the game only loads them,
once, when the sound device has opened (:meth:`Audio.start`). Before that, or when there is no
device (the app logs that one line), every call here is silent and harmless.

:data:`EVENT_SOUNDS` is the one table from what happens at the table to the sound it makes.
:func:`sound_for` turns a :class:`~game.table.controller.TableEvent` into keys of that table;
it knows combos by their kind (``"bomb"``, ``"tractor"`` …), never a game by its name.

Choices where the spec is silent:
- A trick or round is heard as taken when the next one is led (that is when the table clears
  the played cards); the lead's own card sound follows a moment later.
- A match is won when the deal that ended it was won by the person's side.
- Effects and music have their own volume (0–100 %); mute silences both and stops the music.
- Music fades in and out over a second when the screen's music changes.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

from game.paths import assets_dir
from game.rules.base import DealResult
from game.table.events import TableEvent

log = logging.getLogger(__name__)

#: What the table does -> the sound file (``assets/sounds/<name>.ogg``) it plays.
EVENT_SOUNDS: dict[str, str] = {
    "deal_start": "deal",  # cards dealt, in the rhythm of the deal animation
    "play_one": "card",
    "play_several": "cards",
    "pass": "pass",
    "your_turn": "turn",
    "bomb": "bomb",
    "straight_flush": "straight_flush",
    "joker_bomb": "joker_bomb",
    "tractor": "tractor",
    "round_taken": "trick",  # a trick (Shengji) or a round (climbing games) taken
    "tribute": "slide",
    "return": "slide",
    "no_tribute": "pass",  # tribute refused (two big jokers): a knock, no card moves
    "declare": "card",
    "kitty_revealed": "cards",
    "kitty_taken": "kitty_take",
    "kitty_buried": "kitty_bury",
    "deal_won": "deal_won",
    "deal_lost": "deal_lost",
    "match_won": "match_won",
}

#: Combo kinds (``action.combo.kind``) with a sound of their own; other plays snap by count.
COMBO_SOUNDS: dict[str, str] = {
    "bomb": "bomb",
    "ace_bomb": "bomb",
    "sky_bomb": "joker_bomb",
    "joker_bomb": "joker_bomb",
    "straight_flush": "straight_flush",
    "tractor": "tractor",
}

#: Action kinds other than plays -> keys of EVENT_SOUNDS.
ACTION_SOUNDS: dict[str, str] = {
    "pass": "pass",
    "declare": "declare",
    "reveal": "kitty_revealed",
    "take": "kitty_taken",
    "bury": "kitty_buried",
    "tribute": "tribute",
    "return": "return",
    "anti_tribute": "no_tribute",
}

#: Music of each screen (``Scene.music``) -> file.
MUSIC: dict[str, str] = {"title": "music_title", "table": "music_table"}

#: Seconds between the sweep of a taken round and the card that leads the next one.
LEAD_AFTER_SWEEP = 0.25
MUSIC_FADE_MS = 1000

Outcome = Callable[[DealResult, int], float]


def sound_for(event: TableEvent, human_seat: int, outcome: Outcome | None = None) -> list[str]:
    """The keys of :data:`EVENT_SOUNDS` that ``event`` plays, in order (the round-taken sweep
    and ``match_won`` need the deal's history: :class:`Audio` adds those)."""
    if event.kind == "deal_start":
        return ["deal_start"]
    if event.kind == "deal_end":
        if outcome is None or event.result is None:
            return []
        return ["deal_won" if outcome(event.result, human_seat) > 0 else "deal_lost"]
    if event.kind != "action" or event.action is None:
        return []
    action = event.action
    if action.kind == "play":
        combo_kind = getattr(action.combo, "kind", None)
        if combo_kind in COMBO_SOUNDS:
            return [COMBO_SOUNDS[combo_kind]]
        return ["play_one" if len(action.cards) <= 1 else "play_several"]
    key = ACTION_SOUNDS.get(action.kind)
    return [key] if key else []


class Audio:
    """The game's sounds. ``mixer`` is ``pygame.mixer`` (tests pass a recording fake)."""

    # Any: ``mixer`` is pygame.mixer, or a test's fake with the same calls
    def __init__(self, mixer: Any = None, folder: Path | None = None) -> None:
        if mixer is None:
            import pygame

            mixer = pygame.mixer
        self.mixer = mixer
        self.folder = folder or assets_dir() / "sounds"
        self.sounds: dict[str, Any] = {}  # Any: the mixer's sounds (a fake's in tests)
        self.started = False
        self.effects_volume = 0.7
        self.music_volume = 0.3
        self.muted = False
        self._music: str | None = None  # the screen's wish
        self._playing: str | None = None  # what the mixer plays
        self._delayed: list[tuple[float, str]] = []
        self._clock = 0.0
        self._deal_plays = 0
        self._last_deal_won = False
        self._turn_was = False

    # --- device ---------------------------------------------------------------------------
    def start(self) -> bool:
        """Load every effect once (the device is open); False, silent, when that fails."""
        if self.started:
            return True
        try:
            if not self.mixer.get_init():
                return False
            names = set(EVENT_SOUNDS.values())
            self.sounds = {
                name: self.mixer.Sound(str(self.folder / f"{name}.ogg")) for name in names
            }
        except Exception as error:  # a broken device or file must not stop the game
            log.info("sound effects unavailable: %s", error)
            self.sounds = {}
            return False
        self.started = True
        self._apply_volumes()
        self._sync_music()
        return True

    # --- settings -------------------------------------------------------------------------
    def configure(self, effects: int, music: int, mute: bool) -> None:
        """Volumes in percent and mute, from the settings (cheap when nothing changed)."""
        effects_volume = max(0, min(100, effects)) / 100
        music_volume = max(0, min(100, music)) / 100
        if (effects_volume, music_volume, mute) == (
            self.effects_volume,
            self.music_volume,
            self.muted,
        ):
            return
        self.effects_volume, self.music_volume, self.muted = effects_volume, music_volume, mute
        self._apply_volumes()
        self._sync_music()

    def _apply_volumes(self) -> None:
        if not self.started:
            return
        for sound in self.sounds.values():
            sound.set_volume(0.0 if self.muted else self.effects_volume)
        self.mixer.music.set_volume(0.0 if self.muted else self.music_volume)

    # --- music ----------------------------------------------------------------------------
    def set_music(self, name: str | None) -> None:
        """The music of the screen on top (a key of :data:`MUSIC`, or None for silence)."""
        if name == self._music:
            return
        self._music = name
        self._sync_music()

    def _sync_music(self) -> None:
        if not self.started:
            return
        wanted = self._music if self._music in MUSIC else None
        if self.muted or self.music_volume <= 0:
            wanted = None
        if wanted == self._playing:
            return
        try:
            if wanted is None:
                self.mixer.music.fadeout(MUSIC_FADE_MS)
            else:
                self.mixer.music.load(str(self.folder / f"{MUSIC[wanted]}.ogg"))
                self.mixer.music.set_volume(self.music_volume)
                self.mixer.music.play(-1, fade_ms=MUSIC_FADE_MS)
        except Exception as error:  # a missing file: silence, not a crash
            log.info("music %s unavailable: %s", wanted, error)
            wanted = None
        self._playing = wanted

    # --- effects --------------------------------------------------------------------------
    def play(self, key: str, delay: float = 0.0) -> None:
        """Play the sound of ``key`` (of :data:`EVENT_SOUNDS`), now or after ``delay`` s."""
        if not self.started or self.muted or self.effects_volume <= 0:
            return
        if delay > 0:
            self._delayed.append((self._clock + delay, key))
            return
        sound = self.sounds.get(EVENT_SOUNDS[key])
        if sound is not None:
            sound.play()

    def update(self, dt: float) -> None:
        """Advance the clock of delayed sounds (once per frame)."""
        self._clock += dt
        if self._delayed:
            due = [key for at, key in self._delayed if at <= self._clock]
            self._delayed = [(at, key) for at, key in self._delayed if at > self._clock]
            for key in due:
                self.play(key)

    def _flush(self) -> None:
        delayed, self._delayed = self._delayed, []
        for _, key in delayed:
            self.play(key)

    def on_table_event(
        self, event: TableEvent, human_seat: int, outcome: Outcome | None = None
    ) -> None:
        """The sound of one table event as the scene shows it; ``outcome(result, seat)`` is the
        game's per-seat return (positive: that seat's side won the deal)."""
        keys = sound_for(event, human_seat, outcome)
        self._flush()  # a waiting lead card sounds before whatever follows it
        if event.kind == "deal_start":
            self._deal_plays = 0
            self._last_deal_won = False
        elif event.kind == "deal_end":
            self._last_deal_won = keys == ["deal_won"]
        elif event.kind == "match_end" and self._last_deal_won:
            keys = ["match_won"]
        delay = 0.0
        if event.kind == "action" and event.action is not None and event.action.kind == "play":
            if event.lead and self._deal_plays:
                self.play("round_taken")
                delay = LEAD_AFTER_SWEEP
            self._deal_plays += 1
        for key in keys:
            self.play(key, delay)

    def on_turn(self, human_to_act: bool) -> None:
        """Chime once when the person's turn begins (the scene calls this every frame)."""
        if human_to_act and not self._turn_was:
            self.play("your_turn")
        self._turn_was = human_to_act
