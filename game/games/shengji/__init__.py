"""shengji: the game's registry entry; the registry (``game.games``) finds it here."""

from __future__ import annotations

from game.registry.spec import GameSpec

SPEC = GameSpec(
    outcome_unit="levels",
    measures_path="game.games.shengji.measures",
    lesson_path="game.games.shengji.lesson:LESSON",
    coach_threshold=0.5,
    order=1,
    id="shengji",
    seats=4,
    teams=((0, 2), (1, 3)),
    rules_path="game.games.shengji.rules",
    heuristic_path="game.games.shengji.bot:ShengjiBot",
    search_path="game.games.shengji.search:HOOKS",
    solver_path="game.games.shengji.solver:HOOKS",
    sort_key_path="game.games.shengji.order:shengji_key",
    table_view_path="game.games.shengji.view:View",
    easy_noise=0.35,
    arena_deal_path="game.games.shengji.search:arena_deal",
    arena_result_path="game.games.shengji.search:arena_result",
    arena_deals="single deals, random level",
)
