"""The bot framework (issue 11): legal answers in every phase, views only, determinism,
the shared turn helper's fallback, the registry.

Positions come from seeded random play: each preset's deal is driven by random legal actions
for a seeded number of plies, so every phase appears (Shengji S2.3 declaring, S2.7 burying,
S4 leading and following; Guandan G3.5 returning, G4.2 leading and following; Run Fast R2.2
first lead, R3.3/R3.4 following).
"""

from __future__ import annotations

import gc
import importlib
import random
import types
from collections import Counter
from typing import Any, Protocol, cast, runtime_checkable

import pytest

from game import registry
from game.ai.base import BotTurn, decide, fallback_action, is_legal, play_bot_turn
from game.ai.random_bot import RandomBot
from game.ai.registry import make_bot
from game.ai.search import SearchBot
from game.games.guandan.bot import GuandanBot
from game.rules import guandan as gd
from game.rules.base import Action, DealView
from game.rules.cards import RANKS, Card
from game.rules.errors import IllegalActionError
from tests.typed import known, narrow

PRESETS = registry.ids()


@runtime_checkable
class Heuristic(Protocol):
    """What these tests read of a game's heuristic bot (Easy, Normal): its noise, and the random
    source ``make_bot`` gives it."""

    noise: float
    rng: random.Random

    def choose(self, view: Any, legal: list[Action], rng: random.Random) -> Action: ...


def heuristic_bot(preset: str, level: str = "normal") -> Heuristic:
    """``preset``'s bot at ``level``, Easy or Normal: the game's heuristic."""
    bot = make_bot(preset, level)
    assert isinstance(bot, Heuristic)
    return bot


def hard_bot(preset: str, **options: int) -> SearchBot:
    """``preset``'s Hard bot (``make_bot``'s options): the search bot."""
    return narrow(SearchBot, make_bot(preset, "hard", **options))


def guandan_normal() -> GuandanBot:
    """Guandan's Normal bot, Guandan's own class."""
    return narrow(GuandanBot, make_bot("guandan", "normal"))


def engine(preset: str) -> Any:
    return registry.get(preset).rules


def require_heuristic(preset: str) -> None:
    """Every preset has its heuristic bot: a missing one fails the test, it is not skipped."""
    registry.get(preset).heuristic_class()


def fresh_deal(preset: str, seed: int) -> Any:
    """A seeded deal; Guandan deals with odd seeds start with tribute and return (G3)."""
    rules = engine(preset)
    rng = random.Random(seed)
    if preset in ("runfast", "doudizhu"):  # three players, no level
        return rules.new_deal(seed=seed)
    level = rng.choice(RANKS)
    if preset == "shengji":
        return rules.new_deal(seed=seed, level=level, dealer=rng.randrange(4))
    if seed % 2:
        finish = rng.sample(range(4), 4)
        return rules.new_deal(
            seed=seed,
            level=level,
            previous_finish=finish,
            team_levels={finish[0] % 2: level, 1 - finish[0] % 2: rng.choice(RANKS)},
        )
    return rules.new_deal(seed=seed, level=level, leader=rng.randrange(4))


def situation(preset: str, state: Any) -> str:
    """The phase of the current decision, with leading/following told apart."""
    phase: str = state.phase
    if phase != "play":
        return phase
    legal = state.legal_actions()
    view = state.view(state.current_player)
    if preset == "shengji":
        return "lead" if not view.trick else "follow"
    if preset in ("runfast", "doudizhu"):
        return "lead" if view.last_play is None else "follow"
    return "follow" if any(action.kind == "pass" for action in legal) else "lead"


