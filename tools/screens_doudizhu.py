"""Dou Dizhu's screenshots for tools/screenshots.py (``--part doudizhu``, issue 43): the
bidding, the kitty face up, play, a bomb, spring and the result panel."""

from __future__ import annotations

from typing import Any

from game.games.doudizhu import rules as ddz
from game.rules.cards import parse_cards


def shoot(shooter: Any) -> None:
    scene = shooter.table("doudizhu", 14, ddz.new_deal(seed=14, first_bidder=1))
    ctl = scene.controller

    def idle() -> bool:
        return ctl.is_human_turn() and not scene.busy()

    shooter.run(scene, idle, human=False)
    shooter.shoot("doudizhu", "bidding")
    three = [a for a in ctl.human_options() if getattr(a, "value", 0) == 3]
    scene.moves.do(three[0])  # the player bids 3 and becomes the landlord: the kitty is shown
    shooter.run(scene, idle, human=False)
    shooter.shoot("doudizhu", "kitty")
    shooter.run(scene, lambda: len(scene.board.plays) >= 2 and idle())
    shooter.shoot("doudizhu", "play")
    shooter.run(scene, lambda: scene.overlay == "result")
    shooter.shoot("doudizhu", "result")
    # A bomb answered on the landlord's pair: the multiplier doubles, announced.
    hands = ["4S 4H 4D 4C 9S KD", "3S 3H 8S JD", "6S 7C 8D TC"]
    scene = shooter.table("doudizhu", 7, ddz.new_deal(hands=hands, landlord=1))
    ctl = scene.controller
    shooter.run(scene, idle, human=False)
    bomb = ctl.selection_actions(parse_cards("4S 4H 4D 4C"))
    if bomb:
        scene.moves.do(bomb[0])
        shooter.run(scene, lambda: scene.board.banner is not None, human=False, limit=600)
        shooter.shoot("doudizhu", "bomb")
    # Spring: the landlord goes out before either peasant plays a card (D5.2).
    hands = ["3S 3H 3D 4S", "5S 9D", "6S 9C"]
    scene = shooter.table("doudizhu", 8, ddz.new_deal(hands=hands, landlord=0, base=3))
    shooter.run(scene, lambda: scene.overlay == "result")
    shooter.shoot("doudizhu", "spring")
