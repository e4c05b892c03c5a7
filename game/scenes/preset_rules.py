"""The preset screen's Full rules tab (issue 40; issue 53: out of the preset screen): the game's
rules with its pictures beside the rules they show, and its house rules with their values,
printed on a dark page that fades where the text scrolls past its edges."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game import house_rules, i18n, text
from game.presets import Picture, Preset
from game.widgets import gallery
from game.widgets.common import PANEL_LINE, scaled, shadow
from game.widgets.rules_view import Block, RulesView, parse
from game.widgets.sheet import SHEET as PAGE

if TYPE_CHECKING:  # pragma: no cover
    from game.services import Services


class PresetRulesView(RulesView):
    """The preset's full rules, with its pictures beside the rules they show (issue 40),
    followed by its house rules, each with its value at this table: the options of the match
    in progress, else the remembered choice that the next match will play by."""

    def __init__(self, preset: Preset, values: house_rules.HouseRules) -> None:
        super().__init__(preset.id, preset.rules)
        self.values = values
        self.preset = preset

    def pictures(self, ids: list[str]) -> tuple[gallery.Tile, ...]:
        return tuple(picture_tile(self.preset, self.preset.pictures[i]) for i in ids)

    def source_blocks(self) -> list[Block]:
        blocks = super().source_blocks()
        for key, order in self.preset.option_rules.items():
            if self.values.get(key):  # a house rule that is on: its own rules (issue 58)
                headings = sum(1 for block in blocks if block.kind == "heading")
                blocks.extend(self.blocks_of(list(order), headings))
        markup = house_rules.rules_markup(self.preset_id, self.values)
        if markup:
            number = sum(1 for block in blocks if block.kind == "heading") + 1
            markup = markup.replace("# ", f"# {i18n.format_number(number)}. ", 1)
            blocks.extend(parse(markup))
        return blocks


def picture_tile(preset: Preset, picture: Picture) -> gallery.Tile:
    """A rule picture as the gallery draws it: the kind's name over its cards, the caption
    naming the house rule it needs, or that these rules refuse it, or its note."""
    if picture.option:
        caption = i18n.tr(
            "rules.pictures.house", option=house_rules.name(preset.id, picture.option)
        )
    elif not picture.allowed:
        caption = i18n.tr("rules.pictures.not_allowed")
    elif picture.note:
        caption = i18n.tr(f"rules.pictures.{picture.note}")
    else:
        caption = ""
    return gallery.Tile(
        gallery.label(picture.kind, len(picture.cards)),
        picture.cards,
        caption,
        picture.wild,
        refused=not picture.allowed,
    )


class RulesPage:
    """The dark page the Full rules tab prints ``rules`` on, inside the screen's ``content``
    (read live: it changes with the window)."""

    def __init__(
        self, app: Services, rules: PresetRulesView, content: Callable[[], pygame.Rect]
    ) -> None:
        self.app = app
        self.rules = rules
        self.content = content
        self._page: pygame.Surface | None = None
        self._fades: tuple[pygame.Surface, pygame.Surface] | None = None

    def rect(self) -> pygame.Rect:
        """The page's place: under the tabs, centred, at most 1340 wide at 1920×1080."""
        s = self.app.scale
        width = min(self.content().width, scaled(1340, s))
        rect = pygame.Rect(0, self.content().top - scaled(8, s), width, self.content().height)
        rect.centerx = self.app.size[0] // 2
        return rect

    def rules_rect(self) -> pygame.Rect:
        """Where the rules are printed, inside the page's margins."""
        s = self.app.scale
        return self.rect().inflate(-scaled(96, s), -scaled(40, s))

    def draw(self, surface: pygame.Surface) -> None:
        """The page, the rules on it, and a fade where text is scrolled past an edge."""
        s = self.app.scale
        page = self.rect()
        if self._page is None or self._page.get_size() != page.size:
            # Opaque, so the fades at the top and bottom can blend into it exactly.
            image = pygame.Surface(page.size, pygame.SRCALPHA)
            radius = scaled(22, s)
            pygame.draw.rect(image, PAGE, image.get_rect(), border_radius=radius)
            pygame.draw.rect(
                image, PANEL_LINE, image.get_rect(), scaled(2, s), border_radius=radius
            )
            self._page = image
            fade_h = scaled(26, s)
            fade = pygame.Surface((page.width - scaled(8, s), fade_h), pygame.SRCALPHA)
            for y in range(fade_h):
                alpha = round(255 * (1 - y / fade_h) ** 1.5)
                pygame.draw.line(fade, (*PAGE, alpha), (0, y), (fade.get_width(), y))
            self._fades = (fade, pygame.transform.flip(fade, False, True))
        shadow(surface, page, s, radius=22)
        surface.blit(self._page, page)
        self.rules.draw(surface)
        view = self.rules.rect
        assert self._fades is not None  # made with the page above
        top_fade, bottom_fade = self._fades
        x = page.left + scaled(4, s)
        # The scroll bar stays visible over the fades: draw them on the text side only.
        if self.rules.offset > 0:
            area = self._fade_area(top_fade)
            surface.blit(top_fade, (x + area.x, view.top), area=area)
        if self.rules.offset < self.rules.max_offset:
            area = self._fade_area(bottom_fade)
            surface.blit(
                bottom_fade, (x + area.x, view.bottom - bottom_fade.get_height()), area=area
            )

    def _fade_area(self, fade: pygame.Surface) -> pygame.Rect:
        """The part of a fade beside the scroll bar, on the text's side."""
        bar = self.rules._track()
        left = self.rect().left + scaled(4, self.app.scale)
        area = fade.get_rect()
        if text.is_rtl():
            cut = bar.right + scaled(4, self.app.scale) - left
            return pygame.Rect(cut, 0, area.width - cut, area.height)
        return pygame.Rect(0, 0, bar.left - scaled(4, self.app.scale) - left, area.height)
