"""The rules boundary (issue 33, items 7 and 8): every public entry point of the three engines
refuses a wrong type or value with a ``RulesError`` whose message names the problem, leaves the
state exactly as it was, and ``new_deal`` never builds a deal that nobody can play.

Hypothesis throws random values of random types at ``apply``, ``actions_for``, ``explain`` and
``new_deal`` of every game: only ``RulesError`` may come out, a refused action changes nothing,
and an accepted one was legal.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.games.guandan.rules import combos as gd_combos
from game.rules import guandan as gd
from game.rules import runfast as rf
from game.rules import shengji as sj
from game.rules.base import Action
from game.rules.cards import double_pack, parse_cards
from game.rules.errors import BadArgumentError, IllegalActionError, RulesError

ENGINES = {"guandan": gd, "shengji": sj, "runfast": rf}
SEATS = {"guandan": 4, "shengji": 4, "runfast": 3}
CARDS = sorted(set(double_pack()), key=lambda card: card.index)


def fingerprint(game: str, state: Any) -> tuple[object, ...]:
    """Everything a caller can see of a state: whose turn, the log, every seat's view and the
    legal actions."""
    return (
        state.current_player,
        state.is_terminal,
        tuple(state.log),
        tuple(state.view(seat) for seat in range(SEATS[game])),
        tuple(state.legal_actions()),
    )


def walk(state: Any, rng: random.Random, plies: int) -> Any:
    for _ in range(plies):
        if state.is_terminal:
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


def to_end(state: Any, rng: random.Random) -> Any:
    return walk(state, rng, 10_000)


def positions(game: str) -> list[Any]:
    """Seeded positions in every phase: leads, follows, Guandan's return (G3.5), Shengji's
    declaring (S2.3) and burying (S2.7), Run Fast's opening (R2.2), and deals that are over."""
    rng = random.Random(33)
    if game == "guandan":
        return [
            gd.new_deal(seed=1),
            walk(gd.new_deal(seed=2), rng, 3),
            gd.new_deal(seed=3, previous_finish=(0, 1, 2, 3)),
            to_end(gd.new_deal(seed=4), rng),
        ]
    if game == "shengji":
        declare = sj.new_deal(seed=1)
        bury = sj.new_deal(seed=2, dealer=0)
        while bury.phase == "declare":  # four passes show the kitty (S2.5)
            bury.apply(Action("pass"))
        lead = bury.clone()
        lead.apply(lead.legal_actions()[0])
        follow = walk(lead.clone(), rng, 1)
        return [declare, bury, lead, follow, to_end(sj.new_deal(seed=5), rng)]
    return [
        rf.new_deal(seed=1),
        walk(rf.new_deal(seed=2), rng, 1),
        walk(rf.new_deal(seed=3), rng, 7),
        to_end(rf.new_deal(seed=4), rng),
    ]


POSITIONS = {game: positions(game) for game in ENGINES}
CASES = [(game, index) for game in ENGINES for index in range(len(POSITIONS[game]))]


# --- Item 7: malformed actions and card lists are refused, the state unchanged ------------------

# Wrong on purpose: each ignore marks nonsense a caller might pass, which the engines refuse.
BAD_ACTIONS = [
    None,
    "pass",
    5,
    1.5,
    ("play", ()),
    Action("play", None),  # type: ignore[arg-type]  # malformed on purpose
    Action("play", ("AS",)),  # type: ignore[arg-type]  # malformed on purpose
    Action("play", 5),  # type: ignore[arg-type]  # malformed on purpose
    Action(5),  # type: ignore[arg-type]  # malformed on purpose
    Action(None, ()),  # type: ignore[arg-type]  # malformed on purpose
    Action("play", tuple(parse_cards("3S")), combo="pair"),  # type: ignore[arg-type]  # malformed on purpose
    Action(
        "play", tuple(parse_cards("3S")), combo=rf.Combo("single", "3", tuple(parse_cards("3S")))
    ),
    Action("play", tuple(parse_cards("RJ RJ RJ"))),  # more than any pack holds
    Action("dance", ()),
    Action("pass", tuple(parse_cards("3D"))),  # a pass that would drop a card
    Action("pass", (), combo=rf.Combo("single", "3", tuple(parse_cards("3D")))),
]


