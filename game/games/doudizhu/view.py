"""Dou Dizhu at the table: the bid buttons and the standing bid (D2.3, VD1), the kitty face up
once the landlord is known (D2.5), the landlord's badge, the multiplier as bombs and the rocket
double it (D5.1), warnings at one or two cards, spring announced (D5.2), and the result with
the base, each doubling and the payments (D5.3) and the running totals (D1.3)."""

from __future__ import annotations

from functools import partial
from typing import cast

import pygame

from game import i18n, text
from game.games.doudizhu.moments import Moments
from game.games.doudizhu.rules import BID, DOUBLE, KITTY_SIZE, DoudizhuResult, DoudizhuView
from game.games.doudizhu.rules.bidding import BidAction
from game.games.doudizhu.rules.options import BIDDING, ROB
from game.rules.base import Action
from game.rules.cards import Card
from game.scenes.table.context import TableContext
from game.scenes.table.layout import KITTY_SHOW_TIME
from game.scenes.table.view import GOOD, GameView, Row, ShownCards, score_colour
from game.table import info
from game.table.controller import TableEvent
from game.table.frame import TableFrame
from game.widgets import cards as card_art
from game.widgets.common import BRASS, DANGER, INK, INK_DIM, Button, Colour, fmt_number, panel
from game.widgets.ladder import Lane, Totals, Track
from game.widgets.result_table import Column, ResultTable, TableRow
from game.words import Words

LANDLORD_RED = (150, 40, 40)
#: Cards left at which a seat is flagged (D1.2: the deal ends at the first empty hand).
WARN_AT = (1, 2)


def bid_label(action: Action) -> str:
    """A bidding or doubling action as its button says it (叫分, 叫地主/抢地主, 加倍)."""
    value = getattr(action, "value", 0)
    if action.kind == "bid":
        return i18n.tr("doudizhu.bid_value", count=value) if value else i18n.tr("doudizhu.no_bid")
    if action.kind in ("call", "rob"):
        return i18n.tr(f"doudizhu.{action.kind}")
    return i18n.tr("doudizhu.double" if value else "doudizhu.no_double")


def bid_keys(action: Action) -> tuple[int, ...]:
    """The number keys of a bid of 1, 2 or 3 points (D2.3), on the main row and the keypad."""
    value = getattr(action, "value", 0)
    if action.kind != "bid" or not 1 <= value <= 3:
        return ()
    return (pygame.K_1 + value - 1, pygame.K_KP1 + value - 1)