def positions(preset: str, seeds: range, per_deal: int = 4) -> list[tuple[Any, str]]:
    """Seeded random positions (clones) with their situation."""
    found = []
    for seed in seeds:
        state = fresh_deal(preset, seed)
        rng = random.Random(seed * 13 + 5)
        horizon = 40 if preset in ("runfast", "doudizhu") else 120
        stops = sorted(rng.sample(range(0, horizon), per_deal))
        plies = 0
        while not state.is_terminal and stops:
            if plies == stops[0] or (plies < stops[0] and state.phase not in ("play",)):
                found.append((state.clone(), situation(preset, state)))
                if plies == stops[0]:
                    stops.pop(0)
            state.apply(rng.choice(state.legal_actions()))
            plies += 1
    return found


EXPECTED_SITUATIONS = {
    "runfast": {"lead", "follow"},
    "doudizhu": {"bid", "lead", "follow"},
    "shengji": {"declare", "bury", "lead", "follow"},
    "guandan": {"return", "lead", "follow"},
}


def bots_for(preset: str) -> list[Any]:
    bots = [make_bot(preset, "random"), make_bot(preset, "easy"), make_bot(preset, "normal")]
    hard = hard_bot(preset, samples=1)
    hard.top_k = 3
    hard.max_plies = 6
    return [*bots, hard]


@pytest.mark.parametrize("preset", PRESETS)
def test_bots_only_return_legal_actions_in_every_phase(preset: str) -> None:
    engine(preset)
    require_heuristic(preset)
    seen: set[str] = set()
    bots = bots_for(preset)
    for index, (state, where) in enumerate(positions(preset, range(6))):
        seen.add(where)
        legal = state.legal_actions()
        for bot in bots:
            view = state.view(state.current_player)
            action = bot.choose(view, list(legal), random.Random(index))
            assert is_legal(state, action, legal), f"{bot.name} in {where}: {action}"
            probe = state.clone()
            probe.apply(action)  # accepted by the engine too
    assert EXPECTED_SITUATIONS[preset] <= seen, (
        f"positions missed {EXPECTED_SITUATIONS[preset] - seen}"
    )


@pytest.mark.parametrize("preset", PRESETS)
def test_whole_deals_bot_only_without_fallbacks(preset: str) -> None:
    engine(preset)
    require_heuristic(preset)
    for seed in range(3):
        state = fresh_deal(preset, 100 + seed)
        seats = registry.get(preset).seats
        levels = ["easy", "normal", "random", "normal"][:seats]
        bots = [make_bot(preset, level, seed=seat) for seat, level in enumerate(levels)]
        rng = random.Random(seed)
        plies = 0
        while not state.is_terminal:
            turn = play_bot_turn(state, bots[state.current_player], rng)
            assert not turn.fallback, turn.error
            plies += 1
            assert plies < 3000
        assert state.result is not None


# --- views only -------------------------------------------------------------------------


def reachable(root: object) -> dict[int, object]:
    """Every object reachable from ``root`` through references, except code and modules
    (functions are followed into their closures only)."""
    seen: dict[int, object] = {}
    stack = [root]
    while stack:
        obj = stack.pop()
        if id(obj) in seen or isinstance(obj, type | types.ModuleType):
            continue
        seen[id(obj)] = obj
        if isinstance(obj, types.FunctionType):
            stack.extend(cell.cell_contents for cell in obj.__closure__ or ())
            continue
        if isinstance(obj, types.BuiltinFunctionType | types.CodeType):
            continue
        stack.extend(gc.get_referents(obj))
    return seen


def card_multiset(obj: object) -> Counter[Card] | None:
    if (
        isinstance(obj, list | tuple | set | frozenset)
        and obj
        and all(isinstance(c, Card) for c in obj)
    ):
        return Counter(obj)
    if isinstance(obj, dict) and obj and all(isinstance(c, Card) for c in obj):
        if all(isinstance(n, int) for n in obj.values()):
            return Counter({c: n for c, n in obj.items() if n})
    return None


class SpyBot:
    """Records what a bot is handed."""

    name = "spy"

    def __init__(self) -> None:
        self.views: list[Any] = []

    def choose(self, view: Any, legal: list[Action], rng: random.Random) -> Action:
        self.views.append(view)
        return rng.choice(legal)