@pytest.mark.parametrize("game, index", CASES)
@pytest.mark.parametrize("bad", BAD_ACTIONS, ids=repr)
def test_apply_refuses_malformed_actions(game: str, index: int, bad: Any) -> None:
    state = POSITIONS[game][index].clone()
    before = fingerprint(game, state)
    with pytest.raises(RulesError) as info:
        state.apply(bad)
    assert str(info.value)
    assert fingerprint(game, state) == before


class _Opaque:
    """An object that is no card, with a stable name (parallel workers collect the same ids)."""

    def __repr__(self) -> str:
        return "opaque"


BAD_CARDS = [
    None,
    5,
    1.5,
    True,
    _Opaque(),
    [None],
    ["ZZ"],
    [5],
    "3S XX",
    b"AS",
    [["AS"]],
    {"AS": 1},
]


@pytest.mark.parametrize("game, index", CASES)
@pytest.mark.parametrize("bad", BAD_CARDS, ids=repr)
def test_card_questions_refuse_what_is_not_cards(game: str, index: int, bad: Any) -> None:
    state = POSITIONS[game][index].clone()
    before = fingerprint(game, state)
    for ask in (state.actions_for, state.explain):
        with pytest.raises(RulesError, match="card"):
            ask(bad)
    assert fingerprint(game, state) == before


@pytest.mark.parametrize("index", range(len(POSITIONS["runfast"])))
def test_runfast_jokers_are_not_in_hand(index: int) -> None:  # R2.1: no jokers in the pack
    state = POSITIONS["runfast"][index].clone()
    before = fingerprint("runfast", state)
    assert state.actions_for("BJ") == []
    problem = state.explain("BJ RJ")
    assert isinstance(problem, IllegalActionError)
    assert problem.reason in {"not_in_hand", "deal_over"}
    assert rf.interpretations("BJ") == []
    with pytest.raises(BadArgumentError, match="BJ is not in the Run Fast pack"):
        rf.has_response("BJ 3S", rf.interpretations("4S")[0])
    assert fingerprint("runfast", state) == before


@pytest.mark.parametrize("game", ENGINES)
@pytest.mark.parametrize("seat", [-1, 4, 1.5, True, "0", None])
def test_view_names_a_bad_seat(game: str, seat: Any) -> None:
    with pytest.raises(BadArgumentError, match="seat"):
        POSITIONS[game][0].view(seat)


# --- Item 8: new_deal validates every argument -------------------------------------------------

NEW_DEAL_CASES = [
    # (game, keyword arguments, what the message names)
    ("runfast", {"hands": [[], [], []]}, "hand 0 is empty"),
    ("runfast", {"hands": ["3H 4S", "5S", ""]}, "hand 2 is empty"),
    ("runfast", {"hands": ["3H", "4S"]}, "has 3 hands, not 2"),
    ("runfast", {"hands": ["3H BJ", "4S", "5S"]}, "BJ is not in the Run Fast pack"),
    ("runfast", {"hands": ["3H 4S", "4S", "5S"]}, "4S is dealt 2 times"),
    ("runfast", {"hands": "3H 4S 5S"}, "hands must be a list"),
    ("runfast", {"hands": 5}, "hands must be a list"),
    ("runfast", {"hands": [None, "4S", "5S"]}, "a hand must be cards"),
    ("runfast", {"leader": -1}, "leader"),
    ("runfast", {"leader": 5}, "leader"),
    ("runfast", {"leader": 1.5}, "leader"),
    ("runfast", {"leader": True}, "leader"),
    ("runfast", {"seed": "x"}, "seed"),
    ("runfast", {"seed": 1.5}, "seed"),
    ("guandan", {"leader": 1.5}, "leader"),
    ("guandan", {"leader": 4}, "leader"),
    ("guandan", {"previous_finish": (0, 0, 0, 0)}, "previous_finish"),
    ("guandan", {"previous_finish": (0, 1, 2)}, "previous_finish"),
    ("guandan", {"previous_finish": "0123"}, "previous_finish"),
    ("guandan", {"previous_finish": (0.0, 1, 2, 3)}, "previous_finish"),
    ("guandan", {"team_levels": ("Z", "Q")}, "team level"),
    ("guandan", {"team_levels": ("2",)}, "team_levels"),
    ("guandan", {"team_levels": {0: "2", 5: "3"}}, "team_levels"),
    ("guandan", {"team_levels": 7}, "team_levels"),
    ("guandan", {"level": "Z"}, "level"),
    ("guandan", {"level": 2}, "level"),
    ("guandan", {"level": ["2"]}, "level"),
    ("guandan", {"hands": ["3S 3S 3S", "4C", "5C", "6C"]}, "3S is dealt 3 times"),
    ("guandan", {"hands": ["3S", "", "5C", "6C"]}, "hand 1 is empty"),
    ("guandan", {"hands": ["3S", "4C", "5C"]}, "has 4 hands, not 3"),
    ("guandan", {"hands": ["2H", "4C", "5C", "6C"], "previous_finish": (3, 1, 2, 0)}, "wilds"),
    ("guandan", {"seed": [1]}, "seed"),
    ("shengji", {"dealer": True}, "dealer"),
    ("shengji", {"dealer": 4}, "dealer"),
    ("shengji", {"dealer": "1"}, "dealer"),
    ("shengji", {"starting_seat": -1}, "starting_seat"),
    ("shengji", {"dealer": 1, "starting_seat": 2}, "either dealer"),
    ("shengji", {"level": "1"}, "level"),
    ("shengji", {"level": None}, "level"),
    ("shengji", {"hands": ["3S", "4S", "5S", "6S 7S"]}, "equal length"),
    ("shengji", {"hands": ["3S", "4S", "5S", ""]}, "hand 3 is empty"),
    ("shengji", {"hands": ["3S", "4S", "5S", "6S"], "kitty": "7S"}, "kitty holds 8"),
    ("shengji", {"hands": ["3S", "3S", "3S", "6S"]}, "3S is dealt 3 times"),
    ("shengji", {"kitty": "2S 3S 4S 5S 6S 7S 8S 9S"}, "scripted kitty needs scripted hands"),
    ("shengji", {"seed": b"1"}, "seed"),
]


