"""Scoring a finished Shengji deal (S5, VS4.8): the attackers' points in their tricks, the
kitty's points multiplied when they win the last trick (VS4.7), a failed throw's cards
counted against the team that took them back, and what the total means: who climbs, by how
many levels, and who deals next."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.games.shengji.rules.plays import deal_outcome
from game.games.shengji.rules.records import DealResult
from game.games.shengji.rules.trump import points_of
from game.rules.cards import Card


@dataclass(frozen=True, slots=True)
class Played:
    """How the play went: the deal's ``level``, its trump suit, the ``dealer``, each team's
    points in the tricks it won and the cards each team took back from failed throws."""

    level: str
    trump_suit: str | None
    dealer: int
    team_points: Sequence[int]
    taken_back: Sequence[int]


def score_deal(
    played: Played, kitty: tuple[Card, ...], last_winner: int, multiplier: int
) -> DealResult:
    """The deal's result (see the module docstring): the ``kitty`` counts ``multiplier``
    times for the attackers when ``last_winner`` is one of them."""
    dealer = played.dealer
    attackers = (dealer + 1) % 2
    trick_points = played.team_points[attackers]
    kitty_points = points_of(kitty)
    bonus = kitty_points * multiplier if last_winner % 2 == attackers else 0
    # VS4.8: 10 points per card a team took back from a failed throw, against it
    penalty = 10 * (played.taken_back[dealer % 2] - played.taken_back[attackers])
    total = max(0, trick_points + bonus + penalty)
    outcome, gained = deal_outcome(total)
    if outcome == "defenders":
        team, next_dealer = dealer % 2, (dealer + 2) % 4
    else:
        team, next_dealer = attackers, (dealer + 1) % 4
    return DealResult(
        level=played.level,
        trump_suit=played.trump_suit,
        dealer=dealer,
        attackers=attackers,
        trick_points=trick_points,
        defender_points=played.team_points[dealer % 2] + kitty_points,
        kitty=kitty,
        kitty_points=kitty_points,
        kitty_multiplier=multiplier,
        kitty_bonus=bonus,
        attacker_points=total,
        last_trick_winner=last_winner,
        outcome=outcome,
        winning_team=team,
        levels_gained=gained,
        next_dealer=next_dealer,
        throw_penalty=penalty,
    )
