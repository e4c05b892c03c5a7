"""Guandan (issue 5): random full matches checked against the state protocol, and Hypothesis
properties of interpretations, beats and the legal-play generator (G4, G5)."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Iterator
from typing import Protocol, TypeVar

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.games.guandan.rules.combos import BOMB_KINDS, CARD_BY_INDEX, KIND_SIZE, level_of
from game.games.guandan.rules.moves import plays
from game.rules import guandan as gd
from game.rules.base import Action
from game.rules.cards import RANKS, Card, double_pack
from game.rules.errors import IllegalActionError
from tests.typed import known, narrow

FULL = Counter(double_pack())
DECK = sorted(double_pack())
MATCHES = 22  # random matches run 10-20 deals each: several hundred deals in all
MAX_DEALS = 400  # a match that has not ended by then is a bug (G1.5, G6.2)
MAX_STEPS = 2000  # per deal
T = TypeVar("T")


def combo(action: Action) -> gd.Combo:
    """A Guandan play's meaning, Guandan's own."""
    return narrow(gd.Combo, action.combo)


class Draw(Protocol):
    """What :func:`structured` draws with: Hypothesis's ``data.draw``."""

    def __call__(self, strategy: st.SearchStrategy[T], /) -> T: ...


def snapshot(state: gd.State) -> tuple[object, ...]:
    return (
        tuple(tuple(hand) for hand in state.hands),
        state.current_player,
        state.phase,
        tuple(state.log),
        state.last_play,
        tuple(state.round),
        tuple(state.finished),
    )


def accounted(state: gd.State) -> Counter[Card]:
    cards = Counter(state.played)
    for seat in range(4):
        cards.update(state.hand(seat))
    return cards


def refused_action(state: gd.State, rng: random.Random) -> Action:
    """An action the current player may not take now."""
    seat = known(state.current_player)
    if state.phase == "return":
        return Action("play", tuple(state.hand(seat)[:1]))
    if state.last_play is None:
        return Action("pass")
    while True:
        card = rng.choice(DECK)
        if state.hands[seat][card.index] == 0:
            return Action("play", (card,))


def check_step(state: gd.State, rng: random.Random, deep: bool) -> None:
    """Protocol invariants at every step; the costly ones (every listed action checked and
    applied to a clone, every view, card by card accounting) only when ``deep``."""
    assert sum(state.sizes) + len(state.played) == 108
    seat = state.current_player
    legal = state.legal_actions()
    assert legal and seat is not None and seat not in state.finished
    if state.phase == "play":
        assert (Action("pass") in legal) is (state.last_play is not None)  # G4.2
    before = snapshot(state)
    bad = refused_action(state, rng)
    try:
        state.apply(bad)
    except IllegalActionError as error:
        assert error.reason and str(error)
    else:
        raise AssertionError(f"{bad} was accepted")
    assert snapshot(state) == before  # a refused action changes nothing
    if not deep:
        return
    assert accounted(state) == FULL  # G2.1: the 108 cards are all somewhere
    for seen in range(4):  # every view agrees whose turn it is; only that seat acts
        view = state.view(seen)
        assert view.current_player == seat and len(view.hand) == state.sizes[seen]
    hand = Counter(state.hand(seat))
    for action in legal:
        assert not Counter(action.cards) - hand  # only cards of the current player
        if action.kind == "play":
            meanings = {c.meaning for c in gd.interpretations(action.cards, state.level)}
            assert combo(action).meaning in meanings
            if state.last_play is not None:
                assert gd.beats(combo(action), state.last_play, state.level)
    for action in rng.sample(legal, min(len(legal), 25)):
        other = state.clone()
        other.apply(action)  # every listed action is accepted
        assert other.log[-1].seat == seat
        again = state.clone()
        again.apply(Action(action.kind, action.cards, action.combo))  # a copy is accepted too
        assert snapshot(again) == snapshot(other)
        if action.kind == "play":
            assert state.actions_for(action.cards)
    assert snapshot(state) == before


def check_finished(state: gd.State) -> None:
    """G4.5, G1.2: a finished deal and its result."""
    assert state.current_player is None and state.legal_actions() == []
    assert accounted(state) == FULL
    result = known(state.result)
    assert sorted(result.finish_order) == [0, 1, 2, 3]
    assert tuple(state.finished) == result.finish_order[: len(state.finished)]
    assert (result.winning_team, result.levels_gained) == gd.promotion(result.finish_order)
    assert len(state.finished) == 3 or state.finished[1] == (state.finished[0] + 2) % 4


