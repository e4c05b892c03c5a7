"""guandan: the game's registry entry; the registry (``game.games``) finds it here."""

from __future__ import annotations

from game.registry.spec import GameSpec

SPEC = GameSpec(
    outcome_unit="levels",
    measures_path="game.games.guandan.measures",
    lesson_path="game.games.guandan.lesson:LESSON",
    order=0,
    id="guandan",
    seats=4,
    teams=((0, 2), (1, 3)),
    rules_path="game.games.guandan.rules",
    heuristic_path="game.games.guandan.bot:GuandanBot",
    search_path="game.games.guandan.search:HOOKS",
    solver_path="game.games.guandan.solver:HOOKS",
    sort_key_path="game.games.guandan.order:guandan_key",
    arrange_path="game.games.guandan.order:guandan_arrange",
    table_view_path="game.games.guandan.view:View",
    # Guandan's heuristic shrugs off small noise, so Easy gets more (docs/ai-notes.md).
    easy_noise=0.5,
    arena_deal_path="game.games.guandan.search:arena_deal",
    arena_result_path="game.games.guandan.search:arena_result",
    arena_deals="single deals, random level (VG3: at level A with tries left)",
)
