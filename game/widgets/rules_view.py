"""A scrollable view of a preset's full rules, read from the locale catalog.

The rules are one key per block (issue 44) under ``rules.<preset>``, read in the order the
game folder's preset gives (``Preset.rules``; without one, the English catalog's order). A key's
name says what the block is: ``sN`` the heading of section N (numbered 1, 2, 3 … by the view),
``sN_pM`` a paragraph, ``sN_bM`` a bullet, ``sN_sbM`` a sub-bullet. An ``"@id"`` entry of the
order is a picture (:mod:`game.widgets.gallery`), drawn under the block before it; a subclass
says what it shows (:meth:`RulesView.pictures`).

:func:`parse` reads the older markup that other pages build (the house rules section): a line
``"# "`` is a numbered section heading, ``"- "`` a bullet, ``"  - "`` a sub-bullet, any other
line a paragraph; blank lines separate blocks.

The view wraps to its width through :mod:`game.text`, right-aligns and mirrors (indents and
the scroll bar) in a right-to-left language, and scrolls by the mouse wheel, the keys Up, Down,
Page Up, Page Down, Home and End, and a draggable scroll bar (a click on its track pages).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import pygame

from game import fonts, i18n, text
from game.widgets import gallery
from game.widgets.common import BRASS, INK, INK_DIM, PANEL_LINE, fmt_number, scaled

_NUMBERED = re.compile(r"^\s*\d+(\.\d+)*[.)]?\s")
#: A rules key's name and the block it is (see the module's docstring).
_KEY_KIND = re.compile(r"^s\d+(?:_(?P<kind>p|b|sb)\d+)?$")
_KINDS = {None: "heading", "p": "paragraph", "b": "bullet", "sb": "sub"}


@dataclass
class Block:
    """One laid-out piece of the rules: its kind, text and (after layout) image and place."""

    kind: str  # "title", "heading", "paragraph", "bullet", "sub", "gallery"
    text: str
    image: pygame.Surface | None = None
    y: int = 0
    indent: int = 0
    #: A gallery's pictures (see :mod:`game.widgets.gallery`).
    tiles: tuple[gallery.Tile, ...] = ()


def block_kind(key: str) -> str | None:
    """What the rules key ``key`` (its last part) is: "heading", "paragraph", "bullet",
    "sub"; None for a key that is not a block (``title``)."""
    found = _KEY_KIND.match(key.rsplit(".", 1)[-1])
    return _KINDS[found.group("kind")] if found else None


def catalog_order(preset_id: str) -> list[str]:
    """The block keys of ``rules.<preset_id>`` in the English catalog's order."""
    prefix = f"rules.{preset_id}."
    keys = (key[len(prefix) :] for key in i18n.catalog(i18n.DEFAULT_LANG) if key.startswith(prefix))
    return [key for key in keys if "." not in key and block_kind(key)]  # not a sub-table's


def parse(markup: str) -> list[Block]:
    """Blocks of the rules markup (headings numbered in order)."""
    blocks: list[Block] = []
    number = 0
    paragraph: list[str] = []

    def flush() -> None:
        if paragraph:
            blocks.append(Block("paragraph", " ".join(paragraph)))
            paragraph.clear()

    for raw in markup.splitlines():
        line = raw.rstrip()
        if not line.strip():
            flush()
            continue
        if line.startswith("# "):
            flush()
            number += 1
            heading = line[2:].strip()
            if not _NUMBERED.match(heading + " "):
                heading = f"{fmt_number(number)}. {heading}"
            blocks.append(Block("heading", heading))
        elif line.startswith("  - ") or line.startswith("\t- "):
            flush()
            blocks.append(Block("sub", line.strip()[2:].strip()))
        elif line.startswith("- "):
            flush()
            blocks.append(Block("bullet", line[2:].strip()))
        else:
            # Consecutive plain lines belong to one paragraph.
            paragraph.append(line.strip())
    flush()
    return blocks


def has_key(key: str) -> bool:
    return key in i18n.catalog(i18n.language()) or key in i18n.catalog(i18n.DEFAULT_LANG)