class View(GameView):
    moments = Moments  # issue 54: the effects its moments start
    # One player goes out and the deal ends: the result names the winning side, no medals.
    shows_places = False
    clears_on = ("redeal",)

    def __init__(self, ctx: TableContext) -> None:
        super().__init__(ctx)
        self.reset()

    def reset(self) -> None:
        self._plays_seen = 0
        self._warned: dict[int, int] = {}
        self._ended = False

    # The registry pairs this View with Dou Dizhu's engine: its frames hold that engine's view
    # and result (the one place the shared types are narrowed to Dou Dizhu's).
    def seen(self, frame: TableFrame) -> DoudizhuView:
        return cast(DoudizhuView, frame.seat_view)

    def outcome(self, frame: TableFrame) -> DoudizhuResult | None:
        return cast(DoudizhuResult | None, frame.result)

    def _named(self, key: str, seat: int | None, **params: object) -> Words:
        """The sentence ``key`` about ``seat``; the player's own has its ``_you`` form."""
        if seat == 0:
            return Words(f"{key}_you", **params)
        return Words(key, name=self.seat_words(seat or 0), **params)

    def _say(self, key: str, seat: int | None, **params: object) -> None:
        """Announce the sentence ``key`` about ``seat`` (the player's own: ``key_you``)."""
        if seat == 0:
            self.ctx.announce(f"{key}_you", **params)
        else:
            self.ctx.announce(key, name=self.seat_words(seat or 0), **params)

    # --- actions and announcements ---------------------------------------------------------
    def said_of(self, action: Action) -> Words | None:
        """D2.4: a deal thrown in (everyone passed) is said, at the table and in the replay."""
        return Words("doudizhu.said_redeal") if action.kind == "redeal" else None

    def on_action(self, event: TableEvent) -> None:
        ctx, action, seat = self.ctx, event.action, event.seat
        assert action is not None  # the table shows a View only the events of an action
        kind = action.kind
        value = getattr(action, "value", 0)
        if kind == "bid":
            key = "doudizhu.said_bid" if value else "doudizhu.said_no_bid"
            self._say(key, seat, value=value)
        elif kind in ("call", "rob"):
            self._say(f"doudizhu.said_{kind}", seat)
        elif kind == "double":
            key = "doudizhu.said_double" if value else "doudizhu.said_no_double"
            self._say(key, seat)
        elif kind == "redeal":  # D2.4: shown to the player
            ctx.clear_plays()
            ctx.say((self.said_of(action) if action is not None else None) or "")
            ctx.pause(KITTY_SHOW_TIME)
        elif kind == "kitty":  # D2.5: the kitty face up, then into the landlord's hand
            ctx.clear_plays()
            self._say("doudizhu.said_landlord", seat, cards=info.cards_label(action.cards))
            ctx.pause(KITTY_SHOW_TIME)

    def announcements(self, frame: TableFrame) -> list[str | Words]:
        """Bombs and the rocket with the new multiplier, one or two cards left, spring."""
        view = self.seen(frame)
        said: list[Words] = []
        plays = [r for r in frame.log if r.action.kind == "play"]
        multiplier = 2 ** sum(1 for r in frame.log if r.action.kind == "rob")
        for index, record in enumerate(plays):
            combo = record.action.combo  # a play's meaning (D4)
            if combo is not None and combo.is_bomb:
                multiplier *= 2
                if index >= self._plays_seen:
                    said.append(Words(f"doudizhu.said_{combo.kind}", value=multiplier))
        self._plays_seen = len(plays)
        if view.stage == "play" or view.stage == "over":
            for seat, count in enumerate(frame.hand_counts):
                if count in WARN_AT and self._warned.get(seat) != count:
                    self._warned[seat] = count
                    said.append(self._named(f"doudizhu.warn_{count}", seat))
        result = self.outcome(frame)
        if result is not None and not self._ended:
            self._ended = True
            if result.spring is not None:
                said.append(Words(f"doudizhu.said_{result.spring}"))
        return [Words.joined(said)] if said else []

    # --- panels and seats -----------------------------------------------------------------
    def position_lines(self, frame: TableFrame) -> list[Row]:
        return []  # the deal's number, stakes and totals: the landlord is named at its seat

    def seat_title(self, frame: TableFrame, seat: int) -> str:
        name = self.seat_name(seat)
        view = frame.seat_view
        if isinstance(view, DoudizhuView) and seat == view.landlord:
            return i18n.tr("doudizhu.name_landlord", name=name)
        return name

    def header_lines(self, frame: TableFrame) -> list[Row]:
        view = self.seen(frame)
        seats = self.ctx.seats
        totals = frame.totals or (0,) * seats
        stakes = self.times(view.multiplier)
        if view.landlord is not None:  # D5.3: the base (the bid) times the multiplier
            stakes = i18n.tr("doudizhu.stakes_value", base=fmt_number(view.base), times=stakes)
        lines: list[Row] = [
            (i18n.tr("doudizhu.deal_number"), fmt_number(frame.deal_index + 1), BRASS),
            (i18n.tr("doudizhu.stakes"), stakes, BRASS),
        ]
        for seat in range(seats):
            name = self.seat_name(seat)
            if seat == view.landlord:
                name = i18n.tr("doudizhu.name_landlord", name=name)
            lines.append((name, self.signed(totals[seat]), score_colour(totals[seat], seat == 0)))
        return lines

    def times(self, value: int) -> str:
        return i18n.tr("doudizhu.times", value=fmt_number(value))

    def draw_side(self, surface: pygame.Surface, frame: TableFrame) -> None:
        """The standing bid while bidding; then the kitty, face up (D2.5)."""
        ctx, u = self.ctx, self.ctx.u
        view = self.seen(frame)
        if view.landlord is not None and not view.kitty:
            return  # a scripted deal without a kitty
        rect = ctx.rect("side")
        box = pygame.Rect(rect.left, rect.top, rect.width, u(140))
        panel(surface, box, ctx.scale, alpha=190)
        x, y = box.left + u(18), box.top + u(12)
        if view.landlord is None:
            ctx.text(surface, i18n.tr("doudizhu.standing"), 22, INK_DIM, (x, y), within=box)
            ctx.text(
                surface,
                self._standing(view),
                24,
                INK,
                (x, y + u(36)),
                bold=True,
                max_width=box.width - u(36),
                within=box,
            )
            return
        ctx.text(surface, i18n.tr("doudizhu.kitty"), 22, INK_DIM, (x, y), within=box)
        height = u(76)
        width = card_art.card_size(height)[0]
        rtl = text.is_rtl()
        for i, card in enumerate(view.kitty or ()):
            left = box.right - u(18) - (i + 1) * (width + u(8)) if rtl else x + i * (width + u(8))
            image = card_art.face(card, height, ctx.four_colour)
            surface.blit(image, (int(left), y + u(40)))

    def _standing(self, view: DoudizhuView) -> str:
        bids = [(seat, kind, value) for seat, kind, value in view.bids if value]
        if not bids:
            return i18n.tr("doudizhu.no_bid_yet")
        seat, kind, value = bids[-1]
        if kind == "bid":
            return str(self._named("doudizhu.standing_bid", seat, value=value))
        return str(self._named("doudizhu.standing_call", seat))

    def draw_center(self, surface: pygame.Surface, frame: TableFrame) -> None:
        """The landlord's badge on its seat, the one- and two-card warnings, and the kitty in
        the middle: face down during the bidding, face up from the landlord's choice to the
        first play."""
        view = self.seen(frame)
        ctx, u = self.ctx, self.ctx.u
        seats = ctx.seat_rects()
        if view.landlord is not None:
            self._tag(surface, seats[view.landlord], i18n.tr("doudizhu.landlord"), LANDLORD_RED)
        if view.stage in ("play", "over"):
            for seat, count in enumerate(frame.hand_counts):
                if count in WARN_AT:
                    label = i18n.tr(f"doudizhu.tag_{count}")
                    self._tag(surface, seats[seat], label, DANGER, below=True)
        if view.landlord is None:
            if view.stage == "bid":  # D2.1: the kitty lies face down until it is taken
                height = u(100)
                for rect in ctx.centre_rects(KITTY_SIZE, height):
                    surface.blit(ctx.card_back(height), rect)
            return
        if any(view.plays_made) or not view.kitty:
            return
        height = u(100)
        rects = ctx.centre_rects(len(view.kitty), height)
        ctx.text(
            surface,
            i18n.tr("doudizhu.kitty_shown"),
            22,
            INK,
            (ctx.size[0] // 2, rects[0].top - u(34)),
            "midtop",
        )
        for card, rect in zip(view.kitty, rects, strict=True):
            surface.blit(card_art.face(card, height, ctx.four_colour), rect)

    def _tag(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        label: str,
        colour: Colour,
        *,
        below: bool = False,
    ) -> None:
        """A small label straddling the top edge of a seat's plate (the bottom edge with
        ``below``), at the plate's far end."""
        ctx, u = self.ctx, self.ctx.u
        # As large as its words at the table's text size (Arabic's "بقيت ورقة واحدة!" ran
        # over a fixed tag at 800x600, squeezed, its dots cut; issue 55).
        said_w, said_h = text.size(label, ctx.tu(18), bold=True)
        width = min(max(u(124), said_w + u(16)), rect.width - u(24))
        tag = pygame.Rect(0, 0, width, max(u(26), said_h + u(2)))
        if below:  # it grows away from the plate, over which it reaches u(14) as before
            tag.top = rect.bottom - u(14)
        else:
            tag.bottom = rect.top + u(14)
        tag.right = rect.right - u(12)
        if text.is_rtl():
            tag.left = rect.left + u(12)
        pygame.draw.rect(surface, colour, tag, border_radius=u(8))
        pygame.draw.rect(surface, BRASS, tag, width=max(1, u(2)), border_radius=u(8))
        ctx.text(
            surface, label, 18, INK, tag.center, "center", bold=True, max_width=tag.width - u(8)
        )

    # --- the player's turn ----------------------------------------------------------------
    def phase_prompt(self, frame: TableFrame) -> tuple[str, Colour] | None:
        view = self.seen(frame)
        if view.stage == BID and frame.human_turn:
            kinds = {a.kind for a in frame.options if getattr(a, "value", 0)}
            if "call" in kinds or "rob" in kinds:
                return i18n.tr(f"doudizhu.prompt_{kinds.pop()}"), INK
            # Name the bids actually open (issue 40: "1, 2 or 3" when only 3 was left).
            bids = (getattr(a, "value", 0) for a in frame.options if a.kind == "bid")
            lowest = min((value for value in bids if value), default=1)
            return i18n.tr(
                {2: "doudizhu.prompt_bid_2", 3: "doudizhu.prompt_bid_3"}.get(
                    lowest, "doudizhu.prompt_bid"
                )
            ), INK
        if view.stage == DOUBLE and frame.human_turn:
            return i18n.tr("doudizhu.prompt_double"), INK
        return None

    def phase_buttons(self, frame: TableFrame, human: bool) -> list[Button] | None:
        """Bidding and doubling: one button per choice (1, 2, 3 and Pass; call or rob and
        Pass; double or not), the highest first."""
        if self.seen(frame).stage not in (BID, DOUBLE):
            return None
        ctx = self.ctx
        legal = set(frame.options)
        return [
            Button(
                "table.declare" if action.value else "table.pass",
                partial(ctx.act, action),
                style="primary" if action.value else "secondary",
                label=bid_label(action),
                enabled=human and action in legal,  # greyed, never removed (issue 40)
                keys=bid_keys(action),
            )
            for action in self._phase_choices(frame)
        ]

    def _phase_choices(self, frame: TableFrame) -> list[BidAction]:
        """Every choice the phase can offer, the highest first, so that its bar stays put:
        1, 2, 3 points (D2.3) or call and rob (VD1), and Pass; or double and not (VD2)."""
        if self.seen(frame).stage == DOUBLE:
            return [BidAction.of("double", 1), BidAction.of("double", 0)]
        if self.seen(frame).options.get(BIDDING) == ROB:
            return [BidAction.of("call", 1), BidAction.of("rob", 1), BidAction.of("bid", 0)]
        return [BidAction.of("bid", value) for value in (3, 2, 1, 0)]

    def hint_pass_text(self, frame: TableFrame) -> str:
        return i18n.tr("table.hint_pass")

    def action_label(self, action: Action) -> str:
        if action.kind in ("bid", "call", "rob", "double"):
            return bid_label(action)
        return info.cards_label(action.cards)

    # --- the result -----------------------------------------------------------------------
    def result_content(self, frame: TableFrame) -> tuple[str, list[Row], ShownCards]:
        """The winning side, then the base and each doubling, then the payments (D5.3)."""
        r = self.outcome(frame)
        if r is None:
            return i18n.tr("table.deal_over"), [], None
        if r.landlord_won:
            title = str(self._named("doudizhu.winner_landlord", r.landlord))
        else:
            title = i18n.tr(
                "doudizhu.winner_peasants_you" if r.landlord != 0 else "doudizhu.winner_peasants"
            )
        rows: list[Row] = [(i18n.tr("doudizhu.row_base"), fmt_number(r.base), INK)]
        doublings = [("bomb", r.bombs), ("rocket", r.rockets), ("rob", r.robs)]
        doublings.append((r.spring or "spring", 1 if r.spring else 0))
        for kind, count in doublings:
            for _ in range(count):
                rows.append((i18n.tr(f"doudizhu.row_{kind}"), self.times(2), INK_DIM))
        rows.append((i18n.tr("doudizhu.multiplier"), self.times(r.multiplier), BRASS))
        for seat, doubled in enumerate(r.doubled):
            if doubled:
                doubled_by = str(self._named("doudizhu.row_doubled", seat))
                rows.append((doubled_by, self.times(2), INK_DIM))
        rows.extend(self._payment_rows(r))
        kitty: tuple[Card, ...] = tuple(self.seen(frame).kitty or ())
        return title, rows, (i18n.tr("doudizhu.kitty"), list(kitty)) if kitty else None

    def _payment_rows(self, r: DoudizhuResult) -> list[Row]:
        """Each payment (D5.3); the player's own read as a loss or a gain, signed and in red
        or green like the table's totals (issue 40), the others' unsigned."""
        rows: list[Row] = []
        for payment in r.payments:
            params = {"base": fmt_number(r.base), "factor": fmt_number(payment.factor)}
            if payment.payer == 0:
                sentence = i18n.tr(
                    "doudizhu.payment_you", payee=self.seat_name(payment.payee), **params
                )
                rows.append((sentence, self.signed(-payment.points), DANGER))
            elif payment.payee == 0:
                sentence = i18n.tr(
                    "doudizhu.payment_to_you", payer=self.seat_name(payment.payer), **params
                )
                rows.append((sentence, self.signed(payment.points), GOOD))
            else:
                sentence = i18n.tr(
                    "doudizhu.payment",
                    payer=self.seat_name(payment.payer),
                    payee=self.seat_name(payment.payee),
                    **params,
                )
                rows.append((sentence, fmt_number(payment.points), INK_DIM))
        return rows

    def result_table(self, frame: TableFrame) -> ResultTable | None:
        """Each player's role, cards left, the deal's points and the running total."""
        r = self.outcome(frame)
        if r is None:
            return None
        columns = (
            Column(i18n.tr("result.player")),
            Column(i18n.tr("doudizhu.role_header")),
            Column(i18n.tr("result.cards_left"), numeric=True),
            Column(i18n.tr("doudizhu.settlement_header"), numeric=True),
            Column(i18n.tr("doudizhu.totals_header"), numeric=True),
        )
        _before, after = self.running_totals(frame, r.settlement)
        rows = []
        for seat in range(self.ctx.seats):
            net = r.settlement[seat]
            role = "landlord" if seat == r.landlord else "peasant"
            cells = (
                self.seat_name(seat),
                i18n.tr(f"doudizhu.{role}"),
                fmt_number(len(r.cards_left[seat])),
                self.signed(net),
                self.signed(after[seat]),
            )
            colours = (
                BRASS if seat == r.winner else INK,
                INK,
                INK,
                score_colour(net, seat == 0),
                None,
            )
            rows.append(TableRow(seat, cells, colours, own=seat == 0))
        return ResultTable(columns, tuple(rows))

    def result_track(self, frame: TableFrame) -> Track | None:
        r = self.outcome(frame)
        if r is None:
            return None
        before, after = self.running_totals(frame, r.settlement)
        return Totals(
            i18n.tr("doudizhu.totals_header"),
            # The player's bar by its sign, the others' in a neutral grey (as Run Fast's).
            tuple(
                Lane(
                    self.seat_name(seat), before[seat], after[seat], None if seat == 0 else INK_DIM
                )
                for seat in range(self.ctx.seats)
            ),
        )

    def celebrates(self, frame: TableFrame) -> bool:
        return False  # deal after deal, no match to win
