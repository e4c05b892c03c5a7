"""A learned evaluation for Guandan's Normal (issue 31): what a play leaves behind is worth.

After each candidate play the acting seat's position is described by a few numbers
(:func:`features`: the planner's value and play count of the hand left, the cards left, who
holds the round, the partner's and the opponents' counts, bombs and control cards left; since
issue 42 also card counting from the public log and the partner's needs), and small networks
(one hidden layer of ReLU units, ``game.ai.value_net``; :data:`MEMBERS`, their mean) map them to
the levels its team can expect from the deal (G1.2). The heuristic adds that value, times
``GuandanBot.learned_weight``, to its hand-made score, so the learned part settles the
trade-offs its fixed terms judge alike in every position.

The weights are made by ``tools/train_guandan_value.py`` from games Normal plays against itself
on this machine (``value_weights.py``, the latest generation; ``value_weights_v2.py``, the one
before, normal-v2's); the forward pass is plain Python (a few hundred multiply-adds per
candidate, no numpy at run time). The learned ranker (:func:`ranker`) is a second network that
reorders the close best plays (tools/train_guandan_ranker.py). How they were trained and what
they won: docs/ai-notes.md.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from game.ai.value_net import Ensemble, ValueNet, load
from game.rules.cards import RANKS, Card

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
    # the second generation (issue 42): card counting from the public log, the partner's needs
    "bomb_ranks_out",  # ranks with at least four cards unseen (bombs other seats may hold) / 13
    "joker_bomb_out",  # all four jokers unseen
    "flush_suits_out",  # suits with five ranks in a row all unseen (a straight flush may exist) / 4
    "jokers_out",  # unseen jokers / 4
    "level_out",  # unseen cards of the level rank (wild hearts included) / 8
    "aces_out",  # unseen aces / 8
    "stronger_out",  # unseen cards above a single, pair, triple or full house played / 20
    "partner_close",  # the partner is still playing with at most 5 cards
    "partner_leads",  # a pass leaving the round to the partner (it leads if both opponents pass)
    "over_close_partner",  # a play over the partner's round while the partner is close
    "partner_can_follow",  # a lead of no more cards than the partner holds (partner playing)
)

#: "Close to going out" for the partner (as ``bot.PARTNER_CLOSE``).
PARTNER_CLOSE = 5
#: The natural ranks of each straight flush (G5.3: A-2-3-4-5 up to 10-J-Q-K-A), as rank indexes.
_RUNS = tuple(tuple((top - k) % 13 for k in range(5)) for top in range(3, 13))


def unseen_counts(hand: Iterable[Card], played: Iterable[Card]) -> list[int]:
    """Per card index (0..53), how many of the two decks' copies this seat has not seen: not in
    its hand and not played (the public log)."""
    counts = [2] * 54
    for card in hand:
        counts[card.index] -= 1
    for card in played:
        counts[card.index] -= 1
    return counts


def counting(unseen: Sequence[int], level: str) -> tuple[float, ...]:
    """The card-counting inputs of one decision (the same for all its actions), from
    :func:`unseen_counts`: bomb_ranks_out, joker_bomb_out, flush_suits_out, jokers_out,
    level_out, aces_out (:data:`FEATURES`)."""
    per_rank = [sum(unseen[4 * r : 4 * r + 4]) for r in range(13)]
    bomb_ranks = sum(1 for n in per_rank if n >= 4)
    jokers = unseen[52] + unseen[53]
    flush_suits = 0
    for suit in range(4):
        if any(all(unseen[4 * r + suit] for r in run) for run in _RUNS):
            flush_suits += 1
    return (
        bomb_ranks / 13.0,
        float(jokers == 4),
        flush_suits / 4.0,
        jokers / 4.0,
        per_rank[RANKS.index(level)] / 8.0,
        per_rank[12] / 8.0,
    )


def stronger(by_strength: Sequence[int], wilds: int) -> list[int]:
    """Per G4.3 single strength s (0..14), the unseen cards ranked above s (``by_strength``,
    ``wilds``: ``bot.unseen_strengths``; a wild heart counts as a level card)."""
    above = [0] * 15
    total = 0
    for s in range(14, -1, -1):
        above[s] = total
        total += by_strength[s] + (wilds if s == 12 else 0)
    return above


def partner_terms(
    *, partner_left: int, is_pass: bool, over_partner: bool, leading: bool, play_size: int
) -> tuple[float, float, float, float]:
    """The partner's needs: partner_close, partner_leads, over_close_partner,
    partner_can_follow (:data:`FEATURES`); ``partner_left`` is 0 once the partner is out."""
    close = 0 < partner_left <= PARTNER_CLOSE
    return (
        float(close),
        float(is_pass and over_partner),
        float(close and over_partner and not is_pass),
        float(leading and not is_pass and 0 < play_size <= partner_left),
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
    counted: Sequence[float],
    stronger_out: int,
    partner: Sequence[float],
) -> list[float]:
    """The input vector in :data:`FEATURES` order from what the heuristic already computed
    (``counted``: :func:`counting`; ``partner``: :func:`partner_terms`)."""
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
        *counted,
        stronger_out / 20.0,
        *partner,
    ]


#: The networks whose mean is the learned evaluation (issue 42), each with the number of
#: inputs (the first of :data:`FEATURES`) it was made for: normal-v2's (its 24 inputs come first)
#: and the next generation, ``value_weights.py`` (all the inputs, trained on self-play of
#: normal-v2). The new generation alone plays no better than normal-v2's; their mean, with the
#: learned ranker, does (docs/ai-notes.md, issue 42).
MEMBERS: tuple[tuple[str, int], ...] = (
    ("game.games.guandan.value_weights_v2", 24),
    ("game.games.guandan.value_weights", len(FEATURES)),
)
#: The latest generation trained by tools/train_guandan_value.py (all of :data:`FEATURES`).
LATEST = "game.games.guandan.value_weights"

_NET: Ensemble | None = None


def net() -> Ensemble | None:
    """The committed networks' mean (None when a member's weights are missing or stale)."""
    global _NET
    if _NET is None:
        members = [load(module, FEATURES[:size]) for module, size in MEMBERS]
        if all(member is not None for member in members):
            _NET = Ensemble([member for member in members if member is not None])
    return _NET


#: The learned ranker (issue 42): networks (their mean) over :data:`FEATURES` and ``gap`` (the
#: action's score below the decision's best, in levels) that estimate what an action among the
#: close best few is worth beyond its score, trained on the outcomes of each of them played out
#: (tools/train_guandan_ranker.py; ``rerank`` below uses it).
RANKER = "game.games.guandan.ranker_weights"
#: The ranker reorders the RANK_TOP best plays within RANK_WINDOW value units of the best.
RANK_TOP = 3
RANK_WINDOW = 20.0
RANKER_FEATURES = (*FEATURES, "gap")
_RANKER: list[ValueNet | None] = []


def ranker() -> ValueNet | None:
    """The learned ranker's network (None when its weights are missing or stale)."""
    if not _RANKER:
        _RANKER.append(load(RANKER, RANKER_FEATURES))
    return _RANKER[0]


def rerank(
    out: list[float], feats: Sequence[list[float] | None], ranker: ValueNet, weight: float
) -> None:
    """Reorder the best RANK_TOP scores ``out`` within RANK_WINDOW of the best (none when the best
    goes out, 400 or more) by ``ranker`` on their inputs ``feats``: each is raised by ``weight``
    times its estimate above the lowest of them, so the other scores stay below them."""
    order = sorted(range(len(out)), key=lambda i: -out[i])
    best = out[order[0]]
    if best >= 400.0:
        return
    top = [i for i in order[:RANK_TOP] if out[i] >= best - RANK_WINDOW and feats[i] is not None]
    if len(top) < 2:
        return
    estimates = [ranker([*(feats[i] or ()), (out[i] - best) / 40.0]) for i in top]
    low = min(estimates)
    for i, estimate in zip(top, estimates, strict=True):
        out[i] += weight * (estimate - low)
