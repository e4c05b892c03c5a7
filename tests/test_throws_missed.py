"""tools/throws_missed.py and ``throws_gain.py --missed`` / ``--oracle`` (issue 58): at each of
Normal's leads, the throws the hidden hands say would stand (VS4.3) and why Normal did not lead
them; the oracle, which leads them seeing the hands, never fails a throw (VS4.4)."""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

import pytest

from game.games.shengji.bot import ShengjiBot
from game.games.shengji.rules import TRUMP, ShengjiState
from game.games.shengji.throw_plan import ThrowJudge
from game.rules.base import Action
from game.rules.cards import format_cards, parse_cards
from game.rules.shengji import lead_format
from tests.test_ai_shengji_throws import ON, opened
from tests.typed import known

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))

import throws_gain  # noqa: E402
import throws_missed  # noqa: E402

#: Seat 0 holds AS KS 9S: its view proves only AS (the other AS may beat KS, a higher spade
#: 9S), yet the others hold no spade above 9S, and both opponents hold spades (no ruff).
HIDDEN = [
    "AS KS 9S 4D 5C 6C",
    "3S 4S 5D 6D 7C 8C",
    "5S 7D 8D 9C TC JC",
    "6S 8S JD QD KD KC",
]


def lead(state: ShengjiState, cards: str) -> Action:
    trump = state.trump
    assert trump is not None
    return Action("play", tuple(trump.sorted(parse_cards(cards))), lead_format(cards, trump, ON))


def test_the_truth_finds_a_throw_the_view_cannot_prove() -> None:  # VS4.3
    state = opened(HIDDEN)
    standing = throws_missed.true_throw(state, 0, "S")
    assert standing is not None and format_cards(standing) == "AS KS 9S"
    assert throws_missed.true_throw(state, 0, "C") is None  # 5C, 6C: higher clubs held
    action = ShengjiBot().choose(state.view(0), state.legal_actions(), random.Random(1))
    (record,) = [r for r in throws_missed.missed_at(state, 0, action) if r["suit"] == "S"]
    assert record["class"] == "unproved"
    assert (record["cards"], record["parts"], record["points"]) == (3, 3, 10)
    assert record["clean"] and record["proved_parts"] == 1 and record["sampled"] < 0.8


@pytest.mark.parametrize(
    ("led", "expected"),
    [("AS KS 9S", "made"), ("AS KS", "made smaller"), ("AS", "unproved"), ("4D", "unproved")],
)
def test_what_the_bot_led_classes_the_standing_throw(led: str, expected: str) -> None:  # VS4.1
    state = opened(HIDDEN)
    standing = known(throws_missed.true_throw(state, 0, "S"))
    assert throws_missed.why(state, 0, "S", standing, lead(state, led)) == expected


def test_a_throw_with_a_part_that_does_not_stand_is_made_larger() -> None:  # VS4.4
    hands = list(HIDDEN)
    hands[2] = "TS 7D 8D 9C TC JC"  # TS beats 9S: only AS KS stands
    state = opened(hands)
    standing = known(throws_missed.true_throw(state, 0, "S"))
    assert format_cards(standing) == "AS KS"
    assert throws_missed.why(state, 0, "S", standing, lead(state, "AS KS 9S")) == "made larger"


def test_an_opponent_void_with_a_trump_may_ruff() -> None:  # VS4.6
    hands = list(HIDDEN)
    hands[1] = "3H 4C 5D 6D 7C 8C"  # seat 1: no spade, a trump
    hands[0] = "AS KS 9S 4D 5C 4S"
    state = opened(hands)
    assert throws_missed.ruffable(state, 0, "S")
    assert not throws_missed.ruffable(opened(HIDDEN), 0, "S")
    assert not throws_missed.ruffable(state, 0, TRUMP)


def _record(cls: str, suit: str = "S", clean: bool = True, sampled: float = 0.5) -> dict[str, Any]:
    return {
        "class": cls,
        "suit": suit,
        "clean": clean,
        "cards": 3,
        "points": 10,
        "sampled": sampled,
    }


def test_a_suit_counts_once_per_game_at_its_first_lead() -> None:
    games = [
        [_record("unproved"), _record("unproved", sampled=0.9), _record("late", clean=False)],
        [_record("made", suit="D", sampled=1.0)],
    ]
    table = throws_missed.summarize_missed(games)
    assert table["unproved"]["leads"] == 2 and table["unproved"]["games"] == 1
    assert table["unproved"]["clean_sampled_50_80"] == 1
    assert table["unproved"]["clean_sampled_80"] == 1
    assert table["late"]["leads"] == 1 and table["late"]["games"] == 0
    assert table["late"]["clean_leads"] == 0 and table["late"]["points"] == 10
    assert table["made"]["clean_games"] == 1
    assert set(table) == {"unproved", "late", "made"}


def test_the_count_replays_nothing_and_the_oracle_never_fails() -> None:  # VS4.3, VS4.4
    summary, rows = throws_gain.run(
        "normal", "normal-nothrow", "normal-nothrow", 3, 58, missed=True
    )
    assert summary["replayed"] == 0 and "a_win_rate" not in summary
    records = [r for row in rows for r in row["missed"]]
    assert records and all(r["class"] in throws_missed.REASONS for r in records)
    assert sum(c["leads"] for c in summary["missed"].values()) == len(records)
    candidates = [r for row in rows for r in row["calibration"]]
    assert sum(b["throws"] for b in summary["calibration"]) == len(candidates)
    led = summary["throws"]["led"]
    made = summary["missed"].get("made", {}).get("leads", 0)
    assert made <= led
    oracle = frozenset(throws_missed.REASONS) - {"made"}
    cheat, _ = throws_gain.run("normal", "normal-nothrow", "normal-nothrow", 3, 58, oracle=oracle)
    assert cheat["throws"]["led"] > led and cheat["throws"]["failed"] == 0


def test_the_command_line_refuses_an_unknown_class() -> None:
    with pytest.raises(SystemExit):
        throws_gain.main(["--oracle", "lucky"])


@pytest.mark.parametrize(("seat2", "stands"), [("QS 7S", True), ("QS QS", False)])
def test_the_search_is_asked_the_truth_of_its_candidates(
    monkeypatch: pytest.MonkeyPatch, seat2: str, stands: bool
) -> None:  # VS4.3
    """Seat 0's AS AS JS JS: AS AS proved, JS JS standing in 70 % of its sampled deals (set
    here): a candidate; it stands unless one seat holds a pair above JS."""
    hands = ["AS AS JS JS 4D 5C", "9S KS 5D 6D 7C 8C", seat2 + " 7D 8D 9C TC", "KS 8S JD QD KD KC"]
    state = opened(hands)
    assert throws_missed.calibration(opened(HIDDEN), 0) == []  # KS, 9S: below the candidate
    monkeypatch.setattr(ThrowJudge, "stands", lambda self, parts: 0.7)
    (record,) = throws_missed.calibration(state, 0)
    assert record == {"suit": "S", "sampled": 0.7, "unproved": ["pair"], "stands": stands}


def test_the_calibration_bands_the_candidates() -> None:
    records = [
        {"sampled": 0.55, "stands": True},
        {"sampled": 0.65, "stands": False},
        {"sampled": 0.95, "stands": True},
        {"sampled": 0.3, "stands": False},
    ]
    bands = throws_missed.summarize_calibration(records)
    assert [(b["from"], b["throws"], b["stood"]) for b in bands] == [
        (0.0, 1, 0.0),
        (0.5, 1, 1.0),
        (0.6, 1, 0.0),
        (0.9, 1, 1.0),
    ]