@pytest.mark.parametrize("game, kwargs, named", NEW_DEAL_CASES, ids=str)
def test_new_deal_refuses_nonsense(game: str, kwargs: dict[str, Any], named: str) -> None:
    with pytest.raises(BadArgumentError) as info:
        ENGINES[game].new_deal(**kwargs)
    assert named in str(info.value)


@pytest.mark.parametrize("game", ENGINES)
@pytest.mark.parametrize("seed", ["1", 1.5, True, [1]])
def test_new_match_names_a_bad_seed(game: str, seed: Any) -> None:
    with pytest.raises(BadArgumentError, match="seed"):
        ENGINES[game].new_match(seed=seed)


@pytest.mark.parametrize("seed", ["1", 1.5, True])
def test_shengji_restart_names_a_bad_seed(seed: Any) -> None:  # S5.4
    match = sj.new_match(seed=1)
    with pytest.raises(BadArgumentError, match="seed"):
        match.restart(seed)


def test_guandan_functions_name_bad_levels_and_orders() -> None:  # G1.2, G3
    with pytest.raises(BadArgumentError, match="level"):
        gd.interpretations("3S 3H", "1")
    with pytest.raises(BadArgumentError, match="level"):
        gd.interpretations("3S 3H", ["2"])  # type: ignore[arg-type]  # a list, on purpose
    with pytest.raises(BadArgumentError, match="finish_order"):
        gd.promotion((0, 0, 1, 2))
    with pytest.raises(BadArgumentError, match="finish_order"):
        gd.plan_tribute((0, 1, 2), ["3S"] * 4, "2")


# --- The property test ---------------------------------------------------------------------

card = st.sampled_from(CARDS)
notation = st.lists(card, max_size=6).map(lambda cs: " ".join(map(str, cs)))
scalar = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**70), 2**70),
    st.integers(-2, 6),
    st.floats(allow_nan=True),
    st.text(max_size=6),
    st.binary(max_size=4),
    st.sampled_from(["pass", "play", "declare", "bury", "return", "2", "A", "Z", "10"]),
    card,
    notation,
)
anything = st.recursive(
    scalar,
    lambda inner: st.one_of(
        st.lists(inner, max_size=5),
        st.tuples(inner, inner),
        st.dictionaries(st.one_of(st.integers(-1, 4), st.text(max_size=2)), inner, max_size=3),
        st.frozensets(card, max_size=4),
        st.lists(card, max_size=9).map(tuple),
    ),
    max_leaves=10,
)
combos = st.one_of(
    anything,
    st.builds(gd.Combo, anything, anything, st.lists(card, max_size=4).map(tuple)),
    st.builds(rf.Combo, anything, anything, st.lists(card, max_size=4).map(tuple)),
    st.builds(
        sj.Format,
        st.sampled_from(["single", "pair", "tractor", "x"]),
        anything,
        anything,
        anything,
        anything,
    ),  # fmt: skip
)
actions = st.one_of(
    anything,
    st.builds(
        Action,
        st.one_of(st.sampled_from(["pass", "play", "declare", "bury", "return"]), anything),
        st.one_of(st.lists(card, max_size=8).map(tuple), anything),
        combos,
    ),
)
QUICK = settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)  # fmt: skip


