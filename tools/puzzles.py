#!/usr/bin/env python3
"""Find, grade and prove the challenges' end-game puzzles (issue 59; docs/challenges.md).

    python tools/puzzles.py --find runfast --deals 200 --seed 1            # print candidates
    python tools/puzzles.py --find runfast --deals 200 --seed 1 --write 24 # and keep 24 of them
    python tools/puzzles.py --verify --json                                # prove every puzzle

``--find GAME`` plays seeded self-play deals with Normal at every seat and, at the positions
the game calls small enough (its challenge hooks' ``small``) where the player to move has a
choice, turns the seats so that the side to move holds seat 0 and finds, by bisection, the
most demanding of the goals the game proposes that the solver proves forced (the goals come
most demanding first, each implying the next). It is kept when few first moves win it (at
most a third of them, at most three) out of three or more distinct moves; its solution's
length against the longest defence is measured and the puzzle graded
(``game.ai.puzzles.grade``). ``--node-limit`` skips positions too big to prove quickly.
``--write N`` keeps N candidates spread over the grades (the single-answer ones first within a
grade, one position per self-play deal while there are enough) and writes the game's ``puzzles.toml``; ``--save FILE`` appends every candidate to a
JSON-lines file as it is found, and ``--find GAME --from FILE ... --write N`` chooses from
such files (several runs over different seeds, in parallel) without searching again. A
candidate whose proof by a fresh solver takes more than :data:`PROOF_MS` of CPU is dropped.

``--verify`` proves every committed puzzle: the goal forced, with the recorded numbers of
first moves and of winning first moves. With ``--json`` it prints
``{"games": {"<id>": {"puzzles": N, "proven": N, "max_ms": T, "max_wall_ms": W}}}``
(``max_ms`` the slowest proof in CPU time, steady on a shared machine; ``max_wall_ms`` in wall
time); the exit code is 1 when a puzzle is not proven.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import tomli_w  # noqa: E402

from game import registry  # noqa: E402
from game.ai import puzzles  # noqa: E402
from game.ai.base import decide  # noqa: E402
from game.ai.registry import make_bot  # noqa: E402
from game.ai.solver import Solver, SolverLimit  # noqa: E402
from game.rules.base import DealState  # noqa: E402

#: Plies between two positions of one deal that are both asked about.
SPACING = 2
#: Positions asked about per deal at most.
PER_DEAL = 6
#: The shortest solution kept (a puzzle is more than one play that ends it).
MIN_PLIES = 3
#: Distinct legal actions a position's player needs for a puzzle (a choice to make).
CHOICE = 3


#: The longest proof kept, in CPU milliseconds of a fresh solver (``--verify`` allows 2 s).
PROOF_MS = 700.0


@dataclass(frozen=True)
class Candidate:
    """A proven position: its puzzle table (without id and grade), grade and proof figures
    (``ms``: the proof's CPU time by a fresh solver)."""

    table: dict[str, Any]
    grade: int
    moves: int
    winning: int
    plies: int
    ms: float


def positions(game: str, seed: int) -> list[DealState]:
    """The small positions of one seeded self-play deal (Normal at every seat)."""
    spec = registry.get(game)
    hooks = puzzles.hooks(game)
    rng = random.Random(seed)
    state = spec.arena_deal(seed, rng)
    bots = [make_bot(game, "normal", seed=seed * 8 + seat) for seat in range(spec.seats)]
    found: list[DealState] = []
    since = SPACING
    while not state.is_terminal and len(found) < PER_DEAL:
        seat = state.current_player
        assert seat is not None  # the deal goes on
        since += 1
        if since >= SPACING and hooks.small(state) and len(state.legal_actions()) >= CHOICE:
            found.append(state.clone())
            since = 0
        state.apply(decide(state, bots[seat], rng).action)
    return found


def first_forced(hooks: puzzles.ChallengeHooks, start: DealState, node_limit: int) -> Any:
    """The most demanding of the game's goals for ``start`` that is forced, or None. The goals
    come most demanding first, each implying the next, so a bisection finds it."""
    goals = [goal for goal in hooks.goals(start) if goal.met(start) is None]
    low, high = 0, len(goals)  # goals[high:] are forced, goals[:low] are not
    while low < high:
        middle = (low + high) // 2
        if Solver(hooks.model(goals[middle]), node_limit=node_limit).forced(start):
            high = middle
        else:
            low = middle + 1
    return goals[low] if low < len(goals) else None


def candidate(game: str, state: DealState, node_limit: int, seed: int) -> Candidate | None:
    """The puzzle ``state`` makes (seats turned so that the side to move holds seat 0), or
    None: no goal forced, too many winning first moves, too few moves or too big to prove."""
    hooks = puzzles.hooks(game)
    seats = registry.get(game).seats
    seat = state.current_player
    assert seat is not None
    table = hooks.write_position(state, (-seat) % seats)
    start = hooks.read_position(table)
    try:
        goal = first_forced(hooks, start, node_limit)
        if goal is None:
            return None
        solver = Solver(hooks.model(goal), node_limit=node_limit)
        began = time.process_time()
        verdict = solver.analyse(start)
        ms = (time.process_time() - began) * 1000.0
        moves, winning = len(verdict.moves), len(verdict.winning)
        if moves < 3 or winning > min(3, max(1, moves // 3)):
            return None
        solver.node_limit = node_limit * 4
        plies = solver.analyse(start, lengths=True).plies
    except SolverLimit:
        return None
    assert plies is not None  # forced
    if plies < MIN_PLIES or ms > PROOF_MS:
        return None
    entry = {
        **table,
        "goal": goal.as_table(),
        "moves": moves,
        "winning": winning,
        "plies": plies,
        "source": f"self-play deal {seed}, Normal at every seat",
    }
    return Candidate(entry, puzzles.grade(plies, moves, winning), moves, winning, plies, ms)


def find(game: str, deals: int, seed: int, node_limit: int, save: Path | None) -> list[Candidate]:
    """The candidates of ``deals`` self-play deals from ``seed`` on (each also appended to
    ``save`` as a JSON line as soon as it is found)."""
    found: list[Candidate] = []
    seen: set[str] = set()
    for deal in range(seed, seed + deals):
        for state in positions(game, deal):
            made = candidate(game, state, node_limit, deal)
            if made is None:
                continue
            key = json.dumps(made.table["hands"])
            if key in seen:
                continue
            seen.add(key)
            found.append(made)
            print(
                f"deal {deal}: grade {made.grade}, {made.winning}/{made.moves} first moves win,"
                f" {made.plies} plies, proof {made.ms:.0f} ms",
                flush=True,
            )
            if save is not None:
                with save.open("a", encoding="utf-8") as handle:
                    handle.write(json.dumps(asdict(made)) + "\n")
    return found


def saved(paths: list[Path]) -> list[Candidate]:
    """The candidates saved by earlier ``--find ... --save`` runs (each hand set once)."""
    found: dict[str, Candidate] = {}
    for path in paths:
        for line in path.read_text(encoding="utf-8").splitlines():
            made = Candidate(**json.loads(line))
            found.setdefault(json.dumps(made.table["hands"]), made)
    return list(found.values())


def choose(found: list[Candidate], count: int) -> list[Candidate]:
    """``count`` candidates spread over the grades, round-robin from the hardest, one position
    of a self-play deal before a second one of it (the single-answer, longer ones first)."""
    by_grade: dict[int, list[Candidate]] = {}
    for made in sorted(found, key=lambda c: (c.winning, -c.plies)):
        by_grade.setdefault(made.grade, []).append(made)
    chosen: list[Candidate] = []
    deals: set[str] = set()
    for repeat in (False, True):  # first one per deal, then the others if still short
        queues = {grade: list(queue) for grade, queue in by_grade.items()}
        while len(chosen) < count and any(queues.values()):
            for grade in sorted(queues, reverse=True):
                queue = queues[grade]
                while queue and len(chosen) < count:
                    made = queue.pop(0)
                    source = str(made.table.get("source"))
                    if made in chosen or (source in deals and not repeat):
                        continue
                    chosen.append(made)
                    deals.add(source)
                    break
    return sorted(chosen, key=lambda c: (c.grade, c.plies))


def write(game: str, chosen: list[Candidate]) -> Path:
    path = puzzles.hooks(game).puzzles
    tables = []
    for number, made in enumerate(chosen, 1):
        tables.append({"id": f"{game}-{number:02d}", "grade": made.grade, **made.table})
    header = (
        f"# {game} challenges (issue 59): end-game positions from self-play, each proven by the\n"
        "# exact solver (tools/puzzles.py --verify). Seats: 0 is the player; hands in card\n"
        "# notation; moves/winning: distinct first moves and those that force the goal;\n"
        "# plies: the solution against the longest defence. Made by tools/puzzles.py --find.\n\n"
    )
    path.write_text(header + tomli_w.dumps({"puzzle": tables}), encoding="utf-8")
    return path


def verify(game_ids: list[str]) -> tuple[dict[str, dict[str, Any]], list[str]]:
    """Prove every puzzle of each game with a fresh solver: its figures (the slowest proof in
    CPU milliseconds, ``max_ms``, steady on a shared machine, and in wall time) and the
    problems found."""
    report: dict[str, dict[str, Any]] = {}
    problems: list[str] = []
    for game in game_ids:
        proven, worst, worst_wall = 0, 0.0, 0.0
        loaded = puzzles.load(game)
        for puzzle in loaded:
            began, wall = time.process_time(), time.perf_counter()
            verdict = puzzle.solver().analyse(puzzle.start())
            worst = max(worst, (time.process_time() - began) * 1000.0)
            worst_wall = max(worst_wall, (time.perf_counter() - wall) * 1000.0)
            counts = (len(verdict.moves), len(verdict.winning))
            if not verdict.forced:
                problems.append(f"{puzzle.id}: the goal is not forced")
            elif counts != (puzzle.moves, puzzle.winning):
                recorded = (puzzle.moves, puzzle.winning)
                problems.append(f"{puzzle.id}: {counts} first moves/winning, the file {recorded}")
            else:
                proven += 1
        report[game] = {
            "puzzles": len(loaded),
            "proven": proven,
            "max_ms": round(worst, 1),
            "max_wall_ms": round(worst_wall, 1),
        }
    return report, problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--find", metavar="GAME", help="find candidates in self-play deals")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--node-limit", type=int, default=150_000)
    parser.add_argument("--write", type=int, default=0, metavar="N", help="keep N puzzles")
    parser.add_argument("--save", type=Path, help="append each candidate to this JSON-lines file")
    parser.add_argument(
        "--from",
        dest="sources",
        type=Path,
        action="append",
        default=[],
        help="with --write: choose from these saved candidates instead of searching",
    )
    parser.add_argument("--verify", action="store_true", help="prove every committed puzzle")
    parser.add_argument("--game", action="append", help="verify only these games")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.find:
        if args.sources:
            found = saved(args.sources)
        else:
            found = find(args.find, args.deals, args.seed, args.node_limit, args.save)
        print(f"{len(found)} candidates")
        if args.write:
            print(write(args.find, choose(found, args.write)))
        return 0
    if not args.verify:
        parser.error("give --find GAME or --verify")
    report, problems = verify(args.game or puzzles.games_with_puzzles())
    if args.json:
        print(json.dumps({"games": report}))
    else:
        for game, row in report.items():
            print(f"{game:10} {row['proven']}/{row['puzzles']} proven, slowest {row['max_ms']} ms")
    for problem in problems:
        print(problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