@pytest.mark.parametrize("preset", PRESETS)
def test_bots_cannot_reach_other_hands_through_the_view(preset: str) -> None:
    engine(preset)
    spy = SpyBot()
    checked = 0
    for seed in range(3):
        state = fresh_deal(preset, 200 + seed)
        rng = random.Random(seed)
        plies = 0
        while not state.is_terminal:
            seat = state.current_player
            before = len(spy.views)
            turn = decide(state, spy, rng)
            if plies % 7 == 0:
                view = spy.views[before]
                assert not isinstance(view, type(state))
                graph = reachable(view)
                assert id(state) not in graph, "the view holds the state"
                assert not any(isinstance(obj, type(state)) for obj in graph.values())
                # plain data only: a function could reach anything through its globals
                assert not any(
                    isinstance(obj, types.FunctionType | types.MethodType) for obj in graph.values()
                )
                hidden = {
                    other: Counter(state.view(other).hand)
                    for other in range(registry.get(preset).seats)
                    if other != seat and len(state.view(other).hand) >= 3
                }
                for obj in graph.values():
                    cards = card_multiset(obj)
                    if cards is None:
                        continue
                    for other, hand in hidden.items():
                        assert cards != hand, f"seat {seat}'s view reaches seat {other}'s hand"
                checked += 1
            state.apply(turn.action)
            plies += 1
    assert checked > 10


# --- determinism ------------------------------------------------------------------------


def bot_deal_log(preset: str, level: str, seed: int) -> list[str]:
    state = fresh_deal(preset, seed)
    seats = registry.get(preset).seats
    bots = []
    for seat in range(seats):
        bot = make_bot(preset, level, seed=seat, samples=1)
        if level == "hard":
            search = narrow(SearchBot, bot)
            search.top_k, search.max_plies = 3, 4
        bots.append(bot)
    rng = random.Random(seed)
    actions = []
    for _ in range(40):
        if state.is_terminal:
            break
        actions.append(str(play_bot_turn(state, bots[state.current_player], rng).action))
    return actions


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_seeded_bots_are_deterministic(preset: str, level: str) -> None:
    engine(preset)
    require_heuristic(preset)
    assert bot_deal_log(preset, level, 11) == bot_deal_log(preset, level, 11)


# --- the turn helper --------------------------------------------------------------------


class IllegalBot:
    name = "illegal"

    def choose(self, view: Any, legal: list[Action], rng: random.Random) -> Action:
        return Action("play", ())


class CrashingBot:
    name = "crashing"

    def choose(self, view: Any, legal: list[Action], rng: random.Random) -> Action:
        raise RuntimeError("bug")


@pytest.mark.parametrize("bot", [IllegalBot(), CrashingBot()], ids=["illegal", "raises"])
def test_misbehaving_bot_falls_back_to_a_legal_action(bot: Any, caplog: Any) -> None:
    rules = engine("runfast")
    state = rules.new_deal(seed=3)
    legal = state.legal_actions()
    turn = play_bot_turn(state, bot, random.Random(0))
    assert isinstance(turn, BotTurn)
    assert turn.fallback and turn.error
    assert turn.action == fallback_action(legal) and turn.action in legal
    assert len(state.log) == 1  # the fallback was applied
    assert any("misbehaved" in record.message for record in caplog.records)


def test_fallback_prefers_pass() -> None:
    play, passing = Action("play", ()), Action("pass")
    assert fallback_action([play, passing]) == passing
    assert fallback_action([play]) == play


def test_decide_does_not_apply() -> None:
    rules = engine("runfast")
    state = rules.new_deal(seed=4)
    turn = decide(state, RandomBot(), random.Random(1))
    assert not turn.fallback and turn.action in state.legal_actions()
    assert state.log == [] or len(state.log) == 0


# --- registry ---------------------------------------------------------------------------


