"""Run Fast's hand planner (issue 11; the Normal bot's judgement, game/games/runfast/bot.py): the
cheapest split of a hand's rank counts into plays, plain and under VR1 (attachments).

Each play costs about 1; low singles and pairs cost more (they are awkward to get rid of), high
ones less (they win rounds), sequences less (few can answer them) and bombs little (they take the
lead whenever needed).
"""

from __future__ import annotations

from game.games.runfast.rules import ORDER, rank_value

_ACE = rank_value("A")
_TWO = rank_value("2")

#: Plan costs: a low single costs 1 + SINGLE_SLOPE, the 2 of spades 1; likewise pairs, triples.
SINGLE_SLOPE = 0.45
PAIR_SLOPE = 0.35
TRIPLE_SLOPE = 0.2
SEQUENCE_COST = 0.85
BOMB_COST = 0.2


def _sets(low: int, held: int) -> tuple[tuple[int, str], ...]:
    """The sets a planner may take from `held` cards of rank `low`: three aces are a bomb
    (R4.3), and A and 2 never make four, so both planners read this one table."""
    sets = []
    for take, kind in ((1, "single"), (2, "pair"), (3, "triple"), (4, "bomb")):
        if take > held or (take == 4 and low >= _ACE):
            break
        sets.append((take, "ace_bomb" if take == 3 and low == _ACE else kind))
    return tuple(sets)


_SETS = tuple(tuple(_sets(low, held) for held in range(5)) for low in range(_TWO + 1))


def _play_cost(kind: str, value: int, size: int) -> float:
    """Cost of one play in a hand plan (see the module docstring)."""
    if kind == "single":
        return 1.0 + SINGLE_SLOPE * (1.0 - value / 12.0)
    if kind == "pair":
        return 1.0 + PAIR_SLOPE * (1.0 - value / 11.0)
    if kind == "triple":
        return 0.9 + TRIPLE_SLOPE * (1.0 - value / 10.0)
    if kind in ("straight", "pair_run"):
        return SEQUENCE_COST - 0.02 * size
    return BOMB_COST


#: Memo of :func:`plan` shared by every decision. A plain dict of tuples rather than
#: ``functools.lru_cache``, whose per-entry lists the garbage collector walks (20 ms pauses).
_PLANS: dict[tuple[int, ...], tuple[float, tuple[tuple[str, int, int], ...]]] = {}
#: 2**14 splits take about 6 MiB; 2**18 took about 90 MiB and made the game's memory climb
#: for a whole session, with no measurable change in Hard's decision times.
_PLANS_MAX = 1 << 14


def plan(counts: tuple[int, ...]) -> tuple[float, tuple[tuple[str, int, int], ...]]:
    """The cheapest split of a hand (rank counts, Run Fast order) into plays.

    Returns (cost, plays) with plays as ``(kind, highest value, cards)``. The lowest rank held
    must belong to a play that is either a set of that rank or a sequence starting there, so
    trying those covers every split.
    """
    found = _PLANS.get(counts)
    if found is None:
        if len(_PLANS) >= _PLANS_MAX:
            _PLANS.clear()
        found = _PLANS[counts] = _plan(counts)
    return found


def _plan(counts: tuple[int, ...]) -> tuple[float, tuple[tuple[str, int, int], ...]]:
    low = next((v for v in range(13) if counts[v]), None)
    if low is None:
        return 0.0, ()
    best_cost = float("inf")
    best: tuple[tuple[str, int, int], ...] = ()
    c = counts[low]
    rest = list(counts)

    def consider(kind: str, top: int, size: int, remaining: list[int]) -> None:
        nonlocal best_cost, best
        sub_cost, sub = plan(tuple(remaining))
        cost = sub_cost + _play_cost(kind, top, size)
        if cost < best_cost:
            best_cost, best = cost, ((kind, top, size), *sub)

    # Sets of the lowest rank.
    for take, kind in _SETS[low][c]:
        rest[low] = c - take
        consider(kind, low, take, rest)
        rest[low] = c
    # Sequences starting at the lowest rank (never through the 2, R4.2).
    for need, kind, min_len in ((1, "straight", 5), (2, "pair_run", 2)):
        top = low
        while top <= _ACE and counts[top] >= need:
            length = top - low + 1
            if length >= min_len:
                remaining = list(counts)
                for v in range(low, top + 1):
                    remaining[v] -= need
                consider(kind, top, length * need, remaining)
            top += 1
    return best_cost, best


