"""Throws at the Shengji table (VS4, issue 58), driven by clicks: the player selects cards of one
suit and presses Play; a throw that stands lies part by part under its "Throw" tag; a failed
throw leaves its forced component, sends the cards taken back home and names the revealer and
the penalty in the banner; the replay lays the throw as the table did."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from game import i18n
from game.rules.cards import parse_cards
from game.scenes.table.layout import PASS_MARK
from tests.test_table_scene import (  # noqa: F401 - the autouse fixture sets up pygame and English
    DT,
    _pygame,
    click_button,
    click_cards,
    make_scene,
    step_until,
)

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
from screens_shengji import scripted  # noqa: E402

from tests.fake_app import FakeApp  # noqa: E402

ON = {"throws": True}


def table(fixed: list[str], banned: str, seed: int = 1):
    """The player (seat 0) leads a scripted deal (tools/screens_shengji.py) at a table with
    throws on, its turn reached."""
    scene = make_scene("shengji", 5, options=ON)
    scene.controller.use_deal(scripted(fixed, banned, seed))
    step_until(scene, lambda: scene.controller.is_human_turn() and not scene.busy())
    return scene


def lead(scene, cards: str) -> None:
    click_cards(scene, parse_cards(cards))
    click_button(scene, "table.play")


def test_a_standing_throw_lies_part_by_part_under_its_tag() -> None:
    scene = table(["AS AS KS QS QS", "JS 9S 4S", "TS 8S", "7S 5S 3S"], "S")
    lead(scene, "AS AS KS QS QS")
    scene.update(DT)
    laid = scene.board.plays[0]
    assert laid == tuple(parse_cards("AS AS QS QS KS"))  # pair, pair, single (VS4.2)
    cards, kind = scene.board.play_kinds[0]
    assert cards == laid and kind.kind == "throw"
    assert i18n.tr("combo.throw") == "Throw"
    step_until(scene, lambda: len(scene.board.plays) == 4 or scene.controller.state.tricks)
    assert scene.controller.state.log[-1].action.kind != "throw_failed"


def test_a_failed_throw_goes_back_and_says_who_and_what_it_costs() -> None:
    scene = table(["QC QC JC 8C", "9C 6C", "TC 4C", "KC KC 3C"], "C", seed=2)
    lead(scene, "QC QC JC 8C")

    def noted() -> bool:
        banner = scene.board.banner
        return banner is not None and "\n" in str(banner[0])

    step_until(scene, noted, limit=400)
    assert scene.board.plays[0] == tuple(parse_cards("8C"))
    cards, kind = scene.board.play_kinds[0]
    assert cards == tuple(parse_cards("8C")) and kind.kind == "single"
    back = [f for f in scene.board.flyers if f.seat is None]
    assert len(back) == 3  # Q Q J glide back to the hand
    first, second = str(scene.board.banner[0]).split("\n")
    assert first == "Your throw fails: Right can beat 8♣"
    assert second == "3 cards go back to the hand: 30 points against the leader's team"
    step_until(scene, lambda: len(scene.board.plays) >= 2)
    right = scene.board.plays[1]
    assert right != PASS_MARK and len(right) == 1  # the trick goes on as a single lead
    assert scene.hand.cards.count(parse_cards("QC")[0]) == 2  # back in the hand


@pytest.mark.parametrize("size", [(1920, 1080), (800, 600)])
@pytest.mark.parametrize("lang", ["en", "zh", "fa"])
def test_a_failed_throw_banner_runs_across_no_seat_plate_and_follows_the_language(size, lang):
    """VS4.4: the failed throw's two sentences wrap between the side plates (fa at 800×600
    ran across both), and a language switch while the banner shows says it anew."""
    i18n.set_language(lang)
    scene = make_scene("shengji", 5, app=FakeApp(size), options=ON)
    scene.controller.use_deal(scripted(["QC QC JC 8C", "9C 6C", "TC 4C", "KC KC 3C"], "C", 2))
    step_until(scene, lambda: scene.controller.is_human_turn() and not scene.busy())
    chosen = parse_cards("QC QC JC 8C")  # selected as a click does (two rows at 800×600)
    for card in chosen:
        shown = scene.hand.cards
        scene.hand.selected.add(
            next(i for i, c in enumerate(shown) if c == card and i not in scene.hand.selected)
        )
    click_button(scene, "table.play")
    step_until(scene, lambda: scene.board.banner is not None and "\n" in str(scene.board.banner[0]))
    layout = scene.layout
    assert scene.board.banner is not None
    said = str(scene.board.banner[0])
    assert said.split("\n")[1] == i18n.tr("throw.penalty", count=3, points=30)
    rect = scene.drawer.banner_place(said)[1]
    box = rect.inflate(layout.u(60), layout.u(28))
    for seat, plate in layout.rects["seats"].items():
        assert not box.colliderect(plate), (seat, box, plate)
    other = "en" if lang != "en" else "zh"
    i18n.set_language(other)
    try:
        assert scene.board.banner is not None
        assert str(scene.board.banner[0]).split("\n")[1] == i18n.tr(
            "throw.penalty", count=3, points=30
        )
    finally:
        i18n.set_language("en")
