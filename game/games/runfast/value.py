"""A learned evaluation for Run Fast's Normal (issue 42): what a play leaves behind is worth.

After each candidate play (or pass) the acting seat's position is described by a few numbers
(:func:`features`: the hand plan's turns and cost, control cards, the must-beat pressure of the
next seat's card count, the settlement at stake on either side, the cards still out from the
public log…), and a small network (``game.ai.value_net.ValueNet``) maps them to the points the
seat can expect from the deal (R5). The heuristic adds that value, times
``RunFastBot.LEARNED_WEIGHT``, to its plan score. An action that goes out needs no judge.

The weights (``value_weights.py``) are made by ``tools/train_runfast_value.py`` from games
Normal plays against itself; how it was trained and what it won: docs/ai-notes.md.
"""

from __future__ import annotations

from game.ai.value_net import ValueNet, load

#: The inputs, in order (the training script and the weights file use the same names).
FEATURES = (
    "plays_after",  # plays the plan needs for the hand left / 8
    "cost_after",  # the plan's cost of the hand left / 8
    "cards_after",  # cards left / 16
    "shed",  # cards in this play / 16
    "is_pass",
    "is_bomb",
    "leading",  # this play leads a round
    "play_value",  # the play's rank value / 12 (0 for a pass)
    "beat_next",  # the next seat may answer it with an ordinary play (R3.3)
    "beat_after",  # the seat after may
    "next_cards",  # the next seat's cards / 16
    "after_cards",  # the other opponent's cards / 16
    "next_close",  # the next seat holds at most 3 cards
    "next_match",  # the next seat may answer it and go out with that answer
    "after_close",
    "my_stake",  # what this seat would pay if another went out now (R5.1, R5.2) / 40
    "their_stake",  # what the opponents would pay if this seat went out now (R5.1) / 40
    "spade_two",  # this seat keeps the 2 of spades
    "bombs_after",  # bombs kept / 2
    "control_after",  # aces and the 2 kept / 4
    "unseen_control",  # aces and the 2 still out / 4
    "unseen_bombs",  # ranks whose four cards (three aces) are all still out / 3
    "bomb_risk",  # the heuristic's chance that an opponent holds a bomb
    "low_singles",  # singles of rank 9 and below in the plan of the hand left / 4
    "boss",  # no unseen ordinary play beats it
    "never_played",  # this seat had played no card before this action (R5.1 doubles)
    "last_play",  # the hand left is a single play of the plan
)


def features(
    *,
    plays_after: int,
    cost_after: float,
    cards_after: int,
    shed: int,
    is_pass: bool,
    is_bomb: bool,
    leading: bool,
    play_value: int,
    beat_next: bool,
    beat_after: bool,
    next_cards: int,
    after_cards: int,
    my_stake: int,
    their_stake: int,
    spade_two: bool,
    bombs_after: int,
    control_after: int,
    unseen_control: int,
    unseen_bombs: int,
    bomb_risk: float,
    low_singles: int,
    boss: bool,
    never_played: bool,
) -> list[float]:
    """The input vector in :data:`FEATURES` order from what the heuristic already computed."""
    return [
        plays_after / 8.0,
        cost_after / 8.0,
        cards_after / 16.0,
        shed / 16.0,
        float(is_pass),
        float(is_bomb),
        float(leading),
        play_value / 12.0,
        float(beat_next),
        float(beat_after),
        next_cards / 16.0,
        after_cards / 16.0,
        float(next_cards <= 3),
        float(beat_next and shed == next_cards),
        float(after_cards <= 3),
        my_stake / 40.0,
        their_stake / 40.0,
        float(spade_two),
        bombs_after / 2.0,
        control_after / 4.0,
        unseen_control / 4.0,
        unseen_bombs / 3.0,
        bomb_risk,
        low_singles / 4.0,
        float(boss),
        float(never_played),
        float(plays_after == 1),
    ]


_NET: ValueNet | None = None


def net() -> ValueNet | None:
    """The committed network (None when no weights were made yet, or stale ones)."""
    global _NET
    if _NET is None:
        _NET = load("game.games.runfast.value_weights", FEATURES)
    return _NET