def accepted_legally(state: Any, action: Action) -> bool:
    """Whether ``action`` is one the rules allow in ``state`` (listed or accepted by cards)."""
    if action in state.legal_actions():
        return True
    return any(a.kind == action.kind for a in state.actions_for(list(action.cards)))


@QUICK
@given(case=st.sampled_from(CASES), value=actions)
def test_apply_only_raises_rules_errors(case: tuple[str, int], value: Any) -> None:
    game, index = case
    state = POSITIONS[game][index].clone()
    before = fingerprint(game, state)
    try:
        state.apply(value)
    except RulesError:
        assert fingerprint(game, state) == before
    else:
        assert accepted_legally(POSITIONS[game][index].clone(), value)


@QUICK
@given(case=st.sampled_from(CASES), value=anything, ask=st.sampled_from(["actions_for", "explain"]))
def test_card_questions_only_raise_rules_errors(
    case: tuple[str, int], value: Any, ask: str
) -> None:
    game, index = case
    state = POSITIONS[game][index].clone()
    before = fingerprint(game, state)
    try:
        answer = getattr(state, ask)(value)
    except RulesError:
        pass
    else:
        if ask == "explain":
            assert answer is None or isinstance(answer, IllegalActionError)
        else:
            assert isinstance(answer, list) and all(isinstance(a, Action) for a in answer)
    assert fingerprint(game, state) == before


NEW_DEAL_KEYWORDS = {
    "guandan": ["seed", "hands", "level", "leader", "previous_finish", "team_levels"],
    "shengji": ["seed", "hands", "kitty", "level", "dealer", "starting_seat"],
    "runfast": ["seed", "hands", "leader"],
}


@st.composite
def deal_arguments(draw: st.DrawFn) -> tuple[str, dict[str, Any]]:
    game = draw(st.sampled_from(sorted(ENGINES)))
    names = draw(st.lists(st.sampled_from(NEW_DEAL_KEYWORDS[game]), unique=True, max_size=4))
    hands = st.lists(notation, min_size=SEATS[game] - 1, max_size=SEATS[game] + 1)
    kwargs = {
        name: draw(st.one_of(anything, hands) if name == "hands" else anything) for name in names
    }
    return game, kwargs


@QUICK
@given(case=deal_arguments())
def test_new_deal_only_raises_rules_errors(case: tuple[str, dict[str, Any]]) -> None:
    game, kwargs = case
    try:
        state = ENGINES[game].new_deal(**kwargs)
    except RulesError:
        return
    # A deal that was built can be played: someone always has a legal action (item 8).
    assert state.is_terminal or state.legal_actions()
    to_end(state, random.Random(0))


@pytest.mark.parametrize("game", ENGINES)
def test_scripted_random_deals_never_get_stuck(game: str) -> None:
    """Random small scripted deals (odd sizes, Guandan tribute from any finish) always offer a
    legal action until they end."""
    rng = random.Random(8)
    for _ in range(60):
        pack = {"runfast": rf.runfast_pack(), "guandan": double_pack(), "shengji": double_pack()}[
            game
        ]
        rng.shuffle(pack)
        seats = SEATS[game]
        if game == "shengji":
            size = rng.randint(1, 6)
            kwargs: dict[str, Any] = {
                "hands": [pack[i * size : (i + 1) * size] for i in range(4)],
                "kitty": pack[4 * size : 4 * size + 8],
                "dealer": rng.randrange(4),
            }
        else:
            sizes = [rng.randint(1, 7) for _ in range(seats)]
            starts = [sum(sizes[:i]) for i in range(seats)]
            kwargs = {"hands": [pack[s : s + n] for s, n in zip(starts, sizes, strict=True)]}
            if game == "guandan" and rng.random() < 0.5:
                kwargs["previous_finish"] = tuple(rng.sample(range(4), 4))
        try:
            state = ENGINES[game].new_deal(seed=rng.randrange(100), **kwargs)
        except BadArgumentError as error:  # only a tribute payer with nothing but wilds
            assert "wilds" in str(error)
            continue
        while not state.is_terminal:
            legal = state.legal_actions()
            assert legal, repr(state)
            state.apply(rng.choice(legal))
        assert state.current_player is None


