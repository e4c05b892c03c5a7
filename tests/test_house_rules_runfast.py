"""Run Fast house rules (variants.md VR1-VR3 and the options API): each rule sentence is a case
in card notation; the defaults keep runfast.md (R2.2, R3.4)."""

from __future__ import annotations

import random
import sys
from collections.abc import Mapping
from pathlib import Path

import pytest

from game.games.runfast.bot import RunFastBot
from game.rules import runfast as rf
from game.rules.base import Action
from game.rules.errors import RulesError
from game.rules.options import BadOptionError
from tests.typed import known, narrow

PASS = Action("pass")
VR2_OFF = {"first_play_with_three": False}
WARNED = {"must_beat": "warned_only"}


def listed(state: rf.RunFastState) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def play(state: rf.RunFastState, cards: str) -> None:
    (action,) = state.actions_for(cards) if cards else [PASS]
    state.apply(action)


def test_schema_and_bad_options() -> None:
    schema = rf.options_schema()
    assert {k: (v["type"], v["default"], v["allowed"]) for k, v in schema.items()} == {
        "attachments": ("bool", False, [False, True]),
        "first_play_with_three": ("bool", True, [False, True]),
        "must_beat": ("str", "always", ["always", "warned_only"]),
    }
    for bad, key in (({"must_beat": "never"}, "must_beat"), ({"airplanes": True}, "airplanes"),
                     ({"first_play_with_three": "false"}, "first_play_with_three")):  # fmt: skip
        for make in (rf.new_deal, rf.new_match):
            with pytest.raises(RulesError) as error:
                make(seed=1, options=bad)
            refused = narrow(BadOptionError, error.value)
            assert refused.code == "bad_option" and refused.key == key


def test_options_are_kept_read_only_by_state_clone_view_and_match() -> None:
    match = rf.new_match(seed=4, options=WARNED)
    state = match.state
    assert dict(state.options) == {
        "attachments": False, "first_play_with_three": True, "must_beat": "warned_only",
    }  # fmt: skip
    with pytest.raises(TypeError):
        state.options["must_beat"] = "always"  # type: ignore[index]  # on purpose: the options are read-only
    assert state.clone().options == state.options == state.view(1).options
    assert match.clone().options == match.options
    sample = rf.sample_state(state.view(0), random.Random(1))
    assert sample.options == state.options


# -- VR2 first_play_with_three ----------------------------------------------------------------


def test_vr2_default_first_play_contains_3h() -> None:  # VR2 true = R2.2
    state = rf.new_deal(hands=["5S 3H 9D", "4C 6C", "7D 8D"])
    assert state.current_player == 0
    assert all("3H" in str(a) for a in state.legal_actions())
    assert known(state.explain("5S")).reason == "must_contain_3h"


def test_vr2_off_holder_of_3h_leads_with_any_legal_lead() -> None:  # VR2 false
    state = rf.new_deal(hands=["5S 3H 9D", "4C 6C", "7D 8D"], options=VR2_OFF)
    assert state.current_player == 0  # still the holder of 3H
    assert state.explain("5S") is None and state.explain("9D") is None
    assert {"play 5S as single 5", "play 9D as single 9", "play 3H as single 3"} <= set(
        listed(state)
    )
    play(state, "9D")
    assert state.current_player == 1


# -- VR3 must_beat -----------------------------------------------------------------------------


def test_vr3_default_must_beat_always() -> None:  # R3.4
    state = rf.new_deal(hands=["3H 9S", "5C KD 8D 6D", "4C 7C 6S"])
    play(state, "3H")
    assert "pass" not in listed(state) and known(state.pass_refusal()).reason == "must_beat"


def test_vr3_warned_only_lets_a_player_pass_when_it_could_beat() -> None:  # VR3
    state = rf.new_deal(hands=["3H 9S", "5C KD 8D 6D", "4C 7C 6S"], options=WARNED)
    play(state, "3H")  # seat 2, after seat 1, holds three cards: no warning
    assert listed(state)[0] == "pass" and "play 5C as single 5" in listed(state)
    assert state.pass_refusal() is None
    play(state, "")
    assert state.current_player == 2


def test_vr3_warned_single_must_be_beaten_with_the_highest_single() -> None:  # VR3
    state = rf.new_deal(hands=["3H 9S", "5C KD 8D", "4C"], options=WARNED)
    play(state, "3H")  # seat 2 holds one card and the last play is a single
    assert listed(state) == ["play KD as single K"]
    assert known(state.explain("5C")).reason == "must_play_highest"
    assert known(state.pass_refusal()).reason == "must_beat_warned"


def test_vr3_warned_but_not_a_single_passing_is_free() -> None:  # VR3
    state = rf.new_deal(hands=["3H 3S 9S", "5C 5D KD", "4C"], options=WARNED)
    play(state, "3H 3S")
    assert listed(state) == ["pass", "play 5D 5C as pair 5"]


