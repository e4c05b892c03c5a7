#!/usr/bin/env python3
"""Benchmarks: rules throughput, AI-facing hot paths, frame and post-processing times.

    python tools/bench.py            # a table
    python tools/bench.py --json     # one JSON object (keys in shared/spec/tools.md)
    python tools/bench.py --quick    # fewer repetitions, for a smoke run

Each benchmark is a function registered with ``@bench``; it receives ``quick`` and returns a
dict of named figures (milliseconds unless the key says otherwise). Medians are taken over
enough repetitions to be stable.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.ai.puzzles import Puzzle
    from game.app import App
    from game.games.guandan.rules import State as GuandanState
    from game.games.shengji.rules import ShengjiState
    from game.rules.base import DealState, Match
    from game.scenes.table import TableScene

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

BENCHES: list[Callable[[bool], dict[str, float]]] = []


def bench(function: Callable[[bool], dict[str, float]]) -> Callable[[bool], dict[str, float]]:
    BENCHES.append(function)
    return function


def timings_ms(call: Callable[[], object], repeats: int) -> list[float]:
    """Wall-clock times of ``repeats`` calls, in milliseconds."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        call()
        times.append((time.perf_counter() - start) * 1000.0)
    return times


def median(values: list[float]) -> float:
    return round(statistics.median(values), 3)


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))], 3)


def random_deals_per_s(new_deal: Callable[..., DealState], seconds: float, seed: int = 1) -> float:
    """Random-play deals per second through the state protocol (legal_actions + apply)."""
    rng = random.Random(seed)
    deals = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = new_deal(seed=rng.randrange(1 << 30))
        while not state.is_terminal:
            state.apply(rng.choice(state.legal_actions()))
        deals += 1
    return round(deals / (time.perf_counter() - start), 1)


# --- Benchmarks (each owner adds its own below) ------------------------------------------


# Run Fast (owner: Run Fast engine).
def random_deals_per_cpu_s(
    new_deal: Callable[..., DealState], seconds: float, seed: int = 1
) -> float:
    """Like :func:`random_deals_per_s`, per second of this process's CPU time: steadier than
    wall time on a machine shared with other work."""
    rng = random.Random(seed)
    deals = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = new_deal(seed=rng.randrange(1 << 30))
        while not state.is_terminal:
            state.apply(rng.choice(state.legal_actions()))
        deals += 1
    return round(deals / (time.process_time() - start), 1)


@bench
def runfast_bench(quick: bool) -> dict[str, float]:
    """Random-play Run Fast deals per second (issue 4 goal: >= 300), wall and CPU time."""
    from game.games.runfast import rules as runfast

    seconds = 1.0 if quick else 4.0
    return {
        "runfast_deals_per_s": random_deals_per_s(runfast.new_deal, seconds),
        "runfast_deals_per_cpu_s": random_deals_per_cpu_s(runfast.new_deal, seconds),
    }


# Shengji (owner: Shengji engine).
def shengji_tractor_positions(count: int, seed: int = 7) -> list[ShengjiState]:
    """First-trick positions where the dealer led a tractor and the next seat (25 cards)
    must follow: the states of ``shengji_follow_ms_median``."""
    from game.games.shengji import rules as shengji

    rng = random.Random(seed)
    positions: list[ShengjiState] = []
    while len(positions) < count:
        state = shengji.new_deal(seed=rng.randrange(1 << 30))
        while state.phase == "declare":
            state.apply(rng.choice(state.legal_actions()))
        state.apply(state.legal_actions()[0])  # bury
        tractors = [a for a in state.legal_actions() if a.combo and a.combo.kind == "tractor"]
        if tractors:
            state.apply(rng.choice(tractors))
            positions.append(state)
    return positions


@bench
def shengji_bench(quick: bool) -> dict[str, float]:
    """Random-play Shengji deals per second (issue 3 goal: >= 100) and the median time of
    ``legal_actions()`` following a tractor lead with a 25-card hand."""
    from game.games.shengji import rules as shengji

    deals = random_deals_per_s(shengji.new_deal, 1.0 if quick else 4.0)
    cpu_deals = random_deals_per_cpu_s(shengji.new_deal, 1.0 if quick else 4.0)
    positions = shengji_tractor_positions(20 if quick else 60)
    times: list[float] = []
    for state in positions:
        # legal_actions() caches its list until the state changes: time the listing itself
        times += timings_ms(state._list_actions, 3 if quick else 10)
    return {
        "shengji_deals_per_s": deals,
        "shengji_deals_per_cpu_s": cpu_deals,
        "shengji_follow_ms_median": median(times),
        "shengji_follow_ms_p95": p95(times),
    }


