"""Issue 54's two visual faults: effects' light never washes out a face or a play's cards
(a glow at a portrait is a ring round it, a trail's sparks do not pile into a white blob, a
bomb's core lights round its cards), and the level-up's ladder fills the table's free middle
and covers no plate, at 1920×1080 and at 800×600."""

from __future__ import annotations

import pygame
import pytest

from game.widgets.fx import Anchor, EffectPlayer, Motion, sprites
from game.widgets.fx.marks import Ladder
from tests.test_table_scene import _pygame, make_app, make_scene  # noqa: F401

SIZE = (960, 540)


def player(scale: float = 0.5) -> EffectPlayer:
    made = EffectPlayer(lambda: Motion("normal", False), seed=3)
    made.place(scale, pygame.Rect((0, 0), SIZE))
    return made


@pytest.mark.parametrize(
    ("name", "strength"), [("sparkle", 1.0), ("sparkle", 0.5), ("gather", 1.0)]
)
def test_light_at_a_portrait_rings_it_and_leaves_the_face_clear(name, strength):
    """The last card out, a partner's cheer, a trick gathered to a seat: what the effect draws
    besides its particles adds no light inside the portrait."""
    face = pygame.Rect(0, 0, 64, 64)
    face.center = (480, 270)
    card = pygame.Surface((30, 42))
    anchor = Anchor(
        (480.0, 270.0), to=(480.0, 270.0), images=((card, pygame.Rect(100, 100, 30, 42)),),
        face=face.width // 2,
    )  # fmt: skip
    disc_image = pygame.Surface(face.size, pygame.SRCALPHA)
    pygame.draw.circle(disc_image, (255, 255, 255, 255), (32, 32), 30)
    disc = pygame.mask.from_surface(disc_image)
    fx = player()
    fx.start(name, anchor, strength)
    lit = 0
    for _ in range(60):
        fx.update(1 / 60)
        for effect in fx.effects:
            surface = pygame.Surface(SIZE)
            effect.draw_shapes(surface)
            drawn = pygame.mask.from_threshold(surface, (0, 0, 0), (1, 1, 1, 255))
            drawn.invert()
            assert not drawn.overlap_area(disc, face.topleft), (name, effect.t)
            lit += drawn.count() > 0
    assert lit, "the effect drew nothing round the face"


@pytest.mark.parametrize("name", ["trail", "trade"])
def test_a_paths_sparks_do_not_pile_into_a_white_blob_where_it_ends(name, monkeypatch):
    """A play's trail and a tribute's arc slow to their end (their easings): their sparks,
    added one on another there, made a white blob over the landed cards or the receiver's
    face at 800×600 (issue 54). No two sparks of a frame lie closer than a spark's radius."""
    import math

    drawn: list[tuple[int, tuple[float, float]]] = []
    added, spark = sprites.blit_added, sprites.spark
    sparks_made: dict[int, pygame.Surface] = {}  # kept alive: a freed spark's id is reused

    def record(surface, image, centre):
        if id(image) in sparks_made:  # the sparks only (a landing's glint is one star)
            drawn.append((image.get_width(), centre))
        return added(surface, image, centre)

    def made(*args):
        image = spark(*args)
        sparks_made[id(image)] = image
        return image

    monkeypatch.setattr(sprites, "blit_added", record)
    monkeypatch.setattr(sprites, "spark", made)
    fx = player(0.42)
    fx.start(name, Anchor((100.0, 100.0), to=(700.0, 300.0), span=0.3))
    for _ in range(40):
        fx.update(1 / 60)
        drawn.clear()
        fx.effects[0].draw_shapes(pygame.Surface(SIZE)) if fx.effects else None
        for i, (width, centre) in enumerate(drawn):
            for _, other in drawn[i + 1 :]:
                assert math.dist(centre, other) >= 0.25 * width - 1, (name, centre, other)


def test_light_added_round_a_hole_equals_the_whole_light_outside_it():
    image = sprites.glow(60, (255, 206, 110), 8)
    ground = pygame.Surface((300, 200))
    ground.fill((30, 90, 60))
    hole = pygame.Rect(120, 80, 70, 40)
    whole, around = ground.copy(), ground.copy()
    sprites.blit_added(whole, image, (150, 100))
    sprites.blit_added_around(around, image, (150, 100), hole)
    outside = [r for r in (pygame.Rect(0, 0, 300, 80), pygame.Rect(0, 120, 300, 80),
                           pygame.Rect(0, 80, 120, 40), pygame.Rect(190, 80, 110, 40))]  # fmt: skip
    for rect in outside:
        assert pygame.image.tobytes(whole.subsurface(rect), "RGB") == pygame.image.tobytes(
            around.subsurface(rect), "RGB"
        )
    assert pygame.image.tobytes(around.subsurface(hole), "RGB") == pygame.image.tobytes(
        ground.subsurface(hole), "RGB"
    )


