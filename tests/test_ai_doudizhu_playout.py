"""The cheap play-outs on rank counts (game/games/doudizhu/playout.py, issue 56): each move is
replayed on the real deal and judged by the rules (D3.2, D4), a play-out ends with one seat out
and the cards conserved, settles as the deal does (D5), and the greedy policy plays as the
quick heuristic where it matters."""

from __future__ import annotations

import random

import pytest

from game.games.doudizhu import rules as ddz
from game.games.doudizhu.bot import DoudizhuBot
from game.games.doudizhu.playout import Table, greedy, play_out, table_of
from game.games.doudizhu.rules import DoudizhuState
from game.games.doudizhu.rules.combos import build, counts_of
from game.games.doudizhu.rules.position import position
from game.rules.base import Action
from game.rules.cards import parse_cards


def _in_play(seed: int, plies: int) -> DoudizhuState:
    """A deal of ``seed`` bid by the quick heuristic and played ``plies`` plies on."""
    state = ddz.new_deal(seed=seed)
    bot = DoudizhuBot(learned=False, endgame=False)
    rng = random.Random(seed)
    while not state.is_terminal and (state.stage != "play" or plies > 0):
        plies -= state.stage == "play"
        seat = state.current_player
        assert seat is not None
        state.apply(bot.choose(state.view(seat), state.legal_actions(), rng))
    return state


def _replay(state: DoudizhuState) -> Table:
    """Play ``state`` out by the greedy policy, each move applied to the real deal too (its
    judge refuses an illegal play); the table at the end."""
    table = table_of(state)
    while True:
        move = greedy(table)
        seat = table.turn
        assert seat == state.current_player
        if move is None:
            state.apply(Action("pass"))
        else:
            meaning, take = move
            values = tuple(v for v in range(15) for _ in range(take[v]))
            combo = build(state.hands[seat], meaning[0], meaning[1], meaning[2], values)
            state.apply(Action("play", combo.cards))
            last = state.last_play
            assert last is not None
            assert (last.kind, last.value, last.length, len(last.cards)) == meaning
        winner = table.apply(move)
        assert [counts_of(hand) for hand in state.hands] == table.hands
        if winner is not None:
            assert state.is_terminal and state.winner == winner
            return table


@pytest.mark.parametrize("seed", [*range(40), 1281, 1348])
def test_every_greedy_move_is_legal_and_the_deal_settles_as_the_rules_do(seed: int) -> None:
    """D3.2, D4, D5: replayed on the real deal, every move is accepted with the meaning the
    play-out gave it; the hands stay equal, one seat goes out, the points are the deal's."""
    state = _in_play(seed, seed % 13)
    if state.is_terminal:
        pytest.skip("the deal ended before the play-out")
    table = _replay(state)
    winner = state.winner
    assert winner is not None and state.result is not None
    assert table.settle(winner) == state.result.settlement


@pytest.mark.parametrize("seed", range(40, 60))
def test_a_play_out_ends_with_one_seat_out_and_the_cards_conserved(seed: int) -> None:
    """D1.2: one hand empty at the end, no card made or lost, points summing to 0 (D5.3)."""
    state = _in_play(seed, 3)
    if state.is_terminal:
        pytest.skip("the deal ended before the play-out")
    table = table_of(state)
    before = [sum(hand) for hand in table.hands]
    played = [0, 0, 0]
    while True:
        seat = table.turn
        move = greedy(table)
        if move is not None:
            played[seat] += sum(move[1])
        winner = table.apply(move)
        if winner is not None:
            break
    assert [sum(h) for h in table.hands] == [b - p for b, p in zip(before, played, strict=True)]
    assert sum(1 for hand in table.hands if not any(hand)) == 1
    assert min(v for hand in table.hands for v in hand) >= 0
    assert sum(table.settle(winner)) == 0


def test_a_play_out_is_deterministic() -> None:
    state = _in_play(7, 5)
    first = play_out(table_of(state))
    assert all(play_out(table_of(state)) == first for _ in range(3))


Greedy = tuple[str, int, list[int]] | None


def _move(hands: tuple[str, str, str], turn: int, last: str | None, last_seat: int | None) -> Greedy:
    """The greedy move in a position, landlord seat 0: (kind, value, its rank counts), or
    None for a pass."""
    state = position(hands, landlord=0, turn=turn, last=last, last_seat=last_seat)
    move = greedy(table_of(state))
    return None if move is None else (move[0][0], move[0][1], move[1])


def _counts(cards: str) -> list[int]:
    return counts_of(parse_cards(cards))


# (rule, what, hands of seats 0 (the landlord), 1, 2, the seat to act, the play to beat and its
# seat, the move: None a pass, else the cards it plays)
POLICY = [
    ("D3.2", "a peasant lets its partner's play stand",
     ("3C 4C 5C 6C 8C 9C", "4D 6D 7D", "TS JS 4H 5H 6H"), 2, "9S", 1, None),
    ("D3.2", "the landlord's last single is stopped by the highest",
     ("5C", "9H JD AS 4C 4D", "3S 5S 6S 7D"), 1, "8S", 0, "AS"),
    ("D4.1", "a lead is the plan's lowest part",
     ("4S 4H 7C 8D 9S TD JC KH", "3S 3H 3D 5C", "5S 5H 6D 6H"), 0, None, None, "4S 4H"),
    ("D3.2", "a peasant feeds its partner's last card",
     ("3C 4C 5C 6C 8C 9C", "TD", "3S 9H 9D KS"), 2, None, None, "3S"),
    ("D3.2", "no single led into the landlord's last card while a pair can be",
     ("KC", "3S 5H 5D", "4S 6S 7S 8D 9D"), 1, None, None, "5H 5D"),
    ("D3.2", "an answer is the lowest spare single that beats",
     ("3C 4C 5C 6C 8C 9C TC JC QC KC", "7H 8S 8D 9S 2H", "3S 4S"), 1, "6S", 0, "7H"),
    ("D4.3", "a trio is led with the plan's lowest single",
     ("6C 6D 6H 4S 9C KD", "3S 3H 3D 5C", "5S 5H 7D 7H"), 0, None, None, "6C 6D 6H 4S"),
]


@pytest.mark.parametrize(
    ("rule", "what", "hands", "turn", "last", "last_seat", "expected"),
    POLICY,
    ids=[case[1] for case in POLICY],
)
def test_the_greedy_policy_plays_as_the_quick_heuristic_where_it_matters(
    rule: str,
    what: str,
    hands: tuple[str, str, str],
    turn: int,
    last: str | None,
    last_seat: int | None,
    expected: str | None,
) -> None:
    move = _move(hands, turn, last, last_seat)
    if expected is None:
        assert move is None, f"{rule}: {what}"
    else:
        assert move is not None and move[2] == _counts(expected), f"{rule}: {what}"
