"""Shengji (Tractor): the rules engine (shared/spec/shengji.md, rule ids S1–S5; house rules
VS1–VS4 of variants.md).

Public API (rules-api.md, "Shengji"): :class:`Trump`, :func:`lead_format`,
:func:`is_legal_follow`, :func:`follow_kind`, :func:`trick_winner`, :func:`declaration_strength`,
:func:`deal_outcome`, :func:`kitty_multiplier`, :func:`resolve_throw`; the state protocol
through :func:`new_deal` and :func:`new_match`; :func:`sample_state` for the search bot.

Modules: :mod:`.trump` (:class:`Trump`: card order, effective suits, steps and the one
adjacency test of tractors; :class:`Format`; card points), :mod:`.plays` (lead formats, follow
legality, trick winners, declaration strength, the outcome table), :mod:`.follows` (the
follows ``legal_actions()`` lists), :mod:`.throws` (VS4: a throw's components, whether it
stands, its forced component and revealer, the tractor fit owed to it, matching it),
:mod:`.records` (declarations, tricks, the result, a seat's view and what it knows of the
log), :mod:`.checks` (why an action is refused, every reason), :mod:`.scoring` (a finished
deal's points and outcome, S5), :mod:`.listing` (the legal actions of each phase), :mod:`.deal` (the deal
state machine), :mod:`.setup` (:func:`new_deal`, :func:`replay`, :func:`rewind_play`),
:mod:`.sampling` (:func:`sample_state`), :mod:`.match` (:class:`Match`, :func:`new_match`).

Throws (VS4, option ``throws``): a lead of one effective suit that splits into two or more
components is a throw (``Format.kind == "throw"``). Applying it judges it against the three
other hands as they are: when it fails, the log keeps the play as attempted and adds an
automatic ``throw_failed`` record (seat: the revealer; cards: the forced component), the
leader plays only that component and the trick goes on as its ordinary lead. The cards taken
back cost their team 10 points each (``DealResult.throw_penalty``). ``legal_actions()`` lists
the ordinary leads and the throw of each whole suit of two or more components; ``apply`` and
``actions_for`` accept any one-suit set.

Phases of a deal (``state.phase``): ``"declare"`` (S2.3–S2.6), ``"bury"`` (S2.7), ``"play"``
(S4), ``"over"`` (S5). Action kinds: ``"pass"`` and ``"declare"`` while declaring, ``"bury"``
(exactly 8 cards), ``"play"``. Lead actions carry a :class:`Format` as ``combo``; follows
carry ``combo=None`` (a follow need not have any shape).

Reason codes (``IllegalActionError.reason``; the English sentence is the locale key
``reason.shengji.<code>`` in locale/en.toml, placeholders from ``details``):
``deal_over`` the deal has ended; ``wrong_phase`` that kind of action is not
allowed in this phase; ``not_in_hand`` the player does not hold these cards;
``empty_play`` no cards chosen; ``not_a_declaration`` the cards declare
nothing (S2.3); ``declaration_too_weak`` not stronger than the standing declaration;
``bury_count`` a bury of other than 8 cards; ``lead_mixed_suits`` a lead of
cards from several effective suits (S4.2); ``not_a_lead`` cards of one suit that are
not a single, a pair or a tractor (S4.2, S4.3); ``wrong_count`` a follow of another
size than the lead (S4.1); ``must_follow_suit`` other cards played while holding
enough of the led suit (S4.4); ``must_play_all_suit`` too few cards of the led suit,
and not all of them played (S4.4); ``must_play_pairs`` too few pairs of the led suit
(S4.4); ``must_play_tractor`` no tractor of the led suit against a tractor lead (VS1);
``deal_not_over`` ``match.advance()`` before the deal ended;
``match_over`` the match has been won.

Choices where the spec is silent (also in the tests):
- Declaring (S2.3): any declaration strictly stronger than the standing one is legal; equal
  strength never overcalls. Under S2.4 the turn never returns to a player whose declaration
  still stands (its three successors either all pass, fixing the trump, or one overcalls it),
  so the "strengthen its own declaration" case of S2.3 never arises in play; the code would
  accept any stronger declaration there (tests/test_shengji_spec.py checks the turn order).
- Kitty with only jokers (S2.5): impossible, since the pack has 4 jokers and the kitty 8
  cards; a scripted kitty that somehow held no suited card would give no-trump.
- Defenders' points (S5.1) are the point cards in tricks the defenders won plus the points
  buried in the kitty, so ``attackers' trick points + defender_points == 200`` always; the
  kitty bonus (S5.2) is added to the attackers only.
- Outcome (S5.3) for points above 200 (kitty bonus): the same rule, one more level per 40.
- Levels (S1.3): a team at A that takes over without promotion stays at A; only a promotion
  beyond A wins. ``match.levels`` keeps "A" for the winner.
- Voids shown (for views and sampling): a follower who plays fewer cards of the led effective
  suit than the lead is void in that suit from then on. Nothing else is inferred.
- Legal follows: when a follow has at most ``FOLLOW_EXACT_LIMIT`` legal distinct card sets,
  ``legal_actions()`` lists them all. Otherwise it lists (a) every play that could win the
  trick (a play of the lead's shape in the led suit, or in trumps when void in a non-trump
  led suit) and (b) for every *shape* -- how many cards come from each effective suit and how
  many pairs among them -- two representatives: the cheapest cards (fewest points, lowest
  strength) and the richest (most points, lowest strength). ``apply`` and ``actions_for``
  accept every legal play.
- Burying: ``legal_actions()`` lists a few sensible buries (lowest cards; voiding the
  shortest side suits; the kitty as dealt); ``apply``/``actions_for`` accept any 8 cards.
- Speed: ``apply`` skips its checks for an action object taken from the state's current
  ``legal_actions()`` list (random play and search rollouts); any other action is checked.
"""

