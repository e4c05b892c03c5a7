"""A challenge in play (issue 59): the positions the rules can set up mid-play, the puzzle
files, and the session the Challenges screen drives (moves, the solver's defence, hints,
undo, retry, stars)."""

from __future__ import annotations

import pytest

from game.ai import puzzles
from game.ai.solver import Solver
from game.games.doudizhu.rules.position import position as doudizhu_position
from game.games.guandan.rules.position import position as guandan_position
from game.games.runfast.rules.position import position as runfast_position
from game.games.runfast.solver import Goal as RunFastGoal
from game.games.runfast.solver import RunFastModel
from game.games.shengji.rules.position import position as shengji_position
from game.rules.errors import BadArgumentError, RulesError
from game.table.challenge import Challenge

KITTY = "2D 3D 4D 6D 7D 8D 9D JD"


@pytest.mark.parametrize(
    ("make", "message"),
    [
        # R3.4: seat 1 passed the 9 while holding the ace
        (lambda: runfast_position(["3S", "AD", "4S"], turn=2, last="9S", last_seat=0), "passed"),
        # the play on the table cannot be in a hand
        (lambda: runfast_position(["9S", "AD", "4S"], turn=1, last="9S", last_seat=0), "no hand"),
        # R4: 9 and J are no combination
        (lambda: runfast_position(["3S", "AD", "4S"], turn=1, last="9S JS", last_seat=0), "play"),
        # D3.2: the seat to act never beats its own play
        (
            lambda: doudizhu_position(
                ["3S", "4S", "5S"], landlord=0, turn=1, last="9S", last_seat=1
            ),
            "seat to act",
        ),
        # G4.5: a team out first and second ended the deal already
        (
            lambda: guandan_position(["", "4S", "", "6S"], level="2", turn=1, out=[0, 2]),
            "over",
        ),
        # only the seats gone out have empty hands
        (lambda: guandan_position(["3S", "", "5S", "6S"], level="2", turn=0), "empty"),
        # S4.1: every seat holds as many cards at a trick's start
        (
            lambda: shengji_position(
                ["3S 4S", "5S", "6S", "7S"],
                level="2",
                trump="H",
                dealer=0,
                kitty=KITTY,
                points=0,
                leader=0,
            ),
            "as many",
        ),
        # S4.4: seat 1 holds a spade, so it may not discard a heart to a spade lead
        (
            lambda: shengji_position(
                ["8S", "3S", "6S 6C", "7S 7C"],
                level="2",
                trump="D",
                dealer=0,
                kitty=KITTY,
                points=0,
                leader=0,
                trick=["9S", "4H"],
            ),
            "follow",
        ),
    ],
)
def test_positions_the_rules_cannot_reach_are_refused(make, message: str) -> None:
    with pytest.raises(BadArgumentError, match=message):
        make()


def test_a_set_up_position_plays_on_through_the_rules() -> None:
    # R3.5: both others passed seat 0's single, which leads again
    state = runfast_position(["3S 9S", "4S", "5S"], turn=1, last="2S", last_seat=0)
    assert [a.kind for a in state.legal_actions()] == ["pass"]  # R3.4: nothing beats the 2
    state.apply(state.legal_actions()[0])
    state.apply(state.legal_actions()[0])
    assert state.current_player == 0 and state.leading


def test_a_bad_puzzle_file_names_the_puzzle_and_the_problem(tmp_path) -> None:
    file = tmp_path / "puzzles.toml"
    good = 'id = "a"\ngrade = 1\nhands = ["3S 4S", "5S", "6S"]\nturn = 0\nmoves = 2\nwinning = 1\nplies = 3\n'
    file.write_text(f'[[puzzle]]\n{good}goal = {{ kind = "first" }}\n', encoding="utf-8")
    assert [p.id for p in puzzles.load("runfast", file)] == ["a"]
    file.write_text(f'[[puzzle]]\n{good}goal = {{ kind = "last" }}\n', encoding="utf-8")
    with pytest.raises(BadArgumentError, match="runfast puzzle a: .*'first'"):
        puzzles.load("runfast", file)
    twice = f'[[puzzle]]\n{good}goal = {{ kind = "first" }}\n'
    file.write_text(twice + twice, encoding="utf-8")
    with pytest.raises(BadArgumentError, match="used twice"):
        puzzles.load("runfast", file)
    file.write_text(
        f'[[puzzle]]\n{good.replace("grade = 1", "grade = 9")}goal = {{ kind = "first" }}\n'
    )
    with pytest.raises(BadArgumentError, match="grade"):
        puzzles.load("runfast", file)


def _first(game: str, winning: int = 1) -> puzzles.Puzzle:
    return next(p for p in puzzles.load(game) if p.winning == winning and p.plies >= 4)


def test_a_challenge_played_with_the_winning_moves_earns_three_stars() -> None:
    play = Challenge(_first("runfast"))
    while not play.over():
        if play.mine():
            (move,) = play.solver.analyse(play.state).winning
            play.play(move)
        else:
            play.reply()
    assert play.met() is True and play.stars() == 3


def test_hints_undo_and_retry() -> None:
    puzzle = _first("runfast")
    play = Challenge(puzzle)
    hint = play.hint()
    assert hint in play.solver.analyse(play.state).winning
    wrong = next(m.action for m in play.solver.analyse(play.state).moves if not m.wins)
    play.play(wrong)
    assert not play.forced()  # the goal can no longer be forced
    with pytest.raises(RulesError):
        play.hint()  # the defence is to move
    play.reply()
    assert play.undo() and play.forced() and play.mine()
    assert not play.undo()
    play.retry()
    assert play.tries == 2 and play.state.current_player == 0
    while not play.over():
        if play.mine():
            hint = play.hint()
            assert hint is not None
            play.play(hint)
        else:
            play.reply()
    assert play.met() is True and play.stars() == 1  # a second try, with hints


def test_the_defence_refutes_a_mistake() -> None:
    for puzzle in puzzles.load("runfast")[:10]:
        play = Challenge(puzzle)
        wrong = [m.action for m in play.solver.analyse(play.state).moves if not m.wins]
        play.play(wrong[0])
        while not play.over():
            if play.mine():
                play.play(play.solver.analyse(play.state).moves[0].action)
            else:
                play.reply()
        assert play.met() is False, puzzle.id


def test_the_defence_holds_out_longest() -> None:
    # R1.2: seat 0 wins whatever seat 1 does; seat 1's pass (forced or not) keeps it longest
    state = runfast_position(["3S 3D 9S", "4S", "AS"], turn=0)
    solver = Solver(RunFastModel(RunFastGoal(0)))
    verdict = solver.analyse(state, lengths=True)
    assert verdict.forced and verdict.plies is not None and verdict.plies >= 3
