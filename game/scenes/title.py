"""The title screen: the CARDAVIA wordmark and one card per preset; Resume when a match was left.

Arrow keys (mirrored in right-to-left languages) or the mouse choose a preset, Enter or a click
opens its screen. Esc asks whether to quit (:func:`game.scenes.confirm.ask_quit`: Enter
quits, Esc stays). A quiet About button in the bottom corner opens :class:`game.scenes.about.AboutScene`. Each game
keeps its own match in progress (issue 45): the card of a game with one shows the match's state
in the game's words (:func:`game.scenes.preset.saved_words`) instead of its tagline, with Resume
(:func:`game.scenes.preset.open_table`, ``TableScene.resume``) and New match, which asks once
before giving the match up (:func:`game.scenes.preset.start_new_match`).
"""

from __future__ import annotations

import itertools
import logging
from typing import TYPE_CHECKING

import pygame

from game import i18n, save, text
from game.scenes.base import Scene
from game.scenes.challenges import ChallengeEntry
from game.scenes.confirm import ask_quit
from game.scenes.opening import saved_words
from game.scenes.preset import PresetScene
from game.scenes.title_backdrop import TitleBackdrop
from game.scenes.title_cards import (
    ART_H,
    CardPainter,
    PresetCard,
    buttons_stacked,
    place_card_buttons,
)
from game.widgets.common import (
    BRASS,
    INK,
    INK_DIM,
    Button,
    FocusRing,
    felt,
    scaled,
)

if TYPE_CHECKING:  # pragma: no cover
    from game.services import Services

log = logging.getLogger(__name__)


def saved_matches() -> list[str]:
    """The games with a match in progress (the first start takes over the old single save)."""
    try:
        return save.saved_games()
    except Exception:  # a broken save must never stop the title screen
        log.exception("could not check the autosaves")
        return []


