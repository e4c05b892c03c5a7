"""The challenges' puzzles (issue 59): every committed puzzle loads, is proven with the numbers
its file records, its hint is a winning move and, when a single first move wins, every other
first move loses against the solver's defence. The quick suite proves a sample
(``QUICK_SAMPLE`` in conftest.py), the full suite all of them.
"""

from __future__ import annotations

import pytest

from game import i18n
from game.ai import puzzles
from game.ai.puzzles import Goal, Puzzle
from game.ai.solver import Solver, moves_of
from game.rules.base import DealState
from tests.solver_brute import every_action

GAMES = puzzles.games_with_puzzles()
ALL = [puzzle for game in GAMES for puzzle in puzzles.load(game)]
SINGLE = [puzzle for puzzle in ALL if puzzle.winning == 1]
LANGUAGES = ("en", "zh", "zh-Hant", "ja", "ko", "hu", "tr", "es", "pl", "id", "fa", "ar")


def test_every_game_has_twenty_puzzles_from_easy_to_hard() -> None:
    assert sorted(GAMES) == ["doudizhu", "guandan", "runfast", "shengji"]
    for game in GAMES:
        loaded = puzzles.load(game)
        assert len(loaded) >= 20, game
        grades = [puzzle.grade for puzzle in loaded]
        assert grades == sorted(grades) and grades[0] <= 2 and grades[-1] >= 4, game
        for puzzle in loaded:
            assert puzzle.grade == puzzles.grade(puzzle.plies, puzzle.moves, puzzle.winning)
            assert 1 <= puzzle.winning < puzzle.moves, puzzle.id
            assert 0 in puzzle.goal.seats  # seat 0 is the player's


@pytest.mark.parametrize("puzzle", ALL, ids=lambda puzzle: puzzle.id)
def test_every_puzzle_is_proven(puzzle: Puzzle) -> None:
    verdict = puzzle.solver().analyse(puzzle.start())
    assert verdict.forced
    assert (len(verdict.moves), len(verdict.winning)) == (puzzle.moves, puzzle.winning)


@pytest.mark.parametrize("puzzle", ALL, ids=lambda puzzle: puzzle.id)
def test_the_hint_is_a_winning_move(puzzle: Puzzle) -> None:
    solver, state = puzzle.solver(), puzzle.start()
    hint = solver.hint(state)
    assert hint is not None and hint in solver.analyse(state).winning
    state.apply(hint)
    assert solver.forced(state)


def _defence_holds(solver: Solver[object, object], goal: Goal, state: DealState) -> bool:
    """Whether the goal fails on every line of the goal's side's moves when the defence plays
    the solver's replies (all of them tried, not only the solver's verdict)."""
    seen: set[object] = set()

    def holds(state: DealState) -> bool:
        met = goal.met(state)
        if met is not None:
            return not met
        key = solver.model.key(solver.model.root(state))
        if key in seen:
            return True
        seen.add(key)
        if state.current_player in goal.seats:
            for action in moves_of(solver, state):
                child = state.clone()
                child.apply(action)
                if not holds(child):
                    return False
            return True
        child = state.clone()
        child.apply(solver.reply(state))
        return holds(child)

    return holds(state)


@pytest.mark.parametrize("puzzle", SINGLE, ids=lambda puzzle: puzzle.id)
def test_every_other_first_move_loses_against_the_defence(puzzle: Puzzle) -> None:
    solver, state = puzzle.solver(), puzzle.start()
    assert len(solver.analyse(state).winning) == 1
    losing = 0
    for action in every_action(state):  # every card choice the rules accept
        child = state.clone()
        child.apply(action)
        if not solver.forced(child):  # not the winning move nor one merged with it
            losing += 1
            assert _defence_holds(solver, puzzle.goal, child), action
    assert losing >= puzzle.moves - 1


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_goal_reads_in_every_language(language: str) -> None:
    i18n.set_language(language)
    try:
        for puzzle in ALL:
            for key, values in puzzle.words():
                assert key.startswith("challenge.")
                text = i18n.tr(key, **values)
                assert text and text != key and "{" not in text, (puzzle.id, key)
    finally:
        i18n.set_language("en")
