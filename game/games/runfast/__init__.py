"""runfast: the game's registry entry; the registry (``game.games``) finds it here."""

from __future__ import annotations

from game.registry.spec import GameSpec

SPEC = GameSpec(
    measures_path="game.games.runfast.measures",
    lesson_path="game.games.runfast.lesson:LESSON",
    coach_threshold=3.0,
    order=2,
    id="runfast",
    seats=3,
    teams=((0,), (1,), (2,)),
    rules_path="game.games.runfast.rules",
    heuristic_path="game.games.runfast.bot:RunFastBot",
    search_path="game.games.runfast.search:HOOKS",
    solver_path="game.games.runfast.solver:HOOKS",
    sort_key_path="game.games.runfast.order:runfast_key",
    table_view_path="game.games.runfast.view:View",
    pack_path="game.games.runfast.rules:runfast_pack",
    easy_noise=0.35,
    arena_deals="runfast deals",
    outcome_unit="points",
)
