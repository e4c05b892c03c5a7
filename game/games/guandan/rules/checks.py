"""Why a Guandan action is refused (G3.5 returning, G4 playing and passing): the checks of
:class:`game.games.guandan.rules.deal.State`, kept apart from its state machine."""

from __future__ import annotations

from collections.abc import Sequence

from game.games.guandan.rules.combos import (
    CARD_BY_INDEX,
    Combo,
    Level,
    describe,
    interpretations,
)
from game.games.guandan.rules.options import RETURN_EXCLUDES_LEVEL
from game.games.guandan.rules.records import Phase
from game.games.guandan.rules.tribute import return_options
from game.rules import validate
from game.rules.base import Action
from game.rules.cards import Card, format_cards
from game.rules.errors import IllegalActionError
from game.rules.options import Options

PASS = Action("pass")


def expand_counts(counts: Sequence[int]) -> list[Card]:
    cards: list[Card] = []
    for index, n in enumerate(counts):
        if n:
            cards.extend([CARD_BY_INDEX[index]] * n)
    return cards


def _illegal(message: str, reason: str, **details: object) -> IllegalActionError:
    return IllegalActionError(message, reason=reason, **details)


class ActionChecks:
    """The refusals of a deal state (a part of ``State``: its phase, turn, hands, level, last
    play and options)."""

    __slots__ = ()

    # What the checks read of the deal (set by State).
    phase: Phase
    _current: int | None
    hands: list[list[int]]
    level: Level
    last_play: Combo | None
    options: Options

    def _candidates(self, cards: list[Card]) -> list[Action]:
        """Legal actions for exactly ``cards``; raises IllegalActionError saying why not."""
        seat = self._current
        if self.phase == "over" or seat is None:
            raise _illegal("the deal is over: nobody may act", "deal_over")
        if self.phase == "return":
            return [self._check_return(seat, cards)]
        if not cards:
            if self.last_play is None:
                raise _illegal(
                    f"seat {seat} cannot pass: the leader must play", "must_lead", seat=seat
                )
            return [PASS]
        return [Action("play", combo.cards, combo) for combo in self._meanings(seat, cards)]

    def _meanings(self, seat: int, cards: list[Card]) -> list[Combo]:
        text = format_cards(cards)
        hand = self.hands[seat]
        need: dict[int, int] = {}
        for card in cards:
            need[card.index] = need.get(card.index, 0) + 1
        if any(n > hand[i] for i, n in need.items()):
            raise _illegal(
                f"seat {seat} cannot play '{text}': not all of these cards are in its hand",
                "not_in_hand",
                seat=seat,
                cards=text,
            )
        meanings = interpretations(cards, self.level, self.options)
        if not meanings:
            raise _illegal(
                f"seat {seat} cannot play '{text}': these cards form no combination",
                "no_combination",
                seat=seat,
                cards=text,
            )
        last = self.last_play
        if last is None:
            return meanings
        legal = [combo for combo in meanings if self.level.beats(combo, last)]
        if not legal:
            raise _illegal(
                f"seat {seat} cannot play '{text}': it does not beat the {describe(last)} "
                f"('{format_cards(last.cards)}')",
                "does_not_beat",
                seat=seat,
                cards=text,
                last=format_cards(last.cards),
                kind=last.kind,
                rank=last.rank or "",
            )
        return legal

    def _check_return(self, seat: int, cards: list[Card]) -> Action:
        text = format_cards(cards)
        if len(cards) != 1:
            raise _illegal(
                f"seat {seat} cannot return '{text}': a return is exactly one card",
                "return_one_card",
                seat=seat,
                cards=text,
            )
        card = cards[0]
        hand = expand_counts(self.hands[seat])
        if card not in hand:
            raise _illegal(
                f"seat {seat} cannot return '{text}': it does not hold that card",
                "not_in_hand",
                seat=seat,
                cards=text,
            )
        if card not in return_options(hand, self.level, self.options):
            no_level = self.options[RETURN_EXCLUDES_LEVEL]
            raise _illegal(
                f"seat {seat} cannot return '{text}': the return must be a non-wild 2..10 "
                + ("not of the level rank " if no_level else "")
                + "(or the weakest card when it holds none)",
                "bad_return_no_level" if no_level else "bad_return",
                seat=seat,
                cards=text,
            )
        return Action("return", (card,))

    def _check(self, action: Action) -> Action:
        """The normalized legal form of ``action`` (combo filled in); raises when illegal."""
        validate.action(action, Combo)
        seat = self._current
        if self.phase == "over" or seat is None:
            raise _illegal(f"nobody may {action.kind}: the deal is over", "deal_over")
        kind = action.kind
        if self.phase == "return":
            if kind != "return":
                raise _illegal(
                    f"seat {seat} cannot {kind} now: it must first return a card",
                    "wrong_phase",
                    seat=seat,
                    phase=self.phase,
                )
            return self._check_return(seat, list(action.cards))
        if kind == "pass":
            if action.cards:
                raise _illegal(f"seat {seat}: a pass uses no cards", "bad_action", seat=seat)
            if self.last_play is None:
                raise _illegal(
                    f"seat {seat} cannot pass: the leader must play", "must_lead", seat=seat
                )
            return PASS
        if kind != "play":
            raise _illegal(
                f"seat {seat} cannot {kind} in the {self.phase} phase", "wrong_phase",
                seat=seat, phase=self.phase,
            )  # fmt: skip
        cards = list(action.cards)
        if not cards:
            raise _illegal(
                f"seat {seat} cannot play no cards (pass instead)", "bad_action", seat=seat
            )
        legal = self._meanings(seat, cards)
        text = format_cards(cards)
        if action.combo is None:
            if len(legal) > 1:
                raise _illegal(
                    f"seat {seat} must say which meaning of '{text}' it plays: "
                    + ", ".join(describe(combo) for combo in legal),
                    "ambiguous",
                    seat=seat,
                    cards=text,
                )
            chosen = legal[0]
        else:
            asked = action.combo
            assert isinstance(asked, Combo)  # validate.action refused any other combo
            matching = [combo for combo in legal if combo.meaning == asked.meaning]
            if not matching:
                raise _illegal(
                    f"seat {seat} cannot play '{text}' as {describe(asked)}: "
                    "the cards do not make that legal combination",
                    "not_that_meaning",
                    seat=seat,
                    cards=text,
                    kind=asked.kind,
                    rank=asked.rank or "",
                )
            chosen = matching[0]
        return Action("play", chosen.cards, chosen)