def test_registry_rejects_unknown_names() -> None:
    with pytest.raises(ValueError):
        make_bot("poker", "normal")
    with pytest.raises(ValueError):
        make_bot("runfast", "grandmaster")


@pytest.mark.parametrize("preset", PRESETS)
def test_registry_levels(preset: str) -> None:
    require_heuristic(preset)
    from game.ai.search import SearchBot

    assert isinstance(make_bot(preset, "random"), RandomBot)
    easy, normal = heuristic_bot(preset, "easy"), heuristic_bot(preset)
    assert easy.noise > 0 and normal.noise == 0
    hard = make_bot(preset, "hard", budget_ms=200)
    assert isinstance(hard, SearchBot) and hard.budget_ms == 200 and hard.samples is None
    assert hard_bot(preset, samples=5).samples == 5


def test_search_bot_beats_random_in_runfast_with_random_rollouts() -> None:
    """PIMC alone (random rollouts, no heuristic) already beats random play (R5 settlement)."""
    rules = engine("runfast")
    from game.ai.search import SearchBot

    total = 0.0
    for seed in range(4):
        for seat in range(3):
            state = rules.new_deal(seed=seed)
            bot = SearchBot("runfast", RandomBot(), samples=6, top_k=5)
            rng = random.Random(seed)
            while not state.is_terminal:
                player = bot if state.current_player == seat else RandomBot()
                assert not play_bot_turn(state, player, rng).fallback
            total += state.settlement[seat]
    assert total > 0


def test_modules_import() -> None:
    for name in ("game.ai.base", "game.ai.random_bot", "game.ai.registry", "game.ai.search"):
        importlib.import_module(name)
    for spec in registry.all_games():
        importlib.import_module(spec.heuristic_path.partition(":")[0])


# --- search -----------------------------------------------------------------------------


@pytest.mark.parametrize("preset", PRESETS)
def test_search_fixed_samples_repeat(preset: str) -> None:
    engine(preset)
    require_heuristic(preset)
    state, _ = positions(preset, range(40, 46))[0]
    legal = state.legal_actions()
    picks = []
    for _ in range(2):
        bot = hard_bot(preset, samples=2)
        bot.max_plies = 6
        picks.append(bot.choose(state.view(state.current_player), list(legal), random.Random(5)))
        assert bot.last_samples in (0, 2)  # 0 only when a single candidate needs no search
    assert picks[0] == picks[1] and picks[0] in legal


def test_a_games_reader_gives_the_search_its_samples() -> None:
    """``SearchHooks.reader``: every sample of the search comes through the game's reader,
    which may keep or replace the plain draw it is handed."""
    from game.ai.search import SearchBot
    from game.rules.base import DealState

    class Counting:
        def __init__(self) -> None:
            self.calls = 0

        def draw(self, view: Any, rng: random.Random, plain: Any) -> DealState:
            self.calls += 1
            sample: DealState = plain()
            return sample

    state = engine("runfast").new_deal(seed=3)
    bot = SearchBot("runfast", RandomBot(), samples=5, top_k=3)
    assert bot.reader is None  # Run Fast reads nothing into its samples
    reader = bot.reader = Counting()
    seat = state.current_player
    assert seat is not None
    bot.evaluate(state.view(seat), state.legal_actions()[:3], random.Random(0))
    assert reader.calls == 5


@pytest.mark.parametrize("preset", ["guandan", "shengji"])
def test_leaf_values_are_zero_sum_between_teams(preset: str) -> None:
    engine(preset)
    leaf = known(registry.get(preset).search_hooks().leaf)

    for state, _ in positions(preset, range(50, 53), per_deal=2):
        for seat in range(4):
            mine = leaf(state, seat)
            assert -3.0 <= mine <= 3.0 or preset == "shengji"
            assert mine == pytest.approx(-leaf(state, (seat + 1) % 4))
            assert mine == pytest.approx(leaf(state, (seat + 2) % 4))


# --- search: outcomes, confidence rule, early stop ----------------------------------------


