"""The player's actions at the table (issue 39): play the selection (or choose its meaning),
pass, ask for a hint, go on to the next deal or a new match. The action bar's buttons, the
overlays and the keys all call :class:`TableActions`; a lesson may refuse a move, the coach
judges it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game import i18n, save
from game.rules.base import Action
from game.scenes.confirm import ask_new_match
from game.scenes.table.coach import TableCoach
from game.scenes.table.hand import PlayerHand
from game.scenes.table.lesson import TableLesson
from game.scenes.table.state import TableState
from game.scenes.table.view import GameView
from game.table.controller import TableController
from game.widgets.common import BRASS, DANGER

if TYPE_CHECKING:  # pragma: no cover
    from game.services import Services


def keeps_save(controller: TableController) -> bool:
    """Whether a table keeps its match in the autosave (not a scripted deal, not an
    unattended --autoplay run, not a finished match)."""
    return not (controller.scripted or controller.autoplay or controller.match_over)


class TableActions:
    """What the player does at the table (see the module docstring)."""

    def __init__(
        self,
        app: Services,
        controller: TableController,
        view: GameView,
        state: TableState,
        hand: PlayerHand,
        lesson: TableLesson,
        coach: TableCoach,
    ) -> None:
        self.app = app
        self.controller = controller
        self.view = view
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

    def primary(self) -> None:
        """Play / confirm the return card / confirm the bury; a selection of several meanings
        opens the chooser (G5.5)."""
        if not self.can_act():
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
            self.state.overlay = "chooser"
            self.state.refresh()
            return
        self.do(meanings[0])

    def do(self, action: Action) -> None:
        """Take ``action`` for the player (unless the lesson refuses it)."""
        state = self.state
        before = self.coach.before()
        problem = self.lesson.refusal(action) or self.controller.human_apply(action)
        if problem is None:
            self.coach.moved(before)
        state.overlay = None if state.overlay == "chooser" else state.overlay
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

    def hint(self) -> None:
        if not self.can_act():
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
            state.notice = self.view.hint_pass_text(self.controller.frame())
        elif hint.kind == "declare" or not hint.cards:
            hand.widget.clear()
            state.notice = i18n.tr("table.hint_is", action=self.view.action_label(hint))
        else:
            hand.widget.select_cards(hint.cards)
            state.notice = None

    def next_deal(self) -> None:
        if self.lesson.active:
            self.lesson.next_part()
            return
        self.controller.next_deal()
        self.state.overlay = None
        self.state.refresh()

    def new_match(self) -> None:
        """A new match; over a match still in progress, asked once first (issue 45)."""
        if not keeps_save(self.controller):
            self.start_new_match()
            return
        words = self.view.saved_words(save.status(self.controller.snapshot()))
        ask_new_match(self.app, self.controller.preset, words, self.start_new_match)

    def start_new_match(self) -> None:
        # A changed AI level applies from the next match.
        self.controller.ai_level = self.app.settings.ai_level
        self.controller.new_match()
        self.state.overlay = None
        self.state.refresh()
