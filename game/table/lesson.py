"""Learn to play (issue 41): a guided deal played by a script of steps (no pygame).

A :class:`Lesson` is data: one or more :class:`Part` s, each a scripted deal (``new_deal(hands=
...)``) and the :class:`Step` s of that deal, one per action that is not automatic, in the
order they are made. An AI seat's step names the action it makes; the player's step names what
the lesson waits for (an action kind, a kind of combination or exact cards) and the sentence
that says why another move is refused. :class:`Note` s are shown before a step (the table waits
until each is read) and after a part's last step. Each game keeps its script in its own module
(``game/games/<id>/lesson.py``, ``LESSON``, named by the registry's ``lesson_path``); :class:`LessonRunner` plays any of them.

The runner finds its place from the deal's log (the number of actions made so far), so undo,
a refused move or a second attempt need no bookkeeping; only which notes were read is kept.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from game import registry
from game.rules.base import Action, DealState, DealView
from game.rules.cards import Card, as_cards
from game.rules.errors import RulesError


@dataclass(frozen=True)
class Claim:
    """What a note asserts about the position it is shown at (or, on a closing note, about
    the deal's result), so that a test can hold it against the engine or Hard's judgment
    (tests/test_lesson_claims.py; a teacher's word must be a strong player's word):

    - ``good``: the step's move is sound: Hard's search values it within the game's
      ``coach_threshold`` of its own choice (the coach would keep quiet);
    - ``must``: the step's move is the only legal action;
    - ``only``: every legal play of the seat to act spends a card of ``cards``;
    - ``beats``: ``cards`` is a legal answer here;
    - ``bid``: the bid judgment of the seat's hand chooses ``value`` (3: strong, 0: weak);
    - ``left``: ``seat`` holds ``value`` cards;
    - ``result``: the result's ``field`` is ``value`` (``returns``: ``seat``'s return, in the
      game's unit); a number the note quotes.
    """

    kind: str
    cards: str = ""
    value: int | str | None = None
    seat: int = 0
    field: str = ""


@dataclass(frozen=True)
class Note:
    """A pointed remark: ``key`` its text in the catalogs, ``marks`` the cards it speaks of
    (notation; those in the player's hand are highlighted), ``claims`` what it asserts."""

    key: str
    marks: str = ""
    claims: tuple[Claim, ...] = ()

    def cards(self) -> list[Card]:
        return as_cards(self.marks) if self.marks else []


@dataclass(frozen=True)
class Step:
    """One action of the deal. ``seat`` acts; ``kind`` is the action kind (``play``, ``pass``,
    ``declare``, ``bury``, ``return``, ``bid``). An AI seat makes exactly ``cards``. The player must make
    ``kind`` with exactly ``cards`` when given, else with a combination of kind ``combo`` when
    given, else any action of that kind; ``value`` (a bid's or a doubling's, when given) must
    match too; ``refuse`` is the catalog key of why another move is refused. ``notes`` are
    shown before the step."""

    seat: int
    kind: str
    cards: str = ""
    combo: str | None = None
    refuse: str = ""
    notes: tuple[Note, ...] = ()
    value: int | None = None

    def matches(self, action: Action) -> bool:
        """Whether ``action`` is this step's action (cards compared as multisets)."""
        if action.kind != self.kind:
            return False
        if self.cards and sorted(map(str, action.cards)) != sorted(self.cards.split()):
            return False
        if self.combo is not None and getattr(action.combo, "kind", None) != self.combo:
            return False
        return self.value is None or getattr(action, "value", None) == self.value


@dataclass(frozen=True)
class Part:
    """One scripted deal: ``deal()`` makes its state, ``steps`` its actions, ``closing`` the
    notes shown once the steps are done (before the deal's result)."""

    deal: Callable[[], DealState]
    steps: tuple[Step, ...]
    closing: tuple[Note, ...] = ()


@dataclass(frozen=True)
class Lesson:
    game: str
    parts: tuple[Part, ...]


def lesson_for(game_id: str) -> Lesson | None:
    """The game's lesson (its registry entry's ``lesson_path``), or None when it has none."""
    found = registry.get(game_id).lesson()
    return found if isinstance(found, Lesson) else None


def made(state: DealState) -> int:
    """How many actions (auto records left out) the deal has seen."""
    return sum(1 for record in state.log if not record.auto)


class LessonRunner:
    """Plays ``lesson``: the current part, its step at the deal's position, the notes still to
    read, the AI seats' scripted actions and the refusal of a player's move."""

    def __init__(self, lesson: Lesson) -> None:
        self.lesson = lesson
        self.part_index = 0
        self._read: set[tuple[int, int, int]] = set()  # (part, step or -1 closing, note)
        # the live deal (bound by the table)
        self.state_of: Callable[[], DealState | None] = lambda: None

    @property
    def part(self) -> Part:
        return self.lesson.parts[self.part_index]

    def deal(self) -> DealState:
        """The current part's deal, fresh."""
        return self.part.deal()

    def step(self, state: DealState) -> Step | None:
        """The step at ``state``'s position; None once the part's steps are done."""
        index = made(state)
        steps = self.part.steps
        return steps[index] if index < len(steps) else None

    def note(self, state: DealState) -> Note | None:
        """The first note not yet read at ``state``'s position, else None."""
        index = made(state)
        steps = self.part.steps
        if index < len(steps):
            notes, where = steps[index].notes, index
        else:
            notes, where = self.part.closing, -1
        for number, note in enumerate(notes):
            if (self.part_index, where, number) not in self._read:
                return note
        return None

    def read(self, state: DealState) -> None:
        """The note shown at ``state`` has been read."""
        note = self.note(state)
        if note is None:
            return
        index = made(state)
        where = index if index < len(self.part.steps) else -1
        notes = self.part.steps[where].notes if where >= 0 else self.part.closing
        self._read.add((self.part_index, where, notes.index(note)))

    def part_done(self, state: DealState) -> bool:
        """The part's steps are made and its closing notes read."""
        return self.step(state) is None and self.note(state) is None

    @property
    def last_part(self) -> bool:
        return self.part_index >= len(self.lesson.parts) - 1

    def finished(self, state: DealState) -> bool:
        """The whole lesson is done."""
        return self.last_part and self.part_done(state)

    def next_part(self) -> DealState:
        """Move to the next part and return its deal."""
        self.part_index += 1
        return self.deal()

    def refusal(self, state: DealState, action: Action) -> str | None:
        """The catalog key of why the player's ``action`` is not the lesson's move, or None."""
        step = self.step(state)
        if step is None or step.seat != state.current_player:
            return None
        if self.note(state) is not None:
            return "lesson.read_first"
        if step.matches(action):
            return None
        return step.refuse or "lesson.not_now"

    def scripted(self, state: DealState, legal: list[Action]) -> Action | None:
        """The step's action at ``state`` among ``legal`` (or found by ``actions_for`` when
        ``legal`` lists other cards of the same meaning); for a player's step the first that
        fits. None when the script has nothing for this position."""
        step = self.step(state)
        if step is None:
            return None
        for action in legal:
            if step.matches(action):
                return action
        if step.cards:
            try:
                found = state.actions_for(as_cards(step.cards))
            except RulesError:
                return None
            return next((a for a in found if step.matches(a)), None)
        return None

    def bot(self, preset: str, level: str, seed: int) -> ScriptBot:
        """A bot for the table's ``bot_factory``: every seat (and the hint) plays the script."""
        return ScriptBot(self)


class ScriptBot:
    """Plays the lesson's script for whichever seat asks (the hint too: it shows the move the
    lesson waits for). Reads the live deal through ``runner.state_of`` (the table applies
    nothing while a bot thinks); when the script has nothing, the first legal action."""

    def __init__(self, runner: LessonRunner) -> None:
        self.runner = runner

    def choose(self, view: DealView, legal: list[Action], rng: random.Random) -> Action:
        state = self.runner.state_of()
        found = self.runner.scripted(state.clone(), legal) if state is not None else None
        return found if found is not None else legal[0]
