"""Challenges (残局): end-game puzzles kept as data and proven by the exact solver (issue 59).

Each game's folder keeps its puzzles in ``puzzles.toml`` (one ``[[puzzle]]`` table each: the
position in card notation, the goal, the grade and what the proof found) and its solver part
in ``solver.py``, whose ``HOOKS`` (a :class:`ChallengeHooks`, named by the registry's
``GameSpec.solver_path``) read and write positions and goals and build the game's
:class:`game.ai.solver.Model`. This module loads them and starts a puzzle as an ordinary deal
state of the game's rules, every hand known, ready for the solver and the table.

The seat of the person is 0; a goal's ``seats`` are the seats the person plays (its own, and
its partner's when the goal is a side's), the others are the defence the solver plays.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from game import registry
from game.ai.solver import Model, Solver
from game.rules.base import DealState
from game.rules.errors import BadArgumentError

#: A sentence of a goal: its locale key (section ``[challenge]``) and the values it names.
Phrase = tuple[str, dict[str, object]]
#: A puzzle file's table as parsed (TOML: checked by the reader that takes it).
Table = Mapping[str, Any]


class Goal(Protocol):
    """What a puzzle asks of the person's side (each game's ``solver.py`` defines its own)."""

    @property
    def seats(self) -> tuple[int, ...]:
        """The seats the goal's side plays."""
        ...

    def met(self, state: DealState) -> bool | None:
        """True once the goal is met in ``state``, False once it no longer can be (by the
        cards played so far), None while the play decides."""
        ...

    def words(self) -> tuple[Phrase, ...]:
        """The goal in words: locale keys with their values, in reading order."""
        ...

    def as_table(self) -> dict[str, object]:
        """The goal as the puzzle file writes it."""
        ...


@dataclass(frozen=True)
class ChallengeHooks:
    """One game's part of the challenges (its ``solver.py`` defines ``HOOKS``).

    ``read_position`` and ``read_goal`` read a puzzle's position (the puzzle table itself) and
    its ``goal`` table (for that position's state) and raise :class:`BadArgumentError` naming what is wrong;
    ``write_position`` is their inverse for the puzzle finder (tools/puzzles.py), with the seats
    turned by ``shift`` so that the goal's side holds seat 0; ``model`` builds the solver's
    model of a goal; ``goals`` lists the goals worth asking of a self-play position, for its
    seat to move, most demanding first, each implying the next; ``small`` tells whether a self-play position is small
    enough to be a puzzle; ``puzzles`` is the game's puzzle file; ``context`` the sentences that
    tell what of a position the goal counts on (Shengji: the points taken and buried). Goals are
    each game's own type, a :class:`Goal`; ``model`` takes its own game's (``Any`` here, where
    any game's stands) and builds its own game's solver model (its node and move types)."""

    read_goal: Callable[[Table, DealState], Goal]
    read_position: Callable[[Table], DealState]
    write_position: Callable[[DealState, int], dict[str, object]]
    model: Callable[[Any], Model[Any, Any]]  # Any: the game's own goal, nodes and moves
    goals: Callable[[DealState], Sequence[Goal]]
    small: Callable[[DealState], bool]
    puzzles: Path
    context: Callable[[DealState], tuple[Phrase, ...]] = lambda state: ()


def hooks(game: str) -> ChallengeHooks:
    """The challenge hooks of ``game``; ValueError when it has none."""
    found = registry.get(game).solver_hooks()
    if not isinstance(found, ChallengeHooks):
        raise ValueError(f"the game {game!r} has no challenges")
    return found


def grade(plies: int, moves: int, winning: int) -> int:
    """A puzzle's grade, 1 (easy) to 5 (hard): longer solutions are harder (``plies``
    against the longest defence), and so are fewer winning first moves among ``moves``."""
    length = 0 if plies <= 4 else 1 if plies <= 8 else 2 if plies <= 14 else 3
    choice = (winning == 1) + (winning * 4 <= moves)
    return 1 + min(4, length + choice)