def run_random_matches(seeds: range) -> int:
    """Random legal play through whole matches, checking the protocol at every step; returns
    the number of deals played."""
    deals = 0
    for match_seed in seeds:
        rng = random.Random(1000 + match_seed)
        match = gd.new_match(seed=match_seed)
        replayed = gd.new_match(seed=match_seed)
        while not match.is_over:
            assert match.deal_index < MAX_DEALS, "the match never ended"
            state = match.state
            assert state.level.rank == (
                match.levels[match.results[-1].winning_team] if match.results else "2"
            )
            fork_at = rng.randrange(40)
            steps = 0
            fork = None
            while not state.is_terminal:
                if steps == fork_at:
                    fork = (state.clone(), len(state.log))
                check_step(state, rng, deep=steps % 29 == 0)
                state.apply(rng.choice(state.legal_actions()))
                steps += 1
            check_finished(state)
            if fork is not None:  # a clone fed the same actions ends identically
                clone, at = fork
                for record in state.log[at:]:
                    clone.apply(record.action)
                assert snapshot(clone) == snapshot(state) and clone.result == state.result
            rebuilt = gd.replay(state.log, **state.deal_args)  # seed + non-auto log
            assert snapshot(rebuilt) == snapshot(state)
            for record in state.log:  # the match too: same seed, same non-auto actions
                if not record.auto:
                    replayed.state.apply(record.action)
            assert snapshot(replayed.state) == snapshot(state)
            match.advance()
            replayed.advance()
            deals += 1
            assert replayed.levels == match.levels
        assert match.winner in (0, 1) and match.levels[match.winner] == "A"
        last = match.results[-1]
        assert last.level == "A" and last.winning_team == match.winner and last.levels_gained >= 2
        assert replayed.is_over and replayed.winner == match.winner
    return deals


def test_random_matches() -> None:  # G1–G6 through the state protocol
    assert run_random_matches(range(MATCHES)) >= 200


@pytest.mark.slow
def test_random_matches_soak() -> None:  # the same over many more matches (slow suite)
    assert run_random_matches(range(100, 160)) >= 600


def test_clone_is_independent() -> None:
    match = gd.new_match(seed=77)
    copy = match.clone()
    before = snapshot(copy.state)
    rng = random.Random(0)
    while not match.state.is_terminal:
        match.state.apply(rng.choice(match.state.legal_actions()))
    match.advance()
    assert snapshot(copy.state) == before
    assert copy.deal_index == 0 and copy.results == [] and copy.levels == {0: "2", 1: "2"}
    while not copy.state.is_terminal:  # the clone's RNG continues like the original's
        copy.state.apply(rng.choice(copy.state.legal_actions()))


def match_positions(seeds: range, every: int, rng: random.Random) -> Iterator[tuple[gd.State, int]]:
    """(live state, a random seat) every ``every`` plies of random play, over the first deal
    of each seeded match and the next one, which starts with tribute; the caller must not
    change the state."""
    for seed in seeds:
        match = gd.new_match(seed=seed)
        for _ in range(2):
            state = match.state
            steps = 0
            while not state.is_terminal:
                if steps % every == 0:
                    yield state, rng.randrange(4)
                state.apply(rng.choice(state.legal_actions()))
                steps += 1
            match.advance()
            if match.is_over:
                break


def test_sample_state_matches_the_view() -> None:  # search bot support
    rng = random.Random(5)
    checked = 0
    for state, seat in match_positions(range(6), 11, rng):
        view = state.view(seat)
        sample = gd.sample_state(view, rng)
        assert sample.view(seat) == view
        assert accounted(sample) == FULL and sample.sizes == state.sizes
        for event in view.tributes:  # G3.3: a payer held nothing stronger
            if event.kind == "tribute" and event.giver != seat:
                ceiling = state.level.card_strength(known(event.card))
                hand = sample.hand(event.giver)
                returned = [e.card for e in state.tributes if e.kind == "return"]
                assert all(
                    state.level.is_wild(card)
                    or state.level.card_strength(card) <= ceiling
                    or card in returned
                    for card in hand
                )
        if sample.legal_actions():  # the sample plays on to the end
            while not sample.is_terminal:
                sample.apply(rng.choice(sample.legal_actions()))
        checked += 1
    assert checked > 50


