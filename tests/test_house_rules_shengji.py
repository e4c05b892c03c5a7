"""Shengji house rules (variants.md VS1-VS3 and the options API): each rule sentence is a case
in card notation; the defaults keep shengji.md (S2.6, S4.4, S5.2)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping

import pytest

from game.rules import shengji as sj
from game.rules.base import Action
from game.rules.cards import parse_cards
from game.rules.errors import RulesError
from game.rules.options import BadOptionError
from game.rules.shengji import Trump

PASS = Action("pass")
DUTY = {"tractor_duty": True}
POWER = {"kitty_multiplier": "power"}
DECLARER_DEALS = {"first_dealer": "first_declarer"}


def play(state: sj.ShengjiState, text: str) -> None:
    actions = state.actions_for(text)
    assert len(actions) == 1, (text, state.explain(text))
    state.apply(actions[0])


def test_schema_and_bad_options() -> None:
    schema = sj.options_schema()
    assert {k: (v["type"], v["default"], v["allowed"]) for k, v in schema.items()} == {
        "tractor_duty": ("bool", False, [False, True]),
        "kitty_multiplier": ("str", "linear", ["linear", "power"]),
        "first_dealer": ("str", "random", ["random", "first_declarer"]),
        "throws": ("bool", False, [False, True]),
    }
    for bad, key in (({"kitty_multiplier": "cubic"}, "kitty_multiplier"),
                     ({"tractor_duty": 1}, "tractor_duty"), ({"throws": "yes"}, "throws"),
                     ({"bombs": True}, "bombs")):  # fmt: skip
        for make in (sj.new_deal, sj.new_match):
            with pytest.raises(RulesError) as error:
                make(seed=1, options=bad)
            assert isinstance(error.value, BadOptionError)  # the error that names its key
            assert error.value.code == "bad_option" and error.value.key == key
        with pytest.raises(RulesError):
            sj.kitty_multiplier(2, bad)


def test_options_are_kept_read_only_by_state_clone_view_replay_and_match() -> None:
    match = sj.new_match(seed=2, options=POWER)
    state = match.state
    assert dict(state.options) == {
        "tractor_duty": False, "kitty_multiplier": "power", "first_dealer": "random",
        "throws": False,
    }  # fmt: skip
    with pytest.raises(TypeError):
        state.options["tractor_duty"] = True  # type: ignore[index]  # on purpose: the options are read-only
    assert state.clone().options == state.options == state.view(2).options
    assert match.clone().options == match.options
    rng = random.Random(3)
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
    assert sj.replay(state).result == state.result
    assert sj.sample_state(state.view(1), rng).options == state.options


# -- VS1 tractor_duty --------------------------------------------------------------------------

# Level 2, hearts trump. (rule, hand, lead, play, legal by default, legal with VS1 on)
DUTY_FOLLOWS = [
    ("VS1 a held tractor must answer a tractor", "8S 8S 9S 9S JS JS", "5S 5S 6S 6S",
     "8S 8S JS JS", True, False),
    ("VS1 the tractor itself", "8S 8S 9S 9S JS JS", "5S 5S 6S 6S", "8S 8S 9S 9S", True, True),
    ("VS1 no tractor held: pairs as S4.4", "3S 3S 7S 7S 9S 9S 4S", "5S 5S 6S 6S",
     "3S 3S 9S 9S", True, True),
    ("VS1 a longer tractor held: min(m, n) pairs of it", "8S 8S 9S 9S TS TS 3S", "5S 5S 6S 6S",
     "8S 8S TS TS", True, False),
    ("VS1 min(m, n): part of the longer tractor", "8S 8S 9S 9S TS TS 3S", "5S 5S 6S 6S",
     "9S 9S TS TS", True, True),
    ("VS1 a shorter tractor within a longer lead", "8S 8S 9S 9S JS JS QS KS",
     "5S 5S 6S 6S 7S 7S", "8S 8S 9S 9S JS JS", True, True),
    ("VS1 fewer cards of the suit than the lead: S4.4", "8S 8S 9S 9S KD QD",
     "5S 5S 6S 6S 7S 7S", "8S 8S 9S 9S KD QD", True, True),
    ("VS1 a pair lead owes no tractor", "8S 8S 9S 9S", "5S 5S", "8S 8S", True, True),
    ("VS1 the pair count still holds", "8S 8S 9S 9S JS 3S", "5S 5S 6S 6S", "8S 9S JS 3S",
     False, False),
    ("VS1 trump tractor across the level", "2S 2S 2H 2H 4H 6H", "5H 5H 6H 6H",
     "2S 2S 2H 2H", True, True),
]  # fmt: skip


@pytest.mark.parametrize("rule, hand, lead, cards, default, on", DUTY_FOLLOWS)
def test_vs1_follows(rule: str, hand: str, lead: str, cards: str, default: bool, on: bool) -> None:
    trump = Trump("2", "H")
    assert sj.is_legal_follow(hand, lead, cards, trump) is default, rule
    assert sj.is_legal_follow(hand, lead, cards, trump, DUTY) is on, rule
    wanted = tuple(sorted(parse_cards(cards), key=str))
    listed = [tuple(sorted(p, key=str)) for p in sj.legal_follows(hand, lead, trump, DUTY)]
    assert listed and (wanted in listed) is on, rule
    assert all(sj.is_legal_follow(hand, lead, p, trump, DUTY) for p in listed), rule


def test_vs1_state_refuses_and_lists_by_the_option() -> None:
    hands = ["5S 5S 6S 6S 7C 8C", "8S 8S 9S 9S JS JS", "3D 3D 4D 4D 7D QD", "3C 3C 4C 4C 9C QC"]
    kitty = "KH KD TH 3H 4H 6D 7H 8D"  # hearts trump after four passes
    for options, refused in ((None, None), (DUTY, "must_play_tractor")):
        state = sj.new_deal(hands=hands, kitty=kitty, dealer=0, options=options)
        for _ in range(4):
            state.apply(PASS)
        state.apply(state.actions_for(kitty)[0])
        play(state, "5S 5S 6S 6S")
        error = state.explain("8S 8S JS JS")
        assert (error.reason if error else None) == refused
        follows = [Counter(a.cards) for a in state.legal_actions()]
        assert all(state.explain(a.cards) is None for a in state.legal_actions())
        tractor = parse_cards("9S")[0]
        assert all(f[tractor] == 2 for f in follows) is bool(options)
        if options:
            assert "must play a tractor" in str(error)


# -- VS2 kitty_multiplier ----------------------------------------------------------------------

MULTIPLIERS = [
    # (rule, cards per player of the last trick, linear (S5.2), power)
    ("VS2 a single", 1, 2, 2),
    ("VS2 a pair", 2, 4, 4),
    ("VS2 a tractor of 2 pairs", 4, 8, 8),
    ("VS2 a tractor of 3 pairs", 6, 12, 16),
    ("VS2 a tractor of 4 pairs", 8, 16, 32),
]


@pytest.mark.parametrize("rule, cards, linear, power", MULTIPLIERS)
def test_vs2_multiplier(rule: str, cards: int, linear: int, power: int) -> None:
    assert sj.kitty_multiplier(cards) == linear == sj.kitty_multiplier(cards, {}), rule
    assert sj.kitty_multiplier(cards, POWER) == power, rule


def test_vs2_settlement_of_a_three_pair_tractor_last_trick() -> None:
    plays = ["6S 6S 7S 7S 8S 8S", "9S 9S TS TS JS JS", "3D 3D 4D 4D 6D 6D", "3C 3C 4C 4C 6C 6C"]
    kitty = "KH KD TH 9D 8D 7D QD AD"  # 30 points; the first suited card names hearts trump
    for options, multiplier in ((None, 12), (POWER, 16)):
        state = sj.new_deal(hands=plays, kitty=kitty, dealer=0, options=options)
        for _ in range(4):
            state.apply(PASS)
        state.apply(state.actions_for(kitty)[0])
        for cards in plays:
            play(state, cards)
        result = state.result
        assert result is not None
        assert result.kitty_multiplier == multiplier
        assert result.kitty_bonus == 30 * multiplier
        assert result.attacker_points == result.trick_points + 30 * multiplier


# -- VS3 first_dealer --------------------------------------------------------------------------

HANDS = ["3S 4S 5S 6S", "2H 4H 5H 6H", "2D 2D 5D 6D", "3C 4C 5C 6C"]
KITTY = "KH KD TC 5C 7C 8C 9C JC"


def declared(options: Mapping[str, object] | None) -> sj.ShengjiState:
    """Seat 1 declares first (2H), seat 2 overcalls with a pair (2D 2D) that stands."""
    state = sj.new_deal(hands=HANDS, kitty=KITTY, starting_seat=0, options=options)
    for cards in ("", "2H", "2D 2D", "", "", ""):
        state.apply(state.actions_for(cards)[0] if cards else PASS)
    return state


def test_vs3_dealer_of_the_first_deal() -> None:
    default, house = declared(None), declared(DECLARER_DEALS)
    assert default.first_declarer == house.first_declarer == 1
    assert default.standing is not None and house.standing is not None
    assert default.standing.seat == house.standing.seat == 2
    assert default.dealer == 1  # S2.6: the first declarer
    assert house.dealer == 2  # VS3: the seat whose declaration stands
    assert house.phase == "bury" and house.current_player == 2  # it takes the kitty


def test_vs3_no_declaration_the_starting_seat_deals() -> None:
    state = sj.new_deal(hands=HANDS, kitty=KITTY, starting_seat=3, options=DECLARER_DEALS)
    for _ in range(4):
        state.apply(PASS)
    assert state.dealer == 3 and state.revealed_kitty is not None  # S2.5


def test_vs3_later_deals_keep_their_dealer() -> None:
    state = sj.new_deal(hands=HANDS, kitty=KITTY, dealer=0, options=DECLARER_DEALS)
    for cards in ("", "2H", "", "", ""):
        state.apply(state.actions_for(cards)[0] if cards else PASS)
    assert state.dealer == 0 and state.standing is not None and state.standing.seat == 1
