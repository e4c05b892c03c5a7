"""What differs between the games at the table, with the defaults of a climbing game.

Each game's folder has a ``view.py`` (``game/games/<id>/view.py``) whose ``View`` subclasses
:class:`GameView`; the registry names it (``spec.table_view()``), and what the shared table
would otherwise name a game for (a dealer's tag, the last trick's title, a saved match's
words) it asks the View. A view reads the per-frame :class:`game.table.frame.TableFrame` and
the table through a :class:`~game.scenes.table.context.TableContext` (never the scene itself):
it draws through the context's helpers (``ctx.text``, ``ctx.u``) and asks it for effects
(``ctx.announce``, ``ctx.pause``, ``ctx.lay`` …) that the scene applies, so the scene never
asks which game it is showing.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

import pygame

from game import i18n, registry
from game.rules.base import Action, Combo, DealResult, DealView
from game.rules.cards import Card
from game.save import SaveStatus
from game.scenes.table.context import TableContext
from game.scenes.table.layout import PASS_MARK as PASS_MARK  # the views' and the table's
from game.scenes.table.layout import Play
from game.table import info
from game.table.controller import TableEvent
from game.table.frame import TableFrame
from game.table.moments import MomentRules
from game.table.sorting import HandOrder
from game.widgets.common import DANGER, INK, Button, Colour, fmt_number
from game.widgets.ladder import Track
from game.widgets.result_table import ResultTable
from game.words import Words

GOOD = (150, 226, 160)

#: One line of a panel: label, value, colour (and, in the result, a middle column).
Row = tuple[Any, ...]  # Any: three or four cells of their column's own type
#: The cards a result shows beside its sentences, with their label (a kitty), or None.
ShownCards = tuple[str, list[Card]] | None
#: A play's tag, by the table's play (its meaning, or a kind's name), with the play's cards.
PlayTags = dict[int, tuple[tuple[Card, ...], info.PlayKind]]


class Trick(Protocol):
    """A finished trick as the last trick's panel shows it (a trick game's record)."""

    @property
    def winner(self) -> int: ...
    @property
    def points(self) -> int: ...
    @property
    def plays(self) -> Sequence[tuple[int, Sequence[Card]]]: ...


def view_class(game_id: str) -> type[GameView]:
    """The table view of ``game_id``, as the game registry names it."""
    return registry.get(game_id).table_view()


class GameView:
    """The defaults: a climbing game where one may pass and plays stay until a new round."""

    #: A Pass button in the play phase (a trick game has no passing).
    has_passing = True
    #: A Last trick button and the L key.
    has_last_trick = False
    #: Finishing places (1st, 2nd …) as medals on the seats: the order players go out.
    shows_places = True
    #: The locale key of the tag on the seat :meth:`dealer` names (None: no tag).
    dealer_key: str | None = None
    #: The hand's first order before the player picks one (then remembered per game).
    by_suit_default = False

    #: Kinds of the player's own actions whose cards leave its hand unplayed (the card
    #: counter counts them as seen).
    gives_away: tuple[str, ...] = ()

    #: Kinds of the rules' own (auto) actions after which the table clears the plays.
    clears_on: tuple[str, ...] = ()
    #: Kinds of the rules' own (auto) actions that cut the play just made down to their cards
    #: (the rest goes back to the hand: a failed Shengji throw).
    cuts_on: tuple[str, ...] = ()

    #: The game's moments and the effects they start (issue 54; its folder's moments.py).
    moments: type[MomentRules] = MomentRules

    def __init__(self, ctx: TableContext) -> None:
        self.ctx = ctx

    @classmethod
    def saved_words(cls, status: SaveStatus) -> str:
        """A saved match in a few words for the menus (``status``: :func:`game.save.status`):
        the deal's number, and the running total of a game that keeps one (Run Fast, Dou
        Dizhu: issue 55, Dou Dizhu's said the deal only); the team games add their levels."""
        deal = fmt_number(status["deal"] + 1)
        totals = status.get("totals")
        if totals:
            total = i18n.format_number(totals[0], signed=True)
            return i18n.tr("save.state_totals", deal=deal, total=total)
        return i18n.tr("save.state_deal", deal=deal)

    def said_of(self, action: Action) -> Words | None:
        """What the table says of an action of the rules' own (a deal thrown in), for the
        replay to say it at that position too (issue 55); None: nothing."""
        return None

    def laid_by(self, action: Action) -> tuple[Card, ...] | None:
        """The cards an action other than a play or a pass leaves in front of its seat (the
        table and the replay show them there), or None."""
        return None

    # --- the deal, in the game's own types -----------------------------------------------------
    def seen(self, frame: TableFrame) -> DealView:
        """What the player may know of the deal (``frame.seat_view``). Each game's View
        narrows it to its engine's own view type, with one ``cast``: the registry pairs a
        View with its game's engine, so its frames hold that engine's views."""
        return frame.seat_view

    def outcome(self, frame: TableFrame) -> DealResult | None:
        """The finished deal's result (``frame.result``: None while it is played), narrowed
        by each game's View as :meth:`seen` is."""
        return frame.result

    # --- the deal -------------------------------------------------------------------------
    def reset(self) -> None:
        """A new deal is shown (announcements already made are forgotten)."""

    def is_wild(self, card: Card, frame: TableFrame) -> bool:
        return False

    def hand_order(self, frame: TableFrame) -> HandOrder:
        """What the game's display order of a hand needs besides ``by_suit`` (the level and
        trump suit arguments of ``GameSpec.sort_key``)."""
        return {}

    def received_cards(self, frame: TableFrame) -> list[Card]:
        """Cards the player was handed before the deal's first turn (marked as new)."""
        return []

    def received_from(self, frame: TableFrame) -> int | None:
        """The seat that handed the player the cards marked as new (its name tags them in the
        hand), or None."""
        return None

    def pinned_banner(self, frame: TableFrame) -> str | None:
        """A sentence the banner holds while the player acts (it names the pair the prompt
        names), or None."""
        return None

    def on_action(self, event: TableEvent) -> None:
        """Show an action other than a play or a pass (``event.action``, by ``event.seat``)."""

    def counter_lines(self, frame: TableFrame, unseen: Counter[Card]) -> list[str]:
        """Lines the card counter adds under the ranks (``unseen``: a Counter of cards)."""
        return []

    def announcements(self, frame: TableFrame) -> list[str | Words]:
        """Sentences to announce that the frame brings (once each), as words (said in the
        language of each frame that shows them)."""
        return []

    def restore_plays(self, frame: TableFrame, start: int | None = None) -> dict[int, Play | None]:
        """The plays in front of the seats after a resume or an undo: each seat's latest play
        or pass since the round's lead (``start``, its log index), laid as the table laid them
        (issue 55: only the standing play and the passes after it came back)."""
        if start is None:
            return {}
        plays: dict[int, Play | None] = {}
        for record in frame.log[start:]:
            kind, seat = record.action.kind, record.seat
            if kind in ("play", "pass") and seat is not None:
                plays.pop(seat, None)  # in the order made: the latest last
                plays[seat] = PASS_MARK if kind == "pass" else tuple(record.action.cards)
        return plays

    def play_order(
        self, frame: TableFrame, cards: tuple[Card, ...], combo: Combo | None
    ) -> tuple[Card, ...]:
        """The order the cards of a play lie in on the table (the table and the replay): as
        played by default; a game may group them by the parts the rules see in them."""
        return cards

    def play_kind(
        self,
        frame: TableFrame,
        lead: tuple[Card, ...] | None,
        cards: tuple[Card, ...],
        combo: Combo | None,
    ) -> info.PlayKind:
        """What the tag under a play names (a meaning, or a kind's name): its meaning by
        default. ``lead`` holds the cards that led the trick, None when ``cards`` lead it."""
        return combo

    def restore_play_kinds(self, frame: TableFrame, plays: Mapping[int, Play | None]) -> PlayTags:
        """The tags of the plays :meth:`restore_plays` gave back: each seat's latest play of
        those cards in the log, with its meaning."""
        kinds: PlayTags = {}
        for record in reversed(frame.log):
            cards = tuple(record.action.cards)
            seat = record.seat
            if record.action.kind == "play" and seat is not None and seat not in kinds:
                if plays.get(seat) == cards:
                    kinds[seat] = (cards, record.action.combo)
        return kinds

    # --- panels and seats -----------------------------------------------------------------
    def header_lines(self, frame: TableFrame) -> list[Row]:
        """The rows of the panel at the top (levels, trump, totals)."""
        return []

    def position_lines(self, frame: TableFrame) -> list[Row]:
        """The header rows that tell of the deal itself, not of the match around it (the
        level, the trump): what a challenge's position shows. The header rows by default."""
        return self.header_lines(frame)

    def seat_title(self, frame: TableFrame, seat: int) -> str:
        """A seat's name on a table of face-up hands, with its part in the deal when the game
        has one to tell (the landlord)."""
        return self.seat_name(seat)

    def draw_side(self, surface: pygame.Surface, frame: TableFrame) -> None:
        """The second panel at the top, when the game has one."""

    def draw_center(self, surface: pygame.Surface, frame: TableFrame) -> None:
        """Whatever lies in the middle of the table."""

    def dealer(self, frame: TableFrame) -> int | None:
        """The seat marked as dealer, if the game marks one (with :attr:`dealer_key`)."""
        return None

    def leading_seat(self, frame: TableFrame, plays: Mapping[int, Play | None]) -> int | None:
        """The seat whose play on the table leads the round or trick now, or won it (issue 40:
        every game rings it the same way). ``plays`` is in the order the plays were made, the
        latest last; in a climbing game each play beats the one before, so the latest play of
        cards leads."""
        leader = None
        for seat, play in plays.items():
            if play != PASS_MARK:
                leader = seat
        return leader

    def last_trick(self, frame: TableFrame) -> Trick | None:
        """The last finished trick (``winner``, ``points``, ``plays``) or None."""
        return None

    def last_trick_title(self, trick: Trick) -> str:
        """The last trick panel's title (a game with :attr:`has_last_trick` says who won it)."""
        return i18n.tr("table.last_trick")

    # --- the player's turn ----------------------------------------------------------------
    def phase_prompt(self, frame: TableFrame) -> tuple[str, Colour] | None:
        """What the message line asks of the player in this phase, or None for the default."""
        return None

    def phase_buttons(self, frame: TableFrame, human: bool) -> list[Button] | None:
        """The button row of a phase that is not played with cards, or None."""
        return None

    def primary_label(self, frame: TableFrame, selected: int) -> tuple[str, str | None]:
        """The main button's locale key and ready label (None: the key's text) for
        ``selected`` chosen cards."""
        return "table.play", None

    def meaning_cards(self, action: Action, frame: TableFrame) -> list[Card]:
        """The cards of one meaning in the chooser, in the order that meaning lays them out."""
        return list(action.cards)

    def hint_pass_text(self, frame: TableFrame) -> str:
        return i18n.tr("table.hint_pass")

    def action_label(self, action: Action) -> str:
        """A non-card action as a sentence (a declaration)."""
        return info.cards_label(action.cards)

    # --- the result -----------------------------------------------------------------------
    def result_content(self, frame: TableFrame) -> tuple[str, list[Row], ShownCards]:
        """The result panel: title, the sentences under the table, and (label, cards) shown
        beside them or None."""
        return i18n.tr("table.deal_over"), [], None

    def result_table(self, frame: TableFrame) -> ResultTable | None:
        """One row per player in columns (issue 26), or None when the game has none."""
        return None

    def result_track(self, frame: TableFrame) -> Track | None:
        """The levels ladder or running totals the result panel animates, or None."""
        return None

    def deal_ceremony(self, frame: TableFrame) -> tuple[str, Colour, float] | None:
        """The moment a finished deal brings to the middle of the table before its result
        (words, colour, weight), or None. A match won has the result panel's confetti."""
        return None

    def celebrates(self, frame: TableFrame) -> bool:
        """Whether the result is the player's match won (confetti on the panel)."""
        return bool(frame.match_over) and frame.match_winner == 0

    # --- helpers for the views ------------------------------------------------------------
    def running_totals(
        self, frame: TableFrame, settlement: Sequence[int]
    ) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Each seat's running total before the finished deal and after it, for a game that
        keeps totals and settles a deal by ``settlement`` (Run Fast, Dou Dizhu: its result's)."""
        after = tuple(frame.totals or (0,) * self.ctx.seats)
        return tuple(a - s for a, s in zip(after, settlement, strict=True)), after

    def seat_name(self, seat: int) -> str:
        return self.ctx.seat_name(seat)

    def seat_words(self, seat: int) -> Words:
        """``seat``'s name as words: a sentence kept on the table names it in the language of
        the frame that shows it."""
        return Words.later(lambda: self.ctx.seat_name(seat))

    def team_name(self, team: int) -> str:
        return self.ctx.team_name(team)

    def signed(self, value: int) -> str:
        return self.ctx.signed(value)


def score_colour(value: float, own: bool = True) -> Colour:
    """A running total's colour: the player's own gains green, losses red; another seat's
    numbers plain (their gain is no win of the player's, issue 40; Dou Dizhu coloured them
    and Run Fast did not, issue 55)."""
    if not own:
        return INK
    return GOOD if value > 0 else (DANGER if value < 0 else INK)