def test_swap_hidden_keeps_everything_the_seat_knows() -> None:  # search bot support, G3.3
    """Each step of the search's walk through samples exchanges one hidden card between two
    other seats and keeps the view, the deck, the hand sizes, the known tribute cards and the
    payers' ceilings."""
    rng = random.Random(8)
    steps = 0
    for state, seat in match_positions(range(40, 44), 13, rng):
        view = state.view(seat)
        hidden = gd.hidden_cards(view)
        sample = gd.sample_state(view, rng, hidden)
        for _ in range(12):
            step = gd.swap_hidden(sample, hidden, rng)
            if step is None:
                continue
            other, (a, b) = step
            assert seat not in (a, b) and a != b
            assert other.view(seat) == view and accounted(other) == FULL
            assert other.sizes == state.sizes
            for s in range(4):
                changed = Counter(other.hand(s)) - Counter(sample.hand(s))
                assert sum(changed.values()) == (1 if s in (a, b) else 0)
                if s == seat:
                    continue
                known = Counter({CARD_BY_INDEX[i]: n for i, n in enumerate(hidden.known[s]) if n})
                assert not known - Counter(other.hand(s))  # known cards stay put
                assert not {c.index for c in other.hand(s)} & (
                    hidden.forbidden.get(s, frozenset()) - {c.index for c in sample.hand(s)}
                )
            sample = other
            steps += 1
    assert steps > 100


def _cards_in(value: object) -> Counter[Card]:
    if isinstance(value, Card):
        return Counter([value])
    found: Counter[Card] = Counter()
    if isinstance(value, tuple | list):
        for item in value:
            found += _cards_in(item)
    elif hasattr(value, "__dataclass_fields__"):
        for name in value.__dataclass_fields__:
            found += _cards_in(getattr(value, name))
    return found


def test_views_hide_other_hands() -> None:
    state = gd.new_deal(seed=3, leader=0)
    view = state.view(1)
    assert view.hand == tuple(state.hand(1)) and view.hand_counts == (27, 27, 27, 27)
    assert _cards_in(view) == Counter(state.hand(1))  # no card of another hand is reachable


# --- Hypothesis: interpretations and beats ---------------------------------------------------

levels = st.sampled_from(RANKS)
card_sets = st.lists(st.sampled_from(sorted(set(DECK))), min_size=1, max_size=10).filter(
    lambda cards: max(Counter(cards).values()) <= 2
)


def structured(draw: Draw, pool: list[Card], level: str) -> list[Card]:
    """A subset of ``pool`` that often forms a combination: some consecutive ranks, a few
    copies of each, maybe the wilds and jokers."""
    lv = level_of(level)
    start = draw(st.integers(0, 12))
    width = draw(st.integers(1, 5))
    per = draw(st.integers(1, 4))
    ranks = {RANKS[(start + i) % 13] for i in range(width)}
    chosen: list[Card] = []
    spare = list(pool)
    for rank in ranks:
        same = [c for c in spare if c.rank == rank and not lv.is_wild(c)]
        take = draw(st.integers(0, min(per, len(same))))
        chosen += same[:take]
    wilds = [c for c in pool if lv.is_wild(c)]
    chosen += wilds[: draw(st.integers(0, len(wilds)))]
    if draw(st.booleans()):
        jokers = [c for c in pool if c.is_joker]
        chosen += jokers[: draw(st.integers(0, len(jokers)))]
    return chosen[:10]


@settings(max_examples=400, deadline=None)
@given(card_sets, levels)
def test_interpretations_are_well_formed(cards: list[Card], level: str) -> None:  # G5
    combos = gd.interpretations(cards, level)
    assert len({c.meaning for c in combos}) == len(combos)
    powers = [level_of(level).power(c) for c in combos]
    assert powers == sorted(powers, reverse=True)  # strongest first
    for combo in combos:
        assert combo.cards == tuple(sorted(cards)) and combo.kind in gd.KINDS
        if combo.kind in KIND_SIZE:
            assert combo.size == KIND_SIZE[combo.kind]
        if combo.kind == "bomb":
            assert 4 <= combo.size <= 10
        if combo.kind in ("straight", "tube", "plate", "straight_flush", "triple", "bomb"):
            assert not any(card.is_joker for card in cards)  # G5.2


@settings(max_examples=300, deadline=None)
@given(card_sets, card_sets, card_sets, levels)
def test_beats_is_a_strict_order(
    a: list[Card], b: list[Card], c: list[Card], level: str
) -> None:  # G4.4, G5.6
    xs = gd.interpretations(a, level)
    ys = gd.interpretations(b, level)
    zs = gd.interpretations(c, level)
    joker_bomb = gd.interpretations("RJ RJ BJ BJ", level)[0]
    for x in xs:
        if x.kind != "joker_bomb":
            assert not gd.beats(x, joker_bomb, level) and gd.beats(joker_bomb, x, level)
        assert not gd.beats(x, x, level)
        for y in ys:
            assert not (gd.beats(x, y, level) and gd.beats(y, x, level))
            comparable = (x.is_bomb and y.is_bomb) or (x.kind == y.kind and x.size == y.size)
            if comparable and x.meaning != y.meaning and (x.kind, x.rank) != (y.kind, y.rank):
                assert gd.beats(x, y, level) or gd.beats(y, x, level)
            if x.is_bomb and not y.is_bomb:
                assert gd.beats(x, y, level)
            for z in zs:
                if gd.beats(x, y, level) and gd.beats(y, z, level):
                    assert gd.beats(x, z, level)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), levels, st.randoms(use_true_random=False))