@pytest.mark.parametrize("preset", ["guandan", "shengji"])
def test_full_rollouts_score_finished_deals_zero_sum(preset: str) -> None:
    """Hard's rollouts now run to the end of the deal (G1.2 levels, S5.3 table and points):
    the value of a finished deal is zero-sum between the teams and shared by partners."""
    engine(preset)
    require_heuristic(preset)
    spec = registry.get(preset)

    bot = hard_bot(preset, samples=1)
    assert bot.max_plies is None and bot.rounds is None
    for seed in range(2):
        state = fresh_deal(preset, seed)
        value = bot.rollout(state, 0, random.Random(seed))
        assert state.is_terminal
        assert value == spec.outcome(state, 0) == spec.outcome(state, 2)
        assert value == pytest.approx(-spec.outcome(state, 1))
        assert value != 0.0


def test_shengji_outcome_follows_the_table() -> None:  # S5.3
    rules = engine("shengji")
    from game.games.shengji.search import levels as shengji_levels
    from game.games.shengji.search import outcome as shengji_outcome
    from game.games.shengji.search import points as shengji_points

    state = fresh_deal("shengji", 3)
    rng = random.Random(3)
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
    side, levels = rules.deal_outcome(state.result.attacker_points)
    for seat in range(4):
        won, signed = shengji_levels(state.result, seat)
        assert abs(signed) == levels
        value = shengji_outcome(state.result, seat)
        assert value == pytest.approx(
            (0.5 if won else -0.5) + signed + 0.25 * shengji_points(state.result, seat)
        )


class _Scripted:
    """A search bot whose per-sample values are given (no engine work)."""

    def __init__(self, preset: str, values: list[list[float]]) -> None:
        from game.ai.search import SearchBot

        self.bot = SearchBot(preset, make_bot(preset, "normal"), samples=len(values[0]))
        self.bot.candidates = lambda view, legal, rng: list(legal)  # type: ignore[method-assign]  # a stand-in for the test
        self.bot.evaluate = lambda view, candidates, rng, deadline=None: (values, len(values[0]))  # type: ignore[method-assign]  # a stand-in for the test
        self.bot.searched = None  # no position to judge: every call is searched


@pytest.mark.parametrize(
    ("values", "pick"),
    [
        # the heuristic's choice (first) stays when the other is not clearly better
        ([[0.0, 1.0, -1.0, 2.0], [1.0, 0.0, 0.0, 1.0]], 0),
        ([[1.0] * 6, [1.05] * 6], 0),  # better, but by less than the margin
        # clearly better on every sample: switch
        ([[-1.0, 0.0, 1.0, -1.0], [1.0, 2.0, 3.0, 1.0]], 1),
        # the clearly best of three wins
        ([[0.0] * 4, [0.5, 0.6, 0.5, 0.6], [2.0, 2.1, 2.0, 1.9]], 2),
    ],
)
def test_confidence_rule_keeps_the_heuristic_choice(values: list[list[float]], pick: int) -> None:
    require_heuristic("guandan")
    scripted = _Scripted("guandan", values)
    # stand-ins for the view and the actions: the scripted bot only hands them back
    legal = cast(list[Action], [types.SimpleNamespace(name=str(i)) for i in range(len(values))])
    assert scripted.bot.choose(cast(DealView, None), legal, random.Random(0)) is legal[pick]


def test_prune_drops_clear_losers_and_stops() -> None:
    require_heuristic("guandan")
    from game.ai.paired import EARLY_MIN, prune
    from game.ai.search import SearchBot

    bot = SearchBot("guandan", make_bot("guandan", "normal"))
    n = EARLY_MIN
    leader = [1.0 + 0.01 * i for i in range(n)]
    values = [[0.0] * n, leader, [-2.0] * n]
    alive = [True, True, True]
    assert prune(values, alive, bot.margin)  # the leader beats both clearly
    assert alive == [True, True, False]  # the heuristic's choice is never dropped
    close = [[0.0, 1.0, -1.0, 0.5, -0.5, 0.0], [0.1, 0.9, -0.8, 0.4, -0.4, 0.2]]
    assert not prune(close, [True, True], bot.margin)


