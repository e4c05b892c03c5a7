"""What lies on the table now (issue 39): the plays in front of the seats, the cards in flight,
the banner and the message line, the cards shown in the middle, the panels over the table
(its :class:`~game.scenes.table.modals.Modals`, the one owner of which is up), the chooser's
meanings and the table's clocks.

One plain object that the scene's parts read and write; none of them holds another part's
attributes. The scene's flow (controller events) fills it; the drawer draws it.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

from game.rules.base import Action
from game.rules.cards import Card
from game.scenes.table.layout import BANNER_TIME, DEAL_TIME, Flyer, Play
from game.scenes.table.modals import Modals
from game.table.controller import TableEvent
from game.table.info import PlayKind
from game.widgets.common import DANGER, Colour
from game.widgets.fx import Motion
from game.words import Words


@dataclass
class TableState:
    """The table's state (see the module docstring). ``anim_factor`` is the animation speed's
    factor (1 normal, higher faster) and ``motion`` the effects' speed and reduced motion,
    both read live from the settings."""

    anim_factor: Callable[[], float] = lambda: 1.0
    #: The effects' speed and reduced motion (issue 54), read live from the settings.
    motion: Callable[[], Motion] = lambda: Motion("off")
    time: float = 0.0
    #: Each seat's last play (cards, or ``PASS_MARK``; None: nothing laid), in the order made:
    #: the latest last.
    plays: dict[int, Play | None] = field(default_factory=dict)
    #: Each seat's last play with its meaning, for the kind label under it.
    play_kinds: dict[int, tuple[tuple[Card, ...], PlayKind]] = field(default_factory=dict)
    flyers: list[Flyer] = field(default_factory=list)
    #: The controller's events still to show, one after the other.
    queue: deque[TableEvent] = field(default_factory=deque)
    deal_started: float = -100.0
    #: The table pauses (no AI move, no next event) until then.
    hold_until: float = -100.0
    #: The cards shown face up in the middle (Shengji's revealed kitty).
    kitty_shown: tuple[Card, ...] | None = None
    #: The banner's words and when it goes; the message line's words (kept as words, said in
    #: the language of each frame: issue 55).
    banner: tuple[str | Words, float] | None = None
    notice: str | Words | None = None
    notice_color: Colour = DANGER
    #: The panels over the table: ask it which is up, open and close them through it.
    modals: Modals = field(init=False)
    chooser: list[Action] = field(default_factory=list)
    #: When the result panel opens (the scene's clock), or None.
    result_at: float | None = None
    show_focus: bool = False
    show_counter: bool = False
    #: What the buttons were built for; None: build them again at the next frame.
    ui_key: tuple[object, ...] | None = None

    def __post_init__(self) -> None:
        self.modals = Modals(self.refresh)  # the buttons follow the panel up

    def shown_combo(self, seat: int, play: Play) -> PlayKind:
        """The meaning of ``seat``'s ``play`` when it is the one its kind was noted for (the
        kind tag under it), else None."""
        cards, combo = self.play_kinds.get(seat, ((), None))
        return combo if isinstance(play, tuple) and tuple(cards) == play else None

    def factor(self) -> float:
        return max(0.05, self.anim_factor())

    def deal_time(self) -> float:
        return DEAL_TIME / self.factor()

    def dealing(self) -> bool:
        """The deal is still being shown: no control acts until every card has arrived."""
        return self.time - self.deal_started < self.deal_time()

    def deal_progress(self) -> float:
        """How much of the deal has been shown (0 to 1)."""
        return min(1.0, (self.time - self.deal_started) / self.deal_time())

    def busy(self) -> bool:
        """Animations the AI waits for (dealing, cards in flight, a pause)."""
        return bool(self.flyers) or self.dealing() or self.time < self.hold_until

    def pause(self, seconds: float) -> None:
        """Keep the table still for ``seconds`` (designed at animation speed 50 %)."""
        self.hold_until = max(self.hold_until, self.time + seconds / self.factor())

    def announce(self, key: str, **params: object) -> None:
        """Say the sentence ``key`` in the banner."""
        self.say(Words(key, **params))

    def say(self, sentence: str | Words) -> None:
        self.banner = (sentence, self.time + BANNER_TIME)

    def tell(self, notice: str | Words | None, colour: Colour = DANGER) -> None:
        """Put ``notice`` (or nothing) in the message line."""
        self.notice, self.notice_color = notice, colour

    def close_panel(self) -> None:
        """Close the panel up when it closes by the player's hand (not the result); the
        chooser's meanings go with it."""
        if self.modals.closable():
            self.chooser = []
            self.modals.close_top()

    def toggle_counter(self) -> None:
        """Show or hide the card counter (key C)."""
        self.show_counter = not self.show_counter

    def refresh(self) -> None:
        """The buttons are built again at the next frame."""
        self.ui_key = None
