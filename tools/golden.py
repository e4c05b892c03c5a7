#!/usr/bin/env python3
"""Golden playthroughs, one per game and house-rule set (issue 53; as OpenSpiel's playthrough
files): a seeded deal played to its end by random legal play, written as text.

    python tools/golden.py            # compare every file with the engine; exit 1 on a diff
    python tools/golden.py --update   # write them again (review the diff before committing)
    python tools/golden.py --game shengji --update

Each game of the registry gets ``tests/golden/<id>.txt`` (its default options) and, when its
rules have house rules, ``tests/golden/<id>-house.txt`` (every option set to its first
non-default value, e.g. Shengji's VS4 throws on). A file holds the seed, the options, every
record of the log in card notation with its seat (the rules' automatic ones marked), what each
seat sees at a few points, and the result. The actions are picked by a ``random.Random`` seeded
with the deal's seed from ``state.legal_actions()``, not by the bots, so a change of the AI
leaves the files alone and a change of the rules shows up as a diff
(``tests/test_golden.py``).
"""

from __future__ import annotations

import argparse
import dataclasses
import difflib
import enum
import json
import random
import sys
from collections.abc import Mapping
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game import registry  # noqa: E402
from game.protocol.base import DealState, Record  # noqa: E402
from game.protocol.cards import Card  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
GOLDEN_DIR = ROOT / "tests" / "golden"
#: The seed of every golden deal (its shuffle and the random play).
SEED = 1
#: What each seat sees is written before the first action and after every this many actions.
OBSERVE_EVERY = 25
#: Deals of the match played: the second has what only a later deal has (Guandan's tribute).
DEALS = 2
#: More actions than any deal takes: a longer playthrough is a fault of the rules.
MAX_ACTIONS = 2000


@dataclasses.dataclass(frozen=True)
class Golden:
    """One playthrough to write: the game, the file's name and the options it plays by."""

    game: str
    name: str
    options: dict[str, object]

    @property
    def path(self) -> Path:
        return GOLDEN_DIR / f"{self.name}.txt"


def house_options(schema: Mapping[str, Mapping[str, object]]) -> dict[str, object]:
    """Every option at its first allowed value other than the default (bools: the other one)."""
    chosen: dict[str, object] = {}
    for key, entry in schema.items():
        allowed = entry.get("allowed")
        default = entry.get("default")
        values = list(allowed) if isinstance(allowed, list | tuple) else [not default]
        chosen[key] = next(value for value in values if value != default)
    return chosen


def goldens() -> list[Golden]:
    """The playthroughs of every registered game, in the registry's order."""
    found: list[Golden] = []
    for game in registry.ids():
        schema = registry.get(game).options_schema()
        found.append(Golden(game, game, {key: entry["default"] for key, entry in schema.items()}))
        if schema:
            found.append(Golden(game, f"{game}-house", house_options(schema)))
    return found


def plain(value: object) -> object:
    """``value`` as JSON-ready data: cards in notation, records as their fields."""
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, enum.Enum):
        return plain(value.value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, tuple) and hasattr(value, "_asdict"):  # a NamedTuple
        return {str(key): plain(item) for key, item in value._asdict().items()}
    if isinstance(value, Mapping):
        return {str(key): plain(item) for key, item in value.items()}
    if isinstance(value, list | tuple | frozenset | set):
        items = [plain(item) for item in value]
        return sorted(items, key=repr) if isinstance(value, frozenset | set) else items
    if value is None or isinstance(value, bool | int | float | str):
        return value
    return repr(value)


def notation(cards: object) -> str:
    return " ".join(str(card) for card in cards) if isinstance(cards, tuple | list) else ""


def record_line(index: int, record: Record) -> str:
    """One log record: its number, seat, kind, cards and the meaning's other fields."""
    action = record.action
    meaning = plain(action.combo)
    if isinstance(meaning, dict):
        meaning = {key: item for key, item in meaning.items() if key != "cards"}
    parts = [f"{index:4d}", f"seat {record.seat}", action.kind]
    if record.auto:
        parts.append("(auto)")
    if action.cards:
        parts.append(notation(action.cards))
    if meaning is not None:
        parts.append(json.dumps(meaning, sort_keys=True, ensure_ascii=False))
    return "  ".join(parts)


