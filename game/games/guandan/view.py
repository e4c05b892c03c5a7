"""Guandan at the table: levels in the header, the wild heart of the level (G1.4), the return
card phase, and the finishing order with the promotion in the result (G1.5)."""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

import pygame

from game import i18n, text
from game.games.guandan.moments import Moments
from game.games.guandan.moments import receiver as tribute_receiver
from game.games.guandan.rules.records import DealResult as GuandanResult
from game.games.guandan.rules.records import View as GuandanView
from game.rules.base import Action, Combo
from game.rules.cards import RANKS, Card
from game.scenes.table.team_view import TEAM_COLOURS, TeamView
from game.scenes.table.view import GameView, Row, ShownCards
from game.table import info
from game.table.controller import TableEvent
from game.table.frame import TableFrame
from game.widgets import cards as card_art
from game.widgets.common import BRASS, INK, INK_DIM, INK_FAINT, Colour, panel
from game.widgets.result_table import Column, ResultTable


def _exchange_sentence(
    view: GameView, kind: str, giver: int | None, receiver: int | None
) -> tuple[str, dict[str, object]]:
    """The announcement of a tribute or return: the player is "you", the others by name
    (words, said in the language of the frame that shows them)."""
    receiver_name = view.seat_words(receiver) if receiver is not None else ""
    giver_name = view.seat_words(giver) if giver is not None else ""
    base = "table.announce_tribute" if kind == "tribute" else "table.announce_return"
    giver_key = "payer" if kind == "tribute" else "giver"
    if giver == 0:
        return f"{base}_by_you", {"receiver": receiver_name}
    if receiver == 0:
        return f"{base}_to_you", {giver_key: giver_name}
    return base, {giver_key: giver_name, "receiver": receiver_name}


def _return_receiver(view: GuandanView, seat: int) -> int | None:
    """Whom ``seat`` gives its return card to: the seat that paid it tribute (G3)."""
    for event in view.tributes:
        if event.kind == "tribute" and event.receiver == seat:
            return event.giver
    return None


#: The ladder's level card's height at the 1920×1080 reference.
LEVEL_CARD_H = 54
#: The ladder's marks: your team in brass, the opponents in a muted red.
LADDER_COLOURS = TEAM_COLOURS


def meaning_order(
    combo: Combo | None, cards: list[Card], is_wild: Callable[[Card], bool]
) -> list[Card]:
    """``cards`` laid out as ``combo`` reads them (G5): a sequence rank by rank from its
    lowest, each gap filled by a wild; other kinds grouped by rank, the main rank first with
    its wilds."""
    wilds = [c for c in cards if is_wild(c)]
    plain = [c for c in cards if not is_wild(c)]
    kind, top = (combo.kind, combo.rank) if combo is not None else (None, None)
    if (
        kind in ("straight", "straight_flush", "tube", "plate")
        and isinstance(top, str)
        and top in SEQUENCE
    ):
        width = {"tube": 2, "plate": 3}.get(kind, 1)
        length = len(cards) // width
        end = SEQUENCE.rindex(top)
        ranks = SEQUENCE[end - length + 1 : end + 1]
        laid: list[Card] = []
        for rank in ranks:
            own = [c for c in plain if c.rank == rank][:width]
            for card in own:
                plain.remove(card)
            laid += own + [wilds.pop() for _ in range(width - len(own)) if wilds]
        return laid + plain + wilds
    main = [c for c in plain if c.rank == top]
    rest = sorted((c for c in plain if c.rank != top), key=lambda c: c.rank)
    if kind == "full_house":  # the triple takes the wilds it needs, the pair the rest
        need = max(0, 3 - len(main))
        return main + wilds[:need] + rest + wilds[need:]
    return main + wilds + rest


#: Ranks in sequence order (G5.1: A may start or end a sequence).
SEQUENCE = "A23456789TJQKA"


def _spread(centres: list[int], inks: list[pygame.Rect], gap: int, step: float) -> list[int] | None:
    """The left edges of labels centred at ``centres``, nudged apart (each at most a third of
    a column off its centre) so that neighbours keep ``gap``; None when they cannot be."""
    order = sorted(range(len(centres)), key=lambda i: centres[i])
    width = [float(inks[i].width) for i in order]
    left = [centres[i] - inks[i].width / 2 for i in order]
    for _ in range(40):
        moved = False
        for k in range(len(order) - 1):
            overlap = left[k] + width[k] + gap - left[k + 1]
            if overlap > 0.01:
                left[k] -= overlap / 2
                left[k + 1] += overlap / 2
                moved = True
        if not moved:
            break
    limit = step / 3
    far = any(abs(left[k] + width[k] / 2 - centres[i]) > limit for k, i in enumerate(order))
    if far or any(left[k] + width[k] + gap > left[k + 1] + 0.5 for k in range(len(order) - 1)):
        return None
    result = [0] * len(centres)
    for k, i in enumerate(order):
        result[i] = round(left[k])
    return result


