"""The preset screen with its two tabs, Table and Full rules, and the ways into a table.

The presets themselves (read from each game folder's ``preset.toml``) are data in
:mod:`game.presets`; :class:`Preset`, :class:`PresetError`, :func:`read_preset` and
:func:`load_presets` are re-exported here for the modules that import them from this one.

The Table tab's Start button opens the game's table. While the game has a match in progress
(its own autosave, issue 45) the tab shows the match's state in the game's own words with
Resume and New match, which asks once before giving that match up; the title's cards do the
same, all through :mod:`game.scenes.opening`. The Full rules tab is
:class:`~game.scenes.preset_rules.PresetRulesView`.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import pygame

from game import house_rules, i18n, text
from game.presets import Preset, PresetError, load_presets, read_preset
from game.scenes.base import Scene
from game.scenes.opening import open_table, saved_words, start_new_match
from game.scenes.preset_rules import PresetRulesView, RulesPage
from game.widgets.common import (
    BRASS,
    INK,
    INK_DIM,
    INK_FAINT,
    PANEL_LINE,
    Button,
    FocusRing,
    blit_text,
    felt,
    panel,
    scaled,
    shadow,
)
from game.widgets.title_art import draw_fan, fan_rect
from game.words import Words

if TYPE_CHECKING:  # pragma: no cover
    from game.services import Services

log = logging.getLogger(__name__)

TABLE_TAB = "table"
RULES_TAB = "rules"

__all__ = [
    "RULES_TAB",
    "TABLE_TAB",
    "Preset",
    "PresetError",
    "PresetScene",
    "load_presets",
    "read_preset",
]


class PresetScene(Scene):
    """A preset's screen: the Table tab (its card and Start) and the Full rules tab."""

    def __init__(self, app: Services, preset: Preset, tab: str = TABLE_TAB) -> None:
        super().__init__(app)
        self.preset = preset
        self.tab = tab
        #: The house rules the next match will play by (remembered per preset).
        self.house = house_rules.load(preset.id, preset.options)
        #: The options of this preset's match in progress (fixed until it ends), or None.
        self.match: house_rules.HouseRules | None = None
        self.rules = PresetRulesView(preset, dict(self.house))
        self.page = RulesPage(app, self.rules, lambda: self._content)
        self.start_button = Button("preset.start", self.start, style="primary", size_px=26)
        self.resume_button = Button("save.resume", self.resume, style="primary", size_px=26)
        self.new_button = Button("save.new_match", self.start, size_px=26)
        #: The match in progress in a few words (None: there is none; Start is shown).
        self.saved: Words | None = None
        self.house_button = Button("house.button", self.open_house_rules, size_px=26)
        self.learn_button = Button("lesson.learn", self.learn, size_px=26)
        self.back_button = Button("preset.back", self.go_back, size_px=26)
        self.tab_buttons = {
            TABLE_TAB: Button(
                "preset.tab_table", lambda: self.set_tab(TABLE_TAB), style="quiet", size_px=26
            ),
            RULES_TAB: Button(
                "preset.tab_rules", lambda: self.set_tab(RULES_TAB), style="quiet", size_px=26
            ),
        }
        self.focus = FocusRing()
        self._header: pygame.Rect = pygame.Rect(0, 0, 0, 0)
        self._content: pygame.Rect = pygame.Rect(0, 0, 0, 0)
        self._card_rect: pygame.Rect = pygame.Rect(0, 0, 0, 0)
        self._row_top = 0
        self._laid_out_rules = False
        self._backdrop: pygame.Surface | None = None
        self._backdrop_key: tuple[object, ...] = ()

    @property
    def title_key(self) -> str:  # type: ignore[override]  # the base's attribute, per preset
        return self.preset.name_key

    # --- behaviour --------------------------------------------------------------------------

    def set_tab(self, tab: str) -> None:
        self.tab = tab
        if tab == RULES_TAB and not self._laid_out_rules:
            self.rules.layout(self.page.rules_rect(), self.app.scale)
            self._laid_out_rules = True
        self._sync_focus()

    def start(self) -> None:
        start_new_match(self.app, self.preset, dict(self.house))

    def resume(self) -> None:
        open_table(self.app, self.preset, resume=True)

    def _row_buttons(self) -> list[Button]:
        """The Table tab's row: Resume and New match while a match is in progress, else
        Start; then House rules and Back."""
        first = [self.resume_button, self.new_button] if self.saved else [self.start_button]
        return [*first, self.house_button, self.back_button]

    def _table_buttons(self) -> list[Button]:
        """The row and Learn to play (issue 41: at the end of the tabs' line, marked once its
        lesson was played to the end), in focus order."""
        if self.preset.game.lesson_path is None:  # a game without a lesson (yet)
            return self._row_buttons()
        done = self.app.settings.lesson_done(self.preset.id)
        self.learn_button.label = i18n.tr("lesson.learn_done") if done else None
        return [*self._row_buttons(), self.learn_button]

    def learn(self) -> None:
        """The game's guided deal (issue 41), at its own table."""
        try:
            from game.scenes.table import TableScene

            scene = TableScene.for_lesson(self.app, self.preset.id)
        except Exception:  # a broken lesson must not take the menus down with it
            log.exception("the %s lesson could not be opened", self.preset.id)
            scene = None
        if scene is None:
            self.app.toast("preset.table_failed")
            return
        self.app.stack.push(scene)

    def open_house_rules(self) -> None:
        from game.scenes.house_rules import HouseRulesScene

        scene = HouseRulesScene(
            self.app, self.preset.id, self.house, base=self.preset.options,
            on_change=self._house_changed, match=self.match,
        )  # fmt: skip
        self.app.stack.push(scene)

    def _house_changed(self, values: house_rules.HouseRules) -> None:
        self.house.clear()
        self.house.update(values)
        self._sync_match()

    def _sync_match(self) -> None:
        """Show the options of this preset's match in progress (the Full rules and the Table
        tab's line), else the remembered ones."""
        self.match = house_rules.match_options(self.preset.id)
        saved = saved_words(self.preset.id) if self.match is not None else None
        if saved != self.saved:
            self.saved = saved
            if self.app.size != (0, 0):
                self.relayout()
        shown = self.match if self.match is not None else self.house
        if shown != self.rules.values:
            self.rules.values = dict(shown)
            self._laid_out_rules = False
        self._backdrop = None

    def _sync_focus(self) -> None:
        buttons = self._table_buttons()
        if self.tab == TABLE_TAB:
            self.focus.set(buttons, 0 if self.focus.index < 0 else None)
        else:
            self.focus.set([], -1)
            for button in buttons:
                button.focused = False

    def enter(self) -> None:
        label = self.learn_button.label
        if self._table_buttons() and self.learn_button.label != label:
            self.relayout()  # a lesson just finished: its button's label grew
        self._sync_match()
        if self.tab == RULES_TAB and not self._laid_out_rules:
            self.rules.layout(self.page.rules_rect(), self.app.scale)
            self._laid_out_rules = True
        self._sync_focus()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_TAB:
            self.set_tab(RULES_TAB if self.tab == TABLE_TAB else TABLE_TAB)
            return True
        for button in self.tab_buttons.values():
            if button.handle_event(event):
                return True
        if self.tab == RULES_TAB:
            if event.type == pygame.MOUSEWHEEL or event.type == pygame.KEYDOWN:
                return self.rules.handle_event(event)
            return self.rules.handle_event(event)
        for button in self._table_buttons():
            if button.handle_event(event):
                return True
        return self.focus.handle_key(event)

    # --- layout and drawing -----------------------------------------------------------------

    def relayout(self) -> None:
        s = self.app.scale
        width, height = self.app.size
        self._backdrop = None
        top = self.app.topbar_height
        margin = scaled(80, s)
        self._header = pygame.Rect(margin, top + scaled(28, s), width - 2 * margin, scaled(120, s))
        tabs_y = self._header.bottom + scaled(6, s)
        x = margin
        rtl = text.is_rtl()
        for tab in (TABLE_TAB, RULES_TAB):
            button = self.tab_buttons[tab]
            w = button.natural_width(s)
            button.rect = pygame.Rect(x, tabs_y, w, scaled(52, s))
            x += w + scaled(12, s)
        if rtl:
            for button in self.tab_buttons.values():
                button.rect = pygame.Rect(
                    width - button.rect.right,
                    button.rect.top,
                    button.rect.width,
                    button.rect.height,
                )
        self._content = pygame.Rect(margin, tabs_y + scaled(72, s), width - 2 * margin, 0)
        self._content.height = height - self._content.top - scaled(48, s)
        card_w = min(self._content.width, scaled(1180, s))
        self._card_rect = pygame.Rect(0, 0, card_w, min(self._content.height, scaled(640, s)))
        self._card_rect.midtop = (width // 2, self._content.top)
        for button in (self.start_button, self.resume_button):
            bw = max(button.natural_width(s), scaled(240, s))
            button.rect = pygame.Rect(0, 0, bw, scaled(64, s))
        self.new_button.rect = pygame.Rect(0, 0, self.new_button.natural_width(s), scaled(56, s))
        self.back_button.rect = pygame.Rect(
            0, 0, max(self.back_button.natural_width(s), scaled(140, s)), scaled(56, s)
        )
        self.house_button.rect = pygame.Rect(
            0, 0, self.house_button.natural_width(s), scaled(56, s)
        )
        self._table_buttons()  # Learn's label (done or not) before its width
        learn_w = self.learn_button.natural_width(s)
        learn_x = margin if rtl else width - margin - learn_w
        self.learn_button.rect = pygame.Rect(learn_x, tabs_y, learn_w, scaled(52, s))
        self._place_row()
        self._laid_out_rules = False
        if self.tab == RULES_TAB:
            self.rules.layout(self.page.rules_rect(), s)
            self._laid_out_rules = True
        self._sync_focus()

    def _place_row(self) -> None:
        """The Table tab's buttons at the bottom of the card, where the words start or further
        toward the fan when long, wrapped onto a second line when the card is too narrow; the
        card grows (up to the page) so its words end above them (issue 40: at 800x600 in
        Hungarian the words ran over the row and the buttons over each other)."""
        s = self.app.scale
        card, gap = self._card_rect, scaled(20, s)
        row = self._row_buttons()
        lines: list[list[Button]] = [[]]
        for button in row:
            used = sum(b.rect.width + gap for b in lines[-1])
            if lines[-1] and used + button.rect.width > card.width - scaled(80, s):
                lines.append([])
            lines[-1].append(button)
        row_h = max(b.rect.height for b in row)
        rows_h = len(lines) * row_h + (len(lines) - 1) * (gap // 2)
        words_h = sum(image.get_height() + scaled(below, s) for image, below in self._words())
        need = scaled(56 + 24 + 36, s) + words_h + rows_h
        card.height = min(self._content.height, max(card.height, need))
        y = self._row_top = card.bottom - scaled(36, s) - rows_h
        for line in lines:
            line_w = sum(b.rect.width for b in line) + gap * (len(line) - 1)
            x = max(
                card.left + scaled(40, s),
                min(card.left + scaled(560, s), card.right - scaled(60, s) - line_w),
            )
            for button in line:
                button.rect.topleft = (x, y + (row_h - button.rect.height) // 2)
                x += button.rect.width + gap
                if text.is_rtl():
                    button.rect.left = card.left + card.right - button.rect.right
            y += row_h + gap // 2

    def _words_width(self) -> int:
        return self._card_rect.width - scaled(620, self.app.scale)

    def _words(self) -> list[tuple[pygame.Surface, int]]:
        """The Table tab card's words, top to bottom, each with the space below it: the
        header above already names the game and its line, the card only adds to them."""
        level = i18n.tr(f"ai.level.{self.app.settings.ai_level}")
        lines = [
            (i18n.tr(self.preset.tagline_key), 24, INK, False, 22),
            (i18n.tr(self._level_key(), level=level), 19, INK_FAINT, False, 8),
            (house_rules.summary(self.preset.id, self.rules.values), 19, INK_FAINT, False, 14),
        ]
        if self.saved:
            lines.append((i18n.tr("save.in_progress", state=self.saved), 21, BRASS, True, 0))
        width = self._words_width()
        return [
            (text.render(words, self.text_px(size), colour, bold=bold, max_width=width), below)
            for words, size, colour, bold, below in lines
        ]

    def draw(self, surface: pygame.Surface) -> None:
        # Felt, header, hint and the Table tab's card change rarely: keep them as one image.
        settings = self.app.settings
        key = (
            self.tab,
            self.app.size,
            i18n.language(),
            settings.four_colour,
            settings.ai_level,
            self.start_button.enabled,
            str(self.saved) if self.saved is not None else None,
            tuple(self.rules.values.items()),
        )
        if self._backdrop is None or self._backdrop_key != key:
            self._backdrop_key = key
            self._backdrop = felt(self.app.size, self.app.settings.felt).copy()
            self._draw_backdrop(self._backdrop)
        surface.blit(self._backdrop, (0, 0))
        s = self.app.scale
        header = self._header
        # Tabs: the chosen one underlined in brass, a hairline under both.
        base_y = self.tab_buttons[TABLE_TAB].rect.bottom + scaled(2, s)
        pygame.draw.line(surface, PANEL_LINE, (header.left, base_y), (header.right, base_y), 1)
        for tab, button in self.tab_buttons.items():
            button.style = "quiet"
            chosen = tab == self.tab
            button.draw(surface, s)
            if chosen:
                image = text.render(button.text(), self.text_px(button.size_px), INK, bold=True)
                pygame.draw.rect(
                    surface,
                    (14, 40, 30),
                    button.rect.inflate(-scaled(6, s), -scaled(10, s)),
                    border_radius=scaled(10, s),
                )
                blit_text(surface, image, button.rect, align="center")
                underline = pygame.Rect(
                    button.rect.left + scaled(12, s),
                    base_y - scaled(4, s),
                    button.rect.width - scaled(24, s),
                    scaled(4, s),
                )
                pygame.draw.rect(surface, BRASS, underline, border_radius=scaled(2, s))
        if self.tab == TABLE_TAB:
            for button in self._table_buttons():
                button.draw(surface, s)
        else:
            self.page.draw(surface)

    def _draw_backdrop(self, surface: pygame.Surface) -> None:
        s = self.app.scale
        name = text.render(i18n.tr(self.preset.name_key), scaled(64, s), BRASS, bold=True)
        header = self._header
        blit_text(surface, name, pygame.Rect(header.left, header.top, header.width, scaled(78, s)))
        line = text.render(i18n.tr(self.preset.line_key), self.text_px(22), INK_DIM)
        blit_text(
            surface,
            line,
            pygame.Rect(header.left, header.top + scaled(82, s), header.width, scaled(34, s)),
        )
        if self.tab == TABLE_TAB:
            self._draw_table_tab(surface)
        hint_key = "preset.hint_rules" if self.tab == RULES_TAB else "preset.hint_table"
        hint = text.render(i18n.tr(hint_key), self.text_px(19), INK_FAINT)
        blit_text(
            surface,
            hint,
            pygame.Rect(0, self.app.size[1] - scaled(40, s), self.app.size[0], scaled(30, s)),
            align="center",
        )

    def _level_key(self) -> str:
        """The AI level line: "opponents and partner" only at a table with partners."""
        partners = any(len(team) > 1 for team in self.preset.game.teams)
        return "preset.ai_level" if partners else "preset.ai_level_solo"

    def fan_place(self) -> tuple[tuple[int, int], int]:
        """Where the showcase fan stands and its cards' height: centred above the buttons in
        the room between the panel's edge and the words, made smaller when it is wider than
        that room (issue 55: Dou Dizhu's six cards stood over the border, then over the words)."""
        s, rect, rtl = self.app.scale, self._card_rect, text.is_rtl()
        fan_y = (rect.top + self._row_top) // 2 + scaled(10, s)
        margin, height = scaled(20, s), scaled(230, s)
        left, right = rect.left + margin, rect.left + scaled(560 - 24, s)
        if rtl:  # the words start 560 from the right edge there
            left, right = rect.right - scaled(560 - 24, s), rect.right - margin
        centre = ((left + right) // 2, fan_y)
        cover = fan_rect(self.preset.showcase, centre, height, spread=10.0)
        if cover.width > right - left:
            height = height * (right - left) // cover.width
            cover = fan_rect(self.preset.showcase, centre, height, spread=10.0)
        # The cards' boxes are not centred on the fan's centre: shift to the room's middle.
        return (centre[0] + (left + right) // 2 - cover.centerx, fan_y), height

    def _draw_table_tab(self, surface: pygame.Surface) -> None:
        s = self.app.scale
        rect = self._card_rect
        rtl = text.is_rtl()
        shadow(surface, rect, s, radius=24)
        panel(surface, rect, s, alpha=215, radius=24)
        # The showcase fan on one side (centred above the buttons), the words on the other
        # (mirrored in RTL).
        draw_fan(
            surface,
            self.preset.showcase,
            self.preset.showcase_wild,
            *self.fan_place(),
            self.app.settings.four_colour,
            spread=10.0,
        )
        words = pygame.Rect(
            rect.left + scaled(560, s), rect.top + scaled(56, s), self._words_width(), 0
        )
        if rtl:
            words.left = rect.left + scaled(60, s)
        y = words.top
        for image, below in self._words():
            place = pygame.Rect(words.left, y, words.width, image.get_height())
            blit_text(surface, image, place, valign="top")
            y += image.get_height() + scaled(below, s)
