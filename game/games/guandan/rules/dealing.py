"""A new Guandan deal (G2, G3; issue 53: out of :mod:`.deal`, the state machine it starts):
the seeded shuffle or scripted hands, the levels, the leader, the tribute paid at once and the
returns it leaves pending; and a deal replayed from its arguments and log.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence

from game.games.guandan.rules.combos import Level, level_of
from game.games.guandan.rules.deal import State
from game.games.guandan.rules.options import checked
from game.games.guandan.rules.records import Phase, TributeEvent
from game.games.guandan.rules.tribute import plan_tribute
from game.rules import validate
from game.rules.base import Action, Record
from game.rules.cards import Card, double_pack, format_cards
from game.rules.errors import BadArgumentError

_RJ = Card("RJ")


def card_counts(cards: Iterable[Card]) -> list[int]:
    counts = [0] * 54
    for card in cards:
        counts[card.index] += 1
    return counts


def _a_tries(value: object) -> tuple[int, int]:
    if (
        isinstance(value, Sequence)
        and len(value) == 2
        and all(validate.is_int(n) and 0 <= n < 100 for n in value)
    ):
        return (int(value[0]), int(value[1]))
    raise BadArgumentError(f"a_tries must be two counts (teams 0 and 1), not {value!r:.60}")


def _team_levels(
    team_levels: Mapping[int, str] | Sequence[str] | None, level: str
) -> tuple[str, str]:
    if team_levels is None:
        return (level, level)
    pair: tuple[str, ...]
    if isinstance(team_levels, Mapping) and set(team_levels) == {0, 1}:
        pair = (team_levels[0], team_levels[1])
    elif isinstance(team_levels, Sequence) and not isinstance(team_levels, str):
        pair = tuple(team_levels)
    else:
        pair = ()
    if len(pair) != 2:
        raise BadArgumentError(
            f"team_levels must be two ranks (teams 0 and 1), not {team_levels!r:.60}"
        )
    return (validate.rank(pair[0], "team level"), validate.rank(pair[1], "team level"))


def new_deal(
    *,
    seed: int | None = None,
    hands: Sequence[Iterable[Card | str] | str] | None = None,
    level: str = "2",
    leader: int | None = None,
    previous_finish: Sequence[int] | None = None,
    team_levels: Mapping[int, str] | Sequence[str] | None = None,
    options: Mapping[str, object] | None = None,
    a_tries: Sequence[int] = (0, 0),
) -> State:
    """A new deal at ``level``. ``hands`` (one card list or notation string per seat) replaces
    the seeded shuffle. With ``previous_finish`` (seats 1st..4th of the previous deal) the deal
    starts with G3: the tribute is paid at once (auto records), then each recipient returns a
    card (phase ``"return"``), then the G3.6 leader plays; ``leader`` is then ignored.
    Otherwise ``leader`` (or, when None, a seat drawn from the seeded RNG, G2.3) leads.
    ``seed=None`` draws a fresh seed, kept in ``state.seed`` so the deal can be replayed.
    Bad arguments raise :class:`~game.rules.errors.BadArgumentError` naming the problem;
    ``options`` are the house rules (variants.md VG1-VG3; a bad one raises ``bad_option``)."""
    chosen_options = checked(options)
    lv = level_of(level)
    seed = validate.seed(seed)
    leader = validate.optional_seat(leader, 4, "leader")
    if previous_finish is not None:
        previous_finish = validate.permutation(previous_finish, 4, "previous_finish")
    chosen_team_levels = _team_levels(team_levels, lv.rank)
    if seed is None:
        seed = random.SystemRandom().randrange(1 << 63)
    rng = random.Random(seed)
    if hands is None:
        deck = double_pack()
        rng.shuffle(deck)
        dealt = [deck[i * 27 : (i + 1) * 27] for i in range(4)]
    else:
        dealt = validate.hands(hands, 4, double_pack(), "Guandan")
    state = State.__new__(State)
    state.level = lv
    state.team_levels = chosen_team_levels
    state.options = chosen_options
    state.a_tries = _a_tries(a_tries)  # VG3 counts, shown at the table
    state.seed = seed
    state.hands = [card_counts(hand) for hand in dealt]
    state.sizes = [len(hand) for hand in dealt]
    clear_play(state)
    state.tributes = []
    state.anti_tribute = False
    state.pending_returns = []
    state.log = []
    state.result = None
    state.previous_finish = tuple(previous_finish) if previous_finish is not None else None
    #: The new_deal arguments that rebuild this deal (``replay(state.log, **state.deal_args)``).
    state.deal_args = {
        "seed": seed,
        "hands": None if hands is None else [format_cards(hand) for hand in dealt],
        "level": lv.rank,
        "leader": leader,
        "previous_finish": state.previous_finish,
        "team_levels": state.team_levels,
        "options": chosen_options.as_dict(),
        "a_tries": state.a_tries,
    }
    state._legal = None
    state._legal_ids = None
    state.phase = Phase.PLAY
    if previous_finish is not None:
        _start_tribute(state, previous_finish, dealt, lv)
    else:
        first = leader if leader is not None else rng.randrange(4)
        state.next_leader = first
        state._current = first
        state.leader = first
    return state


def _start_tribute(
    state: State, previous_finish: Sequence[int], dealt: list[list[Card]], lv: Level
) -> None:
    """G3 at the start of a later deal: anti-tribute shown or tribute paid (auto records), then
    the returns pending, or the G3.6 leader to play when there are none."""
    plan = plan_tribute(previous_finish, dealt, lv)
    if plan.anti_tribute:
        state.anti_tribute = True
        payers = (
            [previous_finish[2], previous_finish[3]]
            if previous_finish[1] == (previous_finish[0] + 2) % 4
            else [previous_finish[3]]
        )
        for payer in payers:
            jokers = state.hands[payer][_RJ.index]
            if jokers:
                state.tributes.extend(
                    TributeEvent("anti_tribute", payer, None, _RJ) for _ in range(jokers)
                )
                state.log.append(Record(payer, Action("anti_tribute", (_RJ,) * jokers), True))
    for payer, receiver, card in plan.payments:
        state.hands[payer][card.index] -= 1
        state.hands[receiver][card.index] += 1
        state.sizes[payer] -= 1
        state.sizes[receiver] += 1
        state.tributes.append(TributeEvent("tribute", payer, receiver, card))
        state.log.append(Record(payer, Action("tribute", (card,)), True))
        state.pending_returns.append((receiver, payer))
    state.next_leader = plan.leader
    if state.pending_returns:
        state.phase = Phase.RETURN
        state._current = state.pending_returns[0][0]
        state.leader = None
    else:
        state._current = plan.leader
        state.leader = plan.leader


def replay(records: Iterable[Record], **deal_args: object) -> State:
    """A deal rebuilt from its ``new_deal`` arguments (with the seed) and its log: the records
    with ``auto=False`` are applied again in order."""
    state = new_deal(**deal_args)  # type: ignore[arg-type]  # new_deal's own stored arguments
    for record in records:
        if not record.auto:
            state.apply(record.action)
    return state


def clear_play(state: State) -> None:
    """Nothing played yet: an empty round, nobody out."""
    state.round = []
    state.last_play = None
    state.last_seat = None
    state.passes = 0
    state.out = [False] * 4
    state.finished = []
    state.played = []
    state.played_by = [[], [], [], []]
