"""Kill -9 a process while it records finished deals, again and again, and count what is lost.

Each round starts a worker (``--worker``) that records deals into the history database of a
folder (through ``game.history.db.record_deal``: the write the history's writer thread makes
for each deal the table hands it) and prints each deal's number once the call has returned,
that is once the deal counts as finished and kept. The round
kills the worker with SIGKILL after a random moment. At the end the database is opened as at
the next start (which also writes the pending file) and every deal reported kept must be there,
once. With ``--locked P`` a share P of the rounds run while another process holds the
database's write lock, so their deals go through the pending file beside it (and the kill may
land while that file is being written). Issue 45.

    python tools/kill_loop.py --rounds 200 --seed 1 [--locked 0.3] [--json]

Prints rounds, deals reported, deals present, lost (must be 0), doubled (must be 0).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def worker(folder: Path, start: int) -> None:
    """Record deals ``start``, ``start + 1`` … until killed, printing each one kept."""
    sys.path.insert(0, str(ROOT))
    from game.history import db, schema
    from game.table.summary import DealRow

    path = folder / db.FILENAME
    db.db_path = lambda: path
    schema.BUSY_TIMEOUT_S, db.RETRY_DELAYS_S = 0.02, (0.01,)  # a held lock: pending at once
    # Go on after the last deal kept (one may have been written just before the last kill).
    query = "SELECT MAX(deal_index) AS n FROM deals WHERE match_key = 'kill-loop'"
    last = db.guarded(lambda database: database._query(query)[0]["n"])
    index = max(start, -1 if last is None else last + 1)
    while True:
        row = DealRow(
            preset="runfast",
            seed=1,
            match_key="kill-loop",
            deal_index=index,
            actions=[{"seat": 0, "kind": "pass"}] * 20,
            ai_level="normal",
            ai_levels=["human", "normal", "normal"],
            human_seat=0,
            returns=[1.0, -0.5, -0.5],
            won=True,
            finished_at=1_000_000.0 + index,
        )
        db.record_deal(row)
        print(index, flush=True)
        index += 1


def present(path: Path) -> list[int]:
    """The deal numbers in the database at ``path`` after a start (pending deals written)."""
    sys.path.insert(0, str(ROOT))
    from game.history import db, pending

    pending.reset()
    database = db.open_database(path)
    database.close()
    connection = sqlite3.connect(path)
    try:
        rows = connection.execute("SELECT deal_index FROM deals WHERE match_key = 'kill-loop'")
        return sorted(r[0] for r in rows)
    finally:
        connection.close()


LOCKER = """
import sqlite3, sys
connection = sqlite3.connect(sys.argv[1], isolation_level=None, timeout=10)
connection.execute("BEGIN IMMEDIATE")
print("locked", flush=True)
sys.stdin.readline()
connection.execute("ROLLBACK")
"""


def run(
    folder: Path, rounds: int, seed: int, max_wait_s: float = 0.4, locked: float = 0.0
) -> dict[str, int]:
    """Kill ``rounds`` workers at random moments; the counts of the module docstring."""
    rng = random.Random(seed)
    reported: list[int] = []
    next_index = 0
    locked_rounds = 0
    for _ in range(rounds):
        holder = None
        if rng.random() < locked and (folder / "history.sqlite3").exists():
            holder = subprocess.Popen(
                [sys.executable, "-c", LOCKER, str(folder / "history.sqlite3")],
                stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
            )  # fmt: skip
            assert holder.stdout is not None  # a pipe, asked for above
            holder.stdout.readline()
            locked_rounds += 1
        process = subprocess.Popen(
            [sys.executable, __file__, "--worker", str(folder), str(next_index)],
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            cwd=ROOT,
        )
        first = process.stdout.readline() if process.stdout else ""  # recording from here
        time.sleep(rng.uniform(0.0, max_wait_s))
        os.kill(process.pid, signal.SIGKILL)
        out, _ = process.communicate()
        out = first + out
        numbers = [int(line) for line in out.split() if line.strip().isdigit()]
        reported.extend(numbers)
        next_index = max([next_index - 1, *numbers]) + 1
        if holder is not None:
            holder.communicate("\n")
    found = present(folder / "history.sqlite3")
    kept = set(found)
    return {
        "rounds": rounds,
        "locked_rounds": locked_rounds,
        "reported": len(reported),
        "present": len(found),
        "lost": sum(1 for number in reported if number not in kept),
        "doubled": len(found) - len(kept),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--locked", type=float, default=0.0, help="share of rounds under a lock")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--worker", nargs=2, metavar=("FOLDER", "START"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        worker(Path(args.worker[0]), int(args.worker[1]))
        return 0
    with tempfile.TemporaryDirectory(prefix="cardavia-kill-") as folder:
        result = run(Path(folder), args.rounds, args.seed, locked=args.locked)
    if args.json:
        print(json.dumps(result))
    else:
        for key, value in result.items():
            print(f"{key:>9}: {value}")
    return 0 if result["lost"] == 0 and result["doubled"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
