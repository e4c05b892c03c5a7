"""The About screen (issue 29): version, licence, credits and the third-party licences.

Opened from the title screen's About button; Esc or the top bar's back button returns. The
words come from the locale (``about.*``); the list of third-party parts and their licences is
read from THIRD_PARTY_NOTICES (its ``## name — licence`` lines), the file shipped in the wheel
and the executable, so the screen and the notices cannot disagree. The page scrolls like the
rules (game.widgets.rules_view).
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import pygame

from game import __version__, i18n
from game.paths import resource_root
from game.scenes.base import PageScene
from game.widgets.rules_view import Block, RulesView
from game.widgets.sheet import SheetStyle

if TYPE_CHECKING:  # pragma: no cover
    from game.services import Services

log = logging.getLogger(__name__)

NOTICES = "THIRD_PARTY_NOTICES"


def third_party_parts() -> list[tuple[str, str]]:
    """(part, licence) for every ``## part — licence`` line of THIRD_PARTY_NOTICES."""
    try:
        lines = (resource_root() / NOTICES).read_text(encoding="utf-8").splitlines()
    except OSError as error:
        log.error("%s unreadable: %s", NOTICES, error)
        return []
    parts = []
    for line in lines:
        if line.startswith("## ") and " — " in line:
            name, licence = line[3:].split(" — ", 1)
            parts.append((name.strip(), licence.strip()))
    return parts


class AboutView(RulesView):
    """The About page's blocks in the rules view (wrapping, right to left, scrolling)."""

    def __init__(self) -> None:
        super().__init__("about")

    def source_blocks(self) -> list[Block]:
        blocks = [
            Block("title", i18n.tr("about.title")),
            Block("paragraph", i18n.tr("about.version", version=__version__)),
            Block("paragraph", i18n.tr("about.licence")),
            Block("heading", i18n.tr("about.credits")),
            Block("bullet", i18n.tr("about.credit_authors")),
            Block("bullet", i18n.tr("about.credit_fonts")),
            Block("bullet", i18n.tr("about.credit_libraries")),
            Block("heading", i18n.tr("about.licences")),
            Block("paragraph", i18n.tr("about.licences_intro")),
        ]
        # Names and licence identifiers are not translated; "·" reads in either direction.
        blocks += [Block("bullet", f"{name} · {licence}") for name, licence in third_party_parts()]
        blocks.append(Block("paragraph", i18n.tr("about.notices")))
        return blocks


class AboutScene(PageScene):
    """The About page on the felt."""

    title_key = "about.title"
    sheet_style = SheetStyle(
        max_width=1200, margin=120, top=40, bottom=40, pad=(96, 48), opaque=True
    )

    def __init__(self, app: Services) -> None:
        super().__init__(app)
        self.view = AboutView()

    def relayout(self) -> None:
        super().relayout()
        self.view.layout(self.sheet.inner, self.app.scale)

    def handle_event(self, event: pygame.event.Event) -> bool:
        return self.view.handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        self.view.draw(surface)
