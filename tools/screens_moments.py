"""The moments of every game mid-effect, for tools/screenshots.py (``--part moments``, issue
54): the deal and its fan, a play's trail, a trick gathered, the last card out, the warning of
one or two cards left, bombs from a thump to a blast, the rocket, a straight flush, airplanes
with and without wings, a tractor, tributes, the kitty turned over, a double finish, a
level-up, a spring and an anti-spring, payments, the match won and lost, and the faces.

Each moment is shown as the table shows it: the cards are laid where the play lies and the
table's moments part is told of the play (the game's own declaration picks the effects),
or a finished deal's moment is shown by its name; the picture is taken a few frames in.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.rules.base import Action
from game.rules.cards import parse_cards
from game.scenes.table.anchors import Scene
from game.table import info
from game.table.moments import Moment

STEP = 1.0 / 60.0


def _meanings(game: str) -> Callable[[Any], list[Any]]:
    """How the game reads cards as a play (its rules' ``interpretations``)."""
    if game == "guandan":
        from game.games.guandan.rules import interpretations

        return lambda cards: interpretations(cards, "2")
    if game == "runfast":
        from game.games.runfast.rules import interpretations as runfast

        return lambda cards: runfast(cards, options={"attachments": True})
    if game == "doudizhu":
        from game.games.doudizhu.rules import interpretations as doudizhu

        return lambda cards: doudizhu(cards)
    return lambda cards: []


class Moments:
    """One game's table for the moments (``shooter`` is tools/screenshots.py's Shooter)."""

    def __init__(self, shooter: Any, game: str, seed: int) -> None:
        self.shooter = shooter
        self.game = game
        shooter.app.settings.effects = "normal"
        shooter.app.settings.reduced_motion = False
        self.scene = shooter.table(game, seed)
        self.meanings = _meanings(game)

    def settle(self) -> None:
        """Play on until the player is to act and the table is still."""
        scene = self.scene
        self.shooter.run(
            scene, lambda: scene.controller.is_human_turn() and not scene.busy(), human=False
        )
        for _ in range(90):  # the effects of the last plays run out
            scene.update(STEP)

    def frames(self, count: int) -> None:
        for _ in range(count):
            self.scene.update(STEP)

    def shoot(self, name: str, frames: int = 0) -> None:
        self.frames(frames)
        self.shooter.shoot(self.game, f"moment-{name}")
        self.scene.moments.fx.skip()
        self.scene.ceremonies.ceremony.skip()

    def play(self, seat: int, notation: str, kind: str | None = None, *, lead: bool = True) -> None:
        """``seat`` plays ``notation`` (as ``kind``, when the game reads it so): laid on the
        table and shown as the table shows a play."""
        scene, board = self.scene, self.scene.board
        cards = tuple(parse_cards(notation))
        found = [c for c in self.meanings(cards) if kind is None or c.kind == kind]
        combo = found[0] if found else None
        shown = kind if combo is None and kind else combo
        won_by = scene.view.leading_seat(scene.frame, board.plays) if lead else None
        scene.moments.played(scene.frame, seat, Action("play", cards, combo), shown, won_by)
        if lead:
            board.plays = {}
        board.plays[seat] = cards
        board.play_kinds[seat] = (cards, shown)
        scene.flights.fly_cards(seat, cards, seat)
        if combo is not None and info.is_bomb(combo):
            scene.ceremonies.bomb(combo, len(cards))

    def moment(
        self, name: str, seat: int | None = None, size: int = 0, target: int | None = None
    ) -> None:
        """A moment shown by its name (a finished deal's: a spring, a level-up, payments)."""
        self.scene.moments.show(Moment(name, seat, size, target), Scene(), self.scene.frame)


def shoot(shooter: Any) -> None:
    for game, shots in SHOTS.items():
        moments = Moments(shooter, game, 11)
        shots(moments)
        _result(moments)


def _result(m: Moments) -> None:
    """The deal played to its end: a seat's warning pulse as it comes down to one or two
    cards (where the game warns), then its result's figures counting up."""
    scene = m.scene
    warned = scene.moments.rules.warn_at

    def warning() -> bool:
        return bool(scene.moments.warned(scene.frame))

    if warned and m.shooter.run(scene, warning):
        m.shoot("cards-left-warning", 10)
    if m.shooter.run(scene, lambda: scene.overlay == "result"):
        m.shoot("result-count-up", 14)


def _deal(m: Moments) -> None:
    """The deal's cards flying to the seats, then the player's fan opening."""
    m.frames(20)
    m.shoot("deal")
    scene = m.scene
    while scene.board.dealing():
        m.frames(1)
    m.shoot("fan-open", 8)


def _common(m: Moments) -> None:
    """What every game shows: the deal and the fan, a play's trail, its face."""
    _deal(m)
    _trail(m)


def _trail(m: Moments) -> None:
    """A play sliding to the table with its trail."""
    m.settle()
    m.play(1, "5S", None)
    m.shoot("trail", 6)


def guandan(m: Moments) -> None:
    _common(m)
    m.play(2, "7S 7H 7D 7C", "bomb", lead=False)
    m.shoot("bomb-4", 10)
    m.play(3, "TH TS TD TC TH TS TD TC", "bomb", lead=False)
    m.shoot("bomb-8", 12)
    m.play(1, "BJ BJ RJ RJ", "joker_bomb", lead=False)
    m.shoot("four-joker-bomb", 36)
    m.play(2, "3S 4S 5S 6S 7S", "straight_flush")
    m.shoot("straight-flush", 16)
    m.play(3, "3S 3H 3D 4S 4H 4D", "plate")
    m.shoot("plate", 30)
    m.play(1, "3S 3H 4S 4H 5S 5H", "tube")
    m.shoot("tube", 16)
    m.play(2, "9S", None)  # the last trick is gathered to its winner as a new one is led
    m.shoot("gather", 12)
    m.scene.flights.fly_cards(1, parse_cards("AH"), m.scene.layout.seat_center(2), slow=True)
    m.moment("tribute", 1, 1, 2)
    m.shoot("tribute", 24)
    m.moment("last_card", 3)
    m.shoot("last-card", 12)
    m.moment("double_finish", 1, 3, 3)
    m.shoot("double-finish", 30)
    m.moment("level_up", 0, 3)
    m.shoot("level-up", 45)
    m.moment("match_won", 0)
    m.shoot("match-won", 40)
    m.moment("match_lost", 0)
    m.shoot("match-lost", 40)


def shengji(m: Moments) -> None:
    _common(m)
    m.play(2, "9C 9C TC TC JC JC", "tractor")
    m.shoot("tractor", 18)
    # The kitty lies face up in the middle as the table shows it at the deal's end.
    m.scene.board.plays = {}
    m.scene.board.kitty_shown = tuple(parse_cards("5H TD KS 3C 3C 9S 4D KH"))
    m.moment("kitty_revealed", 0, 8)
    m.shoot("kitty-turned-over", 20)
    m.scene.board.kitty_shown = None
    m.moment("kitty_points", 1, 40)
    m.shoot("kitty-points", 24)
    m.moment("level_up", 1, 2)
    m.shoot("level-up", 45)


def runfast(m: Moments) -> None:
    _common(m)
    m.play(2, "5S 5H 5D 5C", "bomb", lead=False)
    m.shoot("bomb", 10)
    m.play(1, "AS AH AD", "ace_bomb", lead=False)
    m.shoot("three-aces", 12)
    m.play(2, "3S 3H 3D 4S 4H 4D 7C 8C 9C TC", "airplane")
    m.shoot("airplane-wings", 30)
    m.play(1, "6S 6H 7S 7H 8S 8H", "pair_run")
    m.shoot("pair-run", 16)
    m.moment("spring", 0, 1, 1)
    m.shoot("spring", 30)
    m.moment("payment", 1, 9, 0)
    m.moment("payment", 2, 4, 0)
    m.shoot("payments", 24)


def doudizhu(m: Moments) -> None:
    m.frames(20)
    m.shoot("deal")
    # The landlord takes the kitty, shown to all in the middle: the table's own moment, shot
    # once the table shows it (after the deal's flight, or after the bidding).
    scene = m.scene
    shown: list[bool] = []
    acted = scene.moments.acted

    def spy(frame: Any, seat: int | None, action: Action) -> None:
        acted(frame, seat, action)
        shown.append(action.kind == "kitty")

    scene.moments.acted = spy  # the tool watches the table
    opened = 0  # frames since the deal's cards arrived (the fan opens)
    while not any(shown) and opened < 8:
        m.frames(1)
        opened += not scene.board.dealing()
    if any(shown):  # taken as the fan opened: the kitty first (a shot ends every effect)
        m.shoot("kitty-turned-over", 20)
        m.shoot("fan-open")
    else:
        m.shoot("fan-open")
        m.shooter.run(scene, lambda: any(shown))
        m.shoot("kitty-turned-over", 20)
    _trail(m)
    m.play(2, "5S 5H 5D 5C", "bomb", lead=False)
    m.shoot("bomb", 10)
    m.play(1, "BJ RJ", "rocket", lead=False)
    m.shoot("rocket", 36)
    m.play(2, "3S 3H 3D 4S 4H 4D", "airplane")
    m.shoot("airplane", 30)
    m.play(1, "6S 6H 6D 7S 7H 7D 9C JC", "airplane_singles")
    m.shoot("airplane-wings", 30)
    m.moment("spring", 0)
    m.shoot("spring", 30)
    m.moment("anti_spring", 1)
    m.shoot("anti-spring", 30)
    m.moment("payment", 1, 12, 0)
    m.moment("payment", 2, 12, 0)
    m.shoot("payments", 24)


#: Each game's moments, in the order shot.
SHOTS: dict[str, Callable[[Moments], None]] = {
    "guandan": guandan,
    "shengji": shengji,
    "runfast": runfast,
    "doudizhu": doudizhu,
}
