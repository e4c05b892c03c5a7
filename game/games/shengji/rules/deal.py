"""The Shengji deal: the state machine (S2 declaring and burying, S4 play with VS4's throws,
S5 scoring). Building a deal, replaying and rewinding it: setup.py."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from game.games.shengji.rules.checks import ActionChecks
from game.games.shengji.rules.listing import ActionLists
from game.games.shengji.rules.options import DEFAULTS, first_dealer
from game.games.shengji.rules.plays import (
    declaration_strength,
    format_of,
    kitty_multiplier,
    throws_on,
    trick_winner_index,
)
from game.games.shengji.rules.records import (
    DealResult,
    Declaration,
    Phase,
    ShengjiView,
    Trick,
    seen_log,
)
from game.games.shengji.rules.scoring import Played, score_deal
from game.games.shengji.rules.throws import judge, split
from game.games.shengji.rules.trump import (
    CARD_POINTS,
    Format,
    Trump,
    canon_cards,
    expand_counts,
    shared_trump,
)
from game.rules import validate
from game.rules.base import Action, Record
from game.rules.cards import Card
from game.rules.errors import IllegalActionError
from game.rules.options import Options

# --- The deal ---------------------------------------------------------------------------------


class ShengjiState(ActionChecks, ActionLists):
    """One deal of Shengji through the state protocol (rules-api.md).

    Build it with :func:`new_deal`. ``phase`` is ``declare``/``bury``/``play``/``over``;
    ``current_player`` is None once the deal is over and ``result`` is a :class:`DealResult`.
    """

    def __init__(self) -> None:
        # Filled by new_deal / sample_state / clone.
        self.seed: int | None = None
        self.deal_args: dict[str, Any] = {}  # Any: new_deal's keywords, each of its own type
        self.options: Options = DEFAULTS  # the house rules (VS1-VS4)
        self.level = "2"
        self.hands: list[dict[Card, int]] = [{}, {}, {}, {}]
        self.kitty: list[Card] = []
        self.dealt_kitty: tuple[Card, ...] = ()
        self.dealer: int | None = None
        self.starting_seat: int | None = None
        self.phase = Phase.DECLARE
        self._turn: int | None = 0
        self.declarations: list[Declaration] = []
        self.standing: Declaration | None = None
        self.first_declarer: int | None = None
        self._passes = 0
        self.revealed_kitty: tuple[Card, ...] | None = None
        self.trump: Trump | None = None
        self.tricks: list[Trick] = []
        self.trick: list[tuple[int, tuple[Card, ...]]] = []
        self.leader: int | None = None
        self.lead: Format | None = None
        self.team_points = [0, 0]
        #: Cards each team took back from failed throws (VS4.4, VS4.8: 10 points each).
        self.taken_back = [0, 0]
        self.voids: list[set[str]] = [set(), set(), set(), set()]
        self.result: DealResult | None = None
        self.log: list[Record] = []
        # The last legal_actions() list and the ids of its actions: apply() trusts an action
        # that is one of these very objects (search rollouts and random play) and skips the
        # checks. Every change of the state clears it (see _changed).
        self._legal: list[Action] | None = None
        self._legal_ids: frozenset[int] = frozenset()

    # -- protocol basics --

    @property
    def current_player(self) -> int | None:
        return self._turn

    @property
    def is_terminal(self) -> bool:
        return self.phase == "over"

    @property
    def attackers(self) -> int | None:
        return None if self.dealer is None else (self.dealer + 1) % 2

    @property
    def attacker_points(self) -> int:
        """The attackers' points from tricks so far (before any kitty bonus)."""
        return 0 if self.dealer is None else self.team_points[(self.dealer + 1) % 2]

    @property
    def hand_counts(self) -> tuple[int, ...]:
        return tuple(sum(hand.values()) for hand in self.hands)

    @property
    def leading(self) -> bool:
        """The player to act opens a trick: no card has been played to it yet (also true while
        declaring and burying, before any trick)."""
        return not self.trick

    @property
    def finish_order(self) -> tuple[int, ...]:
        """Nobody goes out in Shengji: every seat plays to the last trick."""
        return ()

    def returns(self) -> tuple[float, ...]:
        """The finished deal's levels per seat (``DealResult.returns``), zeros before."""
        return self.result.returns() if self.result is not None else (0.0,) * 4

    def hand(self, seat: int) -> list[Card]:
        """Seat's cards, strongest first (by the trump once known)."""
        return list(canon_cards(expand_counts(self.hands[validate.seat(seat, 4)]), self.trump))

    def clone(self) -> ShengjiState:
        other = ShengjiState.__new__(ShengjiState)
        other.__dict__.update(self.__dict__)
        other.deal_args = dict(self.deal_args)
        other.hands = [dict(hand) for hand in self.hands]
        other.kitty = list(self.kitty)
        other.declarations = list(self.declarations)
        other.tricks = list(self.tricks)
        other.trick = list(self.trick)
        other.team_points = list(self.team_points)
        other.taken_back = list(self.taken_back)
        other.voids = [set(v) for v in self.voids]
        other.log = list(self.log)
        return other

    def __repr__(self) -> str:
        return (
            f"<ShengjiState phase={self.phase} level={self.level} trump={self.trump} "
            f"dealer={self.dealer} turn={self._turn}>"
        )

    # -- legal actions --

    def legal_actions(self) -> list[Action]:
        """The current player's legal actions (see the module docstring for the grouping of
        follows and buries)."""
        legal = self._legal
        if legal is None:
            legal = self._list_actions()
            self._legal = legal
            # The list keeps its actions alive, so their ids stay unique while it is cached.
            self._legal_ids = frozenset(map(id, legal))
        return list(legal)

    def _changed(self) -> None:
        """Forget the cached legal actions (the state is about to change)."""
        self._legal = None
        self._legal_ids = frozenset()

    # -- explain / actions_for --

    def explain(self, cards: Iterable[Card] | str) -> IllegalActionError | None:
        """Why the current player cannot use exactly these cards now, or None when some legal
        action uses them (an empty selection means a pass while declaring)."""
        items = validate.cards(cards)
        if self.phase == "declare":
            action = Action("declare" if items else "pass", tuple(items))
        elif self.phase == "bury":
            action = Action("bury", tuple(items))
        else:
            action = Action("play", tuple(items))
        return self._problem(action)

    def actions_for(self, cards: Iterable[Card] | str) -> list[Action]:
        """The legal actions that use exactly ``cards`` (``[]`` when none)."""
        items = validate.cards(cards)
        if self.explain(items) is not None:
            return []
        if self.phase == "declare":
            return [Action("declare", tuple(items))] if items else [Action("pass")]
        if self.phase == "bury":
            return [Action("bury", canon_cards(items, self.trump))]
        trump = self.trump
        assert trump is not None  # known while playing
        canon = canon_cards(items, trump)
        combo = None if self.trick else format_of(canon, trump, throws_on(self.options))
        return [Action("play", canon, combo)]

    # -- applying --

    def apply(self, action: Action) -> None:
        """Apply ``action`` for the current player; raises IllegalActionError (and changes
        nothing) when it is not legal."""
        # Fast path: an action object taken from the current legal_actions() list is legal
        # and already canonical (cards strongest first, a lead's Format as its combo).
        trusted = id(action) in self._legal_ids
        if not trusted:
            validate.action(action, Format)
            problem = self._problem(action)
            if problem is not None:
                raise problem
        seat = self._turn
        assert seat is not None
        self._changed()
        if self.phase == "declare":
            self._apply_declare(seat, action)
        elif self.phase == "bury":
            self._apply_bury(seat, action)
        else:
            self._apply_play(seat, action, trusted)

    def _take(self, seat: int, cards: Iterable[Card]) -> None:
        hand = self.hands[seat]
        for card in cards:
            count = hand[card] - 1
            if count:
                hand[card] = count
            else:
                del hand[card]

    def _apply_declare(self, seat: int, action: Action) -> None:
        self.log.append(Record(seat, Action(action.kind, tuple(action.cards))))
        if action.kind == "declare":
            strength = declaration_strength(action.cards, self.level)
            declaration = Declaration(seat, tuple(action.cards), strength)
            self.declarations.append(declaration)
            self.standing = declaration
            if self.first_declarer is None:
                self.first_declarer = seat
            self._passes = 0
        else:
            self._passes += 1
        if self.standing is not None and self._passes >= 3:
            # S2.4 three passes fix the trump; S2.6 the first declarer deals the first deal.
            if self.dealer is None:
                self.dealer = first_dealer(self.options, self.first_declarer, self.standing.seat)
            self._start_bury(shared_trump(self.level, self.standing.suit))
        elif self.standing is None and self._passes >= 4:
            # S2.5 the kitty is shown; its first suited card names trump.
            if self.dealer is None:
                self.dealer = self.starting_seat
            self.revealed_kitty = tuple(self.kitty)
            self.log.append(Record(None, Action("reveal", tuple(self.kitty)), auto=True))
            suit = next((c.suit for c in self.kitty if c.suit is not None), None)
            self._start_bury(shared_trump(self.level, suit))
        else:
            self._turn = (seat + 1) % 4

    def _start_bury(self, trump: Trump) -> None:
        self.trump = trump
        dealer = self.dealer
        assert dealer is not None
        hand = self.hands[dealer]
        for card in self.kitty:
            hand[card] = hand.get(card, 0) + 1
        self.log.append(Record(dealer, Action("take", tuple(self.kitty)), auto=True))
        self.kitty = []
        self.phase = Phase.BURY
        self._turn = dealer

    def _apply_bury(self, seat: int, action: Action) -> None:
        cards = canon_cards(action.cards, self.trump)
        self._take(seat, cards)
        self.kitty = list(cards)
        self.log.append(Record(seat, Action("bury", cards)))
        self.phase = Phase.PLAY
        self.leader = seat
        self._turn = seat

    def _apply_play(self, seat: int, action: Action, trusted: bool = False) -> None:
        trump = self.trump
        assert trump is not None
        cards = action.cards if trusted else canon_cards(action.cards, trump)
        if not self.trick:
            self._apply_lead(seat, action, cards, trusted)
            return
        lead = self.lead
        assert lead is not None
        eff = trump.effective_suits
        suit = lead.suit
        if lead.length == 1:
            short = eff[cards[0].index] != suit
        else:
            short = sum(1 for c in cards if eff[c.index] == suit) < lead.length
        if short:
            self.voids[seat].add(suit)
        self._take(seat, cards)
        self.trick.append((seat, cards))
        if not trusted and (action.cards != cards or action.combo is not None):
            action = Action("play", cards)
        self.log.append(Record(seat, action))
        if len(self.trick) < 4:
            self._turn = (seat + 1) % 4
        else:
            self._end_trick(lead)

    def _apply_lead(
        self, seat: int, action: Action, cards: tuple[Card, ...], trusted: bool
    ) -> None:
        """Lead ``cards``; a throw is judged against the other hands as they are (VS4.3) and,
        when it fails, cut down to its forced component (VS4.4)."""
        trump = self.trump
        assert trump is not None
        if trusted:  # one of legal_actions(): a lead carries its Format
            told = action.combo
            assert isinstance(told, Format)
            lead = told
        else:
            found = format_of(cards, trump, throws_on(self.options))
            assert found is not None  # _problem accepted the lead
            lead = found
            if action.cards != cards or action.combo != lead:
                action = Action("play", cards, lead)
        self.log.append(Record(seat, action))
        if lead.kind == "throw":
            cards, lead = self._judge_throw(seat, cards, lead, trump)
        self.lead = lead
        self._take(seat, cards)
        self.trick.append((seat, cards))
        self._turn = (seat + 1) % 4

    def _judge_throw(
        self, seat: int, cards: tuple[Card, ...], lead: Format, trump: Trump
    ) -> tuple[tuple[Card, ...], Format]:
        """What the leader of the throw ``cards`` plays and its Format: all of it when the
        throw stands (VS4.3); else the forced component, with the automatic ``throw_failed``
        record naming the revealer and the cards taken back counted (VS4.4)."""
        parts = split(cards, trump)
        assert parts is not None  # a throw is of one effective suit
        others = [self.hands[(seat + k) % 4] for k in (1, 2, 3)]
        verdict = judge(parts, others, trump)
        if verdict is None:
            return cards, lead
        (fmt, forced_cards), revealer = verdict
        forced = canon_cards(forced_cards, trump)
        revealer_seat = (seat + 1 + revealer) % 4
        self.log.append(Record(revealer_seat, Action("throw_failed", forced), auto=True))
        self.taken_back[seat % 2] += len(cards) - len(forced)
        return forced, fmt

    def _end_trick(self, lead: Format) -> None:
        """Score the full trick (S4.5, VS4.6) and open the next one, or end the deal."""
        trump = self.trump
        assert trump is not None and self.leader is not None
        plays = [play for _, play in self.trick]
        winner_index = trick_winner_index(plays, trump, lead)
        winner = self.trick[winner_index][0]
        points = sum(CARD_POINTS[card] for play in plays for card in play)
        self.team_points[winner % 2] += points
        self.tricks.append(Trick(self.leader, tuple(self.trick), winner, points))
        self.trick = []
        self.lead = None
        self.leader = winner
        if any(self.hands[s] for s in range(4)):
            self._turn = winner
        else:
            # VS4.7: a throw's largest component is the last trick's size for the kitty
            size = lead.components[0].length if lead.components else lead.length
            self._finish(winner, size)

    def _finish(self, last_winner: int, cards_per_player: int) -> None:
        dealer = self.dealer
        assert dealer is not None and self.trump is not None
        self.result = score_deal(
            Played(self.level, self.trump.suit, dealer, self.team_points, self.taken_back),
            tuple(self.kitty),
            last_winner,
            kitty_multiplier(cards_per_player, self.options),
        )
        self.phase = Phase.OVER
        self._turn = None

    # -- views --

    def view(self, seat: int) -> ShengjiView:
        """What ``seat`` may know now."""
        validate.seat(seat, 4)
        kitty: tuple[Card, ...] | None = None
        if self.phase == "over" or (self.phase == "play" and seat == self.dealer):
            kitty = tuple(self.kitty)
        over, revealed = self.phase == "over", self.revealed_kitty is not None
        history = seen_log(self.log, seat == self.dealer or over, revealed or over)
        return ShengjiView(
            seat=seat,
            phase=self.phase,
            level=self.level,
            trump=self.trump,
            dealer=self.dealer,
            starting_seat=self.starting_seat,
            first_declarer=self.first_declarer,
            current_player=self._turn,
            hand=canon_cards(expand_counts(self.hands[seat]), self.trump),
            hand_sizes=tuple(sum(h.values()) for h in self.hands),
            declarations=tuple(self.declarations),
            standing=self.standing,
            revealed_kitty=self.revealed_kitty,
            kitty=kitty,
            tricks=tuple(self.tricks),
            trick=tuple(self.trick),
            leader=self.leader,
            lead=self.lead,
            team_points=(self.team_points[0], self.team_points[1]),
            taken_back=(self.taken_back[0], self.taken_back[1]),
            voids=tuple(frozenset(v) for v in self.voids),
            history=history,
            result=self.result,
            options=self.options,
        )