class TitleScene(Scene):
    """The first screen."""

    title_key = "app.name"
    music = "title"

    def __init__(self, app: Services) -> None:
        super().__init__(app)
        self.cards = [PresetCard(preset, app) for preset in app.presets.values()]
        #: The key line stands above the corner buttons (too long beside them).
        self._hint_above = False
        four = lambda: bool(app.settings.four_colour)  # noqa: E731 - read live
        self.painter = CardPainter(app, self.text_px, four)
        self.about_button = Button("title.about", self.open_about, style="quiet", size_px=22)
        self.stats_button = Button("title.stats", self.open_stats, style="quiet", size_px=22)
        self.history_button = Button("title.history", self.open_history, style="quiet", size_px=22)
        self._challenges(app)
        self.index = 0
        self.focus = FocusRing()
        self._pressed: PresetCard | None = None
        self.backdrop = TitleBackdrop(app, self.text_px)
        self._static: pygame.Surface | None = None
        self._base: pygame.Surface | None = None
        self._static_four = False
        self._card_images: dict[tuple[object, ...], pygame.Surface] = {}
        self.time = 0.0  # seconds since the title appeared (its fans open, the light sweeps)

    def _challenges(self, app: Services) -> None:
        """The row of Challenges buttons at the foot of each game's card (issue 59)."""
        self.challenges = ChallengeEntry(app, [card.preset.id for card in self.cards])
        self.challenge_buttons = self.challenges.buttons

    @property
    def cut_taglines(self) -> set[str]:
        """The cards whose words had to be cut at the card's edge (tests: none should be)."""
        return self.painter.cut_taglines

    # --- behaviour --------------------------------------------------------------------------

    def enter(self) -> None:
        self.time = 0.0
        saved = saved_matches()
        for card in self.cards:
            card.saved = saved_words(card.preset.id) if card.preset.id in saved else None
            card.daily.refresh()
        self.challenges.refresh()
        self.relayout()

    def open_about(self) -> None:
        from game.scenes.about import AboutScene

        self.app.stack.push(AboutScene(self.app))

    def open_stats(self) -> None:
        from game.scenes.statistics import StatisticsScene

        self.app.stack.push(StatisticsScene(self.app))

    def open_history(self) -> None:
        from game.scenes.history import HistoryScene

        self.app.stack.push(HistoryScene(self.app))

    def go_back(self) -> None:
        ask_quit(self.app)

    @property
    def can_go_back(self) -> bool:
        return False

    def open(self, card: PresetCard) -> None:
        self.app.stack.push(PresetScene(self.app, card.preset))

    @property
    def resume_buttons(self) -> list[Button]:
        """The Resume and New match buttons of the cards with a match in progress."""
        return [button for card in self.cards for button in card.buttons]

    @property
    def card_buttons(self) -> list[Button]:
        """Every button on the cards: the deals of the day, Resume and New match, then the
        Challenges rows."""
        daily = [card.daily.button for card in self.cards]
        return daily + self.resume_buttons + list(self.challenge_buttons.values())

    def _entries(self) -> list[PresetCard | Button]:
        entries: list[PresetCard | Button] = list(self.cards)
        entries.extend(self.card_buttons)
        entries.append(self.history_button)
        entries.append(self.stats_button)
        entries.append(self.about_button)
        return entries

    def _set_focus(self, index: int) -> None:
        entries = self._entries()
        self.index = index % len(entries) if entries else 0
        for i, entry in enumerate(entries):
            entry.focused = i == self.index

    def handle_event(self, event: pygame.event.Event) -> bool:
        entries = self._entries()
        if event.type == pygame.KEYDOWN:
            rtl = text.is_rtl()
            forward = pygame.K_LEFT if rtl else pygame.K_RIGHT
            backward = pygame.K_RIGHT if rtl else pygame.K_LEFT
            if event.key in (forward, pygame.K_TAB) and not event.mod & pygame.KMOD_SHIFT:
                self._set_focus(self.index + 1)
                return True
            if event.key in (backward, pygame.K_TAB):
                self._set_focus(self.index - 1)
                return True
            below = self._below(entries) if event.key == pygame.K_DOWN else None
            if below is not None:
                self._set_focus(entries.index(below))
                return True
            if event.key == pygame.K_UP and self.index >= len(self.cards):
                self._set_focus(0)
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and entries:
                entry = entries[self.index]
                if isinstance(entry, PresetCard):
                    self.open(entry)
                else:
                    entry.activate()
                return True
            return False
        for button in self.card_buttons:
            if button.handle_event(event):
                return True
        if self.about_button.handle_event(event):
            return True
        if self.stats_button.handle_event(event):
            return True
        if self.history_button.handle_event(event):
            return True
        if event.type == pygame.MOUSEMOTION:
            for i, card in enumerate(self.cards):
                card.hovered = card.rect.collidepoint(event.pos)
                if card.hovered:
                    self._set_focus(i)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._pressed = next((c for c in self.cards if c.rect.collidepoint(event.pos)), None)
            return self._pressed is not None
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            pressed, self._pressed = self._pressed, None
            if pressed is not None and pressed.rect.collidepoint(event.pos):
                self.open(pressed)
                return True
        return False

    def _below(self, entries: list[PresetCard | Button]) -> PresetCard | Button | None:
        """What Down moves to from the entry focused: down a card's column (its deal of the
        day, its Resume, its Challenges row); None at the bottom of a card."""
        focused = entries[self.index] if entries else None
        for card in self.cards:
            row = self.challenge_buttons.get(card.preset.id)
            column: list[PresetCard | Button] = [card, card.daily.button, *card.buttons]
            column += [row] if row is not None else []
            for above, below in itertools.pairwise(column):
                if focused is above:
                    return below
        return None

    # --- layout and drawing -----------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.time += dt

    def relayout(self) -> None:
        s = self.app.scale
        width, height = self.app.size
        self.backdrop.reset()
        self._static = None
        self._card_images.clear()
        self._hint_above = False
        count = max(1, len(self.cards))
        gap = scaled(48, s)
        card_w = min(scaled(520, s), (width - scaled(120, s) - gap * (count - 1)) // count)
        top = self.app.topbar_height + scaled(330, s)
        # Tall enough for the longest tagline at its normal size, within the window; the key
        # line goes above the corner buttons when it would meet them (and the cards make room).
        corner_w = sum(
            b.natural_width(s) for b in (self.about_button, self.stats_button, self.history_button)
        ) + scaled(24 + 2 * 16 + 16, s)
        hint_w, hint_h = text.size(i18n.tr("title.hint"), self.text_px(19))
        self._hint_above = hint_w // 2 + corner_w > width // 2
        room = height - scaled(70, s) - top - (hint_h + scaled(6, s) if self._hint_above else 0)
        needed = max((self._needed_height(card, card_w) for card in self.cards), default=0)
        card_h = min(room, max(scaled(560, s), needed))
        # When the words need more room than the window gives, the fanned cards above them
        # give some up (down to a third of their height: the deal of the day and Challenges
        # rows need their room too) before the words shrink.
        self.painter.art_h = max(scaled(ART_H // 3, s), scaled(ART_H, s) - max(0, needed - room))
        total = count * card_w + (count - 1) * gap
        left = (width - total) // 2
        order = list(range(count))
        if text.is_rtl():
            order.reverse()  # the first preset stands on the right
        for slot, i in enumerate(order):
            self.cards[i].rect = pygame.Rect(left + slot * (card_w + gap), top, card_w, card_h)
        for card in self.cards:
            card.footer = self.challenges.room(card.preset.id, s)
            place_card_buttons(card, self.app.scale)
            self.challenges.place(card.preset.id, card.rect, s)
            under = [button.rect.top for button in card.buttons]
            bottom = min(under, default=card.rect.bottom - card.footer) - scaled(18, s)
            card.daily.place(card.rect, bottom, self.text_px(17))
        # About sits in the bottom corner on the end side (left in a right-to-left language),
        # Statistics beside it towards the middle, History beside that.
        corner = (width - scaled(24, s), height - scaled(10, s))
        beside: pygame.Rect | None = None
        for button in self._corner():
            button.rect = pygame.Rect(0, 0, button.natural_width(s), scaled(48, s))
            if text.is_rtl():
                x = scaled(24, s) if beside is None else beside.right + scaled(16, s)
                button.rect.bottomleft = (x, corner[1])
            else:
                x = corner[0] if beside is None else beside.left - scaled(16, s)
                button.rect.bottomright = (x, corner[1])
            beside = button.rect
        self._set_focus(min(self.index, len(self._entries()) - 1))

    def _needed_height(self, card: PresetCard, card_w: int) -> int:
        """Height of a preset card whose texts are drawn at their normal sizes."""
        s = self.app.scale
        inner_w = card_w - 2 * scaled(36, s)
        preset = card.preset
        name = text.render(i18n.tr(preset.name_key), self.text_px(40), INK, bold=True)
        line = text.render(
            i18n.tr(preset.line_key), self.text_px(19), BRASS, max_width=inner_w, align="center"
        )
        tagline = text.render(
            i18n.tr(preset.tagline_key),
            self.text_px(19),
            INK_DIM,
            max_width=inner_w,
            align="center",
        )
        return (
            scaled(ART_H, s)
            + name.get_height()
            + line.get_height()
            + tagline.get_height()
            + scaled(6 + 32 + 28 + 6, s)
            + card.daily.height(self.text_px(17), card_w)
            + (scaled(70, s) if card.saved else 0)
            + self.challenges.room(card.preset.id, s)
            + (scaled(57, s) if card.saved and buttons_stacked(card, card_w, s) else 0)
        )

    def _corner(self) -> tuple[Button, Button, Button]:
        """The quiet buttons in the bottom corner, from the corner towards the middle."""
        return self.about_button, self.stats_button, self.history_button

    def _hint_bottom(self) -> int | None:
        """Where the key line ends when it stands above the corner buttons (see relayout)."""
        if not self._hint_above:
            return None
        return min(button.rect.top for button in self._corner()) - scaled(2, self.app.scale)

    def draw(self, surface: pygame.Surface) -> None:
        # Everything is pre-drawn with the cards at rest; only a lifted (hovered or focused)
        # card is drawn again each frame, over a patch of bare felt.
        s = self.app.scale
        margin = scaled(40, s)
        four = self.app.settings.four_colour
        if (
            self._static is None
            or self._static.get_size() != self.app.size
            or self._static_four != four
        ):
            # Two layers: the base (felt, wordmark, words) and the base with the cards at rest.
            self._base = felt(self.app.size, self.app.settings.felt).copy()
            self.backdrop.draw_static(self._base, self._hint_bottom())
            self._static = self._base.copy()
            self._static_four = four
            for card in self.cards:
                self._static.blit(
                    self._card_image(card, False, False, margin), card.rect.move(-margin, -margin)
                )
        surface.blit(self._static, (0, 0))
        self.backdrop.draw_motion(surface, self.time)
        assert self._base is not None  # made with the static layer above
        for card in self.cards:
            lifted = card.hovered or card.focused
            if not lifted:
                continue
            area = card.rect.inflate(2 * margin, 2 * margin)
            assert self._base is not None  # drawn with the static layer above
            surface.blit(self._base, area, area=area)
            for other in self.cards:  # neighbours' shadows reach into the patch
                if other is not card and other.rect.inflate(2 * margin, 2 * margin).colliderect(
                    area
                ):
                    clip = surface.get_clip()
                    surface.set_clip(area)
                    surface.blit(
                        self._card_image(other, False, False, margin),
                        other.rect.move(-margin, -margin),
                    )
                    surface.set_clip(clip)
            surface.blit(self._card_image(card, True, card.focused, margin), area)
        for card in self.cards:
            card.daily.draw(surface, self.text_px(17))
        for button in self.resume_buttons + list(self.challenge_buttons.values()):
            button.draw(surface, s)
        self.about_button.draw(surface, s)
        self.stats_button.draw(surface, s)
        self.history_button.draw(surface, s)

    def _card_image(
        self, card: PresetCard, lifted: bool, focused: bool, margin: int
    ) -> pygame.Surface:
        saved = str(card.saved) if card.saved is not None else None
        key = (
            card.preset.id,
            lifted,
            focused,
            self.app.settings.four_colour,
            saved,
            i18n.language(),
        )
        image = self._card_images.get(key)
        if image is None:
            image = pygame.Surface(card.rect.inflate(2 * margin, 2 * margin).size, pygame.SRCALPHA)
            hovered, was_focused = card.hovered, card.focused
            card.hovered, card.focused = lifted, focused
            self.painter.draw(image, card, pygame.Rect(margin, margin, *card.rect.size))
            card.hovered, card.focused = hovered, was_focused
            image = image.convert_alpha() if pygame.display.get_surface() is not None else image
            self._card_images[key] = image
        return image


__all__ = ["PresetCard", "TitleScene", "saved_matches"]