class RulesView:
    """The rules of one preset in a rectangle; call ``layout`` whenever size or language change."""

    def __init__(self, preset_id: str, order: tuple[str, ...] = ()) -> None:
        self.preset_id = preset_id
        #: The reading order: block keys and "@picture" ids (empty: the catalog's order).
        self.order = order
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.scale = 1.0
        self.blocks: list[Block] = []
        self.content_height = 0
        self.offset = 0.0
        self._drag: tuple[int, float] | None = None

    @property
    def title_key(self) -> str:
        return f"rules.{self.preset_id}.title"

    # --- layout -----------------------------------------------------------------------------

    def pictures(self, ids: list[str]) -> tuple[gallery.Tile, ...]:
        """The pictures ``ids`` of the order (none here: a preset's view draws them)."""
        return ()

    def source_blocks(self) -> list[Block]:
        """What the view shows: the preset's rules (another page, such as About, overrides)."""
        blocks: list[Block] = []
        if has_key(self.title_key):
            blocks.append(Block("title", i18n.tr(self.title_key)))
        blocks += self.blocks_of(list(self.order) or catalog_order(self.preset_id))
        if len(blocks) <= 1:
            blocks.append(Block("paragraph", i18n.tr("preset.rules_missing")))
        return blocks

    def blocks_of(self, order: list[str], number: int = 0) -> list[Block]:
        """The blocks of ``order`` (keys under ``rules.<preset>.`` and "@picture" ids), their
        headings numbered on from ``number``."""
        blocks: list[Block] = []
        index = 0
        while index < len(order):
            entry = order[index]
            if entry.startswith("@"):  # a run of pictures shares one place
                ids = []
                while index < len(order) and order[index].startswith("@"):
                    ids.append(order[index][1:])
                    index += 1
                tiles = self.pictures(ids)
                if tiles:
                    blocks.append(Block("gallery", "", tiles=tiles))
                continue
            index += 1
            kind = block_kind(entry)
            key = f"rules.{self.preset_id}.{entry}"
            if kind is None or not has_key(key):
                continue
            words = i18n.tr(key)
            if kind == "heading":
                number += 1
                words = f"{fmt_number(number)}. {words}"
            blocks.append(Block(kind, words))
        return blocks

    def layout(self, rect: pygame.Rect, scale: float) -> None:
        self.rect = pygame.Rect(rect)
        self.scale = s = scale
        width = self.text_width
        blocks = self.source_blocks()
        y = 0
        previous = None
        indent_before = 0
        for block in blocks:
            size, colour, bold, indent, space = {
                "gallery": (22, INK, False, 0, 24),
                "title": (40, BRASS, True, 0, 0),
                "heading": (30, INK, True, 0, 40),
                "paragraph": (22, INK, False, 0, 16),
                "bullet": (22, INK, False, 34, 10),
                "sub": (22, INK_DIM, False, 68, 6),
            }[block.kind]
            if previous == "title":
                space = 28
            elif previous == "gallery":  # a picture ends its rule: the next one stands apart
                space = max(space, 24)
            elif previous == "heading":
                space = 14
            # A picture stands under the text it illustrates, at that text's indent.
            block.indent = indent_before if block.kind == "gallery" else scaled(indent, s)
            indent_before = block.indent
            y += scaled(space, s) if previous is not None else 0
            block.y = y
            if block.kind == "gallery":
                block.image = gallery.picture(
                    block.tiles, max(10, width - block.indent), s, max(12, scaled(20, s))
                )
                y += block.image.get_height()
                previous = block.kind
                continue
            y -= scaled(space, s) if previous is not None else 0
            block.image = text.render(
                block.text,
                max(12, scaled(size, s)),  # never below the smallest text (issue 40)
                colour,
                bold=bold,
                max_width=max(10, width - block.indent),
                align="start",
            )
            y += scaled(space, s) if previous is not None else 0
            block.y = y
            y += block.image.get_height()
            previous = block.kind
        self.blocks = blocks
        self.content_height = y + scaled(40, s)
        self.offset = min(self.offset, self.max_offset)

    @property
    def bar_width(self) -> int:
        return scaled(10, self.scale)

    @property
    def text_width(self) -> int:
        return max(10, self.rect.width - 3 * self.bar_width)

    @property
    def max_offset(self) -> float:
        return float(max(0, self.content_height - self.rect.height))

    def scroll_to(self, offset: float) -> None:
        self.offset = max(0.0, min(self.max_offset, offset))

    # --- scroll bar -------------------------------------------------------------------------

    def _track(self) -> pygame.Rect:
        x = self.rect.left if fonts.is_rtl() else self.rect.right - self.bar_width
        return pygame.Rect(x, self.rect.top, self.bar_width, self.rect.height)

    def _thumb(self) -> pygame.Rect:
        track = self._track()
        if self.content_height <= 0 or self.max_offset <= 0:
            return track
        height = max(
            scaled(40, self.scale), round(track.height * track.height / self.content_height)
        )
        top = track.top + round((track.height - height) * self.offset / self.max_offset)
        return pygame.Rect(track.left, top, track.width, height)

    # --- events -----------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        line = scaled(48, self.scale)
        page = self.rect.height * 0.9
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_to(self.offset - event.y * line * 1.5)
            return True
        if event.type == pygame.KEYDOWN:
            moves = {
                pygame.K_UP: self.offset - line,
                pygame.K_DOWN: self.offset + line,
                pygame.K_PAGEUP: self.offset - page,
                pygame.K_PAGEDOWN: self.offset + page,
                pygame.K_HOME: 0.0,
                pygame.K_END: self.max_offset,
            }
            if event.key in moves:
                self.scroll_to(moves[event.key])
                return True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            track = self._track().inflate(scaled(12, self.scale), 0)
            if not track.collidepoint(event.pos):
                return False
            thumb = self._thumb()
            if thumb.collidepoint(event.pos):
                self._drag = (event.pos[1], self.offset)
            elif event.pos[1] < thumb.top:
                self.scroll_to(self.offset - page)
            else:
                self.scroll_to(self.offset + page)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._drag is not None:
            self._drag = None
            return True
        if event.type == pygame.MOUSEMOTION and self._drag is not None:
            start_y, start_offset = self._drag
            thumb = self._thumb()
            room = max(1, self.rect.height - thumb.height)
            self.scroll_to(start_offset + (event.pos[1] - start_y) * self.max_offset / room)
            return True
        return False

    # --- drawing ----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        rtl = fonts.is_rtl()
        clip = surface.get_clip()
        surface.set_clip(self.rect.clip(clip) if clip else self.rect)
        top = self.rect.top - round(self.offset)
        for block in self.blocks:
            image = block.image
            if image is None:
                continue
            y = top + block.y
            if y > self.rect.bottom or y + image.get_height() < self.rect.top:
                continue
            if rtl:
                x = self.rect.right - block.indent - image.get_width()
            else:
                x = self.rect.left + block.indent
            surface.blit(image, (x, y))
            if block.kind in ("bullet", "sub"):
                self._bullet(surface, block, x, y, image)
            elif block.kind == "heading":
                rule_y = y + image.get_height() + scaled(4, self.scale)
                x0, x1 = self.rect.left, self.rect.left + self.text_width
                if rtl:
                    x0, x1 = self.rect.right - self.text_width, self.rect.right
                pygame.draw.line(surface, PANEL_LINE, (x0, rule_y), (x1, rule_y), 1)
        surface.set_clip(clip)
        if self.max_offset > 0:
            track = self._track()
            pygame.draw.rect(surface, (20, 44, 35), track, border_radius=track.width // 2)
            pygame.draw.rect(
                surface,
                BRASS if self._drag else (150, 128, 80),
                self._thumb(),
                border_radius=track.width // 2,
            )

    def _bullet(
        self, surface: pygame.Surface, block: Block, x: int, y: int, image: pygame.Surface
    ) -> None:
        s = self.scale
        radius = scaled(4 if block.kind == "bullet" else 3, s)
        # Centre the bullet on the first line of its text, in that language's line pitch.
        pitch = getattr(text, "line_height", None)
        first_line = pitch(scaled(22, s)) if pitch else fonts.get_font(scaled(22, s)).get_linesize()
        cy = y + first_line // 2
        gap = scaled(18, s)
        if fonts.is_rtl():
            cx = x + image.get_width() + gap
        else:
            cx = x - gap
        if block.kind == "bullet":
            pygame.draw.circle(surface, BRASS, (cx, cy), radius)
        else:
            pygame.draw.circle(surface, INK_DIM, (cx, cy), radius, max(1, scaled(1.5, s)))
