"""What the single-winner climbing games share (Run Fast, Dou Dizhu; pure, no pygame).

In both, three seats play combinations or pass until one seat goes out; a play is judged by
the game's ``_judge(cards)`` (its legal meanings now, or why there are none). :class:`ClimbingDeal`
holds the protocol basics that follow from that (rules-api.md) and the checks both engines make
the same way; each game's state class keeps its own rules, views and settlement.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from game.rules import validate
from game.rules.base import Action, Combo, DealResult, GamePhase
from game.rules.cards import Card, format_cards
from game.rules.errors import BadArgumentError, IllegalActionError


def fresh_seed() -> int:
    """A seed for a deal the caller gave none (kept, so the deal can be replayed)."""
    return random.SystemRandom().randrange(1 << 62)


class ClimbingDeal:
    """Protocol basics of a deal that ends when one seat goes out (mixed into a game's state).

    The state sets ``hands``, ``winner``, ``last_play``, ``current_player`` and ``result`` (with
    ``returns()``), and defines ``_judge``; ``GAME`` names the game in refusal messages."""

    SEATS = 3
    GAME = ""
    hands: list[list[Card]]
    winner: int | None
    last_play: Combo | None
    last_seat: int | None
    passes: int
    current_player: int | None
    result: DealResult | None

    @property
    def phase(self) -> GamePhase:
        raise NotImplementedError

    @property
    def is_terminal(self) -> bool:
        return self.winner is not None

    @property
    def hand_counts(self) -> tuple[int, ...]:
        return tuple(len(hand) for hand in self.hands)

    @property
    def leading(self) -> bool:
        """The player to act opens a round: there is no play to beat."""
        return self.last_play is None

    @property
    def finish_order(self) -> tuple[int, ...]:
        """The winner, the only seat that goes out, once the deal is over."""
        return () if self.winner is None else (self.winner,)

    def hand(self, seat: int) -> list[Card]:
        """The cards of ``seat`` (the full state knows every hand)."""
        return list(self.hands[validate.seat(seat, self.SEATS)])

    def returns(self) -> tuple[float, ...]:
        """The finished deal's net points per seat (its result's ``returns``), zeros before."""
        return self.result.returns() if self.result is not None else (0.0,) * self.SEATS

    def __repr__(self) -> str:
        hands = " | ".join(format_cards(h) for h in self.hands)
        return (
            f"<{type(self).__name__} {self.phase} to={self.current_player} "
            f"last={self.last_play} [{hands}]>"
        )

    # -- checking --

    def _judge(
        self, cards: Iterable[Card] | str
    ) -> tuple[Sequence[Combo], IllegalActionError | None]:
        raise NotImplementedError

    def _error(self, message: str, reason: str, **details: object) -> IllegalActionError:
        seat = self.current_player
        return IllegalActionError(f"seat {seat} {message}", reason=reason, seat=seat, **details)

    def _not_held(self, cards: Sequence[Card], text: str) -> IllegalActionError | None:
        """Why the player to act cannot play ``cards`` (shown as ``text``): a card twice or a
        card it does not hold; None when it holds them all."""
        seat = self.current_player
        assert seat is not None  # a play is judged while the deal goes on
        hand = self.hands[seat]
        if len(set(cards)) != len(cards) or any(card not in hand for card in cards):
            return self._error(
                f"cannot play {text!r}: those cards are not all in its hand",
                "not_in_hand",
                cards=text,
            )
        return None

    def explain(self, cards: Iterable[Card] | str) -> IllegalActionError | None:
        """Why the current player cannot play exactly ``cards`` now; None when it can."""
        return self._judge(cards)[1]

    def actions_for(self, cards: Iterable[Card] | str) -> list[Action]:
        """The current player's legal actions using exactly ``cards`` (``[]`` when none)."""
        combos, _ = self._judge(cards)
        return [Action("play", c.cards, c) for c in combos]

    def _place_last(
        self,
        last: Iterable[Card] | str,
        last_seat: object,
        meanings: Callable[[list[Card]], Sequence[Combo]],
    ) -> None:
        """Put ``last`` on the table as ``last_seat``'s play, passed by every seat up to the one
        to act (a position set up in the middle of play, issue 59); ``meanings`` reads the
        cards. BadArgumentError for a play that could not be there: its seat the one to act,
        cards a hand holds, no combination."""
        seat = validate.seat(last_seat, self.SEATS, "last_seat")
        turn = self.current_player
        assert turn is not None  # a position to play
        if seat == turn:
            raise BadArgumentError("the seat to act cannot have made the play it has to beat")
        cards = validate.cards(last, "last")
        held = {card for hand in self.hands for card in hand}
        if any(card in held for card in cards) or len(set(cards)) != len(cards):
            raise BadArgumentError("the play on the table must be of cards no hand holds")
        found = meanings(cards)
        if not found:
            raise BadArgumentError(f"{format_cards(cards)} is not a {self.GAME} play")
        self.last_play, self.last_seat = found[0], seat
        self.passes = (turn - seat - 1) % self.SEATS

    # Any: the game's own combination class, which its state's play takes (not generic here:
    # the states subclass this mix-in without a type argument)
    def _checked_play(self, action: Action) -> Any:
        """The combination a play ``action`` makes (the meaning it names, when it names one),
        or the refusal: not a play, cards it may not play now, or not that combination."""
        if action.kind != "play":
            raise self._error(
                f"cannot {action.kind}: {self.GAME} has only play and pass",
                "unknown_action",
                kind=action.kind,
            )
        combos, error = self._judge(action.cards)
        if error is not None:
            raise error
        wanted = action.combo
        if wanted is not None:
            combos = [c for c in combos if c.kind == wanted.kind and c.rank == wanted.rank]
            if not combos:
                text = format_cards(action.cards)
                raise self._error(
                    f"cannot play {text!r} as {wanted.kind}: they are not that combination",
                    "not_that_combination",
                    cards=text,
                    kind=wanted.kind,
                )
        return combos[0]