# Text (owner: i18n engineer).


@bench
def text_bench(quick: bool) -> dict[str, float]:
    """game.text: drawing a line uncached (shaping, bidi, runs) in English, Persian and
    Chinese, a cached draw (what a frame pays), and a whole Persian rules page wrapped."""
    import pygame

    from game import i18n, text

    pygame.font.init()
    samples = {
        "en": "Alice plays a pair of 7s and has 12 cards left",
        "fa": "بازیکن Alice با ۲۵ امتیاز (در دور 3) برنده شد.",
        "zh": "第3轮：Alice 出了一对7，还剩12张牌。",
    }
    repeats = 20 if quick else 100
    figures: dict[str, float] = {}
    for lang, line in samples.items():

        def uncached(line: str = line, lang: str = lang) -> None:
            text.clear_cache()
            text.render(line, 24, (240, 230, 210), lang=lang)

        figures[f"text_line_{lang}_ms_median"] = median(timings_ms(uncached, repeats))
    text.render(samples["fa"], 24, (240, 230, 210), lang="fa")
    figures["text_cached_ms_median"] = median(
        timings_ms(lambda: text.render(samples["fa"], 24, (240, 230, 210), lang="fa"), repeats)
    )
    persian = i18n.catalog("fa")  # the Guandan rules, one key per block (issue 44)
    page = "\n".join(v for k, v in persian.items() if k.startswith("rules.guandan.s"))
    if page:

        def whole_page() -> None:
            text.clear_cache()
            text.render(page, 22, (240, 230, 210), max_width=1100, lang="fa")

        figures["text_rules_page_fa_ms_median"] = median(timings_ms(whole_page, 2 if quick else 5))
    text.clear_cache()
    return figures


# App frame (owner: app engineer): post-processing, a whole table frame, start-up.

#: A tuned film look: every post-processing effect active (50 % would skip them).
LOOK = {"contrast": 65, "grain": 70, "temperature": 60}


def _analyse(puzzle: Puzzle) -> object:
    """The solver's whole analysis of a puzzle's position (its proof)."""
    return puzzle.solver().analyse(puzzle.start())


def _cpu_timings_ms(call: Callable[[], object], repeats: int) -> list[float]:
    """CPU times (this thread) of ``repeats`` calls, in milliseconds."""
    times = []
    for _ in range(repeats):
        start = time.thread_time()
        call()
        times.append((time.thread_time() - start) * 1000.0)
    return times


def _bench_app(size: tuple[int, int] = (1920, 1080)) -> App:
    import tempfile

    os.environ.setdefault("CARDAVIA_HOME", tempfile.mkdtemp(prefix="cardavia-bench-"))
    from game import i18n
    from game.app import App, parse_args

    i18n.set_language("en")
    app = App(parse_args(["--windowed", f"{size[0]}x{size[1]}", "--seed", "1"]))
    for name, value in LOOK.items():
        setattr(app.settings, name, value)
    return app