def test_a_bombs_core_lights_round_its_cards_not_on_them():
    """A bomb of six and more (a blast, a straight flush's thump): its core glow leaves the
    play's cards as they are."""
    cards = pygame.Rect(400, 240, 160, 60)
    fx = player(0.42)
    fx.start("bomb", Anchor((480.0, 270.0), area=cards), 1.6)
    effect = fx.effects[0]
    fx.update(0.25)  # the first ring has passed beyond the cards, the core still glows
    surface = pygame.Surface(SIZE)
    effect.draw_shapes(surface)
    inside = surface.subsurface(cards)
    black = pygame.mask.from_threshold(inside, (0, 0, 0), (1, 1, 1, 255))
    assert black.count() == cards.width * cards.height
    assert surface.get_at((cards.right + 6, cards.centery))[:3] != (0, 0, 0)  # light round it


@pytest.mark.parametrize("size", [(1920, 1080), (800, 600), (1280, 720)])
@pytest.mark.parametrize("preset", ["guandan", "shengji"])
def test_the_level_ups_ladder_fills_the_free_middle_and_covers_no_plate(preset, size):
    from game.scenes.table.anchors import Scene
    from game.table.moments import Moment

    app = make_app(size)
    app.settings.effects = "normal"
    scene = make_scene(preset, 5, app=app)
    scene.update(0.0)
    scene.layout.fit(size)
    moments = scene.moments
    moments.update(0.0)
    moments.show(Moment("level_up", 0, 3), Scene(), scene.frame)
    ladder = next(e for e in moments.fx.effects if isinstance(e, Ladder))
    plates = [*scene.layout.rects["seats"].values(), scene.layout.rects["header"],
              scene.layout.rects["side"]]  # fmt: skip
    drawn = pygame.Rect(0, 0, 0, 0)
    while ladder.t < ladder.length:
        area = ladder.shapes_area()
        if area is not None:
            drawn = drawn.union(area) if drawn.width else area
        ladder.update(1 / 60)
    hit = [p for p in plates if p.colliderect(drawn)]
    assert not hit, (drawn, hit)
    # It reads as a moment: its rungs at least as far apart as the plain ladder's.
    assert ladder.rung >= scene.layout.u(58) - 1, (ladder.rung, scene.layout.u(58))
    assert drawn.height >= 0.6 * moments.anchors.column().height
    if size == (1920, 1080):  # room enough: over no play but the player's own
        layout = scene.layout
        across = next(s for s, r in layout.rects["seats"].items() if s and r.left < 960 < r.right)
        tag = layout.play_rects(across, 1)[0].inflate(0, layout.u(60))
        assert not drawn.colliderect(tag), (drawn, tag)


def test_a_trail_lights_round_the_cards_it_lands_on_not_on_them():
    """The trail's sparks and its landing glint stop at the edge of the play's cards (the
    anchor's ``area``): light added on a card's face turns it white (issue 54)."""
    cards = pygame.Rect(640, 270, 120, 60)
    fx = player(0.42)
    fx.start("trail", Anchor((100.0, 100.0), to=cards.center, area=cards, span=0.3))
    lit_round = 0
    for _ in range(40):
        fx.update(1 / 60)
        surface = pygame.Surface(SIZE)
        fx.draw(surface)
        inside = surface.subsurface(cards)
        black = pygame.mask.from_threshold(inside, (0, 0, 0), (1, 1, 1, 255))
        assert black.count() == cards.width * cards.height
        entry = (cards.left - 4, round(100 + (cards.left - 104) * 200 / 600))  # on its path
        lit_round += surface.get_at(entry)[:3] != (0, 0, 0)
    assert lit_round, "no light reached the cards' edge"


def test_a_bombs_core_light_comes_up_softly_round_its_cards():
    """While the bomb's cards are still flying in, the felt round where they will lie shows no
    hard-edged box: the core's light rises over a band round the cards, never by a jump."""
    cards = pygame.Rect(400, 240, 160, 60)
    fx = player(0.5)
    fx.start("bomb", Anchor((480.0, 270.0), area=cards), 1.6)
    effect = fx.effects[0]
    fx.update(0.05)  # the core at its brightest
    surface = pygame.Surface(SIZE)
    effect.draw_shapes(surface)
    row = [surface.get_at((cards.centerx, y))[0] for y in range(cards.bottom, cards.bottom + 40)]
    assert row[0] < 0.2 * max(row), row  # dark at the cards' edge …
    steps = [abs(b - a) for a, b in zip(row[:-1], row[1:], strict=True)]
    assert max(steps) <= 0.25 * max(row), row  # … and light rising over the band, no jump


def test_a_blasts_sparks_fly_towards_the_middle_not_over_the_seat():
    """A seat's bomb at the top of the table (the partner's) throws its sparks down towards
    the middle, not up over the partner's face; one in the middle throws them all round."""
    fx = player(0.5)
    top = pygame.Rect(420, 60, 120, 60)
    fx.start("bomb", Anchor((480.0, 90.0), area=top), 2.0)
    sparks = [p for p in fx.effects[0].particles.items if p.shape == "spark"]
    assert sparks
    assert all(p.vy > -0.4 * abs(p.vx) - 1e-6 for p in sparks)  # none thrown steeply upwards
    fx = player(0.5)
    fx.start("bomb", Anchor((480.0, 270.0), area=pygame.Rect(420, 240, 120, 60)), 2.0)
    middle = [p for p in fx.effects[0].particles.items if p.shape == "spark"]
    assert any(p.vy < -0.5 * abs(p.vx) for p in middle)
