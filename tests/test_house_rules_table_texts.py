"""What the Guandan table shows for the house rules VG2 and VG3 (variants.md), read through the
table scene as the player sees it: the return prompt under VG2 ("not of the level rank"), and
under VG3 the count "A: try n of 3" below the level ladder and in the deal's result."""

from __future__ import annotations

from collections.abc import Mapping

import pygame

from game.games.guandan.view import View as GuandanView
from game.rules import guandan as gd
from game.rules.base import Action
from game.scenes.table import TableScene
from tests.test_table_scene import make_scene, step_until

PASS = Action("pass")
VG2 = {"return_excludes_level": True}
VG3 = {"a_level_tries": 3}


def a_try_lines(scene: TableScene) -> list[str]:
    """The lines under the ladder that count a team's tries at A (Guandan's own view)."""
    view = scene.view
    assert isinstance(view, GuandanView)
    return view.a_try_lines(scene.frame)


def message(scene: TableScene) -> str:
    """The table's message line (there is one: the person is asked to act)."""
    shown = scene.message_line.message(scene.frame)
    assert shown is not None
    return shown[0]


def _human_returns(options: Mapping[str, object] | None):
    """A deal at level 5 whose first move is the person's return card (G3.5): seat 0 finished
    first, seat 3 last and paid it tribute (G3.1)."""
    hands = ["5S 3D KS", "7D 8D", "9C JC", "AS 4H"]
    return gd.new_deal(hands=hands, level="5", previous_finish=(0, 1, 2, 3), options=options)


def test_vg2_return_prompt_says_the_level_rank_is_excluded() -> None:  # VG2, G3.5
    for options, words in (
        (None, "Choose a card to give back to Left (a 2 to 10, not a wild) and confirm"),
        (VG2, "Choose a card to give back to Left (a 2 to 10, not a wild and not of the "
              "level rank) and confirm"),
    ):  # fmt: skip
        scene = make_scene("guandan", 4, options=options)
        scene.controller.use_deal(_human_returns(options))
        step_until(scene, lambda s=scene: s.can_act() and not s.busy())
        assert scene.frame.phase == "return"
        assert message(scene) == words
        scene.draw(pygame.Surface(scene.size))  # the prompt on its plate, drawn


def test_vg2_a_level_card_is_refused_with_the_reason_at_the_table() -> None:  # VG2
    scene = make_scene("guandan", 4, options=VG2)
    scene.controller.use_deal(_human_returns(VG2))
    step_until(scene, lambda: scene.can_act() and not scene.busy())
    five = next(c for c in scene.hand.cards if str(c) == "5S")
    scene.hand.select_cards([five])
    shown = message(scene)
    assert shown == scene.controller.selection_refusal([five])
    assert "level rank" in shown and not scene.controller.selection_actions([five])


def _at_a(scene, tries: tuple[int, int]):
    """Team 0 at A with ``tries`` already played (VG3), the other team at 5, in a deal at A
    that team 0 wins 1-4 (one level: not a match win, G1.5); only seat 1's last card is left
    to lead."""
    match = scene.controller.match
    match.levels = {0: "A", 1: "5"}
    match.a_tries = {0: tries[0], 1: tries[1]}
    state = gd.new_deal(
        hands=["KS", "3C", "4C 4D 6S", "5C"], level="A", leader=0, team_levels=match.levels,
        options=match.options, a_tries=tries,
    )  # fmt: skip
    for step in ("KS", "", "", "", "4C", "5C", "", ""):
        state.apply(PASS if not step else state.actions_for(step)[0])
    scene.controller.use_deal(state)
    scene.controller.levels_before = dict(match.levels)


def test_vg3_table_shows_the_try_under_the_ladder_and_in_the_result() -> None:  # VG3
    scene = make_scene("guandan", 5, options=VG3)
    _at_a(scene, (1, 0))
    scene.update(0.0)
    assert a_try_lines(scene) == ["Your team · A: try 2 of 3"]
    scene.draw(pygame.Surface(scene.size))  # drawn under the ladder
    step_until(scene, lambda: scene.overlay == "result")
    title, rows, _cards = scene.view.result_content(scene.frame)
    assert ("Your team · A: try 2 of 3", "", rows[-1][2]) == rows[-1][:3]
    # The match counted the try; the next deal is the third.
    assert scene.controller.match.a_tries[0] == 2 and scene.controller.match.levels[0] == "A"
    scene.choices.next_deal()
    scene.update(0.0)
    assert a_try_lines(scene) == ["Your team · A: try 3 of 3"]


def test_vg3_after_the_third_try_the_team_is_back_at_2_and_the_line_goes() -> None:  # VG3
    scene = make_scene("guandan", 5, options=VG3)
    _at_a(scene, (2, 0))
    step_until(scene, lambda: scene.overlay == "result")
    assert scene.controller.match.levels[0] == "2" and scene.controller.match.a_tries[0] == 0
    scene.choices.next_deal()
    scene.update(0.0)
    levels = scene.frame.levels
    assert levels is not None and levels[0] == "2" and a_try_lines(scene) == []


def test_vg3_off_or_not_at_a_shows_no_count() -> None:  # VG3 0: G1.5 unchanged
    scene = make_scene("guandan", 5)
    _at_a(scene, (0, 0))
    scene.update(0.0)
    assert a_try_lines(scene) == []
    step_until(scene, lambda: scene.overlay == "result")
    assert scene.controller.match.levels[0] == "A" and scene.controller.match.a_tries[0] == 0
    assert not any("try" in row[0] for row in scene.view.result_content(scene.frame)[1])
    both = make_scene("guandan", 5, options=VG3)
    match = both.controller.match
    match.levels = {0: "K", 1: "A"}  # only the team at A is counted, here the opponents
    both.controller.levels_before = dict(match.levels)
    both.update(0.0)
    assert a_try_lines(both) == ["Opponents · A: try 1 of 3"]
