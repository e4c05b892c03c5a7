"""doudizhu: Dou Dizhu (斗地主, issue 43), the game's registry entry; the registry
(``game.games``) finds it here. Roles change with each deal's bidding, so every seat is its
own team in the registry; the peasants' cooperation lives in the bot."""

from __future__ import annotations

from game.registry.spec import GameSpec

SPEC = GameSpec(
    measures_path="game.games.doudizhu.measures",
    order=3,
    id="doudizhu",
    seats=3,
    teams=((0,), (1,), (2,)),
    rules_path="game.games.doudizhu.rules",
    heuristic_path="game.games.doudizhu.bot:DoudizhuBot",
    search_path="game.games.doudizhu.search:HOOKS",
    solver_path="game.games.doudizhu.solver:HOOKS",
    sort_key_path="game.games.doudizhu.order:doudizhu_key",
    table_view_path="game.games.doudizhu.view:View",
    pack_path="game.rules.cards:single_pack",
    easy_noise=0.35,
    arena_deals="doudizhu deals (bidding included)",
    lesson_path="game.games.doudizhu.lesson:LESSON",
    # The outcome is the seat's net settlement in points (D5.3), as in Run Fast (issue 55: the
    # coach and the review said "levels"); the coach speaks from 2 points (docs/ai-notes.md).
    outcome_unit="points",
    coach_threshold=2.0,
)
