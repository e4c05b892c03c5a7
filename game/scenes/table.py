"""The card table: one scene for Guandan, Shengji and Run Fast (issue 7).

``TableScene(app, preset)`` is what the preset screen's Start button pushes;
``TableScene.resume(app)`` rebuilds the autosaved match (None when there is none or it cannot be
replayed, in which case it is set aside and ``game.save.last_problem`` says why).

The scene draws the felt, the seats (name, AI badge, cards left, finishing place, dealer mark,
the current player lit), each seat's last play in front of it, the human's hand and the action
buttons, plus the preset's header (levels, trump, points, totals), and overlays: the meaning
chooser (G5.5), the last trick (Shengji) and the result panel at the end of each deal. The rules
run in :class:`game.table.TableController`; the AI thinks off the frame loop.

Keyboard: ←/→ move the focus over the hand, Space selects, Enter plays (or confirms the return
card or the bury), P passes, H hints, S toggles the sort, L shows the last trick (Shengji),
N next deal on the result panel, Esc closes an overlay.

Choices where the spec is silent:
- Plays stay in front of their seat until a new round (climbing games) or trick (Shengji) is
  led, so the last trick of Shengji stays readable until the next lead; the Last trick button
  shows the previous finished trick at any time.
- Dealing is one short animation (cards fly from the centre to the seats) before the hand
  appears; tributes, returns and every play fly from seat to seat or to the table.
- The result panel opens a moment after the deal's last play so the play can be seen.
- ``--autoplay`` runs never write the autosave (they would replace the player's match).
- Shengji S2.5: the revealed kitty lies face up in the centre for ``KITTY_SHOW_TIME``, then
  glides to the dealer and the table rests ``TAKE_SHOW_TIME`` (both at animation speed 50 %,
  scaled by the animation speed, independent of the AI think delay) before anyone moves.
- Numbers go through ``i18n.format_number`` (signed ones with ``signed=True``), ranks and
  levels through ``info.rank_label`` (the language's digits); cards inside sentences are
  written rank + suit symbol (``10♥``), jokers by name; counts use plural groups.
- Right-to-left languages: the levels panel and the player's own plate move to the right,
  the Shengji points panel to the left, button rows read from the right (the main action
  first), panels' text, the last trick and the result's kitty start at the right. The seats
  themselves keep their places (turns still run counter-clockwise).
- A message too long for one line wraps upwards onto a second line; every message sits on a
  dark plate so that its colour stays readable on the felt.
"""

from __future__ import annotations

import logging
from collections import Counter, deque
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import pygame

from game import i18n, save, text
from game.rules.base import Action
from game.rules.cards import Card
from game.scenes.base import Scene
from game.table import info
from game.table.controller import TableController, TableEvent
from game.table.sorting import sort_hand
from game.widgets import cards as card_art
from game.widgets.common import (
    BRASS,
    DANGER,
    INK,
    INK_DIM,
    INK_FAINT,
    Button,
    felt,
    fmt_number,
    panel,
    scaled,
    shadow,
)
from game.widgets.hand import HandWidget

log = logging.getLogger(__name__)

GOOD = (150, 226, 160)
PASS_MARK = "pass"
#: Height reserved at the top for the app's top bar, at the 1920×1080 reference.
TOP_BAR = 72
#: Designed lengths of the animations (seconds at animation speed 50 %).
FLY_TIME = 0.32
DEAL_TIME = 1.1
RESULT_DELAY = 1.2
BANNER_TIME = 2.6
#: How long the revealed kitty (S2.5) and the dealer's pick-up stay in view before the table
#: moves on, whatever the AI's think delay.
KITTY_SHOW_TIME = 2.4
TAKE_SHOW_TIME = 1.0


@lru_cache(maxsize=1024)
def _rendered(
    value: str, size_px: int, color: tuple[int, ...], bold: bool, lang: str
) -> pygame.Surface:
    """A line of text drawn once and kept: the table redraws the same labels every frame,
    and each uncached draw is a C call that may wait for the interpreter lock while a bot
    thinks in its thread."""
    return text.render(value, size_px, color, bold=bold)


@lru_cache(maxsize=64)
def _wrapped(
    value: str, size_px: int, color: tuple[int, ...], max_width: int, lang: str
) -> tuple[pygame.Surface, int]:
    """A centred paragraph wrapped to ``max_width`` and the width of its longest line."""
    image = text.render(value, size_px, color, bold=True, max_width=max_width, align="center")
    lines = text.wrap(value, size_px, max_width, bold=True)
    width = max((text.size(line, size_px, bold=True)[0] for line in lines), default=0)
    return image, width


@dataclass
class Flyer:
    """A card image gliding from ``start`` to ``end``."""

    image: pygame.Surface
    start: tuple[float, float]
    end: tuple[float, float]
    duration: float
    delay: float = 0.0
    t: float = 0.0
    seat: int | None = None  # the seat whose play it lands on (drawn once it has landed)

    @property
    def done(self) -> bool:
        return self.t >= self.delay + self.duration

    def pos(self) -> tuple[float, float]:
        k = min(1.0, max(0.0, (self.t - self.delay) / max(1e-6, self.duration)))
        k = 1.0 - (1.0 - k) ** 3
        return (
            self.start[0] + (self.end[0] - self.start[0]) * k,
            self.start[1] + (self.end[1] - self.start[1]) * k,
        )