def _composed_table(app: App) -> None:
    """A table frame built from the app's own pieces (used when no TableScene exists)."""
    import pygame

    from game import text
    from game.rules.cards import double_pack
    from game.scenes.base import Scene
    from game.widgets import card_sprites
    from game.widgets import cards as card_art
    from game.widgets.common import INK, felt, panel, scaled

    rng = random.Random(5)
    pack = double_pack()
    rng.shuffle(pack)

    class ComposedTable(Scene):
        def relayout(self) -> None:
            s = self.app.scale
            width, height = self.app.size
            self.layer = card_sprites.CardLayer()
            card_h = scaled(190, s)
            card_w, _ = card_art.card_size(card_h)
            step = (width - scaled(160, s) - card_w) / 26
            for i, card in enumerate(sorted(pack[:27])):
                sprite = card_sprites.CardSprite(
                    card,
                    card_h,
                    pos=(scaled(80, s) + i * step, height - card_h - scaled(30, s)),
                    layer=i,
                )
                sprite.wild = card.rank == "2" and card.suit == "H"
                sprite.selected = i in (5, 6)
                sprite.refresh()
                self.layer.add(sprite)
            play_h = scaled(130, s)
            spots = [
                (width // 2, height // 2 + scaled(60, s)),
                (width - scaled(520, s), height // 2 - scaled(80, s)),
                (width // 2, scaled(260, s)),
                (scaled(520, s), height // 2 - scaled(80, s)),
            ]
            for seat, (x, y) in enumerate(spots):
                for j, card in enumerate(pack[27 + seat * 3 : 30 + seat * 3]):
                    sprite = card_sprites.CardSprite(
                        card, play_h, pos=(x + j * play_h * 0.3, y), layer=100 + j
                    )
                    self.layer.add(sprite)
            self.seats = [pygame.Rect(0, 0, scaled(300, s), scaled(110, s)) for _ in range(4)]
            self.seats[0].bottomleft = (scaled(40, s), height - card_h - scaled(60, s))
            self.seats[1].midright = (width - scaled(40, s), height // 2 - scaled(60, s))
            self.seats[2].midtop = (width // 2, self.app.topbar_height + scaled(30, s))
            self.seats[3].midleft = (scaled(40, s), height // 2 - scaled(60, s))

        def draw(self, surface: pygame.Surface) -> None:
            s = self.app.scale
            surface.blit(felt(self.app.size, self.app.settings.felt), (0, 0))
            for seat, rect in enumerate(self.seats):
                panel(surface, rect, s)
                label = text.render(f"{seat}  27", scaled(26, s), INK, bold=True)
                surface.blit(label, rect.move(scaled(20, s), scaled(20, s)))
            self.layer.draw(surface)

    app.stack.push(ComposedTable(app))


def _table_frame_scene(app: App) -> str:
    """Push the real table (human to play, animations over), or the composed stand-in."""
    try:
        from game.scenes.table import TableScene

        scene = TableScene(app, "guandan", threaded=False, seed=1)
    except Exception:  # noqa: BLE001 - no table yet: measure the composed frame instead
        _composed_table(app)
        return "composed"
    app.stack.push(scene)
    controller = scene.controller
    for _ in range(600):  # up to 10 simulated seconds: deal animation, AI plays, hand shown
        controller.run_bots_until_human()
        app.tick(1 / 60)
        if controller.is_human_turn() and not scene.busy():
            break
    return "table"


@bench
def app_frame_bench(quick: bool) -> dict[str, float]:
    """Post-processing alone and a whole table frame at 1920×1080 (headless), and start-up
    to the first frame of ``python -m game`` (a subprocess, title screen)."""
    import subprocess

    import pygame

    app = _bench_app()
    frame = app.screen
    frame.fill((40, 100, 70))
    repeats = 60 if quick else 300
    fx = app.postfx

    def postfx_pass() -> None:
        fx.update(1 / 60)
        fx.apply(frame, LOOK["contrast"], LOOK["grain"], LOOK["temperature"])

    figures = {
        "postfx_ms_median": median(timings_ms(postfx_pass, repeats)),
        # CPU time of this thread: on a shared, busy machine it shows the cost without the
        # time spent waiting for a core.
        "postfx_cpu_ms_median": median(_cpu_timings_ms(postfx_pass, repeats)),
    }
    for name in LOOK:
        values = {key: 50 for key in LOOK}
        values[name] = LOOK[name]
        figures[f"postfx_{name}_ms_median"] = median(
            timings_ms(
                partial(
                    fx.apply, frame, values["contrast"], values["grain"], values["temperature"]
                ),
                repeats,
            )
        )
    kind = _table_frame_scene(app)

    def whole_frame() -> None:
        app.tick(1 / 60)
        pygame.display.flip()

    for _ in range(10):
        whole_frame()
    times = timings_ms(whole_frame, repeats)
    figures["frame_ms_median"] = median(times)
    figures["frame_ms_p95"] = p95(times)
    figures["frame_cpu_ms_median"] = median(_cpu_timings_ms(whole_frame, repeats))
    figures["frame_is_real_table"] = 1.0 if kind == "table" else 0.0
    app.stack.clear()
    pygame.display.quit()

    root = Path(__file__).resolve().parent.parent
    import tempfile

    # Bytecode cached outside the tree, as in the packaged game (which ships compiled code):
    # the first run compiles, the measured runs do not.
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = str(Path(tempfile.gettempdir()) / "cardavia-bench-pycache")
    startups = []
    for _ in range(1 + (2 if quick else 5)):
        done = subprocess.run(
            [sys.executable, "-m", "game", "--windowed", "1920x1080", "--frames", "1", "--stats"],
            cwd=root,
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )
        line = done.stdout.strip().splitlines()[-1] if done.stdout.strip() else "{}"
        value = json.loads(line).get("startup_ms")
        if value is not None:
            startups.append(float(value))
    startups = startups[1:]  # the first run compiled the bytecode
    if startups:
        figures["startup_ms_median"] = median(startups)
        figures["startup_ms"] = median(startups)  # issue 30's name for the same figure
    return figures


# --- Frame with the film look, idle CPU, start-up (issue 30; owner: perf) -------------------

#: The film look of issue 30's goals: contrast 70, grain 65, temperature 60 (top bar order).
FX_LOOK = {"contrast": 70, "grain": 65, "temperature": 60}


def _fx_table_app(size: tuple[int, int], autoplay: bool) -> tuple[App, TableScene]:
    """The app at ``size`` with the film look on and Guandan's table pushed (the real
    threaded controller, as in the game), its deal animation over."""
    app = _bench_app(size)
    for name, value in FX_LOOK.items():
        setattr(app.settings, name, value)
    app.autoplay = autoplay
    from game.scenes.table import TableScene

    scene = TableScene(app, "guandan", seed=1)
    app.stack.push(scene)
    return app, scene


def _frame(app: App, dt: float) -> None:
    """One frame of the app's loop (events, tick, flip)."""
    import pygame

    if hasattr(app, "frame"):
        app.frame(dt)
    else:  # the loop before issue 30 (for before/after figures)
        for event in pygame.event.get():
            app.handle_event(event)
        app.tick(dt)
        pygame.display.flip()


def _frames_ms(
    app: App,
    seconds: float,
    cap: int = 60,
    cpu: list[float] | None = None,
) -> list[float]:
    """Work time of each frame of the app's own loop for ``seconds`` of wall time at a frame
    cap of ``cap`` per second (the wait for the cap is not counted, as in ``--stats``); each
    frame's CPU time of the loop's own thread (the AI thinks on another) goes to ``cpu``."""
    import pygame

    clock = pygame.time.Clock()
    times: list[float] = []
    begin = last = time.perf_counter()
    while time.perf_counter() - begin < seconds:
        start, used = time.perf_counter(), time.thread_time()
        _frame(app, min(0.25, start - last))
        last = start
        times.append((time.perf_counter() - start) * 1000.0)
        if cpu is not None:
            cpu.append((time.thread_time() - used) * 1000.0)
        clock.tick(cap)
    return times


@bench
def frame_fx_bench(quick: bool) -> dict[str, float]:
    """Issue 30: Guandan mid-play (autoplay, the AI's think delay as set, 60 fps cap) with
    the film look 70/65/60 at 1920×1080 and 3840×2160: the work time of a frame, median and
    p95 in ms, over 8 s of play (3 s quick) after 2 s of warming up, and the p95 of the same
    frames' CPU time (``frame_fx_<size>_cpu_ms_p95``). Then ``idle_cpu_pct_1080``:
    the person's turn, nothing moving, 60 fps cap, CPU of this process over 10 s (3 s quick)
    in percent of one core."""
    import pygame

    figures: dict[str, float] = {}
    seconds = 3.0 if quick else 8.0
    for label, size in (("1080", (1920, 1080)), ("4k", (3840, 2160))):
        app, scene = _fx_table_app(size, autoplay=True)
        _frames_ms(app, 2.0)
        used: list[float] = []
        times = _frames_ms(app, seconds, cpu=used)
        figures[f"frame_fx_{label}_ms_median"] = median(times)
        figures[f"frame_fx_{label}_ms_p95"] = p95(times)
        # The same frames' CPU time (issue 54: the machine is shared, wall time waits too).
        figures[f"frame_fx_{label}_cpu_ms_p95"] = p95(used)
        app.stack.clear()
        pygame.display.quit()

    app, scene = _fx_table_app((1920, 1080), autoplay=False)
    deadline = time.perf_counter() + 30.0
    while time.perf_counter() < deadline:  # until the person is to play and the table is still
        _frames_ms(app, 0.2)
        if scene.controller.is_human_turn() and not scene.busy() and not scene.board.flyers:
            break
    _frames_ms(app, 0.5)
    seconds = 3.0 if quick else 10.0
    wall, cpu = time.perf_counter(), time.process_time()
    _frames_ms(app, seconds)
    figures["idle_cpu_pct_1080"] = round(
        100.0 * (time.process_time() - cpu) / (time.perf_counter() - wall), 1
    )
    app.stack.clear()
    pygame.display.quit()
    return figures


@bench
def coach_update_bench(quick: bool) -> dict[str, float]:
    """Issue 41: the table scene's ``update`` (the frame loop's update, 1/60 s per frame) at
    Guandan's table with the coach on, while its review of a decision runs in the background
    (``coach_update_ms_*``, a worker process as in the game) and with no review running
    (``coach_idle_update_ms_median``). The budget is the frame's: well under 16.7 ms."""
    import pygame

    from game.scenes.table import TableScene
    from game.table.record import action_to_data

    app = _bench_app()
    app.settings.coach = "on"
    scene = TableScene(app, "guandan", threaded=False, seed=1)
    app.stack.push(scene)
    controller = scene.controller
    for _ in range(600):
        controller.run_bots_until_human()
        app.tick(1 / 60)
        if controller.is_human_turn() and not scene.busy():
            break
    state = controller.state
    legal = list(state.legal_actions())
    after = state.clone()
    after.apply(legal[-1])
    idle = _cpu_free_updates(scene, 60 if quick else 240)
    busy: list[float] = []
    rounds = 2 if quick else 5
    for _ in range(rounds):
        if scene.coach.reviewer is None:
            from game.history.coach import Coach

            scene.coach.reviewer = Coach("guandan")
        source = scene.coach.source()  # the deal's source, with the move made
        assert source is not None  # a deal in play has one
        source["actions"] = [*source["actions"], action_to_data(0, legal[-1])]
        scene.coach.reviewer.observe(state.clone(), after.clone(), source)
        while scene.coach.reviewer.busy and len(busy) < 20000:
            start = time.perf_counter()
            scene.update(1 / 60)
            busy.append((time.perf_counter() - start) * 1000.0)
            time.sleep(1 / 120)
    scene.coach.reset()
    app.stack.clear()
    pygame.display.quit()
    return {
        "coach_update_ms_median": median(busy),
        "coach_update_ms_p95": p95(busy),
        "coach_idle_update_ms_median": median(idle),
    }


def _cpu_free_updates(scene: TableScene, count: int) -> list[float]:
    times: list[float] = []
    for _ in range(count):
        start = time.perf_counter()
        scene.update(1 / 60)
        times.append((time.perf_counter() - start) * 1000.0)
    return times


@bench
def hard_samples_bench(quick: bool) -> dict[str, float]:
    """Hard's mean samples per searched Guandan decision in the game's own time budget (the
    search is what faster rules buy): random deals, seat 0 Hard, the others random."""
    from game.ai.base import decide
    from game.ai.registry import make_bot
    from game.games.guandan import rules as guandan

    rng = random.Random(3)
    wanted = 4 if quick else 12
    counts: list[int] = []
    deal = 0
    while len(counts) < wanted and deal < 50:
        state = guandan.new_deal(seed=1000 + deal)
        deal += 1
        hard = make_bot("guandan", "hard", seed=deal)
        plies = 0
        while not state.is_terminal and len(counts) < wanted and plies < 400:
            if state.current_player == 0:
                turn = decide(state, hard, rng)
                searched = getattr(hard, "last_samples", 0)
                if searched:
                    counts.append(searched)
                state.apply(turn.action)
            else:
                state.apply(rng.choice(state.legal_actions()))
            plies += 1
    return {"guandan_hard_samples_mean": round(statistics.mean(counts), 1) if counts else 0.0}


@bench
def normal_think_bench(quick: bool) -> dict[str, float]:
    """Normal's think time per decision with a choice (issue 56 goal: p95 <= 50 ms in every
    game): each game's arena deals, Normal in every seat, the median, 95th percentile and most
    (wall time, as the player waits), and the 95th percentile of CPU time."""
    from game import registry
    from game.ai.base import decide
    from game.ai.registry import make_bot

    figures: dict[str, float] = {}
    for spec in registry.all_games():
        times: list[float] = []
        cpu: list[float] = []  # this process's CPU time: steadier than wall time on a busy machine
        for index in range(2 if quick else 8):
            state = spec.arena_deal(index, random.Random(index), None)
            bots = [make_bot(spec.id, "normal", seed=index) for _ in range(spec.seats)]
            rng = random.Random(index)
            while not state.is_terminal:
                if len(state.legal_actions()) > 1:
                    start = time.process_time()
                    seat = state.current_player
                    assert seat is not None  # a deal not over has a seat to act
                    turn = decide(state, bots[seat], rng)
                    cpu.append((time.process_time() - start) * 1000.0)
                    times.append(turn.elapsed_ms)
                    state.apply(turn.action)
                else:
                    state.apply(state.legal_actions()[0])
        figures[f"{spec.id}_normal_ms_median"] = median(times)
        figures[f"{spec.id}_normal_ms_p95"] = p95(times)
        figures[f"{spec.id}_normal_ms_max"] = round(max(times), 3)
        figures[f"{spec.id}_normal_cpu_ms_p95"] = p95(cpu)
    return figures


# --- Guandan (owner: Guandan engine) -------------------------------------------------------
def guandan_wild_leads(count: int, seed: int = 11) -> list[GuandanState]:
    """Fresh deals (seeded level and shuffle) where some seat holds both wilds; that seat leads.
    The states of ``guandan_leads_ms_median``."""
    from game.games.guandan import rules as guandan
    from game.rules.cards import RANKS

    rng = random.Random(seed)
    states: list[GuandanState] = []
    while len(states) < count:
        level = rng.choice(RANKS)
        deal = guandan.new_deal(seed=rng.randrange(1 << 30), level=level, leader=0)
        for seat in range(4):
            if deal.hands[seat][deal.level.wild_index] == 2:
                hands = [deal.hand(s) for s in range(4)]
                states.append(guandan.new_deal(hands=hands, level=level, leader=seat))
    return states


@bench
def guandan_bench(quick: bool) -> dict[str, float]:
    """Guandan (issue 5 goals: <= 5 ms, >= 100 deals/s): the median time of all legal leads
    for a dealt 27-card hand holding both wilds (uncached ``legal_actions()`` of a fresh
    state), and random-play deals per second."""
    from game.games.guandan import rules as guandan
    from game.games.guandan.rules.moves import clear_memo

    times: list[float] = []
    for state in guandan_wild_leads(30 if quick else 150):
        for _ in range(2 if quick else 5):
            fresh = state.clone()  # a clone has no cached legal actions
            clear_memo()  # nor may the generator remember this hand
            times += timings_ms(fresh.legal_actions, 1)
    return {
        "guandan_leads_ms_median": median(times),
        "guandan_leads_ms_p95": p95(times),
        "guandan_deals_per_s": random_deals_per_s(guandan.new_deal, 1.0 if quick else 4.0),
        "guandan_deals_per_cpu_s": random_deals_per_cpu_s(guandan.new_deal, 1.0 if quick else 4.0),
    }


# --- end Guandan ---


def _finished_deals(seed: int = 5) -> list[tuple[str, Match, DealState]]:
    """One random-bot deal of each game, finished: (preset, match, state)."""
    import random

    from game import registry

    rng = random.Random(seed)
    out: list[tuple[str, Match, DealState]] = []
    for spec in registry.all_games():
        match = spec.rules.new_match(seed=seed)
        state = match.state
        while not state.is_terminal:
            state.apply(rng.choice(state.legal_actions()))
        out.append((spec.id, match, state))
    return out


@bench
def history_bench(quick: bool) -> dict[str, float]:
    """Recording a finished deal (its row and one transaction) and opening the statistics
    screen with 10,000 recorded deals (issue 27; goals 5 ms and 100 ms)."""
    import dataclasses
    import random
    import tempfile

    import pygame

    from game.history import db
    from game.table.summary import summarize

    folder = Path(tempfile.mkdtemp(prefix="cardavia-bench-db-"))
    database = db.open_database(folder / "history.sqlite3")
    deals = _finished_deals()

    def record(index: int = 0) -> None:
        preset, match, state = deals[index % len(deals)]
        row = summarize(
            state, preset=preset, seed=1, match_key="bench", deal_index=index, ai_level="normal"
        )
        database.record(row)

    counter = iter(range(10**9))
    record_times = timings_ms(lambda: record(next(counter)), 30 if quick else 200)
    rng = random.Random(3)
    rows = []
    for index in range(10_000 - database.count()):
        preset, match, state = deals[index % len(deals)]
        row = summarize(
            state,
            preset=preset,
            seed=index,
            match_key=f"m{index // 8}",
            deal_index=index % 8,
            ai_level=rng.choice(("easy", "normal", "hard")),
            autoplay=index % 10 == 0,
        )
        rows.append(dataclasses.replace(row, finished_at=1_000_000.0 + index))
    database.record_many(rows)
    app = _bench_app()
    app.start()
    from game.scenes.statistics import StatisticsScene

    db._main.database = database
    surface = pygame.Surface(app.size)

    def open_screen() -> None:
        scene = StatisticsScene(app)
        scene.relayout()
        scene.draw(surface)

    open_screen()  # fonts and felt are cached once per run, as in the game
    screen_times = timings_ms(open_screen, 3 if quick else 10)
    db._main.database = None
    database.close()
    return {"record_deal_ms": median(record_times), "stats_screen_ms": median(screen_times)}


# The challenges' solver (issue 59; docs/challenges.md).
@bench
def solver_bench(quick: bool) -> dict[str, float]:
    """The defence's reply in play over the committed puzzles: each puzzle played once with the
    person taking the solver's hints and once with the person playing seeded random moves,
    each from a fresh challenge (its solver learns only from that play), every reply timed in
    CPU time of this thread (steady on a shared machine) and in wall time; and the slowest
    proof of a puzzle (``tools/puzzles.py --verify``), in CPU time."""
    from game.ai import puzzles
    from game.table.challenge import Challenge

    every = [p for game in puzzles.games_with_puzzles() for p in puzzles.load(game)]
    chosen = every[::4] if quick else every
    cpu: list[float] = []
    wall: list[float] = []
    proofs: list[float] = []
    rng = random.Random(59)
    for puzzle in chosen:
        proofs += _cpu_timings_ms(partial(_analyse, puzzle), 1)
        for hinted in (True, False):
            play = Challenge(puzzle)
            while not play.over():
                if play.mine():
                    legal = play.state.legal_actions()
                    play.play(play.hint() or legal[0] if hinted else rng.choice(legal))
                    continue
                start, began = time.thread_time(), time.perf_counter()
                play.reply()
                cpu.append((time.thread_time() - start) * 1000.0)
                wall.append((time.perf_counter() - began) * 1000.0)
    return {
        "solver_reply_ms_p95": p95(cpu),
        "solver_reply_ms_median": median(cpu),
        "solver_reply_ms_max": round(max(cpu), 1),
        "solver_reply_wall_ms_p95": p95(wall),
        "solver_prove_ms_max": round(max(proofs), 1),
    }


# --- The effects' frame time (issue 54), in tools/bench_fx.py -------------------------------
sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_fx import effects_frame_bench  # noqa: E402

bench(effects_frame_bench)

# --- Hard's think time (issue 56), in tools/bench_hard.py -----------------------------------
from bench_hard import hard_think_bench  # noqa: E402

bench(hard_think_bench)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--quick", action="store_true", help="fewer repetitions")
    parser.add_argument(
        "--only",
        metavar="NAME",
        action="append",
        default=[],
        help="run only the benchmarks whose function name contains NAME (repeatable)",
    )
    args = parser.parse_args(argv)
    results: dict[str, float] = {}
    for function in BENCHES:
        if args.only and not any(name in function.__name__ for name in args.only):
            continue
        results.update(function(args.quick))
    if args.json:
        print(json.dumps(results, sort_keys=True))
    else:
        width = max((len(key) for key in results), default=10)
        for key, value in sorted(results.items()):
            print(f"{key:<{width}}  {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
