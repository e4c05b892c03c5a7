"""shengji: the game's registry entry; the registry (``game.games``) finds it here."""

from __future__ import annotations

from game.games.spec import GameSpec

SPEC = GameSpec(
    order=1,
    id="shengji",
    seats=4,
    teams=((0, 2), (1, 3)),
    rules_path="game.rules.shengji",
    heuristic_path="game.ai.shengji_bot:ShengjiBot",
    search_path="game.ai.shengji_search:HOOKS",
    sort_key_path="game.table.sorting:shengji_key",
    table_view_path="game.scenes.table.shengji:View",
    easy_noise=0.35,
    arena_deal_path="game.ai.shengji_search:arena_deal",
    arena_result_path="game.ai.shengji_search:arena_result",
    arena_deals="single deals, random level",
)
