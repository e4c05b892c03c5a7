"""Generic widgets and drawing helpers shared by every screen: colours, felt, panels, buttons.

Sizes are given at the 1920×1080 reference and multiplied by the app's scale. All text is
drawn through :mod:`game.text` from locale keys; nothing here holds user-visible text.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import lru_cache

import pygame

from game import i18n, text
from game.words import Words

#: An RGB colour, as the house style's colours below are.
Colour = tuple[int, int, int]

# Colours of the house style: deep green felt, warm ivory text, brass accents.
FELT_CENTRE = (28, 92, 64)
FELT_EDGE = (7, 34, 25)
INK = (238, 230, 212)
INK_DIM = (178, 186, 172)
INK_FAINT = (122, 140, 128)
BRASS = (216, 178, 96)
BRASS_DARK = (150, 112, 46)
PANEL = (10, 30, 23)
PANEL_LINE = (70, 112, 88)
BAR = (8, 20, 16)
DANGER = (212, 96, 82)


#: The felt colours the player can choose (Game menu): name -> (centre, rim) of the light.
FELTS: dict[str, tuple[tuple[int, int, int], tuple[int, int, int]]] = {
    "green": (FELT_CENTRE, FELT_EDGE),
    "blue": ((30, 74, 112), (7, 22, 40)),
    "wine": ((112, 36, 48), (36, 9, 15)),
}
#: The felt of a new player (settings.felt chooses; an unknown name draws this one).
DEFAULT_FELT = "green"


def felt(size: tuple[int, int], name: str) -> pygame.Surface:
    """Felt ``name`` (of FELTS; another name: the default) for a window size (see
    :func:`felt_of`)."""
    return felt_of(size, name if name in FELTS else DEFAULT_FELT)


def scaled(value: float, scale: float) -> int:
    """A reference size (at 1920×1080) in pixels at ``scale``; never below 1."""
    return max(1, round(value * scale))


def min_text(size: tuple[int, int]) -> int:
    """The smallest text size in pixels for a window of ``size`` (issue 26): 14 at 1280×720
    and up, 12 below."""
    return 14 if size[0] >= 1280 and size[1] >= 720 else 12


@lru_cache(maxsize=4)
def felt_of(size: tuple[int, int], name: str) -> pygame.Surface:
    """Felt ``name`` for a window size: a soft radial light, a vignette and a fibre texture."""
    centre_colour, edge_colour = FELTS[name]
    width, height = size
    # The gradient is drawn small and smooth-scaled up, which removes any banding.
    small_w, small_h = max(2, width // 8), max(2, height // 8)
    small = pygame.Surface((small_w, small_h))
    small.fill(edge_colour)
    steps = 48
    radius = int(max(small_w, small_h) * 0.75)
    centre = (small_w // 2, int(small_h * 0.46))
    for i in range(steps):
        t = i / (steps - 1)
        # Ease so the light falls off slowly in the middle and fast at the rim.
        mix = t * t * (3 - 2 * t)
        colour = tuple(
            round(e + (c - e) * mix) for e, c in zip(edge_colour, centre_colour, strict=True)
        )
        pygame.draw.ellipse(
            small,
            colour,
            pygame.Rect(0, 0, 0, 0)
            .inflate(int(2 * radius * 1.25 * (1 - t)) + 1, int(2 * radius * (1 - t)) + 1)
            .move(centre),
        )
    surface = pygame.transform.smoothscale(small, size)
    _fibre(surface)
    return surface.convert() if pygame.display.get_surface() is not None else surface


def _fibre(surface: pygame.Surface) -> None:
    """Multiply a faint noise tile over the felt so it reads as cloth, not a flat gradient."""
    rng = random.Random(7)
    tile_size = 128
    noise = pygame.image.frombuffer(rng.randbytes(tile_size * tile_size), (tile_size,) * 2, "P")
    noise.set_palette([(v, v, v) for v in (236 + i * 19 // 255 for i in range(256))])
    tile = pygame.Surface((tile_size, tile_size), 0, surface)
    tile.blit(noise, (0, 0))
    width, height = surface.get_size()
    surface.blits(
        [
            (tile, (x, y), tile.get_rect(), pygame.BLEND_RGB_MULT)  # the whole tile
            for y in range(0, height, tile_size)
            for x in range(0, width, tile_size)
        ],
        doreturn=False,
    )


def panel(
    surface: pygame.Surface,
    rect: pygame.Rect,
    scale: float,
    *,
    alpha: int = 200,
    border: tuple[int, int, int] = PANEL_LINE,
    fill: tuple[int, int, int] = PANEL,
    radius: float = 18,
) -> None:
    """A translucent rounded panel with a thin border."""
    r = scaled(radius, scale)
    body = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(body, (*fill, alpha), body.get_rect(), border_radius=r)
    pygame.draw.rect(body, (*border, 255), body.get_rect(), scaled(2, scale), border_radius=r)
    surface.blit(body, rect)


def shadow(surface: pygame.Surface, rect: pygame.Rect, scale: float, radius: float = 18) -> None:
    """A soft drop shadow under ``rect`` (three widening translucent layers)."""
    for grow, alpha in ((14, 30), (8, 45), (3, 60)):
        g = scaled(grow, scale)
        area = rect.inflate(2 * g, 2 * g).move(0, scaled(6, scale))
        layer = pygame.Surface(area.size, pygame.SRCALPHA)
        pygame.draw.rect(
            layer, (0, 0, 0, alpha), layer.get_rect(), border_radius=scaled(radius, scale) + g
        )
        surface.blit(layer, area)


def dialog(
    surface: pygame.Surface,
    rect: pygame.Rect,
    scale: float,
    *,
    border: tuple[int, int, int] = BRASS,
    radius: float = 18,
    shade: bool = True,
) -> None:
    """An opaque panel with a drop shadow (unless not ``shade``): a menu or dialog, nothing
    shows through it (issue 40)."""
    if shade:
        shadow(surface, rect, scale, radius)
    panel(surface, rect, scale, alpha=255, border=border, radius=radius)


def blit_text(
    surface: pygame.Surface,
    image: pygame.Surface,
    rect: pygame.Rect,
    *,
    align: str = "start",
    valign: str = "center",
) -> pygame.Rect:
    """Place a rendered text image in ``rect``; "start"/"end" follow the language direction."""
    rtl = text.is_rtl()
    if align == "center":
        x = rect.centerx - image.get_width() // 2
    elif (align == "start") != rtl:
        x = rect.left
    else:
        x = rect.right - image.get_width()
    if valign == "center":
        y = rect.centery - image.get_height() // 2
    elif valign == "top":
        y = rect.top
    else:
        y = rect.bottom - image.get_height()
    return surface.blit(image, (x, y))


def mirror(rect: pygame.Rect, width: int) -> pygame.Rect:
    """``rect`` reflected across the vertical middle of a ``width``-wide area (for RTL)."""
    return pygame.Rect(width - rect.right, rect.top, rect.width, rect.height)


def fmt_number(value: int | float) -> str:
    """A number as the player reads it (Persian digits etc. once i18n provides them)."""
    formatter = getattr(i18n, "format_number", None)
    return formatter(value) if formatter is not None else str(value)


#: The smallest button text in pixels for the window (its ``min_text``; set by the app on
#: every layout), so no button label is ever drawn below it (issue 40).
_button_floor = 0


def set_text_floor(px: int) -> None:
    """Buttons draw their labels at ``px`` pixels or more from now on (the app's window)."""
    global _button_floor
    _button_floor = px


#: The looks a :class:`Button` can have.
BUTTON_STYLES = ("primary", "secondary", "quiet")


class Button:
    """A clickable, focusable button with a locale-key label (or a ready-made label: text, or
    words said in the language of each frame).

    ``style`` is "primary" (brass), "secondary" (outlined) or "quiet" (text only).
    """

    def __init__(
        self,
        key: str,
        on_click: Callable[[], object],  # what it returns is not used
        *,
        style: str = "secondary",
        label: str | Words | None = None,
        enabled: bool = True,
        size_px: float = 26,
        keys: tuple[int, ...] = (),
    ) -> None:
        self.key = key
        #: Keyboard keys that press it (pygame key codes), e.g. Dou Dizhu's bids on 1–3.
        self.keys = keys
        self.label = label
        self.on_click = on_click
        if style not in BUTTON_STYLES:  # an unknown style would draw as bare text (issue 40)
            raise ValueError(f"unknown button style {style!r}")
        self.style = style
        self.enabled = enabled
        self.size_px = size_px
        #: The smallest text size in pixels, whatever the scale (the window's ``min_text``).
        self.min_px = 0
        self.rect = pygame.Rect(0, 0, 0, 0)
        #: Reference pixels kept free at the end side (a caret, a switch): the label centres
        #: in the rest.
        self.end_space = 0.0
        #: A shorter label for a row too narrow for the full one (Shengji's "2♥" for
        #: "Declare hearts (2♥)"), or None.
        self.short: str | None = None
        self.hovered = False
        self.focused = False
        self._pressed = False

    def text(self) -> str:
        return str(self.label) if self.label is not None else i18n.tr(self.key)

    def natural_width(self, scale: float) -> int:
        """Width that fits the label with padding."""
        image = text.render(self.text(), self.px(scale), INK, bold=True)
        return image.get_width() + scaled(56, scale)

    def px(self, scale: float) -> int:
        """The label's text size in pixels at ``scale``."""
        return max(self.min_px, _button_floor, scaled(self.size_px, scale))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
            return False
        if not self.enabled:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.rect.collidepoint(event.pos):
                self._pressed = True
                return True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            was_pressed, self._pressed = self._pressed, False
            if was_pressed and self.rect.collidepoint(event.pos):
                self.on_click()
                return True
        return False

    def activate(self) -> None:
        """Keyboard activation (Enter/Space while focused)."""
        if self.enabled:
            self.on_click()

    def draw(self, surface: pygame.Surface, scale: float) -> None:
        rect = self.rect
        # Drawn again only in a moving place (issue 30): nothing to do when the button and
        # its focus ring lie wholly outside it (its label is rendered anew each time).
        if not surface.get_clip().colliderect(rect.inflate(scaled(12, scale), scaled(12, scale))):
            return
        radius = rect.height // 2
        lit = (self.hovered or self.focused) and self.enabled
        if self.style == "primary":
            fill = (236, 200, 118) if lit else BRASS
            ink = (34, 26, 12)
            if not self.enabled:
                fill, ink = (92, 96, 88), (150, 154, 146)
            pygame.draw.rect(surface, fill, rect, border_radius=radius)
            pygame.draw.rect(surface, BRASS_DARK, rect, scaled(2, scale), border_radius=radius)
        elif self.style == "secondary":
            ink = INK if self.enabled else INK_FAINT
            body = pygame.Surface(rect.size, pygame.SRCALPHA)
            pygame.draw.rect(
                body, (255, 255, 255, 34 if lit else 14), body.get_rect(), border_radius=radius
            )
            surface.blit(body, rect)
            pygame.draw.rect(
                surface,
                BRASS if lit else PANEL_LINE,
                rect,
                scaled(2, scale),
                border_radius=radius,
            )
        else:
            ink = (BRASS if lit else INK_DIM) if self.enabled else INK_FAINT
        if self.focused and self.enabled:
            pygame.draw.rect(
                surface,
                INK,
                rect.inflate(scaled(10, scale), scaled(10, scale)),
                scaled(2, scale),
                border_radius=radius + scaled(5, scale),
            )
        image = text.render(self.text(), self.px(scale), ink, bold=True)
        room = rect
        if self.end_space:
            cut = scaled(self.end_space, scale)
            room = rect.inflate(-cut, 0).move(cut // 2 if text.is_rtl() else -cut // 2, 0)
        blit_text(surface, image, room, align="center")


class FocusRing:
    """Keyboard focus over a list of buttons: arrows/Tab move, Enter/Space activates."""

    def __init__(self, buttons: list[Button] | None = None) -> None:
        self.buttons: list[Button] = buttons or []
        self.index = -1

    def set(self, buttons: list[Button], index: int | None = None) -> None:
        self.buttons = buttons
        if index is not None:
            self.index = index
        self.index = min(self.index, len(buttons) - 1)
        self._sync()

    def _sync(self) -> None:
        for i, button in enumerate(self.buttons):
            button.focused = i == self.index

    def move(self, step: int) -> None:
        if not self.buttons:
            return
        count = len(self.buttons)
        index = self.index if self.index >= 0 else (-1 if step > 0 else 0)
        for _ in range(count):
            index = (index + step) % count
            if self.buttons[index].enabled:
                break
        self.index = index
        self._sync()

    def current(self) -> Button | None:
        if 0 <= self.index < len(self.buttons):
            return self.buttons[self.index]
        return None

    def handle_key(self, event: pygame.event.Event, *, horizontal: bool = True) -> bool:
        """Arrow keys along the row (mirrored in RTL), Tab, Enter/Space."""
        if event.type != pygame.KEYDOWN:
            return False
        forward, backward = (
            (pygame.K_RIGHT, pygame.K_LEFT) if horizontal else (pygame.K_DOWN, pygame.K_UP)
        )
        if horizontal and text.is_rtl():
            forward, backward = backward, forward
        if event.key == forward or (
            event.key == pygame.K_TAB and not event.mod & pygame.KMOD_SHIFT
        ):
            self.move(1)
            return True
        if event.key == backward or (event.key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT):
            self.move(-1)
            return True
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            button = self.current()
            if button is not None:
                button.activate()
                return True
        return False


def even_lines(widths: list[int], gap: int, room: int) -> list[list[int]]:
    """Indexes of a row of buttons ``widths`` wide split into as few lines as fit ``room``
    (``gap`` between buttons), as even in count as can be; one line per button at worst."""
    count = len(widths)
    for lines in range(1, count + 1):
        size = -(-count // lines)
        chunks = [list(range(i, min(count, i + size))) for i in range(0, count, size)]
        if all(sum(widths[i] for i in c) + gap * (len(c) - 1) <= room for c in chunks):
            return chunks
    return [[i] for i in range(count)]