def test_fixed_samples_stop_early_when_nothing_can_switch() -> None:
    """With ``samples`` set the early stops still apply (they read values, not the clock, so
    runs repeat): candidates that always score the same stop after EARLY_MIN samples, while a
    close call uses every sample."""
    require_heuristic("runfast")
    from game.ai.paired import EARLY_MIN
    from game.ai.search import SearchBot

    class Flat(SearchBot):
        def rollout(self, state, seat, rng):  # noqa: ANN001, ANN201 - test double
            return 1.0

    class Noisy(SearchBot):
        noise = None

        def rollout(self, state, seat, rng):  # noqa: ANN001, ANN201 - test double
            # independent per candidate, and the same series on every run
            self.noise = self.noise or random.Random(3)
            return self.noise.gauss(0.0, 1.0)

    state, _ = positions("runfast", range(40, 46))[0]
    legal = state.legal_actions()
    view = state.view(state.current_player)
    for cls, expected in ((Flat, EARLY_MIN), (Noisy, 24)):
        picks = set()
        for _ in range(2):
            bot = cls("runfast", make_bot("runfast", "normal"), samples=24, top_k=3)
            bot.candidates = lambda view, legal, rng: list(legal)[:3]  # type: ignore[method-assign]  # a stand-in for the test
            picks.add(bot.choose(view, list(legal), random.Random(9)))
            assert bot.last_samples == expected
        assert len(picks) == 1


@pytest.mark.parametrize("preset", ["guandan", "shengji"])
def test_budget_mode_is_legal_and_bounded(preset: str) -> None:
    """Budget mode (the game's Hard) answers legally; with a tiny budget it evaluates few
    samples (no timing assertion: the sample count shows it stopped)."""
    engine(preset)
    require_heuristic(preset)
    bot = hard_bot(preset, budget_ms=1)
    for state, _ in positions(preset, range(60, 62)):
        legal = state.legal_actions()
        action = bot.choose(state.view(state.current_player), list(legal), random.Random(1))
        assert is_legal(state, action, legal)
        assert bot.last_samples <= 2


def test_easy_noise_per_preset() -> None:
    for preset in PRESETS:
        require_heuristic(preset)
        assert heuristic_bot(preset, "easy").noise == registry.get(preset).easy_noise > 0


def test_guandan_candidates_start_with_the_heuristic_choice() -> None:  # G4.2 plays
    engine("guandan")
    require_heuristic("guandan")
    hard, normal = hard_bot("guandan", samples=1), guandan_normal()
    window = narrow(GuandanBot, hard.heuristic).search_window
    for state, _ in positions("guandan", range(70, 74)):
        legal = state.legal_actions()
        view = state.view(state.current_player)
        found = hard.candidates(view, list(legal), random.Random(0))
        assert len(found) <= hard.top_k and len(set(found)) == len(found)
        scores = dict(zip(legal, normal.scores(view, list(legal)), strict=True))
        # the heuristic's choice: Normal's best score (its end-game search may still differ)
        assert found[0] == max(legal, key=scores.__getitem__)
        assert all(scores[found[0]] - scores[action] <= window for action in found)


def _guandan_end_game(view: Any) -> bool:
    """The end game as this test reads it from the view itself, not from the code under test:
    the play phase, and a seat still playing (not out yet) holding ENDGAME_CARDS or fewer."""
    from game.games.guandan.bot import ENDGAME_CARDS

    out = set(view.finish_order)
    live = [count for seat, count in enumerate(view.hand_counts) if seat not in out]
    return view.phase == "play" and min(live, default=ENDGAME_CARDS + 1) <= ENDGAME_CARDS


