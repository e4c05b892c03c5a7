"""The game registry: everything that makes a game a game, in one place (issue 25).

Every layer above the rules asks this module about a game by its id instead of testing the
name: the rules module, seats and teams, the heuristic bot, the Easy level's noise, the search
bot's per-game hooks, the display order of a hand, the outcome per seat the search maximises,
and the table scene's per-game view. Modules are named by dotted strings and imported on first
use, so reading the registry costs nothing and a game whose bot or view is missing fails only
when that part is asked for, with a message naming it.

    from game import games
    spec = games.get("guandan")          # UnknownGameError (a ValueError) names the known ids
    spec.rules.new_match(seed=1)         # the rules module (state protocol of rules-api.md)
    [g.id for g in games.all_games()]    # title order: guandan, shengji, runfast

Tests register toy games with :func:`register` (and take them out with :func:`unregister`).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from game.rules.cards import Card


class UnknownGameError(ValueError):
    """A game id that is not registered; the message names the known ids."""


def _load(path: str) -> Any:
    """The object named ``"package.module:attribute"`` (or the module for ``"package.module"``)."""
    module_name, _, attribute = path.partition(":")
    module = importlib.import_module(module_name)
    return getattr(module, attribute) if attribute else module


@dataclass(frozen=True)
class GameSpec:
    """One game. The ``*_path`` fields are ``"module:attribute"`` strings, imported on use.

    ``rules_path`` names the rules module (rules-api.md); ``heuristic_path`` the heuristic bot
    class (its constructor takes ``noise=``); ``search_path`` the search bot's per-game hooks
    (a :class:`game.ai.search.SearchHooks`; its ``outcome`` is :meth:`outcome`);
    ``sort_key_path`` a function ``(by_suit, level, trump_suit) -> key(card)`` giving the hand's
    display order, and ``arrange_path`` (optional) a function ``(cards, by_suit, level,
    trump_suit) -> cards`` for a game whose display order depends on the whole hand (Guandan
    groups its bombs); ``table_view_path`` the table scene's per-game view class. ``easy_noise`` is
    the heuristic's ``noise`` at the Easy level. ``zero_sum``: the outcomes of all seats of a
    finished deal add up to 0.

    The ``arena_*`` fields and ``yardsticks`` serve ``tools/arena.py``: ``arena_deal_path`` a
    function ``(seed, rng, options) -> deal state`` giving the arena's seeded deal (None: the
    rules' ``new_deal(seed=, options=)``), ``arena_result_path`` a function ``(state, seat) ->
    (won, score)`` judging a finished deal (None: the :meth:`outcome`, won when above 0),
    ``arena_deals`` what those deals are in the arena's summary, and ``yardsticks`` the
    arena-only frozen bots of the game as (arena name, ``"module:Class"``) pairs.
    """

    id: str
    seats: int
    teams: tuple[tuple[int, ...], ...]
    rules_path: str
    heuristic_path: str
    search_path: str
    sort_key_path: str
    table_view_path: str
    easy_noise: float = 0.35
    arrange_path: str | None = None
    zero_sum: bool = True
    #: The function giving the game's full pack (the card counter counts against it).
    pack_path: str = "game.rules.cards:double_pack"
    arena_deal_path: str | None = None
    arena_result_path: str | None = None
    arena_deals: str = "seeded deals"
    yardsticks: tuple[tuple[str, str], ...] = ()

    @property
    def rules(self) -> ModuleType:
        """The rules module (imported on first use; Python caches it)."""
        return _load(self.rules_path)

    def team_of(self, seat: int) -> int:
        """Index in :attr:`teams` of the team ``seat`` plays for."""
        for index, team in enumerate(self.teams):
            if seat in team:
                return index
        raise ValueError(f"seat {seat!r} is not at the {self.id} table ({self.seats} seats)")

    def options_schema(self) -> dict[str, Any]:
        """The rules module's house-rule options (variants.md); {} when it declares none."""
        schema = getattr(self.rules, "options_schema", None)
        return dict(schema()) if schema is not None else {}

    def heuristic_class(self) -> type:
        """The heuristic bot class; RuntimeError naming the game when it cannot be imported."""
        try:
            return _load(self.heuristic_path)
        except (ImportError, AttributeError) as exc:
            raise RuntimeError(f"the {self.id} heuristic bot is not available: {exc}") from exc

    def search_hooks(self) -> Any:
        """The search bot's per-game hooks (:class:`game.ai.search.SearchHooks`)."""
        return _load(self.search_path)

    def sort_key(
        self, *, by_suit: bool = False, level: str | None = None, trump_suit: str | None = None
    ) -> Callable[[Any], Any]:
        """The key that puts a hand in display order (strongest on the left)."""
        return _load(self.sort_key_path)(by_suit, level, trump_suit)

    def arrange(
        self,
        cards: Any,
        *,
        by_suit: bool = False,
        level: str | None = None,
        trump_suit: str | None = None,
    ) -> list[Card]:
        """A whole hand in display order, by :attr:`arrange_path` (else by :meth:`sort_key`)."""
        if self.arrange_path is None:
            return sorted(
                cards, key=self.sort_key(by_suit=by_suit, level=level, trump_suit=trump_suit)
            )
        return list(_load(self.arrange_path)(cards, by_suit, level, trump_suit))

    def pack(self) -> list[Card]:
        """Every card the game is dealt from (duplicates for a double pack)."""
        return list(_load(self.pack_path)())

    def table_view(self) -> type:
        """The table scene's per-game view class."""
        return _load(self.table_view_path)

    def arena_deal(self, seed: int, rng: Any, options: dict[str, Any] | None = None) -> Any:
        """The arena's seeded deal under the house rules ``options`` (see the class docstring)."""
        if self.arena_deal_path is None:
            return self.rules.new_deal(seed=seed, options=options)
        return _load(self.arena_deal_path)(seed, rng, options)

    def arena_result(self, state: Any, seat: int) -> tuple[bool, float]:
        """(won, score) of ``seat`` in a finished deal, as the arena counts them."""
        if self.arena_result_path is not None:
            return _load(self.arena_result_path)(state, seat)
        score = self.outcome(state, seat)
        return score > 0, score

    def yardstick(self, name: str) -> Any:
        """A new frozen bot of the arena by name; KeyError when the game has none so named."""
        return _load(dict(self.yardsticks)[name])()

    def outcome(self, state_or_result: Any, seat: int) -> float:
        """What a finished deal is worth to ``seat`` (the number the search maximises); takes
        the finished deal state or its ``result``."""
        result = getattr(state_or_result, "result", state_or_result)
        return float(self.search_hooks().outcome(result, seat))


