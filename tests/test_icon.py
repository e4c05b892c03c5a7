"""The app icon (issue 29): one drawing for the window and the executables; the committed
files are exactly what tools/make_icon.py makes from it."""

from __future__ import annotations

import struct
import sys
from pathlib import Path

import pygame

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import make_icon  # noqa: E402

from game.startup import window_icon  # noqa: E402
from game.widgets.icon import draw_icon  # noqa: E402


def test_committed_icon_files_are_what_the_tool_makes():
    for name, data in make_icon.icon_files().items():
        assert (ROOT / "assets" / "icons" / name).read_bytes() == data, (
            f"assets/icons/{name} is stale: run tools/make_icon.py"
        )


def test_ico_and_icns_hold_every_size():
    ico = (ROOT / "assets" / "icons" / "cardavia.ico").read_bytes()
    reserved, kind, count = struct.unpack_from("<HHH", ico)
    assert (reserved, kind, count) == (0, 1, len(make_icon.ICO_SIZES))
    sides = [ico[6 + 16 * i] or 256 for i in range(count)]
    assert sides == sorted(make_icon.ICO_SIZES)
    icns = (ROOT / "assets" / "icons" / "cardavia.icns").read_bytes()
    assert icns[:4] == b"icns" and struct.unpack_from(">I", icns, 4)[0] == len(icns)
    for kind in make_icon.ICNS_TYPES.values():
        assert kind in icns


def test_window_icon_is_the_app_icon():
    icon = window_icon()
    assert icon.get_size() == (256, 256)
    drawn = draw_icon(256)
    for point in ((128, 128), (40, 128), (128, 230), (2, 2)):
        assert icon.get_at(point) == drawn.get_at(point)
    # Transparent corners, opaque felt in the middle.
    assert icon.get_at((1, 1)).a == 0 and icon.get_at((128, 200)).a == 255
    assert isinstance(icon, pygame.Surface)
