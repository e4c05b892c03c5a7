#!/usr/bin/env python3
"""Write the app icon files from game.widgets.icon.draw_icon (the window's icon too).

    python tools/make_icon.py [--out assets/icons]

``cardavia.png`` (256 px: the window, Linux), ``cardavia.ico`` (Windows: 16–256 px) and
``cardavia.icns`` (macOS: 16–1024 px), each size drawn anew, PNG-compressed inside the ICO
and ICNS containers. The output is deterministic; tests/test_icon.py checks the committed
files are what this tool makes.
"""

from __future__ import annotations

import argparse
import io
import os
import struct
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
#: ICNS entry types with PNG data, by pixel size.
ICNS_TYPES = {
    16: b"icp4",
    32: b"icp5",
    64: b"icp6",
    128: b"ic07",
    256: b"ic08",
    512: b"ic09",
    1024: b"ic10",
}


def png_bytes(size: int) -> bytes:
    import pygame

    from game.widgets.icon import draw_icon

    buffer = io.BytesIO()
    pygame.image.save(draw_icon(size), buffer, "png")
    return buffer.getvalue()


def ico_bytes(images: dict[int, bytes]) -> bytes:
    """An ICO file of PNG images (Windows Vista and later read PNG entries)."""
    header = struct.pack("<HHH", 0, 1, len(images))
    offset = len(header) + 16 * len(images)
    entries, blobs = b"", b""
    for size, data in sorted(images.items()):
        side = 0 if size >= 256 else size  # 0 means 256 in the directory
        entries += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(data), offset)
        blobs += data
        offset += len(data)
    return header + entries + blobs


def icns_bytes(images: dict[int, bytes]) -> bytes:
    body = b"".join(
        ICNS_TYPES[size] + struct.pack(">I", len(data) + 8) + data
        for size, data in sorted(images.items())
    )
    return b"icns" + struct.pack(">I", len(body) + 8) + body


def icon_files() -> dict[str, bytes]:
    """File name -> contents of every icon file."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    pygame.display.init()
    sizes = sorted(set(ICO_SIZES) | set(ICNS_TYPES))
    images = {size: png_bytes(size) for size in sizes}
    return {
        "cardavia.png": images[256],
        "cardavia.ico": ico_bytes({size: images[size] for size in ICO_SIZES}),
        "cardavia.icns": icns_bytes({size: images[size] for size in ICNS_TYPES}),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "assets" / "icons")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    for name, data in icon_files().items():
        (args.out / name).write_bytes(data)
        print(f"{args.out / name}  {len(data) / 1000:.1f} kB")
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    sys.exit(main())