_GAMES: dict[str, GameSpec] = {}


def register(spec: GameSpec) -> GameSpec:
    """Add ``spec`` (after the games already registered); ValueError if its id is taken."""
    if spec.id in _GAMES:
        raise ValueError(f"a game with id {spec.id!r} is already registered")
    if sorted(seat for team in spec.teams for seat in team) != list(range(spec.seats)):
        raise ValueError(f"{spec.id}: teams {spec.teams} must share out seats 0..{spec.seats - 1}")
    _GAMES[spec.id] = spec
    return spec


def unregister(game_id: str) -> None:
    """Remove a game registered by a test (no error when it is not there)."""
    _GAMES.pop(game_id, None)


def get(game_id: str) -> GameSpec:
    """The game ``game_id``; :class:`UnknownGameError` names the known ids."""
    try:
        return _GAMES[game_id]
    except (KeyError, TypeError):
        known = ", ".join(_GAMES)
        raise UnknownGameError(f"unknown game {game_id!r}; expected one of {known}") from None


def ids() -> tuple[str, ...]:
    """The registered game ids in title order."""
    return tuple(_GAMES)


def all_games() -> list[GameSpec]:
    """Every registered game in title order (the order of registration)."""
    return list(_GAMES.values())


register(
    GameSpec(
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
)
register(
    GameSpec(
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
)
register(
    GameSpec(
        id="runfast",
        seats=3,
        teams=((0,), (1,), (2,)),
        rules_path="game.rules.runfast",
        heuristic_path="game.ai.runfast_bot:RunFastBot",
        search_path="game.ai.runfast_search:HOOKS",
        sort_key_path="game.table.sorting:runfast_key",
        table_view_path="game.scenes.table.runfast:View",
        pack_path="game.rules.cards:runfast_pack",
        easy_noise=0.35,
        arena_deals="runfast deals",
    )
)
