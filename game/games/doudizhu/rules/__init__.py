"""Dou Dizhu (斗地主) rules engine: combinations, bidding, the kitty, play, doublings, sessions.

The package: ``combos.py`` the combinations, their order and every play of a hand,
``bidding.py`` the bidding and its actions, ``deal.py`` one deal (its state machine),
``dealing.py`` a new deal, ``seat_view.py`` its phases and what a seat sees,
``settlement.py`` its payments (D5),
``refusals.py`` why a play is refused, ``sampling.py`` hidden cards for the search bot,
``match.py`` sessions, ``options.py`` VD1-VD3. Every
public name is importable from here and from ``game.rules.doudizhu``.

Spec: shared/spec/doudizhu.md (rule ids D1-D5, options VD1-VD3) and the Dou Dizhu section of
rules-api.md. Three players (seats 0, 1, 2; turns 0 → 1 → 2 → 0), 54 cards, 17 each and a
kitty of 3. Rank order (D2.2): ``3 4 5 6 7 8 9 T J Q K A 2 BJ RJ``.

Phases (``state.phase``, also ``state.stage``): :class:`Phase` ``bid`` and, with VD2,
``double`` (the game's own), then the shared ``play`` and ``over``.

Actions: bidding and doubling actions are :class:`BidAction` (an ``Action`` with ``value``):
``bid`` 0 (pass), 1, 2, 3; VD1 "rob": ``call`` 1, ``rob`` 1 and ``bid`` 0 as a pass; VD2:
``double`` 0 or 1. Their ``combo`` is a :class:`Bid`. Plays are ``play`` with a
:class:`Combo`, and ``pass``. The rules add auto records to the log: ``redeal`` (D2.4, seat
None) and ``kitty`` (D2.5, the landlord's seat, the kitty's cards).

Reason codes of :class:`IllegalActionError` (locale keys ``reason.doudizhu.<code>``; details in
parentheses; ``seat`` is always given):

- ``deal_over``: the deal has ended (D1.2).
- ``not_now``: cards or a pass during the bidding or doubling, or a bid during play (``stage``).
- ``bid_too_low``: a bid not higher than the highest so far (``value``, ``highest``) (D2.3).
- ``bad_bid``: a bidding or doubling action that is not one of the choices now (``kind``)
  (D2.3, VD1, VD2).
- ``unknown_action``: an action kind other than play and pass in the play (``kind``).
- ``no_cards``: a play without cards.
- ``not_in_hand``: cards the player does not hold, or a card twice (``cards``).
- ``no_combination``: the cards form no combination (``cards``) (D4).
- ``sequence_with_two``: a sequence with a 2 or a joker (``cards``) (D4.2).
- ``too_short``: consecutive singles or pairs too few for a straight or a pair run
  (``cards``, ``need``, ``kind`` "single" or "pair") (D4.2).
- ``bad_attachment``: a trio or four with cards that fit no attachment rule (``cards``) (D4.3).
- ``wrong_shape``: another kind or size than the last play (``cards``, ``last``, ``last_kind``)
  (D3.2, D4.4).
- ``does_not_beat``: same kind and size but not higher (``cards``, ``last``, ``last_kind``).
- ``only_bomb_beats``: the last play is a bomb (``cards``, ``last``, ``last_kind``) (D4.5).
- ``rocket_unbeatable``: the last play is the rocket (``cards``, ``last``, ``last_kind``).
- ``not_that_combination``: legal cards but not with the meaning the action names (``cards``,
  ``kind``).
- ``leader_cannot_pass``: the player leads and may not pass (D3.2).
- ``deal_not_over``: ``match.advance()`` before the deal has ended.

Choices where the spec is silent (also in docs/doudizhu-notes.md):

- D2.4 redeal: the n-th redeal of a deal is shuffled by ``random.Random(f"{seed}:redeal:{n}")``;
  ``state.redeals`` counts them and the log shows each as an auto ``redeal`` record.
- The first bidder of ``new_deal(seed=...)`` is drawn from the same ``random.Random(seed)``
  after the shuffle; of scripted hands it is seat 0. Sessions (D2.3) draw the first bidder of
  deal 0 from ``random.Random(f"{seed}:first")`` and move one seat on per deal.
- VD1: the caller does not rob back; robbing goes once round the seats after the caller.
- VD2: the landlord decides first, then the peasants in turn order. ``state.multiplier``
  holds D5.1, D5.2 and VD1; the VD2 doublings are per payment (``Payment.factor``).
- VD3: the cap bounds each payment's factor; the points are the base times the capped factor.
- Scripted hands may be of any size (puzzles); ``landlord=`` on ``new_deal`` skips the bidding.
"""

from __future__ import annotations

from game.games.doudizhu.rules.bidding import Bid, BidAction
from game.games.doudizhu.rules.combos import (
    HAND_SIZE,
    KINDS,
    KITTY_SIZE,
    ORDER,
    SEATS,
    SEQUENCE_KINDS,
    Combo,
    beats,
    describe,
    interpretations,
    rank_value,
)
from game.games.doudizhu.rules.deal import DoudizhuState
from game.games.doudizhu.rules.dealing import new_deal
from game.games.doudizhu.rules.match import DoudizhuMatch, new_match
from game.games.doudizhu.rules.options import options_schema
from game.games.doudizhu.rules.sampling import sample_state
from game.games.doudizhu.rules.seat_view import BID, DOUBLE, OVER, PLAY, DoudizhuView, Phase
from game.games.doudizhu.rules.settlement import DoudizhuResult, Payment

__all__ = [
    "BID",
    "DOUBLE",
    "HAND_SIZE",
    "KINDS",
    "KITTY_SIZE",
    "ORDER",
    "OVER",
    "PLAY",
    "SEATS",
    "SEQUENCE_KINDS",
    "Bid",
    "BidAction",
    "Combo",
    "DoudizhuMatch",
    "DoudizhuResult",
    "DoudizhuState",
    "DoudizhuView",
    "Payment",
    "Phase",
    "beats",
    "describe",
    "interpretations",
    "new_deal",
    "new_match",
    "options_schema",
    "rank_value",
    "sample_state",
]
