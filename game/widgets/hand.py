"""The human's hand: a fanned row of cards with click, drag-across and keyboard selection.

Cards from two packs can be equal, so selection is by position in the displayed order, never by
card value. The widget only lays out and draws; the table scene decides what a selection means.

With ``feel`` on (effects not off, issue 54) the hand is alive: the card under the pointer
lifts a little, a selected card springs up and settles (:class:`~game.widgets.hand_feel.Feel`),
a refused selection shakes once and the fan opens as the deal ends. With it off the hand is
drawn exactly as before. A drag across the hand selects every card it passes over, however
fast the pointer moves.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable

import pygame

from game.rules.cards import Card
from game.widgets import cards as card_art
from game.widgets.hand_feel import Feel

#: A hand takes two rows (when allowed) when one row would show less than this share of each
#: card; the second row then covers the first below this share of a card's height.
ONE_ROW_SHOWS = 0.5
ROW_STEP = 0.42

#: The rim of a card just received (light cyan: apart from the brass of selection and turns).
NEW_MARK = (110, 220, 255)
#: The rim of a card a lesson points at (issue 41): brass, unlike the new-card rim.
POINTED = (236, 196, 92)


class HandWidget:
    """A fan of face-up cards along the bottom of the table."""

    def __init__(self) -> None:
        self.cards: list[Card] = []
        self.selected: set[int] = set()
        self.focus = 0
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.card_height = 160
        self.raise_px = 28
        self.rows = 1  # the most rows the layout gives the hand
        self.visible = 0  # how many cards are shown (dealing animation)
        self.enabled = True
        self.wild: Callable[[Card], bool] = lambda card: False
        self.four_colour = False
        #: Cards just received (a kitty, a tribute, a return), marked until the next action.
        self.new: Counter[Card] = Counter()
        #: A small plate over the first new card saying where it came from ("From Left"),
        #: drawn by the scene in its language; None: the rim and dot alone.
        self.new_tag: pygame.Surface | None = None
        #: Cards a lesson's note speaks of (issue 41): drawn with a brass rim.
        self.marked: Counter[Card] = Counter()
        self._drag: bool | None = None  # the state dragging sets cards to
        self._dragged: set[int] = set()
        self._last_dragged: int | None = None  # the card the drag passed last
        #: The card under the pointer (it lifts a little when ``feel`` is on).
        self.hover: int | None = None
        #: The hand's springs, shake and fan (issue 54); None: drawn as before, still.
        self.feel: Feel | None = None

    # --- content ------------------------------------------------------------------------
    def set_cards(self, cards: Iterable[Card], *, keep_selection: bool = False) -> None:
        """Show ``cards`` in this order; selection is kept only if the multiset is unchanged."""
        cards = list(cards)
        same = Counter(cards) == Counter(self.cards)
        if not (keep_selection and same):
            self.selected.clear()
        else:
            chosen = Counter(self.cards[i] for i in self.selected)
            self.selected = set()
            for i, card in enumerate(cards):
                if chosen[card] > 0:
                    chosen[card] -= 1
                    self.selected.add(i)
        self.cards = cards
        self.visible = len(cards)
        self.focus = min(self.focus, max(0, len(cards) - 1))

    def selection(self) -> list[Card]:
        return [self.cards[i] for i in sorted(self.selected)]

    def select_cards(self, cards: Iterable[Card]) -> None:
        """Select exactly these cards (a hint); copies are matched one by one."""
        wanted = Counter(cards)
        self.selected = set()
        for i, card in enumerate(self.cards):
            if wanted[card] > 0:
                wanted[card] -= 1
                self.selected.add(i)

    def clear(self) -> None:
        self.selected.clear()

    # --- geometry -----------------------------------------------------------------------
    def layout(self, rect: pygame.Rect, card_height: int, *, rows: int = 1) -> None:
        """Lay the hand in ``rect``; with ``rows=2`` a hand that would show too little of
        each card in one row takes two (the second covering the first's lower part)."""
        self.rect = rect
        self.card_height = card_height
        self.raise_px = max(8, card_height // 6)
        self.rows = rows

    def card_width(self) -> int:
        return card_art.card_size(self.card_height)[0]

    def rows_used(self) -> int:
        """2 when the hand is laid in two rows now (a full hand in a small window)."""
        n = len(self.cards)
        if self.rows < 2 or n < 2:
            return 1
        # Once the layout gives two rows, a hand keeps them until one row would show clearly
        # more of each card (it does not flip between one and two rows on every play).
        width = self.card_width()
        return 2 if (self.rect.width - width) / (n - 1) < width * (ONE_ROW_SHOWS + 0.1) else 1

    def positions(self) -> list[pygame.Rect]:
        """Rect of each shown card (selected ones raised), in reading order: left to right,
        the upper row first."""
        n = self.visible
        if n <= 0:
            return []
        rows = self.rows_used()
        first = -(-len(self.cards) // rows)  # the upper row holds the odd card
        rects = []
        for row in range(rows):
            start, stop = (0, first) if row == 0 else (first, len(self.cards))
            top = self.rect.bottom - self.card_height
            if rows == 2 and row == 0:
                top -= round(self.card_height * ROW_STEP)
            rects += self._row(start, min(stop, n), stop - start, top)
        return rects

    def _row(self, start: int, stop: int, count: int, top: int) -> list[pygame.Rect]:
        """Cards ``start`` … ``stop - 1`` of a row laid out for ``count`` cards."""
        width = self.card_width()
        step = width * 0.62 if count > 1 else 0
        if count > 1:
            step = min(step, (self.rect.width - width) / (count - 1))
        feel = self.feel
        if feel is not None:
            step *= feel.spread
        left = self.rect.centerx - (width + step * (count - 1)) / 2
        rects = []
        for i in range(start, stop):
            if feel is None:
                y = top - (self.raise_px if i in self.selected else 0)
                x = round(left + (i - start) * step)
            else:
                y = top - round(self.raise_px * feel.lift(i))
                x = round(left + (i - start) * step + feel.shake_x(i, width))
            rects.append(pygame.Rect(x, y, width, self.card_height))
        return rects

    def index_at(self, pos: tuple[int, int]) -> int | None:
        """The topmost card under ``pos``; a raised card also answers where it was."""
        rects = self.positions()
        for i in range(len(rects) - 1, -1, -1):
            if rects[i].collidepoint(pos):
                return i
        for i in range(len(rects) - 1, -1, -1):
            if i in self.selected and rects[i].move(0, self.raise_px).collidepoint(pos):
                return i
        return None

    def center_of(self, index: int) -> tuple[int, int]:
        rects = self.positions()
        if 0 <= index < len(rects):
            return rects[index].center
        return self.rect.center

    # --- input --------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        """Mouse selection; True when the event changed or started a selection."""
        if not self.enabled:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            index = self.index_at(event.pos)
            if index is None:
                return False
            self._drag = index not in self.selected
            self._dragged = {index}
            self._last_dragged = index
            self._set(index, self._drag)
            self.focus = index
            return True
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.index_at(event.pos)
            if self._drag is None:
                return False
            return self._drag_to(self.hover)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._drag is not None:
            self._drag = None
            self._dragged = set()
            self._last_dragged = None
            return True
        return False

    def _drag_to(self, index: int | None) -> bool:
        """The drag reached ``index``: it and every card between it and the card passed last
        take the drag's state (a fast pointer skips none)."""
        if index is None or index in self._dragged:
            return False
        last = self._last_dragged if self._last_dragged is not None else index
        if self.rows_used() == 2:
            first = -(-len(self.cards) // 2)  # the upper row's length: rows are not filled across
            if (last < first) != (index < first):
                last = index - 1 if index >= last else index + 1
        step = 1 if index >= last else -1
        for passed in range(last + step, index + step, step):
            if passed not in self._dragged:
                self._dragged.add(passed)
                self._set(passed, bool(self._drag))
        self._last_dragged = index
        self.focus = index
        return True

    def _set(self, index: int, on: bool) -> None:
        if on:
            self.selected.add(index)
        else:
            self.selected.discard(index)

    def move_focus(self, step: int) -> None:
        if self.cards:
            self.focus = (self.focus + step) % len(self.cards)

    def _draw_new_mark(self, surface: pygame.Surface, rect: pygame.Rect, first: bool) -> None:
        """A received card: a bright double rim, and above it the scene's tag on the first
        one ("From Left", issue 40) or else a dot."""
        width = max(2, self.card_height // 45)
        radius = max(4, rect.width // 10)
        pygame.draw.rect(surface, NEW_MARK, rect, width=width, border_radius=radius)
        halo = rect.inflate(2 * width + 2, 2 * width + 2)
        pygame.draw.rect(
            surface, (20, 40, 34), halo, width=max(1, width // 2), border_radius=radius
        )
        if first and self.new_tag is not None:
            tag = self.new_tag.get_rect(midbottom=(rect.centerx, rect.top - 2))
            tag.clamp_ip(self.rect.inflate(0, 4 * self.raise_px).clip(surface.get_rect()))
            surface.blit(self.new_tag, tag)
            return
        dot = max(4, self.card_height // 22)
        centre = (rect.left + rect.width // 2, rect.top - dot - 2)
        pygame.draw.circle(surface, NEW_MARK, centre, dot)
        pygame.draw.circle(surface, (20, 40, 34), centre, dot, width=max(1, dot // 3))

    def _draw_pointed(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """A card the lesson speaks of: a thick brass rim just outside the card."""
        width = max(3, self.card_height // 30)
        pygame.draw.rect(
            surface, POINTED, rect.inflate(width, width), width=width, border_radius=rect.width // 9
        )

    def refuse(self) -> None:
        """The selection was refused: its cards shake once (with ``feel`` on)."""
        if self.feel is not None:
            self.feel.refuse(self.selected)

    def update(self, dt: float) -> None:
        """Move the hand's springs, shake and fan on by ``dt`` seconds (with ``feel`` on)."""
        if self.feel is not None:
            hover = self.hover if self.enabled and self._drag is None else None
            self.feel.update(dt, len(self.cards), self.selected, hover)

    def moving(self) -> bool:
        """Whether a card of the hand is still moving (a spring, a shake, the fan)."""
        return self.feel is not None and self.feel.moving()

    def toggle_focus(self) -> None:
        if self.cards:
            self._set(self.focus, self.focus not in self.selected)

    # --- drawing ------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, *, show_focus: bool) -> None:
        positions = self.positions()
        if positions and surface.get_clip() != surface.get_rect():
            # Drawn again only in a moving place (issue 30): nothing to do when the hand, its
            # focus ring and its new-card dots lie wholly outside it.
            reach = positions[0].unionall(positions)
            if not surface.get_clip().colliderect(reach.inflate(16, self.card_height // 4 + 24)):
                return
        unmarked = Counter(self.new)
        pointed = Counter(self.marked)
        for i, rect in enumerate(positions):
            card = self.cards[i]
            fresh = unmarked[card] > 0
            if fresh:
                unmarked[card] -= 1
            image = card_art.face(
                card,
                self.card_height,
                self.four_colour,
                i in self.selected,
                not self.enabled,
                self.wild(card),
            )
            surface.blit(image, rect)
            if fresh:
                first = sum(self.new.values()) - sum(unmarked.values()) == 1
                self._draw_new_mark(surface, rect, first)
            if pointed[card] > 0:
                pointed[card] -= 1
                self._draw_pointed(surface, rect)
            if show_focus and i == self.focus:
                pygame.draw.rect(
                    surface,
                    (250, 240, 210),
                    rect.inflate(6, 6),
                    width=max(2, self.card_height // 60),
                    border_radius=max(4, rect.width // 10),
                )