@pytest.mark.parametrize("ci, derandomized", [("true", "True"), (None, "False")])
def test_hypothesis_is_derandomized_in_ci(ci: str | None, derandomized: str) -> None:
    """tests/conftest.py loads the derandomized profile when CI=true (issue 33): CI sees the
    same examples on every run; local runs keep exploring."""
    tests = Path(__file__).resolve().parent
    code = "import conftest; from hypothesis import settings; print(settings.default.derandomize)"
    env = {k: v for k, v in os.environ.items() if k not in ("CI", "HYPOTHESIS_PROFILE")}
    if ci is not None:
        env["CI"] = ci
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=tests, env=env, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == derandomized


TRUMP = sj.Trump("2", "H")
#: The engines' module-level functions, each called with two random values.
FUNCTIONS = {
    "guandan.interpretations": lambda a, b: gd.interpretations(a, b),
    "guandan.beats": lambda a, b: gd.beats(a, b, "2"),
    "guandan.return_options": lambda a, b: gd.return_options(a, b),
    "guandan.promotion": lambda a, b: gd.promotion(a),
    "guandan.plan_tribute": lambda a, b: gd.plan_tribute(a, b, "2"),
    "guandan.plan_tribute hands": lambda a, b: gd.plan_tribute((0, 1, 2, 3), a, b),
    "guandan.describe": lambda a, b: gd_combos.describe(a),
    "runfast.interpretations": lambda a, b: rf.interpretations(a, first_play=b),
    "runfast.beats": lambda a, b: rf.beats(a, b),
    "runfast.has_response": lambda a, b: rf.has_response(a, b),
    "runfast.held_bombs": lambda a, b: rf.held_bombs(a),
    "runfast.describe": lambda a, b: rf.describe(a),
    "shengji.Trump": lambda a, b: sj.Trump(a, b),
    "shengji.lead_format": lambda a, b: sj.lead_format(a, b),
    "shengji.lead_format cards": lambda a, b: sj.lead_format(a, TRUMP),
    "shengji.is_legal_follow": lambda a, b: sj.is_legal_follow(a, "3S", b, TRUMP),
    "shengji.follow_kind": lambda a, b: sj.follow_kind(a, b, TRUMP),
    "shengji.trick_winner": lambda a, b: sj.trick_winner(a, TRUMP),
    "shengji.declaration_strength": lambda a, b: sj.declaration_strength(a, b),
    "shengji.deal_outcome": lambda a, b: sj.deal_outcome(a),
    "shengji.kitty_multiplier": lambda a, b: sj.kitty_multiplier(a),
    "shengji.legal_follows": lambda a, b: sj.legal_follows(a, b, TRUMP),
    "shengji.card_points": lambda a, b: sj.card_points(a),
}


@QUICK
@given(name=st.sampled_from(sorted(FUNCTIONS)), a=st.one_of(anything, combos), b=anything)
def test_module_functions_only_raise_rules_errors(name: str, a: Any, b: Any) -> None:
    try:
        FUNCTIONS[name](a, b)
    except RulesError as error:
        assert str(error)


def test_runfast_forced_pass_with_cards_is_refused() -> None:  # R3.4: a pass plays nothing
    rng = random.Random(1)
    state = rf.new_deal(seed=3)
    while state.legal_actions() != [Action("pass")]:
        state.apply(rng.choice(state.legal_actions()))
    before = fingerprint("runfast", state)
    seat = state.current_player
    assert seat is not None  # a forced pass is someone's turn
    card = state.hand(seat)[0]
    with pytest.raises(BadArgumentError, match="a pass uses no cards"):
        state.apply(Action("pass", (card,)))
    assert fingerprint("runfast", state) == before
