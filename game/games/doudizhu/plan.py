"""Hand plans for the Dou Dizhu bot: the cheapest split of a hand into plays (pure, no pygame).

A hand is its rank counts (15 values, 3 … RJ). :func:`hand_cost` is about the number of turns
the hand needs to be played out: each play costs about 1, low singles and pairs more (they are
hard to get rid of), high ones, sequences and bombs less (they win rounds or nobody answers
them). Trios and airplanes carry attached singles or pairs at no turn of their own (D4.1,
D4.3), so after the split each trio absorbs the costliest single or pair left.
"""

from __future__ import annotations

from collections.abc import Iterator

_TWO, _BJ, _RJ = 12, 13, 14

#: Memo of :func:`_split` shared by every decision; cleared when it grows past the limit.
_SPLITS: dict[tuple[int, ...], tuple[float, tuple[tuple[str, int, int], ...]]] = {}
_COSTS: dict[tuple[int, ...], float] = {}
_MAX = 1 << 14  # as Run Fast's plan memo: a few MiB, not a session-long climb


def play_cost(kind: str, value: int, length: int) -> float:
    """The cost of one play of a plan (see the module docstring)."""
    low = max(0, 11 - value) / 11.0  # 1 for a 3, 0 for an ace and above
    if kind == "single":
        return {_TWO: 0.75, _BJ: 0.55, _RJ: 0.35}.get(value, 1.0 + 0.6 * low)
    if kind == "pair":
        return 0.6 if value == _TWO else 1.0 + 0.5 * low
    if kind == "trio":
        return 0.6 if value == _TWO else 1.0 + 0.3 * low
    if kind in ("straight", "pair_run", "airplane"):
        return 0.9 - 0.02 * length
    if kind == "bomb":
        return 0.15
    return 0.0  # the rocket


def _split(counts: tuple[int, ...]) -> tuple[float, tuple[tuple[str, int, int], ...]]:
    """The cheapest split into plays ``(kind, main value, length)`` before attachments. The
    lowest rank held belongs to a set of that rank or to a sequence starting there."""
    found = _SPLITS.get(counts)
    if found is not None:
        return found
    low = next((v for v, n in enumerate(counts) if n), None)
    if low is None:
        return 0.0, ()
    best: tuple[float, tuple[tuple[str, int, int], ...]] | None = None
    for kind, take, length in _options(counts, low):
        rest = list(counts)
        for v in range(low, low + length):
            rest[v] -= take
        if kind == "rocket":
            rest[_RJ] -= 1
        cost, plays = _split(tuple(rest))
        cost += play_cost(kind, low + length - 1 if kind != "rocket" else 15, length)
        if best is None or cost < best[0]:
            best = (cost, ((kind, low + length - 1, length), *plays))
    assert best is not None
    if len(_SPLITS) >= _MAX:
        _SPLITS.clear()
    _SPLITS[counts] = best
    return best


def _options(counts: tuple[int, ...], low: int) -> Iterator[tuple[str, int, int]]:
    """(kind, cards per rank, run length) of every play the lowest rank ``low`` can be in."""
    held = counts[low]
    if low == _BJ and counts[_RJ]:
        yield "rocket", 1, 1
    yield "single", 1, 1
    if held >= 2 and low < _BJ:
        yield "pair", 2, 1
    if held >= 3:
        yield "trio", 3, 1
    if held == 4:
        yield "bomb", 4, 1
    for kind, need, shortest in (("straight", 1, 5), ("pair_run", 2, 3), ("airplane", 3, 2)):
        length = 0
        while low + length <= 11 and counts[low + length] >= need:
            length += 1
            if length >= shortest:
                yield kind, need, length


def split(counts: tuple[int, ...]) -> tuple[tuple[str, int, int], ...]:
    """The plan's plays ``(kind, main value, length)`` before attachments."""
    return _split(tuple(counts))[1]


def hand_cost(counts: tuple[int, ...] | list[int]) -> float:
    """About the turns this hand needs (see the module docstring); 0 for an empty hand."""
    key = tuple(counts)
    found = _COSTS.get(key)
    if found is not None:
        return found
    cost, plays = _split(key)
    carriers = sum(length for kind, _, length in plays if kind in ("trio", "airplane"))
    loose = sorted(
        (play_cost(kind, value, 1) for kind, value, _ in plays if kind in ("single", "pair")),
        reverse=True,
    )
    cost -= sum(loose[:carriers])
    if len(_COSTS) >= _MAX:
        _COSTS.clear()
    _COSTS[key] = cost
    return cost