from __future__ import annotations

from game.games.shengji.rules.checks import HAND_SIZE, KITTY_SIZE, REASONS, TOTAL_POINTS
from game.games.shengji.rules.deal import ShengjiState
from game.games.shengji.rules.follows import FOLLOW_EXACT_LIMIT, legal_follows
from game.games.shengji.rules.match import Match, new_match
from game.games.shengji.rules.options import options_schema
from game.games.shengji.rules.plays import (
    deal_outcome,
    declaration_strength,
    follow_kind,
    is_legal_follow,
    kitty_multiplier,
    lead_format,
    trick_winner,
)
from game.games.shengji.rules.plays import follow_problem as follow_problem  # tests check it
from game.games.shengji.rules.records import DealResult, Declaration, ShengjiView, Trick
from game.games.shengji.rules.sampling import sample_state
from game.games.shengji.rules.setup import new_deal, replay, rewind_play
from game.games.shengji.rules.throws import resolve_throw
from game.games.shengji.rules.trump import TRUMP, Format, Trump, card_points, points_of
from game.games.shengji.rules.trump import canon_cards as canon_cards  # tests check it directly

__all__ = [
    "REASONS",
    "Trump",
    "Format",
    "Declaration",
    "Trick",
    "DealResult",
    "ShengjiState",
    "ShengjiView",
    "Match",
    "lead_format",
    "legal_follows",
    "is_legal_follow",
    "follow_kind",
    "trick_winner",
    "declaration_strength",
    "deal_outcome",
    "kitty_multiplier",
    "resolve_throw",
    "card_points",
    "new_deal",
    "new_match",
    "options_schema",
    "rewind_play",
    "sample_state",
    "replay",
    "points_of",
    "TRUMP",
    "HAND_SIZE",
    "KITTY_SIZE",
    "TOTAL_POINTS",
    "FOLLOW_EXACT_LIMIT",
]
