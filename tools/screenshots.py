#!/usr/bin/env python3
"""Render every screen and every phase of every preset headless (1920×1080 unless told).

    python tools/screenshots.py --out shots                 # all languages
    python tools/screenshots.py --out shots --lang en fa    # some languages
    python tools/screenshots.py --out shots --size 1280x720 1024x600   # other window sizes

Files are named ``<lang>-<preset>-<phase>.png`` (shared/spec/tools.md); the screens that belong
to no preset use ``app`` as the preset: ``en-app-title.png``. A size other than 1920×1080 adds
itself to the name: ``en-guandan-result-1024x600.png``. Each table phase is reached by
playing a seeded match through the table scene (the AI plays; the human seat plays the Normal
bot's hint) or, for positions a random deal rarely gives (a return card for the human, an
ambiguous selection, a kitty nobody declares on), from a scripted deal. The whole frame is
captured after post-processing, as the player sees it. The user's settings and autosave are
never touched: the tool runs with its own throwaway user folder.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
from collections.abc import Callable, Mapping
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ["CARDAVIA_HOME"] = tempfile.mkdtemp(prefix="cardavia-shots-")

import pygame  # noqa: E402

from game import house_rules, i18n, registry  # noqa: E402
from game.rules.cards import double_pack, parse_cards  # noqa: E402

if TYPE_CHECKING:
    from game.rules.base import DealState
    from game.scenes.table import TableScene
    from game.table.summary import DealRow

STEP = 1.0 / 30.0
DEFAULT_SIZE = "1920x1080"


def window_size(value: str) -> str:
    """``WxH`` as the window size argument (argparse type)."""
    try:
        width, height = (int(part) for part in value.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{value!r} is not WIDTHxHEIGHT, e.g. 1280x720") from None
    if width < 320 or height < 240:
        raise argparse.ArgumentTypeError(f"{value!r} is smaller than 320x240")
    return f"{width}x{height}"


class Shooter:
    """One app of one window size (1920×1080 by default) in one language, saving frames into
    ``out``."""

    def __init__(self, out: Path, lang: str, size: str = DEFAULT_SIZE) -> None:
        from game.app import App, parse_args

        self.out = out
        self.lang = lang
        self.suffix = "" if size == DEFAULT_SIZE else f"-{size}"
        self.app = App(parse_args(["--windowed", size, "--lang", lang, "--seed", "7"]))
        self.app.settings.ai_delay_ms = 0
        self.app.settings.animation_speed = 50
        self.written: list[Path] = []

    def shoot(self, preset: str, phase: str) -> None:
        from game.scenes.table import TableScene

        top = self.app.stack.top if len(self.app.stack) else None
        if isinstance(top, TableScene):
            if phase == "result" and top.overlay == "result":
                top.overlays.result.skip()  # the ladder's move shown done (result-moving: midway)
            top.update(0.0)  # buttons and messages follow the position being shown
        self.app.tick(0.0)
        self.app.tick(0.0)  # a new screen's top-bar sliders are drawn at their new places
        path = self.out / f"{self.lang}-{preset}-{phase}{self.suffix}.png"
        pygame.image.save(self.app.screen, str(path))
        self.written.append(path)

    def clear(self) -> None:
        self.app.stack.clear()

    # --- screens ----------------------------------------------------------------------------
    def menus(self) -> None:
        from game.scenes.preset import RULES_TAB, TABLE_TAB, PresetScene
        from game.scenes.title import TitleScene

        self.clear()
        title = self.app.stack.push(TitleScene(self.app))
        self.shoot("app", "title")
        self.app.topbar.toggle_menu("game")  # the Game menu over the title (issue 40)
        self.shoot("app", "game-menu")
        self.app.topbar.close_menu()
        title.open_about()
        self.shoot("app", "about")
        for preset_id, preset in self.app.presets.items():
            for tab in (TABLE_TAB, RULES_TAB):
                self.clear()
                self.app.stack.push(TitleScene(self.app))
                self.app.stack.push(PresetScene(self.app, preset, tab))
                self.shoot(preset_id, f"{tab}-tab")
            # The house-rules screen, and the rules' house-rules section at the end (issue 28).
            from game.scenes.house_rules import HouseRulesScene

            scene = self.app.stack.top
            assert isinstance(scene, PresetScene)  # pushed just above
            self.app.stack.push(
                HouseRulesScene(self.app, preset_id, scene.house, base=preset.options)
            )
            self.shoot(preset_id, "house-rules")
            self.app.stack.pop()
            # Locked while a match is in progress: that match's options, read-only.
            match = {key: house_rules.next_value(preset_id, key, value)
                     for key, value in scene.house.items()}  # fmt: skip
            self.app.stack.push(HouseRulesScene(self.app, preset_id, scene.house, match=match))
            self.shoot(preset_id, "house-rules-locked")
            self.app.stack.pop()
            scene.rules.offset = scene.rules.max_offset
            self.shoot(preset_id, "rules-tab-end")

    def title_saved(self) -> None:
        """The title with a match in progress at every game (issue 55: its lines stayed in the
        language of the moment they were made) and one game's Table tab with Resume."""
        from game.scenes.preset import TABLE_TAB, PresetScene
        from game.scenes.title import TitleScene

        for preset in registry.ids():  # a few actions at each table: its autosave is written
            scene = self.table(preset, 11)
            self.run(scene, partial(acted_or_over, scene))
            self.clear()
        self.app.stack.push(TitleScene(self.app))
        self.shoot("app", "title-saved")
        first = next(iter(self.app.presets.values()))
        self.app.stack.push(PresetScene(self.app, first, TABLE_TAB))
        self.shoot(first.id, "table-tab-saved")

    def daily(self) -> None:
        """The deal of the day (issue 59): the title with its entries, the first game's deal of
        the day played to its result panel (the player's seat plays the hint), then the title
        with that game's best on it and the history with the deal marked."""
        from game.scenes.history import HistoryScene
        from game.scenes.table import TableScene
        from game.scenes.title import TitleScene
        from game.table.daily import daily_controller, today

        self.clear()
        self.app.stack.push(TitleScene(self.app))
        self.shoot("app", "title-daily")
        preset = next(iter(self.app.presets))
        controller = daily_controller(preset, today(), think_delay=0.0, threaded=False)
        scene = self.app.stack.push(TableScene(self.app, preset, controller=controller))
        self.run(scene, lambda: scene.overlay == "result")
        self.shoot(preset, "daily-result")
        self.app.history.settle(5.0)  # the deal written before the title reads its best
        self.clear()
        self.app.stack.push(TitleScene(self.app))
        self.shoot("app", "title-daily-played")
        self.app.stack.push(HistoryScene(self.app))
        self.shoot("app", "history-daily")

    # --- tables -----------------------------------------------------------------------------
    def table(
        self,
        preset: str,
        seed: int,
        scripted: DealState | None = None,
        options: Mapping[str, Any] | None = None,
    ) -> TableScene:
        from game.scenes.table import TableScene
        from game.table.controller import TableController

        self.clear()
        controller = TableController(
            preset, seed=seed, think_delay=0.0, threaded=False, options=options
        )
        scene = TableScene(self.app, preset, controller=controller)
        self.app.stack.push(scene)
        if scripted is not None:
            controller.use_deal(scripted)
        return scene

    def run(
        self,
        scene: TableScene,
        until: Callable[[], bool],
        *,
        human: bool = True,
        limit: int = 20000,
    ) -> bool:
        """Step the table until ``until()``; the human plays the hint (or a random legal)."""
        rng = random.Random(1)
        for _ in range(limit):
            scene.update(STEP)
            if until():
                return True
            ctl = scene.controller
            if scene.overlay == "result" and not until():
                return False
            if human and ctl.is_human_turn() and not scene.busy() and scene.overlay is None:
                ctl.request_hint()
                action = ctl.take_hint() or rng.choice(ctl.human_options())
                scene.moves.do(action)
        return until()

    def runfast(self) -> None:
        from game.games.runfast import rules as runfast

        scene = self.table("runfast", 5)
        scene.update(0.4)
        self.shoot("runfast", "deal")
        self.run(scene, lambda: scene.controller.is_human_turn() and not scene.busy(), human=False)
        self.shoot("runfast", "turn")
        self.run(
            scene,
            lambda: (
                len(scene.board.plays) >= 2
                and scene.controller.is_human_turn()
                and not scene.busy()
            ),
        )
        self.shoot("runfast", "play")
        self.run(scene, partial(shows_result, scene))
        self.shoot("runfast", "result")
        # The house rules in force for the match (key R), here two that differ from defaults.
        options = {"attachments": True, "must_beat": "warned_only"}
        scene = self.table("runfast", 5, options=options)
        self.run(scene, lambda: scene.controller.is_human_turn() and not scene.busy(), human=False)
        scene.overlays.house.toggle()
        self.shoot("runfast", "house-rules-match")
        # The 3H lead (R2.2) with an illegal selection and its reason.
        deal = next(
            d for d in (runfast.new_deal(seed=s) for s in range(1, 200)) if d.current_player == 0
        )
        scene = self.table("runfast", 6, deal)
        self.run(scene, lambda: not scene.busy(), human=False)
        scene.hand.select_cards([c for c in scene.hand.cards if str(c) != "3H"][:1])
        scene.update(0.0)
        self.shoot("runfast", "lead-3h")
        # A bomb bonus (R5.3) as it is earned.
        scene = self.table(
            "runfast", 7, runfast.new_deal(hands=["4S 4H 4D 4C 9S KD", "3H 5S 6S", "7S 8S"])
        )
        self.run(scene, lambda: scene.controller.is_human_turn() and not scene.busy(), human=False)
        bomb = scene.controller.selection_actions(parse_cards("4S 4H 4D 4C"))
        if bomb:
            scene.moves.do(bomb[0])
            self.run(
                scene,
                lambda: (
                    scene.board.banner is not None
                    and bool(cast(runfast.RunFastState, scene.state).bonus_events)
                ),
                human=False,
                limit=600,
            )
            self.shoot("runfast", "bomb-bonus")
        # Must beat: Pass disabled with the reason.
        scene = self.table(
            "runfast", 6, runfast.new_deal(hands=["9S 4D KC KD", "6S 7C 8D", "3H 5S 6D"])
        )
        self.run(scene, lambda: scene.controller.is_human_turn() and not scene.busy(), human=False)
        self.shoot("runfast", "must-beat")

    def shengji_throws(self) -> None:
        from screens_shengji import shoot

        shoot(self)

    def doudizhu(self) -> None:
        from screens_doudizhu import shoot

        shoot(self)

    def moments(self) -> None:
        from screens_moments import shoot

        shoot(self)

    def challenges(self) -> None:
        from screens_challenges import shoot

        shoot(self)

    def guandan(self) -> None:
        from game.games.guandan import rules as guandan

        scene = self.table("guandan", 11)
        scene.update(0.5)
        self.shoot("guandan", "deal")
        self.run(scene, lambda: len(scene.board.plays) >= 3 and not scene.busy())
        self.shoot("guandan", "play")
        self.run(scene, partial(shows_result, scene))
        for _ in range(16):  # about half way through the ladder's move
            scene.update(STEP)
        self.shoot("guandan", "result-moving")
        self.shoot("guandan", "result")
        scene.choices.next_deal()
        self.run(
            scene,
            lambda: scene.board.banner is not None and bool(scene.board.flyers),
            human=False,
            limit=200,
        )
        self.shoot("guandan", "tribute")
        # The human's return card (G3.5): first and second place were the human's team.
        for s in range(40):
            deal = guandan.new_deal(seed=s, level="5", previous_finish=(0, 2, 1, 3))
            if deal.phase == "return" and deal.current_player == 0:
                break
        scene = self.table("guandan", 12, deal)
        self.run(scene, lambda: scene.controller.is_human_turn() and not scene.busy(), human=False)
        options = guandan.return_options(scene.hand.cards, "5")
        scene.hand.select_cards(options[:1])
        scene.update(0.0)
        self.shoot("guandan", "return")
        # Anti-tribute (G3.4): the single payer holds both Red Jokers.
        pack = double_pack()
        rng = random.Random(4)
        rest = [c for c in pack if str(c) != "RJ"]
        rng.shuffle(rest)
        hands = [rest[0:27], rest[27:54], rest[54:81], rest[81:106] + parse_cards("RJ RJ")]
        deal = guandan.new_deal(hands=hands, level="3", previous_finish=(0, 1, 2, 3))
        scene = self.table("guandan", 13, deal)
        self.run(scene, lambda: scene.board.banner is not None, human=False, limit=300)
        self.shoot("guandan", "anti-tribute")
        # Issue 40: a bomb's ceremony, and a double finish (1-2) before the result.
        deal = guandan.new_deal(
            hands=["7S 7H 7D 7C 3S", "4S 4D", "5S 5D", "KS KD"], level="9", leader=0
        )
        scene = self.table("guandan", 15, deal)
        self.run(scene, lambda: scene.controller.is_human_turn() and not scene.busy(), human=False)
        scene.moves.do(next(a for a in scene.controller.human_options() if len(a.cards) == 4))
        self.run(
            scene, lambda: (scene.ceremonies.ceremony.progress(scene.time) or 0) > 0.3, human=False
        )
        self.shoot("guandan", "bomb")
        deal = guandan.new_deal(hands=["3S", "2S 2D", "4S", "KS KD"], level="9", leader=0)
        scene = self.table("guandan", 16, deal)
        self.run(scene, lambda: (scene.ceremonies.ceremony.progress(scene.time) or 0) > 0.35)
        self.shoot("guandan", "double-finish")
        # The meaning chooser (G5.5).
        deal = guandan.new_deal(
            hands=["6S 7D 8C 9H 2H 3S 4C KD", "4S 4D", "5S 5D", "KS KH"], level="2", leader=0
        )
        scene = self.table("guandan", 14, deal)
        self.run(scene, lambda: scene.controller.is_human_turn() and not scene.busy(), human=False)
        scene.hand.select_cards(parse_cards("6S 7D 8C 9H 2H"))
        scene.actions.primary()
        scene.update(0.0)
        self.shoot("guandan", "chooser")

    def guandan_match_end(self) -> None:
        """G1.5: a team at A wins a deal played at A with a 1-2 finish: the human's team (the
        celebration, then the final panel) and the opponents (a calm panel)."""
        from game.games.guandan import rules as guandan

        for winner in (0, 1):
            scene = self.table("guandan", 15 + winner)
            ctl = scene.controller
            ctl.match.levels = {winner: "A", 1 - winner: "9"}
            hands = ["3S", "2S 2D", "4S", "KS KD"]
            hands = hands[-winner:] + hands[:-winner] if winner else hands  # seat w holds 3S
            deal = guandan.new_deal(
                hands=hands, level="A", leader=winner, team_levels=ctl.match.levels
            )
            ctl.use_deal(deal)
            if self.run(scene, partial(shows_result, scene)) and ctl.match_over:
                self.match_end(scene, "guandan", won=ctl.match.winner == 0)

    def match_end(self, scene: TableScene, preset: str, *, won: bool) -> None:
        """The match-end panel: a win mid-celebration and once skipped; a loss as it stays."""
        if won:
            for _ in range(24):  # 0.8 s: the headline has sprung, the confetti is up
                scene.update(STEP)
            self.shoot(preset, "match-won")
            scene.overlays.result.skip()
            self.shoot(preset, "match-won-final")
        else:
            for _ in range(45):  # the ladder's move has ended
                scene.update(STEP)
            self.shoot(preset, "match-lost")

    def shengji_match_end(self) -> None:
        """S1.3: the deal that takes a team past A, won by the human's team and then by the
        opponents (seeded deals played by the AI until each has happened)."""
        from game.games.shengji import rules as shengji

        for want in (0, 1):
            for seed in range(40):
                scene = self.table("shengji", 30 + seed)
                ctl = scene.controller
                ctl.match.levels = {0: "A", 1: "A"}
                ctl.use_deal(shengji.new_deal(seed=seed, level="A", dealer=want))
                self.run(scene, partial(shows_result, scene))
                if ctl.match_over and ctl.match.winner == want:
                    self.match_end(scene, "shengji", won=want == 0)
                    break

    def runfast_totals(self) -> None:
        """Run Fast's result after a few deals: the running totals move from the last deal's."""
        scene = self.table("runfast", 9)
        for _ in range(2):
            self.run(scene, partial(shows_result, scene))
            scene.choices.next_deal()
        self.run(scene, partial(shows_result, scene))
        for _ in range(45):
            scene.update(STEP)
        self.shoot("runfast", "result-deal3")

    def shengji(self) -> None:
        from game.games.shengji import rules as shengji

        scene = self.table("shengji", 21, shengji.new_deal(seed=8, level="2", dealer=0))
        scene.update(0.5)
        self.shoot("shengji", "deal")
        self.run(
            scene,
            lambda: (
                scene.frame.phase == "declare"
                and scene.controller.is_human_turn()
                and not scene.busy()
            ),
            human=False,
        )
        self.shoot("shengji", "declare")
        self.run(
            scene,
            lambda: (
                scene.frame.phase == "bury"
                and scene.controller.is_human_turn()
                and not scene.busy()
            ),
        )
        scene.hand.select_cards(scene.hand.cards[-8:])
        scene.update(0.0)
        self.shoot("shengji", "bury")
        self.run(
            scene,
            lambda: (
                len(getattr(scene.state, "tricks", ())) >= 3
                and len(scene.board.plays) >= 2
                and not scene.busy()
            ),
        )
        self.shoot("shengji", "play")
        scene.overlays.toggle_last_trick()
        scene.update(0.0)
        self.shoot("shengji", "last-trick")
        scene.overlays.toggle_last_trick()
        self.run(scene, partial(shows_result, scene))
        self.shoot("shengji", "result")
        # Nobody declares (S2.5): every level card lies in the kitty, no joker pair in a hand.
        twos = [c for c in double_pack() if c.rank == "2"]
        rest = [c for c in double_pack() if c.rank != "2"]
        rng = random.Random(2)
        while True:
            rng.shuffle(rest)
            hands = [rest[i * 25 : (i + 1) * 25] for i in range(4)]
            if all(h.count(j) < 2 for h in hands for j in parse_cards("BJ RJ")):
                break
        deal = shengji.new_deal(hands=hands, kitty=twos, level="2", dealer=1)
        scene = self.table("shengji", 22, deal)
        # Everybody passes, the human too; the pictures show the revealed kitty (S2.5), then
        # the AI dealer picking it up.
        for _ in range(400):
            ctl = scene.controller
            if scene.board.kitty_shown:
                break
            scene.update(STEP)
            passing = ctl.pass_action()
            if ctl.is_human_turn() and not scene.busy() and passing is not None:
                scene.moves.do(passing)
        scene.update(0.3)
        self.shoot("shengji", "kitty-revealed")
        self.run(scene, lambda: not scene.board.kitty_shown, human=False, limit=400)
        scene.update(0.15)
        self.shoot("shengji", "kitty-pickup")

    # --- what Cardavia remembers (issue 27) ------------------------------------------------
    def record(self, preset: str, deals: int, seed: int) -> list[int]:
        """Play ``deals`` deals of ``preset`` (Normal bots in every seat) into the history, as
        if the player had played them; returns their ids."""
        import dataclasses

        from game.history import db
        from game.table.controller import TableController

        ids: list[int] = []

        def finished(_ctl: TableController, row: DealRow) -> None:
            kept = db.shared().record(dataclasses.replace(row, autoplay=False))
            assert kept is not None, "the shots' fresh history keeps every deal"
            ids.append(kept)

        ctl = TableController(
            preset,
            seed=seed,
            threaded=False,
            think_delay=0.0,
            autoplay=True,
            autoplay_pause=0.0,
            on_deal_end=finished,
        )
        while len(ids) < deals:
            ctl.update()
            if ctl.awaiting_next and ids:
                if ctl.match_over:
                    ctl.new_match(seed=seed + len(ids))
                else:
                    ctl.next_deal()
        return ids

    @staticmethod
    def longer_history(recorded: dict[str, list[int]], copies: int = 30) -> None:
        """Copies of the recorded deals, grouped six to a match, so that the statistics'
        charts have many finished matches to show (a real match is long to play here)."""
        import dataclasses

        from game.history import db

        database = db.shared()
        rows = []
        for preset, ids in recorded.items():
            found = [database.deal(deal_id) for deal_id in ids]
            real = [row for row in found if row is not None]
            assert len(real) == len(found), "every recorded deal is found"
            for copy in range(copies):
                for index in range(6):
                    row = real[(copy + index) % len(real)]
                    rows.append(
                        dataclasses.replace(
                            row,
                            match_key=f"shots:{preset}:{copy}",
                            deal_index=index,
                            finished_at=row.finished_at - 86400 + copy * 60 + index,
                            match_over=index == 5,
                            match_won=(copy % 3 != 1) if index == 5 else None,
                        )
                    )
        database.record_many(rows)

    def memory(self, recorded: dict[str, list[int]]) -> None:
        """The statistics (with charts), the history, the file picker, a replay of each game
        with a trick on the table, and the AI review of a Run Fast deal."""
        from game.history import db, replay
        from game.scenes.history import HistoryScene, ReplayScene
        from game.scenes.statistics import StatisticsScene

        self.clear()
        self.app.stack.push(StatisticsScene(self.app))
        self.shoot("app", "statistics")
        history = self.app.stack.push(HistoryScene(self.app))
        self.shoot("app", "history")
        if hasattr(history, "open_picker"):
            history.open_picker()
            self.shoot("app", "import-picker")
        for preset, ids in recorded.items():
            self.clear()
            deal = replay.load(db.shared(), ids[-1])
            scene = self.app.stack.push(ReplayScene(self.app, deal))
            # a position in the middle of the deal with plays lying on the table
            middle = len(deal.states) // 2
            scene.go(next((p for p in deal.rounds if p >= middle), middle) + 2)
            self.shoot(preset, "replay")
            if preset == "runfast":
                scene.start_review()
                job = scene.job
                assert job is not None  # started just above
                job.join()
                scene.update(0.0)
                plies = job.plies
                worse = [p for p in plies if not job.verdicts[p].agrees]
                scene.go((worse or plies or [0])[0])
                self.shoot(preset, "replay-review")


