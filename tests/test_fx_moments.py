"""Each game's declaration of its moments (issue 54): which event starts which effect, how
strong, and the faces its seats show."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame
import pytest

from game import registry
from game.games.doudizhu.rules import interpretations as doudizhu_meanings
from game.games.guandan.rules import interpretations as guandan_meanings
from game.games.runfast.rules import interpretations as runfast_meanings
from game.rules.base import Action, Combo
from game.rules.cards import parse_cards
from game.scenes.table.view import view_class
from game.table.moments import MOODS, PLACES, Played
from game.widgets import seats
from game.widgets.fx import KINDS

GAMES = ("guandan", "shengji", "runfast", "doudizhu")


def rules_of(game: str):
    return view_class(game).moments()


def meaning(game: str, notation: str, kind: str):
    cards = parse_cards(notation)
    makers: dict[str, Callable[[], Sequence[Combo]]] = {
        "guandan": lambda: guandan_meanings(cards, "2"),
        "runfast": lambda: runfast_meanings(cards, options={"attachments": True}),
        "doudizhu": lambda: doudizhu_meanings(cards),
    }
    found = makers[game]()
    combo = next(c for c in found if c.kind == kind)
    return Action("play", tuple(cards), combo)


def effects(game: str, action: Action, shown=None) -> list[tuple[str, float]]:
    rules = rules_of(game)
    moments = rules.play(None, 1, Played(action, shown, beaten=3))
    return [
        (cue.effect, round(cue.strength_for(m.size), 2))
        for m in moments
        for cue in rules.cues.get(m.name, ())
    ]


@pytest.mark.parametrize("game", GAMES)
def test_every_cue_names_a_shared_kind_and_place(game):
    rules = rules_of(game)
    assert rules.cues, game
    for name, cued in rules.cues.items():
        for cue in cued:
            assert cue.effect in KINDS, (game, name, cue.effect)
            assert cue.place in PLACES, (game, name, cue.place)
            assert 0 < cue.strength_for(100) <= 3.0
    for reaction in rules.reactions.values():
        assert {reaction.actor, reaction.target} <= {*MOODS, None}


# (game, cards, meaning's kind, effects with their strengths) — rule ids in the comments.
PLAYS = [
    ("guandan", "TH TS TD TC", "bomb", [("bomb", 1.0)]),  # G5.2: a bomb of four: a thump
    ("guandan", "TH TS TD TC TH TS TD TC", "bomb", [("bomb", 2.0)]),  # eight: a blast
    ("guandan", "5S 5H 5D 5C 5S 5H", "bomb", [("bomb", 1.5)]),
    ("guandan", "BJ BJ RJ RJ", "joker_bomb", [("rocket", 2.6)]),  # G5.1 four jokers
    ("guandan", "3S 4S 5S 6S 7S", "straight_flush", [("sweep", 1.0), ("bomb", 1.6)]),
    ("guandan", "3S 3H 3D 4S 4H 4D", "plate", [("airplane", 1.0)]),  # 钢板: a wingless plane
    ("guandan", "3S 3H 4S 4H 5S 5H", "tube", [("chain", 1.0)]),
    ("guandan", "3S 3H", "pair", []),
    ("doudizhu", "BJ RJ", "rocket", [("rocket", 2.6)]),  # D4.5
    ("doudizhu", "5S 5H 5D 5C", "bomb", [("bomb", 1.2)]),
    ("doudizhu", "3S 3H 3D 4S 4H 4D", "airplane", [("airplane", 1.0)]),  # D4.3 no wings
    ("doudizhu", "3S 3H 3D 4S 4H 4D 7C 8C", "airplane_singles", [("airplane", 1.2)]),
    ("doudizhu", "3S 3H 3D 4S 4H 4D 7C 7D 8C 8D", "airplane_pairs", [("airplane", 1.2)]),
    ("doudizhu", "3S 3H 4S 4H 5S 5H 6S 6H", "pair_run", [("chain", 1.5)]),
    ("doudizhu", "9S", "single", []),
    ("runfast", "5S 5H 5D 5C", "bomb", [("bomb", 1.0)]),  # R4.3
    ("runfast", "AS AH AD", "ace_bomb", [("bomb", 1.6)]),
    ("runfast", "3S 3H 3D 4S 4H 4D 7C 8C 9C TC", "airplane", [("airplane", 1.0)]),  # VR1
]


@pytest.mark.parametrize(("game", "notation", "kind", "expected"), PLAYS)
def test_a_play_starts_the_effects_its_game_declares(game, notation, kind, expected):
    assert effects(game, meaning(game, notation, kind)) == expected


def test_the_airplanes_wings_are_the_games_variant():
    rules = rules_of("doudizhu")
    assert [c.variant for c in rules.cues["airplane"]] == [""]
    assert [c.variant for c in rules.cues["airplane_wings"]] == ["wings"]


def test_a_shengji_tractor_starts_a_chain_as_long_as_its_pairs():
    """S4.4: the tag names a tractor; three pairs light a longer chain than two."""
    two = Action("play", tuple(parse_cards("9C 9C TC TC")))
    three = Action("play", tuple(parse_cards("9C 9C TC TC JC JC")))
    assert effects("shengji", two, "tractor") == [("chain", 1.0)]
    assert effects("shengji", three, "tractor") == [("chain", 1.3)]
    assert effects("shengji", Action("play", tuple(parse_cards("9C 9C"))), "pair") == []


def test_a_bomb_pleases_its_player_and_dismays_the_seat_it_beat():
    rules = rules_of("guandan")
    [moment] = rules.play(None, 1, Played(meaning("guandan", "TH TS TD TC", "bomb"), beaten=3))
    reaction = rules.reactions[moment.name]
    assert (moment.seat, moment.target) == (1, 3)
    assert (reaction.actor, reaction.target, reaction.praised) == ("pleased", "dismayed", True)


def test_trick_games_pulse_no_warning_and_climbing_games_at_one_or_two():
    assert rules_of("shengji").warn_at == ()
    for game in ("guandan", "runfast", "doudizhu"):
        assert rules_of(game).warn_at == (1, 2)


@pytest.mark.parametrize("game", GAMES)
def test_no_shared_module_names_a_games_moment(game):
    """The moments' names a game adds are its own: shared code never spells them (a moment
    may share its name with the effect kind it starts, as "bomb" does)."""
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent / "game"
    shared = [*root.glob("widgets/fx/*.py"), root / "table/moments.py"]
    own = set(rules_of(game).cues) - {
        "deal", "play", "gather", "last_card", "payment", "match_won", "match_lost", "cheer"
    } - set(KINDS)  # fmt: skip
    for path in shared:
        text = path.read_text(encoding="utf-8")
        assert registry.get(game).id not in text, path
        assert not [name for name in own if f'"{name}"' in text], (path, own)


def test_every_seat_shows_four_distinct_moods():
    pygame.display.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((64, 64))
    for seat in range(4):
        faces = {pygame.image.tobytes(seats.avatar(seat, 96, mood), "RGBA") for mood in MOODS}
        assert len(faces) == len(MOODS), seat


# (game, stored plays as (seat, cards, combo kind), the decisive play's seat and cards)
DECISIVE = [
    (
        "guandan",
        [
            (1, "3S", "single"),
            (2, "7S 7H 7D 7C", "bomb"),
            (3, "BJ BJ RJ RJ", "joker_bomb"),
            (0, "4S", "single"),
        ],
        (3, "BJ BJ RJ RJ"),
    ),  # fmt: skip
    ("guandan", [(1, "3S", "single"), (0, "4S 4H", "pair")], (0, "4S 4H")),  # the last play
    (
        "doudizhu",
        [(0, "5S 5H 5D 5C", "bomb"), (1, "BJ RJ", "rocket"), (1, "3S", "single")],
        (1, "BJ RJ"),
    ),  # fmt: skip
    ("shengji", [(0, "9C 9C TC TC", "tractor"), (1, "3S 4S 5S 6S", "follow")], (0, "9C 9C TC TC")),
]


@pytest.mark.parametrize(("game", "plays", "expected"), DECISIVE)
def test_a_deals_decisive_play_is_its_strongest_declared_moment_or_its_last(game, plays, expected):
    from game.table.moments import decisive_play

    actions = [{"seat": 2, "kind": "pass", "cards": "", "combo": None}]
    actions += [
        {"seat": seat, "kind": "play", "cards": cards, "combo": [kind, None, len(cards.split())]}
        for seat, cards, kind in plays
    ]
    assert decisive_play(actions, rules_of(game)) == expected
    assert decisive_play([], rules_of(game)) is None
