#!/usr/bin/env python3
"""Make the README's short animated picture of a moment (issue 54): at a seeded Guandan
table, the seat on the right answers with a bomb of eight and the seat across with the
four-joker bomb; the frames are drawn headless with the film look and written as a GIF.

    python tools/make_readme_anim.py                      # docs/images/moment.gif
    python tools/make_readme_anim.py --out /tmp/a.gif --frames 40

Deterministic: the same seed, the same fixed steps and the same effects give the same frames
(``frames()`` is what tests compare). The GIF needs Pillow (the ``dev`` extra); the game
never does. The grain is left off: film grain defeats a GIF's compression.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ["CARDAVIA_HOME"] = tempfile.mkdtemp(prefix="cardavia-anim-")

OUT = Path(__file__).resolve().parent.parent / "docs" / "images" / "moment.gif"
WINDOW = "1280x720"
SIZE = (640, 360)
STEP = 1.0 / 25.0
LOOK = {"contrast": 70, "grain": 0, "temperature": 60}


def frames(count: int = 44) -> list[bytes]:
    """The animation's frames as RGB bytes of :data:`SIZE`: the table settled, then the two
    bombs, one frame every :data:`STEP` seconds."""
    import pygame
    import screens_moments
    import screenshots

    shooter = screenshots.Shooter(Path(tempfile.mkdtemp()), "en", WINDOW)
    for name, value in LOOK.items():
        setattr(shooter.app.settings, name, value)
    moments = screens_moments.Moments(shooter, "guandan", 11)
    moments.settle()
    app, scene = shooter.app, moments.scene
    shown: list[bytes] = []

    def capture(steps: int) -> None:
        for _ in range(steps):
            scene.update(STEP)
            app.tick(0.0)
            picture = pygame.transform.smoothscale(app.screen, SIZE)
            shown.append(pygame.image.tobytes(picture, "RGB"))

    capture(3)
    moments.play(1, "TH TS TD TC TH TS TD TC", "bomb", lead=False)
    capture(count // 2 - 3)
    moments.play(2, "BJ BJ RJ RJ", "joker_bomb", lead=False)
    capture(count - len(shown))
    shooter.clear()
    return shown


def write_gif(pictures: list[bytes], path: Path) -> int:
    """Write the frames as a looping GIF (one palette for all, no dithering); its size."""
    from PIL import Image

    images = [Image.frombytes("RGB", SIZE, data) for data in pictures]
    palette = images[len(images) // 2].quantize(colors=255, dither=Image.Dither.NONE)
    coloured = [im.quantize(palette=palette, dither=Image.Dither.NONE) for im in images]
    path.parent.mkdir(parents=True, exist_ok=True)
    coloured[0].save(
        path,
        save_all=True,
        append_images=coloured[1:],
        duration=round(STEP * 1000),
        loop=0,
        optimize=True,
    )
    return path.stat().st_size


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT, help=f"the GIF (default: {OUT})")
    parser.add_argument("--frames", type=int, default=44, help="how many frames (default 44)")
    args = parser.parse_args(argv)
    size = write_gif(frames(max(8, args.frames)), args.out)
    print(f"{args.out} ({size // 1024} KB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
