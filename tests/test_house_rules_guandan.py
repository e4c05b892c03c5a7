"""Guandan house rules (variants.md VG1-VG3 and the options API): each rule sentence is a case;
the defaults keep guandan.md (G5.6: a straight flush is only a bomb)."""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from game.rules import guandan as gd
from game.rules.base import Action
from game.rules.cards import parse_cards
from game.rules.errors import IllegalActionError, RulesError
from game.rules.options import BadOptionError
from tests.typed import known, narrow

PASS = Action("pass")
VG1 = {"straight_flush_as_straight": True}
VG2 = {"return_excludes_level": True}
VG3 = {"a_level_tries": 3}


def kinds(
    cards: str, level: str, options: Mapping[str, object] | None = None
) -> list[tuple[str, str | None]]:
    return [(c.kind, c.rank) for c in gd.interpretations(cards, level, options)]


# -- the API ---------------------------------------------------------------------------------


def test_schema_lists_every_key_with_type_default_and_allowed_values() -> None:
    schema = gd.options_schema()
    assert schema == {
        "straight_flush_as_straight": {
            "id": "straight_flush_as_straight", "type": "bool", "default": False,
            "allowed": [False, True],
        },
        "return_excludes_level": {
            "id": "return_excludes_level", "type": "bool", "default": False,
            "allowed": [False, True],
        },
        "a_level_tries": {"id": "a_level_tries", "type": "int", "default": 0, "allowed": [0, 3]},
    }  # fmt: skip


BAD_OPTIONS = [
    ({"no_such_rule": True}, "no_such_rule"),
    ({"straight_flush_as_straight": 1}, "straight_flush_as_straight"),  # wrong type
    ({"return_excludes_level": "yes"}, "return_excludes_level"),
    ({"a_level_tries": 2}, "a_level_tries"),  # out of range
    ({"a_level_tries": True}, "a_level_tries"),  # a bool is not an int here
]


@pytest.mark.parametrize("options, key", BAD_OPTIONS)
def test_bad_option_names_the_key(options: dict[str, object], key: str) -> None:
    for make in (lambda: gd.new_deal(seed=1, options=options),
                 lambda: gd.new_match(seed=1, options=options),
                 lambda: gd.interpretations("3S", "2", options)):  # fmt: skip
        with pytest.raises(RulesError) as error:
            make()
        bad = narrow(BadOptionError, error.value)
        assert bad.code == "bad_option" and bad.key == key
        assert key in str(error.value)


def test_state_keeps_every_option_read_only_through_clone_view_and_replay() -> None:
    state = gd.new_deal(seed=5, options={"return_excludes_level": True})
    assert dict(state.options) == {
        "straight_flush_as_straight": False, "return_excludes_level": True, "a_level_tries": 0,
    }  # fmt: skip
    with pytest.raises(TypeError):
        state.options["a_level_tries"] = 3  # type: ignore[index]  # on purpose: the options are read-only
    assert state.clone().options == state.options
    assert state.view(0).options == state.options
    while not state.is_terminal:
        state.apply(state.legal_actions()[-1])
    again = gd.replay(state.log, **state.deal_args)
    assert again.options == state.options and again.result == state.result
    assert dict(gd.new_deal(seed=5, options=None).options) == dict(gd.new_deal(seed=5).options)


# -- VG1 straight_flush_as_straight -------------------------------------------------------------

VG1_CASES = [
    # (rule, cards, level, default meanings, meanings with VG1 on)
    ("VG1 default: only a straight flush", "6S 7S 8S 9S TS", "2",
     [("straight_flush", "T")], [("straight_flush", "T"), ("straight", "T")]),
    ("VG1 wilds fill a one-suit sequence", "6S 7S 8S 9S 2H", "2",
     [("straight_flush", "T"), ("straight_flush", "9")],
     [("straight_flush", "T"), ("straight_flush", "9"), ("straight", "T"), ("straight", "9")]),
    ("VG1 ace low", "AD 2D 3D 4D 5D", "9",
     [("straight_flush", "5")], [("straight_flush", "5"), ("straight", "5")]),
    ("VG1 two suits are a straight either way", "6S 7S 8D 9S TS", "2",
     [("straight", "T")], [("straight", "T")]),
]  # fmt: skip


@pytest.mark.parametrize("rule, cards, level, default, on", VG1_CASES)
def test_vg1_meanings(
    rule: str, cards: str, level: str, default: list[tuple[str, str]], on: list[tuple[str, str]]
) -> None:
    assert kinds(cards, level) == default, rule
    assert kinds(cards, level, VG1) == on, rule


