"""Moments at the table (issue 54): what happened that a player waits for, as the game that
recognised it names it, and the game's declaration of which effect each moment starts, how
strong, and how the seats react.

Each game declares its moments in its own folder (``game/games/<id>/moments.py``: a
:class:`MomentRules` subclass that its table View names), so shared code never names a
game's event. The table (``game.scenes.table.moments``) asks the rules for the moments of
each event, finds where each cue's effect goes and starts it by its kind's name in the shared
catalogue (``game.widgets.fx.kinds``). Every game has the moments in :data:`COMMON_CUES`
(the deal, each play, a trick or round gathered, the last card out, payments, the match won
or lost); a game adds its own and may change or drop a common one.

No pygame here: this is the table layer, and a game's declaration is data and a few pure
functions of the frame.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from game.rules.base import Action
from game.table.frame import TableFrame

#: The faces an AI seat shows (``game.widgets.seats.avatar``).
MOODS = ("calm", "thinking", "pleased", "dismayed")

#: Where a cue's effect goes: ``"play"`` the moment's seat's play on the table, ``"seat"`` its
#: plate, ``"centre"`` the middle of the table, ``"table"`` the whole table, ``"path"`` from
#: the moment's seat to its target's (a payment, a tribute), ``"gain"`` from the middle to the
#: moment's seat (points won), ``"middle"`` the cards shown in the middle, ``"flight"`` along
#: the play's flight from the seat to its place (a trail), ``"winner"`` the last trick's cards
#: swept to the moment's seat.
PLACES = ("play", "seat", "centre", "table", "path", "gain", "middle", "flight", "winner")


@dataclass(frozen=True)
class Cue:
    """One effect a moment starts: the kind ``effect`` (a name in ``game.widgets.fx.kinds``)
    at ``place`` (one of :data:`PLACES`), ``strength`` plus ``per`` for each unit of the
    moment's size above ``above`` (a bomb of eight is stronger than one of four), in the
    kind's ``variant``."""

    effect: str
    strength: float = 1.0
    place: str = "play"
    per: float = 0.0
    above: int = 0
    variant: str = ""
    #: Most strength the cue reaches however big the moment.
    most: float = 3.0

    def strength_for(self, size: int) -> float:
        return min(self.most, self.strength + self.per * max(0, size - self.above))


@dataclass(frozen=True)
class Moment:
    """Something that happened: ``name`` (a key of the game's cues), by ``seat``, of ``size``
    (cards in a bomb, levels climbed, points paid), towards or against ``target`` (the seat
    paid or handed a card, the seat whose play a bomb beat)."""

    name: str
    seat: int | None = None
    size: int = 0
    target: int | None = None


@dataclass(frozen=True)
class Played:
    """A play as the table saw it: the ``action``, the meaning its tag names (``shown``: the
    View's ``play_kind``, a meaning or a kind's name) and the seat whose play it follows on
    the table (``beaten``), if any."""

    action: Action
    shown: object = None
    beaten: int | None = None

    @property
    def kind(self) -> str | None:
        """The kind its tag names, else its meaning's (``"pair"``, ``"bomb"`` …)."""
        if isinstance(self.shown, str):
            return self.shown
        named = getattr(self.shown, "kind", None)
        if isinstance(named, str):
            return named
        return self.action.combo.kind if self.action.combo is not None else None

    @property
    def size(self) -> int:
        return len(self.action.cards)


@dataclass(frozen=True)
class Reaction:
    """How the seats take a moment: the ``actor``'s mood (its seat's), the ``target``'s, and
    whether the player's partners cheer when the player made it (``praised``)."""

    actor: str | None = None
    target: str | None = None
    praised: bool = False


def _frozen(table: Mapping[str, tuple[Cue, ...]]) -> Mapping[str, tuple[Cue, ...]]:
    return MappingProxyType(dict(table))


#: The moments of every game and their effects (a game's ``cues`` start from these).
COMMON_CUES: Mapping[str, tuple[Cue, ...]] = _frozen(
    {
        "deal": (Cue("glow", place="centre"),),
        "play": (Cue("trail", place="flight"),),
        "gather": (Cue("gather", place="winner"),),
        "last_card": (Cue("sparkle", place="seat"),),
        "payment": (Cue("coins", 1.0, place="path", per=0.25, above=1),),
        "match_won": (Cue("fireworks", 3.0, place="table"),),
        "match_lost": (Cue("gloom", place="table"),),
        "cheer": (Cue("sparkle", 0.5, place="seat"),),
    }
)