def test_vr3_warned_highest_single_too_low_then_a_bomb_must() -> None:  # VR3
    hands = ["2S 3H 9C", "5C 5D 5H 5S KD", "4C"]
    state = rf.new_deal(hands=hands, options={**WARNED, **VR2_OFF})
    play(state, "2S")
    assert listed(state) == ["play 5S 5H 5D 5C as bomb 5"]
    assert known(state.pass_refusal()).reason == "must_beat_warned"


def test_vr3_warned_player_that_cannot_beat_passes() -> None:  # VR3
    state = rf.new_deal(hands=["3H 9S", "5C KD 8D", "4C"], options=WARNED)
    play(state, "3H")
    play(state, "KD")
    assert listed(state) == ["pass"]


def test_vr3_leading_a_single_when_warned_must_be_the_highest() -> None:  # VR3
    state = rf.new_deal(hands=["3H 9S", "5C 5D 8D KD", "4C"], options=WARNED)
    play(state, "3H")
    play(state, "KD")
    play(state, "")  # seat 2 cannot beat
    play(state, "")  # seat 0 cannot beat; seat 1 leads, seat 2 still holds one card
    assert state.current_player == 1 and state.last_play is None
    assert "play 8D as single 8" in listed(state) and "play 5D as single 5" not in listed(state)
    assert "play 5D 5C as pair 5" in listed(state)
    assert known(state.explain("5C")).reason == "must_play_highest"
    default = rf.new_deal(hands=["3H 9S", "5C 5D 8D KD", "4C"])
    for step in ("3H", "KD", "", ""):
        play(default, step)
    assert "play 5D as single 5" in listed(default)


def test_vr3_bot_plays_whole_deals_under_warned_only() -> None:  # VR3
    bot, rng = RunFastBot(), random.Random(7)
    passes_with_choice = 0
    for seed in range(6):
        state = rf.new_deal(seed=seed, options=WARNED)
        while not state.is_terminal:
            legal = state.legal_actions()
            action = bot.choose(state.view(known(state.current_player)), legal, rng)
            assert action in legal
            passes_with_choice += action.kind == "pass" and len(legal) > 1
            state.apply(action)
        assert sum(known(state.result).settlement) == 0
    assert passes_with_choice > 0  # the bot does use the free pass sometimes


def test_arena_plays_under_options_and_refuses_bad_ones() -> None:  # issue 28 arena
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
    import arena

    assert arena.parse_options("runfast", ["must_beat=warned_only", "attachments=false"]) == {
        "must_beat": "warned_only",
        "attachments": False,
    }
    assert arena.parse_options("guandan", ["a_level_tries=3"]) == {"a_level_tries": 3}
    for bad in (["must_beat"], ["nope=1"], ["attachments=yes"], ["must_beat=never"]):
        with pytest.raises(ValueError):
            arena.parse_options("runfast", bad)
    summary = arena.run("runfast", "normal", "random", 1, seed=2, options=WARNED)
    assert summary["options"] == WARNED and summary["illegal"] == summary["errors"] == 0


# -- VR1 attachments ---------------------------------------------------------------------------

VR1 = {"attachments": True}


def meanings(
    cards: str, options: Mapping[str, object] | None = VR1, whole_hand: bool = False
) -> list[tuple[str, str | None, int]]:
    return [
        (c.kind, c.rank, c.chain)
        for c in rf.interpretations(cards, options=options, whole_hand=whole_hand)
    ]


VR1_MEANINGS = [
    # (rule, cards, whole hand, meanings by default, meanings with VR1 on)
    ("VR1 default R4.5: a triple takes nothing", "5S 5D 5C 3H 4D", False, [],
     [("triple_two", "5", 0)]),
    ("VR1 the two may be a pair", "9S 9D 9C 3H 3D", False, [], [("triple_two", "9", 0)]),
    ("VR1 attached cards of the triple's rank", "8S 8D 8C 8H 5D", False, [],
     [("triple_two", "8", 0)]),
    ("VR1 three aces are never a triple", "AS AD AC 3H 4D", False, [], []),
    ("VR1 airplane: two consecutive triples and four cards",
     "3S 3D 3C 4S 4D 4C 7H 8D 9C TD", False, [], [("airplane", "4", 2)]),
    ("VR1 airplane ranked by the highest triple; two windows, two meanings",
     "3S 3D 3C 4S 4D 4C 5S 5D 5C 9H", False, [], [("airplane", "5", 2), ("airplane", "4", 2)]),
    ("VR1 no airplane with aces", "KS KD KC AS AD AC 3H 4D 5C 6S", False, [], []),
    ("VR1 not consecutive: no airplane", "3S 3D 3C 5S 5D 5C 7H 8D 9C TD", False, [], []),
    ("VR1 whole hand: a triple with one card", "7S 7D 7C 4H", True, [],
     [("triple_two", "7", 0)]),
    ("VR1 not the whole hand: four cards are nothing", "7S 7D 7C 4H", False, [], []),
    ("VR1 whole hand: a triple alone is a triple or a triple with two", "7S 7D 7C", True,
     [("triple", "7", 0)], [("triple", "7", 0), ("triple_two", "7", 0)]),
    ("VR1 whole hand: consecutive triples with fewer attached", "3S 3D 3C 4S 4D 4C 9H", True,
     [], [("airplane", "4", 2)]),
]  # fmt: skip