def test_guandan_hard_searches_only_the_end_game() -> None:  # G4.2, guandan_search.searched
    """Before the end game (no live seat at 8 cards or fewer: a seat that went out holds 0
    and is not live) Hard plays Normal's own choice without a sample; in it, Hard searches.
    The other games search every position. (The test used to ask ``in_endgame``, the code
    under test, which positions were the end game.)"""
    engine("guandan")
    hard, normal = hard_bot("guandan", samples=4), guandan_normal()
    assert normal.endgame_search().searched is None  # Normal's own search never defers to Normal
    before = searched = after_out = 0
    for state in normal_positions("guandan", range(110, 114), every=3):
        legal = state.legal_actions()
        view = state.view(state.current_player)
        pick = hard.choose(view, list(legal), random.Random(1))
        if _guandan_end_game(view):
            searched += hard.last_samples > 0
        else:
            before += 1
            after_out += bool(view.finish_order)
            assert hard.last_samples == 0
            assert pick == normal.choose(view, list(legal), random.Random(1))
    assert before >= 20 and searched >= 3
    assert after_out >= 5  # positions after a seat went out, the others all above 8 cards
    for preset in PRESETS:
        if preset != "guandan":
            assert registry.get(preset).search_hooks().searched is None


def test_prune_stops_when_no_candidate_can_pass_the_switch_rule() -> None:
    require_heuristic("shengji")
    from game.ai.paired import EARLY_MIN, prune
    from game.ai.search import SearchBot

    bot = SearchBot("shengji", make_bot("shengji", "normal"))
    n = 2 * EARLY_MIN
    base = [0.5 * (i % 3) for i in range(n)]
    # the others equal the heuristic's choice up to tiny differences: no switch is possible
    values = [base, [v + 0.01 * (i % 2) for i, v in enumerate(base)], list(base)]
    assert prune(values, [True, True, True], bot.margin)


# --- search: inference from the plays seen ------------------------------------------------


def normal_positions(preset: str, seeds: range, every: int = 9) -> list[Any]:
    """Play-phase positions (clones) of deals where every seat plays Normal."""
    require_heuristic(preset)
    normal = heuristic_bot(preset)
    if hasattr(normal, "endgame"):
        normal.endgame = False  # the heuristic alone (Guandan Normal's end-game search samples)
    found = []
    for seed in seeds:
        state = fresh_deal(preset, seed)
        plies = 0
        while not state.is_terminal:
            legal = state.legal_actions()
            if state.phase == "play" and len(legal) > 1 and plies % every == every - 1:
                found.append(state.clone())
            view = state.view(state.current_player)
            state.apply(legal[0] if len(legal) == 1 else normal.choose(view, legal, normal.rng))
            plies += 1
    return found


@pytest.mark.parametrize("preset", ["guandan", "shengji"])
def test_rewind_play_leads_back_to_the_same_deal(preset: str) -> None:  # G4, S4
    """The rewound deal with the played cards back in hand, replayed through its records,
    is the deal again: same hands, cards played, points, turn."""
    rules = engine(preset)
    for state, _ in positions(preset, range(60, 66), per_deal=3):
        rewound = rules.rewind_play(state)
        if state.phase != "play" or not any(r.action.kind == "play" for r in state.log):
            assert rewound is None or state.phase == "over"
            continue
        start, records = rewound
        assert all(record.action.kind in ("play", "pass") for record in records)
        assert start.current_player == records[0].seat
        for record in records:
            assert start.current_player == record.seat
            start.apply(record.action)
        for seat in range(4):
            assert sorted(start.hand(seat)) == sorted(state.hand(seat))
            assert start.view(seat) == state.view(seat)


