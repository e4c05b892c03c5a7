"""A small in-game file browser for opening a shared deal (issue 27 item 3), besides dropping
the file on the window.

It lists the folders and ``.txt`` files of one folder (hidden ones left out, folders first, at
most :data:`MAX_ENTRIES`), twelve to a page; a click opens a folder or picks a file, **Up** goes
to the parent folder and two places are one click away: the data folder's ``shared`` folder
(where Export writes) and the home folder. A folder that cannot be read says so and nothing
changes. Built in the game rather than on tkinter's dialog: the standalone executable leaves
tkinter out, and one browser looks and reads the same in every language and on every system.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game import i18n, paths, text
from game.scenes.base import PageScene
from game.widgets.common import (
    BRASS,
    DANGER,
    INK,
    INK_DIM,
    Button,
    fmt_number,
    panel,
    scaled,
)
from game.widgets.sheet import SheetStyle

if TYPE_CHECKING:  # pragma: no cover
    from game.services import Services

#: A folder with more entries shows only the first ones (sorted).
MAX_ENTRIES = 500
PER_PAGE = 12  # at most; fewer when the window leaves less room (see relayout)
#: What the browser lists besides folders.
SUFFIX = ".txt"


def list_folder(folder: Path) -> list[tuple[str, Path]]:
    """("dir" | "file", path) of ``folder``'s visible subfolders and ``.txt`` files, folders
    first, each group by name (case-insensitive); OSError when the folder cannot be read."""
    folders: list[Path] = []
    files: list[Path] = []
    with os.scandir(folder) as entries:
        for entry in entries:
            if entry.name.startswith("."):
                continue
            try:
                if entry.is_dir():
                    folders.append(Path(entry.path))
                elif entry.is_file() and entry.name.lower().endswith(SUFFIX):
                    files.append(Path(entry.path))
            except OSError:
                continue  # a broken link or an entry that went away
            if len(folders) + len(files) >= MAX_ENTRIES:
                break
    folders.sort(key=lambda p: p.name.lower())
    files.sort(key=lambda p: p.name.lower())
    return [("dir", p) for p in folders] + [("file", p) for p in files]


def shared_folder() -> Path:
    """Where Export writes shared deals."""
    return paths.data_dir() / "shared"


class FilePickerScene(PageScene):
    """Pick a ``.txt`` file (see the module docstring); ``on_pick`` gets its path after the
    picker has closed."""

    title_key = "share.picker_title"
    sheet_style = SheetStyle(
        max_width=1300, margin=80, top=24, bottom=24, pad=(64, 48), opaque=False
    )

    def __init__(
        self, app: Services, on_pick: Callable[[str], None], start: Path | None = None
    ) -> None:
        super().__init__(app)
        self.on_pick = on_pick
        self.entries: list[tuple[str, Path]] = []
        self.rows: list[tuple[pygame.Rect, str, Path]] = []
        self.page = 0
        self.per_page = PER_PAGE
        self.list_top = 0
        self.problem: str | None = None
        self.up_button = Button("share.picker_up", self.go_up, size_px=20)
        self.shared_button = Button(
            "share.picker_shared", lambda: self.open_folder(shared_folder()), size_px=20
        )
        self.home_button = Button(
            "share.picker_home", lambda: self.open_folder(Path.home()), size_px=20
        )
        self.cancel_button = Button("share.picker_cancel", self.go_back, size_px=20)
        self.prev_button = Button("history.newer", lambda: self.turn(-1), size_px=20)
        self.next_button = Button("history.older", lambda: self.turn(1), size_px=20)
        if start is None:
            start = shared_folder() if shared_folder().is_dir() else Path.home()
        self.folder = Path(start)
        self.open_folder(self.folder)

    # --- browsing ----------------------------------------------------------------------------
    def open_folder(self, folder: Path) -> bool:
        """Show ``folder``; False (and a message, the listing unchanged) if it cannot be read."""
        try:
            entries = list_folder(folder)
        except OSError:
            self.problem = i18n.tr("share.picker_unreadable")
            return False
        self.folder, self.entries, self.page, self.problem = folder, entries, 0, None
        return True

    def go_up(self) -> None:
        parent = self.folder.parent
        if parent != self.folder:
            self.open_folder(parent)

    @property
    def pages(self) -> int:
        return max(1, -(-len(self.entries) // self.per_page))

    def turn(self, step: int) -> None:
        self.page = max(0, min(self.pages - 1, self.page + step))

    def choose(self, kind: str, path: Path) -> None:
        if kind == "dir":
            self.open_folder(path)
            return
        self.app.stack.pop()  # the picker closes first: what opens next lies on the screen below
        self.on_pick(str(path))

    # --- input and layout ------------------------------------------------------------------
    def buttons(self) -> list[Button]:
        return [
            self.up_button,
            self.shared_button,
            self.home_button,
            self.cancel_button,
            self.prev_button,
            self.next_button,
        ]

    def relayout(self) -> None:
        super().relayout()
        s = self.app.scale
        inner = self.sheet.inner
        # The button row under the heading's real height (it touched the title at 1280x720).
        heading = text.size(i18n.tr("share.picker_title"), self.text_px(40), bold=True)[1]
        top = inner.top + heading + scaled(12, s)
        row = [self.up_button, self.shared_button, self.home_button]
        x = inner.left
        order = list(reversed(row)) if text.is_rtl() else row
        widths = {b: max(b.natural_width(s), scaled(120, s)) for b in row}
        if text.is_rtl():
            x = inner.right - sum(widths.values()) - scaled(12, s) * (len(row) - 1)
        for button in order:
            button.rect = pygame.Rect(x, top, widths[button], scaled(44, s))
            x += widths[button] + scaled(12, s)
        bottom = inner.bottom - scaled(44, s)
        # Under the buttons: the folder, then the hint (wrapped), then as many rows as fit.
        y = top + scaled(44, s) + scaled(14, s)
        y += text.line_height(self.text_px(20)) + scaled(8, s)
        y += self._hint(inner.width).get_height() + scaled(12, s)
        self.list_top = y
        room = bottom - scaled(12, s) - y
        self.per_page = max(3, min(PER_PAGE, room // scaled(44, s)))
        self.page = min(self.page, self.pages - 1)
        # The page label between the two buttons keeps its room (zh overlapped at 800x600).
        widest = i18n.tr("history.page", page=fmt_number(self.pages), pages=fmt_number(self.pages))
        half = max(scaled(90, s), text.size(widest, self.text_px(20))[0] // 2 + scaled(16, s))
        for button, side in (
            (self.prev_button, -1),
            (self.next_button, 1),
            (self.cancel_button, 0),
        ):
            w = max(button.natural_width(s), scaled(150, s))
            button.rect = pygame.Rect(0, bottom, w, scaled(44, s))
            if side == 0:
                if text.is_rtl():
                    button.rect.left = inner.left
                else:
                    button.rect.right = inner.right
                continue
            if text.is_rtl():
                side = -side
            if side < 0:
                button.rect.right = inner.centerx - half
            else:
                button.rect.left = inner.centerx + half

    def handle_event(self, event: pygame.event.Event) -> bool:
        if super().handle_event(event):
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for rect, kind, path in self.rows:
                if rect.collidepoint(event.pos):
                    self.choose(kind, path)
                    return True
        if event.type == pygame.MOUSEWHEEL:
            self.turn(-1 if event.y > 0 else 1)
            return True
        if event.type == pygame.KEYDOWN:
            keys = {
                pygame.K_PAGEDOWN: lambda: self.turn(1),
                pygame.K_PAGEUP: lambda: self.turn(-1),
                pygame.K_BACKSPACE: self.go_up,
            }
            action = keys.get(event.key)
            if action is not None:
                action()
                return True
        return False

    # --- drawing -----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        s = self.app.scale
        inner = self.sheet.inner
        self.sheet.heading(surface, i18n.tr("share.picker_title"), s, 12)
        where = self._fit(str(self.folder), self.text_px(20), INK_DIM, inner.width, keep_end=True)
        y = self.up_button.rect.bottom + scaled(14, s)
        surface.blit(where, self._at(where, inner, y))
        hint = self._hint(inner.width)
        y += text.line_height(self.text_px(20)) + scaled(8, s)
        surface.blit(hint, self._at(hint, inner, y))
        y = self.list_top
        self.rows = []
        row_h = scaled(44, s)
        mouse = pygame.mouse.get_pos()
        shown = self.entries[self.page * self.per_page : (self.page + 1) * self.per_page]
        if not shown:
            self.sheet.note(surface, i18n.tr("share.picker_empty"), y + scaled(30, s), s)
        for kind, path in shown:
            rect = pygame.Rect(inner.left, y, inner.width, row_h - scaled(4, s))
            if rect.collidepoint(mouse):
                panel(surface, rect, s, alpha=120, border=BRASS)
            name = path.name + ("/" if kind == "dir" else "")
            color = BRASS if kind == "dir" else INK
            image = self._fit(name, self.text_px(22), color, inner.width - scaled(20, s))
            left = inner.left + scaled(10, s)
            if text.is_rtl():
                left = inner.right - scaled(10, s) - image.get_width()
            surface.blit(image, (left, rect.centery - image.get_height() // 2))
            self.rows.append((rect, kind, path))
            y += row_h
        note = i18n.tr("history.page", page=fmt_number(self.page + 1), pages=fmt_number(self.pages))
        label = text.render(note, self.text_px(20), INK_DIM)
        surface.blit(label, label.get_rect(center=(inner.centerx, self.prev_button.rect.centery)))
        if self.problem:
            warn = text.render(self.problem, self.text_px(22), DANGER, max_width=inner.width)
            surface.blit(
                warn, warn.get_rect(midbottom=(inner.centerx, self.prev_button.rect.top - 8))
            )
        self.prev_button.enabled = self.page > 0
        self.next_button.enabled = self.page + 1 < self.pages
        for button in self.buttons():
            button.draw(surface, s)

    def _hint(self, width: int) -> pygame.Surface:
        """What the picker is for, wrapped to ``width``."""
        return text.render(i18n.tr("share.picker_hint"), self.text_px(18), INK_DIM, max_width=width)

    @staticmethod
    def _fit(
        words: str, size: int, color: tuple[int, ...], width: int, *, keep_end: bool = False
    ) -> pygame.Surface:
        """``words`` at ``size`` (never squeezed below it, issue 40): cut with "…" where they
        are too wide, at the end, or at the start for a folder (its last names matter). A
        folder is a path: it reads left to right in every language."""
        lang = "en" if keep_end else None
        shown = words
        while len(shown) > 1 and text.size(shown, size, lang=lang)[0] > width > 0:
            shown = shown[1:] if keep_end else shown[:-1]
            cut = "…" + shown if keep_end else shown + "…"
            if text.size(cut, size, lang=lang)[0] <= width:
                return text.render(cut, size, color, lang=lang)
        return text.render(shown, size, color, lang=lang)

    @staticmethod
    def _at(image: pygame.Surface, inner: pygame.Rect, y: int) -> tuple[int, int]:
        if text.is_rtl():
            return inner.right - image.get_width(), y
        return inner.left, y
