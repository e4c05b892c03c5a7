"""What every game's state protocol shares (rules-api.md): actions, log records, the phase
of a deal, and typing ``Protocol``s naming what every engine's play meaning (``Combo``), deal
state, view, deal result, match and rules module offer. Code above the rules reads a deal only
through these names; what a single game adds (Guandan's tributes, Shengji's trump …) is read
by that game's own modules.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, ClassVar, Protocol, TypedDict, runtime_checkable

from game.protocol.cards import Card, format_cards
from game.protocol.errors import IllegalActionError


@runtime_checkable
class Combo(Protocol):
    """The meaning of a play, as the table and the record read it (``Action.combo``): Guandan's
    and Run Fast's ``Combo``, Shengji's lead ``Format``."""

    @property
    def kind(self) -> str:
        """The kind's name (``"pair"``, ``"tractor"``, ``"bomb"`` …): locale keys
        ``combo.<kind>`` and ``table.combo_<kind>`` name it."""
        ...

    @property
    def rank(self) -> str | int | None:
        """The main rank: a rank character (``"T"``, ``"BJ"``), None when the meaning has none
        (Guandan's joker bomb); Shengji's lead format gives the step of its strongest card."""
        ...

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards it is made of; empty for a meaning that names a shape and no cards
        (Shengji's lead format) or none at all (Dou Dizhu's bid)."""
        ...

    @property
    def size(self) -> int | None:
        """How many cards it is made of, as a save records it: None for a shape that names no
        cards (Shengji's lead format), else ``len(cards)`` (0 for a bid)."""
        ...

    @property
    def is_bomb(self) -> bool:
        """Whether the table greets it as a bomb (a flash and a shake, the statistics' count)."""
        ...

    @property
    def chain(self) -> int:
        """How many linked groups its label counts (Run Fast's airplane: its triples); 0 for
        a meaning whose label counts none."""
        ...


class SharedCombo:
    """What Guandan's, Run Fast's and Dou Dizhu's ``Combo`` derive alike from their ``kind``
    and ``cards`` fields: ``size``, ``is_bomb`` (the kind is in the class's ``bomb_kinds``) and
    ``chain`` (0 unless the class has a field of that name). A game's ``Combo`` inherits it beside its
    fields (a ``NamedTuple`` base, or a frozen dataclass with slots); it adds no instance
    storage."""

    __slots__ = ()
    #: The kinds that are bombs in the game (each game's ``Combo`` sets its own).
    bomb_kinds: ClassVar[frozenset[str]] = frozenset()

    @property
    def size(self: _KindAndCards) -> int:
        """The number of cards."""
        return len(self.cards)

    @property
    def is_bomb(self: _KindAndCards) -> bool:
        return self.kind in self.bomb_kinds

    @property
    def chain(self) -> int:
        return 0


class _KindAndCards(Protocol):
    """What :class:`SharedCombo`'s properties read of the class that inherits it."""

    bomb_kinds: ClassVar[frozenset[str]]

    @property
    def kind(self) -> str: ...
    @property
    def cards(self) -> tuple[Card, ...]: ...


@dataclass(frozen=True, slots=True)
class Action:
    """One move: ``kind`` is a short string (``"play"``, ``"pass"``, ``"declare"``, ``"bury"``,
    ``"return"`` …); ``cards`` the cards it uses (empty for a pass); ``combo`` the meaning of a
    play (a game's :class:`Combo`) or ``None``."""

    kind: str
    cards: tuple[Card, ...] = ()
    combo: Combo | None = field(default=None, compare=True)

    def __str__(self) -> str:
        if not self.cards:
            return self.kind
        text = f"{self.kind} {format_cards(self.cards)}"
        # A caller's action may carry anything as its combo: its engine refuses it, and says
        # so with this text, so only what is there is read.
        if self.combo is not None and getattr(self.combo, "kind", None):
            text += f" as {self.combo.kind}"
            rank = getattr(self.combo, "rank", None)
            if rank is not None:
                text += f" {rank}"
        return text


@dataclass(frozen=True, slots=True)
class Record:
    """One entry of ``state.log``: who did what. ``auto`` marks what the rules did by
    themselves (a tribute payment, a revealed kitty): replaying a deal from its seed re-applies
    only the records with ``auto=False`` through ``state.apply``."""

    seat: int | None
    action: Action
    auto: bool = False


class GamePhase(StrEnum):
    """The base of every game's phases. A member equals (and hashes as) its string:
    ``Phase.PLAY == "play"``, so saved data and locale keys built from it keep working, and a
    game's own phases (Shengji's ``declare`` and ``bury``, Guandan's ``return``) live in its
    rules as a ``GamePhase`` of their own beside the shared ``play`` and ``over``."""

    def __hash__(self) -> int:
        return str.__hash__(self)


class Phase(GamePhase):
    """The phases every game has and the table knows: playing, and the deal over."""

    PLAY = "play"
    OVER = "over"


@runtime_checkable
class DealResult(Protocol):
    """The frozen summary of a finished deal."""

    def returns(self) -> tuple[float, ...]:
        """What the deal is worth to each seat, by seat: Guandan and Shengji the levels gained
        (negative for the losing team's seats), Run Fast the net points (R5). They add up to 0
        in every game whose ``GameSpec.zero_sum`` is set."""
        ...


@runtime_checkable
class DealView(Protocol):
    """What one seat may know of a deal (``state.view(seat)``): its own cards, the others'
    card counts, the public history."""

    @property
    def seat(self) -> int: ...
    @property
    def hand(self) -> Sequence[Card]: ...
    @property
    def hand_counts(self) -> Sequence[int]: ...
    @property
    def current_player(self) -> int | None: ...
    @property
    def phase(self) -> GamePhase: ...
    @property
    def result(self) -> DealResult | None: ...
    @property
    def options(self) -> Mapping[str, Any]: ...  # Any: a house rule's type is its key's


@runtime_checkable
class DealState(Protocol):
    """One deal, driven by ``legal_actions``/``apply`` (rules-api.md "The state protocol")."""

    @property
    def current_player(self) -> int | None: ...
    @property
    def is_terminal(self) -> bool: ...
    @property
    def phase(self) -> GamePhase: ...
    @property
    def log(self) -> Sequence[Record]: ...
    @property
    def result(self) -> DealResult | None: ...
    @property
    def options(self) -> Mapping[str, Any]:  # Any: a house rule's type is its key's
        """The house rules the deal plays by (variants.md), read-only, every key present."""
        ...

    @property
    def hand_counts(self) -> tuple[int, ...]:
        """Cards left in each seat's hand, by seat."""
        ...

    @property
    def finish_order(self) -> tuple[int, ...]:
        """Seats that have gone out so far, first out first (Shengji: nobody goes out, so
        always empty; Run Fast: the winner once the deal is over)."""
        ...

    @property
    def leading(self) -> bool:
        """Whether the player to act opens a round (climbing games: no play to beat) or a
        trick (Shengji: no card played to it yet)."""
        ...

    def hand(self, seat: int) -> list[Card]: ...
    def legal_actions(self) -> list[Action]: ...
    def apply(self, action: Action) -> None: ...
    def actions_for(self, cards: Iterable[Card] | str) -> list[Action]: ...
    def explain(self, cards: Iterable[Card] | str) -> IllegalActionError | None: ...
    def view(self, seat: int) -> DealView: ...
    def clone(self) -> DealState: ...
    def returns(self) -> tuple[float, ...]:
        """``result.returns()`` once the deal is over, zeros before."""
        ...


#: A house rule's value: a switch, a number or a word (variants.md).
OptionValue = bool | int | str


class OptionSpec(TypedDict):
    """One house-rule option as a rules module's ``options_schema()`` answers it (variants.md
    "API"): its key, its type's name (``bool``, ``int``, ``str``), default and allowed values."""

    id: str
    type: str
    default: OptionValue
    allowed: list[OptionValue]


class RulesModule(Protocol):
    """What every game's rules module offers (rules-api.md): new deals and matches (or Run
    Fast's sessions). ``GameSpec.rules`` hands it out; what a single game adds is read by that
    game's own modules."""

    def new_deal(
        self, *, seed: int | None = None, options: Mapping[str, object] | None = None
    ) -> DealState: ...
    def new_match(
        self, *, seed: int | None = None, options: Mapping[str, object] | None = None
    ) -> Match: ...

    #: For the Hard level: ``sample_state(view, rng)``, a full deal consistent with what the
    #: view's seat knows (Guandan's also takes the hidden cards of a structured sample). Read
    #: only, so a game's own function, which takes its own view, answers it.
    @property
    def sample_state(self) -> Callable[..., DealState]: ...


@runtime_checkable
class Match(Protocol):
    """A match (or Run Fast's session): deals in a row from one seed."""

    seed: int
    deal_index: int
    is_over: bool
    winner: int | None

    @property
    def state(self) -> DealState: ...
    @property
    def results(self) -> Sequence[DealResult]: ...
    def advance(self) -> None: ...
    def clone(self) -> Match: ...