def observation(state: DealState, seats: int, actions: int) -> list[str]:
    """What each seat sees now, in a few fields of its view."""
    lines = [f"observation after {actions} actions"]
    for seat in range(seats):
        view = state.view(seat)
        lines.append(
            f"  seat {seat}: to act {view.current_player}, phase {plain(view.phase)},"
            f" counts {list(view.hand_counts)}, hand {notation(tuple(view.hand))}"
        )
    return lines


def play_deal(state: DealState, seats: int, rng: random.Random) -> list[str]:
    """Play ``state`` to its end by ``rng``'s choices; its observations, log and result."""
    observed = observation(state, seats, 0)
    actions = 0
    while not state.is_terminal:
        if actions >= MAX_ACTIONS:
            raise RuntimeError(f"no end after {MAX_ACTIONS} actions")
        state.apply(rng.choice(state.legal_actions()))
        actions += 1
        if actions % OBSERVE_EVERY == 0:
            observed += observation(state, seats, actions)
    result = plain(state.result)
    fields = result.items() if isinstance(result, dict) else [("", result)]
    return [
        *observed,
        f"log ({len(state.log)} records, {actions} actions)",
        *(record_line(index, record) for index, record in enumerate(state.log, 1)),
        "result",
        f"  returns: {json.dumps(plain(list(state.returns())))}",
        f"  state.finish_order: {json.dumps(plain(state.finish_order))}",
        *(f"  result.{key}: {json.dumps(item, ensure_ascii=False)}" for key, item in fields),
    ]


def playthrough(golden: Golden, seed: int = SEED) -> str:
    """The playthrough's text: the first ``DEALS`` deals of the match of ``seed``, played to
    their ends by random play seeded with ``seed``."""
    spec = registry.get(golden.game)
    match = spec.rules.new_match(seed=seed, options=golden.options)
    rng = random.Random(seed)
    lines = [
        f"# Golden playthrough of {golden.game}: written by tools/golden.py --update, "
        "checked by tests/test_golden.py",
        f"game: {golden.game}",
        f"seed: {seed}",
        f"options: {json.dumps(golden.options, sort_keys=True)}",
        f"play: the first {DEALS} deals of new_match(seed), each action"
        " random.Random(seed).choice(state.legal_actions())",
    ]
    for deal in range(DEALS):
        lines += ["", f"== deal {deal + 1} (match.deal_index {match.deal_index})"]
        lines += play_deal(match.state, spec.seats, rng)
        match.advance()
    return "\n".join(lines) + "\n"


def differences(golden: Golden) -> list[str]:
    """The unified diff from the committed file to the engine's playthrough (empty: same)."""
    fresh = playthrough(golden)
    stored = golden.path.read_text(encoding="utf-8") if golden.path.exists() else ""
    return list(
        difflib.unified_diff(
            stored.splitlines(),
            fresh.splitlines(),
            f"{golden.path.name} (committed)",
            f"{golden.path.name} (engine now)",
            lineterm="",
        )
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--update", action="store_true", help="write the files again")
    parser.add_argument("--game", help="only this game's files (a registry id)")
    args = parser.parse_args(argv)
    chosen = [g for g in goldens() if args.game in (None, g.game)]
    if not chosen:
        parser.error(f"unknown game {args.game!r}; known: {', '.join(registry.ids())}")
    changed = 0
    for golden in chosen:
        diff = differences(golden)
        if args.update:
            GOLDEN_DIR.mkdir(parents=True, exist_ok=True)
            golden.path.write_text(playthrough(golden), encoding="utf-8")
            print(f"{golden.path.relative_to(ROOT)}: {'rewritten' if diff else 'unchanged'}")
        elif diff:
            changed += 1
            print("\n".join(diff))
    return 1 if changed else 0


if __name__ == "__main__":
    sys.exit(main())
