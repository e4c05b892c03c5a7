"""Shengji at the table: trump and levels in the header, the declaration and the attackers'
points beside it, the dealer's tag, declaring (S2.3) and burying (S2.5) phases, the revealed
kitty, the last trick (L), and the points, kitty and promotion in the result (S4)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from functools import partial
from typing import cast

import pygame

from game import i18n
from game.games.shengji.counting import declarations, seat_points
from game.games.shengji.moments import Moments
from game.games.shengji.rules import (
    Format,
    card_points,
    follow_kind,
    lead_format,
    trick_winner,
)
from game.games.shengji.rules.records import DealResult as ShengjiResult
from game.games.shengji.rules.records import ShengjiView
from game.games.shengji.rules.throws import split
from game.games.shengji.view.result import result_table, said_result
from game.games.shengji.view.side_panel import draw_side
from game.rules.base import Action, Combo
from game.rules.cards import Card
from game.rules.errors import RulesError
from game.scenes.table.layout import KITTY_SHOW_TIME, TAKE_SHOW_TIME, Play
from game.scenes.table.team_view import TeamView
from game.scenes.table.view import PlayTags, Row, ShownCards, Trick
from game.table import info
from game.table.controller import TableEvent
from game.table.frame import TableFrame
from game.table.info import PlayKind
from game.table.sorting import HandOrder
from game.widgets import cards as card_art
from game.widgets.common import BRASS, INK, Button, Colour
from game.widgets.result_table import ResultTable
from game.words import Words

#: Cards the dealer buries (S2.5).
KITTY_SIZE = 8
#: Seconds the table holds on a failed throw (VS4.4) while its note is read.
FAILED_SHOW_TIME = 2.2


def legal_now(frame: TableFrame, cards: tuple[Card, ...]) -> Action:
    """The declaration of ``cards`` among the frame's legal actions (else a pass's refusal)."""
    for action in frame.options:
        if action.kind == "declare" and tuple(action.cards) == cards:
            return action
    return Action("declare", cards)


class View(TeamView):
    moments = Moments  # issue 54: the effects its moments start
    gives_away = ("bury",)  # seen by the card counter

    # The registry pairs this View with Shengji's engine: its frames hold that engine's view
    # and result (the one place the shared types are narrowed to Shengji's).
    def seen(self, frame: TableFrame) -> ShengjiView:
        return cast(ShengjiView, frame.seat_view)

    def outcome(self, frame: TableFrame) -> ShengjiResult | None:
        return cast(ShengjiResult | None, frame.result)

    def counter_lines(self, frame: TableFrame, unseen: Counter[Card]) -> list[str]:
        """Point cards (S4.1) and trumps still out, for the card counter."""
        points = sum(card_points(card) * number for card, number in unseen.items())
        lines = [i18n.tr("counter.points_out", points=points)]
        trump = self.seen(frame).trump
        if trump is not None:
            trumps = sum(number for card, number in unseen.items() if trump.is_trump(card))
            lines.append(i18n.tr("counter.trumps_out", count=trumps))
        return lines

    has_passing = False  # a trick game: every seat follows
    has_last_trick = True
    dealer_key = "shengji.dealer"
    by_suit_default = True  # a follow-suit game: each suit together, trumps at one end (S3)
    clears_on = ("reveal", "take")  # the kitty shown and taken: the declarations go (S2.5)
    cuts_on = ("throw_failed",)  # a failed throw: only its forced component stays (VS4.4)

    # --- actions --------------------------------------------------------------------------
    def laid_by(self, action: Action) -> tuple[Card, ...] | None:
        """A declaration lies in front of its seat until the kitty is taken (S2.3-S2.5)."""
        return tuple(action.cards) if action.kind == "declare" else None

    def on_action(self, event: TableEvent) -> None:
        ctx, action, seat = self.ctx, event.action, event.seat
        assert action is not None  # the table shows a View only the events of an action
        # a declaration, the take and the burial are a seat's (the reveal is the rules')
        if action.kind == "declare" and seat is not None:
            ctx.lay(seat, self.laid_by(action))
            ctx.announce(
                "table.announce_declare",
                name=self.seat_words(seat),
                cards=info.cards_label(action.cards),
            )
        elif action.kind == "reveal":
            # S2.5: the kitty lies face up in the centre for a moment before the dealer takes it.
            ctx.clear_plays()
            ctx.show_centre(action.cards)
            ctx.announce("table.announce_kitty_revealed", cards=info.cards_label(action.cards))
            ctx.pause(KITTY_SHOW_TIME)
        elif action.kind == "take" and seat is not None:
            ctx.clear_plays()
            ctx.take_flyers(seat, action.cards)
            ctx.show_centre(None)
            if seat == 0:  # the player is "you", never a name in the third person
                ctx.announce("table.announce_take_you")
            else:
                ctx.announce("table.announce_take", name=self.seat_words(seat))
            ctx.pause(TAKE_SHOW_TIME)
        elif action.kind == "bury" and seat is not None:
            ctx.announce("table.announce_bury", name=self.seat_words(seat))
        elif action.kind == "throw_failed":
            self._throw_failed(seat, tuple(action.cards))

    def _throw_failed(self, revealer: int | None, forced: tuple[Card, ...]) -> None:
        """VS4.4: the cards taken back glide back to the leader's hand, the forced component
        stays as the trick's lead, and the banner names the revealer and the penalty."""
        ctx = self.ctx
        frame = ctx.frame
        log = frame.log
        index = max(
            i
            for i, r in enumerate(log)
            if r.action.kind == "throw_failed" and r.action.cards == forced
        )
        attempt = log[index - 1]  # the throw as attempted, just before (rules-api.md)
        leader = attempt.seat
        assert leader is not None and revealer is not None  # both are seats
        laid = self.play_order(frame, tuple(attempt.action.cards), attempt.action.combo)
        taken = list((Counter(laid) - Counter(forced)).elements())
        ctx.take_back(leader, laid, taken)
        trump = self.seen(frame).trump
        ctx.lay(leader, forced, lead_format(forced, trump) if trump is not None else None)
        names = {"leader": self.seat_words(leader), "revealer": self.seat_words(revealer)}
        key = "throw.failed_yours" if leader == 0 else "throw.failed"
        if revealer == 0:
            key = "throw.failed_by_you"  # the player is "you", never a name in the third person
        cards = Words.later(lambda: info.cards_label(forced))  # said in each frame's language
        failed = (key, names | {"cards": cards})
        penalty = ("throw.penalty", {"count": len(taken), "points": 10 * len(taken)})
        ctx.announce_lines(failed, penalty)
        ctx.pause(FAILED_SHOW_TIME)

    def hand_order(self, frame: TableFrame) -> HandOrder:
        trump = self.seen(frame).trump  # None until trump is known (then no suit: no-trump)
        return {
            "level": self.seen(frame).level,
            "trump_suit": trump.suit if trump is not None else None,
        }

    # --- panels and seats -----------------------------------------------------------------
    def header_lines(self, frame: TableFrame) -> list[Row]:
        lines = self.level_lines(frame)
        trump = self.seen(frame).trump
        if trump is not None:
            suit = trump.suit
            value = (
                f"{info.SUIT_SYMBOLS.get(suit, '')} {i18n.tr(f'table.suit_{suit}')}"
                if suit
                else i18n.tr("shengji.no_trump")
            )
        else:
            value = i18n.tr("shengji.trump_undecided")
        lines.insert(1, (i18n.tr("shengji.trump"), value, BRASS))
        return lines

    def draw_side(self, surface: pygame.Surface, frame: TableFrame) -> None:
        """The standing declaration, then the attackers' points against 80."""
        draw_side(surface, self.ctx, frame.phase, self.seen(frame))

    def draw_center(self, surface: pygame.Surface, frame: TableFrame) -> None:
        """The revealed kitty (S2.5) from its reveal until the dealer picks it up."""
        ctx = self.ctx
        kitty = ctx.centre_cards
        if not kitty:
            return
        u = ctx.u
        height = u(100)
        rects = ctx.centre_rects(len(kitty), height)
        ctx.text(
            surface,
            i18n.tr("shengji.kitty_revealed"),
            22,
            INK,
            (ctx.size[0] // 2, rects[0].top - u(34)),
            "midtop",
        )
        for card, rect in zip(kitty, rects, strict=True):
            surface.blit(card_art.face(card, height, ctx.four_colour), rect)

    def dealer(self, frame: TableFrame) -> int | None:
        return self.seen(frame).dealer

    def restore_plays(self, frame: TableFrame, start: int | None = None) -> dict[int, Play | None]:
        return {seat: tuple(cards) for seat, cards in self.seen(frame).trick}

    def play_order(
        self, frame: TableFrame, cards: tuple[Card, ...], combo: Combo | None
    ) -> tuple[Card, ...]:
        """A throw lies part by part, as the rules split it (VS4.2): largest, strongest first."""
        trump = self.seen(frame).trump
        if trump is None or not isinstance(combo, Format) or combo.kind != "throw":
            return cards
        parts = split(cards, trump) or []
        return tuple(card for _, part in parts for card in trump.sorted(part))

    def play_kind(
        self,
        frame: TableFrame,
        lead: tuple[Card, ...] | None,
        cards: tuple[Card, ...],
        combo: Combo | None,
    ) -> PlayKind:
        """A lead's format; a follow's kind to the lead (single, pair, tractor, ruff, follow,
        discard: S4.4, S4.5)."""
        trump, options = self.seen(frame).trump, self.seen(frame).options
        if trump is None:
            return combo
        if lead is None:
            return combo if combo is not None else lead_format(cards, trump, options)
        return follow_kind(lead, cards, trump, options)

    def restore_play_kinds(self, frame: TableFrame, plays: Mapping[int, Play | None]) -> PlayTags:
        """The tags of the current trick's plays, the lead first."""
        trick = [(seat, tuple(cards)) for seat, cards in self.seen(frame).trick]
        if not trick:
            return {}
        lead = trick[0][1]
        return {
            seat: (cards, self.play_kind(frame, None if index == 0 else lead, cards, None))
            for index, (seat, cards) in enumerate(trick)
        }

    def leading_seat(self, frame: TableFrame, plays: Mapping[int, Play | None]) -> int | None:
        """The play that wins the trick so far, or won it once all four have played (S4.5);
        none while declarations lie on the table."""
        trump = self.seen(frame).trump
        shown = [(seat, play) for seat, play in plays.items() if isinstance(play, tuple)]
        if trump is None or frame.phase in ("declare", "bury") or not shown:
            return None
        key = (tuple(shown), trump)
        cached = getattr(self, "_leading", None)
        if cached is None or cached[0] != key:
            try:
                cards = [play for _, play in shown]
                seat = shown[trick_winner(cards, trump, self.seen(frame).options)][0]
            except RulesError:  # not one trick's plays (a moment between two states)
                seat = None
            cached = self._leading = (key, seat)
        return cached[1]

    def last_trick(self, frame: TableFrame) -> Trick | None:
        tricks = self.seen(frame).tricks
        return tricks[-1] if tricks else None

    def last_trick_title(self, trick: Trick) -> str:
        """The last trick's heading; the player's own trick in words of its own ("won by
        You" set the seat's name where a verb wanting a person stood, and broke in pl/hu/tr)."""
        if trick.winner == 0:
            return i18n.tr("shengji.last_trick_title_you", count=trick.points)
        name = self.seat_name(trick.winner)
        return i18n.tr("shengji.last_trick_title", name=name, count=trick.points)

    # --- the player's turn ----------------------------------------------------------------
    def phase_prompt(self, frame: TableFrame) -> tuple[str, Colour] | None:
        if frame.phase == "declare":
            return i18n.tr("shengji.prompt_declare"), INK
        if frame.phase == "bury":
            return i18n.tr("shengji.prompt_bury"), INK
        return None

    def _declare(self, cards: tuple[Card, ...]) -> None:
        """The declaration button of ``cards``: declare them as the table stands when pressed."""
        self.ctx.act(legal_now(self.ctx.frame, cards))

    def phase_buttons(self, frame: TableFrame, human: bool) -> list[Button] | None:
        """Declaring: one button per declaration the player's hand can make (S2.3), greyed
        while not its turn or weaker than the one standing, and Pass: the row stays put."""
        if frame.phase != "declare":
            return None
        ctx = self.ctx
        legal = {tuple(a.cards): a for a in frame.options if a.kind == "declare"}
        buttons = []
        for cards in declarations(frame.hand, self.seen(frame).level):
            button = Button(
                "table.declare",
                partial(self._declare, cards),
                style="primary",
                label=self.action_label(Action("declare", cards)),
                enabled=human and cards in legal,  # nothing acts while the deal is still shown
            )
            button.short = info.cards_label(cards)  # "2♥" where the row is too narrow
            buttons.append(button)
        buttons.append(
            Button(
                "table.pass",
                ctx.pass_turn,
                enabled=human and frame.pass_action is not None,
                label=i18n.tr("shengji.pass_declare"),  # "不亮", not "不出", in Chinese
            )
        )
        return buttons

    def primary_label(self, frame: TableFrame, selected: int) -> tuple[str, str | None]:
        if frame.phase == "bury":
            return "table.bury", i18n.tr("table.bury_count", count=selected, need=KITTY_SIZE)
        return "table.play", None

    def hint_pass_text(self, frame: TableFrame) -> str:
        declaring = frame.phase == "declare"
        return i18n.tr("shengji.hint_pass_declare" if declaring else "table.hint_pass")

    def action_label(self, action: Action) -> str:
        cards = list(action.cards)
        if cards and cards[0].suit is None:
            return i18n.tr("shengji.declare_no_trump", cards=info.cards_label(cards))
        return i18n.tr(
            "shengji.declare_suit",
            cards=info.cards_label(cards),
            suit=i18n.tr(f"table.suit_{cards[0].suit}") if cards else "",
        )

    # --- the result -----------------------------------------------------------------------
    def deal_result(self, frame: TableFrame) -> tuple[str, list[Row], ShownCards]:
        r = self.outcome(frame)
        if r is None:
            return i18n.tr("table.deal_over"), [], None
        return said_result(r, frame.match_over, self.seat_name)

    def result_table(self, frame: TableFrame) -> ResultTable | None:
        """S4.1: each player's side, the points in the tricks it won, its team's level."""
        r = self.outcome(frame)
        if r is None:
            return None
        won = seat_points(self.seen(frame).tricks)
        return result_table(r, won, self.ctx.seats, partial(self.team_row, frame))