def test_generator_is_sound_and_complete(
    data: st.DataObject, level: str, rnd: random.Random
) -> None:
    """Every listed play is a legal meaning of cards in the hand, and every legal meaning of
    any subset of the hand is listed (legal_actions covers each (kind, rank, size))."""
    deck = list(DECK)
    rnd.shuffle(deck)
    size = data.draw(st.integers(5, 27))
    hand = deck[:size]
    rest = deck[size:]
    lv = level_of(level)
    last = None
    if data.draw(st.booleans()):
        options = gd.interpretations(structured(data.draw, rest, level), level)
        last = options[0] if options else None
    counts = [0] * 54
    for card in hand:
        counts[card.index] += 1
    listed = plays(counts, lv, last)
    meanings = set()
    held = Counter(hand)
    for action in listed:
        assert not Counter(action.cards) - held
        assert combo(action).meaning in {c.meaning for c in gd.interpretations(action.cards, level)}
        assert last is None or gd.beats(combo(action), last, level)
        meanings.add(combo(action).meaning)
    assert len(meanings) == len(listed)  # one action per meaning
    for _ in range(12):
        subset = structured(data.draw, hand, level)
        for meaning in gd.interpretations(subset, level):
            if last is None or gd.beats(meaning, last, level):
                assert meaning.meaning in meanings, (meaning, last)


small_hands = st.tuples(
    levels,
    st.integers(0, 12),  # lowest rank of a narrow band, so that combinations are frequent
    st.lists(st.integers(0, 5 * 8 - 1), min_size=3, max_size=9, unique=True),
    st.integers(0, 2),  # wilds
    st.integers(0, 4),  # jokers
)


def _band_hand(level: str, start: int, picks: list[int], wilds: int, jokers: int) -> list[Card]:
    lv = level_of(level)
    band = [
        Card(RANKS[(start + i) % 13], suit)
        for i in range(5)
        for suit in "SHDC"
        if not lv.is_wild(Card(RANKS[(start + i) % 13], suit))
    ]
    pool = band + band  # two packs
    hand = [pool[i] for i in picks if i < len(pool)]
    hand += [lv.wild] * wilds + [Card("BJ"), Card("RJ"), Card("BJ"), Card("RJ")][:jokers]
    return hand


@settings(max_examples=120, deadline=None)
@given(small_hands, st.data())
def test_generator_matches_brute_force(
    hand_spec: tuple[str, int, list[int], int, int], data: st.DataObject
) -> None:
    """For small hands the listed meanings are exactly the union of the meanings of every
    sub-multiset (that beat the last play): nothing missing, nothing extra (G5, G4.4)."""
    level = hand_spec[0]
    hand = _band_hand(*hand_spec)
    last = None
    if data.draw(st.booleans()):
        options = gd.interpretations(data.draw(card_sets), level)
        last = data.draw(st.sampled_from(options)) if options else None
    expected = set()
    for size in range(1, min(len(hand), 10) + 1):
        for subset in {tuple(sorted(x)) for x in itertools.combinations(hand, size)}:
            for meaning in gd.interpretations(subset, level):
                if last is None or gd.beats(meaning, last, level):
                    expected.add(meaning.meaning)
    counts = [0] * 54
    for card in hand:
        counts[card.index] += 1
    listed = plays(counts, level_of(level), last)
    assert {combo(a).meaning for a in listed} == expected
    assert len(listed) == len(expected)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10_000), levels)
def test_actions_for_accepts_every_legal_card_set(seed: int, level: str) -> None:
    rnd = random.Random(seed)
    state = gd.new_deal(seed=seed, level=level, leader=0)
    hand = state.hand(0)
    for _ in range(30):
        subset = rnd.sample(hand, rnd.choice([1, 2, 3, 4, 5, 5, 5, 6, 6]))
        actions = state.actions_for(subset)
        expected = gd.interpretations(subset, level)
        assert [combo(a).meaning for a in actions] == [c.meaning for c in expected]
        assert (state.explain(subset) is None) is bool(expected)
        for action in actions:
            clone = state.clone()
            clone.apply(action)
            assert known(clone.last_play).meaning == combo(action).meaning


def test_bomb_kinds_constant() -> None:
    assert BOMB_KINDS == {"bomb", "straight_flush", "joker_bomb"}
