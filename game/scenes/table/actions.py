"""The player's actions at the table (issue 39, 53): the moves (:class:`TableMoves`: take an
action, pass), the turn's buttons and keys (:class:`TableActions`: play the selection or
choose its meaning, ask for a hint), the choices at a deal's end (:class:`MatchChoices`: the
next deal or a new match) and the one table of what the buttons and keys do
(:class:`TableCommands`). A lesson may refuse a move, the coach judges it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game import save
from game.rules.base import Action
from game.scenes.confirm import ask_new_match
from game.scenes.table.coach import TableCoach
from game.scenes.table.hand import PlayerHand
from game.scenes.table.lesson import TableLesson
from game.scenes.table.modals import Overlay
from game.scenes.table.state import TableState
from game.scenes.table.view import GameView
from game.table.controller import TableController
from game.widgets.common import BRASS, DANGER
from game.widgets.hand import HandWidget
from game.words import Words

if TYPE_CHECKING:  # pragma: no cover
    from game.services import Services


def keeps_save(controller: TableController) -> bool:
    """Whether a table keeps its match in the autosave (not a scripted deal, not an
    unattended --autoplay run, not the deal of the day, not a finished match)."""
    return not (
        controller.scripted or controller.autoplay or controller.daily or controller.match_over
    )


Command = Callable[[], None]


@dataclass(frozen=True)
class TableCommands:
    """What the table's buttons and keys do, each a command taking nothing (``act`` takes the
    action a panel's row chose), and whether the player may act now. ``house`` is None at a
    match without house rules, ``last_trick`` in a game that shows none."""

    can_act: Callable[[], bool]
    act: Callable[[Action], None]
    primary: Command
    pass_turn: Command
    hint: Command
    resort: Command
    undo: Command
    counter: Command
    leave_lesson: Command
    next_deal: Command
    new_match: Command
    menu: Command
    house: Command | None = None
    last_trick: Command | None = None


class TableMoves:
    """The player's moves: ``do`` an action (unless the lesson refuses it), pass; the panels'
    buttons, the bar and a View's own buttons (``TableContext.act``) all move through it."""

    def __init__(
        self,
        controller: TableController,
        state: TableState,
        hand: HandWidget,
        lesson: TableLesson,
        coach: TableCoach,
    ) -> None:
        self.controller = controller
        self.state = state
        self.hand = hand
        self.lesson = lesson
        self.coach = coach

    def can_act(self) -> bool:
        """It is the player's turn and the table is ready for it (not while dealing, nor
        while a lesson's note is up or to come)."""
        return (
            self.controller.frame().human_turn
            and not self.state.dealing()
            and not self.lesson.waits()
        )

    def do(self, action: Action) -> None:
        """Take ``action`` for the player (unless the lesson refuses it)."""
        state = self.state
        before = self.coach.before()
        problem = self.lesson.refusal(action) or self.controller.human_apply(action)
        if problem is None:
            self.coach.moved(before)
        state.modals.close(Overlay.CHOOSER)
        state.chooser = []
        state.tell(problem, DANGER)
        self.hand.clear()
        state.refresh()

    def pass_turn(self) -> None:
        frame = self.controller.frame()
        if not self.can_act():
            return
        refusal = self.lesson.refusal(Action("pass")) if self.lesson.active else None
        if refusal is not None:
            self.state.tell(refusal, DANGER)
        elif frame.pass_action is not None:
            self.do(frame.pass_action)
        else:
            self.state.tell(frame.pass_refusal, DANGER)


class TableActions:
    """The turn's own buttons and keys: play the selection (or choose its meaning), a hint."""

    def __init__(
        self,
        controller: TableController,
        view: GameView,
        state: TableState,
        hand: PlayerHand,
        moves: TableMoves,
    ) -> None:
        self.controller = controller
        self.view = view
        self.state = state
        self.hand = hand
        self.moves = moves

    def primary(self) -> None:
        """Play / confirm the return card / confirm the bury; a selection of several meanings
        opens the chooser (G5.5)."""
        if not self.moves.can_act():
            return
        actions, refusal = self.hand.selection_status()
        if not actions:
            if refusal:
                self.state.tell(refusal, DANGER)
                self.hand.widget.refuse()  # the refused cards shake once (issue 54)
            return
        meanings = self.controller.distinct_meanings(actions)
        if len(meanings) > 1:
            self.state.chooser = meanings
            self.state.modals.open(Overlay.CHOOSER)
            return
        self.moves.do(meanings[0])

    def hint(self) -> None:
        if not self.moves.can_act():
            return
        self.controller.request_hint()
        hint = self.controller.take_hint()
        if hint is not None:
            self.show_hint(hint)

    def show_hint(self, hint: Action) -> None:
        """Select the hinted cards; a pass, a declaration or an action without cards (a bid, a
        doubling) is said in the message line."""
        hand, state = self.hand, self.state
        hand.forget_selection()
        state.notice_color = BRASS
        if hint.kind == "pass":
            hand.widget.clear()
            frame = self.controller.frame()
            state.notice = Words.later(lambda: self.view.hint_pass_text(frame))
        elif hint.kind == "declare" or not hint.cards:
            hand.widget.clear()
            label = Words.later(lambda: self.view.action_label(hint))
            state.notice = Words("table.hint_is", action=label)
        else:
            hand.widget.select_cards(hint.cards)
            state.notice = None


class MatchChoices:
    """What the player chooses at a deal's end: the next deal (a lesson's next part), or a new
    match, asked once first over a match still in progress (issue 45)."""

    def __init__(
        self,
        app: Services,
        controller: TableController,
        view: GameView,
        state: TableState,
        lesson: TableLesson,
    ) -> None:
        self.app = app
        self.controller = controller
        self.view = view
        self.state = state
        self.lesson = lesson

    def next_deal(self) -> None:
        if self.lesson.active:
            self.lesson.next_part()
            return
        self.controller.next_deal()
        self.state.modals.clear()
        self.state.refresh()

    def new_match(self) -> None:
        """A new match; over a match still in progress, asked once first (issue 45)."""
        if not keeps_save(self.controller):
            self.start_new_match()
            return
        status = save.status(self.controller.snapshot())
        words = Words.later(lambda: self.view.saved_words(status))
        ask_new_match(self.app, self.controller.preset, words, self.start_new_match)

    def start_new_match(self) -> None:
        # A changed AI level applies from the next match.
        self.controller.ai_level = self.app.settings.ai_level
        self.controller.new_match()
        self.state.modals.clear()
        self.state.refresh()
