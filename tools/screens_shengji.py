"""Shengji's throws for tools/screenshots.py (``--part shengji-throws``, issue 58): VS4's three
worked examples at a table with the house rule on, the player leading each throw: one that
stands, one that fails (the cards taken back in the air, the note naming who could beat it and
the penalty) and one beaten by trumps. Level 2, hearts trump; every hand is full, the example's
cards fixed and the rest dealt at random (seeded) where they cannot change the example."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from game.games.shengji import rules as shengji
from game.rules.base import Action
from game.rules.cards import double_pack, parse_cards

ON = {"throws": True}


def scripted(fixed: list[str], banned: str, seed: int) -> Any:
    """A deal in play, the player (seat 0) the dealer about to lead: ``fixed`` cards in each
    hand, the rest of the pack dealt at random except that no other card of ``banned`` (an
    effective suit at level 2, hearts trump: a suit letter or "trump") goes to seats 1-3; the
    kitty opens with a heart (trump after four passes) and is buried as dealt."""
    trump = shengji.Trump("2", "H")
    rng = random.Random(seed)
    rest = Counter(double_pack())
    hands = [parse_cards(text) for text in fixed]
    for hand in hands:
        rest.subtract(hand)
    pool = list(rest.elements())
    rng.shuffle(pool)
    kitty = [next(c for c in pool if c.suit == "H" and c.rank != "2")]
    pool.remove(kitty[0])
    spare = [c for c in pool if trump.effective_suit(c) == banned]  # the player's or the kitty's
    pool = [c for c in pool if trump.effective_suit(c) != banned]
    for card in spare:
        (hands[0] if len(hands[0]) < 25 else kitty).append(card)
    for hand in hands:
        while len(hand) < 25:
            hand.append(pool.pop())
    kitty += pool[: 8 - len(kitty)]
    state = shengji.new_deal(hands=hands, kitty=kitty, level="2", dealer=0, options=ON)
    for _ in range(4):
        state.apply(Action("pass"))
    state.apply(state.actions_for(kitty)[0])  # the dealer buries the kitty it took
    return state


def lead(shooter: Any, state: Any, cards: str) -> Any:
    """The table of ``state``, the player's ``cards`` selected and played as its lead."""
    scene = shooter.table("shengji", 58, state, options=ON)
    ctl = scene.controller
    shooter.run(scene, lambda: ctl.is_human_turn() and settled(scene), human=False)
    scene.hand.select_cards(parse_cards(cards))
    scene.update(0.0)
    scene.actions.primary()
    return scene


def trick_over(shooter: Any, scene: Any) -> bool:
    """Play on until all four plays of the first trick lie on the table, none in the air; the
    AI then waits (until :func:`resume`), so the next lead does not clear them. Whether they
    lie there."""
    shooter.run(scene, lambda: len(scene.board.plays) >= 4, human=False, limit=400)
    shooter.app.settings.ai_delay_ms = 60_000  # the table reads it each frame
    for _ in range(60):
        if not scene.board.flyers:
            break
        scene.update(1 / 30)
    return len(scene.board.plays) >= 4


def resume(shooter: Any) -> None:
    """The AI plays at once again (as the screenshots tool sets it)."""
    shooter.app.settings.ai_delay_ms = 0


def noted(scene: Any) -> bool:
    """The failed throw's note is up (its two lines: who could beat it, the penalty)."""
    banner = scene.board.banner
    return banner is not None and "\n" in banner[0]


def settled(scene: Any) -> bool:
    """No card in the air and no announcement left over from the deal's start."""
    return not scene.board.flyers and scene.board.banner is None


def shoot(shooter: Any) -> None:
    # 1. Standing: A A K of spades; nobody can beat a part (VS4 example 1).
    state = scripted(["AS AS KS", "QS QS 9S 4S", "JS 8S", "TS 7S 5S 3S"], "S", 1)
    scene = lead(shooter, state, "AS AS KS")
    trick_over(shooter, scene)
    shooter.shoot("shengji", "throw-stands")
    resume(shooter)
    # 2. Failed: Q Q J 8 of clubs into a 9 of clubs (VS4 example 2): the 8 is played alone.
    state = scripted(["QC QC JC 8C", "9C 6C", "TC 4C", "KC KC 3C"], "C", 2)
    scene = lead(shooter, state, "QC QC JC 8C")
    shooter.run(scene, lambda: noted(scene), human=False, limit=400)
    for _ in range(8):  # the cards taken back on their way
        scene.update(1 / 30)
    shooter.shoot("shengji", "throw-fails")
    # 3. Beaten by trumps: seats 1-3 hold no spade and trump pairs (VS4 example 3).
    for seed in range(3, 40):
        state = scripted(["AS AS KS", "3H 3H 6H", "4H 4H 5H", "RJ BJ 9H"], "S", seed)
        scene = lead(shooter, state, "AS AS KS")
        if trick_over(shooter, scene) and scene.controller.state.tricks[0].winner != 0:
            break
        resume(shooter)
    shooter.shoot("shengji", "throw-ruffed")
    resume(shooter)
