"""A game's registry entry: :class:`GameSpec`, naming the game's parts in every layer by dotted
path, imported on first use. Each part is handed out typed by what every layer may ask of it:
the rules module (``game.protocol.base.RulesModule``, on the ground floor with the registry),
and the protocols here for the parts above the rules (a bot, the heuristic bot class, the
search hooks), which the registry cannot import (every layer above it imports the registry).
:class:`Measure` is what a game declares that its finished deals measure."""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:  # pragma: no cover
    from game.protocol.base import (
        Action,
        DealResult,
        DealState,
        DealView,
        OptionSpec,
        RulesModule,
    )
    from game.protocol.cards import Card

#: A hand's display key of one card (GameSpec.sort_key): tuples of ints compare in order.
SortKey = Callable[["Card"], tuple[int, ...]]


class Bot(Protocol):
    """A player of one game (``game.ai``: the heuristics, the search, the random bot). ``view``
    is that game's own view (``state.view(seat)``, a ``DealView`` with the game's own fields),
    which each game's bot names; here, where any game's bot may stand, it is any view."""

    name: str

    # Any: each game's bot takes its own view class (a parameter is contravariant)
    def choose(self, view: Any, legal: list[Action], rng: random.Random) -> Action:
        """One action from ``legal`` for the seat whose ``view`` this is."""
        ...


class HeuristicClass(Protocol):
    """A game's heuristic bot class (:attr:`GameSpec.heuristic_path`): built with its ``noise``
    (0 plays its best; the Easy level adds some)."""

    def __call__(self, *, noise: float = 0.0) -> Bot: ...


class Reader(Protocol):
    """A game's reading of the play into the search's samples (``SearchHooks.reader``): ``draw``
    returns a sampled deal for ``view``, calling ``plain()`` for the search's own draws."""

    def draw(self, view: DealView, rng: random.Random, plain: Callable[[], DealState]) -> DealState:
        """One sampled deal of the hidden hands for ``view``'s seat."""
        ...


class SearchParts(Protocol):
    """What the search bot reads of a game's hooks (:attr:`GameSpec.search_path`, a
    ``game.ai.search.SearchHooks``; its docstring says what each one is). A game's hooks name
    its own state and result types; here a result is any result and a state any deal state
    (the search hands each hook only its own game's, as the registry pairs them)."""

    @property
    def outcome(self) -> Callable[[DealResult, int], float]: ...
    @property
    def leaf(self) -> Callable[[DealState, int], float] | None: ...
    @property
    def max_plies(self) -> int | None: ...
    @property
    def round_start(self) -> Callable[[DealState], bool] | None: ...
    @property
    def infer(self) -> tuple[int, int]: ...
    @property
    def structure(self) -> tuple[float, int]: ...
    @property
    def policy(self) -> Callable[[], Bot] | None: ...
    @property
    def searched(self) -> Callable[[DealView], bool] | None: ...
    @property
    def reader(self) -> Callable[[], Reader] | None: ...


@dataclass(frozen=True, slots=True)
class Measure:
    """One number a finished deal measured for the player (a game's ``measures.py`` lists
    them, :attr:`GameSpec.measures_path`).

    ``name`` is its key in the history database; ``label`` the locale key of its statistics
    line, with ``{value}`` standing for what ``kept`` makes of the deals that measured it:
    ``"mean"`` their average, ``"most"`` the largest (a record: the biggest bomb), ``"sum"``
    their total (a record: springs made, counting 1 a deal); ``decimals`` how many digits it
    shows.
    """

    name: str
    label: str
    decimals: int = 1
    kept: str = "mean"


class UnknownGameError(ValueError):
    """A game id that is not registered; the message names the known ids."""


def _load(path: str) -> Any:  # Any: an imported part, typed by the accessor that asks
    """The object named ``"package.module:attribute"`` (or the module for ``"package.module"``).
    Its type is what the field naming it promises: each accessor of :class:`GameSpec` states
    it (the one place the registry takes a part on trust)."""
    module_name, _, attribute = path.partition(":")
    module = importlib.import_module(module_name)
    return getattr(module, attribute) if attribute else module


