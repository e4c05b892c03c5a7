"""A challenge being played (issue 59): every hand face up, the goal stated at the top, the
person's side played by selecting cards (click or drag, ←/→ and Space as at the table) and
Play (Enter) or Pass (P), the defence played by the solver after a short pause, Hint (H: a
winning move's cards selected), Undo (U, Ctrl+Z), Retry (R), Esc back to the list. A met goal
shows its stars (kept in the player's progress) with the next puzzle; a failed one says so
with Retry and Undo."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game import i18n, registry, text
from game.ai.puzzles import Puzzle
from game.challenge_progress import Progress
from game.rules.base import Action
from game.scenes.base import Scene
from game.scenes.table.context import TableContext, TableNames
from game.scenes.table.view import view_class
from game.table import info, refusals
from game.widgets.common import (
    BRASS,
    Button,
    even_lines,
    felt,
    fmt_number,
    scaled,
)
from game.words import Words

from .board import PuzzleBoard
from .outcome import PuzzleMoves, PuzzleOutcome
from .run import PuzzleRun

if TYPE_CHECKING:  # pragma: no cover
    from game.services import Services


class PuzzleScene(Scene):
    """One puzzle of ``puzzles`` (the game's list, ``index`` into it) in play."""

    title_key = "challenges.title"
    film = True

    def __init__(
        self,
        app: Services,
        puzzles: list[Puzzle],
        index: int,
        progress: Progress,
        *,
        threaded: bool = True,
    ) -> None:
        super().__init__(app)
        self.puzzles, self.index, self.progress = puzzles, index, progress
        self.threaded = threaded
        self.bar_top = 0
        #: Seconds since the result's panel came up (its stars grow in), None before.
        self.result_clock: float | None = None
        #: The meanings of the selected cards while the person chooses one (G5.5).
        self.choices: list[Action] = []
        self.choice_buttons: list[Button] = []
        self.start(index)

    # --- the puzzle ------------------------------------------------------------------------
    @property
    def puzzle(self) -> Puzzle:
        return self.puzzles[self.index]

    def start(self, index: int) -> None:
        """Set up puzzle ``index`` of the list at its position."""
        self.index = index
        seats = self._seats()
        pause = lambda: self.app.settings.ai_delay_ms / 1000  # noqa: E731 - read live
        self.run = PuzzleRun(self.puzzle, self.progress, seats, pause=pause, threaded=self.threaded)
        view = view_class(self.puzzle.game)(TableContext(TableNames(seats)))
        self.board = PuzzleBoard(self.run, view, self.text_px)
        self.bar = self._bar_buttons(view.has_passing)
        self.outcome = PuzzleOutcome(
            PuzzleMoves(self.next_puzzle, self.retry, self.undo, self.go_back), self.text_px
        )
        self.relayout()

    def _seats(self) -> int:
        return registry.get(self.puzzle.game).seats

    def _bar_buttons(self, passing: bool) -> dict[str, Button]:
        made = {
            "play": Button("table.play", self.play_selection, style="primary", size_px=22),
            "pass": Button("table.pass", self.pass_turn, size_px=22),
            "hint": Button("table.hint", self.hint, size_px=22),
            "undo": Button("table.undo", self.undo, size_px=22),
            "retry": Button("challenges.retry", self.retry, size_px=22),
            "back": Button("challenges.back", self.go_back, style="quiet", size_px=22),
        }
        if not passing:
            del made["pass"]
        return made

    def title(self) -> str:
        """The panel's head: the game, the puzzle's number and grade, its best stars."""
        return i18n.tr(
            "challenges.puzzle_head",
            game=i18n.tr(f"preset.{self.puzzle.game}.name"),
            number=fmt_number(self.index + 1),
            grade=fmt_number(self.puzzle.grade),
        )

    # --- the person's commands ----------------------------------------------------------------
    def play_selection(self) -> None:
        widget = self.board.mover()
        if widget is None:
            return
        cards = widget.selection()
        if not cards:
            self.run.message = Words("challenges.select_cards")
            return
        state = self.run.state
        hinted = self.run.hinted
        actions = refusals.distinct_meanings(refusals.selection_actions(state, cards))
        if hinted is not None and sorted(map(str, hinted.cards)) == sorted(map(str, cards)):
            actions = [hinted]  # the hint's meaning, when its cards are what is played
        if not actions:
            self.run.message = refusals.selection_refusal(state, self.puzzle.game, cards)
            widget.refuse()
            return
        if len(actions) > 1:
            self.choices = actions
            self.relayout()
            return
        self._play(actions[0])

    def _play(self, action: Action) -> None:
        if "pass" in self.bar:
            self.bar["pass"].focused = False
        if self.run.play(action):
            self._sound(action)
            self.choices = []
            self.board.sync_hands()
            self.relayout()

    def pass_turn(self) -> None:
        if self.run.mine() and self.run.pass_turn():
            self.app.audio.play("pass")
            self.board.sync_hands()

    def hint(self) -> None:
        self.run.ask_hint()

    def undo(self) -> None:
        if self.run.undo():
            self.choices = []
            self.board.sync_hands()

    def retry(self) -> None:
        if self.run.retry():
            self.choices = []
            self.board.sync_hands()

    def next_puzzle(self) -> None:
        self.start((self.index + 1) % len(self.puzzles))

    def go_back(self) -> None:
        self.app.stack.pop()

    # --- the frame -------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        moved = self.run.update()
        if moved is not None:
            self._sound(moved)
        self._result_time(dt)
        ready = self.run.hint_ready
        if ready is not None:
            self.run.hint_ready = None
            widget = self.board.mover()
            if widget is not None and ready.cards:
                widget.select_cards(ready.cards)
            elif "pass" in self.bar:  # the hint is to pass: Pass is lit
                self.bar["pass"].focused = True
        if moved is not None:
            self.board.sync_hands()
        else:
            for widget in self.board.hands.values():
                widget.enabled = widget is self.board.mover()
        for widget in self.board.hands.values():
            widget.update(dt)

    def _sound(self, action: Action) -> None:
        """A play's or a pass's sound, as at the table."""
        kind = "pass" if action.kind == "pass" else "play_one"
        if kind != "pass" and len(action.cards) > 1:
            kind = "play_several"
        self.app.audio.play(kind)

    def _result_time(self, dt: float) -> None:
        """Start the result's clock (and its sound) when the goal is decided; run it on."""
        outcome = self.result()
        if outcome is None:
            self.result_clock = None
        elif self.result_clock is None:
            self.result_clock = 0.0
            self.app.audio.play("deal_won" if outcome else "deal_lost")
        else:
            self.result_clock += dt

    def stars_grown(self) -> float | None:
        """How far the result's stars have grown in (None: shown whole): one star each 0.3 s
        after a short wait; none with the effects off or reduced motion."""
        settings = self.app.settings
        if self.result_clock is None or settings.effects == "off" or settings.reduced_motion:
            return None
        grown = (self.result_clock - 0.2) / 0.3
        return None if grown >= self.run.stars else max(0.0, grown)

    def result(self) -> bool | None:
        """True: the goal met (its panel up); False: failed (its panel up); None: playing."""
        return self.run.outcome()

    def live_buttons(self) -> list[Button]:
        """The buttons that take input now, in focus order."""
        outcome = self.result()
        if outcome is not None:
            return self.outcome.buttons(outcome)
        if self.choices:
            return self.choice_buttons
        return list(self.bar.values())

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.stars_grown() is not None and event.type in (
            pygame.MOUSEBUTTONDOWN,
            pygame.KEYDOWN,
        ):
            self.result_clock = 10.0  # skipped: the stars shown whole (the input goes on)
        for button in self.live_buttons():
            if button.handle_event(event):
                return True
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        widget = self.board.mover()
        if widget is not None and self.result() is None and not self.choices:
            if widget.handle_event(event):
                if event.type == pygame.MOUSEBUTTONDOWN:
                    self.run.message = None
                return True
        return False

    def _key(self, event: pygame.event.Event) -> bool:
        key = event.key
        if key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
            key = pygame.K_u
        outcome = self.result()
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER) and outcome is not None:
            self.live_buttons()[0].activate()
            return True
        commands: dict[int, Callable[[], None]] = {
            pygame.K_u: self.undo,
            pygame.K_r: self.retry,
        }
        if outcome is None:
            commands.update({pygame.K_h: self.hint, pygame.K_p: self.pass_turn})
            commands.update({pygame.K_RETURN: self.play_selection})
            commands[pygame.K_KP_ENTER] = self.play_selection
        if key in commands:
            commands[key]()
            return True
        widget = self.board.mover()
        if widget is None or outcome is not None:
            return False
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            step = -1 if key == pygame.K_LEFT else 1
            widget.move_focus(-step if text.is_rtl() else step)
            self.board.show_focus = True
            return True
        if key in (pygame.K_SPACE, pygame.K_UP):
            widget.toggle_focus()
            self.board.show_focus = True
            return True
        return False

    # --- layout and drawing --------------------------------------------------------------------
    def relayout(self) -> None:
        s = self.app.scale
        width, height = self.app.size
        self.board.four_colour = bool(self.app.settings.four_colour)
        self.choice_buttons = self._choice_buttons()
        self.bar_top = self._lay_row(list(self.bar.values()), width, height, s)
        if self.choice_buttons:
            self._lay_row(self.choice_buttons, width, height, s)
        self.board.layout((width, height), s, self.app.topbar_height, self.bar_top)
        self.board.sync_hands()
        self.outcome.lay(width, s, self.board.places.goal.bottom, self.bar_top)

    def _choice_buttons(self) -> list[Button]:
        """One button per meaning of the selected cards (G5.5), then Cancel; none when there
        is no choice to make."""
        if not self.choices:
            return []
        made = [
            Button(
                "table.meaning",
                self._chooser(action),
                style="primary",
                label=info.combo_label(action.combo),
                size_px=22,
            )
            for action in self.choices
        ]
        return [*made, Button("table.cancel", self._cancel_choice, size_px=22)]

    def _chooser(self, action: Action) -> Callable[[], None]:
        return lambda: self._play(action)

    def _cancel_choice(self) -> None:
        self.choices = []
        self.relayout()

    def _lay_row(self, buttons: list[Button], width: int, height: int, s: float) -> int:
        """The buttons in rows at the bottom, centred, in reading order; returns their top."""
        widths = [max(b.natural_width(s), scaled(120, s)) for b in buttons]
        gap, line_h = scaled(10, s), scaled(52, s)
        lines = even_lines(widths, gap, width - scaled(40, s))
        y = height - scaled(18, s) - line_h - (len(lines) - 1) * (line_h + gap)
        top = y
        for line in lines:
            total = sum(widths[i] for i in line) + gap * (len(line) - 1)
            x = width // 2 - total // 2
            for i in reversed(line) if text.is_rtl() else line:
                buttons[i].rect = pygame.Rect(x, y, widths[i], line_h)
                x += widths[i] + gap
            y += line_h + gap
        return top

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_film(surface)
        self.draw_over(surface)

    def draw_film(self, surface: pygame.Surface) -> None:
        surface.blit(felt(self.app.size, self.app.settings.felt), (0, 0))
        self.board.draw(
            surface, self.title(), self.progress.stars(self.puzzle.game, self.puzzle.id)
        )

    def over_shown(self) -> bool:
        return True

    def draw_over(self, surface: pygame.Surface) -> None:
        s = self.app.scale
        self._draw_message(surface)
        self._enable_bar()
        for button in self.bar.values():
            button.draw(surface, s)
        if self.choice_buttons and self.result() is None:
            for button in self.choice_buttons:
                button.draw(surface, s)
        if self.result() is not None:
            self.outcome.draw(surface, self.app.scale, self.run, self.stars_grown())

    def _enable_bar(self) -> None:
        """The bar's buttons that can act now (none while the result's panel is up)."""
        playing = self.result() is None
        mine = playing and self.run.mine()
        for button in self.bar.values():
            button.enabled = mine
        self.bar["undo"].enabled = playing and self.run.can_undo()
        self.bar["retry"].enabled = playing and self.run.idle()
        self.bar["back"].enabled = playing

    def buttons(self) -> list[Button]:
        """The buttons shown now: the bar, and the result's or the meanings' when they are up."""
        shown = list(self.bar.values())
        outcome = self.result()
        if outcome is not None:
            shown += self.outcome.buttons(outcome)
        elif self.choices:
            shown += self.choice_buttons
        return shown

    def _message(self) -> str:
        run = self.run
        if run.message is not None:
            return str(run.message)
        if self.choice_buttons:
            return i18n.tr("table.choose_meaning")
        if run.thinking():
            return i18n.tr("challenges.defence_thinking")
        if run.mine():
            seat = run.state.current_player
            if seat != 0:
                return i18n.tr("challenges.your_partner_turn")
            return i18n.tr("table.your_turn")
        return ""

    def _draw_message(self, surface: pygame.Surface) -> None:
        line = self._message()
        if not line or self.result() is not None:
            return
        image = text.render(line, self.text_px(24), BRASS, bold=True)
        surface.blit(
            image, image.get_rect(center=(self.app.size[0] // 2, self.board.places.message_y))
        )
