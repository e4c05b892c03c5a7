"""Shengji's side panel at the table (S2.3, S4.1): while the trump is declared, the standing
declaration; then the dealer, the attackers' points against the 80 they need on a bar of 160
(filled from the reading start), and the point cards they have taken, fanned under it."""

from __future__ import annotations

import pygame

from game import i18n, text
from game.games.shengji.counting import captured_cards
from game.games.shengji.rules.records import ShengjiView
from game.rules.cards import Card
from game.scenes.table.context import TableContext
from game.scenes.table.view import GOOD
from game.table import info
from game.widgets import cards as card_art
from game.widgets.common import BRASS, INK, INK_DIM, fmt_number, panel

#: Points the attackers need (S4.1) and the bar's full length.
ATTACK_TARGET = 80
BAR_POINTS = 160


def draw_side(surface: pygame.Surface, ctx: TableContext, phase: str, view: ShengjiView) -> None:
    """The side panel (see the module docstring) of the deal ``view`` in its ``phase``."""
    u = ctx.u
    rect = ctx.rect("side")
    box = pygame.Rect(rect.left, rect.top, rect.width, u(140))
    panel(surface, box, ctx.scale, alpha=190)
    x, y = box.left + u(18), box.top + u(12)
    if phase == "declare":
        standing = view.standing
        ctx.text(surface, i18n.tr("shengji.standing"), 22, INK_DIM, (x, y), within=box)
        value = (
            i18n.tr(
                "shengji.standing_by",
                name=ctx.seat_name(standing.seat),
                cards=info.cards_label(standing.cards),
            )
            if standing is not None
            else i18n.tr("shengji.no_declaration")
        )
        ctx.text(surface, value, 24, INK, (x, y + u(36)), bold=True, max_width=u(384), within=box)
        return
    if view.dealer is not None:
        ctx.text(
            surface,
            i18n.tr("shengji.dealer_is", name=ctx.seat_name(view.dealer)),
            22,
            INK_DIM,
            (x, y),
            max_width=u(384),
            within=box,
        )
    draw_points(surface, ctx, box, int(view.attacker_points or 0))
    draw_captured(surface, ctx, box, captured_cards(view))


def draw_captured(
    surface: pygame.Surface, ctx: TableContext, box: pygame.Rect, cards: list[Card]
) -> None:
    """The point cards the attackers have taken, fanned in a row under the points bar
    (starting at the panel's reading start)."""
    if not cards:
        return
    u = ctx.u
    height = u(56)
    width = card_art.card_size(height)[0]
    step = min(u(22), (box.width - width) / max(1, len(cards) - 1)) if len(cards) > 1 else 0
    rtl = text.is_rtl()
    for i, card in enumerate(cards):
        x = box.right - width - i * step if rtl else box.left + i * step
        image = card_art.face(card, height, ctx.four_colour)
        surface.blit(image, (int(x), box.bottom + u(8)))


def draw_points(surface: pygame.Surface, ctx: TableContext, box: pygame.Rect, points: int) -> None:
    """The attackers' ``points``, and the bar they fill towards 80 (S4.1) from the reading start."""
    u = ctx.u
    x, y = box.left + u(18), box.top + u(12)
    ctx.text(surface, i18n.tr("shengji.attackers_points"), 22, INK_DIM, (x, y + u(36)), within=box)
    ctx.text(
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
    fill.width = int(bar.width * min(1.0, points / BAR_POINTS))
    if text.is_rtl():  # a right-to-left reader's bar fills from the right
        fill.right = bar.right
    color = GOOD if points >= ATTACK_TARGET else BRASS
    pygame.draw.rect(surface, color, fill, border_radius=bar.height // 2)
    mark = bar.left + bar.width // 2
    pygame.draw.line(surface, INK, (mark, bar.top - u(6)), (mark, bar.bottom + u(6)), max(1, u(3)))
    ctx.text(surface, fmt_number(ATTACK_TARGET), 16, INK, (mark, bar.bottom + u(4)), "midtop")
