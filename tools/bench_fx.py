"""The effects' frame time for tools/bench.py (issue 54): the heaviest moment of each game
(the one its folder declares the strongest effects for), started at its table mid-deal with
the film look on, headless; the work time of every frame of the whole run, until its last
effect has ended, at 1920×1080 and 3840×2160.

Keys: ``effects_frame_1080_ms_p95``, ``effects_frame_4k_ms_p95`` (goals 8 and 16 ms), their
medians, and the same frames' CPU time (``effects_frame_<size>_cpu_ms_p95``: what the frame
costs this process, less sensitive to other work on the machine).

    python tools/bench_fx.py --stages 4k [game ...]

prints where each frame's CPU time goes (drawing the places, grading, grain, showing the
kept picture, a new grain pattern's band, whole frames), in fixed 1/60 s steps so that two
trees draw the same frames, and the frames above the run's p90 one by one; with ``--paced``
in the key's own steps instead (each frame's clock from the last, 60 frames a second at most).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections import Counter, defaultdict
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.table.moments import MomentRules

#: The film look of issue 30's goals (the top bar's contrast, grain, temperature).
LOOK = {"contrast": 70, "grain": 65, "temperature": 60}
#: The seat that makes the moment, its size (cards, levels, points) and the seat it hurts.
SEAT, SIZE, TARGET = 1, 8, 0
#: The longest run measured (seconds); every effect ends well before.
LIMIT_S = 5.0


def heaviest(rules: MomentRules) -> str:
    """The game's own moment whose declared effects are strongest for a moment of SIZE."""
    from game.table.moments import COMMON_CUES

    own = {name: cues for name, cues in rules.cues.items() if name not in COMMON_CUES and cues}
    return max(own, key=lambda name: sum(cue.strength_for(SIZE) for cue in own[name]))


def _table(size: tuple[int, int], game: str) -> tuple[Any, Any]:
    """The app at ``size`` with the film look and effects on, ``game``'s table dealt and
    waiting for the player (the AI plays at once, unthreaded: the same table every run)."""
    os.environ.setdefault("CARDAVIA_HOME", tempfile.mkdtemp(prefix="cardavia-bench-"))
    from game import i18n
    from game.app import App, parse_args
    from game.scenes.table import TableScene
    from game.table.controller import TableController

    i18n.set_language("en")
    app = App(parse_args(["--windowed", f"{size[0]}x{size[1]}", "--seed", "1"]))
    for name, value in LOOK.items():
        setattr(app.settings, name, value)
    app.settings.effects, app.settings.reduced_motion = "normal", False
    controller = TableController(game, seed=3, think_delay=0.0, threaded=False)
    scene = TableScene(app, game, controller=controller)
    app.stack.push(scene)
    for _ in range(600):
        app.frame(1 / 30)
        if controller.is_human_turn() and not scene.busy():
            break
    for _ in range(60):  # the last effects run out, the still picture is kept
        app.frame(1 / 60)
    return app, scene


def _run(app: Any, scene: Any) -> tuple[list[float], list[float]]:
    """Start the game's heaviest moment and time every frame until no effect runs: wall and
    CPU milliseconds."""
    import pygame

    from game.scenes.table.anchors import Scene
    from game.table.moments import Moment

    name = heaviest(scene.moments.rules)
    scene.moments.show(Moment(name, SEAT, SIZE, TARGET), Scene(), scene.frame)
    wall: list[float] = []
    cpu: list[float] = []
    clock = pygame.time.Clock()
    last = begin = time.perf_counter()
    while scene.moments.fx.active and time.perf_counter() - begin < LIMIT_S:
        start, used = time.perf_counter(), time.process_time()
        app.frame(min(0.25, start - last))
        last = start
        wall.append((time.perf_counter() - start) * 1000.0)
        cpu.append((time.process_time() - used) * 1000.0)
        clock.tick(60)
    return wall, cpu


def effects_frame_bench(quick: bool) -> dict[str, float]:
    """See the module docstring (``quick`` changes nothing: a run is one moment per game)."""
    import pygame

    from game import registry

    figures: dict[str, float] = {}
    for label, size in (("1080", (1920, 1080)), ("4k", (3840, 2160))):
        wall: list[float] = []
        cpu: list[float] = []
        for game in registry.ids():
            app, scene = _table(size, game)
            times, used = _run(app, scene)
            wall += times
            cpu += used
            app.stack.clear()
            pygame.display.quit()
        figures[f"effects_frame_{label}_ms_median"] = _pick(wall, 0.5)
        figures[f"effects_frame_{label}_ms_p95"] = _pick(wall, 0.95)
        figures[f"effects_frame_{label}_cpu_ms_p95"] = _pick(cpu, 0.95)
        figures[f"effects_frames_{label}"] = float(len(wall))
    return figures


