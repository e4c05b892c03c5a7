"""Run Fast (Pao De Kuai) rules engine: combinations, the must-beat deal, settlement, sessions.

The package: ``combos.py`` the combinations and their order, ``responses.py`` what a hand can
play, ``settlement.py`` the settlement and its records, ``deal.py`` one deal (state, view, settlement), ``sampling.py`` hidden cards dealt for the search, ``match.py`` sessions; every public name is importable from here.

Spec: shared/spec/runfast.md (rule ids R1–R5) and the Run Fast section of rules-api.md.

Three players (seats 0, 1, 2; turns 0 → 1 → 2 → 0), a 48-card pack, 16 cards each. The holder
of 3H leads and its first play must contain 3H (R2.2). A player who can beat the last play must
(R3.4): Pass is a legal action only when no response exists, so when Pass is legal it is the only
legal action. The deal ends the moment a hand is empty (R1.2) and settles at once (R5).

Rank order (R3.2): ``3 4 5 6 7 8 9 T J Q K A 2``. ``Combo.kind`` is one of ``single pair triple
straight pair_run bomb ace_bomb sky_bomb`` (with option VR1 also ``triple_two`` and ``airplane``,
whose ``Combo.chain`` counts its triples); ``Combo.rank`` is a rank character (a sequence: its
highest card; three aces: ``"A"``; the sky bomb: ``"3"``).

Reason codes of :class:`IllegalActionError` (locale keys ``reason.runfast.<code>``; details in
parentheses, all plain strings or numbers; ``seat`` is always given):

- ``deal_over``: the deal has ended (R1.2).
- ``unknown_action``: an action kind other than ``play`` or ``pass`` (``kind``).
- ``no_cards``: a play without cards.
- ``not_in_hand``: cards the player does not hold, or a card twice (``cards``).
- ``no_combination``: the cards form no Run Fast combination (``cards``) (R4).
- ``attachment``: a triple or four of a kind with cards attached, or an airplane (``cards``) (R4.5).
- ``attachment_count``: VR1 on, but not a triple with two or an airplane (``cards``).
- ``sequence_with_two``: a sequence containing the 2; aces are high only (``cards``) (R4.2).
- ``straight_too_short``: fewer than five consecutive singles (``cards``) (R4.1).
- ``must_contain_3h``: the first play of the deal must contain 3H (``cards``) (R2.2).
- ``wrong_shape``: a combination of another kind or size than the last play (``cards``,
  ``last``, ``last_kind``) (R3.3).
- ``does_not_beat``: same kind and size but not higher, or a bomb not stronger (``cards``,
  ``last``, ``last_kind``) (R3.3, R4.3).
- ``only_bomb_beats``: the last play is a bomb; only a stronger bomb beats it (``cards``,
  ``last``, ``last_kind``) (R3.3).
- ``not_that_combination``: the cards are legal but not with the meaning the action names
  (``cards``, ``kind``).
- ``leader_cannot_pass``: the player leads and may not pass (R3.4).
- ``must_beat``: passing while a response exists (``last``, ``last_kind``) (R3.4).
- ``must_beat_warned``: the same under VR3 "warned_only" (``last``, ``last_kind``).
- ``must_play_highest``: VR3 "warned_only": the next player holds one card, so a single led or
  answering a single must be the highest held (``cards``, ``rank``).
- ``deal_not_over``: ``match.advance()`` before the deal has ended.

Choices where the spec is silent (written here as the spec asks):

- Spring (R5.1): a player who never played pays its card payment twice. ``state.payments`` lists
  this as two payments of equal points: one with reason ``"cards"`` (one point per card) and one
  with reason ``"spring"`` (the doubling, the same amount again). Surcharges are never doubled.
- Bomb bonus (R5.3): a bomb played on another player's play is *pending* while it stands; it is
  earned when both other players pass after it (its round ends) or at once when it empties the
  bomber's hand. A stronger bomb that beats it replaces it as the pending bomb. The bonus is paid
  as two payments of 10 (one from each opponent) with reason ``"bomb_bonus"``; they appear in
  ``state.bonus_events`` and ``state.payments`` the moment they are earned, and count in the
  settlement of the deal in which they are earned.
- Held bombs (R5.2): four of a kind of any rank 3..K and three aces each cost 10; the 2 of spades
  another 10. A hand can hold several bombs, each pays.
- ``new_deal(hands=...)`` with scripted hands: the holder of 3H leads; when no hand holds 3H,
  seat ``leader`` (default 0) leads with no 3H requirement. Hands may be of any size.
- Four 3s as the first play are only the sky bomb (one meaning); later they are the lowest bomb.
  In a dealt deal 3H is always in the first play (R2.2), so four 3s can never be played or
  held after it: the "later" meaning only shows with scripted hands without 3H.
- ``new_deal(seed=None)`` and ``new_match(seed=None)`` draw a fresh seed from the system and keep it
  in ``.seed`` so the deal can be replayed.
- Session deals: deal ``i`` of a match with seed ``s`` is shuffled by ``random.Random(f"{s}:{i}")``.
- Sampling (``sample_state``): a pass reveals that the passer had no response then (R3.4); samples honour
  those constraints (and that 3H lies with the first leader before the first play) by repairing a
  random split with card swaps. If a consistent split is not found within the budget (never seen
  in the tests) the least inconsistent one is used.
"""

from __future__ import annotations

from game.games.runfast.rules.combos import (
    BOMB_KINDS,
    HAND_SIZE,
    KINDS,
    ORDER,
    SEATS,
    THREE_HEARTS,
    TWO_SPADES,
    Combo,
    beats,
    describe,
    interpretations,
    rank_value,
)
from game.games.runfast.rules.deal import (
    RunFastState,
    RunFastView,
    new_deal,
    runfast_pack,
)
from game.games.runfast.rules.match import (
    RunFastMatch,
    new_match,
)
from game.games.runfast.rules.options import options_schema
from game.games.runfast.rules.responses import has_response, held_bombs
from game.games.runfast.rules.sampling import sample_state
from game.games.runfast.rules.settlement import (
    BOMB_BONUS_EACH,
    BOMB_POINTS,
    SPADE_TWO_POINTS,
    BonusEvent,
    Payment,
    RunFastResult,
)

__all__ = [
    "ORDER",
    "KINDS",
    "BOMB_KINDS",
    "Combo",
    "Payment",
    "BonusEvent",
    "RunFastResult",
    "RunFastView",
    "RunFastState",
    "RunFastMatch",
    "interpretations",
    "beats",
    "has_response",
    "held_bombs",
    "describe",
    "new_deal",
    "new_match",
    "options_schema",
    "sample_state",
    "rank_value",
    "SEATS",
    "HAND_SIZE",
    "THREE_HEARTS",
    "TWO_SPADES",
    "BOMB_POINTS",
    "SPADE_TWO_POINTS",
    "BOMB_BONUS_EACH",
    "runfast_pack",
]