#: The measures a game's outcome may count in (GameSpec.outcome_unit).
UNITS = ("levels", "points")


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

    The ``arena_*`` fields serve ``tools/arena.py``: ``arena_deal_path`` a function ``(seed,
    rng, options) -> deal state`` giving the arena's seeded deal (None: the rules'
    ``new_deal(seed=, options=)``), ``arena_result_path`` a function ``(state, seat) -> (won,
    score)`` judging a finished deal (None: the :meth:`outcome`, won when above 0), and
    ``arena_deals`` what those deals are in the arena's summary. The arena's frozen yardstick
    bots are tools, not game code (``tools/yardsticks/``).
    """

    id: str
    seats: int
    teams: tuple[tuple[int, ...], ...]
    rules_path: str
    heuristic_path: str
    search_path: str
    sort_key_path: str
    table_view_path: str
    #: What the game's outcome counts, in its own measure: "levels" (Guandan, Shengji) or
    #: "points" (Run Fast, Dou Dizhu). No default (issue 55: Dou Dizhu took "levels" by
    #: default): the coach, the AI review and the summaries speak in it (locale
    #: ``coach.why.<unit>``, ``history.review_value_<unit>``, ``units.<unit>``).
    outcome_unit: str
    easy_noise: float = 0.35
    arrange_path: str | None = None
    zero_sum: bool = True
    #: The function giving the game's full pack (the card counter counts against it).
    pack_path: str = "game.protocol.cards:double_pack"
    arena_deal_path: str | None = None
    arena_result_path: str | None = None
    arena_deals: str = "seeded deals"
    #: Place on the title screen (lower first); ties by id.
    order: int = 100
    #: The module with the game's ``MEASURES`` (:class:`Measure` s) and ``measure(state,
    #: seat)`` (see :mod:`game.table.measures`); None: a finished deal measures nothing beyond
    #: its outcome.
    measures_path: str | None = None
    #: The game's guided deal (issue 41): ``"module:LESSON"``, a :class:`game.table.lesson.Lesson`.
    lesson_path: str | None = None
    #: How much better (in :attr:`outcome_unit`) Hard's choice must be for the coach to speak
    #: (issue 41; measured with tools/coach_rate.py, docs/ai-notes.md).
    coach_threshold: float = 0.25
    #: The game's challenges (issue 59): ``"module:HOOKS"``, a
    #: :class:`game.ai.puzzles.ChallengeHooks` (its puzzles and its part of the exact solver);
    #: None: the game has no challenges.
    solver_path: str | None = None

    def __post_init__(self) -> None:
        if self.outcome_unit not in UNITS:
            raise ValueError(
                f"{self.id}: outcome_unit must be one of {UNITS}, not {self.outcome_unit!r}"
            )

    @property
    def rules(self) -> RulesModule:
        """The rules module (imported on first use; Python caches it)."""
        module: RulesModule = _load(self.rules_path)
        return module

    def team_of(self, seat: int) -> int:
        """Index in :attr:`teams` of the team ``seat`` plays for."""
        for index, team in enumerate(self.teams):
            if seat in team:
                return index
        raise ValueError(f"seat {seat!r} is not at the {self.id} table ({self.seats} seats)")

    def options_schema(self) -> dict[str, OptionSpec]:
        """The rules module's house-rule options (variants.md); {} when it declares none."""
        schema: Callable[[], Mapping[str, OptionSpec]] | None = getattr(
            self.rules, "options_schema", None
        )
        return dict(schema()) if schema is not None else {}

    def heuristic_class(self) -> HeuristicClass:
        """The heuristic bot class; RuntimeError naming the game when it cannot be imported."""
        try:
            made: HeuristicClass = _load(self.heuristic_path)
        except (ImportError, AttributeError) as exc:
            raise RuntimeError(f"the {self.id} heuristic bot is not available: {exc}") from exc
        return made

    def search_hooks(self) -> SearchParts:
        """The search bot's per-game hooks (:class:`game.ai.search.SearchHooks`)."""
        hooks: SearchParts = _load(self.search_path)
        return hooks

    def solver_hooks(self) -> object:
        """The challenge hooks named by :attr:`solver_path` (None when there are none); the
        caller, above the registry, checks their type (``game.ai.puzzles.hooks``)."""
        return None if self.solver_path is None else _load(self.solver_path)

    def sort_key(
        self, *, by_suit: bool = False, level: str | None = None, trump_suit: str | None = None
    ) -> SortKey:
        """The key that puts a hand in display order (strongest on the left)."""
        make: Callable[[bool, str | None, str | None], SortKey] = _load(self.sort_key_path)
        return make(by_suit, level, trump_suit)

    def arrange(
        self,
        cards: Iterable[Card],
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
        arranged: Callable[[Iterable[Card], bool, str | None, str | None], Iterable[Card]]
        arranged = _load(self.arrange_path)
        return list(arranged(cards, by_suit, level, trump_suit))

    def pack(self) -> list[Card]:
        """Every card the game is dealt from (duplicates for a double pack)."""
        pack: Callable[[], Iterable[Card]] = _load(self.pack_path)
        return list(pack())

    def table_view(self) -> type:
        """The table scene's per-game view class (a ``game.scenes.table.view.GameView``, which
        the scenes, above the registry, name: ``view.view_class``)."""
        view: type = _load(self.table_view_path)
        return view

    def arena_deal(
        self, seed: int, rng: random.Random, options: Mapping[str, object] | None = None
    ) -> DealState:
        """The arena's seeded deal under the house rules ``options`` (see the class docstring)."""
        if self.arena_deal_path is None:
            return self.rules.new_deal(seed=seed, options=options)
        deal: Callable[[int, random.Random, Mapping[str, object] | None], DealState]
        deal = _load(self.arena_deal_path)
        return deal(seed, rng, options)

    def arena_result(self, state: DealState, seat: int) -> tuple[bool, float]:
        """(won, score) of ``seat`` in a finished deal, as the arena counts them."""
        if self.arena_result_path is not None:
            judge: Callable[[DealState, int], tuple[bool, float]] = _load(self.arena_result_path)
            return judge(state, seat)
        score = self.outcome(state, seat)
        return score > 0, score

    def lesson(self) -> object:
        """The game's lesson (``game.table.lesson.Lesson``, which the caller, above the
        registry, checks), or None when it has none."""
        return None if self.lesson_path is None else _load(self.lesson_path)

    def measures(self) -> tuple[Measure, ...]:
        """What a finished deal of this game measures (:class:`Measure`)."""
        if self.measures_path is None:
            return ()
        measures: Iterable[Measure] = _load(self.measures_path).MEASURES
        return tuple(measures)

    def measure(self, state: DealState, seat: int) -> dict[str, float]:
        """The measures of the finished deal ``state`` for ``seat``, by name."""
        if self.measures_path is None:
            return {}
        measure: Callable[[DealState, int], Mapping[str, float]]
        measure = _load(self.measures_path).measure
        return dict(measure(state, seat))

    def outcome(self, state_or_result: DealState | DealResult, seat: int) -> float:
        """What a finished deal is worth to ``seat`` (the number the search maximises); takes
        the finished deal state or its ``result``."""
        result = getattr(state_or_result, "result", state_or_result)
        return float(self.search_hooks().outcome(result, seat))
