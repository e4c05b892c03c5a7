"""The contract every registered game keeps (issue 25, in the spirit of OpenSpiel's random
simulation test): random playouts to the end through the state protocol of game/rules/base.py
(rules-api.md "The state protocol"). A toy game from the tests folder (tests/toy_game.py) is
registered too and runs through the same checks and the table controller: the seam holds
without touching any game module.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any, Protocol, cast

import pytest

from game import registry
from game.rules.base import Action, DealResult, DealState, DealView, GamePhase, Match, Phase
from game.rules.cards import Card
from game.rules.errors import IllegalActionError, RulesError
from game.table.controller import TableController
from game.table.record import non_auto_actions, replay_match
from tests import toy_game

BUILT_IN = registry.ids()
#: Seeds of the random playouts per game (each a whole deal).
SEEDS = range(4)
#: Listed actions tried on a clone at each step (all of them when there are fewer).
TRY_PER_STEP = 3


@pytest.fixture(scope="module", autouse=True)
def toy() -> Iterator[registry.GameSpec]:
    spec = registry.register(toy_game.spec())
    yield spec
    registry.unregister(spec.id)


def game_ids() -> list[str]:
    return [*BUILT_IN, "toy"]


class DealsHands(Protocol):
    """A game's rules whose ``new_deal`` takes the seats' hands (rules-api.md: every game's
    does; the shared ``RulesModule`` leaves the argument out)."""

    def new_deal(
        self, *, seed: int | None = None, hands: list[list[Card]] | None = None
    ) -> DealState: ...


def fingerprint(state: Any, seats: int) -> tuple[object, ...]:
    """Everything the seats can see, plus whose turn it is and the log: equal fingerprints
    are the same position for every player."""
    return (
        state.current_player,
        state.phase,
        tuple(state.log),
        tuple(state.view(seat) for seat in range(seats)),
        tuple(tuple(sorted(map(str, state.hand(seat)))) for seat in range(seats)),
    )


def check_position(spec: registry.GameSpec, state: Any, rng: random.Random) -> None:
    """The per-step checks of the protocol at one non-terminal position."""
    seats = spec.seats
    assert isinstance(state, DealState)
    assert isinstance(state.phase, GamePhase) and state.phase != Phase.OVER
    assert not state.is_terminal
    seat = state.current_player
    assert seat is not None and seat in range(seats)
    legal = state.legal_actions()
    assert legal, "a live deal always has a legal action"
    if state.leading and state.phase == Phase.PLAY:  # who opens a round or trick must play
        assert all(action.kind != "pass" for action in legal)
    before = fingerprint(state, seats)
    # every listed action applies, on a clone that does not touch the state (clones are
    # independent), and actions_for finds it from its cards
    for action in rng.sample(legal, min(TRY_PER_STEP, len(legal))):
        other = state.clone()
        other.apply(action)
        assert len(other.log) > len(state.log)
        if action.cards:
            assert action.kind in {a.kind for a in state.actions_for(list(action.cards))}
            assert state.explain(list(action.cards)) is None
    assert fingerprint(state, seats) == before
    # a refused apply leaves the state exactly as it was
    for bad in (
        Action("no_such_kind"),
        Action("play", tuple(state.hand(seat)) * 3),
    ):
        with pytest.raises(IllegalActionError):
            state.apply(bad)
        assert fingerprint(state, seats) == before
    # the house rules: every key of the game's schema, carried by clones and views
    assert set(state.options) == set(spec.options_schema())
    assert dict(state.clone().options) == dict(state.options)
    # views: own hand in full, others only as counts
    counts = state.hand_counts
    assert len(counts) == seats
    for seat in range(seats):
        view = state.view(seat)
        assert isinstance(view, DealView)
        assert view.seat == seat and view.current_player == state.current_player
        assert Counter(view.hand) == Counter(state.hand(seat))
        assert dict(view.options) == dict(state.options)
        assert tuple(view.hand_counts) == tuple(counts) and counts[seat] == len(view.hand)


def check_finished(spec: registry.GameSpec, state: Any) -> None:
    """A finished deal: no player to act, a result, returns per seat as the game declares."""
    assert state.is_terminal and state.phase == Phase.OVER
    assert state.current_player is None and state.legal_actions() == []
    assert isinstance(state.result, DealResult)
    returns = state.returns()
    assert returns == state.result.returns() == state.view(0).result.returns()
    assert len(returns) == spec.seats and all(math.isfinite(value) for value in returns)
    if spec.zero_sum:
        assert sum(returns) == pytest.approx(0.0)
    for team in spec.teams:  # partners share the outcome
        assert len({returns[seat] for seat in team}) == 1
        assert len({spec.outcome(state, seat) for seat in team}) == 1
    assert set(state.finish_order) <= set(range(spec.seats))


def play_out(spec: registry.GameSpec, state: Any, rng: random.Random, limit: int = 2000) -> None:
    for _ in range(limit):
        if state.is_terminal:
            return
        check_position(spec, state, rng)
        state.apply(rng.choice(state.legal_actions()))
    raise AssertionError(f"{spec.id}: no end after {limit} actions")


@pytest.mark.parametrize("game_id", game_ids())
def test_random_playouts_keep_the_protocol(game_id: str) -> None:
    """Two deals of each match (a later deal starts otherwise: Guandan's tribute and return,
    Shengji's known dealer)."""
    spec = registry.get(game_id)
    for seed in SEEDS:
        match = spec.rules.new_match(seed=seed)
        assert isinstance(match, Match)
        rng = random.Random(seed)
        for _ in range(2):
            play_out(spec, match.state, rng)
            check_finished(spec, match.state)
            results = len(match.results)
            match.advance()
            assert len(match.results) == results + 1
            if match.is_over:
                break


@pytest.mark.parametrize("game_id", game_ids())
def test_replay_from_the_log_gives_the_same_state(game_id: str) -> None:
    """A match is its seed plus the non-auto actions of its deals (the autosave's replay)."""
    spec = registry.get(game_id)
    rng = random.Random(7)
    match = spec.rules.new_match(seed=11)
    deals = []
    while not match.state.is_terminal:
        match.state.apply(rng.choice(match.state.legal_actions()))
    deals.append(non_auto_actions(match.state))
    match.advance()
    for _ in range(7):  # part of the next deal (a finished match replays its last deal)
        if match.is_over or match.state.is_terminal:
            break
        match.state.apply(rng.choice(match.state.legal_actions()))
    if not match.is_over:
        deals.append(non_auto_actions(match.state))
    again = replay_match(spec.rules, 11, deals)
    assert again.deal_index == match.deal_index and again.is_over == match.is_over
    assert fingerprint(again.state, spec.seats) == fingerprint(match.state, spec.seats)


@pytest.mark.parametrize("game_id", game_ids())
def test_views_hide_the_other_hands(game_id: str) -> None:
    """Two deals that differ only in which of two other seats holds a card look the same to
    the third seat (a swap that changes whose turn it is reveals a public fact and is left
    out: Run Fast's 3H holder leads)."""
    spec = registry.get(game_id)
    rules = cast(DealsHands, spec.rules)  # every game deals given hands (rules-api.md)
    rng = random.Random(3)
    dealt = rules.new_deal(seed=5)
    hands = [list(dealt.hand(seat)) for seat in range(spec.seats)]
    base = rules.new_deal(seed=5, hands=hands)
    compared = 0
    for _ in range(30):
        seat = rng.randrange(spec.seats)
        others = [s for s in range(spec.seats) if s != seat]
        if len(others) < 2:  # two players: swap with a card nobody holds instead
            unseen = [c for c in toy_game.PACK if all(c not in h for h in hands)]
            other, card = others[0], rng.choice(unseen)
            swapped = [list(h) for h in hands]
            swapped[other][rng.randrange(len(swapped[other]))] = card
        else:
            a, b = rng.sample(others, 2)
            swapped = [list(h) for h in hands]
            i, j = rng.randrange(len(swapped[a])), rng.randrange(len(swapped[b]))
            swapped[a][i], swapped[b][j] = swapped[b][j], swapped[a][i]
        try:
            changed = rules.new_deal(seed=5, hands=swapped)
        except RulesError:
            continue
        if changed.current_player != base.current_player:
            continue
        assert changed.view(seat) == base.view(seat)
        compared += 1
    assert compared >= 10


def test_a_game_outside_the_registry_is_refused_by_name() -> None:
    with pytest.raises(registry.UnknownGameError, match="guandan"):
        registry.get("poker")
    with pytest.raises(ValueError, match="already registered"):
        registry.register(toy_game.spec("guandan"))


def test_the_toy_game_plays_through_the_table_controller() -> None:
    """The controller knows nothing of the toy game but its registry entry: bots from the
    spec, a whole match on autoplay, and a snapshot that replays."""
    now = [0.0]
    ctl = TableController(
        "toy",
        seed=4,
        threaded=False,
        think_delay=0.0,
        autoplay=True,
        autoplay_pause=0.0,
        clock=lambda: now[0],
    )
    assert ctl.seats == 2 and isinstance(ctl.bots[1], toy_game.ToyBot)
    kinds: list[str] = []
    for _ in range(500):
        kinds += [event.kind for event in ctl.update()]
        now[0] += 1.0
        if ctl.match_over:
            break
    assert ctl.match_over and ctl.match.winner in (0, 1)
    assert kinds.count("deal_end") == toy_game.DEALS and kinds[-1] == "match_end"
    assert sum(ctl.match.totals.values()) == 0


def test_a_human_turn_and_the_autosave_work_for_the_toy_game() -> None:
    ctl = TableController("toy", seed=9, threaded=False, think_delay=0.0)
    ctl.run_bots_until_human()
    assert ctl.is_human_turn()
    hand = ctl.state.hand(0)
    assert ctl.selection_actions(hand[:2]) == []  # two cards are no play
    assert ctl.human_apply(ctl.selection_actions(hand[:1])[0]) is None
    ctl.run_bots_until_human()
    again = TableController.from_snapshot(ctl.snapshot(), threaded=False)
    assert fingerprint(again.state, 2) == fingerprint(ctl.state, 2)


def test_a_phase_is_its_string() -> None:
    """Saved data, locale keys and mappings keyed by the old phase strings keep working; the
    shared phases are play and over, and a game's own phases live in its rules (issue 39)."""
    from game.games.guandan.rules.records import Phase as GuandanPhase
    from game.games.shengji.rules.records import Phase as ShengjiPhase

    # each phase read as the string it is (the type checker keeps the enums apart)
    play: str = Phase.PLAY
    guandan_play: str = GuandanPhase.PLAY
    by_phase: dict[str, int] = {Phase.PLAY: 1}
    assert {phase.value for phase in Phase} == {"play", "over"}
    assert play == "play" and f"{GuandanPhase.RETURN}" == "return"
    assert str(Phase.OVER) == "over" and guandan_play == play == ShengjiPhase.PLAY
    assert {"declare": 1}[ShengjiPhase.DECLARE] == 1 and hash(ShengjiPhase.BURY) == hash("bury")
    assert by_phase[ShengjiPhase.PLAY] == 1 and hash(GuandanPhase.OVER) == hash("over")
