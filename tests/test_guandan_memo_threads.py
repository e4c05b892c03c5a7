"""The Guandan play memo is shared by the table's thread and the bots' worker threads: its
eviction must never trip over another thread's (a KeyError once reached a bot in CI)."""

from __future__ import annotations

import random
import sys
import threading

import pytest

from game.games.guandan.rules import moves
from game.games.guandan.rules.combos import level_of


def _hands(seed: int, count: int) -> list[list[int]]:
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        counts = [0] * 54
        for index in rng.sample(range(108), 8):
            counts[index % 54] += 1
        out.append(counts)
    return out


def test_memo_eviction_is_safe_across_threads(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(moves, "_CACHE_LIMIT", 4)  # evict on nearly every new hand
    old = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads as often as possible
    moves.clear_memo()
    errors: list[BaseException] = []
    lv = level_of("2")

    def work(seed: int) -> None:
        try:
            for counts in _hands(seed, 3000):
                moves.plays(counts, lv, None)
        except BaseException as error:  # noqa: BLE001 - any failure is the finding
            errors.append(error)

    threads = [threading.Thread(target=work, args=(seed,)) for seed in range(3)]
    try:
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(old)
        moves.clear_memo()
    assert not errors, errors[:3]
