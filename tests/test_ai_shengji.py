"""The Shengji heuristic bot (issue 11): legal in every phase, deterministic, sensible in
scripted positions (S2.3 declaring, S2.7 burying, S4 leading and following), and clearly
stronger than random play over seeded deals."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from game.ai.base import Bot, is_legal
from game.ai.random_bot import RandomBot
from game.games.shengji.bot import ShengjiBot
from game.rules.base import Action
from game.rules.cards import RANKS, double_pack, parse_cards
from game.rules.shengji import DealResult, Trump, new_deal, points_of

KITTY = "KH KD TC 5C 6C 7C 8C 9C"  # first suited card a heart: hearts are trump on a reveal


def situation(state) -> str:
    if state.phase != "play":
        return str(state.phase)
    return "lead" if not state.trick else "follow"


def random_positions(seeds: range, stops_per_deal: int = 5):
    """Seeded random positions of every phase (clones)."""
    found = []
    for seed in seeds:
        rng = random.Random(seed)
        state = new_deal(seed=seed, level=rng.choice(RANKS), dealer=rng.randrange(4))
        stops = set(rng.sample(range(120), stops_per_deal))
        step = 0
        while not state.is_terminal:
            if step in stops or state.phase in ("declare", "bury"):
                found.append(state.clone())
            state.apply(rng.choice(state.legal_actions()))
            step += 1
    return found


@pytest.mark.parametrize("noise", [0.0, 0.4])
def test_only_legal_actions_in_every_phase(noise):
    bot = ShengjiBot(noise=noise)
    seen: Counter[str] = Counter()
    for index, state in enumerate(random_positions(range(12))):
        legal = state.legal_actions()
        assert state.current_player is not None
        action = bot.choose(state.view(state.current_player), list(legal), random.Random(index))
        assert is_legal(state, action, legal), (situation(state), str(action))
        state.clone().apply(action)  # the engine accepts it
        seen[situation(state)] += 1
    assert {"declare", "bury", "lead", "follow"} <= set(seen)


def bot_deal(seed: int, noise: float) -> list[Action]:
    state = new_deal(seed=seed, dealer=seed % 4)
    bots = [ShengjiBot(noise=noise) for _ in range(4)]
    rng = random.Random(seed)
    actions = []
    while not state.is_terminal:
        assert state.current_player is not None
        action = bots[state.current_player].choose(
            state.view(state.current_player), state.legal_actions(), rng
        )
        state.apply(action)
        actions.append(action)
    return actions


@pytest.mark.parametrize("noise", [0.0, 0.5])
def test_deterministic_with_a_seed(noise):
    assert bot_deal(3, noise) == bot_deal(3, noise)


def test_noise_changes_some_choices():
    assert any(bot_deal(seed, 0.0) != bot_deal(seed, 1.0) for seed in range(3))


def play_deal(seed: int, teams: dict[int, Bot]) -> DealResult:
    rng = random.Random(seed)
    state = new_deal(seed=seed, level=rng.choice(RANKS), dealer=rng.randrange(4))
    while not state.is_terminal:
        seat = state.current_player
        assert seat is not None
        bot = teams[seat % 2]
        state.apply(bot.choose(state.view(seat), state.legal_actions(), rng))
    assert state.result is not None
    return state.result


def test_beats_a_random_team_by_a_clear_margin():
    # Duplicate style: each seeded deal is played with the bot on both sides.
    heuristic, rand = ShengjiBot(), RandomBot()
    wins = games = 0
    levels = 0
    for seed in range(16):
        for bot_team in (0, 1):
            teams: dict[int, Bot] = {bot_team: heuristic, 1 - bot_team: rand}
            result = play_deal(seed, teams)
            won = result.winning_team == bot_team
            wins += won
            levels += result.levels_gained if won else -result.levels_gained
            games += 1
    assert wins / games >= 0.8, (wins, games)
    assert levels > games  # more than a level per deal on average


# --- scripted positions -----------------------------------------------------------------------


def deal_with(hand_text: str, seat: int = 0, seed: int = 0, **kwargs):
    """A full 25-card deal where ``seat`` holds ``hand_text``; the rest is shuffled."""
    hand = parse_cards(hand_text)
    rest = Counter(double_pack())
    rest.subtract(hand)
    cards = list(rest.elements())
    random.Random(seed).shuffle(cards)
    hands = []
    for s in range(4):
        if s == seat:
            hands.append(hand)
        else:
            hands.append(cards[:25])
            cards = cards[25:]
    return new_deal(hands=hands, kitty=cards, **kwargs)


def choose(state, noise: float = 0.0) -> Action:
    return ShengjiBot(noise=noise).choose(
        state.view(state.current_player), state.legal_actions(), random.Random(0)
    )


STRONG_HEARTS = "2H 2H 2S BJ RJ AH AH KH QH JH TH 9H 8H 7H 3C 4C 5C 6D 7D 8D 9S TS JS QS KS"
WEAK = "2H 3S 5S 7S 9S JS 4D 6D 8D TD QD 3C 5C 7C 9C JC KC 4S 6S 8S 3D 5D 7D 4C 6C"


def test_s2_3_declares_a_strong_suit():
    state = deal_with(STRONG_HEARTS, dealer=0)
    action = choose(state)
    assert action.kind == "declare" and action.cards[0].suit == "H"


def test_s2_3_passes_with_a_weak_hand():
    state = deal_with(WEAK, dealer=0)
    assert choose(state).kind == "pass"


def test_s2_3_does_not_overcall_its_partner():
    for seed in range(50):
        state = deal_with(STRONG_HEARTS, seat=2, dealer=0, seed=seed)
        declares = [a for a in state.legal_actions() if a.kind == "declare"]
        if declares:
            break
    else:
        pytest.fail("no seed gives seat 0 a level card")
    alone = state.clone()
    alone.apply(Action("pass"))
    alone.apply(Action("pass"))
    assert choose(alone).kind == "declare"  # nobody declared: it declares its hearts
    state.apply(declares[0])  # seat 0, its partner, declares
    state.apply(Action("pass"))
    assert state.current_player == 2
    assert choose(state).kind == "pass"


def test_s2_7_buries_side_cards_and_keeps_trumps():
    hand = "2H 2H 2S BJ RJ AH AH KH QH JH TH 9H 8H 7H 3C 4C 5C 6D 7D 8D 9S TS JS QS KS"
    state = deal_with(hand, dealer=0, seed=1)
    while state.phase == "declare":
        legal = state.legal_actions()
        declares = [a for a in legal if a.kind == "declare" and a.cards[0].suit == "H"]
        state.apply(declares[0] if state.current_player == 0 and declares else Action("pass"))
    assert state.phase == "bury" and state.current_player == 0
    action = choose(state)
    trump = state.trump
    assert len(action.cards) == 8
    assert not any(trump.is_trump(c) for c in action.cards)
    kept = Counter(state.hand(0))
    kept.subtract(action.cards)
    side_suits_left = {c.suit for c in kept.elements() if not trump.is_trump(c)}
    assert len(side_suits_left) <= 2  # at least one side suit voided


def scripted_play(hands: list[str]):
    """Level 2, hearts trump (kitty revealed), dealer 0 buried the kitty and leads."""
    state = new_deal(hands=hands, kitty=KITTY, dealer=0)
    for _ in range(4):
        state.apply(Action("pass"))
    state.apply(state.actions_for(KITTY)[0])
    return state


def test_s4_gives_points_to_a_partner_who_wins():
    state = scripted_play(["AS 3D 4D", "3S 5D 6D", "KS 4S 9D", "5S 7D 8D"])
    state.apply(state.actions_for("AS")[0])  # master ace
    state.apply(state.actions_for("3S")[0])
    action = choose(state)  # seat 2, the leader's partner
    assert action.cards == tuple(parse_cards("KS"))


def test_s4_keeps_points_from_an_opponent_who_wins():
    state = scripted_play(["3D 4D 6D", "AS 7D JS", "KS 4S 9D", "5S 5D 8D"])
    state.apply(state.actions_for("3D")[0])
    state.apply(state.actions_for("7D")[0])
    state.apply(state.actions_for("9D")[0])  # seat 2, an opponent of seat 3, wins
    action = choose(state)  # seat 3 cannot beat 9D: it keeps its five
    assert action.cards == tuple(parse_cards("8D"))


def test_s4_follows_cheaply_when_the_trick_is_lost():
    state = scripted_play(["AS 3D 4D", "KS 4S 5D", "6S 9D TD", "5S 7D 8D"])
    state.apply(state.actions_for("AS")[0])  # seat 0 leads the master ace
    action = choose(state)  # seat 1 cannot beat it: keeps the king
    assert action.cards == tuple(parse_cards("4S"))


def test_s4_leads_a_master_tractor():
    state = scripted_play(
        [
            "AS AS KS KS 3D 4D 5S 6D",
            "3S 4S 6S 7S 7D 8D 9D TD",
            "8S 9S TS JS JD QD KD AD",
            "QS QS 3C 4C 5D 9C JC QC",
        ]
    )
    action = choose(state)
    assert action.cards == tuple(parse_cards("AS AS KS KS"))


def test_s4_trumps_a_point_trick_when_void():
    state = scripted_play(["TS 3D 4D", "KS 5D 6D", "3H 9D TD", "5S 7D 8D"])
    state.apply(state.actions_for("TS")[0])
    state.apply(state.actions_for("KS")[0])
    action = choose(state)  # seat 2 is void in spades, 20 points on the table
    assert Trump("2", "H").is_trump(action.cards[0])
    assert points_of(action.cards) == 0


def test_s4_4_remembers_who_has_no_pair_left():
    from game.games.shengji.throw_plan import pairless_suits

    state = scripted_play(
        [
            "5S 5S 3D 4D 6D 7D",
            "3S 4S 8S 9D TD JD",
            "6S 6S 9S JS QD KD",
            "7S 8D 2D 3C 4C 6C",
        ]
    )
    state.apply(state.actions_for("5S 5S")[0])
    state.apply(state.actions_for("3S 4S")[0])  # spades only, no pair: none left
    state.apply(state.actions_for("6S 6S")[0])
    state.apply(state.actions_for("7S 8D")[0])  # short: a void, not a pair signal
    found = pairless_suits(state.view(0))
    assert found.get(1) == {"S"}
    assert 2 not in found and 3 not in found
    assert "S" in state.view(0).voids[3]


def test_ranked_puts_the_choice_first_and_keeps_every_action() -> None:
    """``ranked`` (the search bot's candidate order) starts with the action ``choose`` plays
    at noise 0, and lists every legal action once, in every phase (S2.3, S4); burying (S2.7)
    gives the heuristic's candidate burials, each a legal bury of 8 cards, each once."""
    bot = ShengjiBot()
    seen = set()
    for state in random_positions(range(20, 26), stops_per_deal=4):
        if state.is_terminal:
            continue
        legal = state.legal_actions()
        view = state.view(state.current_player)
        order = bot.ranked(view, list(legal), random.Random(1))
        assert order[0] == bot.choose(view, list(legal), random.Random(1))
        seen.add(situation(state))
        if state.phase == "bury" and len(legal) > 1:
            assert 1 <= len(order) == len(set(order))
            assert all(is_legal(state, action, legal) for action in order)
            assert all(len(action.cards) == 8 for action in order)
        else:
            assert Counter(order) == Counter(legal)
    assert {"declare", "lead", "follow"} <= seen