def made_actions(scene: TableScene) -> int:
    """The actions made at a table scene's deal (auto records left out)."""
    state = scene.controller.state
    return sum(1 for record in state.log if not record.auto)


def shows_result(scene: TableScene) -> bool:
    """Whether the table shows a deal's result."""
    return scene.overlay == "result"


def acted_or_over(scene: TableScene) -> bool:
    """Six actions made at the table, or its deal over."""
    return made_actions(scene) >= 6 or shows_result(scene)


#: The parts the tool shoots, in order: name -> Shooter method.
PARTS = {
    "menus": "menus",
    "title-saved": "title_saved",
    "daily": "daily",
    "runfast": "runfast",
    "runfast-totals": "runfast_totals",
    "guandan": "guandan",
    "guandan-match-end": "guandan_match_end",
    "shengji": "shengji",
    "shengji-match-end": "shengji_match_end",
    "shengji-throws": "shengji_throws",
    "doudizhu": "doudizhu",
    "moments": "moments",
    "challenges": "challenges",
    "memory": "memory",
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", required=True, type=Path, help="folder for the PNG files")
    parser.add_argument(
        "--lang", nargs="*", default=None, metavar="CODE", help="languages (default: all)"
    )
    parser.add_argument(
        "--size",
        nargs="+",
        default=[DEFAULT_SIZE],
        type=window_size,
        metavar="WxH",
        help="window sizes (default: 1920x1080), e.g. --size 1920x1080 1280x720 1024x600",
    )
    parser.add_argument(
        "--part",
        nargs="+",
        default=list(PARTS),
        choices=list(PARTS),
        help="only these parts (default: all): the menus, each game, the match ends",
    )
    args = parser.parse_args(argv)
    languages = args.lang or list(i18n.LANGUAGES)
    unknown = [code for code in languages if code not in i18n.LANGUAGES]
    if unknown:
        parser.error(f"unknown language(s): {', '.join(unknown)}")
    args.out.mkdir(parents=True, exist_ok=True)
    written = 0
    recorded: dict[str, list[int]] = {}  # deals in the throwaway history, played once
    for size in args.size:
        for lang in languages:
            shooter = Shooter(args.out, lang, size)
            for part in args.part:
                if part == "memory":  # the history is recorded once, by the first language
                    if not recorded:
                        recorded = {p: shooter.record(p, 4, 3) for p in registry.ids()}
                        shooter.longer_history(recorded)
                    shooter.memory(recorded)
                else:
                    getattr(shooter, PARTS[part])()
            shooter.clear()
            written += len(shooter.written)
            for path in shooter.written:
                print(path)
    pygame.quit()
    print(f"{written} screenshots in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
