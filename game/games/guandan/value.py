"""A learned evaluation for Guandan's Normal (issue 31): what a play leaves behind is worth.

After each candidate play the acting seat's position is described by a few numbers
(:func:`features`: the planner's value and play count of the hand left, the cards left, who
holds the round, the partner's and the opponents' counts, bombs and control cards left…), and
a small network (one hidden layer of ReLU units, ``game.ai.value_net.ValueNet``) maps them to the levels
its team can expect from the deal (G1.2). The heuristic adds that value, times
``GuandanBot.LEARNED_WEIGHT``, to its hand-made score, so the learned part settles the trade-offs
its fixed terms judge alike in every position.

The weights (``guandan_value_weights.py``) are made by ``tools/train_guandan_value.py`` from
games Normal plays against itself on this machine; the forward pass is plain Python (a few
hundred multiply-adds per candidate, no numpy at run time). How it was trained and what it won:
docs/ai-notes.md.
"""

from __future__ import annotations

from game.ai.value_net import ValueNet, load

#: The inputs, in order (the training script and the weights file use the same names).
FEATURES = (
    "plays_after",  # plays the planner needs for the hand left
    "value_after",  # the planner's value of the hand left (value units / 100)
    "cards_after",  # cards left / 27
    "plays_before",  # plays the hand needed before this action
    "is_pass",
    "is_bomb",
    "leading",  # this action leads a new round
    "over_partner",  # the round is the partner's (pass or overtake)
    "over_opponent",  # the round is an opponent's (pass or beat)
    "play_strength",  # main rank's single strength / 14 (0 for a pass)
    "play_size",  # cards in the play / 10
    "partner_left",  # partner's cards / 27 (0 once out)
    "partner_out",
    "danger_min",  # fewest cards a live opponent holds / 27
    "danger_max",  # most cards a live opponent holds / 27
    "opponents_out",  # opponents already out (0..2) / 2
    "danger_close",  # a live opponent holds at most 6 cards
    "last_play",  # the hand left is a single play
    "boss",  # no unseen group of the play's shape beats it without a bomb
    "size_match",  # a live opponent holds exactly as many cards as this play (size <= 3)
    "bombs_after",  # bombs kept (four of a kind or more, the four jokers) / 4
    "control_after",  # cards of strength A and above kept (aces, level cards, jokers) / 10
    "wilds_after",  # the level's wild hearts kept / 2
    "holder_left",  # cards of the seat holding the round after a pass / 27 (0 otherwise)
)


def features(
    *,
    plays_after: int,
    value_after: float,
    cards_after: int,
    plays_before: int,
    is_pass: bool,
    is_bomb: bool,
    leading: bool,
    over_partner: bool,
    over_opponent: bool,
    play_strength: float,
    play_size: int,
    partner_left: int,
    danger_min: int,
    danger_max: int,
    opponents_out: int,
    boss: bool,
    size_match: bool,
    bombs_after: int,
    control_after: int,
    wilds_after: int,
    holder_left: int,
) -> list[float]:
    """The input vector in :data:`FEATURES` order from what the heuristic already computed."""
    live_min = danger_min if danger_min < 99 else 27
    return [
        plays_after / 10.0,
        value_after / 100.0,
        cards_after / 27.0,
        plays_before / 10.0,
        float(is_pass),
        float(is_bomb),
        float(leading),
        float(over_partner),
        float(over_opponent),
        play_strength / 14.0,
        play_size / 10.0,
        partner_left / 27.0,
        float(partner_left == 0),
        live_min / 27.0,
        (danger_max if danger_max > 0 else 0) / 27.0,
        opponents_out / 2.0,
        float(live_min <= 6),
        float(plays_after == 1),
        float(boss),
        float(size_match),
        bombs_after / 4.0,
        control_after / 10.0,
        wilds_after / 2.0,
        holder_left / 27.0,
    ]


_NET: ValueNet | None = None


def net() -> ValueNet | None:
    """The committed network (None when no weights were made yet)."""
    global _NET
    if _NET is None:
        _NET = load("game.games.guandan.value_weights", FEATURES)
    return _NET