def read_seat(table: Table, name: str, seats: int) -> int:
    """The seat number ``table[name]`` (0 when absent); BadArgumentError when it is none."""
    value = table.get(name, 0)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < seats:
        raise BadArgumentError(f"{name} must be a seat number 0..{seats - 1}, not {value!r:.20}")
    return value


@dataclass(frozen=True)
class Puzzle:
    """One challenge of ``game``: ``id``, ``grade`` (1 easiest … 5), the position's table
    (``position``, read by the game's hooks), the ``goal``, and what its proof found: how many
    distinct first moves the goal's side has (``moves``), how many of them force the goal
    (``winning``) and the plies of the solution against the longest defence (``plies``)."""

    game: str
    id: str
    grade: int
    position: Table
    goal: Goal
    moves: int
    winning: int
    plies: int

    def start(self) -> DealState:
        """A fresh deal state at the puzzle's position (the game's rules, every hand known)."""
        return hooks(self.game).read_position(self.position)

    def words(self) -> tuple[Phrase, ...]:
        """The goal in words, then what it counts on (locale keys of ``[challenge]`` with
        their values)."""
        return self.goal.words() + hooks(self.game).context(self.start())

    # Any: the nodes and moves are the game's own (a solver's types vary per game)
    def solver(self, *, node_limit: int | None = None) -> Solver[Any, Any]:
        """A solver of this puzzle's goal (keep one per puzzle played: it remembers), over its
        game's own nodes and moves."""
        return Solver(hooks(self.game).model(self.goal), node_limit=node_limit)


def _int(table: Table, name: str, where: str) -> int:
    value = table.get(name)
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise BadArgumentError(f"{where}: {name} must be a whole number, not {value!r:.20}")
    return value


def read_puzzle(game: str, table: Table) -> Puzzle:
    """One ``[[puzzle]]`` table of ``game``'s file; BadArgumentError naming what is wrong."""
    found = hooks(game)
    name = table.get("id")
    if not isinstance(name, str) or not name:
        raise BadArgumentError(f"a {game} puzzle needs an id, not {name!r:.20}")
    where = f"{game} puzzle {name}"
    goal_table = table.get("goal")
    if not isinstance(goal_table, Mapping):
        raise BadArgumentError(f"{where}: the goal must be a table")
    try:
        goal = found.read_goal(goal_table, found.read_position(table))
    except (KeyError, TypeError, ValueError) as error:
        raise BadArgumentError(f"{where}: {error}") from error
    grade = _int(table, "grade", where)
    if not 1 <= grade <= 5:
        raise BadArgumentError(f"{where}: grade must be 1..5, not {grade}")
    return Puzzle(
        game=game,
        id=name,
        grade=grade,
        position=dict(table),
        goal=goal,
        moves=_int(table, "moves", where),
        winning=_int(table, "winning", where),
        plies=_int(table, "plies", where),
    )


def load(game: str, path: Path | None = None) -> list[Puzzle]:
    """Every puzzle of ``game`` (from its puzzle file, or ``path``), easiest first (by grade,
    then as the file lists them); [] when the file does not exist."""
    file = path if path is not None else hooks(game).puzzles
    if not file.exists():
        return []
    with file.open("rb") as handle:
        data = tomllib.load(handle)
    tables = data.get("puzzle", [])
    if not isinstance(tables, list):
        raise BadArgumentError(f"{file.name}: [[puzzle]] tables expected")
    puzzles = [read_puzzle(game, table) for table in tables]
    seen: set[str] = set()
    for puzzle in puzzles:
        if puzzle.id in seen:
            raise BadArgumentError(f"{file.name}: the id {puzzle.id!r} is used twice")
        seen.add(puzzle.id)
    return sorted(puzzles, key=lambda puzzle: puzzle.grade)


def games_with_puzzles() -> list[str]:
    """The ids of the games that have challenges, in title order."""
    return [spec.id for spec in registry.all_games() if spec.solver_path is not None]
