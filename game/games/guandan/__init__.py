"""guandan: the game's registry entry; the registry (``game.games``) finds it here."""

from __future__ import annotations

from game.games.spec import GameSpec

SPEC = GameSpec(
    order=0,
    id="guandan",
    seats=4,
    teams=((0, 2), (1, 3)),
    rules_path="game.rules.guandan",
    heuristic_path="game.ai.guandan_bot:GuandanBot",
    search_path="game.ai.guandan_search:HOOKS",
    sort_key_path="game.table.sorting:guandan_key",
    arrange_path="game.table.sorting:guandan_arrange",
    table_view_path="game.scenes.table.guandan:View",
    # Guandan's heuristic shrugs off small noise, so Easy gets more (docs/ai-notes.md).
    easy_noise=0.5,
    arena_deal_path="game.ai.guandan_search:arena_deal",
    arena_result_path="game.ai.guandan_search:arena_result",
    arena_deals="single deals, random level (VG3: at level A with tries left)",
    # Normal as it was on 2 December 2026 (issue 31): how far Normal has come.
    yardsticks=(("normal-v1", "game.ai.frozen.guandan_v1:GuandanBotV1"),),
)
