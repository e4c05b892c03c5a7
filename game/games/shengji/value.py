"""A learned evaluation for Shengji's Normal (issue 42): what a play leaves behind is worth.

After each candidate lead or follow the acting seat's position is described by a few numbers
(:class:`Inputs`: trumps and points it keeps, the trumps still out, the voids the partner and the
opponents have shown in the log, the kitty's value, the points on the table and who holds the
trick…), and a small network (``game.ai.value_net.ValueNet``) maps them to the outcome its team
can expect (``game.games.shengji.search.outcome``: ±0.5 for the deal, the levels (S5.3) and a
quarter of the points margin). The heuristic adds that value, times ``ShengjiBot.LEARNED_WEIGHT``,
to its play scores, and judges a burial by the best first lead it leaves (``ShengjiBot._leaves``);
declaring is not judged.

The weights (``value_weights.py``) are made by ``tools/train_shengji_value.py`` from games
Normal plays against itself; how it was trained and what it won: docs/ai-notes.md.
"""

from __future__ import annotations

from collections import Counter

from game.ai.value_net import ValueNet, load
from game.games.shengji.rules import TRUMP, ShengjiView, points_of, trick_winner
from game.rules.base import Action
from game.rules.cards import double_pack

_PACK = Counter(double_pack())
#: Points a kitty not yet seen is assumed to hold (as the heuristic's KITTY_GUESS).
KITTY_GUESS = 10.0

#: The inputs, in order (the training script and the weights file use the same names).
FEATURES = (
    "leading",  # this play leads the trick
    "size",  # cards in the play / 4
    "play_points",  # points in the play / 20
    "table_points",  # points in the trick with this play / 40
    "team_winning",  # the seat's team holds the trick after this play
    "self_winning",  # the seat itself holds it
    "later_opponents",  # opponents still to play in this trick / 2
    "partner_later",  # the partner still plays in this trick
    "ruff",  # trumps played on a side-suit lead
    "trumps_after",  # trumps kept / 12
    "high_trumps_after",  # jokers and level cards kept / 6
    "trumps_out",  # trumps neither held nor played / 24
    "points_after",  # points kept in the hand / 50
    "aces_after",  # side-suit aces kept / 4
    "pairs_after",  # pairs kept / 6
    "voids_after",  # side suits the seat holds none of / 3
    "partner_voids",  # side suits the partner has shown void / 3
    "partner_trumpless",  # the partner has shown it holds no trump
    "opponent_voids",  # side suits the opponents have shown void / 6
    "opponents_trumpless",  # opponents shown without trumps / 2
    "attacking",  # the seat's team attacks (S1.2)
    "attacker_points",  # the attackers' points so far / 100
    "kitty_points",  # the kitty's points (known to the dealer after burying, else a guess) / 25
    "cards_left",  # cards left in the hand after this play / 25
    "last_trick",  # this trick is the last (the kitty bonus is at stake)
)


class Inputs:
    """The inputs shared by one decision's actions; :meth:`of` gives an action's vector."""

    def __init__(self, view: ShengjiView) -> None:
        trump = view.trump
        assert trump is not None  # known from the bury on (S2.6)
        self.view, self.trump = view, trump
        seat = view.seat
        self.team = seat % 2
        unseen = Counter(_PACK)
        unseen.subtract(view.hand)
        unseen.subtract(view.played_cards())
        if view.kitty is not None:
            unseen.subtract(view.kitty)
        self.trumps_out = sum(n for c, n in unseen.items() if n > 0 and trump.is_trump(c))
        partner = (seat + 2) % 4
        opponents = ((seat + 1) % 4, (seat + 3) % 4)
        self.partner_voids = sum(1 for s in view.voids[partner] if s != TRUMP)
        self.partner_trumpless = TRUMP in view.voids[partner]
        self.opponent_voids = sum(1 for o in opponents for s in view.voids[o] if s != TRUMP)
        self.opponents_trumpless = sum(1 for o in opponents if TRUMP in view.voids[o])
        self.attacking = view.attackers == self.team
        self.kitty = float(points_of(view.kitty)) if view.kitty is not None else KITTY_GUESS
        trick = list(view.trick)
        self.plays = [list(p) for _, p in trick]
        self.trick_seats = [s for s, _ in trick]
        first = trick[0][0] if trick else seat
        order = [(first + k) % 4 for k in range(4)]
        later = order[len(trick) + 1 :]
        self.later_opponents = sum(1 for s in later if s % 2 != self.team)
        self.partner_later = any(s % 2 == self.team for s in later)
        self.table = sum(points_of(p) for p in self.plays)
        self.led_trump = bool(trick) and trump.is_trump(trick[0][1][0])
        self.side_suits = {trump.effective_suit(c) for c in _PACK if not trump.is_trump(c)}

    def of(self, action: Action) -> list[float]:
        """The input vector of a lead or follow ``action``."""
        view, trump, cards = self.view, self.trump, list(action.cards)
        rest = Counter(view.hand)
        rest.subtract(cards)
        kept = list(rest.elements())
        winner = trick_winner([*self.plays, cards], trump, view.options)
        winner_seat = view.seat if winner == len(self.plays) else self.trick_seats[winner]
        kept_suits = {trump.effective_suit(c) for c in kept}
        return [
            float(not self.plays),
            len(cards) / 4.0,
            points_of(cards) / 20.0,
            (self.table + points_of(cards)) / 40.0,
            float(winner_seat % 2 == self.team),
            float(winner_seat == view.seat),
            self.later_opponents / 2.0,
            float(self.partner_later),
            float(bool(self.plays) and not self.led_trump and trump.is_trump(cards[0])),
            sum(1 for c in kept if trump.is_trump(c)) / 12.0,
            sum(1 for c in kept if trump.is_trump(c) and trump.step(c) >= 12) / 6.0,
            self.trumps_out / 24.0,
            points_of(kept) / 50.0,
            sum(1 for c in kept if c.rank == "A" and not trump.is_trump(c)) / 4.0,
            sum(1 for n in rest.values() if n >= 2) / 6.0,
            len(self.side_suits - kept_suits) / 3.0,
            self.partner_voids / 3.0,
            float(self.partner_trumpless),
            self.opponent_voids / 6.0,
            self.opponents_trumpless / 2.0,
            float(self.attacking),
            view.attacker_points / 100.0,
            self.kitty / 25.0,
            len(kept) / 25.0,
            float(len(kept) == 0),
        ]


_NET: ValueNet | None = None


def net() -> ValueNet | None:
    """The committed network (None when no weights were made yet, or stale ones)."""
    global _NET
    if _NET is None:
        _NET = load("game.games.shengji.value_weights", FEATURES)
    return _NET
