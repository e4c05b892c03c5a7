"""The legal actions a Shengji deal lists (S2.3 declarations, S2.7 buries, S4.1 leads, S4.2-S4.4
follows): the listing of :class:`game.games.shengji.rules.deal.ShengjiState`, kept apart from
its state machine."""

from __future__ import annotations

from game.games.shengji.rules.checks import KITTY_SIZE
from game.games.shengji.rules.follows import follow_plays
from game.games.shengji.rules.plays import contains_cards, throws_on
from game.games.shengji.rules.records import Declaration, Phase
from game.games.shengji.rules.throws import split, throw_format
from game.games.shengji.rules.trump import (
    BLACK_JOKER,
    CARD_POINTS,
    RED_JOKER,
    TRUMP,
    Format,
    Trump,
    canon_cards,
    card_points,
    count_cards,
    expand_counts,
)
from game.rules.base import Action
from game.rules.cards import SUITS, Card
from game.rules.options import Options


class ActionLists:
    """The legal-action lists of a deal state (a part of ``ShengjiState``: its phase, turn,
    hands, level, standing declaration, trump, dealt kitty, trick and lead)."""

    # What the lists read of the deal (set by ShengjiState).
    phase: Phase
    _turn: int | None
    level: str
    hands: list[dict[Card, int]]
    standing: Declaration | None
    trump: Trump | None
    dealt_kitty: tuple[Card, ...]
    trick: list[tuple[int, tuple[Card, ...]]]
    lead: Format | None
    options: Options

    def _list_actions(self) -> list[Action]:
        if self.phase == "declare":
            return self._declare_actions()
        if self.phase == "bury":
            return self._bury_actions()
        if self.phase == "play":
            seat, trump = self._turn, self.trump
            assert seat is not None and trump is not None  # both known while playing
            hand = self.hands[seat]
            if not self.trick:
                return self._lead_actions(hand)
            single = trump.single_follows
            return [
                single[cards[0].index] if len(cards) == 1 else Action("play", cards)
                for cards in self._follow_plays(hand)
            ]
        return []

    def _declare_actions(self) -> list[Action]:
        seat = self._turn
        assert seat is not None  # a seat declares or passes
        hand = self.hands[seat]
        floor = self.standing.strength if self.standing else 0
        actions = [Action("pass")]
        level_cards = sorted(
            (c for c in hand if c.rank == self.level and c.suit is not None),
            key=lambda c: SUITS.index(c.suit),
        )
        if floor < 1:
            actions += [Action("declare", (card,)) for card in level_cards]
        if floor < 2:
            actions += [Action("declare", (c, c)) for c in level_cards if hand[c] == 2]
        if floor < 3 and hand.get(BLACK_JOKER, 0) == 2:
            actions.append(Action("declare", (BLACK_JOKER, BLACK_JOKER)))
        if floor < 4 and hand.get(RED_JOKER, 0) == 2:
            actions.append(Action("declare", (RED_JOKER, RED_JOKER)))
        return actions

    def _bury_actions(self) -> list[Action]:
        trump, seat = self.trump, self._turn
        assert trump is not None and seat is not None  # the dealer buries under a known trump
        hand = self.hands[seat]
        cards = expand_counts(hand)
        step = trump.steps
        eff = trump.effective_suits

        order = trump.sort_key
        # cheapest to bury first; the order key makes ties independent of hand order
        costs = {
            card: (
                eff[card.index] == TRUMP,
                CARD_POINTS[card],
                step[card.index],
                order(card),
            )
            for card in hand
        }
        cost = costs.__getitem__

        options: list[tuple[Card, ...]] = []
        lowest = sorted(cards, key=cost)
        options.append(tuple(lowest[:KITTY_SIZE]))
        # Void the shortest side suits first (points kept unless the suit goes whole).
        by_suit: dict[str, list[Card]] = {}
        for card in cards:
            if eff[card.index] != TRUMP:
                by_suit.setdefault(eff[card.index], []).append(card)
        suits = sorted(by_suit, key=lambda s: (len(by_suit[s]), SUITS.index(s)))
        for take in range(1, len(suits) + 1):
            chosen: list[Card] = []
            for suit in suits[:take]:
                chosen += sorted(by_suit[suit], key=cost)
            if len(chosen) > KITTY_SIZE and take > 1:
                break
            rest = count_cards(cards)
            for card in chosen[:KITTY_SIZE]:
                rest[card] -= 1
            fill = sorted(expand_counts(rest), key=cost)
            options.append(tuple((chosen[:KITTY_SIZE] + fill)[:KITTY_SIZE]))
        # Low cards without points (keeps points out of the kitty).
        safe = [c for c in lowest if card_points(c) == 0]
        if len(safe) >= KITTY_SIZE:
            options.append(tuple(safe[:KITTY_SIZE]))
        options.append(tuple(self.dealt_kitty))
        seen: set[tuple[Card, ...]] = set()
        actions = []
        for option in options:
            key = canon_cards(option, trump)
            if len(key) == KITTY_SIZE and key not in seen and contains_cards(hand, key):
                seen.add(key)
                actions.append(Action("bury", key))
        return actions

    def _lead_actions(self, hand: dict[Card, int]) -> list[Action]:
        trump = self.trump
        assert trump is not None
        single = trump.single_leads
        pair = trump.pair_leads
        canon = canon_cards(hand, trump)  # distinct cards, strongest first
        actions = [single[c.index] for c in canon]
        pairs = [card for card in canon if hand[card] == 2]
        actions += [pair[card.index] for card in pairs]
        if throws_on(self.options):
            actions += self._throw_actions(canon, hand, trump)
        if len(pairs) < 2:
            return actions  # no tractor without two pairs
        for suit, steps in trump.pairs_by_step(pairs).items():
            for low, high in Trump.runs(steps):
                for start in range(low, high):
                    for end in range(start + 1, high + 1):
                        for chain in Trump.chains(steps, start, end):
                            cards = tuple(c for card in reversed(chain) for c in (card, card))
                            fmt = Format("tractor", suit, end - start + 1, end, len(cards))
                            actions.append(Action("play", cards, fmt))
        return actions

    @staticmethod
    def _throw_actions(
        canon: tuple[Card, ...], hand: dict[Card, int], trump: Trump
    ) -> list[Action]:
        """VS4.1: the throw of all the cards of each effective suit that form two or more
        components (the table and the bots may lead any other one-suit set too)."""
        by_suit: dict[str, list[Card]] = {}
        for card in canon:
            by_suit.setdefault(trump.effective_suits[card.index], []).extend([card] * hand[card])
        actions = []
        for cards in by_suit.values():
            parts = split(cards, trump)
            if parts is not None and len(parts) > 1:
                actions.append(Action("play", tuple(cards), throw_format(parts)))
        return actions

    def _follow_plays(self, hand: dict[Card, int]) -> list[tuple[Card, ...]]:
        assert self.trump is not None and self.lead is not None
        return follow_plays(hand, self.lead, self.trump, self.options, list(self.trick[0][1]))