class TableScene(Scene):
    """The table of ``preset`` (``"guandan"``, ``"shengji"`` or ``"runfast"``)."""

    opaque = True

    def __init__(
        self,
        app: Any,
        preset: str,
        *,
        snapshot: dict[str, Any] | None = None,
        controller: TableController | None = None,
        threaded: bool = True,
        seed: int | None = None,
    ) -> None:
        super().__init__(app)
        self.preset = preset
        self.title_key = f"preset.{preset}.name"
        self.time = 0.0
        settings = getattr(app, "settings", None)
        options = dict(
            think_delay=getattr(settings, "ai_delay_ms", 700) / 1000.0,
            autoplay=bool(getattr(app, "autoplay", False)),
            threaded=threaded,
            clock=lambda: self.time,
            on_change=self._autosave,
        )
        if controller is not None:
            # A ready controller (tests, screenshots): the scene drives its clock and saving.
            controller.clock = options["clock"]
            controller.on_change = self._autosave
            self.controller = controller
        elif snapshot is not None:
            self.controller = TableController.from_snapshot(snapshot, **options)
        else:
            if seed is None:
                seed = getattr(app, "seed", None)
            self.controller = TableController(
                preset,
                seed=seed,
                ai_level=getattr(settings, "ai_level", "normal"),
                **options,
            )
        self.hand = HandWidget()
        self.hand.wild = self._is_wild
        self.by_suit = False
        self.plays: dict[int, Any] = {}
        self.flyers: list[Flyer] = []
        self._queue: deque[TableEvent] = deque()
        self.deal_started = -100.0
        self.hold_until = -100.0  # the table pauses (no AI move, no next event) until then
        self.kitty_shown: tuple[Card, ...] | None = None  # the revealed kitty in the centre
        self.banner: tuple[str, float] | None = None
        self.notice: str | None = None
        self.notice_color: Any = DANGER
        self.overlay: str | None = None  # "chooser" | "result" | "last_trick"
        self.chooser: list[Action] = []
        self.result_at: float | None = None
        self.show_focus = False
        self.buttons: list[Button] = []
        self.overlay_buttons: list[Button] = []
        self._ui_key: Any = None
        self._selection_cache: tuple[Any, list[Action], str | None] | None = None
        self._bonus_seen = 0
        self._rects: dict[str, Any] = {}
        self.size = (1920, 1080)
        self.scale = 1.0
        self._sync_hand(force=True)
        if snapshot is not None:
            # A resumed deal shows its table as it stands, without the dealing animation.
            self.controller.update(hold=True)
            self._restore_plays()
            self._sync_hand(force=True)
        problem = save.last_problem
        if problem:
            self.notice = i18n.tr(problem)

    # --- construction helpers -----------------------------------------------------------
    @classmethod
    def resume(cls, app: Any, **options: Any) -> TableScene | None:
        """The autosaved match at its table, or None (see the module docstring)."""
        data = save.load_autosave()
        if data is None:
            return None
        try:
            return cls(app, data["preset"], snapshot=data, **options)
        except Exception as error:  # any save that does not replay is set aside, never fatal
            log.warning("the autosave does not replay: %s", error)
            save.move_aside(str(error))
            return None

    def _autosave(self, controller: TableController) -> None:
        # A scripted deal cannot be replayed, and an unattended --autoplay run must not
        # overwrite the player's own saved match.
        if controller.scripted or controller.autoplay:
            return
        if controller.match_over:
            save.clear_autosave()
        else:
            save.write_autosave(controller.snapshot())

    # --- small queries ------------------------------------------------------------------
    @property
    def state(self) -> Any:
        return self.controller.state

    @property
    def seats(self) -> int:
        return self.controller.seats

    def _u(self, value: float) -> int:
        return scaled(value, self.scale)

    def _is_wild(self, card: Card) -> bool:
        if self.preset != "guandan":
            return False
        return card.suit == "H" and card.rank == info.deal_level(self.state)

    def _anim_factor(self) -> float:
        factor = getattr(self.app, "anim_factor", None)
        try:
            return max(0.05, float(factor())) if callable(factor) else 1.0
        except (TypeError, ValueError):
            return 1.0

    def _seat_name(self, seat: int) -> str:
        if seat == 0:
            return i18n.tr("table.seat_you")
        if self.seats == 4 and seat == 2:
            return i18n.tr("table.seat_partner")
        if seat == 1:
            return i18n.tr("table.seat_right")
        return i18n.tr("table.seat_left")

    def _team_name(self, team: int) -> str:
        return i18n.tr("table.team_us" if team == 0 else "table.team_them")

    def busy(self) -> bool:
        """Animations the AI waits for (dealing, cards in flight)."""
        return (
            bool(self.flyers)
            or self.time - self.deal_started < self._deal_time()
            or self.time < self.hold_until
        )

    def _pause(self, seconds: float) -> None:
        """Keep the table still for ``seconds`` (designed at animation speed 50 %)."""
        self.hold_until = max(self.hold_until, self.time + seconds / self._anim_factor())

    def _deal_time(self) -> float:
        return DEAL_TIME / self._anim_factor()

    # --- layout -------------------------------------------------------------------------
    def relayout(self) -> None:
        size = getattr(self.app, "size", None)
        if size is None:
            surface = pygame.display.get_surface()
            size = surface.get_size() if surface is not None else (1920, 1080)
        self.size = (int(size[0]), int(size[1]))
        self.scale = float(getattr(self.app, "scale", min(size[0] / 1920, size[1] / 1080)))
        self._layout()

    def _layout(self) -> None:
        w, h = self.size
        u = self._u
        card_h = u(176)
        margin = u(36)
        hand_rect = pygame.Rect(margin, h - u(22) - card_h, w - 2 * margin, card_h)
        self.hand.layout(hand_rect, card_h)
        self.hand.four_colour = bool(
            getattr(getattr(self.app, "settings", None), "four_colour", False)
        )
        button_h = u(58)
        button_y = hand_rect.top - self.hand.raise_px - u(20) - button_h
        # Below the app's top bar (its height when the app tells it).
        top = int(getattr(self.app, "topbar_height", u(TOP_BAR)))
        plate = (u(300), u(112))
        rects: dict[str, Any] = {
            "buttons_y": button_y,
            "button_h": button_h,
            "message_y": button_y - u(44),
            "top": top,
            "play_h": u(132),
        }
        seat_rects: dict[int, pygame.Rect] = {}
        play_at: dict[int, tuple[str, tuple[int, int]]] = {}
        mid_y = top + (button_y - top) * 0.42
        # The human's plate sits above the left end of the button row, clear of the buttons.
        rtl = text.is_rtl()
        seat_rects[0] = pygame.Rect(margin, 0, plate[0], plate[1] - u(24))
        seat_rects[0].bottom = button_y - u(12)
        if rtl:  # a right-to-left reader starts at the right: the player's plate goes there
            seat_rects[0].right = w - margin
        play_at[0] = ("center", (w // 2, int(button_y - u(60) - rects["play_h"] // 2)))
        right = pygame.Rect(w - margin - plate[0], int(mid_y - plate[1] / 2), *plate)
        left = pygame.Rect(margin, int(mid_y - plate[1] / 2), *plate)
        seat_rects[1] = right
        play_at[1] = ("right", (right.left - u(40), right.centery))
        if self.seats == 4:
            topr = pygame.Rect(w // 2 - plate[0] // 2, top + u(14), *plate)
            seat_rects[2] = topr
            play_at[2] = ("center", (w // 2, topr.bottom + u(28) + rects["play_h"] // 2))
            seat_rects[3] = left
            play_at[3] = ("left", (left.right + u(40), left.centery))
        else:
            seat_rects[2] = left
            play_at[2] = ("left", (left.right + u(40), left.centery))
        rects["seats"] = seat_rects
        rects["plays"] = play_at
        rects["header"] = pygame.Rect(margin, top + u(14), u(420), u(150))
        rects["side"] = pygame.Rect(w - margin - u(420), top + u(14), u(420), u(150))
        if rtl:  # the levels panel is read first: on the right in a right-to-left language
            rects["header"], rects["side"] = rects["side"], rects["header"]
        self._layout_rtl = rtl
        self._rects = rects
        self._ui_key = None

    # --- flow ---------------------------------------------------------------------------
    def enter(self) -> None:
        self.relayout()

    def update(self, dt: float) -> None:
        self.time += dt
        settings = getattr(self.app, "settings", None)
        if settings is not None:  # the think delay follows the settings live
            self.controller.think_delay = max(0.0, getattr(settings, "ai_delay_ms", 700) / 1000)
        for flyer in self.flyers:
            flyer.t += dt * self._anim_factor()
        self.flyers = [f for f in self.flyers if not f.done]
        hold = self.busy() or bool(self._queue) or self.overlay == "chooser"
        self._queue.extend(self.controller.update(hold=hold))
        # Events are shown one after the other: the deal's animation, then each tribute,
        # return or play flies in turn.
        while self._queue and not self.busy():
            self._on_event(self._queue.popleft())
        self._check_bonus()
        if self.banner is not None and self.time > self.banner[1]:
            self.banner = None
        if self.result_at is not None and self.time >= self.result_at and not self.flyers:
            self.result_at = None
            self._open_result()
        hint = self.controller.take_hint()
        if hint is not None:
            self._show_hint(hint)
        if (
            self.controller.autoplay
            and self.overlay == "result"
            and not self.controller.awaiting_next
        ):
            self.overlay = None
        self._sync_hand()
        self._refresh_ui()
        if (
            getattr(self.app, "autoplay", False)
            and self.controller.match_over
            and getattr(self.app, "quit_when_done", False)
        ):
            self.app.quit()

    def _on_event(self, event: TableEvent) -> None:
        if event.kind == "deal_start":
            self.plays = {}
            self.kitty_shown = None
            self.hold_until = -100.0
            self.overlay = None
            self.result_at = None
            self.deal_started = self.time
            self._bonus_seen = 0
            self._sync_hand(force=True)
            self._deal_flyers()
            return
        if event.kind == "deal_end":
            self.result_at = self.time + RESULT_DELAY / self._anim_factor()
            return
        if event.kind == "match_end":
            return
        action = event.action
        seat = event.seat
        if action is None:
            return
        kind = action.kind
        if kind == "play":
            if event.lead:
                self.plays = {}
            self.plays[seat] = tuple(action.cards)
            self._fly_cards(seat, action.cards, seat)
        elif kind == "pass":
            self.plays[seat] = PASS_MARK
        elif kind == "declare":
            self.plays[seat] = tuple(action.cards)
            self._announce(
                "table.announce_declare",
                name=self._seat_name(seat),
                cards=info.cards_label(action.cards),
            )
        elif kind == "reveal":
            # S2.5: the kitty lies face up in the centre for a moment before the dealer takes it.
            self.plays = {}
            self.kitty_shown = tuple(action.cards)
            self._announce("table.announce_kitty_revealed", cards=info.cards_label(action.cards))
            self._pause(KITTY_SHOW_TIME)
        elif kind == "take":
            self.plays = {}
            self._take_flyers(seat, action.cards)
            self.kitty_shown = None
            self._announce("table.announce_take", name=self._seat_name(seat))
            self._pause(TAKE_SHOW_TIME)
        elif kind == "bury":
            self._announce("table.announce_bury", name=self._seat_name(seat))
        elif kind == "tribute":
            receiver = self._other_party(action, event)
            self._fly_cards(seat, action.cards, self._seat_center(receiver), face=True)
            self._announce(
                "table.announce_tribute",
                payer=self._seat_name(seat),
                receiver=self._seat_name(receiver) if receiver is not None else "",
            )
        elif kind == "return":
            receiver = self._other_party(action, event)
            # A return card is seen only by the two seats of that exchange.
            seen = 0 in (seat, receiver)
            self._fly_cards(seat, action.cards, self._seat_center(receiver), face=seen)
            self._announce(
                "table.announce_return",
                giver=self._seat_name(seat),
                receiver=self._seat_name(receiver) if receiver is not None else "",
            )
        elif kind in ("anti_tribute", "antitribute", "resist"):
            self._announce(
                "table.announce_anti_tribute",
                name=self._seat_name(seat) if seat is not None else "",
            )
        if seat == 0 or seat is None:
            self.hand.clear()
            self._selection_cache = None

    def _other_party(self, action: Action, event: TableEvent) -> int | None:
        """The receiver of a tribute or return card."""
        return info.exchange_receiver(self.state, action.kind, event.seat, action.cards)

    def _announce(self, key: str, **params: Any) -> None:
        self.banner = (i18n.tr(key, **params), self.time + BANNER_TIME)

    def _check_bonus(self) -> None:
        events = getattr(self.state, "bonus_events", None)
        if not events or len(events) <= self._bonus_seen:
            return
        for bonus in list(events)[self._bonus_seen :]:
            self._announce(
                "runfast.bomb_bonus",
                name=self._seat_name(bonus.seat),
                points=self._signed(bonus.points),
            )
        self._bonus_seen = len(events)

    def _restore_plays(self) -> None:
        """Rebuild the plays in front of the seats from the deal's log (after a resume)."""
        trick = getattr(self.state, "trick", None)
        if isinstance(trick, list):
            self.plays = {seat: tuple(cards) for seat, cards in trick}
            return
        if getattr(self.state, "last_play", None) is None:
            self.plays = {}
            return
        plays: dict[int, Any] = {}
        last_seat = getattr(self.state, "last_seat", None)
        for record in reversed(self.state.log):
            if record.auto:
                continue
            if record.action.kind == "pass":
                plays.setdefault(record.seat, PASS_MARK)
            elif record.action.kind == "play":
                plays.setdefault(record.seat, tuple(record.action.cards))
                if record.seat == last_seat:
                    break
        self.plays = plays

    # --- hand ---------------------------------------------------------------------------
    def _hand_cards(self) -> list[Card]:
        view = self.state.view(0)
        cards = info.hand(view)
        known, suit = info.trump_suit(self.state)
        return sort_hand(
            cards,
            self.preset,
            by_suit=self.by_suit,
            level=info.deal_level(self.state),
            trump_suit=suit if known else None,
        )

    def _sync_hand(self, force: bool = False) -> None:
        cards = self._hand_cards()
        if force or Counter(cards) != Counter(self.hand.cards):
            self.hand.set_cards(cards)
            self._selection_cache = None
        if self.time - self.deal_started < self._deal_time():
            progress = (self.time - self.deal_started) / self._deal_time()
            self.hand.visible = int(len(self.hand.cards) * min(1.0, progress))
        else:
            self.hand.visible = len(self.hand.cards)

    def _resort(self) -> None:
        self.by_suit = not self.by_suit
        selected = self.hand.selection()
        self.hand.set_cards(self._hand_cards())
        self.hand.select_cards(selected)
        self._ui_key = None

    # --- animations ---------------------------------------------------------------------
    def _seat_center(self, seat: int | None) -> tuple[int, int]:
        if seat is None:
            return (self.size[0] // 2, self.size[1] // 2)
        if seat == 0:
            return self.hand.rect.center
        return self._rects["seats"][seat].center

    def _play_rects(self, seat: int, count: int) -> list[pygame.Rect]:
        """Where the cards of a play of ``count`` cards lie in front of ``seat``."""
        align, (x, y) = self._rects["plays"][seat]
        height = self._rects["play_h"]
        width = card_art.card_size(height)[0]
        step = min(width * 0.42, self._u(560) / max(1, count)) if count > 1 else 0
        total = width + step * (count - 1)
        if align == "center":
            left = x - total / 2
        elif align == "right":
            left = x - total
        else:
            left = x
        top = int(y - height / 2)
        return [pygame.Rect(int(left + i * step), top, width, height) for i in range(count)]

    def _fly_cards(self, seat: int | None, cards: Any, end: Any, *, face: bool = True) -> None:
        """Cards glide from ``seat`` to ``end``: a seat number (its plays) or a point."""
        cards = list(cards)
        if isinstance(end, tuple):
            height = self._u(120)
            targets = [
                (end[0] + (i - (len(cards) - 1) / 2) * self._u(30), end[1])
                for i in range(len(cards))
            ]
        else:
            height = self._rects["play_h"]
            targets = [rect.center for rect in self._play_rects(end, len(cards))]
        start = self._seat_center(seat)
        for i, card in enumerate(cards):
            image = (
                card_art.face(
                    card, height, self.hand.four_colour, False, False, self._is_wild(card)
                )
                if face
                else card_art.back(height)
            )
            landing = end if not isinstance(end, tuple) else None
            self.flyers.append(
                Flyer(image, start, targets[i], FLY_TIME, delay=i * 0.02, seat=landing)
            )

    def _take_flyers(self, seat: int | None, cards: Any) -> None:
        """The kitty glides from the centre to the dealer: face up when it was revealed or
        the dealer is the player, else as backs."""
        cards = list(cards or ())
        count = len(cards) or 8
        height = self._u(100)
        face_up = self.kitty_shown is not None or seat == 0
        end = self._seat_center(seat)
        rects = self._kitty_rects(count, height)
        for i, rect in enumerate(rects):
            image = (
                card_art.face(cards[i], height, self.hand.four_colour)
                if face_up and i < len(cards)
                else card_art.back(height)
            )
            self.flyers.append(Flyer(image, rect.center, end, FLY_TIME * 1.5, delay=i * 0.04))

    def _kitty_rects(self, count: int, height: int) -> list[pygame.Rect]:
        """Where the kitty's cards lie in the centre of the table."""
        width = card_art.card_size(height)[0]
        step = width * 0.55
        total = width + step * (count - 1)
        x0 = self.size[0] / 2 - total / 2
        # Below the banner (centred at 40 % of the height) that announces the reveal.
        y = self.size[1] * 0.40 + self._u(140)
        return [
            pygame.Rect(int(x0 + i * step), int(y - height / 2), width, height)
            for i in range(count)
        ]

    def _deal_flyers(self) -> None:
        height = self._u(100)
        image = card_art.back(height)
        centre = (self.size[0] // 2, self.size[1] // 2 - self._u(60))
        rounds = 6
        for r in range(rounds):
            for seat in range(self.seats):
                self.flyers.append(
                    Flyer(
                        image,
                        centre,
                        self._seat_center(seat),
                        FLY_TIME * 0.8,
                        delay=(r * self.seats + seat) * DEAL_TIME / (rounds * self.seats + 2),
                    )
                )

    # --- human actions ------------------------------------------------------------------
    def _selection_status(self) -> tuple[list[Action], str | None]:
        key = (tuple(sorted(self.hand.selected)), self.controller.position())
        if self._selection_cache is None or self._selection_cache[0] != key:
            cards = self.hand.selection()
            actions = self.controller.selection_actions(cards)
            refusal = self.controller.selection_refusal(cards) if cards else None
            self._selection_cache = (key, actions, refusal)
        return self._selection_cache[1], self._selection_cache[2]

    def _phase(self) -> str:
        return str(getattr(self.state, "phase", "play"))

    def _primary(self) -> None:
        """Play / confirm the return card / confirm the bury."""
        if not self.controller.is_human_turn():
            return
        actions, refusal = self._selection_status()
        if not actions:
            if refusal:
                self.notice, self.notice_color = refusal, DANGER
            return
        meanings = self.controller.distinct_meanings(actions)
        if len(meanings) > 1:
            self.chooser = meanings
            self.overlay = "chooser"
            self._ui_key = None
            return
        self._do(meanings[0])

    def _do(self, action: Action) -> None:
        problem = self.controller.human_apply(action)
        self.overlay = None if self.overlay == "chooser" else self.overlay
        self.chooser = []
        self.notice, self.notice_color = problem, DANGER
        self.hand.clear()
        self._selection_cache = None
        self._ui_key = None

    def _pass(self) -> None:
        action = self.controller.pass_action()
        if action is not None:
            self._do(action)
        elif self.controller.is_human_turn():
            self.notice, self.notice_color = self.controller.pass_refusal(), DANGER

    def _hint(self) -> None:
        self.controller.request_hint()
        hint = self.controller.take_hint()
        if hint is not None:
            self._show_hint(hint)

    def _show_hint(self, hint: Action) -> None:
        """Select the hinted cards; a pass or a declaration is said in the message line."""
        self._selection_cache = None
        self.notice_color = BRASS
        if hint.kind == "pass":
            self.hand.clear()
            declaring = self._phase() == "declare"
            self.notice = i18n.tr("shengji.hint_pass_declare" if declaring else "table.hint_pass")
        elif hint.kind == "declare":
            self.hand.clear()
            self.notice = i18n.tr("table.hint_is", action=self._declare_label(hint))
        else:
            self.hand.select_cards(hint.cards)
            self.notice = None

    def _toggle_last_trick(self) -> None:
        if self.overlay == "last_trick":
            self.overlay = None
        elif getattr(self.state, "tricks", None):
            self.overlay = "last_trick"
        self._ui_key = None

    # --- buttons ------------------------------------------------------------------------
    def _refresh_ui(self) -> None:
        human = self.controller.is_human_turn()
        actions, refusal = self._selection_status() if human else ([], None)
        key = (
            human,
            self._phase(),
            tuple(sorted(self.hand.selected)),
            bool(actions),
            self.overlay,
            self.by_suit,
            self.controller.position(),
            self.controller.awaiting_next,
            self.controller.match_over,
            i18n.language(),
            self.size,
        )
        if key == self._ui_key:
            return
        self._ui_key = key
        self._build_buttons(human, actions)
        self._build_overlay_buttons()

    def _build_buttons(self, human: bool, actions: list[Action]) -> None:
        u = self._u
        phase = self._phase()
        legal = self.controller.human_options() if human else []
        buttons: list[Button] = []
        declares = [a for a in legal if a.kind == "declare"]
        if phase == "declare":
            for action in declares:
                buttons.append(
                    Button(
                        "table.declare",
                        lambda a=action: self._do(a),
                        style="primary",
                        label=self._declare_label(action),
                    )
                )
            buttons.append(
                Button(
                    "table.pass",
                    self._pass,
                    enabled=human and any(a.kind == "pass" for a in legal),
                    label=i18n.tr("shengji.pass_declare"),  # "不亮", not "不出", in Chinese
                )
            )
        else:
            primary_key = {"return": "table.give_back", "bury": "table.bury"}.get(
                phase, "table.play"
            )
            label = None
            if phase == "bury":
                label = i18n.tr(
                    "table.bury_count",
                    count=len(self.hand.selected),
                    need=8,
                )
            # Another seat's bury or return is not the player's business: no dead button.
            if human or phase not in ("bury", "return"):
                buttons.append(
                    Button(
                        primary_key,
                        self._primary,
                        style="primary",
                        label=label,
                        enabled=human and bool(actions),
                    )
                )
            if phase == "play" and self.preset != "shengji":  # no passing in a trick game
                buttons.append(
                    Button(
                        "table.pass",
                        self._pass,
                        enabled=human and self.controller.pass_action() is not None,
                    )
                )
        buttons.append(Button("table.hint", self._hint, enabled=human))
        buttons.append(
            Button("table.sort_suit" if not self.by_suit else "table.sort_rank", self._resort)
        )
        if self.preset == "shengji" and getattr(self.state, "tricks", None):
            buttons.append(Button("table.last_trick", self._toggle_last_trick, style="quiet"))
        for button in buttons:
            button.size_px = 24
        widths = [max(b.natural_width(self.scale), u(150)) for b in buttons]
        gap = u(16)
        total = sum(widths) + gap * (len(buttons) - 1)
        x = self.size[0] // 2 - total // 2
        for button, width in self._reading_order(buttons, widths):
            button.rect = pygame.Rect(x, self._rects["buttons_y"], width, self._rects["button_h"])
            x += width + gap
        self.buttons = buttons

    @staticmethod
    def _reading_order(buttons: list[Button], widths: list[int]) -> list[tuple[Button, int]]:
        """Buttons with their widths from left to right on screen: the first (main) action
        comes first in reading order, so on the right in a right-to-left language."""
        pairs = list(zip(buttons, widths, strict=True))
        return pairs[::-1] if text.is_rtl() else pairs

    def _declare_label(self, action: Action) -> str:
        cards = list(action.cards)
        if cards and cards[0].suit is None:
            return i18n.tr("shengji.declare_no_trump", cards=info.cards_label(cards))
        return i18n.tr(
            "shengji.declare_suit",
            cards=info.cards_label(cards),
            suit=i18n.tr(f"table.suit_{cards[0].suit}") if cards else "",
        )

    def _build_overlay_buttons(self) -> None:
        u = self._u
        w, h = self.size
        buttons: list[Button] = []
        if self.overlay == "chooser":
            for action in self.chooser:
                buttons.append(
                    Button(
                        "table.meaning",
                        lambda a=action: self._do(a),
                        style="primary",
                        label=info.combo_label(action.combo),
                    )
                )
            buttons.append(Button("table.cancel", self._close_overlay))
            title = text.render(i18n.tr("guandan.choose_meaning"), u(26), INK, bold=True)
            width = max(
                max(b.natural_width(self.scale) for b in buttons),
                u(360),
                title.get_width() + u(20),
            )
            top = h // 2 - (len(buttons) * u(70)) // 2 + u(30)
            for i, button in enumerate(buttons):
                button.rect = pygame.Rect(w // 2 - width // 2, top + i * u(70), width, u(56))
        elif self.overlay == "result":
            ctl = self.controller
            if not ctl.match_over:
                buttons.append(Button("table.next_deal", self._next_deal, style="primary"))
            buttons.append(
                Button(
                    "table.new_match",
                    self._new_match,
                    style="primary" if ctl.match_over else "secondary",
                )
            )
            buttons.append(Button("table.menu", self._menu))
            rect = self._result_rect()
            widths = [max(b.natural_width(self.scale), u(200)) for b in buttons]
            gap = u(20)
            x = rect.centerx - (sum(widths) + gap * (len(widths) - 1)) // 2
            for button, width in self._reading_order(buttons, widths):
                button.rect = pygame.Rect(x, rect.bottom - u(84), width, u(58))
                x += width + gap
        elif self.overlay == "last_trick":
            buttons.append(Button("table.close", self._close_overlay, style="primary"))
            rect = self._last_trick_rect()
            buttons[0].rect = pygame.Rect(rect.centerx - u(100), rect.bottom - u(76), u(200), u(56))
        self.overlay_buttons = buttons

    def _close_overlay(self) -> None:
        if self.overlay in ("chooser", "last_trick"):
            self.overlay = None
            self.chooser = []
            self._ui_key = None

    def _open_result(self) -> None:
        self.overlay = "result"
        self._ui_key = None

    def _next_deal(self) -> None:
        self.controller.next_deal()
        self.overlay = None
        self._ui_key = None

    def _new_match(self) -> None:
        settings = getattr(self.app, "settings", None)
        if settings is not None:  # a changed AI level applies from the next match
            self.controller.ai_level = getattr(settings, "ai_level", self.controller.ai_level)
        self.controller.new_match()
        self.overlay = None
        self._ui_key = None

    def _menu(self) -> None:
        self.app.stack.pop()

    # --- events -------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.VIDEORESIZE:
            return False
        if self.overlay is not None:
            for button in self.overlay_buttons:
                if button.handle_event(event):
                    return True
            if event.type == pygame.KEYDOWN:
                return self._overlay_key(event)
            # An overlay is modal: clicks elsewhere do nothing (the last trick closes).
            if event.type == pygame.MOUSEBUTTONUP and self.overlay == "last_trick":
                self._close_overlay()
            return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
        for button in self.buttons:
            if button.handle_event(event):
                return True
        if self.controller.is_human_turn() and self.hand.handle_event(event):
            self.show_focus = False
            self.notice = None
            return True
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        return False

    def _overlay_key(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_ESCAPE:
            if self.overlay in ("chooser", "last_trick"):
                self._close_overlay()
                return True
            return False
        if self.overlay == "chooser":
            number = event.key - pygame.K_1
            if 0 <= number < len(self.chooser):
                self._do(self.chooser[number])
                return True
        if self.overlay == "result" and event.key in (pygame.K_n, pygame.K_RETURN):
            if self.controller.match_over:
                self._new_match()
            else:
                self._next_deal()
            return True
        if self.overlay == "last_trick" and event.key in (pygame.K_l, pygame.K_RETURN):
            self._close_overlay()
            return True
        return False

    def _key(self, event: pygame.event.Event) -> bool:
        key = event.key
        rtl = text.is_rtl()
        human = self.controller.is_human_turn()
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            step = -1 if key == pygame.K_LEFT else 1
            self.hand.move_focus(-step if rtl else step)
            self.show_focus = True
            return True
        if key == pygame.K_SPACE and human:
            self.hand.toggle_focus()
            self.show_focus = True
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER) and human:
            self._primary()
            return True
        if key == pygame.K_p and human:
            self._pass()
            return True
        if key == pygame.K_h and human:
            self._hint()
            return True
        if key == pygame.K_s:
            self._resort()
            return True
        if key == pygame.K_l and self.preset == "shengji":
            self._toggle_last_trick()
            return True
        return False

    # --- drawing ------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        if surface.get_size() != self.size:
            self.size = surface.get_size()
            self.scale = min(self.size[0] / 1920, self.size[1] / 1080)
            self._layout()
        elif getattr(self, "_layout_rtl", None) != text.is_rtl():
            self._layout()  # the language changed direction: panels change sides
        surface.blit(felt(self.size), (0, 0))
        self._draw_header(surface)
        self._draw_side(surface)
        for seat in range(self.seats):
            self._draw_seat(surface, seat)
        for seat in range(self.seats):
            self._draw_play(surface, seat)
        self._draw_center(surface)
        self.hand.enabled = True
        self.hand.draw(surface, show_focus=self.show_focus and self.controller.is_human_turn())
        self._draw_message(surface)
        for button in self.buttons:
            button.draw(surface, self.scale)
        for flyer in self.flyers:
            if flyer.t >= flyer.delay:
                x, y = flyer.pos()
                surface.blit(flyer.image, flyer.image.get_rect(center=(int(x), int(y))))
        if self.banner is not None:
            self._draw_banner(surface, self.banner[0])
        if self.overlay == "chooser":
            self._draw_chooser(surface)
        elif self.overlay == "result":
            self._draw_result(surface)
        elif self.overlay == "last_trick":
            self._draw_last_trick(surface)
        for button in self.overlay_buttons:
            button.draw(surface, self.scale)

    def _text(
        self,
        surface: pygame.Surface,
        value: str,
        size: float,
        color: Any,
        pos: tuple[int, int],
        anchor: str = "topleft",
        *,
        bold: bool = False,
        max_width: int | None = None,
        within: pygame.Rect | None = None,
    ) -> pygame.Rect:
        """Draw a line of text. With ``within``, the position is mirrored inside that box in
        a right-to-left language (start and end swap), so panels read from the right."""
        if within is not None and text.is_rtl():
            pos = (within.left + within.right - pos[0], pos[1])
            anchor = anchor.replace("left", "@").replace("right", "left").replace("@", "right")
        image = _rendered(value, self._u(size), tuple(color), bold, i18n.language())
        if max_width is not None and image.get_width() > max_width > 0:
            ratio = max_width / image.get_width()
            image = pygame.transform.smoothscale(
                image, (max_width, max(1, int(image.get_height() * ratio)))
            )
        rect = image.get_rect(**{anchor: pos})
        surface.blit(image, rect)
        return rect

    def _draw_header(self, surface: pygame.Surface) -> None:
        """Levels and trump (team games) or running totals (Run Fast), top left."""
        rect = self._rects["header"]
        lines = self._header_lines()
        if not lines:
            return
        u = self._u
        height = u(22) + len(lines) * u(36)
        box = pygame.Rect(rect.left, rect.top, rect.width, height)
        panel(surface, box, self.scale, alpha=190)
        y = box.top + u(12)
        for label, value, color in lines:
            self._text(
                surface, label, 22, INK_DIM, (box.left + u(18), y), max_width=u(230), within=box
            )
            self._text(
                surface,
                value,
                24,
                color,
                (box.right - u(18), y),
                "topright",
                bold=True,
                max_width=u(170),
                within=box,
            )
            y += u(36)

    def _header_lines(self) -> list[tuple[str, str, Any]]:
        ctl = self.controller
        lines: list[tuple[str, str, Any]] = []
        if self.preset in ("guandan", "shengji"):
            levels = ctl.levels_before if ctl.awaiting_next else ctl._levels()
            level = info.deal_level(self.state)
            lines.append((i18n.tr("table.deal_level"), info.rank_label(level), BRASS))
            if levels:
                for team in (0, 1):
                    lines.append(
                        (
                            i18n.tr("table.team_level", team=self._team_name(team)),
                            info.rank_label(levels.get(team)),
                            INK,
                        )
                    )
        if self.preset == "shengji":
            known, suit = info.trump_suit(self.state)
            if known:
                value = (
                    f"{info.SUIT_SYMBOLS.get(suit, '')} {i18n.tr(f'table.suit_{suit}')}"
                    if suit
                    else i18n.tr("shengji.no_trump")
                )
            else:
                value = i18n.tr("shengji.trump_undecided")
            lines.insert(1, (i18n.tr("shengji.trump"), value, BRASS))
        if self.preset == "runfast":
            totals = ctl._totals() or [0] * self.seats
            lines.append((i18n.tr("runfast.deal_number"), fmt_number(ctl.deal_index + 1), BRASS))
            for seat in range(self.seats):
                value = totals[seat]
                color = GOOD if value > 0 else (DANGER if value < 0 else INK)
                lines.append(
                    (
                        i18n.tr("runfast.total_of", name=self._seat_name(seat)),
                        self._signed(value),
                        color,
                    )
                )
        return lines

    def _signed(self, value: int) -> str:
        # format_number puts the sign where a reader of the language expects it (Persian: a
        # left-to-right mark keeps it on the number's left).
        return i18n.format_number(value, signed=True)

    def _draw_side(self, surface: pygame.Surface) -> None:
        """Shengji: the standing declaration, then the attackers' points against 80."""
        if self.preset != "shengji":
            return
        u = self._u
        rect = self._rects["side"]
        state = self.state
        phase = self._phase()
        box = pygame.Rect(rect.left, rect.top, rect.width, u(140))
        panel(surface, box, self.scale, alpha=190)
        x, y = box.left + u(18), box.top + u(12)
        if phase == "declare":
            standing = getattr(state, "standing", None)
            self._text(surface, i18n.tr("shengji.standing"), 22, INK_DIM, (x, y), within=box)
            value = (
                i18n.tr(
                    "shengji.standing_by",
                    name=self._seat_name(standing.seat),
                    cards=info.cards_label(standing.cards),
                )
                if standing is not None
                else i18n.tr("shengji.no_declaration")
            )
            self._text(
                surface, value, 24, INK, (x, y + u(36)), bold=True, max_width=u(384), within=box
            )
            return
        dealer = getattr(state, "dealer", None)
        if dealer is not None:
            self._text(
                surface,
                i18n.tr("shengji.dealer_is", name=self._seat_name(dealer)),
                22,
                INK_DIM,
                (x, y),
                max_width=u(384),
                within=box,
            )
        points = int(getattr(state, "attacker_points", 0) or 0)
        self._text(
            surface, i18n.tr("shengji.attackers_points"), 22, INK_DIM, (x, y + u(36)), within=box
        )
        self._text(
            surface,
            fmt_number(points),
            26,
            BRASS,
            (box.right - u(18), y + u(34)),
            "topright",
            bold=True,
            within=box,
        )
        bar = pygame.Rect(x, y + u(76), box.width - u(36), u(14))
        pygame.draw.rect(surface, (30, 46, 40), bar, border_radius=bar.height // 2)
        fill = bar.copy()
        fill.width = int(bar.width * min(1.0, points / 160))
        pygame.draw.rect(
            surface, GOOD if points >= 80 else BRASS, fill, border_radius=bar.height // 2
        )
        mark = bar.left + bar.width // 2
        pygame.draw.line(
            surface, INK, (mark, bar.top - u(6)), (mark, bar.bottom + u(6)), max(1, u(3))
        )
        self._text(surface, fmt_number(80), 16, INK, (mark, bar.bottom + u(4)), "midtop")

    def _draw_seat(self, surface: pygame.Surface, seat: int) -> None:
        u = self._u
        rect = self._rects["seats"][seat]
        rtl = text.is_rtl()
        counts = info.hand_counts(self.state.view(0), self.seats)
        current = self.state.current_player == seat and not self.state.is_terminal
        if current:
            glow = rect.inflate(u(10), u(10))
            pygame.draw.rect(surface, BRASS, glow, width=max(2, u(4)), border_radius=u(22))
        panel(surface, rect, self.scale, alpha=205)
        x, y = rect.left + u(18), rect.top + u(10)
        badge_text = None
        if seat != 0 or self.controller.autoplay:
            badge_text = _rendered(i18n.tr("table.ai_badge"), u(18), INK, True, i18n.language())
        badge_w = badge_text.get_width() + u(16) if badge_text is not None else 0
        # The far end of the name row holds the place medal; the dealer tag sits at the far
        # end of the cards-left row (a long AI badge leaves no room for it by the name).
        dealer_here = self.preset == "shengji" and getattr(self.state, "dealer", None) == seat
        end_w = u(74) if self._place_of(seat) else u(18)
        name_rect = self._text(
            surface,
            self._seat_name(seat),
            26,
            BRASS if current else INK,
            (x, y),
            bold=True,
            max_width=rect.width - u(18) - end_w - (badge_w + u(10) if badge_w else 0),
            within=rect,
        )
        if badge_text is not None:
            badge = pygame.Rect(0, y + u(4), badge_w, u(28))
            if rtl:
                badge.right = name_rect.left - u(10)
            else:
                badge.left = name_rect.right + u(10)
            pygame.draw.rect(surface, (66, 110, 150), badge, border_radius=u(8))
            surface.blit(badge_text, badge_text.get_rect(center=badge.center))
        count = counts[seat] if seat < len(counts) else 0
        shown = count
        if self.time - self.deal_started < self._deal_time():
            shown = int(count * min(1.0, (self.time - self.deal_started) / self._deal_time()))
        self._text(
            surface,
            i18n.tr("table.cards_left", count=shown),
            22,
            INK_DIM,
            (x, y + u(40)),
            within=rect,
            max_width=rect.width - u(36) - (u(112) if dealer_here else 0),
        )
        place = self._place_of(seat)
        if place is not None:
            medal = pygame.Rect(rect.right - u(64), rect.top + u(10), u(50), u(50))
            if rtl:
                medal.left = rect.left + u(14)
            pygame.draw.ellipse(surface, BRASS, medal)
            self._text(
                surface,
                i18n.tr(f"table.place_{place}"),
                20,
                (40, 28, 10),
                medal.center,
                "center",
                bold=True,
                max_width=medal.width - u(4),
            )
        if dealer_here:
            tag = pygame.Rect(rect.right - u(112), y + u(42), u(100), u(28))
            if rtl:
                tag.left = rect.left + u(12)
            pygame.draw.rect(surface, (120, 40, 40), tag, border_radius=u(8))
            self._text(
                surface,
                i18n.tr("shengji.dealer"),
                18,
                INK,
                tag.center,
                "center",
                bold=True,
                max_width=tag.width - u(8),
            )
        if current and not self.controller.is_human_turn() and seat != 0:
            dots = "." * (1 + int(self.time * 3) % 3)
            self._text(
                surface,
                i18n.tr("table.thinking") + dots,
                20,
                BRASS,
                (x, rect.bottom - u(34)),
                within=rect,
                max_width=rect.width - u(150),
            )

    def _place_of(self, seat: int) -> int | None:
        order = info.finish_order(self.state)
        if seat in order:
            return order.index(seat) + 1
        return None

    def _draw_play(self, surface: pygame.Surface, seat: int) -> None:
        play = self.plays.get(seat)
        if play is None:
            return
        align, (x, y) = self._rects["plays"][seat]
        if play == PASS_MARK:
            anchor = {"center": "center", "right": "midright", "left": "midleft"}[align]
            self._text(surface, i18n.tr("table.pass_mark"), 30, INK_DIM, (x, y), anchor, bold=True)
            return
        if any(f.seat == seat for f in self.flyers):
            return  # still in the air
        cards = list(play)
        height = self._rects["play_h"]
        rects = self._play_rects(seat, len(cards))
        if self._trick_winner() == seat:
            # The finished trick stays in view until the next lead: its winner is ringed.
            ring = rects[0].unionall(rects).inflate(self._u(14), self._u(14))
            pygame.draw.rect(
                surface, BRASS, ring, width=max(2, self._u(4)), border_radius=self._u(12)
            )
        for card, rect in zip(cards, rects, strict=True):
            image = card_art.face(
                card, height, self.hand.four_colour, False, False, self._is_wild(card)
            )
            surface.blit(image, rect)

    def _trick_winner(self) -> int | None:
        """Shengji: the winner of the trick on the table once all four have played."""
        if self.preset != "shengji" or getattr(self.state, "trick", None):
            return None
        tricks = getattr(self.state, "tricks", None)
        if not tricks or len(self.plays) < self.seats:
            return None
        last = tricks[-1]
        shown = {seat: tuple(cards) for seat, cards in last.plays}
        if any(self.plays.get(seat) != cards for seat, cards in shown.items()):
            return None
        return last.winner

    def _draw_center(self, surface: pygame.Surface) -> None:
        """Shengji: the revealed kitty (S2.5) from its reveal until the dealer picks it up."""
        if self.preset != "shengji":
            return
        kitty = self.kitty_shown
        if not kitty:
            return
        u = self._u
        height = u(100)
        rects = self._kitty_rects(len(kitty), height)
        self._text(
            surface,
            i18n.tr("shengji.kitty_revealed"),
            22,
            INK,
            (self.size[0] // 2, rects[0].top - u(34)),
            "midtop",
        )
        for card, rect in zip(kitty, rects, strict=True):
            surface.blit(card_art.face(card, height, self.hand.four_colour), rect)

    def _message(self) -> tuple[str, Any] | None:
        ctl = self.controller
        if self.notice:
            return self.notice, self.notice_color
        if ctl.awaiting_next or self.state.is_terminal:
            return None
        if not ctl.is_human_turn():
            seat = self.state.current_player
            if seat is None:
                return None
            return i18n.tr("table.waiting_for", name=self._seat_name(seat)), INK_DIM
        if ctl.hint_pending:
            return i18n.tr("table.hint_thinking"), INK_DIM
        phase = self._phase()
        actions, refusal = self._selection_status()
        if self.hand.selected and refusal:
            return refusal, DANGER
        if phase == "declare":
            return i18n.tr("shengji.prompt_declare"), INK
        if phase == "bury":
            return i18n.tr("shengji.prompt_bury"), INK
        if phase == "return":
            return i18n.tr("guandan.prompt_return"), INK
        if (
            self.preset == "runfast"
            and getattr(self.state, "first_play", False)
            and getattr(self.state, "_must_3h", True)
        ):
            return i18n.tr("runfast.prompt_3h"), BRASS
        if ctl.pass_action() is None and not self.hand.selected:
            refusal_pass = ctl.pass_refusal()
            leading = getattr(self.state, "last_play", None) is None and not getattr(
                self.state, "trick", None
            )
            if refusal_pass and not leading:
                return refusal_pass, BRASS
        if ctl.pass_action() is not None and len(ctl.human_options()) == 1:
            return i18n.tr("runfast.prompt_must_pass"), BRASS
        return i18n.tr("table.your_turn"), INK

    def _draw_message(self, surface: pygame.Surface) -> None:
        message = self._message()
        if message is None:
            return
        value, color = message
        u = self._u
        limit = self.size[0] - u(760)
        image = _rendered(value, u(24), tuple(color), True, i18n.language())
        if image.get_width() > limit:
            # A long reason wraps onto a second line (growing upwards, clear of the
            # buttons) rather than being squeezed unreadably thin.
            image, width = _wrapped(value, u(24), tuple(color), limit, i18n.language())
            rect = image.get_rect(midbottom=(self.size[0] // 2, self._rects["buttons_y"] - u(8)))
            plate = pygame.Rect(0, 0, min(limit, width) + u(36), rect.height + u(8))
        else:
            rect = image.get_rect(midtop=(self.size[0] // 2, self._rects["message_y"]))
            plate = pygame.Rect(0, 0, rect.width + u(36), rect.height + u(6))
        # A dark plate behind the line keeps every colour readable on the felt.
        plate.center = rect.center
        panel(surface, plate, self.scale, alpha=170, border=(0, 0, 0), radius=14)
        surface.blit(image, rect)

    def _draw_banner(self, surface: pygame.Surface, value: str) -> None:
        u = self._u
        image = _rendered(value, u(30), INK, True, i18n.language())
        rect = image.get_rect(center=(self.size[0] // 2, int(self.size[1] * 0.40)))
        box = rect.inflate(u(60), u(28))
        shadow(surface, box, self.scale)
        panel(surface, box, self.scale, alpha=225, border=BRASS)
        surface.blit(image, rect)

    def _dim(self, surface: pygame.Surface) -> None:
        veil = pygame.Surface(self.size, pygame.SRCALPHA)
        veil.fill((0, 0, 0, 120))
        surface.blit(veil, (0, 0))

    def _draw_chooser(self, surface: pygame.Surface) -> None:
        self._dim(surface)
        u = self._u
        if not self.overlay_buttons:
            return
        area = self.overlay_buttons[0].rect.unionall([b.rect for b in self.overlay_buttons])
        box = area.inflate(u(80), u(60))
        box.top -= u(60)  # room for the title above the first meaning
        box.height += u(60)
        panel(surface, box, self.scale, alpha=235, border=BRASS)
        self._text(
            surface,
            i18n.tr("guandan.choose_meaning"),
            26,
            INK,
            (box.centerx, box.top + u(18)),
            "midtop",
            bold=True,
        )

    def _last_trick_rect(self) -> pygame.Rect:
        u = self._u
        return pygame.Rect(0, 0, u(900), u(520)).move(
            self.size[0] // 2 - u(450), self.size[1] // 2 - u(300)
        )

    def _draw_last_trick(self, surface: pygame.Surface) -> None:
        tricks = getattr(self.state, "tricks", None)
        if not tricks:
            return
        trick = tricks[-1]
        self._dim(surface)
        u = self._u
        box = self._last_trick_rect()
        shadow(surface, box, self.scale)
        panel(surface, box, self.scale, alpha=240, border=BRASS)
        self._text(
            surface,
            i18n.tr(
                "shengji.last_trick_title",
                name=self._seat_name(trick.winner),
                count=trick.points,
            ),
            26,
            INK,
            (box.centerx, box.top + u(20)),
            "midtop",
            bold=True,
            max_width=box.width - u(40),
        )
        y = box.top + u(76)
        height = u(78)
        card_w = card_art.card_size(height)[0]
        step = int(card_w * 0.6)
        for seat, cards in trick.plays:
            self._text(
                surface,
                self._seat_name(seat),
                22,
                BRASS if seat == trick.winner else INK_DIM,
                (box.left + u(30), y + height // 2),
                "midleft",
                bold=True,
                max_width=u(210),
                within=box,
            )
            cards = list(cards)
            x = box.left + u(260)
            if text.is_rtl():  # names on the right, each play just left of its name
                x = box.right - u(260) - card_w - step * (len(cards) - 1)
            for card in cards:
                surface.blit(
                    card_art.face(
                        card, height, self.hand.four_colour, False, False, self._is_wild(card)
                    ),
                    (x, y),
                )
                x += step
            y += height + u(12)

    def _result_rect(self) -> pygame.Rect:
        """The result panel, as tall as its content (and never taller than the table)."""
        u = self._u
        w, h = self.size
        _title, rows, cards = self._result_content()
        content = u(92) + len(rows) * u(34) + (u(146) if cards else 0) + u(120)
        top_bar = int(getattr(self.app, "topbar_height", u(TOP_BAR)))
        height = max(u(420), min(h - top_bar - u(40), content))
        width = u(1100)
        return pygame.Rect(
            w // 2 - width // 2, top_bar + (h - top_bar - height) // 2, width, height
        )

    def _draw_result(self, surface: pygame.Surface) -> None:
        self._dim(surface)
        u = self._u
        box = self._result_rect()
        shadow(surface, box, self.scale)
        panel(surface, box, self.scale, alpha=245, border=BRASS)
        title, rows, cards = self._result_content()
        self._text(
            surface,
            title,
            36,
            BRASS,
            (box.centerx, box.top + u(26)),
            "midtop",
            bold=True,
            max_width=box.width - u(60),
        )
        y = box.top + u(92)
        if cards:
            label, shown = cards
            self._text(surface, label, 22, INK_DIM, (box.left + u(40), y), within=box)
            height = u(96)
            card_w = card_art.card_size(height)[0]
            step = int(card_w * 0.72)
            x = box.left + u(40)
            if text.is_rtl():  # the kitty starts under its label, on the right
                x = box.right - u(40) - card_w - step * (len(shown) - 1)
            y += u(34)
            for card in shown:
                surface.blit(card_art.face(card, height, self.hand.four_colour), (x, y))
                x += step
            y += height + u(16)
        line_h = u(34)
        bottom = box.bottom - u(100)
        for row in rows:
            if y + line_h > bottom:
                break
            left, right, color = row[:3]
            middle = row[3] if len(row) > 3 else ""
            if middle:
                self._text(
                    surface,
                    middle,
                    23,
                    color,
                    (box.left + box.width * 62 // 100, y),
                    "topright",
                    bold=True,
                    within=box,
                )
            self._text(
                surface,
                left,
                23,
                color,
                (box.left + u(40), y),
                max_width=box.width - u(260) if right else box.width - u(80),
                bold=color is BRASS,
                within=box,
            )
            if right:
                self._text(
                    surface,
                    right,
                    23,
                    color,
                    (box.right - u(40), y),
                    "topright",
                    bold=True,
                    within=box,
                )
            y += line_h

    def _result_content(self) -> tuple[str, list[tuple[Any, ...]], Any]:
        if self.preset == "runfast":
            return self._runfast_result()
        if self.preset == "shengji":
            title, rows, cards = self._shengji_result()
        else:
            title, rows, cards = self._guandan_result()
        if self.controller.match_over:  # G1.5, S1.3: the match end is the headline
            title = i18n.tr("table.match_over")
        return title, rows, cards

    def _levels_rows(self) -> list[tuple[str, str, Any]]:
        ctl = self.controller
        before = ctl.levels_before or {}
        after = ctl.levels_after or {}
        rows = []
        for team in (0, 1):
            old, new = before.get(team), after.get(team)
            value = info.rank_label(new)
            if old != new:
                value = i18n.tr(
                    "table.level_change", old=info.rank_label(old), new=info.rank_label(new)
                )
            rows.append(
                (
                    i18n.tr("table.team_level", team=self._team_name(team)),
                    value,
                    GOOD if old != new else INK,
                )
            )
        return rows

    def _match_rows(self) -> list[tuple[str, str, Any]]:
        ctl = self.controller
        if not ctl.match_over:
            return []
        winner = getattr(ctl.match, "winner", None)
        key = "table.match_won" if winner == 0 else "table.match_lost"
        return [("", "", INK), (i18n.tr(key), "", BRASS)]

    def _guandan_result(self) -> tuple[str, list[tuple[str, str, Any]], Any]:
        result = self.controller.deal_result
        order = list(getattr(result, "finish_order", None) or info.finish_order(self.state))
        rows: list[tuple[str, str, Any]] = []
        for place, seat in enumerate(order, start=1):
            rows.append((i18n.tr(f"table.place_{place}") + "  " + self._seat_name(seat), "", INK))
        team = getattr(result, "winning_team", None)
        if team is None and order:
            team = order[0] % 2
        gained = getattr(result, "levels_gained", None)
        if gained is None and order:
            partner_place = (
                next((i for i, s in enumerate(order) if s % 2 == team and s != order[0]), 3) + 1
            )
            gained = {2: 3, 3: 2}.get(partner_place, 1)
        rows.append(("", "", INK))
        if team is not None:
            rows.append(
                (
                    i18n.tr("guandan.promotion", team=self._team_name(team), count=gained or 0),
                    "",
                    BRASS,
                )
            )
        rows += self._levels_rows()
        rows += self._match_rows()
        title = i18n.tr("table.deal_won" if team == 0 else "table.deal_lost")
        return title, rows, None

    def _shengji_result(self) -> tuple[str, list[tuple[str, str, Any]], Any]:
        r = self.controller.deal_result
        rows: list[tuple[str, str, Any]] = []
        if r is None:
            return i18n.tr("table.deal_over"), rows, None
        rows.append((i18n.tr("shengji.trick_points"), fmt_number(r.trick_points), INK))
        rows.append((i18n.tr("shengji.kitty_points"), fmt_number(r.kitty_points), INK))
        if r.kitty_bonus:
            rows.append(
                (
                    i18n.tr(
                        "shengji.kitty_bonus",
                        points=fmt_number(r.kitty_points),
                        multiplier=fmt_number(r.kitty_multiplier),
                    ),
                    self._signed(r.kitty_bonus),
                    GOOD,
                )
            )
        else:
            rows.append(
                (
                    i18n.tr("shengji.kitty_defended", multiplier=fmt_number(r.kitty_multiplier)),
                    "",
                    INK_DIM,
                )
            )
        rows.append((i18n.tr("shengji.attackers_total"), fmt_number(r.attacker_points), BRASS))
        outcome_key = (
            "shengji.outcome_defenders"
            if r.outcome == "defenders"
            else ("shengji.outcome_attackers" if r.levels_gained else "shengji.outcome_takeover")
        )
        rows.append(
            (
                i18n.tr(outcome_key, team=self._team_name(r.winning_team), count=r.levels_gained),
                "",
                BRASS,
            )
        )
        rows += self._levels_rows()
        if not self.controller.match_over:
            rows.append(
                (i18n.tr("shengji.next_dealer", name=self._seat_name(r.next_dealer)), "", INK)
            )
        rows += self._match_rows()
        title = i18n.tr("table.deal_won" if r.winning_team == 0 else "table.deal_lost")
        return title, rows, (i18n.tr("shengji.kitty_was"), list(r.kitty))

    def _runfast_result(self) -> tuple[str, list[tuple[Any, ...]], Any]:
        r = self.controller.deal_result
        rows: list[tuple[str, str, Any]] = []
        if r is None:
            return i18n.tr("table.deal_over"), rows, None
        for payment in r.payments:
            rows.append(
                (
                    i18n.tr(
                        "runfast.payment",
                        payer=self._seat_name(payment.payer),
                        payee=self._seat_name(payment.payee),
                        reason=i18n.tr(f"runfast.reason_{payment.reason}"),
                    ),
                    fmt_number(payment.points),
                    INK_DIM,
                )
            )
        rows.append(("", "", INK))
        totals = self.controller._totals() or [0] * self.seats
        # Three columns: the seat, what it won or paid in this deal, its running total.
        rows.append(
            (
                "",
                i18n.tr("runfast.totals_header"),
                BRASS,
                i18n.tr("runfast.settlement_header"),
            )
        )
        for seat in range(self.seats):
            net = r.settlement[seat]
            color = GOOD if net > 0 else (DANGER if net < 0 else INK)
            rows.append(
                (self._seat_name(seat), self._signed(totals[seat]), color, self._signed(net))
            )
        title = i18n.tr("runfast.winner", name=self._seat_name(r.winner))
        return title, rows, None


__all__ = ["TableScene", "INK_FAINT"]
