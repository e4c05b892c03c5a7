"""The Guandan heuristic bot (issue 11): hand planner cases and partner-aware choices.

Planner cases are tables in card notation citing the rule that makes the split legal.
Choice cases build a position's view and legal actions by hand (cards in notation), so they
check the bot's judgement alone.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any

import pytest

from game.games.guandan.bot import GuandanBot
from game.games.guandan.plan import estimate_plays, plan_value
from game.games.guandan.seen import combo_power
from game.rules.base import Action
from game.rules.cards import Card, parse_cards

PLAN_CASES = [
    # (hand, level, fewest plays, rule)
    ("3S 4D 5C 6H 7S", "9", 1, "G5.1 straight"),
    ("AS 2D 3C 4H 5S", "9", 1, "G5.3 ace low"),
    ("TS JD QC KH AS", "9", 1, "G5.3 ace high"),
    ("QS KD AC 2D 3S", "9", 5, "G5.3 no wrap"),
    ("3S 4D 6C 7S 9H", "9", 1, "G5.4 a wild fills the gap"),
    ("3S 3D 4S 4D 5S 5D", "9", 1, "G5.1 tube"),
    ("3S 3D 3C 4S 4D 4C", "9", 1, "G5.1 plate"),
    ("3S 3D 3C 9S 9D", "5", 1, "G5.1 full house"),
    ("3S 3D 3C RJ RJ", "5", 1, "G5.2 joker pair in a full house"),
    ("BJ RJ", "5", 2, "G5.2 mixed jokers are no pair"),
    ("BJ BJ RJ RJ", "5", 1, "G5.6 four-joker bomb"),
    ("8S 8D 8C 8H 8S", "5", 1, "G5.6 five-card bomb"),
    ("8S 8D 8C 5H", "5", 1, "G5.4 a wild completes a bomb"),
    ("5H 5H", "5", 1, "G5.4 two wilds are a level pair"),
    ("3H 4H 5H 6H 7H", "9", 1, "G5.6 straight flush"),
    ("", "9", 0, "empty hand"),
]


@pytest.mark.parametrize("hand, level, plays, rule", PLAN_CASES, ids=[c[3] for c in PLAN_CASES])
def test_planner_fewest_plays(hand: str, level: str, plays: int, rule: str) -> None:
    assert estimate_plays(parse_cards(hand), level) == plays


def test_planner_values_a_straight_flush_above_a_straight() -> None:  # G5.6
    flush = plan_value(parse_cards("3H 4H 5H 6H 7H"), "9")[0]
    plain = plan_value(parse_cards("3H 4S 5H 6H 7H"), "9")[0]
    assert flush > plain


def test_planner_keeps_bombs_whole() -> None:  # G5.6: the four 5s stay a bomb
    value, plays = plan_value(parse_cards("5S 5D 5C 5H 6S 7D 8C 9S"), "2")
    assert plays == 5  # bomb + four singles; a 5-9 straight would break the bomb


def test_planner_prefers_high_cards() -> None:
    assert plan_value(parse_cards("AS AD"), "5")[0] > plan_value(parse_cards("3S 3D"), "5")[0]


# --- choices --------------------------------------------------------------------------------


@dataclass(frozen=True)
class FakeCombo:
    kind: str
    rank: str | None
    cards: tuple[Card, ...]


def play(text: str, kind: str, rank: str | None) -> Action:
    cards = tuple(parse_cards(text))
    # only the fields the bot's plan reads: not a whole Combo on purpose
    return Action("play", cards, FakeCombo(kind, rank, cards))  # type: ignore[arg-type]  # a partial Combo, as the line above says


PASS = Action("pass")


def view(
    hand: str,
    *,
    level: str = "2",
    seat: int = 0,
    counts: tuple[int, ...] = (10, 10, 10, 10),
    last: Action | None = None,
    last_seat: int | None = None,
    finished: tuple[int, ...] = (),
    phase: str = "play",
) -> Any:
    cards = tuple(parse_cards(hand))
    counts = tuple(len(cards) if s == seat else n for s, n in enumerate(counts))
    return SimpleNamespace(
        seat=seat,
        hand=cards,
        level=level,
        hand_counts=counts,
        last_play=last.combo if last is not None else None,
        last_seat=last_seat,
        finish_order=finished,
        phase=phase,
    )


def choose(v: Any, legal: list[Action]) -> Action:
    # the heuristic's own judgement: its end-game search needs a real deal to sample from
    return GuandanBot(endgame=False).choose(v, legal, random.Random(0))


def test_does_not_overtake_a_winning_partner() -> None:
    lead = play("9S", "single", "9")
    v = view("KS 4D 4C 7H 8H JS", last=lead, last_seat=2)
    assert choose(v, [PASS, play("KS", "single", "K")]) == PASS


def test_overtakes_the_partner_to_go_out() -> None:
    lead = play("9S", "single", "9")
    v = view("KS", last=lead, last_seat=2)
    finishing = play("KS", "single", "K")
    assert choose(v, [PASS, finishing]) == finishing


def test_bombs_an_opponent_about_to_go_out() -> None:
    lead = play("AS AD", "pair", "A")
    v = view("6S 6D 6C 6H 3S 4D 8C 9S JD QC", last=lead, last_seat=1, counts=(10, 2, 12, 15))
    bomb = play("6S 6D 6C 6H", "bomb", "6")
    assert choose(v, [PASS, bomb]) == bomb


def test_keeps_the_bomb_when_no_one_is_close() -> None:
    lead = play("4S", "single", "4")
    v = view("6S 6D 6C 6H 3S 3D 8C 8S JD JC", last=lead, last_seat=1, counts=(10, 20, 12, 15))
    assert choose(v, [PASS, play("6S 6D 6C 6H", "bomb", "6")]) == PASS


def test_follows_an_opponent_cheaply() -> None:
    lead = play("4S", "single", "4")
    v = view("7S 9D KC AS AD", last=lead, last_seat=3, counts=(5, 20, 12, 15))
    legal = [PASS] + [play(c, "single", c[0]) for c in ("7S", "9D", "KC", "AS")]
    assert choose(v, legal) == legal[1]


def test_returns_the_card_that_hurts_least() -> None:  # G3.5
    v = view("3S 3D 7C 8S 8D KS KD", phase="return")
    legal = [Action("return", (card,)) for card in parse_cards("3S 7C 8S")]
    assert choose(v, legal) == legal[1]


def test_leads_the_weakest_play_not_the_best() -> None:
    v = view("3S 3D 9C KS KD")
    legal = [
        play("3S 3D", "pair", "3"),
        play("9C", "single", "9"),
        play("KS KD", "pair", "K"),
        play("3S", "single", "3"),
    ]
    assert choose(v, legal) in (legal[0], legal[1])


def test_picks_the_stronger_meaning_of_a_wild_play() -> None:  # G5.5
    low = play("6S 7S 8D 9C 2H", "straight", "9")
    high = play("6S 7S 8D 9C 2H", "straight", "T")
    v = view("6S 7S 8D 9C 2H QS QD")
    assert choose(v, [low, high]) == high


def test_feeds_a_partner_with_one_card() -> None:
    v = view("4S 9D 9C JS JD QC QD", counts=(7, 12, 1, 12))
    single, pair = play("4S", "single", "4"), play("9D 9C", "pair", "9")
    legal = [single, pair, play("JS JD", "pair", "J"), play("QC QD", "pair", "Q")]
    assert choose(v, legal) == single


def test_no_weak_single_when_the_next_opponent_has_one_card() -> None:
    v = view("4S 9D 9C JS JD QC QD", counts=(7, 1, 12, 12))
    single = play("4S", "single", "4")
    legal = [single, play("9D 9C", "pair", "9"), play("JS JD", "pair", "J")]
    assert choose(v, legal) != single


def test_combo_power_follows_the_bomb_ladder() -> None:  # G5.6
    ladder = [
        FakeCombo("bomb", "A", tuple(parse_cards("AS AD AC AH"))),
        FakeCombo("bomb", "3", tuple(parse_cards("3S 3D 3C 3H 3S"))),
        FakeCombo("straight_flush", "7", tuple(parse_cards("3S 4S 5S 6S 7S"))),
        FakeCombo("bomb", "3", tuple(parse_cards("3S 3D 3C 3H 3S 3D"))),
        FakeCombo("joker_bomb", None, tuple(parse_cards("BJ BJ RJ RJ"))),
    ]
    keys = [combo_power(c, "2") for c in ladder]
    assert keys == sorted(keys) and len(set(keys)) == len(keys)
    assert combo_power(FakeCombo("single", "2", ()), "2") > combo_power(
        FakeCombo("single", "A", ()), "2"
    )  # G4.3: the level rank is above the ace


def test_noise_changes_some_choices_but_stays_legal() -> None:
    v = view("3S 3D 9C KS KD 5H 6C")
    legal = [play(t, "single", t[0]) for t in ("3S", "9C", "KS", "5H", "6C")]
    easy = GuandanBot(noise=1.0)
    picks = {easy.choose(v, legal, random.Random(seed)) for seed in range(30)}
    assert picks <= set(legal) and len(picks) > 1