class View(TeamView):
    moments = Moments  # issue 54: the effects its moments start
    gives_away = ("tribute", "return")  # seen by the card counter

    # The registry pairs this View with Guandan's engine: its frames hold that engine's view
    # and result (the one place the shared types are narrowed to Guandan's).
    def seen(self, frame: TableFrame) -> GuandanView:
        return cast(GuandanView, frame.seat_view)

    def outcome(self, frame: TableFrame) -> GuandanResult | None:
        return cast(GuandanResult | None, frame.result)

    def on_action(self, event: TableEvent) -> None:
        """Tributes and returns fly from seat to seat (G3); a return card is seen only by the
        two seats of that exchange."""
        ctx, action, seat = self.ctx, event.action, event.seat
        assert action is not None  # the table shows a View only the events of an action
        if action.kind == "anti_tribute":
            name = self.seat_words(seat) if seat is not None else ""
            ctx.announce("table.announce_anti_tribute", name=name)
            return
        if action.kind not in ("tribute", "return"):
            return
        receiver = tribute_receiver(ctx.frame.seat_view, action.kind, seat, action.cards)
        # A tribute is open (G3.3); a return is seen by its two seats only (seat 0: the player).
        face = action.kind == "tribute" or 0 in (seat, receiver)
        end = ctx.receive_point(receiver, action.cards)
        ctx.fly_cards(seat, action.cards, end, face=face, slow=True)
        key, params = _exchange_sentence(self, action.kind, seat, receiver)
        ctx.announce(key, **params)

    def draw_side(self, surface: pygame.Surface, frame: TableFrame) -> None:
        """Both teams' levels on a ladder from 2 to A (G1.3), the deal's level card lit."""
        if not frame.levels:
            return
        ctx, u = self.ctx, self.ctx.u
        rect = ctx.rect("side")
        box = pygame.Rect(rect.left, rect.top, rect.width, u(150))
        key = (
            box.size,
            ctx.scale,
            i18n.language(),
            text.is_rtl(),
            tuple(sorted((self.shown_levels(frame) or {}).items())),
            self.seen(frame).level,
            ctx.four_colour,
        )
        cached = getattr(self, "_ladder", None)
        if cached is None or cached[0] != key:  # drawn again only when something changed
            picture = pygame.Surface(box.size, pygame.SRCALPHA)
            self._draw_ladder(picture, picture.get_rect(), frame)
            self._ladder = cached = (key, picture)
        surface.blit(cached[1], box)

    def ladder_places(
        self, box: pygame.Rect, frame: TableFrame
    ) -> tuple[pygame.Rect, list[pygame.Rect], Callable[[int], int]]:
        """Where the ladder's parts go in ``box``: the level card (in the team names' column,
        so it covers no rank), one rect per rank label 2…A, and ``centre_x(i)`` of rank i's
        column. Labels too close for one row alternate between two rows."""
        u = self.ctx.u
        label_w = self.names_width()
        rtl = text.is_rtl()
        # The team names are read first: at the right in a right-to-left language, the
        # ladder's cells then to their left.
        cells_left = box.left + u(18) + (0 if rtl else label_w)
        cells = pygame.Rect(cells_left, box.top, box.width - u(28) - label_w, 0)
        step = cells.width / len(RANKS)

        def centre_x(i: int) -> int:  # rank i's column (2 at the reading start)
            offset = (i + 0.5) * step
            return int(cells.right - offset if rtl else cells.left + offset)

        inks = [self._rank_image(rank, INK_FAINT).get_bounding_rect() for rank in RANKS]
        gap = max(2, u(4))
        lefts = _spread([centre_x(i) for i in range(len(RANKS))], inks, gap, step)
        crowded = lefts is None
        # Each label's ink (the rendered line's empty ascent left out), its line's top at
        # ``top``; a second row sits one ink height and a gap lower.
        ink_top = min(ink.top for ink in inks)
        ink_bottom = max(ink.bottom for ink in inks)
        top = box.top + (u(6) - ink_top if crowded else u(24))
        labels = []
        for i, ink in enumerate(inks):
            y = top + (ink_bottom - ink_top + max(2, u(4)) if crowded and i % 2 else 0)
            left = centre_x(i) - ink.width // 2 if lefts is None else lefts[i]
            labels.append(pygame.Rect(left, y + ink.top, *ink.size))
        card_w, card_h = card_art.card_size(LEVEL_CARD_H * u(100) // 100)
        card = pygame.Rect(0, box.top + u(8), card_w, card_h)
        if rtl:
            card.right = box.right - u(18)
        else:
            card.left = box.left + u(18)
        return card, labels, centre_x

    def names_width(self) -> int:
        """The ladder's team-name column: as wide as the names (and the level card), at most
        ``u(120)``, so the rank labels keep one row (issue 40: they split into two)."""
        u, px = self.ctx.u, self.ctx.tu(20)
        widest = max(text.size(self.team_name(team), px)[0] for team in (0, 1))
        card_w = card_art.card_size(LEVEL_CARD_H * u(100) // 100)[0]
        return min(u(120), max(widest, card_w) + u(12))

    def _draw_ladder(self, surface: pygame.Surface, box: pygame.Rect, frame: TableFrame) -> None:
        ctx, u = self.ctx, self.ctx.u
        panel(surface, box, ctx.scale, alpha=190)
        label_w = self.names_width()
        card, labels, centre_x = self.ladder_places(box, frame)
        level = self.seen(frame).level
        if level in RANKS:  # the deal's level card, as it looks in the hand
            image = card_art.face(Card(level, "H"), card.height, ctx.four_colour, wild=True)
            surface.blit(image, card)
        for rank, rect in zip(RANKS, labels, strict=True):
            image = self._rank_image(rank, BRASS if rank == level else INK_FAINT)  # level lit
            ink = image.get_bounding_rect()
            surface.blit(image, (rect.left - ink.left, rect.top - ink.top))
        levels = self.shown_levels(frame) or {}
        for team in (0, 1):
            y = box.top + u(84) + team * u(36)
            ctx.text(
                surface,
                self.team_name(team),
                20,
                INK_DIM,
                (box.left + u(18), y),
                "midleft",
                max_width=label_w - u(8),
                within=box,
            )
            reached = RANKS.index(levels.get(team)) if levels.get(team) in RANKS else -1
            colour = LADDER_COLOURS[team]
            pygame.draw.line(
                surface, (40, 60, 52), (centre_x(0), y), (centre_x(len(RANKS) - 1), y), u(3)
            )
            for i in range(len(RANKS)):
                x = centre_x(i)
                if i == reached:
                    pygame.draw.circle(surface, colour, (x, y), u(10))
                    pygame.draw.circle(surface, INK, (x, y), u(10), max(1, u(2)))
                elif i < reached:
                    pygame.draw.circle(surface, colour, (x, y), u(5))
                else:
                    pygame.draw.circle(surface, (40, 60, 52), (x, y), u(5))
        for i, line in enumerate(self.a_try_lines(frame)):  # VG3, under the ladder
            ctx.text(
                surface, line, 17, INK_DIM, (box.left + u(18), box.bottom + u(14) + i * u(24)),
                "midleft", max_width=box.width - u(36),
            )  # fmt: skip

    def _rank_image(self, rank: str, colour: Colour) -> pygame.Surface:
        """A rank's label; "10" set a little tighter, as on a card's corner, so the ladder's
        labels keep one row in a small window."""
        px = self.ctx.tu(18)
        label = info.rank_label(rank)
        if len(label) != 2:
            return text.render(label, px, colour)
        one, two = (text.render(part, px, colour) for part in label)
        kern = max(1, px // 7)
        image = pygame.Surface(
            (one.get_width() + two.get_width() - kern, max(one.get_height(), two.get_height())),
            pygame.SRCALPHA,
        )
        image.blit(one, (0, 0))
        image.blit(two, (one.get_width() - kern, 0))
        return image

    def a_try_lines(self, frame: TableFrame) -> list[str]:
        """VG3: "A: try 2 of 3" for each team at A while the house rule is on."""
        view = self.seen(frame)
        limit = view.options["a_level_tries"]
        if not limit or not frame.levels:
            return []
        return [
            i18n.join(
                (
                    self.team_name(team),
                    i18n.tr("house.a_try", count=view.a_tries[team] + 1, limit=limit),
                )
            )
            for team in (0, 1)
            if frame.levels.get(team) == "A"
        ]

    def received_cards(self, frame: TableFrame) -> list[Card]:
        """G3: the tribute or return cards handed to the player."""
        return [
            e.card
            for e in self.seen(frame).tributes
            if e.receiver == 0 and e.card is not None and e.kind in ("tribute", "return")
        ]

    def deal_ceremony(self, frame: TableFrame) -> tuple[str, Colour, float] | None:
        """A double finish (双下: a team 1st and 2nd, G1.2) weighs the most, in that team's
        colour; else the player's team's level-up."""
        result = frame.result
        order = tuple(getattr(result, "finish_order", ()) or ())
        if not frame.match_over and len(order) >= 2 and order[0] % 2 == order[1] % 2:
            return i18n.tr("table.double_finish"), TEAM_COLOURS[order[0] % 2], 2.2
        return super().deal_ceremony(frame)

    def received_from(self, frame: TableFrame) -> int | None:
        """G3: who paid the player tribute, or gave it its return card."""
        for event in reversed(self.seen(frame).tributes):
            if event.receiver == 0 and event.kind in ("tribute", "return"):
                return event.giver
        return None

    def pinned_banner(self, frame: TableFrame) -> str | None:
        """While the player chooses its return card, the banner names the same pair as the
        prompt: the seat that paid it tribute (G3.5)."""
        if frame.phase != "return":
            return None
        payer = _return_receiver(self.seen(frame), 0)
        if payer is None:
            return None
        return i18n.tr("table.announce_tribute_to_you", payer=self.seat_name(payer))

    def is_wild(self, card: Card, frame: TableFrame) -> bool:
        return card.suit == "H" and card.rank == self.seen(frame).level

    def meaning_cards(self, action: Action, frame: TableFrame) -> list[Card]:
        """G5.5: the cards as this meaning reads them, each wild where it stands in: a
        straight to 10 shows 6 7 8 9 and the wild last, a straight to 9 the wild first."""
        return meaning_order(action.combo, list(action.cards), lambda c: self.is_wild(c, frame))

    def phase_prompt(self, frame: TableFrame) -> tuple[str, Colour] | None:
        if frame.phase == "return":  # the prompt says who receives the card (G3)
            receiver = _return_receiver(self.seen(frame), 0)
            name = self.seat_name(receiver) if receiver is not None else ""
            no_level = self.seen(frame).options["return_excludes_level"]  # VG2
            key = "guandan.prompt_return_no_level" if no_level else "guandan.prompt_return"
            return i18n.tr(key, name=name), INK
        return None

    def primary_label(self, frame: TableFrame, selected: int) -> tuple[str, str | None]:
        return ("table.give_back" if frame.phase == "return" else "table.play"), None

    def deal_result(self, frame: TableFrame) -> tuple[str, list[Row], ShownCards]:
        result = self.outcome(frame)
        if result is None:
            return i18n.tr("table.deal_over"), [], None
        rows: list[Row] = []
        team = result.winning_team
        promotion = i18n.tr(
            "guandan.promotion", team=self.team_name(team), count=result.levels_gained
        )
        if not frame.match_over:  # at the end the ladder stops at A: no "up 3" beside A → A
            rows.append((promotion, "", BRASS))
        rows += [(line, "", INK_DIM) for line in self.a_try_lines(frame)]
        title = i18n.tr("table.deal_won" if team == 0 else "table.deal_lost")
        return title, rows, None

    def result_table(self, frame: TableFrame) -> ResultTable | None:
        """G1.2: the players in finishing order, the cards each still held, the team levels."""
        result = self.outcome(frame)
        if result is None:
            return None
        columns = (
            Column(i18n.tr("result.player")),
            Column(i18n.tr("result.place"), numeric=True),
            Column(i18n.tr("result.cards_left"), numeric=True),
            Column(i18n.tr("result.level"), numeric=True),
        )
        rows = tuple(
            self.team_row(
                frame,
                seat,
                (
                    (i18n.tr(f"table.place_{place}"), BRASS if place == 1 else INK),
                    self.count_cell(frame.hand_counts[seat]),
                ),
            )
            for place, seat in enumerate(result.finish_order, start=1)
        )
        return ResultTable(columns, rows)