@pytest.mark.parametrize("rule, cards, whole, default, on", VR1_MEANINGS)
def test_vr1_meanings(
    rule: str,
    cards: str,
    whole: bool,
    default: list[tuple[str, str, int]],
    on: list[tuple[str, str, int]],
) -> None:
    assert meanings(cards, None, whole) == default, rule
    assert meanings(cards, VR1, whole) == on, rule


def combo(cards: str, kind: str, whole: bool = False) -> rf.Combo:
    (found,) = [
        c for c in rf.interpretations(cards, options=VR1, whole_hand=whole) if c.kind == kind
    ]
    return found


VR1_BEATS = [
    # (rule, play, its kind, last, its kind, beats)
    ("VR1 ranked by the triple", "9S 9D 9C 3H 3D", "triple_two", "5S 5D 5C KH KD", "triple_two",
     True),
    ("VR1 lower triple loses", "5S 5D 5C KH KD", "triple_two", "9S 9D 9C 3H 3D", "triple_two",
     False),
    ("VR1 answers only a triple with two", "9S 9D 9C 3H 3D", "triple_two", "6S 6D 6C", "triple",
     False),
    ("VR1 a plain triple does not answer it", "9S 9D 9C", "triple", "6S 6D 6C 3H 3D",
     "triple_two", False),
    ("VR1 airplane over airplane", "5S 5D 5C 6S 6D 6C 3H 3D 4C 7D", "airplane",
     "3S 3C 3D 4S 4D 4H 9H 9D TC JD", "airplane", True),
    ("VR1 as many triples only", "5S 5D 5C 6S 6D 6C 7S 7D 7C 3H 3D 4C 8D 9D TD", "airplane",
     "3S 3C 3D 4S 4D 4H 9H 9C TC JD", "airplane", False),
    ("VR1 a bomb beats it", "KS KD KC KH", "bomb", "9S 9D 9C 3H 3D", "triple_two", True),
]  # fmt: skip


@pytest.mark.parametrize("rule, play, pk, last, lk, expected", VR1_BEATS)
def test_vr1_beats(rule: str, play: str, pk: str, last: str, lk: str, expected: bool) -> None:
    played = rf.interpretations(play)[0] if pk in ("bomb", "triple") else combo(play, pk)
    shown = rf.interpretations(last)[0] if lk == "triple" else combo(last, lk)
    assert rf.beats(played, shown) is expected, rule


def test_vr1_deal_lists_leads_and_answers_and_whole_hands_must_beat() -> None:
    hands = ["3H 5S 5D 5C 9C KD", "7S 7D 7C", "4S 4D 4C 6H 6D 8S 8D 8C JH"]
    state = rf.new_deal(hands=hands, options=VR1)
    leads = {(known(a.combo).kind, known(a.combo).rank) for a in state.legal_actions()}
    assert ("triple_two", "5") in leads
    plain = rf.new_deal(hands=hands)
    assert not any(known(a.combo).kind == "triple_two" for a in plain.legal_actions())
    assert known(plain.explain("3H 5S 5D 5C 9C")).reason == "attachment"
    assert known(state.explain("3H 5S 5D 5C 9C KD")).reason == "attachment_count"
    (lead,) = [
        a for a in state.actions_for("3H 5S 5D 5C 9C") if known(a.combo).kind == "triple_two"
    ]
    state.apply(lead)
    # Seat 1 holds only a triple: its whole hand answers the triple with two (and so must).
    assert known(state.pass_refusal()).reason == "must_beat"
    assert [str(a) for a in state.legal_actions()] == ["play 7S 7D 7C as triple_two 7"]
    state.apply(state.legal_actions()[0])
    assert state.winner == 1


def test_vr1_bot_plays_whole_deals() -> None:
    bot, rng = RunFastBot(), random.Random(3)
    kinds = set()
    for seed in range(8):
        state = rf.new_deal(seed=seed, options=VR1)
        while not state.is_terminal:
            legal = state.legal_actions()
            action = bot.choose(state.view(known(state.current_player)), legal, rng)
            kinds.add(action.combo.kind if action.combo else "pass")
            state.apply(action)
        assert sum(known(state.result).settlement) == 0
    assert kinds & {"triple_two", "airplane"}  # the bot does use them
