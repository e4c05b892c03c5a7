"""Guandan rules engine (shared/spec/guandan.md G1–G6, rules-api.md).

Modules: :mod:`.combos` (the :class:`Level` that owns card order and wilds, :class:`Combo`,
:func:`interpretations`, :func:`beats`), :mod:`.moves` (legal plays of a hand, the AI's hot
path; its docstring says how card choices are grouped; the hand it reads is :mod:`.hand`, the
plays of each kind :mod:`.kinds`), :mod:`.tribute` (G3, G1.2), :mod:`.records` (phases,
tribute events, turns, the result, a seat's view), :mod:`.checks` (why an action is refused),
:mod:`.deal` (the deal state machine), :mod:`.dealing` (a new deal, a replay), :mod:`.sampling`
(:func:`sample_state` and :func:`rewind_play` for the search), :mod:`.match` (G1 match).

Reason codes of ``IllegalActionError`` (locale keys ``reason.guandan.<code>``, the
``[reason.guandan]`` table of the catalogs; details in braces):

- ``deal_over``: the deal has ended, nobody may act.
- ``must_lead``: the leader tried to pass {seat}.
- ``not_in_hand``: the cards are not all in the player's hand {seat} {cards}.
- ``no_combination``: the cards form no combination {seat} {cards}.
- ``does_not_beat``: no meaning of the cards beats the last play
  {seat} {cards} {last} {kind} {rank} (kind/rank of the last play).
- ``ambiguous``: a play without a meaning whose cards have several legal meanings.
- ``not_that_meaning``: the stated meaning is not a legal meaning of the cards
  {seat} {cards} {kind} {rank}.
- ``wrong_phase``: e.g. a play while a return is due {seat} {phase}.
- ``return_one_card``: a return must be exactly one card {seat} {cards}.
- ``bad_return``: the card may not be returned (G3.5) {seat} {cards}.
- ``bad_action``: an action shape that never makes sense (a pass with cards, an
  empty play) {seat}.
- ``deal_not_over`` / ``match_over``: ``Match.advance`` called too early or
  after the end.

Choices where guandan.md is silent (standard competition practice where there is one):

- A set that forms a straight flush has two meanings (G5.5): the straight flush (a bomb, G5.6)
  and a plain straight of the same top, as in competition play, where a player may spend
  straight-flush cards on a straight; wilds in it count as the flush suit. The legal-play
  list gives a plain straight two suits whenever the hand can, so the flush stays whole.
- Two wilds inside a full house may be its pair; two wilds alone are only the level pair (G5.4).
- Bombs of different sizes are different meanings; ``Combo.meaning`` is (kind, rank, size).
- Among several tribute cards of equal strength the payer gives the first in ``S H D C`` order.
- Tribute cards are public (every view shows them); a return card is seen only by the two
  seats of that exchange. Anti-tribute shows the payers' Red Jokers. In a double tribute the
  return to the payer of first place comes first.
- The return fallback ("lowest-strength card", G3.5) never picks a wild while the hand holds
  any other card.
- After a 1-2 finish the two others are listed 3rd and 4th by cards left, then turn order
  after the second finisher (G4.5 says their order does not matter).
- ``new_deal(seed=None)`` draws a fresh seed from the system and keeps it in ``state.seed``;
  ``team_levels`` defaults to both teams at the deal's level; scripted ``hands`` must be four
  non-empty hands with at most two copies of a card.
- A play given without ``combo`` is accepted when its cards have exactly one legal meaning;
  otherwise ``ambiguous`` (the UI asks, G5.5). Five one-suit cards in sequence are therefore
  ambiguous when leading (straight flush or straight).
- G4.2 when the last player and its partner have both finished: cannot happen (that team is
  out and the deal is over, G4.5); the engine would give the lead to the next active seat.
- ``sample_state`` lets a payer hold a card stronger than its tribute only when it was given
  a card back that the seat did not see (then any card of face 2..10); on a scripted deal of
  fewer than 108 cards the cards nobody holds are left out of the sample.
- Refusal messages name the last play in plain English ("the pair of 9s", "the single
  king", "the straight up to the 5"); the UI uses the ``[reason.guandan]`` sentences.

Replays: ``replay(state.log, **state.deal_args)`` rebuilds a deal from its seed and its non-auto
records; a match is rebuilt by ``new_match(seed=...)`` and the non-auto records of each deal,
calling ``advance()`` between deals.
"""

from __future__ import annotations

from game.games.guandan.rules.combos import (
    BOMB_KINDS,
    KINDS,
    Combo,
    Level,
    beats,
    interpretations,
    level_of,
)
from game.games.guandan.rules.deal import PHASES, State
from game.games.guandan.rules.dealing import new_deal, replay
from game.games.guandan.rules.match import Match, new_match, promoted
from game.games.guandan.rules.options import options_schema
from game.games.guandan.rules.records import DealResult, TributeEvent, Turn, View
from game.games.guandan.rules.sampling import (
    Hidden,
    hidden_cards,
    rewind_play,
    sample_state,
    swap_hidden,
)
from game.games.guandan.rules.tribute import (
    TributePlan,
    plan_tribute,
    promotion,
    return_options,
    tribute_card,
)

__all__ = [
    "BOMB_KINDS",
    "KINDS",
    "PHASES",
    "Combo",
    "DealResult",
    "Hidden",
    "Level",
    "Match",
    "State",
    "TributeEvent",
    "TributePlan",
    "Turn",
    "View",
    "beats",
    "hidden_cards",
    "interpretations",
    "level_of",
    "new_deal",
    "new_match",
    "options_schema",
    "plan_tribute",
    "promoted",
    "promotion",
    "replay",
    "rewind_play",
    "return_options",
    "sample_state",
    "swap_hidden",
    "tribute_card",
]
