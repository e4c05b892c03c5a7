"""Synthesize every sound the game plays into assets/sounds/ (OGG Vorbis), deterministically.

Usage (needs the ``dev`` extra: numpy and soundfile, whose wheels carry libsndfile with Vorbis)::

    .venv/bin/python -m pip install -e '.[dev]'
    .venv/bin/python tools/make_sounds.py                # writes assets/sounds/*.ogg
    .venv/bin/python tools/make_sounds.py --plot DIR     # also draws each file as DIR/<name>.png
    .venv/bin/python tools/make_sounds.py --plot DIR --only-plot   # draws the files as they are

Every sound is built from how the real one is made, from seeded noise and tones:

* a card landing on felt is a few milliseconds of band-passed noise (the edge slapping the
  cloth) with a little low "body" (the table under it) and, just before, the faint swish of air;
* dealing is, card after card in the rhythm of the table's deal animation, a thumb's tick as
  the card leaves the deck, its swish through the air and its snap on the felt;
* bombs are a hand slapping a stack of cards down: a broad slap plus a deeper thump of the table;
* chimes are struck metal bars (partials 1 : 4 : 10 like a vibraphone's tuned bars), soft;
* the two music loops are pentatonic plucked strings (additive partials, higher ones dying
  faster, like a guzheng) over a slow pad; each note's tail wraps around the loop's end so the
  loop has no seam.

Loudness: effects are scaled so their loudest 50 ms window has the RMS of their group
(``TARGETS``), with peaks softly limited below -1 dBFS; music is scaled on its whole RMS. The
test ``tests/test_audio.py`` decodes every file and checks those figures and the total size.
The same seed always gives the same samples (the Ogg container's stream serial may differ).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "assets" / "sounds"
RATE = 44100
SEED = 20261202

#: Loudness targets (dBFS): RMS of the loudest 50 ms window for effects, whole RMS for music.
TARGETS = {"card": -16.0, "chime": -22.0, "music": -27.0}
PEAK_LIMIT = -1.0  # dBFS


# --- building blocks ----------------------------------------------------------------------------


def seconds(n: float) -> int:
    return int(round(n * RATE))


def time_axis(length: float) -> np.ndarray:
    return np.arange(seconds(length)) / RATE


def shaped_noise(
    rng: np.random.Generator, length: float, low: float, high: float, slope: float = 0.0
) -> np.ndarray:
    """White noise band-limited to low..high Hz (smooth edges); ``slope`` dB per octave tilt."""
    n = max(seconds(length), 16)
    spectrum = np.fft.rfft(rng.standard_normal(n))
    freqs = np.fft.rfftfreq(n, 1 / RATE)
    f = np.maximum(freqs, 1.0)
    gain = 1 / np.sqrt(1 + (low / f) ** 4) / np.sqrt(1 + (f / high) ** 4)
    if slope:
        gain *= (f / 1000.0) ** (slope / 6.02)
    out = np.fft.irfft(spectrum * gain, n)
    normalised: np.ndarray = out / (np.max(np.abs(out)) + 1e-12)
    return normalised


def decay(t: np.ndarray, tau: float, attack: float = 0.0005) -> np.ndarray:
    """A struck envelope: a short linear rise, then exponential decay with time constant tau."""
    rise = np.clip(t / attack, 0, 1) if attack > 0 else 1.0
    return rise * np.exp(-np.maximum(t - attack, 0) / tau)


def place(buffer: np.ndarray, sound: np.ndarray, at: float, gain: float = 1.0) -> None:
    """Mix ``sound`` into ``buffer`` starting at ``at`` seconds (clipped at the end)."""
    start = seconds(at)
    skip = max(0, -start)
    start += skip
    end = min(len(buffer), start + len(sound) - skip)
    if end > start:
        buffer[start:end] += gain * sound[skip : skip + end - start]


def place_wrapped(buffer: np.ndarray, sound: np.ndarray, at: float, gain: float = 1.0) -> None:
    """Mix ``sound`` into a loop buffer; what passes the end continues at the start."""
    n = len(buffer)
    start = seconds(at) % n
    index = (start + np.arange(len(sound))) % n
    np.add.at(buffer, index, gain * sound)


def silence(length: float) -> np.ndarray:
    return np.zeros(seconds(length))


# --- cards --------------------------------------------------------------------------------------


def snap(
    rng: np.random.Generator,
    *,
    bright: float = 1.0,
    body: float = 1.0,
    air: float = 1.0,
    length: float = 0.16,
) -> np.ndarray:
    """One card landing on felt (see the module docstring), impact at 25 ms."""
    out = silence(length)
    impact = 0.025
    # The swish of air as the card falls flat: quiet, rising into the impact.
    swish_len = 0.024
    t = time_axis(swish_len)
    swish = shaped_noise(rng, swish_len, 1500, 7000) * (t / swish_len) ** 2
    place(out, swish, impact - swish_len, 0.07 * air)
    # The edge and face slapping the cloth: 2-3 ms of bright noise.
    t = time_axis(0.05)
    click = shaped_noise(rng, 0.05, 900 * bright, 6500 * bright, slope=-2) * decay(t, 0.0028)
    place(out, click, impact, 1.0)
    # The felt and table under it: low noise and a damped resonance around 170 Hz.
    t = time_axis(0.1)
    thud = shaped_noise(rng, 0.1, 80, 600) * decay(t, 0.012, 0.001)
    pitch = 150 + 40 * rng.random()
    resonance = np.sin(2 * np.pi * pitch * t) * decay(t, 0.02, 0.001)
    place(out, thud, impact, 0.35 * body)
    place(out, resonance, impact, 0.18 * body)
    return out


def card_sound(rng: np.random.Generator) -> np.ndarray:
    """One card played."""
    return snap(rng)


def cards_sound(rng: np.random.Generator) -> np.ndarray:
    """Several cards played: a short spread of snaps, the fan settling (about 120 ms)."""
    out = silence(0.32)
    at = 0.0
    for i in range(4):
        place(
            out,
            snap(rng, bright=0.9 + 0.2 * rng.random(), body=0.6 + 0.2 * i, air=0.6),
            at,
            0.55 + 0.15 * i,
        )
        at += 0.028 + 0.014 * rng.random()
    return out


#: The table's deal animation at its designed speed (game/scenes/table/layout.py): 24 cards
#: leave the deck over DEAL_TIME seconds and each flies FLY_TIME * 0.8 seconds.
DEAL_TIME, DEAL_CARDS, DEAL_FLIGHT = 1.1, 24, 0.32 * 0.8


def deal_sound(rng: np.random.Generator) -> np.ndarray:
    """Dealing, timed like the table's deal animation: for each card, the dealer's thumb
    flicks it off the deck (a soft bright tick and the swish of the card in the air), and it
    lands on the felt in front of a seat a moment later (a quieter snap)."""
    out = silence(DEAL_TIME + DEAL_FLIGHT + 0.12)
    step = DEAL_TIME / (DEAL_CARDS + 2)
    for i in range(DEAL_CARDS):
        at = i * step + 0.004 * rng.standard_normal()
        tick = snap(rng, bright=1.5, body=0.05, air=0.0, length=0.04)
        place(out, tick, max(0.0, at - 0.025), 0.25)
        swish_len = DEAL_FLIGHT * 0.9
        t = time_axis(swish_len)
        x = t / swish_len
        swish = shaped_noise(rng, swish_len, 2500, 9000) * np.sin(np.pi * x) ** 2
        place(out, swish, at, 0.02)
        land = snap(rng, bright=0.9, body=0.5, air=0.0, length=0.1)
        place(out, land, at + DEAL_FLIGHT - 0.025, 0.35 + 0.1 * rng.random())
    return out


def pass_sound(rng: np.random.Generator) -> np.ndarray:
    """A pass: two soft knuckle taps on the felt-covered table (low, muffled)."""
    out = silence(0.36)
    for k, gain in ((0, 1.0), (1, 0.75)):
        t = time_axis(0.12)
        knock = shaped_noise(rng, 0.12, 60, 900) * decay(t, 0.014, 0.0015)
        body = np.sin(2 * np.pi * (115 + 10 * k) * t) * decay(t, 0.024, 0.002)
        place(out, 0.8 * knock + 0.6 * body, 0.01 + 0.14 * k, gain)
    return out


def slap(rng: np.random.Generator, weight: float = 1.0) -> np.ndarray:
    """A hand slapping a stack of cards down: broad slap and a deeper thump of the table."""
    out = silence(0.6)
    t = time_axis(0.12)
    crack = shaped_noise(rng, 0.12, 400, 6000, slope=-2) * decay(t, 0.006, 0.0006)
    place(out, crack, 0.0, 1.0)
    # The table under the hand: a short low thump (wood, not a drum), falling slightly in pitch.
    t = time_axis(0.4)
    thump = shaped_noise(rng, 0.4, 50, 400) * decay(t, 0.03 * weight, 0.002)
    pitch = 105 / weight
    low = np.sin(2 * np.pi * pitch * t + 1.5 * np.exp(-t / 0.02)) * decay(t, 0.045 * weight, 0.002)
    place(out, thump, 0.0, 0.7 * weight)
    place(out, low, 0.0, 0.45 * weight)
    # The cards of the stack settling a moment later.
    for k in range(5):
        place(
            out,
            snap(rng, bright=0.8, body=0.2, air=0.0, length=0.05),
            0.035 + 0.011 * k + 0.004 * rng.random(),
            0.22,
        )
    return out


def bomb_sound(rng: np.random.Generator) -> np.ndarray:
    """A bomb: four or more cards slapped down hard."""
    return slap(rng)


def straight_flush_sound(rng: np.random.Generator) -> np.ndarray:
    """A straight flush: five cards fanned down in a quick run, then slapped flat."""
    out = silence(0.8)
    for k in range(5):
        place(out, snap(rng, bright=1.0 + 0.05 * k, body=0.4, air=0.5), 0.045 * k, 0.45 + 0.08 * k)
    place(out, slap(rng, 0.9), 0.26, 0.9)
    return out


def joker_bomb_sound(rng: np.random.Generator) -> np.ndarray:
    """The four jokers (and Run Fast's top bomb): a heavy double slap, then a low soft gong."""
    out = silence(2.2)
    place(out, slap(rng, 1.25), 0.0, 0.9)
    place(out, slap(rng, 1.3), 0.16, 1.0)
    place(
        out, struck_bar(rng, 98.0, 1.9, partials=((1, 1.0), (2.76, 0.35), (5.4, 0.12))), 0.2, 0.28
    )
    return out


def tractor_sound(rng: np.random.Generator) -> np.ndarray:
    """A tractor: pairs laid down one after another (snap-snap, snap-snap, snap-snap)."""
    out = silence(0.55)
    at = 0.0
    for pair in range(3):
        for k in range(2):
            place(
                out,
                snap(rng, bright=0.95 + 0.1 * k, body=0.5 + 0.2 * pair, air=0.4),
                at + 0.022 * k,
                0.55 + 0.12 * pair,
            )
        at += 0.12
    return out


def sweep(rng: np.random.Generator, length: float, low: float, high: float) -> np.ndarray:
    """Cards sliding over felt: brushed noise that swells and fades."""
    t = time_axis(length)
    x = np.clip(t / length, 0, 1)
    shape = x**0.6 * (1 - x) ** 1.4 / (0.3**0.6 * 0.7**1.4)  # a push, then the drag fades
    grain = 1 + 0.35 * shaped_noise(rng, length, 10, 60)  # the cloth's uneven drag
    rustle: np.ndarray = shaped_noise(rng, length, low, high, slope=-1.5) * shape * grain
    return rustle


def trick_sound(rng: np.random.Generator) -> np.ndarray:
    """A trick or round taken: the played cards swept together and squared into a pile."""
    out = silence(0.5)
    place(out, sweep(rng, 0.26, 1400, 7000), 0.0, 0.11)
    place(out, snap(rng, bright=0.6, body=1.0, air=0.0, length=0.12), 0.24, 0.6)
    return out


def slide_sound(rng: np.random.Generator) -> np.ndarray:
    """Tribute and return: one card slid across the table to another player, then set down."""
    out = silence(0.55)
    place(out, sweep(rng, 0.34, 1800, 8000), 0.0, 0.1)
    place(out, snap(rng, bright=0.9, body=0.5, air=0.0, length=0.1), 0.32, 0.55)
    return out


def kitty_take_sound(rng: np.random.Generator) -> np.ndarray:
    """The kitty picked up: the pile slid off the felt and the cards brushed into the hand."""
    out = silence(0.75)
    place(out, sweep(rng, 0.2, 1400, 7000), 0.0, 0.22)
    for k in range(8):  # thumbing the cards into the hand: soft, quick flaps
        place(
            out,
            snap(rng, bright=1.2, body=0.1, air=0.0, length=0.05),
            0.24 + 0.035 * k + 0.008 * rng.random(),
            0.32,
        )
    return out


def kitty_bury_sound(rng: np.random.Generator) -> np.ndarray:
    """The kitty buried: cards laid face down one on another, then the pile squared."""
    out = silence(0.8)
    for k in range(6):
        place(
            out,
            snap(rng, bright=0.8, body=0.6, air=0.4, length=0.1),
            0.06 * k + 0.01 * rng.random(),
            0.45,
        )
    place(out, sweep(rng, 0.14, 1400, 6000), 0.38, 0.18)
    place(out, snap(rng, bright=0.5, body=1.4, air=0.0, length=0.12), 0.5, 0.55)
    return out


# --- chimes -------------------------------------------------------------------------------------

#: A vibraphone's tuned bar: fundamental, 4th and 10th partials, upper ones dying faster.
BAR = ((1.0, 1.0), (3.99, 0.22), (9.9, 0.05))


def struck_bar(
    rng: np.random.Generator,
    freq: float,
    length: float,
    partials: tuple[tuple[float, float], ...] = BAR,
) -> np.ndarray:
    """A soft mallet on a metal bar: a rounded attack, partials decaying, a faint tremolo."""
    t = time_axis(length)
    out = np.zeros_like(t)
    for ratio, amp in partials:
        tau = length * 0.35 / ratio**0.7
        phase = rng.random() * 2 * np.pi
        out += amp * np.sin(2 * np.pi * freq * ratio * t + phase) * np.exp(-t / tau)
    attack = np.clip(t / 0.006, 0, 1) ** 2  # felt mallet: no click
    release = np.clip((length - t) / 0.05, 0, 1)
    return out * attack * release * (1 + 0.08 * np.sin(2 * np.pi * 5.2 * t))


def note(name: str) -> float:
    """Frequency of a note such as 'A4' or 'C#5' (equal temperament, A4 = 440 Hz)."""
    steps = {"C": -9, "D": -7, "E": -5, "F": -4, "G": -2, "A": 0, "B": 2}
    pitch, octave = name[:-1], int(name[-1])
    semis = steps[pitch[0]] + pitch.count("#") - pitch.count("b") + 12 * (octave - 4)
    return 440.0 * 2 ** (semis / 12)


def chime(
    rng: np.random.Generator, notes: list[tuple[str, float]], length: float, ring: float = 1.4
) -> np.ndarray:
    out = silence(length)
    for name, at in notes:
        place(out, struck_bar(rng, note(name), ring), at)
    return out


def turn_sound(rng: np.random.Generator) -> np.ndarray:
    """Your turn: one soft two-note chime, rising a fourth."""
    return chime(rng, [("A5", 0.0), ("D6", 0.11)], 1.2, ring=1.05)


def deal_won_sound(rng: np.random.Generator) -> np.ndarray:
    """Deal won: a gentle rising pentatonic arpeggio."""
    return chime(rng, [("D5", 0.0), ("F#5", 0.12), ("A5", 0.24), ("D6", 0.36)], 2.0, ring=1.6)


def deal_lost_sound(rng: np.random.Generator) -> np.ndarray:
    """Deal lost: two low notes falling, soft, not mocking."""
    return chime(rng, [("E5", 0.0), ("B4", 0.22)], 1.9, ring=1.6)


def match_won_sound(rng: np.random.Generator) -> np.ndarray:
    """Match won: a longer arpeggio up two octaves that rings into a chord."""
    seq = ["D4", "A4", "D5", "F#5", "A5", "B5", "D6"]
    out = chime(rng, [(name, 0.13 * i) for i, name in enumerate(seq)], 3.4, ring=2.6)
    place(out, chime(rng, [("D5", 0.0), ("F#5", 0.0), ("A5", 0.0)], 2.6, ring=2.5), 0.95, 0.6)
    return out


# --- music --------------------------------------------------------------------------------------


def pluck(
    rng: np.random.Generator,
    freq: float,
    length: float,
    brightness: float = 1.0,
    width: float = 0.0,
) -> np.ndarray:
    """A plucked string (guzheng-like): harmonics with slight stretch, higher ones dying
    faster, a quick pluck noise, and a little vibrato in the tail."""
    t = time_axis(length)
    out = np.zeros_like(t)
    vibrato = 1 + 0.002 * np.sin(2 * np.pi * 5.0 * t) * np.clip(t / 0.5, 0, 1)
    for n in range(1, 9):
        ratio = n * (1 + 0.0006 * n * n)
        amp = (1 / n**1.3) * brightness ** (n - 1)
        tau = 1.6 / n**0.9
        phase = 2 * np.pi * freq * ratio * np.cumsum(vibrato) / RATE
        out += amp * np.sin(phase + rng.random()) * np.exp(-t / tau)
    noise = shaped_noise(rng, length, 1000, 6000) * decay(t, 0.004)
    out += 0.15 * noise
    attack = np.clip(t / 0.003, 0, 1)
    release = np.clip((length - t) / 0.2, 0, 1)
    return out * attack * release


def pad(rng: np.random.Generator, freqs: list[float], length: float) -> np.ndarray:
    """A soft sustained chord: detuned soft harmonics, slow swell in and out."""
    t = time_axis(length)
    out = np.zeros_like(t)
    for freq in freqs:
        for detune in (-0.6, 0.6):
            for n in range(1, 6):
                out += (0.5 / n**2) * np.sin(2 * np.pi * (freq + detune) * n * t + rng.random() * 6)
    swell = np.sin(np.pi * np.clip(t / length, 0, 1)) ** 2
    swelled: np.ndarray = out * swell / len(freqs)
    return swelled


PENTATONIC = ["D", "E", "F#", "A", "B"]  # D major pentatonic: calm, no leading tone


def scale_note(degree: int, base_octave: int = 4) -> float:
    octave, index = divmod(degree, len(PENTATONIC))
    return note(f"{PENTATONIC[index]}{base_octave + octave}")


def music_loop(
    rng: np.random.Generator,
    *,
    bpm: float,
    bars: int,
    chords: list[list[str]],
    phrase: Callable[[int, np.random.Generator], list[tuple[float, int, float]]],
    pad_gain: float,
    low_octave: int,
) -> np.ndarray:
    """A stereo loop: one pad chord per two bars, a bass pluck per bar, and the melody that
    ``phrase(bar, rng)`` gives as (beat, degree, velocity). Every note's tail wraps around the
    end, so the loop joins without a seam."""
    beat = 60.0 / bpm
    length = bars * 4 * beat
    n = seconds(length)
    left, right = np.zeros(n), np.zeros(n)
    for bar in range(bars):
        chord = chords[(bar // 2) % len(chords)]
        if bar % 2 == 0:
            # Each side its own phases: a wide, still chord.
            for side in (left, right):
                tone = pad(rng, [note(c) for c in chord], 8 * beat + 1.0)
                place_wrapped(side, tone, bar * 4 * beat - 0.5, pad_gain)
        root = note(chord[0]) / 2
        bass = pluck(rng, root, 4 * beat + 0.6, brightness=0.6)
        place_wrapped(left, bass, bar * 4 * beat, 0.32)
        place_wrapped(right, bass, bar * 4 * beat, 0.32)
        for at, degree, velocity in phrase(bar, rng):
            tone = pluck(rng, scale_note(degree, low_octave), 2.4, brightness=0.75)
            pan = 0.5 + 0.35 * np.sin(degree * 1.7)  # each pitch sits at its own place
            start = (bar * 4 + at) * beat + 0.006 * rng.standard_normal()  # a human hand
            place_wrapped(left, tone, start, velocity * (1 - pan) * 0.9)
            place_wrapped(right, tone, start, velocity * pan * 0.9)
    # A soft room: two short, decaying echoes, also wrapped.
    for delay_s, gain in ((0.113, 0.22), (0.271, 0.12)):
        shift = seconds(delay_s)
        left, right = left + gain * np.roll(right, shift), right + gain * np.roll(left, shift)
    return np.stack([left, right], axis=1)


def table_phrase(bar: int, rng: np.random.Generator) -> list[tuple[float, int, float]]:
    """Sparse, slow melody: two to four notes a bar walking the pentatonic scale."""
    contour = [4, 5, 7, 6, 5, 4, 2, 3]
    centre = contour[bar % len(contour)]
    beats = [0.0, 1.5, 2.0, 3.0] if bar % 2 == 0 else [0.0, 2.0, 2.5]
    notes = []
    for i, at in enumerate(beats):
        if rng.random() < 0.2 and i:
            continue
        degree = centre + int(rng.integers(-2, 3))
        notes.append((at, degree, 0.55 + 0.25 * rng.random()))
    return notes


def title_phrase(bar: int, rng: np.random.Generator) -> list[tuple[float, int, float]]:
    """Rolling arpeggios, the way a zither is strummed slowly, ending each phrase on a long note."""
    base = [3, 4, 5, 4, 3, 2, 4, 5][bar % 8]
    if bar % 4 == 3:
        return [(0.0, base + 5, 0.8), (0.5, base + 3, 0.5), (2.0, base + 2, 0.6)]
    return [
        (i * 0.5, base + step, 0.45 + 0.3 * (i == 0))
        for i, step in enumerate([0, 2, 4, 5, 4, 2, 1, 2])
    ]


def table_music(rng: np.random.Generator) -> np.ndarray:
    chords = [["D4", "A4", "F#5"], ["B3", "F#4", "D5"], ["G3", "D4", "B4"], ["A3", "E4", "C#5"]]
    return music_loop(
        rng, bpm=66, bars=16, chords=chords, phrase=table_phrase, pad_gain=0.10, low_octave=4
    )


def title_music(rng: np.random.Generator) -> np.ndarray:
    chords = [["D4", "A4", "E5"], ["G3", "D4", "B4"], ["B3", "F#4", "D5"], ["A3", "E4", "B4"]]
    return music_loop(
        rng, bpm=72, bars=16, chords=chords, phrase=title_phrase, pad_gain=0.14, low_octave=4
    )


# --- loudness and files -------------------------------------------------------------------------


def loudest_window_db(samples: np.ndarray, window: float = 0.05) -> float:
    """RMS (dBFS) of the loudest ``window`` seconds: the loudness of a short effect."""
    mono = samples if samples.ndim == 1 else samples.mean(axis=1)
    size = seconds(window)
    if len(mono) < size:
        mono = np.pad(mono, (0, size - len(mono)))
    energy = np.convolve(mono**2, np.ones(size) / size, mode="valid")
    loudest: float = 10 * np.log10(max(float(energy.max()), 1e-20))
    return loudest


def rms_db(samples: np.ndarray) -> float:
    level: float = 10 * np.log10(max(float(np.mean(samples**2)), 1e-20))
    return level


def peak_db(samples: np.ndarray) -> float:
    level: float = 20 * np.log10(max(float(np.max(np.abs(samples))), 1e-10))
    return level


def soft_limit(samples: np.ndarray, ceiling_db: float = PEAK_LIMIT) -> np.ndarray:
    """Above half the ceiling, peaks are rounded off (tanh) so none passes the ceiling."""
    ceiling = 10 ** (ceiling_db / 20)
    knee = ceiling * 0.5
    over = np.abs(samples) > knee
    out = samples.copy()
    excess = (np.abs(samples[over]) - knee) / (ceiling - knee)
    out[over] = np.sign(samples[over]) * (knee + (ceiling - knee) * np.tanh(excess))
    return out


def normalise(samples: np.ndarray, group: str) -> np.ndarray:
    target = TARGETS[group]
    level = rms_db(samples) if group == "music" else loudest_window_db(samples)
    scaled = samples * 10 ** ((target - level) / 20)
    return soft_limit(scaled)


def fade_edges(samples: np.ndarray) -> np.ndarray:
    """A 2 ms fade at both ends of an effect, so no file starts or stops with a click."""
    size = seconds(0.002)
    ramp = np.linspace(0, 1, size)
    out = samples.copy()
    out[:size] *= ramp
    out[-size:] *= ramp[::-1]
    return out


#: name -> (builder, loudness group). The game's table of which event plays which is
#: game/audio.py; these are the files it loads.
SOUNDS: dict[str, tuple[Callable[[np.random.Generator], np.ndarray], str]] = {
    "card": (card_sound, "card"),
    "cards": (cards_sound, "card"),
    "deal": (deal_sound, "card"),
    "pass": (pass_sound, "card"),
    "bomb": (bomb_sound, "card"),
    "straight_flush": (straight_flush_sound, "card"),
    "joker_bomb": (joker_bomb_sound, "card"),
    "tractor": (tractor_sound, "card"),
    "trick": (trick_sound, "card"),
    "slide": (slide_sound, "card"),
    "kitty_take": (kitty_take_sound, "card"),
    "kitty_bury": (kitty_bury_sound, "card"),
    "turn": (turn_sound, "chime"),
    "deal_won": (deal_won_sound, "chime"),
    "deal_lost": (deal_lost_sound, "chime"),
    "match_won": (match_won_sound, "chime"),
    "music_table": (table_music, "music"),
    "music_title": (title_music, "music"),
}


def render(name: str) -> np.ndarray:
    """The samples of one sound (float, mono or stereo), normalised."""
    builder, group = SOUNDS[name]
    rng = np.random.default_rng([SEED, sum(map(ord, name)), len(name)])
    samples = builder(rng)
    if group != "music":
        samples = fade_edges(samples)
    return normalise(samples, group)


def write(name: str, samples: np.ndarray, folder: Path) -> Path:
    import soundfile

    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.ogg"
    # Vorbis quality: music a little lower (it is soft and long), effects higher (transients).
    quality = 0.72 if name.startswith("music") else 0.55  # compression_level: 0 best, 1 smallest
    data = np.ascontiguousarray(samples, dtype=np.float32)
    channels = 1 if data.ndim == 1 else data.shape[1]
    with soundfile.SoundFile(
        str(path), "w", RATE, channels, format="OGG", subtype="VORBIS", compression_level=quality
    ) as file:
        for start in range(0, len(data), 4096):  # libsndfile's Vorbis writer crashes on
            file.write(data[start : start + 4096])  # very large single writes
    return path


# --- pictures -----------------------------------------------------------------------------------


def plot(path: Path, out: Path) -> None:
    """Waveform (top) and spectrogram (bottom, 0-11 kHz, log magnitude) of a sound file."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame
    import soundfile

    data, rate = soundfile.read(str(path), always_2d=True)
    mono = data.mean(axis=1)
    width, wave_h, spec_h = 1200, 220, 360
    surface = pygame.Surface((width, wave_h + spec_h + 30))
    surface.fill((18, 22, 28))
    # Waveform: min/max per column, with 0 dB and -6 dB guides.
    columns = np.array_split(mono, width)
    mid = wave_h // 2
    for level in (1.0, 0.5):
        for sign in (-1, 1):
            y = int(mid - sign * level * (mid - 4))
            pygame.draw.line(surface, (60, 60, 70), (0, y), (width, y))
    for x, column in enumerate(columns):
        if len(column) == 0:
            continue
        top = int(mid - column.max() * (mid - 4))
        bottom = int(mid - column.min() * (mid - 4))
        pygame.draw.line(surface, (120, 200, 160), (x, top), (x, max(bottom, top + 1)))
    # Spectrogram: 1024-point Hann frames.
    size, hop = 1024, max(64, len(mono) // width)
    padded = np.pad(mono, (0, size))
    frames = [padded[i : i + size] * np.hanning(size) for i in range(0, len(mono), hop)]
    spec = np.abs(np.fft.rfft(np.array(frames), axis=1))
    top_bin = int(11000 / (rate / size))
    db = 20 * np.log10(spec[:, :top_bin] + 1e-9)
    db = np.clip((db - (db.max() - 80)) / 80, 0, 1)
    heat = np.stack([db**0.7 * 255, db**1.6 * 230, (1 - db) * db * 4 * 200], axis=2)
    image = pygame.surfarray.make_surface(heat[:, ::-1].astype(np.uint8))
    image = pygame.transform.smoothscale(image, (width, spec_h))
    surface.blit(image, (0, wave_h + 30))
    pygame.font.init()
    font = pygame.font.Font(None, 24)
    seconds_long = len(mono) / rate
    label = (
        f"{path.name}  {seconds_long:.2f} s  peak {peak_db(mono):.1f} dBFS  "
        f"RMS {rms_db(mono):.1f}  loudest 50 ms {loudest_window_db(mono):.1f}  "
        f"spectrogram 0-11 kHz"
    )
    surface.blit(font.render(label, True, (230, 230, 230)), (8, wave_h + 6))
    out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surface, str(out))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=OUT, help="folder of the .ogg files")
    parser.add_argument("--plot", type=Path, help="also draw each file into this folder")
    parser.add_argument("--only-plot", action="store_true", help="draw the existing files only")
    parser.add_argument("names", nargs="*", help="only these sounds (default: all)")
    args = parser.parse_args(argv)
    names = args.names or list(SOUNDS)
    unknown = [n for n in names if n not in SOUNDS]
    if unknown:
        parser.error(f"unknown sounds {unknown}; known: {', '.join(SOUNDS)}")
    total = 0
    for name in names:
        path = args.out / f"{name}.ogg"
        if not args.only_plot:
            samples = render(name)
            write(name, samples, args.out)
            print(
                f"{path.name:22} {len(samples) / RATE:6.2f} s  {path.stat().st_size / 1024:7.1f} KB"
                f"  peak {peak_db(samples):6.1f}  loudest50 {loudest_window_db(samples):6.1f}"
                f"  rms {rms_db(samples):6.1f} dBFS"
            )
        total += path.stat().st_size
        if args.plot:
            plot(path, args.plot / f"{name}.png")
    print(f"total {total / 1024:.1f} KB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