def plan_cost(counts: tuple[int, ...]) -> float:
    return plan(counts)[0]


#: VR1 (attachments): memo of :func:`plan_attached`, like :data:`_PLANS`.
_PLANS_VR1: dict[tuple[tuple[int, ...], int], tuple[float, tuple[tuple[str, int, int], ...]]] = {}
#: Cards waiting for a later triple to carry them, and free places on earlier triples, at most.
_WAITING_MAX = 4
_FREE_MAX = 10


def plan_attached(counts: tuple[int, ...]) -> tuple[float, tuple[tuple[str, int, int], ...]]:
    """:func:`plan` under VR1: a triple (never aces) may carry two other cards and k >= 2
    consecutive triples 3..K 2k cards, which then cost no play of their own."""
    return _plan_vr1(counts, 0)


def _plan_vr1(
    counts: tuple[int, ...], balance: int
) -> tuple[float, tuple[tuple[str, int, int], ...]]:
    key = (counts, balance)
    found = _PLANS_VR1.get(key)
    if found is None:
        if len(_PLANS_VR1) >= _PLANS_MAX:
            _PLANS_VR1.clear()
        found = _PLANS_VR1[key] = _split_vr1(counts, balance)
    return found


def _split_vr1(
    counts: tuple[int, ...], balance: int
) -> tuple[float, tuple[tuple[str, int, int], ...]]:
    """The cheapest split with ``balance`` places owed (> 0: earlier triples still carry that
    many cards; < 0: that many cards wait for a later triple). The lowest rank held goes into
    a play starting there, or one of its cards is carried."""
    low = next((v for v in range(13) if counts[v]), None)
    if low is None:
        return (0.0, ()) if balance == 0 else (float("inf"), ())
    best_cost = float("inf")
    best: tuple[tuple[str, int, int], ...] = ()
    c = counts[low]

    def consider(
        play: tuple[str, int, int] | None, cost: float, rest: list[int], owed: int
    ) -> None:
        nonlocal best_cost, best
        if not -_WAITING_MAX <= owed <= _FREE_MAX:
            return
        sub_cost, sub = _plan_vr1(tuple(rest), owed)
        total = sub_cost + cost
        if total < best_cost:
            best_cost, best = total, sub if play is None else (play, *sub)

    rest = list(counts)
    rest[low] = c - 1
    consider(None, 0.0, rest, balance - 1)  # one card of the lowest rank is carried
    for take, kind in _SETS[low][c]:
        rest[low] = c - take
        consider((kind, low, take), _play_cost(kind, low, take), rest, balance)
        if kind == "triple":  # VR1: it carries two cards
            consider(("triple_two", low, 5), _play_cost(kind, low, take), rest, balance + 2)
        rest[low] = c
    for need, kind, min_len in ((1, "straight", 5), (2, "pair_run", 2), (3, "airplane", 2)):
        top = low
        while top <= _ACE and counts[top] >= need and not (need == 3 and top == _ACE):
            length = top - low + 1
            if length >= min_len:
                remaining = list(counts)
                for v in range(low, top + 1):
                    remaining[v] -= need
                size = length * need
                if kind == "airplane":  # two carried cards per triple
                    play, owed = ("airplane", top, 5 * length), balance + 2 * length
                    cost = _play_cost("straight", top, size)
                else:
                    play, owed, cost = (kind, top, size), balance, _play_cost(kind, top, size)
                consider(play, cost, remaining, owed)
            top += 1
    return best_cost, best


def describe_plan(counts: tuple[int, ...]) -> list[str]:
    """The plan as readable plays (for debugging and tests), e.g. ``["straight 3-7", "pair Q"]``."""
    out = []
    for kind, top, size in plan(counts)[1]:
        if kind == "straight":
            out.append(f"straight {ORDER[top - size + 1]}-{ORDER[top]}")
        elif kind == "pair_run":
            out.append(f"pair_run {ORDER[top - size // 2 + 1]}-{ORDER[top]}")
        else:
            out.append(f"{kind} {ORDER[top]}")
    return out
