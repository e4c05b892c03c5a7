"""Why a Shengji action is refused (S2.3 declaring, S2.7 burying, S4.2-S4.4 leading and
following): the checks of :class:`game.games.shengji.rules.deal.ShengjiState`, kept apart from its
state machine. Each returns the :class:`IllegalActionError` to raise, or None when legal."""

from __future__ import annotations

from game.games.shengji.rules.plays import (
    contains_cards,
    declaration_strength,
    follow_problem,
    format_of,
    throws_on,
)
from game.games.shengji.rules.records import Declaration, Phase
from game.games.shengji.rules.trump import Trump
from game.rules.base import Action
from game.rules.cards import Card, format_cards
from game.rules.errors import IllegalActionError
from game.rules.options import Options

#: Every ``IllegalActionError.reason`` this engine raises (the package's docstring).
REASONS: tuple[str, ...] = (
    "deal_over",
    "wrong_phase",
    "not_in_hand",
    "empty_play",
    "not_a_declaration",
    "declaration_too_weak",
    "bury_count",
    "lead_mixed_suits",
    "not_a_lead",
    "wrong_count",
    "must_follow_suit",
    "must_play_all_suit",
    "must_play_pairs",
    "must_play_tractor",
    "deal_not_over",
    "match_over",
)

#: The deal's sizes (S2.1, S2.7, S5.1): cards in a hand and in the kitty, points in the packs.
HAND_SIZE = 25
KITTY_SIZE = 8
TOTAL_POINTS = 200


def _suit_name(suit: str) -> str:
    return {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}.get(suit, "trumps")


class ActionChecks:
    """The refusals of a deal state (a part of ``ShengjiState``: its phase, turn, hands,
    standing declaration, trick, trump, options and ``_error``)."""

    # What the checks read of the deal (set by ShengjiState).
    phase: Phase
    _turn: int | None
    level: str
    hands: list[dict[Card, int]]
    standing: Declaration | None
    trump: Trump | None
    trick: list[tuple[int, tuple[Card, ...]]]
    options: Options

    def _error(self, code: str, message: str, **details: object) -> IllegalActionError:
        seat = self._turn
        return IllegalActionError(
            f"seat {seat} cannot {message}", reason=code, player=seat, **details
        )

    def _problem(self, action: Action) -> IllegalActionError | None:
        """Why ``action`` is illegal now, or None."""
        kind = action.kind
        cards = list(action.cards)
        if self.phase == "over":
            return IllegalActionError(f"no one can {kind}: the deal is over", reason="deal_over")
        if self.phase == "declare":
            return self._declare_problem(kind, cards)
        if self.phase == "bury":
            return self._bury_problem(kind, cards)
        return self._play_problem(kind, cards)

    def _declare_problem(self, kind: str, cards: list[Card]) -> IllegalActionError | None:
        """Why a pass or a declaration is illegal now (S2.3), or None."""
        seat = self._turn
        assert seat is not None  # _problem answered a finished deal
        if kind == "pass":
            return (
                None
                if not cards
                else self._error(
                    "wrong_phase", f"pass with cards {format_cards(cards)!r}", action=kind
                )
            )
        if kind != "declare":
            return self._error(
                "wrong_phase", f"{kind} while trumps are being declared", action=kind
            )
        text = format_cards(cards)
        strength = declaration_strength(cards, self.level)
        if strength == 0:
            return self._error(
                "not_a_declaration",
                f"declare {text!r}: it is not a level-{self.level} card, a pair of them "
                f"or a pair of jokers",
                cards=text,
                level=self.level,
            )
        if not contains_cards(self.hands[seat], cards):
            return self._error("not_in_hand", f"declare {text!r}: not in hand", cards=text)
        if self.standing is not None and strength <= self.standing.strength:
            standing = format_cards(self.standing.cards)
            return self._error(
                "declaration_too_weak",
                f"declare {text!r}: it is not stronger than {standing!r}",
                cards=text,
                standing=standing,
            )
        return None

    def _bury_problem(self, kind: str, cards: list[Card]) -> IllegalActionError | None:
        """Why a bury is illegal now (S2.7), or None."""
        seat = self._turn
        assert seat is not None  # _problem answered a finished deal
        if kind != "bury":
            return self._error("wrong_phase", f"{kind} before burying the kitty", action=kind)
        text = format_cards(cards)
        if len(cards) != KITTY_SIZE:
            return self._error(
                "bury_count",
                f"bury {len(cards)} cards: exactly {KITTY_SIZE} must be buried",
                count=KITTY_SIZE,
                chosen=len(cards),
            )
        if not contains_cards(self.hands[seat], cards):
            return self._error("not_in_hand", f"bury {text!r}: not in hand", cards=text)
        return None

    def _play_problem(self, kind: str, cards: list[Card]) -> IllegalActionError | None:
        """Why a lead or a follow is illegal now (S4.2-S4.4), or None."""
        seat = self._turn
        assert seat is not None  # _problem answered a finished deal
        if kind != "play":
            return self._error("wrong_phase", f"{kind} during the play of tricks", action=kind)
        if not cards:
            return self._error("empty_play", "play no cards")
        hand = self.hands[seat]
        trump = self.trump
        assert trump is not None
        if not self.trick:
            return self._lead_problem(cards, hand, trump)
        lead_cards = list(self.trick[0][1])
        problem = follow_problem(hand, lead_cards, cards, trump, self.options)
        if problem is None:
            return None
        code, details = problem
        text = format_cards(cards)
        lead_text = format_cards(lead_cards)
        suit = details.get("suit", "")
        messages = {
            "wrong_count": f"play {text!r}: {len(lead_cards)} cards must follow {lead_text!r}",
            "not_in_hand": f"play {text!r}: not in hand",
            "must_follow_suit": f"play {text!r}: it holds enough {_suit_name(suit)} and must "
            f"follow {lead_text!r} with them",
            "must_play_all_suit": f"play {text!r}: it must play all its {_suit_name(suit)} "
            f"to {lead_text!r}",
            "must_play_pairs": f"play {text!r}: it must play {details.get('pairs')} "
            f"{'pair' if details.get('pairs') == 1 else 'pairs'} of {_suit_name(suit)} "
            f"to {lead_text!r}",
            "must_play_tractor": f"play {text!r}: it must play a tractor to {lead_text!r}",
        }
        return self._error(code, messages[code], cards=text, lead=lead_text, **details)

    def _lead_problem(
        self, cards: list[Card], hand: dict[Card, int], trump: Trump
    ) -> IllegalActionError | None:
        """Why ``cards`` are not a legal lead from ``hand`` (S4.2, S4.3, VS4.1), or None."""
        throws = throws_on(self.options)  # VS4.1: any one-suit set is a lead
        if contains_cards(hand, cards) and format_of(cards, trump, throws) is not None:
            return None
        text = format_cards(cards)
        if not contains_cards(hand, cards):
            return self._error("not_in_hand", f"play {text!r}: not in hand", cards=text)
        if format_of(cards, trump, throws) is None:
            suits = {trump.effective_suits[c.index] for c in cards}
            if len(suits) > 1:
                return self._error(
                    "lead_mixed_suits",
                    f"lead {text!r}: a lead must be in one suit (trumps count as one)",
                    cards=text,
                )
            return self._error(
                "not_a_lead",
                f"lead {text!r}: a lead is a single, a pair or a tractor",
                cards=text,
            )
        return None