def test_vg1_chooser_and_legal_actions_follow_the_option() -> None:  # VG1, G5.5
    hands = ["6S 7S 8S 9S TS", "3C", "4C", "5C"]
    plain = gd.new_deal(hands=hands, level="2", leader=0)
    listed = {(known(a.combo).kind, known(a.combo).rank) for a in plain.legal_actions()}
    assert ("straight", "T") not in listed
    assert [known(a.combo).kind for a in plain.actions_for("6S 7S 8S 9S TS")] == ["straight_flush"]
    house = gd.new_deal(hands=hands, level="2", leader=0, options=VG1)
    listed = {(known(a.combo).kind, known(a.combo).rank) for a in house.legal_actions()}
    assert {("straight_flush", "T"), ("straight", "T")} <= listed
    assert house.explain("6S 7S 8S 9S TS") is None
    with pytest.raises(RulesError) as refused:  # two meanings: the player must choose
        house.apply(Action("play", tuple(parse_cards("6S 7S 8S 9S TS"))))
    assert narrow(IllegalActionError, refused.value).reason == "ambiguous"
    straight = [a for a in house.actions_for("6S 7S 8S 9S TS") if known(a.combo).kind == "straight"]
    house.apply(straight[0])
    last = known(house.last_play)
    assert last.kind == "straight" and not last.is_bomb


def test_vg1_plain_straight_is_answered_by_a_higher_straight() -> None:  # VG1
    hands = ["6S 7S 8S 9S TS 3D", "7D 8C 9H TD JC", "4C", "5C"]
    state = gd.new_deal(hands=hands, level="2", leader=0, options=VG1)
    (straight,) = [
        a for a in state.actions_for("6S 7S 8S 9S TS") if known(a.combo).kind == "straight"
    ]
    state.apply(straight)
    assert state.explain("7D 8C 9H TD JC") is None


# -- VG2 return_excludes_level ---------------------------------------------------------------

VG2_CASES = [
    # (rule, hand, level, default returns, returns with VG2 on)
    ("VG2 a level card is no return", "5S 3D KS", "5", "3D 5S", "3D"),
    ("VG2 the wild was never allowed", "5H 5S 4C", "5", "4C 5S", "4C"),
    ("VG2 fallback: weakest card when only level cards are low", "5S 5D KS AS", "5",
     "5D 5S", "KS"),
    ("VG2 ten at level ten", "TS TD 9C", "T", "9C TD TS", "9C"),
]  # fmt: skip


@pytest.mark.parametrize("rule, hand, level, default, on", VG2_CASES)
def test_vg2_return_options(rule: str, hand: str, level: str, default: str, on: str) -> None:
    assert gd.return_options(hand, level) == sorted(parse_cards(default)), rule
    assert gd.return_options(hand, level, VG2) == sorted(parse_cards(on)), rule


def test_vg2_state_refuses_a_level_return_and_says_why() -> None:  # VG2, G3.5
    hands = ["5S 3D KS", "7D 8D", "9C JC", "AS 4H"]
    for options, allowed in ((None, {"3D", "5S"}), (VG2, {"3D"})):
        state = gd.new_deal(hands=hands, level="5", previous_finish=(0, 1, 2, 3), options=options)
        assert state.phase == "return" and state.current_player == 0
        assert {str(a.cards[0]) for a in state.legal_actions()} == allowed
    error = state.explain("5S")
    assert error is not None and error.reason == "bad_return_no_level"
    assert state.actions_for("5S") == []


# -- VG3 a_level_tries -------------------------------------------------------------------------


def _win_at_a_with_partner_last(match: gd.Match) -> None:
    """Team 0 wins the deal at A 1-4 (one level: not a match win, G1.5)."""
    state = gd.new_deal(
        hands=["KS", "3C", "4C 4D 6S", "5C"], level="A", leader=0, team_levels=match.levels,
        options=match.options,
    )  # fmt: skip
    for step in ("KS", "", "", "", "4C", "5C", "", "", "3C"):
        state.apply(PASS if not step else state.actions_for(step)[0])
    result = known(state.result)
    assert result.finish_order[0] == 0 and result.levels_gained == 1
    match.state = state


def test_vg3_three_tries_at_a_drop_the_team_to_2() -> None:  # VG3, G1.5
    for options, expected in ((None, ["A", "A", "A"]), (VG3, ["A", "A", "2"])):
        match = gd.new_match(seed=3, options=options)
        match.levels = {0: "A", 1: "5"}
        seen, tries = [], []
        for _ in range(3):
            _win_at_a_with_partner_last(match)
            match.advance()
            seen.append(match.levels[0])
            tries.append(match.a_tries[0])
            # The next deal shows the count to every seat (the table's "A: try 2 of 3").
            assert match.state.view(1).a_tries == (match.a_tries[0], match.a_tries[1])
        assert seen == expected and not match.is_over
        assert match.levels[1] == "5"  # the other team's level and count are untouched
        if options:
            assert tries == [1, 2, 0]  # the count restarts
            assert match.state.level.rank == "2"  # the next deal is played at the new level 2
        else:
            assert tries == [0, 0, 0]


def test_vg3_match_win_at_a_still_ends_the_match() -> None:  # VG3, G1.5
    match = gd.new_match(seed=3, options=VG3)
    match.levels = {0: "A", 1: "5"}
    match.state = gd.new_deal(
        hands=["KS", "3C", "QS", "4C"], level="A", leader=0, team_levels=match.levels,
        options=match.options,
    )  # fmt: skip
    for step in ("KS", "", "", "", "QS"):
        match.state.apply(PASS if not step else match.state.actions_for(step)[0])
    match.advance()
    assert match.is_over and match.winner == 0
    assert match.clone().options == match.options