def _pick(values: list[float], share: float) -> float:
    """The value at ``share`` of the sorted values (0.5 the median, 0.95 the p95)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(share * len(ordered)))], 3)


#: The stages ``--stages`` times: (class path, method, label).
STAGES = (
    ("game.places.Places", "draw", "draw"),
    ("game.postfx.PostFX", "_grade", "grade"),
    ("game.postfx.PostFX", "_grain", "grain"),
    ("game.postfx.PostFX", "_refresh_band", "band"),
    ("game.postfx.PostFX", "_show_part", "show"),
    ("game.film_camera.FilmCamera", "through", "camera"),
    ("game.film_camera.FilmCamera", "hold", "hold"),
    ("game.postfx.PostFX", "apply", "whole"),
    ("game.scenes.table.picture.TablePicture", "draw_film", "table"),
    ("game.widgets.fx.player.EffectPlayer", "draw", "effects"),
)


def _timed(spent: dict[str, float]) -> None:
    """Wrap each of :data:`STAGES` so that its CPU milliseconds add up in ``spent``."""
    import importlib

    for path, name, label in STAGES:
        module, cls_name = path.rsplit(".", 1)
        cls = getattr(importlib.import_module(module), cls_name)
        setattr(cls, name, _timer(getattr(cls, name), label, spent))


def _timer(method: Callable[..., Any], label: str, spent: dict[str, float]) -> Callable[..., Any]:
    def timed(*args: Any, **options: Any) -> Any:
        began = time.process_time()
        try:
            return method(*args, **options)
        finally:
            spent[label] += (time.process_time() - began) * 1000.0

    return timed


def stages(size: tuple[int, int], games: list[str], *, paced: bool = False) -> None:
    """Print each game's heaviest moment frame by frame: CPU ms and where it went (``paced``:
    the frames timed as :func:`_run` times them)."""
    import pygame

    from game.scenes.table.anchors import Scene
    from game.table.moments import Moment

    spent: dict[str, float] = defaultdict(float)
    _timed(spent)
    rows: list[tuple[str, float, str, dict[str, float]]] = []
    for game in games:
        app, scene = _table(size, game)
        name = heaviest(scene.moments.rules)
        scene.moments.show(Moment(name, SEAT, SIZE, TARGET), Scene(), scene.frame)
        own: list[float] = []
        clock = pygame.time.Clock()
        last = time.perf_counter()
        while scene.moments.fx.active and len(own) < 600:
            spent.clear()
            kinds = Counter(app.frames.frame_kinds)
            start, used = time.perf_counter(), time.process_time()
            app.frame(min(0.25, start - last) if paced else 1 / 60)
            last = start
            cpu = (time.process_time() - used) * 1000.0
            if paced:
                clock.tick(60)
            kind = next(iter(app.frames.frame_kinds - kinds), "-")
            rows.append((game, cpu, kind, dict(spent)))
            own.append(cpu)
        print(game, name, len(own), _summary(own))
        app.stack.clear()
        pygame.display.quit()
    every = [cpu for _, cpu, _, _ in rows]
    print("all", len(every), _summary(every))
    totals: dict[str, float] = defaultdict(float)
    for *_, parts in rows:
        for label, value in parts.items():
            totals[label] += value
    print("totals ms", {label: round(value) for label, value in totals.items()})
    edge = _pick(every, 0.9)
    for game, cpu, kind, parts in rows:
        if cpu >= edge:
            print(f"  {game} {cpu:.1f} {kind}", {k: round(v, 1) for k, v in parts.items()})


def _summary(values: list[float]) -> str:
    picks = (_pick(values, share) for share in (0.5, 0.9, 0.95, 1.0))
    return "median {:.1f} p90 {:.1f} p95 {:.1f} most {:.1f}".format(*picks)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--stages", choices=("1080", "4k"), required=True)
    parser.add_argument("--paced", action="store_true", help="the key's own frame steps")
    parser.add_argument("games", nargs="*", help="game ids (default: all)")
    args = parser.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    from game import registry

    size = (3840, 2160) if args.stages == "4k" else (1920, 1080)
    stages(size, args.games or list(registry.ids()), paced=args.paced)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