@pytest.mark.parametrize("preset", ["guandan", "shengji"])
def test_the_real_deal_is_fully_plausible(preset: str) -> None:
    """When the other seats play as the heuristic does, the real hands explain every play
    seen (0 misses), while hands drawn at random mostly do not; the search's draws are
    more plausible than plain samples."""
    rules = engine(preset)
    bot = hard_bot(preset, samples=2)
    assert bot.infer_draws == (8 if preset == "shengji" else 1)  # see the hooks' infer
    bot.infer_draws, bot.infer_window = 4, 8
    bot.structure_steps = 0  # the draws by plausibility alone (Guandan's are structured)
    if hasattr(bot.heuristic, "endgame"):
        bot.heuristic.endgame = False  # replays the heuristic alone, as the positions were played
    plain, drawn = 0, 0
    for index, state in enumerate(normal_positions(preset, range(70, 72))):
        seat = state.current_player
        assert bot.misses(state, seat, 1000) == 0
        view = state.view(seat)
        rng = random.Random(index)
        plain += sum(bot.misses(rules.sample_state(view, rng), seat, 1000) for _ in range(4))
        for _ in range(4):
            sample = bot.draw(view, rng)
            assert sample.view(seat).hand == view.hand
            assert [len(sample.hand(s)) for s in range(4)] == [len(state.hand(s)) for s in range(4)]
            drawn += bot.misses(sample, seat, 1000)
    assert plain > 0
    assert drawn < plain


def test_guandan_samples_are_as_well_kept_as_real_hands() -> None:  # G5, guandan_search.HOOKS
    """Real hands in the middle of a deal need far fewer plays than a random deal of the
    unseen cards; the search's structured samples come close to the real count, keep the
    view, and repeat for a seed."""
    from game.games.guandan.plan import plan_value

    rules = engine("guandan")
    bot = hard_bot("guandan", samples=2)
    assert (bot.structure_beta, bot.structure_steps) == registry.get(
        "guandan"
    ).search_hooks().structure

    def plays(state: Any, seat: int, level: str) -> int:
        return sum(plan_value(state.hand(s), level)[1] for s in range(4) if s != seat)

    real = uniform = walked = 0
    middle = normal_positions("guandan", range(90, 94), every=7)
    positions = [p for p in middle if 30 <= sum(p.sizes) <= 80]  # of 108 cards
    assert len(positions) >= 12
    for index, state in enumerate(positions):
        seat = state.current_player
        view = state.view(seat)
        real += plays(state, seat, view.level)
        uniform += plays(rules.sample_state(view, random.Random(index)), seat, view.level)
        sample = narrow(gd.State, bot.draw(view, random.Random(index)))  # Guandan's own
        assert sample.view(seat) == view
        assert sample.hand(seat) == state.hand(seat) and sample.sizes == state.sizes
        walked += plays(sample, seat, view.level)
        again = bot.draw(view, random.Random(index))
        assert [again.hand(s) for s in range(4)] == [sample.hand(s) for s in range(4)]
    assert uniform > 1.2 * real  # random hands are messier than kept ones
    assert abs(walked - real) < abs(uniform - real) / 2


def test_shengji_draws_skip_deals_where_a_seen_follow_was_illegal() -> None:  # S4.4
    """sample_state keeps voids but not "had no pair to follow with": such a deal would have
    made a follow seen illegal. ``misses`` gives it the bound, and the search's draws avoid it."""
    rules = engine("shengji")
    bot = hard_bot("shengji", samples=2)
    bot.infer_window = 0  # legality only
    impossible_plain = impossible_drawn = 0
    for index, state in enumerate(normal_positions("shengji", range(80, 84), every=7)):
        seat = state.current_player
        view = state.view(seat)
        rng = random.Random(index)
        for _ in range(3):
            sample = rules.sample_state(view, rng)
            score = bot.misses(sample, seat, 99)
            assert score in (0, 99)
            if score:
                impossible_plain += 1
                start, records = rules.rewind_play(sample)
                with pytest.raises(IllegalActionError):
                    for record in records:
                        start.apply(record.action)
            impossible_drawn += bot.misses(bot.draw(view, rng), seat, 99) > 0
    assert impossible_plain > 0
    assert impossible_drawn < impossible_plain