#: How seats take the common moments.
COMMON_REACTIONS: Mapping[str, Reaction] = MappingProxyType(
    {"last_card": Reaction(actor="pleased", praised=True)}
)

#: A bomb's reaction: its player pleased, the seat it beat dismayed, the partner cheering.
STRIKE = Reaction(actor="pleased", target="dismayed", praised=True)
#: A fine play: its player pleased, the partner cheering.
FINE = Reaction(actor="pleased", praised=True)


def cues(**table: tuple[Cue, ...]) -> Mapping[str, tuple[Cue, ...]]:
    """The common cues with a game's own added or replaced (an empty tuple drops one)."""
    return _frozen({**COMMON_CUES, **table})


def reactions(**table: Reaction) -> Mapping[str, Reaction]:
    """The common reactions with a game's own added or replaced."""
    return MappingProxyType({**COMMON_REACTIONS, **table})


class MomentRules:
    """A game's moments (see the module docstring); a game's ``moments.py`` subclasses it
    and its table View names the subclass (``GameView.moments``)."""

    #: Moment name -> the effects it starts.
    cues: Mapping[str, tuple[Cue, ...]] = COMMON_CUES
    #: Moment name -> how the seats take it.
    reactions: Mapping[str, Reaction] = COMMON_REACTIONS
    #: Cards left at which a seat's plate pulses a warning (none where every hand shrinks
    #: alike, as in a trick game).
    warn_at: tuple[int, ...] = (1, 2)
    #: The kinds of play that are moments of their own: play kind -> moment name.
    play_kinds: Mapping[str, str] = MappingProxyType({})

    def play(self, frame: TableFrame, seat: int, play: Played) -> list[Moment]:
        """The game's own moments of ``seat``'s play (besides "play", which every play is):
        by default the moment :attr:`play_kinds` names for its kind, as big as its cards.
        The frame is the position after the play."""
        name = self.play_kinds.get(play.kind or "")
        return [] if name is None else [Moment(name, seat, play.size, play.beaten)]

    def action(self, frame: TableFrame, seat: int | None, action: Action) -> list[Moment]:
        """The moments of an action other than a play or a pass (a tribute, the kitty)."""
        return []

    def deal_end(self, frame: TableFrame) -> list[Moment]:
        """The moments of a finished deal (its result is ``frame.result``); by default the
        match won or lost once it is over."""
        if not frame.match_over:
            return []
        return [Moment("match_won" if self.player_won(frame) else "match_lost", 0)]

    def player_won(self, frame: TableFrame) -> bool:
        """Whether the finished match is the player's (its winner is the player's side)."""
        return frame.match_winner == 0

    def moods(self, frame: TableFrame) -> dict[int, str]:
        """Each seat's mood as a deal ends: pleased when it gained, dismayed when it lost."""
        if frame.result is None:
            return {}
        worth = frame.result.returns()
        return {
            seat: "pleased" if value > 0 else "dismayed"
            for seat, value in enumerate(worth)
            if value != 0
        }

    def partners(self, frame: TableFrame, seat: int) -> tuple[int, ...]:
        """The seats that play on ``seat``'s side in this deal (they cheer its fine plays)."""
        return ()


class TeamMomentRules(MomentRules):
    """A game of two fixed partnerships at four seats, partners facing each other."""

    def partners(self, frame: TableFrame, seat: int) -> tuple[int, ...]:
        return ((seat + 2) % 4,)


def decisive_play(
    actions: Sequence[Mapping[str, object]], rules: MomentRules
) -> tuple[int | None, str] | None:
    """The play that decided a finished deal, from its stored actions (``{"seat", "kind",
    "cards", "combo"}``, ``game.table.record``): the strongest of the plays the game counts
    as moments of their own (its ``play_kinds``, weighed by their cues' strength for their
    size), else the deal's last play. Its seat and its cards in notation; None without plays.
    """
    best: tuple[float, int] | None = None
    plays = [a for a in actions if a.get("kind") == "play" and str(a.get("cards", "")).strip()]
    for index, action in enumerate(plays):
        combo = action.get("combo")
        kind = combo[0] if isinstance(combo, list | tuple) and combo else None
        name = rules.play_kinds.get(str(kind)) if kind is not None else None
        if name is None:
            continue
        size = len(str(action.get("cards", "")).split())
        weight = sum(cue.strength_for(size) for cue in rules.cues.get(name, ()))
        if best is None or weight >= best[0]:
            best = (weight, index)
    if not plays:
        return None
    chosen = plays[best[1]] if best is not None else plays[-1]
    seat = chosen.get("seat")
    return (seat if isinstance(seat, int) else None), str(chosen.get("cards", ""))
